//! Site configuration, the caller's IP, and a health probe.

use crate::http::state::AppState;
use crate::http::extract::{client_ip, ok};
use actix_web::{web, HttpRequest, HttpResponse};
use schemas::IpAddress;

#[utoipa::path(get, path = "/api/domain/domain-config", tag = "site", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::SiteConfig>)))]
pub async fn domain_config(state: web::Data<AppState>) -> HttpResponse {
    let mut response = ok("Success", state.settings.site.clone());
    response.headers_mut().insert(actix_web::http::header::CACHE_CONTROL, actix_web::http::header::HeaderValue::from_static("no-store"));
    response
}

/// The client's IP lookup: no outside service is reachable, so the server says what it sees.
#[utoipa::path(get, path = "/api/ip", tag = "site", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::IpAddress>)))]
pub async fn client_ip_lookup(req: HttpRequest) -> HttpResponse {
    ok("Success", IpAddress { ip: client_ip(&req) })
}

/// How far the ledger's log has come: the health probe's answer.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Health {
    /// The last event's sequence number.
    pub seq: u64,
    /// On an edge node: whether its market book follows the engine node's (it then answers the
    /// sports reads itself; else it forwards them). Absent on other nodes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub book_follows: Option<bool>,
}

#[utoipa::path(get, path = "/health", tag = "site", responses((status = 200, description = "Success", body = schemas::Envelope<Health>)))]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    ok("ok", Health { seq: state.engine.read().head_seq, book_follows: state.edge.as_ref().map(|edge| edge.book_live()) })
}
