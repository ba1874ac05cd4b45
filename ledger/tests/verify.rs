//! The invariant check names the first event that broke an invariant, and reports its progress.

mod common;

use common::*;
use ledger::{audit, Envelope, MemStore, Store};
use schemas::Role;
use std::sync::Mutex;

#[test]
fn a_forged_balance_is_named_at_its_event_and_progress_reaches_the_end() {
    let store = MemStore::default();
    let events = vec![opened(1, "alice", Role::User), credited(1, 10_000, 10_000), credited(1, 5_000, 99_000), credited(1, 1_000, 100_000)];
    let batch: Vec<Envelope> = events.into_iter().enumerate().map(|(i, event)| Envelope { seq: i as u64 + 1, at_ms: T0, event }).collect();
    store.append(&batch).expect("appends");
    let seen = Mutex::new(Vec::new());
    let report = audit::verify_with_progress(&store, None, &|done, total| seen.lock().expect("lock").push((done, total))).expect("reads");
    assert!(!report.passed());
    let first = report.first_failure.expect("a failure is named");
    assert_eq!((first.seq, first.check.as_str()), (3, "balance = credits - debits + settled P/L"), "{first:?}");
    assert!(first.message.contains("alice"), "{}", first.message);
    assert_eq!(seen.into_inner().expect("lock").last(), Some(&(4, 4)), "the last report is the whole log");

    let honest = MemStore::default();
    honest.append(&batch[..2]).expect("appends");
    let report = audit::verify(&honest, None).expect("reads");
    assert!(report.passed() && report.first_failure.is_none(), "{report:?}");
}
