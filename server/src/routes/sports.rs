//! The sports data calls: latest events, the sidebar tree, match lists, match pages, search.

use crate::app_state::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{ok, EncryptedBody, Encrypted, JsonBody};
use crate::sports::book::Book;
use actix_web::{web, HttpResponse};
use schemas::sports::Fixture;
use schemas::Envelope;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

fn sport_name(etid: u32) -> &'static str {
    match etid {
        schemas::sports::SPORT_CRICKET => "Cricket",
        schemas::sports::SPORT_TENNIS => "Tennis",
        schemas::sports::SPORT_FOOTBALL => "Football",
        schemas::sports::SPORT_TABLE_TENNIS => "Table Tennis",
        _ => "Other",
    }
}

const SPORTS: [u32; 4] = [schemas::sports::SPORT_CRICKET, schemas::sports::SPORT_FOOTBALL, schemas::sports::SPORT_TENNIS, schemas::sports::SPORT_TABLE_TENNIS];

#[derive(Debug, Deserialize)]
pub struct MatchQuery {
    etid: Option<u32>,
    gmid: Option<u64>,
}

#[derive(Debug, Deserialize)]
pub struct EtidQuery {
    etid: Option<u32>,
}

#[derive(Debug, Serialize)]
struct LatestEvent {
    name: String,
    id: u64,
    #[serde(rename = "sportId")]
    sport_id: u32,
}

#[derive(Debug, Serialize)]
struct TreeNode {
    name: String,
    children: Vec<TreeNode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iscc: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    etid: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    gmid: Option<u64>,
    oid: u32,
}

fn book(state: &AppState) -> std::sync::RwLockReadGuard<'_, Book> {
    state.book.read().unwrap_or_else(|p| p.into_inner())
}

/// The ticker: in-play fixtures first, then the soonest.
pub async fn latest_events(state: web::Data<AppState>, _body: EncryptedBody<Value>) -> Encrypted<Vec<Value>> {
    let book = book(&state);
    let mut fixtures: Vec<&Fixture> = book.fixtures().filter(|f| f.iscc == 0).collect();
    fixtures.sort_by(|a, b| b.iplay.cmp(&a.iplay).then(a.stime.cmp(&b.stime)));
    let events = fixtures.iter().take(20).map(|f| json!(LatestEvent { name: f.ename.clone(), id: f.gmid, sport_id: f.etid })).collect();
    Encrypted(Envelope::ok("Success", events))
}

/// The sidebar's All Sports tree: t1 real sports, t2 virtual cricket; sport → tournament → match.
pub async fn tree_data(state: web::Data<AppState>, _body: EncryptedBody<Value>) -> Encrypted<Value> {
    let book = book(&state);
    let tree = |virtual_games: bool| -> Vec<TreeNode> {
        SPORTS
            .iter()
            .enumerate()
            .filter_map(|(i, etid)| {
                let mut tournaments: Vec<TreeNode> = Vec::new();
                for f in book.fixtures().filter(|f| f.etid == *etid && (f.iscc != 0) == virtual_games) {
                    let leaf = TreeNode { name: f.ename.clone(), children: vec![], iscc: Some(f.iscc), etid: Some(f.etid), gmid: Some(f.gmid), oid: 0 };
                    match tournaments.iter_mut().find(|t| t.name == f.cname) {
                        Some(t) => t.children.push(leaf),
                        None => tournaments.push(TreeNode { name: f.cname.clone(), children: vec![leaf], iscc: None, etid: None, gmid: None, oid: 0 }),
                    }
                }
                (!tournaments.is_empty()).then(|| TreeNode {
                    name: if virtual_games { format!("Virtual {}", sport_name(*etid)) } else { sport_name(*etid).into() },
                    children: tournaments,
                    iscc: None,
                    etid: Some(*etid),
                    gmid: None,
                    oid: i as u32 + if virtual_games { 10 } else { 1 },
                })
            })
            .collect()
    };
    Encrypted(Envelope::ok("Success", json!({ "t1": tree(false), "t2": tree(true) })))
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
