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
/// A log in memory.
fn store_of(log: &[Envelope]) -> MemStore {
    let store = MemStore::default();
    store.append(log).expect("appends");
    store
}

/// The history of `dir`, fed `log` `events` at a time (as the engine feeds it: rows written one
/// to a key, then paged).
fn folded_in_batches(dir: &std::path::Path, log: &[Envelope], events: usize) -> History {
    let history = History::open(dir).expect("opens");
    for chunk in log.chunks(events) {
        history.apply(chunk).expect("folds");
    }
    history
}

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
    let store = store_of(&log);
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
    // The timeline: the two credits and the settlement move user 1's balance, the bet its exposure.
    let timeline: Vec<(i64, i64)> = history.money_timeline(1).expect("reads").iter().map(|p| (p.balance_minor, p.exposure_minor)).collect();
    assert_eq!(timeline.last().map(|p| p.0), Some(state.accounts.users[&1].balance_minor), "{timeline:?}");
    assert_eq!(compared.points, history.money_timeline(1).expect("reads").len() as u64 + history.money_timeline(2).expect("reads").len() as u64);
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
    let store = store_of(&log);
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
    let store = store_of(&log);
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
    let store = store_of(&log);
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

/// `events` as a log, one second apart from `T0`.
fn log_of(events: Vec<Event>) -> Vec<Envelope> {
    events.into_iter().enumerate().map(|(at, event)| Envelope { seq: at as u64 + 1, at_ms: T0 + at as i64 * 1_000, event }).collect()
}

/// A state at the end of `log` holding no bets: what `compare` needs beside two histories of
/// rows and rounds only.
fn state_at(log: &[Envelope]) -> State {
    State { head_seq: log.len() as u64, ..State::default() }
}

/// `dir`'s history as sled keeps it, opened once the `History` dropped before lets go of its
/// files (sled's threads hold them a moment after the drop, as `History::open` waits for too).
fn history_tree(dir: &std::path::Path) -> (sled::Db, sled::Tree) {
    let started = std::time::Instant::now();
    let db = loop {
        match sled::open(dir.join(ledger::history::HISTORY_DIR)) {
            Err(sled::Error::Io(e)) if e.to_string().contains("lock") && started.elapsed() < std::time::Duration::from_secs(10) => std::thread::sleep(std::time::Duration::from_millis(20)),
            opened => break opened.expect("opens"),
        }
    };
    let tree = db.open_tree("history").expect("opens");
    (db, tree)
}

/// The keys of `dir`'s history whose first byte is `kind`.
fn keys_of_kind(dir: &std::path::Path, kind: u8) -> usize {
    history_tree(dir).1.scan_prefix([kind]).count()
}

#[test]
fn an_accounts_rows_are_packed_into_a_page_once_the_row_after_it_exists() {
    let page = ledger::limits::HISTORY_PAGE_ROWS;
    for (rows, keys) in [(page - 1, page - 1), (page, page), (page + 1, 2), (2 * page, page + 1), (2 * page + 1, 3)] {
        let log = log_of((1..=rows as i64).map(|n| credited(1, n, n * (n + 1) / 2)).collect());
        let store = store_of(&log);
        let dir = tempfile::tempdir().expect("temp dir");
        {
            // Fed one event at a time, then compared with one folded in a single batch.
            let history = History::open(dir.path()).expect("opens");
            for event in log.chunks(1) {
                history.apply(event).expect("folds");
            }
            let again = tempfile::tempdir().expect("temp dir");
            let compared = history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state_at(&log)).expect("the same pages");
            assert_eq!(compared.rows, rows as u64, "{rows} rows");
            let amounts: Vec<i64> = history.rows(RowKind::Statement, 1).rev().map(|row| match row.expect("reads") {
                (_, Row::Statement(entry)) => entry.amount_minor,
                other => panic!("a statement row: {other:?}"),
            }).collect();
            assert_eq!(amounts, (1..=rows as i64).rev().collect::<Vec<i64>>(), "every row, newest first");
            let seqs: Vec<u64> = history.rows(RowKind::Statement, 1).map(|row| row.expect("reads").0).collect();
            assert_eq!(seqs, (1..=rows as u64).collect::<Vec<u64>>(), "each row with its event");
        }
        assert_eq!(keys_of_kind(dir.path(), RowKind::Statement as u8), keys, "{rows} rows: full pages packed, the rest one to a key");
    }
}

/// Player 1 bets on and wins `markets` markets, from market 7 on.
fn settled_markets(markets: u64) -> (State, Vec<Envelope>) {
    let won = |mid| {
        let market = market(mid, schemas::sports::MarketType::Match, vec![section(1, 185, 187), section(2, 210, 214)]);
        Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid, result: MarketResult::Winner { sid: 1 }, market })
    };
    history_log((7..7 + markets).flat_map(|mid| [bet_on(mid, &format!("r{mid}")), won(mid)]).collect())
}

#[test]
fn a_statement_page_reads_across_packed_pages_and_recent_rows_with_bounds_inside_a_page() {
    let page = ledger::limits::HISTORY_PAGE_ROWS as u64;
    let (state, log) = settled_markets(2 * page + 5);
    let store = store_of(&log);
    let dir = tempfile::tempdir().expect("temp dir");
    let history = folded_in_batches(dir.path(), &log, 7);
    let again = tempfile::tempdir().expect("temp dir");
    let compared = history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state).expect("the same as one rebuilt");
    assert_eq!(compared.bets, 2 * page + 5, "each bet once, in its settlement row");
    // Every settlement row, as the events made them: the truth the pages are held to.
    let all: Vec<(i64, u64)> = log.iter().flat_map(ledger::history::rows_of).filter_map(|(_, row)| match row {
        Row::Settlement(entry) => Some((entry.at_ms, entry.mid)),
        _ => None,
    }).collect();
    assert_eq!(all.len() as u64, 2 * page + 5);
    let times: Vec<i64> = all.iter().map(|(at_ms, _)| *at_ms).collect();
    // Bounds on rows, just inside and outside them, in the first page, the second and the
    // recent rows.
    let mut bounds = vec![i64::MIN, i64::MAX];
    for at in [0, 1, 5, page as usize - 1, page as usize, page as usize + 3, 2 * page as usize - 1, 2 * page as usize, all.len() - 1] {
        bounds.extend([times[at] - 1, times[at], times[at] + 1]);
    }
    for &from_ms in &bounds {
        for &to_ms in &bounds {
            let expected: Vec<u64> = all.iter().rev().filter(|(at_ms, _)| (from_ms..=to_ms).contains(at_ms)).map(|(_, mid)| *mid).collect();
            for (skip, take) in [(0, 10), (3, 10), (page as usize - 2, 5), (page as usize + 1, 40), (0, 200)] {
                let (total, rows) = history.settlement_page(1, Settles::Sports, from_ms, to_ms, skip, take).expect("reads");
                assert_eq!(total, expected.len() as u64, "the count of {from_ms}..={to_ms}, as if no row were packed");
                let mids: Vec<u64> = rows.iter().map(|settlement| settlement.entry.mid).collect();
                assert_eq!(mids, expected.iter().copied().skip(skip).take(take).collect::<Vec<u64>>(), "{from_ms}..={to_ms}, skip {skip}, take {take}");
            }
        }
    }
    // A bet settled in a packed page is found in it, and the first market's row has its bets.
    assert_eq!(history.bet(1, 1).expect("reads").map(|bet| bet.id), Some(1));
    let settlements = history.settlements(1).expect("reads");
    assert_eq!(settlements.len() as u64, 2 * page + 5);
    // Each market's row is found by its market, in a packed page or alone, as the full read has it.
    for settlement in &settlements {
        assert_eq!(history.market_settlements(1, settlement.entry.mid).expect("reads"), vec![settlement.clone()], "market {}", settlement.entry.mid);
    }
    assert_eq!(history.market_settlements(1, 6).expect("reads"), vec![], "a market never settled");
    for n in [0, 1, 5, page as usize, page as usize + 1, settlements.len(), settlements.len() + 3] {
        assert_eq!(history.latest_settlements(1, n).expect("reads"), settlements.iter().take(n).cloned().collect::<Vec<_>>(), "the {n} newest");
    }
    assert_eq!(history.market_settlements(2, 7).expect("reads"), vec![], "another account's market");
}

#[test]
fn a_tables_rounds_are_packed_and_found_by_book_and_by_time() {
    use ledger::casino::messages::CasinoEvent;
    let page = ledger::limits::HISTORY_PAGE_ROUNDS as u64;
    let rounds = 2 * page + 3;
    let round = |book: u64| {
        let opened = Event::Casino(CasinoEvent::RoundOpened { gtype: "teen".into(), mid: format!("{book}"), book, gmid: 9 });
        [opened, Event::Casino(CasinoEvent::RoundResulted { gtype: "teen".into(), book, result: None })]
    };
    let log = log_of((100..100 + rounds).flat_map(round).collect());
    let store = store_of(&log);
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let history = folded_in_batches(dir.path(), &log, 5);
        let again = tempfile::tempdir().expect("temp dir");
        let compared = history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state_at(&log)).expect("the same pages");
        assert_eq!(compared.rounds, rounds);
        for book in 100..100 + rounds {
            assert_eq!(history.round("teen", book).expect("reads").map(|record| record.mid), Some(format!("{book}")), "round {book}");
        }
        assert_eq!(history.round("teen", 99).expect("reads"), None);
        assert_eq!(history.round("teen", 100 + rounds).expect("reads"), None);
        assert_eq!(history.round("poker", 100).expect("reads"), None);
        // Round `book` resulted at the second event of its pair.
        let at = |book: u64| T0 + ((book - 100) * 2 + 1) as i64 * 1_000;
        let between = |from_ms, to_ms| history.rounds_between("teen", from_ms, to_ms).rev().map(|r| r.expect("reads").mid).collect::<Vec<String>>();
        assert_eq!(between(at(100 + page - 2), at(100 + page + 1)), (100 + page - 2..=100 + page + 1).rev().map(|b| b.to_string()).collect::<Vec<_>>(), "across a page's end, newest first");
        assert_eq!(between(at(105) + 1, at(107)), vec!["107".to_owned(), "106".to_owned()], "bounds inside a page");
        assert_eq!(between(i64::MIN, i64::MAX).len() as u64, rounds);
        assert!(between(at(110), at(109)).is_empty());
    }
    assert_eq!(keys_of_kind(dir.path(), 0x31), 5, "two pages, and the last three rounds one to a key");
    assert_eq!(keys_of_kind(dir.path(), 0x30), 5, "a round's book for each of them");
}

/// A trader's log: `bets` bets on market 7, settled (won, and a commission charged on it), then
/// `after` markets of one bet each, each settled (a settlement row each after the trader's).
fn a_traders_row(bets: usize, after: u64) -> (State, Vec<Envelope>) {
    use ledger::bets::messages::BetEvent;
    let credit = Command::Oversight(OperatorCommand::Operator { by: 2, username: "alice".into(), action: AccountAction::Credit { amount_minor: 100_000 * bets as i64 }, remark: "a trader".into() });
    let mut commands = vec![credit];
    commands.extend((0..bets).map(|n| bet(&format!("r{n}"), 1, Side::Back, 185)));
    commands.push(Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 1 }, market: match_odds() }));
    commands.extend((100..100 + after).flat_map(|mid| [bet_on(mid, &format!("s{mid}")), settle(mid)]));
    let (_, mut log) = history_log(commands);
    // The house's bets pay no commission: the row's commission is written in by hand, as a
    // matched market's would be.
    let at = log.iter().position(|e| matches!(e.event, Event::Bets(BetEvent::BetsSettled { mid: 7, .. }))).expect("market 7 settled");
    let Event::Bets(BetEvent::BetsSettled { balance_after_minor, .. }) = log[at].event else { unreachable!() };
    let commission = BetEvent::CommissionCharged { user_id: 1, gmid: 500, mid: 7, event_name: "A v B".into(), market_name: "Match Odds".into(), net_winnings_minor: 100, rate_bp: 500, commission_minor: 5, balance_after_minor: balance_after_minor - 5 };
    log.insert(at + 1, Envelope { seq: 0, at_ms: log[at].at_ms, event: Event::Bets(commission) });
    let mut state = State::default();
    for (n, envelope) in log.iter_mut().enumerate() {
        envelope.seq = n as u64 + 1;
        apply(&mut state, envelope);
    }
    (state, log)
}

#[test]
fn a_statement_page_reads_a_rows_first_bets_and_its_popup_all_of_them() {
    let listed = ledger::limits::STATEMENT_ROW_BETS_MAX;
    // The trader's row, then a page's worth of rows: it is packed into the first page.
    let after = ledger::limits::HISTORY_PAGE_ROWS as u64;
    let (state, log) = a_traders_row(listed + 20, after);
    let store = store_of(&log);
    let again = tempfile::tempdir().expect("temp dir");
    let rebuilt = History::rebuild(again.path(), &store).expect("rebuilds");
    for events in [1, 7, log.len()] {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let history = folded_in_batches(dir.path(), &log, events);
            let compared = history.compare(&rebuilt, &state).expect("the same keys, however it was batched");
            assert_eq!(compared.bets, (listed + 20) as u64 + after, "every settled bet counted once, those cut from their row too");
            let whole = history.market_settlements(1, 7).expect("reads").remove(0);
            assert_eq!(whole.bets.len(), listed + 20, "the popup lists every bet");
            assert_eq!(whole.entry.commission_minor, 5, "the row rewritten with its commission keeps its bets");
            assert_eq!(whole.entry.bets, whole.bets.iter().map(|bet| bet.id).collect::<Vec<u64>>(), "in the order settled");
            let (total, rows) = history.settlement_page(1, Settles::Sports, i64::MIN, i64::MAX, after as usize, 10).expect("reads");
            assert_eq!((total, rows.len()), (after + 1, 1));
            assert_eq!(rows[0].entry, whole.entry, "the row's entry counts every bet");
            assert_eq!(rows[0].bets[..], whole.bets[..listed], "the page reads the first {listed}");
            let last = whole.bets.last().expect("a bet");
            assert_eq!(history.bet(1, last.id).expect("reads").as_ref(), Some(last), "a bet past the first {listed} is found by its id");
            let all = history.settlements(1).expect("reads");
            assert_eq!((all.len() as u64, all.last().map(|settlement| &settlement.bets)), (after + 1, Some(&whole.bets)), "the full read lists every bet");
        }
        assert_eq!(keys_of_kind(dir.path(), 0x11), 1, "the row's bets past the first {listed} under one key");
        assert_eq!(keys_of_kind(dir.path(), RowKind::Settlement as u8), 2, "a page, and the last row alone");
    }
}

#[test]
fn a_commission_is_written_into_its_settlement_row_whether_the_row_is_then_packed_or_not() {
    use ledger::bets::messages::BetEvent;
    let page = ledger::limits::HISTORY_PAGE_ROWS as u64;
    let markets = 2 * page + 3;
    let settled = |mid: u64| {
        let row = Event::Bets(BetEvent::BetsSettled { user_id: 1, gmid: 500, mid, bets: Vec::new(), total_minor: 100, balance_after_minor: 0, exposure_after_minor: 0 });
        let commission = BetEvent::CommissionCharged { user_id: 1, gmid: 500, mid, event_name: "A v B".into(), market_name: "Match Odds".into(), net_winnings_minor: 100, rate_bp: 500, commission_minor: mid as i64 + 1, balance_after_minor: 0 };
        [row, Event::Bets(commission)]
    };
    let log = log_of((0..markets).flat_map(settled).collect());
    let store = store_of(&log);
    let again = tempfile::tempdir().expect("temp dir");
    let rebuilt = History::rebuild(again.path(), &store).expect("rebuilds");
    // A commission in the batch after its row, in the same one, and a row last in its batch.
    for batch in [1, 2, 3] {
        let dir = tempfile::tempdir().expect("temp dir");
        let history = folded_in_batches(dir.path(), &log, batch);
        history.compare(&rebuilt, &state_at(&log)).expect("the same pages");
        let kept: Vec<(u64, i64)> = history.settlements(1).expect("reads").iter().map(|settlement| (settlement.entry.mid, settlement.entry.commission_minor)).collect();
        assert_eq!(kept, (0..markets).rev().map(|mid| (mid, mid as i64 + 1)).collect::<Vec<_>>(), "batches of {batch}");
        let (total, rows) = history.settlement_page(1, Settles::Nothing, i64::MIN, i64::MAX, 0, 3).expect("reads");
        assert_eq!((total, rows.len()), (markets, 3));
    }
}

#[test]
fn a_round_is_found_by_its_book_after_a_restart_numbered_its_rounds_lower() {
    use ledger::casino::messages::CasinoEvent;
    let page = ledger::limits::HISTORY_PAGE_ROUNDS as u64;
    let round = |book: u64| {
        let opened = Event::Casino(CasinoEvent::RoundOpened { gtype: "teen".into(), mid: format!("{book}"), book, gmid: 9 });
        [opened, Event::Casino(CasinoEvent::RoundResulted { gtype: "teen".into(), book, result: None })]
    };
    // A world behind the last one's clock deals rounds numbered below the last ones.
    let books: Vec<u64> = (1_000..1_000 + page + 10).chain(500..500 + 2 * page).chain(2_000..2_005).collect();
    let log = log_of(books.iter().copied().flat_map(round).collect());
    let store = store_of(&log);
    let dir = tempfile::tempdir().expect("temp dir");
    let history = History::rebuild(dir.path(), &store).expect("rebuilds");
    for book in &books {
        assert_eq!(history.round("teen", *book).expect("reads").map(|record| record.mid), Some(format!("{book}")), "round {book}");
    }
    for unknown in [499, 500 + 2 * page, 999, 1_000 + page + 10, 1_999, 2_005] {
        assert_eq!(history.round("teen", unknown).expect("reads"), None, "round {unknown}");
    }
    assert_eq!(history.rounds_between("teen", i64::MIN, i64::MAX).count(), books.len());
}

#[test]
fn a_compacted_history_holds_the_same_keys_in_smaller_files_and_opens_caught_up() {
    let page = ledger::limits::HISTORY_PAGE_ROWS as u64;
    let (state, log) = settled_markets(6 * page + 3);
    let store = store_of(&log);
    let dir = tempfile::tempdir().expect("temp dir");
    {
        // Folded a few events at a time, as a running server does: rows written one to a key,
        // then paged, leave what sled removed in its files.
        let history = folded_in_batches(dir.path(), &log, 3);
        history.flush().expect("flushed");
    }
    let (before, after) = History::compact(dir.path()).expect("compacts");
    assert!(after < before, "the files shrink: {before} bytes before, {after} after");
    assert!(!dir.path().join("history.compact").exists() && !dir.path().join("history.old").exists(), "nothing left beside it");
    let history = History::open(dir.path()).expect("opens the compacted history");
    assert_eq!(history.applied().expect("applied"), log.len() as u64, "caught up as before: nothing to fold again");
    let again = tempfile::tempdir().expect("temp dir");
    let compared = history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state).expect("the same keys and values as one rebuilt");
    assert_eq!(compared.bets, 6 * page + 3);
    assert_eq!(history.settlements(1).expect("reads").len() as u64, 6 * page + 3);
}

#[test]
fn a_markets_settlement_is_found_for_each_of_its_accounts_and_for_no_other() {
    let bet_by = |user_id: u64, mid: u64, request_id: &str| {
        let market = market(mid, schemas::sports::MarketType::Match, vec![section(1, 185, 187), section(2, 210, 214)]);
        Command::Sports(SportsCommand::PlaceBet { user_id, request_id: request_id.into(), market, delay: ledger::BetDelay::default(), stake_minor: 10_000, info: info(1, Side::Back, 185), accept_odds: Default::default() })
    };
    let (mut state, mut log) = history_log(vec![]);
    let mut push = |state: &mut State, event: Event| {
        let envelope = Envelope { seq: state.head_seq + 1, at_ms: T0 + state.head_seq as i64 * 1_000, event };
        apply(state, &envelope);
        log.push(envelope);
    };
    for event in [opened(3, "bob", Role::User), credited(3, 100_000, 100_000), logged_in(3, 2, 8)] {
        push(&mut state, event);
    }
    // Both bet on market 9, only bob on market 10; both settled.
    for command in [bet_by(1, 9, "a9"), bet_by(3, 9, "b9"), bet_by(3, 10, "b10"), settle(9), settle(10)] {
        for event in decide(&state, T0 + state.head_seq as i64 * 1_000, &command).unwrap_or_else(|e| panic!("{command:?}: {e:?}")) {
            push(&mut state, event);
        }
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let history = folded_in_batches(dir.path(), &log, 3);
    for user_id in [1, 3] {
        let found = history.market_settlements(user_id, 9).expect("reads");
        assert_eq!(found.len(), 1, "account {user_id}'s row of market 9");
        assert_eq!(found[0].entry.mid, 9);
        assert_eq!(found[0].bets.iter().map(|bet| bet.user_id).collect::<Vec<_>>(), vec![user_id], "account {user_id}'s own bet");
        assert_eq!(Some(&found[0]), history.settlements(user_id).expect("reads").iter().find(|settlement| settlement.entry.mid == 9), "as the full read has it");
    }
    assert_eq!(history.market_settlements(3, 10).expect("reads").len(), 1, "bob's market 10");
    assert_eq!(history.market_settlements(1, 10).expect("reads"), vec![], "alice had nothing on market 10");
}

#[test]
fn an_accounts_timeline_packs_its_full_pages_eight_to_a_key_and_reads_every_point() {
    let page = ledger::limits::HISTORY_PAGE_ROWS;
    // Rows, then the timeline's keys: a row alone until the row after a page exists, full pages
    // one to a key until the eighth, then eight to a key (a volume).
    for (rows, keys) in [(8 * page, 7 + page), (8 * page + 1, 1 + 1), (9 * page + 1, 1 + 1 + 1), (16 * page + 5, 2 + 5), (17 * page + 1, 2 + 1 + 1)] {
        let log = log_of((1..=rows as i64).map(|n| credited(1, n, n * (n + 1) / 2)).collect());
        let store = store_of(&log);
        for events in [1, 7, rows] {
            let dir = tempfile::tempdir().expect("temp dir");
            {
                let history = folded_in_batches(dir.path(), &log, events);
                let again = tempfile::tempdir().expect("temp dir");
                let compared = history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state_at(&log)).expect("the same keys and values");
                assert_eq!(compared.points, rows as u64, "{rows} points");
                let balances: Vec<i64> = history.money_timeline(1).expect("reads").iter().map(|point| point.balance_minor).collect();
                assert_eq!(balances, (1..=rows as i64).map(|n| n * (n + 1) / 2).collect::<Vec<i64>>(), "{rows} rows fed {events} at a time: every point, in order");
            }
            assert_eq!(keys_of_kind(dir.path(), RowKind::Money as u8), keys, "{rows} rows fed {events} at a time");
        }
    }
}

/// Turns `dir`'s history back into the layout before timelines' volumes (7): each volume's
/// pages under their own keys (a page's key is its first row's), as that layout kept them.
fn unpack_volumes(dir: &std::path::Path) {
    let (db, tree) = history_tree(dir);
    let volumes: Vec<(sled::IVec, sled::IVec)> = tree.scan_prefix([RowKind::Money as u8]).map(|item| item.expect("reads")).filter(|(_, value)| value[12] == 2).collect();
    assert!(!volumes.is_empty(), "a volume to unpack");
    for (key, value) in volumes {
        let mut body = &value[13..];
        while !body.is_empty() {
            let len = u32::from_be_bytes(body[..4].try_into().expect("a length")) as usize;
            let page = &body[4..4 + len];
            let rows: Vec<(u64, serde::de::IgnoredAny)> = rmp_serde::from_slice(&zstd::stream::decode_all(&page[13..]).expect("a page")).expect("rows");
            tree.insert([&key[..9], &rows[0].0.to_be_bytes()[..]].concat(), page).expect("writes");
            body = &body[4 + len..];
        }
    }
    tree.insert(b"\xfflayout", &7u32.to_be_bytes()).expect("writes");
    db.flush().expect("flushes");
}

#[test]
fn a_history_whose_timelines_kept_their_pages_one_to_a_key_is_upgraded_at_open() {
    let page = ledger::limits::HISTORY_PAGE_ROWS;
    let rows = 17 * page + 3;
    let log = log_of((1..=rows as i64).map(|n| credited(1, n, n * (n + 1) / 2)).collect());
    let store = store_of(&log);
    let dir = tempfile::tempdir().expect("temp dir");
    drop(folded_in_batches(dir.path(), &log, 64));
    unpack_volumes(dir.path());
    assert_eq!(keys_of_kind(dir.path(), RowKind::Money as u8), 17 + 3, "the pages one to a key, as layout 7 kept them");
    let history = History::open(dir.path()).expect("opens, upgraded");
    assert_eq!(history.applied().expect("reads"), rows as u64, "upgraded, not folded again");
    let again = tempfile::tempdir().expect("temp dir");
    let compared = history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state_at(&log)).expect("the same keys as a fold of this layout");
    assert_eq!(compared.points, rows as u64);
    drop(history);
    assert_eq!(keys_of_kind(dir.path(), RowKind::Money as u8), 2 + 1 + 3, "two volumes, a page, the recent rows");
}

/// Turns `dir`'s history back into the layout before a settlement row's bets were cut (8): each
/// row's bets past the first `STATEMENT_ROW_BETS_MAX` put back into its page, their key removed.
fn rejoin_row_bets(dir: &std::path::Path) {
    use ledger::history::Settlement;
    let (db, tree) = history_tree(dir);
    let cut: Vec<(sled::IVec, sled::IVec)> = tree.scan_prefix([0x11]).map(|item| item.expect("reads")).collect();
    assert!(!cut.is_empty(), "a row's bets to put back");
    for (key, value) in cut {
        let (user_id, seq) = (&key[1..9], u64::from_be_bytes(key[9..].try_into().expect("a seq")));
        let rest: Vec<ledger::Bet> = rmp_serde::from_slice(&zstd::stream::decode_all(&value[..]).expect("bets")).expect("bets");
        let (page_key, page) = tree.scan_prefix([&[2u8][..], user_id].concat()).map(|item| item.expect("reads")).find(|(_, page)| {
            let rows: Vec<Settlement> = rmp_serde::from_slice(&zstd::stream::decode_all(&page[13..]).expect("a page")).expect("rows");
            rows.iter().any(|row| row.entry.seq == seq)
        }).expect("the row's page");
        assert_eq!(page[12], 1, "the row is in a page of rows");
        let mut rows: Vec<Settlement> = rmp_serde::from_slice(&zstd::stream::decode_all(&page[13..]).expect("a page")).expect("rows");
        rows.iter_mut().find(|row| row.entry.seq == seq).expect("the row").bets.extend(rest);
        let body = zstd::bulk::compress(&rmp_serde::to_vec(&rows).expect("encodes"), 1).expect("compresses");
        tree.insert(page_key, [&page[..13], &body[..]].concat()).expect("writes");
        tree.remove(key).expect("removes");
    }
    tree.insert(b"\xfflayout", &8u32.to_be_bytes()).expect("writes");
    db.flush().expect("flushes");
}

#[test]
fn a_history_whose_settlement_rows_kept_all_their_bets_is_upgraded_at_open() {
    let listed = ledger::limits::STATEMENT_ROW_BETS_MAX;
    let (state, log) = a_traders_row(listed + 20, ledger::limits::HISTORY_PAGE_ROWS as u64);
    let store = store_of(&log);
    let dir = tempfile::tempdir().expect("temp dir");
    drop(folded_in_batches(dir.path(), &log, 64));
    rejoin_row_bets(dir.path());
    assert_eq!(keys_of_kind(dir.path(), 0x11), 0, "every bet in its row, as layout 8 kept them");
    let history = History::open(dir.path()).expect("opens, upgraded");
    assert_eq!(history.applied().expect("reads"), log.len() as u64, "upgraded, not folded again");
    let again = tempfile::tempdir().expect("temp dir");
    let compared = history.compare(&History::rebuild(again.path(), &store).expect("rebuilds"), &state).expect("the same keys as a fold of this layout");
    assert_eq!(compared.bets, (listed + 20) as u64 + ledger::limits::HISTORY_PAGE_ROWS as u64);
    assert_eq!(history.market_settlements(1, 7).expect("reads")[0].bets.len(), listed + 20);
    drop(history);
    assert_eq!(keys_of_kind(dir.path(), 0x11), 1, "the row's bets past the first {listed} under their key");
}

#[test]
fn a_volume_cut_short_is_reported_as_damage_not_read_short() {
    let page = ledger::limits::HISTORY_PAGE_ROWS;
    let log = log_of((1..=(8 * page + 1) as i64).map(|n| credited(1, n, n)).collect());
    let dir = tempfile::tempdir().expect("temp dir");
    drop(folded_in_batches(dir.path(), &log, 64));
    {
        let (db, tree) = history_tree(dir.path());
        let (key, value) = tree.scan_prefix([RowKind::Money as u8]).next().expect("a key").expect("reads");
        assert_eq!(value[12], 2, "the timeline's first key is a volume");
        tree.insert(key, &value[..value.len() - 10]).expect("writes");
        db.flush().expect("flushes");
    }
    let history = History::open(dir.path()).expect("opens");
    let error = history.money_timeline(1).expect_err("a damaged volume");
    assert!(error.to_string().contains("history page"), "{error}");
}

#[test]
fn a_rows_cut_bets_gone_missing_are_reported_as_damage_not_listed_short() {
    let listed = ledger::limits::STATEMENT_ROW_BETS_MAX;
    let (_, log) = a_traders_row(listed + 20, 1);
    let dir = tempfile::tempdir().expect("temp dir");
    drop(folded_in_batches(dir.path(), &log, 64));
    {
        let (db, tree) = history_tree(dir.path());
        let (key, _) = tree.scan_prefix([0x11]).next().expect("the row's cut bets").expect("reads");
        tree.remove(key).expect("removes");
        db.flush().expect("flushes");
    }
    let history = History::open(dir.path()).expect("opens");
    let error = history.market_settlements(1, 7).expect_err("a row without its cut bets");
    assert!(error.to_string().contains("lists more bets than it keeps"), "{error}");
    let (total, rows) = history.settlement_page(1, Settles::Sports, i64::MIN, i64::MAX, 0, 10).expect("a statement page reads the rows' first bets only");
    assert_eq!((total, rows[1].bets.len()), (2, listed));
}
