//! Money is read from the JSON text of each amount and rate, exactly: an amount with more than
//! two decimals is refused with 400, whatever `f64` would round it to, on all nine money fields,
//! and nothing is written. Exact amounts are taken to the minor unit.

use crate::helpers::*;
use serde_json::{json, Value};

/// The texts the attacker sent: each rounds, through `f64`, to an amount that would pass.
const ROUNDING_TEXTS: [&str; 3] = ["999999999.999999999", "100.12999999999999", "99.9999999999999999999"];

/// A body's JSON text with the `"@"` placeholder replaced by a number's text as sent.
fn with_number(body: &Value, number: &str) -> String {
    body.to_string().replace("\"@\"", number)
}

struct Field {
    method: &'static str,
    path: &'static str,
    operator: bool,
    sealed: bool,
    body: Value,
}

fn money_fields() -> Vec<Field> {
    let field = |method, path, operator, sealed, body| Field { method, path, operator, sealed, body };
    vec![
        field("POST", "/api/bet/place", false, true, json!({"gameId": 1, "marketId": 1, "sectionId": 1, "uRate": 1.5, "amount": "@", "betType": "back", "requestId": "m1"})),
        field("POST", "/api/bet/place", false, true, json!({"gameId": 1, "marketId": 1, "sectionId": 1, "uRate": "@", "amount": 10, "betType": "back", "requestId": "m2"})),
        field("POST", "/api/bet/place/casino", false, true, json!({"gType": "teen20", "marketId": "1", "sectionId": 1, "uRate": 1.98, "amount": "@", "betType": "back", "requestId": "m3"})),
        field("POST", "/api/bet/place/casino", false, true, json!({"gType": "teen20", "marketId": "1", "sectionId": 1, "uRate": "@", "amount": 10, "betType": "back", "requestId": "m4"})),
        field("POST", "/api/wallet/deposit", false, false, json!({"amount": "@", "method": "upi"})),
        field("POST", "/api/wallet/withdraw", false, false, json!({"amount": "@", "type": "NORMAL", "accountId": 1})),
        field("POST", "/api/ops/credit", true, false, json!({"username": "player1", "amount": "@", "remark": "exact"})),
        field("POST", "/api/ops/debit", true, false, json!({"username": "player1", "amount": "@", "remark": "exact"})),
        field("POST", "/api/ops/bonus/coupons", true, false, json!({"username": "player1", "name": "C", "amount": "@", "depoAmount": 1000, "expireDate": "2099-12-31"})),
        field("POST", "/api/ops/bonus/coupons", true, false, json!({"username": "player1", "name": "C", "amount": 100, "depoAmount": "@", "expireDate": "2099-12-31"})),
        field("PUT", "/api/userPerformance", false, true, json!({"button": {"game": [{"label": "a", "value": "@"}], "casino": [{"label": "b", "value": 100}]}})),
    ]
}

#[actix_web::test]
async fn amounts_and_rates_that_floating_point_would_round_are_refused_on_every_money_field() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let head = app.head_seq().await;
    for field in money_fields() {
        let token = if field.operator { &operator } else { &player };
        for number in ROUNDING_TEXTS {
            let text = with_number(&field.body, number);
            let text = if field.sealed { app.seal_text(&text).to_string() } else { text };
            let reply = app.send(field.method, field.path, Some(token), Some(&text)).await;
            assert_eq!(reply.status, 400, "{} {} with {number}: {}", field.method, field.path, reply.body);
            assert!(reply.message().contains("at most 2 decimals"), "{} with {number}: {}", field.path, reply.message());
        }
    }
    assert_eq!(app.head_seq().await, head, "nothing was written");
}

#[actix_web::test]
async fn an_exact_amount_is_credited_to_the_minor_unit() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let before = app.get("/api/users", Some(&player)).await.data()["balance"].as_f64().expect("balance");
    let text = with_number(&json!({"username": "player1", "amount": "@", "remark": "exact"}), "100.10");
    let reply = app.send("POST", "/api/ops/credit", Some(&operator), Some(&text)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let after = app.get("/api/users", Some(&player)).await.data()["balance"].as_f64().expect("balance");
    assert_eq!(((after - before) * 100.0).round() as i64, 10_010);
    let past_max = with_number(&json!({"username": "player1", "amount": "@", "remark": "exact"}), "1000000000.01");
    assert_error(&app.send("POST", "/api/ops/credit", Some(&operator), Some(&past_max)).await, 400, "at most 1000000000");
}
