use crate::helpers::*;
use actix_web::web::Bytes;
use awc::ws;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

pub type Socket = actix_codec::Framed<awc::BoxedSocket, ws::Codec>;

pub async fn connect(app: &TestApp) -> Socket {
    let (_, socket) = app.client.ws(app.url("/ws")).connect().await.expect("socket opens");
    socket
}

pub async fn send(socket: &mut Socket, message: Value) {
    socket.send(ws::Message::Text(message.to_string().into())).await.expect("sends");
}

/// The next JSON text frame, skipping pings.
pub async fn next(socket: &mut Socket) -> Value {
    let deadline = Duration::from_secs(5);
    loop {
        let frame = actix_web::rt::time::timeout(deadline, socket.next()).await.expect("a frame within 5 s").expect("open").expect("valid frame");
        match frame {
            ws::Frame::Text(bytes) => return serde_json::from_slice(&bytes).expect("json frame"),
            ws::Frame::Ping(bytes) => socket.send(ws::Message::Pong(Bytes::from(bytes.to_vec()))).await.expect("pong"),
            other => panic!("unexpected frame {other:?}"),
        }
    }
}

/// A socket that asked for MessagePack frames (`/ws?format=msgpack`).
pub async fn connect_msgpack(app: &TestApp) -> Socket {
    let (_, socket) = app.client.ws(app.url("/ws?format=msgpack")).connect().await.expect("socket opens");
    socket
}

/// The next MessagePack binary frame, decoded, skipping pings.
pub async fn next_msgpack(socket: &mut Socket) -> Value {
    let deadline = Duration::from_secs(5);
    loop {
        let frame = actix_web::rt::time::timeout(deadline, socket.next()).await.expect("a frame within 5 s").expect("open").expect("valid frame");
        match frame {
            ws::Frame::Binary(bytes) => return rmp_serde::from_slice(&bytes).expect("a MessagePack frame"),
            ws::Frame::Ping(bytes) => socket.send(ws::Message::Pong(Bytes::from(bytes.to_vec()))).await.expect("pong"),
            other => panic!("unexpected frame {other:?}"),
        }
    }
}

#[actix_web::test]
async fn an_operator_credit_reaches_the_subscribed_socket_within_100_ms() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "auth", "token": player})).await;
    assert_eq!(next(&mut socket).await, json!({"type": "authed"}));
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    let snapshot = next(&mut socket).await;
    assert_eq!(snapshot["type"], "snapshot");
    assert_eq!(snapshot["data"]["balance"], 100000);
    let seq = snapshot["seq"].as_u64().expect("seq");
    // The push is timed against the credit's own answer, not the whole call: the call waits for
    // the disk, which a busy test machine slows, while the push must not wait for anything more.
    let credit = async { (app.credit(&operator, "player1", 99.5).await, Instant::now()) };
    let pushed = async { (next(&mut socket).await, Instant::now()) };
    let ((reply, answered), (delta, delivered)) = futures_util::join!(credit, pushed);
    assert_eq!(reply.status, 200);
    assert_eq!(delta, json!({"type": "delta", "topic": "user", "seq": seq + 1, "data": {"balance": 100099.5, "exp": 0}}));
    let lag = delivered.saturating_duration_since(answered);
    assert!(lag < Duration::from_millis(100), "the push came {lag:?} after the credit's answer");
}

#[actix_web::test]
async fn the_user_topic_needs_auth_and_bad_messages_get_errors() {
    let app = spawn_app().await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    assert!(next(&mut socket).await["message"].as_str().expect("error").contains("needs an 'auth'"));
    send(&mut socket, json!({"type": "auth", "token": "forged"})).await;
    assert_eq!(next(&mut socket).await["type"], "error");
    socket.send(ws::Message::Text("{not json".into())).await.expect("sends");
    assert!(next(&mut socket).await["message"].as_str().expect("error").contains("unreadable"));
    send(&mut socket, json!({"type": "sub", "topic": "match:nope"})).await;
    assert!(next(&mut socket).await["message"].as_str().expect("error").contains("unknown topic"));
    send(&mut socket, json!({"type": "ping"})).await;
    assert_eq!(next(&mut socket).await, json!({"type": "pong"}));
}

#[actix_web::test]
async fn a_resubscribe_gets_a_fresh_snapshot() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "auth", "token": player})).await;
    next(&mut socket).await;
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    next(&mut socket).await;
    send(&mut socket, json!({"type": "unsub", "topic": "user"})).await;
    app.credit(&operator, "player1", 1.0).await;
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    // The credit may overtake the unsub on its way to the hub: skip a delta if one came.
    let mut frame = next(&mut socket).await;
    while frame["type"] == "delta" {
        frame = next(&mut socket).await;
    }
    assert_eq!(frame["type"], "snapshot");
    assert_eq!(frame["data"]["balance"], 100001);
}

#[actix_web::test]
async fn a_logout_ends_the_sessions_user_topic() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "auth", "token": player})).await;
    assert_eq!(next(&mut socket).await["type"], "authed");
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    assert_eq!(next(&mut socket).await["type"], "snapshot");
    assert_eq!(app.get("/api/auth/logout", Some(&player)).await.status, 200);
    assert_eq!(next(&mut socket).await, json!({"type": "error", "message": "the session has ended; sign in again"}));
    // Balances no longer reach the socket, and the topic cannot be taken again.
    assert_eq!(app.credit(&operator, "player1", 5.0).await.status, 200);
    send(&mut socket, json!({"type": "ping"})).await;
    assert_eq!(next(&mut socket).await, json!({"type": "pong"}), "no delta came before the pong");
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    assert!(next(&mut socket).await["message"].as_str().expect("error").contains("session has ended"));
    // A new login on the same socket gets the topic back.
    let again = app.player().await;
    send(&mut socket, json!({"type": "auth", "token": again})).await;
    assert_eq!(next(&mut socket).await["type"], "authed");
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    assert_eq!(next(&mut socket).await["data"]["balance"], 100005);
}

/// A masked client text frame (RFC 6455), the mask all zeros.
fn client_frame(text: &str) -> Vec<u8> {
    assert!(text.len() < 126);
    let mut frame = vec![0x81, 0x80 | text.len() as u8, 0, 0, 0, 0];
    frame.extend_from_slice(text.as_bytes());
    frame
}

#[actix_web::test]
async fn a_socket_that_never_reads_is_cut() {
    let (_app, address, topics) = busy_server().await;
    on_its_own_thread(move || never_reading_client(address, &topics)).await;
}

/// A server with the simulator at x30, its address, and its busiest topics: the home tables and
/// every cricket match.
async fn busy_server() -> (TestApp, std::net::SocketAddr, Vec<String>) {
    let app = spawn_app_with(|s| s.feed.speed = 30.0).await;
    let address: std::net::SocketAddr = app.address.trim_start_matches("http://").parse().expect("address");
    let rows = app.post("/data/front/highlightproduct", None, &json!({"etid": 4, "type": "all"})).await;
    let mut topics = vec!["home:4".to_owned(), "home:1".to_owned(), "home:2".to_owned()];
    topics.extend(rows.data().as_array().expect("rows").iter().map(|r| format!("match:{}", r["gmid"])));
    (app, address, topics)
}

/// Runs a blocking client on its own thread while the server goes on running on this one.
async fn on_its_own_thread(client: impl FnOnce() + Send + 'static) {
    let client = std::thread::spawn(client);
    let started = Instant::now();
    while !client.is_finished() {
        assert!(started.elapsed() < Duration::from_secs(90), "the client thread did not finish");
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
    client.join().expect("the client thread");
}

/// A raw WebSocket client with a small receive window, so the server's frames back up within a
/// second or two once it stops reading, subscribed to `topics`.
fn small_window_subscriber(address: std::net::SocketAddr, topics: &[String]) -> std::net::TcpStream {
    use std::io::{Read, Write};
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("socket");
    socket.set_recv_buffer_size(2048).expect("rcvbuf");
    socket.connect(&address.into()).expect("connects");
    let mut tcp: std::net::TcpStream = socket.into();
    let handshake = format!(
        "GET /ws HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    tcp.write_all(handshake.as_bytes()).expect("handshake");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        tcp.read_exact(&mut byte).expect("the upgrade's answer");
        head.push(byte[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 101"), "the upgrade is accepted");
    for topic in topics {
        tcp.write_all(&client_frame(&json!({"type": "sub", "topic": topic}).to_string())).expect("sub");
    }
    tcp
}

/// Subscribes to busy topics and never reads; after the server's limits, asserts the server
/// ended the connection.
fn never_reading_client(address: std::net::SocketAddr, topics: &[String]) {
    let tcp = small_window_subscriber(address, topics);
    // Never read. The server gives up on the socket: a stalled send (10 s) or, at the latest,
    // the heartbeat timeout and the close grace (about 30 s). Given up means no file of this
    // process holds the server's end any more: the kernel lists it with inode 0, or not at all.
    let client_port = tcp.local_addr().expect("local address").port();
    let started = Instant::now();
    while server_ends(address.port(), client_port).iter().any(|end| end.get(9).is_some_and(|inode| inode != "0")) {
        assert!(started.elapsed() < Duration::from_secs(45), "the server still holds the socket of a client that never reads");
        std::thread::sleep(Duration::from_millis(500));
    }
    drop(tcp);
}

/// A client that stops reading until the server's socket is full, then reads again: it gets
/// every frame after, in order, and the server keeps the connection. What a full socket did not
/// take is written as the socket drains (by the connection's session), not left until the stall
/// check cuts the client.
#[actix_web::test]
async fn a_client_that_pauses_reading_gets_every_frame_after_in_order() {
    let (_app, address, topics) = busy_server().await;
    on_its_own_thread(move || pausing_client(address, &topics)).await;
}

fn pausing_client(address: std::net::SocketAddr, topics: &[String]) {
    use std::io::{Read, Write};
    let mut tcp = small_window_subscriber(address, topics);
    // Not reading: the server's frames back up behind the small window until its socket takes no
    // more (its send queue stops growing); a second more, and the server holds frames itself.
    let client_port = tcp.local_addr().expect("local address").port();
    let send_queue = || {
        let ends = server_ends(address.port(), client_port);
        ends.first().and_then(|end| u64::from_str_radix(end.get(4)?.split(':').next()?, 16).ok()).unwrap_or(0)
    };
    let mut queued = Vec::new();
    while !queued.ends_with(&[queued.last().copied().unwrap_or(0); 2]) || queued.last() == Some(&0) {
        assert!(queued.len() < 24, "the server's send queue kept growing: {queued:?}");
        std::thread::sleep(Duration::from_millis(500));
        queued.push(send_queue());
    }
    std::thread::sleep(Duration::from_secs(1));

    tcp.set_read_timeout(Some(Duration::from_secs(1))).expect("a timeout");
    let mut reader = std::io::BufReader::new(tcp.try_clone().expect("a reading handle"));
    let (started, mut seqs, mut frames, mut last_frame) = (Instant::now(), std::collections::HashMap::new(), 0, Instant::now());
    while started.elapsed() < Duration::from_secs(12) {
        let mut head = [0u8; 2];
        match reader.read_exact(&mut head) {
            Ok(()) => {}
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => continue,
            Err(e) => panic!("the connection ended after {:?}: {e}", started.elapsed()),
        }
        let len = match head[1] & 0x7F {
            126 => {
                let mut n = [0u8; 2];
                reader.read_exact(&mut n).expect("a length");
                u16::from_be_bytes(n) as usize
            }
            127 => {
                let mut n = [0u8; 8];
                reader.read_exact(&mut n).expect("a length");
                u64::from_be_bytes(n) as usize
            }
            n => n as usize,
        };
        let mut payload = vec![0u8; len];
        reader.read_exact(&mut payload).expect("a frame's payload");
        match head[0] & 0x0F {
            0x1 => {
                let message: Value = serde_json::from_slice(&payload).expect("a JSON frame");
                let (topic, seq) = (message["topic"].as_str().expect("a topic").to_owned(), message["seq"].as_u64().expect("a seq"));
                match message["type"].as_str() {
                    // A snapshot starts the topic (or, past the queue's soft limit, replaces what was pending).
                    Some("snapshot") => {
                        seqs.insert(topic, seq);
                    }
                    Some("delta") => {
                        let before = seqs.insert(topic.clone(), seq).expect("a delta after its topic's snapshot");
                        assert_eq!(seq, before + 1, "{topic}: every delta, in order");
                    }
                    other => panic!("unexpected message {other:?}"),
                }
                frames += 1;
                last_frame = Instant::now();
            }
            0x9 => {
                let mut pong = vec![0x8A, 0x80 | payload.len() as u8, 0, 0, 0, 0];
                pong.extend_from_slice(&payload);
                tcp.write_all(&pong).expect("pong");
            }
            0x8 => panic!("the server closed the connection after {:?}: {:?}", started.elapsed(), String::from_utf8_lossy(&payload)),
            other => panic!("unexpected opcode {other}"),
        }
    }
    assert!(frames > 0 && last_frame.elapsed() < Duration::from_secs(3), "frames kept coming: {frames}, the last {:?} ago", last_frame.elapsed());
}

/// The kernel's lines for the server's end of the connection between `server_port` and
/// `client_port` on 127.0.0.1 (`/proc/net/tcp`), split in fields: tx_queue:rx_queue is the
/// fifth (bytes sent and not yet acknowledged), the inode of the file holding it the tenth (0
/// once no file of this process, where the server runs, holds it).
fn server_ends(server_port: u16, client_port: u16) -> Vec<Vec<String>> {
    let table = std::fs::read_to_string("/proc/net/tcp").expect("/proc/net/tcp");
    let (local, remote) = (format!("0100007F:{server_port:04X}"), format!("0100007F:{client_port:04X}"));
    table
        .lines()
        .skip(1)
        .map(|line| line.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .filter(|fields| fields.get(1) == Some(&local) && fields.get(2) == Some(&remote))
        .collect()
}

/// The cricket-virtual table's page shows the server's round clock: the match state carries the
/// simulated clock, and the match topic pushes it every second, moving with the simulator.
#[actix_web::test]
async fn the_cricketv_match_topic_pushes_the_simulated_clock_every_second() {
    let app = spawn_app_with(|s| s.feed.speed = 4.0).await;
    let hits = app.post("/data/front/searchgame", None, &json!({"name": "Virtual Cricket T5"})).await;
    let gmid = hits.data().as_array().expect("hits").iter().find(|h| h["iscc"] == 1).expect("a cricketv fixture")["gmid"].as_u64().expect("gmid");
    let state = app.post(&format!("/data/front/cricketvdata?gmid={gmid}"), None, &json!({})).await;
    assert_eq!(state.status, 200);
    let read_at = state.data()["clock_ms"].as_i64().expect("the state carries the clock");

    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "sub", "topic": format!("match:{gmid}")})).await;
    let started = Instant::now();
    let mut clocks = Vec::new();
    while clocks.len() < 3 {
        assert!(started.elapsed() < Duration::from_secs(10), "three clock frames within 10 s: {clocks:?}");
        let frame = next(&mut socket).await;
        if frame["type"] == "delta" && frame["data"]["kind"] == "clock" {
            clocks.push(frame["data"]["clock_ms"].as_i64().expect("clock_ms"));
        }
    }
    assert!(clocks[0] >= read_at, "{clocks:?} after {read_at}");
    for pair in clocks.windows(2) {
        // A second apart in real time is four simulated seconds (ticks may bunch: allow slack).
        let step = pair[1] - pair[0];
        assert!((2_000..=8_000).contains(&step), "a push about every second of real time, at speed 4: {clocks:?}");
    }
}

/// The `tree` topic: the sidebar tree and the ticker, pushed when a fixture leaves (or arrives).
#[actix_web::test]
async fn the_tree_topic_drops_a_finished_fixture_without_a_reload() {
    let app = spawn_app_with(|s| s.feed.speed = 0.0).await;
    let operator = app.operator().await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "sub", "topic": "tree"})).await;
    let snapshot = next(&mut socket).await;
    assert_eq!(snapshot["type"], "snapshot", "{snapshot}");
    let gmid = snapshot["data"]["latest"][0]["id"].as_u64().expect("the ticker lists a fixture");
    let listed = |data: &Value| data.to_string().contains(&format!("\"gmid\":{gmid}")) || data["latest"].as_array().expect("latest").iter().any(|e| e["id"] == gmid);
    assert!(listed(&snapshot["data"]), "in the tree and the ticker");

    let finished = app.post(&format!("/api/ops/feed/{gmid}/finish"), Some(&operator), &json!({"winner": "home", "remark": "tree test"})).await;
    assert_eq!(finished.status, 200, "{}", finished.body);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let frame = next(&mut socket).await;
        if frame["type"] == "delta" && !listed(&frame["data"]) {
            assert!(frame["data"]["tree"]["t1"].as_array().is_some_and(|t| !t.is_empty()), "the rest of the tree stays: {frame}");
            break;
        }
        assert!(Instant::now() < deadline, "the finished fixture left the tree within 5 s");
    }
}

#[actix_web::test]
async fn a_home_delta_carries_only_the_rows_that_changed() {
    let app = spawn_app_with(|s| s.feed.speed = 30.0).await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "sub", "topic": "home:4"})).await;
    let snapshot = next(&mut socket).await;
    assert_eq!(snapshot["type"], "snapshot");
    let table = snapshot["data"].as_array().expect("the snapshot is the whole table").len();
    assert!(table > 1, "a table of several matches: {table}");
    let mut smaller = false;
    for _ in 0..20 {
        let delta = next(&mut socket).await;
        assert_eq!(delta["type"], "delta");
        let rows = delta["data"]["rows"].as_array().expect("rows");
        let removed = delta["data"]["removed"].as_array().expect("removed");
        assert!(!rows.is_empty() || !removed.is_empty(), "a delta changes something: {delta}");
        assert!(rows.iter().all(|row| row["etid"] == 4 && row["iscc"] == 0), "only this sport's home rows");
        smaller |= rows.len() < table;
    }
    assert!(smaller, "deltas carry the changed rows, not the whole table");
}


/// MessagePack is an option a client asks for: the same messages, as binary frames, while the
/// client still writes JSON text.
#[actix_web::test]
async fn a_msgpack_socket_gets_binary_frames_equal_in_meaning_to_the_json_ones() {
    let app = spawn_app_with(|s| s.feed.speed = 0.0).await;
    let player = app.player().await;
    let operator = app.operator().await;
    let (mut json, mut packed) = (connect(&app).await, connect_msgpack(&app).await);
    for socket in [&mut json, &mut packed] {
        send(socket, json!({"type": "auth", "token": player})).await;
    }
    assert_eq!(next(&mut json).await, json!({"type": "authed"}));
    assert_eq!(next_msgpack(&mut packed).await, json!({"type": "authed"}));

    // The user topic: snapshot, then a credit's delta with a fractional amount.
    for socket in [&mut json, &mut packed] {
        send(socket, json!({"type": "sub", "topic": "user"})).await;
    }
    let snapshot = next(&mut json).await;
    assert_eq!(snapshot["type"], "snapshot");
    assert_eq!(next_msgpack(&mut packed).await, snapshot);
    assert_eq!(app.credit(&operator, "player1", 99.5).await.status, 200);
    let delta = next(&mut json).await;
    assert_eq!(delta["data"], json!({"balance": 100099.5, "exp": 0}));
    assert_eq!(next_msgpack(&mut packed).await, delta);

    // A match page: a large nested value (prices as integers and floats, strings, nulls).
    let rows = app.post("/data/front/highlightproduct", None, &json!({"etid": 4})).await;
    let gmid = rows.data()[0]["gmid"].as_u64().expect("a cricket fixture");
    for socket in [&mut json, &mut packed] {
        send(socket, json!({"type": "sub", "topic": format!("match:{gmid}")})).await;
    }
    let page = next(&mut json).await;
    assert_eq!(page["type"], "snapshot");
    assert!(page["data"]["markets"].as_array().is_some_and(|m| !m.is_empty()), "{page}");
    assert_eq!(next_msgpack(&mut packed).await, page);

    // Errors and pongs come in the socket's format too.
    send(&mut packed, json!({"type": "sub", "topic": "match:nope"})).await;
    assert!(next_msgpack(&mut packed).await["message"].as_str().expect("error").contains("unknown topic"));
    send(&mut packed, json!({"type": "ping"})).await;
    assert_eq!(next_msgpack(&mut packed).await, json!({"type": "pong"}));
}

#[actix_web::test]
async fn an_unknown_wire_format_is_refused_before_the_upgrade() {
    let app = spawn_app().await;
    match app.client.ws(app.url("/ws?format=xml")).connect().await {
        Err(awc::error::WsClientError::InvalidResponseStatus(status)) => assert_eq!(status.as_u16(), 400),
        Err(other) => panic!("expected 400, got {other}"),
        Ok(_) => panic!("a socket opened with format=xml"),
    }
    let (_, mut socket) = app.client.ws(app.url("/ws?format=json")).connect().await.expect("json is the default, and may be named");
    send(&mut socket, json!({"type": "ping"})).await;
    assert_eq!(next(&mut socket).await, json!({"type": "pong"}));
}
