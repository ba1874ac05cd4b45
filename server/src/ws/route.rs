//! The WebSocket handshake: upgrade, then hand the connection to its session loop.
//! `?format=msgpack` asks for MessagePack binary frames instead of JSON text (`crate::push::wire`).

use crate::http::state::AppState;
use crate::limits::WS_FRAME_BYTES_MAX;
use crate::push::queue::ConnQueue;
use crate::push::outbound::Outbound;
use crate::push::wire::ConnectParams;
use actix_http::body::{BodyStream, MessageBody};
use std::sync::Arc;
use actix_web::{web, HttpRequest, HttpResponse};

pub async fn ws_connect(req: HttpRequest, body: web::Payload, state: web::Data<AppState>, params: web::Query<ConnectParams>) -> actix_web::Result<HttpResponse> {
    // An address past its open connections is refused before the upgrade; the permit is held
    // for the connection's life.
    let permit = match crate::http::client_address::client_addr(&req) {
        Some(ip) => Some(state.client_limits.socket(ip)?),
        None => None,
    };
    let socket = crate::push::socket::ConnSocket::of(&req);
    if let Some(socket) = &socket {
        socket.bound_send_buffer(crate::limits::WS_SEND_BUFFER_BYTES);
    }
    // actix-ws reads the client's frames; what goes out is written from the connection's queue
    // (`crate::push::outbound`), so its answer and session are not used.
    let (_, _, stream) = actix_ws::handle(&req, body)?;
    let stream = stream.max_frame_size(WS_FRAME_BYTES_MAX).aggregate_continuations().max_continuation_size(WS_FRAME_BYTES_MAX);
    // A plain TCP connection is written directly; under TLS actix's dispatcher encrypts.
    let queue = Arc::new(match socket.as_ref().and_then(|socket| socket.plain()) {
        Some(plain) => ConnQueue::writing_to(params.format, plain),
        None => ConnQueue::new(params.format),
    });
    let response = actix_http::ws::handshake(req.head())?.message_body(BodyStream::new(Outbound(queue.clone())).boxed())?;
    actix_web::rt::spawn(async move {
        super::session::run(state, queue, stream, socket).await;
        drop(permit);
    });
    Ok(response.into())
}
