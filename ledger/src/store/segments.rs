//! The ledger's log on local disk: append-only segment files, each batch written with
//! one write and made durable with one `fdatasync` before the engine answers. One file past 600
//! lines, half of it tests: the format, the writer and the reader keep one set of invariants
//! (the frame, the head slots, the seal), which reads best in one place.
//!
//! A segment is named by the sequence number of its first event (`00000000000000000001.seg`).
//! Its first 4 KiB hold two head-record slots, written in turn; batches follow, each one frame:
//!
//! ```text
//! magic "EXBT" | payload length u32 | first seq u64 | event count u32 | CRC-32 u32 | payload
//! payload = (record length u32 | rmp-serde envelope) * count          (all little-endian)
//! ```
//!
//! The CRC covers the length, first seq, count and payload. Each append writes the frame at the
//! end of the data and the head record (the head before and after this batch) into the slot
//! after the last one written, and then makes both durable with the one `fdatasync` of the file.
//! At open every frame is checked. The log ends at the first frame that does not check: a torn
//! final batch (a crash during its write, never acknowledged) is cut off there. The head record
//! tells a torn final batch from damage: the log must reach the head it had before its last
//! batch, so damage anywhere before the last batch, or a log cut back by more than one batch, is
//! refused (`StoreError::is_damage`). Losing exactly the last batch at a batch boundary looks the
//! same to these records as a crash during its write; the durable head record beside the
//! segments (`super::head`, written after the batch's sync, synced off the appends' path) tells
//! them apart: a batch it names as acknowledged must be there. It can lag the log only by what a
//! power loss takes within its sync interval (docs/reliability.md). And once the log is at rest
//! (after [`LOG_QUIET_MS`] without a batch, and when the store is closed) a thread rewrites the
//! segment's head record to say that the log reaches its head.
//!
//! Nothing but the files is needed to read: the store keeps, per segment, a sparse index of
//! batch offsets for `read_from` (a segment without one is read from its start).
//!
//! At open every frame of the last segment is checked (and of any segment a crash left
//! unsealed). A sealed segment is taken on its seal at open (its head record names the next
//! segment, which must be there); its frames are checked, and its index built, by
//! `Store::check_sealed` once the start is done. A start from a snapshot reads only the
//! log's tail, so it does not wait for the rest of the log to be read; a start without one
//! replays every batch and checks each as it reads it.
//!
//! A segment is filled with zeros ahead of the data ([`PREALLOCATE_BYTES`] at a time) so that most
//! appends overwrite allocated blocks and their `fdatasync` need not commit a new file size.
//! When a segment passes [`SEGMENT_BYTES`] the next batch goes into a new one: it is written
//! complete under a temporary name and renamed, then the old segment is sealed with the first
//! sequence number of the new one, so a lost last segment is refused too.

use crate::event::Envelope;
use crate::limits::{LOG_QUIET_MS, PREALLOCATE_BYTES, SEGMENT_BYTES, SEGMENT_INDEX_STRIDE_BYTES};
use super::head::{HeadFile, HEAD_FILE};
use super::{check_batch, decode, encode, Records, Store, StoreError};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, Read};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard, RwLock};
use std::time::{Duration, Instant};

/// The segment log's directory inside a data directory.
pub const LOG_DIR: &str = "log";

const SEGMENT_SUFFIX: &str = ".seg";
const TEMP_SUFFIX: &str = ".tmp";
/// Held locked while a store has the directory open, so a second process is refused.
const LOCK_FILE: &str = "LOCK";

/// Where the first batch of a segment begins: the head-record slots come before.
pub const DATA_START: u64 = 4096;
/// Each slot in its own 512-byte sector, so a torn write of one leaves the other whole.
const SLOT_OFFSETS: [u64; 2] = [0, 512];
const SLOT_MAGIC: &[u8; 8] = b"EXLOGSEG";
const SLOT_BYTES: usize = 52;
const BATCH_MAGIC: [u8; 4] = *b"EXBT";
pub const BATCH_HEADER_BYTES: usize = 24;

const _: () = assert!(SLOT_OFFSETS[1] as usize >= SLOT_BYTES && SLOT_OFFSETS[1] + SLOT_BYTES as u64 <= DATA_START);

fn io(context: &'static str) -> impl FnOnce(std::io::Error) -> StoreError {
    move |source| StoreError::Io { context, source }
}

/// A head record: which segment, which head before and after the last batch written, and (once
/// sealed) where the next segment begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    /// Counts the writes of the segment's slots; the valid slot with the higher one is current.
    version: u64,
    first: u64,
    prev: u64,
    head: u64,
    /// The first sequence number of the segment after this one; 0 while this is the last.
    next: u64,
}

impl Slot {
    fn encode(&self) -> [u8; SLOT_BYTES] {
        let mut bytes = [0u8; SLOT_BYTES];
        bytes[..8].copy_from_slice(SLOT_MAGIC);
        for (i, value) in [self.version, self.first, self.prev, self.head, self.next].into_iter().enumerate() {
            bytes[8 + 8 * i..16 + 8 * i].copy_from_slice(&value.to_le_bytes());
        }
        let crc = crc32fast::hash(&bytes[..48]);
        bytes[48..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    fn decode(bytes: &[u8; SLOT_BYTES]) -> Option<Slot> {
        if &bytes[..8] != SLOT_MAGIC || crc32fast::hash(&bytes[..48]).to_le_bytes() != bytes[48..] {
            return None;
        }
        let field = |i: usize| u64_at(bytes, 8 + 8 * i);
        Some(Slot { version: field(0), first: field(1), prev: field(2), head: field(3), next: field(4) })
    }

    fn offset(&self) -> u64 {
        SLOT_OFFSETS[(self.version % 2) as usize]
    }
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

/// The current head record of a segment file.
fn read_slot(file: &File, first: u64) -> Result<Slot, StoreError> {
    if file.metadata().map_err(io("reading a log segment's length"))?.len() < DATA_START {
        return Err(damaged(first, "the file is shorter than its head records".into()));
    }
    let mut best: Option<Slot> = None;
    for offset in SLOT_OFFSETS {
        let mut bytes = [0u8; SLOT_BYTES];
        file.read_exact_at(&mut bytes, offset).map_err(io("reading a segment's head record"))?;
        if let Some(slot) = Slot::decode(&bytes).filter(|slot| slot.first == first) {
            if best.is_none_or(|b| slot.version > b.version) {
                best = Some(slot);
            }
        }
    }
    best.ok_or_else(|| damaged(first, "neither of its head records is readable".into()))
}

fn write_slot(file: &File, slot: &Slot) -> Result<(), StoreError> {
    file.write_all_at(&slot.encode(), slot.offset()).map_err(io("writing a segment's head record"))
}

fn damaged(first: u64, reason: String) -> StoreError {
    StoreError::Segment { first, reason }
}

/// One batch as one frame: header, then each record with its length.
fn frame(batch: &[Envelope]) -> Vec<u8> {
    let mut bytes = vec![0u8; BATCH_HEADER_BYTES];
    for envelope in batch {
        let record = encode(envelope);
        bytes.extend_from_slice(&(record.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&record);
    }
    let payload = (bytes.len() - BATCH_HEADER_BYTES) as u32;
    bytes[..4].copy_from_slice(&BATCH_MAGIC);
    bytes[4..8].copy_from_slice(&payload.to_le_bytes());
    bytes[8..16].copy_from_slice(&batch.first().map_or(0, |e| e.seq).to_le_bytes());
    bytes[16..20].copy_from_slice(&(batch.len() as u32).to_le_bytes());
    let crc = frame_crc(&bytes[..BATCH_HEADER_BYTES], &bytes[BATCH_HEADER_BYTES..]);
    bytes[20..24].copy_from_slice(&crc.to_le_bytes());
    bytes
}

fn frame_crc(header: &[u8], payload: &[u8]) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&header[4..20]);
    crc.update(payload);
    crc.finalize()
}

/// A batch read back and checked.
struct Batch {
    first: u64,
    count: u32,
    payload: Vec<u8>,
}

/// The batch frames of one segment file, read in order from an offset.
struct Frames {
    reader: BufReader<File>,
    offset: u64,
    file_len: u64,
}

impl Frames {
    fn open(path: &Path, offset: u64) -> Result<Self, StoreError> {
        let file = File::open(path).map_err(io("opening a log segment"))?;
        let file_len = file.metadata().map_err(io("reading a log segment's length"))?.len();
        let mut reader = BufReader::with_capacity(256 * 1024, file);
        std::io::Seek::seek(&mut reader, std::io::SeekFrom::Start(offset)).map_err(io("seeking in a log segment"))?;
        Ok(Frames { reader, offset, file_len })
    }

    /// The next batch, or why there is none at this offset (the end of the data, a torn write, or
    /// damage: the caller tells them apart).
    fn next(&mut self) -> Result<Result<Batch, &'static str>, StoreError> {
        let left = self.file_len.saturating_sub(self.offset);
        if left < BATCH_HEADER_BYTES as u64 {
            return Ok(Err("the file ends"));
        }
        let mut header = [0u8; BATCH_HEADER_BYTES];
        self.reader.read_exact(&mut header).map_err(io("reading a log segment"))?;
        if header[..4] != BATCH_MAGIC {
            return Ok(Err(if header.iter().all(|b| *b == 0) { "zeros" } else { "no batch header" }));
        }
        let payload_len = u64::from(u32_at(&header, 4));
        if payload_len > left - BATCH_HEADER_BYTES as u64 {
            return Ok(Err("a batch longer than the file"));
        }
        let mut payload = vec![0u8; payload_len as usize];
        self.reader.read_exact(&mut payload).map_err(io("reading a log segment"))?;
        if frame_crc(&header, &payload) != u32_at(&header, 20) {
            return Ok(Err("a batch fails its checksum"));
        }
        let batch = Batch { first: u64_at(&header, 8), count: u32_at(&header, 16), payload };
        if RecordSlices::count(&batch.payload) != Some(batch.count) {
            return Ok(Err("a batch's records do not add up to its count"));
        }
        self.offset += BATCH_HEADER_BYTES as u64 + payload_len;
        Ok(Ok(batch))
    }
}

/// The records inside a batch's payload, each `length u32 | bytes`.
struct RecordSlices<'a> {
    payload: &'a [u8],
}

impl<'a> RecordSlices<'a> {
    /// How many whole records the payload holds, if it holds nothing else.
    fn count(payload: &[u8]) -> Option<u32> {
        let mut records = RecordSlices { payload };
        let mut count = 0u32;
        while !records.payload.is_empty() {
            records.next()?;
            count += 1;
        }
        Some(count)
    }
}

impl<'a> Iterator for RecordSlices<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        if self.payload.len() < 4 {
            return None;
        }
        let len = u32_at(self.payload, 0) as usize;
        let record = self.payload.get(4..4 + len)?;
        self.payload = &self.payload[4 + len..];
        Some(record)
    }
}

/// A segment as the store keeps it in memory: a sparse index of its batches for `read_from`.
struct Segment {
    first: u64,
    path: PathBuf,
    /// (first sequence number of a batch, its offset), about every
    /// [`SEGMENT_INDEX_STRIDE_BYTES`] of data.
    index: Vec<(u64, u64)>,
}

/// What a segment file holds, checked frame by frame.
struct Scanned {
    slot: Slot,
    /// The last sequence number of its last intact batch (`first - 1` when it has none).
    end_seq: u64,
    /// Where that batch ends: the next one goes there.
    end_offset: u64,
    file_len: u64,
    index: Vec<(u64, u64)>,
    /// Why the data stopped there.
    stop: &'static str,
}

fn scan(path: &Path, first: u64) -> Result<Scanned, StoreError> {
    let file = File::open(path).map_err(io("opening a log segment"))?;
    let slot = read_slot(&file, first)?;
    let mut frames = Frames::open(path, DATA_START)?;
    let mut index = Vec::new();
    let mut indexed_at = 0u64;
    let mut expected = first;
    let stop = loop {
        let offset = frames.offset;
        match frames.next()? {
            Ok(batch) => {
                if batch.first != expected {
                    return Err(damaged(first, format!("a batch at byte {offset} begins at event {} where {expected} was next", batch.first)));
                }
                if index.is_empty() || offset - indexed_at >= SEGMENT_INDEX_STRIDE_BYTES {
                    index.push((batch.first, offset));
                    indexed_at = offset;
                }
                expected += u64::from(batch.count);
            }
            Err(stop) => break stop,
        }
    };
    Ok(Scanned { slot, end_seq: expected - 1, end_offset: frames.offset, file_len: frames.file_len, index, stop })
}

/// Scans the segments, on every core at once: the results in the segments' order.
fn scan_all(listed: &[(u64, PathBuf)]) -> Vec<Result<Scanned, StoreError>> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Result<Scanned, StoreError>>>> = listed.iter().map(|_| Mutex::new(None)).collect();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(listed.len());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((first, path)) = listed.get(i) else { return };
                *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(scan(path, *first));
            });
        }
    });
    slots.into_iter().map(|slot| slot.into_inner().unwrap_or_else(|p| p.into_inner()).expect("every segment was scanned")).collect()
}

/// The segment files of a log directory by first sequence number, leftovers of an interrupted
/// roll-over removed.
fn list_segments(dir: &Path) -> Result<Vec<(u64, PathBuf)>, StoreError> {
    let mut segments = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io("listing the log directory"))? {
        let path = entry.map_err(io("listing the log directory"))?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
        if name.ends_with(TEMP_SUFFIX) {
            std::fs::remove_file(&path).map_err(io("removing an unfinished segment"))?;
        } else if let Some(first) = name.strip_suffix(SEGMENT_SUFFIX).and_then(|n| n.parse::<u64>().ok()) {
            segments.push((first, path));
        }
    }
    segments.sort_by_key(|(first, _)| *first);
    Ok(segments)
}

/// Whether the log directory holds a segment (false when the directory is not there).
pub fn holds_segments(dir: &Path) -> bool {
    dir.is_dir() && list_segments(dir).is_ok_and(|listed| !listed.is_empty())
}

fn segment_path(dir: &Path, first: u64) -> PathBuf {
    dir.join(format!("{first:020}{SEGMENT_SUFFIX}"))
}

fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    File::open(dir).and_then(|d| d.sync_all()).map_err(io("syncing the log directory"))
}

/// Writes a new, empty segment beginning at `first` (its head record says `first - 1`), complete
/// and durable under a temporary name, then renames it into place.
fn create_segment(dir: &Path, first: u64) -> Result<(File, Slot, u64), StoreError> {
    let path = segment_path(dir, first);
    let temp = path.with_extension(&TEMP_SUFFIX[1..]);
    let write = || -> Result<(File, Slot, u64), StoreError> {
        let file = OpenOptions::new().read(true).write(true).create(true).truncate(true).open(&temp).map_err(io("creating a log segment"))?;
        let slot = Slot { version: 0, first, prev: first - 1, head: first - 1, next: 0 };
        let len = DATA_START + PREALLOCATE_BYTES;
        file.write_all_at(&vec![0u8; len as usize], 0).map_err(io("filling a new log segment"))?;
        write_slot(&file, &slot)?;
        file.sync_all().map_err(io("syncing a new log segment"))?;
        std::fs::rename(&temp, &path).map_err(io("naming a new log segment"))?;
        sync_dir(dir)?;
        Ok((file, slot, len))
    };
    let created = write();
    if created.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    created
}

/// Overwrites with zeros what lies after the data of the last segment (a torn batch), so the next
/// batch is not followed by its remains.
fn clear_tail(file: &File, scanned: &Scanned) -> Result<(), StoreError> {
    let mut at = scanned.end_offset;
    let mut dirty = false;
    let mut chunk = vec![0u8; 64 * 1024];
    while at < scanned.file_len {
        let len = chunk.len().min((scanned.file_len - at) as usize);
        file.read_exact_at(&mut chunk[..len], at).map_err(io("reading a log segment's tail"))?;
        if chunk[..len].iter().any(|b| *b != 0) {
            chunk[..len].fill(0);
            file.write_all_at(&chunk[..len], at).map_err(io("clearing a torn batch"))?;
            dirty = true;
        }
        at += len as u64;
    }
    if dirty {
        tracing::warn!(end = scanned.end_seq, "a torn final batch (never acknowledged) was cut off the log");
        file.sync_data().map_err(io("syncing a cleared tail"))?;
    }
    Ok(())
}

/// The appending end: the last segment's file and where the next batch goes.
struct Writer {
    file: File,
    first: u64,
    /// Offset after the last batch.
    end: u64,
    /// The file's length (zeros after `end`).
    len: u64,
    /// The last head record written (or tried).
    slot: Slot,
    /// Offset of the last index entry.
    indexed_at: u64,
    last_append: Instant,
}

impl Writer {
    fn open(path: &Path, first: u64, scanned: &Scanned) -> Result<Self, StoreError> {
        let file = OpenOptions::new().read(true).write(true).open(path).map_err(io("opening the last log segment"))?;
        clear_tail(&file, scanned)?;
        let indexed_at = scanned.index.last().map_or(0, |(_, offset)| *offset);
        Ok(Writer { file, first, end: scanned.end_offset, len: scanned.file_len, slot: scanned.slot, indexed_at, last_append: Instant::now() })
    }
}

/// The log on disk, shared by the store and its quiet-record thread.
struct Log {
    dir: PathBuf,
    /// A segment takes no new batch once its data passes this.
    segment_bytes: u64,
    /// Locked for as long as the store is open.
    _lock: File,
    segments: RwLock<Vec<Segment>>,
    /// The sealed segments open took on their seals: (first, path, the next segment's first),
    /// for `check_sealed`.
    unchecked: Mutex<Vec<(u64, PathBuf, u64)>>,
    writer: Mutex<Writer>,
    head: AtomicU64,
    /// The last acknowledged head, beside the segments (`super::head`): the segment log's own
    /// records cannot tell a damaged last batch from a torn one, this record can.
    durable_head: HeadFile,
    /// An append failed part way: the next one first checks the disk (see `recover`).
    failed: AtomicBool,
}

pub struct SegmentStore {
    log: Arc<Log>,
    /// Dropped to stop the quiet-record thread, which is then joined.
    quiet: Option<(mpsc::Sender<()>, std::thread::JoinHandle<()>)>,
}

impl SegmentStore {
    /// Opens the log in `dir` (created if missing), checking every batch of the last segment and
    /// the seals of the others (see `check_sealed`).
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        Self::open_sized(dir, SEGMENT_BYTES)
    }

    /// As `open`, rolling over to a new segment at `segment_bytes` (tests use small ones).
    fn open_sized(dir: &Path, segment_bytes: u64) -> Result<Self, StoreError> {
        let log = Arc::new(Log::open(dir, segment_bytes)?);
        let (stop, stopped) = mpsc::channel();
        let quiet_log = log.clone();
        let thread = std::thread::Builder::new()
            .name("ledger-log-quiet".into())
            .spawn(move || quiet_loop(&quiet_log, &stopped))
            .map_err(io("starting the log's quiet-record thread"))?;
        Ok(SegmentStore { log, quiet: Some((stop, thread)) })
    }
}

impl Drop for SegmentStore {
    fn drop(&mut self) {
        if let Some((stop, thread)) = self.quiet.take() {
            drop(stop);
            let _ = thread.join();
        }
    }
}

/// Once no batch has come for [`LOG_QUIET_MS`], records that the log reaches its head (a second
/// sync, off the appends' path): a log at rest then refuses even the loss of its last batch.
/// Ends (after one last record) when the store is dropped.
fn quiet_loop(log: &Log, stopped: &mpsc::Receiver<()>) {
    let quiet = Duration::from_millis(LOG_QUIET_MS);
    loop {
        let last = matches!(stopped.recv_timeout(quiet), Err(mpsc::RecvTimeoutError::Disconnected));
        let mut w = log.writer();
        // The log's own head: after a torn batch was cut off at open, the record said more.
        let head = log.head();
        if (last || w.last_append.elapsed() >= quiet) && (w.slot.prev, w.slot.head) != (head, head) && !log.failed.load(Ordering::Acquire) {
            w.slot = Slot { version: w.slot.version + 1, prev: head, head, ..w.slot };
            if let Err(e) = write_slot(&w.file, &w.slot).and_then(|()| w.file.sync_data().map_err(io("fdatasync"))) {
                tracing::warn!(error = %e, "the log's quiet record was not written");
            }
        }
        if last {
            return;
        }
    }
}

impl Log {
    fn open(dir: &Path, segment_bytes: u64) -> Result<Self, StoreError> {
        std::fs::create_dir_all(dir).map_err(io("creating the log directory"))?;
        let lock = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(dir.join(LOCK_FILE)).map_err(io("opening the log's lock file"))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(StoreError::Locked { dir: dir.display().to_string() }),
            Err(std::fs::TryLockError::Error(source)) => return Err(StoreError::Io { context: "locking the log", source }),
        }
        let mut listed = list_segments(dir)?;
        if listed.is_empty() {
            create_segment(dir, 1)?;
            listed = list_segments(dir)?;
        }
        let (segments, last, unchecked) = check_segments(&listed)?;
        // Before a torn batch is cleared: a batch the record says was acknowledged is damage.
        let (durable_head, recorded) = HeadFile::open(&dir.join(HEAD_FILE))?;
        if last.end_seq < recorded {
            return Err(StoreError::Short { log: last.end_seq, recorded, record: HEAD_FILE });
        }
        let (first, path) = listed.last().expect("at least one segment").clone();
        let writer = Writer::open(&path, first, &last)?;
        Ok(Log {
            dir: dir.to_path_buf(),
            segment_bytes,
            _lock: lock,
            segments: RwLock::new(segments),
            unchecked: Mutex::new(unchecked),
            writer: Mutex::new(writer),
            head: AtomicU64::new(last.end_seq),
            durable_head,
            failed: AtomicBool::new(false),
        })
    }

    fn writer(&self) -> MutexGuard<'_, Writer> {
        self.writer.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn segments(&self) -> std::sync::RwLockReadGuard<'_, Vec<Segment>> {
        self.segments.read().unwrap_or_else(|p| p.into_inner())
    }

    fn segments_mut(&self) -> std::sync::RwLockWriteGuard<'_, Vec<Segment>> {
        self.segments.write().unwrap_or_else(|p| p.into_inner())
    }

    fn head(&self) -> u64 {
        self.head.load(Ordering::Acquire)
    }

    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        let mut w = self.writer();
        let head = self.head();
        check_batch(head, batch)?;
        if batch.is_empty() {
            return Ok(());
        }
        if self.failed.load(Ordering::Acquire) {
            self.recover(&mut w)?;
        }
        let frame = frame(batch);
        if w.end > DATA_START && w.end + frame.len() as u64 > self.segment_bytes {
            self.roll(&mut w, head)?;
        }
        let (at, allocated) = (w.end, w.len);
        if let Err(e) = write_durably(&mut w, &frame, head, batch.len() as u64) {
            undo(&mut w, allocated, frame.len());
            self.failed.store(true, Ordering::Release);
            return Err(e);
        }
        w.end += frame.len() as u64;
        w.last_append = Instant::now();
        if at == DATA_START || at - w.indexed_at >= SEGMENT_INDEX_STRIDE_BYTES {
            w.indexed_at = at;
            if let Some(segment) = self.segments_mut().last_mut() {
                segment.index.push((head + 1, at));
            }
        }
        self.head.store(head + batch.len() as u64, Ordering::Release);
        // The batch stands: a record not written only weakens the check at the next start.
        if let Err(e) = self.durable_head.record(head + batch.len() as u64) {
            tracing::error!(error = %e, "the durable head record was not written");
        }
        Ok(())
    }

    /// Starts a new segment after `head`, then seals the old one.
    fn roll(&self, w: &mut Writer, head: u64) -> Result<(), StoreError> {
        let (file, slot, len) = create_segment(&self.dir, head + 1)?;
        let old = std::mem::replace(w, Writer { file, first: head + 1, end: DATA_START, len, slot, indexed_at: 0, last_append: Instant::now() });
        self.segments_mut().push(Segment { first: head + 1, path: segment_path(&self.dir, head + 1), index: Vec::new() });
        // Unsealed, the old segment is what a crash right here leaves: it still opens (the new
        // one follows it without gap), so a failed seal only loses the check it adds.
        let sealed = Slot { version: old.slot.version + 1, first: old.first, prev: head, head, next: head + 1 };
        if let Err(e) = write_slot(&old.file, &sealed).and_then(|()| old.file.sync_data().map_err(io("fdatasync"))) {
            tracing::error!(error = %e, "the full log segment could not be sealed");
        }
        Ok(())
    }

    /// After a failed append: reads the last segment from the disk again and goes on only if it
    /// ends where the engine's state does. A failed batch that reached the disk after all would
    /// be events no one was told about: the store stays refused (a restart replays them).
    fn recover(&self, w: &mut Writer) -> Result<(), StoreError> {
        let head = self.head();
        let (first, path) = list_segments(&self.dir)?.pop().ok_or_else(|| damaged(w.first, "the log directory has no segment".into()))?;
        let scanned = scan(&path, first)?;
        if scanned.end_seq != head {
            return Err(StoreError::OutOfSequence { expected: head + 1, found: scanned.end_seq + 1 });
        }
        *w = Writer::open(&path, first, &scanned)?;
        let mut segments = self.segments_mut();
        if segments.last().is_some_and(|s| s.first == first) {
            segments.pop();
        }
        segments.push(Segment { first, path, index: scanned.index });
        self.failed.store(false, Ordering::Release);
        tracing::warn!(head, "the log was read again after a failed write: writes resume");
        Ok(())
    }

    fn check_sealed(&self) -> Result<usize, StoreError> {
        let unchecked = std::mem::take(&mut *self.unchecked.lock().unwrap_or_else(|p| p.into_inner()));
        for (i, (first, path, next)) in unchecked.iter().enumerate() {
            let scanned = scan(path, *first).and_then(|scanned| {
                if scanned.end_seq + 1 == *next {
                    Ok(scanned)
                } else {
                    Err(damaged(*first, format!("{} after event {} where the next segment begins at {next}", scanned.stop, scanned.end_seq)))
                }
            });
            let scanned = match scanned {
                Ok(scanned) => scanned,
                Err(error) => {
                    // Checked again by the next call.
                    self.unchecked.lock().unwrap_or_else(|p| p.into_inner()).extend(unchecked[i..].iter().cloned());
                    return Err(error);
                }
            };
            if let Some(segment) = self.segments_mut().iter_mut().find(|s| s.first == *first) {
                segment.index = scanned.index;
            }
        }
        Ok(unchecked.len())
    }

    fn read_from(&self, from: u64) -> Reader {
        let head = self.head();
        let from = from.max(1);
        let segments = self.segments();
        // The segment holding `from`, and the last indexed batch at or before it.
        let at = segments.partition_point(|s| s.first <= from).saturating_sub(1);
        let (seq, offset) = segments[at].index.iter().rev().find(|(seq, _)| *seq <= from).copied().unwrap_or((segments[at].first, DATA_START));
        let paths = segments[at..].iter().map(|s| (s.first, s.path.clone())).collect();
        Reader { paths, offset, seq, from, head, frames: None, payload: Vec::new(), cursor: 0, done: false }
    }
}

/// Writes the frame and the head record, then one `fdatasync`. Extends the file with zeros in
/// the same write when the frame does not fit in what is allocated.
fn write_durably(w: &mut Writer, frame: &[u8], head: u64, count: u64) -> Result<(), StoreError> {
    let end = w.end + frame.len() as u64;
    if end > w.len {
        let len = end.max(w.len + PREALLOCATE_BYTES);
        let mut padded = frame.to_vec();
        padded.resize((len - w.end) as usize, 0);
        w.len = len;
        w.file.write_all_at(&padded, w.end).map_err(io("writing a batch"))?;
    } else {
        w.file.write_all_at(frame, w.end).map_err(io("writing a batch"))?;
    }
    w.slot = Slot { version: w.slot.version + 1, first: w.first, prev: head, head: head + count, next: 0 };
    write_slot(&w.file, &w.slot)?;
    w.file.sync_data().map_err(io("fdatasync"))
}

/// Takes a failed batch back off the file, as far as the disk lets it, so the log ends where it
/// did. If this fails too, `recover` finds out at the next append.
fn undo(w: &mut Writer, allocated: u64, frame_len: usize) {
    let undone = if w.len > allocated { w.file.set_len(allocated) } else { w.file.write_all_at(&vec![0u8; frame_len], w.end) };
    w.len = allocated;
    if let Err(e) = undone.and_then(|()| w.file.sync_data()) {
        tracing::error!(error = %e, "a failed batch could not be taken back off the log");
    }
}

/// Checks the segments against each other: the first begins at event 1, each ends where the next
/// begins, only the last is unsealed, and the last reaches the head it had before its last batch.
/// Checks the segments open reads: the last (and any a crash left unsealed) frame by frame, the
/// others by their seals, which must name the next segment. The segments, what the last one
/// holds, and the sealed ones left for `check_sealed`.
#[allow(clippy::type_complexity)]
fn check_segments(listed: &[(u64, PathBuf)]) -> Result<(Vec<Segment>, Scanned, Vec<(u64, PathBuf, u64)>), StoreError> {
    if listed.first().is_some_and(|(first, _)| *first != 1) {
        return Err(damaged(listed[0].0, "the log's first segment does not begin at event 1".into()));
    }
    let mut unchecked = Vec::new();
    let mut to_scan = Vec::new();
    for (i, (first, path)) in listed.iter().enumerate() {
        let next = listed.get(i + 1).map(|(next, _)| *next);
        let slot = read_slot(&File::open(path).map_err(io("opening a log segment"))?, *first)?;
        match next {
            Some(next) if slot.next == next => unchecked.push((*first, path.clone(), next)),
            Some(next) if slot.next != 0 => {
                return Err(damaged(*first, format!("it is sealed for a segment at event {} but the next begins at {next}", slot.next)));
            }
            _ => to_scan.push((*first, path.clone())),
        }
    }
    let mut scanned_segments = to_scan.iter().zip(scan_all(&to_scan));
    let mut segments = Vec::with_capacity(listed.len());
    let mut last = None;
    for (i, (first, path)) in listed.iter().enumerate() {
        if unchecked.iter().any(|(f, _, _)| f == first) {
            segments.push(Segment { first: *first, path: path.clone(), index: Vec::new() });
            continue;
        }
        let (_, scanned) = scanned_segments.next().expect("every unsealed segment was scanned");
        let scanned = scanned?;
        match listed.get(i + 1).map(|(next, _)| *next) {
            Some(next) if scanned.end_seq + 1 != next => {
                return Err(damaged(*first, format!("{} after event {} where the next segment begins at {next}", scanned.stop, scanned.end_seq)));
            }
            Some(_) => {}
            None if scanned.slot.next != 0 => return Err(StoreError::MissingSegment { first: scanned.slot.next }),
            // The last batch may be torn (never acknowledged); the one before it was.
            None if scanned.end_seq < scanned.slot.prev => {
                return Err(StoreError::Short { log: scanned.end_seq, recorded: scanned.slot.prev, record: "the last segment's head record" });
            }
            None => {}
        }
        segments.push(Segment { first: *first, path: path.clone(), index: scanned.index.clone() });
        last = Some(scanned);
    }
    Ok((segments, last.expect("the last segment is scanned"), unchecked))
}

impl Store for SegmentStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        self.log.append(batch)
    }

    fn read_from(&self, from: u64) -> Records<'_> {
        Box::new(self.log.read_from(from))
    }

    fn head(&self) -> u64 {
        self.log.head()
    }

    /// Checks every batch of the sealed segments open took on their seals, in order, and gives
    /// them their index. Until then reads of those segments begin at the segment's start and
    /// check each batch as they go, as always.
    fn check_sealed(&self) -> Result<usize, StoreError> {
        self.log.check_sealed()
    }

    fn size_on_disk(&self) -> u64 {
        self.log.segments().iter().filter_map(|s| std::fs::metadata(&s.path).ok()).map(|m| m.len()).sum()
    }
}

/// Reads records in order up to the head at its creation, checking each batch's checksum again.
struct Reader {
    /// The segments still to read, the first one from `offset`.
    paths: std::collections::VecDeque<(u64, PathBuf)>,
    offset: u64,
    /// The sequence number of the next record.
    seq: u64,
    from: u64,
    head: u64,
    frames: Option<Frames>,
    payload: Vec<u8>,
    cursor: usize,
    done: bool,
}

impl Reader {
    /// The next record at or after `from`, reading the next batch when this one is used up.
    fn next_record(&mut self) -> Result<Option<Envelope>, StoreError> {
        loop {
            if self.seq > self.head {
                return Ok(None);
            }
            let Some(len) = (RecordSlices { payload: &self.payload[self.cursor..] }).next().map(<[u8]>::len) else {
                self.next_batch()?;
                continue;
            };
            let record = self.cursor + 4..self.cursor + 4 + len;
            self.cursor = record.end;
            self.seq += 1;
            if self.seq > self.from {
                return decode(self.seq - 1, &self.payload[record]).map(Some);
            }
        }
    }

    fn next_batch(&mut self) -> Result<(), StoreError> {
        loop {
            if self.frames.is_none() {
                let (first, path) = self.paths.pop_front().ok_or_else(|| damaged(self.seq, format!("the log ends before event {}", self.seq)))?;
                if self.offset == DATA_START && first != self.seq {
                    return Err(damaged(first, format!("it begins at event {first} where {} was next", self.seq)));
                }
                self.frames = Some(Frames::open(&path, self.offset)?);
                self.offset = DATA_START;
            }
            let frames = self.frames.as_mut().expect("opened above");
            match frames.next()? {
                Ok(batch) if batch.first != self.seq => return Err(damaged(self.seq, format!("a batch begins at event {} where {} was next", batch.first, self.seq))),
                Ok(batch) => {
                    self.payload = batch.payload;
                    self.cursor = 0;
                    return Ok(());
                }
                // This segment's data ends; the next segment goes on.
                Err(_) => self.frames = None,
            }
        }
    }
}

impl Iterator for Reader {
    type Item = Result<Envelope, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_record().transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::messages::AccountEvent;
    use crate::event::Event;

    fn batch(from: u64, count: u64) -> Vec<Envelope> {
        (from..from + count).map(|seq| Envelope { seq, at_ms: seq as i64, event: Event::Accounts(AccountEvent::RulesAccepted { user_id: seq }) }).collect()
    }

    fn seqs(store: &SegmentStore, from: u64) -> Vec<u64> {
        store.read_from(from).map(|r| r.expect("the record reads").seq).collect()
    }

    /// Small segments, so that tests roll over after a few dozen batches.
    const TEST_SEGMENT_BYTES: u64 = 256 * 1024;

    fn open(dir: &Path) -> SegmentStore {
        SegmentStore::open_sized(dir, TEST_SEGMENT_BYTES).expect("the log opens")
    }

    fn refused(dir: &Path) -> StoreError {
        SegmentStore::open_sized(dir, TEST_SEGMENT_BYTES).err().expect("the log is refused")
    }

    /// The head records as a crash during the last batch, before it was acknowledged, leaves
    /// them (closing the store wrote a quiet record after it): the segment's slot names the
    /// batch, the durable head record the head before it.
    fn crash_after_last_batch(dir: &Path, prev: u64, head: u64) {
        crash_after_acknowledging(dir, prev, head);
        std::fs::write(dir.join(HEAD_FILE), crate::store::head::head_record(prev)).expect("writes");
    }

    /// The segment's slot as a kill right after the last batch was acknowledged leaves it.
    fn crash_after_acknowledging(dir: &Path, prev: u64, head: u64) {
        let (first, path) = list_segments(dir).expect("lists").pop().expect("a segment");
        let file = OpenOptions::new().read(true).write(true).open(path).expect("opens");
        let slot = read_slot(&file, first).expect("readable");
        write_slot(&file, &Slot { version: slot.version + 1, prev, head, ..slot }).expect("writes");
    }

    fn first_segment(dir: &Path) -> PathBuf {
        segment_path(dir, 1)
    }

    /// The byte offsets at which the batches of a segment begin.
    fn batch_offsets(path: &Path) -> Vec<u64> {
        let mut frames = Frames::open(path, DATA_START).expect("opens");
        let mut offsets = vec![];
        loop {
            let at = frames.offset;
            match frames.next().expect("reads") {
                Ok(_) => offsets.push(at),
                Err(_) => return offsets,
            }
        }
    }

    fn flip(path: &Path, at: u64) {
        let file = OpenOptions::new().read(true).write(true).open(path).expect("opens");
        let mut byte = [0u8];
        file.read_exact_at(&mut byte, at).expect("reads");
        file.write_all_at(&[byte[0] ^ 0xFF], at).expect("writes");
    }

    #[test]
    fn appended_batches_read_back_in_order_and_after_reopening_the_log_continues() {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let store = open(dir.path());
            assert_eq!(store.head(), 0);
            assert_eq!(seqs(&store, 1), Vec::<u64>::new());
            store.append(&batch(1, 3)).expect("appends");
            store.append(&batch(4, 1)).expect("appends");
            assert!(store.append(&batch(6, 1)).is_err(), "a gap is refused");
            assert_eq!(seqs(&store, 1), [1, 2, 3, 4]);
            assert_eq!(seqs(&store, 3), [3, 4]);
        }
        let store = open(dir.path());
        assert_eq!(store.head(), 4);
        store.append(&batch(5, 2)).expect("appends after reopening");
        assert_eq!(seqs(&store, 0), [1, 2, 3, 4, 5, 6]);
        let read: Vec<Envelope> = store.read_from(5).map(|r| r.expect("reads")).collect();
        assert_eq!(read, batch(5, 2), "the records are the ones written");
    }

    #[test]
    fn a_second_open_of_the_same_directory_is_refused_as_locked() {
        let dir = tempfile::tempdir().expect("temp dir");
        let _store = open(dir.path());
        let error = refused(dir.path());
        assert!(error.is_locked(), "{error}");
    }

    #[test]
    fn segments_roll_over_and_read_from_any_event_across_their_boundaries() {
        let dir = tempfile::tempdir().expect("temp dir");
        // Batches of ~64 KiB so that a few dozen fill a segment; each batch a different size.
        let mut head = 0;
        {
            let store = open(dir.path());
            while list_segments(dir.path()).expect("lists").len() < 3 {
                let count = 900 + head % 7;
                store.append(&batch(head + 1, count)).expect("appends");
                head += count;
            }
            assert_eq!(store.head(), head);
        }
        let store = open(dir.path());
        assert_eq!(store.head(), head);
        let segments = list_segments(dir.path()).expect("lists");
        let firsts: Vec<u64> = segments.iter().map(|(first, _)| *first).collect();
        for (first, path) in &segments[..2] {
            let file = File::open(path).expect("opens");
            let slot = read_slot(&file, *first).expect("readable");
            assert!(slot.next > *first && firsts.contains(&slot.next), "a full segment is sealed for the next one: {slot:?}");
            assert!(file.metadata().expect("metadata").len() <= TEST_SEGMENT_BYTES + PREALLOCATE_BYTES);
        }
        // Every event on either side of each boundary, and a spread of others, reads from there on.
        let mut starts: Vec<u64> = firsts.iter().flat_map(|f| [f - 1, *f, f + 1]).filter(|s| *s >= 1).collect();
        starts.extend((1..head).step_by(10_007));
        for from in starts {
            let mut read = store.read_from(from);
            for seq in from..(from + 3).min(head + 1) {
                assert_eq!(read.next().expect("a record").expect("reads").seq, seq, "reading from {from}");
            }
            assert_eq!(read.count() as u64, head.saturating_sub(from + 2), "reading from {from}: the rest");
        }
        assert_eq!(store.read_from(head + 1).count(), 0);
        assert_eq!(seqs(&store, 1).len() as u64, head);
    }

    #[test]
    fn a_torn_final_batch_is_cut_off_and_the_log_goes_on_from_before_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let store = open(dir.path());
            store.append(&batch(1, 3)).expect("appends");
            store.append(&batch(4, 3)).expect("appends");
        }
        crash_after_last_batch(dir.path(), 3, 6);
        let path = first_segment(dir.path());
        let last = *batch_offsets(&path).last().expect("two batches");
        // A crash during the last batch's write: only its first bytes reached the disk.
        let file = OpenOptions::new().write(true).open(&path).expect("opens");
        let length = std::fs::metadata(&path).expect("metadata").len();
        file.write_all_at(&vec![0u8; (length - last - 30) as usize], last + 30).expect("tears the batch");
        drop(file);
        {
            let store = open(dir.path());
            assert_eq!(store.head(), 3, "the torn batch is cut off");
            assert_eq!(seqs(&store, 1), [1, 2, 3]);
        }
        {
            // Closed without an append, its head record now says where the log really ends.
            let store = open(dir.path());
            assert_eq!(store.head(), 3);
            store.append(&batch(4, 1)).expect("the log goes on where it ends");
        }
        let store = open(dir.path());
        assert_eq!(seqs(&store, 1), [1, 2, 3, 4], "no remains of the torn batch after the new one");
    }

    #[test]
    fn a_damaged_last_batch_that_was_acknowledged_is_refused_by_the_durable_head_record() {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let store = open(dir.path());
            store.append(&batch(1, 3)).expect("appends");
            store.append(&batch(4, 3)).expect("appends");
        }
        // Killed right after the last batch was acknowledged: the segment's own record cannot
        // tell that batch from a torn one, the durable head record says it was acknowledged.
        crash_after_acknowledging(dir.path(), 3, 6);
        let path = first_segment(dir.path());
        let last = *batch_offsets(&path).last().expect("two batches");
        flip(&path, last + 40);
        let error = refused(dir.path());
        assert!(error.is_damage(), "{error}");
        assert_eq!(error.to_string(), "the log ends at event 3 but events up to 6 were acknowledged (durable-head says so)");
        // The same damage after a crash before the acknowledgement is a torn batch, cut off.
        crash_after_last_batch(dir.path(), 3, 6);
        assert_eq!(open(dir.path()).head(), 3);
    }

    #[test]
    fn a_flipped_byte_before_the_last_batch_is_refused_as_damage() {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let store = open(dir.path());
            for n in 0..4 {
                store.append(&batch(1 + 2 * n, 2)).expect("appends");
            }
        }
        crash_after_last_batch(dir.path(), 6, 8);
        let path = first_segment(dir.path());
        let offsets = batch_offsets(&path);
        let intact = std::fs::read(&path).expect("reads");
        // In a header, in a record, in the batch just before the last one.
        for at in [offsets[1] + 5, offsets[1] + 40, offsets[2] + 30] {
            std::fs::write(&path, &intact).expect("restores");
            flip(&path, at);
            let error = refused(dir.path());
            assert!(error.is_damage(), "byte {at} flipped: {error}");
        }
        std::fs::write(&path, &intact).expect("restores");
        assert_eq!(open(dir.path()).head(), 8, "the intact log opens");
    }

    #[test]
    fn a_log_cut_back_by_more_than_its_last_batch_is_refused_and_a_closed_log_refuses_losing_that_too() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = first_segment(dir.path());
        let cut = |at: u64| {
            let file = OpenOptions::new().write(true).open(&path).expect("opens");
            let length = file.metadata().expect("metadata").len();
            file.write_all_at(&vec![0u8; (length - at) as usize], at).expect("zeroes the tail");
        };
        {
            let store = open(dir.path());
            store.append(&batch(1, 2)).expect("appends");
            store.append(&batch(3, 2)).expect("appends");
            store.append(&batch(5, 2)).expect("appends");
        }
        let offsets = batch_offsets(&path);
        let intact = std::fs::read(&path).expect("reads");
        // Closed, the store recorded that the log reaches event 6: losing the last batch is refused.
        cut(offsets[2]);
        let error = refused(dir.path());
        assert!(error.is_damage(), "{error}");
        assert_eq!(error.to_string(), "the log ends at event 4 but events up to 6 were acknowledged (the last segment's head record says so)");
        // After a crash right after the last batch the record says the log reached event 4
        // before it: losing the last batch looks like a torn write and opens, two are refused.
        std::fs::write(&path, &intact).expect("restores");
        crash_after_last_batch(dir.path(), 4, 6);
        cut(offsets[2]);
        assert_eq!(open(dir.path()).head(), 4);
        std::fs::write(&path, &intact).expect("restores");
        crash_after_last_batch(dir.path(), 4, 6);
        cut(offsets[1]);
        let error = refused(dir.path());
        assert_eq!(error.to_string(), "the log ends at event 2 but events up to 4 were acknowledged (the last segment's head record says so)");
    }

    #[test]
    fn a_log_idle_for_its_quiet_time_records_that_it_reaches_its_head() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = open(dir.path());
        store.append(&batch(1, 2)).expect("appends");
        let slot = || read_slot(&File::open(first_segment(dir.path())).expect("opens"), 1).expect("readable");
        assert_eq!((slot().prev, slot().head), (0, 2), "just after the batch");
        std::thread::sleep(Duration::from_millis(LOG_QUIET_MS * 4));
        assert_eq!((slot().prev, slot().head), (2, 2), "after the quiet time");
    }

    #[test]
    fn a_missing_or_damaged_segment_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut head = 0;
        {
            let store = open(dir.path());
            while list_segments(dir.path()).expect("lists").len() < 3 {
                store.append(&batch(head + 1, 1000)).expect("appends");
                head += 1000;
            }
            // Some batches into the last segment, so that one has a middle too.
            for _ in 0..3 {
                store.append(&batch(head + 1, 1000)).expect("appends");
                head += 1000;
            }
        }
        let segments = list_segments(dir.path()).expect("lists");
        let keep = dir.path().join("kept");
        for (first, path) in &segments {
            std::fs::rename(path, &keep).expect("moves it away");
            let error = refused(dir.path());
            assert!(error.is_damage(), "segment {first} missing: {error}");
            std::fs::rename(&keep, path).expect("puts it back");
            // A flipped byte in a batch in the middle of the segment: the last segment's is
            // refused at open; a sealed one's is found by the check after the start, and reading
            // through it fails.
            let offsets = batch_offsets(path);
            let intact = std::fs::read(path).expect("reads");
            flip(path, offsets[offsets.len() / 2] + 100);
            if *first == segments.last().expect("segments").0 {
                let error = refused(dir.path());
                assert!(error.is_damage(), "segment {first} flipped: {error}");
            } else {
                let store = open(dir.path());
                assert_eq!(store.head(), head, "a sealed segment is taken on its seal at open");
                let error = store.check_sealed().expect_err("the check finds the flipped byte");
                assert!(error.is_damage(), "segment {first} flipped: {error}");
                let error = store.read_from(1).find_map(Result::err).expect("reading through the segment fails");
                assert!(error.is_damage(), "reading through segment {first}: {error}");
                assert!(store.check_sealed().is_err(), "a second check finds it again");
            }
            std::fs::write(path, &intact).expect("restores");
        }
        let store = open(dir.path());
        assert_eq!(store.head(), head, "the intact log opens");
        assert_eq!(store.check_sealed().expect("the sealed segments check"), segments.len() - 1);
        assert_eq!(store.check_sealed().expect("nothing is left to check"), 0);
        assert_eq!(seqs(&store, 1).len() as u64, head, "every event reads after the check");
    }

    #[test]
    fn a_roll_over_interrupted_before_the_seal_opens_and_an_unfinished_segment_is_removed() {
        let dir = tempfile::tempdir().expect("temp dir");
        {
            let store = open(dir.path());
            store.append(&batch(1, 5)).expect("appends");
        }
        // A crash after the new segment was named, before the old one was sealed; and a leftover
        // of a crash while a segment was being written.
        create_segment(dir.path(), 6).expect("a new segment");
        std::fs::write(dir.path().join(format!("{:020}{SEGMENT_SUFFIX}{TEMP_SUFFIX}", 9)), b"half").expect("a leftover");
        let store = open(dir.path());
        assert_eq!(store.head(), 5);
        store.append(&batch(6, 2)).expect("appends into the new segment");
        assert_eq!(seqs(&store, 1), [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(list_segments(dir.path()).expect("lists").len(), 2, "the leftover is gone");
    }
}
