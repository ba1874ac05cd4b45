//! `apply`: folds one event into the state, the only way the state changes. Pure: no clock, no
//! I/O. Each aggregate folds its own events into the parts of the state they change. What an
//! account's pages list (statement, settlements, activity, operators' actions) is not state: it
//! is the history projection (`crate::history`), fed from the log.

use crate::event::{Envelope, Event};
use crate::state::State;
use crate::sports::messages::SportsEvent;
use crate::{accounts, bets, book, casino, oversight, racing, secure, sports, wallet};

pub fn apply(state: &mut State, envelope: &Envelope) {
    assert_eq!(envelope.seq, state.head_seq + 1, "events are applied in sequence");
    state.head_seq = envelope.seq;
    state.head_at_ms = envelope.at_ms;
    let at_ms = envelope.at_ms;
    accounts::apply::expire_sessions(&mut state.accounts, at_ms);
    match &envelope.event {
        Event::Accounts(event) => accounts::apply(&mut state.accounts, at_ms, event),
        Event::Bets(event) => {
            bets::apply(&mut state.betting, &mut state.accounts, at_ms, event);
            book::apply::after_bet(&mut state.exchange, &state.betting, &mut state.accounts, event);
        }
        Event::Exchange(event) => book::apply(&mut state.exchange, &mut state.betting, &mut state.accounts, at_ms, event),
        Event::Sports(event) => {
            sports::apply(&mut state.sports, event);
            if let SportsEvent::RunnerWithdrawn { mid, sid, reduction_factor_bp, holders, bets, .. } = event {
                racing::apply(&mut state.betting, &mut state.accounts, *mid, *sid, *reduction_factor_bp, holders, bets);
            }
        }
        Event::Casino(event) => casino::apply(&mut state.casino, at_ms, event),
        Event::Oversight(event) => oversight::apply(&mut state.accounts, &mut state.sports, &mut state.casino, event),
        Event::Wallet(event) => wallet::apply(&mut state.wallet, at_ms, event),
        Event::SecureAuth(event) => secure::apply(&mut state.secure, event),
    }
}
