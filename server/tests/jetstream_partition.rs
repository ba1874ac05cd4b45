//! Faults of the NATS JetStream cluster under the ledger's log (docs/reliability.md, "Partitions
//! and pauses on the JetStream cluster"): three `nats-server`s on loopback holding the log on an
//! R3 stream, the real `exchange` binary as the engine, and an operator crediting a player
//! continuously through its HTTP API while a server of the cluster is killed (SIGKILL), two of
//! them are killed and one is started again (same storage, same port), one is paused (SIGSTOP)
//! and resumed, or one is cut off the network and joined again: its routes to the other two and
//! the clients' connections to it pass through relays on loopback that stop moving bytes.
//!
//! Each test then reads the whole log back from the stream and checks that every acknowledged
//! credit is in it exactly once (each credit carries a remark of its own, naming the engine node
//! that was sent it), that the log's events are contiguous and written by that one engine, and
//! that `exchange audit verify --log` passes. Each prints its figures.

mod common;

use common::{free_port, login, start_server_with, Server};
use ledger::jetstream::JetStreamOptions;
use ledger::{AccountEvent, Event, Store};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{Read as _, Write as _};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::rc::Rc;
use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

/// One `nats-server` of the three, which a test can kill, start again on its storage and port,
/// pause and resume. Killed on drop.
struct NatsNode {
    child: Option<Child>,
    name: String,
    port: u16,
    route: u16,
    routes: String,
    /// Behind relays, the route address it tells the others (`--cluster_advertise`): a port
    /// nobody listens on, so that no server learns a way to it around the relays.
    advertise: Option<String>,
    storage: tempfile::TempDir,
}

impl NatsNode {
    fn start(&mut self) {
        let mut child = Command::new("/usr/sbin/nats-server")
            .args(["-js", "-a", "127.0.0.1", "-p", &self.port.to_string(), "-sd"])
            .arg(self.storage.path())
            .args(["-n", &self.name, "--cluster_name", "ledger", "--cluster", &format!("nats://127.0.0.1:{}", self.route), "--routes", &self.routes])
            .args(self.advertise.iter().flat_map(|address| ["--cluster_advertise", address.as_str(), "--no_advertise=true"]))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts (./scripts/test installs Debian's nats-server)");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(10), "nats-server {} did not listen", self.name);
            assert!(child.try_wait().expect("its state").is_none(), "nats-server {} exited (port {} taken?)", self.name, self.port);
            std::thread::sleep(Duration::from_millis(50));
        }
        self.child = Some(child);
    }

    /// SIGKILL: a crash of that machine.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn signal(&self, which: &str) {
        let pid = self.child.as_ref().expect("running").id().to_string();
        let status = Command::new("kill").args([which, &pid]).status().expect("kill runs");
        assert!(status.success(), "kill {which} {pid}");
    }
}

impl Drop for NatsNode {
    fn drop(&mut self) {
        // SIGKILL ends a paused (SIGSTOP) server too.
        self.kill();
    }
}

/// Three servers in one cluster, and the log's stream made on it with three replicas.
async fn cluster() -> (Vec<NatsNode>, String) {
    let ports: Vec<(u16, u16)> = (0..3).map(|_| (free_port(), free_port())).collect();
    let nodes = (0..3).map(|i| node(i, ports[i], |j| ports[j].1, None)).collect();
    let all = ports.iter().map(|(port, _)| format!("nats://127.0.0.1:{port}")).collect::<Vec<_>>().join(",");
    (start_cluster(nodes, &all).await, all)
}

/// Server `i` of three on `(client, route)` ports, its route to server `j` on port `route_to(j)`.
fn node(i: usize, (port, route): (u16, u16), route_to: impl Fn(usize) -> u16, advertise: Option<String>) -> NatsNode {
    let routes: Vec<String> = (0..3).filter(|j| *j != i).map(|j| format!("nats://127.0.0.1:{}", route_to(j))).collect();
    NatsNode { child: None, name: format!("n{i}"), port, route, routes: routes.join(","), advertise, storage: tempfile::tempdir().expect("temp dir") }
}

/// Three servers as `cluster` makes them, every route between two of them and every client's
/// connection to one passing through a relay (`Network`); `all` names the relays.
async fn cluster_behind_relays() -> (Vec<NatsNode>, String, Network) {
    let ports: Vec<(u16, u16)> = (0..3).map(|_| (free_port(), free_port())).collect();
    let routes: Vec<Vec<Option<Relay>>> = (0..3).map(|i| (0..3).map(|j| (i != j).then(|| Relay::to(ports[j].1))).collect()).collect();
    let clients: Vec<Relay> = ports.iter().map(|(port, _)| Relay::to(*port)).collect();
    let nodes = (0..3).map(|i| node(i, ports[i], |j| routes[i][j].as_ref().map_or(0, |r| r.port), Some(format!("127.0.0.1:{}", free_port())))).collect();
    let all = clients.iter().map(|relay| format!("nats://127.0.0.1:{}", relay.port)).collect::<Vec<_>>().join(",");
    (start_cluster(nodes, &all).await, all, Network { routes, clients })
}

/// Starts the servers and makes the log's stream on them with three replicas.
async fn start_cluster(mut nodes: Vec<NatsNode>, all: &str) -> Vec<NatsNode> {
    for node in &mut nodes {
        node.start();
    }
    let options = JetStreamOptions { servers: all.to_owned(), stream: "LEDGER".into(), replicas: 3 };
    actix_web::rt::task::spawn_blocking(move || {
        let started = Instant::now();
        loop {
            match ledger::JetStreamStore::open(&options) {
                Ok(_) => return,
                Err(e) => assert!(started.elapsed() < Duration::from_secs(30), "the cluster takes the stream: {e}"),
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    })
    .await
    .expect("the stream is made");
    nodes
}

/// A TCP relay on loopback to `127.0.0.1:target`, on threads of its own (the tests' runtime
/// blocks at times): what a network between two ends does, and, while `cut`, what a partition
/// does to it. Cut, it moves no byte either way and connects nothing new (a connection made
/// meanwhile waits), so the ends' TCP connections stay open with nothing coming, as across a
/// cut link, until an end gives up on its pings; joined again, what waited flows on.
struct Relay {
    port: u16,
    cut: Arc<AtomicBool>,
}

impl Relay {
    fn to(target: u16) -> Relay {
        let listener = TcpListener::bind(("127.0.0.1", 0)).expect("a relay's port");
        let port = listener.local_addr().expect("its address").port();
        let cut = Arc::new(AtomicBool::new(false));
        let cut_seen = cut.clone();
        std::thread::spawn(move || {
            for inbound in listener.incoming().flatten() {
                let cut = cut_seen.clone();
                std::thread::spawn(move || {
                    wait_while(&cut);
                    // The target down: the inbound connection is closed, as a refused one.
                    let Ok(outbound) = TcpStream::connect(("127.0.0.1", target)) else { return };
                    let (Ok(inbound_too), Ok(outbound_too)) = (inbound.try_clone(), outbound.try_clone()) else { return };
                    let back = cut.clone();
                    std::thread::spawn(move || pump(outbound_too, inbound_too, &back));
                    pump(inbound, outbound, &cut);
                });
            }
        });
        Relay { port, cut }
    }
}

fn wait_while(cut: &AtomicBool) {
    while cut.load(Ordering::Acquire) {
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Moves bytes from `from` to `to` until either closes, holding them while `cut`.
fn pump(mut from: TcpStream, mut to: TcpStream, cut: &AtomicBool) {
    let mut buffer = [0u8; 16 << 10];
    while let Ok(n @ 1..) = from.read(&mut buffer) {
        wait_while(cut);
        if to.write_all(&buffer[..n]).is_err() {
            break;
        }
    }
    let _ = to.shutdown(Shutdown::Both);
    let _ = from.shutdown(Shutdown::Both);
}

/// The relays of `cluster_behind_relays`: `routes[i][j]` carries server i's route to server j,
/// `clients[i]` every client's connection to server i.
struct Network {
    routes: Vec<Vec<Option<Relay>>>,
    clients: Vec<Relay>,
}

impl Network {
    /// Cuts server `i` off the others and off every client (`cut`), or joins it again.
    fn isolate(&self, i: usize, cut: bool) {
        let mut relays: Vec<&Relay> = vec![&self.clients[i]];
        for j in 0..3 {
            relays.extend(self.routes[i][j].iter().chain(self.routes[j][i].iter()));
        }
        for relay in relays {
            relay.cut.store(cut, Ordering::Release);
        }
    }
}

/// The index of the server leading the log's stream (the worst one to lose).
async fn stream_leader(all: &str, nodes: &[NatsNode]) -> usize {
    let client = ledger::jetstream::connect(all).await.expect("connects");
    let context = async_nats::jetstream::new(client);
    let started = Instant::now();
    loop {
        if let Ok(mut stream) = context.get_stream("LEDGER").await {
            if let Ok(info) = stream.info().await {
                if let Some(leader) = info.cluster.as_ref().and_then(|c| c.leader.clone()) {
                    if let Some(i) = nodes.iter().position(|n| n.name == leader) {
                        return i;
                    }
                }
            }
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the stream has no leader");
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The engine node (`exchange serve --log … --role engine`), killed on drop.
struct Engine {
    server: Server,
    base: String,
    name: String,
    dir: tempfile::TempDir,
}

impl Engine {
    fn start(all: &str) -> Engine {
        let dir = tempfile::tempdir().expect("temp dir");
        let env = [
            ("APP_APPLICATION__LOG", all),
            ("APP_APPLICATION__LOG_REPLICAS", "3"),
            ("APP_FEED__SIMULATOR", "false"),
            ("APP_CASINO__SIMULATOR", "false"),
            // Two operators' loops from one address: no per-address limit (its 429s are no fault
            // of the log's).
            ("APP_LIMITS__API_REQUESTS_PER_SEC_PER_IP", "0"),
        ];
        let server = start_server_with(dir.path(), &dir.path().join("server.log"), &env, &["--role", "engine"]);
        let base = format!("http://127.0.0.1:{}", server.port);
        let name = format!("engine-{}", server.child.id());
        Engine { server, base, name, dir }
    }

    fn said(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }

    fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.server.child.try_wait().expect("its state")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let said = self.said();
            let end: Vec<&str> = said.lines().rev().take(30).collect::<Vec<_>>().into_iter().rev().collect();
            eprintln!("the engine's log ({:?}), its end:\n{}", self.server.child.try_wait(), end.join("\n"));
        }
        let _ = self.server.child.kill();
        let _ = self.server.child.wait();
    }
}

/// One credit sent: its remark, when it was sent and answered, and the answer.
#[derive(Clone, Debug)]
struct Sent {
    remark: String,
    sent: Instant,
    answered: Instant,
    /// The HTTP status, or None when no answer came (timeout, connection refused).
    status: Option<u16>,
    acknowledged: bool,
    message: String,
}

/// An operator's credits of 1 to player1, one after another, until `stop`: every one with a
/// remark of its own naming the engine node it is sent to (`{node}-{writer}-{n}`).
async fn credits(http: awc::Client, engine: String, node: String, writer: &'static str, operator: String, stop: Rc<Cell<bool>>, sent: Rc<RefCell<Vec<Sent>>>) {
    let mut n = 0u64;
    while !stop.get() {
        n += 1;
        let remark = format!("{node}-{writer}-{n}");
        let started = Instant::now();
        let request = http.post(format!("{engine}/api/ops/credit")).bearer_auth(&operator).timeout(Duration::from_secs(45));
        let (status, body) = match request.send_json(&json!({"username": "player1", "amount": 1, "remark": remark})).await {
            Ok(mut response) => {
                let status = response.status().as_u16();
                (Some(status), response.json::<Value>().await.unwrap_or(Value::Null))
            }
            Err(e) => (None, json!({"message": e.to_string()})),
        };
        let acknowledged = status == Some(200) && body["success"] == true;
        let message = body["message"].as_str().unwrap_or_default().to_owned();
        sent.borrow_mut().push(Sent { remark, sent: started, answered: Instant::now(), status, acknowledged, message });
        if !acknowledged {
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// One read: when it was sent, its status (None: no answer), how long it took.
type Read = (Instant, Option<u16>, Duration);

/// `GET /api/users` for a signed-in player, every 200 ms until `stop`: (status or None, latency).
async fn reads(http: awc::Client, engine: String, player: String, stop: Rc<Cell<bool>>, seen: Rc<RefCell<Vec<Read>>>) {
    while !stop.get() {
        let started = Instant::now();
        let status = match http.get(format!("{engine}/api/users")).bearer_auth(&player).timeout(Duration::from_secs(10)).send().await {
            Ok(mut response) => {
                let _ = response.body().await;
                Some(response.status().as_u16())
            }
            Err(_) => None,
        };
        seen.borrow_mut().push((started, status, started.elapsed()));
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
}

/// What the log holds, read back from the stream by a store of its own.
struct LogCheck {
    acknowledged: usize,
    lost: usize,
    duplicated: usize,
    /// Credits in the log that were not acknowledged (refused, or no answer came).
    unacknowledged_stored: usize,
}

/// Reads the whole log and checks it against what was acknowledged: every acknowledged credit
/// exactly once, no credit twice, events contiguous from 1, every credit of the test sent to
/// `engine` (one writer); and `exchange audit verify --log` passes.
async fn check_log(all: &str, engine: &str, sent: &[Sent]) -> LogCheck {
    let options = JetStreamOptions { servers: all.to_owned(), stream: "LEDGER".into(), replicas: 3 };
    let events = actix_web::rt::task::spawn_blocking(move || {
        // Just after a fault the cluster may still be electing leaders ("JetStream system
        // temporarily unavailable"): the whole read again, for up to 30 s.
        let started = Instant::now();
        loop {
            let read = ledger::JetStreamStore::open(&options).and_then(|store| {
                let events = store.read_from(1).collect::<Result<Vec<ledger::Envelope>, _>>()?;
                assert_eq!(events.len() as u64, store.head(), "the log reads to its head");
                Ok(events)
            });
            match read {
                Ok(events) => break events,
                Err(e) => {
                    assert!(started.elapsed() < Duration::from_secs(30), "the log reads: {e}");
                    eprintln!("reading the log back failed, read again: {e}");
                }
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    })
    .await
    .expect("read");
    for (i, envelope) in events.iter().enumerate() {
        assert_eq!(envelope.seq, i as u64 + 1, "the log's events are contiguous");
    }
    let mut stored: HashMap<String, usize> = HashMap::new();
    for envelope in &events {
        if let Event::Accounts(AccountEvent::Credited { remark, .. }) = &envelope.event {
            if remark.starts_with("engine-") {
                assert!(remark.starts_with(&format!("{engine}-")), "a credit of another engine in the log: {remark}");
                *stored.entry(remark.clone()).or_default() += 1;
            }
        }
    }
    let acknowledged: Vec<&Sent> = sent.iter().filter(|s| s.acknowledged).collect();
    let lost = acknowledged.iter().filter(|s| !stored.contains_key(&s.remark)).count();
    let duplicated = stored.values().filter(|&&n| n > 1).count();
    let unacknowledged_stored = sent.iter().filter(|s| !s.acknowledged && stored.contains_key(&s.remark)).count();
    for (remark, _) in stored.iter() {
        assert!(sent.iter().any(|s| &s.remark == remark), "a credit in the log that was never sent: {remark}");
    }
    // Right after two servers came back the audit's reader (a consumer made for the read) was
    // handed a message out of sequence ("expected 1026, found 239") in 2 of 6 runs, while the
    // log read whole just above; a failed consumer's read is now read again message by message
    // (`ledger::jetstream::read_messages`), so the audit passes at its first run.
    let audit = Command::new(env!("CARGO_BIN_EXE_exchange")).args(["audit", "verify", "--log", all]).env("RUST_LOG", "warn").output().expect("the audit runs");
    let said = format!("{}\n{}", String::from_utf8_lossy(&audit.stdout), String::from_utf8_lossy(&audit.stderr));
    assert!(audit.status.success(), "audit verify failed:\n{said}");
    if said.contains("message by message") {
        eprintln!("the audit's reader fell back to reading message by message:\n{said}");
    }
    LogCheck { acknowledged: acknowledged.len(), lost, duplicated, unacknowledged_stored }
}

/// The longest time between two acknowledged credits answered after `from` (the first one
/// after `from` counts from `from`).
fn longest_pause(sent: &[Sent], from: Instant) -> Duration {
    let mut answers: Vec<Instant> = sent.iter().filter(|s| s.acknowledged && s.answered > from).map(|s| s.answered).collect();
    answers.sort();
    let mut previous = from;
    let mut longest = Duration::ZERO;
    for at in answers {
        longest = longest.max(at - previous);
        previous = at;
    }
    longest
}

struct Load {
    stop: Rc<Cell<bool>>,
    sent: Rc<RefCell<Vec<Sent>>>,
    reads: Rc<RefCell<Vec<Read>>>,
    tasks: Vec<actix_web::rt::task::JoinHandle<()>>,
}

/// Two operators' credit loops and a player's read loop on the engine.
async fn load(engine: &Engine) -> Load {
    let http = awc::Client::builder().timeout(Duration::from_secs(45)).finish();
    let operator = login(&http, &engine.base, "operator", "operator123").await;
    let player = login(&http, &engine.base, "player1", "player123").await;
    let (stop, sent, seen) = (Rc::new(Cell::new(false)), Rc::new(RefCell::new(Vec::new())), Rc::new(RefCell::new(Vec::new())));
    let mut tasks = Vec::new();
    for writer in ["a", "b"] {
        tasks.push(actix_web::rt::spawn(credits(http.clone(), engine.base.clone(), engine.name.clone(), writer, operator.clone(), stop.clone(), sent.clone())));
    }
    tasks.push(actix_web::rt::spawn(reads(http.clone(), engine.base.clone(), player, stop.clone(), seen.clone())));
    Load { stop, sent, reads: seen, tasks }
}

impl Load {
    fn acknowledged(&self) -> usize {
        self.sent.borrow().iter().filter(|s| s.acknowledged).count()
    }

    fn acknowledged_after(&self, from: Instant) -> usize {
        self.sent.borrow().iter().filter(|s| s.acknowledged && s.sent > from).count()
    }

    /// Waits (up to `within`) until `ready` holds of what was sent; the time it took.
    async fn until(&self, within: Duration, what: &str, ready: impl Fn(&[Sent]) -> bool) -> Duration {
        let started = Instant::now();
        while !ready(&self.sent.borrow()) {
            assert!(started.elapsed() < within, "{what}: not within {within:?}; sent: {:?}", self.sent.borrow().iter().rev().take(5).collect::<Vec<_>>());
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
        started.elapsed()
    }

    async fn stop(self) -> (Vec<Sent>, Vec<Read>) {
        self.stop.set(true);
        for task in self.tasks {
            task.await.expect("the loop ends");
        }
        let sent = self.sent.borrow().clone();
        let reads = self.reads.borrow().clone();
        (sent, reads)
    }
}

/// The answers that were not acknowledgements, counted by status and message.
fn refusals(sent: &[Sent], from: Instant) -> String {
    let mut counted: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for s in sent.iter().filter(|s| !s.acknowledged && s.sent > from) {
        *counted.entry(format!("{:?} {}", s.status, s.message)).or_default() += 1;
    }
    format!("{counted:?}")
}

/// The reads that did not answer 200, counted by status.
fn failed_reads_by_status(reads: &[Read]) -> String {
    let mut counted: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for r in reads.iter().filter(|r| r.1 != Some(200)) {
        *counted.entry(format!("{:?}", r.1)).or_default() += 1;
    }
    format!("{counted:?}")
}

fn sleep(duration: Duration) -> impl std::future::Future<Output = ()> {
    actix_web::rt::time::sleep(duration)
}

#[actix_web::test]
async fn killing_one_server_of_three_under_load_loses_and_doubles_nothing() {
    let (mut nodes, all) = cluster().await;
    let mut engine = Engine::start(&all);
    let load = load(&engine).await;
    load.until(Duration::from_secs(20), "credits acknowledged before the fault", |s| s.iter().filter(|s| s.acknowledged).count() >= 20).await;
    sleep(Duration::from_secs(1)).await;

    let leader = stream_leader(&all, &nodes).await;
    let before = load.acknowledged();
    let killed = Instant::now();
    nodes[leader].kill();
    let resumed = load.until(Duration::from_secs(30), "a credit acknowledged after the kill", |s| s.iter().any(|s| s.acknowledged && s.sent > killed)).await;
    // And it goes on: a few seconds more of load on the two survivors.
    sleep(Duration::from_secs(4)).await;
    let after = load.acknowledged_after(killed);
    let (sent, reads) = load.stop().await;
    assert!(engine.exited().is_none(), "the engine runs on: {}", engine.said());
    assert!(after >= 10, "writes went on with two servers: {after} acknowledged after the kill");
    let pause = longest_pause(&sent, killed);
    assert!(pause < Duration::from_secs(15), "the longest pause in acknowledged writes after the kill: {pause:?}");
    let refused = sent.iter().filter(|s| !s.acknowledged && s.sent > killed).count();
    let failed_reads = reads.iter().filter(|r| r.1 != Some(200)).count();
    eprintln!("refusals: {}; failed reads: {}", refusals(&sent, killed), failed_reads_by_status(&reads));

    let check = check_log(&all, &engine.name, &sent).await;
    assert_eq!(check.lost, 0, "acknowledged credits missing from the log");
    assert_eq!(check.duplicated, 0, "credits in the log twice");
    eprintln!(
        "kill one of three (the stream leader n{leader}): acknowledged {} ({before} before the kill, {after} after), lost {}, duplicated {}, refused or unanswered after the kill {refused}, not acknowledged but stored {}, first acknowledged credit sent after the kill answered {:.2} s after it, longest pause in acknowledgements {:.2} s, reads {} (failed {failed_reads})",
        check.acknowledged,
        check.lost,
        check.duplicated,
        check.unacknowledged_stored,
        resumed.as_secs_f64(),
        pause.as_secs_f64(),
        reads.len()
    );
}

#[actix_web::test]
async fn with_two_of_three_servers_killed_writes_are_refused_reads_go_on_and_writes_come_back() {
    let (mut nodes, all) = cluster().await;
    let mut engine = Engine::start(&all);
    let load = load(&engine).await;
    load.until(Duration::from_secs(20), "credits acknowledged before the fault", |s| s.iter().filter(|s| s.acknowledged).count() >= 20).await;
    sleep(Duration::from_secs(1)).await;

    // The stream's leader and one more go: one server left, no quorum.
    let leader = stream_leader(&all, &nodes).await;
    let other = (leader + 1) % 3;
    let before = load.acknowledged();
    let killed = Instant::now();
    nodes[leader].kill();
    nodes[other].kill();
    let first_refusal = load.until(Duration::from_secs(40), "a write refused with 503", |s| s.iter().any(|s| s.sent > killed && s.status == Some(503))).await;
    // Down for a while: several refusals, reads answered meanwhile.
    sleep(Duration::from_secs(12)).await;
    let down_for = killed.elapsed();
    assert!(engine.exited().is_none(), "the engine runs on while the cluster has no quorum: {}", engine.said());
    let restarted = Instant::now();
    nodes[leader].start();
    let resumed = load.until(Duration::from_secs(60), "a credit acknowledged after one server came back", |s| s.iter().any(|s| s.acknowledged && s.sent > restarted)).await;
    sleep(Duration::from_secs(3)).await;
    let (sent, reads) = load.stop().await;
    assert!(engine.exited().is_none(), "the engine was not restarted and runs: {}", engine.said());

    let while_down: Vec<&Sent> = sent.iter().filter(|s| s.sent > killed && s.sent < restarted).collect();
    let refused: Vec<&&Sent> = while_down.iter().filter(|s| !s.acknowledged).collect();
    for s in &refused {
        assert_eq!(s.status, Some(503), "a write while the cluster has no quorum is refused with 503: {s:?}");
        // Unanswered by the log: "did not confirm … may still be recorded"; a batch refused
        // because an earlier one landed: "could not store … nothing was changed".
        assert!(s.message.contains("did not confirm") || s.message.contains("could not store"), "a clear reason: {s:?}");
    }
    assert!(refused.iter().any(|s| s.message.contains("may still be recorded")), "an append the log did not answer says it may land: {refused:?}");
    let slowest_refusal = refused.iter().map(|s| s.answered - s.sent).max().unwrap_or_default();
    assert!(slowest_refusal < Duration::from_secs(30), "a refusal takes {slowest_refusal:?}");
    let reads_down: Vec<_> = reads.iter().filter(|r| r.0 > killed && r.0 < restarted).collect();
    assert!(reads_down.len() >= 10, "reads were tried while down: {}", reads_down.len());
    assert!(reads_down.iter().all(|r| r.1 == Some(200)), "reads answer 200 while the cluster has no quorum: {reads_down:?}");
    let slowest_read = reads_down.iter().map(|r| r.2).max().unwrap_or_default();
    let acknowledged_down = while_down.iter().filter(|s| s.acknowledged).count();

    nodes[other].start();
    let check = check_log(&all, &engine.name, &sent).await;
    assert_eq!(check.lost, 0, "acknowledged credits missing from the log");
    assert_eq!(check.duplicated, 0, "credits in the log twice");
    eprintln!(
        "kill two of three (n{leader}, the stream leader, and n{other}) for {:.1} s, then n{leader} started again: acknowledged {} ({before} before), lost {}, duplicated {}, refused while down {} (all 503, first {:.1} s after the kill, slowest {:.1} s; acknowledged while down {acknowledged_down}), not acknowledged but stored {}, reads while down {} all 200 (slowest {} ms), writes resumed {:.1} s after the restart",
        down_for.as_secs_f64(),
        check.acknowledged,
        check.lost,
        check.duplicated,
        refused.len(),
        first_refusal.as_secs_f64(),
        slowest_refusal.as_secs_f64(),
        check.unacknowledged_stored,
        reads_down.len(),
        slowest_read.as_millis(),
        resumed.as_secs_f64()
    );
}

#[actix_web::test]
async fn pausing_one_server_of_three_under_load_loses_and_doubles_nothing() {
    // SIGSTOP: the node is cut off (its connections stay open, nothing answers), longer than the
    // lease's life; then it comes back and catches up.
    let (nodes, all) = cluster().await;
    let fault = LeaderFault { what: "pause one of three (SIGSTOP the", back: "SIGCONT", pause_max: Duration::from_secs(15) };
    leader_out_and_back(&all, &nodes, fault, |leader| nodes[leader].signal("-STOP"), |leader| nodes[leader].signal("-CONT")).await;
}

#[actix_web::test]
async fn cutting_one_server_off_the_network_under_load_loses_and_doubles_nothing() {
    // The stream's leader is cut off the other two and off the engine (its relays fall silent),
    // then joined again.
    let (nodes, all, network) = cluster_behind_relays().await;
    let fault = LeaderFault { what: "cut one of three off the network (the", back: "joined again", pause_max: Duration::from_secs(20) };
    leader_out_and_back(&all, &nodes, fault, |leader| network.isolate(leader, true), |leader| network.isolate(leader, false)).await;
}

/// A fault of one server that leaves the other two a quorum, as `leader_out_and_back` prints it.
struct LeaderFault {
    what: &'static str,
    back: &'static str,
    /// The longest pause in acknowledged writes allowed.
    pause_max: Duration,
}

/// Under the operators' load, takes the stream's leader `out`, then brings it `back` after 8 s of
/// writes going on: the other two elect a leader of their own (so the fault was real), the
/// engine runs on, writes pause less than `pause_max` and go on after, nothing acknowledged is
/// lost or doubled. Prints the figures.
async fn leader_out_and_back(all: &str, nodes: &[NatsNode], fault: LeaderFault, out: impl Fn(usize), back: impl Fn(usize)) {
    let mut engine = Engine::start(all);
    let load = load(&engine).await;
    load.until(Duration::from_secs(20), "credits acknowledged before the fault", |s| s.iter().filter(|s| s.acknowledged).count() >= 20).await;
    sleep(Duration::from_secs(1)).await;

    let leader = stream_leader(all, nodes).await;
    let before = load.acknowledged();
    let fault_at = Instant::now();
    out(leader);
    let resumed = load.until(Duration::from_secs(40), "a credit acknowledged while one server is out", |s| s.iter().any(|s| s.acknowledged && s.sent > fault_at)).await;
    let elected = stream_leader(all, nodes).await;
    assert_ne!(elected, leader, "the others still reached the server taken out");
    sleep(Duration::from_secs(8)).await;
    let back_at = Instant::now();
    back(leader);
    sleep(Duration::from_secs(6)).await;
    let after = load.acknowledged_after(fault_at);
    let after_back = load.acknowledged_after(back_at);
    let (sent, reads) = load.stop().await;
    assert!(engine.exited().is_none(), "the engine runs on: {}", engine.said());
    assert!(after_back >= 5, "writes go on once the server is back: {after_back}");
    let pause = longest_pause(&sent, fault_at);
    assert!(pause < fault.pause_max, "the longest pause in acknowledged writes: {pause:?}");
    let refused = sent.iter().filter(|s| !s.acknowledged && s.sent > fault_at).count();
    let failed_reads = reads.iter().filter(|r| r.1 != Some(200)).count();
    eprintln!("refusals: {}; failed reads: {}", refusals(&sent, fault_at), failed_reads_by_status(&reads));

    let check = check_log(all, &engine.name, &sent).await;
    assert_eq!(check.lost, 0, "acknowledged credits missing from the log");
    assert_eq!(check.duplicated, 0, "credits in the log twice");
    eprintln!(
        "{} stream leader n{leader} for {:.1} s, then {}; n{elected} elected): acknowledged {} ({before} before, {after} after the fault, {after_back} after it ended), lost {}, duplicated {}, refused or unanswered {refused}, not acknowledged but stored {}, first acknowledged credit sent after the fault answered {:.2} s after it, longest pause in acknowledgements {:.2} s, reads {} (failed {failed_reads})",
        fault.what,
        (back_at - fault_at).as_secs_f64(),
        fault.back,
        check.acknowledged,
        check.lost,
        check.duplicated,
        check.unacknowledged_stored,
        resumed.as_secs_f64(),
        pause.as_secs_f64(),
        reads.len()
    );
}
