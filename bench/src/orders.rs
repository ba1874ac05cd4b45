//! Durable exchange orders through the engine at a given number of concurrent submitters, on sled
//! (the server's default log) and on the segment log: the engine side of issue 32's comparison
//! with PostgreSQL (`bench/peers/order.sql`, which runs the same cycle on the same books).
//!
//! Each submitter trades on its own match-odds market with two accounts of its own, in a cycle
//! of four orders of 100.00 at 2.00 on runner 1: the first account lays (it rests), the second
//! backs (it takes that lay: one fill, two bets), the second lays (it rests), the first backs (it
//! takes it). Every other order is a full match, and both positions are flat after each cycle,
//! so a run of any length needs no more balance than its first orders. A third account gives
//! every book some depth the cycle never reaches: lays at 1.95 to 1.99 and backs at 2.02 to
//! 2.10. One book per submitter is PostgreSQL's best case (no client waits for another's row
//! locks); the engine, a single writer, does not care.
//!
//! With cash outs in the mix (`--only cashouts`; `bench/peers/order_cashout.sql` for
//! PostgreSQL) the cycle is: the first account lays (it rests), the second backs (it takes it),
//! the first backs (it rests at 2.00, below the depth's backs), the second cashes out (its hedge
//! is a lay of 100.00 at 2.00 that takes the first's back whole). Again one order in two is a
//! full match, and both positions are flat after each cycle.
//!
//! A refused order, or a back or cash out that does not fill whole, fails the run: the figures
//! would then measure something else.

use crate::counting::Counting;
use crate::durable::{now_ms, wait_for_engine_stop};
use crate::stats::{Latencies, Row};
use ledger::{AccountCommand, AccountEvent, BetDelay, BetEvent, BetInfo, Command, EngineHandle, Event, Persistence, SportsCommand, Store, UserId};
use schemas::sports::{Market, Side};
use schemas::Role;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Every order of the cycle: 100.00 at 2.00 on runner 1.
const SIZE_MINOR: i64 = 10_000;
const PRICE_H: u32 = 200;
const SID: u32 = 1;
/// The depth of every book, 100.00 at each price, out of the cycle's reach: a back at 2.00 takes
/// lays at 2.00 or higher, a lay at 2.00 backs at 2.00 or lower.
const DEPTH_LAYS_H: [u32; 5] = [195, 196, 197, 198, 199];
const DEPTH_BACKS_H: [u32; 5] = [202, 204, 206, 208, 210];
/// As PostgreSQL's accounts (`order_schema.sql`): far more than the cycle ever holds.
const OPENING_BALANCE_MINOR: i64 = 10_000_000_000;
/// Submitter `i` trades on market `MID_BASE + i` of event `GMID_BASE + i`.
const MID_BASE: u64 = 1_000;
const GMID_BASE: u64 = 100_000;

/// Which cycle the submitters run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mix {
    /// Lay, back, lay, back.
    Orders,
    /// Lay, back, back, cash out.
    CashOuts,
}

impl Mix {
    fn label(self) -> &'static str {
        match self {
            Mix::Orders => "orders",
            Mix::CashOuts => "orders with cash outs",
        }
    }
}

/// What one step of the cycle does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// An order of 100.00 at 2.00 on this side; it fills whole (a back) or rests (a lay, or a
    /// back in the cash-out cycle).
    Place { side: Side, fills: bool },
    /// Cash out all of the position: one hedge order that fills whole.
    CashOut,
}

/// What one run measured: the engine row (operations are orders) and the fills in it.
pub struct OrdersRun {
    pub row: Row,
    pub fills: u64,
}

impl OrdersRun {
    pub fn header() -> &'static str {
        "| case | submitters | orders/s | fills/s | events/flush | flushes/s | p50 ms | p99 ms | orders | seconds |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    }

    pub fn markdown(&mut self) -> String {
        let seconds = self.row.elapsed.as_secs_f64();
        format!(
            "| {} | {} | {:.0} | {:.0} | {:.1} | {:.0} | {:.2} | {:.2} | {} | {:.1} |",
            self.row.case,
            self.row.submitters,
            self.row.per_second(),
            self.fills as f64 / seconds,
            self.row.events_per_flush(),
            self.row.flushes as f64 / seconds,
            self.row.latencies.percentile_ms(50.0),
            self.row.latencies.percentile_ms(99.0),
            self.row.operations,
            seconds,
        )
    }
}

/// One submitter's market and accounts.
struct Book {
    market: Market,
    first: UserId,
    second: UserId,
}

fn market(task: usize) -> Market {
    crate::markets::match_odds(MID_BASE + task as u64, GMID_BASE + task as u64)
}

/// An order asked at `at_ms` (the time it is submitted with: no in-play delay to wait).
fn place(market: &Market, at_ms: i64, user_id: UserId, request_id: String, side: Side, price_h: u32) -> Command {
    let info = BetInfo {
        etid: 4,
        event_name: "Mumbai Indians v Chennai Super Kings".into(),
        market_name: market.mname.clone(),
        section_name: format!("Runner {SID}"),
        gtype: "match".into(),
        sid: SID,
        side,
        price_h,
        ip: "10.1.2.3".into(),
        browser: "Mozilla/5.0 (X11; Linux x86_64)".into(),
        requested_at_ms: at_ms,
        delay_ms: 0,
        fill: None,
    };
    let delay = BetDelay { in_play: false, ms_per_sec: 0 };
    Command::Sports(SportsCommand::PlaceOrder { user_id, request_id, market: market.clone(), delay, size_minor: SIZE_MINOR, persistence: Persistence::Lapse, info })
}

/// Opens an account with the opening balance; its id.
async fn open_account(engine: &EngineHandle, username: String) -> UserId {
    let open = Command::Accounts(AccountCommand::OpenAccount {
        username: username.clone(),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$bench$bench".into(),
        role: Role::User,
        must_change_password: false,
        rules_accepted: true,
    });
    let committed = engine.submit(now_ms(), open).await.expect("bench accounts have valid, distinct names");
    let user_id = committed
        .events
        .iter()
        .find_map(|e| match &e.event {
            Event::Accounts(AccountEvent::AccountOpened { user_id, .. }) => Some(*user_id),
            _ => None,
        })
        .expect("an opened account");
    let credit = Command::Accounts(AccountCommand::Credit { username, amount_minor: OPENING_BALANCE_MINOR, remark: "opening balance".into() });
    engine.submit(now_ms(), credit).await.expect("the opening credit is within limits");
    user_id
}

/// Submitter `task`'s accounts and its book's depth.
async fn seed(engine: EngineHandle, task: usize) -> Book {
    let market = market(task);
    let first = open_account(&engine, format!("order{task:03}a")).await;
    let second = open_account(&engine, format!("order{task:03}b")).await;
    let depth = open_account(&engine, format!("order{task:03}d")).await;
    let levels = DEPTH_LAYS_H.iter().map(|p| (Side::Lay, *p)).chain(DEPTH_BACKS_H.iter().map(|p| (Side::Back, *p)));
    for (side, price_h) in levels {
        let at_ms = now_ms();
        let committed = engine.submit(at_ms, place(&market, at_ms, depth, format!("depth-{side:?}-{price_h}"), side, price_h)).await.expect("the depth is accepted");
        assert_eq!(bets(&committed.events), 0, "the depth rests");
    }
    Book { market, first, second }
}

/// The `k`-th step of a submitter: who takes it and what it does. `bench/peers/order.sql` and
/// `order_cashout.sql` compute the same.
fn step(book: &Book, mix: Mix, k: u64) -> (UserId, Action) {
    let place = |side: Side, fills: bool| Action::Place { side, fills };
    match (mix, k % 4) {
        (_, 0) => (book.first, place(Side::Lay, false)),
        (_, 1) => (book.second, place(Side::Back, true)),
        (Mix::Orders, 2) => (book.second, place(Side::Lay, false)),
        (Mix::Orders, _) => (book.first, place(Side::Back, true)),
        (Mix::CashOuts, 2) => (book.first, place(Side::Back, false)),
        (Mix::CashOuts, _) => (book.second, Action::CashOut),
    }
}

/// Cash out all of `user_id`'s position in `market` (no in-play delay to wait).
fn cash_out(market: &Market, at_ms: i64, user_id: UserId, request_id: String) -> Command {
    let info = BetInfo {
        etid: 4,
        event_name: "Mumbai Indians v Chennai Super Kings".into(),
        market_name: market.mname.clone(),
        section_name: String::new(),
        gtype: "match".into(),
        sid: 0,
        side: Side::Back,
        price_h: 0,
        ip: "10.1.2.3".into(),
        browser: "Mozilla/5.0 (X11; Linux x86_64)".into(),
        requested_at_ms: at_ms,
        delay_ms: 0,
        fill: None,
    };
    let delay = BetDelay { in_play: false, ms_per_sec: 0 };
    Command::Sports(SportsCommand::CashOut { user_id, request_id, market: market.clone(), delay, share_bp: 10_000, asked_value_minor: None, info })
}

fn bets(events: &[ledger::Envelope]) -> usize {
    events.iter().filter(|e| matches!(e.event, Event::Bets(BetEvent::BetPlaced { .. }))).count()
}

/// What one submitter saw.
#[derive(Default)]
struct Tally {
    latencies: Latencies,
    fills: u64,
    refused: u64,
    /// Why the first refused order was refused.
    first_refusal: Option<String>,
    /// Steps that did not do what the cycle expects: a back or cash out without exactly one
    /// fill, or an order that should rest and matched.
    off_cycle: u64,
}

/// One submitter: place, await the durable answer, repeat until the deadline.
async fn submitter(engine: EngineHandle, book: Book, mix: Mix, task: usize, deadline: Instant) -> Tally {
    let mut tally = Tally::default();
    let mut k = 0;
    while Instant::now() < deadline {
        let (user, action) = step(&book, mix, k);
        let at_ms = now_ms();
        let request_id = format!("o{task}-{k}");
        let (command, expected) = match action {
            Action::Place { side, fills } => (place(&book.market, at_ms, user, request_id, side, PRICE_H), usize::from(fills)),
            Action::CashOut => (cash_out(&book.market, at_ms, user, request_id), 1),
        };
        let started = Instant::now();
        match engine.submit(at_ms, command).await {
            Ok(committed) => {
                tally.latencies.push(started.elapsed());
                let fills = bets(&committed.events) / 2;
                tally.fills += fills as u64;
                tally.off_cycle += u64::from(fills != expected);
            }
            Err(e) => {
                tally.refused += 1;
                tally.first_refusal.get_or_insert_with(|| format!("{e:?}"));
            }
        }
        k += 1;
    }
    tally
}

/// Runs `submitters` order cycles against an engine over `store` for `duration`.
pub async fn run<S: Store + 'static>(label: &str, store: S, mix: Mix, submitters: usize, duration: Duration) -> OrdersRun {
    let counting = Arc::new(Counting::new(store));
    let engine = ledger::start(counting.clone(), Box::new(|_, _| {})).expect("an empty store replays");
    let seeding: Vec<_> = (0..submitters).map(|task| tokio::spawn(seed(engine.clone(), task))).collect();
    let mut books = Vec::with_capacity(submitters);
    for task in seeding {
        books.push(task.await.expect("seeding does not panic"));
    }
    counting.start_recording();
    let started = Instant::now();
    let deadline = started + duration;
    let tasks: Vec<_> = books.into_iter().enumerate().map(|(task, book)| tokio::spawn(submitter(engine.clone(), book, mix, task, deadline))).collect();
    let mut total = Tally::default();
    for task in tasks {
        let tally = task.await.expect("submitters do not panic");
        total.latencies.extend(tally.latencies);
        total.fills += tally.fills;
        total.refused += tally.refused;
        total.first_refusal = total.first_refusal.or(tally.first_refusal);
        total.off_cycle += tally.off_cycle;
    }
    let elapsed = started.elapsed();
    let appends = counting.take();
    assert_eq!(total.refused, 0, "every bench order is accepted; the first refused: {:?}", total.first_refusal);
    assert_eq!(total.off_cycle, 0, "every back or cash out that should fill fills whole against one order, and every other order rests");
    drop(engine);
    wait_for_engine_stop(&counting);
    let row = Row {
        case: format!("{} ({label})", mix.label()),
        submitters,
        operations: total.latencies.len() as u64,
        elapsed,
        flushes: appends.len() as u64,
        events: appends.iter().map(|a| u64::from(a.events)).sum(),
        latencies: total.latencies,
    };
    OrdersRun { row, fills: total.fills }
}

/// The server's default store: sled, one `fdatasync` per batch.
pub async fn run_on_sled(dir: &Path, mix: Mix, submitters: usize, duration: Duration) -> OrdersRun {
    let store = ledger::SledStore::open(dir).expect("a fresh sled directory opens");
    run("sled", store, mix, submitters, duration).await
}

/// The segment log (`serve --log segments`).
pub async fn run_on_segments(dir: &Path, mix: Mix, submitters: usize, duration: Duration) -> OrdersRun {
    let store = ledger::SegmentStore::open(dir).expect("a fresh log directory opens");
    run("segment log", store, mix, submitters, duration).await
}
