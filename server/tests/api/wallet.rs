//! Wallet, bonus and secure auth, end to end: player requests, operator decisions,
//! holds, lists, coupons, TOTP logins, the Telegram connection id.

use crate::helpers::*;
use serde_json::{json, Value};

async fn deposit(app: &TestApp, token: &str, amount: f64, method: &str) -> Reply {
    app.post("/api/wallet/deposit", Some(token), &json!({"amount": amount, "method": method})).await
}

fn bank(number: &str) -> Value {
    json!({"name": "Player One", "bank": "HDFC Bank", "number": number, "ifsc": "hdfc0001234", "type": "NORMAL"})
}

/// Saves an account; its id.
async fn save_account(app: &TestApp, token: &str, body: &Value) -> u64 {
    let reply = app.post("/api/wallet/accounts", Some(token), body).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.data()["id"].as_u64().expect("account id")
}

async fn withdraw(app: &TestApp, token: &str, amount: f64, kind: &str, account_id: u64) -> Reply {
    app.post("/api/wallet/withdraw", Some(token), &json!({"amount": amount, "type": kind, "accountId": account_id})).await
}

/// The header's balance: what is left to bet or withdraw.
async fn balance(app: &TestApp, token: &str) -> Value {
    app.get("/api/users", Some(token)).await.data()["balance"].clone()
}

async fn decide(app: &TestApp, operator: &str, id: u64, action: &str, body: Option<Value>) -> Reply {
    let path = format!("/api/ops/wallet/requests/{id}/{action}");
    match body {
        Some(body) => app.post(&path, Some(operator), &body).await,
        None => app.send("POST", &path, Some(operator), None).await,
    }
}

async fn audit_passes(app: &TestApp, operator: &str) {
    let report = app.get("/api/ops/audit/verify", Some(operator)).await;
    assert_eq!(report.body["success"], true, "{}", report.body);
}

#[actix_web::test]
async fn a_deposit_request_is_processed_then_approved_and_credits_the_balance() {
    let app = spawn_app().await;
    let (player, operator) = (app.player().await, app.operator().await);
    let methods = app.get("/api/wallet/deposit-methods", Some(&player)).await;
    assert_eq!(methods.data().as_array().expect("methods").len(), 9);
    assert_eq!(methods.data()[4], json!({"id": "imps", "name": "IMPS", "min": 5001, "max": 40000}));
    let created = app.post("/api/wallet/deposit", Some(&player), &json!({"amount": 1500.5, "method": "upi", "reference": "UTR998877"})).await;
    assert_eq!(created.status, 200, "{}", created.body);
    assert_eq!(created.message(), "Deposit request submitted");
    let request = created.data();
    assert_eq!((request["kind"].as_str(), request["name"].as_str(), request["status"].as_str()), (Some("deposit"), Some("UPI"), Some("Pending")));
    assert_eq!(request["amount"], 1500.5);
    let id = request["id"].as_u64().expect("id");
    assert_eq!(balance(&app, &player).await, 100000, "a request moves no money");

    let queue = app.get("/api/ops/wallet/requests?status=Pending", Some(&operator)).await;
    assert_eq!(queue.body["total"], 1);
    assert_eq!((queue.data()[0]["username"].as_str(), queue.data()[0]["id"].as_u64()), (Some("player1"), Some(id)));
    let processing = decide(&app, &operator, id, "process", None).await;
    assert_eq!(processing.data()["status"], "In-Process", "{}", processing.body);
    let approved = decide(&app, &operator, id, "approve", Some(json!({"remark": "UTR verified"}))).await;
    assert_eq!((approved.data()["status"].as_str(), approved.data()["remark"].as_str()), (Some("Approved"), Some("UTR verified")));
    assert_eq!(balance(&app, &player).await, 101500.5);
    assert_eq!(app.get("/api/ops/wallet/requests?status=Pending", Some(&operator)).await.body["total"], 0);
    audit_passes(&app, &operator).await;
}

#[actix_web::test]
async fn bad_deposit_requests_are_refused_with_a_message_and_write_nothing() {
    let app = spawn_app().await;
    let (player, operator) = (app.player().await, app.operator().await);
    let demo = app.post("/api/auth/demo-login", None, &json!({})).await.data()["accessToken"].as_str().expect("demo token").to_owned();
    let head = app.head_seq().await;
    let cases = [
        (json!({"amount": 501, "method": "paytm"}), 422, "Amount for Paytm must be between 100.00 and 500.00"),
        (json!({"amount": 5000, "method": "imps"}), 422, "Amount for IMPS must be between 5001.00 and 40000.00"),
        (json!({"amount": 1000000, "method": "crypto"}), 422, "Amount for Crypto (USDT) must be between 1.00 and 999999.00"),
        (json!({"amount": 500, "method": "cash"}), 400, "unknown deposit method"),
        (json!({"amount": -500, "method": "upi"}), 400, "greater than 0"),
        (json!({"amount": 0, "method": "upi"}), 400, "greater than 0"),
        (json!({"amount": 100.005, "method": "upi"}), 400, "at most 2 decimals"),
        (json!({"amount": 1e12, "method": "upi"}), 400, "at most 1000000000"),
        (json!({"amount": "500", "method": "upi"}), 400, "amount: invalid type"),
        (json!({"amount": 500}), 400, "missing field `method`"),
        (json!({"amount": 500, "method": "upi", "extra": true}), 400, "unknown field"),
        (json!({"amount": 500, "method": "upi", "reference": "x".repeat(41)}), 400, "reference"),
    ];
    for (body, status, message) in cases {
        assert_error(&app.post("/api/wallet/deposit", Some(&player), &body).await, status, message);
    }
    assert_error(&app.send("POST", "/api/wallet/deposit", Some(&player), Some("{\"amount\": 5")).await, 400, "malformed JSON");
    assert_error(&deposit(&app, &demo, 500.0, "upi").await, 403, "permission");
    assert_error(&deposit(&app, &operator, 500.0, "upi").await, 403, "permission");
    assert_error(&app.post("/api/wallet/deposit", None, &json!({"amount": 500, "method": "upi"})).await, 401, "missing");
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn a_withdrawal_holds_its_amount_and_a_rejection_releases_the_hold() {
    let app = spawn_app().await;
    let (player, operator) = (app.player().await, app.operator().await);
    let account = save_account(&app, &player, &bank("50100234567890")).await;
    let created = withdraw(&app, &player, 30000.0, "NORMAL", account).await;
    assert_eq!(created.status, 200, "{}", created.body);
    assert_eq!((created.data()["name"].as_str(), created.data()["type"].as_str()), (Some("HDFC Bank ****7890"), Some("NORMAL")));
    assert_eq!(created.data()["account"]["ifsc"], "HDFC0001234");
    assert_eq!(balance(&app, &player).await, 70000, "held at once");
    let id = created.data()["id"].as_u64().expect("id");
    assert_error(&decide(&app, &operator, id, "reject", None).await, 400, "remark");
    assert_error(&decide(&app, &operator, id, "reject", Some(json!({"remark": " "}))).await, 400, "remark");
    let rejected = decide(&app, &operator, id, "reject", Some(json!({"remark": "Name does not match"}))).await;
    assert_eq!((rejected.data()["status"].as_str(), rejected.data()["remark"].as_str()), (Some("Rejected"), Some("Name does not match")));
    assert_eq!(balance(&app, &player).await, 100000, "the hold is released");
    let rows = app.open(&app.get("/api/transaction/user/statement/1", Some(&player)).await);
    let remarks: Vec<&str> = rows["data"].as_array().expect("rows").iter().filter_map(|r| r["remarks"].as_str()).collect();
    assert!(remarks.iter().any(|r| r.starts_with(&format!("Withdrawal #{id} rejected: hold released"))), "{remarks:?}");
    audit_passes(&app, &operator).await;
}

#[actix_web::test]
async fn a_withdrawal_above_the_available_balance_is_refused() {
    let app = spawn_app().await;
    let player = app.player().await;
    let account = save_account(&app, &player, &bank("50100234567890")).await;
    let head = app.head_seq().await;
    assert_error(&withdraw(&app, &player, 100000.01, "NORMAL", account).await, 422, "Insufficient balance: available 100000.00, needed 100000.01");
    assert_eq!(app.head_seq().await, head);
    assert_eq!(withdraw(&app, &player, 60000.0, "NORMAL", account).await.status, 200);
    assert_error(&withdraw(&app, &player, 40000.01, "NORMAL", account).await, 422, "available 40000.00");
    assert_eq!(withdraw(&app, &player, 40000.0, "NORMAL", account).await.status, 200);
    assert_eq!(balance(&app, &player).await, 0);
}

#[actix_web::test]
async fn an_approved_withdrawal_is_paid_out_and_a_second_decision_is_refused() {
    let app = spawn_app().await;
    let (player, operator) = (app.player().await, app.operator().await);
    let account = save_account(&app, &player, &bank("50100234567890")).await;
    let id = withdraw(&app, &player, 2500.0, "NORMAL", account).await.data()["id"].as_u64().expect("id");
    let approved = decide(&app, &operator, id, "approve", Some(json!({}))).await;
    assert_eq!(approved.data()["status"], "Approved", "{}", approved.body);
    assert_eq!(balance(&app, &player).await, 97500, "paid out: the hold became the debit");
    let head = app.head_seq().await;
    for action in ["approve", "process"] {
        assert_error(&decide(&app, &operator, id, action, None).await, 409, &format!("Request {id} is already Approved"));
    }
    assert_error(&decide(&app, &operator, id, "reject", Some(json!({"remark": "late"}))).await, 409, "already Approved");
    assert_error(&decide(&app, &operator, 999, "approve", None).await, 404, "Unknown request 999");
    assert_error(&app.post("/api/ops/wallet/requests/abc/approve", Some(&operator), &json!({})).await, 400, "path");
    assert_error(&decide(&app, &operator, id, "approve", Some(json!({"remark": 5}))).await, 400, "remark: invalid type");
    assert_error(&decide(&app, &player, id, "approve", None).await, 403, "permission");
    assert_eq!(app.head_seq().await, head);
    assert_eq!(balance(&app, &player).await, 97500);
    audit_passes(&app, &operator).await;
}

#[actix_web::test]
async fn saved_accounts_are_kept_per_user_and_type_and_bad_ones_are_refused() {
    let app = spawn_app().await;
    let (player, operator) = (app.player().await, app.operator().await);
    app.create_user(&operator, "second_user", false).await;
    let other = app.login("second_user", "secret12").await.0;
    let bank_id = save_account(&app, &player, &bank("123456789012")).await;
    let crypto = json!({"name": "Player One", "bank": "USDT TRC20", "number": "TXYZabcdefghijklmnopqrstuvwx12345", "type": "Crypto"});
    let crypto_id = save_account(&app, &player, &crypto).await;
    let all = app.get("/api/wallet/accounts", Some(&player)).await;
    assert_eq!(all.data().as_array().expect("accounts").len(), 2);
    assert_eq!(all.data()[0], json!({"id": bank_id, "name": "Player One", "bank": "HDFC Bank", "number": "123456789012", "ifsc": "HDFC0001234", "type": "NORMAL"}));
    let only_crypto = app.get("/api/wallet/accounts?type=crypto", Some(&player)).await;
    assert_eq!(only_crypto.data().as_array().expect("accounts").len(), 1);
    assert_eq!(app.get("/api/wallet/accounts", Some(&other)).await.data(), &json!([]));
    let head = app.head_seq().await;
    let bad = [
        (json!({"name": "A", "bank": "HDFC", "number": "12345", "ifsc": "HDFC0001234", "type": "NORMAL"}), 400, "number"),
        (json!({"name": "A", "bank": "HDFC", "number": "123456789", "ifsc": "HDFC1001234", "type": "NORMAL"}), 400, "ifsc"),
        (json!({"name": "", "bank": "HDFC", "number": "123456789", "ifsc": "HDFC0001234", "type": "NORMAL"}), 400, "name"),
        (json!({"name": "A", "bank": "HDFC", "number": "123456789", "ifsc": "HDFC0001234", "type": "UPI"}), 400, "type: must be NORMAL, Crypto or EXPRESS WITHDRAWAL"),
        (json!({"name": "A", "bank": "HDFC", "number": 123456789, "type": "NORMAL"}), 400, "number: invalid type"),
        (bank("123456789012"), 422, "already saved"),
    ];
    for (body, status, message) in bad {
        assert_error(&app.post("/api/wallet/accounts", Some(&player), &body).await, status, message);
    }
    assert_error(&withdraw(&app, &player, 100.0, "NORMAL", crypto_id).await, 422, &format!("Account {crypto_id} is not a NORMAL account"));
    assert_error(&withdraw(&app, &player, 100.0, "NORMAL", 99).await, 404, "Unknown account");
    assert_error(&withdraw(&app, &other, 100.0, "NORMAL", bank_id).await, 404, "Unknown account");
    assert_error(&withdraw(&app, &player, 100.0, "Cash", bank_id).await, 400, "type");
    assert_error(&app.post("/api/wallet/withdraw", Some(&player), &json!({"amount": 100, "type": "NORMAL", "accountId": -1})).await, 400, "accountId");
    assert_eq!(app.head_seq().await, head);
    assert_eq!(withdraw(&app, &player, 100.0, "crypto", crypto_id).await.status, 200, "types read in any case");
}

#[actix_web::test]
async fn the_request_list_filters_searches_and_pages_on_the_server() {
    let app = spawn_app().await;
    let (player, operator) = (app.player().await, app.operator().await);
    for (amount, method) in [(500.0, "upi"), (750.0, "gpay"), (1000.0, "phonepe"), (6000.0, "imps")] {
        assert_eq!(deposit(&app, &player, amount, method).await.status, 200);
    }
    let account = save_account(&app, &player, &bank("50100234567890")).await;
    for amount in [200.0, 300.0] {
        assert_eq!(withdraw(&app, &player, amount, "NORMAL", account).await.status, 200);
    }
    decide(&app, &operator, 1, "approve", None).await;
    decide(&app, &operator, 2, "reject", Some(json!({"remark": "Payment NOT found"}))).await;
    decide(&app, &operator, 3, "process", None).await;
    let list = |query: &str| {
        let (app, player) = (&app, &player);
        let path = format!("/api/wallet/requests{query}");
        async move { app.get(&path, Some(player)).await }
    };
    let ids = |reply: &Reply| reply.data().as_array().expect("rows").iter().map(|r| r["id"].as_u64().expect("id")).collect::<Vec<_>>();
    let all = list("").await;
    assert_eq!((all.body["total"].as_u64(), ids(&all)), (Some(6), vec![6, 5, 4, 3, 2, 1]), "newest first");
    assert_eq!(ids(&list("?kind=deposit").await), vec![4, 3, 2, 1]);
    assert_eq!(ids(&list("?kind=withdraw&status=Pending").await), vec![6, 5]);
    assert_eq!(ids(&list("?status=in-process").await), vec![3]);
    assert_eq!(ids(&list("?status=Approved").await), vec![1]);
    assert_eq!(ids(&list("?status=All&kind=").await).len(), 6);
    assert_eq!(ids(&list("?search=GOOGLE").await), vec![2], "method names, any case");
    assert_eq!(ids(&list("?search=payment%20not").await), vec![2], "remarks");
    assert_eq!(ids(&list("?search=rejected").await), vec![2], "statuses");
    assert_eq!(ids(&list("?search=6000.00").await), vec![4], "amounts");
    assert_eq!(ids(&list("?search=****7890").await), vec![6, 5], "accounts");
    let search_miss = list("?search=nothing-like-this").await;
    assert_eq!((search_miss.body["total"].as_u64(), ids(&search_miss)), (Some(0), vec![]));
    let page = list("?limit=2&page=2").await;
    assert_eq!((page.body["total"].as_u64(), ids(&page)), (Some(6), vec![4, 3]));
    assert_eq!(ids(&list("?limit=4&page=3").await), Vec::<u64>::new());
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    assert_eq!(ids(&list(&format!("?fromDate={today}&toDate={today}")).await).len(), 6);
    assert_eq!(ids(&list("?fromDate=2999-01-01").await), Vec::<u64>::new());
    assert_eq!(ids(&list("?toDate=2000-01-01").await), Vec::<u64>::new());
    // A date as the page shows it (dd/MM/yyyy, the player's day) finds the rows made on it.
    let shown_today = (chrono::Utc::now() + chrono::Duration::minutes(330)).format("%d/%m/%Y").to_string();
    assert_eq!(ids(&list(&format!("?search={shown_today}&utcOffset=330")).await).len(), 6, "searched for {shown_today}");
    assert_eq!(ids(&list("?search=01/01/2001&utcOffset=330").await), Vec::<u64>::new());
    let india_today = (chrono::Utc::now() + chrono::Duration::minutes(330)).format("%Y-%m-%d").to_string();
    assert_eq!(ids(&list(&format!("?fromDate={india_today}&toDate={india_today}&utcOffset=330")).await).len(), 6);
    for (query, message) in [
        ("?status=Done", "status: must be All, Pending, In-Process, Approved or Rejected"),
        ("?kind=bonus", "kind"),
        ("?fromDate=01/02/2024", "fromDate: must be yyyy-MM-dd"),
        ("?fromDate=2024-01-02&utcOffset=-841", "utcOffset: must be minutes east of UTC"),
        ("?limit=51", "limit: must be between 1 and 50"),
        ("?page=0", "page"),
        ("?page=x", "query"),
    ] {
        assert_error(&list(query).await, 400, message);
    }
    app.create_user(&operator, "second_user", false).await;
    let other = app.login("second_user", "secret12").await.0;
    assert_eq!(app.get("/api/wallet/requests", Some(&other)).await.body["total"], 0, "only one's own requests");
    let ops = app.get("/api/ops/wallet/requests?kind=withdraw&username=player1", Some(&operator)).await;
    assert_eq!(ids(&ops), vec![5, 6], "the operators' queue is oldest first");
    assert_error(&app.get("/api/ops/wallet/requests?username=ghost", Some(&operator)).await, 404, "Unknown user");
}

#[actix_web::test]
async fn a_withdrawal_hold_reaches_the_players_socket() {
    use crate::ws::{connect, next, send};
    let app = spawn_app().await;
    let player = app.player().await;
    let account = save_account(&app, &player, &bank("50100234567890")).await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "auth", "token": player})).await;
    next(&mut socket).await;
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    let seq = next(&mut socket).await["seq"].as_u64().expect("seq");
    let (reply, delta) = futures_util::join!(withdraw(&app, &player, 1234.5, "NORMAL", account), next(&mut socket));
    assert_eq!(reply.status, 200);
    assert_eq!(delta, json!({"type": "delta", "topic": "user", "seq": seq + 1, "data": {"balance": 98765.5, "exp": 0}}));
}

/// The code of the user's authenticator app `offset_secs` from now.
fn code(secret: &str, offset_secs: i64) -> String {
    let bytes = server::auth::totp::base32_decode(secret).expect("base32 secret");
    server::auth::totp::code_at(&bytes, chrono::Utc::now().timestamp() + offset_secs)
}

fn other_code(code: &str) -> String {
    let n: u32 = code.parse().expect("digits");
    format!("{:06}", (n + 1) % 1_000_000)
}

#[actix_web::test]
async fn totp_is_enabled_only_with_a_right_code_and_then_every_login_needs_one() {
    let app = spawn_app().await;
    let player = app.player().await;
    assert_eq!(app.get("/api/secure-auth", Some(&player)).await.data(), &json!({"status": "Disabled", "enrolmentPending": false, "telegramConnectionId": null}));
    assert_error(&app.post("/api/secure-auth/verify", Some(&player), &json!({"code": "123456"})).await, 409, "Start enrolment first");
    let enrolment = app.post("/api/secure-auth/enroll", Some(&player), &json!({})).await;
    assert_eq!(enrolment.status, 200, "{}", enrolment.body);
    let secret = enrolment.data()["secret"].as_str().expect("secret").to_owned();
    assert_eq!(secret.len(), 32);
    let uri = enrolment.data()["otpauthUri"].as_str().expect("uri");
    assert!(uri.starts_with("otpauth://totp/Exchange:player1?secret=") && uri.contains(&secret) && uri.contains("period=30"), "{uri}");
    assert_eq!(app.get("/api/secure-auth", Some(&player)).await.data()["enrolmentPending"], true);

    let right = code(&secret, 0);
    assert_error(&app.post("/api/secure-auth/verify", Some(&player), &json!({"code": other_code(&right)})).await, 422, "Invalid authentication code");
    assert_error(&app.post("/api/secure-auth/verify", Some(&player), &json!({"code": "12ab56"})).await, 400, "code: must be 6 digits");
    assert_error(&app.post("/api/secure-auth/verify", Some(&player), &json!({"code": 123456})).await, 400, "code: invalid type");
    assert_eq!(app.get("/api/secure-auth", Some(&player)).await.data()["status"], "Disabled", "a wrong code enables nothing");
    let enabled = app.post("/api/secure-auth/verify", Some(&player), &json!({"code": right})).await;
    assert_eq!((enabled.status, enabled.data()["status"].as_str()), (200, Some("Enabled")), "{}", enabled.body);
    assert_error(&app.post("/api/secure-auth/enroll", Some(&player), &json!({})).await, 409, "already enabled");

    let without = app.login_reply("player1", "player123").await;
    assert_error(&without, 401, "Enter the 6-digit code from your authenticator app");
    assert_eq!(without.data(), &json!({"otpRequired": true}));
    let login = |otp: String| {
        let app = &app;
        async move { app.post("/api/auth/login", None, &json!({"username": "player1", "password": "player123", "otp": otp})).await }
    };
    let next_code = code(&secret, 30);
    let wrong = login(other_code(&next_code)).await;
    assert_error(&wrong, 401, "Invalid authentication code");
    assert_eq!(wrong.data()["otpRequired"], true);
    assert_error(&app.post("/api/auth/login", None, &json!({"username": "player1", "password": "wrong-password", "otp": next_code})).await, 401, "Invalid username or password");
    let accepted = login(next_code.clone()).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert!(accepted.data()["accessToken"].is_string());
    assert_error(&login(next_code).await, 401, "Invalid authentication code");
}

#[actix_web::test]
async fn secure_auth_can_be_disabled_with_a_code() {
    let app = spawn_app().await;
    let player = app.player().await;
    let secret = app.post("/api/secure-auth/enroll", Some(&player), &json!({})).await.data()["secret"].as_str().expect("secret").to_owned();
    assert_eq!(app.post("/api/secure-auth/verify", Some(&player), &json!({"code": code(&secret, 0)})).await.status, 200);
    assert_error(&app.post("/api/secure-auth/disable", Some(&player), &json!({"code": other_code(&code(&secret, 30))})).await, 422, "Invalid authentication code");
    let disabled = app.post("/api/secure-auth/disable", Some(&player), &json!({"code": code(&secret, 30)})).await;
    assert_eq!(disabled.data()["status"], "Disabled", "{}", disabled.body);
    assert_eq!(app.login_reply("player1", "player123").await.status, 200);
}

#[actix_web::test]
async fn the_telegram_connection_id_needs_the_password() {
    let app = spawn_app().await;
    let player = app.player().await;
    let head = app.head_seq().await;
    assert_error(&app.post("/api/secure-auth/telegram", Some(&player), &json!({"password": ""})).await, 400, "Password is required");
    assert_error(&app.post("/api/secure-auth/telegram", Some(&player), &json!({"password": "not-mine"})).await, 422, "Password is incorrect");
    assert_error(&app.post("/api/secure-auth/telegram", Some(&player), &json!({})).await, 400, "missing field `password`");
    assert_error(&app.post("/api/secure-auth/telegram", None, &json!({"password": "player123"})).await, 401, "missing");
    assert_eq!(app.head_seq().await, head);
    let issued = app.post("/api/secure-auth/telegram", Some(&player), &json!({"password": "player123"})).await;
    assert_eq!((issued.status, issued.message()), (200, "Connection ID generated!"), "{}", issued.body);
    let id = issued.data()["connectionId"].as_str().expect("connection id").to_owned();
    assert!(id.starts_with("TG-") && id.len() == 11, "{id}");
    assert_eq!(app.get("/api/secure-auth", Some(&player)).await.data()["telegramConnectionId"], id);
}

#[actix_web::test]
async fn operators_grant_coupons_and_players_see_them_with_their_bonus_credits() {
    let app = spawn_app().await;
    let (player, operator) = (app.player().await, app.operator().await);
    let grant = |body: Value| {
        let (app, operator) = (&app, &operator);
        async move { app.post("/api/ops/bonus/coupons", Some(operator), &body).await }
    };
    let active = grant(json!({"username": "player1", "name": "Welcome 10%", "amount": 100, "depoAmount": 1000, "expireDate": "2099-12-31"})).await;
    assert_eq!(active.status, 200, "{}", active.body);
    assert_eq!((active.data()["status"].as_str(), active.data()["tranNo"].as_str()), (Some("Active"), Some("BN00000001")));
    assert_eq!(active.data()["expireDate"], "2099-12-31T23:59:59.999Z");
    assert_eq!(balance(&app, &player).await, 100100, "an active coupon credits at once");
    let pending = grant(json!({"username": "player1", "name": "Casino 7%", "amount": 70, "depoAmount": 1000, "expireDate": "2099-12-31", "status": "Pending"})).await;
    assert_eq!(pending.data()["status"], "Pending");
    assert_eq!(balance(&app, &player).await, 100100);
    let bonus = app.get("/api/bonus", Some(&player)).await;
    assert_eq!(bonus.data()["coupons"].as_array().map(Vec::len), Some(2));
    assert_eq!(bonus.data()["coupons"][0]["name"], "Casino 7%", "newest first");
    assert_eq!(bonus.data()["coupons"][1]["couponAmount"], 100);
    assert_eq!(bonus.data()["coupons"][1]["depoAmount"], 1000);
    assert_eq!(bonus.data()["transactions"].as_array().map(Vec::len), Some(1));
    assert_eq!(bonus.data()["transactions"][0]["tranNo"], "BN00000001");
    let activated = app.post("/api/ops/bonus/coupons/2/activate", Some(&operator), &json!({})).await;
    assert_eq!(activated.data()["status"], "Active", "{}", activated.body);
    assert_eq!(balance(&app, &player).await, 100170);
    assert_eq!(app.get("/api/bonus", Some(&player)).await.data()["transactions"].as_array().map(Vec::len), Some(2));
    let head = app.head_seq().await;
    assert_error(&app.post("/api/ops/bonus/coupons/2/activate", Some(&operator), &json!({})).await, 409, "already active");
    assert_error(&app.post("/api/ops/bonus/coupons/9/activate", Some(&operator), &json!({})).await, 404, "Unknown coupon 9");
    for (body, status, message) in [
        (json!({"username": "ghost", "name": "X", "amount": 1, "depoAmount": 0, "expireDate": "2099-01-01"}), 404, "Unknown user"),
        (json!({"username": "player1", "name": "X", "amount": 1, "depoAmount": 0, "expireDate": "2000-01-01"}), 400, "expireDate: must be in the future"),
        (json!({"username": "player1", "name": "X", "amount": 1, "depoAmount": 0, "expireDate": "31/12/2099"}), 400, "expireDate: must be yyyy-MM-dd"),
        (json!({"username": "player1", "name": "", "amount": 1, "depoAmount": 0, "expireDate": "2099-01-01"}), 400, "name"),
        (json!({"username": "player1", "name": "X", "amount": -1, "depoAmount": 0, "expireDate": "2099-01-01"}), 400, "greater than 0"),
        (json!({"username": "player1", "name": "X", "amount": 1, "depoAmount": 0, "expireDate": "2099-01-01", "status": "Expired"}), 400, "status: must be Active or Pending"),
        (json!({"username": "operator", "name": "X", "amount": 1, "depoAmount": 0, "expireDate": "2099-01-01"}), 403, "Only player accounts"),
    ] {
        assert_error(&grant(body).await, status, message);
    }
    let valid = json!({"username": "player1", "name": "Mine", "amount": 1, "depoAmount": 0, "expireDate": "2099-01-01"});
    assert_error(&app.post("/api/ops/bonus/coupons", Some(&player), &valid).await, 403, "permission");
    assert_eq!(app.head_seq().await, head);
    let listed = app.get("/api/ops/bonus/coupons?username=player1", Some(&operator)).await;
    assert_eq!(listed.data().as_array().map(Vec::len), Some(2));
    audit_passes(&app, &operator).await;
}

#[actix_web::test]
async fn an_approval_takes_an_optional_remark_recorded_in_the_log_and_a_bad_one_writes_nothing() {
    let app = spawn_app().await;
    let (player, operator) = (app.player().await, app.operator().await);
    let id = deposit(&app, &player, 800.0, "upi").await.data()["id"].as_u64().expect("id");
    let head = app.head_seq().await;
    let long = "x".repeat(201);
    for bad in [json!({"remark": long}), json!({"remark": "bell\u{7}"}), json!({"remark": ["a"]}), json!({"note": "typo"})] {
        let reply = decide(&app, &operator, id, "approve", Some(bad.clone())).await;
        assert_eq!(reply.status, 400, "{bad}: {}", reply.body);
    }
    assert_eq!(app.head_seq().await, head, "a refused approval writes nothing");
    assert_eq!(balance(&app, &player).await, 100000);
    let queue = app.get("/api/ops/wallet/requests?status=Pending", Some(&operator)).await;
    assert_eq!(queue.data()[0]["id"].as_u64(), Some(id), "still pending");

    let approved = decide(&app, &operator, id, "approve", Some(json!({"remark": "  UTR matched  "}))).await;
    assert_eq!((approved.data()["status"].as_str(), approved.data()["remark"].as_str()), (Some("Approved"), Some("UTR matched")));
    assert_eq!(balance(&app, &player).await, 100800);
    let events = app.get(&format!("/api/ops/audit/events?fromSeq={}&limit=100", head + 1), Some(&operator)).await;
    let recorded = events.data().as_array().expect("events").iter().any(|e| {
        let detail = e["detail"].to_string();
        detail.contains("RequestApproved") && detail.contains("\"UTR matched\"")
    });
    assert!(recorded, "the approval and its remark are in the log: {}", events.body);
    audit_passes(&app, &operator).await;
}
