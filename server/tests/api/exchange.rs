//! The exchange against the real server: orders matched between players on match-odds markets.
//! The market makers are off, so the test's players are the whole book.

use crate::helpers::*;
use crate::sports::{bet_body, match_odds, place};
use serde_json::{json, Value};

async fn book_app() -> TestApp {
    spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
        s.exchange.makers.count = 0;
    })
    .await
}

/// A player of the test's own, credited, signed in.
async fn trader(app: &TestApp, operator: &str, name: &str) -> String {
    app.create_user(operator, name, false).await;
    assert_eq!(app.credit(operator, name, 10_000.0).await.status, 200);
    app.login(name, "secret12").await.0
}

#[allow(clippy::too_many_arguments)]
async fn order(app: &TestApp, token: &str, market: &Value, index: usize, side: &str, price: f64, amount: f64, id: &str) -> Value {
    let reply = place(app, Some(token), &bet_body(market, index, side, price, amount, id)).await;
    assert_eq!(reply.status, 200, "{id}: {}", reply.body);
    reply.data().clone()
}

async fn exposure(app: &TestApp, token: &str) -> f64 {
    -app.get("/api/users", Some(token)).await.data()["exp"].as_f64().expect("exp")
}

async fn depth(app: &TestApp, market: &Value) -> Value {
    let reply = app.get(&format!("/api/exchange/depth/{}/{}", market["gmid"], market["mid"]), None).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.data()["runners"][0].clone()
}

#[actix_web::test]
async fn a_back_fills_across_three_price_levels_from_two_makers_at_their_prices() {
    let app = book_app().await;
    let operator = app.operator().await;
    let (one, two) = (trader(&app, &operator, "maker_one").await, trader(&app, &operator, "maker_two").await);
    let (_, market) = match_odds(&app).await;
    order(&app, &one, &market, 0, "lay", 2.1, 100.0, "a").await;
    order(&app, &two, &market, 0, "lay", 2.08, 100.0, "b").await;
    order(&app, &one, &market, 0, "lay", 2.06, 100.0, "c").await;
    assert_eq!(depth(&app, &market).await["back"], json!([{"price": 2.1, "size": 100}, {"price": 2.08, "size": 100}, {"price": 2.06, "size": 100}]));
    let player = app.player().await;
    let backed = order(&app, &player, &market, 0, "back", 2.06, 250.0, "take").await;
    assert_eq!(backed["order"]["matched"], 250.0);
    assert_eq!(backed["order"]["unmatched"], 0.0);
    assert_eq!(backed["order"]["avgPrice"], 2.08, "(2.10×100 + 2.08×100 + 2.06×50) / 250, to the hundredth below");
    let mine = app.get(&format!("/api/bet?gameId={}", market["gmid"]), Some(&player)).await;
    let prices: Vec<f64> = mine.data()["bets"].as_array().expect("bets").iter().map(|b| b["uRate"].as_f64().expect("price")).collect();
    assert_eq!(prices, vec![2.06, 2.08, 2.1], "three matched bets, newest first, each at the maker's price");
    assert_eq!(depth(&app, &market).await["back"], json!([{"price": 2.06, "size": 50}]), "what is left of the last level");
    assert_eq!(exposure(&app, &player).await, 250.0);
    assert_eq!(exposure(&app, &one).await, 110.0 + 106.0, "maker one: 110 matched at 2.10, 53 matched and 53 unmatched at 2.06");
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert_eq!(report.body["success"], true, "{}", report.body);
    assert!(report.data()["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "{}", report.body);
}

#[actix_web::test]
async fn an_unmatched_order_holds_its_liability_until_cancelled() {
    let app = book_app().await;
    let player = app.player().await;
    let (_, market) = match_odds(&app).await;
    let laid = order(&app, &player, &market, 0, "lay", 3.0, 100.0, "lay").await;
    assert_eq!((laid["order"]["matched"].as_f64(), laid["order"]["unmatched"].as_f64()), (Some(0.0), Some(100.0)));
    assert_eq!(exposure(&app, &player).await, 200.0, "a lay of 100 at 3.00 risks 200 if it is matched");
    let orders = app.get(&format!("/api/exchange/orders?gameId={}", market["gmid"]), Some(&player)).await;
    assert_eq!(orders.data()[0]["unmatched"], 100.0);
    let order_id = laid["order"]["orderId"].clone();
    let part = app.post("/api/exchange/cancel", Some(&player), &json!({"orderId": order_id, "size": 40})).await;
    assert_eq!(part.status, 200, "{}", part.body);
    assert_eq!((part.data()["orders"][0]["unmatched"].as_f64(), part.data()["exp"].as_f64()), (Some(60.0), Some(-120.0)));
    let whole = app.post("/api/exchange/cancel", Some(&player), &json!({"orderId": order_id})).await;
    assert_eq!(whole.status, 200, "{}", whole.body);
    assert_eq!(whole.data()["orders"], json!([]));
    assert_eq!(exposure(&app, &player).await, 0.0);
    assert_eq!(app.get("/api/users", Some(&player)).await.data()["balance"], 100_000.0, "cancelling moves no money");
}

#[actix_web::test]
async fn replace_moves_an_order_and_cancel_all_clears_a_market() {
    let app = book_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let other = trader(&app, &operator, "other").await;
    let (_, market) = match_odds(&app).await;
    let backed = order(&app, &player, &market, 0, "back", 2.0, 100.0, "back").await;
    order(&app, &other, &market, 0, "back", 2.02, 100.0, "queued").await;
    let moved = app.post("/api/exchange/replace", Some(&player), &json!({"orderId": backed["order"]["orderId"], "uRate": 2.02})).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(moved.data()["orders"][0]["uRate"], 2.02);
    assert_ne!(moved.data()["orders"][0]["orderId"], backed["order"]["orderId"], "a new order, behind the queue");
    let laid = order(&app, &other_layer(&app, &operator).await, &market, 0, "lay", 2.02, 100.0, "take").await;
    assert_eq!(laid["order"]["matched"], 100.0);
    assert_eq!(app.get("/api/exchange/orders", Some(&other)).await.data(), &json!([]), "the order already at 2.02 matched first");
    assert_eq!(app.get("/api/exchange/orders", Some(&player)).await.data()[0]["unmatched"], 100.0);
    order(&app, &player, &market, 1, "back", 5.0, 100.0, "second").await;
    let cleared = app.post("/api/exchange/cancel-all", Some(&player), &json!({"marketId": market["mid"]})).await;
    assert_eq!(cleared.status, 200, "{}", cleared.body);
    assert_eq!((cleared.data()["orders"].clone(), cleared.data()["exp"].as_f64()), (json!([]), Some(0.0)));
}

async fn other_layer(app: &TestApp, operator: &str) -> String {
    trader(app, operator, "layer").await
}

#[actix_web::test]
async fn at_in_play_lapse_orders_lapse_and_keep_orders_stay() {
    let app = book_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let (fixture, market) = match_odds(&app).await;
    if fixture["iplay"] == true {
        return; // the simulator's first open cricket match is in play already at this seed
    }
    order(&app, &player, &market, 0, "back", 2.0, 100.0, "lapse").await;
    let mut keep = bet_body(&market, 1, "back", 4.0, 100.0, "keep");
    keep["persistence"] = json!("keep");
    assert_eq!(place(&app, Some(&player), &keep).await.status, 200);
    assert_eq!(exposure(&app, &player).await, 200.0);
    let mut in_play = fixture.clone();
    in_play["iplay"] = json!(true);
    let turned = app.post("/api/ops/feed/events", Some(&operator), &json!([{"type": "fixture_updated", "fixture": in_play}])).await;
    assert_eq!(turned.status, 200, "{}", turned.body);
    let orders = app.get("/api/exchange/orders", Some(&player)).await;
    let left: Vec<&str> = orders.data().as_array().expect("orders").iter().map(|o| o["persistence"].as_str().expect("persistence")).collect();
    assert_eq!(left, ["keep"], "{}", orders.body);
    assert_eq!(exposure(&app, &player).await, 100.0, "the lapsed order's exposure is released");
}

#[actix_web::test]
async fn operators_see_each_accounts_orders_and_position_in_a_book() {
    let app = book_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let layer = trader(&app, &operator, "book_layer").await;
    let (_, market) = match_odds(&app).await;
    order(&app, &layer, &market, 0, "lay", 2.5, 300.0, "rest").await;
    order(&app, &player, &market, 0, "back", 2.5, 100.0, "take").await;
    let url = format!("/api/ops/exchange/{}/{}", market["gmid"], market["mid"]);
    assert_eq!(app.get(&url, Some(&player)).await.status, 403);
    let book = app.get(&url, Some(&operator)).await;
    assert_eq!(book.status, 200, "{}", book.body);
    let data = book.data();
    assert_eq!(data["depth"]["runners"][0]["back"], json!([{"price": 2.5, "size": 200}]));
    assert_eq!((data["orders"][0]["username"].as_str(), data["orders"][0]["unmatched"].as_f64()), (Some("book_layer"), Some(200.0)));
    let position = |name: &str| data["positions"].as_array().expect("positions").iter().find(|p| p["username"] == name).cloned().expect("a position");
    let (backer, laid) = (position("player1"), position("book_layer"));
    assert_eq!((backer["runners"][0]["amount"].as_f64(), backer["exposure"].as_f64()), (Some(150.0), Some(100.0)));
    assert_eq!((laid["runners"][0]["amount"].as_f64(), laid["exposure"].as_f64()), (Some(-150.0), Some(450.0)), "150 matched and 300 more if the rest matches");
}

#[actix_web::test]
async fn an_operator_cancels_an_accounts_orders_with_a_remark() {
    let app = book_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let (_, market) = match_odds(&app).await;
    order(&app, &player, &market, 0, "back", 2.0, 100.0, "a").await;
    assert_error(&app.post("/api/ops/users/player1/cancel-orders", Some(&operator), &json!({})).await, 400, "remark");
    let cancelled = app.post("/api/ops/users/player1/cancel-orders", Some(&operator), &json!({"remark": "suspected bot", "marketId": market["mid"]})).await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    assert_eq!(exposure(&app, &player).await, 0.0);
    assert_error(&app.post("/api/ops/users/player1/cancel-orders", Some(&operator), &json!({"remark": "again"})).await, 409, "no unmatched orders");
    let events = app.get("/api/ops/audit/events?kind=orderscloseD&username=player1", Some(&operator)).await;
    assert_eq!(events.data().as_array().map(Vec::len), Some(1), "{}", events.body);
}

#[actix_web::test]
async fn bad_orders_and_cancels_get_a_clear_error_and_write_nothing() {
    let app = book_app().await;
    let operator = app.operator().await;
    let player = app.player().await;
    let other = trader(&app, &operator, "someone").await;
    let (_, market) = match_odds(&app).await;
    let theirs = order(&app, &other, &market, 0, "lay", 2.0, 100.0, "theirs").await;
    let matched = order(&app, &player, &market, 0, "back", 2.0, 100.0, "matched").await;
    let head = app.head_seq().await;
    assert_error(&place(&app, Some(&player), &bet_body(&market, 0, "back", 2.01, 100.0, "off")).await, 422, "exchange ladder");
    let cancel = |body: Value| {
        let (app, player) = (&app, player.clone());
        async move { app.post("/api/exchange/cancel", Some(&player), &body).await }
    };
    assert_error(&cancel(json!({"orderId": theirs["order"]["orderId"]})).await, 404, "Unknown order");
    assert_error(&cancel(json!({"orderId": matched["order"]["orderId"]})).await, 404, "Unknown order");
    assert_error(&cancel(json!({"orderId": 987_654_321})).await, 404, "Unknown order");
    assert_error(&cancel(json!({"orderId": "x"})).await, 400, "orderId");
    assert_error(&cancel(json!({"orderId": theirs["order"]["orderId"], "extra": 1})).await, 400, "extra");
    let malformed = app.send("POST", "/api/exchange/cancel", Some(&player), Some("{\"orderId\": ")).await;
    assert_eq!(malformed.status, 400, "{}", malformed.body);
    assert_error(&app.post("/api/exchange/cancel", None, &json!({"orderId": 1})).await, 401, "missing");
    assert_eq!(app.head_seq().await, head, "nothing written by the refusals");
    let mine = order(&app, &player, &market, 1, "back", 3.0, 100.0, "mine").await;
    let head_mine = app.head_seq().await;
    let id = mine["order"]["orderId"].clone();
    assert_error(&cancel(json!({"orderId": id, "size": -5})).await, 422, "size to cancel");
    assert_error(&cancel(json!({"orderId": id, "size": 0})).await, 422, "size to cancel");
    assert_error(&cancel(json!({"orderId": id, "size": 100.01})).await, 422, "at most the unmatched 100.00");
    assert_error(&app.post("/api/exchange/replace", Some(&player), &json!({"orderId": id, "uRate": 3.0})).await, 422, "already at that price");
    assert_error(&app.post("/api/exchange/replace", Some(&player), &json!({"orderId": id, "uRate": 3.01})).await, 422, "exchange ladder");
    assert_error(&app.post("/api/exchange/cancel-all", Some(&player), &json!({"marketId": 1})).await, 409, "no unmatched orders");
    assert_eq!(app.head_seq().await, head_mine, "nothing written by the refusals");
    assert_eq!(cancel(json!({"orderId": id})).await.status, 200);
    assert_error(&cancel(json!({"orderId": id})).await, 404, "Unknown order");
    assert_eq!(app.head_seq().await, head_mine + 1, "only the one cancel");
    let bookmaker = crate::sports::open_market(&app, "match1").await.expect("a bookmaker market");
    assert_error(&app.get(&format!("/api/exchange/depth/{}/{}", bookmaker["gmid"], bookmaker["mid"]), None).await, 422, "not traded on the exchange");
    assert_error(&app.get(&format!("/api/exchange/depth/{}/1", market["gmid"]), None).await, 404, "Unknown market");
}

#[actix_web::test]
async fn a_tester_pauses_the_market_makers_and_changes_how_they_quote() {
    let app = spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.exchange.makers.requote_ms = 200;
    })
    .await;
    let operator = app.operator().await;
    let player = app.player().await;
    let makers = app.get("/api/ops/exchange/makers", Some(&operator)).await;
    assert_eq!(makers.status, 200, "{}", makers.body);
    assert_eq!(makers.data()["makers"].as_array().map(Vec::len), Some(2));
    assert!(makers.data()["makers"][0]["orders"].as_u64() > Some(0), "{}", makers.body);
    assert_eq!(app.get("/api/ops/exchange/makers", Some(&player)).await.status, 403);
    for bad in [json!({"depth": 0}), json!({"size": -1}), json!({"requoteMs": 5}), json!({"spreadTicks": 99}), json!({"colour": "red"})] {
        assert_eq!(app.post("/api/ops/exchange/makers", Some(&operator), &bad).await.status, 400, "{bad}");
    }
    let (_, market) = match_odds(&app).await;
    let paused = app.post("/api/ops/exchange/makers", Some(&operator), &json!({"paused": true})).await;
    assert_eq!((paused.status, paused.data()["paused"].as_bool()), (200, Some(true)), "{}", paused.body);
    let empty = async {
        for _ in 0..50 {
            if depth(&app, &market).await["back"] == json!([]) {
                return true;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        false
    };
    assert!(empty.await, "paused makers take their orders off the book");
    let wider = app.post("/api/ops/exchange/makers", Some(&operator), &json!({"paused": false, "depth": 1, "size": 150})).await;
    assert_eq!((wider.data()["depth"].as_u64(), wider.data()["size"].as_f64()), (Some(1), Some(150.0)), "{}", wider.body);
    let quoted = async {
        for _ in 0..50 {
            // Each maker re-quotes on its own round: wait for both.
            let back = depth(&app, &market).await["back"].clone();
            if back[0]["size"] == 300 {
                return back;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        json!([])
    };
    let back = quoted.await;
    let now = app.get("/api/ops/exchange/makers", Some(&operator)).await;
    assert_eq!(back.as_array().map(Vec::len), Some(1), "one level a side: {back} {}", now.body);
    assert_eq!(back[0]["size"], 300, "two makers, 150 each: {back}");
}

#[actix_web::test]
async fn the_market_makers_never_match_each_other_as_the_prices_move() {
    // A fast feed and fast re-quotes: every two-runner market's quotes move many times, and a
    // new quote of one maker could meet another's older one through the other runner.
    let app = spawn_app_with(|s| {
        s.feed.speed = 20.0;
        s.exchange.makers.requote_ms = 100;
    })
    .await;
    let operator = app.operator().await;
    actix_web::rt::time::sleep(std::time::Duration::from_secs(8)).await;
    let placed = app.get("/api/ops/audit/events?kind=OrderPlaced&limit=1", Some(&operator)).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    assert!(placed.data().as_array().is_some_and(|rows| !rows.is_empty()), "the makers quote: {}", placed.body);
    for maker in ["maker1", "maker2"] {
        let fills = app.get(&format!("/api/ops/audit/events?kind=BetPlaced&username={maker}"), Some(&operator)).await;
        assert_eq!(fills.status, 200, "{}", fills.body);
        assert_eq!(fills.data().as_array().map(Vec::len), Some(0), "{maker} was matched though only makers trade: {}", fills.body);
    }
}

#[actix_web::test]
async fn a_winner_pays_commission_on_its_net_winnings_as_its_own_statement_row() {
    let app = book_app().await;
    let operator = app.operator().await;
    let layer = trader(&app, &operator, "layer_one").await;
    let player = app.player().await;
    let (fixture, market) = match_odds(&app).await;
    order(&app, &layer, &market, 0, "lay", 3.0, 100.0, "lay").await;
    let backed = order(&app, &player, &market, 0, "back", 3.0, 100.0, "back").await;
    assert_eq!(backed["order"]["matched"], 100.0);
    let winner = json!({"kind": "winner", "sid": market["section"][0]["sid"]});
    let url = format!("/api/ops/feed/{}/markets/{}/settle", fixture["gmid"], market["mid"]);
    assert_eq!(app.post(&url, Some(&operator), &json!({"remark": "official", "result": winner})).await.status, 200);

    let statement_of = |token: String| {
        let app = &app;
        async move {
            let id = app.get("/api/users", Some(&token)).await.data()["_id"].as_str().expect("id").to_owned();
            app.open(&app.get(&format!("/api/transaction/user/statement/{id}"), Some(&token)).await)["data"].as_array().expect("rows").clone()
        }
    };
    let rows = statement_of(player.clone()).await;
    let commission = rows.iter().find(|r| r["remarks"].as_str().is_some_and(|r| r.starts_with("Commission 5% on net winnings"))).expect("the winner's commission row");
    assert_eq!(commission["amount"], -10.0, "5 % of the 200.00 won: {commission}");
    assert!(statement_of(layer.clone()).await.iter().all(|r| !r["remarks"].as_str().unwrap_or("").starts_with("Commission")), "nothing on a loss");

    let settled = app.open(&app.get("/api/bet/account-statement?type=game", Some(&player)).await);
    let row = settled["data"].as_array().expect("rows").iter().find(|r| r["marketId"] == market["mid"]).cloned().expect("the market's settlement row");
    assert_eq!((row["totalProfit"].as_f64(), row["commission"].as_f64()), (Some(200.0), Some(10.0)), "{row}");
    assert_eq!(commission["pts"].as_f64(), row["pts"].as_f64().map(|pts| pts - 10.0), "the commission row follows the settlement");

    let house = app.get("/api/ops/house?days=1", Some(&operator)).await;
    assert_eq!(house.data()["pnlByDay"][0]["commission"], 10.0, "{}", house.body);
    assert_eq!(house.data()["pnlByDay"][0]["pnl"], 10.0, "the players' 200.00 went from one to the other; the house keeps the commission");
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert!(report.data()["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "{}", report.body);
}

#[actix_web::test]
async fn a_player_cashes_out_at_the_books_best_price_and_is_level_whoever_wins() {
    let app = book_app().await;
    let operator = app.operator().await;
    let layer = trader(&app, &operator, "layer_one").await;
    let bystander = trader(&app, &operator, "bystander").await;
    let player = app.player().await;
    let (fixture, market) = match_odds(&app).await;
    let (gmid, mid) = (fixture["gmid"].as_u64().expect("gmid"), market["mid"].as_u64().expect("mid"));
    order(&app, &layer, &market, 0, "lay", 3.0, 100.0, "lay").await;
    order(&app, &player, &market, 0, "back", 3.0, 100.0, "back").await;
    let quote_url = format!("/api/exchange/cash-out/{gmid}/{mid}");
    assert_error(&app.get(&quote_url, Some(&player)).await, 409, "not enough in the book");

    // The layer now offers to back the same runner at 2.00: the player can lay into it.
    order(&app, &layer, &market, 0, "back", 2.0, 500.0, "offer").await;
    let quote = app.get(&quote_url, Some(&player)).await;
    assert_eq!(quote.status, 200, "{}", quote.body);
    assert_eq!(quote.data()["value"], 50.0, "a lay of 150.00 at 2.00 leaves 50.00 whoever wins: {}", quote.body);
    assert!(quote.data()["runners"].as_array().expect("runners").iter().all(|r| r["after"] == 50.0), "{}", quote.body);
    assert_eq!(quote.data()["orders"], json!([{"sid": market["section"][0]["sid"], "betType": "lay", "price": 2, "size": 150}]));

    // Bad asks write nothing.
    let head = app.head_seq().await;
    let cash_out = |body: Value| {
        let (app, player) = (&app, player.clone());
        async move { app.post("/api/exchange/cash-out", Some(&player), &body).await }
    };
    assert_error(&cash_out(json!({"gameId": gmid, "marketId": mid, "value": 50.01})).await, 409, "The book moved: cash out is now 50.00");
    assert_error(&cash_out(json!({"gameId": gmid, "marketId": mid, "percent": 0})).await, 422, "percent must be 1 to 100");
    assert_error(&cash_out(json!({"gameId": gmid, "marketId": mid, "percent": 101})).await, 422, "percent must be 1 to 100");
    assert_error(&cash_out(json!({"gameId": gmid, "marketId": 999_999})).await, 404, "Unknown market");
    assert_error(&cash_out(json!({"gameId": gmid, "marketId": mid, "value": "lots"})).await, 400, "value");
    assert_error(&cash_out(json!({"gameId": gmid, "marketId": mid, "extra": 1})).await, 400, "extra");
    assert_error(&app.post("/api/exchange/cash-out", Some(&bystander), &json!({"gameId": gmid, "marketId": mid})).await, 404, "no matched bets");
    assert_error(&app.send("POST", "/api/exchange/cash-out", Some(&player), Some("{not json")).await, 400, "");
    assert_eq!(app.post("/api/exchange/cash-out", None, &json!({"gameId": gmid, "marketId": mid})).await.status, 401);
    let suspend = format!("/api/ops/feed/{gmid}/markets/{mid}/suspend");
    assert_eq!(app.post(&suspend, Some(&operator), &json!({"remark": "incident"})).await.status, 200);
    let suspended_head = app.head_seq().await;
    assert_error(&cash_out(json!({"gameId": gmid, "marketId": mid})).await, 409, "Market is SUSPENDED");
    assert_eq!(app.head_seq().await, suspended_head, "nothing written by any of them");
    assert_eq!(suspended_head, head + 1, "only the operator's suspension");
    let resume = format!("/api/ops/feed/{gmid}/markets/{mid}/resume");
    assert_eq!(app.post(&resume, Some(&operator), &json!({"remark": "over"})).await.status, 200);

    let done = cash_out(json!({"gameId": gmid, "marketId": mid, "value": 50})).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(done.data()["value"], 50.0);
    assert!(done.data()["runners"].as_array().expect("runners").iter().all(|r| r["now"] == 50.0), "{}", done.body);
    assert_eq!(exposure(&app, &player).await, 0.0, "nothing left to lose");
    assert_error(&app.get(&quote_url, Some(&player)).await, 409, "nothing to cash out");
    let mine = app.get(&format!("/api/bet?gameId={gmid}"), Some(&player)).await;
    let sides: Vec<&str> = mine.data()["bets"].as_array().expect("bets").iter().map(|b| b["betType"].as_str().expect("side")).collect();
    assert_eq!(sides, vec!["lay", "back"], "the hedge is a matched bet like any other, newest first");
    let report = app.get("/api/ops/audit/verify", Some(&operator)).await;
    assert!(report.data()["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "{}", report.body);
}

#[actix_web::test]
async fn the_site_says_whether_match_odds_are_traded_on_the_exchange() {
    let app = book_app().await;
    let site = app.get("/api/domain/domain-config", None).await;
    assert_eq!(site.data()["exchange_matching"], true, "{}", site.body);
}

#[actix_web::test]
async fn with_matching_off_the_site_says_so_and_match_odds_are_booked_against_the_house() {
    let app = spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
        s.exchange.matching = false;
    })
    .await;
    let site = app.get("/api/domain/domain-config", None).await;
    assert_eq!(site.data()["exchange_matching"], false, "{}", site.body);
    let player = app.player().await;
    let (_, market) = match_odds(&app).await;
    let price = crate::sports::best(&market, 0, "back");
    let placed = place(&app, Some(&player), &bet_body(&market, 0, "back", price, 100.0, "house")).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    assert_eq!(placed.data()["order"], Value::Null, "a bet, not an order: {}", placed.body);
    assert_eq!(placed.data()["bet"]["uRate"].as_f64(), Some(price), "at the feed's price");
    assert_eq!(exposure(&app, &player).await, 100.0);
    assert_eq!(app.get("/api/exchange/orders", Some(&player)).await.data(), &json!([]), "nothing rests in a book");
    assert_error(&app.get(&format!("/api/exchange/depth/{}/{}", market["gmid"], market["mid"]), None).await, 422, "not traded on the exchange");
    let operator = app.operator().await;
    assert_eq!(app.get("/api/ops/exchange/makers", Some(&operator)).await.status, 404, "no makers without matching");
}

/// A trader's row listing thousands of bets made every statement page carrying it that heavy
/// (docs/decisions.md "A statement row lists its first 100 bets"): a page and an operator's view
/// list the first `STATEMENT_ROW_BETS_MAX` with the count, the popup all of them.
#[actix_web::test]
async fn a_statement_row_lists_its_first_hundred_bets_and_counts_them_all() {
    let app = spawn_app_with(|s| {
        s.feed.speed = 0.0;
        s.betting.inplay_delay_ms_per_sec = 0;
        s.exchange.makers.count = 0;
        s.limits.api_requests_per_sec_per_ip = 0.0;
        s.limits.bets_per_sec_per_account = 0.0;
    })
    .await;
    let operator = app.operator().await;
    let maker = trader(&app, &operator, "deep_maker").await;
    assert_eq!(app.credit(&operator, "deep_maker", 10_000.0).await.status, 200);
    let (fixture, market) = match_odds(&app).await;
    order(&app, &maker, &market, 0, "lay", 2.0, 10_500.0, "depth").await;
    let player = app.player().await;
    for n in 0..105 {
        let backed = order(&app, &player, &market, 0, "back", 2.0, 100.0, &format!("many-{n}")).await;
        assert_eq!(backed["order"]["matched"], 100.0, "bet {n} is one fill");
    }
    let finished = app.post(&format!("/api/ops/feed/{}/finish", fixture["gmid"]), Some(&operator), &json!({"winner": "home", "remark": "match over"})).await;
    assert_eq!(finished.status, 200, "{}", finished.body);

    let statement = app.open(&app.get("/api/bet/account-statement?type=game", Some(&player)).await);
    let row = statement["data"].as_array().expect("rows").iter().find(|r| r["marketId"] == market["mid"]).expect("a row for the market").clone();
    assert_eq!(row["bets"].as_array().expect("bets").len(), 100, "the first hundred");
    assert_eq!(row["betCount"], 105, "and how many it settled");
    let popup = app.post("/data/front/accstatepopup", Some(&player), &json!({"marketId": market["mid"], "seq": row["seq"]})).await;
    assert_eq!(popup.status, 200, "{}", popup.body);
    let all = popup.data()["bets"].as_array().expect("bets").clone();
    assert_eq!((all.len(), &popup.data()["betCount"]), (105, &json!(105)), "the popup lists them all");
    assert_eq!(all[..100], row["bets"].as_array().expect("bets")[..], "the page's are the popup's first hundred");
    let total: f64 = all.iter().map(|b| b["result"].as_f64().expect("result")).sum();
    assert_eq!(Some(total), row["totalProfit"].as_f64(), "the row's total is all its bets'");

    let user = app.get("/api/ops/users/player1", Some(&operator)).await;
    assert_eq!(user.status, 200, "{}", user.body);
    let seen = user.data()["settled"].as_array().expect("settled").iter().find(|r| r["marketId"] == market["mid"]).expect("the operator sees the row").clone();
    assert_eq!((seen["bets"].as_array().expect("bets").len(), &seen["betCount"]), (100, &json!(105)));
}
