//! The sports data calls: latest events, the sidebar tree, match lists, match pages, search.

use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{ok, EncryptedBody, Encrypted, JsonBody};
use crate::sports::book::Book;
use crate::sports::navigation::{self, sport_name, SPORTS};
use actix_web::{web, HttpResponse};
use schemas::sports::Fixture;
use schemas::Envelope;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Debug, Default, Deserialize, utoipa::IntoParams, utoipa::ToSchema)]
#[into_params(parameter_in = Query)]
pub struct MatchQuery {
    etid: Option<u32>,
    gmid: Option<u64>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EtidQuery {
    etid: Option<u32>,
}

fn book(state: &AppState) -> std::sync::RwLockReadGuard<'_, Book> {
    state.book.read().unwrap_or_else(|p| p.into_inner())
}

/// The ticker: in-play fixtures first, then the soonest.
#[utoipa::path(post, path = "/api/front/get_latest_events", tag = "sports", request_body(content((crate::http::extract::Sealed = "application/json"), (serde_json::Value = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<Vec<crate::sports::navigation::LatestEvent>> = "application/vnd.exchange.plain+json")))))]
pub async fn latest_events(state: web::Data<AppState>, _body: EncryptedBody<Value>) -> Encrypted<Vec<Value>> {
    let events = navigation::latest_events(&book(&state)).into_iter().map(|e| json!(e)).collect();
    Encrypted(Envelope::ok("Success", events))
}

/// The sidebar's All Sports tree: t1 real sports, t2 virtual cricket; sport → tournament → match.
#[utoipa::path(post, path = "/api/front/treedata", tag = "sports", request_body(content((crate::http::extract::Sealed = "application/json"), (serde_json::Value = "application/vnd.exchange.plain+json"))), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<serde_json::Value> = "application/vnd.exchange.plain+json")))))]
pub async fn tree_data(state: web::Data<AppState>, _body: EncryptedBody<Value>) -> Encrypted<Value> {
    Encrypted(Envelope::ok("Success", navigation::tree(&book(&state))))
}

fn etid_of(query: Option<u32>) -> ApiResult<u32> {
    let etid = query.unwrap_or(schemas::sports::SPORT_CRICKET);
    if SPORTS.contains(&etid) {
        Ok(etid)
    } else {
        Err(ApiError::bad("etid: must be 4, 2, 1 or 8"))
    }
}

/// The home table of a sport (encrypted, base A).
#[utoipa::path(post, path = "/api/front/highlighthomePrivate", tag = "sports", params(EtidQuery), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<Vec<schemas::sports::Fixture>> = "application/vnd.exchange.plain+json")))))]
pub async fn highlight_home(state: web::Data<AppState>, query: web::Query<EtidQuery>) -> ApiResult<Encrypted<Vec<Fixture>>> {
    let etid = etid_of(query.etid)?;
    Ok(Encrypted(Envelope::ok("Success", book(&state).home_rows(etid))))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct HighlightRequest {
    #[serde(default)]
    etid: Option<u32>,
    #[serde(default, rename = "type")]
    _kind: Option<String>,
}

/// A sport's match list (base B), by start time.
#[utoipa::path(post, path = "/data/front/highlightproduct", tag = "sports", request_body = HighlightRequest, responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::sports::Fixture>>)))]
pub async fn highlight_product(state: web::Data<AppState>, JsonBody(body): JsonBody<HighlightRequest>) -> ApiResult<HttpResponse> {
    let etid = etid_of(body.etid)?;
    Ok(ok("Success", book(&state).home_rows(etid)))
}

fn gmid_of(query: &MatchQuery) -> ApiResult<u64> {
    query.gmid.ok_or_else(|| ApiError::bad("gmid: required"))
}

/// Every market of a match. The spec calls the query optional: the ids may come in the body
/// instead (`{"etid": 4, "gmid": …}`); the query's win.
#[utoipa::path(post, path = "/data/front/gamedetailPrivate", tag = "sports", params(MatchQuery), request_body = Option<MatchQuery>, responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::sports::Market>>)))]
pub async fn game_detail(state: web::Data<AppState>, query: web::Query<MatchQuery>, body: web::Bytes) -> ApiResult<HttpResponse> {
    let in_body: MatchQuery = crate::http::extract::optional_json(&body)?;
    let gmid = query.gmid.or(in_body.gmid).ok_or_else(|| ApiError::bad("gmid: required, in the query or the body"))?;
    let markets = book(&state).markets(gmid).ok_or_else(|| ApiError::not_found(format!("Unknown match {gmid}")))?;
    Ok(ok("Success", markets))
}

/// The match itself (the first list item is the event), with its scoreboard.
#[utoipa::path(post, path = "/data/front/gamedataPrivate", tag = "sports", params(MatchQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<GameEvent>>)))]
pub async fn game_data(state: web::Data<AppState>, query: web::Query<MatchQuery>) -> ApiResult<HttpResponse> {
    let gmid = gmid_of(&query)?;
    let book = book(&state);
    let fixture = book.fixture(gmid).ok_or_else(|| ApiError::not_found(format!("Unknown match {gmid}")))?;
    let _ = query.etid;
    let event = GameEvent {
        gmid: fixture.gmid,
        etid: fixture.etid,
        ename: fixture.ename.clone(),
        gname: fixture.ename.clone(),
        cname: fixture.cname.clone(),
        stime: fixture.stime.clone(),
        iplay: fixture.iplay,
        tv: fixture.tv,
        iscc: fixture.iscc,
        gtype: "match".into(),
    };
    Ok(ok("Success", vec![event]))
}

/// The match as the spec's `gamedataPrivate` lists it (its `gname` is the event's name).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameEvent {
    gmid: u64,
    etid: u32,
    ename: String,
    gname: String,
    cname: String,
    stime: String,
    iplay: bool,
    tv: bool,
    iscc: u8,
    gtype: String,
}

/// A match's whole page state: fixture, markets and scoreboard (also the cricket-virtual data).
#[utoipa::path(post, path = "/data/front/matchstate", tag = "sports", params(MatchQuery), responses((status = 200, description = "Success", body = schemas::Envelope<crate::sports::book::MatchState>)))]
pub async fn match_state(state: web::Data<AppState>, query: web::Query<MatchQuery>) -> ApiResult<HttpResponse> {
    let gmid = gmid_of(&query)?;
    let page = book(&state).match_state(gmid).ok_or_else(|| ApiError::not_found(format!("Unknown match {gmid}")))?;
    Ok(ok("Success", page))
}

/// The cricket-virtual page's data: the same match state.
#[utoipa::path(post, path = "/data/front/cricketvdata", tag = "sports", params(MatchQuery), responses((status = 200, description = "Success", body = schemas::Envelope<crate::sports::book::MatchState>)))]
pub async fn cricketv_data(state: web::Data<AppState>, query: web::Query<MatchQuery>) -> ApiResult<HttpResponse> {
    match_state(state, query).await
}

#[utoipa::path(get, path = "/data/sport/{etid}/{gmid}", tag = "sports", params(("etid" = u32, Path, description = "Sport id"), ("gmid" = u64, Path, description = "Match id")), responses((status = 200, description = "Success", body = schemas::Envelope<Option<schemas::sports::Scoreboard>>)))]
pub async fn scoreboard(state: web::Data<AppState>, path: web::Path<(u32, u64)>) -> ApiResult<HttpResponse> {
    let (_, gmid) = path.into_inner();
    let board = book(&state).scoreboard(gmid).ok_or_else(|| ApiError::not_found(format!("Unknown match {gmid}")))?;
    Ok(ok("Success", board))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    name: String,
}

/// Matches whose name or tournament contains the term (case-insensitive); an empty term finds none.
#[utoipa::path(post, path = "/data/front/searchgame", tag = "sports", request_body = SearchRequest, responses((status = 200, description = "Success", body = schemas::Envelope<Vec<SearchHit>>)))]
pub async fn search_game(state: web::Data<AppState>, JsonBody(body): JsonBody<SearchRequest>) -> HttpResponse {
    let term = body.name.trim().to_lowercase();
    let book = book(&state);
    let hits: Vec<SearchHit> = if term.is_empty() {
        Vec::new()
    } else {
        book.fixtures()
            .filter(|f| f.ename.to_lowercase().contains(&term) || f.cname.to_lowercase().contains(&term))
            .take(50)
            .map(|f| SearchHit { etype: sport_name(f.etid).to_owned(), etid: f.etid, gmid: f.gmid, ename: f.ename.clone(), stime: f.stime.clone(), iscc: f.iscc })
            .collect()
    };
    ok("Success", hits)
}

/// One match the header search found.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchHit {
    /// The sport's name.
    etype: String,
    etid: u32,
    gmid: u64,
    ename: String,
    stime: String,
    iscc: u8,
}
