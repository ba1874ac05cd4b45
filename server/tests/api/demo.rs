//! Demo accounts: a few an hour per address, a cap on those live at once (each a clear 429), and
//! an end of life after which the account cannot be used and is listed nowhere.

use crate::helpers::*;
use futures_util::future::join_all;
use serde_json::json;
use std::time::{Duration, Instant};

/// A demo sign-in from `address` (the test's trusted proxy on 127.0.0.1 forwards it).
async fn demo_from(app: &TestApp, address: &str) -> Reply {
    let mut response = app.client.post(app.url("/api/auth/demo-login")).insert_header(("x-forwarded-for", address)).send_json(&json!({})).await.expect("server answers");
    let body = response.json().await.expect("json");
    Reply { status: response.status().as_u16(), body }
}

#[actix_web::test]
async fn demo_accounts_are_limited_per_address_and_in_total_with_a_clear_429() {
    let app = spawn_app_with(|s| {
        s.application.trusted_proxies = vec!["127.0.0.1".parse().expect("address")];
        s.limits.api_requests_per_sec_per_ip = 0.0;
        s.limits.demo_logins_per_hour_per_ip = 3;
        s.auth.demo_accounts_max = 5;
    })
    .await;
    for _ in 0..3 {
        assert_eq!(demo_from(&app, "203.0.113.1").await.status, 200);
    }
    assert_error(&demo_from(&app, "203.0.113.1").await, 429, "Too many demo accounts from this address; try again in 20 minutes");
    for _ in 0..2 {
        assert_eq!(demo_from(&app, "203.0.113.2").await.status, 200);
    }
    assert_error(&demo_from(&app, "203.0.113.2").await, 429, "All demo accounts are in use; try again later");
    // A flood from fifty more addresses opens nothing past the cap.
    let flood = join_all((0..50).map(|n| {
        let app = &app;
        async move { demo_from(app, &format!("198.51.100.{n}")).await }
    }))
    .await;
    assert!(flood.iter().all(|reply| reply.status == 429 && reply.message() == "All demo accounts are in use; try again later"), "{:?}", flood.iter().find(|r| r.status != 429).map(|r| &r.body));
    let operator = app.operator().await;
    assert_eq!(app.get("/api/ops/users?search=demo", Some(&operator)).await.body["total"], 5);
}

#[actix_web::test]
async fn a_demo_account_is_retired_after_its_life_its_session_ends_and_it_is_listed_nowhere() {
    let app = spawn_app_with(|s| {
        s.auth.demo_lifetime_secs = 1;
        s.auth.demo_sweep_ms = 100;
        s.auth.demo_accounts_max = 1;
    })
    .await;
    let demo = app.post("/api/auth/demo-login", None, &json!({})).await;
    assert_eq!(demo.status, 200, "{}", demo.body);
    let (token, refresh) = (demo.data()["accessToken"].as_str().expect("access"), demo.data()["refreshToken"].as_str().expect("refresh"));
    let username = demo.data()["user"]["username"].as_str().expect("username").to_owned();
    assert_eq!(app.get("/api/users", Some(token)).await.status, 200);
    assert_error(&app.post("/api/auth/demo-login", None, &json!({})).await, 429, "All demo accounts are in use");

    let deadline = Instant::now() + Duration::from_secs(10);
    while app.get("/api/users", Some(token)).await.status == 200 {
        assert!(Instant::now() < deadline, "the demo account outlived its life");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    assert_error(&app.get("/api/users", Some(token)).await, 401, "invalid or expired");
    assert_error(&app.get("/api/auth/refresh/login", Some(refresh)).await, 401, "Please log in again");
    let operator = app.operator().await;
    assert_eq!(app.get(&format!("/api/ops/users?search={username}"), Some(&operator)).await.body["total"], 0);
    assert_error(&app.get(&format!("/api/ops/users/{username}"), Some(&operator)).await, 404, "Unknown user");
    let next = app.post("/api/auth/demo-login", None, &json!({})).await;
    assert_eq!(next.status, 200, "its place is free again: {}", next.body);
    assert_ne!(next.data()["user"]["username"].as_str(), Some(username.as_str()), "a name is never given twice");
    assert_eq!(app.get("/api/ops/audit/verify", Some(&operator)).await.body["success"], true);
}
