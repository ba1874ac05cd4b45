//! The most an account may hold: a bet that could win past it is refused at acceptance (a
//! settlement never is), and a held withdrawal can always be rejected, its money given back.

use crate::helpers::*;
use crate::sports::{best, bet_body, match_odds, place};
use futures_util::future::join_all;
use serde_json::json;

#[actix_web::test]
async fn a_bet_that_could_win_past_the_balance_maximum_is_refused_and_a_held_withdrawal_is_always_given_back() {
    let app = spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
        s.limits.api_requests_per_sec_per_ip = 0.0;
    })
    .await;
    let (player, operator) = (app.player().await, app.operator().await);
    let account = app.post("/api/wallet/accounts", Some(&player), &json!({"name": "Player One", "bank": "HDFC Bank", "number": "50100234567890", "ifsc": "HDFC0001234", "type": "NORMAL"})).await;
    let account = account.data()["id"].as_u64().expect("account id");
    let held = app.post("/api/wallet/withdraw", Some(&player), &json!({"amount": 1000, "type": "NORMAL", "accountId": account})).await;
    let held = held.data()["id"].as_u64().expect("request id");
    // 99,000.00 after the hold, then 999 credits of 1,000,000,000.00 and one of 999,900,990.00.
    for round in 0..10 {
        let credits = join_all((0..100).map(|n| app.credit(&operator, "player1", if round == 9 && n == 99 { 999_900_990.0 } else { 1_000_000_000.0 }))).await;
        assert!(credits.iter().all(|c| c.status == 200), "{:?}", credits.iter().find(|c| c.status != 200).map(|c| &c.body));
    }
    assert_eq!(app.get("/api/users", Some(&player)).await.data()["balance"], json!(999_999_999_990_i64));

    let (_, market) = match_odds(&app).await;
    let refused = place(&app, Some(&player), &bet_body(&market, 0, "back", best(&market, 0, "back"), 10_000.0, "past-max")).await;
    assert_error(&refused, 422, "This bet could take your balance past the most an account may hold (1000000000000.00); lower the stake");

    // The held 1,000.00 comes back, past the maximum: returning money is never refused.
    let rejected = app.post(&format!("/api/ops/wallet/requests/{held}/reject"), Some(&operator), &json!({"remark": "Name does not match"})).await;
    assert_eq!(rejected.status, 200, "{}", rejected.body);
    assert_eq!(rejected.data()["status"], "Rejected");
    assert_eq!(app.get("/api/users", Some(&player)).await.data()["balance"], json!(1_000_000_000_990_i64));
    // From there money may go out, and new money is refused with a clear message.
    let out = app.post("/api/wallet/withdraw", Some(&player), &json!({"amount": 500, "type": "NORMAL", "accountId": account})).await;
    assert_eq!(out.status, 200, "{}", out.body);
    let deposit = app.post("/api/wallet/deposit", Some(&player), &json!({"amount": 500, "method": "upi"})).await;
    let deposit = deposit.data()["id"].as_u64().expect("request id");
    let approval = app.send("POST", &format!("/api/ops/wallet/requests/{deposit}/approve"), Some(&operator), None).await;
    assert_error(&approval, 422, "This would take the balance past the most an account may hold (1000000000000.00)");
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(report.body["success"], true, "{}", report.body);
}
