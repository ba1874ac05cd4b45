//! The event store: append a batch durably, read in order. One trait, one file per store behind
//! it: in memory (`mem`), the segment files (`segments`), sled (`sled_log`); the log on NATS
//! JetStream (`crate::jetstream`) is one too, beside the snapshots it ships, so it lives above
//! them. `open_data_dir` picks the local store a data directory holds, so nothing outside
//! the store code knows which runs (DESIGN §8).

pub mod chunks;
pub mod head;
pub mod mem;
pub mod segments;
pub mod sled_compact;
pub mod sled_log;

use crate::event::Envelope;
use std::path::Path;

pub use mem::MemStore;
pub use segments::{SegmentStore, LOG_DIR};
pub use sled_log::SledStore;

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
    /// An engine started on a state folded from the log (a standby's) that does not end where
    /// the log does.
    #[error("the state to start on ends at event {state} but the log at {log}")]
    NotAtTheEnd { state: u64, log: u64 },
    /// The log ends before the durable head recorded beside it: acknowledged batches are gone.
    #[error("the log ends at event {log} but events up to {recorded} were acknowledged ({record} says so)")]
    Short { log: u64, recorded: u64, record: &'static str },
    #[error("the durable head record ({}) is unreadable: {reason}", head::HEAD_FILE)]
    BadHead { reason: String },
    /// A segment of the log fails its checks (a checksum, its place in the sequence).
    #[error("the log segment that begins at event {first} is damaged: {reason}")]
    Segment { first: u64, reason: String },
    /// The last segment is sealed for a next one that is not there.
    #[error("the log segment that begins at event {first} is missing")]
    MissingSegment { first: u64 },
    /// The log holds no events, but the data directory says it had some (its snapshots, a head
    /// record, a sled log): the log was lost, and a new exchange must not start over it.
    #[error("the log in {log} holds no events, but {evidence} say it had some: an empty log here is damage, not a new exchange (restore the log; to start a new exchange, use a new data directory)")]
    LogGone { log: String, evidence: String },
    /// A data directory asked to open with another local log than the one it holds.
    #[error("the data directory {dir} keeps its log in {held}, not {asked}: open it with --log {held} (or without --log)")]
    OtherLog { dir: String, held: &'static str, asked: &'static str },
    /// Another process has the log open.
    #[error("the log in {dir} is locked by another process")]
    Locked { dir: String },
    /// A log on another machine (JetStream) did not answer as it should.
    #[error("the log server failed: {context}: {reason}")]
    Remote { context: &'static str, reason: String },
    /// An append a log on other machines (JetStream) did not answer: the batch may be stored yet,
    /// once the log has its quorum again (then the next append finds it: `Landed`).
    #[error("the log server did not answer an append: {reason}")]
    Unanswered { reason: String },
    /// An earlier batch of this store whose append ended without an answer (the log lost its
    /// quorum: those submitters were answered 503) was stored after all, as the log found when it
    /// answered again. The store now ends after it; the engine must take its events into its
    /// state. The batch that found it was not stored.
    #[error("an earlier batch whose append got no answer was stored after all ({} events): this batch was not stored", events.len())]
    Landed { events: Vec<Envelope> },
    /// Another engine appended to the log since this one read it: this one must not write again.
    #[error("another engine has appended to the log (expected its last message to be {expected}): this engine stops writing")]
    Fenced { expected: u64 },
}

impl StoreError {
    /// The stored bytes fail their checksums or do not decode: the log on disk is damaged.
    pub fn is_damage(&self) -> bool {
        matches!(
            self,
            StoreError::Sled(sled::Error::Corruption { .. })
                | StoreError::Corrupt { .. }
                | StoreError::Short { .. }
                | StoreError::BadHead { .. }
                | StoreError::Segment { .. }
                | StoreError::MissingSegment { .. }
                | StoreError::LogGone { .. }
        )
    }

    /// Another process holds the store (the log's lock file, sled's lock on its files).
    pub fn is_locked(&self) -> bool {
        matches!(self, StoreError::Locked { .. })
            || matches!(self, StoreError::Sled(sled::Error::Io(io)) if io.kind() == std::io::ErrorKind::WouldBlock || io.to_string().contains("lock"))
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
    /// Checks what open took on trust (the segment log's sealed segments, see `segments`): how
    /// many parts it checked, or the first damage. Run once the start is done.
    fn check_sealed(&self) -> Result<usize, StoreError> {
        Ok(0)
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
pub fn check_batch(head: u64, batch: &[Envelope]) -> Result<(), StoreError> {
    for (i, envelope) in batch.iter().enumerate() {
        let expected = head + 1 + i as u64;
        if envelope.seq != expected {
            return Err(StoreError::OutOfSequence { expected, found: envelope.seq });
        }
    }
    Ok(())
}

/// The history projection's directory in a data directory (`crate::history`): fed from the log,
/// so a directory that has one had a log.
pub const HISTORY_DIR: &str = "history";

/// sled's data file: a data directory that has it keeps its log in sled.
const SLED_DATA_FILE: &str = "db";

/// The logs a data directory can keep on its own disk (`serve --log sled|segments`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalLog {
    /// sled (the default): a tree keyed by big-endian `seq` (`sled_log`).
    Sled,
    /// The segment files (`segments`), chosen explicitly.
    Segments,
}

impl LocalLog {
    pub fn name(self) -> &'static str {
        match self {
            LocalLog::Sled => "sled",
            LocalLog::Segments => "segments",
        }
    }

    pub fn parse(name: &str) -> Option<LocalLog> {
        [LocalLog::Sled, LocalLog::Segments].into_iter().find(|log| log.name() == name)
    }
}

/// Which local log a data directory holds, if any.
pub fn held_log(dir: &Path) -> Option<LocalLog> {
    if segments::holds_segments(&dir.join(LOG_DIR)) {
        Some(LocalLog::Segments)
    } else if dir.join(SLED_DATA_FILE).is_file() {
        Some(LocalLog::Sled)
    } else {
        None
    }
}

/// Opens the ledger's log in a data directory: the log it holds, which goes on as it is (a
/// directory made with the segment log keeps it), or in a new directory the one `asked` for,
/// sled when none is. Asking for another log than the one a directory holds is refused
/// ([`StoreError::OtherLog`]). A directory without a log is a new exchange only if nothing in
/// it says a log was there: otherwise it is refused ([`StoreError::LogGone`]).
pub fn open_data_dir(dir: &Path, asked: Option<LocalLog>) -> Result<Box<dyn Store>, StoreError> {
    // A compaction of the sled log that a crash cut short moves sled's files: finish it first.
    sled_compact::finish(dir)?;
    let log = match (held_log(dir), asked) {
        (Some(held), Some(asked)) if held != asked => {
            return Err(StoreError::OtherLog { dir: dir.display().to_string(), held: held.name(), asked: asked.name() });
        }
        (Some(held), _) => held,
        (None, asked) => {
            if let Some(evidence) = earlier_log(dir) {
                return Err(StoreError::LogGone { log: dir.display().to_string(), evidence });
            }
            asked.unwrap_or(LocalLog::Sled)
        }
    };
    Ok(match log {
        LocalLog::Sled => Box::new(SledStore::open(dir)?),
        LocalLog::Segments => Box::new(SegmentStore::open(&dir.join(LOG_DIR))?),
    })
}

/// What in a data directory says that it had a log with events: snapshots of its state (each
/// taken at an event of the log), the head record of a log, a sled log's files, or the history
/// projection fed from a log. (The server's
/// keys are not: they are made before the log is opened on a new directory.)
fn earlier_log(dir: &Path) -> Option<String> {
    let has_entries = |name: &str| std::fs::read_dir(dir.join(name)).is_ok_and(|mut entries| entries.next().is_some());
    let found: Vec<&str> = [
        ("snapshots", has_entries("snapshots")),
        (head::HEAD_FILE, dir.join(head::HEAD_FILE).exists() || dir.join(LOG_DIR).join(head::HEAD_FILE).exists()),
        ("a sled log (db)", dir.join(SLED_DATA_FILE).exists()),
        ("a history projection", has_entries(HISTORY_DIR)),
    ]
    .into_iter()
    .filter_map(|(what, there)| there.then_some(what))
    .collect();
    (!found.is_empty()).then(|| format!("{} in {}", found.join(", "), dir.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::messages::AccountEvent;
    use crate::event::Event;

    fn batch(from: u64, count: u64) -> Vec<Envelope> {
        (from..from + count).map(|seq| Envelope { seq, at_ms: 0, event: Event::Accounts(AccountEvent::RulesAccepted { user_id: seq }) }).collect()
    }

    #[test]
    fn a_new_data_directory_gets_the_sled_log_and_one_made_with_segments_keeps_them() {
        let fresh = tempfile::tempdir().expect("temp dir");
        open_data_dir(fresh.path(), None).expect("opens").append(&batch(1, 2)).expect("appends");
        assert!(fresh.path().join(SLED_DATA_FILE).is_file() && !fresh.path().join(LOG_DIR).exists(), "sled by default");
        assert_eq!(open_data_dir(fresh.path(), Some(LocalLog::Sled)).expect("opens again").head(), 2);
        let error = open_data_dir(fresh.path(), Some(LocalLog::Segments)).err().expect("refused");
        assert!(!error.is_damage() && !error.is_locked(), "{error}");
        assert!(error.to_string().contains("keeps its log in sled, not segments: open it with --log sled"), "{error}");

        let segments = tempfile::tempdir().expect("temp dir");
        open_data_dir(segments.path(), Some(LocalLog::Segments)).expect("opens").append(&batch(1, 3)).expect("appends");
        assert!(segments.path().join(LOG_DIR).join("00000000000000000001.seg").is_file() && !segments.path().join(SLED_DATA_FILE).exists());
        let store = open_data_dir(segments.path(), None).expect("opens as it is");
        assert_eq!(store.head(), 3, "the segment log's events");
        drop(store);
        assert!(open_data_dir(segments.path(), Some(LocalLog::Sled)).is_err(), "not converted");
        assert!(!segments.path().join(SLED_DATA_FILE).exists());
    }

    #[test]
    fn a_data_directory_whose_log_is_gone_is_refused_while_anything_says_it_had_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        open_data_dir(dir.path(), Some(LocalLog::Segments)).expect("opens").append(&batch(1, 3)).expect("appends");
        std::fs::create_dir(dir.path().join("snapshots")).expect("snapshots");
        std::fs::write(dir.path().join("snapshots").join("00000000000000000003.snap"), b"state").expect("a snapshot");
        let segment = dir.path().join(LOG_DIR).join("00000000000000000001.seg");
        std::fs::remove_file(&segment).expect("the only segment is gone");
        let error = open_data_dir(dir.path(), None).err().expect("refused");
        assert!(error.is_damage(), "{error}");
        assert!(error.to_string().contains("holds no events, but snapshots, durable-head in"), "{error}");
        std::fs::remove_dir_all(dir.path().join(LOG_DIR)).expect("the whole log is gone");
        assert!(open_data_dir(dir.path(), Some(LocalLog::Segments)).err().expect("refused").is_damage());
        assert!(!dir.path().join(LOG_DIR).exists() && !dir.path().join(SLED_DATA_FILE).exists(), "nothing was created");
        // A head record says so too; an empty snapshots folder, or the server's keys, do not.
        std::fs::remove_dir_all(dir.path().join("snapshots")).expect("removed");
        std::fs::create_dir_all(dir.path().join("snapshots")).expect("an empty one");
        std::fs::write(dir.path().join(head::HEAD_FILE), [0u8; 16]).expect("a head record");
        assert!(open_data_dir(dir.path(), None).err().expect("refused").is_damage());
        std::fs::remove_file(dir.path().join(head::HEAD_FILE)).expect("removed");
        std::fs::create_dir_all(dir.path().join("keys")).expect("keys");
        std::fs::write(dir.path().join("keys").join("payload.hex"), b"00").expect("a key");
        assert_eq!(open_data_dir(dir.path(), None).expect("a new exchange").head(), 0);
    }

    #[test]
    fn a_sled_data_directory_whose_log_is_gone_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        open_data_dir(dir.path(), None).expect("opens").append(&batch(1, 3)).expect("appends");
        for entry in std::fs::read_dir(dir.path()).expect("lists") {
            let path = entry.expect("an entry").path();
            if path.file_name().is_some_and(|name| name != head::HEAD_FILE) {
                if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) }.expect("removed");
            }
        }
        let error = open_data_dir(dir.path(), None).err().expect("refused");
        assert!(error.is_damage() && error.to_string().contains("but durable-head in"), "{error}");
    }
}
