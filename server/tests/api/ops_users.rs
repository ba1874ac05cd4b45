//! The operators' view of accounts: find, read, follow the money, act with a remark.

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

#[actix_web::test]
async fn time_travel_shows_the_ledger_before_and_after_a_bet_and_reads_the_events_back() {
    let app = frozen_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let before = app.head_seq().await;
    let (_, market) = match_odds(&app).await;
    let price = best(&market, 0, "back");
    assert_eq!(place(&app, Some(&player), &bet_body(&market, 0, "back", price, 250.0, "travel")).await.status, 200);
    assert_eq!(app.credit(&operator, "player1", 10.0).await.status, 200);

    let then = app.get(&format!("/api/ops/audit/moment?seq={before}&username=player1"), Some(&operator)).await;
    assert_eq!(then.status, 200, "{}", then.body);
    assert_eq!(then.data()["seq"], before);
    assert_eq!(then.data()["users"][0]["openBets"].as_array().map(Vec::len), Some(0), "no bet yet");
    assert_eq!(then.data()["users"][0]["balance"], 100000.0);
    let now = app.get("/api/ops/audit/moment?username=player1", Some(&operator)).await;
    assert_eq!(now.data()["users"][0]["openBets"][0]["amount"], 250.0);
    assert_eq!(now.data()["users"][0]["exposure"], 250.0);
    assert_eq!(now.data()["users"][0]["balance"], 100010.0);
    let at = now.data()["atMs"].as_i64().expect("atMs");
    let by_time = app.get(&format!("/api/ops/audit/moment?at={}", urlencode(&rfc3339(at))), Some(&operator)).await;
    assert_eq!(by_time.status, 200, "{}", by_time.body);
    assert_eq!(by_time.data()["seq"], now.data()["seq"]);
    let long_ago = app.get("/api/ops/audit/moment?at=2000-01-01T00:00:00Z", Some(&operator)).await;
    assert_eq!((long_ago.data()["seq"].as_u64(), long_ago.data()["users"].as_array().map(Vec::len)), (Some(0), Some(0)));

    let events = app.get(&format!("/api/ops/audit/events?fromSeq={}&username=player1", before + 1), Some(&operator)).await;
    assert_eq!(events.status, 200, "{}", events.body);
    let kinds: Vec<&str> = events.data().as_array().expect("rows").iter().map(|r| r["kind"].as_str().expect("kind")).collect();
    assert_eq!(kinds, ["BetPlaced", "OrderPlaced", "OperatorActed", "Credited"], "the order's fill, then the order");
    let acted = &events.data()[2];
    assert_eq!((acted["by"].as_str(), acted["username"].as_str(), acted["detail"]["remark"].as_str()), (Some("operator"), Some("player1"), Some("test credit")));
    let only = app.get("/api/ops/audit/events?kind=operatoracted&limit=1&page=1", Some(&operator)).await;
    assert_eq!((only.body["total"].as_u64(), only.data().as_array().map(Vec::len)), (Some(1), Some(1)));

    let export = app.send("GET", "/api/ops/audit/events.jsonl?toSeq=5", Some(&operator), None).await;
    assert_eq!(export.status, 200);
    let text = export.body.as_str().expect("JSON lines").to_owned();
    assert_eq!(text.lines().count(), 5);
    assert!(text.contains("AccountOpened") && text.contains("[withheld]") && !text.contains("$argon2"), "credentials never leave: {text}");
}

#[actix_web::test]
async fn time_travel_from_the_servers_snapshots_shows_the_balance_of_every_moment() {
    let app = spawn_app_with(|s| {
        s.application.snapshot_every_events = 10;
        s.application.snapshot_check_ms = 50;
    })
    .await;
    let operator = app.operator().await;
    let mut moments = vec![(app.head_seq().await, 100_000)];
    for amount in 1..=30i32 {
        assert_eq!(app.credit(&operator, "player1", f64::from(amount)).await.status, 200);
        let balance = moments.last().expect("one").1 + i64::from(amount);
        moments.push((app.head_seq().await, balance));
    }
    // The keeper takes one at every multiple of 10 events: wait for the last before the head.
    let head = app.head_seq().await;
    let last = app.settings.application.data_dir.join(ledger::snapshot::SNAPSHOT_DIR).join(format!("{:020}.snap", head / 10 * 10));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !last.exists() {
        assert!(std::time::Instant::now() < deadline, "no snapshot at event {}", head / 10 * 10);
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    for (seq, balance) in moments {
        let then = app.get(&format!("/api/ops/audit/moment?seq={seq}&username=player1"), Some(&operator)).await;
        assert_eq!((then.data()["seq"].as_u64(), then.data()["users"][0]["balance"].as_i64()), (Some(seq), Some(balance)), "{}", then.body);
        let state = app.get(&format!("/api/ops/audit/state?seq={seq}&username=player1"), Some(&operator)).await;
        assert_eq!((state.data()["seq"].as_u64(), state.data()["users"][0]["balance"].as_i64()), (Some(seq), Some(balance)), "{}", state.body);
    }
}

#[actix_web::test]
async fn bad_time_travel_requests_are_refused() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let head = app.head_seq().await;
    assert_error(&app.get("/api/ops/audit/moment", Some(&player)).await, 403, "permission");
    assert_error(&app.get("/api/ops/audit/events", Some(&player)).await, 403, "permission");
    assert_error(&app.get("/api/ops/audit/moment?at=yesterday", Some(&operator)).await, 400, "RFC 3339");
    assert_error(&app.get(&format!("/api/ops/audit/moment?seq={}", head + 100), Some(&operator)).await, 400, "head of the log");
    assert_error(&app.get("/api/ops/audit/moment?seq=-1", Some(&operator)).await, 400, "invalid digit");
    assert_error(&app.get("/api/ops/audit/moment?username=ghost", Some(&operator)).await, 404, "Unknown user");
    assert_error(&app.get("/api/ops/audit/events?username=ghost", Some(&operator)).await, 404, "Unknown user");
    assert_error(&app.get("/api/ops/audit/events?fromSeq=5&toSeq=2", Some(&operator)).await, 400, "toSeq");
    assert_error(&app.get("/api/ops/audit/events?limit=0", Some(&operator)).await, 400, "limit");
    assert_error(&app.get("/api/ops/audit/events?page=0", Some(&operator)).await, 400, "page");
    assert_error(&app.get("/api/ops/audit/events?bogus=1", Some(&operator)).await, 400, "unknown field");
    assert_eq!(app.head_seq().await, head);
}

fn rfc3339(at_ms: i64) -> String {
    server::http::timefmt::rfc3339(at_ms)
}

fn urlencode(text: &str) -> String {
    text.replace(':', "%3A").replace('+', "%2B")
}

#[actix_web::test]
async fn an_operator_locks_a_casino_table_and_wrong_requests_change_nothing() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let tables = app.get("/api/ops/casino", Some(&operator)).await;
    assert_eq!(tables.status, 200, "{}", tables.body);
    let teen = tables.data().as_array().expect("tables").iter().find(|t| t["gtype"] == "teen20").cloned().expect("teen20");
    assert_eq!((teen["cid"].as_u64(), teen["locked"].as_bool()), (Some(1), Some(false)));
    let head = app.head_seq().await;
    let remark = json!({"remark": "why"});
    assert_error(&app.get("/api/ops/casino", Some(&player)).await, 403, "permission");
    assert_error(&app.post("/api/ops/casino/teen20/lock", Some(&player), &remark).await, 403, "permission");
    assert_error(&app.post("/api/ops/casino/nope/lock", Some(&operator), &remark).await, 404, "Unknown table");
    assert_error(&app.post("/api/ops/casino/teen20/melt", Some(&operator), &remark).await, 404, "Unknown action");
    assert_error(&app.post("/api/ops/casino/teen20/lock", Some(&operator), &json!({"remark": ""})).await, 400, "remark");
    assert_error(&app.post("/api/ops/casino/teen20/unlock", Some(&operator), &remark).await, 409, "not locked");
    assert_eq!(app.head_seq().await, head);
    let locked = app.post("/api/ops/casino/teen20/lock", Some(&operator), &json!({"remark": "dealer change"})).await;
    assert_eq!((locked.status, locked.data()["locked"].as_bool()), (200, Some(true)), "{}", locked.body);
    let all = app.post("/data/front/casino/alllist", None, &json!({"gmid": 35, "ismob": 1})).await;
    assert_eq!(all.data()["t1"][0]["locked"], true, "the tile shows it");
    let events = app.get("/api/ops/audit/events?kind=TableActed", Some(&operator)).await;
    assert_eq!((events.data()[0]["by"].as_str(), events.data()[0]["detail"]["remark"].as_str()), (Some("operator"), Some("dealer change")));
}
