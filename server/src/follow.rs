//! Following the ledger's log on JetStream (issue 12): what a standby and an edge node share.

use ledger::jetstream::JetStreamStore;
use ledger::StoreError;
use std::time::Duration;

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
