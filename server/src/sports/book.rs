//! The market book: the latest state of every fixture, market and scoreboard, folded from the
//! feed. Readers (routes, sessions) take short read locks; the feed task is the only writer.

use schemas::sports::{FeedEvent, Fixture, Market, MarketResult, Scoreboard};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize)]
pub struct MatchState {
    pub fixture: Fixture,
    pub markets: Vec<Market>,
    pub scoreboard: Option<Scoreboard>,
}

#[derive(Debug, Default)]
pub struct Book {
    fixtures: BTreeMap<u64, Entry>,
}

#[derive(Debug)]
struct Entry {
    fixture: Fixture,
    markets: BTreeMap<u64, Market>,
    scoreboard: Option<Scoreboard>,
}

/// What a feed event changed, for the push hub and the ledger.
#[derive(Debug, Default)]
pub struct Changes {
    /// Sports whose home table changed.
    pub home: Vec<u32>,
    /// Matches whose page changed, with the delta to send.
    pub matches: Vec<(u64, Value)>,
    /// Results for the ledger to settle.
    pub results: Vec<(u64, u64, MarketResult)>,
}

impl Book {
    pub fn apply(&mut self, event: FeedEvent) -> Changes {
        let mut changes = Changes::default();
        match event {
            FeedEvent::FixtureAdded { fixture, markets } => {
                let (gmid, etid) = (fixture.gmid, fixture.etid);
                let markets = markets.into_iter().map(|m| (m.mid, m)).collect();
                self.fixtures.insert(gmid, Entry { fixture, markets, scoreboard: None });
                changes.home.push(etid);
                changes.matches.push((gmid, json!({"kind": "match", "match": self.match_state(gmid)})));
            }
            FeedEvent::FixtureUpdated { fixture } => {
                if let Some(entry) = self.fixtures.get_mut(&fixture.gmid) {
                    changes.home.push(fixture.etid);
                    changes.matches.push((fixture.gmid, json!({"kind": "fixture", "fixture": fixture})));
                    entry.fixture = fixture;
                }
            }
            FeedEvent::MarketUpdated { market } => {
                if let Some(entry) = self.fixtures.get_mut(&market.gmid) {
                    changes.matches.push((market.gmid, json!({"kind": "market", "market": market})));
                    entry.markets.insert(market.mid, market);
                }
            }
            FeedEvent::ScoreUpdated { gmid, scoreboard } => {
                if let Some(entry) = self.fixtures.get_mut(&gmid) {
                    changes.matches.push((gmid, json!({"kind": "scoreboard", "scoreboard": scoreboard})));
                    entry.scoreboard = Some(scoreboard);
                }
            }
            FeedEvent::MarketSettled { gmid, mid, result } => {
                if let Some(entry) = self.fixtures.get_mut(&gmid) {
                    if let Some(market) = entry.markets.get_mut(&mid) {
                        market.status = "CLOSED".into();
                    }
                    changes.matches.push((gmid, json!({"kind": "settled", "mid": mid, "result": result})));
                }
                changes.results.push((gmid, mid, result));
            }
            FeedEvent::FixtureRemoved { gmid } => {
                if let Some(entry) = self.fixtures.remove(&gmid) {
                    changes.home.push(entry.fixture.etid);
                    changes.matches.push((gmid, json!({"kind": "removed"})));
                }
            }
        }
        changes
    }

    pub fn fixtures(&self) -> impl Iterator<Item = &Fixture> {
        self.fixtures.values().map(|e| &e.fixture)
    }

    /// The home table of a sport, by start time.
    pub fn home_rows(&self, etid: u32) -> Vec<Fixture> {
        let mut rows: Vec<Fixture> = self.fixtures().filter(|f| f.etid == etid && f.iscc == 0).cloned().collect();
        rows.sort_by(|a, b| a.stime.cmp(&b.stime).then(a.gmid.cmp(&b.gmid)));
        rows
    }

    pub fn fixture(&self, gmid: u64) -> Option<&Fixture> {
        self.fixtures.get(&gmid).map(|e| &e.fixture)
    }

    pub fn market(&self, gmid: u64, mid: u64) -> Option<&Market> {
        self.fixtures.get(&gmid)?.markets.get(&mid)
    }

    pub fn markets(&self, gmid: u64) -> Option<Vec<Market>> {
        Some(self.fixtures.get(&gmid)?.markets.values().cloned().collect())
    }

    pub fn scoreboard(&self, gmid: u64) -> Option<Option<Scoreboard>> {
        Some(self.fixtures.get(&gmid)?.scoreboard.clone())
    }

    pub fn match_state(&self, gmid: u64) -> Option<MatchState> {
        let entry = self.fixtures.get(&gmid)?;
        Some(MatchState { fixture: entry.fixture.clone(), markets: entry.markets.values().cloned().collect(), scoreboard: entry.scoreboard.clone() })
    }
}
