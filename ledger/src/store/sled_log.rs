//! The log in sled: the newest events one record each, keyed by big-endian `seq`, each an
//! rmp-serde envelope (the `log` tree); older ones packed into sealed chunks (the `sealed` tree,
//! `chunks`) by a thread of their own; and the durable head record beside them (`head`).

use super::chunks;
use super::head::{HeadFile, HEAD_FILE};
use super::{check_batch, decode, encode, Records, Store, StoreError};
use crate::event::Envelope;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, RwLock};
use std::time::Duration;

pub struct SledStore {
    shared: Arc<Shared>,
    /// Nudges the sealer (a full sender is fine: it is nudged already); dropped to stop it.
    sealer: Option<(mpsc::SyncSender<()>, std::thread::JoinHandle<()>)>,
}

/// What the engine's appends, the readers and the sealer share.
struct Shared {
    dir: std::path::PathBuf,
    /// sled's handles; replaced after a failed write (see `reopen`), `None` while that failed.
    open: RwLock<Option<SledFiles>>,
    head: AtomicU64,
    /// The last event packed into a chunk (0 when none is).
    sealed: AtomicU64,
    /// Events a chunk packs: `chunks::SEAL_EVENTS`, fewer in tests.
    seal_events: u64,
    /// Held while packing: one packer at a time (the sealer, or `seal_now`).
    sealing: std::sync::Mutex<()>,
    /// The last acknowledged sequence number, written after each batch is durable (`head`): sled
    /// vouches for its log only up to its last snapshot and recovers silently to the last intact
    /// message after it, so a damaged tail would otherwise open as a shorter log that audits
    /// clean. At open, a log that ends before this record is refused.
    durable_head: HeadFile,
    /// A write failed (a full disk, an I/O error): sled refuses everything after one until it is
    /// opened again, so the next append opens it again first.
    failed: AtomicBool,
}

struct SledFiles {
    db: sled::Db,
    log: sled::Tree,
    sealed: sled::Tree,
    /// The span of the last batch, written before its events (`append`).
    batch: sled::Tree,
    /// sled's own flush ends in `sync_file_range`, which does not empty the drive's write cache
    /// nor sync metadata; an `fdatasync` of its data file after each flush makes a batch durable
    /// before the engine answers.
    data_file: std::fs::File,
}

/// Where an opened log ends: its last event, and the last one in a chunk.
struct Ends {
    head: u64,
    sealed: u64,
}

impl SledFiles {
    fn open(dir: &Path) -> Result<(Self, Ends), StoreError> {
        let db = open_sled(dir)?;
        let log = db.open_tree("log")?;
        let sealed = db.open_tree("sealed")?;
        let batch = db.open_tree("batch")?;
        let sealed_end = match sealed.last()? {
            Some((key, value)) => {
                let first = key_to_seq(&key)?;
                first + chunks::count(first, &value)? - 1
            }
            None => 0,
        };
        // A crash after a chunk was written, before its singles were removed: remove them now.
        let mut leftovers = sled::Batch::default();
        for item in log.range(..=sealed_end.to_be_bytes()) {
            leftovers.remove(item?.0);
        }
        log.apply_batch(leftovers)?;
        let mut head = match log.last()? {
            Some((key, _)) => key_to_seq(&key)?.max(sealed_end),
            None => sealed_end,
        };
        // sled recovers its writes up to the first one a crash cut short, in the order they were
        // made. A batch is written as its span, then its events one by one (see `append`): some
        // of its events without its last are a batch that was never durable, so never
        // acknowledged, and they go.
        if let Some((first, last)) = batch.get(OPEN_BATCH)?.as_deref().map(span_of).transpose()? {
            if first <= head && head < last && first > sealed_end {
                let mut cut = sled::Batch::default();
                for seq in first..=head {
                    cut.remove(&seq.to_be_bytes());
                }
                log.apply_batch(cut)?;
                tracing::warn!(first, last, found = head, "the log ended inside a batch never acknowledged: its events were removed");
                head = first - 1;
            }
        }
        let data_file = std::fs::File::open(dir.join("db")).map_err(|source| StoreError::Io { context: "opening sled's data file", source })?;
        Ok((SledFiles { db, log, sealed, batch, data_file }, Ends { head, sealed: sealed_end }))
    }
}

/// The `batch` tree's one key: the span of the last batch.
const OPEN_BATCH: &[u8] = b"span";

fn span_record(first: u64, last: u64) -> [u8; 16] {
    let mut record = [0u8; 16];
    record[..8].copy_from_slice(&first.to_be_bytes());
    record[8..].copy_from_slice(&last.to_be_bytes());
    record
}

fn span_of(record: &[u8]) -> Result<(u64, u64), StoreError> {
    let bad = || StoreError::Corrupt { key: 0, reason: "the last batch's span is not 16 bytes".into() };
    let first = u64::from_be_bytes(record.get(..8).ok_or_else(bad)?.try_into().map_err(|_| bad())?);
    let last = u64::from_be_bytes(record.get(8..16).ok_or_else(bad)?.try_into().map_err(|_| bad())?);
    Ok((first, last))
}

/// How long an open waits for sled's lock on its files, which a store just dropped in this process
/// keeps a moment longer (sled's own threads let it go after the handle is gone).
const LOCK_WAIT: Duration = Duration::from_secs(2);

/// The environment variable that sets the events a chunk packs (a test's knob; see `open`).
pub const SEAL_EVENTS_VAR: &str = "LEDGER_SEAL_EVENTS";

/// How often the sealer looks for events to pack when nothing nudged it.
const SEAL_POLL: Duration = Duration::from_millis(500);

pub(crate) fn open_sled(dir: &Path) -> Result<sled::Db, StoreError> {
    open_sled_caching(dir, crate::limits::SLED_CACHE_BYTES)
}

/// [`open_sled`] with a page cache of `cache_bytes`.
pub(crate) fn open_sled_caching(dir: &Path, cache_bytes: u64) -> Result<sled::Db, StoreError> {
    let started = std::time::Instant::now();
    loop {
        match sled::Config::new().path(dir).cache_capacity(cache_bytes).open().map_err(StoreError::from) {
            Err(e) if e.is_locked() && started.elapsed() < LOCK_WAIT => std::thread::sleep(Duration::from_millis(20)),
            opened => return opened,
        }
    }
}

impl SledStore {
    /// Opens the log with chunks of `chunks::SEAL_EVENTS` events, or of as many as the
    /// environment's [`SEAL_EVENTS_VAR`] says (the crash tests pack small chunks, so that their
    /// kills land while the sealer packs).
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let asked = std::env::var(SEAL_EVENTS_VAR).ok().and_then(|events| events.parse().ok()).filter(|events| *events > 0);
        Self::open_sealing(dir, asked.unwrap_or(chunks::SEAL_EVENTS))
    }

    /// Opens the log with chunks of `seal_events` events (tests use a few).
    pub fn open_sealing(dir: &Path, seal_events: u64) -> Result<Self, StoreError> {
        assert!(seal_events > 0, "a chunk packs at least one event");
        let (files, ends) = SledFiles::open(dir)?;
        let (durable_head, recorded) = HeadFile::open(&dir.join(HEAD_FILE))?;
        // The log may be one batch ahead (a crash after the batch, before its record); never behind.
        if ends.head < recorded {
            return Err(StoreError::Short { log: ends.head, recorded, record: HEAD_FILE });
        }
        let shared = Arc::new(Shared {
            dir: dir.to_path_buf(),
            open: RwLock::new(Some(files)),
            head: AtomicU64::new(ends.head),
            sealed: AtomicU64::new(ends.sealed),
            seal_events,
            sealing: std::sync::Mutex::new(()),
            durable_head,
            failed: AtomicBool::new(false),
        });
        let (nudge, nudged) = mpsc::sync_channel(1);
        let thread = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name("ledger-sealer".into())
                .spawn(move || shared.seal_loop(&nudged))
                .map_err(|source| StoreError::Io { context: "starting the log's sealer thread", source })?
        };
        Ok(Self { shared, sealer: Some((nudge, thread)) })
    }

    /// The last event packed into a sealed chunk.
    pub fn sealed(&self) -> u64 {
        self.shared.sealed.load(Ordering::Acquire)
    }

    /// Packs every full chunk there is now, on the caller's thread (the sealer does the same on
    /// its own); for tests and tools that want the log as the sealer leaves it.
    pub fn seal_now(&self) -> Result<(), StoreError> {
        self.shared.seal_ready()
    }
}

impl Drop for SledStore {
    fn drop(&mut self) {
        if let Some((nudge, thread)) = self.sealer.take() {
            drop(nudge);
            let _ = thread.join();
        }
    }
}

impl Shared {
    /// After a failed write: drops sled's handles and opens the directory again (sled recovers
    /// its log as at a start), so writes resume once the disk takes them (space came back).
    /// The log must end where the engine's state does: a failed batch that reached the disk after
    /// all would be events no one was told about, and the store stays refused (a restart replays
    /// them).
    fn reopen(&self) -> Result<(), StoreError> {
        let mut open = self.open.write().unwrap_or_else(|p| p.into_inner());
        if open.is_some() && !self.failed.load(Ordering::Acquire) {
            // Another caller opened it again meanwhile.
            return Ok(());
        }
        // sled holds a lock on its files until every handle is gone (a reader may hold one a
        // moment longer: then this fails and the next append tries again).
        *open = None;
        let (files, ends) = SledFiles::open(&self.dir)?;
        let expected = self.head.load(Ordering::Acquire);
        if ends.head != expected {
            return Err(StoreError::OutOfSequence { expected, found: ends.head });
        }
        *open = Some(files);
        // A chunk written but not yet on disk when the write failed is not there: its singles are.
        self.sealed.store(ends.sealed, Ordering::Release);
        self.failed.store(false, Ordering::Release);
        tracing::warn!(head = ends.head, "the store was opened again after a failed write: writes resume");
        Ok(())
    }

    /// sled's handles, opening them again first if an earlier attempt left none.
    fn files<R>(&self, read: impl FnOnce(&SledFiles) -> R) -> Result<R, StoreError> {
        {
            let open = self.open.read().unwrap_or_else(|p| p.into_inner());
            if let Some(files) = open.as_ref() {
                return Ok(read(files));
            }
        }
        self.reopen()?;
        let open = self.open.read().unwrap_or_else(|p| p.into_inner());
        let files = open.as_ref().ok_or(StoreError::Io { context: "opening the store again after a failed write", source: std::io::Error::other("not open") })?;
        Ok(read(files))
    }

    /// Whether enough single events wait to pack one chunk and keep one chunk's worth of the
    /// newest as they are.
    fn ready_to_seal(&self) -> bool {
        self.head.load(Ordering::Acquire) >= self.sealed.load(Ordering::Acquire) + 2 * self.seal_events
    }

    fn seal_loop(&self, nudged: &mpsc::Receiver<()>) {
        loop {
            if let Err(mpsc::RecvTimeoutError::Disconnected) = nudged.recv_timeout(SEAL_POLL) {
                return;
            }
            if let Err(e) = self.seal_ready() {
                tracing::error!(error = %e, "the log's sealer could not pack a chunk: the next append opens the store again");
            }
        }
    }

    /// Packs the oldest single events into chunks while [`Shared::ready_to_seal`]. Only durable
    /// events are packed (at most the head); a chunk is written, then its singles removed, with
    /// no flush of its own (the next batch's flush, or sled's, carries them).
    fn seal_ready(&self) -> Result<(), StoreError> {
        let _one_at_a_time = self.sealing.lock().unwrap_or_else(|p| p.into_inner());
        while self.ready_to_seal() {
            let open = self.open.read().unwrap_or_else(|p| p.into_inner());
            let Some(files) = open.as_ref().filter(|_| !self.failed.load(Ordering::Acquire)) else {
                // A failed write: the next append opens the store again.
                return Ok(());
            };
            let first = self.sealed.load(Ordering::Acquire) + 1;
            let packed = self.seal(files, first);
            if packed.is_err() {
                self.failed.store(true, Ordering::Release);
            }
            self.sealed.store(packed?, Ordering::Release);
        }
        Ok(())
    }

    /// Packs a chunk from `first`: up to `seal_events` events, as many as fit
    /// `chunks::CHUNK_BYTES_MAX`. The last event it packed.
    fn seal(&self, files: &SledFiles, first: u64) -> Result<u64, StoreError> {
        let last = first + self.seal_events - 1;
        let mut singles = Vec::with_capacity(usize::try_from(self.seal_events).unwrap_or(0));
        for (seq, item) in (first..).zip(files.log.range(first.to_be_bytes()..=last.to_be_bytes())) {
            let (key, value) = item?;
            let found = key_to_seq(&key)?;
            if found != seq {
                return Err(StoreError::OutOfSequence { expected: seq, found });
            }
            singles.push(value);
        }
        if singles.len() as u64 != self.seal_events {
            return Err(StoreError::OutOfSequence { expected: first + singles.len() as u64, found: last + 1 });
        }
        let (chunk, count) = chunks::pack_within(&singles, chunks::CHUNK_BYTES_MAX);
        let last = first + count as u64 - 1;
        files.sealed.insert(first.to_be_bytes(), chunk)?;
        let mut removes = sled::Batch::default();
        for seq in first..=last {
            removes.remove(&seq.to_be_bytes());
        }
        files.log.apply_batch(removes)?;
        Ok(last)
    }
}

fn key_to_seq(key: &[u8]) -> Result<u64, StoreError> {
    let bytes: [u8; 8] = key.try_into().map_err(|_| StoreError::Corrupt { key: 0, reason: "key is not 8 bytes".into() })?;
    Ok(u64::from_be_bytes(bytes))
}

impl Store for SledStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        let shared = &self.shared;
        check_batch(self.head(), batch)?;
        if shared.failed.load(Ordering::Acquire) {
            shared.reopen()?;
        }
        let outcome = shared.files(|files| {
            // Not sled's atomic batch: sled 0.34 writes its buffer out before and after each one
            // (`apply_batch` rolls it twice), two device writes before the flush's own. A batch
            // is its span, then its events: a crash that leaves some of them leaves the span
            // too, and the open removes them (`SledFiles::open`). The span is every batch's, so
            // the one recorded is always the last batch's (a failed batch's is replaced).
            let written = || -> Result<(), StoreError> {
                if let (Some(first), Some(last)) = (batch.first(), batch.last()) {
                    files.batch.insert(OPEN_BATCH, &span_record(first.seq, last.seq))?;
                }
                for envelope in batch {
                    files.log.insert(envelope.seq.to_be_bytes(), encode(envelope))?;
                }
                files.db.flush()?;
                files.data_file.sync_data().map_err(|source| StoreError::Io { context: "fdatasync", source })
            };
            let durable = written();
            if durable.is_err() {
                // Not durable, so not in the log: take the records back out of sled's memory, so a
                // later append continues from the same head.
                let mut undo = sled::Batch::default();
                for envelope in batch {
                    undo.remove(&envelope.seq.to_be_bytes());
                }
                let _ = files.log.apply_batch(undo);
            }
            durable
        })?;
        if let Err(e) = outcome {
            shared.failed.store(true, Ordering::Release);
            return Err(e);
        }
        let head = shared.head.fetch_add(batch.len() as u64, Ordering::Release) + batch.len() as u64;
        // The batch is durable in the log; a failed record only weakens the check at the next
        // start (it can then see a shorter head than the truth), so the batch still stands.
        if let Err(e) = shared.durable_head.record(head) {
            tracing::error!(error = %e, "the durable head record was not written");
        }
        if shared.ready_to_seal() {
            if let Some((nudge, _)) = &self.sealer {
                let _ = nudge.try_send(());
            }
        }
        Ok(())
    }

    fn read_from(&self, from: u64) -> Records<'_> {
        match self.shared.files(|files| (files.log.clone(), files.sealed.clone())) {
            Ok((log, sealed)) => Box::new(Reader { log, sealed, next: from.max(1), chunk: Vec::new().into_iter(), singles: None, ended: false }),
            Err(e) => Box::new(std::iter::once(Err(e))),
        }
    }

    fn head(&self) -> u64 {
        self.shared.head.load(Ordering::Acquire)
    }

    fn size_on_disk(&self) -> u64 {
        self.shared.files(|files| files.db.size_on_disk().unwrap_or(0)).unwrap_or(0)
    }
}

/// Reads the log in order across its chunks and singles while the sealer may be packing: a
/// single that is gone was packed, and its chunk was written before it went.
struct Reader {
    log: sled::Tree,
    sealed: sled::Tree,
    /// The next event to give.
    next: u64,
    /// The rest of the chunk read last.
    chunk: std::vec::IntoIter<Envelope>,
    /// The singles being read in order, after the chunks.
    singles: Option<sled::Iter>,
    /// The end, or an error was given.
    ended: bool,
}

impl Iterator for Reader {
    type Item = Result<Envelope, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        let item = self.step();
        if let Some(Ok(envelope)) = &item {
            self.next = envelope.seq + 1;
        } else {
            self.ended = true;
        }
        item
    }
}

impl Reader {
    fn step(&mut self) -> Option<Result<Envelope, StoreError>> {
        // A chunk begins where it does: its events before the next one were given already.
        if let Some(envelope) = self.chunk.find(|envelope| envelope.seq == self.next) {
            return Some(Ok(envelope));
        }
        if let Some(singles) = self.singles.as_mut() {
            match singles.next() {
                Some(Ok((key, value))) if key.as_ref() == self.next.to_be_bytes() => return Some(decode(self.next, &value)),
                Some(Err(e)) => return Some(Err(e.into())),
                // A gap (packed meanwhile) or the end.
                _ => self.singles = None,
            }
        }
        match self.chunk_of_next() {
            Ok(true) => return self.chunk.next().map(Ok),
            Ok(false) => {}
            Err(e) => return Some(Err(e)),
        }
        let mut singles = self.log.range(self.next.to_be_bytes()..);
        match singles.next()? {
            Err(e) => Some(Err(e.into())),
            Ok((key, value)) if key.as_ref() == self.next.to_be_bytes() => {
                self.singles = Some(singles);
                Some(decode(self.next, &value))
            }
            Ok((key, _)) => match self.chunk_of_next() {
                // Packed between the two looks.
                Ok(true) => self.chunk.next().map(Ok),
                Ok(false) => Some(key_to_seq(&key).and_then(|found| Err(StoreError::OutOfSequence { expected: self.next, found }))),
                Err(e) => Some(Err(e)),
            },
        }
    }

    /// Loads the chunk that holds the next event, positioned at it, if one does.
    fn chunk_of_next(&mut self) -> Result<bool, StoreError> {
        let Some((key, value)) = self.sealed.range(..=self.next.to_be_bytes()).next_back().transpose()? else {
            return Ok(false);
        };
        let first = key_to_seq(&key)?;
        if first + chunks::count(first, &value)? <= self.next {
            return Ok(false);
        }
        let mut events = chunks::unpack(first, &value)?.into_iter();
        let skip = usize::try_from(self.next - first).unwrap_or(usize::MAX);
        if skip > 0 {
            events.nth(skip - 1);
        }
        self.chunk = events;
        Ok(true)
    }
}

#[cfg(test)]
mod head_record_tests {
    use super::*;
    use crate::accounts::messages::AccountEvent;
    use crate::store::head::{head_record, read_head_record};
    use crate::event::{Envelope, Event};

    fn batch(from: u64, count: u64) -> Vec<Envelope> {
        (from..from + count).map(|seq| Envelope { seq, at_ms: 0, event: Event::Accounts(AccountEvent::RulesAccepted { user_id: seq }) }).collect()
    }

    #[test]
    fn a_log_that_ends_before_the_recorded_head_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let store = SledStore::open(dir.path()).expect("opens");
            store.append(&batch(1, 3)).expect("appends");
            store.append(&batch(4, 2)).expect("appends");
        }
        assert_eq!(read_head_record(&std::fs::read(dir.path().join(HEAD_FILE)).expect("the record")).expect("readable"), 5);
        // The last batch vanishes from the log (as when sled recovers to the last intact message
        // before a damaged tail): the store refuses to open rather than serve a shorter log.
        {
            let db = super::open_sled(dir.path()).expect("sled opens");
            let log = db.open_tree("log").expect("the log");
            for seq in 4..=5u64 {
                log.remove(seq.to_be_bytes()).expect("removed");
            }
            db.flush().expect("flushed");
        }
        let error = SledStore::open(dir.path()).err().expect("refused");
        assert!(error.is_damage(), "{error}");
        assert_eq!(error.to_string(), "the log ends at event 3 but events up to 5 were acknowledged (durable-head says so)");
    }

    #[test]
    fn a_log_one_batch_ahead_of_its_record_opens_and_a_broken_record_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let store = SledStore::open(dir.path()).expect("opens");
            store.append(&batch(1, 2)).expect("appends");
        }
        // A crash after the batch was durable, before its record: the record says less.
        std::fs::write(dir.path().join(HEAD_FILE), head_record(1)).expect("an older record");
        assert_eq!(SledStore::open(dir.path()).expect("opens").head(), 2);
        std::fs::write(dir.path().join(HEAD_FILE), [7u8; 16]).expect("a broken record");
        let error = SledStore::open(dir.path()).err().expect("refused");
        assert!(error.is_damage() && error.to_string().contains("unreadable"), "{error}");
    }
}

#[cfg(test)]
mod sealing_tests {
    use super::*;
    use crate::accounts::messages::AccountEvent;
    use crate::event::Event;

    fn batch(from: u64, count: u64) -> Vec<Envelope> {
        (from..from + count).map(|seq| Envelope { seq, at_ms: seq as i64, event: Event::Accounts(AccountEvent::RulesAccepted { user_id: seq }) }).collect()
    }

    fn seqs(store: &SledStore, from: u64) -> Vec<u64> {
        store.read_from(from).map(|record| record.expect("reads").seq).collect()
    }

    fn singles(store: &SledStore) -> Vec<u64> {
        store.shared.files(|files| files.log.iter().keys().map(|key| key_to_seq(&key.expect("a key")).expect("a seq")).collect()).expect("open")
    }

    /// Waits (10 s at most) until the sealer thread has packed up to `seq`.
    fn wait_sealed(store: &SledStore, seq: u64) {
        let started = std::time::Instant::now();
        while store.sealed() < seq && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Appends `count` events in batches of three to a log that packs chunks of `seal_events`.
    fn appended(dir: &Path, count: u64, seal_events: u64) -> SledStore {
        let store = SledStore::open_sealing(dir, seal_events).expect("opens");
        let mut seq = 1;
        while seq <= count {
            let n = 3.min(count - seq + 1);
            store.append(&batch(seq, n)).expect("appends");
            seq += n;
        }
        store
    }

    #[test]
    fn old_events_are_packed_into_chunks_and_read_back_in_order_from_anywhere() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = appended(dir.path(), 23, 4);
        store.seal_now().expect("seals");
        // Chunks of 4 while at least 4 newest stay single: 1..=16 packed, 17..=23 single.
        assert_eq!(store.sealed(), 16);
        assert_eq!(singles(&store), (17..=23).collect::<Vec<_>>());
        for from in [0, 1, 2, 4, 5, 16, 17, 23] {
            assert_eq!(seqs(&store, from), (from.max(1)..=23).collect::<Vec<_>>(), "from {from}");
        }
        assert!(seqs(&store, 24).is_empty());
        drop(store);
        let store = SledStore::open_sealing(dir.path(), 4).expect("opens again");
        assert_eq!((store.head(), store.sealed()), (23, 16));
        store.append(&batch(24, 2)).expect("appends on");
        assert_eq!(seqs(&store, 1), (1..=25).collect::<Vec<_>>());
    }

    #[test]
    fn a_reader_reads_on_while_the_singles_ahead_of_it_are_packed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = appended(dir.path(), 30, 4);
        let mut reader = store.read_from(1);
        let first: Vec<u64> = reader.by_ref().take(3).map(|record| record.expect("reads").seq).collect();
        store.seal_now().expect("seals what the reader has not reached");
        assert_eq!(store.sealed(), 24);
        let rest: Vec<u64> = reader.map(|record| record.expect("reads").seq).collect();
        assert_eq!([first, rest].concat(), (1..=30).collect::<Vec<_>>(), "each event once, in order");
    }

    #[test]
    fn a_crash_between_a_chunk_and_the_removal_of_its_singles_reads_each_event_once() {
        let dir = tempfile::tempdir().expect("temp dir");
        // (Chunks of 100 while appending: the sealer thread packs nothing.)
        drop(appended(dir.path(), 10, 100));
        {
            // The sealer wrote the chunk of 1..=4; the process died before the singles went.
            let db = open_sled(dir.path()).expect("sled opens");
            let (log, sealed) = (db.open_tree("log").expect("log"), db.open_tree("sealed").expect("sealed"));
            let values: Vec<sled::IVec> = (1..=4u64).map(|seq| log.get(seq.to_be_bytes()).expect("reads").expect("there")).collect();
            sealed.insert(1u64.to_be_bytes(), chunks::pack(values.iter().map(|value| &value[..]))).expect("a chunk");
            db.flush().expect("flushed");
        }
        let store = SledStore::open_sealing(dir.path(), 4).expect("opens");
        assert_eq!((store.head(), store.sealed()), (10, 4));
        assert_eq!(singles(&store), (5..=10).collect::<Vec<_>>(), "the leftovers are removed at open");
        assert_eq!(seqs(&store, 1), (1..=10).collect::<Vec<_>>());
    }

    #[test]
    fn a_chunk_missing_from_the_middle_fails_the_read_rather_than_skip_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = appended(dir.path(), 20, 4);
        store.seal_now().expect("seals");
        assert_eq!(store.sealed(), 16);
        store.shared.files(|files| files.sealed.remove(5u64.to_be_bytes()).expect("removed").expect("the chunk of 5..=8")).expect("open");
        let read: Vec<Result<Envelope, StoreError>> = store.read_from(1).collect();
        assert_eq!(read.len(), 5, "1..=4, then the failure");
        let error = read.into_iter().last().expect("a last").expect_err("a failure");
        assert_eq!(error.to_string(), "record out of sequence: expected 5, found 17");
    }

    #[test]
    fn a_log_made_before_the_chunks_is_packed_after_it_opens() {
        let dir = tempfile::tempdir().expect("temp dir");
        drop(appended(dir.path(), 40, 100));
        let store = SledStore::open_sealing(dir.path(), 4).expect("opens");
        assert_eq!((store.head(), store.sealed()), (40, 0), "all single");
        wait_sealed(&store, 36);
        assert_eq!(store.sealed(), 36, "packed by the sealer's own look, with no append");
        assert_eq!(seqs(&store, 1), (1..=40).collect::<Vec<_>>());
    }

    #[test]
    fn the_sealer_thread_packs_as_the_log_grows() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = appended(dir.path(), 40, 4);
        wait_sealed(&store, 36);
        assert_eq!(store.sealed(), 36, "nudged by the appends");
        assert_eq!(seqs(&store, 1), (1..=40).collect::<Vec<_>>());
    }

    #[test]
    fn a_batch_a_crash_cut_short_is_removed_at_open_and_a_whole_one_kept() {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let store = SledStore::open(dir.path()).expect("opens");
            store.append(&batch(1, 1)).expect("appends");
            store.append(&batch(2, 3)).expect("appends");
        }
        assert_eq!(seqs(&SledStore::open(dir.path()).expect("opens again"), 1), (1..=4).collect::<Vec<_>>(), "a whole batch of three stays");
        // A crash while the batch 5..=7 was written: its span and first two events reached the
        // disk, not its last, and it was never acknowledged (no record of it).
        {
            let db = super::open_sled(dir.path()).expect("sled opens");
            db.open_tree("batch").expect("the spans").insert(OPEN_BATCH, &span_record(5, 7)).expect("written");
            let log = db.open_tree("log").expect("the log");
            for envelope in batch(5, 2) {
                log.insert(envelope.seq.to_be_bytes(), encode(&envelope)).expect("written");
            }
            db.flush().expect("flushed");
        }
        let store = SledStore::open(dir.path()).expect("opens");
        assert_eq!(store.head(), 4, "the batch cut short is not in the log");
        assert_eq!(singles(&store), (1..=4).collect::<Vec<_>>(), "its events are removed");
        store.append(&batch(5, 2)).expect("appends on from the last whole batch");
        assert_eq!(seqs(&store, 1), (1..=6).collect::<Vec<_>>());
        drop(store);
        assert_eq!(SledStore::open(dir.path()).expect("opens again").head(), 6, "the whole batch 5..=6 stays");
    }
}
