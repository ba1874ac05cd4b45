//! The history projection (`ledger::history`): fed from the log, it holds exactly the rows and
//! bets the state folds, catches up from where it stopped, and a rebuild gives it again.

mod common;

use common::*;
use ledger::history::{History, Row, RowKind, Settles};
use ledger::{apply, decide, AccountAction, Command, Envelope, Event, MemStore, OperatorCommand, SportsCommand, State, Store};
use schemas::sports::{MarketResult, Side};
use schemas::Role;

/// Folds an opened, funded and signed-in player and an operator, then `commands` (each
/// accepted), into a state, and the log they make.
fn history_log(commands: Vec<Command>) -> (State, Vec<Envelope>) {
    let mut state = State::default();
    let mut log = Vec::new();
    let mut push = |state: &mut State, event: Event| {
        let envelope = Envelope { seq: state.head_seq + 1, at_ms: T0 + state.head_seq as i64 * 1_000, event };
        apply(state, &envelope);
        log.push(envelope);
    };
    for event in [opened(1, "alice", Role::User), credited(1, 100_000, 100_000), opened(2, "op", Role::Operator), logged_in(1, 1, 7)] {
        push(&mut state, event);
    }
    for command in commands {
        for event in decide(&state, T0 + state.head_seq as i64 * 1_000, &command).unwrap_or_else(|e| panic!("{command:?}: {e:?}")) {
            push(&mut state, event);
        }
    }
    (state, log)
}

fn bet(request_id: &str, sid: u32, side: Side, price_h: u32) -> Command {
    Command::Sports(SportsCommand::PlaceBet { user_id: 1, request_id: request_id.into(), market: match_odds(), delay: ledger::BetDelay::default(), stake_minor: 10_000, info: info(sid, side, price_h), accept_odds: Default::default() })
}

fn commands() -> Vec<Command> {
    vec![
        bet("r1", 1, Side::Back, 185),
        bet("r2", 2, Side::Lay, 214),
        Command::Oversight(OperatorCommand::Operator { by: 2, username: "alice".into(), action: AccountAction::Credit { amount_minor: 5_000 }, remark: "goodwill".into() }),
        Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 1 }, market: match_odds() }),
        Command::Oversight(OperatorCommand::Operator { by: 2, username: "alice".into(), action: AccountAction::LockBetting, remark: "a pause".into() }),
    ]
}

#[test]
fn the_history_holds_the_rows_of_the_events_and_every_bet_as_the_state_has_it() {
    let (state, log) = history_log(commands());
    let store = MemStore::default();
    store.append(&log).expect("appends");
    let dir = tempfile::tempdir().expect("temp dir");
    let history = History::open(dir.path()).expect("opens");
    // Fed as the engine feeds it: batch by batch, some of them more than once.
    for chunk in log.chunks(3) {
        history.apply(chunk).expect("folds");
        history.apply(chunk).expect("a batch it has is passed over");
    }
    let again = tempfile::tempdir().expect("temp dir");
    let compared = history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state).expect("the same");
    assert_eq!(compared.bets, 2);
    let row = |kind| history.rows(kind, 1).rev().map(|r| r.expect("reads").1).collect::<Vec<Row>>();
    let statement = row(RowKind::Statement);
    assert!(
        matches!(&statement[..], [Row::Statement(goodwill), Row::Statement(opening)] if goodwill.remark == "goodwill" && goodwill.amount_minor == 5_000 && opening.amount_minor == 100_000),
        "newest first: {statement:?}"
    );
    assert!(matches!(&row(RowKind::Settlement)[..], [Row::Settlement(settled)] if settled.mid == 7 && settled.bets == vec![1, 2]));
    assert!(matches!(&row(RowKind::Activity)[..], [Row::Activity(login)] if login.ip == "10.0.0.1"));
    let actions = row(RowKind::Action);
    assert!(matches!(&actions[..], [Row::Action { by: 2, action: lock, .. }, Row::Action { by: 2, action: credit, remark, .. }] if lock == "Lock betting" && credit == "Credit" && remark == "goodwill"), "{actions:?}");
    assert_eq!(compared.rows, 2 + 1 + 1 + 2);
    let settlements = history.settlements(1).expect("reads");
    let settled = settlements.first().and_then(|settlement| settlement.bets.first()).expect("kept in its settlement row");
    assert_eq!((settled.id, settled.settled.map(|s| s.pnl_minor)), (1, Some(8_500)), "the back at 1.85 won");
    assert_eq!(history.open_bet(1).expect("reads"), None, "a settled bet is no longer open");
    assert_eq!(history.bet(1, 1).expect("reads").as_ref(), Some(settled), "found in its settlement row by its user");
    assert_eq!(history.bet(2, 1).expect("reads"), None, "not another user's");
    // A gap is refused: the history never skips events.
    let gap = tempfile::tempdir().expect("temp dir");
    let error = History::open(gap.path()).expect("opens").apply(&log[2..]).expect_err("refused");
    assert!(error.to_string().contains("expected 1, found 3"), "{error}");
}

#[test]
fn the_history_catches_up_from_the_log_and_a_rebuild_gives_it_again() {
    let (state, log) = history_log(commands());
    let store = MemStore::default();
    store.append(&log).expect("appends");
    let dir = tempfile::tempdir().expect("temp dir");
    {
        // Stopped part way: it kept the first events only.
        let history = History::open(dir.path()).expect("opens");
        history.apply(&log[..5]).expect("folds");
        history.flush().expect("flushes");
    }
    let history = History::open(dir.path()).expect("opens again");
    assert_eq!(history.applied().expect("reads"), 5);
    assert_eq!(history.catch_up(&store).expect("catches up"), log.len() as u64 - 5);
    let again = tempfile::tempdir().expect("temp dir");
    let rebuilt = History::rebuild(again.path(), &store).expect("rebuilds");
    history.compare(&rebuilt, &state).expect("the same after catching up");
    // A history that differs from the rebuilt one is named, and so is a state whose bets differ.
    let short = tempfile::tempdir().expect("temp dir");
    let partial = History::open(short.path()).expect("opens");
    partial.apply(&log[..log.len() - 1]).expect("folds");
    assert!(partial.compare(&rebuilt, &state).expect_err("differs").contains("the history reaches event"));
    let (open_state, open_log) = history_log(vec![bet("r1", 1, Side::Back, 185)]);
    let open_store = MemStore::default();
    open_store.append(&open_log).expect("appends");
    let (one, two) = (tempfile::tempdir().expect("temp dir"), tempfile::tempdir().expect("temp dir"));
    let open = History::rebuild(one.path(), &open_store).expect("rebuilds");
    let open_again = History::rebuild(two.path(), &open_store).expect("rebuilds");
    open.compare(&open_again, &open_state).expect("an open bet is the same in both");
    let mut other = open_state.clone();
    other.betting.bets.get_mut(&1).expect("bet 1 is open").stake_minor += 1;
    assert!(open.compare(&open_again, &other).expect_err("differs").contains("bet 1: the history has"));
}

fn bet_on(mid: u64, request_id: &str) -> Command {
    let market = market(mid, schemas::sports::MarketType::Match, vec![section(1, 185, 187), section(2, 210, 214)]);
    Command::Sports(SportsCommand::PlaceBet { user_id: 1, request_id: request_id.into(), market, delay: ledger::BetDelay::default(), stake_minor: 10_000, info: info(1, Side::Back, 185), accept_odds: Default::default() })
}

fn settle(mid: u64) -> Command {
    let market = market(mid, schemas::sports::MarketType::Match, vec![section(1, 185, 187), section(2, 210, 214)]);
    Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid, result: MarketResult::Winner { sid: 2 }, market })
}

#[test]
fn a_statement_page_is_a_range_of_settlement_rows_newest_first_with_their_count() {
    let commands = (7..=11).flat_map(|mid| [bet_on(mid, &format!("r{mid}")), settle(mid)]).collect();
    let (_, log) = history_log(commands);
    let store = MemStore::default();
    store.append(&log).expect("appends");
    let dir = tempfile::tempdir().expect("temp dir");
    let history = History::rebuild(dir.path(), &store).expect("rebuilds");
    let page = |settles, from_ms, to_ms, skip| {
        let (total, entries) = history.settlement_page(1, settles, from_ms, to_ms, skip, 2).expect("reads");
        (total, entries.iter().map(|settlement| settlement.entry.mid).collect::<Vec<u64>>())
    };
    assert_eq!(page(Settles::Sports, i64::MIN, i64::MAX, 0), (5, vec![11, 10]));
    assert_eq!(page(Settles::Sports, i64::MIN, i64::MAX, 2), (5, vec![9, 8]));
    assert_eq!(page(Settles::Sports, i64::MIN, i64::MAX, 4), (5, vec![7]));
    assert_eq!(page(Settles::Sports, i64::MIN, i64::MAX, 6), (5, vec![]));
    assert_eq!(page(Settles::Casino, i64::MIN, i64::MAX, 0), (0, vec![]));
    // Between two settlements' times, both included.
    let at = |mid| history.settlements(1).expect("reads").iter().find(|settlement| settlement.entry.mid == mid).map(|settlement| settlement.entry.at_ms).expect("settled");
    assert_eq!(page(Settles::Sports, at(8), at(10), 0), (3, vec![10, 9]));
    assert_eq!(page(Settles::Sports, at(8) + 1, at(10) - 1, 0), (1, vec![9]));
    assert_eq!(page(Settles::Sports, at(10), at(8), 0), (0, vec![]), "an empty range");
    let all: Vec<u64> = history.settlements(1).expect("reads").iter().map(|settlement| settlement.entry.mid).collect();
    assert_eq!(all, vec![11, 10, 9, 8, 7], "every row, newest first");
}

#[test]
fn a_history_of_another_layout_is_dropped_at_open_and_folded_again() {
    let (state, log) = history_log(commands());
    let store = MemStore::default();
    store.append(&log).expect("appends");
    let dir = tempfile::tempdir().expect("temp dir");
    {
        // A history as the layout before the layout record kept it: rows, and its applied event.
        let db = sled::open(dir.path().join(ledger::history::HISTORY_DIR)).expect("opens");
        let tree = db.open_tree("history").expect("opens");
        tree.insert([2u8; 17], &b"a row of the old layout"[..]).expect("writes");
        tree.insert(b"\xffapplied", &(log.len() as u64).to_be_bytes()).expect("writes");
        db.flush().expect("flushes");
    }
    let history = History::open(dir.path()).expect("opens");
    assert_eq!(history.applied().expect("reads"), 0, "dropped");
    assert_eq!(history.catch_up(&store).expect("catches up"), log.len() as u64);
    let again = tempfile::tempdir().expect("temp dir");
    history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state).expect("the same as one folded from the log");
    drop(history);
    assert_eq!(History::open(dir.path()).expect("opens again").applied().expect("reads"), log.len() as u64, "its own layout is kept");
}
