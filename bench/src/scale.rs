//! `--only scale` (issue 31): a data directory exactly as a server that lived through `events`
//! events would have it, for `exchange serve --data DIR` to open and `history-scale` (bench/load)
//! to measure. The history is the start-up bench's betting mix (half the commands bets, every
//! market settled once it has taken 400 of them, so all but the last market's bets are settled)
//! among at most `accounts` players, made by `decide` and `apply` as the engine would, written to
//! the sled log (the default) in large batches, each appended (and flushed) as one. A second
//! thread does what the server's threads do beside the engine: folds the log into the history
//! projection (`ledger::history`) and lets the keeper take its snapshots
//! (`Snapshots::catch_up`, every `every` events). At the end of each leg the projection is caught
//! up with the log and flushed, and the keeper takes its last round (a server's keeper would,
//! within `SNAPSHOT_CHECK_MS`), so the newest snapshot is at the log's head.
//! The log is written in legs of `COMPACT_EVERY_EVENTS`: after each leg but the last, the log
//! and the history are compacted with nothing holding them, as a server's start does when they
//! are bloated, so the directory never holds more than one leg's garbage.

use crate::history::{directory_bytes, Generator};
use ledger::history::History;
use ledger::{SledStore, Store};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Events per append while building (one flush each: durability costs nothing here, but the
/// format is the engine's).
pub const BATCH_EVENTS: usize = 10_000;
/// Events between two compactions of the log and the history while building (none after the
/// last leg: a server's first start compacts that one if it is bloated). Each leg's garbage
/// (sled keeps what the sealer removed and the history rewrote) then needs at most this many
/// events' worth of disk beside the compacted rest, so a 50M-event directory fits on a
/// disk that the uncompacted one (about 6× its encoded bytes) would not.
pub const COMPACT_EVERY_EVENTS: u64 = 5_000_000;
/// Bets per 100 commands, as in the start-up and travel benches.
const BETS_PERCENT: u64 = 50;
/// How often the follower thread looks at the log while it is written.
const FOLLOW_EVERY: Duration = Duration::from_millis(200);
/// The players' password in the built directory (and the seeded operator's: `operator123`).
pub const PLAYER_PASSWORD: &str = "player123";
const OPERATOR_PASSWORD: &str = "operator123";

pub struct BuildReport {
    pub dir: PathBuf,
    pub events: u64,
    pub users: usize,
    pub open_bets: usize,
    pub settled_markets: usize,
    pub encoded_bytes: u64,
    /// Generating and appending the log, the follower folding and snapshotting alongside.
    pub write_elapsed: Duration,
    /// Everything else: the follower's last rounds after each leg (history caught up, flushed),
    /// and the compactions between legs.
    pub finish_elapsed: Duration,
    /// Compactions of the log and the history between legs, and their time.
    pub compactions: u32,
    pub compact_elapsed: Duration,
    /// Rounds of the keeper and of the history while the log was written, summed.
    pub keeper_elapsed: Duration,
    pub history_elapsed: Duration,
    pub snapshots: Vec<u64>,
    pub snapshot_bytes: u64,
    pub history_applied: u64,
    /// Bytes on disk: the whole directory, and its parts.
    pub total_bytes: u64,
    pub log_bytes: u64,
    pub history_bytes: u64,
}

fn argon2_hash(password: &str) -> String {
    use argon2::password_hash::{rand_core::OsRng, PasswordHasher, SaltString};
    let salt = SaltString::generate(&mut OsRng);
    argon2::Argon2::default().hash_password(password.as_bytes(), &salt).expect("argon2 hashes").to_string()
}

/// Builds the data directory `dir` (removed first if it is there), its snapshots for the server
/// program `exchange` (a snapshot is trusted only by the build that wrote it: without it, those
/// of this benchmark's build, which a server ignores, replaying its log from zero). The history
/// is folded with a page cache of `cache_mb` (0: the server's).
pub fn build(dir: &Path, events: u64, accounts: usize, every: u64, cache_mb: u64, exchange: Option<&Path>) -> BuildReport {
    if dir.exists() {
        std::fs::remove_dir_all(dir).expect("the old scale directory is removed");
    }
    std::fs::create_dir_all(dir).expect("the scale directory is made");
    let build = exchange.map_or_else(ledger::snapshot::this_build, ledger::snapshot::build_of);
    let hashes = [argon2_hash(PLAYER_PASSWORD), argon2_hash(PLAYER_PASSWORD)];
    let mut generator = Generator::for_scale(BETS_PERCENT, accounts, hashes, argon2_hash(OPERATOR_PASSWORD));
    let mut legs = Legs::default();
    let started = Instant::now();
    let mut encoded_bytes = 0;
    let history_applied = loop {
        // A leg: the log written up to its end with the follower alongside, then (but after the
        // last) both compacted with nothing holding them, as a server's restart does when they
        // are bloated (`ledger::compaction::compact_bloated`); so the built directory never holds
        // more than a leg's garbage.
        let leg_end = (generator.state.head_seq + COMPACT_EVERY_EVENTS).min(events);
        let store: Arc<SledStore> = Arc::new(SledStore::open(dir).expect("the sled log opens"));
        let done = Arc::new(AtomicBool::new(false));
        let follower = follow(store.clone(), done.clone(), dir.to_owned(), build, every, cache_mb);
        let writing = Instant::now();
        encoded_bytes += generator.write_in_batches(store.as_ref(), leg_end, BATCH_EVENTS);
        legs.write += writing.elapsed();
        done.store(true, Ordering::Release);
        let finishing = Instant::now();
        let (history_elapsed, keeper_elapsed, applied) = follower.join().expect("the follower ends well");
        legs.finish += finishing.elapsed();
        (legs.history, legs.keeper) = (legs.history + history_elapsed, legs.keeper + keeper_elapsed);
        assert!(applied == generator.state.head_seq && store.head() == generator.state.head_seq, "the log and its history reach the last event");
        drop(store);
        if leg_end >= events {
            break applied;
        }
        let compacting = Instant::now();
        ledger::store::sled_compact::compact_log(dir).expect("the log compacts");
        History::compact(dir).expect("the history compacts");
        legs.compact += compacting.elapsed();
        legs.compactions += 1;
    };
    let state = &generator.state;
    let (write_elapsed, finish_elapsed) = (legs.write, started.elapsed() - legs.write);
    let snapshots = ledger::Snapshots::reading(dir, build).list();
    let snapshot_bytes = directory_bytes(&dir.join(ledger::snapshot::SNAPSHOT_DIR)).0;
    let history_bytes = directory_bytes(&dir.join(ledger::history::HISTORY_DIR)).0;
    let total_bytes = directory_bytes(dir).0;
    BuildReport {
        dir: dir.to_owned(),
        events: state.head_seq,
        users: state.accounts.users.len(),
        open_bets: state.betting.bets.len(),
        settled_markets: state.sports.resulted.len() as usize,
        encoded_bytes,
        write_elapsed,
        finish_elapsed,
        keeper_elapsed: legs.keeper,
        history_elapsed: legs.history,
        compactions: legs.compactions,
        compact_elapsed: legs.compact,
        snapshots,
        snapshot_bytes,
        history_applied,
        total_bytes,
        log_bytes: total_bytes - snapshot_bytes - history_bytes,
        history_bytes,
    }
}

/// The times of the legs, summed.
#[derive(Default)]
struct Legs {
    write: Duration,
    finish: Duration,
    history: Duration,
    keeper: Duration,
    compact: Duration,
    compactions: u32,
}

/// The thread that does what the server's threads do beside the engine while a leg is written:
/// folds the log into the history and lets the keeper take its snapshots, until `done`; then
/// catches the history up a last time and flushes it. Its times and the history's last event.
fn follow(store: Arc<SledStore>, done: Arc<AtomicBool>, dir: PathBuf, build: u64, every: u64, cache_mb: u64) -> std::thread::JoinHandle<(Duration, Duration, u64)> {
    std::thread::Builder::new()
        .name("scale-follower".into())
        .spawn(move || {
            let history = if cache_mb == 0 { History::open(&dir) } else { History::open_caching(&dir, cache_mb * 1_048_576) }.expect("the history opens");
            let keeper = ledger::Snapshots::open(&dir, build).expect("the snapshots open");
            let (mut history_elapsed, mut keeper_elapsed) = (Duration::ZERO, Duration::ZERO);
            loop {
                let finished = done.load(Ordering::Acquire);
                let folding = Instant::now();
                history.catch_up(store.as_ref()).expect("the history catches up");
                history_elapsed += folding.elapsed();
                if finished {
                    history.flush().expect("the history flushes");
                    // The keeper's last round, as a server's keeper would take it within
                    // `SNAPSHOT_CHECK_MS`: the events written since its round before are not left
                    // to a start's replay.
                    let keeping = Instant::now();
                    keeper.catch_up(store.as_ref(), every).expect("the keeper saves");
                    keeper_elapsed += keeping.elapsed();
                    return (history_elapsed, keeper_elapsed, history.applied().expect("the history's applied event"));
                }
                let keeping = Instant::now();
                keeper.catch_up(store.as_ref(), every).expect("the keeper saves");
                keeper_elapsed += keeping.elapsed();
                std::thread::sleep(FOLLOW_EVERY);
            }
        })
        .expect("the follower starts")
}

/// The figures `history-scale` needs, beside the directory (`DIR.summary`, `key=value` lines).
pub fn write_summary(report: &BuildReport) -> PathBuf {
    let path = report.dir.with_extension("summary");
    let text = format!(
        "events={}\nencoded_bytes={}\nusers={}\nbuilt_total_bytes={}\nbuilt_log_bytes={}\nbuilt_history_bytes={}\nbuilt_snapshot_bytes={}\nplayer_password={PLAYER_PASSWORD}\n",
        report.events, report.encoded_bytes, report.users, report.total_bytes, report.log_bytes, report.history_bytes, report.snapshot_bytes
    );
    std::fs::write(&path, text).expect("the summary is written");
    path
}

/// Resident memory of this process, MB (`/proc/self/status`).
fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib: f64 = status.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap_or(0.0);
    kib / 1024.0
}

/// `--only scale-open`: what a start costs, step by step, on a built directory (`--dir`): the
/// server's own opens (`ledger::limits::SLED_CACHE_BYTES` of cache per database) or, with `--cache-mb N`, the two
/// sled databases opened with an N MB cache. Time and this process's RSS after each step.
pub fn open_probe(dir: &Path, cache_mb: u64, exchange: Option<&Path>) {
    let started = Instant::now();
    let step = |what: &str| println!("| {what} | {:.2} | {:.1} |", started.elapsed().as_secs_f64(), rss_mb());
    println!("| step ({}) | seconds since the first | RSS MB |\n|---|---:|---:|", if cache_mb == 0 { "the server's opens".to_owned() } else { format!("sled opened with a {cache_mb} MB cache") });
    step("nothing opened");
    if cache_mb == 0 {
        let store = SledStore::open(dir).expect("the log opens");
        step(&format!("the sled log opened (head {})", store.head()));
        let history = History::open(dir).expect("the history opens");
        step(&format!("the history opened (applied {})", history.applied().expect("applied")));
        let build = exchange.map_or_else(ledger::snapshot::this_build, ledger::snapshot::build_of);
        let snapshots = ledger::Snapshots::reading(dir, build);
        let (state, restored) = snapshots.restore(&store).expect("the state restores");
        step(&format!("the state restored (snapshot {} + {} events)", restored.snapshot_seq, restored.tail_events));
        history.catch_up(&store).expect("the history catches up");
        step("the history caught up");
        drop(state);
    } else {
        let open = |path: &Path| sled::Config::new().path(path).cache_capacity(cache_mb * 1_048_576).open().expect("sled opens");
        let log = open(dir);
        let head = log.open_tree("log").expect("the log tree").last().expect("reads").map(|(k, _)| k.len()).unwrap_or(0);
        step(&format!("the sled log opened (last key {head} bytes)"));
        let history = open(&dir.join(ledger::history::HISTORY_DIR));
        let applied = history.open_tree("history").expect("the history tree").get(b"\xffapplied").expect("reads").is_some();
        step(&format!("the history opened (applied record: {applied})"));
    }
}

/// `--only history-bytes`: what the history projection of a built directory (`--dir`) holds,
/// by kind of key: keys, their bytes and their values' bytes, against its files on disk.
pub fn history_bytes(dir: &Path) {
    let path = dir.join(ledger::history::HISTORY_DIR);
    let db = sled::Config::new().path(&path).cache_capacity(64 * 1_048_576).open().expect("the history opens");
    let tree = db.open_tree("history").expect("the history tree");
    let mut kinds: BTreeMap<u8, (u64, u64, u64)> = BTreeMap::new();
    for item in tree.iter() {
        let (key, value) = item.expect("reads");
        let kind = kinds.entry(key.first().copied().unwrap_or(0)).or_default();
        *kind = (kind.0 + 1, kind.1 + key.len() as u64, kind.2 + value.len() as u64);
    }
    let disk = directory_bytes(&path).0;
    println!("| key kind | keys | key bytes | value bytes | bytes a key |\n|---|---:|---:|---:|---:|");
    let (mut keys, mut bytes) = (0, 0);
    for (kind, (count, key_bytes, value_bytes)) in &kinds {
        println!("| 0x{kind:02x} | {count} | {key_bytes} | {value_bytes} | {:.1} |", (key_bytes + value_bytes) as f64 / *count as f64);
        keys += count;
        bytes += key_bytes + value_bytes;
    }
    println!("| all | {keys} | | {bytes} (keys and values) | {:.1} |", bytes as f64 / keys.max(1) as f64);
    println!("\nfiles on disk: {disk} bytes, {:.2}× the keys and values", disk as f64 / bytes.max(1) as f64);
    // The same keys written once, in order, into a new sled database: what sled needs for them
    // when nothing is rewritten or scattered.
    let copy_path = dir.join("history.copy");
    let _ = std::fs::remove_dir_all(&copy_path);
    let copy = sled::Config::new().path(&copy_path).cache_capacity(64 * 1_048_576).open().expect("a new sled database opens");
    let copy_tree = copy.open_tree("history").expect("its tree");
    let mut batch = sled::Batch::default();
    for (written, item) in tree.iter().enumerate() {
        let (key, value) = item.expect("reads");
        batch.insert(key, value);
        if written % 10_000 == 9_999 {
            copy_tree.apply_batch(std::mem::take(&mut batch)).expect("writes");
        }
    }
    copy_tree.apply_batch(batch).expect("writes");
    copy.flush().expect("flushes");
    drop((copy_tree, copy));
    let copied = directory_bytes(&copy_path).0;
    println!("the same keys written once in order into a new sled database: {copied} bytes, {:.2}× the keys and values", copied as f64 / bytes.max(1) as f64);
    std::fs::remove_dir_all(&copy_path).expect("the copy is removed");
}
