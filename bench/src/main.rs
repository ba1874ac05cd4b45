//! `ledger-bench`: measures the ledger on this machine's disk, in one run.
//!
//! 1. Durable commands (credits and debits) through the group-commit engine at 1, 16 and 256
//!    concurrent submitters on sled (the server's default log), on the segment log (`--log
//!    segments`) and on sled syncing its head record after every batch too (a second device
//!    flush), against
//!    raw sled `apply_batch` + `flush` and a plain file + `fdatasync` of the same encoded events
//!    in the same batches; and the engine over a store that writes nothing, to separate the
//!    engine's own cost from the disk's.
//! 2. Replay: a realistic history of 1,000,000 events written to the segment log and to sled,
//!    then rebuilt into the projections with `ledger::audit::replay`.
//! 3. Space: bytes on disk divided by raw encoded event bytes after that history.
//!
//! 4. `--only startup` (not in the default run): a betting history of `--events` events (half of
//!    the commands bets) with a snapshot `--tail` events before its end, then a start from zero
//!    and a start from the snapshot plus the tail, each on a freshly opened log.
//!
//! 5. `--only travel` (not in the default run): a betting history of `--events` events on sled
//!    with the keeper taking its snapshots as it is written, then time travel to the middle and
//!    to the end of the log from zero and from the snapshots (`--every N`: the keeper's interval).
//!
//! 6. `--only orders` (not in the default run): exchange orders through the engine on sled and
//!    on the segment log (`orders.rs`), every other one a full match: the engine side of the
//!    durable-orders comparison with PostgreSQL in `scripts/bench-server --peers`.
//!    `--only cashouts`: the same with a cash out in every cycle of four (lay, back, back, cash
//!    out), against `bench/peers/order_cashout.sql`.
//!
//! 7. `--only scale` (not in the default run; issue 31): a data directory as a server that lived
//!    through `--events` events would have it (sled log, history projection caught up, the
//!    keeper's snapshots; at most `--accounts` players, most bets settled), kept under `--dir`
//!    as `scale-EVENTS` with `scale-EVENTS.summary` beside it for `history-scale` (bench/load),
//!    which starts the real server on it (`scripts/bench-ledger --only scale` runs both).
//!
//!    `--exchange PATH`: the server the snapshots are written for (a snapshot is trusted only by
//!    the build that wrote it). `--only scale-open --dir DATA_DIR [--cache-mb N] [--exchange PATH]`: the steps of a start on such a
//!    directory, timed, with this process's RSS after each (where the server's memory goes).
//!    `--only history-bytes --dir DATA_DIR`: what its history projection holds, by kind of key
//!    (keys, key and value bytes), against the projection's files on disk.
//!    `--only state-bytes --dir DATA_DIR [--exchange PATH]`: the state restored as a start
//!    restores it, and each of its big collections' entries and encoded bytes.
//!
//! `--only engine` runs only the engine rows of the two local logs (the peers comparison of
//! `scripts/bench-server --peers`), and `--submitters 1,16,64,256` replaces the default counts.
//!
//! `--quick` is a smoke run (1 s per case, 100,000 events). Temporary log directories go under
//! `target/bench-tmp` (a real disk, not tmpfs) unless `--dir` says otherwise.

mod counting;
mod durable;
mod history;
mod markets;
mod orders;
mod scale;
mod state_bytes;
mod stats;

use stats::Row;

/// The server's allocator (server/src/main.rs), so that the engine's allocations cost here what
/// they cost there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;
use std::time::Duration;

/// The targets the benchmarks are judged against.
const TARGET_COMMANDS_PER_SECOND: f64 = 20_000.0;
const TARGET_P99_MS: f64 = 10.0;
const TARGET_REPLAY_EVENTS_PER_SECOND: f64 = 500_000.0;
const SUBMITTERS: [usize; 3] = [1, 16, 256];

struct Options {
    /// Run only the durable-commands part, only its engine rows on the local logs, only the
    /// exchange orders, or only the replay-and-space part (for profiling and for the peers
    /// comparison).
    only: Option<String>,
    submitters: Vec<usize>,
    case_duration: Duration,
    history_events: u64,
    /// `--only startup`: events after the snapshot.
    tail_events: u64,
    /// `--only travel`: the keeper's interval.
    every_events: u64,
    /// `--only scale`: accounts at most.
    accounts: usize,
    /// `--only scale-open`: sled's cache, MB (0: the server's opens, sled's default); `--only
    /// scale`: the history's cache while it is built (0: the server's).
    cache_mb: u64,
    /// `--only scale`, `scale-open`: the server program whose build the snapshots are for.
    exchange: Option<PathBuf>,
    dir: PathBuf,
}

fn options() -> Options {
    let mut options = Options {
        only: None,
        submitters: SUBMITTERS.to_vec(),
        case_duration: Duration::from_secs(5),
        history_events: 1_000_000,
        tail_events: ledger::limits::SNAPSHOT_EVERY_EVENTS - 1,
        every_events: ledger::limits::SNAPSHOT_EVERY_EVENTS,
        accounts: 20_000,
        cache_mb: 0,
        exchange: None,
        dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/bench-tmp")),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => {
                options.case_duration = Duration::from_secs(1);
                options.history_events = 100_000;
            }
            "--seconds" => options.case_duration = Duration::from_secs_f64(value(args.next(), "--seconds")),
            "--events" => options.history_events = value(args.next(), "--events"),
            "--tail" => options.tail_events = value(args.next(), "--tail"),
            "--accounts" => options.accounts = value(args.next(), "--accounts"),
            "--cache-mb" => options.cache_mb = value(args.next(), "--cache-mb"),
            "--exchange" => options.exchange = Some(PathBuf::from(args.next().unwrap_or_else(|| usage("--exchange needs the server's path")))),
            "--every" => options.every_events = value::<u64>(args.next(), "--every").max(1),
            "--only" => match args.next().as_deref() {
                Some(part @ ("durable" | "engine" | "orders" | "cashouts" | "replay" | "startup" | "travel" | "scale" | "scale-open" | "history-bytes" | "state-bytes")) => options.only = Some(part.to_owned()),
                _ => usage("--only takes durable, engine, orders, cashouts, replay, startup, travel or scale"),
            },
            "--submitters" => options.submitters = counts(args.next()),
            "--dir" => options.dir = PathBuf::from(args.next().unwrap_or_else(|| usage("--dir needs a path"))),
            "-h" | "--help" => usage(""),
            other => usage(&format!("unknown argument {other}")),
        }
    }
    options
}

fn value<T: std::str::FromStr>(text: Option<String>, flag: &str) -> T {
    text.and_then(|t| t.parse().ok()).unwrap_or_else(|| usage(&format!("{flag} needs a number")))
}

/// A comma-separated list of submitter counts, each at least 1.
fn counts(text: Option<String>) -> Vec<usize> {
    let parsed: Option<Vec<usize>> = text.and_then(|t| t.split(',').map(|n| n.trim().parse().ok().filter(|n| *n > 0)).collect());
    parsed.filter(|c| !c.is_empty()).unwrap_or_else(|| usage("--submitters takes counts such as 1,16,64,256"))
}

fn usage(problem: &str) -> ! {
    eprintln!("{problem}\nusage: ledger-bench [--quick] [--seconds S] [--events N] [--dir DIR] [--only durable|engine|orders|cashouts|replay|startup|travel|scale|scale-open|history-bytes|state-bytes] [--tail N] [--every N] [--accounts N] [--cache-mb N] [--exchange PATH] [--submitters 1,16,256]");
    std::process::exit(2)
}

fn temp_dir(options: &Options) -> tempfile::TempDir {
    std::fs::create_dir_all(&options.dir).expect("the bench directory can be created");
    tempfile::Builder::new().prefix("ledger-").tempdir_in(&options.dir).expect("a temporary directory can be created")
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "MET"
    } else {
        "MISSED"
    }
}

async fn durable_commands(options: &Options) {
    println!("## Durable commands ({:.0} s per engine case)\n", options.case_duration.as_secs_f64());
    println!("{}", Row::header());
    let mut at_256 = None;
    let mut append_lines = Vec::new();
    let engine_only = options.only.as_deref() == Some("engine");
    for &submitters in &options.submitters {
        let engine_dir = temp_dir(options);
        let mut run = durable::run_engine_on_sled(engine_dir.path(), submitters, options.case_duration).await;
        println!("{}", run.row.markdown());
        let segments_dir = temp_dir(options);
        println!("{}", durable::run_engine_on_segments(segments_dir.path(), submitters, options.case_duration).await.row.markdown());
        if engine_only {
            continue;
        }
        let synced_dir = temp_dir(options);
        println!("{}", durable::run_engine_on_sled_synced_head(synced_dir.path(), submitters, options.case_duration).await.row.markdown());
        let events = durable::written_events(engine_dir.path(), run.first_seq, run.row.events);
        let raw_dir = temp_dir(options);
        let mut raw = durable::run_raw_sled(raw_dir.path(), submitters, &run.appends, &events);
        println!("{}", raw.markdown());
        let file_dir = temp_dir(options);
        println!("{}", durable::run_file_fdatasync(file_dir.path(), submitters, &run.appends, &events).markdown());
        let mut append = stats::Latencies::default();
        for record in &run.appends {
            append.push(Duration::from_micros(u64::from(record.micros)));
        }
        let append_total_ms: f64 = run.appends.iter().map(|a| f64::from(a.micros) / 1000.0).sum();
        append_lines.push(format!(
            "- {submitters} submitters: store.append of sled (apply_batch + flush + one fdatasync) inside the engine p50 {:.2} ms, p99 {:.2} ms, {:.0}% of the run",
            append.percentile_ms(50.0),
            append.percentile_ms(99.0),
            100.0 * append_total_ms / (run.row.elapsed.as_secs_f64() * 1000.0),
        ));
        if submitters == 256 {
            at_256 = Some((run.row.per_second(), run.row.latencies.percentile_ms(99.0)));
        }
    }
    if engine_only {
        println!();
        return;
    }
    for &submitters in &options.submitters {
        let mut row = durable::run_engine_without_disk(submitters, options.case_duration).await;
        println!("{}", row.markdown());
    }
    println!();
    for line in append_lines {
        println!("{line}");
    }
    if let Some((per_second, p99)) = at_256 {
        println!(
            "\nTarget at 256 submitters: >= {TARGET_COMMANDS_PER_SECOND:.0} commands/s ({}: {per_second:.0}), p99 <= {TARGET_P99_MS} ms ({}: {p99:.2} ms)\n",
            verdict(per_second >= TARGET_COMMANDS_PER_SECOND),
            verdict(p99 <= TARGET_P99_MS),
        );
    }
}

async fn durable_orders(options: &Options, mix: orders::Mix) {
    let cycle = match mix {
        orders::Mix::Orders => "lay, back, lay, back",
        orders::Mix::CashOuts => "lay, back, back, cash out",
    };
    println!("## Durable exchange orders ({:.0} s per case; {cycle}: every other step a full match)\n", options.case_duration.as_secs_f64());
    println!("{}", orders::OrdersRun::header());
    for &submitters in &options.submitters {
        let sled_dir = temp_dir(options);
        println!("{}", orders::run_on_sled(sled_dir.path(), mix, submitters, options.case_duration).await.markdown());
        let segments_dir = temp_dir(options);
        println!("{}", orders::run_on_segments(segments_dir.path(), mix, submitters, options.case_duration).await.markdown());
    }
    println!();
}

fn replay_and_space(options: &Options) {
    for backend in [history::Backend::Segments, history::Backend::Sled] {
        let dir = temp_dir(options);
        let report = history::run(dir.path(), options.history_events, backend);
        print_history(backend, &report);
    }
}

fn print_history(backend: history::Backend, report: &history::HistoryReport) {
    let name = backend.name();
    let rate = |d: Duration| report.events as f64 / d.as_secs_f64();
    println!("## Replay on {name} ({} events)\n", report.events);
    println!("| step | seconds | events/s |\n|---|---:|---:|");
    let mut rows = vec![("write the history (batches of 1,000 events, one flush each)", report.write_elapsed)];
    if let Some(raw) = &report.raw {
        rows.extend([
            ("sled: iterate the log's chunks and singles, fresh open (no decode)", raw.iterate_cold),
            ("sled: iterate them again, warm cache (no decode)", raw.iterate_warm),
            ("sled: iterate + unpack + rmp-serde decode, warm", raw.iterate_decode),
        ]);
    }
    rows.extend([
        ("**replay into projections, fresh open** (`ledger::audit::replay`, as at server start)", report.replay_cold_elapsed),
        ("`read_from(1)` decoded into a vector, warm", report.read_decode_elapsed),
        ("`apply` only (fold decoded envelopes into a `State`)", report.apply_elapsed),
        ("replay into projections again, warm", report.replay_warm_elapsed),
        ("time travel to the middle of the log by time (`replay_to`, warm)", report.travel_middle_elapsed),
        ("time travel to the last event by time (`replay_to`, warm)", report.travel_end_elapsed),
    ]);
    for (step, elapsed) in rows {
        println!("| {step} | {:.2} | {:.0} |", elapsed.as_secs_f64(), rate(elapsed));
    }
    println!("| open the store (before the fresh replay; the segment log checks every batch) | {:.2} | |", report.open_elapsed.as_secs_f64());
    println!(
        "\nTarget: replay (fresh open) >= {TARGET_REPLAY_EVENTS_PER_SECOND:.0} events/s ({})\n",
        verdict(rate(report.replay_cold_elapsed) >= TARGET_REPLAY_EVENTS_PER_SECOND)
    );
    println!("## Space on {name} ({} events)\n", report.events);
    println!("| measure | bytes | per event | x encoded |\n|---|---:|---:|---:|");
    let encoded = report.encoded_bytes as f64;
    for (measure, bytes) in [
        ("raw encoded events (`ledger::store::encode`)", report.encoded_bytes),
        ("sum of file sizes in the store's directory", report.files_bytes),
        ("allocated blocks of those files", report.allocated_bytes),
        ("the store's `size_on_disk()`", report.size_on_disk),
    ] {
        println!("| {measure} | {bytes} | {:.1} | {:.2} |", bytes as f64 / report.events as f64, bytes as f64 / encoded);
    }
    println!();
}

/// A 10,000,000-event log starts in at most 5 s.
const TARGET_STARTUP_SECONDS: f64 = 5.0;

fn startup(options: &Options) {
    let dir = temp_dir(options);
    let report = history::startup(dir.path(), options.history_events, options.tail_events);
    println!("## Start-up from a snapshot ({} events: {} accounts, {} bets, {} sessions)\n", report.events, report.users, report.bets, report.sessions);
    println!("| step | seconds |\n|---|---:|");
    println!("| write the history (batches of 1,000 events; not part of a start) | {:.2} |", report.write_elapsed.as_secs_f64());
    println!("| save the snapshot at event {} ({} bytes in one file; the keeper's work, off the engine) | {:.2} |", report.snapshot_seq, report.snapshot_bytes, report.snapshot_save_elapsed.as_secs_f64());
    println!("| **start from zero**: open the log, replay every event | {:.2} |", report.from_zero_elapsed.as_secs_f64());
    println!("| **start from the snapshot**: open the log and the snapshots, decode the snapshot, replay the {} events after it | {:.2} |", report.tail_events, report.from_snapshot_elapsed.as_secs_f64());
    println!("| … of which: open the log (every batch of its last segment checked, the others by their seals) | {:.2} |", report.log_opened_elapsed.as_secs_f64());
    println!("| … of which: open the snapshots (list the files, check their headers) | {:.2} |", (report.opened_elapsed - report.log_opened_elapsed).as_secs_f64());
    println!("| … of which: read and decode the snapshot (its parts on every core) | {:.2} |", report.decoded_elapsed.as_secs_f64());
    println!("| … of which: replay the tail | {:.2} |", (report.from_snapshot_elapsed - report.opened_elapsed - report.decoded_elapsed).as_secs_f64());
    println!("| then, once started (off the start's path): check every batch of the sealed segments | {:.2} |", report.sealed_check_elapsed.as_secs_f64());
    let seconds = report.from_snapshot_elapsed.as_secs_f64();
    println!("\nTarget: a {}-event log starts in <= {TARGET_STARTUP_SECONDS} s ({}: {seconds:.2} s)\n", report.events, verdict(seconds <= TARGET_STARTUP_SECONDS));
}

/// The aim: time travel answers within 2 s anywhere in the log.
const TARGET_TRAVEL_SECONDS: f64 = 2.0;

fn travel(options: &Options) {
    let dir = temp_dir(options);
    let report = history::travel(dir.path(), options.history_events, options.every_events);
    println!("## Time travel from snapshots ({} events: {} accounts, {} open bets at the end)\n", report.events, report.users, report.open_bets);
    println!("| moment | event reached | from zero, seconds | from the snapshots, seconds | snapshot used + events replayed |\n|---|---:|---:|---:|---|");
    for travel in &report.travels {
        let from = match travel.restored.snapshot_seq {
            0 => "none".to_owned(),
            seq => format!("{seq} + {}", travel.restored.tail_events),
        };
        println!("| {} | {} | {:.2} | {:.2} | {from} |", travel.moment, travel.seq, travel.from_zero_elapsed.as_secs_f64(), travel.from_snapshot_elapsed.as_secs_f64());
    }
    let count = report.snapshots.len() as u64;
    println!("\n- the history written in {:.1} s; the keeper's rounds (every {} events, looking every 50,000) took {:.1} s in all", report.write_elapsed.as_secs_f64(), report.every_events, report.keeper_elapsed.as_secs_f64());
    println!("- snapshots kept: {count} (at events {:?}), {} bytes in all, {} the largest", report.snapshots, report.snapshot_bytes, report.snapshot_bytes_max);
    println!(
        "- the log (sled): {} bytes on disk for {} encoded; the snapshots are {:.2} % of it ({:.0} bytes per {} events)",
        report.log_bytes,
        report.encoded_bytes,
        100.0 * report.snapshot_bytes as f64 / report.log_bytes as f64,
        report.snapshot_bytes as f64 / count.max(1) as f64,
        report.every_events,
    );
    let worst = report.travels.iter().map(|t| t.from_snapshot_elapsed.as_secs_f64()).fold(0.0, f64::max);
    println!("\nTarget: time travel <= {TARGET_TRAVEL_SECONDS} s anywhere ({}: {worst:.2} s at most from the snapshots)\n", verdict(worst <= TARGET_TRAVEL_SECONDS));
}

fn scale_build(options: &Options) {
    std::fs::create_dir_all(&options.dir).expect("the bench directory can be created");
    let dir = options.dir.join(format!("scale-{}", options.history_events));
    let report = scale::build(&dir, options.history_events, options.accounts, options.every_events, options.cache_mb, options.exchange.as_deref());
    let summary = scale::write_summary(&report);
    let mb = |bytes: u64| bytes as f64 / 1e6;
    let encoded = report.encoded_bytes as f64;
    println!("## History at scale: the data directory ({} events)\n", report.events);
    println!("| measure | value |\n|---|---:|");
    println!("| events; accounts; open bets at the end; markets settled | {}; {}; {}; {} |", report.events, report.users, report.open_bets, report.settled_markets);
    println!("| encoded events (`ledger::store::encode`), MB | {:.1} ({:.1} bytes an event) |", mb(report.encoded_bytes), encoded / report.events as f64);
    println!("| written: generate + append to the sled log ({} events a batch), history and keeper alongside, s | {:.1} ({:.0} events/s) |", scale::BATCH_EVENTS, report.write_elapsed.as_secs_f64(), report.events as f64 / report.write_elapsed.as_secs_f64());
    println!("| … the history's rounds alongside, summed, s; the keeper's, s | {:.1}; {:.1} |", report.history_elapsed.as_secs_f64(), report.keeper_elapsed.as_secs_f64());
    println!("| then: the history's last catch-up and flush after each leg, and the compactions between legs, s | {:.1} (applied to event {}) |", report.finish_elapsed.as_secs_f64(), report.history_applied);
    println!("| compactions of the log and the history between legs (every {} events), s | {} in {:.1} |", scale::COMPACT_EVERY_EVENTS, report.compactions, report.compact_elapsed.as_secs_f64());
    println!("| snapshots kept (every {}), the newest | {} , {} |", options.every_events, report.snapshots.len(), report.snapshots.last().copied().unwrap_or(0));
    println!("| disk: the whole directory, MB (× encoded) | {:.1} ({:.2}×) |", mb(report.total_bytes), report.total_bytes as f64 / encoded);
    println!("| … the sled log, MB (× encoded) | {:.1} ({:.2}×) |", mb(report.log_bytes), report.log_bytes as f64 / encoded);
    println!("| … the history projection, MB (× encoded) | {:.1} ({:.2}×) |", mb(report.history_bytes), report.history_bytes as f64 / encoded);
    println!("| … the snapshots, MB (× encoded) | {:.1} ({:.2}×) |", mb(report.snapshot_bytes), report.snapshot_bytes as f64 / encoded);
    println!("\nData directory: {}; summary: {}\n", dir.display(), summary.display());
}


#[tokio::main]
async fn main() {
    let options = options();
    println!("# ledger-bench (temporary log directories under {})\n", options.dir.display());
    if options.only.as_deref() == Some("scale") {
        scale_build(&options);
        return;
    }
    if options.only.as_deref() == Some("scale-open") {
        scale::open_probe(&options.dir, options.cache_mb, options.exchange.as_deref());
        return;
    }
    if options.only.as_deref() == Some("state-bytes") {
        state_bytes::probe(&options.dir, options.exchange.as_deref());
        return;
    }
    if options.only.as_deref() == Some("history-bytes") {
        scale::history_bytes(&options.dir);
        return;
    }
    if options.only.as_deref() == Some("startup") {
        startup(&options);
        return;
    }
    if options.only.as_deref() == Some("travel") {
        travel(&options);
        return;
    }
    if options.only.as_deref() == Some("orders") {
        durable_orders(&options, orders::Mix::Orders).await;
        return;
    }
    if options.only.as_deref() == Some("cashouts") {
        durable_orders(&options, orders::Mix::CashOuts).await;
        return;
    }
    if options.only.as_deref() != Some("replay") {
        durable_commands(&options).await;
    }
    if options.only.is_none() || options.only.as_deref() == Some("replay") {
        replay_and_space(&options);
    }
}
