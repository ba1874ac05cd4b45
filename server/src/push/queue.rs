//! A connection's output queue: the frames the hub and the session queue for it, bounded. Past
//! the soft limit a topic's queued frames are conflated into one fresh snapshot; past the hard
//! limit the connection is closed as a slow consumer. How the queue reaches the socket is
//! `super::writer`.

use super::wire::{Encoded, Format};
use actix_http::ws::CloseReason;
use actix_web::web::Bytes;
use crate::limits::{WS_QUEUE_HARD_MAX, WS_QUEUE_SOFT_MAX};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::task::Waker;
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// Why the hub closed a connection.
pub const SLOW_CONSUMER: &str = "slow consumer: too many undelivered messages";

pub(super) struct Frame {
    /// The hub's number of the topic this frame belongs to (`None` for errors): a plain number,
    /// so queueing a frame for each subscriber touches no shared reference count for it.
    pub(super) topic: Option<u64>,
    /// Reference-counted: cloning it for a subscriber copies no bytes.
    pub(super) payload: Encoded,
}

#[derive(Default)]
pub(super) struct QueueInner {
    pub(super) frames: VecDeque<Frame>,
    /// Pongs to the client's pings, written before the frames.
    pub(super) pongs: Vec<Bytes>,
    /// The heartbeat's ping, to go out with the next frames (`ConnQueue::ping`).
    pub(super) ping_due: bool,
    /// Why the hub closed the connection.
    pub(super) closed: Option<&'static str>,
    /// The close frame the session asked for, still to be written.
    pub(super) close: Option<Option<CloseReason>>,
    /// A close frame is written or the session is gone: nothing more goes out.
    pub(super) ended: bool,
    /// Since when what is queued has waited for the connection's writer to take it.
    pub(super) waiting_since: Option<Instant>,
    /// The connection's response body, waiting for something to write or for the end.
    pub(super) writer: Option<Waker>,
    /// Framed, but not yet taken by the socket (a connection written directly).
    pub(super) unsent: Bytes,
}

impl QueueInner {
    pub(super) fn is_empty(&self) -> bool {
        self.frames.is_empty() && self.pongs.is_empty() && self.close.is_none()
    }

    /// Not closed by the hub, no close frame asked for, the output not ended.
    pub(super) fn takes_frames(&self) -> bool {
        self.closed.is_none() && self.close.is_none() && !self.ended
    }

    /// Queues a frame; past the soft limit the topic's queued frames are conflated into one fresh
    /// snapshot, past the hard limit the connection is closed as a slow consumer.
    pub(super) fn enqueue(&mut self, frame: Frame, snapshot: impl FnOnce() -> Frame) -> Enqueued {
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
}

/// What `QueueInner::enqueue` did.
#[derive(PartialEq)]
pub(super) enum Enqueued {
    Frame,
    /// The topic's queued frames were replaced by a snapshot of its newest value.
    Snapshot,
    /// The connection is closed as a slow consumer.
    Closed,
}

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
    pub(super) socket: Option<Arc<std::net::TcpStream>>,
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

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, QueueInner> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues a frame (or conflates, or closes); whether the writer must be woken for it: only
    /// when the queue was empty, since a queue with frames already has a wake-up on its way.
    #[must_use]
    pub(super) fn push(&self, frame: Frame, snapshot: impl FnOnce() -> Frame) -> bool {
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

    /// Runs `change` under the lock and wakes the writer it hands back, after the lock is let go.
    pub(super) fn change_then_wake(&self, change: impl FnOnce(&mut QueueInner) -> Option<Waker>) {
        let writer = change(&mut self.lock());
        if let Some(writer) = writer {
            writer.wake();
        }
    }

    /// Runs `change` on the queue unless the connection's output has ended, then delivers.
    pub(super) fn session_push(&self, change: impl FnOnce(&mut QueueInner)) {
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

    /// Moves every queued message into `frames`, for the hub's tests.
    #[cfg(test)]
    pub(super) fn drain_into(&self, frames: &mut Vec<Encoded>) -> Option<&'static str> {
        let mut inner = self.lock();
        frames.extend(inner.frames.drain(..).map(|f| f.payload));
        inner.closed
    }
}

/// Connections with newly queued frames, delivered to once the hub's current batch is done.
#[derive(Default)]
pub(super) struct Wakes(pub(super) Vec<Arc<ConnQueue>>);

impl Wakes {
    pub(super) fn push(&mut self, queue: &Arc<ConnQueue>, frame: Frame, snapshot: impl FnOnce() -> Frame) {
        if queue.push(frame, snapshot) {
            self.0.push(queue.clone());
        }
    }

    pub(super) fn deliver_all(&mut self) {
        for queue in self.0.drain(..) {
            queue.deliver();
        }
    }
}
