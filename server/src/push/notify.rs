//! From ledger to sockets: after each durable batch, every user whose money moved gets the new
//! balance and exposure on the `user` topic.

use ledger::AccountEvent;
use super::change::Full;
use super::hub::HubHandle;
use ledger::{Account, Notify, State};
use schemas::{Money, UserBalance};
use std::collections::BTreeSet;

pub fn user_topic(user_id: u64) -> String {
    format!("{}{user_id}", super::hub::USER_TOPIC_PREFIX)
}

/// The header's figures, as `crate::services::views::user_view` gives them.
pub fn user_balance(account: &Account) -> UserBalance {
    UserBalance { balance: Money(account.available_minor()), exp: Money(-account.exposure_minor) }
}

pub fn notifier(hub: HubHandle) -> Notify {
    Box::new(move |envelopes, state: &State| {
        for envelope in envelopes {
            if let ledger::Event::Accounts(AccountEvent::SessionEnded { session_id, .. }) = envelope.event {
                hub.end_session(session_id);
            }
        }
        let touched: BTreeSet<u64> = envelopes.iter().filter_map(|e| e.event.money_user()).collect();
        for user_id in touched {
            if let Some(account) = state.accounts.users.get(&user_id) {
                let data = serde_json::to_value(user_balance(account)).expect("wire types serialize");
                hub.publish(user_topic(user_id), data, Full::Delta);
            }
        }
    })
}
