//! The sports data calls: latest events, the sidebar tree, match lists, match pages, search.

use crate::app_state::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{ok, EncryptedBody, Encrypted, JsonBody};
use crate::sports::book::Book;
use crate::sports::navigation::{self, sport_name, SPORTS};
use actix_web::{web, HttpResponse};
use schemas::sports::Fixture;
use schemas::Envelope;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Debug, Deserialize)]
pub struct MatchQuery {
    etid: Option<u32>,
    gmid: Option<u64>,
}

#[derive(Debug, Deserialize)]
pub struct EtidQuery {
    etid: Option<u32>,
}

fn book(state: &AppState) -> std::sync::RwLockReadGuard<'_, Book> {
    state.book.read().unwrap_or_else(|p| p.into_inner())
}

/// The ticker: in-play fixtures first, then the soonest.
pub async fn latest_events(state: web::Data<AppState>, _body: EncryptedBody<Value>) -> Encrypted<Vec<Value>> {
    let events = navigation::latest_events(&book(&state)).into_iter().map(|e| json!(e)).collect();
    Encrypted(Envelope::ok("Success", events))
}

/// The sidebar's All Sports tree: t1 real sports, t2 virtual cricket; sport → tournament → match.
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
pub async fn highlight_home(state: web::Data<AppState>, query: web::Query<EtidQuery>) -> ApiResult<Encrypted<Vec<Fixture>>> {
    let etid = etid_of(query.etid)?;
    Ok(Encrypted(Envelope::ok("Success", book(&state).home_rows(etid))))
}

#[derive(Debug, Deserialize)]
pub struct HighlightRequest {
    #[serde(default)]
    etid: Option<u32>,
    #[serde(default, rename = "type")]
    _kind: Option<String>,
}

/// A sport's match list (base B), by start time.
pub async fn highlight_product(state: web::Data<AppState>, JsonBody(body): JsonBody<HighlightRequest>) -> ApiResult<HttpResponse> {
    let etid = etid_of(body.etid)?;
    Ok(ok("Success", book(&state).home_rows(etid)))
}

fn gmid_of(query: &MatchQuery) -> ApiResult<u64> {
    query.gmid.ok_or_else(|| ApiError::bad("gmid: required"))
}

/// Every market of a match.
pub async fn game_detail(state: web::Data<AppState>, query: web::Query<MatchQuery>) -> ApiResult<HttpResponse> {
    let gmid = gmid_of(&query)?;
    let markets = book(&state).markets(gmid).ok_or_else(|| ApiError::NotFound(format!("Unknown match {gmid}")))?;
    Ok(ok("Success", markets))
}

/// The match itself (the first list item is the event), with its scoreboard.
pub async fn game_data(state: web::Data<AppState>, query: web::Query<MatchQuery>) -> ApiResult<HttpResponse> {
    let gmid = gmid_of(&query)?;
    let book = book(&state);
    let fixture = book.fixture(gmid).ok_or_else(|| ApiError::NotFound(format!("Unknown match {gmid}")))?;
    let _ = query.etid;
    Ok(ok("Success", vec![json!({
        "gmid": fixture.gmid, "etid": fixture.etid, "ename": fixture.ename, "gname": fixture.ename, "cname": fixture.cname,
        "stime": fixture.stime, "iplay": fixture.iplay, "tv": fixture.tv, "iscc": fixture.iscc, "gtype": "match",
    })]))
}

/// A match's whole page state: fixture, markets and scoreboard (also the cricket-virtual data).
pub async fn match_state(state: web::Data<AppState>, query: web::Query<MatchQuery>) -> ApiResult<HttpResponse> {
    let gmid = gmid_of(&query)?;
    let page = book(&state).match_state(gmid).ok_or_else(|| ApiError::NotFound(format!("Unknown match {gmid}")))?;
    Ok(ok("Success", page))
}

pub async fn scoreboard(state: web::Data<AppState>, path: web::Path<(u32, u64)>) -> ApiResult<HttpResponse> {
    let (_, gmid) = path.into_inner();
    let board = book(&state).scoreboard(gmid).ok_or_else(|| ApiError::NotFound(format!("Unknown match {gmid}")))?;
    Ok(ok("Success", board))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    name: String,
}

/// Matches whose name or tournament contains the term (case-insensitive); an empty term finds none.
pub async fn search_game(state: web::Data<AppState>, JsonBody(body): JsonBody<SearchRequest>) -> HttpResponse {
    let term = body.name.trim().to_lowercase();
    let book = book(&state);
    let hits: Vec<Value> = if term.is_empty() {
        Vec::new()
    } else {
        book.fixtures()
            .filter(|f| f.ename.to_lowercase().contains(&term) || f.cname.to_lowercase().contains(&term))
            .take(50)
            .map(|f| json!({"etype": sport_name(f.etid), "etid": f.etid, "gmid": f.gmid, "ename": f.ename, "stime": f.stime, "iscc": f.iscc}))
            .collect()
    };
    ok("Success", hits)
}
