//! A node's per-topic numbers on a JetStream log, shared with the edges (`crate::edge`), and the
//! updates a full hub inbox dropped, for the hub's resync (`super::hub`).

use super::change::{Change, Delta, Full};
use ledger::SessionId;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use tokio::sync::mpsc;

/// The per-topic numbers of a node on a JetStream log, so every node's frames for a
/// topic carry the same `seq`: the engine node numbers each change itself (whether or not anyone
/// watches the topic there) and hands it to `relay`; an edge takes the engine's numbers
/// (`HubHandle::publish_at`). A topic that gets its first subscriber starts at its last number.
/// One number per topic ever changed: a few per user and per fixture.
#[derive(Default)]
pub struct Numbering {
    seqs: Mutex<HashMap<String, u64>>,
    pub(super) relay: Option<mpsc::Sender<Change>>,
}

impl Numbering {
    pub fn relaying(relay: mpsc::Sender<Change>) -> Numbering {
        Numbering { seqs: Mutex::default(), relay: Some(relay) }
    }

    pub(super) fn seqs(&self) -> std::sync::MutexGuard<'_, HashMap<String, u64>> {
        self.seqs.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn last(&self, key: &str) -> u64 {
        self.seqs().get(key).copied().unwrap_or(0)
    }
}

/// Updates the hub's inbox had no room for: per topic, the newest whole value. The hub sends
/// each such topic's subscribers a fresh snapshot with the next `seq`, so no client keeps a value
/// the server has moved past. Bounded by the number of topics.
#[derive(Default)]
pub(super) struct Dropped {
    pub(super) any: AtomicBool,
    latest: Mutex<HashMap<String, Full>>,
    /// Sessions ended while the inbox was full.
    pub(super) ended: Mutex<Vec<SessionId>>,
}

impl Dropped {
    pub(super) fn record(&self, key: String, delta: Delta, full: Full) {
        // `Full::Delta` means the delta is the whole value.
        let full = match full {
            Full::Delta => Full::Value(delta.into_value()),
            other => other,
        };
        self.latest.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(key, full);
        self.any.store(true, Ordering::Release);
    }

    /// The sessions ended and the topics' newest values the inbox had no room for.
    pub(super) fn take(&self) -> (Vec<SessionId>, HashMap<String, Full>) {
        if !self.any.swap(false, Ordering::AcqRel) {
            return (Vec::new(), HashMap::new());
        }
        let ended = std::mem::take(&mut *self.ended.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        (ended, std::mem::take(&mut *self.latest.lock().unwrap_or_else(|poisoned| poisoned.into_inner())))
    }
}
