//! The WebSocket handshake: upgrade, then hand the connection to its session loop.

use crate::app::AppState;
use crate::limits::WS_FRAME_BYTES_MAX;
use actix_web::{web, HttpRequest, HttpResponse};

pub async fn ws_connect(req: HttpRequest, body: web::Payload, state: web::Data<AppState>) -> actix_web::Result<HttpResponse> {
    let (response, session, stream) = actix_ws::handle(&req, body)?;
    let stream = stream.max_frame_size(WS_FRAME_BYTES_MAX).aggregate_continuations().max_continuation_size(WS_FRAME_BYTES_MAX);
    actix_web::rt::spawn(super::session::run(state, session, stream));
    Ok(response)
}
