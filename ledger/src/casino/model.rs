//! The casino's state: each table's current round, the resulted rounds, the tables' locks and
//! paused dealing, and the casino's world; and how rounds and tables are numbered.

use crate::ids::CASINO_ID_BASE;
use crate::world::FeedWorld;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Casino {
    /// The casino's current world.
    pub casino_world: Option<FeedWorld>,
    /// Casino tables by gtype: the round each has open (taking bets or dealing), until resulted.
    pub tables: BTreeMap<String, TableRound>,
    /// Resulted casino rounds by book id: ordered by day, table and time (`round_book`).
    pub rounds: BTreeMap<u64, RoundRecord>,
    /// Casino table numbers (`cid`) the administrator locked: they take no bets.
    pub locked_tables: BTreeSet<u32>,
    /// The tables an operator locked in the console (and has not unlocked): a restart keeps them
    /// locked beside the configuration's.
    pub console_locks: BTreeSet<u32>,
    /// Casino tables (gtype) whose dealing an operator paused.
    pub paused_tables: BTreeSet<String>,
}

/// Round ids are at most 13 digits (`YYMMDD`, table, second of the day).
const ROUND_ID_DIGITS_MAX: usize = 13;

/// The book id of round `mid`: the round id's number above [`CASINO_ID_BASE`].
pub fn round_book(mid: &str) -> Option<u64> {
    let digits = !mid.is_empty() && mid.len() <= ROUND_ID_DIGITS_MAX && mid.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| CASINO_ID_BASE + mid.parse::<u64>().expect("at most 13 digits fit a u64"))
}

/// The match id (`gmid`) casino bets of table number `table` carry.
pub fn table_gmid(table: u32) -> u64 {
    CASINO_ID_BASE + u64::from(table)
}

/// The table number (`cid`) of a table's match id.
pub fn table_number(gmid: u64) -> u32 {
    u32::try_from(gmid.saturating_sub(CASINO_ID_BASE)).unwrap_or(u32::MAX)
}

/// A casino table's current round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRound {
    pub mid: String,
    pub book: u64,
    pub gmid: u64,
    /// Taking bets; false once betting closed.
    pub betting: bool,
    pub opened_at_ms: i64,
}

/// A resulted casino round, as the results pages list it. The cards are not kept here: the log
/// has the whole result, and the round engine deals them again from the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub gtype: String,
    pub mid: String,
    pub gmid: u64,
    pub at_ms: i64,
    /// `None` for a void round.
    pub outcome: Option<RoundSummary>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    pub seed: u64,
    pub win: String,
    pub winner: String,
    /// A round dealt from a stacked shoe (test mode) is kept whole: its seed does not deal it.
    #[serde(default)]
    pub stacked: Option<Box<schemas::casino::RoundResult>>,
}
