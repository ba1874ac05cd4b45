use crate::helpers::*;
use serde_json::json;

/// Signs in as player1 with the given headers; the access token.
async fn login_with(app: &TestApp, headers: &[(&str, &str)]) -> String {
    let mut request = app.client.post(app.url("/api/auth/login"));
    for header in headers {
        request = request.insert_header(*header);
    }
    let mut reply = request.send_json(&json!({"username": "player1", "password": "player123"})).await.expect("answers");
    reply.json::<serde_json::Value>().await.expect("json")["data"]["accessToken"].as_str().expect("token").to_owned()
}

#[actix_web::test]
async fn the_activity_log_lists_logins_newest_first_and_pages() {
    // The test client stands for a reverse proxy on 127.0.0.1 that the configuration trusts.
    let app = spawn_app_with(|s| s.application.trusted_proxies = vec!["127.0.0.1".parse().expect("address")]).await;
    for _ in 0..3 {
        app.login("player1", "player123").await;
    }
    // The proxy appends the address it saw; what the client wrote before it is not believed.
    let token = login_with(&app, &[("x-client-ip", "6.6.6.6"), ("x-forwarded-for", "6.6.6.6, 203.0.113.9")]).await;
    let page = app.get("/api/userLog?page=1&limit=2", Some(&token)).await;
    assert_eq!(page.body["total"], 4);
    let rows = page.data().as_array().expect("rows");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["ip"], "203.0.113.9", "newest first, with the client's IP");
    assert_eq!(rows[0]["type"], "Login");
    assert_eq!(rows[0]["username"], "player1");
    let last = app.get("/api/userLog?page=2&limit=2", Some(&token)).await;
    assert_eq!(last.data().as_array().expect("rows").len(), 2);
    let searched = app.get("/api/userLog?search=203.0.113", Some(&token)).await;
    assert_eq!(searched.body["total"], 1);
    assert_eq!(app.get("/api/userLog?type=Change%20Password", Some(&token)).await.body["total"], 0);
    assert_eq!(app.get("/api/userLog?fromDate=2000-01-01&toDate=2000-01-02", Some(&token)).await.body["total"], 0);
    assert_eq!(app.get("/api/userLog?fromDate=2000-01-01&toDate=2999-01-01", Some(&token)).await.body["total"], 4);
    // Today in India is the player's day there: every login of this test is on it.
    let india_today = (chrono::Utc::now() + chrono::Duration::minutes(330)).format("%Y-%m-%d").to_string();
    assert_eq!(app.get(&format!("/api/userLog?fromDate={india_today}&toDate={india_today}&utcOffset=330"), Some(&token)).await.body["total"], 4);
}

#[actix_web::test]
async fn a_client_cannot_choose_the_address_the_activity_log_records() {
    let app = spawn_app().await;
    let token = login_with(&app, &[("x-client-ip", "6.6.6.6"), ("x-forwarded-for", "6.6.6.6"), ("x-real-ip", "6.6.6.6")]).await;
    let page = app.get("/api/userLog?page=1&limit=1", Some(&token)).await;
    assert_eq!(page.data()[0]["ip"], "127.0.0.1", "the connection's peer: no proxy is trusted by default");
    assert_eq!(app.get("/api/ip", None).await.data()["ip"], "127.0.0.1");
}

#[actix_web::test]
async fn bad_activity_log_queries_are_400() {
    let app = spawn_app().await;
    let token = app.player().await;
    for (query, message) in [
        ("limit=0", "limit"),
        ("limit=51", "limit"),
        ("page=0", "page"),
        ("page=-1", "query"),
        ("fromDate=22/11/2026", "fromDate"),
        ("toDate=2026-13-01", "toDate"),
        ("fromDate=2026-11-22&utcOffset=1000", "utcOffset"),
        ("type=Bets", "type"),
    ] {
        assert_error(&app.get(&format!("/api/userLog?{query}"), Some(&token)).await, 400, message);
    }
}

#[actix_web::test]
async fn account_statement_rows_are_encrypted_with_the_balance_after() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    assert_eq!(app.credit(&operator, "player1", 250.75).await.status, 200);
    let debit = app.post("/api/ops/debit", Some(&operator), &json!({"username": "player1", "amount": 50, "remark": "cash out"})).await;
    assert_eq!(debit.status, 200, "{}", debit.body);
    let (token, _, user) = app.login("player1", "player123").await;
    let id = user["_id"].as_str().expect("id");
    let rows = app.open(&app.get(&format!("/api/transaction/user/statement/{id}"), Some(&token)).await);
    let rows = rows["data"].as_array().expect("rows").clone();
    assert_eq!(rows.len(), 3, "opening balance, credit, debit");
    assert_eq!(rows[0]["amount"], -50);
    assert_eq!(rows[0]["pts"], 100200.75);
    assert_eq!(rows[0]["remarks"], "cash out");
    assert_eq!(rows[1]["amount"], 250.75);
    assert_eq!(app.get("/api/transaction/user/statement/3", Some(&token)).await.status, 403);
    assert_eq!(app.get("/api/transaction/user/statement/999", Some(&operator)).await.status, 404);
}

#[actix_web::test]
async fn site_config_ip_and_rules_are_served() {
    let app = spawn_app().await;
    let config = app.get("/api/domain/domain-config", None).await;
    assert_eq!(config.data()["title"], app.settings.site.title.as_str());
    assert!(config.data()["user_announcement"].as_str().is_some_and(|s| !s.is_empty()));
    assert_eq!(app.get("/api/ip", None).await.data()["ip"], "127.0.0.1");
    let rules = app.post("/data/front/rules", None, &json!({})).await;
    let sets = rules.data().as_array().expect("rule sets");
    assert!(sets.iter().any(|s| s["etname"] == "General"));
    assert!(sets.iter().flat_map(|s| s["gametypelist"].as_array().expect("types")).flat_map(|g| g["rulelist"].as_array().expect("rules")).any(|r| r["rcolor"] == "2"));
    // Every market type the site offers has its rules.
    let gtypes: Vec<&str> = sets.iter().flat_map(|s| s["gametypelist"].as_array().expect("types")).filter_map(|g| g["gtype"].as_str()).collect();
    for gtype in ["match", "match1", "fancy", "fancy1", "meter", "khado", "oddeven", "cricketcasino"] {
        assert!(gtypes.contains(&gtype), "rules for {gtype}: {gtypes:?}");
    }
    let cricket = app.post("/data/front/casinorules", None, &json!({"type": "fancy"})).await;
    assert_eq!(cricket.data().as_array().expect("sets").len(), 1);
    assert_eq!(cricket.data()[0]["etname"], "Cricket");
    // The cricket-virtual table's own rules, written from the format it plays (five overs).
    let cricketv = app.post("/data/front/casinorules", None, &json!({"type": "cricketv"})).await;
    assert_eq!(cricketv.data()[0]["etname"], "Cricket V");
    let text: Vec<&str> = cricketv.data()[0]["gametypelist"][0]["rulelist"].as_array().expect("rules").iter().filter_map(|r| r["rule"].as_str()).collect();
    assert!(text.iter().any(|t| t.contains("5 overs a side")), "{text:?}");
}
