//! Live casino against the real in-process round engine, run ten times faster than real time
//! (a teen20 round takes about 4 s): lists, rounds, bets, settlement, results, rejections.

use crate::helpers::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

async fn fast_app(locked_cids: Vec<u32>) -> TestApp {
    spawn_app_with(|s| {
        s.casino.simulator = true;
        s.casino.speed = 10.0;
        s.casino.locked_cids = locked_cids;
        s.feed.speed = 0.0;
    })
    .await
}

async fn round(app: &TestApp, gtype: &str) -> Value {
    let reply = app.post(&format!("/data/front/casino/data2?gType={gtype}&j=1"), None, &json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.data().clone()
}

/// Waits for a round of `gtype` taking bets with at least `lt` seconds left.
async fn open_round(app: &TestApp, gtype: &str, lt: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let round = round(app, gtype).await;
        if round["status"] == "OPEN" && round["lt"].as_u64().expect("lt") >= lt {
            return round;
        }
        assert!(Instant::now() < deadline, "no open {gtype} round within 20 s: {round}");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

fn bet_body(round: &Value, index: usize, side: &str, amount: f64, request_id: &str) -> Value {
    let item = &round["items"][index];
    let rate = if side == "back" { &item["b"] } else { &item["l"] };
    json!({
        "subType": round["gtype"], "gType": round["gtype"], "marketId": round["mid"], "sectionId": item["sid"],
        "uRate": rate, "amount": amount, "betType": side, "requestId": request_id,
        "sectionName": "ignored", "liveBook": {}, "ucard": "", "profit": 0
    })
}

async fn place(app: &TestApp, token: Option<&str>, body: &Value) -> Reply {
    let sealed = app.seal(body);
    let reply = app.send("POST", "/api/bet/place/casino", token, Some(&sealed.to_string())).await;
    if reply.status == 200 {
        return Reply { status: 200, body: app.open(&reply) };
    }
    reply
}

async fn user(app: &TestApp, token: &str) -> Value {
    app.get("/api/users", Some(token)).await.data().clone()
}

#[actix_web::test]
async fn the_lobby_lists_types_and_tables_with_their_locks() {
    let app = fast_app(vec![2]).await;
    let token = app.player().await;
    let types = app.send("POST", "/api/front/casino/tablist", Some(&token), Some(&app.seal(&json!({})).to_string())).await;
    let types = app.open(&types);
    let ids: Vec<u64> = types["data"].as_array().expect("types").iter().map(|t| t["id"].as_u64().expect("id")).collect();
    for id in [35, 20, 21, 22, 24, 27] {
        assert!(ids.contains(&id), "type {id} in {ids:?}");
    }
    let all = app.post("/data/front/casino/alllist", None, &json!({"gmid": 35, "ismob": 1})).await;
    let tiles = all.data()["t1"].as_array().expect("t1").clone();
    let gmids: Vec<&str> = tiles.iter().map(|t| t["gmid"].as_str().expect("gmid")).collect();
    assert_eq!(gmids, ["teen20", "lucky7", "dt20", "ab20", "card32", "baccarat", "roulette", "war", "sicbo", "poker20", "race20", "ballbyball", "worli", "3cardj", "kbc", "lottcard", "superover"]);
    assert_eq!(tiles.iter().filter(|t| t["locked"] == true).map(|t| t["gmid"].clone()).collect::<Vec<_>>(), [json!("lucky7")]);
    let teen = app.send("POST", "/api/front/casino/alllist", Some(&token), Some(&app.seal(&json!({"gmid": "20", "ismob": 1})).to_string())).await;
    assert_eq!(app.open(&teen)["data"]["t1"][0]["gname"], "Teen Patti 20-20");
    assert_error(&app.post("/data/front/casino/alllist", None, &json!({"gmid": [1]})).await, 400, "gmid");
    // A tile's launch target: our own tables open their page; a locked one is refused.
    let launch = app.post("/data/front/casino/launchother", None, &json!({"gmid": "teen20"})).await;
    assert_eq!((launch.status, launch.data()["url"].as_str(), launch.data()["isown"].as_bool()), (200, Some("/casino/teen20"), Some(true)), "{}", launch.body);
    assert_error(&app.post("/data/front/casino/launchother", None, &json!({"gmid": "lucky7"})).await, 403, "Lucky 7 is locked");
    assert_error(&app.post("/data/front/casino/launchother", None, &json!({"gmid": "evolution-lobby"})).await, 404, "Unknown game evolution-lobby");
    assert_error(&app.post("/data/front/casino/launchother", None, &json!({"gmid": 35})).await, 400, "gmid");
    assert_error(&app.post("/data/front/casino/launchother", None, &json!({})).await, 400, "gmid");
}

#[actix_web::test]
async fn every_table_shows_its_round_and_its_rules() {
    let app = fast_app(vec![]).await;
    for gtype in ["teen20", "lucky7", "dt20", "ab20", "card32", "baccarat", "roulette"] {
        let round = round(&app, gtype).await;
        assert_eq!(round["gtype"], gtype);
        assert_eq!(round["mid"].as_str().expect("mid").len(), 13, "{round}");
        assert!(!round["items"].as_array().expect("items").is_empty());
        let rules = app.post("/data/front/casinorules", None, &json!({"type": gtype})).await;
        let listed = rules.data()[0]["gametypelist"].as_array().expect("rule groups").iter().any(|g| g["gtype"] == gtype);
        assert!(listed, "rules of {gtype}: {}", rules.body);
    }
    assert_error(&app.post("/data/front/casino/data2?gType=poker99&j=1", None, &json!({})).await, 404, "Unknown table");
    assert_error(&app.post("/data/front/casino/data2", None, &json!({})).await, 400, "gType");
    let token = app.player().await;
    let sealed = app.send("POST", "/api/front/casino/data2?gType=roulette", Some(&token), Some(&app.seal(&json!({})).to_string())).await;
    assert_eq!(app.open(&sealed)["data"]["gtype"], "roulette");
}

#[actix_web::test]
async fn a_bet_on_an_open_round_is_held_then_settled_once_with_its_statement_row_and_result() {
    let app = fast_app(vec![]).await;
    let token = app.player().await;
    let before = user(&app, &token).await;
    let round = open_round(&app, "teen20", 6).await;
    let mid = round["mid"].as_str().expect("mid").to_owned();
    let placed = place(&app, Some(&token), &bet_body(&round, 0, "back", 100.0, "c1")).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    assert_eq!(placed.body["message"], "Bet placed successfully");
    assert_eq!(placed.body["data"]["exp"], -100.0);
    assert_eq!(placed.body["data"]["bet"]["marketName"], mid);
    assert_eq!(placed.body["data"]["bet"]["casino"], true);
    let again = place(&app, Some(&token), &bet_body(&round, 0, "back", 100.0, "c1")).await;
    assert_eq!(again.body["message"], "Bet already placed", "same request id");
    let open = app.get("/api/bet/current?type=casino", Some(&token)).await;
    assert_eq!(open.data().as_array().expect("bets").len(), 1);
    assert!(app.get("/api/bet/current?type=game", Some(&token)).await.data().as_array().expect("bets").is_empty());

    let deadline = Instant::now() + Duration::from_secs(20);
    let settled = loop {
        let bets = app.get(&format!("/api/bet?marketId={mid}&gType=teen20"), Some(&token)).await;
        let bet = bets.data()["bets"][0].clone();
        if !bet["result"].is_null() {
            break bet;
        }
        assert!(Instant::now() < deadline, "round {mid} not settled within 20 s: {}", bets.body);
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    };
    let pnl = settled["result"].as_f64().expect("result");
    assert!([-100.0, 0.0].contains(&pnl) || pnl > 0.0, "a back bet loses its stake, pushes or wins: {pnl}");
    let after = user(&app, &token).await;
    assert_eq!(after["exp"], 0.0);
    assert!((after["balance"].as_f64().expect("balance") - (before["balance"].as_f64().expect("balance") + pnl)).abs() < 1e-9);

    let statement = app.open(&app.get("/api/bet/account-statement?type=casino", Some(&token)).await);
    let rows = statement["data"].as_array().expect("rows");
    assert_eq!(rows.len(), 1, "one row per round: {statement}");
    assert_eq!(rows[0]["marketName"], mid);
    assert_eq!(rows[0]["totalProfit"].as_f64(), Some(pnl));
    assert!(app.open(&app.get("/api/bet/account-statement?type=game", Some(&token)).await)["data"].as_array().expect("rows").is_empty());

    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let results = app.post("/api/front/casinoresults", Some(&token), &json!({"dateFrom": today, "type": "teen20"})).await;
    // Base B answers the same, without a session (spec: casinoresults on base B).
    let public = app.post("/data/front/casinoresults", None, &json!({"dateFrom": today, "type": "teen20"})).await;
    assert_eq!(public.status, 200, "{}", public.body);
    let listed = |reply: &Reply| reply.data().as_array().expect("results").iter().map(|r| r["mid"].clone()).collect::<Vec<_>>();
    assert!(listed(&results).iter().all(|mid| listed(&public).contains(mid)), "base B lists the same rounds (and any resulted since)");
    assert!(results.data().as_array().expect("results").iter().any(|r| r["mid"] == mid), "{}", results.body);
    // The same round on the player's own day: today in India, not yesterday there.
    let in_india = |days: i64| (chrono::Utc::now() + chrono::Duration::minutes(330) + chrono::Duration::days(days)).format("%Y-%m-%d").to_string();
    let on = |day: String| {
        let app = &app;
        async move { app.post("/data/front/casinoresults", None, &json!({"dateFrom": day, "utcOffset": 330, "type": "teen20"})).await }
    };
    assert!(listed(&on(in_india(0)).await).contains(&json!(mid)), "today in India");
    assert!(!listed(&on(in_india(-1)).await).contains(&json!(mid)), "yesterday in India");
    let detail = app.post("/api/front/casino/result", Some(&token), &json!({"gtype": "teen20", "mid": mid, "dtype": "cs"})).await;
    assert_eq!(detail.status, 200, "{}", detail.body);
    assert_eq!(detail.data()["result"]["mid"], mid);
    assert_eq!(detail.data()["result"]["hands"].as_array().expect("hands").len(), 2, "player A and B");
    assert_eq!(detail.data()["totalProfit"].as_f64(), Some(pnl));
    assert_eq!(detail.data()["bets"].as_array().expect("bets").len(), 1);

    let operator = app.operator().await;
    let audit = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(audit.body["success"], true, "{}", audit.body);
}

#[actix_web::test]
async fn bets_are_refused_with_their_reasons_and_change_nothing() {
    let app = fast_app(vec![3]).await;
    let token = app.player().await;
    let before = user(&app, &token).await;
    let round = open_round(&app, "teen20", 4).await;

    assert_error(&place(&app, None, &bet_body(&round, 0, "back", 100.0, "v")).await, 401, "");
    let operator = app.operator().await;
    assert_error(&place(&app, Some(&operator), &bet_body(&round, 0, "back", 100.0, "o")).await, 403, "Please login to access!");
    let mut stale = bet_body(&round, 0, "back", 100.0, "s");
    stale["uRate"] = json!(crate::sports::cents(round["items"][0]["b"].as_f64().expect("rate") + 0.5));
    assert_error(&place(&app, Some(&token), &stale).await, 409, "Odds changed");
    assert_error(&place(&app, Some(&token), &bet_body(&round, 0, "lay", 100.0, "l")).await, 422, "not offered");
    assert_error(&place(&app, Some(&token), &bet_body(&round, 0, "back", 1.0, "m")).await, 422, "Stake must be between");
    assert_error(&place(&app, Some(&token), &bet_body(&round, 0, "back", 10_000_000.0, "h")).await, 422, "Stake must be between");
    let mut unknown = bet_body(&round, 0, "back", 100.0, "u");
    unknown["sectionId"] = json!(999);
    assert_error(&place(&app, Some(&token), &unknown).await, 404, "Unknown selection");
    let mut table = bet_body(&round, 0, "back", 100.0, "t");
    table["subType"] = json!("nope");
    assert_error(&place(&app, Some(&token), &table).await, 404, "Unknown table");
    let dt = open_round(&app, "dt20", 1).await;
    assert_error(&place(&app, Some(&token), &bet_body(&dt, 0, "back", 100.0, "k")).await, 403, "locked by the administrator");
    // The tables log their rounds all the while, so the log's head moves: check the bets.
    assert!(app.get("/api/bet/current?type=casino", Some(&token)).await.data().as_array().expect("bets").is_empty(), "no refused bet is placed");
    assert_eq!(user(&app, &token).await, before);

    // The round's betting closes: its items show SUSPENDED; then a later round refuses the old id.
    let deadline = Instant::now() + Duration::from_secs(20);
    let dealing = loop {
        let now = self::round(&app, "teen20").await;
        if now["mid"] == round["mid"] && now["status"] != "OPEN" {
            break now;
        }
        assert!(Instant::now() < deadline, "round never closed");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    };
    assert_error(&place(&app, Some(&token), &bet_body(&dealing, 0, "back", 100.0, "d")).await, 409, "SUSPENDED");
    let next = open_round(&app, "teen20", 2).await;
    assert_ne!(next["mid"], round["mid"]);
    let mut old = bet_body(&next, 0, "back", 100.0, "x");
    old["marketId"] = round["mid"].clone();
    assert_error(&place(&app, Some(&token), &old).await, 409, "Round is closed");
    assert_eq!(user(&app, &token).await["exp"], 0.0);
}

#[actix_web::test]
async fn results_and_round_calls_reject_bad_input() {
    let app = fast_app(vec![]).await;
    let token = app.player().await;
    assert_error(&app.post("/api/front/casinoresults", Some(&token), &json!({"dateFrom": "22/11/2026", "type": "teen20"})).await, 400, "dateFrom");
    assert_error(&app.post("/api/front/casinoresults", Some(&token), &json!({"dateFrom": "2026-11-22"})).await, 400, "gType");
    assert_error(&app.post("/api/front/casinoresults", None, &json!({"dateFrom": "2026-11-22", "type": "teen20"})).await, 401, "");
    assert_error(&app.post("/data/front/casinoresults", None, &json!({"dateFrom": "22/11/2026", "type": "teen20"})).await, 400, "dateFrom");
    assert_error(&app.post("/data/front/casinoresults", None, &json!({"dateFrom": "2026-11-22", "utcOffset": 900, "type": "teen20"})).await, 400, "utcOffset");
    assert_error(&app.post("/data/front/casinoresults", None, &json!({"dateFrom": "2026-11-22", "utcOffset": "IST", "type": "teen20"})).await, 400, "");
    assert_error(&app.post("/data/front/casinoresults", None, &json!({"dateFrom": "2026-11-22", "type": "nope"})).await, 404, "Unknown table nope");
    assert_error(&app.post("/api/front/casino/result", Some(&token), &json!({"gtype": "teen20", "mid": "123"})).await, 404, "Unknown round");
    assert_error(&app.post("/api/front/casino/result", Some(&token), &json!({"gtype": "teen20", "mid": "not-a-round"})).await, 404, "Unknown round");
    assert_error(&app.get("/api/bet?marketId=abc&gType=teen20", Some(&token)).await, 400, "marketId");
    let malformed = app.send("POST", "/api/bet/place/casino", Some(&token), Some("{\"Payload\": 5")).await;
    assert_eq!(malformed.status, 400, "{}", malformed.body);
    let plain = app.send("POST", "/api/bet/place/casino", Some(&token), Some(&json!({"marketId": "1"}).to_string())).await;
    assert_eq!(plain.status, 400, "an encrypted call refuses a plain body: {}", plain.body);
}

#[actix_web::test]
async fn the_table_topic_pushes_every_tick_of_the_round() {
    let app = fast_app(vec![]).await;
    let mut socket = crate::ws::connect(&app).await;
    crate::ws::send(&mut socket, json!({"type": "sub", "topic": "casino:lucky7"})).await;
    let snapshot = crate::ws::next(&mut socket).await;
    assert_eq!(snapshot["type"], "snapshot", "{snapshot}");
    assert_eq!(snapshot["data"]["gtype"], "lucky7");
    // Deltas carry what changed; merged in order they give the round the server shows.
    let mut merged = snapshot["data"].clone();
    let mut seen = Vec::new();
    // At ten times real time a second of countdown is 100 ms: twenty updates within 5 s.
    while seen.len() < 20 {
        let delta = crate::ws::next(&mut socket).await;
        assert_eq!(delta["type"], "delta", "{delta}");
        assert!(delta["data"]["mid"].is_string() && delta["data"]["ts"].is_i64(), "{delta}");
        assert!(delta["data"].as_object().expect("fields").len() > 2, "a delta shows a change: {delta}");
        for (key, value) in delta["data"].as_object().expect("fields") {
            merged[key] = value.clone();
        }
        seen.push((merged["mid"].clone(), merged["lt"].clone(), merged["status"].clone()));
    }
    let shown = round(&app, "lucky7").await;
    // Unless the table moved on in between, the page's round and the merged one are the same.
    if shown["ts"] == merged["ts"] {
        for key in ["mid", "lt", "status", "items", "results", "hands"] {
            assert_eq!(merged[key], shown[key], "merged deltas give the round's {key}");
        }
    }
    crate::ws::send(&mut socket, json!({"type": "sub", "topic": "casino:nope"})).await;
    // The table's deltas go on meanwhile: the answer is the first message that is not one.
    let mut answer = crate::ws::next(&mut socket).await;
    for _ in 0..50 {
        if answer["type"] != "delta" {
            break;
        }
        answer = crate::ws::next(&mut socket).await;
    }
    assert_eq!(answer["type"], "error", "{answer}");
}

#[actix_web::test]
async fn an_operator_voids_a_round_and_every_stake_comes_back() {
    let app = fast_app(vec![]).await;
    let operator = app.operator().await;
    let token = app.player().await;
    let before = user(&app, &token).await;
    let round = open_round(&app, "teen20", 6).await;
    let mid = round["mid"].as_str().expect("mid").to_owned();
    assert_eq!(place(&app, Some(&token), &bet_body(&round, 0, "back", 100.0, "to void")).await.status, 200);
    assert_error(&app.post("/api/ops/casino/teen20/void", Some(&operator), &json!({"remark": ""})).await, 400, "remark");
    let voided = app.post("/api/ops/casino/teen20/void", Some(&operator), &json!({"remark": "misdeal"})).await;
    assert_eq!(voided.status, 200, "{}", voided.body);
    let after = user(&app, &token).await;
    assert_eq!((after["balance"].as_f64(), after["exp"].as_f64()), (before["balance"].as_f64(), Some(0.0)), "the stake is back at once");
    let shown = round_of(&app, "teen20", &mid).await;
    assert!(shown["remark"].as_str().is_some_and(|r| r.contains("void")), "the table says so: {shown}");
    assert_eq!(shown["status"], "SUSPENDED");
    let bets = app.get(&format!("/api/bet?marketId={mid}&gType=teen20"), Some(&token)).await;
    assert_eq!(bets.data()["bets"][0]["result"], 0.0, "{}", bets.body);
    assert_error(&app.post("/api/ops/casino/teen20/void", Some(&operator), &json!({"remark": "again"})).await, 409, "already resulted");

    // The engine deals the voided round out unseen; the next round takes bets as usual.
    let next = open_round(&app, "teen20", 2).await;
    assert_ne!(next["mid"], mid);
    assert!(next["remark"].as_str().is_none_or(str::is_empty), "{next}");
    let audit = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(audit.body["success"], true, "{}", audit.body);
}

/// The table's round while it is still round `mid`.
async fn round_of(app: &TestApp, gtype: &str, mid: &str) -> Value {
    let shown = round(app, gtype).await;
    assert_eq!(shown["mid"], mid, "still the same round");
    shown
}

#[actix_web::test]
async fn a_paused_table_opens_no_new_round_until_resumed() {
    let app = fast_app(vec![]).await;
    let operator = app.operator().await;
    let first = open_round(&app, "lucky7", 1).await;
    let paused = app.post("/api/ops/casino/lucky7/pause", Some(&operator), &json!({"remark": "dealer change"})).await;
    assert_eq!(paused.status, 200, "{}", paused.body);
    assert_eq!(paused.data()["paused"], true);
    assert_error(&app.post("/api/ops/casino/lucky7/pause", Some(&operator), &json!({"remark": "again"})).await, 409, "already paused");
    // The round in play finishes; no other opens (a lucky7 round takes about 2 s at this speed).
    actix_web::rt::time::sleep(Duration::from_secs(5)).await;
    let still = round(&app, "lucky7").await;
    assert_eq!(still["mid"], first["mid"], "no new round while paused: {still}");
    assert!(still["remark"].as_str().is_some_and(|r| r.contains("paused")), "{still}");
    let listed = app.get("/api/ops/casino", Some(&operator)).await;
    let table = listed.data().as_array().expect("tables").iter().find(|t| t["gtype"] == "lucky7").cloned().expect("lucky7");
    assert_eq!((table["paused"].clone(), table["mid"].clone()), (json!(true), Value::Null), "its round is resulted and none is open");

    assert_eq!(app.post("/api/ops/casino/lucky7/resume", Some(&operator), &json!({"remark": "back"})).await.status, 200);
    let next = open_round(&app, "lucky7", 1).await;
    assert_ne!(next["mid"], first["mid"]);
    assert_error(&app.post("/api/ops/casino/lucky7/resume", Some(&operator), &json!({"remark": "again"})).await, 409, "not paused");
}

#[actix_web::test]
async fn in_test_mode_a_stacked_shoe_deals_the_next_round_and_its_result_says_stacked() {
    let normal = fast_app(vec![]).await;
    let operator = normal.operator().await;
    let stack = json!({"remark": "reproduce a tie", "cards": ["AHH", "ASS", "ACC", "KHH", "KSS", "KCC"]});
    assert_error(&normal.post("/api/ops/casino/teen20/stack", Some(&operator), &stack).await, 403, "test mode only");

    let app = spawn_app_with(|s| {
        s.casino.simulator = true;
        s.casino.speed = 10.0;
        s.feed.speed = 0.0;
        s.test_mode = true;
    })
    .await;
    let operator = app.operator().await;
    let site = app.get("/api/domain/domain-config", None).await;
    assert_eq!(site.data()["test_mode"], true, "{}", site.body);
    for (body, status, needle) in [
        (json!({"remark": "x", "cards": ["ZZZ"]}), 400, "not in the teen20 shoe"),
        (json!({"remark": "x", "cards": ["AHH", "AHH"]}), 400, "cards"),
        (json!({"remark": "", "cards": ["AHH"]}), 400, "remark"),
        (json!({"remark": "x"}), 400, "cards"),
    ] {
        assert_error(&app.post("/api/ops/casino/teen20/stack", Some(&operator), &body).await, status, needle);
    }
    assert_error(&app.post("/api/ops/casino/poker99/stack", Some(&operator), &stack).await, 404, "Unknown table");
    let stacked = app.post("/api/ops/casino/teen20/stack", Some(&operator), &stack).await;
    assert_eq!(stacked.status, 200, "{}", stacked.body);
    let token = app.player().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let result = loop {
        let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
        let results = app.post("/api/front/casinoresults", Some(&token), &json!({"dateFrom": today, "type": "teen20"})).await;
        let mids: Vec<String> = results.data().as_array().expect("results").iter().map(|r| r["mid"].as_str().expect("mid").to_owned()).collect();
        let mut found = None;
        for mid in mids {
            let detail = app.post("/api/front/casino/result", Some(&token), &json!({"gtype": "teen20", "mid": mid, "dtype": "cs"})).await;
            if detail.data()["result"]["stacked"] == true {
                found = Some(detail.data()["result"].clone());
            }
        }
        if let Some(result) = found {
            break result;
        }
        assert!(Instant::now() < deadline, "no stacked teen20 round within 30 s");
        actix_web::rt::time::sleep(Duration::from_millis(250)).await;
    };
    assert_eq!(result["card"], "AHH,ASS,ACC,KHH,KSS,KCC");
    let events = app.get("/api/ops/audit/events?kind=DealingActed", Some(&operator)).await;
    let action = &events.data()[0]["detail"]["action"]["Stack"];
    assert_eq!(action["cards"][0], "AHH", "{}", events.body);
}

/// A bet on a pick item: the item's `sid`, the pick, and the quoted rate.
fn pick_body(round: &Value, sid: u64, pick: &[&str], rate: f64, request_id: &str) -> Value {
    json!({
        "gType": round["gtype"], "marketId": round["mid"], "sectionId": sid, "pick": pick,
        "uRate": rate, "amount": 100.0, "betType": "back", "requestId": request_id,
    })
}

async fn quote(app: &TestApp, gtype: &str, sid: u64, pick: &[&str]) -> Reply {
    app.post("/data/front/casino/pick", None, &json!({"gType": gtype, "sectionId": sid, "pick": pick})).await
}

/// Stacks `cards` on an open round of `gtype` with time to bet: that round deals them.
async fn stacked_round(app: &TestApp, operator: &str, gtype: &str, cards: &[&str]) -> Value {
    for _ in 0..5 {
        let round = open_round(app, gtype, 10).await;
        let stacked = app.post(&format!("/api/ops/casino/{gtype}/stack"), Some(operator), &json!({"remark": "pick test", "cards": cards})).await;
        assert_eq!(stacked.status, 200, "{}", stacked.body);
        let mid = round["mid"].as_str().expect("mid");
        if stacked.body["message"] == format!("Shoe stacked for {mid}") {
            return round;
        }
    }
    panic!("no {gtype} round stacked in five tries");
}

/// The caller's settled bets of a round, by name, once every one is settled.
async fn settled_bets(app: &TestApp, token: &str, gtype: &str, mid: &str, count: usize) -> Vec<(String, f64)> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let bets = app.get(&format!("/api/bet?marketId={mid}&gType={gtype}"), Some(token)).await;
        let bets = bets.data()["bets"].as_array().expect("bets").clone();
        if bets.len() == count && bets.iter().all(|b| !b["result"].is_null()) {
            let mut named: Vec<(String, f64)> = bets.iter().map(|b| (b["sectionName"].as_str().expect("name").to_owned(), b["result"].as_f64().expect("result"))).collect();
            named.sort_by(|a, b| a.0.cmp(&b.0));
            return named;
        }
        assert!(Instant::now() < deadline, "{gtype} round {mid} not settled within 30 s: {bets:?}");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

#[actix_web::test]
async fn pick_bets_are_quoted_checked_and_settled_by_the_cards_dealt() {
    let app = spawn_app_with(|s| {
        s.casino.simulator = true;
        s.casino.speed = 10.0;
        s.feed.speed = 0.0;
        s.test_mode = true;
        // Two tables polled together, with bets between: more than one address's usual rate.
        s.limits.api_requests_per_sec_per_ip = 0.0;
    })
    .await;
    let operator = app.operator().await;
    let token = app.player().await;
    let before = user(&app, &token).await["balance"].as_f64().expect("balance");

    // A quote names the pick in the game's order with its rate; a pick of the wrong kind is refused.
    let quoted = quote(&app, "worli", 11, &["8", "1", "2"]).await;
    assert_eq!(quoted.status, 200, "{}", quoted.body);
    assert_eq!(quoted.data()["nat"], "Single Patti 128");
    assert_eq!(quoted.data()["rate"], 140.0);
    assert_eq!(quoted.data()["pick"], json!(["1", "2", "8"]));
    assert_error(&quote(&app, "worli", 11, &["1", "1", "2"]).await, 400, "three different digits");
    assert_error(&quote(&app, "worli", 1, &["1"]).await, 400, "takes no pick");
    assert_error(&quote(&app, "worli", 99, &["1"]).await, 404, "Unknown selection");
    assert_error(&quote(&app, "kbc", 1, &["Red", "Odd", "7 Up", "A23", "Stars"]).await, 400, "Suit");
    assert_error(&app.post("/data/front/casino/pick", None, &json!({"gType": "worli", "sectionId": 11, "pick": "128"})).await, 400, "");

    // Worli's board by section: the ten Single digits, then each kind of patti as a pick item.
    let sections = app.post("/data/front/worlisectiondata", None, &json!({})).await;
    let names: Vec<&str> = sections.data().as_array().expect("sections").iter().map(|s| s["name"].as_str().expect("name")).collect();
    assert_eq!(names, ["Single", "Single Patti", "Double Patti", "Triple Patti"], "{}", sections.body);
    assert_eq!(sections.data()[0]["items"].as_array().expect("digits").len(), 10);
    assert_eq!(sections.data()[1]["items"][0]["pick"]["slots"].as_array().expect("slots").len(), 3);

    // Worli deals A, 2, 8: patti 1 2 8, single 1 (1 + 2 + 8 = 11).
    let worli = stacked_round(&app, &operator, "worli", &["AHH", "2HH", "8HH"]).await;
    let bad = [
        (json!({"pick": null}), 400, "needs a pick"),
        (json!({"sectionId": 2, "uRate": 9.5}), 400, "takes no pick"),
        (json!({"pick": ["1", "1", "2"]}), 400, "three different digits"),
        (json!({"pick": ["1", "2", "8", "9"]}), 400, "at most 3"),
        (json!({"pick": ["1", "2", "x"]}), 400, "digits"),
        (json!({"uRate": 150.0}), 409, "Odds changed"),
        (json!({"betType": "lay"}), 422, "not offered"),
        (json!({"amount": 501.0}), 422, "Stake must be between"),
    ];
    for (change, status, needle) in bad {
        let mut body = pick_body(&worli, 11, &["1", "2", "8"], 140.0, "bad");
        for (key, value) in change.as_object().expect("fields") {
            body[key] = value.clone();
        }
        assert_error(&place(&app, Some(&token), &body).await, status, needle);
    }
    assert!(app.get("/api/bet/current?type=casino", Some(&token)).await.data().as_array().expect("bets").is_empty(), "no refused bet is placed");
    for (sid, pick, rate, id) in [(11, ["2", "8", "1"], 140.0, "w1"), (12, ["1", "1", "2"], 240.0, "w2")] {
        let placed = place(&app, Some(&token), &pick_body(&worli, sid, &pick, rate, id)).await;
        assert_eq!(placed.status, 200, "{}", placed.body);
    }
    let single = place(&app, Some(&token), &bet_body(&worli, 1, "back", 100.0, "w3")).await;
    assert_eq!(single.body["data"]["bet"]["sectionName"], "Single 1");

    // KBC deals 5♥ 9♣ K♣ 2♦ 4♠: Red, Odd, 7 Up, A23, Spades.
    let kbc = stacked_round(&app, &operator, "kbc", &["5HH", "9CC", "KCC", "2DD", "4SS"]).await;
    let answers = ["Red", "Odd", "7 Up", "A23", "Hearts"];
    let four = quote(&app, "kbc", 2, &answers[..4]).await.data()["rate"].as_f64().expect("rate");
    let half = quote(&app, "kbc", 3, &answers).await.data()["rate"].as_f64().expect("rate");
    assert_eq!(four, 33.47, "0.96 / (1/2 × 7/13 × 6/13 × 3/13), rounded down");
    for (sid, pick, rate, id) in [(2, &answers[..4], four, "k1"), (3, &answers[..], half, "k2")] {
        let placed = place(&app, Some(&token), &pick_body(&kbc, sid, pick, rate, id)).await;
        assert_eq!(placed.status, 200, "{}", placed.body);
    }

    let worli_bets = settled_bets(&app, &token, "worli", worli["mid"].as_str().expect("mid"), 3).await;
    assert_eq!(worli_bets, [("Double Patti 112".to_owned(), -100.0), ("Single 1".to_owned(), 850.0), ("Single Patti 128".to_owned(), 13_900.0)]);
    let kbc_bets = settled_bets(&app, &token, "kbc", kbc["mid"].as_str().expect("mid"), 2).await;
    // 50-50 Quit: four right, the fifth wrong: half the stake is paid at the four-answer rate
    // (the rate halved in hundredths, rounded down: 16.73).
    let quit = ((four * 100.0 / 2.0).floor() - 100.0).round();
    assert_eq!(kbc_bets, [("4 Cards Quit Red, Odd, 7 Up, A23".to_owned(), 3_247.0), ("50-50 Quit Red, Odd, 7 Up, A23, Hearts".to_owned(), quit)]);

    let after = user(&app, &token).await;
    assert_eq!(after["exp"], 0.0);
    let won: f64 = worli_bets.iter().chain(&kbc_bets).map(|(_, pnl)| pnl).sum();
    assert!((after["balance"].as_f64().expect("balance") - (before + won)).abs() < 1e-6, "{after}");
    let audit = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(audit.body["success"], true, "{}", audit.body);
}

#[actix_web::test]
async fn the_super_over_takes_bets_again_after_every_ball_at_new_prices() {
    let app = spawn_app_with(|s| {
        s.casino.simulator = true;
        s.casino.speed = 10.0;
        s.feed.speed = 0.0;
        s.limits.api_requests_per_sec_per_ip = 0.0;
    })
    .await;
    let token = app.player().await;
    let before = user(&app, &token).await["balance"].as_f64().expect("balance");
    let opening = open_round(&app, "superover", 6).await;
    let mid = opening["mid"].as_str().expect("mid").to_owned();
    assert_eq!(opening["card"], "", "no ball before the betting closes");
    let names: Vec<&str> = opening["items"].as_array().expect("items").iter().map(|i| i["nat"].as_str().expect("nat")).collect();
    assert_eq!(&names[..2], ["Team A", "Team B"], "{names:?}");
    assert!(names[2].starts_with("Team A runs "), "{names:?}");
    let placed = place(&app, Some(&token), &bet_body(&opening, 0, "back", 100.0, "pre")).await;
    assert_eq!(placed.status, 200, "{}", placed.body);

    // After a ball the round takes bets again, on items priced from the score.
    let deadline = Instant::now() + Duration::from_secs(30);
    let in_play = loop {
        let now = round(&app, "superover").await;
        assert_eq!(now["mid"], mid, "the over ended without a betting window between balls");
        if now["status"] == "OPEN" && now["card"] != "" && now["lt"].as_u64().expect("lt") >= 3 {
            break now;
        }
        assert!(Instant::now() < deadline, "no betting window between balls");
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    };
    if in_play["items"][0]["b"] != opening["items"][0]["b"] {
        let mut old = bet_body(&in_play, 0, "back", 100.0, "stale");
        old["uRate"] = opening["items"][0]["b"].clone();
        assert_error(&place(&app, Some(&token), &old).await, 409, "Odds changed");
    }
    let lay = place(&app, Some(&token), &bet_body(&in_play, 0, "lay", 100.0, "in-play")).await;
    assert_eq!(lay.status, 200, "{}", lay.body);
    assert_eq!(lay.body["data"]["bet"]["uRate"], in_play["items"][0]["l"], "laid at the re-priced rate");

    // Between windows (a ball being bowled) bets are refused.
    let deadline = Instant::now() + Duration::from_secs(30);
    let dealing = loop {
        let now = round(&app, "superover").await;
        if now["mid"] == mid && now["status"] == "SUSPENDED" {
            break now;
        }
        assert!(Instant::now() < deadline, "no ball bowled after the window");
        actix_web::rt::time::sleep(Duration::from_millis(10)).await;
    };
    assert_error(&place(&app, Some(&token), &bet_body(&dealing, 0, "back", 100.0, "dealing")).await, 409, "SUSPENDED");

    // Team A backed before the first ball and laid after it: the round settles both.
    let settled = {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let bets = app.get(&format!("/api/bet?marketId={mid}&gType=superover"), Some(&token)).await;
            let bets = bets.data()["bets"].as_array().expect("bets").clone();
            if bets.len() == 2 && bets.iter().all(|b| !b["result"].is_null()) {
                break bets;
            }
            assert!(Instant::now() < deadline, "round {mid} not settled: {bets:?}");
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
        }
    };
    let won: f64 = settled.iter().map(|b| b["result"].as_f64().expect("result")).sum();
    let after = user(&app, &token).await;
    assert_eq!(after["exp"], 0.0);
    assert!((after["balance"].as_f64().expect("balance") - (before + won)).abs() < 1e-6, "{after}");
    let operator = app.operator().await;
    let events = app.get("/api/ops/audit/events?kind=RoundReopened", Some(&operator)).await;
    assert!(!events.data().as_array().expect("events").is_empty(), "the reopening is in the log: {}", events.body);
    let audit = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(audit.body["success"], true, "{}", audit.body);
}

/// `POST /api/bet/all`: the markets and rounds where the caller has open bets, sports and casino,
/// each with its bets and its worst-case loss; the type filter and bad input.
#[actix_web::test]
async fn bet_all_lists_each_open_market_and_round_with_its_exposure() {
    let app = spawn_app_with(|s| {
        s.casino.simulator = true;
        s.casino.speed = 10.0;
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
    })
    .await;
    let token = app.player().await;
    assert_eq!(app.post("/api/bet/all", Some(&token), &json!({})).await.data(), &json!([]), "nothing open yet");

    let (_, market) = crate::sports::match_odds(&app).await;
    let price = crate::sports::best(&market, 0, "back");
    let sports_bet = crate::sports::place(&app, Some(&token), &crate::sports::bet_body(&market, 0, "back", price, 250.0, "s1")).await;
    assert_eq!(sports_bet.status, 200, "{}", sports_bet.body);
    let round = open_round(&app, "teen20", 6).await;
    for (index, request) in [(0, "c1"), (1, "c2")] {
        let placed = place(&app, Some(&token), &bet_body(&round, index, "back", 100.0, request)).await;
        assert_eq!(placed.status, 200, "{}", placed.body);
    }

    let all = app.post("/api/bet/all", Some(&token), &json!({})).await;
    assert_eq!(all.status, 200, "{}", all.body);
    let markets = all.data().as_array().expect("markets");
    assert_eq!(markets.len(), 2, "{}", all.body);
    let sports = markets.iter().find(|m| m["casino"] == false).expect("the sports market");
    assert_eq!((sports["marketId"].as_u64(), sports["trades"].as_u64(), sports["exposure"].as_f64()), (market["mid"].as_u64(), Some(1), Some(250.0)));
    let casino = markets.iter().find(|m| m["casino"] == true).expect("the round");
    assert_eq!((casino["marketName"].as_str(), casino["gType"].as_str(), casino["trades"].as_u64()), (round["mid"].as_str(), Some("teen20"), Some(2)));
    // Each item of a round is a book of its own (docs/decisions.md): two backs of 100 risk 200.
    assert_eq!(casino["exposure"].as_f64(), Some(200.0), "the round's worst case: {casino}");
    let header = app.get("/api/users", Some(&token)).await;
    assert_eq!(header.data()["exp"].as_f64(), Some(-450.0), "the header's exposure is their sum");
    assert_eq!(app.post("/api/bet/all", Some(&token), &json!({"type": "casino"})).await.data().as_array().map(Vec::len), Some(1));
    assert_eq!(app.post("/api/bet/all", Some(&token), &json!({"type": "game"})).await.data()[0]["casino"], false);

    assert_error(&app.post("/api/bet/all", Some(&token), &json!({"type": "poker"})).await, 400, "type: must be game or casino");
    assert_error(&app.post("/api/bet/all", Some(&token), &json!({"page": 1})).await, 400, "unknown field");
    assert_eq!(app.send("POST", "/api/bet/all", Some(&token), Some("[1, 2")).await.status, 400);
    assert_eq!(app.post("/api/bet/all", None, &json!({})).await.status, 401);
}
