//! The history projection (`ledger::history`) kept up with the log, and read from it. On an
//! engine node a thread folds in what the log holds past the projection after the engine has
//! made a batch durable, at most once every `limits::HISTORY_FOLD_PAUSE_MS` (the batches between
//! are folded together); it reads the log itself, so the engine's only cost is a wake-up, and the
//! projection never flushes (sled writes it out in the background; at start it catches up from
//! where it stopped). A reader first makes sure the projection reaches the state it read
//! (`HistoryReads::at`), so an answer never lists less than the state it was read with.

use ledger::history::History;
use ledger::Store;
use std::path::Path;
use std::sync::mpsc;
use std::sync::Arc;

/// Wakes the history's thread (after a durable batch). Cheap: a wake-up already pending is enough.
pub type Wake = Box<dyn Fn() + Send>;

/// The history of a node and the log it is folded from.
pub struct HistoryReads {
    history: Arc<History>,
    store: Arc<dyn Store>,
}

impl HistoryReads {
    /// Opens the history of `data_dir`, read and caught up from `store` by its readers only (an
    /// edge node: its state follows the log, its history is folded when it is read).
    pub fn open(data_dir: &Path, store: Arc<dyn Store>) -> anyhow::Result<Self> {
        use anyhow::Context;
        let history = History::open(data_dir).with_context(|| format!("opening the history projection in {}", data_dir.display()))?;
        Ok(HistoryReads { history: Arc::new(history), store })
    }

    /// As `open`, with a thread that keeps the history up with the log: it first catches up, then
    /// again after each wake-up. The thread ends, flushing the history, when the wake-up is dropped.
    pub fn start(data_dir: &Path, store: Arc<dyn Store>) -> anyhow::Result<(Self, Wake)> {
        use anyhow::Context;
        let reads = Self::open(data_dir, store)?;
        let (wake, woken) = mpsc::sync_channel::<()>(1);
        let (history, store) = (reads.history.clone(), reads.store.clone());
        std::thread::Builder::new().name("ledger-history".into()).spawn(move || keep_up(&history, store.as_ref(), &woken)).context("starting the history's thread")?;
        Ok((reads, Box::new(move || {
            let _ = wake.try_send(());
        })))
    }

    /// The history, reaching at least event `head` (the state the caller read): if its thread
    /// has not folded that far yet, the caller folds the rest from the log first.
    pub fn at(&self, head: u64) -> Result<&History, ledger::StoreError> {
        self.history.catch_up_to(self.store.as_ref(), head)?;
        Ok(&self.history)
    }
}

fn keep_up(history: &History, store: &dyn Store, woken: &mpsc::Receiver<()>) {
    let pause = std::time::Duration::from_millis(crate::limits::HISTORY_FOLD_PAUSE_MS);
    loop {
        let began = std::time::Instant::now();
        match history.catch_up(store) {
            Ok(folded) if folded > 0 => tracing::debug!(folded, "history caught up"),
            Ok(_) => {}
            // Tried again at the next wake-up (and by the next reader); the log stays the truth.
            Err(error) => tracing::error!(%error, "the history projection could not catch up with the log"),
        }
        // Batches that come meanwhile are folded together after the pause (see the limit).
        std::thread::sleep(pause.saturating_sub(began.elapsed()));
        if woken.recv().is_err() {
            if let Err(error) = history.flush() {
                tracing::warn!(%error, "the history projection was not flushed at the stop");
            }
            return;
        }
    }
}

