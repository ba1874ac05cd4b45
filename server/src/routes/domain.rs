//! Site configuration, the caller's IP, and a health probe.

use crate::app_state::AppState;
use crate::extract::{client_ip, ok};
use actix_web::{web, HttpRequest, HttpResponse};
use schemas::IpAddress;

pub async fn domain_config(state: web::Data<AppState>) -> HttpResponse {
    let mut response = ok("Success", state.settings.site.clone());
    response.headers_mut().insert(actix_web::http::header::CACHE_CONTROL, actix_web::http::header::HeaderValue::from_static("no-store"));
    response
}

/// The client's IP lookup: no outside service is reachable, so the server says what it sees.
pub async fn client_ip_lookup(req: HttpRequest) -> HttpResponse {
    ok("Success", IpAddress { ip: client_ip(&req) })
}

pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    ok("ok", serde_json::json!({ "seq": state.engine.read().head_seq }))
}
