//! What a player navigates by: the sidebar's All Sports tree and the latest-events ticker, built
//! from the book. The `treedata` and `get_latest_events` calls answer with them, and the `tree`
//! topic pushes them whenever a fixture arrives, leaves or goes in play.

use super::book::Book;
use schemas::sports::Fixture;
use serde::Serialize;
use serde_json::{json, Value};

pub fn sport_name(etid: u32) -> &'static str {
    match etid {
        schemas::sports::SPORT_CRICKET => "Cricket",
        schemas::sports::SPORT_TENNIS => "Tennis",
        schemas::sports::SPORT_FOOTBALL => "Football",
        schemas::sports::SPORT_TABLE_TENNIS => "Table Tennis",
        schemas::sports::SPORT_HORSE_RACING => "Horse Racing",
        schemas::sports::SPORT_GREYHOUND_RACING => "Greyhound Racing",
        _ => "Other",
    }
}

pub const SPORTS: [u32; 6] = [
    schemas::sports::SPORT_CRICKET,
    schemas::sports::SPORT_FOOTBALL,
    schemas::sports::SPORT_TENNIS,
    schemas::sports::SPORT_TABLE_TENNIS,
    schemas::sports::SPORT_HORSE_RACING,
    schemas::sports::SPORT_GREYHOUND_RACING,
];

/// How many fixtures the ticker lists.
const TICKER_EVENTS_MAX: usize = 20;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LatestEvent {
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

/// The ticker: in-play fixtures first, then the soonest.
pub fn latest_events(book: &Book) -> Vec<LatestEvent> {
    let mut fixtures: Vec<&Fixture> = book.fixtures().filter(|f| f.iscc == 0).collect();
    fixtures.sort_by(|a, b| b.iplay.cmp(&a.iplay).then(a.stime.cmp(&b.stime)));
    fixtures.iter().take(TICKER_EVENTS_MAX).map(|f| LatestEvent { name: f.ename.clone(), id: f.gmid, sport_id: f.etid }).collect()
}

/// The All Sports tree: `t1` real sports, `t2` virtual cricket; sport → tournament → match.
pub fn tree(book: &Book) -> Value {
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
    json!({ "t1": tree(false), "t2": tree(true) })
}

/// The `tree` topic's value: the tree and the ticker together.
pub fn navigation(book: &Book) -> Value {
    json!({ "tree": tree(book), "latest": latest_events(book) })
}
