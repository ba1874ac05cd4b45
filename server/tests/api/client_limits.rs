//! Limits per client address and per account: past each, 429 with a clear message, and the
//! request does nothing.

use crate::helpers::*;
use crate::sports::{best, bet_body, match_odds, place};
use serde_json::json;

#[actix_web::test]
async fn requests_past_the_address_rate_get_429_before_any_handler_runs() {
    let app = spawn_app_with(|s| {
        s.limits.api_requests_per_sec_per_ip = 0.5;
        s.limits.api_burst_per_ip = 4;
    })
    .await;
    let operator = app.operator().await;
    for n in 0..3 {
        let credited = app.post("/api/ops/credit", Some(&operator), &json!({"username": "player1", "amount": 1, "remark": format!("r{n}")})).await;
        assert_eq!(credited.status, 200, "{}", credited.body);
    }
    let head = app.head_seq().await;
    let refused = app.post("/api/ops/credit", Some(&operator), &json!({"username": "player1", "amount": 1, "remark": "one too many"})).await;
    assert_error(&refused, 429, "Too many requests from this address");
    assert_eq!(app.head_seq().await, head, "the refused credit wrote nothing");
}

#[actix_web::test]
async fn connections_past_the_address_limit_are_refused_and_a_closed_one_frees_its_place() {
    let app = spawn_app_with(|s| s.limits.ws_connections_per_ip = 2).await;
    let first = crate::ws::connect(&app).await;
    let _second = crate::ws::connect(&app).await;
    let third = app.client.ws(app.url("/ws")).connect().await;
    match third {
        Err(awc::error::WsClientError::InvalidResponseStatus(status)) => assert_eq!(status.as_u16(), 429),
        other => panic!("a third connection must get 429, got {:?}", other.map(|(response, _)| response.status())),
    }
    drop(first);
    // The server sees the closed socket when its read ends; under a loaded test run that can
    // take a few seconds.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        match app.client.ws(app.url("/ws")).connect().await {
            Ok(_) => break,
            Err(_) if std::time::Instant::now() < deadline => actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await,
            Err(e) => panic!("the closed connection's place never came back: {e}"),
        }
    }
}

#[actix_web::test]
async fn bets_past_the_account_rate_get_429_and_are_not_placed() {
    let app = spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
        s.limits.bets_per_sec_per_account = 0.2;
        s.limits.bet_burst_per_account = 2;
    })
    .await;
    let token = app.player().await;
    let (_, market) = match_odds(&app).await;
    let back = best(&market, 0, "back");
    for n in 0..2 {
        let placed = place(&app, Some(&token), &bet_body(&market, 0, "back", back, 100.0, &format!("burst-{n}"))).await;
        assert_eq!(placed.status, 200, "{}", placed.body);
    }
    let head = app.head_seq().await;
    let refused = place(&app, Some(&token), &bet_body(&market, 0, "back", back, 100.0, "third")).await;
    assert_error(&refused, 429, "Too many bets");
    assert_eq!(app.head_seq().await, head, "the refused bet wrote nothing");
}
