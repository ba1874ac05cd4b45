//! The sports markets' state: results, the feed's world, and the operators' holds.

use crate::world::FeedWorld;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Sports {
    /// Markets with a result: closed to bets for good. Their results are the log's and the
    /// history's; refusing a second result needs only the ids, kept as runs of consecutive ids.
    pub resulted: IdRanges,
    /// The resulted markets whose result was void (a settled bet of one is shown deleted).
    pub voided: IdRanges,
    /// How many feed worlds have started, and the current one's settings (none for a world the
    /// log began before worlds recorded them).
    pub feed_epoch: u64,
    pub feed_world: Option<FeedWorld>,
    /// What operators suspended and have not resumed: `(gmid, Some(mid))` a market, `(gmid,
    /// None)` a whole fixture. The book shows them SUSPENDED whatever the feed sends, across
    /// restarts too.
    pub market_holds: BTreeSet<(u64, Option<u64>)>,
    /// Runners withdrawn (non-runners) from markets not yet resulted: market id → runner sid →
    /// its reduction factor in basis points (`crate::racing`).
    #[serde(default)]
    pub withdrawn: BTreeMap<u64, BTreeMap<u32, u32>>,
}

/// A set of ids kept as runs of consecutive ids: market ids are given in order, and once the
/// markets between two resulted ones are resulted too their runs join, so the set takes a few
/// bytes per run (per gap of markets not yet resulted), not per id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdRanges {
    /// First id of each run to its last.
    runs: BTreeMap<u64, u64>,
}

impl IdRanges {
    pub fn contains(&self, id: u64) -> bool {
        self.runs.range(..=id).next_back().is_some_and(|(_, last)| id <= *last)
    }

    pub fn insert(&mut self, id: u64) {
        if self.contains(id) {
            return;
        }
        let first = match self.runs.range(..id).next_back() {
            Some((first, last)) if last.checked_add(1) == Some(id) => *first,
            _ => id,
        };
        let last = id.checked_add(1).and_then(|next| self.runs.remove(&next)).unwrap_or(id);
        self.runs.insert(first, last);
    }

    /// How many ids it holds.
    pub fn len(&self) -> u64 {
        self.runs.iter().map(|(first, last)| last - first + 1).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// How many runs it keeps.
    pub fn runs(&self) -> usize {
        self.runs.len()
    }
}
