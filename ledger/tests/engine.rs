//! The group-commit engine: answers only after the flush, applies in order, refuses a batch whose
//! append fails without acknowledging or publishing anything, and writes again once the disk does.

use ledger::{AccountCommand, AccountReject};
use ledger::{audit, Command, EngineError, Envelope, MemStore, Reject, Store, StoreError};
use schemas::Role;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

fn open(name: &str) -> Command {
    Command::Accounts(AccountCommand::OpenAccount { username: name.into(), password_hash: "h".into(), role: Role::User, must_change_password: false, rules_accepted: true })
}

fn credit(name: &str, amount_minor: i64) -> Command {
    Command::Accounts(AccountCommand::Credit { username: name.into(), amount_minor, remark: "in".into() })
}

#[tokio::test]
async fn concurrent_commands_all_land_once_in_sequence() {
    let store: Arc<dyn Store> = Arc::new(MemStore::default());
    let engine = ledger::start(store.clone(), Box::new(|_, _| {})).expect("empty store replays");
    engine.submit(1, open("ann")).await.expect("opens");
    let tasks: Vec<_> = (0..200)
        .map(|_| {
            let engine = engine.clone();
            tokio::spawn(async move { engine.submit(2, credit("ann", 100)).await })
        })
        .collect();
    for task in tasks {
        task.await.expect("task runs").expect("credit commits");
    }
    assert_eq!(engine.read().accounts.user_by_name("ann").expect("exists").balance_minor, 20_000);
    assert_eq!(store.head(), 201);
    let report = audit::verify(store.as_ref(), Some(&engine.read().clone())).expect("verifies");
    assert!(report.passed(), "{report:?}");
}

#[tokio::test]
async fn a_rejection_writes_nothing() {
    let store: Arc<dyn Store> = Arc::new(MemStore::default());
    let engine = ledger::start(store.clone(), Box::new(|_, _| {})).expect("empty store replays");
    engine.submit(1, open("ann")).await.expect("opens");
    let refused = engine.submit(2, Command::Accounts(AccountCommand::Debit { username: "ann".into(), amount_minor: 1, remark: "out".into() })).await;
    assert!(matches!(refused, Err(EngineError::Rejected(Reject::Accounts(AccountReject::InsufficientBalance { .. })))));
    assert_eq!(store.head(), 1);
}

#[tokio::test]
async fn the_engine_replays_its_store_on_start() {
    let store: Arc<dyn Store> = Arc::new(MemStore::default());
    {
        let engine = ledger::start(store.clone(), Box::new(|_, _| {})).expect("replays");
        engine.submit(1, open("ann")).await.expect("opens");
        engine.submit(2, credit("ann", 700)).await.expect("credits");
    }
    let engine = ledger::start(store, Box::new(|_, _| {})).expect("replays");
    assert_eq!(engine.read().accounts.user_by_name("ann").expect("exists").balance_minor, 700);
    assert_eq!(engine.read().head_seq, 2);
}

/// Fails every append after the first; counts what it was asked to write.
struct BrokenDisk {
    inner: MemStore,
    appends: AtomicUsize,
    broken: AtomicBool,
}

impl Store for BrokenDisk {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        self.appends.fetch_add(1, Ordering::SeqCst);
        if self.broken.load(Ordering::SeqCst) {
            return Err(StoreError::Io { context: "append", source: std::io::Error::other("disk full") });
        }
        self.inner.append(batch)
    }
    fn read_from(&self, from: u64) -> ledger::store::Records<'_> {
        self.inner.read_from(from)
    }
    fn head(&self) -> u64 {
        self.inner.head()
    }
}

#[tokio::test]
async fn nothing_is_acknowledged_or_published_when_the_append_fails() {
    let disk = Arc::new(BrokenDisk { inner: MemStore::default(), appends: AtomicUsize::new(0), broken: AtomicBool::new(false) });
    let notified = Arc::new(AtomicUsize::new(0));
    let seen = notified.clone();
    let engine = ledger::start(disk.clone(), Box::new(move |events, _| { seen.fetch_add(events.len(), Ordering::SeqCst); })).expect("replays");
    engine.submit(1, open("ann")).await.expect("opens");
    disk.broken.store(true, Ordering::SeqCst);
    let failed = engine.submit(2, credit("ann", 500)).await;
    assert!(matches!(failed, Err(EngineError::Unavailable)));
    assert_eq!(engine.read().accounts.user_by_name("ann").expect("exists").balance_minor, 0, "readers never see an undurable event");
    assert_eq!(notified.load(Ordering::SeqCst), 1, "only the durable event was pushed");
    let still = engine.submit(3, credit("ann", 1)).await;
    assert!(matches!(still, Err(EngineError::Unavailable)), "while the disk fails, every write is refused");
    assert!(engine.check(4, credit("ann", 1)).await.is_ok(), "reads and dry runs go on");

    // Space comes back: writes go on from the durable state, as if the failed ones never came.
    disk.broken.store(false, Ordering::SeqCst);
    engine.submit(5, credit("ann", 700)).await.expect("credits again");
    assert_eq!(engine.read().accounts.user_by_name("ann").expect("exists").balance_minor, 700);
    assert_eq!(disk.head(), 2, "the open, then the credit after the disk came back");
    let report = audit::verify(disk.as_ref(), Some(&engine.read().clone())).expect("verifies");
    assert!(report.passed(), "{report:?}");
    let replayed = ledger::start(disk.clone(), Box::new(|_, _| {})).expect("replays");
    assert_eq!(replayed.read().fingerprint(), engine.read().fingerprint(), "the log alone gives the same state");
}
