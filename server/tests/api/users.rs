use crate::helpers::*;
use serde_json::json;

fn change(old: &str, new: &str, confirm: &str) -> serde_json::Value {
    json!({"oldPassword": old, "newPassword": new, "confirmPassword": confirm})
}

#[actix_web::test]
async fn change_password_validates_with_the_spec_messages_and_writes_nothing() {
    let app = spawn_app().await;
    let token = app.player().await;
    let head = app.head_seq().await;
    let cases = [
        (change("", "newpass1", "newpass1"), 400, "Current password is required"),
        (change("player123", "", ""), 400, "New password is required"),
        (change("player123", "short12", "short12"), 400, "Password must be at least 8 characters"),
        (change("player123", "12345678", "12345678"), 400, "too common"),
        (change("player123", "my-player1-pw", "my-player1-pw"), 400, "must not contain the username"),
        (change("player123", "player123", "player123"), 400, "must not contain the username"),
        (change("Green-tea-2026", "Green-tea-2026", "Green-tea-2026"), 400, "must differ from the current password"),
        (change("player123", "newpass1", ""), 400, "Confirm Password is required"),
        (change("player123", "newpass1", "newpass2"), 400, "Passwords must match"),
        (change("not-mine", "Fresh-Mint-42", "Fresh-Mint-42"), 422, "Current password is incorrect"),
    ];
    for (body, status, message) in cases {
        assert_error(&app.post("/api/users/change-password", Some(&token), &body).await, status, message);
    }
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn a_changed_password_replaces_the_old_one_and_is_logged() {
    let app = spawn_app().await;
    let (token, _, user) = app.login("newplayer", "welcome123").await;
    assert_eq!(user["isLogin"], false);
    let reply = app.post("/api/users/change-password", Some(&token), &change("welcome123", "brandnew1", "brandnew1")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.data()["isLogin"], true);
    assert_eq!(app.login_reply("newplayer", "welcome123").await.status, 401);
    let (token, _, _) = app.login("newplayer", "brandnew1").await;
    let log = app.get("/api/userLog?type=Change%20Password", Some(&token)).await;
    assert_eq!(log.body["total"], 1, "{}", log.body);
}

#[actix_web::test]
async fn until_the_password_is_changed_only_the_change_logout_and_profile_answer() {
    let app = crate::sports::frozen_app().await;
    let (token, _, user) = app.login("newplayer", "welcome123").await;
    let id = user["_id"].as_str().expect("id").to_owned();
    let (_, market) = crate::sports::match_odds(&app).await;
    let back = crate::sports::best(&market, 0, "back");
    let head = app.head_seq().await;
    let bet = crate::sports::place(&app, Some(&token), &crate::sports::bet_body(&market, 0, "back", back, 100.0, "mc1")).await;
    assert_error(&bet, 403, "You must change your password");
    let buttons = app.seal(&json!({"button": {"game": [{"label": "a", "value": 100}], "casino": [{"label": "b", "value": 100}]}}));
    let refused = [
        app.post("/api/wallet/deposit", Some(&token), &json!({"amount": 500, "method": "upi"})).await,
        app.post("/api/wallet/accounts", Some(&token), &json!({"name": "Ann", "bank": "HDFC Bank", "number": "1234567890", "ifsc": "HDFC0001234", "type": "NORMAL"})).await,
        app.send("PUT", "/api/userPerformance", Some(&token), Some(&buttons.to_string())).await,
        app.get(&format!("/api/users/access-rules/{id}"), Some(&token)).await,
        app.get("/api/bet/account-statement?type=game", Some(&token)).await,
    ];
    for reply in &refused {
        assert_error(reply, 403, "You must change your password before you can continue");
    }
    assert_eq!(app.head_seq().await, head, "nothing was written");
    assert_eq!(app.get("/api/users", Some(&token)).await.status, 200, "the own profile answers");
    let changed = app.post("/api/users/change-password", Some(&token), &change("welcome123", "brandnew1", "brandnew1")).await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    let deposit = app.post("/api/wallet/deposit", Some(&token), &json!({"amount": 500, "method": "upi"})).await;
    assert_eq!(deposit.status, 200, "after the change the session works: {}", deposit.body);
}

#[actix_web::test]
async fn a_demo_account_cannot_change_the_password() {
    let app = spawn_app().await;
    let demo = app.post("/api/auth/demo-login", None, &json!({})).await;
    let token = demo.data()["accessToken"].as_str().expect("token");
    assert_eq!(app.post("/api/users/change-password", Some(token), &change("x", "newpass1", "newpass1")).await.status, 403);
}

#[actix_web::test]
async fn rules_are_accepted_for_oneself_only() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let created = app.create_user(&operator, "ruleuser", false).await;
    assert_eq!(created["isAcceptRules"], false);
    let (token, _, user) = app.login("ruleuser", "secret12").await;
    let id = user["_id"].as_str().expect("id");
    let accepted = app.get(&format!("/api/users/access-rules/{id}"), Some(&token)).await;
    assert_eq!(accepted.data()["isAcceptRules"], true);
    assert_eq!(app.get("/api/users/access-rules/1", Some(&token)).await.status, 403);
    assert_error(&app.get("/api/users/access-rules/abc", Some(&token)).await, 400, "id");
}

#[actix_web::test]
async fn button_values_start_with_defaults_and_save_encrypted_or_plain() {
    let app = spawn_app().await;
    let (token, _, user) = app.login("player1", "player123").await;
    let id = user["_id"].as_str().expect("id");
    let defaults = app.open(&app.get(&format!("/api/userPerformance/{id}"), Some(&token)).await);
    assert_eq!(defaults["data"]["game"].as_array().expect("game").len(), 8);
    let wanted = json!({"game": [{"label": "Half", "value": 50.5}], "casino": [{"label": "Ten", "value": 10}]});
    let reply = app.send("PUT", "/api/userPerformance", Some(&token), Some(&json!({"button": wanted}).to_string())).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let saved = app.open(&app.get(&format!("/api/userPerformance/{id}"), Some(&token)).await);
    assert_eq!(saved["data"], wanted);
    let sealed = app.seal(&json!({"button": {"game": [{"label": "Sealed", "value": 1}], "casino": [{"label": "C", "value": 2}]}}));
    let reply = app.send("PUT", "/api/userPerformance", Some(&token), Some(&sealed.to_string())).await;
    assert_eq!(reply.data()["game"][0]["label"], "Sealed");
}

#[actix_web::test]
async fn invalid_button_values_are_refused_and_write_nothing() {
    let app = spawn_app().await;
    let token = app.player().await;
    let head = app.head_seq().await;
    let cases = [
        (json!({"button": {"game": [], "casino": [{"label": "a", "value": 1}]}}), "1 to 20 buttons"),
        (json!({"button": {"game": [{"label": "a", "value": -1}], "casino": [{"label": "a", "value": 1}]}}), "between 0 and"),
        (json!({"button": {"game": [{"label": "a", "value": "10"}], "casino": []}}), "button.game[0].value"),
        (json!({"button": {"game": [{"label": "a", "value": 1.234}], "casino": []}}), "at most 2 decimals"),
        (json!({"button": {"game": [{"label": "a", "value": 1}]}}), "missing field `casino`"),
    ];
    for (body, message) in cases {
        assert_error(&app.send("PUT", "/api/userPerformance", Some(&token), Some(&body.to_string())).await, 400, message);
    }
    assert_eq!(app.get("/api/userPerformance/2", Some(&token)).await.status, 403, "another user's buttons");
    assert_eq!(app.head_seq().await, head);
}
