//! Snapshots of the state (DESIGN §2, §8): the state folded up to an event, kept in files beside
//! the log, so that a start decodes the newest one and replays only the log's tail, and operators'
//! time travel ([`Snapshots::state_at`]) decodes the newest one at or before its moment and
//! replays only the events between. The log stays the truth: the audit still replays from zero,
//! and a snapshot that cannot be trusted is passed over for an older one or for a replay from zero.
//!
//! The keeper ([`Snapshots::catch_up`]) saves one at every multiple of its interval N and one at
//! the log's head, and keeps every multiple of N and the newest [`SNAPSHOTS_KEPT`]: a travel to
//! any moment replays fewer than N events (plus those a keeper has not reached yet), whatever the
//! length of the log, for one snapshot's bytes per N events on disk (the state holds only what is
//! open, so a snapshot is small beside the N events' log; docs/decisions.md has the figures).
//!
//! A snapshot is trusted only when all of these hold:
//! - it was written by this very build of the program ([`this_build`]): the state is encoded as
//!   compact MessagePack (fields by position), which a changed `State` would misread;
//! - the log holds the event the snapshot ends at, with the same bytes (their CRC-32): a snapshot
//!   of another log, or of events a damaged log lost, is not this log's;
//! - its bytes pass their CRC-32.
//!
//! A snapshot is encoded in parts, so that a start decodes them on every core at once: the rest
//! of the state, then the bets and the accounts (nearly all of a big state) as runs of `(id, value)`
//! of about [`SNAPSHOT_PART_BYTES`] each. A snapshot is one file, `{seq:020}.snap` in
//! `{data_dir}/snapshots`: the parts one after the other, each packed as a zstd frame (a third of
//! the encoded bytes), then the header (each part's offset, length, CRC-32 and unpacked length),
//! then a trailer (the header's length and CRC-32, and a magic). It is
//! written under a temporary name, made durable, and renamed into place: a snapshot whose writing
//! was cut off is not one. (DESIGN §8 kept them in sled; sled took 2.8× the bytes, 16 to 25 s to
//! write 900 MB and up to 2.6 s to open, docs/benchmarks.md.) [`Snapshots::keep_up`] takes them
//! off the engine's path: a thread that, every
//! [`SNAPSHOT_EVERY_EVENTS`] events, folds the log's new events into the newest snapshot and saves
//! the result (the engine's own state is never locked or copied for it).

use crate::audit::replay_onto;
use crate::ids::UserId;
use crate::limits::{SNAPSHOTS_KEPT, SNAPSHOT_LIFE_CHECK_MS, SNAPSHOT_PART_BYTES};
use crate::accounts::model::Account;
use crate::bets::model::Bet;
use crate::state::State;
use crate::event::Envelope;
use crate::store::{encode, Store, StoreError};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The snapshots' directory inside a data directory.
pub const SNAPSHOT_DIR: &str = "snapshots";

const SUFFIX: &str = ".snap";
const TEMP_SUFFIX: &str = ".snap.tmp";
/// The end of a snapshot file: header length u32, header CRC-32 u32, this magic.
const TRAILER_MAGIC: &[u8; 8] = b"EXSNAP02";
/// The magic of snapshots whose parts were not packed: no build of this version trusts them, so
/// opening the snapshots removes them.
const EARLIER_TRAILER_MAGIC: &[u8; 8] = b"EXSNAP01";
/// zstd's level for a snapshot's parts: a third of the encoded bytes at level 1 (a 50M-event
/// directory's state, 10.3 MB encoded: 3.4 MB at level 1, 3.3 MB at level 3 in twice the time).
const ZSTD_LEVEL: i32 = 1;
const TRAILER_BYTES: u64 = 16;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Header {
    build: u64,
    seq: u64,
    /// CRC-32 of the encoded event at `seq`, as the log holds it.
    head_event_crc: u32,
    parts: Vec<Part>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum PartKind {
    /// The state without its bets and accounts.
    Rest,
    /// `entries` values `(id, bet)` one after the other, in id order.
    Bets,
    /// `entries` values `(id, account)` one after the other, in id order.
    Users,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Part {
    kind: PartKind,
    entries: u64,
    /// Where its bytes (a zstd frame) begin in the file, how many there are, and their CRC-32.
    offset: u64,
    bytes: u64,
    crc: u32,
    /// The encoded values' bytes in the frame.
    raw: u64,
}

/// A part, decoded.
enum Decoded {
    Rest(Box<State>),
    Bets(Vec<(u64, Bet)>),
    Users(Vec<(UserId, Account)>),
}

/// What a start restored from: the snapshot's event (0: none, replayed from zero) and the tail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restored {
    pub snapshot_seq: u64,
    pub tail_events: u64,
}

impl Restored {
    /// How a start reached the state at event `head`: `at event N, from the snapshot at event S
    /// and the T events after it, in X ms` (or `replayed from zero`).
    pub fn describe(&self, head: u64, took: Duration) -> String {
        let from = match self.snapshot_seq {
            0 => "replayed from zero".to_owned(),
            seq => format!("from the snapshot at event {seq} and the {} events after it", self.tail_events),
        };
        format!("at event {head}, {from}, in {} ms", took.as_millis())
    }
}

pub struct Snapshots {
    dir: PathBuf,
    build: u64,
    part_bytes: u64,
}

/// A snapshot's file, its header read and checked.
struct Stored {
    path: PathBuf,
    header: Header,
}

fn file_name(seq: u64) -> String {
    format!("{seq:020}{SUFFIX}")
}

/// Whether a file is a snapshot of an earlier version (see [`EARLIER_TRAILER_MAGIC`]).
fn of_an_earlier_version(path: &Path) -> bool {
    let Ok(file) = File::open(path) else { return false };
    let len = file.metadata().map_or(0, |m| m.len());
    let mut magic = [0u8; 8];
    len >= TRAILER_BYTES && file.read_exact_at(&mut magic, len - 8).is_ok() && &magic == EARLIER_TRAILER_MAGIC
}

/// The header of a snapshot file, if its trailer and header check.
fn read_header(path: &Path) -> Result<Header, String> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    let len = file.metadata().map_err(|e| e.to_string())?.len();
    let mut trailer = [0u8; TRAILER_BYTES as usize];
    if len < TRAILER_BYTES || file.read_exact_at(&mut trailer, len - TRAILER_BYTES).is_err() || &trailer[8..] != TRAILER_MAGIC {
        return Err("it has no trailer".into());
    }
    let header_len = u64::from(u32::from_le_bytes(trailer[..4].try_into().expect("4 bytes")));
    let header_crc = u32::from_le_bytes(trailer[4..8].try_into().expect("4 bytes"));
    if header_len > len - TRAILER_BYTES {
        return Err("its header is longer than the file".into());
    }
    let mut bytes = vec![0u8; header_len as usize];
    file.read_exact_at(&mut bytes, len - TRAILER_BYTES - header_len).map_err(|e| e.to_string())?;
    if crc32fast::hash(&bytes) != header_crc {
        return Err("its header fails its checksum".into());
    }
    rmp_serde::from_slice(&bytes).map_err(|e| format!("its header does not decode: {e}"))
}

fn io(context: &'static str) -> impl FnOnce(std::io::Error) -> StoreError {
    move |source| StoreError::Io { context, source }
}

/// An identity of the running program: the CRC-32 of its executable and its length.
pub fn this_build() -> u64 {
    static BUILD: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BUILD.get_or_init(|| std::env::current_exe().map_or_else(|_| EMPTY_BUILD, |exe| build_of(&exe)))
}

/// The identity of the empty program, which an unreadable one is given.
const EMPTY_BUILD: u64 = 0;

/// The identity [`this_build`] gives the program at `path` (a benchmark writes snapshots the
/// server it starts will trust); an unreadable file is the empty program's. The file is read a
/// megabyte at a time: a release server with its debug information is over 200 MB, which a
/// whole read would leave in the allocator's hands, counted in the server's memory, long after
/// start.
pub fn build_of(path: &Path) -> u64 {
    let identity = || -> std::io::Result<u64> {
        let mut file = File::open(path)?;
        let (mut crc, mut len, mut buffer) = (crc32fast::Hasher::new(), 0u64, vec![0u8; 1 << 20]);
        loop {
            match file.read(&mut buffer)? {
                0 => return Ok((u64::from(crc.finalize()) << 32) | (len & 0xFFFF_FFFF)),
                read => {
                    crc.update(&buffer[..read]);
                    len += read as u64;
                }
            }
        }
    };
    identity().unwrap_or(EMPTY_BUILD)
}

/// The log's event `seq` (`None`: the log does not hold it).
fn event_at(store: &dyn Store, seq: u64) -> Result<Option<Envelope>, StoreError> {
    match store.read_from(seq).next() {
        Some(Ok(envelope)) if envelope.seq == seq => Ok(Some(envelope)),
        Some(Err(e)) => Err(e),
        _ => Ok(None),
    }
}

/// The CRC-32 of the log's event `seq` (`None`: the log does not hold it).
fn event_crc(store: &dyn Store, seq: u64) -> Result<Option<u32>, StoreError> {
    Ok(event_at(store, seq)?.map(|envelope| crc32fast::hash(&encode(&envelope))))
}

impl Snapshots {
    /// Opens (or creates) the snapshots in a data directory, trusted by `build` only. Those of
    /// an earlier version (sled's files, unpacked parts) are removed: snapshots only save time.
    pub fn open(data_dir: &Path, build: u64) -> Result<Self, StoreError> {
        let dir = data_dir.join(SNAPSHOT_DIR);
        std::fs::create_dir_all(&dir).map_err(io("creating the snapshots' directory"))?;
        for entry in std::fs::read_dir(&dir).map_err(io("listing the snapshots"))? {
            let path = entry.map_err(io("listing the snapshots"))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let earlier = name.ends_with(TEMP_SUFFIX) || name == "db" || name == "conf" || name == "blobs" || name == "snap" || name.starts_with("snap.");
            if earlier || (name.ends_with(SUFFIX) && of_an_earlier_version(&path)) {
                let removed = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
                removed.map_err(io("removing an unfinished or old snapshot"))?;
            }
        }
        Ok(Snapshots { dir, build, part_bytes: SNAPSHOT_PART_BYTES })
    }

    /// The snapshots in a data directory, to read beside the keeper that takes them (operators'
    /// time travel): it creates and removes nothing, and finds none where there is no directory.
    pub fn reading(data_dir: &Path, build: u64) -> Self {
        Snapshots { dir: data_dir.join(SNAPSHOT_DIR), build, part_bytes: SNAPSHOT_PART_BYTES }
    }

    /// The size of the parts of the snapshots this saves (tests use small parts).
    pub fn with_part_bytes(mut self, part_bytes: u64) -> Self {
        self.part_bytes = part_bytes.max(1);
        self
    }

    /// The complete snapshots, oldest first (a file whose header does not check is passed over).
    fn stored(&self) -> Vec<Stored> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return Vec::new() };
        let mut stored: Vec<Stored> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(SUFFIX)))
            .filter_map(|path| match read_header(&path) {
                Ok(header) => Some(Stored { path, header }),
                Err(reason) => {
                    tracing::warn!(path = %path.display(), %reason, "a snapshot file passed over");
                    None
                }
            })
            .collect();
        stored.sort_by_key(|s| s.header.seq);
        stored
    }

    /// The sequence numbers of the complete snapshots, oldest first.
    pub fn list(&self) -> Vec<u64> {
        self.stored().iter().map(|s| s.header.seq).collect()
    }

    /// Saves `state`, which must be folded from `store` (its head event is checked against it).
    pub fn save(&self, mut state: State, store: &dyn Store) -> Result<(), StoreError> {
        let seq = state.head_seq;
        let Some(head_event_crc) = event_crc(store, seq)? else {
            return Err(StoreError::NotAtTheEnd { state: seq, log: store.head() });
        };
        let (bets, users) = (std::mem::take(&mut state.betting.bets), std::mem::take(&mut state.accounts.users));
        let path = self.dir.join(file_name(seq));
        // A name of its own: the snapshot thread and a server's stop may save the same event.
        static SAVES: AtomicU64 = AtomicU64::new(0);
        let save = SAVES.fetch_add(1, Ordering::Relaxed);
        let temp = self.dir.join(format!("{seq:020}.{save}{TEMP_SUFFIX}"));
        let write = || -> Result<(), StoreError> {
            let file = File::create(&temp).map_err(io("creating a snapshot file"))?;
            let mut writer = PartWriter { out: BufWriter::with_capacity(1 << 20, file), offset: 0, raw: Vec::new(), entries: 0 };
            writer.put(seq, &state)?;
            let mut parts = vec![writer.end_part(seq, PartKind::Rest)?];
            writer.runs(seq, PartKind::Bets, &bets, self.part_bytes, &mut parts)?;
            writer.runs(seq, PartKind::Users, &users, self.part_bytes, &mut parts)?;
            let header = rmp_serde::to_vec(&Header { build: self.build, seq, head_event_crc, parts }).expect("a header encodes");
            let mut out = writer.out;
            out.write_all(&header).map_err(io("writing a snapshot"))?;
            out.write_all(&(header.len() as u32).to_le_bytes()).map_err(io("writing a snapshot"))?;
            out.write_all(&crc32fast::hash(&header).to_le_bytes()).map_err(io("writing a snapshot"))?;
            out.write_all(TRAILER_MAGIC).map_err(io("writing a snapshot"))?;
            let file = out.into_inner().map_err(|e| StoreError::Io { context: "writing a snapshot", source: e.into_error() })?;
            file.sync_all().map_err(io("syncing a snapshot"))?;
            std::fs::rename(&temp, &path).map_err(io("naming a snapshot"))?;
            File::open(&self.dir).and_then(|d| d.sync_all()).map_err(io("syncing the snapshots' directory"))
        };
        if let Err(error) = write() {
            let _ = std::fs::remove_file(&temp);
            return Err(error);
        }
        Ok(())
    }

    /// Saves `state` unless a snapshot of this build at its event is kept already; whether it
    /// saved. A server's clean stop: its next start then restores the state at its last event,
    /// with no tail to replay (after a market of many bets settled, the tail is that settlement,
    /// and the snapshot before it holds every one of those bets to decode and drop).
    pub fn save_unless_kept(&self, state: State, store: &dyn Store) -> Result<bool, StoreError> {
        if self.stored().iter().any(|s| s.header.build == self.build && s.header.seq == state.head_seq) {
            return Ok(false);
        }
        self.save(state, store)?;
        Ok(true)
    }

    /// Keeps every snapshot at a multiple of `every_events` (where time travel starts) and the
    /// newest [`SNAPSHOTS_KEPT`] (where a start starts); removes the others.
    fn prune(&self, every_events: u64) -> Result<(), StoreError> {
        let stored = self.stored();
        let older = &stored[..stored.len().saturating_sub(SNAPSHOTS_KEPT)];
        for old in older.iter().filter(|s| !s.header.seq.is_multiple_of(every_events.max(1))) {
            std::fs::remove_file(&old.path).map_err(io("removing an old snapshot"))?;
        }
        Ok(())
    }

    /// The file of complete snapshot `seq`, as it is kept: another node stores the same bytes
    /// ([`Snapshots::incoming`]; the JetStream log publishes the engine's) and trusts them by the
    /// same rules as its own.
    pub fn file(&self, seq: u64) -> Option<PathBuf> {
        self.stored().into_iter().find(|s| s.header.seq == seq).map(|s| s.path)
    }

    /// A snapshot file received from another node (see [`Snapshots::file`]), written as `save`
    /// writes one: under a temporary name, synced, then named. Whether it is trusted is decided
    /// when it is read, as for any.
    pub fn incoming(&self, seq: u64) -> Result<Incoming, StoreError> {
        let temp = self.dir.join(format!("{seq:020}{TEMP_SUFFIX}"));
        let file = File::create(&temp).map_err(io("creating a snapshot file"))?;
        Ok(Incoming { out: Some(BufWriter::with_capacity(1 << 20, file)), temp, path: self.dir.join(file_name(seq)) })
    }

    /// The newest snapshot this build trusts for `store`, decoded (see the module's rules).
    pub fn latest(&self, store: &dyn Store) -> Option<State> {
        self.newest_at(store, u64::MAX, i64::MAX)
    }

    /// The newest snapshot this build trusts for `store` taken at or before the moment `to_seq`,
    /// `at_ms` (its event at most `to_seq`, written at or before `at_ms`), decoded.
    fn newest_at(&self, store: &dyn Store, to_seq: u64, at_ms: i64) -> Option<State> {
        let last = to_seq.min(store.head());
        let ours: Vec<Stored> = self.stored().into_iter().filter(|s| s.header.build == self.build && s.header.seq <= last).collect();
        // The log's time never runs backwards, so the snapshots taken by `at_ms` come first: found
        // by halving, one event of the log read for each look (one it cannot read counts as later).
        let written = ours.partition_point(|s| event_at(store, s.header.seq).ok().flatten().is_some_and(|e| e.at_ms <= at_ms));
        for stored in ours[..written].iter().rev() {
            match self.load(stored, store) {
                Ok(state) => return Some(state),
                Err(reason) => tracing::warn!(seq = stored.header.seq, %reason, "a snapshot passed over"),
            }
        }
        None
    }

    fn load(&self, stored: &Stored, store: &dyn Store) -> Result<State, String> {
        let header = &stored.header;
        let file = File::open(&stored.path).map_err(|e| e.to_string())?;
        match event_crc(store, header.seq) {
            Ok(Some(crc)) if crc == header.head_event_crc => {}
            Ok(_) => return Err(format!("the log's event {} is not the one it was taken at", header.seq)),
            Err(e) => return Err(format!("reading the log's event {}: {e}", header.seq)),
        }
        // Every core reads and decodes parts, taking the next one left, until none is; this thread
        // meanwhile folds them into the state in their order (each run's ids follow the last's).
        let next = AtomicUsize::new(0);
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(header.parts.len());
        let (tx, rx) = std::sync::mpsc::channel::<(usize, Result<Decoded, String>)>();
        let mut state: Option<State> = None;
        let mut failure: Option<String> = None;
        let mut folded = 0;
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let tx = tx.clone();
                let (next, file) = (&next, &file);
                scope.spawn(move || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(part) = header.parts.get(i) else { return };
                    if tx.send((i, decode_part(file, part))).is_err() {
                        return;
                    }
                });
            }
            drop(tx);
            let mut waiting = BTreeMap::new();
            for (i, decoded) in rx {
                match decoded {
                    Ok(decoded) => drop(waiting.insert(i, decoded)),
                    Err(reason) => {
                        failure.get_or_insert(reason);
                        next.store(header.parts.len(), Ordering::Relaxed);
                    }
                }
                while let Some(decoded) = waiting.remove(&folded) {
                    folded += 1;
                    match (decoded, state.as_mut()) {
                        (Decoded::Rest(rest), None) => state = Some(*rest),
                        (Decoded::Bets(run), Some(state)) => state.betting.bets.extend(run),
                        (Decoded::Users(run), Some(state)) => state.accounts.users.extend(run),
                        _ => drop(failure.get_or_insert("its parts are out of order".into())),
                    }
                }
            }
        });
        if let Some(reason) = failure {
            return Err(reason);
        }
        if folded != header.parts.len() {
            return Err(format!("{folded} of its {} parts were read", header.parts.len()));
        }
        let state = state.ok_or("it has no state part")?;
        if state.head_seq != header.seq {
            return Err(format!("it holds the state at event {}", state.head_seq));
        }
        Ok(state)
    }

    /// The state at the end of `store`: the newest trusted snapshot and the log's tail after it, or
    /// a replay from zero when there is none.
    pub fn restore(&self, store: &dyn Store) -> Result<(State, Restored), StoreError> {
        self.state_at(store, u64::MAX, i64::MAX)
    }

    /// The state after every event with `seq <= to_seq` up to the first one later than `at_ms`,
    /// the very state `audit::replay_to` gives: the newest trusted snapshot at or before that
    /// moment and the events after it, or a replay from zero when there is none (operators' time
    /// travel).
    pub fn state_at(&self, store: &dyn Store, to_seq: u64, at_ms: i64) -> Result<(State, Restored), StoreError> {
        let snapshot = self.newest_at(store, to_seq, at_ms).unwrap_or_default();
        let snapshot_seq = snapshot.head_seq;
        let state = replay_onto(snapshot, store, to_seq, at_ms)?;
        let tail_events = state.head_seq - snapshot_seq;
        Ok((state, Restored { snapshot_seq, tail_events }))
    }

    /// Brings the snapshots up to the log's head once it has passed a multiple of `every_events`
    /// after the newest one: folds the new events into the newest snapshot (or replays from zero),
    /// saving the state at every multiple on the way and at the head, then removes those no longer
    /// kept (see `prune`). Returns the newest snapshot's event, if any was taken.
    pub fn catch_up(&self, store: &dyn Store, every_events: u64) -> Result<Option<u64>, StoreError> {
        let every = every_events.max(1);
        let newest = self.stored().iter().filter(|s| s.header.build == self.build).map(|s| s.header.seq).max().unwrap_or(0);
        let head = store.head();
        if head / every <= newest / every {
            return Ok(None);
        }
        let started = Instant::now();
        let mut state = self.latest(store).unwrap_or_default();
        while state.head_seq < head {
            let to_seq = (state.head_seq / every + 1).saturating_mul(every).min(head);
            state = replay_onto(state, store, to_seq, i64::MAX)?;
            if state.head_seq != to_seq {
                return Err(StoreError::NotAtTheEnd { state: state.head_seq, log: to_seq });
            }
            self.save(state.clone(), store)?;
        }
        self.prune(every)?;
        tracing::info!(seq = head, elapsed_ms = started.elapsed().as_millis() as u64, "snapshots of the state saved");
        Ok(Some(head))
    }

    /// Starts the thread that keeps the snapshots within `every_events` of the log's head,
    /// checking every `check` ([`crate::limits::SNAPSHOT_CHECK_MS`] on a server). It holds the
    /// store only while it takes a snapshot, and ends (closing the snapshots) soon after the
    /// store's last other holder lets go.
    pub fn keep_up(self: Arc<Self>, store: &Arc<dyn Store>, every_events: u64, check: Duration) -> Result<(), StoreError> {
        self.keep_up_then(store, every_events, check, |_, _| {})
    }

    /// [`Snapshots::keep_up`], calling `taken` on the thread after each snapshot it saves (a node
    /// on JetStream publishes it there for the other nodes).
    pub fn keep_up_then(self: Arc<Self>, store: &Arc<dyn Store>, every_events: u64, check: Duration, taken: impl Fn(&Snapshots, u64) + Send + 'static) -> Result<(), StoreError> {
        let store = Arc::downgrade(store);
        std::thread::Builder::new()
            .name("ledger-snapshots".into())
            .spawn(move || {
                let mut next_check = Instant::now();
                loop {
                    let Some(store) = store.upgrade() else { return };
                    if Instant::now() >= next_check {
                        match self.catch_up(store.as_ref(), every_events) {
                            Ok(Some(seq)) => taken(&self, seq),
                            Ok(None) => {}
                            Err(error) => tracing::warn!(%error, "taking a snapshot of the state failed"),
                        }
                        next_check = Instant::now() + check;
                    }
                    drop(store);
                    std::thread::sleep(Duration::from_millis(SNAPSHOT_LIFE_CHECK_MS).min(check));
                }
            })
            .map_err(io("starting the snapshot thread"))?;
        Ok(())
    }
}

/// A snapshot file being received ([`Snapshots::incoming`]); dropped unfinished, it leaves nothing.
pub struct Incoming {
    out: Option<BufWriter<File>>,
    temp: PathBuf,
    path: PathBuf,
}

impl Incoming {
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), StoreError> {
        self.out.as_mut().expect("written until finished").write_all(bytes).map_err(io("writing a snapshot"))
    }

    /// Syncs the file and names it (the keeper's next round removes what it does not keep).
    pub fn finish(mut self, snapshots: &Snapshots) -> Result<(), StoreError> {
        let out = self.out.take().expect("finished once");
        let named = out
            .into_inner()
            .map_err(|e| StoreError::Io { context: "writing a snapshot", source: e.into_error() })
            .and_then(|file| file.sync_all().map_err(io("syncing a snapshot")))
            .and_then(|()| std::fs::rename(&self.temp, &self.path).map_err(io("naming a snapshot")));
        if let Err(error) = named {
            let _ = std::fs::remove_file(&self.temp);
            return Err(error);
        }
        File::open(&snapshots.dir).and_then(|d| d.sync_all()).map_err(io("syncing the snapshots' directory"))
    }
}

impl Drop for Incoming {
    fn drop(&mut self) {
        if self.out.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// `entries` values encoded one after the other.
fn decode_run<T: serde::de::DeserializeOwned>(bytes: &[u8], entries: u64) -> Result<Vec<T>, rmp_serde::decode::Error> {
    let mut decoder = rmp_serde::Deserializer::from_read_ref(bytes);
    (0..entries).map(|_| T::deserialize(&mut decoder)).collect()
}

/// Reads a part's bytes from the file, checks them, unpacks them and decodes them.
fn decode_part(file: &File, part: &Part) -> Result<Decoded, String> {
    let mut packed = vec![0u8; usize::try_from(part.bytes).map_err(|e| e.to_string())?];
    file.read_exact_at(&mut packed, part.offset).map_err(|e| format!("its part at byte {}: {e}", part.offset))?;
    if crc32fast::hash(&packed) != part.crc {
        return Err(format!("its part at byte {} fails its checksum", part.offset));
    }
    let raw = usize::try_from(part.raw).map_err(|e| e.to_string())?;
    let bytes = zstd::bulk::decompress(&packed, raw).map_err(|e| format!("its part at byte {} does not unpack: {e}", part.offset))?;
    if bytes.len() != raw {
        return Err(format!("its part at byte {} unpacks to {} bytes, not {raw}", part.offset, bytes.len()));
    }
    let undecodable = |e: rmp_serde::decode::Error| format!("its part at byte {} does not decode: {e}", part.offset);
    Ok(match part.kind {
        PartKind::Rest => Decoded::Rest(Box::new(rmp_serde::from_slice(&bytes).map_err(undecodable)?)),
        PartKind::Bets => Decoded::Bets(decode_run(&bytes, part.entries).map_err(undecodable)?),
        PartKind::Users => Decoded::Users(decode_run(&bytes, part.entries).map_err(undecodable)?),
    })
}

/// Encodes a part's values into memory, then writes the part to the file packed (zstd) with the
/// CRC-32 of what it wrote.
struct PartWriter {
    out: BufWriter<File>,
    /// Bytes written to the file so far.
    offset: u64,
    /// The part being encoded, and how many values it holds.
    raw: Vec<u8>,
    entries: u64,
}

impl PartWriter {
    /// Encodes one value into the part being written.
    fn put(&mut self, seq: u64, value: &impl Serialize) -> Result<(), StoreError> {
        rmp_serde::encode::write(&mut self.raw, value).map_err(|e| StoreError::Corrupt { key: seq, reason: format!("encoding the snapshot: {e}") })?;
        self.entries += 1;
        Ok(())
    }

    /// Writes `entries` as parts of `kind` of about `part_bytes` each, appended to `parts`.
    fn runs<V: Serialize>(&mut self, seq: u64, kind: PartKind, entries: &BTreeMap<u64, V>, part_bytes: u64, parts: &mut Vec<Part>) -> Result<(), StoreError> {
        for entry in entries {
            self.put(seq, &entry)?;
            if self.raw.len() as u64 >= part_bytes {
                parts.push(self.end_part(seq, kind)?);
            }
        }
        if self.entries > 0 {
            parts.push(self.end_part(seq, kind)?);
        }
        Ok(())
    }

    /// Packs the part being encoded and writes it to the file.
    fn end_part(&mut self, seq: u64, kind: PartKind) -> Result<Part, StoreError> {
        let packed = zstd::bulk::compress(&self.raw, ZSTD_LEVEL).map_err(|e| StoreError::Corrupt { key: seq, reason: format!("packing the snapshot: {e}") })?;
        self.out.write_all(&packed).map_err(io("writing a snapshot"))?;
        let part = Part { kind, entries: self.entries, offset: self.offset, bytes: packed.len() as u64, crc: crc32fast::hash(&packed), raw: self.raw.len() as u64 };
        self.offset += part.bytes;
        self.raw.clear();
        self.entries = 0;
        Ok(part)
    }
}
