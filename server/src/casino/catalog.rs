//! The casino catalogue: the lobby's casino types and which tables each lists, in one place.

use schemas::casino::{CasinoTile, CasinoType};

/// "Our Casino": every table.
pub const TYPE_ALL: u32 = 35;

/// Lobby types (spec §9 ids 20, 21, 22, 24, 27; 28 to 39 are ours) and their tables.
const TYPES: [(u32, &str, &[&str]); 17] = [
    (
        TYPE_ALL,
        "Our Casino",
        &["teen20", "lucky7", "dt20", "ab20", "card32", "baccarat", "roulette", "war", "sicbo", "poker20", "race20", "ballbyball", "worli", "3cardj", "kbc", "lottcard", "superover"],
    ),
    (20, "Teenpatti", &["teen20"]),
    (21, "Poker", &["poker20"]),
    (22, "Baccarat", &["baccarat"]),
    (24, "32 Cards", &["card32"]),
    (27, "Lucky 7", &["lucky7"]),
    (28, "Dragon Tiger", &["dt20"]),
    (29, "Andar Bahar", &["ab20"]),
    (30, "Roulette", &["roulette"]),
    (31, "Casino War", &["war"]),
    (32, "Sic Bo", &["sicbo"]),
    (33, "Race 20", &["race20"]),
    (34, "Virtual Cricket", &["ballbyball", "superover"]),
    (36, "Worli Matka", &["worli"]),
    (37, "3 Card Judgement", &["3cardj"]),
    (38, "KBC", &["kbc"]),
    (39, "Lottery", &["lottcard"]),
];

pub fn types() -> Vec<CasinoType> {
    TYPES.iter().map(|(id, name, _)| CasinoType { id: *id, name: (*name).to_owned() }).collect()
}

/// A table of the round engine: its gtype, name and number (1 upward: its `cid`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableInfo {
    pub gtype: &'static str,
    pub name: &'static str,
    pub number: u32,
}

pub fn tables() -> Vec<TableInfo> {
    feed_sim::casino::tables().iter().zip(1..).map(|(t, number)| TableInfo { gtype: t.gtype(), name: t.name(), number }).collect()
}

pub fn table(gtype: &str) -> Option<TableInfo> {
    tables().into_iter().find(|t| t.gtype == gtype)
}

/// The tiles of a lobby type (`None` or an unknown type: every table). The client draws each
/// tile from its name; there are no table images.
pub fn tiles(type_id: Option<u32>, locked_cids: &[u32]) -> Vec<CasinoTile> {
    let type_id = type_id.filter(|id| TYPES.iter().any(|(t, _, _)| t == id)).unwrap_or(TYPE_ALL);
    let (_, _, gtypes) = TYPES.iter().find(|(t, _, _)| *t == type_id).expect("the type was just checked");
    tables()
        .into_iter()
        .filter(|t| gtypes.contains(&t.gtype))
        .map(|t| CasinoTile {
            gname: t.name.to_owned(),
            img_url: String::new(),
            imgpath: String::new(),
            gmid: t.gtype.to_owned(),
            ctype: type_id,
            cname: "Our Casino".to_owned(),
            isown: 1,
            cid: t.number,
            locked: locked_cids.contains(&t.number),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_of_the_engine_is_in_our_casino_and_in_exactly_one_other_type() {
        for table in tables() {
            let listed: Vec<u32> = TYPES.iter().filter(|(_, _, g)| g.contains(&table.gtype)).map(|(id, _, _)| *id).collect();
            assert_eq!(listed.len(), 2, "{} is listed under {listed:?}", table.gtype);
            assert!(listed.contains(&TYPE_ALL));
        }
    }

    #[test]
    fn tiles_follow_the_type_and_the_locks() {
        assert_eq!(tiles(Some(20), &[]).iter().map(|t| t.gmid.as_str()).collect::<Vec<_>>(), vec!["teen20"]);
        assert_eq!(tiles(Some(21), &[]).iter().map(|t| t.gmid.as_str()).collect::<Vec<_>>(), vec!["poker20"]);
        assert_eq!(tiles(None, &[]).len(), 17);
        assert_eq!(tiles(Some(999), &[]).len(), 17, "an unknown type lists every table");
        let locked: Vec<usize> = tiles(None, &[2]).iter().enumerate().filter(|(_, t)| t.locked).map(|(i, _)| i).collect();
        assert_eq!(locked, vec![1], "table 2 only");
    }
}
