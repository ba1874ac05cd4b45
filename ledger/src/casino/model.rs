//! The casino's state: each table's current round, the rounds resulted lately, the tables' locks
//! and paused dealing, and the casino's world; and how rounds and tables are numbered. The
//! resulted rounds themselves are history (`crate::history`): the state keeps the last two days'
//! and a floor per table, so it stays the same size however many rounds were dealt.

use crate::ids::CASINO_ID_BASE;
use crate::world::FeedWorld;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Casino {
    /// The casino's current world.
    pub casino_world: Option<FeedWorld>,
    /// Casino tables by gtype: the round each has open (taking bets or dealing), until resulted.
    pub tables: BTreeMap<String, TableRound>,
    /// The resulted rounds the next decisions need: the last two days' exactly, older ones by
    /// each table's floor. The rounds themselves are history.
    pub resulted: Resulted,
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

/// How long a resulted round stays in the state (by the log's clock): two days, far longer than a
/// restarted table takes to deal its last round again. Older rounds are history only.
pub const RESULTED_KEPT_MS: i64 = 2 * 24 * 60 * 60 * 1_000;

/// A round resulted in the last `RESULTED_KEPT_MS`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentResult {
    pub gtype: String,
    /// The table's match id (`table_gmid`).
    pub gmid: u64,
    /// Resulted void (stakes returned).
    pub void: bool,
    pub at_ms: i64,
}

/// The rounds resulted in the last two days exactly, and for each table the highest round of
/// those resulted before: the state stays the same size however many rounds were dealt.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resulted {
    /// By book.
    pub recent: BTreeMap<u64, RecentResult>,
    /// `recent`'s books in the order they were resulted (which is the log's, so by time).
    pub order: VecDeque<u64>,
    /// Per table (gtype): its match id and the highest book among its rounds that left `recent`.
    /// A round of the table at or below it is resulted (rounds are numbered upwards by time).
    pub floor: BTreeMap<String, (u64, u64)>,
}

impl Resulted {
    /// Round `book` of table `gtype` resulted at `at_ms`; the rounds resulted more than
    /// `RESULTED_KEPT_MS` before leave `recent` for the floor.
    pub fn insert(&mut self, book: u64, result: RecentResult) {
        let now_ms = result.at_ms;
        self.recent.insert(book, result);
        self.order.push_back(book);
        while let Some(&oldest) = self.order.front() {
            let Some(old) = self.recent.get(&oldest) else {
                self.order.pop_front();
                continue;
            };
            if now_ms - old.at_ms <= RESULTED_KEPT_MS {
                break;
            }
            let floor = self.floor.entry(old.gtype.clone()).or_insert((old.gmid, 0));
            *floor = (old.gmid, floor.1.max(oldest));
            self.recent.remove(&oldest);
            self.order.pop_front();
        }
    }

    /// Whether round `book` of table `gtype` is resulted.
    pub fn of_table(&self, gtype: &str, book: u64) -> bool {
        self.recent.get(&book).is_some_and(|r| r.gtype == gtype) || self.floor.get(gtype).is_some_and(|(_, floor)| book <= *floor)
    }

    /// Whether round `book` of the table whose match id is `gmid` is resulted.
    pub fn of_gmid(&self, gmid: u64, book: u64) -> bool {
        self.recent.get(&book).is_some_and(|r| r.gmid == gmid) || self.floor.values().any(|(g, floor)| *g == gmid && book <= *floor)
    }

    /// Whether round `book` is taken: resulted on any table, or at or below table `gtype`'s floor.
    pub fn taken(&self, gtype: &str, book: u64) -> bool {
        self.recent.contains_key(&book) || self.floor.get(gtype).is_some_and(|(_, floor)| book <= *floor)
    }

    /// Whether round `book` of table `gtype` resulted void in the last two days.
    pub fn is_void(&self, gtype: &str, book: u64) -> bool {
        self.recent.get(&book).is_some_and(|r| r.gtype == gtype && r.void)
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
