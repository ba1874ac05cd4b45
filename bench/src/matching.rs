//! `matching-bench`: the exchange's matching step alone, on one thread, on books built in memory.
//!
//! The step is what the ledger does with a taker's order once it is accepted:
//! `ledger::book::matching::match_order` (pure: reads the book, says the fills), then
//! `Exchange::reduce` for every fill, then `Exchange::rest` for what is left, if anything. Seven
//! workloads: a full match, a taker through 25 price levels against 50 makers, a
//! partial match, a two-runner market with depth on both runners (where implied matching takes
//! part too), a five-runner book with depth on both sides, an implied match alone (a back of one
//! runner against the other runner's backs), and a twelve-runner race book. Each taker finds the same book: after it, outside the timed region, the makers
//! it took are put back and its own rest is taken away. Each taker is timed on its own; the
//! cost of one clock reading pair, measured first, is taken off each.
//!
//! Then one line for the whole pure path on the full-match workload: `ledger::decide` of a
//! `PlaceOrder` and `ledger::apply` of its events (acceptance checks, exposure, bets, the
//! accounts), with the maker placing its order again outside the timed region.
//!
//! The allocator is the server's (mimalloc): an order that leaves the book frees its strings.
//!
//! `--orders N` takers per run, `--runs R` runs (the median is reported), `--quick` for a smoke
//! run.

mod markets;

use ledger::book::ladder::{tick_down, tick_up};
use ledger::book::matching::{match_order, Take};
use ledger::betting::BookKind;
use ledger::{AccountEvent, BetDelay, BetEvent, BetInfo, BookKey, Command, Envelope, Event, Exchange, Order, Persistence, SportsCommand, State, UserId};
use schemas::sports::{Market, Side};
use schemas::Role;
use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The server's allocator, so that allocations cost here what they cost there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The market every workload trades on.
const MID: u64 = 7;
const GMID: u64 = 500;
/// Every resting order is 100.00.
const MAKER_SIZE_MINOR: i64 = 10_000;
/// Makers are users 1 to `MAKERS`, the taker the one after.
const MAKERS: u64 = 24;
const TAKER: UserId = MAKERS + 1;
/// The taker's rest takes this id; it is taken away before the next taker.
const TAKER_ORDER_ID: u64 = u64::MAX / 2;
/// The aim for full matches on one core (docs/benchmarks.md).
const TARGET_FULL_MATCHES_PER_SECOND: f64 = 2_000_000.0;
const T0: i64 = 1_700_000_000_000;

struct Options {
    orders: usize,
    runs: usize,
    /// Only this workload (1 to 7) and not the decide path: for profiling.
    only: Option<usize>,
}

fn options() -> Options {
    let mut options = Options { orders: 200_000, runs: 7, only: None };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => options = Options { orders: 20_000, runs: 3, ..options },
            "--orders" => options.orders = number(args.next(), "--orders"),
            "--runs" => options.runs = number(args.next(), "--runs"),
            "--workload" => options.only = Some(number(args.next(), "--workload")),
            other => {
                eprintln!("unknown argument {other}\nusage: matching-bench [--quick] [--orders N] [--runs R] [--workload 1-7]");
                std::process::exit(2)
            }
        }
    }
    options
}

fn number(text: Option<String>, flag: &str) -> usize {
    text.and_then(|t| t.parse().ok()).filter(|n| *n > 0).unwrap_or_else(|| {
        eprintln!("{flag} needs a number above 0");
        std::process::exit(2)
    })
}

/// A runner's resting orders: `levels` prices a side, `per_level` makers at each. Resting lays
/// (what a backer takes) from `best_lay_h` down, resting backs from the tick above it up.
#[derive(Clone, Copy)]
struct Depth {
    sid: u32,
    best_lay_h: u32,
    lay_levels: usize,
    back_levels: usize,
    per_level: usize,
}

/// A book as every taker of a workload finds it, every resting order's first state (to put it
/// back), and the takers, taken in turn.
struct Workload {
    name: &'static str,
    exchange: Exchange,
    kind: BookKind,
    makers: HashMap<u64, Order>,
    takers: Vec<Take>,
}

fn info(sid: u32, side: Side, price_h: u32) -> BetInfo {
    BetInfo {
        etid: 4,
        event_name: "Mumbai Indians v Chennai Super Kings".into(),
        market_name: "Match Odds".into(),
        section_name: format!("Runner {sid}"),
        gtype: "match".into(),
        sid,
        side,
        price_h,
        ip: "10.1.2.3".into(),
        browser: "Mozilla/5.0 (X11; Linux x86_64)".into(),
        requested_at_ms: T0,
        delay_ms: 0,
        fill: None,
    }
}

fn order(id: u64, user_id: UserId, sid: u32, side: Side, price_h: u32, size_minor: i64) -> Order {
    Order {
        id,
        user_id,
        request_id: format!("req-{id}"),
        gmid: GMID,
        book: BookKey { mid: MID, scope: 0 },
        sid,
        side,
        price_h,
        size_minor,
        unmatched_minor: size_minor,
        persistence: Persistence::Lapse,
        in_play: false,
        placed_at_ms: T0,
        info: info(sid, side, price_h),
    }
}

/// The `n` ladder prices from `from` on, going up or down.
fn prices(from: u32, n: usize, up: bool) -> Vec<u32> {
    std::iter::successors(Some(from), |p| if up { tick_up(*p) } else { tick_down(*p) }).take(n).collect()
}

/// The price `levels` ticks into the resting side a taker of `side` matches: its limit.
fn limit(depth: &Depth, side: Side, levels: usize) -> u32 {
    match side {
        Side::Back => prices(depth.best_lay_h, levels, false)[levels - 1],
        Side::Lay => prices(tick_up(depth.best_lay_h).expect("a price below the top"), levels, true)[levels - 1],
    }
}

fn workload(name: &'static str, runners: &[Depth], takers: Vec<Take>) -> Workload {
    let kind = BookKind::Runners(runners.iter().map(|r| r.sid).collect());
    let mut exchange = Exchange::default();
    let mut makers = HashMap::new();
    let mut id = 0;
    for runner in runners {
        let best_back_h = tick_up(runner.best_lay_h).expect("a price below the top");
        let sides = [(Side::Lay, prices(runner.best_lay_h, runner.lay_levels, false)), (Side::Back, prices(best_back_h, runner.back_levels, true))];
        for (side, levels) in sides {
            for price_h in levels {
                for _ in 0..runner.per_level {
                    id += 1;
                    let maker = order(id, 1 + id % MAKERS, runner.sid, side, price_h, MAKER_SIZE_MINOR);
                    exchange.rest(maker.clone(), &kind);
                    makers.insert(id, maker);
                }
            }
        }
    }
    Workload { name, exchange, kind, makers, takers }
}

fn take(runner: &Depth, side: Side, levels: usize, size_minor: i64) -> Take {
    Take { user_id: TAKER, sid: runner.sid, side, price_h: limit(runner, side, levels), size_minor }
}

/// The seven workloads. Match-odds books: three levels of four makers on each side of every
/// runner unless said otherwise.
fn workloads() -> Vec<Workload> {
    let runner = |sid: u32, best_lay_h: u32| Depth { sid, best_lay_h, lay_levels: 3, back_levels: 3, per_level: 4 };
    let three = [runner(1, 200), runner(2, 340), runner(3, 420)];
    let ladder = [Depth { lay_levels: 30, per_level: 2, ..three[0] }, three[1], three[2]];
    let deep = |sid: u32, best_lay_h: u32| Depth { sid, best_lay_h, lay_levels: 10, back_levels: 10, per_level: 5 };
    let two = [deep(1, 180), deep(2, 220)];
    let five = [deep(1, 300), deep(2, 450), deep(3, 600), deep(4, 900), deep(5, 1_500)];
    // Runner 1 has only backs (nothing to back into); runner 2's backs from 1.98 up imply 2.02
    // and down on runner 1.
    let implied = [Depth { sid: 1, best_lay_h: 200, lay_levels: 0, back_levels: 3, per_level: 4 }, Depth { sid: 2, best_lay_h: 197, lay_levels: 0, back_levels: 3, per_level: 4 }];
    let race: Vec<Depth> = [350, 400, 550, 700, 900, 1_100, 1_300, 1_700, 2_100, 2_600, 3_400, 5_000].iter().zip(1..).map(|(best_lay_h, sid)| deep(sid, *best_lay_h)).collect();
    // Through the best level and into the next: five makers and 150.00 of a sixth of two.
    let through = |runners: &[Depth]| runners.iter().flat_map(|r| [take(r, Side::Back, 2, 6 * MAKER_SIZE_MINOR + MAKER_SIZE_MINOR / 2), take(r, Side::Lay, 2, 6 * MAKER_SIZE_MINOR + MAKER_SIZE_MINOR / 2)]).collect::<Vec<_>>();
    vec![
        workload("full match: a back takes the first maker of the best level (3 runners)", &three, vec![take(&three[0], Side::Back, 1, MAKER_SIZE_MINOR)]),
        workload("25 price levels against 50 makers, all matched", &ladder, vec![take(&ladder[0], Side::Back, 25, 50 * MAKER_SIZE_MINOR)]),
        workload("partial match: the best level's 4 makers, 50.00 rests", &three, vec![take(&three[0], Side::Back, 1, 4 * MAKER_SIZE_MINOR + MAKER_SIZE_MINOR / 2)]),
        workload("two runners, 10 levels of 5 a side: backs and lays on both, 2 levels each", &two, through(&two)),
        workload("five runners, 10 levels of 5 a side: backs and lays on all, 2 levels each", &five, through(&five)),
        workload("implied: a back of runner 1 takes one of runner 2's backs at 1.98 (2 runners)", &implied, vec![Take { user_id: TAKER, sid: 1, side: Side::Back, price_h: 200, size_minor: MAKER_SIZE_MINOR * 98 / 100 }]),
        workload("a race: 12 runners, 10 levels of 5 a side: backs and lays on all, 2 levels each", &race, through(&race)),
    ]
}

/// What one run measured.
struct Run {
    matching: Duration,
    fills: usize,
}

/// The matching step for `orders` takers, each timed alone; the book put back after each.
fn run(workload: &Workload, orders: usize, clock: Duration) -> Run {
    let mut exchange = workload.exchange.clone();
    let rest_template = order(TAKER_ORDER_ID, TAKER, 1, Side::Back, 200, 0);
    let (mut matching_time, mut fills) = (Duration::ZERO, 0);
    for take in workload.takers.iter().cycle().take(orders) {
        let started = Instant::now();
        let matching = match_order(&exchange, MID, take);
        for fill in &matching.fills {
            exchange.reduce(fill.order_id, fill.size_minor);
        }
        let rests = matching.unmatched_minor > 0 && !matching.crosses_own;
        if rests {
            let rest = Order { sid: take.sid, side: take.side, price_h: take.price_h, size_minor: take.size_minor, unmatched_minor: matching.unmatched_minor, ..rest_template.clone() };
            exchange.rest(rest, &workload.kind);
        }
        matching_time += started.elapsed().saturating_sub(clock);
        fills += black_box(&matching).fills.len();
        put_back(&mut exchange, workload, &matching.fills, rests);
    }
    Run { matching: matching_time, fills }
}

/// The book as it was before the taker: its makers again, whole, and its rest gone.
fn put_back(exchange: &mut Exchange, workload: &Workload, fills: &[ledger::book::matching::Match], rested: bool) {
    for fill in fills {
        if let Some(left) = exchange.orders.get(&fill.order_id).map(|o| o.unmatched_minor) {
            exchange.reduce(fill.order_id, left);
        }
        exchange.rest(workload.makers[&fill.order_id].clone(), &workload.kind);
    }
    if rested {
        exchange.reduce(TAKER_ORDER_ID, exchange.orders[&TAKER_ORDER_ID].unmatched_minor);
    }
    debug_assert_eq!(exchange.orders.len(), workload.makers.len());
}

/// Full matches timed in batches, without a clock reading per order: `BATCH` makers queue at
/// the best lay of runner 1 (the other runners as in the first workload), `BATCH` takers each
/// take one of them in one timed loop, and the makers rest again, untimed. A check on the
/// clock's cost taken off the per-order figures, on a book of about the same size.
fn batched_full_match(orders: usize) -> f64 {
    const BATCH: usize = 16;
    let runners = [Depth { sid: 1, best_lay_h: 200, lay_levels: 1, back_levels: 0, per_level: BATCH }, Depth { sid: 2, best_lay_h: 340, lay_levels: 3, back_levels: 3, per_level: 4 }, Depth { sid: 3, best_lay_h: 420, lay_levels: 3, back_levels: 3, per_level: 4 }];
    let workload = workload("batched", &runners, vec![take(&runners[0], Side::Back, 1, MAKER_SIZE_MINOR)]);
    let mut exchange = workload.exchange.clone();
    let mut elapsed = Duration::ZERO;
    let rounds = orders.div_ceil(BATCH);
    for _ in 0..rounds {
        let started = Instant::now();
        for _ in 0..BATCH {
            let matching = match_order(&exchange, MID, &workload.takers[0]);
            for fill in &matching.fills {
                exchange.reduce(fill.order_id, fill.size_minor);
            }
            black_box(matching);
        }
        elapsed += started.elapsed();
        for (id, maker) in &workload.makers {
            if !exchange.orders.contains_key(id) {
                exchange.rest(maker.clone(), &workload.kind);
            }
        }
    }
    elapsed.as_nanos() as f64 / (rounds * BATCH) as f64
}

/// The median cost of reading the clock twice (`Instant::now` and `elapsed`).
fn clock_cost() -> Duration {
    let mut samples: Vec<Duration> = (0..100_001).map(|_| black_box(Instant::now()).elapsed()).collect();
    samples.sort_unstable();
    samples[samples.len() / 2]
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The table of the workloads; the full matches per second, if measured.
fn matching_rows(options: &Options, clock: Duration) -> Option<f64> {
    println!("| workload | resting orders | fills/order | orders/s | ns/order | ns/order, fastest–slowest run |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut full_match_per_second = None;
    for (i, workload) in workloads().into_iter().enumerate() {
        if options.only.is_some_and(|only| only != i + 1) {
            continue;
        }
        let runs: Vec<Run> = (0..options.runs).map(|_| run(&workload, options.orders, clock)).collect();
        let mut ns: Vec<f64> = runs.iter().map(|r| r.matching.as_nanos() as f64 / options.orders as f64).collect();
        let ns_median = median(&mut ns);
        let fills_per_order = runs[0].fills as f64 / options.orders as f64;
        println!(
            "| {} | {} | {fills_per_order:.1} | {:.0} | {ns_median:.0} | {:.0}–{:.0} |",
            workload.name,
            workload.makers.len(),
            1e9 / ns_median,
            ns[0],
            ns[ns.len() - 1]
        );
        if i == 0 {
            full_match_per_second = Some(1e9 / ns_median);
        }
    }
    full_match_per_second
}

fn main() {
    let options = options();
    let clock = clock_cost();
    println!("# matching-bench ({} takers a run, median of {} runs, one thread)\n", options.orders, options.runs);
    println!("Each taker timed alone; one clock reading pair ({} ns, the median of 100,001) taken off each.", clock.as_nanos());
    println!("A resting `Order` is {} bytes inline in `Exchange::orders`, with 7 strings on the heap (its request id and `BetInfo`).\n", std::mem::size_of::<Order>());
    if let Some(full) = matching_rows(&options, clock) {
        let verdict = if full >= TARGET_FULL_MATCHES_PER_SECOND { "MET" } else { "MISSED" };
        println!("\nTarget: >= {TARGET_FULL_MATCHES_PER_SECOND:.0} full matches/s on one core ({verdict}: {full:.0})");
    }
    if options.only.is_none_or(|only| only == 1) {
        let mut ns: Vec<f64> = (0..options.runs).map(|_| batched_full_match(options.orders)).collect();
        let ns_median = median(&mut ns);
        println!("\nFull matches timed in batches of 16 (one clock pair per batch, none taken off; 16 makers queued at runner 1's only lay price): {:.0} orders/s, {ns_median:.0} ns/order (runs {:.0}–{:.0})", 1e9 / ns_median, ns[0], ns[ns.len() - 1]);
    }
    if options.only.is_none() {
        println!();
        decide_row(&options, clock);
    }
}

// The whole pure path: decide + apply on a `State` with accounts.

fn market() -> Market {
    markets::match_odds(MID, GMID)
}

fn place(market: &Market, user_id: UserId, request_id: String, sid: u32, side: Side, price_h: u32, size_minor: i64) -> Command {
    let delay = BetDelay { in_play: false, ms_per_sec: 0 };
    Command::Sports(SportsCommand::PlaceOrder { user_id, request_id, market: market.clone(), delay, size_minor, persistence: Persistence::Lapse, info: info(sid, side, price_h) })
}

/// Decides and applies `command`; the events, or a panic if it is refused.
fn submit(state: &mut State, command: &Command) -> Vec<Event> {
    let events = ledger::decide(state, T0, command).unwrap_or_else(|reject| panic!("the benchmark's order is accepted: {reject:?}"));
    for event in &events {
        let seq = state.head_seq + 1;
        ledger::apply(state, &Envelope { seq, at_ms: T0, event: event.clone() });
    }
    events
}

/// The makers and the taker, each with a large balance, and the full-match book placed by the
/// makers through decide and apply (the same shape as the first workload).
fn decide_state(market: &Market) -> State {
    let mut state = State::default();
    let balance_minor = 1_000_000_000_000;
    for user_id in 1..=TAKER {
        let username = format!("user{user_id}");
        let events = [
            Event::Accounts(AccountEvent::AccountOpened { user_id, username: username.clone(), password_hash: format!("hash-{username}"), role: Role::User, must_change_password: false, rules_accepted: false }),
            Event::Accounts(AccountEvent::Credited { user_id, amount_minor: balance_minor, remark: "bench".into(), balance_after_minor: balance_minor }),
        ];
        for event in events {
            let seq = state.head_seq + 1;
            ledger::apply(&mut state, &Envelope { seq, at_ms: T0, event });
        }
    }
    let mut n = 0;
    for (sid, best_lay_h) in [(1, 200), (2, 340), (3, 420)] {
        let best_back_h = tick_up(best_lay_h).expect("a price below the top");
        for (side, levels) in [(Side::Lay, prices(best_lay_h, 3, false)), (Side::Back, prices(best_back_h, 3, true))] {
            for price_h in levels {
                for _ in 0..4 {
                    n += 1;
                    submit(&mut state, &place(market, 1 + n % MAKERS, format!("seed-{n}"), sid, side, price_h, MAKER_SIZE_MINOR));
                }
            }
        }
    }
    state
}

/// The full-match taker through `ledger::decide` + `ledger::apply`; its maker places the same
/// lay again afterwards, untimed. The state (bets, requests) grows through a run as it would.
/// The time, and the events of one order.
fn decide_run(initial: &State, market: &Market, orders: usize, clock: Duration) -> (Duration, usize) {
    let mut state = initial.clone();
    let (mut elapsed, mut events_per_order) = (Duration::ZERO, 0);
    for i in 0..orders {
        let command = place(market, TAKER, format!("take-{i}"), 1, Side::Back, 200, MAKER_SIZE_MINOR);
        let started = Instant::now();
        let events = ledger::decide(&state, T0, &command).expect("the taker's order is accepted");
        elapsed += started.elapsed().saturating_sub(clock);
        events_per_order = events.len();
        let maker = events.iter().find_map(|e| match e {
            Event::Bets(BetEvent::BetPlaced { user_id, .. }) if *user_id != TAKER => Some(*user_id),
            _ => None,
        });
        let maker = maker.expect("the taker matched a maker");
        let started = Instant::now();
        for event in events {
            let seq = state.head_seq + 1;
            ledger::apply(&mut state, &Envelope { seq, at_ms: T0, event });
        }
        elapsed += started.elapsed().saturating_sub(clock);
        submit(&mut state, &place(market, maker, format!("again-{i}"), 1, Side::Lay, 200, MAKER_SIZE_MINOR));
    }
    (elapsed, events_per_order)
}

fn decide_row(options: &Options, clock: Duration) {
    let market = market();
    let initial = decide_state(&market);
    let orders = options.orders / 4;
    let runs: Vec<(Duration, usize)> = (0..options.runs).map(|_| decide_run(&initial, &market, orders, clock)).collect();
    let mut ns: Vec<f64> = runs.iter().map(|(elapsed, _)| elapsed.as_nanos() as f64 / orders as f64).collect();
    let ns_median = median(&mut ns);
    println!("The whole pure path on the full-match book ({orders} takers a run, median of {} runs; decide and apply timed apart, two clock pairs taken off):\n", options.runs);
    println!("| path | events/order | orders/s | ns/order | ns/order, fastest–slowest run |\n|---|---:|---:|---:|---:|");
    println!(
        "| `ledger::decide` (PlaceOrder) + `ledger::apply` of its events (the fill's two bets, the order) | {} | {:.0} | {ns_median:.0} | {:.0}–{:.0} |",
        runs[0].1,
        1e9 / ns_median,
        ns[0],
        ns[ns.len() - 1]
    );
}
