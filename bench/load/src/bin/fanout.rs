//! Push fan-out: many WebSocket clients subscribed across the live matches of a sped-up
//! simulator. Counts deliveries, measures feed-event-to-client latency with marked events the
//! operator injects, and reads the server's CPU time and memory from /proc.
//!
//! The subscribers run on `--threads` threads, each its own actix runtime, so reading and
//! parsing the frames is not held to one core: on a machine shared with the server, a single
//! reading thread queues the marked frames behind the others and measures its own backlog.
//!
//! `--socketio ROOMS_FILE` measures the Socket.IO peer of `scripts/bench-server --peers` instead
//! (`bench/peers/socketio/server.js`), with the same subscribers speaking Engine.IO v4 over a
//! plain WebSocket: each joins one match room, named as the topics in the recording the peer
//! replays. The peer stamps its own marked frames, so nothing is injected.
//!
//! `--msgpack` has our subscribers ask for MessagePack binary frames (`/ws?format=msgpack`).
//! Neither format is decoded here: a frame counts, and the mark is found in its bytes (MessagePack
//! keeps strings as they are).

use actix_web::web::Bytes;
use awc::ws;
use anyhow::Context;
use bench_load::{cpu_seconds, loopback_only, percentile_ms, rss_bytes, Client};
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// Where the subscribers connect, spread over these in turn (edge nodes, `scripts/bench-edges`);
    /// `--url` when none is given. The operator's marks always go to `--url`.
    #[arg(long = "subscribe-url")]
    subscribe_urls: Vec<String>,
    /// The server's process id, for its CPU time and memory; repeated for several processes (an
    /// engine node and its edges), whose CPU time and memory are summed.
    #[arg(long, required = true)]
    server_pid: Vec<u32>,
    #[arg(long, default_value_t = 5000)]
    clients: usize,
    #[arg(long, default_value_t = 50)]
    matches: usize,
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    /// Marked events injected per second (spread over the matches); 0 injects none.
    #[arg(long, default_value_t = 20)]
    marks_per_sec: u64,
    /// Threads reading the subscribers' sockets.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Measure the Socket.IO peer at `--url`; its rooms are the topics of this recording.
    #[arg(long)]
    socketio: Option<std::path::PathBuf>,
    /// Our subscribers ask for MessagePack binary frames instead of JSON text.
    #[arg(long, conflicts_with = "socketio")]
    msgpack: bool,
    /// Before any subscriber connects, measure the server's CPU for this many seconds: what it
    /// spends with nobody to push to (our simulator, casino dealers and engine; the peer's
    /// replay timer). The run then also reports deliveries per CPU-second above that.
    #[arg(long, default_value_t = 0)]
    baseline_seconds: u64,
}

/// The wire the subscribers speak.
#[derive(Clone, Copy)]
enum Protocol {
    /// Our `/ws`: `{"type":"sub"}`, then JSON frames.
    Ours,
    /// Our `/ws?format=msgpack`: the same, in MessagePack binary frames.
    OursMsgpack,
    /// Socket.IO 4 over WebSocket only: `40` to enter the namespace, a `join` event, `42[...]`
    /// events, and `3` to answer the server's `2` ping.
    SocketIo,
}

/// Shared by the reading threads: every frame counts, only marked frames take the lock.
#[derive(Default)]
struct Tally {
    deliveries: AtomicU64,
    open: AtomicUsize,
    latencies_us: Mutex<Vec<u64>>,
    /// Subscribers that ended with an error, and the first error, to say why clients are missing.
    failed: AtomicUsize,
    first_error: Mutex<Option<String>>,
}

/// Runs one subscriber and records how it failed, if it did.
async fn subscribe(url: String, topic: String, protocol: Protocol, tally: Arc<Tally>) {
    if let Err(error) = subscriber(url, topic, protocol, tally.clone()).await {
        tally.failed.fetch_add(1, Ordering::Relaxed);
        tally.first_error.lock().expect("no reader panics holding the lock").get_or_insert_with(|| format!("{error:#}"));
    }
}

fn now_us() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

/// The injected mark rides in a market's `rem`: `bench:<micros since the epoch>`, in the frame's
/// bytes as they are in JSON and in MessagePack.
fn mark_of(frame: &[u8]) -> Option<u64> {
    let at = memchr::memmem::find(frame, b"bench:")? + 6;
    let digits = frame[at..].iter().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&frame[at..at + digits]).ok()?.parse().ok()
}

/// How long a subscriber waits for its TCP connection and for the WebSocket upgrade (awc's
/// defaults are 5 s).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// Frames a Socket.IO subscriber reads while entering the namespace, at most.
const SOCKETIO_HANDSHAKE_FRAMES_MAX: usize = 10;

async fn subscriber(url: String, topic: String, protocol: Protocol, tally: Arc<Tally>) -> anyhow::Result<()> {
    let address = match protocol {
        Protocol::Ours => format!("{url}/ws"),
        Protocol::OursMsgpack => format!("{url}/ws?format=msgpack"),
        Protocol::SocketIo => format!("{url}/socket.io/?EIO=4&transport=websocket"),
    };
    // A busy single-threaded peer answers the upgrade late: wait for it rather than count it lost.
    let http = awc::Client::builder().connector(awc::Connector::new().timeout(CONNECT_TIMEOUT)).timeout(CONNECT_TIMEOUT).finish();
    let (_, mut socket) = http.ws(address).max_frame_size(4 * 1024 * 1024).connect().await.map_err(|e| anyhow::anyhow!("connect: {e}"))?;
    match protocol {
        Protocol::Ours | Protocol::OursMsgpack => socket.send(ws::Message::Text(json!({"type": "sub", "topic": topic}).to_string().into())).await?,
        Protocol::SocketIo => {
            socket.send(ws::Message::Text("40".into())).await?;
            // The server drops events sent before it has answered the namespace connect (`40{"sid":…}`).
            for _ in 0..SOCKETIO_HANDSHAKE_FRAMES_MAX {
                match socket.next().await {
                    Some(Ok(ws::Frame::Text(bytes))) if bytes.starts_with(b"40") => break,
                    Some(Ok(_)) => {}
                    _ => anyhow::bail!("the Socket.IO server closed during the handshake"),
                }
            }
            socket.send(ws::Message::Text(format!("42{}", json!(["join", topic])).into())).await?;
        }
    }
    tally.open.fetch_add(1, Ordering::Relaxed);
    // Reads until the server closes the socket or the process exits at the end of the run.
    while let Some(frame) = socket.next().await {
        match frame? {
            ws::Frame::Text(bytes) if matches!(protocol, Protocol::SocketIo) && bytes.as_ref() == b"2" => {
                socket.send(ws::Message::Text("3".into())).await?;
            }
            ws::Frame::Text(bytes) if matches!(protocol, Protocol::SocketIo) && !bytes.starts_with(b"42") => {}
            ws::Frame::Text(bytes) | ws::Frame::Binary(bytes) => {
                tally.deliveries.fetch_add(1, Ordering::Relaxed);
                if let Some(sent) = mark_of(&bytes) {
                    let latency = now_us().saturating_sub(sent);
                    tally.latencies_us.lock().expect("no reader panics holding the lock").push(latency);
                }
            }
            ws::Frame::Ping(bytes) => socket.send(ws::Message::Pong(Bytes::from(bytes.to_vec()))).await?,
            ws::Frame::Close(_) => break,
            _ => {}
        }
    }
    tally.open.fetch_sub(1, Ordering::Relaxed);
    Ok(())
}

/// One reading thread: its share of the subscribers, connected a few hundred at a time.
fn spawn_readers(url: String, topics: Vec<String>, protocol: Protocol, tally: Arc<Tally>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            for (i, topic) in topics.into_iter().enumerate() {
                actix_web::rt::spawn(subscribe(url.clone(), topic, protocol, tally.clone()));
                if i % 100 == 99 {
                    actix_web::rt::time::sleep(Duration::from_millis(50)).await;
                }
            }
            std::future::pending::<()>().await;
        });
    })
}

/// The rooms of a recording made by `fanout-record`: its distinct topics, in order of first frame.
fn rooms_of(recording: &std::path::Path, count: usize) -> anyhow::Result<Vec<String>> {
    let text = std::fs::read_to_string(recording).with_context(|| format!("reading {}", recording.display()))?;
    let mut rooms: Vec<String> = Vec::new();
    for line in text.lines() {
        let topic = serde_json::from_str::<Value>(line)?["topic"].as_str().unwrap_or_default().to_owned();
        if !topic.is_empty() && !rooms.contains(&topic) {
            rooms.push(topic);
        }
    }
    rooms.truncate(count);
    anyhow::ensure!(!rooms.is_empty(), "the recording names no topic");
    Ok(rooms)
}

/// Injects marked market updates through the operator API for `seconds`, spread over the matches.
async fn inject_marks(client: &Client, operator: &str, gmids: &[u64], marks_per_sec: u64, seconds: u64) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut market_of: Vec<Value> = Vec::new();
    for gmid in gmids {
        let (_, page) = client.call("POST", &format!("/data/front/matchstate?gmid={gmid}"), None, Some(&json!({}))).await?;
        if let Some(market) = page["data"]["markets"].as_array().and_then(|m| m.first()) {
            market_of.push(market.clone());
        }
    }
    let interval = Duration::from_micros(1_000_000 / marks_per_sec.max(1));
    let mut n = 0usize;
    while started.elapsed() < Duration::from_secs(seconds) {
        let mut market = market_of[n % market_of.len()].clone();
        market["rem"] = json!(format!("bench:{}", now_us()));
        client.call("POST", "/api/ops/feed/events", Some(operator), Some(&json!([{"type": "market_updated", "market": market}]))).await?;
        n += 1;
        actix_web::rt::time::sleep(interval).await;
    }
    Ok(())
}

/// A figure of several processes, summed.
fn sum<T: std::iter::Sum<T>>(pids: &[u32], figure: impl Fn(u32) -> anyhow::Result<T>) -> anyhow::Result<T> {
    pids.iter().map(|pid| figure(*pid)).sum()
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    loopback_only(&args.url)?;
    // Ours: the live matches, marked through the operator API. The peer: the recording's rooms.
    let (ours, gmids, topics, protocol) = match &args.socketio {
        None => {
            let client = Client::new(&args.url).await?;
            let operator = client.login("operator", "operator123").await?;
            let gmids = client.live_match_ids(args.matches).await?;
            let topics = gmids.iter().map(|g| format!("match:{g}")).collect();
            (Some((client, operator)), gmids, topics, if args.msgpack { Protocol::OursMsgpack } else { Protocol::Ours })
        }
        Some(recording) => (None, Vec::new(), rooms_of(recording, args.matches)?, Protocol::SocketIo),
    };
    let mut bases: Vec<String> = args.subscribe_urls.iter().map(|u| u.trim_end_matches('/').to_owned()).collect();
    for base in &bases {
        loopback_only(base)?;
    }
    if bases.is_empty() {
        bases.push(args.url.trim_end_matches('/').to_owned());
    }
    let idle_cpu_per_second = if args.baseline_seconds > 0 {
        let start = sum(&args.server_pid, cpu_seconds)?;
        let at = Instant::now();
        actix_web::rt::time::sleep(Duration::from_secs(args.baseline_seconds)).await;
        (sum(&args.server_pid, cpu_seconds)? - start) / at.elapsed().as_secs_f64()
    } else {
        0.0
    };
    // After the idle baseline: a server just started may still be returning its start-up's
    // memory to the system (mimalloc frees lazily: 228 MiB half a second after start, 52 MiB a
    // few seconds later).
    let rss_before = sum(&args.server_pid, rss_bytes)?;
    let tally = Arc::new(Tally::default());
    let threads = args.threads.max(1);
    // Each reading thread serves one URL's share; at least one thread per URL.
    let threads = threads.max(bases.len()).div_ceil(bases.len()) * bases.len();
    for t in 0..threads {
        let mine = (t..args.clients).step_by(threads).map(|i| topics[i % topics.len()].clone()).collect();
        spawn_readers(bases[t % bases.len()].clone(), mine, protocol, tally.clone());
    }
    let connecting = Instant::now();
    while tally.open.load(Ordering::Relaxed) < args.clients && connecting.elapsed() < Duration::from_secs(60) {
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
    actix_web::rt::time::sleep(Duration::from_secs(3)).await;
    let rss_after = sum(&args.server_pid, rss_bytes)?;
    let cpu_starts = args.server_pid.iter().map(|pid| cpu_seconds(*pid)).collect::<anyhow::Result<Vec<f64>>>()?;
    let deliveries_start = tally.deliveries.load(Ordering::Relaxed);
    let own_cpu_start = cpu_seconds(std::process::id())?;
    tally.latencies_us.lock().expect("no reader panics holding the lock").clear();
    let started = Instant::now();
    match &ours {
        // 0 marks: the subscribers only listen to the simulator (the soak), nothing is injected.
        Some((client, operator)) if args.marks_per_sec > 0 => inject_marks(client, operator, &gmids, args.marks_per_sec, args.seconds).await?,
        _ => actix_web::rt::time::sleep(Duration::from_secs(args.seconds)).await,
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpus = args.server_pid.iter().zip(&cpu_starts).map(|(pid, start)| Ok(cpu_seconds(*pid)? - start)).collect::<anyhow::Result<Vec<f64>>>()?;
    let cpu: f64 = cpus.iter().sum();
    let own_cpu = cpu_seconds(std::process::id())? - own_cpu_start;
    let deliveries = tally.deliveries.load(Ordering::Relaxed) - deliveries_start;
    let mut latencies = std::mem::take(&mut *tally.latencies_us.lock().expect("no reader panics holding the lock"));
    latencies.sort_unstable();
    let connected = tally.open.load(Ordering::Relaxed);
    println!(
        "fanout: format {} clients {} (open {connected}) threads {threads} matches {} seconds {:.1} deliveries {} deliveries/s {:.0} server CPU-s {:.2} generator CPU-s {own_cpu:.2} deliveries per server CPU-s {:.0} marks {} latency p50 {:.2} ms p99 {:.2} ms RSS before {:.1} MiB after {:.1} MiB per connection {:.1} KiB",
        match protocol {
            Protocol::Ours => "json",
            Protocol::OursMsgpack => "msgpack",
            Protocol::SocketIo => "socketio",
        },
        args.clients,
        topics.len(),
        elapsed,
        deliveries,
        deliveries as f64 / elapsed,
        cpu,
        deliveries as f64 / cpu.max(1e-9),
        latencies.len(),
        percentile_ms(&latencies, 50.0),
        percentile_ms(&latencies, 99.0),
        rss_before as f64 / 1048576.0,
        rss_after as f64 / 1048576.0,
        rss_after.saturating_sub(rss_before) as f64 / args.clients as f64 / 1024.0
    );
    if args.baseline_seconds > 0 {
        let above = cpu - idle_cpu_per_second * elapsed;
        println!(
            "fanout: server CPU-s with no subscriber {:.2} per s; CPU-s above idle {above:.2}; deliveries per CPU-s above idle {:.0}",
            idle_cpu_per_second,
            deliveries as f64 / above.max(1e-9)
        );
    }
    if cpus.len() > 1 {
        let each: Vec<String> = args.server_pid.iter().zip(&cpus).map(|(pid, cpu)| format!("{pid}:{cpu:.2}")).collect();
        println!("fanout: server CPU-s per process {}", each.join(" "));
    }
    let failed = tally.failed.load(Ordering::Relaxed);
    if failed > 0 {
        let first = tally.first_error.lock().expect("no reader panics holding the lock").clone().unwrap_or_default();
        eprintln!("fanout: {failed} subscribers ended with an error; the first: {first}");
    }
    std::process::exit(0);
}
