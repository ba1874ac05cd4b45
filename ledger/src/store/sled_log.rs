//! The log in sled: a tree of records keyed by big-endian `seq`, each an rmp-serde envelope, and
//! the durable head record beside it (`head`).

use super::head::{HeadFile, HEAD_FILE};
use super::{check_batch, decode, encode, Records, Store, StoreError};
use crate::event::Envelope;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

pub struct SledStore {
    dir: std::path::PathBuf,
    /// sled's handles; replaced after a failed write (see `reopen`), `None` while that failed.
    open: std::sync::RwLock<Option<SledFiles>>,
    head: AtomicU64,
    /// The last acknowledged sequence number, written after each batch is durable (`head`): sled
    /// vouches for its log only up to its last snapshot and recovers silently to the last intact
    /// message after it, so a damaged tail would otherwise open as a shorter log that audits
    /// clean. At open, a log that ends before this record is refused.
    durable_head: HeadFile,
    /// A write failed (a full disk, an I/O error): sled refuses everything after one until it is
    /// opened again, so the next append opens it again first.
    failed: std::sync::atomic::AtomicBool,
}

struct SledFiles {
    db: sled::Db,
    log: sled::Tree,
    /// sled's own flush ends in `sync_file_range`, which does not empty the drive's write cache
    /// nor sync metadata; an `fdatasync` of its data file after each flush makes a batch durable
    /// before the engine answers.
    data_file: std::fs::File,
}

impl SledFiles {
    fn open(dir: &Path) -> Result<(Self, u64), StoreError> {
        let db = open_sled(dir)?;
        let log = db.open_tree("log")?;
        let head = match log.last()? {
            Some((key, _)) => key_to_seq(&key)?,
            None => 0,
        };
        let data_file = std::fs::File::open(dir.join("db")).map_err(|source| StoreError::Io { context: "opening sled's data file", source })?;
        Ok((SledFiles { db, log, data_file }, head))
    }
}

/// How long an open waits for sled's lock on its files, which a store just dropped in this process
/// keeps a moment longer (sled's own threads let it go after the handle is gone).
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

pub(crate) fn open_sled(dir: &Path) -> Result<sled::Db, StoreError> {
    let started = std::time::Instant::now();
    loop {
        match sled::Config::new().path(dir).cache_capacity(crate::limits::SLED_CACHE_BYTES).open().map_err(StoreError::from) {
            Err(e) if e.is_locked() && started.elapsed() < LOCK_WAIT => std::thread::sleep(std::time::Duration::from_millis(20)),
            opened => return opened,
        }
    }
}

impl SledStore {
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let (files, head) = SledFiles::open(dir)?;
        let (durable_head, recorded) = HeadFile::open(&dir.join(HEAD_FILE))?;
        // The log may be one batch ahead (a crash after the batch, before its record); never behind.
        if head < recorded {
            return Err(StoreError::Short { log: head, recorded, record: HEAD_FILE });
        }
        Ok(Self {
            dir: dir.to_path_buf(),
            open: std::sync::RwLock::new(Some(files)),
            head: AtomicU64::new(head),
            durable_head,
            failed: std::sync::atomic::AtomicBool::new(false),
        })
    }

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
        let (files, head) = SledFiles::open(&self.dir)?;
        let expected = self.head.load(Ordering::Acquire);
        if head != expected {
            return Err(StoreError::OutOfSequence { expected, found: head });
        }
        *open = Some(files);
        self.failed.store(false, Ordering::Release);
        tracing::warn!(head, "the store was opened again after a failed write: writes resume");
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
}

fn key_to_seq(key: &[u8]) -> Result<u64, StoreError> {
    let bytes: [u8; 8] = key.try_into().map_err(|_| StoreError::Corrupt { key: 0, reason: "key is not 8 bytes".into() })?;
    Ok(u64::from_be_bytes(bytes))
}

impl Store for SledStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        check_batch(self.head(), batch)?;
        if self.failed.load(Ordering::Acquire) {
            self.reopen()?;
        }
        let outcome = self.files(|files| {
            let mut writes = sled::Batch::default();
            for envelope in batch {
                writes.insert(&envelope.seq.to_be_bytes(), encode(envelope));
            }
            files.log.apply_batch(writes)?;
            let durable = files.db.flush().map(|_| ()).map_err(StoreError::from).and_then(|()| {
                files.data_file.sync_data().map_err(|source| StoreError::Io { context: "fdatasync", source })
            });
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
            self.failed.store(true, Ordering::Release);
            return Err(e);
        }
        let head = self.head.fetch_add(batch.len() as u64, Ordering::Release) + batch.len() as u64;
        // The batch is durable in the log; a failed record only weakens the check at the next
        // start (it can then see a shorter head than the truth), so the batch still stands.
        if let Err(e) = self.durable_head.record(head) {
            tracing::error!(error = %e, "the durable head record was not written");
        }
        Ok(())
    }

    fn read_from(&self, from: u64) -> Records<'_> {
        match self.files(|files| files.log.clone()) {
            Ok(log) => Box::new(log.range(from.to_be_bytes()..).map(|item| {
                let (key, value) = item?;
                decode(key_to_seq(&key)?, &value)
            })),
            Err(e) => Box::new(std::iter::once(Err(e))),
        }
    }

    fn head(&self) -> u64 {
        self.head.load(Ordering::Acquire)
    }

    fn size_on_disk(&self) -> u64 {
        self.files(|files| files.db.size_on_disk().unwrap_or(0)).unwrap_or(0)
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
