//! Operators at the feed: suspend, resume, move a price, settle, void and finish, each
//! recorded with the operator and remark; what is wrong is refused and changes nothing.

use crate::helpers::*;
use crate::sports::{bet_body, best, cents, frozen_app, match_odds, open_market, place};
use serde_json::{json, Value};

async fn market_now(app: &TestApp, gmid: &Value, mid: &Value) -> Value {
    let markets = app.post(&format!("/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, &json!({})).await;
    markets.data().as_array().expect("markets").iter().find(|m| m["mid"] == *mid).cloned().expect("the market")
}

async fn last_event(app: &TestApp, operator: &str, kind: &str) -> Value {
    let events = app.get(&format!("/api/ops/audit/events?kind={kind}&limit=500"), Some(operator)).await;
    events.data().as_array().expect("rows").last().cloned().expect("an event of that kind")
}

#[actix_web::test]
async fn a_suspended_market_takes_no_bet_until_resumed_and_the_log_says_who() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let (fixture, market) = match_odds(&app).await;
    let (gmid, mid) = (&fixture["gmid"], &market["mid"]);
    let price = best(&market, 0, "back");
    let url = |action: &str| format!("/api/ops/feed/{gmid}/markets/{mid}/{action}");

    let suspended = app.post(&url("suspend"), Some(&operator), &json!({"remark": "incident on the field"})).await;
    assert_eq!(suspended.status, 200, "{}", suspended.body);
    let shown = market_now(&app, gmid, mid).await;
    assert_eq!(shown["status"], "SUSPENDED");
    assert!(shown["section"].as_array().expect("sections").iter().all(|s| s["gstatus"] == "SUSPENDED"), "{shown}");
    let listed = suspended.data()["markets"].as_array().expect("markets").iter().find(|m| m["mid"] == *mid).cloned().expect("listed");
    assert_eq!(listed["held"], true);
    assert_error(&place(&app, Some(&player), &bet_body(&market, 0, "back", price, 100.0, "held")).await, 409, "SUSPENDED");
    assert_error(&app.post(&url("suspend"), Some(&operator), &json!({"remark": "again"})).await, 409, "already suspended");

    let event = last_event(&app, &operator, "MarketActed").await;
    assert_eq!(event["by"], "operator");
    assert_eq!(event["detail"]["action"], "Suspend");
    assert_eq!(event["detail"]["remark"], "incident on the field");

    let resumed = app.post(&url("resume"), Some(&operator), &json!({"remark": "play on"})).await;
    assert_eq!(resumed.status, 200, "{}", resumed.body);
    assert_eq!(market_now(&app, gmid, mid).await["status"], "OPEN");
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", price, 100.0, "resumed")).await.status, 200);
}

#[actix_web::test]
async fn a_whole_fixture_is_suspended_and_resumed() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let (fixture, market) = match_odds(&app).await;
    let gmid = &fixture["gmid"];
    let suspended = app.post(&format!("/api/ops/feed/{gmid}/suspend"), Some(&operator), &json!({"remark": "integrity check"})).await;
    assert_eq!(suspended.status, 200, "{}", suspended.body);
    assert_eq!(suspended.data()["held"], true);
    let markets = app.post(&format!("/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, &json!({})).await;
    assert!(markets.data().as_array().expect("markets").iter().filter(|m| m["status"] != "CLOSED").all(|m| m["status"] == "SUSPENDED"), "{}", markets.body);
    // A market's own resume does not lift the fixture's hold.
    assert_error(&app.post(&format!("/api/ops/feed/{gmid}/markets/{}/resume", market["mid"]), Some(&operator), &json!({"remark": "x"})).await, 409, "not suspended");
    assert_eq!(app.post(&format!("/api/ops/feed/{gmid}/resume"), Some(&operator), &json!({"remark": "cleared"})).await.status, 200);
    assert_eq!(market_now(&app, gmid, &market["mid"]).await["status"], "OPEN");
}

#[actix_web::test]
async fn a_moved_price_is_the_price_bets_are_taken_at() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    // A bookmaker market: booked against the house at the price shown (match odds are the
    // exchange's, where a price is the book's).
    let market = open_market(&app, "match1").await.expect("an open bookmaker market");
    let fixture = json!({"gmid": market["gmid"]});
    let (gmid, mid) = (&fixture["gmid"], &market["mid"]);
    let sid = &market["section"][0]["sid"];
    let old = best(&market, 0, "back");
    let lay = best(&market, 0, "lay");
    let new = ((old - 0.05) * 100.0).round() / 100.0;
    let url = format!("/api/ops/feed/{gmid}/markets/{mid}/price");
    let moved = app.post(&url, Some(&operator), &json!({"remark": "manual trade", "sid": sid, "side": "back", "price": new})).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(best(&market_now(&app, gmid, mid).await, 0, "back"), new);
    assert_error(&place(&app, Some(&player), &bet_body(&market, 0, "back", old, 100.0, "old price")).await, 409, "Odds changed");
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", new, 100.0, "new price")).await.status, 200);

    let head = app.head_seq().await;
    for (body, status, needle) in [
        (json!({"remark": "x", "sid": sid, "side": "back", "price": cents(lay + 1.0)}), 422, "below the lay"),
        (json!({"remark": "x", "sid": sid, "side": "back", "price": 1.0}), 400, "1.01 to 1000"),
        (json!({"remark": "x", "sid": sid, "side": "back", "price": 1.555}), 400, "price"),
        (json!({"remark": "x", "sid": 999_999, "side": "back", "price": new}), 404, "Unknown section"),
        (json!({"remark": "x", "side": "back", "price": new}), 400, "sid"),
        (json!({"remark": "x", "sid": sid, "side": "sideways", "price": new}), 400, "side"),
        (json!({"remark": "", "sid": sid, "side": "back", "price": new}), 400, "remark"),
    ] {
        assert_error(&app.post(&url, Some(&operator), &body).await, status, needle);
    }
    assert_eq!(app.head_seq().await, head, "nothing refused was recorded");
}

#[actix_web::test]
async fn an_operator_settles_a_market_and_the_bet_pays_once() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let (fixture, market) = match_odds(&app).await;
    let (gmid, mid) = (&fixture["gmid"], &market["mid"]);
    let price = best(&market, 0, "back");
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", price, 200.0, "to settle")).await.status, 200);
    // At the price asked or better (the other runner's money may imply more).
    let profit_minor = crate::sports::pnl_if_minor(&app, &player, &market, &market["section"][0]["sid"]).await;
    assert!(profit_minor >= ((price - 1.0) * 200.0 * 100.0).round() as i64, "{profit_minor}");
    let url = |action: &str| format!("/api/ops/feed/{gmid}/markets/{mid}/{action}");
    let head = app.head_seq().await;
    for (body, status, needle) in [
        (json!({"remark": "x", "result": {"kind": "runs", "value": 4}}), 400, "winner"),
        (json!({"remark": "x", "result": {"kind": "winner", "sid": 999_999}}), 400, "result"),
        (json!({"remark": "x"}), 400, "result: required"),
        (json!({"remark": "x", "result": {"kind": "winner", "sid": market["section"][0]["sid"]}, "extra": 1}), 400, "extra"),
    ] {
        assert_error(&app.post(&url("settle"), Some(&operator), &body).await, status, needle);
    }
    assert_eq!(app.head_seq().await, head);

    let winner = json!({"kind": "winner", "sid": market["section"][0]["sid"]});
    let settled = app.post(&url("settle"), Some(&operator), &json!({"remark": "official result", "result": winner})).await;
    assert_eq!(settled.status, 200, "{}", settled.body);
    let commission_minor = profit_minor * 5 / 100;
    let user = app.get("/api/users", Some(&player)).await;
    assert_eq!(user.data()["balance"].as_f64(), Some(100_000.0 + (profit_minor - commission_minor) as f64 / 100.0), "the win less 5 % commission: {}", user.body);
    assert_eq!(user.data()["exp"], 0);
    assert_eq!(market_now(&app, gmid, mid).await["status"], "CLOSED");

    assert_error(&app.post(&url("settle"), Some(&operator), &json!({"remark": "twice", "result": winner})).await, 409, "already settled");
    assert_error(&app.post(&url("void"), Some(&operator), &json!({"remark": "too late"})).await, 409, "already settled");
    assert_error(&app.post(&url("suspend"), Some(&operator), &json!({"remark": "too late"})).await, 409, "already settled");
    // The feed's own result for the same market comes too late and pays nothing more.
    let late = app.post("/api/ops/feed/events", Some(&operator), &json!([{"type": "market_settled", "gmid": gmid, "mid": mid, "result": {"kind": "void"}}])).await;
    assert_eq!(late.status, 200, "{}", late.body);
    assert_eq!(app.get("/api/users", Some(&player)).await.data()["balance"].as_f64(), Some(100_000.0 + (profit_minor - commission_minor) as f64 / 100.0));
    let event = last_event(&app, &operator, "MarketActed").await;
    assert_eq!(event["detail"]["action"]["Settle"]["result"], winner);
}

#[actix_web::test]
async fn a_voided_market_returns_every_stake() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let market = open_market(&app, "fancy").await.expect("an open fancy market");
    let line = best(&market, 0, "back");
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", line, 300.0, "to void")).await.status, 200);
    assert_eq!(app.get("/api/users", Some(&player)).await.data()["exp"], -300.0);
    let url = format!("/api/ops/feed/{}/markets/{}/void", market["gmid"], market["mid"]);
    assert_error(&app.post(&url, Some(&operator), &json!({})).await, 400, "remark");
    let voided = app.post(&url, Some(&operator), &json!({"remark": "rain, no result"})).await;
    assert_eq!(voided.status, 200, "{}", voided.body);
    let user = app.get("/api/users", Some(&player)).await;
    assert_eq!((user.data()["balance"].as_f64(), user.data()["exp"].as_f64()), (Some(100_000.0), Some(0.0)), "{}", user.body);
}

#[actix_web::test]
async fn feed_calls_refuse_players_and_unknown_ids() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let (fixture, market) = match_odds(&app).await;
    let (gmid, mid) = (&fixture["gmid"], &market["mid"]);
    assert_eq!(app.get("/api/ops/feed", Some(&player)).await.status, 403);
    assert_eq!(app.post(&format!("/api/ops/feed/{gmid}/markets/{mid}/suspend"), Some(&player), &json!({"remark": "x"})).await.status, 403);
    assert_error(&app.post(&format!("/api/ops/feed/{gmid}/markets/{mid}/explode"), Some(&operator), &json!({"remark": "x"})).await, 404, "Unknown action");
    assert_error(&app.post(&format!("/api/ops/feed/{gmid}/markets/1/suspend"), Some(&operator), &json!({"remark": "x"})).await, 404, "Unknown market");
    assert_error(&app.post(&format!("/api/ops/feed/{gmid}/finish"), Some(&operator), &json!({"remark": "x", "winner": "nobody"})).await, 400, "winner");

    let listed = app.get("/api/ops/feed", Some(&operator)).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    assert_eq!(listed.data()["clock"]["running"], true);
    let fixtures = listed.data()["fixtures"].as_array().expect("fixtures");
    let found = fixtures.iter().find(|f| f["gmid"] == *gmid).expect("the fixture is listed");
    assert!(found["markets"].as_array().expect("markets").iter().any(|m| m["mid"] == *mid && m["sections"][0]["back"].is_number()), "{found}");
}

#[actix_web::test]
async fn the_house_figures_follow_bets_and_settlements() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    // A bookmaker market: the house is its counterparty (on match odds players match each other).
    let market = open_market(&app, "match1").await.expect("an open bookmaker market");
    let fixture = json!({"gmid": market["gmid"]});
    let price = best(&market, 0, "back");
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", price, 200.0, "house")).await.status, 200);
    let house = app.get("/api/ops/house?days=7", Some(&operator)).await;
    assert_eq!(house.status, 200, "{}", house.body);
    let data = house.data();
    let win = (price * 200.0).round() / 100.0;
    assert_eq!((data["turnover"].as_f64(), data["turnoverToday"].as_f64(), data["exposure"].as_f64()), (Some(200.0), Some(200.0), Some(win)));
    let row = data["markets"].as_array().expect("markets").iter().find(|m| m["mid"] == market["mid"]).cloned().expect("the open market");
    assert_eq!((row["bets"].as_u64(), row["stake"].as_f64(), row["exposure"].as_f64()), (Some(1), Some(200.0), Some(win)), "{row}");
    assert_eq!(data["pnlByDay"].as_array().expect("days").len(), 7);

    let lose = json!({"kind": "winner", "sid": market["section"][1]["sid"]});
    let url = format!("/api/ops/feed/{}/markets/{}/settle", fixture["gmid"], market["mid"]);
    assert_eq!(app.post(&url, Some(&operator), &json!({"remark": "official", "result": lose})).await.status, 200);
    let house = app.get("/api/ops/house", Some(&operator)).await;
    let data = house.data();
    assert_eq!(data["exposure"], 0);
    assert_eq!(data["pnlByDay"].as_array().expect("days").len(), 30, "a month by default");
    assert_eq!(data["pnlByDay"][29]["pnl"], 200.0, "the house won the stake today: {}", house.body);
    assert_eq!(data["pnlByDay"][29]["day"], chrono::Utc::now().format("%Y-%m-%d").to_string());
    for bad in ["days=0", "days=367", "days=x", "weeks=2"] {
        assert_eq!(app.get(&format!("/api/ops/house?{bad}"), Some(&operator)).await.status, 400, "{bad}");
    }
    assert_eq!(app.get("/api/ops/house", Some(&player)).await.status, 403);
}

#[actix_web::test]
async fn a_feed_source_must_be_named_plainly() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    for bad in ["simulator", "Bad%20Name", "", "x%0A"] {
        assert_error(&app.post(&format!("/api/ops/feed/events?source={bad}"), Some(&operator), &json!([])).await, 400, "source");
    }
    assert_eq!(app.post("/api/ops/feed/events?source=odds-provider_2", Some(&operator), &json!([])).await.status, 200, "a heartbeat");
    let sources = app.get("/api/ops/feed", Some(&operator)).await.data()["clock"]["sources"].clone();
    assert_eq!((sources[0]["name"].as_str(), sources[0]["silent"].as_bool(), sources[0]["events"].as_u64()), (Some("odds-provider_2"), Some(false), Some(0)));
}

#[actix_web::test]
async fn a_feed_result_that_names_nothing_its_market_has_is_refused_and_moves_no_money() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let (fixture, market) = match_odds(&app).await;
    let (gmid, mid) = (&fixture["gmid"], &market["mid"]);
    let price = best(&market, 0, "back");
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", price, 100.0, "nonsense results")).await.status, 200);
    let before = app.get("/api/users", Some(&player)).await.data().clone();
    let head = app.head_seq().await;
    let mut nonsense = vec![
        (json!({"type": "market_settled", "gmid": gmid, "mid": mid, "result": {"kind": "winner", "sid": 999}}), "events[0].result"),
        (json!({"type": "market_settled", "gmid": gmid, "mid": mid, "result": {"kind": "runs", "value": 7}}), "events[0].result"),
        (json!({"type": "market_settled", "gmid": gmid, "mid": 999_999_999, "result": {"kind": "void"}}), "events[0].mid"),
    ];
    if let Some(meter) = open_market(&app, "meter").await {
        nonsense.push((json!({"type": "market_settled", "gmid": meter["gmid"], "mid": meter["mid"], "result": {"kind": "runs", "value": 4_294_967_295u64}}), "at most 999"));
    }
    if let Some(fancy1) = open_market(&app, "fancy1").await {
        nonsense.push((json!({"type": "market_settled", "gmid": fancy1["gmid"], "mid": fancy1["mid"], "result": {"kind": "happened", "sids": [999, 1000]}}), "naming its sections"));
    }
    for (event, needle) in nonsense {
        assert_error(&app.post("/api/ops/feed/events", Some(&operator), &json!([event])).await, 400, needle);
    }
    assert_eq!(app.head_seq().await, head, "nothing was written");
    assert_eq!(app.get("/api/users", Some(&player)).await.data(), &before, "no money moved");
    assert_eq!(market_now(&app, gmid, mid).await["status"], "OPEN", "the market is still open");
    // The real result, sent the same way, settles.
    let winner = json!([{"type": "market_settled", "gmid": gmid, "mid": mid, "result": {"kind": "winner", "sid": market["section"][0]["sid"]}}]);
    assert_eq!(app.post("/api/ops/feed/events", Some(&operator), &winner).await.status, 200);
    assert_eq!(app.get("/api/users", Some(&player)).await.data()["exp"], 0);
}
