//! Every command and every rejection of the ledger, as given / when / then.

mod common;

use ledger::{AccountCommand, AccountEvent, AccountReject};
use common::*;
use ledger::{Command, Event, Reject, SessionEnd};
use schemas::{Role, AMOUNT_MINOR_MAX};

fn alice() -> Vec<Event> {
    vec![opened(1, "alice", Role::User), credited(1, 10_000, 10_000)]
}

#[test]
fn open_account_gives_the_next_user_id() {
    let state = given(alice());
    let then = when(&state, Command::Accounts(AccountCommand::OpenAccount { username: "bob_2".into(), password_hash: "h".into(), role: Role::Demo, must_change_password: true, rules_accepted: false }));
    assert_eq!(then, Ok(vec![Event::Accounts(AccountEvent::AccountOpened { user_id: 2, username: "bob_2".into(), password_hash: "h".into(), role: Role::Demo, must_change_password: true, rules_accepted: false })]));
}

#[test]
fn open_account_refuses_a_taken_username_whatever_its_case() {
    let state = given(alice());
    let then = when(&state, Command::Accounts(AccountCommand::OpenAccount { username: "ALICE".into(), password_hash: "h".into(), role: Role::User, must_change_password: false, rules_accepted: false }));
    assert_eq!(then, Err(Reject::Accounts(AccountReject::UsernameTaken)));
}

#[test]
fn open_account_refuses_invalid_usernames() {
    let state = given(vec![]);
    for bad in ["ab", "has space", "x".repeat(21).as_str(), "semi;colon", ""] {
        let then = when(&state, Command::Accounts(AccountCommand::OpenAccount { username: bad.into(), password_hash: "h".into(), role: Role::User, must_change_password: false, rules_accepted: false }));
        assert_eq!(then, Err(Reject::Accounts(AccountReject::InvalidUsername)), "{bad:?}");
    }
}

#[test]
fn login_with_the_current_hash_opens_a_session() {
    let state = given(alice());
    let then = when(&state, Command::Accounts(AccountCommand::Login { username: "Alice".into(), password_hash_seen: "hash-alice".into(), grant: grant(1), ip: "10.0.0.1".into(), tool: false }));
    assert_eq!(then, Ok(vec![logged_in(1, 1, 1)]));
}

#[test]
fn a_new_login_ends_the_older_session() {
    let state = given([alice(), vec![logged_in(1, 1, 1)]].concat());
    let then = when(&state, Command::Accounts(AccountCommand::Login { username: "alice".into(), password_hash_seen: "hash-alice".into(), grant: grant(2), ip: "10.0.0.1".into(), tool: false }));
    assert_eq!(then, Ok(vec![Event::Accounts(AccountEvent::SessionEnded { session_id: 1, reason: SessionEnd::Replaced }), logged_in(1, 2, 2)]));
}

#[test]
fn a_tool_session_leaves_the_operators_own_session_alone_and_is_for_operators_only() {
    let state = given(vec![opened(1, "ops", Role::Operator), logged_in(1, 1, 1)]);
    let login = |username: &str, tool| Command::Accounts(AccountCommand::Login { username: username.into(), password_hash_seen: format!("hash-{username}"), grant: grant(2), ip: "10.0.0.1".into(), tool });
    let Ok(events) = when(&state, login("ops", true)) else { panic!("an operator opens a tool session") };
    assert!(matches!(events.as_slice(), [Event::Accounts(AccountEvent::LoggedIn { session_id: 2, tool: true, .. })]), "no SessionEnded: {events:?}");
    let after = given(vec![opened(1, "ops", Role::Operator), logged_in(1, 1, 1), events[0].clone()]);
    assert_eq!(after.accounts.users[&1].current_session, Some(1), "currentToken is still the browser's session");
    assert!(after.accounts.sessions.contains_key(&1) && after.accounts.sessions.contains_key(&2));
    let player = given(alice());
    assert_eq!(when(&player, login("alice", true)), Err(Reject::Accounts(AccountReject::ToolSessionForOperatorsOnly)));
}

#[test]
fn login_with_a_stale_hash_or_unknown_user_is_refused() {
    let state = given(alice());
    let stale = when(&state, Command::Accounts(AccountCommand::Login { username: "alice".into(), password_hash_seen: "old".into(), grant: grant(1), ip: "ip".into(), tool: false }));
    assert_eq!(stale, Err(Reject::Accounts(AccountReject::InvalidCredentials)));
    let unknown = when(&state, Command::Accounts(AccountCommand::Login { username: "zed".into(), password_hash_seen: "hash-zed".into(), grant: grant(1), ip: "ip".into(), tool: false }));
    assert_eq!(unknown, Err(Reject::Accounts(AccountReject::InvalidCredentials)));
}

#[test]
fn demo_login_opens_a_funded_demo_account_and_logs_it_in() {
    let state = given(alice());
    let then = when(&state, demo_login(3, 10));
    let expected = vec![
        Event::Accounts(AccountEvent::AccountOpened { user_id: 2, username: "demo2".into(), password_hash: "none".into(), role: Role::Demo, must_change_password: false, rules_accepted: true }),
        Event::Accounts(AccountEvent::Credited { user_id: 2, amount_minor: 150_000, remark: "Demo play balance".into(), balance_after_minor: 150_000 }),
        logged_in(2, 1, 3),
    ];
    assert_eq!(then, Ok(expected));
}

fn demo_login(tag: u8, demo_accounts_max: usize) -> Command {
    Command::Accounts(AccountCommand::DemoLogin { password_hash: "none".into(), play_balance_minor: 150_000, grant: grant(tag), ip: "10.0.0.1".into(), demo_accounts_max })
}

fn retire_opened_before(opened_before_ms: i64) -> Command {
    Command::Accounts(AccountCommand::RetireDemoAccounts { opened_before_ms })
}

#[test]
fn demo_accounts_are_capped_and_retired_after_their_life_for_good() {
    let demo = then_apply(&given(alice()), demo_login(3, 1));
    assert_eq!(when(&demo, demo_login(4, 1)), Err(Reject::Accounts(AccountReject::DemoAccountsFull)), "one live demo account at most");
    assert_eq!(when(&demo, retire_opened_before(T0)), Ok(vec![]), "opened at T0: not yet");
    let due = when(&demo, retire_opened_before(T0 + 1));
    assert_eq!(due, Ok(vec![Event::Accounts(AccountEvent::SessionEnded { session_id: 1, reason: SessionEnd::AccountRetired }), Event::Accounts(AccountEvent::DemoRetired { user_id: 2 })]));
    let retired = then_apply(&demo, retire_opened_before(T0 + 1));
    assert!(!retired.accounts.users.contains_key(&2) && retired.accounts.user_by_name("demo2").is_none(), "listed nowhere");
    assert!(retired.accounts.sessions.is_empty() && retired.accounts.by_access.is_empty() && retired.accounts.by_refresh.is_empty());
    assert_eq!(when(&retired, Command::Accounts(AccountCommand::Refresh { presented: grant(3).refresh, grant: grant(5) })), Err(Reject::Accounts(AccountReject::SessionExpired)));
    let sign_in = Command::Accounts(AccountCommand::Login { username: "demo2".into(), password_hash_seen: "none".into(), grant: grant(6), ip: "ip".into(), tool: false });
    assert_eq!(when(&retired, sign_in), Err(Reject::Accounts(AccountReject::InvalidCredentials)));
    // Its place is free again, and its id is never given again.
    let Ok(next) = when(&retired, demo_login(7, 1)) else { panic!("a place is free") };
    assert!(matches!(&next[0], Event::Accounts(AccountEvent::AccountOpened { user_id: 3, .. })), "{next:?}");
    assert_eq!(when(&retired, retire_opened_before(i64::MAX)), Ok(vec![]), "nothing left to retire");
}

#[test]
fn a_demo_account_with_an_open_bet_is_retired_once_it_settles() {
    let demo = then_apply(&given(alice()), demo_login(3, 10));
    let bet = ledger::SportsCommand::PlaceBet { user_id: 2, request_id: "r".into(), market: match_odds(), delay: ledger::BetDelay::default(), stake_minor: 10_000, info: info(1, schemas::sports::Side::Back, 185), accept_odds: Default::default() };
    let betting = then_apply(&demo, Command::Sports(bet));
    assert_eq!(when(&betting, retire_opened_before(i64::MAX)), Ok(vec![]), "its bet is still open");
    let settle = ledger::SportsCommand::SettleMarket { gmid: 500, mid: 7, result: schemas::sports::MarketResult::Winner { sid: 2 }, market: match_odds() };
    let settled = then_apply(&betting, Command::Sports(settle));
    let retired = then_apply(&settled, retire_opened_before(i64::MAX));
    assert!(!retired.accounts.users.contains_key(&2));
    assert!(retired.betting.bets.is_empty() && retired.betting.totals.bets == 1, "its settled bet is history, and counted");
}

#[test]
fn refresh_rotates_a_live_session() {
    let state = given([alice(), vec![logged_in(1, 1, 1)]].concat());
    let g = grant(2);
    let then = when(&state, Command::Accounts(AccountCommand::Refresh { presented: grant(1).refresh, grant: g.clone() }));
    assert_eq!(then, Ok(vec![Event::Accounts(AccountEvent::TokensRotated { session_id: 1, access: g.access, refresh: g.refresh, access_expires_ms: g.access_expires_ms, refresh_expires_ms: g.refresh_expires_ms })]));
}

#[test]
fn a_refresh_token_used_twice_is_reported_as_reuse() {
    let mut events = [alice(), vec![logged_in(1, 1, 1)]].concat();
    let g = grant(2);
    events.push(Event::Accounts(AccountEvent::TokensRotated { session_id: 1, access: g.access, refresh: g.refresh, access_expires_ms: g.access_expires_ms, refresh_expires_ms: g.refresh_expires_ms }));
    let state = given(events);
    let then = when(&state, Command::Accounts(AccountCommand::Refresh { presented: grant(1).refresh, grant: grant(3) }));
    assert_eq!(then, Err(Reject::Accounts(AccountReject::RefreshReused { session_id: 1 })));
}

#[test]
fn refresh_with_an_unknown_or_expired_token_is_refused() {
    let state = given([alice(), vec![logged_in(1, 1, 1)]].concat());
    assert_eq!(when(&state, Command::Accounts(AccountCommand::Refresh { presented: [9; 32], grant: grant(2) })), Err(Reject::Accounts(AccountReject::SessionExpired)));
    let late = ledger::decide(&state, T0 + 600_000, &Command::Accounts(AccountCommand::Refresh { presented: grant(1).refresh, grant: grant(2) }));
    assert_eq!(late, Err(Reject::Accounts(AccountReject::SessionExpired)));
}

#[test]
fn logout_and_revoke_end_a_live_session_only() {
    let state = given([alice(), vec![logged_in(1, 1, 1)]].concat());
    assert_eq!(when(&state, Command::Accounts(AccountCommand::Logout { session_id: 1 })), Ok(vec![Event::Accounts(AccountEvent::SessionEnded { session_id: 1, reason: SessionEnd::LoggedOut })]));
    assert_eq!(when(&state, Command::Accounts(AccountCommand::RevokeSession { session_id: 1 })), Ok(vec![Event::Accounts(AccountEvent::SessionEnded { session_id: 1, reason: SessionEnd::RefreshReused })]));
    assert_eq!(when(&state, Command::Accounts(AccountCommand::Logout { session_id: 7 })), Err(Reject::Accounts(AccountReject::SessionExpired)));
}

#[test]
fn change_password_needs_the_current_hash() {
    let state = given(alice());
    let wrong = when(&state, Command::Accounts(AccountCommand::ChangePassword { user_id: 1, old_hash_seen: "nope".into(), new_hash: "new".into(), ip: "ip".into() }));
    assert_eq!(wrong, Err(Reject::Accounts(AccountReject::WrongPassword)));
    let right = when(&state, Command::Accounts(AccountCommand::ChangePassword { user_id: 1, old_hash_seen: "hash-alice".into(), new_hash: "new".into(), ip: "ip".into() }));
    assert_eq!(right, Ok(vec![Event::Accounts(AccountEvent::PasswordChanged { user_id: 1, password_hash: "new".into(), ip: "ip".into() })]));
    let unknown = when(&state, Command::Accounts(AccountCommand::ChangePassword { user_id: 9, old_hash_seen: "h".into(), new_hash: "n".into(), ip: "ip".into() }));
    assert_eq!(unknown, Err(Reject::Accounts(AccountReject::UnknownUser)));
}

#[test]
fn accepting_the_rules_is_recorded_once() {
    let state = given(alice());
    assert_eq!(when(&state, Command::Accounts(AccountCommand::AcceptRules { user_id: 1 })), Ok(vec![Event::Accounts(AccountEvent::RulesAccepted { user_id: 1 })]));
    let accepted = given([alice(), vec![Event::Accounts(AccountEvent::RulesAccepted { user_id: 1 })]].concat());
    assert_eq!(when(&accepted, Command::Accounts(AccountCommand::AcceptRules { user_id: 1 })), Ok(vec![]));
    assert_eq!(when(&state, Command::Accounts(AccountCommand::AcceptRules { user_id: 5 })), Err(Reject::Accounts(AccountReject::UnknownUser)));
}

#[test]
fn credit_carries_the_balance_after() {
    let state = given(alice());
    let then = when(&state, Command::Accounts(AccountCommand::Credit { username: "alice".into(), amount_minor: 2_550, remark: "bonus".into() }));
    assert_eq!(then, Ok(vec![Event::Accounts(AccountEvent::Credited { user_id: 1, amount_minor: 2_550, remark: "bonus".into(), balance_after_minor: 12_550 })]));
}

#[test]
fn credit_and_debit_refuse_bad_amounts_remarks_and_users() {
    let state = given(alice());
    let money = |amount_minor: i64, remark: &str, username: &str, debit: bool| {
        let (username, remark) = (username.to_owned(), remark.to_owned());
        if debit { Command::Accounts(AccountCommand::Debit { username, amount_minor, remark }) } else { Command::Accounts(AccountCommand::Credit { username, amount_minor, remark }) }
    };
    for debit in [false, true] {
        assert_eq!(when(&state, money(0, "r", "alice", debit)), Err(Reject::Accounts(AccountReject::AmountNotPositive)));
        assert_eq!(when(&state, money(-5, "r", "alice", debit)), Err(Reject::Accounts(AccountReject::AmountNotPositive)));
        assert_eq!(when(&state, money(AMOUNT_MINOR_MAX + 1, "r", "alice", debit)), Err(Reject::Accounts(AccountReject::AmountTooLarge)));
        assert_eq!(when(&state, money(100, "  ", "alice", debit)), Err(Reject::Accounts(AccountReject::InvalidRemark)));
        assert_eq!(when(&state, money(100, &"x".repeat(201), "alice", debit)), Err(Reject::Accounts(AccountReject::InvalidRemark)));
        assert_eq!(when(&state, money(100, "r", "nobody", debit)), Err(Reject::Accounts(AccountReject::UnknownUser)));
    }
}

#[test]
fn debit_past_the_available_balance_is_refused() {
    let state = given(alice());
    let then = when(&state, Command::Accounts(AccountCommand::Debit { username: "alice".into(), amount_minor: 10_001, remark: "cash out".into() }));
    assert_eq!(then, Err(Reject::Accounts(AccountReject::InsufficientBalance { available_minor: 10_000, needed_minor: 10_001 })));
    let exact = when(&state, Command::Accounts(AccountCommand::Debit { username: "alice".into(), amount_minor: 10_000, remark: "cash out".into() }));
    assert_eq!(exact, Ok(vec![Event::Accounts(AccountEvent::Debited { user_id: 1, amount_minor: 10_000, remark: "cash out".into(), balance_after_minor: 0 })]));
}

#[test]
fn button_values_are_checked_per_group() {
    let state = given(alice());
    let ok = vec![("1k".to_string(), 100_000)];
    let set = |game: Vec<(String, i64)>, casino: Vec<(String, i64)>| when(&state, Command::Accounts(AccountCommand::SetButtons { user_id: 1, game, casino }));
    assert_eq!(set(ok.clone(), ok.clone()), Ok(vec![Event::Accounts(AccountEvent::ButtonsSet { user_id: 1, game: ok.clone(), casino: ok.clone() })]));
    assert!(matches!(set(vec![], ok.clone()), Err(Reject::Accounts(AccountReject::InvalidButtons(_)))));
    assert!(matches!(set(ok.clone(), vec![("a".into(), 1); 21]), Err(Reject::Accounts(AccountReject::InvalidButtons(_)))));
    assert!(matches!(set(vec![("x".repeat(21), 1)], ok.clone()), Err(Reject::Accounts(AccountReject::InvalidButtons(_)))));
    assert!(matches!(set(vec![(" ".into(), 1)], ok.clone()), Err(Reject::Accounts(AccountReject::InvalidButtons(_)))));
    assert!(matches!(set(vec![("neg".into(), -1)], ok.clone()), Err(Reject::Accounts(AccountReject::InvalidButtons(_)))));
    assert!(matches!(set(vec![("big".into(), AMOUNT_MINOR_MAX + 1)], ok), Err(Reject::Accounts(AccountReject::InvalidButtons(_)))));
}

#[test]
fn applying_a_rotation_retires_the_old_refresh_token_and_an_end_forgets_it() {
    let mut events = [alice(), vec![logged_in(1, 1, 1)]].concat();
    let g = grant(2);
    events.push(Event::Accounts(AccountEvent::TokensRotated { session_id: 1, access: g.access, refresh: g.refresh, access_expires_ms: g.access_expires_ms, refresh_expires_ms: g.refresh_expires_ms }));
    let state = given(events.clone());
    assert!(state.accounts.retired_refresh.contains_key(&grant(1).refresh));
    assert!(state.accounts.session_by_access(&grant(1).access, T0).is_none());
    assert!(state.accounts.session_by_access(&g.access, T0).is_some());
    assert!(state.accounts.session_by_access(&g.access, g.access_expires_ms).is_none(), "an access token dies at its expiry");
    events.push(Event::Accounts(AccountEvent::SessionEnded { session_id: 1, reason: SessionEnd::LoggedOut }));
    let ended = given(events);
    assert!(ended.accounts.retired_refresh.is_empty() && ended.accounts.by_refresh.is_empty() && ended.accounts.by_access.is_empty());
    assert_eq!(ended.accounts.users[&1].current_session, None);
}

#[test]
fn password_change_clears_the_forced_change_and_logs_activity() {
    let mut first = opened(1, "carol", Role::User);
    if let Event::Accounts(AccountEvent::AccountOpened { must_change_password, .. }) = &mut first {
        *must_change_password = true;
    }
    let change = Event::Accounts(AccountEvent::PasswordChanged { user_id: 1, password_hash: "n".into(), ip: "1.2.3.4".into() });
    let state = given(vec![first, change.clone()]);
    assert!(!state.accounts.users[&1].must_change_password);
    let activity = history_rows(&[change], 1, ledger::history::RowKind::Activity);
    assert!(matches!(&activity[..], [ledger::history::Row::Activity(row)] if row.ip == "1.2.3.4" && row.kind == ledger::ActivityKind::ChangePassword), "{activity:?}");
}
