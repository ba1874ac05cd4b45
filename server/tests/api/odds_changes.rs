//! The player's odds setting (`acceptOdds`) on a fixed-price bet: exact (the default), better or
//! any, applied in the server's price check and shown as the price the bet was taken at.

use crate::helpers::*;
use crate::sports::{best, bet_body, frozen_app, open_market, place};
use serde_json::{json, Value};

/// A bookmaker market: one fixed price a side, so any other price asked is a moved price.
async fn bookmaker(app: &TestApp) -> Value {
    open_market(app, "match1").await.expect("an open bookmaker market")
}

fn asking(market: &Value, side: &str, price: f64, request_id: &str, accept: Value) -> Value {
    let mut body = bet_body(market, 0, side, price, 100.0, request_id);
    body["acceptOdds"] = accept;
    body
}

#[actix_web::test]
async fn an_unknown_odds_setting_is_a_400_naming_the_values_and_writes_nothing() {
    let app = frozen_app().await;
    let token = app.player().await;
    let market = bookmaker(&app).await;
    let offered = best(&market, 0, "back");
    let head = app.head_seq().await;
    for value in ["sometimes", "Better", "EXACT", ""] {
        let reply = place(&app, Some(&token), &asking(&market, "back", offered, "bad", json!(value))).await;
        assert_error(&reply, 400, "acceptOdds: unknown variant");
        assert!(reply.message().contains("expected one of `exact`, `better`, `any`"), "{value}: {}", reply.message());
    }
    for value in [json!(1), json!(true), json!(["any"])] {
        let reply = place(&app, Some(&token), &asking(&market, "back", offered, "bad", value.clone())).await;
        assert_eq!(reply.status, 400, "{value}: {}", reply.body);
    }
    assert_eq!(app.head_seq().await, head, "nothing written");
}

#[actix_web::test]
async fn exact_the_default_refuses_a_moved_bookmaker_price() {
    let app = frozen_app().await;
    let token = app.player().await;
    let market = bookmaker(&app).await;
    let offered = best(&market, 0, "back");
    let head = app.head_seq().await;
    let unset = place(&app, Some(&token), &bet_body(&market, 0, "back", offered - 1.0, 100.0, "unset")).await;
    assert_error(&unset, 409, "Odds changed");
    let exact = place(&app, Some(&token), &asking(&market, "back", offered - 1.0, "exact", json!("exact"))).await;
    assert_error(&exact, 409, "Odds changed");
    assert_eq!(app.head_seq().await, head, "nothing written");
}

#[actix_web::test]
async fn accept_better_takes_a_better_price_at_that_price_and_refuses_a_worse_one() {
    let app = frozen_app().await;
    let token = app.player().await;
    let market = bookmaker(&app).await;
    let offered = best(&market, 0, "back");
    let worse = place(&app, Some(&token), &asking(&market, "back", offered + 1.0, "worse", json!("better"))).await;
    assert_error(&worse, 409, "Odds changed");
    let taken = place(&app, Some(&token), &asking(&market, "back", offered - 1.0, "better", json!("better"))).await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    assert_eq!(taken.data()["bet"]["uRate"].as_f64(), Some(offered), "taken at the better {offered}: {}", taken.body);
    // A bookmaker back pays the rate per 100: the profit is the better rate's.
    assert_eq!(taken.data()["bet"]["profit"].as_f64(), Some(offered), "{}", taken.body);
    let current = app.get("/api/bet/current?type=game", Some(&token)).await;
    assert_eq!(current.data()[0]["uRate"].as_f64(), Some(offered), "current bets show the price taken");
}

#[actix_web::test]
async fn accept_any_takes_the_price_on_offer_even_when_worse() {
    let app = frozen_app().await;
    let token = app.player().await;
    let market = bookmaker(&app).await;
    let offered = best(&market, 0, "back");
    let taken = place(&app, Some(&token), &asking(&market, "back", offered + 1.0, "any", json!("any"))).await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    assert_eq!(taken.data()["bet"]["uRate"].as_f64(), Some(offered), "{}", taken.body);
}

#[actix_web::test]
async fn a_run_line_is_taken_only_at_the_line_asked_whatever_the_setting() {
    let app = frozen_app().await;
    let token = app.player().await;
    let market = open_market(&app, "fancy").await.expect("an open fancy market");
    let line = best(&market, 0, "back");
    let head = app.head_seq().await;
    let other = place(&app, Some(&token), &asking(&market, "back", line + 1.0, "line", json!("any"))).await;
    assert_error(&other, 409, "Odds changed");
    assert_eq!(app.head_seq().await, head, "nothing written");
}

