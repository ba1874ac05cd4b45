//! Operators' actions on accounts: each is recorded with who and why, then takes effect;
//! a wrong one is refused and records nothing.

mod common;

use ledger::{AccountEvent, AccountReject, BetEvent, BetReject, CasinoCommand, CasinoEvent, OperatorCommand, OversightEvent, OversightReject, SportsCommand, SportsEvent};
use common::*;
use ledger::{AccountAction, BetInfo, Command, DealingAction, Event, MarketAction, Reject, SessionEnd, State};
use schemas::sports::MarketResult;
use schemas::casino::{CasinoItem, ItemStatus};
use schemas::sports::{Price, Side};
use schemas::{Money, Role};

/// An operator (1) and a player (2) with a balance and a live session.
fn house() -> Vec<Event> {
    vec![opened(1, "boss", Role::Operator), opened(2, "alice", Role::User), credited(2, 100_000, 100_000), logged_in(2, 1, 1)]
}

fn act(action: AccountAction, remark: &str) -> Command {
    Command::Oversight(OperatorCommand::Operator { by: 1, username: "alice".into(), action, remark: remark.into() })
}

fn bet() -> Command {
    Command::Sports(SportsCommand::PlaceBet { user_id: 2, request_id: "r1".into(), market: match_odds(), delay: ledger::BetDelay::default(), stake_minor: 10_000, info: info(1, Side::Back, 185), accept_odds: Default::default() })
}

fn casino_item() -> CasinoItem {
    CasinoItem {
        sid: 1,
        nat: "Player A".into(),
        otype: Side::Back,
        b: Price(198),
        l: Price(0),
        gstatus: ItemStatus::Active,
        min: Money(10_000),
        max: Money(2_500_000),
        subtype: "teen20".into(),
        kind: "main".into(),
        pick: None,
    }
}

#[test]
fn a_credit_is_recorded_with_the_operator_and_remark_before_the_money_moves() {
    let state = given(house());
    let then = when(&state, act(AccountAction::Credit { amount_minor: 5_000 }, "goodwill"));
    assert_eq!(
        then,
        Ok(vec![
            Event::Oversight(OversightEvent::OperatorActed { by: 1, user_id: 2, action: AccountAction::Credit { amount_minor: 5_000 }, remark: "goodwill".into() }),
            Event::Accounts(AccountEvent::Credited { user_id: 2, amount_minor: 5_000, remark: "goodwill".into(), balance_after_minor: 105_000 }),
        ])
    );
    let record = history_rows(&then.expect("accepted"), 2, ledger::history::RowKind::Action);
    assert!(matches!(&record[..], [ledger::history::Row::Action { by: 1, action, remark, .. }] if action == "Credit" && remark == "goodwill"), "the record names boss: {record:?}");
}

#[test]
fn a_locked_account_places_no_bet_until_unlocked() {
    let state = given(house());
    assert!(when(&state, bet()).is_ok());
    let locked = then_apply(&state, act(AccountAction::LockBetting, "self-exclusion request"));
    assert!(locked.accounts.users[&2].betting_locked);
    assert_eq!(when(&locked, bet()), Err(Reject::Bets(BetReject::BettingLocked)));
    let casino_info = BetInfo { gtype: "teen20".into(), ..info(1, Side::Back, 198) };
    let casino = Command::Casino(CasinoCommand::PlaceCasinoBet { user_id: 2, request_id: "c1".into(), gtype: "teen20".into(), mid: "1".into(), item: casino_item(), stake_minor: 10_000, info: casino_info });
    assert_eq!(when(&locked, casino), Err(Reject::Bets(BetReject::BettingLocked)));
    assert_eq!(when(&locked, act(AccountAction::LockBetting, "again")), Err(Reject::Oversight(OversightReject::NothingToChange("betting is already locked"))));
    let unlocked = then_apply(&locked, act(AccountAction::UnlockBetting, "exclusion over"));
    assert!(when(&unlocked, bet()).is_ok());
    assert_eq!(when(&unlocked, act(AccountAction::UnlockBetting, "again")), Err(Reject::Oversight(OversightReject::NothingToChange("betting is not locked"))));
}

#[test]
fn a_password_reset_forces_a_change_and_ends_every_session() {
    let state = given(house());
    let then = when(&state, act(AccountAction::ResetPassword { password_hash: "new-hash".into() }, "forgot password"));
    let Ok(events) = then else { panic!("accepted: {then:?}") };
    assert!(matches!(&events[..], [Event::Oversight(OversightEvent::OperatorActed { .. }), Event::Accounts(AccountEvent::SessionEnded { session_id: 1, reason: SessionEnd::EndedByOperator })]), "{events:?}");
    let after = then_apply(&state, act(AccountAction::ResetPassword { password_hash: "new-hash".into() }, "forgot password"));
    let alice = &after.accounts.users[&2];
    assert_eq!((alice.password_hash.as_str(), alice.must_change_password, alice.current_session), ("new-hash", true, None));
    assert!(after.accounts.sessions.is_empty());
}

#[test]
fn ending_sessions_needs_a_session() {
    let state = given(house());
    let after = then_apply(&state, act(AccountAction::EndSessions, "shared device"));
    assert!(after.accounts.sessions.is_empty());
    assert_eq!(when(&after, act(AccountAction::EndSessions, "again")), Err(Reject::Oversight(OversightReject::NothingToChange("the user has no open session"))));
}

#[test]
fn a_wrong_action_is_refused_and_records_nothing() {
    let state = given(house());
    let by_player = Command::Oversight(OperatorCommand::Operator { by: 2, username: "alice".into(), action: AccountAction::LockBetting, remark: "x".into() });
    assert_eq!(when(&state, by_player), Err(Reject::Oversight(OversightReject::NotAnOperator)));
    let unknown = Command::Oversight(OperatorCommand::Operator { by: 1, username: "nobody".into(), action: AccountAction::LockBetting, remark: "x".into() });
    assert_eq!(when(&state, unknown), Err(Reject::Accounts(AccountReject::UnknownUser)));
    assert_eq!(when(&state, act(AccountAction::LockBetting, "  ")), Err(Reject::Accounts(AccountReject::InvalidRemark)));
    assert_eq!(when(&state, act(AccountAction::Debit { amount_minor: 200_000 }, "too much")), Err(Reject::Accounts(AccountReject::InsufficientBalance { available_minor: 100_000, needed_minor: 200_000 })));
    assert_eq!(when(&state, act(AccountAction::Credit { amount_minor: -5 }, "negative")), Err(Reject::Accounts(AccountReject::AmountNotPositive)));
}

#[test]
fn the_money_timeline_follows_every_balance_and_exposure_change_of_one_user() {
    let store = ledger::MemStore::default();
    let mut state = given(vec![]);
    let mut expected = Vec::new();
    let record = |state: &mut State, events: Vec<Event>, expected: &mut Vec<(i64, i64)>| {
        for event in events {
            let envelope = ledger::Envelope { seq: state.head_seq + 1, at_ms: T0, event };
            ledger::Store::append(&store, std::slice::from_ref(&envelope)).expect("append");
            let moves = envelope.event.money_user() == Some(2);
            ledger::apply(state, &envelope);
            if moves {
                expected.push((state.accounts.users[&2].balance_minor, state.accounts.users[&2].exposure_minor));
            }
        }
    };
    record(&mut state, house(), &mut expected);
    record(&mut state, vec![opened(3, "bob", Role::User), credited(3, 7_000, 7_000)], &mut expected);
    let placed = when(&state, bet()).expect("bet");
    record(&mut state, placed, &mut expected);
    let credit = when(&state, act(AccountAction::Credit { amount_minor: 2_500 }, "goodwill")).expect("credit");
    record(&mut state, credit, &mut expected);
    let dir = tempfile::tempdir().expect("temp dir");
    let history = ledger::history::History::open(dir.path()).expect("opens");
    history.catch_up(&store).expect("folds");
    let timeline = history.money_timeline(2).expect("timeline");
    assert_eq!(timeline.iter().map(|p| (p.balance_minor, p.exposure_minor)).collect::<Vec<_>>(), expected);
    assert_eq!(expected.last(), Some(&(102_500, 10_000)), "the bet's liability, then the credit");
}

#[test]
fn an_operator_locks_a_table_with_a_record_and_the_console_keeps_its_locks() {
    let state = given(house());
    let lock = |locked, remark: &str| Command::Oversight(OperatorCommand::OperatorTable { by: 1, table: 3, locked, remark: remark.into() });
    assert_eq!(
        when(&state, lock(true, "dealer shoe check")),
        Ok(vec![Event::Oversight(OversightEvent::TableActed { by: 1, table: 3, locked: true, remark: "dealer shoe check".into() }), Event::Casino(CasinoEvent::TableLocked { table: 3 })])
    );
    let locked = then_apply(&state, lock(true, "dealer shoe check"));
    assert!(locked.casino.locked_tables.contains(&3) && locked.casino.console_locks.contains(&3));
    assert_eq!(when(&locked, lock(true, "again")), Err(Reject::Oversight(OversightReject::NothingToChange("the table is already locked"))));
    let unlocked = then_apply(&locked, lock(false, "checked"));
    assert!(unlocked.casino.locked_tables.is_empty() && unlocked.casino.console_locks.is_empty());
    assert_eq!(when(&unlocked, lock(false, "again")), Err(Reject::Oversight(OversightReject::NothingToChange("the table is not locked"))));
    let by_player = Command::Oversight(OperatorCommand::OperatorTable { by: 2, table: 3, locked: true, remark: "x".into() });
    assert_eq!(when(&state, by_player), Err(Reject::Oversight(OversightReject::NotAnOperator)));
    assert_eq!(when(&state, lock(true, "")), Err(Reject::Accounts(AccountReject::InvalidRemark)));
}

fn on_market(mid: Option<u64>, action: MarketAction, remark: &str) -> Command {
    Command::Oversight(OperatorCommand::OperatorMarket { by: 1, gmid: 500, mid, action, remark: remark.into(), market: Some(match_odds()) })
}

#[test]
fn a_market_hold_is_kept_until_resumed_or_settled_and_a_settlement_pays_in_the_same_batch() {
    let state = given(house());
    assert_eq!(when(&state, Command::Oversight(OperatorCommand::OperatorMarket { by: 2, gmid: 500, mid: Some(7), action: MarketAction::Suspend, remark: "x".into(), market: Some(match_odds()) })), Err(Reject::Oversight(OversightReject::NotAnOperator)));
    assert_eq!(when(&state, on_market(Some(7), MarketAction::Suspend, "")), Err(Reject::Accounts(AccountReject::InvalidRemark)));
    assert_eq!(when(&state, on_market(Some(7), MarketAction::Resume, "x")), Err(Reject::Oversight(OversightReject::NothingToChange("it is not suspended by an operator"))));
    let held = then_apply(&state, on_market(Some(7), MarketAction::Suspend, "incident"));
    assert!(held.sports.market_holds.contains(&(500, Some(7))));
    assert_eq!(when(&held, on_market(Some(7), MarketAction::Suspend, "x")), Err(Reject::Oversight(OversightReject::NothingToChange("it is already suspended"))));
    let whole = then_apply(&held, on_market(None, MarketAction::Suspend, "whole fixture"));
    assert!(whole.sports.market_holds.contains(&(500, None)));

    let with_bet = then_apply(&whole, bet());
    let settle = on_market(Some(7), MarketAction::Settle { result: MarketResult::Winner { sid: 1 } }, "official");
    let events = when(&with_bet, settle.clone()).expect("settles");
    assert!(matches!(&events[0], Event::Oversight(OversightEvent::MarketActed { by: 1, mid: Some(7), remark, .. }) if remark == "official"));
    assert!(matches!(&events[1], Event::Sports(SportsEvent::MarketResulted { mid: 7, .. })));
    assert!(matches!(&events[2], Event::Bets(BetEvent::BetsSettled { user_id: 2, .. })));
    let settled = then_apply(&with_bet, settle.clone());
    assert!(!settled.sports.market_holds.contains(&(500, Some(7))), "a settled market's hold ends");
    assert_eq!(settled.accounts.users[&2].exposure_minor, 0);
    assert_eq!(when(&settled, settle), Err(Reject::Bets(BetReject::AlreadySettled)));
    assert_eq!(when(&settled, on_market(Some(7), MarketAction::Suspend, "late")), Err(Reject::Bets(BetReject::AlreadySettled)));
    assert_eq!(when(&settled, on_market(None, MarketAction::Settle { result: MarketResult::Void }, "x")), Err(Reject::Bets(BetReject::UnknownMarket)));
    let finished = then_apply(&settled, on_market(None, MarketAction::Finish { winner: "home".into() }, "over"));
    assert!(finished.sports.market_holds.is_empty(), "a finished fixture's holds end");
}

#[test]
fn an_operator_pauses_dealing_and_voids_a_round_with_every_stake_back() {
    let open = Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: "2611250112345".into() });
    let state = then_apply(&given(house()), open);
    let dealing = |action: DealingAction, remark: &str| Command::Oversight(OperatorCommand::OperatorDealing { by: 1, gtype: "teen20".into(), action, remark: remark.into() });
    let paused = then_apply(&state, dealing(DealingAction::Pause, "dealer change"));
    assert!(paused.casino.paused_tables.contains("teen20"));
    assert_eq!(when(&paused, dealing(DealingAction::Pause, "again")), Err(Reject::Oversight(OversightReject::NothingToChange("dealing is already paused"))));
    let info = BetInfo { gtype: "teen20".into(), ..info(1, Side::Back, 198) };
    let bet = Command::Casino(CasinoCommand::PlaceCasinoBet { user_id: 2, request_id: "c1".into(), gtype: "teen20".into(), mid: "2611250112345".into(), item: casino_item(), stake_minor: 10_000, info });
    let with_bet = then_apply(&paused, bet);
    assert_eq!(with_bet.accounts.users[&2].exposure_minor, 10_000);
    let void = dealing(DealingAction::VoidRound { mid: "2611250112345".into() }, "misdeal");
    let voided = then_apply(&with_bet, void.clone());
    assert_eq!((voided.accounts.users[&2].balance_minor, voided.accounts.users[&2].exposure_minor), (100_000, 0));
    assert!(!voided.casino.tables.contains_key("teen20"));
    assert_eq!(when(&voided, void), Err(Reject::Bets(BetReject::AlreadySettled)));
    let resumed = then_apply(&voided, dealing(DealingAction::Resume, "back"));
    assert!(resumed.casino.paused_tables.is_empty());
}
