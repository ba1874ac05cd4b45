//! The event store: append a batch durably, read in order. The sled implementation is the
//! embedded default; nothing outside this file knows sled (DESIGN §8).

use crate::event::Envelope;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("storage failed: {0}")]
    Sled(#[from] sled::Error),
    #[error("storage failed: {context}: {source}")]
    Io {
        context: &'static str,
        #[source]
        source: std::io::Error,
    },
    #[error("record {key} could not be decoded: {reason}")]
    Corrupt { key: u64, reason: String },
    #[error("record out of sequence: expected {expected}, found {found}")]
    OutOfSequence { expected: u64, found: u64 },
}

impl StoreError {
    /// The stored bytes fail their checksums or do not decode: the log on disk is damaged.
    pub fn is_damage(&self) -> bool {
        matches!(self, StoreError::Sled(sled::Error::Corruption { .. }) | StoreError::Corrupt { .. })
    }

    /// Another process holds the store (sled's lock on its files).
    pub fn is_locked(&self) -> bool {
        matches!(self, StoreError::Sled(sled::Error::Io(io)) if io.kind() == std::io::ErrorKind::WouldBlock || io.to_string().contains("lock"))
    }
}

pub type Records<'a> = Box<dyn Iterator<Item = Result<Envelope, StoreError>> + Send + 'a>;

/// One writer appends (the engine); any number of readers read concurrently (audits).
pub trait Store: Send + Sync {
    /// Appends the batch; when this returns `Ok` every record is durable.
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError>;
    /// Records with `seq >= from`, in order.
    fn read_from(&self, from: u64) -> Records<'_>;
    /// The last sequence number written (0 when empty).
    fn head(&self) -> u64;
    /// Bytes the store occupies on disk (0 in memory).
    fn size_on_disk(&self) -> u64 {
        0
    }
}

pub fn encode(envelope: &Envelope) -> Vec<u8> {
    rmp_serde::to_vec(envelope).expect("events contain only encodable values")
}

pub fn decode(key: u64, bytes: &[u8]) -> Result<Envelope, StoreError> {
    let envelope: Envelope = rmp_serde::from_slice(bytes).map_err(|e| StoreError::Corrupt { key, reason: e.to_string() })?;
    if envelope.seq != key {
        return Err(StoreError::OutOfSequence { expected: key, found: envelope.seq });
    }
    Ok(envelope)
}

/// Checks that a batch continues the log without gap or repeat, before anything is written.
fn check_batch(head: u64, batch: &[Envelope]) -> Result<(), StoreError> {
    for (i, envelope) in batch.iter().enumerate() {
        let expected = head + 1 + i as u64;
        if envelope.seq != expected {
            return Err(StoreError::OutOfSequence { expected, found: envelope.seq });
        }
    }
    Ok(())
}

#[derive(Default)]
pub struct MemStore {
    records: Mutex<Vec<Vec<u8>>>,
}

impl MemStore {
    fn records(&self) -> std::sync::MutexGuard<'_, Vec<Vec<u8>>> {
        self.records.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Store for MemStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        let mut records = self.records();
        check_batch(records.len() as u64, batch)?;
        records.extend(batch.iter().map(encode));
        Ok(())
    }

    fn read_from(&self, from: u64) -> Records<'_> {
        let skip = from.saturating_sub(1) as usize;
        let copied: Vec<Vec<u8>> = self.records().iter().skip(skip).cloned().collect();
        Box::new(copied.into_iter().enumerate().map(move |(i, bytes)| decode((skip + i) as u64 + 1, &bytes)))
    }

    fn head(&self) -> u64 {
        self.records().len() as u64
    }
}

pub struct SledStore {
    db: sled::Db,
    log: sled::Tree,
    head: AtomicU64,
    /// sled's own flush ends in `sync_file_range`, which does not empty the drive's write cache
    /// nor sync metadata; an `fdatasync` of its data file after each flush makes a batch durable
    /// before the engine answers.
    data_file: std::fs::File,
}

impl SledStore {
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let db = sled::open(dir)?;
        let log = db.open_tree("log")?;
        let head = match log.last()? {
            Some((key, _)) => key_to_seq(&key)?,
            None => 0,
        };
        let data_file = std::fs::File::open(dir.join("db")).map_err(|source| StoreError::Io { context: "opening sled's data file", source })?;
        Ok(Self { db, log, head: AtomicU64::new(head), data_file })
    }
}

fn key_to_seq(key: &[u8]) -> Result<u64, StoreError> {
    let bytes: [u8; 8] = key.try_into().map_err(|_| StoreError::Corrupt { key: 0, reason: "key is not 8 bytes".into() })?;
    Ok(u64::from_be_bytes(bytes))
}

impl Store for SledStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        check_batch(self.head(), batch)?;
        let mut writes = sled::Batch::default();
        for envelope in batch {
            writes.insert(&envelope.seq.to_be_bytes(), encode(envelope));
        }
        self.log.apply_batch(writes)?;
        let durable = self.db.flush().map(|_| ()).map_err(StoreError::from).and_then(|()| {
            self.data_file.sync_data().map_err(|source| StoreError::Io { context: "fdatasync", source })
        });
        if let Err(e) = durable {
            // Not durable, so not in the log: take the records back out of sled's memory, so a
            // later append continues from the same head. (sled may refuse everything after an
            // I/O error until restarted; writes then stay refused, reads go on.)
            let mut undo = sled::Batch::default();
            for envelope in batch {
                undo.remove(&envelope.seq.to_be_bytes());
            }
            let _ = self.log.apply_batch(undo);
            return Err(e);
        }
        self.head.fetch_add(batch.len() as u64, Ordering::Release);
        Ok(())
    }

    fn read_from(&self, from: u64) -> Records<'_> {
        Box::new(self.log.range(from.to_be_bytes()..).map(|item| {
            let (key, value) = item?;
            decode(key_to_seq(&key)?, &value)
        }))
    }

    fn head(&self) -> u64 {
        self.head.load(Ordering::Acquire)
    }

    fn size_on_disk(&self) -> u64 {
        self.db.size_on_disk().unwrap_or(0)
    }
}
