//! `decide`: a command against the state gives events or a rejection. Pure: time arrives as
//! `at_ms`, ids come from the state, tokens and hashes arrive on the command. Each command goes
//! to the aggregate that decides it, with the parts of the state that aggregate reads.

use crate::accounts::decide::{money_moved, money_returned};
use crate::accounts::messages::AccountReject;
use crate::command::{Command, Reject};
use crate::event::Event;
use crate::state::State;
use crate::wallet::{MoneyMove, WalletCommand, WalletOutput};
use crate::{accounts, book, casino, oversight, secure, sports, wallet};

pub fn decide(state: &State, at_ms: i64, command: &Command) -> Result<Vec<Event>, Reject> {
    match command {
        Command::Accounts(command) => Ok(accounts::decide(&state.accounts, at_ms, command)?.into_iter().map(Event::from).collect()),
        Command::Sports(command) => sports::decide(&state.accounts, &state.betting, &state.exchange, &state.sports, at_ms, command),
        Command::Exchange(command) => book::decide(&state.accounts, &state.exchange, command),
        Command::Casino(command) => casino::decide(&state.accounts, &state.betting, &state.casino, at_ms, command),
        Command::Oversight(command) => oversight::decide(state.overseen(), at_ms, command),
        Command::Wallet(command) => decide_wallet(state, at_ms, command),
        Command::SecureAuth(command) => {
            state.accounts.users.get(&command.user_id()).ok_or(AccountReject::UnknownUser)?;
            Ok(vec![Event::SecureAuth(secure::decide(&state.secure, command)?)])
        }
    }
}

/// The wallet decides over its own state; its money moves become credits and debits of the
/// accounts, with the balance after each.
fn decide_wallet(state: &State, at_ms: i64, command: &WalletCommand) -> Result<Vec<Event>, Reject> {
    let outputs = wallet::decide(&state.wallet, state, at_ms, command)?;
    outputs
        .into_iter()
        .map(|output| match output {
            WalletOutput::Event(event) => Ok(Event::Wallet(event)),
            WalletOutput::Money(MoneyMove { user_id, delta_minor, remark, returned }) => {
                let user = state.accounts.users.get(&user_id).ok_or(AccountReject::UnknownUser)?;
                Ok(if returned { money_returned(user, delta_minor, remark) } else { money_moved(user, delta_minor, remark)? }.into())
            }
        })
        .collect()
}
