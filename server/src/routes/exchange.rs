//! The exchange's calls: cancel an unmatched order (whole or part) or all of a market, move one
//! to another price, list my unmatched orders, and read a market's whole book. Placing an
//! order is `POST /api/bet/place` on a match-odds market (`routes::bets`).

use crate::clock::now_ms;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{ok, AuthUser, JsonBody};
use crate::http::state::AppState;
use crate::routes::bets::quote;
use crate::services::bet_submission::{browser, BetRequest};
use crate::services::orders::{cash_out_view, market_depth, open_orders, order_answer};
use actix_web::{web, HttpResponse};
use ledger::{BetDelay, Command, ExchangeCommand, SportsCommand};
use schemas::bets::{CancelMarketRequest, CancelOrderRequest, OrdersAnswer, ReplaceOrderRequest};
use schemas::Money;
use serde::Deserialize;

/// The caller's orders after a change, with the header's figures.
fn orders_answer(state: &AppState, user_id: u64, order: Option<schemas::bets::OrderOutcome>) -> ApiResult<OrdersAnswer> {
    let ledger = state.engine.read();
    let account = ledger.accounts.users.get(&user_id).ok_or_else(|| ApiError::not_found("Unknown user".into()))?;
    Ok(OrdersAnswer { orders: open_orders(&ledger, user_id, None), balance: Money(account.available_minor()), exp: Money(-account.exposure_minor), order })
}

/// Cancels an order's unmatched part (or `size` of it): its exposure is released at once.
#[utoipa::path(post, path = "/api/exchange/cancel", tag = "exchange", request_body = CancelOrderRequest, responses((status = 200, description = "Cancelled", body = schemas::Envelope<OrdersAnswer>), (status = 404, description = "Not an unmatched order of yours"), (status = 422, description = "A size that is not more than 0 and at most what is unmatched")), security(("bearer" = [])))]
pub async fn cancel_order(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<CancelOrderRequest>) -> ApiResult<HttpResponse> {
    let size_minor = body.size.map(|m| m.minor());
    state.engine.submit(now_ms(), Command::Exchange(ExchangeCommand::CancelOrder { user_id: user.user_id, order_id: body.order_id, size_minor })).await?;
    Ok(ok("Order cancelled", orders_answer(&state, user.user_id, None)?))
}

/// Cancels every unmatched order of the caller on a market.
#[utoipa::path(post, path = "/api/exchange/cancel-all", tag = "exchange", request_body = CancelMarketRequest, responses((status = 200, description = "Cancelled", body = schemas::Envelope<OrdersAnswer>), (status = 409, description = "No unmatched orders there")), security(("bearer" = [])))]
pub async fn cancel_market(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<CancelMarketRequest>) -> ApiResult<HttpResponse> {
    state.engine.submit(now_ms(), Command::Exchange(ExchangeCommand::CancelMarket { user_id: user.user_id, mid: body.market_id })).await?;
    Ok(ok("Orders cancelled", orders_answer(&state, user.user_id, None)?))
}

/// Moves an order's unmatched part to another ladder price: a new order that loses its place in
/// the queue and may match at once.
#[utoipa::path(post, path = "/api/exchange/replace", tag = "exchange", request_body = ReplaceOrderRequest, responses((status = 200, description = "Moved", body = schemas::Envelope<OrdersAnswer>), (status = 404, description = "Not an unmatched order of yours"), (status = 422, description = "A price off the ladder, or the order's own")), security(("bearer" = [])))]
pub async fn replace_order(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<ReplaceOrderRequest>) -> ApiResult<HttpResponse> {
    let (gmid, mid) = {
        let ledger = state.engine.read();
        let order = ledger.exchange.orders.get(&body.order_id).filter(|o| o.user_id == user.user_id).ok_or_else(|| ApiError::not_found("Unknown order".into()))?;
        (order.gmid, order.book.mid)
    };
    let quote = || {
        let book = state.book.read().unwrap_or_else(|p| p.into_inner());
        let in_play = book.fixture(gmid).is_some_and(|f| f.iplay);
        book.market(gmid, mid).cloned().map(|m| (m, in_play))
    };
    let (market, in_play) = quote().ok_or_else(|| ApiError::not_found(format!("Unknown market {mid}")))?;
    let delay = BetDelay { in_play, ms_per_sec: i64::try_from(state.settings.betting.inplay_delay_ms_per_sec).unwrap_or(i64::MAX) };
    let requested_at_ms = now_ms();
    let request_id = format!("replace-{}-{requested_at_ms}", body.order_id);
    let command = SportsCommand::ReplaceOrder { user_id: user.user_id, order_id: body.order_id, price_h: body.u_rate.0, request_id, market, delay, requested_at_ms };
    // In play the move waits the market's delay like a new order, then meets the book as it is.
    let submitted = state.engine.place_bet(requested_at_ms, Command::Sports(command), || quote().map(|(m, _)| m)).await;
    let (_, placed) = order_answer(&state, user.user_id, submitted)?;
    Ok(ok("Order moved", orders_answer(&state, user.user_id, placed.order)?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OrdersQuery {
    game_id: Option<u64>,
}

/// The caller's unmatched orders, newest first (one match's with `gameId`).
#[utoipa::path(get, path = "/api/exchange/orders", tag = "exchange", params(OrdersQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::bets::OrderView>>)), security(("bearer" = [])))]
pub async fn my_orders(state: web::Data<AppState>, user: AuthUser, query: web::Query<OrdersQuery>) -> ApiResult<HttpResponse> {
    let ledger = state.engine.read();
    Ok(ok("Success", open_orders(&ledger, user.user_id, query.game_id)))
}

/// A market's whole book: every price with unmatched money, each runner (the ladder view).
#[utoipa::path(get, path = "/api/exchange/depth/{gameId}/{marketId}", tag = "exchange", params(("gameId" = u64, Path, description = "The match"), ("marketId" = u64, Path, description = "A match-odds market of it")), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::bets::MarketDepth>), (status = 404, description = "Unknown match or market"), (status = 422, description = "Not an exchange market")))]
pub async fn depth(state: web::Data<AppState>, path: web::Path<(u64, u64)>) -> ApiResult<HttpResponse> {
    let (gmid, mid) = path.into_inner();
    let ledger = state.engine.read();
    let book = state.book.read().unwrap_or_else(|p| p.into_inner());
    Ok(ok("Success", market_depth(&ledger, &book, gmid, mid)?))
}

/// What cashing out all of the caller's matched position in a market would do at the book's
/// prices now: the value (the P/L whichever runner wins), each runner's P/L now and after, and
/// the hedge's orders. The page asks again as the book moves.
#[utoipa::path(get, path = "/api/exchange/cash-out/{gameId}/{marketId}", tag = "exchange", params(("gameId" = u64, Path, description = "The match"), ("marketId" = u64, Path, description = "A match-odds market of it")), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::bets::CashOutQuote>), (status = 404, description = "Unknown match or market, or no matched bets of yours there"), (status = 409, description = "Nothing to cash out (already level), or not enough in the book now"), (status = 422, description = "Not an exchange market")), security(("bearer" = [])))]
pub async fn cash_out_quote(state: web::Data<AppState>, user: AuthUser, path: web::Path<(u64, u64)>) -> ApiResult<HttpResponse> {
    let (gmid, mid) = path.into_inner();
    let (market, ..) = quote(&state, gmid, mid)?;
    let ledger = state.engine.read();
    Ok(ok("Success", cash_out_view(&ledger, &market, user.user_id, ledger::book::decide::SHARE_ALL_BP)?))
}

/// Cashes out `percent` (default all) of the caller's matched position in a market: the hedge
/// at the book's best prices as fill-or-kill orders, all matched or nothing done. With `value`
/// (the quote the player saw) it is refused if the book now gives less. In play it waits the
/// market's delay like any order.
#[utoipa::path(post, path = "/api/exchange/cash-out", tag = "exchange", request_body = schemas::bets::CashOutRequest, responses((status = 200, description = "Cashed out", body = schemas::Envelope<schemas::bets::CashOutAnswer>), (status = 404, description = "Unknown match or market, or no matched bets of yours there"), (status = 409, description = "The book moved (less than the value shown, or not all of it would match), or nothing to cash out"), (status = 422, description = "A percent not 1 to 100, or not an exchange market")), security(("bearer" = [])))]
pub async fn cash_out(req: actix_web::HttpRequest, state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<schemas::bets::CashOutRequest>) -> ApiResult<HttpResponse> {
    if !matches!(user.role, schemas::Role::User | schemas::Role::Demo) {
        return Err(ApiError::forbidden("Please login to access!".into()));
    }
    state.client_limits.bet(user.user_id)?;
    let percent = body.percent.unwrap_or(100);
    if !(1..=100).contains(&percent) {
        return Err(ApiError::unprocessable("percent must be 1 to 100".into()));
    }
    let (market, etid, event_name, in_play) = quote(&state, body.game_id, body.market_id)?;
    let requested_at_ms = now_ms();
    let gtype = serde_json::to_value(market.gtype).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
    let request = BetRequest {
        request_id: crate::auth::tokens::new_token(),
        sid: 0,
        side: schemas::sports::Side::Back,
        price_h: 0,
        stake_minor: 0,
        requested_at_ms,
        ip: crate::http::extract::client_ip(&req),
        browser: browser(&req),
    };
    let info = request.info(etid, event_name, market.mname.clone(), String::new(), gtype);
    let delay = BetDelay { in_play, ms_per_sec: i64::try_from(state.settings.betting.inplay_delay_ms_per_sec).unwrap_or(i64::MAX) };
    let command = SportsCommand::CashOut {
        user_id: user.user_id,
        request_id: request.request_id,
        market,
        delay,
        share_bp: u32::from(percent) * 100,
        asked_value_minor: body.value.map(|v| v.minor()),
        info,
    };
    let requote = || quote(&state, body.game_id, body.market_id).ok().map(|(market, ..)| market);
    let committed = state.engine.place_bet(requested_at_ms, Command::Sports(command), requote).await?;
    let orders = committed.events.iter().filter_map(|e| match &e.event {
        ledger::Event::Exchange(ledger::OrderEvent::OrderPlaced { sid, side, price_h, size_minor, .. }) => Some(schemas::bets::HedgeView { sid: *sid, bet_type: *side, price: schemas::sports::Price(*price_h), size: Money(*size_minor) }),
        _ => None,
    });
    let orders: Vec<_> = orders.collect();
    let ledger = state.engine.read();
    let account = ledger.accounts.users.get(&user.user_id).ok_or_else(|| ApiError::not_found("Unknown user".into()))?;
    let book = ledger::BookKey { mid: body.market_id, scope: 0 };
    let sids = match ledger::book::decide::kind_of(&ledger.betting, &ledger.exchange, &book) {
        Some(ledger::betting::BookKind::Runners(sids)) => sids,
        _ => Vec::new(),
    };
    let pnl = account.book_pnl.get(&book).cloned().unwrap_or_default();
    let (market, ..) = quote(&state, body.game_id, body.market_id)?;
    let name = |sid: u32| market.section.iter().find(|s| s.sid == sid).map(|s| s.nat.clone()).unwrap_or_default();
    let runners: Vec<_> = sids.iter().zip(&pnl).map(|(sid, p)| schemas::bets::CashOutRunner { sid: *sid, nat: name(*sid), now: Money(*p), after: Money(*p) }).collect();
    let answer = schemas::bets::CashOutAnswer {
        value: Money(pnl.iter().copied().min().unwrap_or(0)),
        runners,
        orders,
        balance: Money(account.available_minor()),
        exp: Money(-account.exposure_minor),
    };
    Ok(ok("Cashed out", answer))
}
