//! Placing sports bets and listing them.

use ledger::SportsCommand;
use crate::http::state::AppState;
use crate::services::bet_submission::{answer, Asked, BetRequest};
use crate::services::round_bets::bets_of_round;
use crate::http::error::{ApiError, ApiResult};
use crate::clock::now_ms;
use crate::http::extract::{ok, AuthUser, EncryptedBody, Encrypted, JsonBody};
use crate::limits::{STATEMENT_ROWS_MAX, STATEMENT_ROW_BETS_MAX};
use crate::http::timefmt::Days;
use crate::services::views::{open_bets, open_markets, settlement_row, spots};
use actix_web::{web, HttpRequest, HttpResponse};
use ledger::history::Settles;
use ledger::{BetDelay, Command};
use schemas::bets::{GameBets, PlaceBetRequest, PlaceBetResponse, SettlementRow};
use crate::services::orders::order_answer;
use schemas::sports::{Market, MarketType};
use schemas::Envelope;
use serde::Deserialize;

/// The market as the book shows it now, with the names the player saw.
pub(crate) fn quote(state: &AppState, gmid: u64, mid: u64) -> ApiResult<(Market, u32, String, bool)> {
    let book = state.book.read().unwrap_or_else(|p| p.into_inner());
    let fixture = book.fixture(gmid).ok_or_else(|| ApiError::not_found(format!("Unknown match {gmid}")))?;
    let market = book.market(gmid, mid).ok_or_else(|| ApiError::not_found(format!("Unknown market {mid}")))?;
    Ok((market.clone(), fixture.etid, fixture.ename.clone(), fixture.iplay))
}

#[utoipa::path(post, path = "/api/bet/place", tag = "bets", request_body(content((crate::http::extract::Sealed = "application/json"), (schemas::bets::PlaceBetRequest = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<schemas::bets::PlaceBetResponse> = "application/vnd.exchange.plain+json")))), security(("bearer" = [])))]
#[tracing::instrument(name = "place_bet", skip_all)]
pub async fn place_bet(req: HttpRequest, state: web::Data<AppState>, user: AuthUser, EncryptedBody(body): EncryptedBody<PlaceBetRequest>) -> ApiResult<Encrypted<PlaceBetResponse>> {
    let asked = Asked { request_id: body.request_id.clone(), sid: body.section_id, side: body.bet_type, price: body.u_rate, amount: body.amount };
    let request = BetRequest::new(&state, &req, &user, asked, now_ms())?;
    let (market, etid, event_name, in_play) = quote(&state, body.game_id, body.market_id)?;
    let section_name = market.section.iter().find(|s| s.sid == body.section_id).map(|s| s.nat.clone()).unwrap_or_default();
    let gtype = serde_json::to_value(market.gtype).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
    let info = request.info(etid, event_name, market.mname.clone(), section_name, gtype);
    let delay = BetDelay { in_play, ms_per_sec: i64::try_from(state.settings.betting.inplay_delay_ms_per_sec).unwrap_or(i64::MAX) };
    // A match-odds market is an exchange market: the bet is an order matched against the book.
    let exchange = state.settings.exchange.matching && market.gtype == MarketType::Match;
    let command = if exchange {
        let persistence = match body.persistence.unwrap_or_default() {
            schemas::bets::Persistence::Lapse => ledger::Persistence::Lapse,
            schemas::bets::Persistence::Keep => ledger::Persistence::Keep,
        };
        Command::Sports(SportsCommand::PlaceOrder { user_id: user.user_id, request_id: request.request_id.clone(), market, delay, size_minor: request.stake_minor, persistence, info })
    } else {
        Command::Sports(SportsCommand::PlaceBet { user_id: user.user_id, request_id: request.request_id.clone(), market, delay, stake_minor: request.stake_minor, info, accept_odds: body.accept_odds.unwrap_or_default() })
    };
    // In play the ledger holds the bet for the market's delay and decides it on the quote then.
    let requote = || quote(&state, body.game_id, body.market_id).ok().map(|(market, ..)| market);
    let submitted = state.engine.place_bet(request.requested_at_ms, command, requote).await;
    let (message, response) = if exchange { order_answer(&state, user.user_id, submitted)? } else { answer(&state, user.user_id, submitted)? };
    Ok(Encrypted(Envelope::ok(message, response)))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct BetsQuery {
    game_id: Option<u64>,
    market_id: Option<String>,
    g_type: Option<String>,
}

/// The user's open bets on a match and their books there; or, with `marketId` and `gType`, the
/// user's bets on a casino round.
#[utoipa::path(get, path = "/api/bet", tag = "bets", params(BetsQuery), responses((status = 200, description = "Success", body = schemas::Envelope<BetsAnswer>)), security(("bearer" = [])))]
pub async fn get_game_bets(state: web::Data<AppState>, user: AuthUser, query: web::Query<BetsQuery>) -> ApiResult<HttpResponse> {
    if let Some(mid) = query.market_id.as_deref() {
        let ledger = state.engine.read();
        let history = state.history.at(ledger.head_seq)?;
        return Ok(ok("Success", BetsAnswer::Round(bets_of_round(&ledger, history, user.user_id, mid, query.g_type.as_deref())?)));
    }
    let gmid = query.game_id.ok_or_else(|| ApiError::bad("gameId: required (or marketId and gType)"))?;
    let ledger = state.engine.read();
    Ok(ok("Success", BetsAnswer::Match(GameBets { bets: open_bets(&ledger, user.user_id, Some(gmid)), spots_data: spots(&ledger, user.user_id, gmid), orders: crate::services::orders::open_orders(&ledger, user.user_id, Some(gmid)) })))
}

/// `GET /api/bet`'s two answers: a match's bets and books, or a casino round's bets.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub enum BetsAnswer {
    Match(GameBets),
    Round(schemas::casino::RoundBets),
}

/// Either shape (`anyOf`: an empty match answer reads as a round's too).
impl utoipa::PartialSchema for BetsAnswer {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::ToSchema;
        utoipa::openapi::schema::AnyOfBuilder::new()
            .item(utoipa::openapi::Ref::from_schema_name(GameBets::name()))
            .item(utoipa::openapi::Ref::from_schema_name(schemas::casino::RoundBets::name()))
            .into()
    }
}

impl utoipa::ToSchema for BetsAnswer {
    fn schemas(out: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        use utoipa::PartialSchema;
        out.push((GameBets::name().into_owned(), GameBets::schema()));
        out.push((schemas::casino::RoundBets::name().into_owned(), schemas::casino::RoundBets::schema()));
        <GameBets as utoipa::ToSchema>::schemas(out);
        <schemas::casino::RoundBets as utoipa::ToSchema>::schemas(out);
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CurrentQuery {
    #[serde(rename = "type", default)]
    kind: String,
}

/// Open bets by type: `game` (sports) or `casino`.
#[utoipa::path(get, path = "/api/bet/current", tag = "bets", params(CurrentQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::bets::BetView>>)), security(("bearer" = [])))]
pub async fn get_current_bets(state: web::Data<AppState>, user: AuthUser, query: web::Query<CurrentQuery>) -> ApiResult<HttpResponse> {
    let casino = match query.kind.as_str() {
        "" | "game" | "sports" => false,
        "casino" => true,
        _ => return Err(ApiError::bad("type: must be game or casino")),
    };
    let ledger = state.engine.read();
    let bets: Vec<_> = open_bets(&ledger, user.user_id, None).into_iter().filter(|b| b.casino == casino).collect();
    Ok(ok("Success", bets))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StatementPopupRequest {
    market_id: u64,
    /// The statement row's `seq`, when a market was settled more than once for the caller.
    #[serde(default)]
    seq: Option<u64>,
}

/// `POST /data/front/accstatepopup`: one statement row of the caller, fresh from the ledger (the
/// popup a statement row opens: the market's or round's bets, each with its result, and the
/// total), by the row's `marketId` (and `seq`).
#[utoipa::path(post, path = "/data/front/accstatepopup", tag = "statements", request_body = StatementPopupRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::bets::SettlementRow>)), security(("bearer" = [])))]
pub async fn statement_popup(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<StatementPopupRequest>) -> ApiResult<HttpResponse> {
    let ledger = state.engine.read();
    ledger.accounts.users.get(&user.user_id).ok_or_else(|| ApiError::not_found("Unknown user".into()))?;
    let history = state.history.at(ledger.head_seq)?;
    // A round's row shows its number above the casino ids' base (`views::bet_view`).
    let mut settlements = crate::services::history::market_settlements(history, user.user_id, body.market_id)?;
    if let Some(round) = body.market_id.checked_add(ledger::ids::CASINO_ID_BASE) {
        settlements.extend(crate::services::history::market_settlements(history, user.user_id, round)?);
    }
    settlements.sort_by_key(|settlement| std::cmp::Reverse(settlement.entry.seq));
    let row = settlements
        .iter()
        .filter(|settlement| body.seq.is_none_or(|seq| settlement.entry.seq == seq))
        .filter_map(|settlement| settlement_row(&ledger, history, settlement, usize::MAX))
        .find(|row| row.market_id == body.market_id)
        .ok_or_else(|| ApiError::not_found("No statement row for this market".into()))?;
    Ok(ok("Success", row))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AllBetsRequest {
    #[serde(rename = "type", default)]
    kind: Option<String>,
}

/// `POST /api/bet/all`: every market and round where the caller has open bets, sports and casino
/// (`type` "game" or "casino" for one kind), each with its bets and its worst-case loss; the
/// largest exposure first.
#[utoipa::path(post, path = "/api/bet/all", tag = "bets", request_body = AllBetsRequest, responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::bets::OpenMarket>>)), security(("bearer" = [])))]
pub async fn all_open_bets(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<AllBetsRequest>) -> ApiResult<HttpResponse> {
    let wanted = match body.kind.as_deref() {
        None | Some("") => None,
        Some("game" | "sports") => Some(false),
        Some("casino") => Some(true),
        Some(_) => return Err(ApiError::bad("type: must be game or casino")),
    };
    let markets = open_markets(&state.engine.read(), user.user_id, wanted);
    Ok(ok("Success", markets))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct StatementQuery {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    from_date: String,
    #[serde(default)]
    to_date: String,
    /// The client's minutes east of UTC (India 330): the dates are its days; without it, UTC days.
    #[param(minimum = -840, maximum = 840)]
    utc_offset: Option<i32>,
    page: Option<u32>,
    limit: Option<u32>,
}

/// The account statement's sport or casino rows: one per settled market or round, newest first,
/// within the dates (`yyyy-MM-dd`, both days included), a page at a time (`total` counts them
/// all). Without `page` and `limit` the first `STATEMENT_ROWS_MAX` rows come, as the spec's
/// client asks for the list.
#[utoipa::path(get, path = "/api/bet/account-statement", tag = "statements", params(StatementQuery), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<Vec<schemas::bets::SettlementRow>> = "application/vnd.exchange.plain+json")))), security(("bearer" = [])))]
pub async fn get_bet_statement(state: web::Data<AppState>, user: AuthUser, query: web::Query<StatementQuery>) -> ApiResult<Encrypted<Vec<SettlementRow>>> {
    let casino = match query.kind.as_str() {
        "game" | "sports" => false,
        "casino" => true,
        _ => return Err(ApiError::bad("type: must be game or casino")),
    };
    let days = Days::of(query.utc_offset)?;
    let from_ms = days.start_ms(&query.from_date, "fromDate")?;
    let to_ms = days.end_ms(&query.to_date, "toDate")?;
    let (page, limit) = crate::http::extract::page_and_limit(query.page, query.limit, STATEMENT_ROWS_MAX, STATEMENT_ROWS_MAX)?;
    let ledger = state.engine.read();
    ledger.accounts.users.get(&user.user_id).ok_or_else(|| ApiError::not_found("Unknown user".into()))?;
    let history = state.history.at(ledger.head_seq)?;
    let settles = if casino { Settles::Casino } else { Settles::Sports };
    let skip = usize::try_from(u64::from(page - 1) * u64::from(limit)).unwrap_or(usize::MAX);
    let (total, entries) = history.settlement_page(user.user_id, settles, from_ms, to_ms, skip, limit as usize).map_err(crate::http::error::history_failed)?;
    let rows = entries.iter().filter_map(|settlement| settlement_row(&ledger, history, settlement, STATEMENT_ROW_BETS_MAX)).collect();
    Ok(Encrypted(Envelope { success: true, message: "Success".into(), data: rows, total: Some(total) }))
}

