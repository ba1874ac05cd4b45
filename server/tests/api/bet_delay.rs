//! The in-play bet delay, as the ledger takes it: a bet on an in-play market waits the market's
//! delay, then is decided on the price on offer at that moment.

use crate::helpers::*;
use crate::sports::{best, bet_body, place};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// 100 ms per second of the market's `rc`: the simulator's in-play cricket markets wait 300 ms.
const DELAY_MS_PER_SEC: u64 = 100;

async fn delayed_app() -> TestApp {
    spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = DELAY_MS_PER_SEC;
    })
    .await
}

/// An in-play cricket match-odds market with every runner active, and its delay.
async fn in_play_match_odds(app: &TestApp) -> (Value, Duration) {
    let rows = app.post("/data/front/highlightproduct", None, &json!({"etid": 4, "type": "all"})).await;
    for fixture in rows.data().as_array().expect("rows").iter().filter(|f| f["iplay"] == true) {
        let gmid = fixture["gmid"].as_u64().expect("gmid");
        let markets = app.post(&format!("/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, &json!({})).await;
        let found = markets.data().as_array().expect("markets").iter().find(|m| {
            m["gtype"] == "match" && m["status"] == "OPEN" && m["rc"].as_u64() > Some(0) && m["section"].as_array().expect("sections").iter().all(|s| s["gstatus"] == "ACTIVE")
        });
        if let Some(market) = found {
            let delay = Duration::from_millis(market["rc"].as_u64().expect("rc") * DELAY_MS_PER_SEC);
            return (market.clone(), delay);
        }
    }
    panic!("no in-play cricket match-odds market with a delay");
}

#[actix_web::test]
async fn an_in_play_bet_waits_its_delay_and_is_taken_at_the_price_then() {
    let app = delayed_app().await;
    let token = app.player().await;
    let (market, delay) = in_play_match_odds(&app).await;
    let back = best(&market, 0, "back");
    let started = Instant::now();
    let placed = place(&app, Some(&token), &bet_body(&market, 0, "back", back, 100.0, "delayed")).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    assert!(started.elapsed() >= delay, "answered after {:?}, before the {delay:?} delay", started.elapsed());
    let operator = app.operator().await;
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    let rules = report.data()["checks"].as_array().expect("checks").iter().find(|c| c["name"].as_str().is_some_and(|n| n.contains("in-play delay"))).cloned().expect("the rules check");
    assert_eq!(rules["pass"], true, "{rules}");
    assert!(rules["checked"].as_u64() >= Some(2), "the delayed bet was checked: {rules}");
}

#[actix_web::test]
async fn an_in_play_bet_whose_price_drops_during_its_delay_is_refused_and_writes_nothing() {
    let app = delayed_app().await;
    let token = app.player().await;
    let operator = app.operator().await;
    let (market, delay) = in_play_match_odds(&app).await;
    let back = best(&market, 0, "back");
    let mut moved = market.clone();
    for level in moved["section"][0]["odds"].as_array_mut().expect("odds") {
        if level["otype"] == "back" {
            level["odds"] = json!(((back - 0.05) * 100.0).round() / 100.0);
        }
    }
    let head = app.head_seq().await;
    let body = bet_body(&market, 0, "back", back, 100.0, "moved");
    let bet = place(&app, Some(&token), &body);
    let price_moves = async {
        actix_web::rt::time::sleep(delay / 3).await;
        app.post("/api/ops/feed/events", Some(&operator), &json!([{"type": "market_updated", "market": moved}])).await
    };
    let (refused, injected) = futures_util::future::join(bet, price_moves).await;
    assert_eq!(injected.status, 200, "{}", injected.body);
    assert_error(&refused, 409, "Odds changed");
    assert_eq!(app.head_seq().await, head, "a refused bet writes nothing");
}
