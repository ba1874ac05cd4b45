//! Loose inputs are refused with a clear 400 and change nothing: a list where a record belongs,
//! a feed status the exchange does not know, and text with control characters, ANSI escapes or
//! right-to-left overrides in remarks, labels and names.

use crate::helpers::*;
use crate::sports::{frozen_app, match_odds};
use serde_json::json;

#[actix_web::test]
async fn a_json_array_as_the_body_of_a_wallet_decision_is_refused() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let created = app.post("/api/wallet/deposit", Some(&player), &json!({"amount": 500, "method": "upi"})).await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.data()["id"].as_u64().expect("request id");
    let head = app.head_seq().await;
    for action in ["process", "approve", "reject"] {
        let reply = app.post(&format!("/api/ops/wallet/requests/{id}/{action}"), Some(&operator), &json!(["looks fine"])).await;
        assert_error(&reply, 400, "invalid type: sequence");
    }
    assert_eq!(app.head_seq().await, head, "nothing was decided");
}

#[actix_web::test]
async fn a_feed_event_with_an_unknown_status_is_refused_and_the_market_stays() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let (fixture, market) = match_odds(&app).await;
    let mut odd = market.clone();
    odd["status"] = json!("WHATEVER😀");
    let reply = app.post("/api/ops/feed/events", Some(&operator), &json!([{"type": "market_updated", "market": odd}])).await;
    assert_error(&reply, 400, "events[0].market.status: must be one of OPEN");
    let mut runner = market.clone();
    runner["section"][0]["gstatus"] = json!("maybe");
    let reply = app.post("/api/ops/feed/events", Some(&operator), &json!([{"type": "market_updated", "market": runner}])).await;
    assert_error(&reply, 400, "events[0].market.section[0].gstatus");
    let now = app.post(&format!("/data/front/gamedetailPrivate?etid=4&gmid={}", fixture["gmid"]), None, &json!({})).await;
    let same = now.data().as_array().expect("markets").iter().find(|m| m["mid"] == market["mid"]).cloned().expect("the market");
    assert_eq!(same["status"], "OPEN", "the market is unchanged");
}

#[actix_web::test]
async fn remarks_labels_and_names_with_control_or_direction_characters_are_refused() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let head = app.head_seq().await;
    for remark in ["nul\u{0}here", "red \u{1b}[31malert", "gnp\u{202e}RNI 0001", "zero\u{200f}width"] {
        let reply = app.post("/api/ops/credit", Some(&operator), &json!({"username": "player1", "amount": 10, "remark": remark})).await;
        assert_error(&reply, 400, "remark");
    }
    let buttons = json!({"button": {"game": [{"label": "bell\u{7}", "value": 100}], "casino": [{"label": "C", "value": 100}]}});
    assert_error(&app.send("PUT", "/api/userPerformance", Some(&player), Some(&buttons.to_string())).await, 400, "label");
    let account = json!({"name": "Ann\u{202e}", "bank": "HDFC Bank", "number": "1234567890", "ifsc": "HDFC0001234", "type": "NORMAL"});
    let saved = app.post("/api/wallet/accounts", Some(&player), &account).await;
    assert_error(&saved, 400, "name");
    assert_eq!(app.head_seq().await, head, "nothing was written");
}

#[actix_web::test]
async fn the_account_statement_pages_and_filters_by_date_like_the_other_reports() {
    let app = frozen_app().await;
    let token = app.player().await;
    let operator = app.operator().await;
    let (fixture, market) = match_odds(&app).await;
    let back = crate::sports::best(&market, 0, "back");
    let placed = crate::sports::place(&app, Some(&token), &crate::sports::bet_body(&market, 0, "back", back, 100.0, "paged")).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    let finished = app.post(&format!("/api/ops/feed/{}/finish", fixture["gmid"]), Some(&operator), &json!({"winner": "home", "remark": "match over"})).await;
    assert_eq!(finished.status, 200, "{}", finished.body);
    let statement = |query: &'static str| {
        let app = &app;
        let token = token.clone();
        async move { app.get(&format!("/api/bet/account-statement?type=game{query}"), Some(&token)).await }
    };
    let all = app.open(&statement("").await);
    let rows = all["data"].as_array().expect("rows").len();
    assert!(rows >= 1, "{all}");
    assert_eq!(all["total"].as_u64(), Some(rows as u64));
    let first = app.open(&statement("&page=1&limit=1").await);
    assert_eq!((first["data"].as_array().map(Vec::len), first["total"].as_u64()), (Some(1), Some(rows as u64)));
    let past = app.open(&statement("&page=2&limit=1").await);
    assert_eq!(past["data"].as_array().map(Vec::len), Some(rows - 1));
    let long_ago = app.open(&statement("&fromDate=2001-01-01&toDate=2001-01-31").await);
    assert_eq!((long_ago["data"].as_array().map(Vec::len), long_ago["total"].as_u64()), (Some(0), Some(0)));
    assert_error(&statement("&limit=0").await, 400, "limit");
    assert_error(&statement("&limit=501").await, 400, "limit");
    assert_error(&statement("&page=0").await, 400, "page");
    assert_error(&statement("&fromDate=yesterday").await, 400, "fromDate");
    // The days are the player's when the client says how far east of UTC it is: the row settled
    // just now is on "today" in Kiritimati (+14 h), India (+5:30) and Baker Island (-12 h), each its
    // own date, and on no other day there.
    let day_at = |offset_minutes: i64, days: i64| (chrono::Utc::now() + chrono::Duration::minutes(offset_minutes) + chrono::Duration::days(days)).format("%Y-%m-%d").to_string();
    let rows_on = |day: String, offset_minutes: i64| {
        let app = &app;
        let token = token.clone();
        async move {
            let reply = app.get(&format!("/api/bet/account-statement?type=game&fromDate={day}&toDate={day}&utcOffset={offset_minutes}"), Some(&token)).await;
            app.open(&reply)["total"].as_u64()
        }
    };
    for offset in [840, 330, -720] {
        assert_eq!(rows_on(day_at(offset, 0), offset).await, Some(rows as u64), "today at {offset} minutes east of UTC");
        assert_eq!(rows_on(day_at(offset, -1), offset).await, Some(0), "yesterday at {offset}");
        assert_eq!(rows_on(day_at(offset, 1), offset).await, Some(0), "tomorrow at {offset}");
    }
    for bad in ["&utcOffset=841", "&utcOffset=-900", "&utcOffset=5.5", "&utcOffset=ist"] {
        let reply = statement(bad).await;
        assert_eq!(reply.status, 400, "{bad}: {}", reply.body);
        assert!(reply.body.to_string().contains("utcOffset") || reply.body.to_string().contains("query"), "{bad}: {}", reply.body);
    }
    assert_error(&statement("&fromDate=2026-01-01&utcOffset=900").await, 400, "utcOffset: must be minutes east of UTC, -840 to 840");
}
