//! The durable head record: the last sequence number acknowledged, in a 16-byte file beside a log
//! whose own recovery cannot tell a lost or damaged tail from a shorter log (sled's silently ends
//! at the last intact message; the segment log cannot tell a damaged last batch from a torn one).
//!
//! It is written after each batch is durable, with no sync of its own on the append's path, so a
//! batch costs the log's one device flush. What it says survives a killed process at once (the
//! write is in the kernel's page cache); a thread makes it durable within [`HEAD_SYNC_MS`], for
//! a machine that loses its power. At open, a log that ends before it is refused.

use super::StoreError;
use crate::limits::HEAD_SYNC_MS;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The durable head record's file name, beside the log (sled's files, the segments).
pub const HEAD_FILE: &str = "durable-head";

/// The record: the sequence number, then the same number XOR this, both big-endian, so a record
/// that is not one reads as unreadable rather than as some other number.
const HEAD_CHECK: u64 = 0x6578_6368_616e_6765;

pub fn head_record(seq: u64) -> [u8; 16] {
    let mut record = [0u8; 16];
    record[..8].copy_from_slice(&seq.to_be_bytes());
    record[8..].copy_from_slice(&(seq ^ HEAD_CHECK).to_be_bytes());
    record
}

/// The recorded head (0 for a store that has none yet).
pub fn read_head_record(bytes: &[u8]) -> Result<u64, StoreError> {
    if bytes.is_empty() {
        return Ok(0);
    }
    let bad = |reason: &str| StoreError::BadHead { reason: reason.to_owned() };
    let record: [u8; 16] = bytes.try_into().map_err(|_| bad(&format!("{} bytes, not 16", bytes.len())))?;
    let seq = u64::from_be_bytes(record[..8].try_into().map_err(|_| bad("short"))?);
    let check = u64::from_be_bytes(record[8..].try_into().map_err(|_| bad("short"))?);
    if seq ^ HEAD_CHECK != check {
        return Err(bad("its check does not match"));
    }
    Ok(seq)
}

/// The open record: [`HeadFile::record`] after each durable batch; dropping it syncs it a last time.
pub struct HeadFile {
    file: Arc<File>,
    written: Arc<AtomicU64>,
    /// Dropped to stop the sync thread, which is then joined.
    syncer: Option<(mpsc::Sender<()>, std::thread::JoinHandle<()>)>,
}

impl HeadFile {
    /// Opens (or creates) the record at `path`, and what it says (0 when new).
    pub fn open(path: &Path) -> Result<(Self, u64), StoreError> {
        let io = |context| move |source| StoreError::Io { context, source };
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io("opening the durable head record"))?;
        let recorded = read_head_record(&std::fs::read(path).map_err(io("reading the durable head record"))?)?;
        let (file, written) = (Arc::new(file), Arc::new(AtomicU64::new(recorded)));
        let (stop, stopped) = mpsc::channel();
        let thread = {
            let (file, written) = (file.clone(), written.clone());
            std::thread::Builder::new()
                .name("ledger-head-sync".into())
                .spawn(move || sync_loop(&file, &written, recorded, &stopped))
                .map_err(io("starting the durable head record's sync thread"))?
        };
        Ok((HeadFile { file, written, syncer: Some((stop, thread)) }, recorded))
    }

    /// Records that the log is durable up to `seq` (written, not synced: see the module).
    pub fn record(&self, seq: u64) -> Result<(), StoreError> {
        self.file.write_all_at(&head_record(seq), 0).map_err(|source| StoreError::Io { context: "writing the durable head record", source })?;
        self.written.store(seq, Ordering::Release);
        Ok(())
    }
}

impl Drop for HeadFile {
    fn drop(&mut self) {
        if let Some((stop, thread)) = self.syncer.take() {
            drop(stop);
            let _ = thread.join();
        }
    }
}

/// Every [`HEAD_SYNC_MS`], and once more when the record is dropped: an `fdatasync` of the record
/// if it changed since the last one.
fn sync_loop(file: &File, written: &AtomicU64, mut synced: u64, stopped: &mpsc::Receiver<()>) {
    loop {
        let last = matches!(stopped.recv_timeout(Duration::from_millis(HEAD_SYNC_MS)), Err(mpsc::RecvTimeoutError::Disconnected));
        let head = written.load(Ordering::Acquire);
        if head != synced {
            match file.sync_data() {
                Ok(()) => synced = head,
                Err(e) => tracing::warn!(error = %e, "the durable head record was not synced"),
            }
        }
        if last {
            return;
        }
    }
}
