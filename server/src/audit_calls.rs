//! The operators' calls that read the whole log: replays to a moment, invariant checks, event
//! searches and exports, money timelines. One of them on a 400,000-event log holds a whole state
//! (hundreds of MiB) and a core for seconds, so they share a few places
//! (`limits.audit_calls_at_once`) and run on the blocking pool; a few more wait for a place
//! (`limits.audit_calls_waiting_max`), and any past those are answered busy at once (503 with
//! `Retry-After`). No number of operator calls can take the memory or the cores the players need.

use anyhow::Context;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Seconds a busy answer asks the caller to wait (`Retry-After`).
pub const BUSY_RETRY_AFTER_SECS: u64 = 2;

pub struct AuditCalls {
    places: Arc<Semaphore>,
    at_once: usize,
    waiting: AtomicUsize,
    waiting_max: usize,
}

/// Every place is taken and the queue for them is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("The audit is busy: {running} audit calls are running and {waiting} waiting; try again in a moment")]
pub struct AuditBusy {
    pub running: usize,
    pub waiting: usize,
}

/// A place for one audit call: given back when the call's work ends.
#[derive(Debug)]
pub struct AuditPlace {
    _permit: OwnedSemaphorePermit,
}

/// Takes one back out of the queue when a waiting call gets its place or stops waiting.
struct Queued<'a>(&'a AtomicUsize);

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl AuditCalls {
    /// `at_once` 0 counts as 1: the audit can always run.
    pub fn new(at_once: usize, waiting_max: usize) -> Self {
        let at_once = at_once.max(1);
        AuditCalls { places: Arc::new(Semaphore::new(at_once)), at_once, waiting: AtomicUsize::new(0), waiting_max }
    }

    /// A place now, or after the calls ahead in the queue; busy when the queue is full.
    pub async fn enter(&self) -> Result<AuditPlace, AuditBusy> {
        if let Ok(permit) = self.places.clone().try_acquire_owned() {
            return Ok(AuditPlace { _permit: permit });
        }
        let ahead = self.waiting.fetch_add(1, Ordering::SeqCst);
        let queued = Queued(&self.waiting);
        if ahead >= self.waiting_max {
            drop(queued);
            return Err(AuditBusy { running: self.running(), waiting: ahead });
        }
        let permit = self.places.clone().acquire_owned().await.expect("the places are never closed");
        drop(queued);
        Ok(AuditPlace { _permit: permit })
    }

    /// Calls holding a place now.
    pub fn running(&self) -> usize {
        self.at_once - self.places.available_permits()
    }
}

impl AuditPlace {
    /// Starts `work` on the blocking pool at once; the future answers its result. The place is
    /// held until `work` ends, even when nobody waits for it any more (a client that hangs up
    /// does not free a place still in use).
    pub fn run<T: Send + 'static>(self, work: impl FnOnce() -> T + Send + 'static) -> impl Future<Output = anyhow::Result<T>> {
        let task = tokio::task::spawn_blocking(move || {
            let _held = self;
            work()
        });
        async move { task.await.context("audit task") }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn past_the_places_and_the_queue_calls_are_told_the_audit_is_busy() {
        let calls = Arc::new(AuditCalls::new(1, 1));
        let first = calls.enter().await.expect("a free place");
        let queued = tokio::spawn({
            let calls = calls.clone();
            async move { calls.enter().await.map(drop) }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let busy = calls.enter().await.expect_err("the place and the queue are taken");
        assert_eq!(busy, AuditBusy { running: 1, waiting: 1 });
        assert_eq!(busy.to_string(), "The audit is busy: 1 audit calls are running and 1 waiting; try again in a moment");
        drop(first);
        queued.await.expect("joins").expect("the queued call got the place");
        assert_eq!(calls.running(), 0);
        let _again = calls.enter().await.expect("everything was given back");
    }

    #[tokio::test]
    async fn a_place_is_held_until_its_work_ends() {
        let calls = AuditCalls::new(1, 0);
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let work = calls.enter().await.expect("a free place").run(move || wait.recv().is_ok());
        let running = tokio::spawn(work);
        tokio::time::sleep(Duration::from_millis(50)).await;
        running.abort();
        assert!(calls.enter().await.is_err(), "the caller stopped waiting, but the work still runs");
        release.send(()).expect("the work waits");
        for _ in 0..100 {
            if calls.running() == 0 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the place was not given back after the work ended");
    }
}
