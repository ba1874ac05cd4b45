//! The edge's half of every call (`edge::route`): a call the edge does not answer itself goes to
//! the engine node as it came; a read waits for the event it must reflect.

use super::{book_read, local_read, Edge, FORWARDED_ANSWER_BYTES_MAX, FORWARD_TIMEOUT, LEDGER_SEQ};
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, HttpResponse};
use std::sync::atomic::Ordering;

/// Around every call: on an edge (`edge`), a call it does not answer itself goes to the engine
/// node, and a read waits for the event it must reflect; on every node, the answer says which
/// event of `engine` it reflects (`X-Ledger-Seq`).
pub async fn route(req: ServiceRequest, next: Next<impl MessageBody + 'static>, edge: Option<&Edge>, engine: &ledger::EngineHandle) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if let Some(edge) = edge {
        let path = req.path();
        let method = req.method().as_str();
        let ours = !(path.starts_with("/api/") || path.starts_with("/data/")) || local_read(method, path) || (book_read(method, path) && edge.book_live());
        if !ours {
            return forward(req, edge).await;
        }
        let asked = req.headers().get(LEDGER_SEQ).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        let wanted = asked.max(edge.written.load(Ordering::Acquire));
        if !edge.reach(wanted).await {
            let reached = *edge.head.borrow();
            let message = format!("this node has read the ledger to event {reached}, not yet to event {wanted}: try again");
            let answer = HttpResponse::ServiceUnavailable().json(failure(message));
            return Ok(reflecting(req.into_response(answer), reached));
        }
    }
    let response = next.call(req).await?.map_into_boxed_body();
    let seq = engine.read().head_seq;
    Ok(reflecting(response, seq))
}

fn reflecting(mut response: ServiceResponse<BoxBody>, seq: u64) -> ServiceResponse<BoxBody> {
    response.headers_mut().insert(HeaderName::from_static(LEDGER_SEQ), HeaderValue::from(seq));
    response
}

thread_local! {
    /// One client per worker thread (`awc::Client` is not `Send`), keeping its connections.
    static ENGINE_CLIENT: awc::Client = awc::Client::builder().timeout(FORWARD_TIMEOUT).disable_redirects().finish();
}

/// Headers that belong to one connection, not to the call.
fn hop_by_hop(name: &HeaderName) -> bool {
    matches!(name.as_str(), "connection" | "keep-alive" | "transfer-encoding" | "te" | "trailer" | "upgrade" | "proxy-connection" | "host" | "content-length")
}

/// The call as it came, to the engine node; its answer as it came (status, headers, body). When
/// the engine node cannot be reached, the call goes once more to the address the engine node
/// announced last, if that is another (a standby took over).
async fn forward(mut req: ServiceRequest, edge: &Edge) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let body = req.extract::<web::Bytes>().await?;
    let engine = edge.engine_url();
    let mut sent = send(&req, &engine, body.clone()).await;
    if matches!(sent, Err(awc::error::SendRequestError::Connect(_))) {
        if let Some(moved) = edge.rediscover(&engine).await {
            sent = send(&req, &moved, body).await;
        }
    }
    let answer = match sent {
        Ok(mut answer) => {
            let bytes = answer.body().limit(FORWARDED_ANSWER_BYTES_MAX).await;
            match bytes {
                Ok(bytes) => {
                    if let Some(seq) = answer.headers().get(LEDGER_SEQ).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok()) {
                        edge.written.fetch_max(seq, Ordering::AcqRel);
                    }
                    let mut passed = HttpResponse::build(answer.status());
                    for (name, value) in answer.headers().iter().filter(|(name, _)| !hop_by_hop(name)) {
                        passed.append_header((name.clone(), value.clone()));
                    }
                    passed.body(bytes)
                }
                Err(e) => unreachable_engine(&e.to_string()),
            }
        }
        Err(e) => unreachable_engine(&e.to_string()),
    };
    Ok(req.into_response(answer))
}

/// One try of a forwarded call at `engine`.
async fn send(req: &ServiceRequest, engine: &str, body: web::Bytes) -> Result<awc::ClientResponse<impl futures_util::Stream<Item = Result<web::Bytes, awc::error::PayloadError>>>, awc::error::SendRequestError> {
    let url = match req.query_string() {
        "" => format!("{engine}{}", req.path()),
        query => format!("{engine}{}?{query}", req.path()),
    };
    let mut outbound = ENGINE_CLIENT.with(|client| client.request(req.method().clone(), url)).no_decompress();
    for (name, value) in req.headers().iter().filter(|(name, _)| !hop_by_hop(name)) {
        outbound = outbound.append_header((name.clone(), value.clone()));
    }
    if let Some(peer) = req.peer_addr() {
        outbound = outbound.append_header(("x-forwarded-for", peer.ip().to_string()));
    }
    outbound.send_body(body).await
}

fn unreachable_engine(why: &str) -> HttpResponse {
    let message = format!("the engine node did not answer ({why}): try again");
    HttpResponse::ServiceUnavailable().json(failure(message))
}

/// The envelope of an error (as `crate::http::error::ApiError` answers).
fn failure(message: String) -> schemas::Envelope<Option<serde_json::Value>> {
    schemas::Envelope { success: false, message, data: None, total: None }
}
