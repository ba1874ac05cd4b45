//! Snapshots of the state (DESIGN §2, §8): the state folded up to an event, kept in sled beside
//! the log, so that a start decodes the newest one and replays only the log's tail. The log stays
//! the truth: the audit and time travel still replay from zero, and a snapshot that cannot be
//! trusted is passed over for an older one or for a replay from zero.
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
//! of about [`SNAPSHOT_PART_BYTES`] each. The parts are stored in chunks of [`SNAPSHOT_CHUNK_BYTES`] under `(seq, index)`
//! keys, each part from a fresh chunk, and the header (each part's chunks, length and CRC-32) last
//! under `(seq, u32::MAX)`: a snapshot whose writing was cut off has no header and is not one. [`Snapshots::keep_up`] takes them off the engine's path: a thread that, every
//! [`SNAPSHOT_EVERY_EVENTS`] events, folds the log's new events into the newest snapshot and saves
//! the result (the engine's own state is never locked or copied for it).

use crate::audit::replay_onto;
use crate::ids::UserId;
use crate::limits::{SNAPSHOTS_KEPT, SNAPSHOT_CHUNK_BYTES, SNAPSHOT_LIFE_CHECK_MS, SNAPSHOT_PART_BYTES};
use crate::state::{Account, Bet, State};
use crate::store::{encode, Store, StoreError};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The snapshots' sled directory inside a data directory.
pub const SNAPSHOT_DIR: &str = "snapshots";

/// The index under which a snapshot's header is stored, after its chunks.
const HEADER_INDEX: u32 = u32::MAX;

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
    first_chunk: u32,
    chunks: u32,
    bytes: u64,
    crc: u32,
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

pub struct Snapshots {
    db: sled::Db,
    build: u64,
    part_bytes: u64,
}

fn key(seq: u64, index: u32) -> [u8; 12] {
    let mut key = [0u8; 12];
    key[..8].copy_from_slice(&seq.to_be_bytes());
    key[8..].copy_from_slice(&index.to_be_bytes());
    key
}

fn io(context: &'static str) -> impl FnOnce(std::io::Error) -> StoreError {
    move |source| StoreError::Io { context, source }
}

/// An identity of the running program: the CRC-32 of its executable and its length.
pub fn this_build() -> u64 {
    static BUILD: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BUILD.get_or_init(|| {
        let bytes = std::env::current_exe().and_then(std::fs::read).unwrap_or_default();
        (u64::from(crc32fast::hash(&bytes)) << 32) | (bytes.len() as u64 & 0xFFFF_FFFF)
    })
}

/// The CRC-32 of the log's event `seq` (`None`: the log does not hold it).
fn event_crc(store: &dyn Store, seq: u64) -> Result<Option<u32>, StoreError> {
    match store.read_from(seq).next() {
        Some(Ok(envelope)) if envelope.seq == seq => Ok(Some(crc32fast::hash(&encode(&envelope)))),
        Some(Err(e)) => Err(e),
        _ => Ok(None),
    }
}

impl Snapshots {
    /// Opens (or creates) the snapshots in a data directory, trusted by `build` only.
    pub fn open(data_dir: &Path, build: u64) -> Result<Self, StoreError> {
        let db = sled::Config::new().path(data_dir.join(SNAPSHOT_DIR)).cache_capacity(SNAPSHOT_CHUNK_BYTES as u64 * 4).open()?;
        Ok(Snapshots { db, build, part_bytes: SNAPSHOT_PART_BYTES })
    }

    /// The size of the parts of the snapshots this saves (tests use small parts).
    pub fn with_part_bytes(mut self, part_bytes: u64) -> Self {
        self.part_bytes = part_bytes.max(1);
        self
    }

    fn headers(&self) -> Vec<Header> {
        self.db
            .iter()
            .filter_map(Result::ok)
            .filter(|(key, _)| key.len() == 12 && key[8..] == HEADER_INDEX.to_be_bytes())
            .filter_map(|(_, value)| rmp_serde::from_slice(&value).ok())
            .collect()
    }

    /// The sequence numbers of the complete snapshots, oldest first.
    pub fn list(&self) -> Vec<u64> {
        self.headers().iter().map(|h| h.seq).collect()
    }

    /// Saves `state`, which must be folded from `store` (its head event is checked against it).
    pub fn save(&self, mut state: State, store: &dyn Store) -> Result<(), StoreError> {
        let seq = state.head_seq;
        let Some(head_event_crc) = event_crc(store, seq)? else {
            return Err(StoreError::NotAtTheEnd { state: seq, log: store.head() });
        };
        let (bets, users) = (std::mem::take(&mut state.bets), std::mem::take(&mut state.users));
        let mut writer = ChunkWriter { db: &self.db, seq, buf: Vec::with_capacity(SNAPSHOT_CHUNK_BYTES), chunks: 0, first_chunk: 0, bytes: 0, entries: 0, hasher: crc32fast::Hasher::new(), failed: None };
        writer.put(&state)?;
        let mut parts = vec![writer.end_part(PartKind::Rest)?];
        writer.runs(PartKind::Bets, &bets, self.part_bytes, &mut parts)?;
        writer.runs(PartKind::Users, &users, self.part_bytes, &mut parts)?;
        let header = Header { build: self.build, seq, head_event_crc, parts };
        self.db.flush()?;
        self.db.insert(key(seq, HEADER_INDEX), rmp_serde::to_vec(&header).expect("a header encodes"))?;
        self.db.flush()?;
        self.prune()
    }

    /// Keeps the newest [`SNAPSHOTS_KEPT`], and drops any without a header (cut off).
    fn prune(&self) -> Result<(), StoreError> {
        let mut seqs = self.list();
        let keep: Vec<u64> = seqs.split_off(seqs.len().saturating_sub(SNAPSHOTS_KEPT));
        for item in self.db.iter().keys() {
            let key = item?;
            let seq = u64::from_be_bytes(key[..8].try_into().unwrap_or_default());
            if !keep.contains(&seq) {
                self.db.remove(key)?;
            }
        }
        self.db.flush()?;
        Ok(())
    }

    /// The newest snapshot this build trusts for `store`, decoded (see the module's rules).
    pub fn latest(&self, store: &dyn Store) -> Option<State> {
        let head = store.head();
        for header in self.headers().into_iter().rev() {
            if header.build != self.build || header.seq > head {
                continue;
            }
            match self.load(&header, store) {
                Ok(state) => return Some(state),
                Err(reason) => tracing::warn!(seq = header.seq, %reason, "a snapshot passed over"),
            }
        }
        None
    }

    fn load(&self, header: &Header, store: &dyn Store) -> Result<State, String> {
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
                let next = &next;
                scope.spawn(move || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(part) = header.parts.get(i) else { return };
                    if tx.send((i, self.decode_part(header.seq, part))).is_err() {
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
                        (Decoded::Bets(run), Some(state)) => state.bets.extend(run),
                        (Decoded::Users(run), Some(state)) => state.users.extend(run),
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

    fn decode_part(&self, seq: u64, part: &Part) -> Result<Decoded, String> {
        let mut bytes = Vec::with_capacity(usize::try_from(part.bytes).map_err(|e| e.to_string())?);
        for index in part.first_chunk..part.first_chunk + part.chunks {
            let chunk = self.db.get(key(seq, index)).map_err(|e| e.to_string())?.ok_or(format!("chunk {index} is missing"))?;
            bytes.extend_from_slice(&chunk);
        }
        if bytes.len() as u64 != part.bytes || crc32fast::hash(&bytes) != part.crc {
            return Err(format!("its part at chunk {} fails its checksum", part.first_chunk));
        }
        let undecodable = |e: rmp_serde::decode::Error| format!("its part at chunk {} does not decode: {e}", part.first_chunk);
        Ok(match part.kind {
            PartKind::Rest => Decoded::Rest(Box::new(rmp_serde::from_slice(&bytes).map_err(undecodable)?)),
            PartKind::Bets => Decoded::Bets(decode_run(&bytes, part.entries).map_err(undecodable)?),
            PartKind::Users => Decoded::Users(decode_run(&bytes, part.entries).map_err(undecodable)?),
        })
    }

    /// The state at the end of `store`: the newest trusted snapshot and the log's tail after it, or
    /// a replay from zero when there is none.
    pub fn restore(&self, store: &dyn Store) -> Result<(State, Restored), StoreError> {
        let snapshot = self.latest(store).unwrap_or_default();
        let snapshot_seq = snapshot.head_seq;
        let state = replay_onto(snapshot, store, u64::MAX, i64::MAX)?;
        let tail_events = state.head_seq - snapshot_seq;
        Ok((state, Restored { snapshot_seq, tail_events }))
    }

    /// Brings the snapshots up to the log's head when it has moved `every_events` past the newest
    /// one: folds the new events into the newest snapshot (or replays from zero) and saves it.
    /// Returns the new snapshot's event, if one was taken.
    pub fn catch_up(&self, store: &dyn Store, every_events: u64) -> Result<Option<u64>, StoreError> {
        let newest = self.headers().iter().filter(|h| h.build == self.build).map(|h| h.seq).max().unwrap_or(0);
        if store.head() < newest.saturating_add(every_events.max(1)) {
            return Ok(None);
        }
        let started = Instant::now();
        let state = replay_onto(self.latest(store).unwrap_or_default(), store, u64::MAX, i64::MAX)?;
        let seq = state.head_seq;
        self.save(state, store)?;
        tracing::info!(seq, elapsed_ms = started.elapsed().as_millis() as u64, "snapshot of the state saved");
        Ok(Some(seq))
    }

    /// Starts the thread that keeps the snapshots within `every_events` of the log's head,
    /// checking every `check` ([`crate::limits::SNAPSHOT_CHECK_MS`] on a server). It holds the
    /// store only while it takes a snapshot, and ends (closing the snapshots) soon after the
    /// store's last other holder lets go.
    pub fn keep_up(self: Arc<Self>, store: &Arc<dyn Store>, every_events: u64, check: Duration) -> Result<(), StoreError> {
        let store = Arc::downgrade(store);
        std::thread::Builder::new()
            .name("ledger-snapshots".into())
            .spawn(move || {
                let mut next_check = Instant::now();
                loop {
                    let Some(store) = store.upgrade() else { return };
                    if Instant::now() >= next_check {
                        if let Err(error) = self.catch_up(store.as_ref(), every_events) {
                            tracing::warn!(%error, "taking a snapshot of the state failed");
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

/// `entries` values encoded one after the other.
fn decode_run<T: serde::de::DeserializeOwned>(bytes: &[u8], entries: u64) -> Result<Vec<T>, rmp_serde::decode::Error> {
    let mut decoder = rmp_serde::Deserializer::from_read_ref(bytes);
    (0..entries).map(|_| T::deserialize(&mut decoder)).collect()
}

/// Writes the encoded parts to sled in chunks as they are encoded, hashing each on the way.
struct ChunkWriter<'a> {
    db: &'a sled::Db,
    seq: u64,
    buf: Vec<u8>,
    /// Chunks written; the first chunk, values, bytes and CRC of the part being written.
    chunks: u32,
    first_chunk: u32,
    entries: u64,
    bytes: u64,
    hasher: crc32fast::Hasher,
    failed: Option<sled::Error>,
}

impl ChunkWriter<'_> {
    /// Encodes one value into the part being written.
    fn put(&mut self, value: &impl Serialize) -> Result<(), StoreError> {
        let encoded = rmp_serde::encode::write(self, value);
        if let Some(error) = self.failed.take() {
            return Err(error.into());
        }
        encoded.map_err(|e| StoreError::Corrupt { key: self.seq, reason: format!("encoding the snapshot: {e}") })?;
        self.entries += 1;
        Ok(())
    }

    /// Writes `entries` as parts of `kind` of about `part_bytes` each, appended to `parts`.
    fn runs<V: Serialize>(&mut self, kind: PartKind, entries: &BTreeMap<u64, V>, part_bytes: u64, parts: &mut Vec<Part>) -> Result<(), StoreError> {
        for entry in entries {
            self.put(&entry)?;
            if self.bytes >= part_bytes {
                parts.push(self.end_part(kind)?);
            }
        }
        if self.entries > 0 {
            parts.push(self.end_part(kind)?);
        }
        Ok(())
    }

    /// Ends the part being written (its last chunk is written), so the next begins a fresh chunk.
    fn end_part(&mut self, kind: PartKind) -> Result<Part, StoreError> {
        if self.put_chunk().is_err() {
            return Err(self.failed.take().map_or_else(|| StoreError::Corrupt { key: self.seq, reason: "writing the snapshot".into() }, StoreError::from));
        }
        let crc = std::mem::take(&mut self.hasher).finalize();
        let part = Part { kind, entries: self.entries, first_chunk: self.first_chunk, chunks: self.chunks - self.first_chunk, bytes: self.bytes, crc };
        (self.bytes, self.entries, self.first_chunk) = (0, 0, self.chunks);
        Ok(part)
    }

    fn put_chunk(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        if let Err(error) = self.db.insert(key(self.seq, self.chunks), self.buf.as_slice()) {
            self.failed = Some(error);
            return Err(std::io::Error::other("sled refused a snapshot chunk"));
        }
        self.chunks += 1;
        self.buf.clear();
        Ok(())
    }
}

impl Write for ChunkWriter<'_> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.hasher.update(data);
        self.bytes += data.len() as u64;
        self.buf.extend_from_slice(data);
        if self.buf.len() >= SNAPSHOT_CHUNK_BYTES {
            self.put_chunk()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
