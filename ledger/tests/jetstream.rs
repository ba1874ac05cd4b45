//! The ledger's log on NATS JetStream, against a real `nats-server -js` on loopback
//! that each test starts and stops: the engine commits through it and replays from it, a second
//! writer is fenced off, and what was acknowledged survives a restart of the server.

use ledger::AccountCommand;
use ledger::jetstream::{JetStreamOptions, JetStreamStore};
use ledger::{audit, Command, EngineError, Restored, Snapshots, Store, StoreError};
use schemas::Role;
use std::net::TcpListener;
use std::sync::atomic::{AtomicU16, Ordering};

/// A free loopback port no other test of this run was given: the tests start servers in
/// parallel, and a port the system hands out for port 0 and that is released at once can be
/// handed to the next caller too (two servers then race for it, and one test talks to the
/// other's server). Below the system's ephemeral range, from a base that differs per process.
fn free_port() -> u16 {
    static NEXT: AtomicU16 = AtomicU16::new(0);
    let base = 10_000 + (std::process::id() % 1_000) as u16 * 20;
    let _ = NEXT.compare_exchange(0, base, Ordering::SeqCst, Ordering::SeqCst);
    loop {
        let port = NEXT.fetch_add(1, Ordering::SeqCst);
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}
use std::process::{Child, Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Debian's `nats-server` (`./scripts/test` installs it).
const NATS_SERVER: &str = "/usr/sbin/nats-server";

struct Nats {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl Nats {
    fn start() -> Nats {
        let dir = tempfile::tempdir().expect("temp dir");
        Nats::start_on(dir, free_port())
    }

    fn start_on(dir: tempfile::TempDir, port: u16) -> Nats {
        Nats::start_with(dir, port, &[])
    }

    fn start_with(dir: tempfile::TempDir, port: u16, extra: &[String]) -> Nats {
        assert!(std::path::Path::new(NATS_SERVER).exists(), "{NATS_SERVER} is missing: ./scripts/test installs Debian's nats-server");
        let mut child = Process::new(NATS_SERVER)
            .args(["-js", "-a", "127.0.0.1", "-p", &port.to_string(), "-sd"])
            .arg(dir.path())
            .args(extra)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(10), "nats-server did not listen");
            assert!(child.try_wait().expect("its state").is_none(), "nats-server exited (port {port} taken?)");
            std::thread::sleep(Duration::from_millis(50));
        }
        Nats { child, port, dir }
    }

    fn options(&self) -> JetStreamOptions {
        JetStreamOptions { servers: format!("nats://127.0.0.1:{}", self.port), stream: "LEDGER".into(), replicas: 1 }
    }

    /// Stops the server (as a crash would: SIGKILL) and starts it again on the same storage.
    fn restart(mut self) -> Nats {
        self.child.kill().expect("killed");
        self.child.wait().expect("reaped");
        let (dir, port) = (std::mem::replace(&mut self.dir, tempfile::tempdir().expect("temp dir")), self.port);
        drop(self);
        Nats::start_on(dir, port)
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn open(name: &str) -> Command {
    Command::Accounts(AccountCommand::OpenAccount { username: name.into(), password_hash: "h".into(), role: Role::User, must_change_password: false, rules_accepted: true })
}

fn credit(name: &str, amount_minor: i64) -> Command {
    Command::Accounts(AccountCommand::Credit { username: name.into(), amount_minor, remark: "in".into() })
}

fn store(nats: &Nats) -> Arc<dyn Store> {
    Arc::new(JetStreamStore::open(&nats.options()).expect("the stream opens"))
}

#[tokio::test]
async fn the_engine_commits_through_the_stream_and_replays_from_it_after_a_server_crash() {
    let nats = Nats::start();
    {
        let engine = ledger::start(store(&nats), Box::new(|_, _| {})).expect("an empty stream replays");
        engine.submit(1, open("ann")).await.expect("opens");
        let credits: Vec<_> = (0..50)
            .map(|_| {
                let engine = engine.clone();
                tokio::spawn(async move { engine.submit(2, credit("ann", 100)).await })
            })
            .collect();
        for credit in credits {
            credit.await.expect("task runs").expect("every credit is acknowledged");
        }
    }
    // Everything acknowledged is on the server's disk: a killed server comes back with it.
    let nats = nats.restart();
    let log = store(&nats);
    assert_eq!(log.head(), 51);
    let engine = ledger::start(log.clone(), Box::new(|_, _| {})).expect("replays");
    assert_eq!(engine.read().accounts.user_by_name("ann").expect("exists").balance_minor, 5_000);
    let report = audit::verify(log.as_ref(), Some(&engine.read().clone())).expect("verifies");
    assert!(report.passed(), "{report:?}");
    // The log reads from any event on.
    let tail: Vec<u64> = log.read_from(49).map(|e| e.expect("reads").seq).collect();
    assert_eq!(tail, vec![49, 50, 51]);
}

#[tokio::test]
async fn a_second_writer_is_fenced_off_and_writes_nothing() {
    let nats = Nats::start();
    let first = store(&nats);
    let engine = ledger::start(first.clone(), Box::new(|_, _| {})).expect("replays");
    engine.submit(1, open("ann")).await.expect("opens");
    // An old engine that read the log before the first one wrote its latest batch.
    let old = store(&nats);
    let old_engine = ledger::start(old.clone(), Box::new(|_, _| {})).expect("replays");
    engine.submit(2, credit("ann", 100)).await.expect("the live engine writes");
    let refused = old_engine.submit(3, credit("ann", 999)).await;
    assert!(matches!(refused, Err(EngineError::Unavailable)), "{refused:?}");
    // Fenced for good: not even a batch that would fit after the new head gets in.
    let envelopes: Vec<_> = first.read_from(1).map(|e| e.expect("reads")).collect();
    let next = ledger::Envelope { seq: 3, ..envelopes[1].clone() };
    assert!(matches!(old.append(&[next]), Err(StoreError::Fenced { .. })));
    // The stream holds the live engine's two events only.
    let fresh = store(&nats);
    assert_eq!(fresh.head(), 2);
    let replayed = ledger::start(fresh, Box::new(|_, _| {})).expect("replays");
    assert_eq!(replayed.read().accounts.user_by_name("ann").expect("exists").balance_minor, 100);
}

#[tokio::test]
async fn a_follower_folds_the_engines_batches_and_an_engine_started_on_its_state_goes_on_from_there() {
    let nats = Nats::start();
    let engine = ledger::start(store(&nats), Box::new(|_, _| {})).expect("replays");
    engine.submit(1, open("ann")).await.expect("opens");
    // A standby: it replays what is there, then follows what the engine appends.
    let follower = Arc::new(JetStreamStore::open(&nats.options()).expect("the stream opens"));
    let mut state = audit::replay(follower.as_ref(), u64::MAX).expect("replays");
    assert_eq!(state.head_seq, 1);
    for _ in 0..5 {
        engine.submit(2, credit("ann", 100)).await.expect("credits");
    }
    let followed = follower.catch_up().expect("reads the new batches");
    assert_eq!(followed.iter().map(|e| e.seq).collect::<Vec<_>>(), vec![2, 3, 4, 5, 6]);
    audit::fold(&mut state, &followed).expect("folds in sequence");
    assert_eq!(state.accounts.user_by_name("ann").expect("exists").balance_minor, 500);
    assert!(follower.catch_up().expect("reads").is_empty(), "nothing new");

    // The engine writes once more. A state that has not folded it is refused.
    engine.submit(3, credit("ann", 7)).await.expect("credits");
    let last = follower.catch_up().expect("reads");
    let refused = ledger::start_on(follower.clone(), state.clone(), Box::new(|_, _| {}));
    assert!(matches!(refused, Err(StoreError::NotAtTheEnd { state: 6, log: 7 })), "{:?}", refused.err());
    audit::fold(&mut state, &last).expect("folds");

    // Taking over: the new engine goes on from the followed state; the old one is fenced off.
    let taken = ledger::start_on(follower.clone(), state, Box::new(|_, _| {})).expect("starts on the followed state");
    taken.submit(4, credit("ann", 1)).await.expect("the new engine writes");
    assert!(matches!(engine.submit(5, credit("ann", 999)).await, Err(EngineError::Unavailable)));
    let replayed = audit::replay(store(&nats).as_ref(), u64::MAX).expect("replays");
    assert_eq!(replayed.head_seq, 8);
    assert_eq!(replayed.accounts.user_by_name("ann").expect("exists").balance_minor, 508);
    assert_eq!(taken.read().accounts.user_by_name("ann").expect("exists").balance_minor, 508);
}

#[tokio::test]
async fn reading_from_any_event_finds_its_batch_and_returns_the_same_bytes_as_a_full_read() {
    let nats = Nats::start();
    let log = store(&nats);
    let engine = ledger::start(log.clone(), Box::new(|_, _| {})).expect("replays");
    engine.submit(1, open("ann")).await.expect("opens");
    // Batches of different sizes: credits one at a time, and groups sent at once (the engine
    // commits what waits together as one batch).
    for round in 0..40 {
        let group = 1 + round % 7;
        let credits: Vec<_> = (0..group)
            .map(|_| {
                let engine = engine.clone();
                tokio::spawn(async move { engine.submit(2, credit("ann", 1)).await })
            })
            .collect();
        for credit in credits {
            credit.await.expect("task runs").expect("acknowledged");
        }
    }
    let reader = JetStreamStore::open(&nats.options()).expect("the stream opens");
    let head = reader.head();
    assert_eq!(head, 1 + (0..40).map(|round| 1 + round % 7).sum::<u64>());
    let everything: Vec<Vec<u8>> = reader.read_from(1).map(|e| ledger::store::encode(&e.expect("reads"))).collect();
    assert_eq!(everything.len() as u64, head);
    for from in 1..=head + 1 {
        let tail: Vec<Vec<u8>> = reader.read_from(from).map(|e| ledger::store::encode(&e.expect("reads"))).collect();
        assert_eq!(tail, everything[(from - 1) as usize..], "reading from event {from}");
    }
}

/// Takes a snapshot (build 7, small parts) of the log at its head.
fn snapshot_at_head(dir: &std::path::Path, log: &Arc<JetStreamStore>) -> (Arc<Snapshots>, u64) {
    let snapshots = Arc::new(Snapshots::open(dir, 7).expect("opens").with_part_bytes(64));
    // Every head events: the keeper takes one snapshot, at the head.
    let seq = snapshots.catch_up(log.as_ref(), log.head()).expect("takes one").expect("the log has moved");
    (snapshots, seq)
}

#[tokio::test]
async fn a_published_snapshot_is_fetched_by_a_fresh_node_and_trusted_only_by_the_same_rules() {
    let nats = Nats::start();
    let writer = Arc::new(JetStreamStore::open(&nats.options()).expect("the stream opens"));
    let engine = ledger::start(writer.clone(), Box::new(|_, _| {})).expect("replays");
    let fresh = || Arc::new(JetStreamStore::open(&nats.options()).expect("the stream opens"));
    assert_eq!(fresh().fetch_snapshot(&Arc::new(Snapshots::open(tempfile::tempdir().expect("dir").path(), 7).expect("opens"))).expect("asks"), None, "none published yet");
    for name in ["ann", "bob", "cyd"] {
        engine.submit(1, open(name)).await.expect("opens");
        engine.submit(2, credit(name, 250)).await.expect("credits");
    }
    let taken = tempfile::tempdir().expect("dir");
    let (snapshots, seq) = snapshot_at_head(taken.path(), &writer);
    assert_eq!(seq, 6);
    writer.publish_snapshot(&snapshots, seq).expect("published");
    for _ in 0..5 {
        engine.submit(3, credit("bob", 1)).await.expect("credits");
    }
    let reader = fresh();
    let replayed = audit::replay(reader.as_ref(), u64::MAX).expect("replays");
    let bytes = |state: &ledger::State| rmp_serde::to_vec(state).expect("encodes");

    // A node of the same build fetches it and starts from it, reading only the tail.
    let dir = tempfile::tempdir().expect("dir");
    let same = Arc::new(Snapshots::open(dir.path(), 7).expect("opens"));
    assert_eq!(reader.fetch_snapshot(&same).expect("fetches"), Some(seq));
    let (state, restored) = same.restore(reader.as_ref()).expect("restores");
    assert_eq!(restored, Restored { snapshot_seq: 6, tail_events: 5 });
    assert_eq!(bytes(&state), bytes(&replayed));

    // Another build fetches it too, and passes over it: a replay from zero.
    let dir = tempfile::tempdir().expect("dir");
    let other = Arc::new(Snapshots::open(dir.path(), 8).expect("opens"));
    assert_eq!(reader.fetch_snapshot(&other).expect("fetches"), Some(seq));
    let (state, restored) = other.restore(reader.as_ref()).expect("restores");
    assert_eq!(restored, Restored { snapshot_seq: 0, tail_events: 11 });
    assert_eq!(bytes(&state), bytes(&replayed));

    // The same snapshot published again with one byte flipped: fetched, failing its CRC, passed over.
    let dir = tempfile::tempdir().expect("dir");
    let damaged = Arc::new(Snapshots::open(dir.path(), 7).expect("opens"));
    let mut bytes_of_it = std::fs::read(snapshots.file(seq).expect("its file")).expect("reads");
    bytes_of_it[3] ^= 0x40;
    let mut incoming = damaged.incoming(seq).expect("a new file");
    incoming.write(&bytes_of_it).expect("writes");
    incoming.finish(&damaged).expect("named");
    writer.publish_snapshot(&damaged, seq).expect("published");
    let dir = tempfile::tempdir().expect("dir");
    let fetched = Arc::new(Snapshots::open(dir.path(), 7).expect("opens"));
    assert_eq!(reader.fetch_snapshot(&fetched).expect("fetches"), Some(seq));
    assert_eq!(fetched.list(), vec![seq]);
    let (state, restored) = fetched.restore(reader.as_ref()).expect("restores");
    assert_eq!(restored, Restored { snapshot_seq: 0, tail_events: 11 });
    assert_eq!(bytes(&state), bytes(&replayed));

    // A newer one replaces them: the stream keeps the newest two snapshots' messages.
    let newer_dir = tempfile::tempdir().expect("dir");
    let (newer, newer_seq) = snapshot_at_head(newer_dir.path(), &writer);
    assert_eq!(newer_seq, 11);
    writer.publish_snapshot(&newer, newer_seq).expect("published");
    let dir = tempfile::tempdir().expect("dir");
    let latest = Arc::new(Snapshots::open(dir.path(), 7).expect("opens"));
    assert_eq!(reader.fetch_snapshot(&latest).expect("fetches"), Some(11));
    let (state, restored) = latest.restore(reader.as_ref()).expect("restores");
    assert_eq!(restored, Restored { snapshot_seq: 11, tail_events: 0 });
    assert_eq!(bytes(&state), bytes(&replayed));
    let client = async_nats::connect(nats.options().servers).await.expect("connects");
    let mut stream = async_nats::jetstream::new(client).get_stream(ledger::jetstream::SNAPSHOT_STREAM).await.expect("there");
    // The damaged copy and the newer one (small: one message each), each with its name as the newest.
    assert_eq!(stream.info().await.expect("info").state.messages, 4);
}

#[tokio::test]
async fn a_batch_published_again_after_its_answer_was_lost_is_stored_once() {
    let nats = Nats::start();
    let live = store(&nats);
    // Two handles that read the stream before anything was written: one publishes the same
    // batch again (as after a lost answer), one a different batch at the same place.
    let again = store(&nats);
    let other = store(&nats);
    let engine = ledger::start(live.clone(), Box::new(|_, _| {})).expect("replays");
    engine.submit(1, open("ann")).await.expect("opens");
    let batch: Vec<_> = live.read_from(1).map(|e| e.expect("reads")).collect();
    again.append(&batch).expect("the same batch again is the stream's duplicate, acknowledged");
    assert_eq!(again.head(), 1);
    let different = vec![ledger::Envelope { at_ms: batch[0].at_ms + 1, ..batch[0].clone() }];
    assert!(matches!(other.append(&different), Err(StoreError::Fenced { .. })));
    assert_eq!(store(&nats).head(), 1, "one copy in the stream");
}

/// Three JetStream servers in one cluster on loopback.
fn cluster() -> Vec<Nats> {
    let ports: Vec<(u16, u16)> = (0..3).map(|_| (free_port(), free_port())).collect();
    (0..3)
        .map(|i| {
            let routes: Vec<String> = ports.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, (_, route))| format!("nats://127.0.0.1:{route}")).collect();
            let extra = vec![
                "-n".to_owned(),
                format!("n{i}"),
                "--cluster_name".to_owned(),
                "ledger".to_owned(),
                "--cluster".to_owned(),
                format!("nats://127.0.0.1:{}", ports[i].1),
                "--routes".to_owned(),
                routes.join(","),
            ];
            Nats::start_with(tempfile::tempdir().expect("temp dir"), ports[i].0, &extra)
        })
        .collect()
}

#[tokio::test]
async fn on_a_three_server_cluster_losing_one_server_loses_no_acknowledged_batch() {
    let mut servers = cluster();
    let options = JetStreamOptions { servers: servers.iter().map(|s| format!("nats://127.0.0.1:{}", s.port)).collect::<Vec<_>>().join(","), stream: "LEDGER".into(), replicas: 3 };
    // The cluster elects its JetStream leader first: the stream can be made once it has.
    let started = Instant::now();
    let log: Arc<dyn Store> = loop {
        match JetStreamStore::open(&options) {
            Ok(store) => break Arc::new(store),
            Err(e) => {
                assert!(started.elapsed() < Duration::from_secs(30), "the cluster did not take the stream: {e}");
                std::thread::sleep(Duration::from_millis(500));
            }
        }
    };
    let engine = ledger::start(log.clone(), Box::new(|_, _| {})).expect("replays");
    engine.submit(1, open("ann")).await.expect("opens");
    let mut acknowledged = 0;
    for round in 0..60 {
        if round == 20 {
            // One of the three goes away (SIGKILL): the other two are a quorum.
            let gone = servers.remove(0);
            drop(gone);
        }
        let credits: Vec<_> = (0..5)
            .map(|_| {
                let engine = engine.clone();
                tokio::spawn(async move { engine.submit(2, credit("ann", 100)).await })
            })
            .collect();
        for credit in credits {
            if credit.await.expect("task runs").is_ok() {
                acknowledged += 1;
            }
        }
    }
    assert!(acknowledged >= 250, "the service went on with two servers: {acknowledged} of 300 acknowledged");
    // Exactly what was acknowledged is in the log: read by a new store from the survivors.
    let survivors = JetStreamOptions { servers: servers.iter().map(|s| format!("nats://127.0.0.1:{}", s.port)).collect::<Vec<_>>().join(","), ..options };
    let replay = Arc::new(JetStreamStore::open(&survivors).expect("the survivors serve the stream"));
    let state = audit::replay(replay.as_ref(), u64::MAX).expect("replays");
    assert_eq!(state.accounts.user_by_name("ann").expect("exists").balance_minor, acknowledged * 100);
    assert_eq!(replay.head(), 1 + acknowledged as u64);
}


/// Figures for docs/benchmarks.md (ignored: `cargo test --release -p ledger --test jetstream --
/// --ignored --nocapture catch_up`): a fresh node's catch-up on a log of `ACCOUNTS` accounts and
/// `CREDITS` credits, from zero and from the engine's published snapshot taken `TAIL` credits
/// before the end. Both end in the same state.
#[tokio::test]
#[ignore]
async fn catch_up_figures() {
    const ACCOUNTS: u64 = 2_000;
    const CREDITS: u64 = 1_000_000;
    const TAIL: u64 = 10_000;
    let nats = Nats::start();
    let writer = Arc::new(JetStreamStore::open(&nats.options()).expect("the stream opens"));
    let engine = ledger::start(writer.clone(), Box::new(|_, _| {})).expect("replays");
    let names: Vec<String> = (0..ACCOUNTS).map(|i| format!("user{i:05}")).collect();
    let submit_all = |commands: Vec<Command>| {
        let engine = engine.clone();
        async move {
            let sent: Vec<_> = commands
                .into_iter()
                .map(|command| {
                    let engine = engine.clone();
                    tokio::spawn(async move { engine.submit(1, command).await })
                })
                .collect();
            for sent in sent {
                sent.await.expect("task runs").expect("acknowledged");
            }
        }
    };
    submit_all(names.iter().map(|name| open(name)).collect()).await;
    let written = Instant::now();
    let credits = |range: std::ops::Range<u64>| range.map(|i| credit(&names[(i % ACCOUNTS) as usize], 1)).collect::<Vec<_>>();
    // In groups of 100 at once: batches of up to 100 events, as under a load of bets.
    for start in (0..CREDITS - TAIL).step_by(100) {
        submit_all(credits(start..(start + 100).min(CREDITS - TAIL))).await;
    }
    let taken = tempfile::tempdir().expect("dir");
    let snapshots = Arc::new(Snapshots::open(taken.path(), 7).expect("opens"));
    let seq = snapshots.catch_up(writer.as_ref(), writer.head()).expect("takes one").expect("the log moved");
    writer.publish_snapshot(&snapshots, seq).expect("published");
    for start in (CREDITS - TAIL..CREDITS).step_by(100) {
        submit_all(credits(start..start + 100)).await;
    }
    let head = writer.head();
    eprintln!("wrote {head} events in {:?}", written.elapsed());
    let bytes = |state: &ledger::State| rmp_serde::to_vec(state).expect("encodes");

    let started = Instant::now();
    let fresh = JetStreamStore::open(&nats.options()).expect("the stream opens");
    let replayed = audit::replay(&fresh, u64::MAX).expect("replays");
    let from_zero = started.elapsed();

    let started = Instant::now();
    let fresh = Arc::new(JetStreamStore::open(&nats.options()).expect("the stream opens"));
    let dir = tempfile::tempdir().expect("dir");
    let own = Arc::new(Snapshots::open(dir.path(), 7).expect("opens"));
    assert_eq!(fresh.fetch_snapshot(&own).expect("fetches"), Some(seq));
    let fetched = started.elapsed();
    let (state, restored) = own.restore(fresh.as_ref()).expect("restores");
    let from_snapshot = started.elapsed();
    assert_eq!(restored, Restored { snapshot_seq: seq, tail_events: head - seq });
    assert_eq!(bytes(&state), bytes(&replayed));

    let started = Instant::now();
    let middle: Vec<_> = fresh.read_from(head / 2).take(1).map(|e| e.expect("reads").seq).collect();
    assert_eq!(middle, vec![head / 2]);
    let found = started.elapsed();
    let client = async_nats::connect(nats.options().servers).await.expect("connects");
    let messages = async_nats::jetstream::new(client).get_stream("LEDGER").await.expect("there").info().await.expect("info").state.messages;
    eprintln!("{head} events in {messages} batch messages; from zero {from_zero:?}; from the snapshot at {seq} ({} bytes of state) {from_snapshot:?} (fetch {fetched:?}); the batch of event {} found in {found:?}", bytes(&state).len(), head / 2);
}
