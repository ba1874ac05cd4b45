//! The casino's state: each table's current round, its last resulted round, the tables' locks
//! and paused dealing, and the casino's world; and how rounds and tables are numbered. The
//! resulted rounds themselves are history (`crate::history`): the state keeps per table only the
//! last one, which with rounds numbered upwards is all a decision needs, so it stays the same
//! size however many rounds were dealt.

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
    /// Each table's last resulted round, by gtype. A table's rounds are numbered upwards (day,
    /// table, time: `round_book`), so a round at or below it is resulted (or was passed over).
    pub last_resulted: BTreeMap<String, LastResulted>,
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

/// A table's last resulted round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastResulted {
    /// The table's match id (`table_gmid`).
    pub gmid: u64,
    pub book: u64,
    /// Resulted void (stakes returned).
    pub void: bool,
}

impl Casino {
    /// Whether round `book` of table `gtype` is resulted: at or below the table's last resulted.
    pub fn is_resulted(&self, gtype: &str, book: u64) -> bool {
        self.last_resulted.get(gtype).is_some_and(|last| book <= last.book)
    }

    /// Whether round `book` of the table whose match id is `gmid` is resulted.
    pub fn is_book_resulted(&self, gmid: u64, book: u64) -> bool {
        self.last_resulted.values().any(|last| last.gmid == gmid && book <= last.book)
    }

    /// Whether round `book` of table `gtype` is the table's last resulted round and was void.
    pub fn is_last_void(&self, gtype: &str, book: u64) -> bool {
        self.last_resulted.get(gtype).is_some_and(|last| last.book == book && last.void)
    }
}

/// A resulted casino round, as the results pages list it (kept in the history). The cards are not kept here: the log
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
