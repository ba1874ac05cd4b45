//! Live casino rounds: opening, closing and resulting a round; casino bets accepted in order;
//! settlement of every bet of a round exactly once; a restarted table voids its old round.

mod common;

use ledger::{AccountCommand, AccountReject, BetEvent, BetReject, CasinoCommand, CasinoEvent, CasinoReject};
use common::*;
use ledger::casino::{round_book, table_gmid};
use ledger::{apply, audit, decide, BetInfo, Command, Envelope, Event, MemStore, Reject, State, Store};
use schemas::casino::{CasinoItem, ItemOutcome, ItemResult, ItemStatus, RoundResult};
use schemas::sports::{Price, Side};
use schemas::{Money, Role};

const MID: &str = "2611220112345";

fn item(sid: u32, back: u32, lay: u32) -> CasinoItem {
    CasinoItem {
        sid,
        nat: format!("Item {sid}"),
        otype: Side::Back,
        b: Price(back),
        l: Price(lay),
        gstatus: ItemStatus::Active,
        min: Money(10_000),
        max: Money(2_500_000),
        subtype: "teen20".into(),
        kind: "main".into(),
        pick: None,
    }
}

fn casino_info(sid: u32, side: Side, rate_h: u32) -> BetInfo {
    BetInfo { gtype: "teen20".into(), event_name: "Teen Patti 20-20".into(), market_name: MID.into(), ..info(sid, side, rate_h) }
}

fn bet(request_id: &str, item: CasinoItem, side: Side, rate_h: u32, stake_minor: i64) -> Command {
    let info = casino_info(item.sid, side, rate_h);
    Command::Casino(CasinoCommand::PlaceCasinoBet { user_id: 1, request_id: request_id.into(), gtype: "teen20".into(), mid: MID.into(), item, stake_minor, info })
}

fn result(outcomes: &[(u32, ItemOutcome)]) -> RoundResult {
    RoundResult {
        mid: MID.into(),
        gtype: "teen20".into(),
        seed: 42,
        win: "A".into(),
        winner: "Player A".into(),
        rdesc: "Player A".into(),
        card: String::new(),
        hands: vec![],
        items: outcomes.iter().map(|(sid, outcome)| ItemResult { sid: *sid, nat: format!("Item {sid}"), outcome: *outcome }).collect(),
        stacked: false,
    }
}

/// A player with 1,000.00 and teen20's round `MID` open.
fn open_table() -> State {
    let mut state = given(vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000)]);
    run(&mut state, Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: MID.into() }));
    state
}

/// Decides and applies a command that must be accepted; returns its events.
fn run(state: &mut State, command: Command) -> Vec<Event> {
    let events = when(state, command).expect("accepted");
    for event in &events {
        let seq = state.head_seq + 1;
        apply(state, &Envelope { seq, at_ms: T0, event: event.clone() });
    }
    events
}

#[test]
fn a_round_opens_closes_and_results_as_events() {
    let mut state = open_table();
    let book = round_book(MID).expect("a round id");
    assert!(state.casino.tables["teen20"].betting);
    assert_eq!(run(&mut state, Command::Casino(CasinoCommand::CloseRound { gtype: "teen20".into(), mid: MID.into() })), vec![Event::Casino(CasinoEvent::RoundClosed { gtype: "teen20".into(), book })]);
    assert_eq!(when(&state, Command::Casino(CasinoCommand::CloseRound { gtype: "teen20".into(), mid: MID.into() })), Ok(vec![]), "closing twice changes nothing");
    let resulted = run(&mut state, Command::Casino(CasinoCommand::SettleRound { gtype: "teen20".into(), mid: MID.into(), result: Some(result(&[])) }));
    assert_eq!(resulted.len(), 1, "no bets: only the result");
    assert!(state.casino.tables.is_empty());
    assert_eq!(state.casino.resulted.recent[&book], ledger::casino::RecentResult { gtype: "teen20".into(), gmid: table_gmid(1), void: false, at_ms: T0 }, "the state keeps that the round resulted, the history the round");
    assert_eq!(when(&state, Command::Casino(CasinoCommand::SettleRound { gtype: "teen20".into(), mid: MID.into(), result: None })), Err(Reject::Bets(BetReject::AlreadySettled)));
    assert_eq!(when(&state, Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: MID.into() })), Err(Reject::Casino(CasinoReject::RoundExists { mid: MID.into() })));
    // A restarted table deals its last round again, past its betting: closing it changes nothing.
    assert_eq!(when(&state, Command::Casino(CasinoCommand::CloseRound { gtype: "teen20".into(), mid: MID.into() })), Ok(vec![]));
    assert_eq!(when(&state, Command::Casino(CasinoCommand::CloseRound { gtype: "lucky7".into(), mid: MID.into() })), Err(Reject::Casino(CasinoReject::UnknownRound)));
}

#[test]
fn a_back_bet_holds_its_stake_and_a_lay_bet_its_win() {
    let mut state = open_table();
    run(&mut state, bet("r1", item(1, 198, 0), Side::Back, 198, 10_000));
    assert_eq!(state.accounts.users[&1].exposure_minor, 10_000);
    run(&mut state, bet("r2", item(2, 180, 224), Side::Lay, 224, 10_000));
    assert_eq!(state.accounts.users[&1].exposure_minor, 10_000 + 12_400, "bets on two items add up");
    run(&mut state, bet("r3", item(2, 180, 224), Side::Back, 180, 10_000));
    assert_eq!(state.accounts.users[&1].exposure_minor, 10_000 + 4_400, "a back on the laid item offsets it: it loses 12,400 − 8,000 if it wins");
    assert_eq!(state.accounts.users[&1].available_minor(), 100_000 - 14_400);
}

#[test]
fn acceptance_refuses_each_rule_with_its_reason() {
    let state = open_table();
    let suspended = CasinoItem { gstatus: ItemStatus::Suspended, ..item(1, 198, 0) };
    assert_eq!(when(&state, bet("a", suspended, Side::Back, 198, 10_000)), Err(Reject::Bets(BetReject::MarketNotOpen { status: "SUSPENDED".into() })));
    assert_eq!(when(&state, bet("b", item(1, 0, 0), Side::Back, 0, 10_000)), Err(Reject::Bets(BetReject::OddsChanged)), "zero rate");
    assert_eq!(when(&state, bet("c", item(1, 198, 0), Side::Back, 200, 10_000)), Err(Reject::Bets(BetReject::OddsChanged)), "stale rate");
    assert_eq!(when(&state, bet("d", item(1, 198, 0), Side::Lay, 198, 10_000)), Err(Reject::Bets(BetReject::SideNotOffered)));
    assert_eq!(when(&state, bet("e", item(1, 198, 0), Side::Back, 198, 9_999)), Err(Reject::Bets(BetReject::StakeOutOfLimits { min_minor: 10_000, max_minor: 2_500_000 })));
    assert!(matches!(when(&state, bet("f", item(1, 198, 0), Side::Back, 198, 100_001)), Err(Reject::Accounts(AccountReject::InsufficientBalance { .. }))));
    let mut wrong_round = bet("g", item(1, 198, 0), Side::Back, 198, 10_000);
    if let Command::Casino(CasinoCommand::PlaceCasinoBet { mid, .. }) = &mut wrong_round {
        *mid = "2611220100001".into();
    }
    assert_eq!(when(&state, wrong_round), Err(Reject::Casino(CasinoReject::RoundClosed)), "not the table's current round");
    let mut closed = state.clone();
    run(&mut closed, Command::Casino(CasinoCommand::CloseRound { gtype: "teen20".into(), mid: MID.into() }));
    assert_eq!(when(&closed, bet("h", item(1, 198, 0), Side::Back, 198, 10_000)), Err(Reject::Casino(CasinoReject::RoundClosed)));
    let mut operator = state.clone();
    operator.accounts.users.get_mut(&1).expect("alice").role = Role::Operator;
    assert_eq!(when(&operator, bet("i", item(1, 198, 0), Side::Back, 198, 10_000)), Err(Reject::Bets(BetReject::RoleCannotBet)));
}

#[test]
fn a_result_settles_every_bet_once_by_its_outcome_and_releases_exposure() {
    let mut state = open_table();
    run(&mut state, bet("r1", item(1, 198, 0), Side::Back, 198, 10_000));
    run(&mut state, bet("r2", item(2, 200, 0), Side::Back, 200, 10_001));
    run(&mut state, bet("r3", item(3, 1_200, 0), Side::Back, 1_200, 10_000));
    run(&mut state, Command::Casino(CasinoCommand::CloseRound { gtype: "teen20".into(), mid: MID.into() }));
    let outcomes = [(1, ItemOutcome::Win), (2, ItemOutcome::HalfLose), (3, ItemOutcome::Push)];
    let events = run(&mut state, Command::Casino(CasinoCommand::SettleRound { gtype: "teen20".into(), mid: MID.into(), result: Some(result(&outcomes)) }));
    let Event::Bets(BetEvent::BetsSettled { bets, total_minor, balance_after_minor, exposure_after_minor, gmid, .. }) = &events[1] else { panic!("{events:?}") };
    assert_eq!(bets, &vec![(1, 9_800), (2, -5_000), (3, 0)], "win at 1.98, half of 100.01 lost (floored toward the player), push");
    assert_eq!((*total_minor, *balance_after_minor, *exposure_after_minor, *gmid), (4_800, 104_800, 0, table_gmid(1)));
    assert!(state.betting.books.is_empty() && state.accounts.users[&1].book_exposure.is_empty());
    assert_eq!(history_rows(&events, 1, ledger::history::RowKind::Settlement).len(), 1, "one statement row per round");
}

#[test]
fn a_table_that_opens_a_new_round_voids_the_one_it_never_resulted() {
    let mut state = open_table();
    run(&mut state, bet("r1", item(1, 198, 0), Side::Back, 198, 10_000));
    let events = run(&mut state, Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: "2611220112400".into() }));
    let book = round_book(MID).expect("a round id");
    assert_eq!(events[0], Event::Casino(CasinoEvent::RoundResulted { gtype: "teen20".into(), book, result: None }));
    assert!(matches!(&events[1], Event::Bets(BetEvent::BetsSettled { total_minor: 0, exposure_after_minor: 0, balance_after_minor: 100_000, .. })));
    assert_eq!(state.casino.tables["teen20"].mid, "2611220112400");
    assert!(state.casino.resulted.is_void("teen20", book));
}

#[test]
fn round_ids_must_be_digits_that_fit_the_book_space() {
    assert_eq!(round_book("2611220112345"), Some(8_000_000_000_000_000 + 2_611_220_112_345));
    for bad in ["", "12345678901234", "26112201a2345", "-1"] {
        assert_eq!(round_book(bad), None, "{bad:?}");
    }
    let state = open_table();
    assert_eq!(when(&state, Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: "x".into() })), Err(Reject::Casino(CasinoReject::UnknownRound)));
}

#[test]
fn a_casino_log_passes_every_audit_check() {
    let store = MemStore::default();
    let mut state = State::default();
    let log = |state: &mut State, command: Command| {
        let events = decide(state, T0, &command).expect("accepted");
        let batch: Vec<Envelope> = events.into_iter().zip(state.head_seq + 1..).map(|(event, seq)| Envelope { seq, at_ms: T0, event }).collect();
        store.append(&batch).expect("appended");
        batch.iter().for_each(|e| apply(state, e));
    };
    log(&mut state, Command::Accounts(AccountCommand::OpenAccount { username: "alice".into(), password_hash: "h".into(), role: Role::User, must_change_password: false, rules_accepted: true }));
    log(&mut state, Command::Accounts(AccountCommand::Credit { username: "alice".into(), amount_minor: 100_000, remark: "deposit".into() }));
    for (n, mid) in ["2611220100010", "2611220100050", "2611220100090"].into_iter().enumerate() {
        log(&mut state, Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: mid.into() }));
        let info = BetInfo { market_name: mid.into(), ..casino_info(1, Side::Back, 198) };
        log(&mut state, Command::Casino(CasinoCommand::PlaceCasinoBet { user_id: 1, request_id: format!("r{n}"), gtype: "teen20".into(), mid: mid.into(), item: item(1, 198, 0), stake_minor: 10_000, info }));
        log(&mut state, Command::Casino(CasinoCommand::CloseRound { gtype: "teen20".into(), mid: mid.into() }));
        if n < 2 {
            let outcome = if n == 0 { ItemOutcome::Win } else { ItemOutcome::Lose };
            log(&mut state, Command::Casino(CasinoCommand::SettleRound { gtype: "teen20".into(), mid: mid.into(), result: Some(RoundResult { mid: mid.into(), ..result(&[(1, outcome)]) }) }));
        }
    }
    log(&mut state, Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: "2611220100130".into() }));
    assert_eq!(state.accounts.users[&1].balance_minor, 100_000 + 9_800 - 10_000, "won, lost, voided");
    let report = audit::verify(&store, Some(&state)).expect("log verifies");
    assert!(report.checks.iter().all(|c| c.pass), "{report:?}");
}

#[test]
fn a_locked_table_refuses_bets_until_it_is_unlocked() {
    let mut state = open_table();
    assert_eq!(run(&mut state, Command::Casino(CasinoCommand::SetLockedTables { tables: vec![1, 19] })), vec![Event::Casino(CasinoEvent::TableLocked { table: 1 }), Event::Casino(CasinoEvent::TableLocked { table: 19 })]);
    assert_eq!(when(&state, bet("a", item(1, 198, 0), Side::Back, 198, 10_000)), Err(Reject::Casino(CasinoReject::TableLocked)));
    assert_eq!(when(&state, Command::Casino(CasinoCommand::SetLockedTables { tables: vec![19, 1] })), Ok(vec![]), "the same locks again change nothing");
    assert_eq!(run(&mut state, Command::Casino(CasinoCommand::SetLockedTables { tables: vec![19] })), vec![Event::Casino(CasinoEvent::TableUnlocked { table: 1 })]);
    assert!(when(&state, bet("b", item(1, 198, 0), Side::Back, 198, 10_000)).is_ok(), "table 1 takes bets again");
}

#[test]
fn a_request_id_used_again_for_another_stake_is_refused_naming_it() {
    let mut state = open_table();
    run(&mut state, bet("same", item(1, 198, 0), Side::Back, 198, 10_000));
    assert_eq!(when(&state, bet("same", item(1, 198, 0), Side::Back, 198, 10_000)), Err(Reject::Bets(BetReject::DuplicateRequest { bet_id: 1 })));
    assert_eq!(when(&state, bet("same", item(1, 198, 0), Side::Back, 198, 20_000)), Err(Reject::Bets(BetReject::RequestIdReused { bet_id: 1, field: "stake" })));
}

#[test]
fn the_casino_world_goes_on_across_a_restart_with_the_same_settings() {
    let world = ledger::FeedWorld { seed: 1, start_ms: T0 - 60_000, speed_milli: 1_000, fixtures_per_sport: 0, virtual_fixtures: 0 };
    let mut state = open_table();
    assert_eq!(run(&mut state, Command::Casino(CasinoCommand::StartCasino { world: world.clone() })), vec![Event::Casino(CasinoEvent::CasinoWorldStarted { world: world.clone() })]);
    let restarted = ledger::FeedWorld { start_ms: T0, ..world.clone() };
    assert_eq!(when(&state, Command::Casino(CasinoCommand::StartCasino { world: restarted.clone() })), Ok(vec![]), "same settings: the world and its open round go on");
    let reseeded = ledger::FeedWorld { seed: 2, ..restarted };
    assert_eq!(when(&state, Command::Casino(CasinoCommand::StartCasino { world: reseeded.clone() })), Ok(vec![Event::Casino(CasinoEvent::CasinoWorldStarted { world: reseeded })]));
}

/// Round `n` after `MID` on teen20 (a minute apart).
fn nth_round(n: u64) -> String {
    (MID.parse::<u64>().expect("digits") + n * 60).to_string()
}

/// Deals rounds `from..=to` after `MID` on teen20 (table 1), one a minute, every tenth void,
/// into the state and the log.
fn deal_rounds(state: &mut State, log: &mut Vec<Envelope>, from: u64, to: u64) {
    for n in from..=to {
        let (mid, at_ms) = (nth_round(n), T0 + i64::try_from(n).expect("small") * 60_000);
        let outcome = (n % 10 != 0).then(|| RoundResult { mid: mid.clone(), ..result(&[]) });
        for command in [
            Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: mid.clone() }),
            Command::Casino(CasinoCommand::SettleRound { gtype: "teen20".into(), mid: mid.clone(), result: outcome.clone() }),
        ] {
            for event in decide(state, at_ms, &command).expect("accepted") {
                let envelope = Envelope { seq: state.head_seq + 1, at_ms, event };
                apply(state, &envelope);
                log.push(envelope);
            }
        }
    }
}

#[test]
fn the_state_keeps_two_days_of_rounds_however_many_were_dealt_and_the_history_keeps_them_all() {
    let (mut state, mut log) = (State::default(), Vec::new());
    for event in [opened(1, "alice", Role::User), credited(1, 100_000, 100_000)] {
        let envelope = Envelope { seq: state.head_seq + 1, at_ms: T0, event };
        apply(&mut state, &envelope);
        log.push(envelope);
    }
    let casino_bytes = |state: &State| rmp_serde::to_vec(&state.casino).expect("encodes").len();
    // A round a minute: two days are 2,880 rounds.
    deal_rounds(&mut state, &mut log, 1, 3_000);
    let after_two_days = casino_bytes(&state);
    assert_eq!(state.casino.resulted.recent.len(), 2_881);
    deal_rounds(&mut state, &mut log, 3_001, 6_000);
    assert_eq!(casino_bytes(&state), after_two_days, "the casino's state does not grow with its rounds");
    // An old round cannot open again (below the table's floor), nor a recent one, nor can another
    // table take a recent round's number; an old round does not settle again.
    let open = |gtype: &str, table, mid: String| Command::Casino(CasinoCommand::OpenRound { gtype: gtype.into(), table, mid });
    assert_eq!(when(&state, open("teen20", 1, nth_round(1))), Err(Reject::Casino(CasinoReject::RoundExists { mid: nth_round(1) })));
    assert_eq!(when(&state, open("teen20", 1, nth_round(5_000))), Err(Reject::Casino(CasinoReject::RoundExists { mid: nth_round(5_000) })));
    assert_eq!(when(&state, open("lucky7", 2, nth_round(5_000))), Err(Reject::Casino(CasinoReject::RoundExists { mid: nth_round(5_000) })));
    assert_eq!(when(&state, Command::Casino(CasinoCommand::SettleRound { gtype: "teen20".into(), mid: nth_round(300), result: None })), Err(Reject::Bets(BetReject::AlreadySettled)));
    // A round numbered below the last ones but never dealt opens (a world whose clock is behind).
    assert!(when(&state, open("teen20", 1, (MID.parse::<u64>().expect("digits") + 5_000 * 60 + 1).to_string())).is_ok());

    // The history has every round: by table and number, and by time.
    let store = MemStore::default();
    store.append(&log).expect("appends");
    let dir = tempfile::tempdir().expect("temp dir");
    let history = ledger::history::History::rebuild(dir.path(), &store).expect("folds the log");
    let book = |n: u64| round_book(&nth_round(n)).expect("a round id");
    let round = history.round("teen20", book(300)).expect("reads").expect("kept");
    assert_eq!((round.mid, round.gmid, round.at_ms, round.outcome), (nth_round(300), table_gmid(1), T0 + 300 * 60_000, None), "every tenth round void");
    let round = history.round("teen20", book(301)).expect("reads").expect("kept");
    assert_eq!(round.outcome.map(|o| o.winner), Some("Player A".to_owned()));
    assert_eq!(history.round("lucky7", book(301)).expect("reads"), None, "rounds are kept by table");
    let hour: Vec<u64> = history.rounds_between("teen20", T0 + 100 * 60_000, T0 + 159 * 60_000).rev().map(|r| round_book(&r.expect("reads").mid).expect("an id")).collect();
    assert_eq!(hour, (100..=159).rev().map(book).collect::<Vec<_>>(), "an hour of rounds, newest first");
    assert_eq!(history.rounds_between("teen20", T0 - 1, T0 + 6_000 * 60_000).count(), 6_000);
}
