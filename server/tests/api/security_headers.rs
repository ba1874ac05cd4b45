//! Security headers: no framing, no sniffing, same-origin referrers, no browser
//! features on every answer; `no-store` on API answers; a strict policy with a fresh style nonce
//! on the client's page.

use crate::helpers::*;

fn header(response: &awc::ClientResponse<impl Sized>, name: &str) -> String {
    response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
}

#[actix_web::test]
async fn every_answer_forbids_framing_and_sniffing_and_api_answers_are_not_cached() {
    let app = spawn_app().await;
    for path in ["/api/domain/domain-config", "/api/no-such-call", "/health", "/"] {
        let response = app.client.get(app.url(path)).send().await.expect("answers");
        assert_eq!(header(&response, "x-frame-options"), "DENY", "{path}");
        assert_eq!(header(&response, "x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header(&response, "referrer-policy"), "same-origin", "{path}");
        assert!(header(&response, "permissions-policy").contains("camera=()"), "{path}");
        assert!(header(&response, "content-security-policy").contains("frame-ancestors 'none'"), "{path}");
    }
    let api = app.client.get(app.url("/api/domain/domain-config")).send().await.expect("answers");
    assert_eq!(header(&api, "cache-control"), "no-store");
    let login = app.client.post(app.url("/api/auth/login")).send_json(&serde_json::json!({"username": "x", "password": "wrong-one"})).await.expect("answers");
    assert_eq!(header(&login, "cache-control"), "no-store");
}

#[actix_web::test]
async fn the_page_gets_a_strict_policy_with_its_own_style_nonce() {
    let app = spawn_app_with(|s| {
        let dir = s.application.data_dir.join("client");
        std::fs::create_dir_all(&dir).expect("client dir");
        let html = r#"<html><head><meta name="csp-nonce" content="__CSP_NONCE__"><meta name="payload-key" content="__PAYLOAD_KEY__"><style nonce="__CSP_NONCE__"></style></head></html>"#;
        std::fs::write(dir.join("index.html"), html).expect("index.html");
        s.application.static_dir = dir;
    })
    .await;
    let mut first = app.client.get(app.url("/casino/teen20")).send().await.expect("answers");
    let policy = header(&first, "content-security-policy");
    let body = String::from_utf8(first.body().await.expect("body").to_vec()).expect("text");
    for directive in ["default-src 'self'", "script-src 'self';", "connect-src 'self'", "object-src 'none'", "frame-ancestors 'none'"] {
        assert!(policy.contains(directive), "{directive} in {policy}");
    }
    assert!(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "{policy}");
    let nonce = policy.split("'nonce-").nth(1).and_then(|rest| rest.split('\'').next()).expect("a style nonce");
    assert!(nonce.len() >= 22, "at least 128 bits: {nonce}");
    assert_eq!(body.matches(nonce).count(), 2, "the page carries the same nonce: {body}");
    assert!(!body.contains("__CSP_NONCE__"));
    assert!(body.contains(&format!(r#"<meta name="payload-key" content="{}">"#, app.settings.site.payload_key)), "the page carries the installation's key: {body}");
    assert_eq!(header(&first, "cache-control"), "no-store", "every load gets its own nonce");
    let second = app.client.get(app.url("/")).send().await.expect("answers");
    assert!(!header(&second, "content-security-policy").contains(nonce), "a fresh nonce per page");
}

#[actix_web::test]
async fn each_installation_draws_its_own_keys_and_keeps_them_private_in_its_data_directory() {
    use std::os::unix::fs::PermissionsExt;
    let first = spawn_app().await;
    let second = spawn_app().await;
    let key = first.settings.site.payload_key.clone();
    let published = first.get("/api/domain/domain-config", None).await.data()["payload_key"].clone();
    assert_eq!(published, serde_json::json!(key), "the site configuration publishes the key the server seals with");
    assert_eq!(key.len(), 64);
    let other = second.get("/api/domain/domain-config", None).await.data()["payload_key"].clone();
    assert_ne!(other, published, "no two installations share a key");
    for name in ["payload", "secret"] {
        let file = server::keys::key_file(&first.settings.application.data_dir, name);
        let mode = std::fs::metadata(&file).expect("the key file").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{}", file.display());
    }
    let base = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configuration/base.yaml")).expect("base.yaml");
    assert!(!base.contains(&key) && !base.lines().any(|l| l.trim_start().starts_with("key_hex: \"")), "no key is committed");
}

