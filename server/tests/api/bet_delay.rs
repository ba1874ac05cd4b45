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
    in_play_market(app, "match").await
}

/// An in-play cricket market of type `gtype` with every runner active, and its delay.
async fn in_play_market(app: &TestApp, gtype: &str) -> (Value, Duration) {
    let rows = app.post("/data/front/highlightproduct", None, &json!({"etid": 4, "type": "all"})).await;
    for fixture in rows.data().as_array().expect("rows").iter().filter(|f| f["iplay"] == true) {
        let gmid = fixture["gmid"].as_u64().expect("gmid");
        let markets = app.post(&format!("/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, &json!({})).await;
        let found = markets.data().as_array().expect("markets").iter().find(|m| {
            m["gtype"] == gtype && m["status"] == "OPEN" && m["rc"].as_u64() > Some(0) && m["section"].as_array().expect("sections").iter().all(|s| s["gstatus"] == "ACTIVE")
        });
        if let Some(market) = found {
            let delay = Duration::from_millis(market["rc"].as_u64().expect("rc") * DELAY_MS_PER_SEC);
            return (market.clone(), delay);
        }
    }
    panic!("no in-play cricket {gtype} market with a delay");
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
async fn an_in_play_order_meets_the_book_as_it_is_when_its_delay_is_over() {
    // No market makers: two players are the whole book.
    let app = spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = DELAY_MS_PER_SEC;
        s.exchange.makers.count = 0;
    })
    .await;
    let operator = app.operator().await;
    app.create_user(&operator, "layer", false).await;
    app.credit(&operator, "layer", 1_000.0).await;
    let (layer, _, _) = app.login("layer", "secret12").await;
    let backer = app.player().await;
    let (market, delay) = in_play_match_odds(&app).await;
    let laid = place(&app, Some(&layer), &bet_body(&market, 0, "lay", 2.0, 100.0, "lay")).await;
    assert_eq!(laid.status, 200, "{}", laid.body);
    let lay_id = laid.data()["order"]["orderId"].as_u64().expect("an order");
    assert_eq!(laid.data()["order"]["unmatched"], 100.0, "nothing to match yet: it rests");
    // The backer asks for the lay's price; while its delay runs, the layer takes the lay away.
    let started = Instant::now();
    let body = bet_body(&market, 0, "back", 2.0, 100.0, "back");
    let back = place(&app, Some(&backer), &body);
    let pulled = async {
        actix_web::rt::time::sleep(delay / 3).await;
        app.post("/api/exchange/cancel", Some(&layer), &json!({"orderId": lay_id})).await
    };
    let (backed, pulled) = futures_util::future::join(back, pulled).await;
    assert_eq!(pulled.status, 200, "{}", pulled.body);
    assert!(started.elapsed() >= delay, "answered after {:?}, before the {delay:?} delay", started.elapsed());
    assert_eq!(backed.status, 200, "{}", backed.body);
    assert_eq!((backed.data()["order"]["matched"].as_f64(), backed.data()["order"]["unmatched"].as_f64()), (Some(0.0), Some(100.0)), "the lay was gone when the delay was over: {}", backed.body);
    let user = app.get("/api/users", Some(&layer)).await;
    assert_eq!(user.data()["exp"], 0, "the cancelled lay holds nothing");
}
