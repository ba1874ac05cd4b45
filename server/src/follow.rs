//! Following the ledger's log on JetStream: what a standby and an edge node share.

use crate::configuration::ApplicationSettings;
use ledger::jetstream::JetStreamStore;
use ledger::{Snapshots, State, Store, StoreError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a following node reads what the engine appended: the tail a takeover reads is at
/// most this old, and an idle stream costs one small request per period.
const FOLLOW_EVERY: Duration = Duration::from_millis(100);

/// Reads what is appended to the log and hands each read's events to `fold`, every
/// `FOLLOW_EVERY` (sooner when `wake` says so), until `last_round()` held before a read that found
/// nothing more. A failed read before the last round (a server of the cluster restarting) is
/// tried again: the store moved on only for what it returned. The standby and the edge both
/// follow the log with it.
pub fn follow_log(
    store: &JetStreamStore,
    last_round: impl Fn() -> bool,
    mut fold: impl FnMut(&[ledger::Envelope]) -> Result<(), StoreError>,
    wake: Option<&std::sync::mpsc::Receiver<()>>,
) -> Result<(), StoreError> {
    loop {
        // Read before the catch-up: the last one starts after the lease was taken.
        let last_round = last_round();
        match store.catch_up() {
            Ok(events) if !events.is_empty() => {
                fold(&events)?;
                continue;
            }
            Ok(_) if last_round => return Ok(()),
            Ok(_) => {}
            Err(e) if !last_round => tracing::warn!(error = %e, "following the ledger's log"),
            Err(e) => return Err(e),
        }
        match wake {
            Some(wake) => {
                let _ = wake.recv_timeout(FOLLOW_EVERY);
            }
            None => std::thread::sleep(FOLLOW_EVERY),
        }
    }
}

/// Reads of the engine's newest published snapshot before a fresh follower replays from zero.
const SNAPSHOT_FETCH_ATTEMPTS: u32 = 3;

/// Moves the store's head on to event `seq` at least (the snapshot fetched was published after
/// the store read the log's end, and a snapshot past the head is not looked at); what it reads is
/// in the snapshot, and in the log for a replay if the snapshot is not trusted.
fn reach(store: &JetStreamStore, seq: u64) {
    while store.head() < seq {
        match store.catch_up() {
            Ok(events) if !events.is_empty() => {}
            Ok(_) => return,
            Err(error) => return tracing::warn!(%error, seq, "reading the log up to the fetched snapshot"),
        }
    }
}

/// Where a node following the log starts: the newest snapshot in its data directory that this
/// build trusts and the log's tail after it, or a replay from zero (`Snapshots::restore`, as an
/// engine on a local log starts). A data directory that holds no snapshot first fetches the newest
/// the engine published on the log (`JetStreamStore::fetch_snapshot`), trusted by the same rules
/// (this build, the log's event, every CRC) or passed over. Then the node's own keeper takes
/// snapshots as it follows, so a restarted follower is quick too, and publishes each it takes
/// while `publishing` holds (this node holds the engine's lease). Snapshots only save time: if
/// they cannot be opened or fetched, the node replays from zero. Returns the state and how it was
/// reached (`at event N, from the snapshot at event S and …`).
pub fn start_state(application: &ApplicationSettings, store: &Arc<JetStreamStore>, role: &str, publishing: Option<Arc<AtomicBool>>) -> Result<(State, String), StoreError> {
    let started = Instant::now();
    let snapshots = match Snapshots::open(&application.data_dir, ledger::snapshot::this_build()) {
        Ok(snapshots) => Arc::new(snapshots),
        Err(error) => {
            tracing::warn!(%error, "the state's snapshots cannot be opened: replaying the log from zero, taking none");
            let state = ledger::audit::replay(store.as_ref(), u64::MAX)?;
            let restored = ledger::Restored { snapshot_seq: 0, tail_events: state.head_seq };
            let started_from = restored.describe(state.head_seq, started.elapsed());
            return Ok((state, started_from));
        }
    };
    if snapshots.list().is_empty() {
        // The engine may publish a newer snapshot while one is read (its messages then end
        // early): the newest is asked for again, a few times, before replaying from zero.
        for attempt in 1..=SNAPSHOT_FETCH_ATTEMPTS {
            match store.fetch_snapshot(&snapshots) {
                Ok(Some(seq)) => {
                    println!("{role}: fetched the engine's snapshot at event {seq} from the log");
                    reach(store, seq);
                    break;
                }
                Ok(None) => break,
                Err(error) if attempt < SNAPSHOT_FETCH_ATTEMPTS => eprintln!("{role}: fetching the engine's snapshot failed ({error}): asking again"),
                Err(error) => eprintln!("{role}: fetching the engine's snapshot failed ({error}): replaying the log from zero"),
            }
        }
    }
    let (state, restored) = snapshots.restore(store.as_ref())?;
    let started_from = restored.describe(state.head_seq, started.elapsed());
    if application.snapshot_every_events > 0 {
        let check = Duration::from_millis(application.snapshot_check_ms);
        let log = Arc::downgrade(store);
        let taken = move |snapshots: &Snapshots, seq: u64| {
            let (Some(log), Some(publishing)) = (log.upgrade(), publishing.as_ref()) else { return };
            if publishing.load(Ordering::Acquire) {
                if let Err(error) = log.publish_snapshot(snapshots, seq) {
                    tracing::warn!(%error, seq, "publishing a snapshot of the state failed");
                }
            }
        };
        let store: Arc<dyn Store> = store.clone();
        snapshots.keep_up_then(&store, application.snapshot_every_events, check, taken)?;
    }
    Ok((state, started_from))
}
