//! Edge nodes (docs/scale-out.md): `exchange serve --log nats://… --role edge
//! --engine-url …` follows the log into a read-only state, answers the ledger's reads from it,
//! forwards writes to the engine node and serves the WebSocket hub with the engine's frames.
//! Real processes (the `exchange` binary, one `nats-server`), loopback only.

mod common;

use actix_web::web::Bytes;
use awc::ws;
use common::{open_market, payload_cipher, sealed_call, start_server_with, Nats, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Every node of one installation has the same keys (docs/scale-out.md).
const PAYLOAD_KEY: &str = "7f3c9a1e5b2d4f6081a3c5e7092b4d6f8a1c3e5f7092b4d6e8f0a1c3e5b7d9f1";
const SECRET_KEY: &str = "1b3d5f7092a4c6e8f0a2c4e6081b3d5f7a9c1e3f5092b4d6f8a0c2e4f6a8c0e2";
/// How long the casino table's frames are watched on every node.
const WATCH: Duration = Duration::from_secs(10);

/// A node killed (SIGKILL) on drop, even when the test fails.
struct Node {
    server: Server,
    base: String,
    _dir: tempfile::TempDir,
}

impl Node {
    fn start(log: &str, args: &[&str]) -> Node {
        Node::start_at_speed(log, args, "0")
    }

    /// `speed`: the sports simulator's (0: the markets stand still, so a bet's price stays).
    fn start_at_speed(log: &str, args: &[&str], speed: &str) -> Node {
        Node::start_with(log, args, &[("APP_FEED__SPEED", speed)])
    }

    /// With more settings (`extra`: name and value of an environment variable).
    fn start_with(log: &str, args: &[&str], extra: &[(&str, &str)]) -> Node {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut env = vec![
            ("APP_APPLICATION__LOG", log),
            ("APP_FEED__SPEED", "0"),
            ("APP_BETTING__INPLAY_DELAY_MS_PER_SEC", "0"),
            ("APP_PAYLOAD__KEY_HEX", PAYLOAD_KEY),
            ("APP_AUTH__SECRET_KEY_HEX", SECRET_KEY),
        ];
        env.extend_from_slice(extra);
        let server = start_server_with(dir.path(), &dir.path().join("server.log"), &env, args);
        let base = format!("http://127.0.0.1:{}", server.port);
        Node { server, base, _dir: dir }
    }

    /// The `ledger: DIR (at event N, …)` line the node printed at start.
    async fn ledger_line(&self) -> String {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(line) = self.server.ledger_line() {
                return line;
            }
            assert!(Instant::now() < deadline, "the node printed no `ledger:` line");
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
    }

    fn engine(log: &str) -> Node {
        Node::start(log, &["--role", "engine"])
    }

    fn edge(log: &str, engine: &Node) -> Node {
        Node::start(log, &["--role", "edge", "--engine-url", &engine.base])
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.server.child.kill();
        let _ = self.server.child.wait();
    }
}

/// One call as it travels: the status, the ledger event the answer reflects (`X-Ledger-Seq`) and
/// the body's bytes. `seq`: the event the answer must reflect (read your write).
async fn raw(http: &awc::Client, method: &str, url: &str, token: &str, seq: u64, body: Option<&Value>) -> (u16, u64, Bytes) {
    let request = http.request(method.parse().expect("method"), url).bearer_auth(token).insert_header(("x-ledger-seq", seq.to_string()));
    let mut answer = match body {
        Some(body) => request.send_json(body).await,
        None => request.send().await,
    }
    .expect("the node answers");
    let reached = answer.headers().get("x-ledger-seq").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).expect("every answer carries X-Ledger-Seq");
    let bytes = answer.body().await.expect("a body");
    (answer.status().as_u16(), reached, bytes)
}

type Socket = actix_codec::Framed<awc::BoxedSocket, ws::Codec>;

async fn socket(http: &awc::Client, base: &str) -> Socket {
    let (_, socket) = http.ws(format!("{base}/ws")).connect().await.expect("socket opens");
    socket
}

async fn send(socket: &mut Socket, message: Value) {
    socket.send(ws::Message::Text(message.to_string().into())).await.expect("sends");
}

/// The next JSON frame within `wait` (pings answered), or `None`.
async fn next_within(socket: &mut Socket, wait: Duration) -> Option<Value> {
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        let frame = actix_web::rt::time::timeout(left, socket.next()).await.ok()?.expect("open").expect("valid frame");
        match frame {
            ws::Frame::Text(bytes) => return Some(serde_json::from_slice(&bytes).expect("json frame")),
            ws::Frame::Ping(bytes) => socket.send(ws::Message::Pong(Bytes::from(bytes.to_vec()))).await.expect("pong"),
            other => panic!("unexpected frame {other:?}"),
        }
    }
}

async fn next(socket: &mut Socket) -> Value {
    next_within(socket, Duration::from_secs(5)).await.expect("a frame within 5 s")
}

/// Every frame of a topic on one node from `after` to `until`, the subscription's
/// snapshot first.
async fn watch(http: &awc::Client, base: &str, topic: &str, after: Duration, until: Instant) -> Vec<Value> {
    actix_web::rt::time::sleep(after).await;
    let mut socket = socket(http, base).await;
    send(&mut socket, json!({"type": "sub", "topic": topic})).await;
    let mut frames = Vec::new();
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match next_within(&mut socket, left).await {
            Some(frame) => frames.push(frame),
            None => break,
        }
    }
    frames
}

/// The deltas after every node's snapshot and up to the last every node saw.
fn common_deltas(watched: &[Vec<Value>]) -> Vec<Vec<Value>> {
    let seq = |frame: &Value| frame["seq"].as_u64().expect("a frame's seq");
    let from = watched.iter().map(|frames| seq(&frames[0])).max().expect("nodes");
    let to = watched.iter().map(|frames| frames.last().map(seq).unwrap_or(0)).min().expect("nodes");
    watched.iter().map(|frames| frames.iter().filter(|f| f["type"] == "delta" && seq(f) > from && seq(f) <= to).cloned().collect()).collect()
}

/// A sealed answer (`{"Payload": …}`, a fresh nonce each time) opened: the bytes the node sealed.
fn opened(cipher: &server::crypto::PayloadCipher, body: &Bytes) -> Vec<u8> {
    let sealed = serde_json::from_slice::<Value>(body).ok().and_then(|v| v["Payload"].as_str().map(str::to_owned));
    match sealed {
        Some(payload) => cipher.decrypt(&payload).expect("sealed with the installation's key"),
        None => body.to_vec(),
    }
}

#[actix_web::test]
async fn two_edges_serve_reads_forward_writes_and_push_the_engines_frames() {
    let nats = Nats::start();
    let log = nats.url();
    let engine = Node::engine(&log);
    let (a, b) = (Node::edge(&log, &engine), Node::edge(&log, &engine));
    let http = awc::Client::builder().timeout(Duration::from_secs(15)).finish();

    // The player signs in through edge A (forwarded); A's next read reflects the login.
    let token = common::login(&http, &a.base, "player1", "player123").await;
    let (status, seen, user) = raw(&http, "GET", &format!("{}/api/users", a.base), &token, 0, None).await;
    assert_eq!(status, 200, "edge A knows the session its forwarded login made: {}", String::from_utf8_lossy(&user));

    // Edge B, told the event the player saw, knows the session too; its socket follows the player.
    let (status, _, _) = raw(&http, "GET", &format!("{}/api/users", b.base), &token, seen, None).await;
    assert_eq!(status, 200);
    let mut watcher = socket(&http, &b.base).await;
    send(&mut watcher, json!({"type": "auth", "token": token})).await;
    assert_eq!(next(&mut watcher).await, json!({"type": "authed"}));
    send(&mut watcher, json!({"type": "sub", "topic": "user"})).await;
    let before = next(&mut watcher).await;
    assert_eq!(before["type"], "snapshot", "{before}");
    assert_eq!(before["data"]["exp"], 0, "{before}");

    // A bet through edge A: sealed with the installation's key, placed by the engine node.
    let cipher = payload_cipher(&http, &a.base).await;
    let market = open_market(&http, &a.base).await;
    let section = &market["section"][0];
    let rate = section["odds"].as_array().expect("odds").iter().find(|l| l["otype"] == "back" && l["tno"] == 0).map(|l| l["odds"].clone()).expect("a back price");
    let bet = json!({"gameId": market["gmid"], "marketId": market["mid"], "sectionId": section["sid"], "uRate": rate, "amount": 100, "betType": "back", "requestId": "edge-bet-1"});
    // Meanwhile B's socket sees the exposure move.
    let placing = async { (sealed_call(&http, &format!("{}/api/bet/place", a.base), &token, &cipher, &bet).await.expect("an answer"), Instant::now()) };
    let pushed = async { (next(&mut watcher).await, Instant::now()) };
    let (((status, placed), answered), (moved, delivered)) = futures_util::join!(placing, pushed);
    assert_eq!(status, 200, "{placed}");
    assert!(placed["data"]["bet"]["betId"].is_u64(), "{placed}");
    assert_eq!(moved["type"], "delta", "{moved}");
    assert_eq!(moved["data"]["exp"], -100, "a back stake of 100 is exposed: {moved}");

    // The bet lists read on B (after the bet, as A saw it) equal the engine's, byte for byte.
    let (_, after_bet, _) = raw(&http, "GET", &format!("{}/api/users", a.base), &token, 0, None).await;
    let asked = Instant::now();
    raw(&http, "GET", &format!("{}/api/users", b.base), &token, after_bet, None).await;
    eprintln!(
        "edge B: the bet's push {:?} after A's answer to it; a read on B asked to reflect event {after_bet} answered in {:?}",
        delivered.saturating_duration_since(answered),
        asked.elapsed()
    );
    for (method, path, body) in [("POST", "/api/bet/all", Some(json!({}))), ("GET", "/api/bet/current?type=game", None), ("GET", "/api/users", None)] {
        let (status, _, on_b) = raw(&http, method, &format!("{}{path}", b.base), &token, after_bet, body.as_ref()).await;
        assert_eq!(status, 200, "{path} on B: {}", String::from_utf8_lossy(&on_b));
        let (_, _, on_engine) = raw(&http, method, &format!("{}{path}", engine.base), &token, 0, body.as_ref()).await;
        assert_eq!(on_b, on_engine, "{path}: edge B answers as the engine node does");
        // Match odds are the exchange's: the answer's bet is the order, the lists hold its fills.
        let market = format!("\"marketId\":{}", placed["data"]["bet"]["marketId"]);
        assert!(String::from_utf8_lossy(&on_b).contains(&market) || path == "/api/users", "{path} holds the bet: {}", String::from_utf8_lossy(&on_b));
    }

    // A casino table watched on the engine node and both edges: the same frames, same seqs, even
    // on edge B, whose socket joins the topic 2 s after the others (its hub numbers nothing itself).
    let topic = "casino:teen20";
    let until = Instant::now() + WATCH;
    let (on_engine, on_a, on_b) = futures_util::join!(
        watch(&http, &engine.base, topic, Duration::ZERO, until),
        watch(&http, &a.base, topic, Duration::ZERO, until),
        watch(&http, &b.base, topic, Duration::from_secs(2), until),
    );
    assert!(on_b[0]["seq"].as_u64() > on_a[0]["seq"].as_u64(), "B's snapshot carries the engine's number of the table's last change: {} then {}", on_a[0], on_b[0]);
    let deltas = common_deltas(&[on_engine, on_a, on_b]);
    assert!(deltas[0].len() >= 2, "the table changed more than once in {WATCH:?}: {:?}", deltas[0]);
    assert_eq!(deltas[1], deltas[0], "edge A's frames are the engine node's");
    assert_eq!(deltas[2], deltas[0], "edge B's frames are the engine node's");

    // The casino's reads on B: the lobby as the engine node's, the table's round (kept from the
    // engine's pushes) the engine's current one.
    let lobby = json!({"gmid": 35, "ismob": 1});
    let (status, _, on_b) = raw(&http, "POST", &format!("{}/data/front/casino/alllist", b.base), &token, 0, Some(&lobby)).await;
    let (_, _, on_engine) = raw(&http, "POST", &format!("{}/data/front/casino/alllist", engine.base), &token, 0, Some(&lobby)).await;
    assert_eq!((status, &on_b), (200, &on_engine), "the lobby on B is the engine node's");
    let same_round = async {
        for _ in 0..5 {
            let round = |base: &str| {
                let (http, url) = (http.clone(), format!("{base}/data/front/casino/data2?gType=teen20&j=1"));
                async move {
                    let (status, _, bytes) = raw(&http, "POST", &url, "", 0, Some(&json!({}))).await;
                    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&bytes));
                    serde_json::from_slice::<Value>(&bytes).expect("json")["data"]["mid"].clone()
                }
            };
            let (on_b, on_engine) = (round(&b.base).await, round(&engine.base).await);
            if on_b == on_engine {
                return on_b;
            }
            // A round ended between the two reads.
            actix_web::rt::time::sleep(Duration::from_millis(300)).await;
        }
        panic!("edge B never showed the engine node's round of teen20");
    };
    assert!(same_round.await.is_string(), "a round id");
}

#[actix_web::test]
async fn an_edge_started_after_the_writes_serves_the_engines_projection() {
    let nats = Nats::start();
    let log = nats.url();
    let engine = Node::engine(&log);
    let http = awc::Client::builder().timeout(Duration::from_secs(15)).finish();
    let operator = common::login(&http, &engine.base, "operator", "operator123").await;
    for (amount, remark) in [(250, "first"), (75, "second")] {
        let credited = common::call(&http, "POST", &format!("{}/api/ops/credit", engine.base), Some(&operator), Some(&json!({"username": "player1", "amount": amount, "remark": remark}))).await;
        assert_eq!(credited["success"], true, "{credited}");
    }
    let player = common::login(&http, &engine.base, "player1", "player123").await;
    let (_, written, _) = raw(&http, "GET", &format!("{}/api/users", engine.base), &player, 0, None).await;

    let edge = Node::edge(&log, &engine);
    let line = edge.ledger_line().await;
    assert!(line.contains("replayed from zero"), "no snapshot was published: {line}");

    // A read that must reflect an event the log does not hold waits 2 s, then says so.
    let asked = Instant::now();
    let (status, _, refused) = raw(&http, "GET", &format!("{}/api/users", edge.base), &player, written + 1_000, None).await;
    let waited = asked.elapsed();
    assert_eq!(status, 503, "{}", String::from_utf8_lossy(&refused));
    assert!(String::from_utf8_lossy(&refused).contains(&format!("not yet to event {}", written + 1_000)), "{}", String::from_utf8_lossy(&refused));
    assert!((Duration::from_millis(1_900)..Duration::from_secs(5)).contains(&waited), "the read waited {waited:?}");
    reads_are_the_engines(&http, &engine, &edge, &player, &operator, written).await;
}

/// The player's user, statement, and the operators' user detail and list, read on `edge` once it
/// has reached event `written`, are byte for byte the engine node's (sealed answers opened).
async fn reads_are_the_engines(http: &awc::Client, engine: &Node, edge: &Node, player: &str, operator: &str, written: u64) {
    let cipher = payload_cipher(http, &edge.base).await;
    let (_, _, user) = raw(http, "GET", &format!("{}/api/users", engine.base), player, 0, None).await;
    let user: Value = serde_json::from_slice(&user).expect("json");
    let id = user["data"]["_id"].as_str().expect("the player's id").to_owned();
    let reads = [
        "/api/users".to_owned(),
        format!("/api/transaction/user/statement/{id}"),
        "/api/ops/users/player1".to_owned(),
        "/api/ops/users".to_owned(),
        // Time travel and the event log, read from the stream by the edge itself.
        format!("/api/ops/audit/moment?seq={written}"),
        format!("/api/ops/audit/moment?seq={written}&username=player1"),
        // Up to the event the edge must reflect: the engine's casino goes on writing.
        format!("/api/ops/audit/events?fromSeq=1&toSeq={written}&limit=200"),
    ];
    for path in reads {
        let token = if path.starts_with("/api/ops") { operator } else { player };
        let (status, reached, on_edge) = raw(http, "GET", &format!("{}{path}", edge.base), token, written, None).await;
        assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&on_edge));
        assert!(reached >= written, "{path}: the edge answered at event {reached}, before {written}");
        let (_, _, on_engine) = raw(http, "GET", &format!("{}{path}", engine.base), token, 0, None).await;
        let (on_edge, on_engine) = (opened(&cipher, &on_edge), opened(&cipher, &on_engine));
        assert_eq!(on_edge, on_engine, "{path}: the new edge answers as the engine node does");
    }
}

/// The event of the newest snapshot the engine published on the log, if any.
async fn published_snapshot(log: &str) -> Option<u64> {
    let client = async_nats::connect(log).await.ok()?;
    let stream = async_nats::jetstream::new(client).get_stream(ledger::jetstream::SNAPSHOT_STREAM).await.ok()?;
    let newest = stream.get_last_raw_message_by_subject("ledger.snapshot.newest").await.ok()?;
    std::str::from_utf8(&newest.payload).ok()?.split(' ').next()?.parse().ok()
}

/// The engine's snapshot settings in these tests: one every 20 events, looked for every 250 ms.
const SNAPSHOTS_OFTEN: [(&str, &str); 2] = [("APP_APPLICATION__SNAPSHOT_EVERY_EVENTS", "20"), ("APP_APPLICATION__SNAPSHOT_CHECK_MS", "250")];

#[actix_web::test]
async fn an_edge_started_on_a_fresh_data_directory_starts_from_the_engines_published_snapshot() {
    let nats = Nats::start();
    let log = nats.url();
    let engine = Node::start_with(&log, &["--role", "engine"], &SNAPSHOTS_OFTEN);
    let http = awc::Client::builder().timeout(Duration::from_secs(15)).finish();
    let operator = common::login(&http, &engine.base, "operator", "operator123").await;
    let credit = |amount: i64, remark: &'static str| {
        let (http, operator, base) = (http.clone(), operator.clone(), engine.base.clone());
        async move {
            let credited = common::call(&http, "POST", &format!("{base}/api/ops/credit"), Some(&operator), Some(&json!({"username": "player1", "amount": amount, "remark": remark}))).await;
            assert_eq!(credited["success"], true, "{credited}");
        }
    };
    for amount in 1..=25 {
        credit(amount, "before the snapshot").await;
    }
    // The engine's keeper takes a snapshot past the credits and publishes it.
    let (_, credited, _) = raw(&http, "GET", &format!("{}/api/users", engine.base), &operator, 0, None).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let published = loop {
        match published_snapshot(&log).await {
            Some(seq) if seq >= credited => break seq,
            _ => assert!(Instant::now() < deadline, "the engine published no snapshot past event {credited}"),
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    };
    credit(7, "after the snapshot").await;
    let player = common::login(&http, &engine.base, "player1", "player123").await;
    let (_, written, _) = raw(&http, "GET", &format!("{}/api/users", engine.base), &player, 0, None).await;

    let edge = Node::start_with(&log, &["--role", "edge", "--engine-url", &engine.base], &SNAPSHOTS_OFTEN);
    let line = edge.ledger_line().await;
    let log_of_edge = || std::fs::read_to_string(edge._dir.path().join("server.log")).unwrap_or_default();
    let from = common::snapshot_started_from(&line).unwrap_or_else(|| panic!("the edge did not start from a snapshot: {line}\n{}", log_of_edge()));
    assert!(from >= published, "from the engine's newest snapshot ({published} or later): {line}");
    eprintln!("the fresh edge: {line}");
    reads_are_the_engines(&http, &engine, &edge, &player, &operator, written).await;
}

#[actix_web::test]
async fn a_match_page_on_an_edge_gets_the_engines_frames() {
    let nats = Nats::start();
    let log = nats.url();
    let engine = Node::start_at_speed(&log, &["--role", "engine"], "4");
    let edge = Node::start_at_speed(&log, &["--role", "edge", "--engine-url", &engine.base], "4");
    let http = awc::Client::builder().timeout(Duration::from_secs(15)).finish();

    // A virtual cricket match (found through the edge, which asks the engine's book): its page
    // gets the simulated clock every second, a whole match state read for each change.
    let hits = common::call(&http, "POST", &format!("{}/data/front/searchgame", edge.base), None, Some(&json!({"name": "Virtual Cricket T5"}))).await;
    let gmid = hits["data"].as_array().expect("hits").iter().find(|h| h["iscc"] == 1).expect("a cricketv fixture")["gmid"].as_u64().expect("gmid");
    let topic = format!("match:{gmid}");
    let until = Instant::now() + Duration::from_secs(5);
    let (on_engine, on_edge) = futures_util::join!(watch(&http, &engine.base, &topic, Duration::ZERO, until), watch(&http, &edge.base, &topic, Duration::ZERO, until));
    assert_eq!(on_edge[0]["type"], "snapshot", "{}", on_edge[0]);
    assert!(on_edge[0]["data"].is_object(), "the edge's snapshot is the engine's match state: {}", on_edge[0]);
    let deltas = common_deltas(&[on_engine, on_edge]);
    assert!(deltas[0].len() >= 3, "the match changed several times in 5 s: {:?}", deltas[0]);
    assert_eq!(deltas[1], deltas[0], "the edge's frames are the engine node's");
}

/// The market as a node's book shows it (`gamedetailPrivate`), plain JSON.
async fn market_on(http: &awc::Client, base: &str, gmid: u64, mid: u64) -> Option<Value> {
    let markets = common::call(http, "POST", &format!("{base}/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, Some(&json!({}))).await;
    markets["data"].as_array()?.iter().find(|m| m["mid"] == mid).cloned()
}

#[actix_web::test]
async fn an_edge_serves_the_market_book_itself_and_follows_the_engines_changes() {
    let nats = Nats::start();
    let log = nats.url();
    let engine = Node::engine(&log);
    let edge = Node::edge(&log, &engine);
    let http = awc::Client::builder().timeout(Duration::from_secs(15)).finish();
    let operator = common::login(&http, &engine.base, "operator", "operator123").await;
    let market = open_market(&http, &engine.base).await;
    let (gmid, mid) = (market["gmid"].as_u64().expect("gmid"), market["mid"].as_u64().expect("mid"));
    // The edge has the engine's book (its health says so); what changes after comes as ops.
    let until = Instant::now() + Duration::from_secs(10);
    while common::call(&http, "GET", &format!("{}/health", edge.base), None, None).await["data"]["book_follows"] != true {
        assert!(Instant::now() < until, "the edge's book follows the engine's within 10 s");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(common::call(&http, "GET", &format!("{}/health", engine.base), None, None).await["data"].get("book_follows").is_none());

    // An operator suspends the market on the engine node: the edge's book shows it too.
    let suspended = common::call(&http, "POST", &format!("{}/api/ops/feed/{gmid}/markets/{mid}/suspend", engine.base), Some(&operator), Some(&json!({"remark": "edge check"}))).await;
    assert_eq!(suspended["success"], true, "{suspended}");
    let on_engine = market_on(&http, &engine.base, gmid, mid).await.expect("the engine shows the market");
    assert_eq!(on_engine["status"], "SUSPENDED", "{on_engine}");
    let until = Instant::now() + Duration::from_secs(5);
    let mut on_edge = market_on(&http, &edge.base, gmid, mid).await;
    while on_edge.as_ref() != Some(&on_engine) && Instant::now() < until {
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        on_edge = market_on(&http, &edge.base, gmid, mid).await;
    }
    assert_eq!(on_edge.as_ref(), Some(&on_engine), "the edge's book shows the engine's hold");
    let reads = [
        ("POST", "/data/front/highlightproduct".to_owned(), Some(json!({"etid": 4, "type": "all"}))),
        ("POST", format!("/data/front/matchstate?etid=4&gmid={gmid}"), Some(json!({}))),
        ("POST", "/data/front/searchgame".to_owned(), Some(json!({"name": "Virtual Cricket"}))),
        ("GET", format!("/data/sport/4/{gmid}"), None),
    ];
    let mut answered = Vec::new();
    for (method, path, body) in &reads {
        let (on_engine, on_edge) = (
            common::call(&http, method, &format!("{}{path}", engine.base), None, body.as_ref()).await,
            common::call(&http, method, &format!("{}{path}", edge.base), None, body.as_ref()).await,
        );
        assert_eq!(on_edge["success"], true, "{path}: {on_edge}");
        // The simulator stands still, so the engine's book does not move between the two reads.
        assert_eq!(on_edge, on_engine, "{path}: the edge's book answers as the engine's");
        answered.push(on_edge);
    }

    // With the engine node gone, the edge still answers the book's reads itself (a forwarded
    // call would be refused), the same as before; a write has nowhere to go.
    drop(engine);
    for ((method, path, body), before) in reads.iter().zip(&answered) {
        let alone = common::call(&http, method, &format!("{}{path}", edge.base), None, body.as_ref()).await;
        assert_eq!(&alone, before, "{path}: answered by the edge alone");
    }
    let refused = common::call(&http, "POST", &format!("{}/api/auth/login", edge.base), None, Some(&json!({"username": "player1", "password": "player123"}))).await;
    assert_eq!(refused["success"], false, "a write needs the engine node: {refused}");
}

#[actix_web::test]
async fn an_edge_forwards_to_the_standby_once_it_has_taken_over() {
    let nats = Nats::start();
    let log = nats.url();
    let engine = Node::engine(&log);
    let standby = {
        let log = log.clone();
        std::thread::spawn(move || Node::start(&log, &["--role", "standby"]))
    };
    let edge = Node::edge(&log, &engine);
    let http = awc::Client::builder().timeout(Duration::from_secs(15)).finish();
    let login = json!({"username": "player1", "password": "player123"});
    let before = common::call(&http, "POST", &format!("{}/api/auth/login", edge.base), None, Some(&login)).await;
    assert_eq!(before["success"], true, "a login through the edge reaches the engine node: {before}");

    // The engine node dies; the standby takes the lease, serves, and announces its address. The
    // edge was only ever told the old engine's.
    drop(engine);
    let standby = actix_web::rt::task::spawn_blocking(move || standby.join().expect("the standby starts")).await.expect("joined");
    let after = common::call(&http, "POST", &format!("{}/api/auth/login", edge.base), None, Some(&login)).await;
    assert_eq!(after["success"], true, "the edge finds the new engine node: {after}");
    let token = after["data"]["accessToken"].as_str().expect("a token");
    let user = common::call(&http, "GET", &format!("{}/api/users", standby.base), Some(token), None).await;
    assert_eq!(user["data"]["username"], "player1", "the session was made on the new engine node: {user}");
}

/// A bet of 100 at the best back price of `market` through `base`, sealed with the installation's key.
async fn back_100(http: &awc::Client, base: &str, token: &str, market: &Value, request_id: &str) -> (u16, Value) {
    let cipher = payload_cipher(http, base).await;
    let section = &market["section"][0];
    let rate = section["odds"].as_array().expect("odds").iter().find(|l| l["otype"] == "back" && l["tno"] == 0).map(|l| l["odds"].clone()).expect("a back price");
    let bet = json!({"gameId": market["gmid"], "marketId": market["mid"], "sectionId": section["sid"], "uRate": rate, "amount": 100, "betType": "back", "requestId": request_id});
    sealed_call(http, &format!("{base}/api/bet/place"), token, &cipher, &bet).await.expect("an answer")
}

/// The whole topology: a three-server JetStream cluster holding the log on an R3 stream,
/// an engine, a standby, and two edges each on another NATS server. A bet through edge A moves
/// the balance on a socket of edge B; B's statement is the engine's; the engine dies, the standby
/// takes over, and the next bet through A goes to it and shows on B the same way.
#[actix_web::test]
async fn on_a_three_server_cluster_two_edges_serve_one_ledger_through_a_takeover() {
    let cluster = Nats::cluster();
    let urls: Vec<String> = cluster.iter().map(Nats::url).collect();
    let all = urls.join(",");
    // The cluster elects its JetStream leader first; the log's stream is made on it, R3.
    let options = ledger::jetstream::JetStreamOptions { servers: all.clone(), stream: "LEDGER".into(), replicas: 3 };
    let made = actix_web::rt::task::spawn_blocking(move || {
        let started = Instant::now();
        loop {
            match ledger::JetStreamStore::open(&options) {
                Ok(_) => return,
                Err(e) => assert!(started.elapsed() < Duration::from_secs(30), "the cluster takes the stream: {e}"),
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    });
    made.await.expect("the stream is made");
    const R3: (&str, &str) = ("APP_APPLICATION__LOG_REPLICAS", "3");
    let engine = Node::start_with(&urls[0], &["--role", "engine"], &[R3]);
    let standby = {
        let log = all.clone();
        std::thread::spawn(move || Node::start_with(&log, &["--role", "standby"], &[R3]))
    };
    let a = Node::start_with(&urls[1], &["--role", "edge", "--engine-url", &engine.base], &[R3]);
    let b = Node::start_with(&urls[2], &["--role", "edge", "--engine-url", &engine.base], &[R3]);
    let http = awc::Client::builder().timeout(Duration::from_secs(15)).finish();

    let token = common::login(&http, &a.base, "player1", "player123").await;
    let (_, seen, user) = raw(&http, "GET", &format!("{}/api/users", a.base), &token, 0, None).await;
    let id = serde_json::from_slice::<Value>(&user).expect("json")["data"]["_id"].as_str().expect("the player's id").to_owned();
    raw(&http, "GET", &format!("{}/api/users", b.base), &token, seen, None).await;
    let mut watcher = socket(&http, &b.base).await;
    send(&mut watcher, json!({"type": "auth", "token": token})).await;
    assert_eq!(next(&mut watcher).await, json!({"type": "authed"}));
    send(&mut watcher, json!({"type": "sub", "topic": "user"})).await;
    assert_eq!(next(&mut watcher).await["data"]["exp"], 0);

    let market = open_market(&http, &a.base).await;
    let ((status, placed), moved) = futures_util::join!(back_100(&http, &a.base, &token, &market, "cluster-bet-1"), next(&mut watcher));
    assert_eq!(status, 200, "{placed}");
    assert_eq!(moved["data"]["exp"], -100, "B's socket sees the bet placed through A: {moved}");
    let (_, after_bet, _) = raw(&http, "GET", &format!("{}/api/users", a.base), &token, 0, None).await;
    let cipher = payload_cipher(&http, &b.base).await;
    let statement = format!("/api/transaction/user/statement/{id}");
    let (status, _, on_b) = raw(&http, "GET", &format!("{}{statement}", b.base), &token, after_bet, None).await;
    let (_, _, on_engine) = raw(&http, "GET", &format!("{}{statement}", engine.base), &token, 0, None).await;
    assert_eq!(status, 200);
    assert_eq!(opened(&cipher, &on_b), opened(&cipher, &on_engine), "the statement on B is the engine's");

    // The engine node dies; the standby takes over. The next bet through A reaches it, and B's
    // socket sees the balance move again.
    drop(engine);
    let standby = actix_web::rt::task::spawn_blocking(move || standby.join().expect("the standby starts")).await.expect("joined");
    let ((status, placed), moved) = futures_util::join!(back_100(&http, &a.base, &token, &market, "cluster-bet-2"), next(&mut watcher));
    assert_eq!(status, 200, "{placed}");
    assert_eq!(moved["data"]["exp"], -200, "B's socket sees the bet the new engine placed: {moved}");
    let (_, after_bet, _) = raw(&http, "GET", &format!("{}/api/users", a.base), &token, 0, None).await;
    for (method, path, body) in [("POST", "/api/bet/all", Some(json!({}))), ("GET", statement.as_str(), None)] {
        let (status, _, on_b) = raw(&http, method, &format!("{}{path}", b.base), &token, after_bet, body.as_ref()).await;
        let (_, _, on_new) = raw(&http, method, &format!("{}{path}", standby.base), &token, 0, body.as_ref()).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(opened(&cipher, &on_b), opened(&cipher, &on_new), "{path} on B is the new engine's");
    }
}
