//! The demo accounts' end of life: every `auth.demo_sweep_ms` the ledger is asked to retire the
//! demo accounts opened more than `auth.demo_lifetime_secs` ago (`RetireDemoAccounts`), so the
//! live ones, which the ledger's state holds, stay few.

use crate::clock::now_ms;
use crate::configuration::AuthSettings;
use ledger::{AccountCommand, Command, EngineHandle};
use std::time::Duration;

/// Starts the sweep on the running runtime; it lasts as long as the runtime.
pub fn start_sweep(engine: EngineHandle, auth: &AuthSettings) {
    let lifetime_ms = i64::try_from(auth.demo_lifetime_secs.saturating_mul(1_000)).unwrap_or(i64::MAX);
    let every = Duration::from_millis(auth.demo_sweep_ms.max(1));
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            // A full batch means more may be due: they go at once, not a sweep later.
            while sweep(&engine, lifetime_ms).await == ledger::limits::DEMO_RETIRED_PER_COMMAND_MAX {}
        }
    });
}

/// Retires the demo accounts past their life; how many.
async fn sweep(engine: &EngineHandle, lifetime_ms: i64) -> usize {
    let now = now_ms();
    let command = Command::Accounts(AccountCommand::RetireDemoAccounts { opened_before_ms: now.saturating_sub(lifetime_ms) });
    match engine.submit(now, command).await {
        Ok(committed) => committed.events.iter().filter(|e| matches!(e.event, ledger::Event::Accounts(ledger::AccountEvent::DemoRetired { .. }))).count(),
        Err(error) => {
            tracing::warn!(%error, "demo accounts not retired this time");
            0
        }
    }
}
