//! Security headers. Every answer: no framing by another site (`frame-ancestors
//! 'none'`, `X-Frame-Options: DENY`), no MIME sniffing, referrers kept to our own origin, and
//! the browser features a betting site never uses turned off. API answers are never cached.
//! The client's page gets a strict Content-Security-Policy: scripts only from our origin (no
//! inline script), styles from our origin or carrying the page's nonce (MUI's emotion inserts
//! style elements at run time and reads the nonce from `<meta name="csp-nonce">`), images and
//! fonts from our origin, and connections to our origin and its WebSocket only.

use actix_web::http::header::{HeaderName, CACHE_CONTROL, CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY};
use actix_web::HttpResponse;
use base64::Engine;
use rand::RngCore;

/// The placeholders `frontend/public/index.html` carries where the nonce and the Payload key go.
const NONCE_PLACEHOLDER: &str = "__CSP_NONCE__";
const PAYLOAD_KEY_PLACEHOLDER: &str = "__PAYLOAD_KEY__";

/// Headers of every answer.
pub fn common() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new()
        .add((HeaderName::from_static("x-frame-options"), "DENY"))
        .add((HeaderName::from_static("x-content-type-options"), "nosniff"))
        .add((HeaderName::from_static("referrer-policy"), "same-origin"))
        .add((HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"))
        .add((CONTENT_SECURITY_POLICY, "default-src 'none'; frame-ancestors 'none'"))
}

/// `/api` and `/data` answers hold balances and bets: never stored by a cache.
pub fn api() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new().add((CACHE_CONTROL, "no-store"))
}

/// HSTS, for answers served over TLS.
pub fn hsts() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new().add((STRICT_TRANSPORT_SECURITY, "max-age=31536000; includeSubDomains"))
}

/// A fresh nonce for one page.
fn nonce() -> String {
    let mut bytes = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The policy of the client's page with `nonce`.
pub fn page_policy(nonce: &str) -> String {
    [
        "default-src 'self'",
        "script-src 'self'",
        &format!("style-src 'self' 'nonce-{nonce}'"),
        "img-src 'self' data:",
        "font-src 'self' data:",
        // 'self' covers ws: and wss: to our own host in browsers of CSP level 3.
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    .join("; ")
}

/// The client's `index.html` with a fresh nonce and the installation's Payload key in place,
/// under its policy; never cached, so every load gets its own nonce (and a rotated key).
pub fn page(html: &str, payload_key_hex: &str) -> HttpResponse {
    let nonce = nonce();
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((CONTENT_SECURITY_POLICY, page_policy(&nonce)))
        .insert_header((CACHE_CONTROL, "no-store"))
        .body(html.replace(NONCE_PLACEHOLDER, &nonce).replace(PAYLOAD_KEY_PLACEHOLDER, payload_key_hex))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_page_gets_its_own_nonce_in_the_policy_and_the_html() {
        let html = r#"<meta name="csp-nonce" content="__CSP_NONCE__"><style nonce="__CSP_NONCE__"></style>"#;
        let first = page(html, "00");
        let second = page(html, "00");
        let policy = |r: &HttpResponse| r.headers().get(CONTENT_SECURITY_POLICY).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        assert_ne!(policy(&first), policy(&second));
        assert!(policy(&first).contains("script-src 'self';"), "{}", policy(&first));
        assert!(!policy(&first).contains("unsafe-inline"));
    }
}
