//! Accounts from the configuration, created on the first start of an empty ledger.

use ledger::AccountCommand;
use crate::configuration::Settings;
use crate::clock::now_ms;
use ledger::{Command, EngineHandle};

pub async fn seed(engine: &EngineHandle, settings: &Settings) -> anyhow::Result<()> {
    if engine.read().head_seq > 0 {
        return Ok(());
    }
    for account in &settings.seed {
        let password_hash = crate::auth::passwords::hash(account.password.clone()).await?;
        let open = Command::Accounts(AccountCommand::OpenAccount {
            username: account.username.clone(),
            password_hash,
            role: account.role,
            must_change_password: account.must_change_password,
            rules_accepted: account.rules_accepted,
        });
        engine.submit(now_ms(), open).await?;
        if account.balance.minor() > 0 {
            let credit = Command::Accounts(AccountCommand::Credit { username: account.username.clone(), amount_minor: account.balance.minor(), remark: "Opening balance".into() });
            engine.submit(now_ms(), credit).await?;
        }
    }
    Ok(())
}
