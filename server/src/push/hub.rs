//! The hub: one task that owns every subscription. Sessions and the ledger reach it through a
//! cloneable handle and a bounded command channel. It never waits for a client: each connection
//! has a bounded queue; past the soft limit the hub conflates a topic's pending frames into one
//! fresh snapshot, past the hard limit it closes the connection as a slow consumer.
//!
//! A message is encoded and framed once per topic (and per wire format in use), its frame shared
//! by every subscriber. The hub takes its commands in batches and delivers to each connection once
//! per batch, so a feed tick's several deltas to one socket go out in one write. A plain TCP
//! connection's frames are written to its socket by the hub itself, at the end of the batch: a
//! topic's frames of the batch straight from the shared frames when nothing else waits for the
//! socket (nothing queued, no lock taken twice), through the connection's queue otherwise; only
//! what the socket cannot take then waits for the connection's session (`super::outbound`).

use super::wire::{Encoded, Encodings, Format, FRAME_HEAD_MAX};
use actix_http::ws::{CloseCode, CloseReason, OpCode, Parser};
use actix_web::web::{Bytes, BytesMut};
use crate::limits::{HUB_BATCH_MAX, HUB_QUEUE_MAX, WS_QUEUE_HARD_MAX, WS_QUEUE_SOFT_MAX, WS_TOPICS_PER_CONNECTION_MAX};
use ledger::SessionId;
use schemas::ws::WsServerMessage;
use serde_json::value::RawValue;
use serde_json::Value;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};
use std::io::IoSlice;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::Waker;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Notify};

/// Why the hub closed a connection.
pub const SLOW_CONSUMER: &str = "slow consumer: too many undelivered messages";

struct Frame {
    /// The hub's number of the topic this frame belongs to (`None` for errors): a plain number,
    /// so queueing a frame for each subscriber touches no shared reference count for it.
    topic: Option<u64>,
    /// Reference-counted: cloning it for a subscriber copies no bytes.
    payload: Encoded,
}

#[derive(Default)]
struct QueueInner {
    frames: VecDeque<Frame>,
    /// Pongs to the client's pings, written before the frames.
    pongs: Vec<Bytes>,
    /// The heartbeat's ping, to go out with the next frames (`ConnQueue::ping`).
    ping_due: bool,
    /// Why the hub closed the connection.
    closed: Option<&'static str>,
    /// The close frame the session asked for, still to be written.
    close: Option<Option<CloseReason>>,
    /// A close frame is written or the session is gone: nothing more goes out.
    ended: bool,
    /// Since when what is queued has waited for the connection's writer to take it.
    waiting_since: Option<Instant>,
    /// The connection's response body, waiting for something to write or for the end.
    writer: Option<Waker>,
    /// Framed, but not yet taken by the socket (a connection written directly).
    unsent: Bytes,
}

impl QueueInner {
    fn is_empty(&self) -> bool {
        self.frames.is_empty() && self.pongs.is_empty() && self.close.is_none()
    }

    /// Not closed by the hub, no close frame asked for, the output not ended.
    fn takes_frames(&self) -> bool {
        self.closed.is_none() && self.close.is_none() && !self.ended
    }

    /// Queues a frame; past the soft limit the topic's queued frames are conflated into one fresh
    /// snapshot, past the hard limit the connection is closed as a slow consumer.
    fn enqueue(&mut self, frame: Frame, snapshot: impl FnOnce() -> Frame) -> Enqueued {
        let mut enqueued = Enqueued::Frame;
        if self.frames.len() >= WS_QUEUE_SOFT_MAX {
            if let Some(topic) = frame.topic {
                self.frames.retain(|f| f.topic != Some(topic));
                self.frames.push_back(snapshot());
                enqueued = Enqueued::Snapshot;
            }
            if self.frames.len() >= WS_QUEUE_HARD_MAX {
                self.closed = Some(SLOW_CONSUMER);
                self.frames.clear();
                return Enqueued::Closed;
            }
        } else {
            self.frames.push_back(frame);
        }
        self.waiting_since.get_or_insert_with(Instant::now);
        enqueued
    }

    /// Only frames are queued (no control, no close), few enough for one vectored write.
    fn only_frames(&self) -> bool {
        !self.ended && !self.ping_due && self.pongs.is_empty() && self.close.is_none() && self.closed.is_none() && (1..=WRITEV_FRAMES_MAX).contains(&self.frames.len())
    }

    /// Writes the queued frames (`only_frames`) in one vectored write; what the socket does not
    /// take becomes `unsent`.
    fn write_frames(&mut self, socket: &std::net::TcpStream) -> std::io::Result<()> {
        self.unsent = write_vectored(socket, self.frames.iter().map(|frame| &frame.payload))?;
        self.frames.clear();
        Ok(())
    }

    /// Everything queued, framed in one buffer of its exact size (a ping, pongs, frames, then a
    /// close frame; nothing once the output has ended).
    fn frame_queued(&mut self) -> BytesMut {
        let size: usize = if self.ping_due { FRAME_HEAD_MAX } else { 0 }
            + self.pongs.iter().map(|pong| FRAME_HEAD_MAX + pong.len()).sum::<usize>()
            + self.frames.iter().map(|f| f.payload.frame().len()).sum::<usize>()
            + if self.close.is_some() || self.closed.is_some() { CLOSE_FRAME_MAX } else { 0 };
        let mut buf = BytesMut::with_capacity(size);
        if std::mem::take(&mut self.ping_due) {
            Parser::write_message(&mut buf, b"", OpCode::Ping, true, false);
        }
        for pong in self.pongs.drain(..) {
            Parser::write_message(&mut buf, pong, OpCode::Pong, true, false);
        }
        if !self.ended {
            for frame in self.frames.drain(..) {
                buf.extend_from_slice(frame.payload.frame());
            }
            let by_hub = self.closed.map(|why| Some(CloseReason { code: CloseCode::Policy, description: Some(why.into()) }));
            if let Some(reason) = self.close.take().or(by_hub) {
                Parser::write_close(&mut buf, reason, false);
                self.ended = true;
            }
        }
        self.frames.clear();
        buf
    }
}

/// What `QueueInner::enqueue` did.
#[derive(PartialEq)]
enum Enqueued {
    Frame,
    /// The topic's queued frames were replaced by a snapshot of its newest value.
    Snapshot,
    /// The connection is closed as a slow consumer.
    Closed,
}

/// At most this many frames go in one vectored write.
const WRITEV_FRAMES_MAX: usize = 32;

/// Writes `frames` (at most `WRITEV_FRAMES_MAX`) to the socket in one vectored write, each frame
/// one slice of its shared bytes: nothing is copied or allocated unless the socket takes only part
/// of them (or none, when it is full). What it did not take, copied (empty when it took
/// everything). An error is a connection gone.
///
/// The write is `sendmsg`, the socket's own call: `writev` on a socket goes through the file layer
/// first (its checks and notifications), which cost this server about 3 % of its CPU when it
/// pushes to thousands of sockets.
fn write_vectored<'a>(socket: &std::net::TcpStream, frames: impl Iterator<Item = &'a Encoded> + Clone) -> std::io::Result<Bytes> {
    let mut slices = [IoSlice::new(&[]); WRITEV_FRAMES_MAX];
    let (mut count, mut total) = (0, 0);
    for (frame, slice) in frames.clone().zip(slices.iter_mut()) {
        *slice = IoSlice::new(frame.frame());
        total += frame.frame().len();
        count += 1;
    }
    let mut skip = match socket2::SockRef::from(socket).send_vectored(&slices[..count]) {
        Ok(taken) => taken,
        Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted) => 0,
        Err(e) => return Err(e),
    };
    if skip == total {
        return Ok(Bytes::new());
    }
    let mut rest = BytesMut::with_capacity(total - skip);
    for frame in frames.take(count) {
        let bytes = frame.frame();
        rest.extend_from_slice(&bytes[skip.min(bytes.len())..]);
        skip = skip.saturating_sub(bytes.len());
    }
    Ok(rest.freeze())
}

/// A close frame at most: a control frame's payload is at most 125 bytes.
const CLOSE_FRAME_MAX: usize = 2 + 125;

/// One connection's output: frames queued by the hub and by the session. A plain TCP
/// connection's are written straight to its socket by whoever queued them (`flush`); under TLS,
/// where actix's dispatcher encrypts, the connection's response body takes them into the
/// dispatcher's buffer (`write`, `super::outbound`).
#[derive(Default)]
pub struct ConnQueue {
    inner: Mutex<QueueInner>,
    /// Told when the hub closes the connection, so the session ends it.
    pub closed_by_hub: Notify,
    /// Told when the socket did not take everything written to it: the session waits until it
    /// can take more (`super::outbound::write_when_writable`).
    pub blocked: Notify,
    /// The encoding the connection asked for.
    pub format: Format,
    /// The socket frames are written to directly (plain TCP); `None`: through the response body.
    socket: Option<Arc<std::net::TcpStream>>,
}

impl ConnQueue {
    pub fn new(format: Format) -> Self {
        ConnQueue { format, ..ConnQueue::default() }
    }

    /// A queue whose frames are written straight to `socket` (non-blocking), from the moment the
    /// session has started. The session starts after actix has written the handshake's answer:
    /// it is spawned by the handler, on the worker thread of the connection's dispatcher, which
    /// writes the answer's head and flushes it in the same turn in which the handler returns; the
    /// response's body then never hands the dispatcher a byte (`write`). Besides, nothing is
    /// written before the client's first message (its answers and subscriptions) or a heartbeat
    /// later, and a client sends nothing before it has read the handshake's answer.
    pub fn writing_to(format: Format, socket: Arc<std::net::TcpStream>) -> Self {
        ConnQueue { format, socket: Some(socket), ..ConnQueue::default() }
    }

    pub fn socket(&self) -> Option<&Arc<std::net::TcpStream>> {
        self.socket.as_ref()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, QueueInner> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues a frame (or conflates, or closes); whether the writer must be woken for it: only
    /// when the queue was empty, since a queue with frames already has a wake-up on its way.
    #[must_use]
    fn push(&self, frame: Frame, snapshot: impl FnOnce() -> Frame) -> bool {
        let mut inner = self.lock();
        if !inner.takes_frames() {
            return false;
        }
        let was_empty = inner.is_empty();
        if inner.enqueue(frame, snapshot) == Enqueued::Closed {
            self.closed_by_hub.notify_one();
            return true;
        }
        was_empty
    }

    /// A topic's frames of one hub batch, in order. Written to the socket at once when nothing
    /// waits for it (nothing queued or unsent, no ping due): one vectored write of the shared
    /// frames, nothing queued, no wake-up. Queued otherwise, each as `push` queues it, except that
    /// a snapshot (conflation) ends them: it is read after the whole batch was published, so it
    /// holds the rest. Whether the writer must be woken for them.
    #[must_use]
    fn offer(&self, topic: u64, frames: &[Encoded], snapshot: impl Fn() -> Frame) -> bool {
        let mut inner = self.lock();
        if !inner.takes_frames() {
            return false;
        }
        let was_empty = inner.is_empty();
        if let Some(socket) = &self.socket {
            if was_empty && inner.unsent.is_empty() && !inner.ping_due && frames.len() <= WRITEV_FRAMES_MAX {
                match write_vectored(socket, frames.iter()) {
                    Ok(rest) if rest.is_empty() => {}
                    // The rest goes out when the socket can take more (`super::outbound`).
                    Ok(rest) => {
                        inner.unsent = rest;
                        inner.waiting_since = Some(Instant::now());
                        self.blocked.notify_one();
                    }
                    // The connection is gone (the session learns it from its reads): the response
                    // body ends, and actix with it.
                    Err(_) => {
                        inner.ended = true;
                        if let Some(writer) = inner.writer.take() {
                            drop(inner);
                            writer.wake();
                        }
                    }
                }
                return false;
            }
        }
        for payload in frames {
            match inner.enqueue(Frame { topic: Some(topic), payload: payload.clone() }, &snapshot) {
                Enqueued::Frame => {}
                Enqueued::Snapshot => break,
                Enqueued::Closed => {
                    self.closed_by_hub.notify_one();
                    return true;
                }
            }
        }
        was_empty
    }

    /// Runs `change` under the lock and wakes the writer it hands back, after the lock is let go.
    fn change_then_wake(&self, change: impl FnOnce(&mut QueueInner) -> Option<Waker>) {
        let writer = change(&mut self.lock());
        if let Some(writer) = writer {
            writer.wake();
        }
    }

    /// Sends what is queued on its way: written to the socket, or the response body woken.
    fn deliver(&self) {
        match &self.socket {
            Some(socket) => self.flush(socket),
            None => self.change_then_wake(|inner| inner.writer.take()),
        }
    }

    /// Writes what is queued straight to the socket, under the queue's lock so that the hub's
    /// writes and the session's never interleave. What the socket does not take stays `unsent`,
    /// ahead of anything queued later, and the session is told to wait for the socket. A socket
    /// that fails is a connection gone: its output ends (the session learns it from its reads).
    pub fn flush(&self, socket: &std::net::TcpStream) {
        let mut inner = self.lock();
        loop {
            let written = if !inner.unsent.is_empty() {
                socket2::SockRef::from(socket).send(&inner.unsent).map(|written| {
                    let _ = inner.unsent.split_to(written);
                })
            } else if inner.only_frames() {
                inner.write_frames(socket)
            } else {
                inner.unsent = inner.frame_queued().freeze();
                if inner.unsent.is_empty() {
                    break;
                }
                continue;
            };
            match written {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    self.blocked.notify_one();
                    return;
                }
                Err(_) => {
                    inner.ended = true;
                    inner.unsent.clear();
                    inner.frames.clear();
                    break;
                }
            }
        }
        inner.waiting_since = None;
        if inner.ended {
            // The close frame is out: the response body ends, and actix with it.
            if let Some(writer) = inner.writer.take() {
                drop(inner);
                writer.wake();
            }
        }
    }

    /// Whether the socket has not yet taken everything written to it.
    pub fn is_blocked(&self) -> bool {
        !self.lock().unsent.is_empty()
    }

    /// Runs `change` on the queue unless the connection's output has ended, then delivers.
    fn session_push(&self, change: impl FnOnce(&mut QueueInner)) {
        {
            let mut inner = self.lock();
            if inner.ended {
                return;
            }
            change(&mut inner);
            inner.waiting_since.get_or_insert_with(Instant::now);
        }
        self.deliver();
    }

    /// The session's own message (a reply, an error): never conflated.
    pub fn reply(&self, payload: Encoded) {
        self.session_push(|inner| inner.frames.push_back(Frame { topic: None, payload }));
    }

    /// The answer to the client's ping.
    pub fn pong(&self, bytes: Bytes) {
        self.session_push(|inner| inner.pongs.push(bytes));
    }

    /// The heartbeat's ping. It goes out with the connection's next frames, so a busy
    /// connection's pings cost no write of their own; one still waiting from the last beat (the
    /// connection had nothing to send for a whole interval) goes out alone now.
    pub fn ping(&self) {
        if self.lock().ping_due {
            self.deliver();
        }
        let mut inner = self.lock();
        if !inner.ended {
            inner.ping_due = true;
        }
    }

    /// The close frame goes out after what is queued; nothing after it.
    pub fn close(&self, reason: Option<CloseReason>) {
        self.session_push(|inner| inner.close = Some(reason));
    }

    /// The session is gone: the writer ends the connection's output, whatever the socket has not
    /// taken (the client has gone, or is cut off).
    pub fn end(&self) {
        self.change_then_wake(|inner| {
            inner.ended = true;
            inner.unsent.clear();
            inner.writer.take()
        });
    }

    /// Whether what is queued has waited longer than `limit` for the writer: the connection's
    /// buffer is full, the client has stopped reading.
    pub fn stalled(&self, limit: Duration) -> bool {
        self.lock().waiting_since.is_some_and(|since| since.elapsed() > limit)
    }

    /// The response body's turn. Under TLS: everything queued, framed in one buffer of its exact
    /// size (a ping, pongs, frames, then a close frame). A connection written directly hands the body
    /// nothing. `Ended` once the close frame is out or the session is gone, `Waiting` (with
    /// `waker` kept) until then.
    pub fn write(&self, waker: &Waker) -> Output {
        let mut inner = self.lock();
        if self.socket.is_none() {
            let buf = inner.frame_queued();
            inner.waiting_since = None;
            if !buf.is_empty() {
                return Output::Bytes(buf.freeze());
            }
        }
        if inner.ended && inner.unsent.is_empty() {
            Output::Ended
        } else {
            if !inner.writer.as_ref().is_some_and(|w| w.will_wake(waker)) {
                inner.writer = Some(waker.clone());
            }
            Output::Waiting
        }
    }

    /// Moves every queued message into `frames`, for the hub's tests.
    #[cfg(test)]
    fn drain_into(&self, frames: &mut Vec<Encoded>) -> Option<&'static str> {
        let mut inner = self.lock();
        frames.extend(inner.frames.drain(..).map(|f| f.payload));
        inner.closed
    }
}

/// What a connection's writer gets from its queue.
pub enum Output {
    Bytes(Bytes),
    Waiting,
    Ended,
}

/// Connections with newly queued frames, delivered to once the hub's current batch is done.
#[derive(Default)]
struct Wakes(Vec<Arc<ConnQueue>>);

impl Wakes {
    fn push(&mut self, queue: &Arc<ConnQueue>, frame: Frame, snapshot: impl FnOnce() -> Frame) {
        if queue.push(frame, snapshot) {
            self.0.push(queue.clone());
        }
    }

    fn deliver_all(&mut self) {
        for queue in self.0.drain(..) {
            queue.deliver();
        }
    }
}

pub enum HubCommand {
    /// A new connection; its queue says which wire format it takes.
    Connect { conn_id: u64, queue: Arc<ConnQueue> },
    Disconnect { conn_id: u64 },
    /// `key` is the hub's name (`user:3`), `wire` the name the client used (`user`); `snapshot`
    /// seeds the topic when it has no subscriber yet.
    Subscribe { conn_id: u64, key: String, wire: String, snapshot: Value },
    Unsubscribe { conn_id: u64, key: String },
    /// The connection signed in with this session.
    Authenticate { conn_id: u64, session_id: SessionId },
    /// The session ended (logout, a newer login, a stolen refresh token): its connections lose
    /// their `user` topic and are told so.
    EndSession { session_id: SessionId },
    /// A change: `delta` goes to subscribers, `full` becomes the topic's value for snapshots.
    /// `seq`: the change's number when the node numbers changes per topic (`Numbering`), else
    /// the topic's next.
    Publish { key: String, delta: Delta, full: Full, seq: Option<u64> },
}

/// A change's data: a JSON value, or JSON text already (a match's deltas, serialized straight from
/// the feed's types: no value is built for the many changes of a busy match).
pub enum Delta {
    Value(Value),
    Json(Box<RawValue>),
}

impl From<Value> for Delta {
    fn from(value: Value) -> Self {
        Delta::Value(value)
    }
}

impl From<Box<RawValue>> for Delta {
    fn from(json: Box<RawValue>) -> Self {
        Delta::Json(json)
    }
}

impl Delta {
    /// As a value, parsed when it is text (a snapshot's source, an edge's relay, MessagePack).
    pub fn to_value(&self) -> Value {
        match self {
            Delta::Value(value) => value.clone(),
            Delta::Json(json) => serde_json::from_str(json.get()).expect("JSON text the server wrote"),
        }
    }

    fn into_value(self) -> Value {
        match self {
            Delta::Value(value) => value,
            json @ Delta::Json(_) => json.to_value(),
        }
    }
}

/// A topic's whole value after a change, for the snapshots of later subscribers and of
/// conflation.
pub enum Full {
    Value(Value),
    /// The delta is the whole value (a list or a balance sent whole).
    Delta,
    /// Read when a snapshot is needed, from a source already at least as new as this change
    /// (the match book is updated before its changes are published). A busy match changes many
    /// times between snapshots, so it is not serialized whole for every change. Deltas replace
    /// what they carry, so a snapshot newer than its `seq` is harmless.
    Later(Arc<dyn Fn() -> Option<Value> + Send + Sync>),
}

#[derive(Clone)]
pub struct HubHandle {
    tx: mpsc::Sender<HubCommand>,
    next_conn_id: Arc<AtomicU64>,
    dropped: Arc<Dropped>,
    numbering: Option<Arc<Numbering>>,
}

/// One change of a topic, numbered, on its way to the engine node's relay (`crate::edge`).
pub struct Change {
    pub topic: String,
    pub seq: u64,
    pub delta: Value,
    pub full: Full,
}

impl Change {
    /// The change as the edges get it: a topic whose whole value is read when needed
    /// (`Full::Later`, a match) is read now, in the relay's task: never under the publisher's own
    /// locks (the feed publishes a match's changes holding the book), and newer than the change
    /// at worst, which is harmless (deltas replace what they carry).
    pub fn relayed(self) -> Relayed {
        let full = match self.full {
            Full::Value(value) => value,
            Full::Delta => self.delta.clone(),
            Full::Later(read) => read().unwrap_or(Value::Null),
        };
        Relayed { topic: self.topic, seq: self.seq, delta: self.delta, full }
    }
}

/// One change of a topic as the engine node relays it to the edges (`crate::edge`).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Relayed {
    pub topic: String,
    pub seq: u64,
    pub delta: Value,
    /// The topic's whole value after the change, for the edges' snapshots.
    pub full: Value,
}

/// The per-topic numbers of a node on a JetStream log (issue 12), so every node's frames for a
/// topic carry the same `seq`: the engine node numbers each change itself (whether or not anyone
/// watches the topic there) and hands it to `relay`; an edge takes the engine's numbers
/// (`HubHandle::publish_at`). A topic that gets its first subscriber starts at its last number.
/// One number per topic ever changed: a few per user and per fixture.
#[derive(Default)]
pub struct Numbering {
    seqs: Mutex<HashMap<String, u64>>,
    relay: Option<mpsc::Sender<Change>>,
}

impl Numbering {
    pub fn relaying(relay: mpsc::Sender<Change>) -> Numbering {
        Numbering { seqs: Mutex::default(), relay: Some(relay) }
    }

    fn seqs(&self) -> std::sync::MutexGuard<'_, HashMap<String, u64>> {
        self.seqs.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn last(&self, key: &str) -> u64 {
        self.seqs().get(key).copied().unwrap_or(0)
    }
}

/// Updates the hub's inbox had no room for: per topic, the newest whole value. The hub sends
/// each such topic's subscribers a fresh snapshot with the next `seq`, so no client keeps a value
/// the server has moved past. Bounded by the number of topics.
#[derive(Default)]
struct Dropped {
    any: AtomicBool,
    latest: Mutex<HashMap<String, Full>>,
    /// Sessions ended while the inbox was full.
    ended: Mutex<Vec<SessionId>>,
}

impl Dropped {
    fn record(&self, key: String, delta: Delta, full: Full) {
        // `Full::Delta` means the delta is the whole value.
        let full = match full {
            Full::Delta => Full::Value(delta.into_value()),
            other => other,
        };
        self.latest.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(key, full);
        self.any.store(true, Ordering::Release);
    }

    /// The sessions ended and the topics' newest values the inbox had no room for.
    fn take(&self) -> (Vec<SessionId>, HashMap<String, Full>) {
        if !self.any.swap(false, Ordering::AcqRel) {
            return (Vec::new(), HashMap::new());
        }
        let ended = std::mem::take(&mut *self.ended.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        (ended, std::mem::take(&mut *self.latest.lock().unwrap_or_else(|poisoned| poisoned.into_inner())))
    }
}

impl HubHandle {
    pub fn next_conn_id(&self) -> u64 {
        self.next_conn_id.fetch_add(1, Ordering::Relaxed)
    }

    pub async fn send(&self, command: HubCommand) {
        // The hub lives as long as the server; a failed send means it is shutting down.
        let _ = self.tx.send(command).await;
    }

    /// Never blocks (the ledger's thread calls it); a full inbox keeps it for the next resync.
    pub fn end_session(&self, session_id: SessionId) {
        if self.tx.try_send(HubCommand::EndSession { session_id }).is_err() {
            self.dropped.ended.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(session_id);
            self.dropped.any.store(true, Ordering::Release);
        }
    }

    /// Never blocks (the ledger's thread calls it). An update a full inbox cannot take is kept
    /// as the topic's newest value, and the hub resends that topic to its subscribers as a
    /// snapshot with the next `seq` once it has caught up (`Hub::resync`). A node that relays
    /// its changes numbers this one and relays it first (each topic has one publisher, so its
    /// changes reach the relay in their order).
    pub fn publish(&self, key: String, delta: impl Into<Delta>, full: Full) {
        let delta = delta.into();
        let seq = match self.numbering.as_deref() {
            Some(numbering @ Numbering { relay: Some(relay), .. }) => {
                let seq = {
                    let mut seqs = numbering.seqs();
                    let seq = seqs.entry(key.clone()).or_insert(0);
                    *seq += 1;
                    *seq
                };
                let shared = match &full {
                    Full::Value(value) => Full::Value(value.clone()),
                    Full::Delta => Full::Delta,
                    Full::Later(read) => Full::Later(read.clone()),
                };
                if relay.try_send(Change { topic: key.clone(), seq, delta: delta.to_value(), full: shared }).is_err() {
                    tracing::warn!(topic = %key, "the push relay is full; the edges miss this change");
                }
                Some(seq)
            }
            _ => None,
        };
        self.send_publish(key, delta, full, seq);
    }

    /// A change the engine node numbered `seq` (an edge's hub).
    pub fn publish_at(&self, key: String, seq: u64, delta: Value, full: Full) {
        if let Some(numbering) = &self.numbering {
            numbering.seqs().insert(key.clone(), seq);
        }
        self.send_publish(key, Delta::Value(delta), full, Some(seq));
    }

    fn send_publish(&self, key: String, delta: Delta, full: Full, seq: Option<u64>) {
        if let Err(mpsc::error::TrySendError::Full(HubCommand::Publish { key, delta, full, .. })) = self.tx.try_send(HubCommand::Publish { key, delta, full, seq }) {
            tracing::warn!(topic = %key, "hub inbox full; the topic is resent as a snapshot");
            self.dropped.record(key, delta, full);
        }
    }
}

enum Latest {
    Value(Value),
    Later(Arc<dyn Fn() -> Option<Value> + Send + Sync>),
}

struct Topic {
    /// Numbered by the hub when the topic gets its first subscriber.
    id: u64,
    wire: String,
    seq: u64,
    /// Read on demand: a snapshot in the middle of a publish's loop over the subscribers
    /// (conflation) reads it once and keeps it.
    latest: RefCell<Latest>,
    /// Each subscriber's queue, so a publish reaches it without a lookup per connection.
    subscribers: HashMap<u64, Arc<ConnQueue>>,
    /// The messages published in the hub's current batch, in order, for `Hub::deliver_pending`.
    pending: Vec<Encodings>,
}

impl Topic {
    fn snapshot(&self, format: Format) -> Frame {
        let mut latest = self.latest.borrow_mut();
        if let Latest::Later(read) = &*latest {
            // A source that lost the value (a match just removed) leaves the topic's `null`.
            *latest = Latest::Value(read().unwrap_or(Value::Null));
        }
        let Latest::Value(data) = &*latest else { unreachable!("resolved just above") };
        let message = WsServerMessage::Snapshot { topic: self.wire.clone(), seq: self.seq, data: data.clone() };
        Frame { topic: Some(self.id), payload: super::wire::encode(format, &message) }
    }

    /// A snapshot for each subscriber that needs one (on joining, on a resync), encoded once per
    /// format; conflation reads its own when it happens.
    fn snapshot_to(&self, subscribers: impl Iterator<Item = Arc<ConnQueue>>, wakes: &mut Wakes) {
        let (mut json, mut msgpack) = (None, None);
        for queue in subscribers {
            let slot: &mut Option<Frame> = match queue.format {
                Format::Json => &mut json,
                Format::Msgpack => &mut msgpack,
            };
            let frame = slot.get_or_insert_with(|| self.snapshot(queue.format));
            let frame = Frame { topic: frame.topic, payload: frame.payload.clone() };
            wakes.push(&queue, frame, || self.snapshot(queue.format));
        }
    }
}

/// An error frame, never conflated.
fn error_frame(format: Format, message: String) -> Frame {
    Frame { topic: None, payload: super::wire::encode(format, &WsServerMessage::Error { message }) }
}

struct Conn {
    queue: Arc<ConnQueue>,
    topics: HashSet<String>,
    session: Option<SessionId>,
}

/// The hub's topics private to one user start with this (`push::user_topic`).
pub const USER_TOPIC_PREFIX: &str = "user:";

/// What a connection is told when its session ends.
pub const SESSION_ENDED: &str = "the session has ended; sign in again";

#[derive(Default)]
struct Hub {
    conns: HashMap<u64, Conn>,
    topics: HashMap<String, Topic>,
    /// The number the next new topic gets.
    next_topic_id: u64,
    wakes: Wakes,
    /// The topics published to in the current batch (each once), in the order of their first
    /// message.
    pending: Vec<String>,
    numbering: Option<Arc<Numbering>>,
}

pub fn spawn() -> HubHandle {
    spawn_numbered(None)
}

/// The hub of a node on a JetStream log: its topics numbered by `numbering`.
pub fn spawn_numbered(numbering: Option<Arc<Numbering>>) -> HubHandle {
    let (tx, mut rx) = mpsc::channel(HUB_QUEUE_MAX);
    let dropped = Arc::new(Dropped::default());
    let resend = dropped.clone();
    let numbering_in_hub = numbering.clone();
    tokio::spawn(async move {
        let mut hub = Hub { numbering: numbering_in_hub, ..Hub::default() };
        let mut batch = Vec::with_capacity(HUB_BATCH_MAX);
        while rx.recv_many(&mut batch, HUB_BATCH_MAX).await > 0 {
            for command in batch.drain(..) {
                hub.handle(command);
            }
            hub.end_batch(&resend);
        }
    });
    HubHandle { tx, next_conn_id: Arc::new(AtomicU64::new(1)), dropped, numbering }
}

impl Hub {
    /// The end of a batch of commands: its messages delivered, what the inbox had no room for
    /// resent, and every connection with newly queued frames written to or woken.
    fn end_batch(&mut self, dropped: &Dropped) {
        self.deliver_pending();
        // An update is dropped only while the inbox is full, so commands are still queued behind
        // it: this runs again before the hub goes idle.
        let (ended, dropped) = dropped.take();
        for session_id in ended {
            self.end_session(session_id);
        }
        self.resync(dropped);
        self.wakes.deliver_all();
    }

    fn handle(&mut self, command: HubCommand) {
        if !matches!(command, HubCommand::Publish { .. }) {
            // Who gets the batch's messages is who was subscribed when they were published: a
            // newcomer's snapshot already holds them, and one who left gets none.
            self.deliver_pending();
        }
        match command {
            HubCommand::Connect { conn_id, queue } => {
                self.conns.insert(conn_id, Conn { queue, topics: HashSet::new(), session: None });
            }
            HubCommand::Disconnect { conn_id } => {
                if let Some(conn) = self.conns.remove(&conn_id) {
                    for key in conn.topics {
                        self.leave(conn_id, &key);
                    }
                }
            }
            HubCommand::Subscribe { conn_id, key, wire, snapshot } => self.subscribe(conn_id, key, wire, snapshot),
            HubCommand::Unsubscribe { conn_id, key } => {
                if self.conns.get_mut(&conn_id).is_some_and(|c| c.topics.remove(&key)) {
                    self.leave(conn_id, &key);
                }
            }
            HubCommand::Authenticate { conn_id, session_id } => {
                if let Some(conn) = self.conns.get_mut(&conn_id) {
                    conn.session = Some(session_id);
                }
            }
            HubCommand::EndSession { session_id } => self.end_session(session_id),
            HubCommand::Publish { key, delta, full, seq } => self.publish(&key, delta, full, seq),
        }
    }

    fn end_session(&mut self, session_id: SessionId) {
        let mut left = Vec::new();
        for (conn_id, conn) in &mut self.conns {
            if conn.session != Some(session_id) {
                continue;
            }
            conn.session = None;
            let private: Vec<String> = conn.topics.iter().filter(|key| key.starts_with(USER_TOPIC_PREFIX)).cloned().collect();
            for key in private {
                conn.topics.remove(&key);
                left.push((*conn_id, key));
            }
            let frame = error_frame(conn.queue.format, SESSION_ENDED.into());
            self.wakes.push(&conn.queue, frame, || unreachable!("error frames are never conflated"));
        }
        for (conn_id, key) in left {
            self.leave(conn_id, &key);
        }
    }

    fn subscribe(&mut self, conn_id: u64, key: String, wire: String, snapshot: Value) {
        let Some(conn) = self.conns.get_mut(&conn_id) else { return };
        if !conn.topics.contains(&key) && conn.topics.len() >= WS_TOPICS_PER_CONNECTION_MAX {
            let message = format!("at most {WS_TOPICS_PER_CONNECTION_MAX} topics per connection");
            self.wakes.push(&conn.queue, error_frame(conn.queue.format, message), || unreachable!("error frames are never conflated"));
            return;
        }
        conn.topics.insert(key.clone());
        let numbered = self.numbering.as_ref().map_or(0, |numbering| numbering.last(&key));
        let topic = self.topics.entry(key).or_insert_with(|| Topic {
            id: {
                self.next_topic_id += 1;
                self.next_topic_id
            },
            wire,
            seq: numbered,
            latest: RefCell::new(Latest::Value(snapshot)),
            subscribers: HashMap::new(),
            pending: Vec::new(),
        });
        topic.subscribers.insert(conn_id, conn.queue.clone());
        topic.snapshot_to(std::iter::once(conn.queue.clone()), &mut self.wakes);
    }

    fn leave(&mut self, conn_id: u64, key: &str) {
        if let Some(topic) = self.topics.get_mut(key) {
            topic.subscribers.remove(&conn_id);
            if topic.subscribers.is_empty() {
                self.topics.remove(key);
            }
        }
    }

    /// Topics whose updates were dropped: the newest value, a new `seq`, a snapshot to everyone.
    fn resync(&mut self, dropped: HashMap<String, Full>) {
        for (key, full) in dropped {
            let Some(topic) = self.topics.get_mut(&key) else { continue };
            topic.seq += 1;
            *topic.latest.get_mut() = match full {
                Full::Value(value) => Latest::Value(value),
                Full::Later(read) => Latest::Later(read),
                Full::Delta => continue,
            };
            topic.snapshot_to(topic.subscribers.values().cloned(), &mut self.wakes);
        }
    }

    fn publish(&mut self, key: &str, delta: Delta, full: Full, seq: Option<u64>) {
        let Some(topic) = self.topics.get_mut(key) else { return };
        topic.seq = seq.unwrap_or(topic.seq + 1);
        *topic.latest.get_mut() = match full {
            Full::Value(value) => Latest::Value(value),
            Full::Delta => Latest::Value(delta.to_value()),
            Full::Later(read) => Latest::Later(read),
        };
        let encodings = match delta {
            Delta::Value(data) => Encodings::of(WsServerMessage::Delta { topic: topic.wire.clone(), seq: topic.seq, data }),
            Delta::Json(data) => Encodings::of_json_delta(topic.wire.clone(), topic.seq, data),
        };
        if topic.pending.is_empty() {
            self.pending.push(key.to_owned());
        }
        topic.pending.push(encodings);
    }

    /// Delivers the batch's messages: to each subscriber of a topic, the topic's messages of the
    /// batch together (`ConnQueue::offer`), each encoded once per format in use and shared.
    fn deliver_pending(&mut self) {
        for key in self.pending.drain(..) {
            let Some(topic) = self.topics.get_mut(&key) else { continue };
            let mut messages = std::mem::take(&mut topic.pending);
            let (mut json, mut msgpack) = (None, None);
            let shared = &*topic;
            for queue in shared.subscribers.values() {
                let slot: &mut Option<Vec<Encoded>> = match queue.format {
                    Format::Json => &mut json,
                    Format::Msgpack => &mut msgpack,
                };
                let frames = slot.get_or_insert_with(|| messages.iter_mut().map(|message| message.get(queue.format)).collect());
                if queue.offer(shared.id, frames, || shared.snapshot(queue.format)) {
                    self.wakes.0.push(queue.clone());
                }
            }
            messages.clear();
            topic.pending = messages;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(topic: u64, text: &str) -> Frame {
        Frame { topic: Some(topic), payload: Encoded::text(text) }
    }

    /// Everything queued for a JSON connection, as text, and the close reason.
    fn drain(queue: &ConnQueue) -> (Vec<String>, Option<&'static str>) {
        let mut frames = Vec::new();
        let closed = queue.drain_into(&mut frames);
        let texts = frames.into_iter().map(|frame| frame.as_text().expect("a JSON connection gets text frames").to_string());
        (texts.collect(), closed)
    }

    #[test]
    fn a_full_queue_conflates_the_topic_into_one_snapshot() {
        let queue = ConnQueue::default();
        for i in 0..WS_QUEUE_SOFT_MAX {
            let _ = queue.push(frame(1, &format!("delta {i}")), || unreachable!());
        }
        let _ = queue.push(frame(1, "delta late"), || frame(1, "snapshot"));
        let (frames, closed) = drain(&queue);
        assert_eq!(closed, None);
        assert_eq!(frames, vec!["snapshot".to_string()]);
    }

    #[test]
    fn a_batch_that_meets_the_soft_limit_ends_in_its_topics_snapshot() {
        let queue = ConnQueue::default();
        for i in 0..WS_QUEUE_SOFT_MAX {
            let _ = queue.push(frame(1, &format!("delta {i}")), || unreachable!());
        }
        let batch = [Encoded::text("late 1"), Encoded::text("late 2"), Encoded::text("late 3")];
        let _ = queue.offer(1, &batch, || frame(1, "snapshot after the batch"));
        assert_eq!(drain(&queue).0, vec!["snapshot after the batch".to_string()], "no delta older than the snapshot after it");
    }

    #[actix_web::test]
    async fn a_queue_past_the_hard_limit_is_closed() {
        let queue = ConnQueue::default();
        // Many topics each with pending frames: conflation cannot shrink the queue enough.
        for i in 0..WS_QUEUE_HARD_MAX + 1 {
            let _ = queue.push(frame(i as u64, "x"), || frame(i as u64, "snap"));
        }
        tokio::time::timeout(Duration::from_secs(1), queue.closed_by_hub.notified()).await.expect("the session is told");
        let close = CloseReason { code: CloseCode::Policy, description: Some(SLOW_CONSUMER.into()) };
        assert_eq!(written(&queue), vec![WireFrame::Close(Some(close))], "only the close frame goes out");
        assert!(matches!(queue.write(Waker::noop()), Output::Ended));
    }

    /// A frame as the client reads it.
    #[derive(Debug, PartialEq)]
    enum WireFrame {
        Text(String),
        Ping,
        Pong(Vec<u8>),
        Close(Option<CloseReason>),
    }

    /// What the connection's writer writes now, read back as a client reads it.
    fn written(queue: &ConnQueue) -> Vec<WireFrame> {
        use actix_codec::Decoder;
        let mut buf = match queue.write(Waker::noop()) {
            Output::Bytes(bytes) => BytesMut::from(&bytes[..]),
            Output::Waiting | Output::Ended => return Vec::new(),
        };
        let mut codec = actix_http::ws::Codec::new().client_mode();
        let mut frames = Vec::new();
        while let Some(frame) = codec.decode(&mut buf).expect("well-formed frames") {
            frames.push(match frame {
                actix_http::ws::Frame::Text(bytes) => WireFrame::Text(String::from_utf8(bytes.to_vec()).expect("utf-8")),
                actix_http::ws::Frame::Ping(_) => WireFrame::Ping,
                actix_http::ws::Frame::Pong(bytes) => WireFrame::Pong(bytes.to_vec()),
                actix_http::ws::Frame::Close(reason) => WireFrame::Close(reason),
                other => panic!("unexpected frame {other:?}"),
            });
        }
        assert!(buf.is_empty(), "whole frames only");
        frames
    }

    /// Counts its wake-ups.
    #[derive(Default)]
    struct WakeCount(AtomicU64);

    impl std::task::Wake for WakeCount {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }

    #[test]
    fn the_writer_writes_controls_then_frames_then_the_close_and_ends() {
        let queue = ConnQueue::default();
        let _ = queue.push(frame(7, "delta"), || unreachable!());
        queue.reply(Encoded::text("reply"));
        queue.ping();
        queue.pong(Bytes::from_static(b"hi"));
        queue.close(Some(CloseReason { code: CloseCode::Normal, description: Some("bye".into()) }));
        let _ = queue.push(frame(7, "too late"), || unreachable!());
        assert_eq!(
            written(&queue),
            vec![
                WireFrame::Ping,
                WireFrame::Pong(b"hi".to_vec()),
                WireFrame::Text("delta".into()),
                WireFrame::Text("reply".into()),
                WireFrame::Close(Some(CloseReason { code: CloseCode::Normal, description: Some("bye".into()) })),
            ]
        );
        assert!(matches!(queue.write(Waker::noop()), Output::Ended), "nothing after the close frame");
    }

    #[test]
    fn the_heartbeats_ping_rides_with_the_next_frames_or_goes_alone_a_beat_later() {
        let queue = ConnQueue::default();
        let counter = Arc::new(WakeCount::default());
        let waker = Waker::from(counter.clone());
        assert!(matches!(queue.write(&waker), Output::Waiting));
        queue.ping();
        assert_eq!(counter.0.load(Ordering::Relaxed), 0, "a ping alone wakes nobody");
        assert!(queue.push(frame(7, "delta"), || unreachable!()), "frames still wake the writer behind a due ping");
        assert_eq!(written(&queue), vec![WireFrame::Ping, WireFrame::Text("delta".into())], "one write");

        assert!(matches!(queue.write(&waker), Output::Waiting));
        queue.ping();
        queue.ping();
        assert_eq!(counter.0.load(Ordering::Relaxed), 1, "a beat with nothing sent: the ping goes now");
        assert_eq!(written(&queue), vec![WireFrame::Ping]);
    }

    #[test]
    fn a_waiting_writer_is_woken_once_by_the_hubs_batch_and_by_the_session() {
        let mut hub = Hub::default();
        let queue = Arc::new(ConnQueue::default());
        hub.handle(HubCommand::Connect { conn_id: 1, queue: queue.clone() });
        let counter = Arc::new(WakeCount::default());
        let waker = Waker::from(counter.clone());
        assert!(matches!(queue.write(&waker), Output::Waiting));
        hub.handle(HubCommand::Subscribe { conn_id: 1, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({}) });
        hub.handle(HubCommand::Publish { key: "match:7".into(), delta: Delta::Value(serde_json::json!({"d": 1})), full: Full::Delta, seq: None });
        assert_eq!(counter.0.load(Ordering::Relaxed), 0, "not before the batch ends");
        hub.end_batch(&Dropped::default());
        assert_eq!(counter.0.load(Ordering::Relaxed), 1);
        assert_eq!(written(&queue).len(), 2, "the snapshot and the delta in one write");

        assert!(matches!(queue.write(&waker), Output::Waiting));
        queue.reply(Encoded::text("pong"));
        assert_eq!(counter.0.load(Ordering::Relaxed), 2, "the session's reply wakes the writer at once");
        queue.end();
        assert!(matches!(queue.write(&waker), Output::Ended), "a session that is gone ends the output");
    }

    #[test]
    fn a_socket_written_directly_gets_every_frame_in_order_across_a_full_buffer() {
        let (mut client, server) = socket_pair();
        let queue = ConnQueue::writing_to(Format::Json, Arc::new(server));
        // While the client reads nothing, frames of every length class until the socket is full,
        // then a few more that wait behind what it did not take.
        let texts: Vec<String> = (0..).map(|i| format!("{i} {}", "x".repeat([3, 200, 70_000][i % 3]))).take(2_000).collect();
        let mut queued = 0;
        while !queue.is_blocked() {
            let _ = queue.push(frame(queued as u64, &texts[queued]), || unreachable!());
            queue.deliver();
            queued += 1;
        }
        for _ in 0..3 {
            let _ = queue.push(frame(queued as u64, &texts[queued]), || unreachable!());
            queue.deliver();
            queued += 1;
        }
        assert!(queue.stalled(Duration::ZERO), "the socket has not taken everything");
        let reader = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut client, &mut bytes).expect("reads to the end");
            bytes
        });
        while queue.is_blocked() {
            std::thread::sleep(Duration::from_millis(1));
            queue.flush(queue.socket().expect("written directly"));
        }
        assert!(!queue.stalled(Duration::ZERO), "everything taken");
        drop(queue);
        let got = text_frames(&reader.join().expect("the reader"));
        assert_eq!(got.len(), queued);
        assert!(got.iter().zip(&texts).all(|(got, sent)| got == sent), "every frame, in order");
    }

    /// A connected pair of loopback sockets: the server's end non-blocking.
    fn socket_pair() -> (std::net::TcpStream, std::net::TcpStream) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let client = std::net::TcpStream::connect(listener.local_addr().expect("its address")).expect("connects");
        let (server, _) = listener.accept().expect("accepts");
        server.set_nonblocking(true).expect("non-blocking");
        (client, server)
    }

    /// The text frames in `bytes`, whole frames only.
    fn text_frames(bytes: &[u8]) -> Vec<String> {
        let mut buf = BytesMut::from(bytes);
        let mut codec = actix_http::ws::Codec::new().client_mode().max_size(1 << 20);
        let mut texts = Vec::new();
        while let Some(frame) = actix_codec::Decoder::decode(&mut codec, &mut buf).expect("well-formed frames") {
            let actix_http::ws::Frame::Text(bytes) = frame else { panic!("text frames only") };
            texts.push(String::from_utf8(bytes.to_vec()).expect("utf-8"));
        }
        assert!(buf.is_empty(), "whole frames only");
        texts
    }

    /// A hub with one connection written directly, subscribed to `match:7` (its snapshot sent),
    /// and the client's end of its socket.
    fn subscribed_over_a_socket() -> (std::net::TcpStream, Hub, Arc<ConnQueue>) {
        let (client, server) = socket_pair();
        let mut hub = Hub::default();
        let queue = Arc::new(ConnQueue::writing_to(Format::Json, Arc::new(server)));
        hub.handle(HubCommand::Connect { conn_id: 1, queue: queue.clone() });
        hub.handle(HubCommand::Subscribe { conn_id: 1, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({}) });
        hub.end_batch(&Dropped::default());
        (client, hub, queue)
    }

    fn publish(hub: &mut Hub, key: &str, data: Value) {
        hub.handle(HubCommand::Publish { key: key.into(), delta: Delta::Value(data), full: Full::Delta, seq: None });
    }

    #[test]
    fn a_topics_messages_of_one_batch_go_straight_to_an_idle_socket_in_one_write() {
        let (mut client, mut hub, queue) = subscribed_over_a_socket();
        for d in 1..=3 {
            publish(&mut hub, "match:7", serde_json::json!({ "d": d }));
        }
        hub.deliver_pending();
        assert!(hub.wakes.0.is_empty(), "written by the hub: nobody to wake");
        assert!(queue.lock().frames.is_empty() && !queue.is_blocked(), "nothing queued, nothing left over");
        drop(hub);
        drop(queue);
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut client, &mut bytes).expect("reads to the end");
        let deltas = (1..=3).map(|d| format!(r#"{{"type":"delta","topic":"match:7","seq":{d},"data":{{"d":{d}}}}}"#));
        let expected: Vec<String> = std::iter::once(r#"{"type":"snapshot","topic":"match:7","seq":0,"data":{}}"#.to_string()).chain(deltas).collect();
        assert_eq!(text_frames(&bytes), expected);
    }

    #[test]
    fn a_batch_offered_to_a_full_socket_waits_behind_what_it_did_not_take_in_order() {
        let (mut client, mut hub, queue) = subscribed_over_a_socket();
        // While the client reads nothing, batches of big and small messages until the socket is
        // full, then a few more batches that wait behind what it did not take.
        let mut published = 0;
        let mut batch = |hub: &mut Hub| {
            for _ in 0..2 {
                published += 1;
                publish(hub, "match:7", serde_json::json!({ "n": published, "pad": "x".repeat([70_000, 3][published % 2]) }));
            }
            hub.end_batch(&Dropped::default());
        };
        while !queue.is_blocked() {
            batch(&mut hub);
        }
        for _ in 0..3 {
            batch(&mut hub);
        }
        assert!(!queue.lock().frames.is_empty(), "the later batches are queued");
        let reader = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut client, &mut bytes).expect("reads to the end");
            bytes
        });
        while queue.is_blocked() || !queue.lock().frames.is_empty() {
            std::thread::sleep(Duration::from_millis(1));
            queue.flush(queue.socket().expect("written directly"));
        }
        drop(hub);
        drop(queue);
        let got = text_frames(&reader.join().expect("the reader"));
        let numbers: Vec<u64> = got[1..].iter().map(|text| serde_json::from_str::<Value>(text).expect("json")["data"]["n"].as_u64().expect("n")).collect();
        let sent: Vec<u64> = (1..=published as u64).collect();
        assert_eq!(numbers, sent, "every message, in order");
    }

    #[test]
    fn a_newcomer_in_the_batch_of_a_message_gets_it_in_its_snapshot_only() {
        let mut hub = Hub::default();
        let (first, second) = (Arc::new(ConnQueue::default()), Arc::new(ConnQueue::default()));
        hub.handle(HubCommand::Connect { conn_id: 1, queue: first.clone() });
        hub.handle(HubCommand::Connect { conn_id: 2, queue: second.clone() });
        hub.handle(HubCommand::Subscribe { conn_id: 1, key: "casino:teen20".into(), wire: "casino:teen20".into(), snapshot: serde_json::json!({"lt": 20}) });
        hub.handle(HubCommand::Publish { key: "casino:teen20".into(), delta: Delta::Value(serde_json::json!({"lt": 19})), full: Full::Delta, seq: None });
        hub.handle(HubCommand::Subscribe { conn_id: 2, key: "casino:teen20".into(), wire: "casino:teen20".into(), snapshot: serde_json::json!({"lt": 20}) });
        hub.handle(HubCommand::Unsubscribe { conn_id: 1, key: "casino:teen20".into() });
        hub.handle(HubCommand::Publish { key: "casino:teen20".into(), delta: Delta::Value(serde_json::json!({"lt": 18})), full: Full::Delta, seq: None });
        hub.end_batch(&Dropped::default());
        assert_eq!(
            drain(&first).0,
            vec![r#"{"type":"snapshot","topic":"casino:teen20","seq":0,"data":{"lt":20}}"#.to_string(), r#"{"type":"delta","topic":"casino:teen20","seq":1,"data":{"lt":19}}"#.to_string()],
            "the delta published while it was subscribed, none after it left"
        );
        assert_eq!(
            drain(&second).0,
            vec![r#"{"type":"snapshot","topic":"casino:teen20","seq":1,"data":{"lt":19}}"#.to_string(), r#"{"type":"delta","topic":"casino:teen20","seq":2,"data":{"lt":18}}"#.to_string()]
        );
    }

    #[test]
    fn frames_the_writer_does_not_take_are_a_stall() {
        let queue = ConnQueue::default();
        assert!(!queue.stalled(Duration::ZERO), "nothing queued, nothing waits");
        let _ = queue.push(frame(7, "delta"), || unreachable!());
        std::thread::sleep(Duration::from_millis(2));
        assert!(queue.stalled(Duration::from_millis(1)));
        assert!(!queue.stalled(Duration::from_secs(60)));
        let _ = written(&queue);
        assert!(!queue.stalled(Duration::ZERO), "taken by the writer");
    }

    #[test]
    fn a_topic_published_with_a_later_value_reads_it_once_for_the_next_snapshots() {
        let mut hub = Hub::default();
        let (first, second) = (Arc::new(ConnQueue::default()), Arc::new(ConnQueue::default()));
        hub.handle(HubCommand::Connect { conn_id: 1, queue: first.clone() });
        hub.handle(HubCommand::Connect { conn_id: 2, queue: second.clone() });
        hub.handle(HubCommand::Subscribe { conn_id: 1, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({"v": 0}) });
        let reads = Arc::new(AtomicU64::new(0));
        let counter = reads.clone();
        let later = Full::Later(Arc::new(move || {
            counter.fetch_add(1, Ordering::Relaxed);
            Some(serde_json::json!({"v": 1}))
        }));
        hub.handle(HubCommand::Publish { key: "match:7".into(), delta: Delta::Value(serde_json::json!({"d": 1})), full: later, seq: None });
        hub.end_batch(&Dropped::default());
        assert_eq!(reads.load(Ordering::Relaxed), 0, "nobody needed a snapshot yet");
        let (frames, _) = drain(&first);
        assert_eq!(frames.last().cloned(), Some(r#"{"type":"delta","topic":"match:7","seq":1,"data":{"d":1}}"#.to_string()));

        hub.handle(HubCommand::Subscribe { conn_id: 2, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({"v": 0}) });
        hub.handle(HubCommand::Unsubscribe { conn_id: 2, key: "match:7".into() });
        hub.handle(HubCommand::Subscribe { conn_id: 2, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({"v": 0}) });
        let (frames, _) = drain(&second);
        let snapshot = r#"{"type":"snapshot","topic":"match:7","seq":1,"data":{"v":1}}"#.to_string();
        assert_eq!(frames, vec![snapshot.clone(), snapshot]);
        assert_eq!(reads.load(Ordering::Relaxed), 1, "read once, then kept");
    }

    #[test]
    fn updates_a_full_inbox_dropped_reach_the_client_as_a_snapshot_of_the_newest_value() {
        let (tx, mut rx) = mpsc::channel(1);
        let handle = HubHandle { tx, next_conn_id: Arc::new(AtomicU64::new(1)), dropped: Arc::new(Dropped::default()), numbering: None };
        let mut hub = Hub::default();
        let queue = Arc::new(ConnQueue::default());
        hub.handle(HubCommand::Connect { conn_id: 1, queue: queue.clone() });
        hub.handle(HubCommand::Subscribe { conn_id: 1, key: "casino:teen20".into(), wire: "casino:teen20".into(), snapshot: serde_json::json!({"lt": 20}) });
        // The inbox holds one update; the next two find it full.
        for lt in [19, 18, 17] {
            handle.publish("casino:teen20".into(), serde_json::json!({"lt": lt}), Full::Value(serde_json::json!({"lt": lt})));
        }
        while let Ok(command) = rx.try_recv() {
            hub.handle(command);
            hub.end_batch(&handle.dropped);
        }
        let (frames, _) = drain(&queue);
        assert_eq!(
            frames,
            vec![
                r#"{"type":"snapshot","topic":"casino:teen20","seq":0,"data":{"lt":20}}"#.to_string(),
                r#"{"type":"delta","topic":"casino:teen20","seq":1,"data":{"lt":19}}"#.to_string(),
                r#"{"type":"snapshot","topic":"casino:teen20","seq":2,"data":{"lt":17}}"#.to_string(),
            ],
            "the client ends with the server's newest value, as a snapshot it cannot mistake for a delta"
        );
        assert!(handle.dropped.take().1.is_empty(), "each drop is resent once");
    }

    #[test]
    fn a_burst_of_deltas_in_one_batch_wakes_each_session_once() {
        let mut hub = Hub::default();
        let queue = Arc::new(ConnQueue::default());
        hub.handle(HubCommand::Connect { conn_id: 1, queue: queue.clone() });
        hub.handle(HubCommand::Subscribe { conn_id: 1, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({}) });
        for d in 1..=3 {
            hub.handle(HubCommand::Publish { key: "match:7".into(), delta: Delta::Value(serde_json::json!({"d": d})), full: Full::Delta, seq: None });
        }
        hub.deliver_pending();
        assert_eq!(hub.wakes.0.len(), 1, "one wake-up for the snapshot and the three deltas");
        hub.wakes.deliver_all();
        assert_eq!(drain(&queue).0.len(), 4, "the session finds all four frames at once");
        hub.handle(HubCommand::Publish { key: "match:7".into(), delta: Delta::Value(serde_json::json!({"d": 4})), full: Full::Delta, seq: None });
        hub.deliver_pending();
        assert_eq!(hub.wakes.0.len(), 1, "a drained queue is woken again by its next frame");
    }

    #[test]
    fn json_and_msgpack_subscribers_of_a_topic_get_the_same_message_each_encoded_once() {
        let mut hub = Hub::default();
        let json = Arc::new(ConnQueue::new(Format::Json));
        let (packed, packed_too) = (Arc::new(ConnQueue::new(Format::Msgpack)), Arc::new(ConnQueue::new(Format::Msgpack)));
        for (conn_id, queue) in [(1, &json), (2, &packed), (3, &packed_too)] {
            hub.handle(HubCommand::Connect { conn_id, queue: queue.clone() });
            hub.handle(HubCommand::Subscribe { conn_id, key: "casino:teen20".into(), wire: "casino:teen20".into(), snapshot: serde_json::json!({"lt": 20}) });
        }
        hub.handle(HubCommand::Publish { key: "casino:teen20".into(), delta: Delta::Value(serde_json::json!({"lt": 19, "cards": ["KHH"]})), full: Full::Delta, seq: None });
        hub.deliver_pending();
        let (texts, _) = drain(&json);
        let delta: Value = serde_json::from_str(&texts[1]).expect("json");
        assert_eq!(delta, serde_json::json!({"type": "delta", "topic": "casino:teen20", "seq": 1, "data": {"lt": 19, "cards": ["KHH"]}}));
        let binary = |queue: &ConnQueue| {
            let mut frames = Vec::new();
            queue.drain_into(&mut frames);
            frames.into_iter().map(|frame| frame.as_binary().expect("a MessagePack connection gets binary frames").to_vec()).collect::<Vec<_>>()
        };
        let (frames, frames_too) = (binary(&packed), binary(&packed_too));
        assert_eq!(rmp_serde::from_slice::<Value>(&frames[1]).expect("msgpack"), delta);
        assert_eq!(frames[1], frames_too[1]);
    }
}
