//! The market book: the latest state of every fixture, market and scoreboard, folded from the
//! feed. Readers (routes, sessions) take short read locks; the feed task is the only writer.

use schemas::sports::{FeedEvent, Fixture, Market, MarketResult, Scoreboard};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// What a market shows while an operator holds it suspended.
const SUSPENDED: &str = "SUSPENDED";

#[derive(Debug, Clone, Serialize)]
pub struct MatchState {
    pub fixture: Fixture,
    pub markets: Vec<Market>,
    pub scoreboard: Option<Scoreboard>,
}

#[derive(Debug, Default)]
pub struct Book {
    fixtures: BTreeMap<u64, Entry>,
    /// What operators hold suspended (the ledger's `market_holds`): `(gmid, Some(mid))` a
    /// market, `(gmid, None)` every market of a fixture.
    holds: BTreeSet<(u64, Option<u64>)>,
}

#[derive(Debug)]
struct Entry {
    fixture: Fixture,
    /// Every market as players see it.
    markets: BTreeMap<u64, Market>,
    /// The feed's latest state of each held market, shown again when the hold ends.
    unheld: BTreeMap<u64, Market>,
    /// Markets with a result: the feed's later updates to them are not shown.
    settled: BTreeSet<u64>,
    scoreboard: Option<Scoreboard>,
}

/// The market as shown while held: suspended, each section too.
fn suspended(mut market: Market) -> Market {
    market.status = SUSPENDED.into();
    for section in &mut market.section {
        section.gstatus = SUSPENDED.into();
    }
    market
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

impl Entry {
    /// Shows the feed's `market`, suspended while `held` (its feed state kept for later).
    fn show(&mut self, market: Market, held: bool) -> &Market {
        let mid = market.mid;
        let shown = if held {
            self.unheld.insert(mid, market.clone());
            suspended(market)
        } else {
            self.unheld.remove(&mid);
            market
        };
        self.markets.insert(mid, shown);
        &self.markets[&mid]
    }
}

impl Book {
    pub fn apply(&mut self, event: FeedEvent) -> Changes {
        let mut changes = Changes::default();
        match event {
            FeedEvent::FixtureAdded { fixture, markets } => {
                let (gmid, etid) = (fixture.gmid, fixture.etid);
                let mut entry = Entry { fixture, markets: BTreeMap::new(), unheld: BTreeMap::new(), settled: BTreeSet::new(), scoreboard: None };
                for market in markets {
                    let held = self.is_held(gmid, market.mid);
                    entry.show(market, held);
                }
                self.fixtures.insert(gmid, entry);
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
                let (gmid, held) = (market.gmid, self.is_held(market.gmid, market.mid));
                if let Some(entry) = self.fixtures.get_mut(&gmid).filter(|e| !e.settled.contains(&market.mid)) {
                    let shown = entry.show(market, held);
                    changes.matches.push((gmid, json!({"kind": "market", "market": shown})));
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
                    if !entry.settled.insert(mid) {
                        // Settled already (by an operator): the feed's own result comes too late.
                        return changes;
                    }
                    entry.unheld.remove(&mid);
                    if let Some(market) = entry.markets.get_mut(&mid) {
                        market.status = "CLOSED".into();
                    }
                    changes.matches.push((gmid, json!({"kind": "settled", "mid": mid, "result": result})));
                }
                self.holds.remove(&(gmid, Some(mid)));
                changes.results.push((gmid, mid, result));
            }
            FeedEvent::FixtureRemoved { gmid } => {
                self.holds.retain(|(held, _)| *held != gmid);
                if let Some(entry) = self.fixtures.remove(&gmid) {
                    changes.home.push(entry.fixture.etid);
                    changes.matches.push((gmid, json!({"kind": "removed"})));
                }
            }
        }
        changes
    }

    /// Whether an operator holds the market, or its whole fixture, suspended.
    pub fn is_held(&self, gmid: u64, mid: u64) -> bool {
        self.holds.contains(&(gmid, Some(mid))) || self.holds.contains(&(gmid, None))
    }

    /// Whether an operator holds every market of the fixture suspended.
    pub fn is_fixture_held(&self, gmid: u64) -> bool {
        self.holds.contains(&(gmid, None))
    }

    /// Whether the market has a result.
    pub fn is_settled(&self, gmid: u64, mid: u64) -> bool {
        self.fixtures.get(&gmid).is_some_and(|e| e.settled.contains(&mid))
    }

    /// The holds become exactly `holds` (the ledger's, at start); returns what that changed.
    pub fn set_holds(&mut self, holds: BTreeSet<(u64, Option<u64>)>) -> Changes {
        let mut changes = Changes::default();
        let touched: BTreeSet<u64> = self.holds.symmetric_difference(&holds).map(|(gmid, _)| *gmid).collect();
        self.holds = holds;
        for gmid in touched {
            let Some(entry) = self.fixtures.get(&gmid) else { continue };
            let mids: Vec<u64> = entry.markets.keys().copied().filter(|mid| !entry.settled.contains(mid)).collect();
            for mid in mids {
                let held = self.is_held(gmid, mid);
                let entry = self.fixtures.get_mut(&gmid).expect("looked up above");
                if entry.unheld.contains_key(&mid) != held {
                    let latest = entry.unheld.remove(&mid).unwrap_or_else(|| entry.markets[&mid].clone());
                    let shown = entry.show(latest, held);
                    changes.matches.push((gmid, json!({"kind": "market", "market": shown})));
                }
            }
        }
        changes
    }

    /// Suspends (or resumes) a market, or every market of a fixture when `mid` is `None`.
    pub fn hold(&mut self, gmid: u64, mid: Option<u64>, held: bool) -> Changes {
        let mut holds = self.holds.clone();
        if held {
            holds.insert((gmid, mid));
        } else {
            holds.remove(&(gmid, mid));
        }
        self.set_holds(holds)
    }

    /// The market as the feed last priced it (before any hold), for an operator to adjust.
    pub fn feed_market(&self, gmid: u64, mid: u64) -> Option<&Market> {
        let entry = self.fixtures.get(&gmid)?;
        entry.unheld.get(&mid).or_else(|| entry.markets.get(&mid))
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
