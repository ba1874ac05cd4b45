use crate::helpers::*;
use serde_json::json;

#[actix_web::test]
async fn operator_calls_need_the_operator_role() {
    let app = spawn_app().await;
    let player = app.player().await;
    assert_error(&app.credit(&player, "player1", 10.0).await, 403, "permission");
    assert_error(&app.get("/api/ops/audit/verify", Some(&player)).await, 403, "permission");
    assert_error(&app.post("/api/ops/credit", None, &json!({"username": "player1", "amount": 1, "remark": "r"})).await, 401, "missing");
}

#[actix_web::test]
async fn a_credit_moves_the_balance_and_says_its_seq() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let reply = app.credit(&operator, "player1", 1500.5).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.data()["balance"], 101500.5);
    assert_eq!(reply.data()["seq"], app.head_seq().await);
}

#[actix_web::test]
async fn bad_money_requests_are_refused_and_write_nothing() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let head = app.head_seq().await;
    let cases = [
        (json!({"username": "player1", "amount": -5, "remark": "r"}), 400, "greater than 0"),
        (json!({"username": "player1", "amount": 0, "remark": "r"}), 400, "greater than 0"),
        (json!({"username": "player1", "amount": 1.005, "remark": "r"}), 400, "at most 2 decimals"),
        (json!({"username": "player1", "amount": 1e15, "remark": "r"}), 400, "at most 1000000000"),
        (json!({"username": "player1", "amount": "10", "remark": "r"}), 400, "amount: invalid type"),
        (json!({"username": "player1", "remark": "r"}), 400, "missing field `amount`"),
        (json!({"username": "player1", "amount": 10, "remark": ""}), 400, "remark"),
        (json!({"username": "player1", "amount": 10, "remark": "r", "extra": 1}), 400, "unknown field"),
        (json!({"username": "ghost", "amount": 10, "remark": "r"}), 404, "Unknown user"),
    ];
    for (body, status, message) in cases {
        assert_error(&app.post("/api/ops/credit", Some(&operator), &body).await, status, message);
    }
    let overdraw = app.post("/api/ops/debit", Some(&operator), &json!({"username": "player1", "amount": 100000.01, "remark": "r"})).await;
    assert_error(&overdraw, 422, "Insufficient balance");
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn operators_create_users_and_bad_requests_are_refused() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let user = app.create_user(&operator, "fresh_one", true).await;
    assert_eq!(user["isLogin"], false);
    let head = app.head_seq().await;
    let dup = app.post("/api/ops/users", Some(&operator), &json!({"username": "FRESH_ONE", "password": "secret12", "role": "user"})).await;
    assert_error(&dup, 422, "taken");
    let role = app.post("/api/ops/users", Some(&operator), &json!({"username": "x_user", "password": "secret12", "role": "admin"})).await;
    assert_error(&role, 400, "role");
    let short = app.post("/api/ops/users", Some(&operator), &json!({"username": "x_user", "password": "123", "role": "user"})).await;
    assert_error(&short, 400, "password");
    let name = app.post("/api/ops/users", Some(&operator), &json!({"username": "x y", "password": "secret12", "role": "user"})).await;
    assert_error(&name, 400, "username");
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn audit_verify_passes_and_replay_shows_past_balances() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let before = app.head_seq().await;
    app.credit(&operator, "player1", 10.0).await;
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(report.body["success"], true, "{}", report.body);
    let checks = report.data()["checks"].as_array().expect("checks");
    assert_eq!(checks.len(), 9);
    assert!(checks.iter().any(|c| c["name"].as_str().is_some_and(|n| n.starts_with("every result fits its market"))), "{checks:?}");
    assert!(checks.iter().all(|c| c["pass"] == true), "{checks:?}");
    assert!(checks.iter().filter(|c| c["name"].as_str().is_some_and(|n| n.starts_with("balance"))).all(|c| c["checked"].as_u64() > Some(0)));
    let past = app.get(&format!("/api/ops/audit/state?seq={before}&username=player1"), Some(&operator)).await;
    assert_eq!(past.data()["users"][0]["balance"], 100000);
    let now = app.get("/api/ops/audit/state?username=player1", Some(&operator)).await;
    assert_eq!(now.data()["users"][0]["balance"], 100010);
    assert_eq!(app.get("/api/ops/audit/state?seq=99999", Some(&operator)).await.status, 400);
    assert_eq!(app.get("/api/ops/audit/state?username=ghost", Some(&operator)).await.status, 404);
    assert_eq!(app.get("/api/ops/audit/state?seq=abc", Some(&operator)).await.status, 400);
}

#[actix_web::test]
async fn the_invariant_check_runs_in_the_background_with_its_progress() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    assert_eq!(app.post("/api/ops/audit/verify-runs", Some(&player), &serde_json::json!({})).await.status, 403);
    let none = app.get("/api/ops/audit/verify-runs/latest", Some(&operator)).await;
    assert_eq!((none.data()["id"].as_u64(), none.data()["running"].as_bool()), (Some(0), Some(false)), "{}", none.body);
    let started = app.post("/api/ops/audit/verify-runs", Some(&operator), &serde_json::json!({})).await;
    assert_eq!(started.status, 200, "{}", started.body);
    assert_eq!(started.data()["id"], 1);
    let head = app.head_seq().await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let done = loop {
        let latest = app.get("/api/ops/audit/verify-runs/latest", Some(&operator)).await;
        if latest.data()["running"] == false {
            break latest.data().clone();
        }
        assert!(std::time::Instant::now() < deadline, "the check did not finish: {}", latest.body);
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(done["total"].as_u64().expect("total") <= head && done["total"].as_u64() > Some(0), "{done}");
    assert_eq!(done["done"], done["total"], "{done}");
    let checks = done["report"]["checks"].as_array().expect("checks");
    assert!(checks.iter().all(|c| c["pass"] == true), "{done}");
    assert!(done["report"].get("firstFailure").is_none(), "{done}");
    let again = app.post("/api/ops/audit/verify-runs", Some(&operator), &serde_json::json!({})).await;
    assert_eq!(again.data()["id"], 2);
}
