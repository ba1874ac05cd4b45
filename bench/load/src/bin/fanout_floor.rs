//! The floor of WebSocket fan-out on this machine, for `scripts/bench-server --peers-fanout`: the
//! least work any server can do to deliver the Socket.IO peer's frames to the same subscribers.
//! It replays the same recording (`fanout-record`) the same way as `bench/peers/socketio`, and
//! speaks just enough of Socket.IO for `fanout --socketio` to measure it unchanged, but does
//! nothing a real server must: each recorded frame is framed once, the frames of a room due in a
//! replay tick are joined once, and a writer thread hands those same bytes to each subscriber's
//! socket with one `write` per subscriber per tick: no per-subscriber encoding, no queue, no task,
//! no event loop, no backpressure beyond dropping a subscriber that stops reading.
//!
//! What it costs per delivery is what the kernel's loopback TCP costs for these writes (sender
//! and receiver, both charged to the writer) plus almost nothing, so no server on this machine
//! can deliver these frames for less CPU; a target above its figure cannot be met here.
//!
//! usage: fanout-floor RECORDING.jsonl SUBSCRIBERS [--writers N]
//!   (listens on 127.0.0.1, a free port; prints "listening on URL")

use anyhow::Context;
use clap::Parser;
use serde_json::Value;
use std::collections::HashMap;
use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

#[derive(Parser)]
struct Args {
    recording: std::path::PathBuf,
    subscribers: usize,
    /// Threads writing to the subscribers' sockets (each its own share).
    #[arg(long, default_value_t = 2)]
    writers: usize,
}

/// As the Socket.IO peer: 20 marked frames a second, a replay tick of 2 ms, the replay starting
/// once every subscriber joined or after 90 s.
const MARK_INTERVAL_US: u64 = 1_000_000 / 20;
const TICK: Duration = Duration::from_millis(2);
const START_WAIT: Duration = Duration::from_secs(90);
/// Bytes a subscriber may leave unread before it is dropped.
const PENDING_MAX: usize = 1 << 20;
/// A handshake taking longer than this drops the connection.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

fn now_us() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

/// One unmasked, final WebSocket text frame (RFC 6455 §5.2).
fn text_frame(payload: &[u8]) -> Vec<u8> {
    let mut frame = Vec::with_capacity(payload.len() + 10);
    frame.push(0x81);
    match payload.len() {
        n if n < 126 => frame.push(n as u8),
        n if n <= usize::from(u16::MAX) => {
            frame.push(126);
            frame.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            frame.push(127);
            frame.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    frame.extend_from_slice(payload);
    frame
}

/// A Socket.IO event frame as the peer sends it: `42["frame",{...}]`.
fn event_frame(frame: &Value) -> Vec<u8> {
    text_frame(format!("42{}", serde_json::json!(["frame", frame])).as_bytes())
}

/// One recorded frame: when it is due, its room, the frame and its bytes on the wire.
struct Recorded {
    at_us: u64,
    room: usize,
    frame: Value,
    wire: Vec<u8>,
}

/// The recording, in time order.
struct Recording {
    frames: Vec<Recorded>,
    rooms: Vec<String>,
    /// The recording repeats, one frame interval after its end.
    span_us: u64,
}

fn load(path: &std::path::Path) -> anyhow::Result<Recording> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let mut rooms: Vec<String> = Vec::new();
    let mut frames = Vec::new();
    for line in text.lines().filter(|line| !line.is_empty()) {
        let mut line: Value = serde_json::from_str(line)?;
        let topic = line["topic"].as_str().context("a line without a topic")?.to_owned();
        let room = rooms.iter().position(|r| *r == topic).unwrap_or_else(|| {
            rooms.push(topic);
            rooms.len() - 1
        });
        let frame = line["frame"].take();
        frames.push(Recorded { at_us: line["at_us"].as_u64().context("a line without at_us")?, room, wire: event_frame(&frame), frame });
    }
    frames.sort_by_key(|f| f.at_us);
    let last = frames.last().context("no frames in the recording")?.at_us;
    Ok(Recording { span_us: last + last.div_ceil(frames.len() as u64), frames, rooms })
}

/// Reads one masked client frame's payload (small frames only: the subscribers send `40` and a
/// join).
fn read_client_frame(stream: &mut TcpStream) -> anyhow::Result<Vec<u8>> {
    let mut head = [0u8; 2];
    stream.read_exact(&mut head)?;
    let len = match head[1] & 0x7f {
        126 => {
            let mut ext = [0u8; 2];
            stream.read_exact(&mut ext)?;
            usize::from(u16::from_be_bytes(ext))
        }
        127 => anyhow::bail!("a client frame too large for a handshake"),
        n => usize::from(n),
    };
    let mut mask = [0u8; 4];
    if head[1] & 0x80 != 0 {
        stream.read_exact(&mut mask)?;
    }
    let mut payload = vec![0u8; len];
    stream.read_exact(&mut payload)?;
    for (i, byte) in payload.iter_mut().enumerate() {
        *byte ^= mask[i % 4];
    }
    Ok(payload)
}

/// The HTTP upgrade, Socket.IO's namespace connect and the `join`: the subscriber's room.
fn handshake(stream: &mut TcpStream, rooms: &[String]) -> anyhow::Result<usize> {
    stream.set_read_timeout(Some(HANDSHAKE_TIMEOUT))?;
    let mut request = Vec::new();
    let mut byte = [0u8; 1];
    while !request.ends_with(b"\r\n\r\n") {
        anyhow::ensure!(request.len() < 8192, "an upgrade request too long");
        stream.read_exact(&mut byte)?;
        request.push(byte[0]);
    }
    let request = String::from_utf8_lossy(&request);
    let key = request
        .lines()
        .find_map(|line| line.split_once(':').filter(|(name, _)| name.trim().eq_ignore_ascii_case("sec-websocket-key")).map(|(_, v)| v.trim().to_owned()))
        .context("no Sec-WebSocket-Key")?;
    let accept = actix_http::ws::hash_key(key.as_bytes());
    let accept = std::str::from_utf8(&accept)?;
    write!(stream, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n")?;
    anyhow::ensure!(read_client_frame(stream)? == b"40", "expected the namespace connect");
    stream.write_all(&text_frame(br#"40{"sid":"floor"}"#))?;
    let join = read_client_frame(stream)?;
    let join: Value = serde_json::from_slice(join.strip_prefix(b"42").context("expected an event")?)?;
    let room = join[1].as_str().context("a join without a room")?;
    rooms.iter().position(|r| r == room).with_context(|| format!("unknown room {room}"))
}

struct Subscriber {
    stream: TcpStream,
    room: usize,
    /// Bytes a full socket buffer left unwritten, sent first at the next tick.
    pending: Vec<u8>,
}

impl Subscriber {
    /// One write of what is pending and `bytes`; false when the subscriber is gone or stopped
    /// reading.
    fn send(&mut self, bytes: &[u8]) -> bool {
        let written = if self.pending.is_empty() {
            self.stream.write(bytes)
        } else {
            self.pending.extend_from_slice(bytes);
            self.stream.write(&self.pending)
        };
        match written {
            Ok(n) if self.pending.is_empty() => self.pending.extend_from_slice(&bytes[n..]),
            Ok(n) => drop(self.pending.drain(..n)),
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                if self.pending.is_empty() {
                    self.pending.extend_from_slice(bytes);
                }
            }
            Err(_) => return false,
        }
        self.pending.len() <= PENDING_MAX
    }
}

/// One writer: replays the recording to its own subscribers, one write per subscriber per tick.
fn writer(recording: &Recording, joined: mpsc::Receiver<Subscriber>, started_us: u64) {
    let mut subscribers: Vec<Subscriber> = Vec::new();
    let mut last_of: HashMap<usize, &Value> = HashMap::new();
    let mut due_bytes: Vec<Vec<u8>> = vec![Vec::new(); recording.rooms.len()];
    let (mut next, mut loop_us, mut marked) = (0usize, 0u64, 0u64);
    loop {
        subscribers.extend(joined.try_iter());
        let due_us = now_us().saturating_sub(started_us);
        while recording.frames[next].at_us + loop_us <= due_us {
            let recorded = &recording.frames[next];
            due_bytes[recorded.room].extend_from_slice(&recorded.wire);
            last_of.insert(recorded.room, &recorded.frame);
            next += 1;
            if next == recording.frames.len() {
                next = 0;
                loop_us += recording.span_us;
            }
        }
        while marked * MARK_INTERVAL_US <= due_us {
            let room = marked as usize % recording.rooms.len();
            if let Some(mut frame) = last_of.get(&room).map(|f| (*f).clone()) {
                frame["rem"] = Value::String(format!("bench:{}", started_us + marked * MARK_INTERVAL_US));
                due_bytes[room].extend_from_slice(&event_frame(&frame));
            }
            marked += 1;
        }
        subscribers.retain_mut(|s| due_bytes[s.room].is_empty() && s.pending.is_empty() || s.send(&due_bytes[s.room]));
        due_bytes.iter_mut().for_each(Vec::clear);
        std::thread::sleep(TICK);
    }
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let recording = std::sync::Arc::new(load(&args.recording)?);
    let listener = TcpListener::bind("127.0.0.1:0")?;
    println!("listening on http://{}", listener.local_addr()?);
    println!("replaying {} frames over {} rooms", recording.frames.len(), recording.rooms.len());
    // The subscribers join first; the writers start together once all have (or after the wait).
    let (to_writers, receivers): (Vec<_>, Vec<_>) = (0..args.writers.max(1)).map(|_| mpsc::channel::<Subscriber>()).unzip();
    let joined = std::sync::Arc::new(AtomicUsize::new(0));
    std::thread::spawn({
        let (recording, joined) = (recording.clone(), joined.clone());
        move || {
            let mut failed = 0usize;
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let room = handshake(&mut stream, &recording.rooms).and_then(|room| {
                    stream.set_nodelay(true)?;
                    stream.set_nonblocking(true)?;
                    Ok(room)
                });
                match room {
                    Ok(room) => {
                        let n = joined.fetch_add(1, Ordering::Relaxed);
                        let _ = to_writers[n % to_writers.len()].send(Subscriber { stream, room, pending: Vec::new() });
                    }
                    Err(error) => {
                        failed += 1;
                        if failed == 1 {
                            eprintln!("a handshake failed: {error:#}");
                        }
                    }
                }
            }
        }
    });
    let waiting = std::time::Instant::now();
    while joined.load(Ordering::Relaxed) < args.subscribers && waiting.elapsed() < START_WAIT {
        std::thread::sleep(Duration::from_millis(10));
    }
    let started_us = now_us();
    println!("replay started with {} subscribers joined", joined.load(Ordering::Relaxed));
    let writers: Vec<_> = receivers
        .into_iter()
        .map(|receiver| {
            let recording = recording.clone();
            std::thread::spawn(move || writer(&recording, receiver, started_us))
        })
        .collect();
    for writer in writers {
        let _ = writer.join();
    }
    Ok(())
}
