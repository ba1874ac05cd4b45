//! The live casino calls: lobby lists, a table's current round, last results, results by day,
//! a round's result with the caller's bets, and casino bets.

use ledger::CasinoCommand;
use crate::http::state::AppState;
use crate::casino::catalog::{self, TableInfo};
use crate::casino::read;
use crate::http::error::{ApiError, ApiResult};
use crate::services::bet_submission::{answer, Asked, BetRequest};
use crate::services::views::round_bets;
use crate::clock::now_ms;
use crate::http::extract::{ok, AuthUser, Encrypted, EncryptedBody, JsonBody};
use crate::http::timefmt::{rfc3339, Days};
use actix_web::{web, HttpRequest, HttpResponse};
use ledger::casino::round_book;
use ledger::Command;
use schemas::bets::PlaceBetResponse;
use schemas::casino::{
    pick_scope, split_pick_scope, CasinoItem, CasinoResultDetail, CasinoResultRow, CasinoRound, CasinoTiles, CasinoType, PickQuote, PickQuoteRequest, PlaceCasinoBetRequest, ResultRow, WorliSection,
};
use schemas::sports::Price;
use schemas::{Envelope, Money};
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ListRequest {
    #[serde(default)]
    gmid: Option<Value>,
    #[serde(default)]
    _ismob: Option<Value>,
}

/// `gmid` of the lobby call is the casino type id, as a number or a string of digits.
fn type_id(body: &ListRequest) -> ApiResult<Option<u32>> {
    match &body.gmid {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_u64().and_then(|n| u32::try_from(n).ok()).map(Some).ok_or_else(|| ApiError::bad("gmid: must be a casino type id")),
        Some(Value::String(s)) => s.parse().map(Some).map_err(|_| ApiError::bad("gmid: must be a casino type id")),
        Some(_) => Err(ApiError::bad("gmid: must be a casino type id")),
    }
}

/// The tables the administrator locked, as the ledger holds them.
fn locked_tables(state: &AppState) -> Vec<u32> {
    state.engine.read().casino.locked_tables.iter().copied().collect()
}

fn table_of(gtype: Option<&str>) -> ApiResult<TableInfo> {
    let gtype = gtype.filter(|g| !g.is_empty()).ok_or_else(|| ApiError::bad("gType: required"))?;
    catalog::table(gtype).ok_or_else(|| ApiError::not_found(format!("Unknown table {gtype}")))
}

/// The casino types of the lobby header (encrypted).
#[utoipa::path(post, path = "/api/front/casino/tablist", tag = "casino", request_body(content((crate::http::extract::Sealed = "application/json"), (serde_json::Value = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<Vec<schemas::casino::CasinoType>> = "application/vnd.exchange.plain+json")))))]
pub async fn casino_types(_body: EncryptedBody<Value>) -> Encrypted<Vec<CasinoType>> {
    Encrypted(Envelope::ok("Success", catalog::types()))
}

/// The same list at the spec's second name.
#[utoipa::path(post, path = "/api/front/casino/tablelist", tag = "casino", request_body(content((crate::http::extract::Sealed = "application/json"), (serde_json::Value = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<Vec<schemas::casino::CasinoType>> = "application/vnd.exchange.plain+json")))))]
pub async fn casino_table_list(body: EncryptedBody<Value>) -> Encrypted<Vec<CasinoType>> {
    casino_types(body).await
}

/// The same list at the spec's third name.
#[utoipa::path(post, path = "/api/front/tablist", tag = "casino", request_body(content((crate::http::extract::Sealed = "application/json"), (serde_json::Value = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<Vec<schemas::casino::CasinoType>> = "application/vnd.exchange.plain+json")))))]
pub async fn casino_tab_list(body: EncryptedBody<Value>) -> Encrypted<Vec<CasinoType>> {
    casino_types(body).await
}

/// The tables of a casino type (encrypted, base A).
#[utoipa::path(post, path = "/api/front/casino/alllist", tag = "casino", request_body(content((crate::http::extract::Sealed = "application/json"), (ListRequest = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<schemas::casino::CasinoTiles> = "application/vnd.exchange.plain+json")))))]
pub async fn casino_tiles(state: web::Data<AppState>, EncryptedBody(body): EncryptedBody<ListRequest>) -> ApiResult<Encrypted<CasinoTiles>> {
    let t1 = catalog::tiles(type_id(&body)?, &locked_tables(&state));
    Ok(Encrypted(Envelope::ok("Success", CasinoTiles { t1 })))
}

/// The same list, plain (base B): the home grid and the lobby for visitors.
#[utoipa::path(post, path = "/data/front/casino/alllist", tag = "casino", request_body = ListRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::casino::CasinoTiles>)))]
pub async fn casino_tiles_plain(state: web::Data<AppState>, JsonBody(body): JsonBody<ListRequest>) -> ApiResult<HttpResponse> {
    let t1 = catalog::tiles(type_id(&body)?, &locked_tables(&state));
    Ok(ok("Success", CasinoTiles { t1 }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LaunchRequest {
    gmid: String,
}

/// `POST /data/front/casino/launchother {gmid}`: where a lobby tile's game opens. Every table of
/// this site is its own (`isown`), so the answer is the table's page; a tile of another provider
/// would get its launch address here. A locked table answers 403 with the lobby's reason.
#[utoipa::path(post, path = "/data/front/casino/launchother", tag = "casino", request_body = LaunchRequest, responses((status = 200, description = "Success", body = schemas::Envelope<serde_json::Value>)))]
pub async fn launch_other(state: web::Data<AppState>, JsonBody(body): JsonBody<LaunchRequest>) -> ApiResult<HttpResponse> {
    let table = catalog::table(&body.gmid).ok_or_else(|| ApiError::not_found(format!("Unknown game {}", body.gmid)))?;
    if locked_tables(&state).contains(&table.number) {
        return Err(ApiError::forbidden(format!("{} is locked", table.name)));
    }
    Ok(ok("Success", serde_json::json!({"gmid": table.gtype, "gname": table.name, "isown": true, "url": format!("/casino/{}", table.gtype)})))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TableQuery {
    #[serde(rename = "gType")]
    gtype: Option<String>,
    #[serde(default)]
    _j: Option<String>,
}

fn current_round(state: &AppState, gtype: Option<&str>) -> ApiResult<CasinoRound> {
    let table = table_of(gtype)?;
    read(&state.casino).round(table.gtype).cloned().ok_or_else(|| ApiError::not_found(format!("Table {} is not running", table.gtype)))
}

/// A table's current round (encrypted, base A).
#[utoipa::path(post, path = "/api/front/casino/data2", tag = "casino", request_body(content((crate::http::extract::Sealed = "application/json"), (serde_json::Value = "application/vnd.exchange.plain+json"))), params(TableQuery), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<schemas::casino::CasinoRound> = "application/vnd.exchange.plain+json")))))]
pub async fn round_data(state: web::Data<AppState>, query: web::Query<TableQuery>, _body: EncryptedBody<Value>) -> ApiResult<Encrypted<CasinoRound>> {
    Ok(Encrypted(Envelope::ok("Success", current_round(&state, query.gtype.as_deref())?)))
}

/// A table's current round, plain (base B, the spec's `j` flag).
#[utoipa::path(post, path = "/data/front/casino/data2", tag = "casino", params(TableQuery), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::casino::CasinoRound>)))]
pub async fn round_data_plain(state: web::Data<AppState>, query: web::Query<TableQuery>) -> ApiResult<HttpResponse> {
    Ok(ok("Success", current_round(&state, query.gtype.as_deref())?))
}

/// `POST /data/front/worlisectiondata`: Worli Matka's board by section (the Single digits, then
/// each kind of patti), from its current round.
#[utoipa::path(post, path = "/data/front/worlisectiondata", tag = "casino", responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::casino::WorliSection>>)))]
pub async fn worli_sections(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let round = current_round(&state, Some("worli"))?;
    let mut sections: Vec<WorliSection> = Vec::new();
    for item in round.items {
        match sections.last_mut() {
            Some(section) if section.kind == item.kind && item.pick.is_none() => section.items.push(item),
            _ => {
                let name = if item.pick.is_some() { item.nat.clone() } else { "Single".to_owned() };
                sections.push(WorliSection { name, kind: item.kind.clone(), items: vec![item] });
            }
        }
    }
    Ok(ok("Success", sections))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LastResultsRequest {
    #[serde(rename = "gType", alias = "type")]
    gtype: Option<String>,
}

/// The last-results strip of a table (encrypted).
#[utoipa::path(post, path = "/api/front/casino/lastresults2", tag = "casino", request_body(content((crate::http::extract::Sealed = "application/json"), (LastResultsRequest = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<Vec<schemas::casino::ResultRow>> = "application/vnd.exchange.plain+json")))))]
pub async fn last_results(state: web::Data<AppState>, EncryptedBody(body): EncryptedBody<LastResultsRequest>) -> ApiResult<Encrypted<Vec<ResultRow>>> {
    let round = current_round(&state, body.gtype.as_deref())?;
    Ok(Encrypted(Envelope::ok("Success", round.results)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultsRequest {
    date_from: Option<String>,
    /// The client's minutes east of UTC (India 330): the date is its day; without it, a UTC day.
    #[schema(minimum = -840, maximum = 840)]
    utc_offset: Option<i32>,
    #[serde(rename = "type")]
    gtype: Option<String>,
}

/// Every resulted round of a table on one day (the client's, `utcOffset`; else UTC), newest
/// first (base A, signed in).
#[utoipa::path(post, path = "/api/front/casinoresults", tag = "casino", request_body = ResultsRequest, responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::casino::CasinoResultRow>>)), security(("bearer" = [])))]
pub async fn results_by_day(state: web::Data<AppState>, _user: AuthUser, body: JsonBody<ResultsRequest>) -> ApiResult<HttpResponse> {
    results_of_day(&state, body.0)
}

/// The same on base B, as the spec lists it: rounds and winners are public, like the table's
/// own results strip.
#[utoipa::path(post, path = "/data/front/casinoresults", tag = "casino", request_body = ResultsRequest, responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::casino::CasinoResultRow>>)))]
pub async fn results_by_day_plain(state: web::Data<AppState>, body: JsonBody<ResultsRequest>) -> ApiResult<HttpResponse> {
    results_of_day(&state, body.0)
}

fn results_of_day(state: &AppState, body: ResultsRequest) -> ApiResult<HttpResponse> {
    let table = table_of(body.gtype.as_deref())?;
    let date = body.date_from.as_deref().unwrap_or_default();
    if date.trim().is_empty() {
        return Err(ApiError::bad("dateFrom: must be yyyy-MM-dd"));
    }
    let days = Days::of(body.utc_offset)?;
    let (start, end) = (days.start_ms(date, "dateFrom")?, days.end_ms(date, "dateFrom")?);
    let history = state.history.at(state.engine.read().head_seq)?;
    let rows = history
        .rounds_between(table.gtype, start, end)
        .rev()
        .map(|round| {
            let r = round?;
            Ok(CasinoResultRow {
                win: r.outcome.as_ref().map_or_else(|| "V".to_owned(), |o| o.win.clone()),
                winner: r.outcome.as_ref().map_or_else(|| "Void".to_owned(), |o| o.winner.clone()),
                created_at: rfc3339(r.at_ms),
                mid: r.mid,
                gtype: r.gtype,
                ename: table.name.to_owned(),
            })
        })
        .collect::<Result<Vec<CasinoResultRow>, ledger::StoreError>>()?;
    Ok(ok("Success", rows))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResultRequest {
    gtype: Option<String>,
    mid: Option<Value>,
}

fn round_id(mid: Option<&Value>) -> ApiResult<String> {
    match mid {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        _ => Err(ApiError::bad("mid: required")),
    }
}

/// A resulted round: its cards dealt again from its seed (a stacked round as it was dealt), and
/// the caller's bets on it.
#[utoipa::path(post, path = "/api/front/casino/result", tag = "casino", request_body = ResultRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::casino::CasinoResultDetail>)), security(("bearer" = [])))]
pub async fn round_result(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<ResultRequest>) -> ApiResult<HttpResponse> {
    let table = table_of(body.gtype.as_deref())?;
    let mid = round_id(body.mid.as_ref())?;
    let unknown = || ApiError::not_found("Unknown round".into());
    let book = round_book(&mid).ok_or_else(unknown)?;
    let ledger = state.engine.read();
    let history = state.history.at(ledger.head_seq)?;
    let record = history.round(table.gtype, book)?.ok_or_else(unknown)?;
    let result = match record.outcome.as_ref() {
        // A round cut before its result (a restart into another world): its page says so, with
        // the player's bets and their stakes returned.
        None => void_result(table.gtype, &mid),
        Some(outcome) => match &outcome.stacked {
            Some(stacked) => (**stacked).clone(),
            None => feed_sim::casino::replay(table.gtype, &mid, outcome.seed).ok_or_else(unknown)?,
        },
    };
    let bets = round_bets(&ledger, history, user.user_id, book)?;
    let total: i64 = crate::services::history::market_settlements(history, user.user_id, book)?.iter().map(|settlement| settlement.entry.total_minor).sum();
    let detail = CasinoResultDetail { result, ename: table.name.to_owned(), created_at: rfc3339(record.at_ms), bets, total_profit: Money(total) };
    Ok(ok("Success", detail))
}

/// The result page of a void round: no cards, the winner "Void", every stake returned.
fn void_result(gtype: &str, mid: &str) -> schemas::casino::RoundResult {
    schemas::casino::RoundResult {
        mid: mid.to_owned(),
        gtype: gtype.to_owned(),
        seed: 0,
        win: "V".to_owned(),
        winner: "Void".to_owned(),
        rdesc: "Void | the round was cut before its result; every stake was returned".to_owned(),
        card: String::new(),
        hands: Vec::new(),
        items: Vec::new(),
        stacked: false,
    }
}

/// The item a bet is on: the item itself, or on a pick item the player's pick as an item of its
/// own (its id in the round, name and rate; back only).
fn picked_item(table: &TableInfo, item: CasinoItem, pick: Option<&[String]>) -> ApiResult<CasinoItem> {
    let (Some(spec), Some(choices)) = (&item.pick, pick) else {
        return match (&item.pick, pick) {
            (None, None) => Ok(item),
            (None, Some(_)) => Err(ApiError::bad(format!("pick: {} takes no pick", item.nat))),
            _ => Err(ApiError::bad(format!("pick: {} needs a pick, one of each: {}", item.nat, slot_names(&item)))),
        };
    };
    if choices.len() > spec.slots.len() {
        return Err(ApiError::bad(format!("pick: at most {} values", spec.slots.len())));
    }
    let engine_table = feed_sim::casino::table(table.gtype).ok_or_else(|| ApiError::not_found(format!("Unknown table {}", table.gtype)))?;
    let picked = engine_table.pick(item.sid, choices).map_err(ApiError::bad)?;
    Ok(CasinoItem { sid: pick_scope(item.sid, picked.code), nat: picked.nat, b: picked.rate, l: Price(0), pick: None, ..item })
}

fn slot_names(item: &CasinoItem) -> String {
    item.pick.iter().flat_map(|spec| spec.slots.iter().map(|slot| slot.label.as_str())).collect::<Vec<_>>().join(", ")
}

/// `POST /data/front/casino/pick`: the name and rate of a pick on a pick item of the table's
/// current round, as a bet on it would take them.
#[utoipa::path(post, path = "/data/front/casino/pick", tag = "casino", request_body = schemas::casino::PickQuoteRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::casino::PickQuote>)))]
pub async fn quote_pick(state: web::Data<AppState>, JsonBody(body): JsonBody<PickQuoteRequest>) -> ApiResult<HttpResponse> {
    let table = table_of(Some(&body.g_type))?;
    let round = read(&state.casino).round(table.gtype).cloned().ok_or_else(|| ApiError::conflict("Round is closed".into()))?;
    let item = round.items.into_iter().find(|i| i.sid == body.section_id).ok_or_else(|| ApiError::not_found("Unknown selection".into()))?;
    let engine_table = feed_sim::casino::table(table.gtype).ok_or_else(|| ApiError::not_found(format!("Unknown table {}", table.gtype)))?;
    let choices = body.pick;
    let picked = picked_item(&table, item, Some(&choices))?;
    let code = split_pick_scope(picked.sid).map_or(0, |(_, code)| code);
    let normal = engine_table.unpick(body.section_id, code).map(|p| p.choices).unwrap_or(choices);
    Ok(ok("Success", PickQuote { section_id: body.section_id, pick: normal, nat: picked.nat, rate: picked.b }))
}

/// `POST /api/bet/place/casino`: the item as the table shows it now, checked by the ledger.
#[utoipa::path(post, path = "/api/bet/place/casino", tag = "bets", request_body(content((crate::http::extract::Sealed = "application/json"), (schemas::casino::PlaceCasinoBetRequest = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<schemas::bets::PlaceBetResponse> = "application/vnd.exchange.plain+json")))), security(("bearer" = [])))]
#[tracing::instrument(name = "place_casino_bet", skip_all)]
pub async fn place_casino_bet(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: AuthUser,
    EncryptedBody(body): EncryptedBody<PlaceCasinoBetRequest>,
) -> ApiResult<Encrypted<PlaceBetResponse>> {
    let asked = Asked { request_id: body.request_id.clone(), sid: body.section_id, side: body.bet_type, price: body.u_rate, amount: body.amount };
    let mut request = BetRequest::new(&state, &req, &user, asked, now_ms())?;
    let table = table_of(body.sub_type.as_deref().or(body.g_type.as_deref()))?;
    let round = read(&state.casino).round(table.gtype).cloned().ok_or_else(|| ApiError::conflict("Round is closed".into()))?;
    let item = round.items.iter().find(|i| i.sid == body.section_id).cloned().ok_or_else(|| ApiError::not_found("Unknown selection".into()))?;
    let item = picked_item(&table, item, body.pick.as_deref())?;
    request.sid = item.sid;
    let info = request.info(0, table.name.to_owned(), body.market_id.clone(), item.nat.clone(), table.gtype.to_owned());
    let command = Command::Casino(CasinoCommand::PlaceCasinoBet {
        user_id: user.user_id,
        request_id: request.request_id.clone(),
        gtype: table.gtype.to_owned(),
        mid: body.market_id.clone(),
        item,
        stake_minor: request.stake_minor,
        info,
    });
    let submitted = state.engine.submit(request.requested_at_ms, command).await;
    let (message, response) = answer(&state, user.user_id, submitted)?;
    Ok(Encrypted(Envelope::ok(message, response)))
}
