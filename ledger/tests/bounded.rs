//! The state keeps what decides the next command, not what is done: a session whose refresh
//! token expired, a refresh token past its expiry and a settled market's books leave it, so the
//! state's size follows what is open, not the length of the log (DESIGN §2).

mod common;

use common::*;
use ledger::sports::IdRanges;
use ledger::{AccountCommand, AccountEvent, AccountReject, BetDelay, BetReject, Command, Envelope, Event, Reject, SportsCommand, State, TokenGrant};
use schemas::sports::{MarketResult, Side};
use schemas::Role;

fn alice() -> Vec<Event> {
    vec![opened(1, "alice", Role::User), credited(1, 10_000, 10_000)]
}

/// Folds `event` as the log's next event, at `at_ms`.
fn fold(state: &mut State, at_ms: i64, event: Event) {
    let seq = state.head_seq + 1;
    ledger::apply(state, &Envelope { seq, at_ms, event });
}

fn rotated(session_id: u64, grant: &TokenGrant) -> Event {
    Event::Accounts(AccountEvent::TokensRotated { session_id, access: grant.access, refresh: grant.refresh, access_expires_ms: grant.access_expires_ms, refresh_expires_ms: grant.refresh_expires_ms })
}

/// `grant(tag)` with its tokens expiring `after_ms` after `at_ms`.
fn grant_at(tag: u8, at_ms: i64, after_ms: i64) -> TokenGrant {
    TokenGrant { access_expires_ms: at_ms + 60_000, refresh_expires_ms: at_ms + after_ms, ..grant(tag) }
}

fn refresh(state: &State, at_ms: i64, presented: &TokenGrant) -> Result<Vec<Event>, Reject> {
    ledger::decide(state, at_ms, &Command::Accounts(AccountCommand::Refresh { presented: presented.refresh, grant: grant(99) }))
}

#[test]
fn a_session_leaves_the_state_with_its_tokens_once_its_refresh_token_expires() {
    let mut state = given([alice(), vec![logged_in(1, 1, 1)]].concat());
    let second = grant(2);
    fold(&mut state, T0, rotated(1, &second));
    let expires_ms = second.refresh_expires_ms;

    fold(&mut state, expires_ms - 1, credited(1, 1, 10_001));
    assert!(state.accounts.sessions.contains_key(&1), "live until its refresh token expires");

    fold(&mut state, expires_ms, credited(1, 1, 10_002));
    let accounts = &state.accounts;
    assert!(accounts.sessions.is_empty() && accounts.session_expiry.is_empty(), "{accounts:?}");
    assert!(accounts.by_access.is_empty() && accounts.by_refresh.is_empty() && accounts.retired_refresh.is_empty(), "its tokens went with it");
    assert_eq!(accounts.users[&1].current_session, None);
    assert_eq!(refresh(&state, expires_ms, &second), Err(Reject::Accounts(AccountReject::SessionExpired)));
    assert_eq!(refresh(&state, expires_ms, &grant(1)), Err(Reject::Accounts(AccountReject::SessionExpired)));
}

#[test]
fn a_session_kept_alive_forgets_its_retired_refresh_tokens_once_they_expire() {
    let mut state = given([alice(), vec![logged_in(1, 1, 1)]].concat());
    let first = grant(1);
    // Each rotation a little before the current refresh token expires: the session lives on.
    let second = grant_at(2, T0 + 500_000, 600_000);
    fold(&mut state, T0 + 500_000, rotated(1, &second));
    let third = grant_at(3, T0 + 1_000_000, 600_000);
    fold(&mut state, T0 + 1_000_000, rotated(1, &third));

    let retired: Vec<_> = state.accounts.retired_refresh.keys().copied().collect();
    assert_eq!(retired, vec![second.refresh], "the first token expired at {}: forgotten", first.refresh_expires_ms);
    assert_eq!(state.accounts.sessions[&1].retired, vec![(second.refresh, second.refresh_expires_ms)]);
    assert_eq!(refresh(&state, T0 + 1_000_000, &second), Err(Reject::Accounts(AccountReject::RefreshReused { session_id: 1 })), "a retired token still in its life is reuse");
    assert_eq!(refresh(&state, T0 + 1_000_000, &first), Err(Reject::Accounts(AccountReject::SessionExpired)), "an expired one opens nothing");
}

#[test]
fn sessions_that_are_never_signed_out_do_not_pile_up() {
    let mut state = given(vec![opened(1, "ops", Role::Operator)]);
    let lifetime_ms = 600_000;
    for n in 0..200u64 {
        let at_ms = T0 + n as i64 * 60_000;
        let grant = grant_at((n % 250) as u8, at_ms, lifetime_ms);
        let login = Command::Accounts(AccountCommand::Login { username: "ops".into(), password_hash_seen: "hash-ops".into(), grant, ip: "ip".into(), tool: true });
        for event in ledger::decide(&state, at_ms, &login).expect("a tool session opens") {
            fold(&mut state, at_ms, event);
        }
    }
    // A tool session never replaces another: only expiry ends them. Ten minutes' worth are live.
    assert_eq!(state.accounts.sessions.len(), 10, "{:?}", state.accounts.sessions.keys());
    assert_eq!(state.accounts.by_access.len(), 10);
    assert_eq!(state.accounts.session_expiry.len(), 10);
}

fn settle(result: MarketResult) -> Command {
    Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result, market: match_odds() })
}

fn bet(user_id: u64, request_id: &str, stake_minor: i64) -> Command {
    Command::Sports(SportsCommand::PlaceBet { user_id, request_id: request_id.into(), market: match_odds(), delay: BetDelay::default(), stake_minor, info: info(1, Side::Back, 185), accept_odds: Default::default() })
}

#[test]
fn a_settled_market_leaves_no_book_and_no_bet_behind() {
    let state = given(vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000), opened(2, "bob", Role::User), credited(2, 100_000, 100_000)]);
    let betting = then_apply(&then_apply(&state, bet(1, "a", 10_000)), bet(2, "b", 20_000));
    assert!(!betting.accounts.users[&1].book_exposure.is_empty() && !betting.accounts.users[&2].book_pnl.is_empty());

    let settled = then_apply(&betting, settle(MarketResult::Winner { sid: 2 }));
    for user in settled.accounts.users.values() {
        assert!(user.book_exposure.is_empty() && user.book_pnl.is_empty() && user.book_win_max.is_empty(), "{user:?}");
        assert_eq!(user.exposure_minor, 0);
    }
    assert!(settled.betting.bets.is_empty() && settled.betting.books.is_empty());
}

#[test]
fn a_resulted_market_is_kept_as_its_id_and_refuses_a_second_result() {
    let state = given(alice());
    let voided = then_apply(&state, settle(MarketResult::Void));
    assert!(voided.is_resulted(500, 7) && voided.sports.voided.contains(7));
    assert_eq!(when(&voided, settle(MarketResult::Winner { sid: 1 })), Err(Reject::Bets(BetReject::AlreadySettled)));
    assert!(when(&voided, bet(1, "late", 10_000)).is_err(), "no bets on a resulted market");

    let won = then_apply(&state, settle(MarketResult::Winner { sid: 1 }));
    assert!(won.is_resulted(500, 7) && !won.sports.voided.contains(7));
}

#[test]
fn resulted_market_ids_join_into_runs() {
    let mut ids = IdRanges::default();
    for id in [5, 3, 9, 4, 7, 8, 6, u64::MAX, 0] {
        ids.insert(id);
    }
    assert_eq!((ids.runs(), ids.len()), (3, 9), "0, 3..=9 and u64::MAX: {ids:?}");
    ids.insert(1);
    ids.insert(2);
    ids.insert(2);
    assert_eq!((ids.runs(), ids.len()), (2, 11), "0..=9 and u64::MAX");
    assert!((0..=9).all(|id| ids.contains(id)) && ids.contains(u64::MAX));
    assert!(!ids.contains(10) && !ids.contains(u64::MAX - 1));
}
