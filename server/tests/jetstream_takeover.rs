//! Issue 12's kill test: the engine is killed (SIGKILL) while several players place bets, 20
//! times. Each time the standby, which followed the log meanwhile, takes over, and a new standby
//! is started for the next kill. A player whose bet got no answer sends it again, with the same
//! request id, to the new engine. Afterwards every acknowledged bet is in the log exactly once
//! with the bet id it was acknowledged with, no request id is in the log twice, and
//! `exchange audit verify --log` passes. It prints the takeover times: from the engine's death
//! to the first bet the new engine accepted.
//!
//! One `nats-server`, not a three-server cluster: what is killed here is the engine, and the
//! log's own failover is the ledger's cluster test (`ledger/tests/jetstream.rs`). A cluster
//! would add its elections to none of what this test checks, and its time to every kill.

mod common;

use ledger::{BetEvent, OrderEvent};
use common::{call, open_market, payload_cipher, sealed_call, Nats};
use ledger::jetstream::{JetStreamOptions, JetStreamStore};
use ledger::{Event, Store};
use rand::Rng;
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

const KILLS: usize = 20;
const BETTORS: usize = 4;
/// How long the players bet on an engine before it is killed (uniformly at random, ms).
const LOAD_BEFORE_KILL_MS: std::ops::Range<u64> = 300..1_200;
/// The bound on a takeover is 5 s; this test fails past twice that (a busy machine).
const TAKEOVER_MAX: Duration = Duration::from_secs(10);
/// How long a node may take to print a line the test waits for (start, replay).
const NODE_WAIT: Duration = Duration::from_secs(60);
/// Bets one player sends at most, and how long one bet is tried again before the test gives up.
const BETS_PER_PLAYER_MAX: usize = 100_000;
const RETRY_FOR: Duration = Duration::from_secs(30);
const RETRY_PAUSE: Duration = Duration::from_millis(20);
const BETTOR_PASSWORD: &str = "bettor-pass-7";
const BETTOR_FUNDS: f64 = 1_000_000.0;
/// Every node of one installation has the same keys: a player's sealed bodies and session go on
/// on the new engine (docs/scale-out.md).
const PAYLOAD_KEY: &str = "7f3c9a1e5b2d4f6081a3c5e7092b4d6f8a1c3e5f7092b4d6e8f0a1c3e5b7d9f1";
const SECRET_KEY: &str = "1b3d5f7092a4c6e8f0a2c4e6081b3d5f7a9c1e3f5092b4d6f8a0c2e4f6a8c0e2";

/// An `exchange serve --log … --role …` process and the lines it prints; killed on drop.
struct Node {
    child: Child,
    lines: mpsc::Receiver<String>,
    dir: tempfile::TempDir,
}

impl Node {
    fn start(log: &str, role: &str) -> Node {
        let dir = tempfile::tempdir().expect("temp dir");
        let stderr = std::fs::File::create(dir.path().join("server.log")).expect("log file");
        let mut child = Command::new(env!("CARGO_BIN_EXE_exchange"))
            .args(["serve", "--port", "0", "--log", log, "--role", role, "--data"])
            .arg(dir.path().join("data"))
            .env("RUST_LOG", "warn")
            .envs([
                ("APP_FEED__SPEED", "0"),
                ("APP_BETTING__INPLAY_DELAY_MS_PER_SEC", "0"),
                ("APP_CASINO__SIMULATOR", "false"),
                ("APP_LIMITS__API_REQUESTS_PER_SEC_PER_IP", "0"),
                ("APP_LIMITS__BETS_PER_SEC_PER_ACCOUNT", "0"),
                ("APP_PAYLOAD__KEY_HEX", PAYLOAD_KEY),
                ("APP_AUTH__SECRET_KEY_HEX", SECRET_KEY),
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the exchange binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = mpsc::channel();
        // Read to the end: a server whose stdout is closed fails its next print.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        Node { child, lines, dir }
    }

    /// Waits (without blocking the test's runtime) for a printed line containing `text`.
    async fn line(&self, text: &str) -> String {
        let started = Instant::now();
        loop {
            match self.lines.try_recv() {
                Ok(line) if line.contains(text) => return line,
                Ok(_) => continue,
                Err(mpsc::TryRecvError::Empty) if started.elapsed() < NODE_WAIT => actix_web::rt::time::sleep(Duration::from_millis(10)).await,
                Err(_) => panic!("the node did not print {text:?}; its log:\n{}", std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()),
            }
        }
    }

    /// Waits until it serves, and answers its address.
    async fn serving(&self) -> String {
        let line = self.line("listening on http://127.0.0.1:").await;
        line.trim().trim_start_matches("listening on ").to_owned()
    }

    fn kill(&mut self) {
        self.child.kill().expect("the node can be killed");
        self.child.wait().expect("the killed node is reaped");
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the players send bets: the engine's address (none while it is being replaced), which
/// engine that is, and when each engine accepted its first bet.
#[derive(Default)]
struct Target {
    base: RefCell<Option<Rc<str>>>,
    engine: Cell<usize>,
    first_bet: RefCell<HashMap<usize, Instant>>,
    stop: Cell<bool>,
}

/// What one player saw.
#[derive(Default)]
struct Seen {
    /// Acknowledged bets: request id and bet id.
    bets: Vec<(String, u64)>,
    /// Bets sent again after an attempt got no answer, and how many of those the ledger answered
    /// as already placed (their first attempt was in the log).
    retried: usize,
    already_placed: usize,
    /// Answers other than an acknowledgement (none are expected).
    refused: Vec<String>,
}


/// A player backs and lays the market's first runner in turn (the two offset) until told to stop;
/// a bet without an answer is sent again, the same request id, until some engine answers it.
async fn bet_through_kills(target: Rc<Target>, token: String, market: Rc<Value>, cipher: Rc<server::crypto::PayloadCipher>, n: usize) -> Seen {
    let http = awc::Client::builder().timeout(Duration::from_secs(15)).finish();
    let mut seen = Seen::default();
    let section = &market["section"][0];
    let price = |side: &str| section["odds"].as_array().expect("odds").iter().find(|l| l["otype"] == side && l["tno"] == 0).map(|l| l["odds"].clone()).expect("a price");
    let (back, lay) = (price("back"), price("lay"));
    for i in 0..BETS_PER_PLAYER_MAX {
        if target.stop.get() {
            break;
        }
        let (side, rate) = if i % 2 == 0 { ("back", &back) } else { ("lay", &lay) };
        let request_id = format!("p{n}-{i}");
        let bet = json!({"gameId": market["gmid"], "marketId": market["mid"], "sectionId": section["sid"], "uRate": rate, "amount": 100, "betType": side, "requestId": request_id});
        let started = Instant::now();
        let mut attempts = 0;
        let answer = loop {
            assert!(started.elapsed() < RETRY_FOR, "bet {request_id} got no answer for {RETRY_FOR:?}");
            let Some(base) = target.base.borrow().clone() else {
                actix_web::rt::time::sleep(RETRY_PAUSE).await;
                continue;
            };
            let engine = target.engine.get();
            attempts += 1;
            match sealed_call(&http, &format!("{base}/api/bet/place"), &token, &cipher, &bet).await {
                Some(answer) => break (engine, answer),
                None => actix_web::rt::time::sleep(RETRY_PAUSE).await,
            }
        };
        if attempts > 1 {
            seen.retried += 1;
        }
        match answer {
            (engine, (200, body)) if body["data"]["bet"]["betId"].is_u64() => {
                target.first_bet.borrow_mut().entry(engine).or_insert_with(Instant::now);
                if body["message"] == "Bet already placed" {
                    seen.already_placed += 1;
                }
                seen.bets.push((request_id, body["data"]["bet"]["betId"].as_u64().expect("a bet id")));
            }
            (_, (status, body)) => seen.refused.push(format!("{request_id}: {status} {body}")),
        }
    }
    seen
}

/// The bettors' accounts, funds and sessions, on the first engine.
async fn open_bettors(http: &awc::Client, base: &str) -> Vec<String> {
    let operator = common::login(http, base, "operator", "operator123").await;
    let mut tokens = Vec::new();
    for n in 0..BETTORS {
        let name = format!("bettor{n}");
        let user = json!({"username": name, "password": BETTOR_PASSWORD, "role": "user", "mustChangePassword": false});
        assert_eq!(call(http, "POST", &format!("{base}/api/ops/users"), Some(&operator), Some(&user)).await["success"], true);
        let funds = json!({"username": name, "amount": BETTOR_FUNDS, "remark": "takeover funds"});
        assert_eq!(call(http, "POST", &format!("{base}/api/ops/credit"), Some(&operator), Some(&funds)).await["success"], true);
        let token = common::login(http, base, &name, BETTOR_PASSWORD).await;
        let me = call(http, "GET", &format!("{base}/api/users"), Some(&token), None).await;
        call(http, "GET", &format!("{base}/api/users/access-rules/{}", me["data"]["_id"].as_str().expect("id")), Some(&token), None).await;
        tokens.push(token);
    }
    tokens
}

/// Kills the engine `KILLS` times; after each, the standby takes over and a new standby starts.
/// Answers the takeover times, and the last engine and standby (the players' last bets go on).
async fn kill_again_and_again(target: &Target, log: &str, mut engine: Node, mut standby: Node) -> (Vec<Duration>, [Node; 2]) {
    let mut takeovers = Vec::new();
    for kill in 0..KILLS {
        let load = Duration::from_millis(rand::thread_rng().gen_range(LOAD_BEFORE_KILL_MS));
        actix_web::rt::time::sleep(load).await;
        engine.kill();
        let died = Instant::now();
        target.base.replace(None);
        let base = standby.serving().await;
        target.engine.set(kill + 1);
        target.base.replace(Some(base.into()));
        while !target.first_bet.borrow().contains_key(&(kill + 1)) {
            assert!(died.elapsed() < TAKEOVER_MAX, "kill {kill}: no bet accepted {TAKEOVER_MAX:?} after the engine died");
            actix_web::rt::time::sleep(Duration::from_millis(5)).await;
        }
        let takeover = target.first_bet.borrow()[&(kill + 1)] - died;
        println!("kill {kill}: after {} ms of load; the first bet on the new engine {} ms after the engine died", load.as_millis(), takeover.as_millis());
        takeovers.push(takeover);
        // The next standby follows the log before the next kill.
        engine = std::mem::replace(&mut standby, Node::start(log, "standby"));
        standby.line("following the log").await;
    }
    actix_web::rt::time::sleep(Duration::from_millis(rand::thread_rng().gen_range(LOAD_BEFORE_KILL_MS))).await;
    target.stop.set(true);
    (takeovers, [engine, standby])
}

/// The log's bets and exchange orders by request id: every id placed under it (a fill's bets
/// carry their order's request id, recorded by the order).
fn bets_in_log(log: &str) -> HashMap<String, Vec<u64>> {
    let store = JetStreamStore::open(&JetStreamOptions { servers: log.into(), stream: "LEDGER".into(), replicas: 1 }).expect("the stream opens");
    let mut bets: HashMap<String, Vec<u64>> = HashMap::new();
    for record in store.read_from(1) {
        match record.expect("every batch decodes").event {
            Event::Bets(BetEvent::BetPlaced { bet_id, request_id, info, .. }) if info.fill.is_none() => bets.entry(request_id).or_default().push(bet_id),
            Event::Exchange(OrderEvent::OrderPlaced { order_id, request_id, .. }) => bets.entry(request_id).or_default().push(order_id),
            _ => {}
        }
    }
    bets
}

#[actix_web::test]
async fn every_acknowledged_bet_is_in_the_log_once_after_twenty_engine_kills() {
    // Arrange: the log, an engine, a standby following it, the players' accounts.
    let nats = Nats::start();
    let started = Instant::now();
    let engine = Node::start(&nats.url(), "engine");
    let base = engine.serving().await;
    let standby = Node::start(&nats.url(), "standby");
    standby.line("following the log").await;
    let http = awc::Client::default();
    let tokens = open_bettors(&http, &base).await;
    let market = Rc::new(open_market(&http, &base).await);
    let cipher = Rc::new(payload_cipher(&http, &base).await);
    let target = Rc::new(Target::default());
    target.base.replace(Some(base.into()));

    // Act: players bet while the engine is killed again and again.
    let players = futures_util::future::join_all(tokens.into_iter().enumerate().map(|(n, token)| bet_through_kills(target.clone(), token, market.clone(), cipher.clone(), n)));
    let (seen, (mut takeovers, nodes)) = futures_util::future::join(players, kill_again_and_again(&target, &nats.url(), engine, standby)).await;
    drop(nodes);

    // Assert: nothing refused; each acknowledged bet in the log once, under its bet id; no
    // request id twice; the audit passes.
    let refused: Vec<&String> = seen.iter().flat_map(|s| &s.refused).collect();
    assert!(refused.is_empty(), "{} bets were refused, e.g. {:?}", refused.len(), &refused[..refused.len().min(5)]);
    let acknowledged: Vec<&(String, u64)> = seen.iter().flat_map(|s| &s.bets).collect();
    let retried: usize = seen.iter().map(|s| s.retried).sum();
    let already_placed: usize = seen.iter().map(|s| s.already_placed).sum();
    assert!(acknowledged.len() >= KILLS * BETTORS, "too little load: {} bets acknowledged", acknowledged.len());
    assert!(retried >= KILLS, "the kills left bets unanswered, sent again: only {retried} in {KILLS} kills");
    let log = bets_in_log(&nats.url());
    let doubled: Vec<_> = log.iter().filter(|(_, ids)| ids.len() > 1).take(5).collect();
    assert!(doubled.is_empty(), "request ids placed more than once: {doubled:?}");
    let lost: Vec<_> = acknowledged.iter().filter(|(request, bet_id)| log.get(request) != Some(&vec![*bet_id])).take(5).collect();
    assert!(lost.is_empty(), "acknowledged bets not in the log once under their bet id: {lost:?}");
    let audit = Command::new(env!("CARGO_BIN_EXE_exchange")).args(["audit", "verify", "--log", &nats.url()]).env("RUST_LOG", "warn").output().expect("the audit runs");
    assert!(audit.status.success(), "audit verify failed:\n{}\n{}", String::from_utf8_lossy(&audit.stdout), String::from_utf8_lossy(&audit.stderr));

    takeovers.sort();
    println!(
        "{KILLS} kills in {:.0} s: {} bets acknowledged, {retried} sent again after a kill ({already_placed} of them already placed); takeover p50 {} ms, max {} ms",
        started.elapsed().as_secs_f64(),
        acknowledged.len(),
        takeovers[takeovers.len() / 2].as_millis(),
        takeovers[takeovers.len() - 1].as_millis()
    );
}
