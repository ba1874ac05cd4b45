//! The topics anyone may watch and their current values: a node's own, or the engine node's
//! for an edge that asks (`crate::edge`). Sessions and the edge relay read them here.

use crate::casino::SharedTables;
use crate::sports::book::Book;
use std::sync::RwLock;

/// Topics anyone may watch: the sports tree and ticker, a sport's home table, a match page, a
/// casino table.
pub fn resolve_public(book: &RwLock<Book>, casino: &SharedTables, topic: &str) -> Option<(String, serde_json::Value)> {
    if topic == crate::sports::feed::TREE_TOPIC {
        let book = book.read().unwrap_or_else(|p| p.into_inner());
        return Some((topic.to_owned(), crate::sports::navigation::navigation(&book)));
    }
    let (kind, id) = topic.split_once(':')?;
    if kind == "casino" {
        let round = crate::casino::read(casino).round(id).cloned()?;
        return Some((topic.to_owned(), serde_json::to_value(round).expect("wire types serialize")));
    }
    let book = book.read().unwrap_or_else(|p| p.into_inner());
    let snapshot = match kind {
        "home" => serde_json::to_value(book.home_rows(id.parse().ok()?)),
        "match" => serde_json::to_value(book.match_state(id.parse().ok()?)?),
        _ => return None,
    };
    Some((topic.to_owned(), snapshot.expect("wire types serialize")))
}
