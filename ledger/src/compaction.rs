//! Compaction at a start: the sled log and the history projection are copied into new files
//! (`store::sled_compact`, `History::compact`) when their files hold several times what their
//! last compaction left, scaled by the events since (the log 1.5×, the history 3×), so a
//! server that restarts now and then never carries years of sled's garbage on disk or in
//! memory at open.

use crate::history::History;
use crate::store::sled_compact::{compact_log, files_bytes, finish, log_bytes, read_record, recorded_head, Record, HISTORY_RECORD, LOG_RECORD};
use crate::store::StoreError;
use std::path::Path;

/// Files under this many bytes are never compacted at a start: the copy would save little.
pub const BLOATED_BYTES_MIN: u64 = 64 * 1024 * 1024;
/// The environment variable that sets [`BLOATED_BYTES_MIN`] (a test's knob: the crash test
/// compacts small logs at its starts).
pub const BLOATED_BYTES_MIN_VAR: &str = "LEDGER_COMPACT_BYTES_MIN";
/// The history's files holding this many times what their last compaction left (scaled by the
/// events since) are compacted at a start; with no compaction recorded, any over
/// [`BLOATED_BYTES_MIN`] are. Its copy is the slow one (19 s for 1.1 GB at 10M events).
pub const BLOATED_FACTOR: f64 = 3.0;
/// The same for the sled log, whose copy is quick (whole chunks: 1.3 GB in 4.9 s at 10M events)
/// and whose files grow 1.65× the scaled size in 5M events of the 10M benchmark's build: at 3×
/// no start would compact them, and they alone would hold the directory above 2× its encoded
/// bytes.
pub const LOG_BLOATED_FACTOR: f64 = 1.5;

/// Whether files of `bytes`, when the log's head is `head`, hold `factor` times what the last
/// compaction (`last`) left, scaled by the events since.
fn bloated(bytes: u64, head: u64, last: Option<Record>, bytes_min: u64, factor: f64) -> bool {
    if bytes < bytes_min {
        return false;
    }
    let Some(last) = last else { return true };
    let per_event = last.bytes as f64 / last.head.max(1) as f64;
    let expected = last.bytes as f64 + head.saturating_sub(last.head) as f64 * per_event;
    bytes as f64 > factor * expected.max(1.0)
}

/// What a start's compaction did to one part.
#[derive(Debug, Clone, Copy)]
pub struct Compacted {
    pub part: &'static str,
    pub before: u64,
    pub after: u64,
    pub elapsed: std::time::Duration,
}

/// At a start, before the log and the history are opened: compacts the sled log of `dir` and
/// its history projection if their files are bloated (see [`bloated`]). What it compacted.
/// Files under [`BLOATED_BYTES_MIN`] are left, or under what the environment's
/// [`BLOATED_BYTES_MIN_VAR`] says.
pub fn compact_bloated(dir: &Path) -> Result<Vec<Compacted>, StoreError> {
    let bytes_min = std::env::var(BLOATED_BYTES_MIN_VAR).ok().and_then(|bytes| bytes.parse().ok()).unwrap_or(BLOATED_BYTES_MIN);
    compact_bloated_over(dir, bytes_min)
}

fn compact_bloated_over(dir: &Path, bytes_min: u64) -> Result<Vec<Compacted>, StoreError> {
    finish(dir)?;
    let head = recorded_head(dir);
    let mut done = Vec::new();
    if dir.join("db").is_file() && bloated(log_bytes(dir), head, read_record(dir, LOG_RECORD), bytes_min, LOG_BLOATED_FACTOR) {
        let started = std::time::Instant::now();
        let (before, after) = compact_log(dir)?;
        done.push(Compacted { part: "log", before, after, elapsed: started.elapsed() });
    }
    let history = dir.join(crate::store::HISTORY_DIR);
    if history.is_dir() && bloated(files_bytes(&history), head, read_record(dir, HISTORY_RECORD), bytes_min, BLOATED_FACTOR) {
        let started = std::time::Instant::now();
        let (before, after) = History::compact(dir)?;
        done.push(Compacted { part: "history", before, after, elapsed: started.elapsed() });
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sled_compact::tests::{events, read_all};
    use crate::store::{SledStore, Store};

    #[test]
    fn a_start_compacts_only_files_that_hold_several_times_what_they_should() {
        let mb = 1024 * 1024;
        let history = |bytes, head, last| bloated(bytes, head, last, BLOATED_BYTES_MIN, BLOATED_FACTOR);
        assert!(!history(10 * mb, 1_000, None), "small files are left");
        assert!(history(100 * mb, 1_000, None), "never compacted and large");
        let last = Some(Record { head: 1_000_000, bytes: 100 * mb });
        assert!(!history(250 * mb, 1_000_000, last), "2.5× what it left");
        assert!(history(310 * mb, 1_000_000, last), "3.1× what it left");
        assert!(!history(500 * mb, 2_000_000, last), "twice the events: 2.5× what it should hold");
        // The log's copy is quick: it is compacted sooner (the 10M benchmark's log, 1.65×).
        let log = |bytes, head, last| bloated(bytes, head, last, BLOATED_BYTES_MIN, LOG_BLOATED_FACTOR);
        assert!(!log(140 * mb, 1_000_000, last), "1.4× what it left");
        assert!(log(165 * mb, 1_000_000, last), "1.65× what it left");
        let dir = tempfile::tempdir().expect("temp dir");
        let store = SledStore::open_sealing(dir.path(), 8).expect("opens");
        for from in (1..=600).step_by(20) {
            store.append(&events(from, 20)).expect("appends");
        }
        drop(store);
        assert!(compact_bloated(dir.path()).expect("looks").is_empty(), "a small log is left as it is");
        // Over no least size: compacted once (nothing recorded yet), then left (it holds what it did).
        let done = compact_bloated_over(dir.path(), 0).expect("compacts");
        assert_eq!(done.iter().map(|done| done.part).collect::<Vec<_>>(), ["log"], "{done:?}");
        assert!(compact_bloated_over(dir.path(), 0).expect("looks").is_empty(), "compacted already");
        assert_eq!(read_all(dir.path()), events(1, 600));
    }
}
