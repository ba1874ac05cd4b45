//! A connection's response body: it frames what the connection's queue holds straight into one
//! buffer for the HTTP dispatcher, one chunk (one write) for everything queued since its last
//! turn. The hub and the session queue; nothing else sits between them and the socket.

use super::hub::{ConnQueue, Output};
use actix_web::web::Bytes;
use futures_util::Stream;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

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
