//! `exchange projections`: the history projection beside the log (`ledger::history`), checked
//! against one folded from the whole log, dropped and rebuilt from it, or compacted. No server
//! may hold the data directory.

use crate::app::open_store;
use crate::configuration::Settings;
use anyhow::Context;
use clap::Subcommand;
use ledger::history::History;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum ProjectionsCmd {
    /// Catch the history up with the log, then compare it with one folded from the whole log
    /// (every row and bet, key by key) and its bets with the state replayed from the log; exits
    /// 1 on a difference.
    Check {
        /// The data directory (no server may hold it).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Fold the whole log into a new history, compare it with the one kept as `check` does, and
    /// put the new one in its place (even when they differ: the log is the truth).
    Rebuild {
        /// The data directory (no server may hold it; default: the configuration's).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Copy the history key by key into new files and put them in its place: the same rows in
    /// files that hold nothing removed or rewritten (smaller on disk and in memory at open).
    /// Prints its files' bytes before and after.
    Compact {
        /// The data directory (no server may hold it; default: the configuration's).
        #[arg(long)]
        data: Option<PathBuf>,
    },
}

pub(super) fn run(settings: &Settings, command: ProjectionsCmd) -> anyhow::Result<ExitCode> {
    let (data, rebuild) = match command {
        ProjectionsCmd::Check { data } => (data, false),
        ProjectionsCmd::Rebuild { data } => (data, true),
        ProjectionsCmd::Compact { data } => return compact(settings, data),
    };
    let dir = data.unwrap_or_else(|| settings.application.data_dir.clone());
    let store = open_store(&dir, None)?;
    // The history the directory has, caught up with the log; and one folded from nothing beside
    // it (for `rebuild` it takes the kept one's place, and the kept one is dropped).
    let kept = History::open(&dir).context("opening the history")?;
    let caught_up = kept.catch_up(store.as_ref()).context("catching the history up with the log")?;
    let fresh_dir = dir.join("history.rebuilt");
    let started = std::time::Instant::now();
    let fresh = History::rebuild(&fresh_dir, store.as_ref()).context("folding the log into a new history")?;
    let rebuilt_ms = started.elapsed().as_millis();
    let state = ledger::audit::replay(store.as_ref(), u64::MAX).context("replaying the log")?;
    let compared = kept.compare(&fresh, &state);
    let applied = fresh.applied()?;
    drop((kept, fresh));
    let history_dir = dir.join(ledger::history::HISTORY_DIR);
    if rebuild {
        std::fs::remove_dir_all(&history_dir).context("dropping the history")?;
        std::fs::rename(fresh_dir.join(ledger::history::HISTORY_DIR), &history_dir).context("putting the rebuilt history in its place")?;
    }
    std::fs::remove_dir_all(&fresh_dir).context("removing the scratch history")?;
    match compared {
        Ok(compared) => {
            let report = serde_json::json!({
                "applied": applied,
                "caughtUp": caught_up,
                "rebuiltMs": rebuilt_ms,
                "rows": compared.rows,
                "bets": compared.bets,
                "rounds": compared.rounds,
                "points": compared.points,
                "same": true,
                "rebuilt": rebuild,
            });
            println!("{}", serde_json::to_string_pretty(&report)?);
            Ok(ExitCode::SUCCESS)
        }
        Err(difference) => {
            println!("{}", serde_json::json!({ "applied": applied, "same": false, "difference": difference, "rebuilt": rebuild }));
            Ok(ExitCode::FAILURE)
        }
    }
}

fn compact(settings: &Settings, data: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    let dir = data.unwrap_or_else(|| settings.application.data_dir.clone());
    // Held while the history is copied, so that no server starts on the directory meanwhile.
    let _log = open_store(&dir, None)?;
    let started = std::time::Instant::now();
    let (before, after) = History::compact(&dir).context("compacting the history")?;
    let report = serde_json::json!({ "bytesBefore": before, "bytesAfter": after, "compactMs": started.elapsed().as_millis() });
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(ExitCode::SUCCESS)
}

/// `exchange compact`: the sled log (when the directory keeps its log in sled), then the history.
pub(super) fn compact_ledger(settings: &Settings, data: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    use ledger::store::sled_compact;
    let dir = data.unwrap_or_else(|| settings.application.data_dir.clone());
    anyhow::ensure!(dir.is_dir(), "no data directory at {}", dir.display());
    let mut report = serde_json::Map::new();
    if ledger::store::held_log(&dir) == Some(ledger::LocalLog::Sled) {
        let started = std::time::Instant::now();
        let (before, after) = sled_compact::compact_log(&dir).map_err(|error| {
            if error.is_locked() {
                anyhow::anyhow!("compacting the log in {}: another process holds it (a server running on it?): {error}", dir.display())
            } else {
                anyhow::Error::new(error).context("compacting the log")
            }
        })?;
        report.insert("log".into(), serde_json::json!({ "bytesBefore": before, "bytesAfter": after, "compactMs": started.elapsed().as_millis() }));
    }
    // Held while the history is copied, so that no server starts on the directory meanwhile.
    let log = open_store(&dir, None)?;
    let started = std::time::Instant::now();
    let (before, after) = History::compact(&dir).context("compacting the history")?;
    drop(log);
    report.insert("history".into(), serde_json::json!({ "bytesBefore": before, "bytesAfter": after, "compactMs": started.elapsed().as_millis() }));
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(ExitCode::SUCCESS)
}
