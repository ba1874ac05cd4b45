//! Durable commands through the engine at a given number of concurrent submitters, on the segment
//! log and on sled, and raw sled and a plain file writing the same encoded events in the same
//! batches (the ceilings the engine sits under).

use ledger::AccountCommand;
use crate::counting::{AppendRecord, Counting, NullStore};
use crate::stats::{Latencies, Row};
use ledger::{Command, EngineHandle, Store};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Accounts the submitters credit and debit; submitter `i` uses account `i % ACCOUNTS`.
const ACCOUNTS: usize = 256;
/// Each account starts with this much, so that every debit of the run is accepted.
const OPENING_BALANCE_MINOR: i64 = 100_000_000;
const CREDIT_MINOR: i64 = 250;
const DEBIT_MINOR: i64 = 100;
/// How long to wait for the engine thread to let go of the store after its handle is dropped.
const ENGINE_STOP_WAIT: Duration = Duration::from_secs(10);

/// What one engine run measured, plus what the raw comparison needs.
pub struct EngineRun {
    pub row: Row,
    /// Appends made during the measured window, in order.
    pub appends: Vec<AppendRecord>,
    /// First sequence number written during the measured window.
    pub first_seq: u64,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

fn account(i: usize) -> String {
    format!("bench{:03}", i % ACCOUNTS)
}

/// The k-th command of submitter `task`: three credits, then a debit (every one writes an event).
fn command(task: usize, k: u64) -> Command {
    let username = account(task);
    let remark = format!("bench t{task} n{k}");
    if k % 4 == 3 {
        Command::Accounts(AccountCommand::Debit { username, amount_minor: DEBIT_MINOR, remark })
    } else {
        Command::Accounts(AccountCommand::Credit { username, amount_minor: CREDIT_MINOR, remark })
    }
}

async fn seed(engine: &EngineHandle) {
    for i in 0..ACCOUNTS {
        let open = Command::Accounts(AccountCommand::OpenAccount {
            username: account(i),
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$bench$bench".into(),
            role: schemas::Role::User,
            must_change_password: false,
            rules_accepted: true,
        });
        engine.submit(now_ms(), open).await.expect("bench accounts have valid, distinct names");
        let credit = Command::Accounts(AccountCommand::Credit { username: account(i), amount_minor: OPENING_BALANCE_MINOR, remark: "opening balance".into() });
        engine.submit(now_ms(), credit).await.expect("the opening credit is within limits");
    }
}

/// One submitter: submit, await the durable answer, repeat until the deadline.
async fn submitter(engine: EngineHandle, task: usize, deadline: Instant) -> (Latencies, u64) {
    let mut latencies = Latencies::default();
    let mut rejected = 0;
    let mut k = 0;
    while Instant::now() < deadline {
        let started = Instant::now();
        match engine.submit(now_ms(), command(task, k)).await {
            Ok(_) => latencies.push(started.elapsed()),
            Err(_) => rejected += 1,
        }
        k += 1;
    }
    (latencies, rejected)
}

/// Runs `submitters` tasks against an engine over `store` for `duration`.
pub async fn run_engine<S: Store + 'static>(label: &str, store: S, submitters: usize, duration: Duration) -> EngineRun {
    let counting = Arc::new(Counting::new(store));
    let engine = ledger::start(counting.clone(), Box::new(|_, _| {})).expect("an empty store replays");
    seed(&engine).await;
    let first_seq = engine.read().head_seq + 1;
    counting.start_recording();
    let started = Instant::now();
    let deadline = started + duration;
    let tasks: Vec<_> = (0..submitters).map(|task| tokio::spawn(submitter(engine.clone(), task, deadline))).collect();
    let mut latencies = Latencies::default();
    let mut rejected = 0;
    for task in tasks {
        let (l, r) = task.await.expect("submitters do not panic");
        latencies.extend(l);
        rejected += r;
    }
    let elapsed = started.elapsed();
    let appends = counting.take();
    assert_eq!(rejected, 0, "every bench command is valid");
    drop(engine);
    wait_for_engine_stop(&counting);
    let events: u64 = appends.iter().map(|a| u64::from(a.events)).sum();
    let row = Row {
        case: label.into(),
        submitters,
        operations: latencies.len() as u64,
        elapsed,
        flushes: appends.len() as u64,
        events,
        latencies,
    };
    EngineRun { row, appends, first_seq }
}

/// The engine thread holds a clone of the store until it sees the channel closed.
pub fn wait_for_engine_stop<S>(store: &Arc<S>) {
    let started = Instant::now();
    while Arc::strong_count(store) > 1 && started.elapsed() < ENGINE_STOP_WAIT {
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The server's default store: sled, one `fdatasync` per batch (its head record unsynced).
pub async fn run_engine_on_sled(dir: &Path, submitters: usize, duration: Duration) -> EngineRun {
    let store = ledger::SledStore::open(dir).expect("a fresh sled directory opens");
    run_engine("engine (sled)", store, submitters, duration).await
}

/// The segment log (`serve --log segments`).
pub async fn run_engine_on_segments(dir: &Path, submitters: usize, duration: Duration) -> EngineRun {
    let store = ledger::SegmentStore::open(dir).expect("a fresh log directory opens");
    run_engine("engine (segment log)", store, submitters, duration).await
}

/// sled as the store did it before: the durable head record synced after every batch too (a
/// second device flush per batch), to show what that sync costs.
pub async fn run_engine_on_sled_synced_head(dir: &Path, submitters: usize, duration: Duration) -> EngineRun {
    let store = SyncedHead { inner: ledger::SledStore::open(dir).expect("a fresh sled directory opens"), head: std::fs::File::open(dir.join(ledger::store::head::HEAD_FILE)).expect("the head record") };
    run_engine("engine (sled + synced head record)", store, submitters, duration).await
}

struct SyncedHead {
    inner: ledger::SledStore,
    head: std::fs::File,
}

impl Store for SyncedHead {
    fn append(&self, batch: &[ledger::Envelope]) -> Result<(), ledger::StoreError> {
        self.inner.append(batch)?;
        self.head.sync_data().map_err(|source| ledger::StoreError::Io { context: "fdatasync of the head record", source })
    }

    fn read_from(&self, from: u64) -> ledger::store::Records<'_> {
        self.inner.read_from(from)
    }

    fn head(&self) -> u64 {
        self.inner.head()
    }
}

pub async fn run_engine_without_disk(submitters: usize, duration: Duration) -> Row {
    run_engine("engine (no disk)", NullStore::default(), submitters, duration).await.row
}

/// Reads back the events the engine wrote to its log (sled) during its window, encoded as the
/// store encodes them.
pub fn written_events(dir: &Path, first_seq: u64, count: u64) -> Vec<(u64, Vec<u8>)> {
    let store = ledger::open_data_dir(dir, None).expect("the engine's log directory reopens");
    store
        .read_from(first_seq)
        .take(count as usize)
        .map(|record| {
            let envelope = record.expect("the engine wrote readable records");
            (envelope.seq, ledger::store::encode(&envelope))
        })
        .collect()
}

/// Writes `events` to a fresh sled tree with `apply_batch` + `flush`, batch by batch as the engine
/// did. The latency is one batch's write: the least an acknowledgement could wait.
pub fn run_raw_sled(dir: &Path, submitters: usize, appends: &[AppendRecord], events: &[(u64, Vec<u8>)]) -> Row {
    let db = sled::open(dir).expect("a fresh sled directory opens");
    let log = db.open_tree("log").expect("sled opens a tree");
    let mut latencies = Latencies::default();
    let mut rest = events;
    let started = Instant::now();
    for append in appends {
        let (batch, tail) = rest.split_at(append.events as usize);
        rest = tail;
        let write_started = Instant::now();
        let mut writes = sled::Batch::default();
        for (seq, bytes) in batch {
            writes.insert(&seq.to_be_bytes(), bytes.as_slice());
        }
        log.apply_batch(writes).expect("sled applies the batch");
        db.flush().expect("sled flushes");
        latencies.push(write_started.elapsed());
    }
    let elapsed = started.elapsed();
    Row {
        case: "raw sled".into(),
        submitters,
        operations: events.len() as u64,
        elapsed,
        flushes: appends.len() as u64,
        events: events.len() as u64,
        latencies,
    }
}

/// The same batches appended to a plain file with one `fdatasync` each. Sled's `flush` on Linux
/// ends in `sync_file_range`, which does not flush the drive's write cache; this row shows what a
/// full data sync costs on this disk at the same batch sizes.
pub fn run_file_fdatasync(dir: &Path, submitters: usize, appends: &[AppendRecord], events: &[(u64, Vec<u8>)]) -> Row {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(dir.join("log")).expect("a log file can be created");
    let mut latencies = Latencies::default();
    let mut rest = events;
    let mut buffer = Vec::new();
    let started = Instant::now();
    for append in appends {
        let (batch, tail) = rest.split_at(append.events as usize);
        rest = tail;
        let write_started = Instant::now();
        buffer.clear();
        for (_, bytes) in batch {
            buffer.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            buffer.extend_from_slice(bytes);
        }
        file.write_all(&buffer).expect("the log file takes the batch");
        file.sync_data().expect("fdatasync succeeds");
        latencies.push(write_started.elapsed());
    }
    Row {
        case: "file + fdatasync".into(),
        submitters,
        operations: events.len() as u64,
        elapsed: started.elapsed(),
        flushes: appends.len() as u64,
        events: events.len() as u64,
        latencies,
    }
}
