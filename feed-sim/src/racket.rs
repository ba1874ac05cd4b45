//! What tennis and table tennis share: two players, a match-odds market and one on the current
//! period (a set or a game), suspended at the critical points, and a scoreboard log of the last
//! points.

use crate::limits::SCOREBOARD_BALLS_MAX;
use crate::market::{two_runner_exchange, Ctx, Draft, MarketKey, ACTIVE, MATCH_LIMITS, OPEN, SIDE_MARKET_LIMITS, SUSPENDED};
use schemas::sports::MarketType;
use std::collections::VecDeque;

/// The markets open while the match runs: match odds and the current period's winner.
pub fn keys(over: bool, period: u8) -> Vec<MarketKey> {
    if over {
        return Vec::new();
    }
    vec![MarketKey::MatchOdds, MarketKey::Period(period)]
}

/// One player's chance to win the match and the current period.
pub struct Chances {
    pub p_match: f64,
    pub p_period: f64,
}

/// A market of a racket match. `period` names the period market ("Set", "Game"); both
/// markets are suspended at a critical point (a set or match point).
pub fn draft(names: &[String; 2], key: MarketKey, ctx: &Ctx, critical: bool, period: &str, chances: &Chances) -> Option<Draft> {
    let (status, gstatus) = if critical { (SUSPENDED, SUSPENDED) } else { (OPEN, ACTIVE) };
    let rc = if ctx.in_play { 3 } else { 0 };
    let (mname, p, limits) = match key {
        MarketKey::MatchOdds => ("Match Odds".to_string(), chances.p_match, MATCH_LIMITS),
        MarketKey::Period(n) => (format!("{period} {n} Winner"), chances.p_period, SIDE_MARKET_LIMITS),
        _ => return None,
    };
    let sections = two_runner_exchange(names, p, gstatus, limits, ctx.quote(key));
    Some(Draft { mname, gtype: MarketType::Match, status, limits, rc, sections })
}

/// Keeps the scoreboard's log to its last entries.
pub fn trim_log(log: &mut VecDeque<String>) {
    while log.len() > SCOREBOARD_BALLS_MAX {
        log.pop_front();
    }
}
