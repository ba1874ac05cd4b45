//! The hub: one task that owns every subscription. Sessions and the ledger reach it through a
//! cloneable handle and a bounded command channel. It never waits for a client: each connection
//! has a bounded queue (`super::queue`) that conflates or closes a slow one.
//!
//! A message is encoded and framed once per topic (and per wire format in use), its frame shared
//! by every subscriber. The hub takes its commands in batches and delivers to each connection once
//! per batch, so a feed tick's several deltas to one socket go out in one write
//! (`super::writer`).

use super::change::{Change, Delta, Full};
use super::numbering::{Dropped, Numbering};
use super::queue::{ConnQueue, Frame, Wakes};
use super::wire::{Encoded, Encodings, Format};
use crate::limits::{HUB_BATCH_MAX, HUB_QUEUE_MAX, WS_TOPICS_PER_CONNECTION_MAX};
use ledger::SessionId;
use schemas::ws::WsServerMessage;
use serde_json::Value;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc;

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

#[derive(Clone)]
pub struct HubHandle {
    pub(super) tx: mpsc::Sender<HubCommand>,
    pub(super) next_conn_id: Arc<AtomicU64>,
    pub(super) dropped: Arc<Dropped>,
    pub(super) numbering: Option<Arc<Numbering>>,
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

pub(super) struct Topic {
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

/// The hub's topics private to one user start with this (`super::notify::user_topic`).
pub const USER_TOPIC_PREFIX: &str = "user:";

/// What a connection is told when its session ends.
pub const SESSION_ENDED: &str = "the session has ended; sign in again";

#[derive(Default)]
pub(super) struct Hub {
    conns: HashMap<u64, Conn>,
    topics: HashMap<String, Topic>,
    /// The number the next new topic gets.
    next_topic_id: u64,
    pub(super) wakes: Wakes,
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
    pub(super) fn end_batch(&mut self, dropped: &Dropped) {
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

    pub(super) fn handle(&mut self, command: HubCommand) {
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

    pub(super) fn end_session(&mut self, session_id: SessionId) {
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

    pub(super) fn subscribe(&mut self, conn_id: u64, key: String, wire: String, snapshot: Value) {
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

    pub(super) fn leave(&mut self, conn_id: u64, key: &str) {
        if let Some(topic) = self.topics.get_mut(key) {
            topic.subscribers.remove(&conn_id);
            if topic.subscribers.is_empty() {
                self.topics.remove(key);
            }
        }
    }

    /// Topics whose updates were dropped: the newest value, a new `seq`, a snapshot to everyone.
    pub(super) fn resync(&mut self, dropped: HashMap<String, Full>) {
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

    pub(super) fn publish(&mut self, key: &str, delta: Delta, full: Full, seq: Option<u64>) {
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
    pub(super) fn deliver_pending(&mut self) {
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
