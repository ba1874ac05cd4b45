//! Whether a result fits its market: a winner among its runners, a run value in range, the
//! propositions that happened among its sections. Every result is checked here before money
//! moves on it, whichever path brings it (the feed, an operator), and the audit checks every
//! result of the log again.

use crate::betting::RUNS_MAX;
use schemas::sports::{Market, MarketResult, MarketType};
use serde::{Deserialize, Serialize};

/// What a result is checked against: the market's type and its sections, as the book showed
/// them when it was settled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarketShape {
    pub gtype: MarketType,
    pub sids: Vec<u32>,
}

impl MarketShape {
    pub fn of(market: &Market) -> Self {
        MarketShape { gtype: market.gtype, sids: market.section.iter().map(|s| s.sid).collect() }
    }
}

/// `Ok` when `result` fits the market; otherwise what the market takes, in the words of the API.
pub fn check_result(market: &MarketShape, result: &MarketResult) -> Result<(), &'static str> {
    let known = |sid: &u32| market.sids.contains(sid);
    let fits = match (market.gtype, result) {
        (_, MarketResult::Void) => true,
        (MarketType::Match | MarketType::Match1 | MarketType::Cricketcasino, MarketResult::Winner { sid }) => known(sid),
        (MarketType::Fancy | MarketType::Meter | MarketType::Khado | MarketType::Oddeven, MarketResult::Runs { value }) => *value <= RUNS_MAX,
        (MarketType::Fancy1, MarketResult::Happened { sids }) => sids.iter().all(known) && !has_repeats(sids),
        _ => false,
    };
    if fits {
        return Ok(());
    }
    Err(match market.gtype {
        MarketType::Match | MarketType::Match1 | MarketType::Cricketcasino => "{\"kind\":\"winner\",\"sid\":N} naming one of its sections",
        MarketType::Fancy | MarketType::Meter | MarketType::Khado | MarketType::Oddeven => "{\"kind\":\"runs\",\"value\":N} with N at most 999",
        MarketType::Fancy1 => "{\"kind\":\"happened\",\"sids\":[..]} naming its sections, each once",
    })
}

fn has_repeats(sids: &[u32]) -> bool {
    sids.iter().enumerate().any(|(i, sid)| sids[..i].contains(sid))
}
