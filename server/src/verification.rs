//! The console's invariant check: one run at a time in the background, in one of the audit's
//! places (`crate::audit_calls`), its progress readable while it runs, its report kept until the
//! next run.

use crate::audit_calls::AuditPlace;
use ledger::EngineHandle;
use schemas::ops::OpsVerifyRun;
use std::sync::{Arc, Mutex};

#[derive(Debug, Default, Clone)]
pub struct Verification {
    run: Arc<Mutex<OpsVerifyRun>>,
}

impl Verification {
    pub fn status(&self) -> OpsVerifyRun {
        self.run.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Starts a run over the log as it is now in `place`, unless one is running; the run as it
    /// then is.
    pub fn start(&self, engine: &EngineHandle, place: AuditPlace) -> OpsVerifyRun {
        let live = {
            let mut run = self.run.lock().unwrap_or_else(|p| p.into_inner());
            if run.running {
                return run.clone();
            }
            let live = engine.read().clone();
            *run = OpsVerifyRun { id: run.id + 1, running: true, done: 0, total: live.head_seq, report: None, error: None };
            live
        };
        let (shared, store) = (self.run.clone(), engine.store().clone());
        // The run goes on by itself; its outcome is read through `status`.
        drop(place.run(move || {
            let progress = |done, total| {
                let mut run = shared.lock().unwrap_or_else(|p| p.into_inner());
                (run.done, run.total) = (done, total);
            };
            let outcome = ledger::audit::verify_with_progress(store.as_ref(), Some(&live), &progress);
            let mut run = shared.lock().unwrap_or_else(|p| p.into_inner());
            run.running = false;
            match outcome {
                Ok(report) => run.report = Some(report),
                Err(error) => run.error = Some(error.to_string()),
            }
        }));
        self.status()
    }
}
