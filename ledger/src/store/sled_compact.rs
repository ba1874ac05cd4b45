//! Compaction of the sled log and of the history projection: their keys copied in key order
//! into a new database, which then takes the old one's place. sled 0.34 keeps what was removed
//! or rewritten in its files, and in memory at open, until it writes there again; the log's
//! singles are written, then packed into chunks and removed, and the history's rows are written
//! one to a key before they are paged, so both gather that garbage. A copy holds only what is
//! live (docs/benchmarks.md: a 10M-event log's files went from 1,970 MB to 534 MB, and its
//! memory at open from 323 MB to 6 MB).
//!
//! The log's files are sled's own at the data directory's root (`conf`, `db`, `blobs/`,
//! `snap.*`), beside the other parts, so its swap is a protocol that a crash at any step leaves
//! resumable:
//!
//! 1. the copy is written into `log.compact/` and synced; a crash here leaves the log as it was
//!    (the next open removes the unfinished copy);
//! 2. `log.compact.ready` is written and synced: from here the swap is finished, never undone;
//! 3. sled's files at the root are moved into `log.old/`, then `log.compact.old-moved` is
//!    written (so a resumed swap never takes a new file for an old one);
//! 4. the copy's files are moved to the root, the ready marker removed, and `log.old/`,
//!    `log.compact/` and the old-moved marker removed.
//!
//! [`finish`] runs the steps after the ready marker; every open of a data directory calls it
//! first. No one may hold the log while it is compacted (sled's lock on its files says so).
//!
//! Each compaction records what it left (`log.compacted`, `history.compacted`: the log's head
//! and the files' bytes then), which `crate::compaction` reads to compact at a start only what
//! has grown bloated since.

use super::head::{read_head_record, HEAD_FILE};
use super::sled_log::open_sled;
use super::StoreError;
use std::io::Write;
use std::path::Path;

/// Where the log's copy is written.
const COPY_DIR: &str = "log.compact";
/// Where the log's old files wait while the copy takes their place.
const OLD_DIR: &str = "log.old";
/// Written when the copy is complete and synced: the swap is then finished, never undone.
const READY: &str = "log.compact.ready";
/// Written when the old files are all in `log.old/`.
const OLD_MOVED: &str = "log.compact.old-moved";
/// What the log's last compaction left (`Record`).
pub const LOG_RECORD: &str = "log.compacted";
/// What the history's last compaction left.
pub const HISTORY_RECORD: &str = "history.compacted";

/// Keys copied per sled batch.
const COPY_BATCH: usize = 4096;

/// Whether `name` at a data directory's root is one of sled's files (the log's).
fn is_sled_file(name: &str) -> bool {
    matches!(name, "conf" | "db" | "blobs") || name.starts_with("snap.")
}

fn io(context: &'static str) -> impl Fn(std::io::Error) -> StoreError {
    move |source| StoreError::Io { context, source }
}

/// The bytes of the files under `path` (all of them, in every folder).
pub fn files_bytes(path: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(path) else { return 0 };
    entries
        .flatten()
        .map(|entry| match entry.metadata() {
            Ok(meta) if meta.is_dir() => files_bytes(&entry.path()),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        })
        .sum()
}

/// The bytes of the sled log's files at the root of `dir`.
pub fn log_bytes(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .flatten()
        .filter(|entry| entry.file_name().to_str().is_some_and(is_sled_file))
        .map(|entry| if entry.path().is_dir() { files_bytes(&entry.path()) } else { entry.metadata().map_or(0, |meta| meta.len()) })
        .sum()
}

fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    std::fs::File::open(dir).and_then(|dir| dir.sync_all()).map_err(io("syncing a directory"))
}

fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let mut file = std::fs::File::create(path).map_err(io("writing a compaction's record"))?;
    file.write_all(bytes).and_then(|()| file.sync_all()).map_err(io("writing a compaction's record"))
}

fn remove_dir_if_there(path: &Path) -> Result<(), StoreError> {
    match std::fs::remove_dir_all(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io("removing a compaction's folder")(e)),
        _ => Ok(()),
    }
}

fn remove_file_if_there(path: &Path) -> Result<(), StoreError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io("removing a compaction's marker")(e)),
        _ => Ok(()),
    }
}

/// Copies every tree of the sled database at `from` into a new one at `to`, key by key in key
/// order, and checks that each tree has as many keys there. The database `from` must not be held.
pub(crate) fn copy_database(from: &Path, to: &Path) -> Result<(), StoreError> {
    let source = open_sled(from)?;
    let copy = open_sled(to)?;
    for name in source.tree_names() {
        let (tree, copied) = (source.open_tree(&name)?, copy.open_tree(&name)?);
        let (mut batch, mut keys) = (sled::Batch::default(), 0usize);
        for item in tree.iter() {
            let (key, value) = item?;
            batch.insert(key, value);
            keys += 1;
            if keys % COPY_BATCH == 0 {
                copied.apply_batch(std::mem::take(&mut batch))?;
            }
        }
        copied.apply_batch(batch)?;
        if copied.len() != keys {
            return Err(StoreError::Corrupt { key: 0, reason: format!("the compacted copy of tree {:?} holds {} keys, not {keys}", String::from_utf8_lossy(&name), copied.len()) });
        }
    }
    copy.flush()?;
    drop((source, copy));
    for file in ["db", "conf"] {
        std::fs::File::open(to.join(file)).and_then(|file| file.sync_all()).map_err(io("syncing the compacted copy"))?;
    }
    sync_dir(to)
}

/// Compacts the sled log of `dir`, which no one may hold (see the module's protocol). A copy
/// no smaller than the log is dropped and the log kept. The files' bytes before and after.
pub fn compact_log(dir: &Path) -> Result<(u64, u64), StoreError> {
    finish(dir)?;
    let copy = dir.join(COPY_DIR);
    remove_dir_if_there(&copy)?;
    let before = log_bytes(dir);
    copy_database(dir, &copy)?;
    let after = log_bytes(&copy);
    if after >= before {
        remove_dir_if_there(&copy)?;
        record(dir, LOG_RECORD, before)?;
        return Ok((before, before));
    }
    write_synced(&dir.join(READY), b"the compacted log in log.compact/ takes the place of sled's files here\n")?;
    sync_dir(dir)?;
    finish(dir)?;
    record(dir, LOG_RECORD, after)?;
    Ok((before, after))
}

/// Finishes a compaction of the log of `dir` that a crash interrupted, or removes what an
/// unfinished copy left. Cheap when there is none (a look for the ready marker).
pub fn finish(dir: &Path) -> Result<(), StoreError> {
    let (copy, old) = (dir.join(COPY_DIR), dir.join(OLD_DIR));
    if !dir.join(READY).exists() {
        // No swap under way: the root holds the log; what is beside it is left over.
        if copy.exists() || old.exists() {
            tracing::warn!(dir = %dir.display(), "an unfinished compaction of the log was removed: the log is as it was");
        }
        remove_dir_if_there(&copy)?;
        remove_dir_if_there(&old)?;
        return remove_file_if_there(&dir.join(OLD_MOVED));
    }
    if !dir.join(OLD_MOVED).exists() {
        if !copy.exists() {
            // The copy never was (a marker written by hand?): the root still holds every file.
            return remove_file_if_there(&dir.join(READY));
        }
        std::fs::create_dir_all(&old).map_err(io("making the compaction's old folder"))?;
        for entry in std::fs::read_dir(dir).map_err(io("listing the data directory"))?.flatten() {
            if entry.file_name().to_str().is_some_and(is_sled_file) {
                std::fs::rename(entry.path(), old.join(entry.file_name())).map_err(io("moving the log's old files aside"))?;
            }
        }
        sync_dir(&old)?;
        sync_dir(dir)?;
        write_synced(&dir.join(OLD_MOVED), b"sled's old files are in log.old/\n")?;
        sync_dir(dir)?;
    }
    if let Ok(entries) = std::fs::read_dir(&copy) {
        for entry in entries.flatten() {
            std::fs::rename(entry.path(), dir.join(entry.file_name())).map_err(io("moving the compacted log in place"))?;
        }
    }
    sync_dir(dir)?;
    remove_file_if_there(&dir.join(READY))?;
    sync_dir(dir)?;
    remove_dir_if_there(&old)?;
    remove_dir_if_there(&copy)?;
    remove_file_if_there(&dir.join(OLD_MOVED))?;
    tracing::info!(dir = %dir.display(), bytes = log_bytes(dir), "the compacted log took the old one's place");
    Ok(())
}

/// What a compaction left: the log's head then and the files' bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    pub head: u64,
    pub bytes: u64,
}

/// The head the data directory `dir` has acknowledged (its durable head record; 0 with none).
pub fn recorded_head(dir: &Path) -> u64 {
    std::fs::read(dir.join(HEAD_FILE)).ok().and_then(|bytes| read_head_record(&bytes).ok()).unwrap_or(0)
}

/// Records what a compaction left in `dir`'s file `name` (the log's head now, and `bytes`).
pub(crate) fn record(dir: &Path, name: &str, bytes: u64) -> Result<(), StoreError> {
    let text = format!("head={}\nbytes={bytes}\n", recorded_head(dir));
    std::fs::write(dir.join(name), text).map_err(io("writing a compaction's record"))
}

/// What the compaction recorded in `dir`'s file `name` left, if it recorded anything.
pub fn read_record(dir: &Path, name: &str) -> Option<Record> {
    let text = std::fs::read_to_string(dir.join(name)).ok()?;
    let field = |key: &str| text.lines().find_map(|line| line.strip_prefix(key)?.strip_prefix('=')?.parse().ok());
    Some(Record { head: field("head")?, bytes: field("bytes")? })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::accounts::messages::AccountEvent;
    use crate::event::{Envelope, Event};
    use crate::store::{SledStore, Store};

    /// `count` events numbered from `from`.
    pub(crate) fn events(from: u64, count: u64) -> Vec<Envelope> {
        (from..from + count).map(|seq| Envelope { seq, at_ms: seq as i64, event: Event::Accounts(AccountEvent::RulesAccepted { user_id: seq }) }).collect()
    }

    /// A log of 600 events in 20-event batches, packed into 8-event chunks: most of it written
    /// single, packed and removed.
    fn a_log(dir: &Path) {
        let store = SledStore::open_sealing(dir, 8).expect("opens");
        for from in (1..=600).step_by(20) {
            store.append(&events(from, 20)).expect("appends");
            store.seal_now().expect("seals");
        }
        assert!(store.sealed() > 500, "packed");
    }

    /// Every event of the sled log of `dir` (600 of them), packed in 8-event chunks.
    pub(crate) fn read_all(dir: &Path) -> Vec<Envelope> {
        let store = SledStore::open_sealing(dir, 8).expect("opens");
        assert_eq!(store.head(), 600);
        store.read_from(1).collect::<Result<Vec<_>, _>>().expect("reads")
    }

    #[test]
    fn a_compacted_log_reads_the_same_events() {
        let dir = tempfile::tempdir().expect("temp dir");
        a_log(dir.path());
        let (before, after) = compact_log(dir.path()).expect("compacts");
        assert!(after <= before, "{before} → {after}");
        assert_eq!(read_all(dir.path()), events(1, 600));
        for leftover in [COPY_DIR, OLD_DIR, READY, OLD_MOVED] {
            assert!(!dir.path().join(leftover).exists(), "{leftover} is gone");
        }
        assert!(read_record(dir.path(), LOG_RECORD).is_some_and(|record| record.head == 600), "recorded");
    }

    #[test]
    fn a_compaction_cut_short_at_any_step_opens_as_the_same_log() {
        // The states a crash can leave, each made by hand from a complete copy.
        for step in 0..5 {
            let dir = tempfile::tempdir().expect("temp dir");
            let root = dir.path();
            a_log(root);
            copy_database(root, &root.join(COPY_DIR)).expect("copies");
            let sled_files = || -> Vec<std::ffi::OsString> {
                std::fs::read_dir(root).expect("lists").flatten().map(|entry| entry.file_name()).filter(|name| name.to_str().is_some_and(is_sled_file)).collect()
            };
            match step {
                // The copy written, not marked ready: the old log stays, the copy is removed.
                0 => {}
                // Marked ready, nothing moved.
                1 => write_synced(&root.join(READY), b"").expect("marks"),
                // Some of the old files moved aside.
                2 => {
                    write_synced(&root.join(READY), b"").expect("marks");
                    std::fs::create_dir_all(root.join(OLD_DIR)).expect("old");
                    let name = sled_files().into_iter().find(|name| name == "conf").expect("conf");
                    std::fs::rename(root.join(&name), root.join(OLD_DIR).join(&name)).expect("moves");
                }
                // All old files aside, some of the new ones in place.
                3 | 4 => {
                    write_synced(&root.join(READY), b"").expect("marks");
                    std::fs::create_dir_all(root.join(OLD_DIR)).expect("old");
                    for name in sled_files() {
                        std::fs::rename(root.join(&name), root.join(OLD_DIR).join(&name)).expect("moves");
                    }
                    write_synced(&root.join(OLD_MOVED), b"").expect("marks");
                    std::fs::rename(root.join(COPY_DIR).join("db"), root.join("db")).expect("moves one new file");
                    if step == 4 {
                        // Everything moved, the ready marker removed, the leftovers not yet.
                        for entry in std::fs::read_dir(root.join(COPY_DIR)).expect("lists").flatten() {
                            std::fs::rename(entry.path(), root.join(entry.file_name())).expect("moves");
                        }
                        std::fs::remove_file(root.join(READY)).expect("unmarks");
                    }
                }
                _ => unreachable!(),
            }
            let store = crate::store::open_data_dir(root, None).expect("opens");
            assert_eq!(store.read_from(1).collect::<Result<Vec<_>, _>>().expect("reads"), events(1, 600), "step {step}");
            drop(store);
            for leftover in [COPY_DIR, OLD_DIR, READY, OLD_MOVED] {
                assert!(!root.join(leftover).exists(), "step {step}: {leftover} is gone");
            }
        }
    }
}
