//! `apply` for operators' actions: each is recorded on what it acted on; what it changes there (a
//! lock, a hold, a paused table, a reset password) takes effect here. Pure.

use crate::accounts::model::{Accounts, ActionRecord};
use crate::casino::model::Casino;
use crate::oversight::messages::{AccountAction, DealingAction, MarketAction, OversightEvent};
use crate::sports::model::Sports;

pub fn apply(accounts: &mut Accounts, sports: &mut Sports, casino: &mut Casino, seq: u64, at_ms: i64, event: &OversightEvent) {
    match event {
        OversightEvent::OperatorActed { by, user_id, action, remark } => {
            let operator = accounts.users.get(by).map(|u| u.username.clone()).unwrap_or_default();
            let account = accounts.account_mut(*user_id);
            match action {
                AccountAction::LockBetting => account.betting_locked = true,
                AccountAction::UnlockBetting => account.betting_locked = false,
                AccountAction::ResetPassword { password_hash } => {
                    account.password_hash = password_hash.clone();
                    account.must_change_password = true;
                }
                AccountAction::Credit { .. } | AccountAction::Debit { .. } | AccountAction::EndSessions => {}
            }
            account.actions.push(ActionRecord { seq, at_ms, by: operator, action: action.label().to_owned(), remark: remark.to_owned() });
        }
        OversightEvent::TableActed { table, locked, .. } => {
            if *locked {
                casino.console_locks.insert(*table);
            } else {
                casino.console_locks.remove(table);
            }
        }
        OversightEvent::MarketActed { gmid, mid, action, .. } => match action {
            MarketAction::Suspend => {
                sports.market_holds.insert((*gmid, *mid));
            }
            MarketAction::Resume => {
                sports.market_holds.remove(&(*gmid, *mid));
            }
            MarketAction::Finish { .. } => sports.market_holds.retain(|(held, _)| held != gmid),
            MarketAction::MovePrice { .. } | MarketAction::Settle { .. } => {}
        },
        OversightEvent::DealingActed { gtype, action, .. } => match action {
            DealingAction::Pause => {
                casino.paused_tables.insert(gtype.clone());
            }
            DealingAction::Resume => {
                casino.paused_tables.remove(gtype);
            }
            DealingAction::VoidRound { .. } | DealingAction::Stack { .. } => {}
        },
    }
}
