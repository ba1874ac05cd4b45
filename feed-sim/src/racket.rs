//! What tennis and table tennis share: two players, a match-odds market and one on the current
//! period (a set or a game), suspended at the critical points, and a scoreboard log of the last
//! points.

use crate::limits::{SCOREBOARD_BALLS_MAX, TRACKER_RALLY_MAX};
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

/// Point-win probabilities on serve: `0[i]` is P(player i wins a point they serve).
#[derive(Debug, Clone, Copy)]
pub struct Serve(pub [f64; 2]);

impl Serve {
    /// P(player 0 wins a point served by `server`).
    pub fn p0(self, server: usize) -> f64 {
        if server == 0 {
            self.0[0]
        } else {
            1.0 - self.0[1]
        }
    }

    /// P(player 0 wins a race to `N - 1` points, two clear, with the serve changing by
    /// `server_at(first, points played)`) from every score up to `N - 1` all. From level at
    /// `N - 2` all or beyond, two points (one on each serve) decide or return to level. A tennis
    /// tiebreak is `N` = 8, a table tennis game `N` = 12.
    pub fn race_table<const N: usize>(self, first: usize, server_at: impl Fn(usize, u32) -> usize) -> [[f64; N]; N] {
        let (target, deuce) = (N - 1, N - 2);
        let (pa, pb) = (self.p0(first), self.p0(1 - first));
        let (win2, lose2) = (pa * pb, (1.0 - pa) * (1.0 - pb));
        let level = win2 / (win2 + lose2);
        let mut t = [[0.0; N]; N];
        for a in (0..N).rev() {
            for b in (0..N).rev() {
                let p = self.p0(server_at(first, (a + b) as u32));
                t[a][b] = if a >= target && a >= b + 2 {
                    1.0
                } else if b >= target && b >= a + 2 {
                    0.0
                } else if a >= deuce && b >= deuce {
                    match a.cmp(&b) {
                        std::cmp::Ordering::Equal => level,
                        std::cmp::Ordering::Greater => p + (1.0 - p) * level,
                        std::cmp::Ordering::Less => p * level,
                    }
                } else {
                    p * t[a + 1][b] + (1.0 - p) * t[a][b + 1]
                };
            }
        }
        t
    }
}

/// Who won each point of the game in play (or of the game just won, until the next point): the
/// tracker's point-by-point strip.
#[derive(Debug, Clone, Default)]
pub struct Rally {
    pub points: Vec<u8>,
    /// The game is over: the next point starts a new strip.
    done: bool,
}

impl Rally {
    /// `winner` won a point; `game_over` when it ended the game.
    pub fn point(&mut self, winner: usize, game_over: bool) {
        if std::mem::take(&mut self.done) {
            self.points.clear();
        }
        self.points.push(winner as u8);
        if self.points.len() > TRACKER_RALLY_MAX {
            self.points.remove(0);
        }
        self.done = game_over;
    }
}
