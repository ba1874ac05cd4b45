//! The operators' view of accounts (issue 14): find, read, follow the money, act with a remark.

use crate::helpers::*;
use crate::sports::{bet_body, best, frozen_app, match_odds, place};
use serde_json::json;

#[actix_web::test]
async fn an_operator_finds_a_user_and_reads_their_bets_money_and_sessions() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let (_, market) = match_odds(&app).await;
    let price = best(&market, 0, "back");
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", price, 250.0, "ops-view")).await.status, 200);
    assert_eq!(app.credit(&operator, "player1", 40.0).await.status, 200);

    let found = app.get("/api/ops/users?search=PLAYER", Some(&operator)).await;
    assert_eq!(found.status, 200, "{}", found.body);
    let names: Vec<&str> = found.data().as_array().expect("rows").iter().map(|r| r["username"].as_str().expect("name")).collect();
    assert!(names.contains(&"player1") && names.iter().all(|n| n.contains("player")), "{names:?}");
    assert_eq!(found.body["total"], names.len());

    let detail = app.get("/api/ops/users/player1", Some(&operator)).await;
    assert_eq!(detail.status, 200, "{}", detail.body);
    let data = detail.data();
    assert_eq!(data["user"]["balance"], 100040.0);
    assert_eq!(data["user"]["exposure"], 250.0);
    assert_eq!(data["openBets"][0]["amount"], 250.0);
    assert_eq!(data["accountRows"][0]["amount"], 40.0);
    assert_eq!(data["actions"][0]["by"], "operator");
    assert_eq!(data["actions"][0]["action"], "Credit");
    assert_eq!(data["actions"][0]["remark"], "test credit");
    assert_eq!(data["sessions"].as_array().expect("sessions").len(), 1);
    assert_eq!(data["sessions"][0]["current"], true);
    assert_eq!(data["activity"][0]["type"], "Login");

    let timeline = app.get("/api/ops/users/player1/timeline", Some(&operator)).await;
    let points = timeline.data().as_array().expect("points").clone();
    let last = points.last().expect("a point");
    assert_eq!((last["balance"].as_f64(), last["exposure"].as_f64()), (Some(100040.0), Some(250.0)));
    assert_eq!(points[points.len() - 2]["exposure"], 250.0, "the bet, then the credit");
    assert!(points.windows(2).all(|w| w[0]["seq"].as_u64() < w[1]["seq"].as_u64()));
}

#[actix_web::test]
async fn a_locked_player_cannot_bet_until_unlocked() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let (_, market) = match_odds(&app).await;
    let price = best(&market, 0, "back");
    let locked = app.post("/api/ops/users/player1/lock", Some(&operator), &json!({"remark": "responsible gaming review"})).await;
    assert_eq!(locked.status, 200, "{}", locked.body);
    assert_eq!(locked.data()["bettingLocked"], true);
    assert_error(&place(&app, Some(&player), &bet_body(&market, 0, "back", price, 100.0, "locked")).await, 403, "Betting is locked");
    assert_error(&app.post("/api/ops/users/player1/lock", Some(&operator), &json!({"remark": "again"})).await, 409, "already locked");
    let unlocked = app.post("/api/ops/users/player1/unlock", Some(&operator), &json!({"remark": "review done"})).await;
    assert_eq!(unlocked.status, 200, "{}", unlocked.body);
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", price, 100.0, "unlocked")).await.status, 200);
}

#[actix_web::test]
async fn a_password_reset_ends_the_session_and_forces_a_change() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let reset = app.post("/api/ops/users/player1/reset-password", Some(&operator), &json!({"remark": "forgotten", "password": "Temp-pass-91"})).await;
    assert_eq!(reset.status, 200, "{}", reset.body);
    assert_eq!(reset.data()["mustChangePassword"], true);
    assert_error(&app.get("/api/users", Some(&player)).await, 401, "invalid or expired");
    assert_error(&app.login_reply("player1", "player123").await, 401, "Invalid");
    let (fresh, _, user) = app.login("player1", "Temp-pass-91").await;
    assert_eq!(user["isLogin"], false, "must change the password first");
    assert_error(&app.get("/api/bet/current", Some(&fresh)).await, 403, "change your password");
    let ended = app.post("/api/ops/users/player1/end-sessions", Some(&operator), &json!({"remark": "shared device"})).await;
    assert_eq!(ended.status, 200, "{}", ended.body);
    assert_eq!(ended.data()["sessions"], 0);
    assert_error(&app.get("/api/users", Some(&fresh)).await, 401, "invalid or expired");
}

#[actix_web::test]
async fn wrong_actions_are_refused_and_write_nothing() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let head = app.head_seq().await;
    let remark = json!({"remark": "why"});
    assert_error(&app.get("/api/ops/users", Some(&player)).await, 403, "permission");
    assert_error(&app.get("/api/ops/users/player1", Some(&player)).await, 403, "permission");
    assert_error(&app.post("/api/ops/users/player1/lock", Some(&player), &remark).await, 403, "permission");
    assert_error(&app.post("/api/ops/users/player1/lock", None, &remark).await, 401, "missing");
    assert_error(&app.get("/api/ops/users/ghost", Some(&operator)).await, 404, "Unknown user");
    assert_error(&app.get("/api/ops/users/ghost/timeline", Some(&operator)).await, 404, "Unknown user");
    assert_error(&app.post("/api/ops/users/ghost/lock", Some(&operator), &remark).await, 404, "Unknown user");
    assert_error(&app.post("/api/ops/users/player1/explode", Some(&operator), &remark).await, 404, "Unknown action");
    assert_error(&app.post("/api/ops/users/player1/lock", Some(&operator), &json!({"remark": ""})).await, 400, "remark");
    assert_error(&app.post("/api/ops/users/player1/lock", Some(&operator), &json!({})).await, 400, "remark");
    assert_error(&app.post("/api/ops/users/player1/lock", Some(&operator), &json!({"remark": 5})).await, 400, "invalid type");
    assert_error(&app.post("/api/ops/users/player1/lock", Some(&operator), &json!({"remark": "x", "password": "Temp-pass-91"})).await, 400, "only a password reset");
    assert_error(&app.post("/api/ops/users/player1/reset-password", Some(&operator), &remark).await, 400, "password: required");
    assert_error(&app.post("/api/ops/users/player1/reset-password", Some(&operator), &json!({"remark": "x", "password": "123"})).await, 400, "password");
    assert_error(&app.post("/api/ops/users/player1/unlock", Some(&operator), &remark).await, 409, "not locked");
    let malformed = app.send("POST", "/api/ops/users/player1/lock", Some(&operator), Some("{\"remark\": ")).await;
    assert_eq!(malformed.status, 400, "{}", malformed.body);
    assert_error(&app.get("/api/ops/users?page=0", Some(&operator)).await, 400, "page");
    assert_error(&app.get("/api/ops/users?limit=100000", Some(&operator)).await, 400, "limit");
    assert_eq!(app.head_seq().await, head);
}
