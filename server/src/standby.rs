//! A node on a JetStream log (docs/scale-out.md): only the holder of the engine's lease
//! runs the engine. Until this node holds it, it follows the log into its own state, so a takeover
//! reads only the tail; once it holds it, it reads the log to its end before it decides anything,
//! and its first append expects the last message it read (the log's fencing).

use crate::app::Ledger;
use crate::configuration::{ApplicationSettings, Settings};
use anyhow::Context;
use ledger::jetstream::{JetStreamStore, Lease, LeaseError, LEASE_RENEW_EVERY};
use ledger::{State, StoreError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Waits for the engine's lease while following the log; returns once this node holds it, with
/// the log and the state folded from all of it. The lease is then renewed for the life of the
/// process, and a node that loses it (stalled past its lifetime, another took over) stops at once
/// with exit code 3.
pub async fn take_the_engine(settings: &Settings, role: &str) -> anyhow::Result<Ledger> {
    let application = &settings.application;
    let options = application.jetstream_options().context("the engine's lease is on JetStream (--log nats://…)")?;
    let store = Arc::new(
        JetStreamStore::open(&options).with_context(|| format!("opening the ledger's log on {} (stream {})", options.servers, options.stream))?,
    );
    let holding = Arc::new(AtomicBool::new(false));
    let follower = {
        let (store, holding, role, application) = (store.clone(), holding.clone(), role.to_owned(), application.clone());
        std::thread::Builder::new().name("ledger-follower".into()).spawn(move || follow(&application, &store, &holding, &role)).context("starting the log's follower")?
    };
    let node = format!("{}-{}", role, std::process::id());
    println!("{role}: waiting for the engine's lease on {}", options.servers);
    let mut lease = Lease::acquire(&options, &node).await.context("taking the engine's lease")?;
    println!("{role}: holds the engine's lease; reading the log to its end");
    holding.store(true, Ordering::Release);
    let log = store.clone();
    tokio::spawn(async move {
        let mut unanswered = false;
        loop {
            tokio::time::sleep(LEASE_RENEW_EVERY).await;
            match lease.renew().await {
                Ok(()) if unanswered => {
                    unanswered = false;
                    eprintln!("the engine's lease is renewed again: the log answers");
                }
                Ok(()) => {}
                Err(LeaseError::Lost(why)) => {
                    eprintln!("lost the engine's lease ({why}): another node runs the engine now; stopping");
                    std::process::exit(3);
                }
                // The cluster lost its quorum: writes are refused (503) meanwhile, reads go on,
                // and the engine goes on once the log answers again.
                Err(LeaseError::Unanswered(why)) => {
                    if !unanswered {
                        eprintln!("the engine's lease could not be renewed ({why}): writes are refused until the log answers");
                    }
                    unanswered = true;
                }
            }
            if log.fenced() {
                eprintln!("lost the engine's lease (another engine appended to the log): stopping");
                std::process::exit(3);
            }
        }
    });
    let followed = tokio::task::spawn_blocking(move || follower.join()).await.context("waiting for the log's follower")?;
    let (state, began) = followed.map_err(|_| anyhow::anyhow!("the log's follower panicked"))?.context("following the log")?;
    println!("{role}: read the log to event {}; taking over", state.head_seq);
    Ok(Ledger { store, folded: Some((state, began)) })
}

/// Starts from the newest trusted snapshot (or replays; `follow::start_state`, whose keeper
/// publishes the snapshots it takes once this node holds the lease), then folds in what is
/// appended to the log until `holding` (this node holds the lease, so nobody else appends), and
/// then reads it to its end once more.
fn follow(application: &ApplicationSettings, store: &Arc<JetStreamStore>, holding: &Arc<AtomicBool>, role: &str) -> Result<(State, String), StoreError> {
    let (mut state, began) = crate::follow::start_state(application, store, role, Some(holding.clone()))?;
    println!("{role}: following the log {began}");
    crate::follow::follow_log(store, || holding.load(Ordering::Acquire), |events| ledger::audit::fold(&mut state, events), None)?;
    Ok((state, began))
}
