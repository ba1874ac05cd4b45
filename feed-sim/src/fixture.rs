//! One live fixture: its game, its clocks (next play action, next quote refresh), and the last
//! state it published, so it emits a feed event only when something changed.

use crate::game::Game;
use crate::market::{Ctx, MarketKey, CLOSED};
use crate::time::rfc3339;
use rand::rngs::StdRng;
use rand::Rng;
use schemas::sports::{FeedEvent, Fixture, Market, MarketResult, Scoreboard};
use std::collections::BTreeMap;

/// Quote refreshes of exchange markets: several a second in play, a few a minute before.
const QUOTE_IN_PLAY_MS: (i64, i64) = (500, 900);
const QUOTE_PRE_MATCH_MS: (i64, i64) = (4_000, 8_000);

/// Where races' fixture and market ids start: far above what the other fixtures reach in a world's life.
const RACE_GMID_BASE: u64 = 500_000_000;
const RACE_MID_BASE: u64 = 600_000_000;

/// Ids handed out by the simulator: fixture ids and market ids, each from its own counter.
#[derive(Debug, Clone)]
pub struct Ids {
    next_gmid: u64,
    next_mid: u64,
}

impl Ids {
    pub fn new() -> Self {
        Ids { next_gmid: 100_000, next_mid: 1_000_000 }
    }

    /// Races' ids: a range of their own, so adding races to a world moves no other fixture's ids.
    pub fn racing() -> Self {
        Ids { next_gmid: RACE_GMID_BASE, next_mid: RACE_MID_BASE }
    }

    pub fn gmid(&mut self) -> u64 {
        self.next_gmid += 1;
        self.next_gmid - 1
    }

    fn mid(&mut self) -> u64 {
        self.next_mid += 1;
        self.next_mid - 1
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    Upcoming,
    InPlay,
    Done,
}

/// Which markets a refresh drafts again.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Scope {
    All,
    /// Only exchange markets: their quotes moved, nothing in the game did.
    Exchange,
}

/// The fixed description of a fixture.
pub struct Card {
    pub gmid: u64,
    pub etid: u32,
    pub iscc: u8,
    pub ename: String,
    pub cname: String,
    pub stime_ms: i64,
    pub tv: bool,
    /// Cricket: fancy and bookmaker markets.
    pub fancy: bool,
    /// Home and away.
    pub teams: [String; 2],
}

pub struct Live {
    card: Card,
    stage: Stage,
    game: Box<dyn Game>,
    rng: StdRng,
    noise_seed: u64,
    epoch: u64,
    next_play_ms: i64,
    next_quote_ms: i64,
    markets: BTreeMap<MarketKey, Market>,
    headline: Option<Fixture>,
    score: Option<Scoreboard>,
}

impl Live {
    /// A fixture that starts at `card.stime_ms`, created at `now_ms`.
    pub fn new(card: Card, game: Box<dyn Game>, mut rng: StdRng, now_ms: i64) -> Self {
        let noise_seed = rng.gen();
        let next_quote_ms = now_ms + rng.gen_range(QUOTE_PRE_MATCH_MS.0..=QUOTE_PRE_MATCH_MS.1);
        Live {
            next_play_ms: card.stime_ms,
            card,
            stage: Stage::Upcoming,
            game,
            rng,
            noise_seed,
            epoch: 0,
            next_quote_ms,
            markets: BTreeMap::new(),
            headline: None,
            score: None,
        }
    }

    pub fn gmid(&self) -> u64 {
        self.card.gmid
    }

    pub fn teams(&self) -> impl Iterator<Item = &str> {
        self.card.teams.iter().map(String::as_str)
    }

    pub fn is_done(&self) -> bool {
        self.stage == Stage::Done
    }

    /// When this fixture next has something to do.
    pub fn due_ms(&self) -> i64 {
        self.next_play_ms.min(self.next_quote_ms)
    }

    /// Plays silently up to `until` (for a fixture already in play when the simulator starts)
    /// and publishes its state without emitting it. Returns false if the game ended meanwhile.
    pub fn warm_up(&mut self, until: i64, ids: &mut Ids, actions_max: usize) -> bool {
        for _ in 0..actions_max {
            if self.next_play_ms > until || self.game.is_over() {
                break;
            }
            self.play(self.next_play_ms);
        }
        self.next_quote_ms = until + self.quote_gap();
        self.refresh(ids, Scope::All, &mut Vec::new());
        !self.is_done()
    }

    /// Performs the action due at `t` and appends the events it caused.
    pub fn act(&mut self, t: i64, ids: &mut Ids, out: &mut Vec<FeedEvent>) {
        if self.next_play_ms <= self.next_quote_ms {
            self.play(t);
            self.refresh(ids, Scope::All, out);
        } else {
            self.epoch += 1;
            self.next_quote_ms = t.saturating_add(self.quote_gap());
            let changed = self.stage == Stage::Upcoming && self.game.pre_start(t);
            self.refresh(ids, if changed { Scope::All } else { Scope::Exchange }, out);
        }
    }

    /// Ends the fixture now with a chosen result: every settlement, then the removal.
    pub fn finish(&mut self, winner: crate::FixtureWinner, ids: &mut Ids, out: &mut Vec<FeedEvent>) {
        self.game.finish(winner);
        self.refresh(ids, Scope::All, out);
    }

    /// The fixture with every open market, as a consumer starting now needs it.
    pub fn added(&self) -> FeedEvent {
        FeedEvent::FixtureAdded {
            fixture: self.headline.clone().unwrap_or_else(|| self.headline()),
            markets: self.markets.values().cloned().collect(),
        }
    }

    pub fn score_event(&self) -> FeedEvent {
        FeedEvent::ScoreUpdated { gmid: self.card.gmid, scoreboard: self.score.clone().unwrap_or_else(|| self.game.scoreboard()) }
    }

    fn quote_gap(&mut self) -> i64 {
        let (low, high) = if self.stage == Stage::InPlay { QUOTE_IN_PLAY_MS } else { QUOTE_PRE_MATCH_MS };
        self.rng.gen_range(low..=high)
    }

    fn play(&mut self, t: i64) {
        self.next_play_ms = match self.stage {
            Stage::Upcoming => {
                self.stage = Stage::InPlay;
                self.game.start(t, &mut self.rng)
            }
            Stage::InPlay => self.game.play(t, &mut self.rng),
            Stage::Done => i64::MAX,
        };
    }

    /// Publishes what changed: the score, the markets decided (closed, then settled), the
    /// markets new or changed, the headline; or, once the game is over, the removal.
    fn refresh(&mut self, ids: &mut Ids, scope: Scope, out: &mut Vec<FeedEvent>) {
        let gmid = self.card.gmid;
        if scope == Scope::All {
            let score = self.game.scoreboard();
            if self.score.as_ref() != Some(&score) {
                out.push(FeedEvent::ScoreUpdated { gmid, scoreboard: score.clone() });
                self.score = Some(score);
            }
            for (key, result) in self.game.take_results() {
                if let Some(market) = self.markets.remove(&key) {
                    settle(market, result, out);
                }
            }
        }
        if self.game.is_over() {
            // The game decides every market it opened; anything left would be a bug, and is void.
            for market in std::mem::take(&mut self.markets).into_values() {
                settle(market, MarketResult::Void, out);
            }
            out.push(FeedEvent::FixtureRemoved { gmid });
            self.stage = Stage::Done;
            self.next_play_ms = i64::MAX;
            self.next_quote_ms = i64::MAX;
            return;
        }
        let ctx = Ctx { in_play: self.stage == Stage::InPlay, noise_seed: self.noise_seed, epoch: self.epoch };
        let keys = self.game.keys();
        if scope == Scope::All {
            let stale: Vec<MarketKey> = self.markets.keys().filter(|k| !keys.contains(k)).copied().collect();
            for key in stale {
                if let Some(market) = self.markets.remove(&key) {
                    settle(market, MarketResult::Void, out);
                }
            }
        }
        let mut headline_moved = scope == Scope::All;
        for key in keys.into_iter().filter(|k| scope == Scope::All || k.is_exchange()) {
            let Some(draft) = self.game.draft(key, &ctx) else { continue };
            let mid = self.markets.get(&key).map_or_else(|| ids.mid(), |m| m.mid);
            let market = draft.into_market(mid, gmid);
            if self.markets.get(&key) != Some(&market) {
                headline_moved |= key == MarketKey::MatchOdds;
                out.push(FeedEvent::MarketUpdated { market: market.clone() });
                self.markets.insert(key, market);
            }
        }
        // A runner withdrawn: after the markets that show it removed.
        for (key, sid, reduction_factor_bp) in self.game.take_withdrawals() {
            if let Some(market) = self.markets.get(&key) {
                out.push(FeedEvent::RunnerWithdrawn { gmid, mid: market.mid, sid, reduction_factor_bp });
            }
        }
        if !headline_moved {
            return;
        }
        let headline = self.headline();
        if self.headline.as_ref() != Some(&headline) {
            // The first headline is carried by FixtureAdded, not announced as an update.
            if self.headline.is_some() {
                out.push(FeedEvent::FixtureUpdated { fixture: headline.clone() });
            }
            self.headline = Some(headline);
        }
    }

    /// The home-table row: the match odds runners with their best prices.
    fn headline(&self) -> Fixture {
        let card = &self.card;
        let section = self
            .markets
            .get(&MarketKey::MatchOdds)
            .map(|m| {
                m.section
                    .iter()
                    .map(|s| {
                        let mut best = s.clone();
                        best.odds.retain(|level| level.tno == 0);
                        best
                    })
                    .collect()
            })
            .unwrap_or_default();
        Fixture {
            etid: card.etid,
            gmid: card.gmid,
            ename: card.ename.clone(),
            cname: card.cname.clone(),
            stime: rfc3339(card.stime_ms),
            iplay: self.stage == Stage::InPlay,
            tv: card.tv,
            f: card.fancy,
            bm: card.fancy,
            iscc: card.iscc,
            section,
        }
    }
}

/// A decided market: closed to bets, then settled.
fn settle(mut market: Market, result: MarketResult, out: &mut Vec<FeedEvent>) {
    let (gmid, mid) = (market.gmid, market.mid);
    market.status = CLOSED.to_string();
    for section in &mut market.section {
        section.gstatus = CLOSED.to_string();
    }
    out.push(FeedEvent::MarketUpdated { market });
    out.push(FeedEvent::MarketSettled { gmid, mid, result });
}
