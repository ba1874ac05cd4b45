//! A connection's writers. A plain TCP connection's frames are written to its socket by whoever
//! queued them (`ConnQueue::flush`: the hub, the session); when the socket's buffer is full, the
//! session waits here until it can take more. Under TLS the connection's response body frames
//! what is queued straight into one buffer for the HTTP dispatcher, one chunk (one write) for
//! everything queued since its last turn.

use super::queue::ConnQueue;
use super::writer::Output;
use actix_web::web::Bytes;
use futures_util::Stream;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::Interest;

pub struct Outbound(pub Arc<ConnQueue>);

impl Stream for Outbound {
    type Item = Result<Bytes, actix_web::Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        match self.0.write(cx.waker()) {
            Output::Bytes(bytes) => Poll::Ready(Some(Ok(bytes))),
            Output::Waiting => Poll::Pending,
            Output::Ended => Poll::Ready(None),
        }
    }
}

/// The socket's readiness: a handle of the socket registered with the runtime the first time the
/// socket is found full.
pub type Writable = Option<tokio::net::TcpStream>;

/// For a connection written directly: whenever its socket did not take everything, waits until
/// the socket can take more and writes what is left (and what was queued meanwhile). Never
/// finishes; the session polls it alongside its reads. A client that never reads again is found
/// by the session's stall check.
pub async fn write_when_writable(queue: &ConnQueue, writable: &mut Writable) {
    let Some(socket) = queue.socket() else { return std::future::pending().await };
    loop {
        if !queue.is_blocked() {
            queue.blocked.notified().await;
            continue;
        }
        if writable.is_none() {
            match socket.try_clone().and_then(tokio::net::TcpStream::from_std) {
                Ok(handle) => *writable = Some(handle),
                Err(e) => {
                    tracing::warn!("cannot wait for a WebSocket's socket: {e}");
                    return std::future::pending().await;
                }
            }
        }
        let Some(handle) = writable.as_ref() else { unreachable!("registered just above") };
        if handle.writable().await.is_err() {
            return std::future::pending().await;
        }
        // Still full: the readiness is cleared, so the next turn waits for the socket to drain.
        let _ = handle.try_io(Interest::WRITABLE, || {
            queue.flush(socket);
            if queue.is_blocked() { Err(std::io::ErrorKind::WouldBlock.into()) } else { Ok(()) }
        });
    }
}
