//! The socket writer: how a connection's queued frames (`super::queue`) reach the client.
//!
//! A plain TCP connection's frames are written straight to its socket (non-blocking `sendmsg`
//! and `send`) by whoever queued them: the hub at the end of its batch, or the session. Every
//! write happens under the queue's lock, so the hub's writes and the session's never interleave;
//! what the socket does not take waits in `unsent`, ahead of anything queued later, until the
//! session finds the socket writable again (`super::outbound::write_when_writable`). Under TLS,
//! where actix's dispatcher encrypts, the connection's response body (`super::outbound::Outbound`)
//! takes everything queued, framed in one buffer, at its turn (`ConnQueue::write`).
//!
//! The contract with actix on a connection written directly. actix still owns the socket and
//! writes on it exactly one thing of this connection: the handshake's answer (the `101` head).
//! After it, the response body hands the dispatcher no byte (`ConnQueue::write` gives `Waiting`
//! until the output ends, then `Ended`), and actix-ws's own session is dropped unused
//! (`crate::ws::route`), so actix writes neither pongs nor a close frame of its own. The order
//! holds because the session, the first writer, starts after the answer is out: the handler
//! spawns it on the worker thread of the connection's dispatcher, which writes the answer's head
//! and flushes it in the same turn in which the handler returns. Besides, nothing is written before
//! the client's first message (its answers and subscriptions) or a heartbeat later, and a client
//! sends nothing before it has read the answer. The output ends only after our close frame is
//! written (or the connection is gone), and actix closes the connection when the body ends.
//!
//! Tested by `a_directly_written_connections_body_hands_actix_nothing` and
//! `a_socket_written_directly_gets_every_frame_in_order_across_a_full_buffer` (`super::tests`),
//! and end to end by every WebSocket API test, which reads the handshake's answer before the
//! frames (`a_client_that_pauses_reading_gets_every_frame_after_in_order` in `tests/api/ws.rs`).

use super::queue::{ConnQueue, Enqueued, Frame, QueueInner};
use super::wire::{Encoded, FRAME_HEAD_MAX};
use actix_http::ws::{CloseCode, CloseReason, OpCode, Parser};
use actix_web::web::{Bytes, BytesMut};
use std::io::IoSlice;
use std::task::Waker;
use std::time::Instant;

/// At most this many frames go in one vectored write.
pub(super) const WRITEV_FRAMES_MAX: usize = 32;

/// Writes `frames` (at most `WRITEV_FRAMES_MAX`) to the socket in one vectored write, each frame
/// one slice of its shared bytes: nothing is copied or allocated unless the socket takes only part
/// of them (or none, when it is full). What it did not take, copied (empty when it took
/// everything). An error is a connection gone.
///
/// The write is `sendmsg`, the socket's own call: `writev` on a socket goes through the file layer
/// first (its checks and notifications), which cost this server about 3 % of its CPU when it
/// pushes to thousands of sockets.
pub(super) fn write_vectored<'a>(socket: &std::net::TcpStream, frames: impl Iterator<Item = &'a Encoded> + Clone) -> std::io::Result<Bytes> {
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

impl QueueInner {
    /// Only frames are queued (no control, no close), few enough for one vectored write.
    pub(super) fn only_frames(&self) -> bool {
        !self.ended && !self.ping_due && self.pongs.is_empty() && self.close.is_none() && self.closed.is_none() && (1..=WRITEV_FRAMES_MAX).contains(&self.frames.len())
    }

    /// Writes the queued frames (`only_frames`) in one vectored write; what the socket does not
    /// take becomes `unsent`.
    pub(super) fn write_frames(&mut self, socket: &std::net::TcpStream) -> std::io::Result<()> {
        self.unsent = write_vectored(socket, self.frames.iter().map(|frame| &frame.payload))?;
        self.frames.clear();
        Ok(())
    }

    /// Everything queued, framed in one buffer of its exact size (a ping, pongs, frames, then a
    /// close frame; nothing once the output has ended).
    pub(super) fn frame_queued(&mut self) -> BytesMut {
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

impl ConnQueue {
    /// A topic's frames of one hub batch, in order. Written to the socket at once when nothing
    /// waits for it (nothing queued or unsent, no ping due): one vectored write of the shared
    /// frames, nothing queued, no wake-up. Queued otherwise, each as `push` queues it, except that
    /// a snapshot (conflation) ends them: it is read after the whole batch was published, so it
    /// holds the rest. Whether the writer must be woken for them.
    #[must_use]
    pub(super) fn offer(&self, topic: u64, frames: &[Encoded], snapshot: impl Fn() -> Frame) -> bool {
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

    /// Sends what is queued on its way: written to the socket, or the response body woken.
    pub(super) fn deliver(&self) {
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
}

/// What a connection's writer gets from its queue.
pub enum Output {
    Bytes(Bytes),
    Waiting,
    Ended,
}
