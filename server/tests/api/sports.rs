//! Sports against the real in-process simulator, frozen (speed 0) so prices hold still, with
//! operator feed injection for scripted scenarios.

use crate::helpers::*;
use serde_json::{json, Value};

pub async fn frozen_app() -> TestApp {
    spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
    })
    .await
}

/// A cricket fixture and its match-odds market with an active runner.
/// The caller's P/L on `market` if runner `sid` wins, in minor units (the match page's book).
pub async fn pnl_if_minor(app: &TestApp, token: &str, market: &Value, sid: &Value) -> i64 {
    let mine = app.get(&format!("/api/bet?gameId={}", market["gmid"]), Some(token)).await;
    let books = mine.data()["spotsData"].as_array().expect("books").iter().find(|b| b["mid"] == market["mid"]).cloned().expect("the market's book");
    let runner = books["sdata"].as_array().expect("sdata").iter().find(|s| s["sid"] == *sid).cloned().expect("the runner's book");
    (runner["amount"].as_f64().expect("amount") * 100.0).round() as i64
}

pub async fn match_odds(app: &TestApp) -> (Value, Value) {
    let rows = app.post("/data/front/highlightproduct", None, &json!({"etid": 4, "type": "all"})).await;
    for fixture in rows.data().as_array().expect("rows") {
        let gmid = fixture["gmid"].as_u64().expect("gmid");
        let markets = app.post(&format!("/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, &json!({})).await;
        let found = markets.data().as_array().expect("markets").iter().find(|m| {
            m["gtype"] == "match" && m["status"] == "OPEN" && m["section"].as_array().expect("sections").iter().all(|s| s["gstatus"] == "ACTIVE")
        });
        if let Some(market) = found {
            return (fixture.clone(), market.clone());
        }
    }
    panic!("no open match-odds market in the simulator's cricket fixtures");
}

/// A cricket fixture's market of the given type, open with every section active.
pub async fn open_market(app: &TestApp, gtype: &str) -> Option<Value> {
    let rows = app.post("/data/front/highlightproduct", None, &json!({"etid": 4, "type": "all"})).await;
    for fixture in rows.data().as_array().expect("rows") {
        let gmid = fixture["gmid"].as_u64().expect("gmid");
        let markets = app.post(&format!("/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, &json!({})).await;
        let found = markets.data().as_array().expect("markets").iter().find(|m| {
            m["gtype"] == gtype && m["status"] == "OPEN" && m["section"].as_array().expect("sections").iter().all(|s| s["gstatus"] == "ACTIVE")
        });
        if let Some(market) = found {
            return Some(market.clone());
        }
    }
    None
}

#[actix_web::test]
async fn a_bookmaker_bet_at_any_rate_but_the_offered_one_is_refused() {
    let app = frozen_app().await;
    let token = app.player().await;
    let market = open_market(&app, "match1").await.expect("an open bookmaker market");
    let offered = best(&market, 0, "back");
    let head = app.head_seq().await;
    for rate in [json!(0), json!(-0.0), json!(0.01), json!(offered + 1.0)] {
        let mut body = bet_body(&market, 0, "back", offered, 100.0, "bm");
        body["uRate"] = rate.clone();
        let reply = place(&app, Some(&token), &body).await;
        assert!(reply.status == 400 || reply.status == 409, "rate {rate}: {}", reply.body);
        assert_eq!(reply.body["success"], false, "rate {rate}: {}", reply.body);
    }
    assert_eq!(app.head_seq().await, head, "no bet was taken");
    let taken = place(&app, Some(&token), &bet_body(&market, 0, "back", offered, 100.0, "bm-ok")).await;
    assert_eq!(taken.status, 200, "the offered rate {offered} is taken: {}", taken.body);
}

/// A price as a player types it: two decimals, without the float noise of arithmetic (the
/// server refuses `2.3600000000000003` as having too many decimals).
pub fn cents(price: f64) -> f64 {
    (price * 100.0).round() / 100.0
}

pub fn best(market: &Value, index: usize, side: &str) -> f64 {
    let section = &market["section"][index];
    section["odds"].as_array().expect("odds").iter().filter(|l| l["otype"] == side).map(|l| l["odds"].as_f64().expect("price")).fold(None, |best: Option<f64>, p| {
        Some(match best {
            None => p,
            Some(b) if side == "back" => b.max(p),
            Some(b) => b.min(p),
        })
    }).expect("a price on that side")
}

pub fn bet_body(market: &Value, index: usize, side: &str, price: f64, amount: f64, request_id: &str) -> Value {
    json!({
        "gameId": market["gmid"], "marketId": market["mid"], "sectionId": market["section"][index]["sid"],
        "uRate": price, "amount": amount, "betType": side, "requestId": request_id,
        "eventName": "ignored", "liveBook": {}, "sections": []
    })
}

pub async fn place(app: &TestApp, token: Option<&str>, body: &Value) -> Reply {
    let sealed = app.seal(body);
    let reply = app.send("POST", "/api/bet/place", token, Some(&sealed.to_string())).await;
    if reply.status == 200 {
        return Reply { status: 200, body: app.open(&reply) };
    }
    reply
}

#[actix_web::test]
async fn a_back_bet_moves_exposure_and_shows_in_the_bet_lists() {
    let app = frozen_app().await;
    let token = app.player().await;
    let (fixture, market) = match_odds(&app).await;
    let price = best(&market, 0, "back");
    let reply = place(&app, Some(&token), &bet_body(&market, 0, "back", price, 250.0, "first")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.message(), "Bet placed successfully");
    assert_eq!(reply.data()["exp"], -250);
    assert_eq!(reply.data()["bet"]["eventName"], fixture["ename"], "names come from the book, not the payload");
    let user = app.get("/api/users", Some(&token)).await;
    assert_eq!(user.data()["exp"], -250);
    assert_eq!(user.data()["balance"], 99750, "the header's balance is what is left to bet with");
    let gmid = market["gmid"].as_u64().expect("gmid");
    let mine = app.get(&format!("/api/bet?gameId={gmid}"), Some(&token)).await;
    assert_eq!(mine.data()["bets"].as_array().expect("bets").len(), 1);
    let book = &mine.data()["spotsData"][0]["sdata"];
    let backed = book.as_array().expect("sdata").iter().find(|s| s["sid"] == market["section"][0]["sid"]).expect("runner book");
    // Best execution: at the price asked or better (the other runner's money may imply more).
    let profit: f64 = mine.data()["bets"].as_array().expect("bets").iter().map(|b| b["profit"].as_f64().expect("profit")).sum();
    assert_eq!(backed["amount"].as_f64().expect("amount"), profit, "the book's P/L if the runner wins is the bets' profit");
    let asked_profit = ((price * 100.0).round() as i64 - 100) * 250 / 100;
    assert!(profit >= asked_profit as f64, "{profit} at {price} or better");
    let current = app.get("/api/bet/current?type=game", Some(&token)).await;
    assert_eq!(current.data().as_array().expect("bets").len(), 1);
    assert_eq!(app.get("/api/bet/current?type=casino", Some(&token)).await.data().as_array().expect("bets").len(), 0);
}

#[actix_web::test]
async fn each_acceptance_rule_rejects_with_its_status_and_writes_nothing() {
    let app = frozen_app().await;
    let token = app.player().await;
    let operator = app.operator().await;
    let (_, market) = match_odds(&app).await;
    let back = best(&market, 0, "back");
    let head = app.head_seq().await;
    // Match odds are an exchange market: a price better than the book's waits unmatched (the
    // exchange API tests), and one off the ladder is refused.
    for off in [3.01, 1000.5, 1.0, 0.0] {
        let off_ladder = place(&app, Some(&token), &bet_body(&market, 0, "back", off, 100.0, &format!("off-{off}"))).await;
        assert_error(&off_ladder, 422, "exchange ladder");
    }
    let min = market["min"].as_f64().filter(|m| *m > 0.0).unwrap_or_else(|| market["minb"].as_f64().expect("minb"));
    assert_error(&place(&app, Some(&token), &bet_body(&market, 0, "back", back, min - 1.0, "small")).await, 422, "Stake must be between");
    assert_error(&place(&app, Some(&token), &bet_body(&market, 0, "back", back, 100_000_000.0, "huge")).await, 422, "Stake must be between");
    assert_error(&place(&app, None, &bet_body(&market, 0, "back", back, 100.0, "visitor")).await, 401, "missing");
    let mut unknown = bet_body(&market, 0, "back", back, 100.0, "unknown");
    unknown["marketId"] = json!(987_654_321);
    assert_error(&place(&app, Some(&token), &unknown).await, 404, "Unknown market");
    let mut no_section = bet_body(&market, 0, "back", back, 100.0, "nosection");
    no_section["sectionId"] = json!(424_242);
    assert_error(&place(&app, Some(&token), &no_section).await, 404, "Unknown selection");
    let mut negative = bet_body(&market, 0, "back", back, 100.0, "negative");
    negative["amount"] = json!(-100);
    assert_error(&place(&app, Some(&token), &negative).await, 400, "amount");
    let mut text = bet_body(&market, 0, "back", back, 100.0, "text");
    text["amount"] = json!("100");
    assert_error(&place(&app, Some(&token), &text).await, 400, "amount: invalid type");
    let plain = app.post("/api/bet/place", Some(&token), &bet_body(&market, 0, "back", back, 100.0, "plain")).await;
    assert_error(&plain, 400, "Payload");
    assert_error(&place(&app, Some(&operator), &bet_body(&market, 0, "back", back, 100.0, "op")).await, 403, "Please login");
    let poor = app.create_user(&operator, "poor_player", false).await;
    assert_eq!(poor["balance"], 0);
    let (poor_token, _, _) = app.login("poor_player", "secret12").await;
    assert_error(&place(&app, Some(&poor_token), &bet_body(&market, 0, "back", back, min, "poor")).await, 422, "Insufficient balance");
    assert_eq!(app.head_seq().await, head + 2, "only the poor player's account and login were written");

    let mut suspended = market.clone();
    suspended["status"] = json!("SUSPENDED");
    let injected = app.post("/api/ops/feed/events", Some(&operator), &json!([{"type": "market_updated", "market": suspended}])).await;
    assert_eq!(injected.status, 200, "{}", injected.body);
    let head = app.head_seq().await;
    assert_error(&place(&app, Some(&token), &bet_body(&market, 0, "back", back, 100.0, "suspended")).await, 409, "Market is SUSPENDED");
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn a_resubmitted_request_returns_the_first_bet_and_writes_nothing() {
    let app = frozen_app().await;
    let token = app.player().await;
    let (_, market) = match_odds(&app).await;
    let body = bet_body(&market, 0, "back", best(&market, 0, "back"), 100.0, "once");
    let first = place(&app, Some(&token), &body).await;
    let head = app.head_seq().await;
    let again = place(&app, Some(&token), &body).await;
    assert_eq!(again.status, 200);
    assert_eq!(again.message(), "Bet already placed");
    assert_eq!(again.data()["bet"]["betId"], first.data()["bet"]["betId"]);
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn parallel_bets_never_take_the_available_balance_below_zero() {
    // A hundred bets of one account at once: the per-account bet rate is off for this race.
    let app = spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
        s.limits.bets_per_sec_per_account = 0.0;
    })
    .await;
    let operator = app.operator().await;
    app.create_user(&operator, "ten_bets", false).await;
    let (_, market) = match_odds(&app).await;
    let min = market["min"].as_f64().filter(|m| *m > 0.0).unwrap_or_else(|| market["minb"].as_f64().expect("minb"));
    app.credit(&operator, "ten_bets", min * 10.0).await;
    let (token, _, _) = app.login("ten_bets", "secret12").await;
    let back = best(&market, 0, "back");
    let attempts: Vec<_> = (0..100).map(|i| {
        let body = bet_body(&market, 0, "back", back, min, &format!("par-{i}"));
        let (app, token) = (&app, token.clone());
        async move { place(app, Some(&token), &body).await.status }
    }).collect();
    let statuses = futures_util::future::join_all(attempts).await;
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 10, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 422), "{statuses:?}");
    let user = app.get("/api/users", Some(&token)).await;
    assert_eq!(user.data()["balance"].as_f64(), Some(0.0), "all of it is held by the ten bets");
    assert_eq!(user.data()["exp"].as_f64(), Some(-min * 10.0));
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(report.body["success"], true, "{}", report.body);
}

#[actix_web::test]
async fn a_scripted_finish_settles_every_bet_once_with_the_right_amounts() {
    let app = frozen_app().await;
    let token = app.player().await;
    let operator = app.operator().await;
    let (fixture, market) = match_odds(&app).await;
    let back = best(&market, 0, "back");
    let lay = best(&market, 1, "lay");
    // Stakes the makers' best quotes cover whole: each bet is one fill.
    place(&app, Some(&token), &bet_body(&market, 0, "back", back, 500.0, "home-back")).await;
    place(&app, Some(&token), &bet_body(&market, 1, "lay", lay, 500.0, "away-lay")).await;
    // Both bets win (the home side wins, the away lay keeps its stake), at the asked prices or
    // better; 5 % commission on the net.
    let net_minor = pnl_if_minor(&app, &token, &market, &market["section"][0]["sid"]).await;
    let fills = app.get(&format!("/api/bet?gameId={}", fixture["gmid"]), Some(&token)).await.data()["bets"].as_array().expect("bets").len();
    assert!(net_minor >= ((back * 100.0).round() as i64 - 100) * 500 + 50_000, "{net_minor}");
    let commission = (net_minor * 5 / 100) as f64 / 100.0;
    let expected = net_minor as f64 / 100.0 - commission;
    let finished = app.post(&format!("/api/ops/feed/{}/finish", fixture["gmid"]), Some(&operator), &json!({"winner": "home", "remark": "match over"})).await;
    assert_eq!(finished.status, 200, "{}", finished.body);
    let user = app.get("/api/users", Some(&token)).await;
    assert_eq!(user.data()["balance"].as_f64(), Some(100000.0 + expected), "{}", user.body);
    assert_eq!(user.data()["exp"], 0);
    let again = app.post(&format!("/api/ops/feed/{}/finish", fixture["gmid"]), Some(&operator), &json!({"winner": "away", "remark": "again"})).await;
    assert_eq!(again.status, 404, "a finished fixture is gone: {}", again.body);
    // Its page (a bookmark, a statement row) still shows how it ended: the final score line and
    // every market's result, with nothing left to bet on.
    let page = app.post(&format!("/data/front/matchstate?gmid={}", fixture["gmid"]), None, &json!({})).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.data()["markets"].as_array().expect("markets").is_empty(), "{}", page.body);
    assert_eq!(page.data()["fixture"]["iplay"], false);
    assert!(page.data()["over"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{}", page.body);
    let outcomes = page.data()["over"]["markets"].as_array().expect("outcomes");
    let odds = outcomes.iter().find(|m| m["mid"] == market["mid"]).expect("the match odds' result");
    assert_eq!(odds["result"], market["section"][0]["nat"], "home won: {odds}");
    assert_eq!(app.get("/api/users", Some(&token)).await.data()["balance"].as_f64(), Some(100000.0 + expected));
    let statement = app.open(&app.get("/api/bet/account-statement?type=game", Some(&token)).await);
    let row = statement["data"].as_array().expect("rows").iter().find(|r| r["marketId"] == market["mid"]).expect("a row for the market").clone();
    assert_eq!((row["totalProfit"].as_f64(), row["commission"].as_f64()), (Some(expected + commission), Some(commission)), "the market's winnings, and the commission charged after them");
    assert_eq!(row["pts"].as_f64(), Some(100000.0 + expected + commission));
    assert_eq!(row["bets"].as_array().expect("bets").len(), fills, "every fill of the two orders");
    assert!(row["bets"].as_array().expect("bets").iter().all(|b| b["result"].is_number() && b["voided"] == false));
    // The row's popup (base B) is the same row, fresh from the ledger.
    let popup = app.post("/data/front/accstatepopup", Some(&token), &json!({"marketId": market["mid"]})).await;
    assert_eq!(popup.status, 200, "{}", popup.body);
    assert_eq!((popup.data()["totalProfit"].as_f64(), popup.data()["seq"].as_u64()), (row["totalProfit"].as_f64(), row["seq"].as_u64()));
    assert_eq!(popup.data()["bets"].as_array().expect("bets").len(), fills);
    let by_seq = app.post("/data/front/accstatepopup", Some(&token), &json!({"marketId": market["mid"], "seq": row["seq"]})).await;
    assert_eq!(by_seq.data()["seq"], row["seq"]);
    assert_error(&app.post("/data/front/accstatepopup", Some(&token), &json!({"marketId": 123})).await, 404, "No statement row");
    assert_error(&app.post("/data/front/accstatepopup", Some(&token), &json!({"marketId": "x"})).await, 400, "marketId");
    assert_error(&app.post("/data/front/accstatepopup", Some(&token), &json!({})).await, 400, "marketId");
    assert_eq!(app.post("/data/front/accstatepopup", None, &json!({"marketId": market["mid"]})).await.status, 401);
    assert_error(&app.get("/api/bet/account-statement?type=poker", Some(&token)).await, 400, "type");
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(report.body["success"], true, "{}", report.body);
}

#[actix_web::test]
async fn a_void_result_returns_the_stakes_and_marks_the_bets_voided() {
    let app = frozen_app().await;
    let token = app.player().await;
    let operator = app.operator().await;
    let (fixture, market) = match_odds(&app).await;
    let back = best(&market, 0, "back");
    place(&app, Some(&token), &bet_body(&market, 0, "back", back, 1000.0, "void-back")).await;
    let open = app.get(&format!("/api/bet?gameId={}", fixture["gmid"]), Some(&token)).await;
    assert_eq!(open.data()["bets"][0]["voided"], false, "an open bet is not void: {}", open.body);

    let void = json!([{"type": "market_settled", "gmid": fixture["gmid"], "mid": market["mid"], "result": {"kind": "void"}}]);
    let folded = app.post("/api/ops/feed/events", Some(&operator), &void).await;
    assert_eq!(folded.status, 200, "{}", folded.body);

    let user = app.get("/api/users", Some(&token)).await;
    assert_eq!(user.data()["balance"].as_f64(), Some(100000.0), "the stake came back: {}", user.body);
    assert_eq!(user.data()["exp"], 0);
    let statement = app.open(&app.get("/api/bet/account-statement?type=game", Some(&token)).await);
    let row = statement["data"].as_array().expect("rows").iter().find(|r| r["marketId"] == market["mid"]).expect("a row for the market").clone();
    assert_eq!(row["totalProfit"].as_f64(), Some(0.0));
    let bet = &row["bets"][0];
    assert_eq!((bet["result"].as_f64(), &bet["voided"]), (Some(0.0), &json!(true)), "{row}");
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(report.body["success"], true, "{}", report.body);
}

#[actix_web::test]
async fn a_matchs_markets_come_for_ids_in_the_query_or_the_body_and_none_is_a_400() {
    let app = frozen_app().await;
    let (fixture, _) = match_odds(&app).await;
    let gmid = fixture["gmid"].as_u64().expect("gmid");
    let by_query = app.post(&format!("/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, &json!({})).await;
    let by_body = app.post("/data/front/gamedetailPrivate", None, &json!({"etid": 4, "gmid": gmid})).await;
    assert_eq!(by_body.status, 200, "{}", by_body.body);
    let mids = |reply: &Reply| reply.data().as_array().expect("markets").iter().map(|m| m["mid"].clone()).collect::<Vec<_>>();
    assert!(!mids(&by_query).is_empty());
    assert_eq!(mids(&by_body), mids(&by_query), "the same markets either way");
    assert_error(&app.post("/data/front/gamedetailPrivate", None, &json!({})).await, 400, "gmid: required, in the query or the body");
    assert_error(&app.post("/data/front/gamedetailPrivate", None, &json!({"gmid": "one"})).await, 400, "gmid");
    assert_error(&app.post("/data/front/gamedetailPrivate", None, &json!({"gmid": 999_999_999})).await, 404, "Unknown match 999999999");
}
