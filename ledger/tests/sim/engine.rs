//! The engine's group commit (`ledger::engine`'s worker) as a plain synchronous function, so that
//! no thread or task decides the order of anything: the same decide and apply over a working
//! state, one append per batch, publication only after the append, answers last. A failed append
//! answers every command of its batch `Unavailable` and takes the working state back to the
//! published one, as the engine does.

use super::store::SimStore;
use ledger::{apply, audit, decide, Command, Envelope, Reject, State, Store, StoreError};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

/// One command of a batch, as a submitter hands it to the engine.
#[derive(Debug, Clone)]
pub struct Submission {
    pub at_ms: i64,
    pub command: Command,
    /// False for a check: decided against the state, answered, and not written.
    pub write: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Committed(Vec<Envelope>),
    Rejected(Reject),
}

pub enum Commit {
    /// Every submission answered, in order.
    Answered(Vec<Answer>),
    /// The append failed: every submission was answered `Unavailable`. `written` is the batch
    /// the append was given (it may have reached the disk all the same).
    Failed { written: Vec<Envelope>, per_command: Vec<std::ops::Range<usize>> },
    /// The process died in the append: nobody was answered.
    Crashed { written: Vec<Envelope>, per_command: Vec<std::ops::Range<usize>> },
}

pub struct Engine {
    pub working: State,
    pub published: State,
    pub store: Arc<SimStore>,
}

impl Engine {
    /// What a start does: replay the whole log, and refuse a state that does not end where the
    /// log does.
    pub fn start(store: Arc<SimStore>) -> Result<Engine, StoreError> {
        let state = audit::replay(store.as_ref(), u64::MAX)?;
        if state.head_seq != store.head() {
            return Err(StoreError::NotAtTheEnd { state: state.head_seq, log: store.head() });
        }
        Ok(Engine { working: state.clone(), published: state, store })
    }

    pub fn commit(&mut self, batch: &[Submission]) -> Commit {
        let mut envelopes = Vec::new();
        let mut outcomes: Vec<Result<std::ops::Range<usize>, Reject>> = Vec::with_capacity(batch.len());
        for submission in batch {
            let at_ms = submission.at_ms.max(self.working.head_at_ms);
            // A panic here would end the real engine's thread: name the command that caused it.
            let decided = std::panic::catch_unwind(AssertUnwindSafe(|| decide(&self.working, at_ms, &submission.command)));
            let decided = decided.unwrap_or_else(|panic| {
                let message = panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
                panic!("decide panicked ({message}) on {:?}", submission.command)
            });
            match decided {
                Ok(_) if !submission.write => outcomes.push(Ok(0..0)),
                Ok(events) => {
                    let first = envelopes.len();
                    for event in events {
                        let envelope = Envelope { seq: self.working.head_seq + 1, at_ms, event };
                        apply(&mut self.working, &envelope);
                        envelopes.push(envelope);
                    }
                    outcomes.push(Ok(first..envelopes.len()));
                }
                Err(reject) => outcomes.push(Err(reject)),
            }
        }
        if !envelopes.is_empty() {
            if self.store.append(&envelopes).is_err() {
                let per_command = outcomes.iter().map(|o| o.clone().unwrap_or(0..0)).collect();
                self.working = self.published.clone();
                if self.store.crashed() {
                    return Commit::Crashed { written: envelopes, per_command };
                }
                return Commit::Failed { written: envelopes, per_command };
            }
            for envelope in &envelopes {
                apply(&mut self.published, envelope);
            }
        }
        Commit::Answered(
            outcomes
                .into_iter()
                .map(|outcome| match outcome {
                    Ok(range) => Answer::Committed(envelopes[range].to_vec()),
                    Err(reject) => Answer::Rejected(reject),
                })
                .collect(),
        )
    }
}
