//! The sports markets' state: results, the feed's world, and the operators' holds.

use crate::world::FeedWorld;
use schemas::sports::MarketResult;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Sports {
    /// Markets with a result: closed to bets for good.
    pub resulted: BTreeMap<u64, MarketResult>,
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
