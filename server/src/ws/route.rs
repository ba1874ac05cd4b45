//! The WebSocket handshake: upgrade, then hand the connection to its session loop.
//! `?format=msgpack` asks for MessagePack binary frames instead of JSON text (`super::wire`).

use crate::app_state::AppState;
use crate::limits::WS_FRAME_BYTES_MAX;
use super::wire::ConnectParams;
use actix_web::{web, HttpRequest, HttpResponse};

pub async fn ws_connect(req: HttpRequest, body: web::Payload, state: web::Data<AppState>, params: web::Query<ConnectParams>) -> actix_web::Result<HttpResponse> {
    // An address past its open connections is refused before the upgrade; the permit is held
    // for the connection's life.
    let permit = match crate::client_address::client_addr(&req) {
        Some(ip) => Some(state.client_limits.socket(ip)?),
        None => None,
    };
    let socket = super::socket::ConnSocket::of(&req);
    let (response, session, stream) = actix_ws::handle(&req, body)?;
    let stream = stream.max_frame_size(WS_FRAME_BYTES_MAX).aggregate_continuations().max_continuation_size(WS_FRAME_BYTES_MAX);
    actix_web::rt::spawn(async move {
        super::session::run(state, session, stream, socket, params.format).await;
        drop(permit);
    });
    Ok(response)
}
