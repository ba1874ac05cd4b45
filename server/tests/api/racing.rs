//! Races against the real server: a race's win market traded on the exchange, its place market,
//! and a runner withdrawn before the off (a non-runner). The simulator is frozen and the market
//! makers are off, so the test's players are the whole book.

use crate::helpers::*;
use crate::sports::{bet_body, place};
use serde_json::{json, Value};

async fn race_app() -> TestApp {
    spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
        s.exchange.makers.count = 0;
        s.feed.racing.non_runner_chance = 0.0;
    })
    .await
}

async fn trader(app: &TestApp, operator: &str, name: &str) -> String {
    app.create_user(operator, name, false).await;
    assert_eq!(app.credit(operator, name, 10_000.0).await.status, 200);
    app.login(name, "secret12").await.0
}

/// The first greyhound race on the card: its fixture, win market and place market.
async fn greyhound_race(app: &TestApp) -> (Value, Value, Value) {
    let rows = app.post("/data/front/highlightproduct", None, &json!({"etid": 4339, "type": "all"})).await;
    let fixture = rows.data().as_array().expect("rows").first().expect("a greyhound race on the card").clone();
    let gmid = fixture["gmid"].as_u64().expect("gmid");
    let markets = app.post(&format!("/data/front/gamedetailPrivate?etid=4339&gmid={gmid}"), None, &json!({})).await;
    let markets = markets.data().as_array().expect("markets").clone();
    let of = |gtype: &str| markets.iter().find(|m| m["gtype"] == gtype).expect("a race's market").clone();
    (fixture, of("match"), of("fancy1"))
}

/// `market` as the feed shows it once the runner at `index` is withdrawn.
fn removed(market: &Value, index: usize) -> Value {
    let mut market = market.clone();
    market["section"][index]["gstatus"] = json!("REMOVED");
    market["section"][index]["odds"] = json!([]);
    market
}

#[allow(clippy::too_many_arguments)]
async fn order(app: &TestApp, token: &str, market: &Value, index: usize, side: &str, price: f64, amount: f64, id: &str) -> Value {
    let reply = place(app, Some(token), &bet_body(market, index, side, price, amount, id)).await;
    assert_eq!(reply.status, 200, "{id}: {}", reply.body);
    reply.data().clone()
}

async fn exposure(app: &TestApp, token: &str) -> f64 {
    -app.get("/api/users", Some(token)).await.data()["exp"].as_f64().expect("exp")
}

#[actix_web::test]
async fn a_race_has_six_greyhounds_a_win_market_on_the_exchange_and_a_place_market() {
    let app = race_app().await;
    let (fixture, win, place_market) = greyhound_race(&app).await;
    assert_eq!(fixture["etid"], 4339);
    assert_eq!(fixture["iplay"], false, "races are shown before the off");
    assert_eq!(win["mname"], "Win");
    assert_eq!(win["section"].as_array().expect("runners").len(), 6);
    assert_eq!(place_market["mname"], "Place (top 2)");
}

#[actix_web::test]
async fn a_bet_on_a_withdrawn_runner_is_refused_with_a_clear_error_and_nothing_is_written() {
    let app = race_app().await;
    let operator = app.operator().await;
    let layer = trader(&app, &operator, "layer_one").await;
    let player = app.player().await;
    let (fixture, win, place_market) = greyhound_race(&app).await;
    order(&app, &layer, &win, 0, "lay", 4.0, 100.0, "lay").await;
    order(&app, &player, &win, 0, "back", 4.0, 100.0, "back").await;
    order(&app, &layer, &win, 2, "lay", 5.0, 100.0, "resting").await;
    assert_eq!(exposure(&app, &layer).await, 300.0, "300 if trap 1 wins, 400 - 100 if trap 3 does");
    // Trap 3 is withdrawn: 25 % in the win market, 40 % in the place market.
    let (gmid, sid) = (fixture["gmid"].clone(), win["section"][2]["sid"].clone());
    let withdrawn = json!([
        {"type": "market_updated", "market": removed(&win, 2)},
        {"type": "market_updated", "market": removed(&place_market, 2)},
        {"type": "runner_withdrawn", "gmid": gmid, "mid": win["mid"], "sid": sid, "reduction_factor_bp": 2500},
        {"type": "runner_withdrawn", "gmid": gmid, "mid": place_market["mid"], "sid": sid, "reduction_factor_bp": 4000},
    ]);
    let sent = app.post("/api/ops/feed/events", Some(&operator), &withdrawn).await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert_eq!(exposure(&app, &layer).await, 200.0, "the resting lay lapsed; the matched lay at 4.00 is now at 3.00");
    assert_eq!(exposure(&app, &player).await, 100.0);
    let mine = app.get(&format!("/api/bet?gameId={gmid}"), Some(&player)).await;
    assert_eq!(mine.data()["bets"][0]["uRate"], 3.0, "the matched price less the reduction factor: {}", mine.body);
    let head = app.head_seq().await;
    let win_now = removed(&win, 2);
    assert_error(&place(&app, Some(&player), &bet_body(&win_now, 2, "back", 4.0, 100.0, "nr-win")).await, 422, "non-runner");
    assert_error(&place(&app, Some(&player), &bet_body(&win_now, 2, "lay", 1.5, 100.0, "nr-lay")).await, 422, "non-runner");
    let place_now = removed(&place_market, 2);
    assert_error(&place(&app, Some(&player), &bet_body(&place_now, 2, "back", 2.0, 100.0, "nr-place")).await, 422, "non-runner");
    assert_eq!(app.head_seq().await, head, "nothing written by the refusals");
    // A withdrawal of a runner the market does not have is refused at the door.
    let bad = json!([{"type": "runner_withdrawn", "gmid": gmid, "mid": win["mid"], "sid": 99, "reduction_factor_bp": 100}]);
    assert_error(&app.post("/api/ops/feed/events", Some(&operator), &bad).await, 400, "no runner 99");
    let too_much = json!([{"type": "runner_withdrawn", "gmid": gmid, "mid": win["mid"], "sid": 1, "reduction_factor_bp": 10001}]);
    assert_error(&app.post("/api/ops/feed/events", Some(&operator), &too_much).await, 400, "reduction factor");
    assert_eq!(app.head_seq().await, head, "nothing written");
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert!(report.data()["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "{}", report.body);
}
