use crate::helpers::*;
use serde_json::json;

#[actix_web::test]
async fn login_returns_tokens_and_the_user() {
    let app = spawn_app().await;
    let (access, refresh, user) = app.login("player1", "player123").await;
    assert_ne!(access, refresh);
    assert_eq!(user["username"], "player1");
    assert_eq!(user["role"], json!(["user"]));
    assert_eq!(user["isLogin"], true);
    assert_eq!(user["balance"], 100000);
    assert_eq!(user["exp"], 0);
    assert_eq!(app.get("/api/users", Some(&access)).await.data()["username"], "player1");
}

#[actix_web::test]
async fn login_validation_uses_the_spec_messages_and_writes_nothing() {
    let app = spawn_app().await;
    let head = app.head_seq().await;
    let cases = [
        (json!({"username": "  ", "password": "player123"}), "Username is required"),
        (json!({"username": "player1", "password": ""}), "Password is required"),
        (json!({"username": "player1", "password": "12345"}), "Password must be at least 6 characters"),
        (json!({"username": "player1"}), "missing field `password`"),
        (json!({"username": 7, "password": "player123"}), "username: invalid type"),
    ];
    for (body, message) in cases {
        assert_error(&app.post("/api/auth/login", None, &body).await, 400, message);
    }
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn a_wrong_password_or_unknown_user_is_401_and_writes_nothing() {
    let app = spawn_app().await;
    let head = app.head_seq().await;
    assert_error(&app.login_reply("player1", "wrong-password").await, 401, "Invalid username or password");
    assert_error(&app.login_reply("nobody", "player123").await, 401, "Invalid username or password");
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn repeated_failures_are_limited_with_429() {
    let app = spawn_app_with(|s| s.auth.login_free_failures = 3).await;
    for _ in 0..3 {
        assert_eq!(app.login_reply("player1", "wrong-password").await.status, 401);
    }
    assert_error(&app.login_reply("player1", "player123").await, 429, "Too many failed logins; try again in 1 second");
    assert_eq!(app.login_reply("newplayer", "welcome123").await.status, 200, "other users are not affected");
}

#[actix_web::test]
async fn a_user_who_must_change_the_password_logs_in_with_is_login_false() {
    let app = spawn_app().await;
    let (_, _, user) = app.login("newplayer", "welcome123").await;
    assert_eq!(user["isLogin"], false);
    assert_eq!(user["isAcceptRules"], false);
}

#[actix_web::test]
async fn a_new_login_ends_the_older_session() {
    let app = spawn_app().await;
    let (first, _, _) = app.login("player1", "player123").await;
    let (second, _, user) = app.login("player1", "player123").await;
    assert_error(&app.get("/api/users", Some(&first)).await, 401, "invalid or expired");
    assert_eq!(app.get("/api/users", Some(&second)).await.status, 200);
    assert_eq!(user["currentToken"], app.get("/api/users", Some(&second)).await.data()["currentToken"]);
}

#[actix_web::test]
async fn demo_login_opens_a_funded_demo_account() {
    let app = spawn_app().await;
    let reply = app.post("/api/auth/demo-login", None, &json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let user = &reply.data()["user"];
    assert_eq!(user["role"], json!(["demo"]));
    assert_eq!(user["balance"], 1500);
    let token = reply.data()["accessToken"].as_str().expect("token");
    assert_eq!(app.get("/api/users", Some(token)).await.data()["username"], user["username"]);
}

#[actix_web::test]
async fn refresh_rotates_the_pair_and_a_reused_refresh_token_revokes_the_session() {
    let app = spawn_app().await;
    let (old_access, refresh, _) = app.login("player1", "player123").await;
    let rotated = app.get("/api/auth/refresh/login", Some(&refresh)).await;
    assert_eq!(rotated.status, 200, "{}", rotated.body);
    let new_access = rotated.data()["accessToken"].as_str().expect("access").to_owned();
    assert_eq!(app.get("/api/users", Some(&new_access)).await.status, 200);
    assert_eq!(app.get("/api/users", Some(&old_access)).await.status, 401, "the replaced access token is dead");
    assert_error(&app.get("/api/auth/refresh/login", Some(&refresh)).await, 401, "already used");
    assert_eq!(app.get("/api/users", Some(&new_access)).await.status, 401, "reuse revokes the whole session");
    let new_refresh = rotated.data()["refreshToken"].as_str().expect("refresh");
    assert_error(&app.get("/api/auth/refresh/login", Some(new_refresh)).await, 401, "session has expired");
}

#[actix_web::test]
async fn an_expired_access_token_is_401_and_refresh_brings_a_working_one() {
    let app = spawn_app_with(|s| s.auth.access_token_ttl_secs = 1).await;
    let (access, refresh, _) = app.login("player1", "player123").await;
    actix_web::rt::time::sleep(std::time::Duration::from_millis(1_100)).await;
    assert_error(&app.get("/api/users", Some(&access)).await, 401, "invalid or expired");
    let rotated = app.get("/api/auth/refresh/login", Some(&refresh)).await;
    let fresh = rotated.data()["accessToken"].as_str().expect("access");
    assert_eq!(app.get("/api/users", Some(fresh)).await.status, 200);
}

#[actix_web::test]
async fn missing_malformed_and_forged_tokens_are_401() {
    let app = spawn_app().await;
    assert_error(&app.get("/api/users", None).await, 401, "missing");
    let forged = "A".repeat(43);
    assert_error(&app.get("/api/users", Some(&forged)).await, 401, "invalid or expired");
    let reply = app.client.get(app.url("/api/users")).insert_header(("authorization", "Token abc")).send().await.expect("answers");
    assert_eq!(reply.status().as_u16(), 401);
    assert_error(&app.get("/api/auth/refresh/login", Some(&forged)).await, 401, "session has expired");
}

#[actix_web::test]
async fn logout_ends_the_session() {
    let app = spawn_app().await;
    let (access, refresh, _) = app.login("player1", "player123").await;
    assert_eq!(app.get("/api/auth/logout", Some(&access)).await.status, 200);
    assert_eq!(app.get("/api/users", Some(&access)).await.status, 401);
    assert_eq!(app.get("/api/auth/refresh/login", Some(&refresh)).await.status, 401);
    assert_eq!(app.get("/api/auth/logout", Some(&access)).await.status, 401);
}
