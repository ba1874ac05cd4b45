//! `apply` for operators' actions: what each changes on what it acted on (a lock, a hold, a paused
//! table, a reset password) takes effect here; the record of it is history (`crate::history`). Pure.

use crate::accounts::model::Accounts;
use crate::casino::model::Casino;
use crate::oversight::messages::{AccountAction, DealingAction, MarketAction, OversightEvent};
use crate::sports::model::Sports;

pub fn apply(accounts: &mut Accounts, sports: &mut Sports, casino: &mut Casino, event: &OversightEvent) {
    match event {
        OversightEvent::OperatorActed { user_id, action, .. } => {
            let account = accounts.account_mut(*user_id);
            match action {
                AccountAction::LockBetting => account.betting_locked = true,
                AccountAction::UnlockBetting => account.betting_locked = false,
                AccountAction::ResetPassword { password_hash } => {
                    account.password_hash = password_hash.clone();
                    account.must_change_password = true;
                }
                AccountAction::Credit { .. } | AccountAction::Debit { .. } | AccountAction::EndSessions | AccountAction::CancelOrders { .. } => {}
            }
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
