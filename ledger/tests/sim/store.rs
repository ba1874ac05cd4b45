//! A simulated disk behind the ledger's `Store` trait: what a real log does, and the ways a real
//! disk fails it, on command of the simulation (never by chance of its own).
//!
//! A batch is one frame, as in the segment log: `[body length u32][CRC-32 of the body][body]`,
//! the body `[first seq u64][count u32]` and each record `[length u32][rmp bytes of the envelope]`
//! (`ledger::store::encode`). What an `Ok` append wrote is synced: acknowledged means durable.
//! Bytes past the last sync (`tail`) are what a failed or interrupted write left; a crash may keep
//! or lose them, and the next open keeps them only if they form a whole frame that checks.
//! Damage is found when bytes are read: a frame whose CRC fails is reported, never skipped.

use ledger::store::{check_batch, decode, encode, Records, Store, StoreError};
use ledger::Envelope;
use std::sync::{Mutex, MutexGuard};

/// What the next append does instead of succeeding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The write fails before anything reaches the disk.
    Fail,
    /// A part of the frame reaches the disk (never the whole), then the write fails. The store
    /// cuts it back before its next write, as the segment log does.
    Tear { kept_permille: u32 },
    /// The whole frame reaches the disk but the append reports an error (a sync that failed
    /// after the data landed): the log holds a batch nobody was told of, so the store refuses
    /// every write until it is opened again, and the open keeps the batch.
    LandedUnacknowledged,
    /// The process dies in the middle of the write: a prefix of the frame (all of it at 1000) is
    /// on the disk, unsynced. Nothing more happens until the store is opened again.
    Crash { kept_permille: u32 },
}

#[derive(Default)]
struct Disk {
    /// Synced frames, with the first seq and count the store keeps in memory (its index).
    frames: Vec<(u64, u64, Vec<u8>)>,
    /// Bytes written after the last sync: a torn or unacknowledged frame.
    tail: Option<Vec<u8>>,
    /// An unacknowledged write may have landed: appends are refused until the next open.
    refused: bool,
    /// The process died: nothing works until the next open.
    crashed: bool,
    /// Appends refused with ENOSPC before the disk takes writes again.
    full_appends_left: u32,
    fault: Option<Fault>,
    counts: FaultCounts,
}

/// How many appends each fault hit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FaultCounts {
    pub full: u64,
    pub failed: u64,
    pub torn: u64,
    pub landed_unacknowledged: u64,
    pub crashed: u64,
}

#[derive(Default)]
pub struct SimStore {
    disk: Mutex<Disk>,
}

pub fn frame(batch: &[Envelope]) -> Vec<u8> {
    let first = batch.first().map_or(0, |e| e.seq);
    let mut body = Vec::new();
    body.extend(first.to_be_bytes());
    body.extend((batch.len() as u32).to_be_bytes());
    for envelope in batch {
        let record = encode(envelope);
        body.extend((record.len() as u32).to_be_bytes());
        body.extend(record);
    }
    let mut bytes = Vec::with_capacity(body.len() + 8);
    bytes.extend((body.len() as u32).to_be_bytes());
    bytes.extend(crc32fast::hash(&body).to_be_bytes());
    bytes.extend(body);
    bytes
}

fn be_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// A frame's first seq and its records, each as (seq, bytes).
type Parsed<'a> = (u64, Vec<(u64, &'a [u8])>);

/// The records of a frame that checks; or why it does not.
pub fn parse(bytes: &[u8]) -> Result<Parsed<'_>, String> {
    let body_len = be_u32(bytes, 0).ok_or("frame shorter than its header")? as usize;
    let crc = be_u32(bytes, 4).ok_or("frame shorter than its header")?;
    let body = bytes.get(8..).filter(|b| b.len() == body_len).ok_or("frame cut short or overlong")?;
    if crc32fast::hash(body) != crc {
        return Err("frame fails its CRC".into());
    }
    let first = u64::from_be_bytes(body.get(..8).ok_or("body without its first seq")?.try_into().map_err(|_| "first seq")?);
    let count = be_u32(body, 8).ok_or("body without its count")? as u64;
    let mut records = Vec::new();
    let mut at = 12;
    for i in 0..count {
        let len = be_u32(body, at).ok_or("record length past the frame")? as usize;
        let record = body.get(at + 4..at + 4 + len).ok_or("record past the frame")?;
        records.push((first + i, record));
        at += 4 + len;
    }
    if at != body.len() {
        return Err("bytes after the frame's last record".into());
    }
    Ok((first, records))
}

fn io(context: &'static str, kind: std::io::ErrorKind, what: &str) -> StoreError {
    StoreError::Io { context, source: std::io::Error::new(kind, what.to_owned()) }
}

impl SimStore {
    fn disk(&self) -> MutexGuard<'_, Disk> {
        self.disk.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The next append does this.
    pub fn inject(&self, fault: Fault) {
        self.disk().fault = Some(fault);
    }

    /// The disk is full for the next `appends` appends (each refused, nothing written).
    pub fn fill(&self, appends: u32) {
        self.disk().full_appends_left = appends;
    }

    /// A fault that no append took (the batch wrote nothing) is forgotten.
    pub fn clear_fault(&self) {
        self.disk().fault = None;
    }

    pub fn counts(&self) -> FaultCounts {
        self.disk().counts
    }

    pub fn is_full(&self) -> bool {
        self.disk().full_appends_left > 0
    }

    pub fn crashed(&self) -> bool {
        self.disk().crashed
    }

    pub fn refused(&self) -> bool {
        self.disk().refused
    }

    pub fn frames(&self) -> usize {
        self.disk().frames.len()
    }

    pub fn frame_len(&self, index: usize) -> usize {
        self.disk().frames[index].2.len()
    }

    /// Flips bits of one byte of a synced frame (damage at rest); returns the byte it held.
    pub fn flip(&self, index: usize, at: usize, mask: u8) -> u8 {
        let mut disk = self.disk();
        let byte = &mut disk.frames[index].2[at];
        let was = *byte;
        *byte ^= mask;
        was
    }

    /// Puts a byte back (the operator restored the data directory from a backup).
    pub fn restore(&self, index: usize, at: usize, byte: u8) {
        self.disk().frames[index].2[at] = byte;
    }

    /// A crash and a restart's open: the bytes past the last sync survive only if `keep_tail`;
    /// every synced frame must check (damage there is refused, as the server refuses to start);
    /// a surviving tail is kept if it is a whole frame that follows on, and cut off otherwise.
    /// Returns whether a tail frame was kept.
    pub fn reopen(&self, keep_tail: bool) -> Result<bool, StoreError> {
        let mut disk = self.disk();
        disk.crashed = false;
        disk.refused = false;
        disk.fault = None;
        let mut expected = 1;
        for (first, count, bytes) in &disk.frames {
            let (found, _) = parse(bytes).map_err(|reason| StoreError::Corrupt { key: *first, reason })?;
            if found != expected {
                return Err(StoreError::OutOfSequence { expected, found });
            }
            expected += count;
        }
        let tail = disk.tail.take().filter(|_| keep_tail);
        let Some(bytes) = tail else { return Ok(false) };
        let whole = match parse(&bytes) {
            Ok((first, records)) if first == expected && !records.is_empty() => Some((first, records.len() as u64)),
            _ => None,
        };
        Ok(match whole {
            Some((first, count)) => {
                disk.frames.push((first, count, bytes));
                true
            }
            None => false,
        })
    }

    /// Every record of the log, in order (or the first damage).
    pub fn records(&self) -> Result<Vec<Envelope>, StoreError> {
        self.read_from(1).collect()
    }
}

impl Store for SimStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        let mut disk = self.disk();
        if disk.crashed {
            return Err(io("append", std::io::ErrorKind::Other, "the process is dead"));
        }
        // A fault is meant for this append, whatever else stops it.
        let fault = disk.fault.take();
        let head = disk.frames.last().map_or(0, |(first, count, _)| first + count - 1);
        check_batch(head, batch)?;
        if disk.refused {
            return Err(io("append", std::io::ErrorKind::Other, "the log ends past the engine's state: refused until it is opened again"));
        }
        // What a failed write left past the last sync is cut back before writing again.
        disk.tail = None;
        if disk.full_appends_left > 0 {
            disk.full_appends_left -= 1;
            disk.counts.full += 1;
            return Err(io("append", std::io::ErrorKind::StorageFull, "no space left on device"));
        }
        let bytes = frame(batch);
        let prefix = |permille: u32| bytes[..bytes.len() * permille.min(1000) as usize / 1000].to_vec();
        match fault {
            None => {
                disk.frames.push((batch[0].seq, batch.len() as u64, bytes));
                Ok(())
            }
            Some(Fault::Fail) => {
                disk.counts.failed += 1;
                Err(io("append", std::io::ErrorKind::Other, "input/output error"))
            }
            Some(Fault::Tear { kept_permille }) => {
                let mut kept = prefix(kept_permille.min(999));
                kept.truncate(bytes.len() - 1);
                disk.tail = Some(kept);
                disk.counts.torn += 1;
                Err(io("append", std::io::ErrorKind::Other, "short write"))
            }
            Some(Fault::LandedUnacknowledged) => {
                disk.tail = Some(bytes);
                disk.refused = true;
                disk.counts.landed_unacknowledged += 1;
                Err(io("sync", std::io::ErrorKind::Other, "fdatasync failed"))
            }
            Some(Fault::Crash { kept_permille }) => {
                disk.tail = Some(prefix(kept_permille));
                disk.crashed = true;
                disk.counts.crashed += 1;
                Err(io("append", std::io::ErrorKind::Other, "the process died"))
            }
        }
    }

    fn read_from(&self, from: u64) -> Records<'_> {
        let frames: Vec<(u64, u64, Vec<u8>)> = self.disk().frames.iter().filter(|(first, count, _)| first + count > from).cloned().collect();
        let mut out: Vec<Result<Envelope, StoreError>> = Vec::new();
        let mut expected = frames.first().map_or(from, |(first, _, _)| *first);
        for (first, _, bytes) in &frames {
            match parse(bytes) {
                Err(reason) => {
                    out.push(Err(StoreError::Corrupt { key: *first, reason }));
                    break;
                }
                Ok((found, _)) if found != expected => {
                    out.push(Err(StoreError::OutOfSequence { expected, found }));
                    break;
                }
                Ok((_, records)) => {
                    expected += records.len() as u64;
                    for (seq, record) in records.into_iter().filter(|(seq, _)| *seq >= from) {
                        out.push(decode(seq, record));
                        if out.last().is_some_and(Result::is_err) {
                            return Box::new(out.into_iter());
                        }
                    }
                }
            }
        }
        Box::new(out.into_iter())
    }

    fn head(&self) -> u64 {
        self.disk().frames.last().map_or(0, |(first, count, _)| first + count - 1)
    }
}
