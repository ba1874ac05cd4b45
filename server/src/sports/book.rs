//! The market book: the latest state of every fixture, market and scoreboard, folded from the
//! feed. Readers (routes, sessions) take short read locks; the feed task is the only writer.
//! One file a little past 600 lines: folding a feed event, relaying it to the edges and naming
//! what changed are one job over the same entries.

use crate::clock::now_ms;
use schemas::sports::{FeedEvent, Fixture, Market, MarketResult, MarketType, OddsLevel, Scoreboard};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// The source of the in-process simulator's events; events sent to the API name their own.
pub const SIMULATOR_SOURCE: &str = "simulator";

/// Feed events the journal keeps for recorders (a recorder reads several times a second).
const JOURNAL_MAX: usize = 20_000;

/// What a market shows while an operator holds it suspended.
const SUSPENDED: &str = "SUSPENDED";

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MatchState {
    pub fixture: Fixture,
    pub markets: Vec<Market>,
    pub scoreboard: Option<Scoreboard>,
    /// The simulated clock when the state was read, Unix milliseconds (the fixture's `stime` is
    /// on it): the cricketv page's round clock. None for a feed without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<i64>,
    /// A fixture that is over: its final score line and every market's result (a bookmark or an
    /// old statement row still shows what happened).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<FinalResult>,
    /// The results of the markets on the page that are decided (closed, then settled), so a
    /// decided market names its winner.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<SettledMarket>,
}

/// A decided market's result.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SettledMarket {
    pub mid: u64,
    pub result: MarketResult,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FinalResult {
    /// The scoreboard's last line ("India won by 20 runs"), or "Match over".
    pub message: String,
    pub markets: Vec<MarketOutcome>,
}

/// One market of a finished fixture and how it ended, in words.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MarketOutcome {
    pub mid: u64,
    pub mname: String,
    pub gtype: String,
    pub result: String,
}

/// A finished fixture, kept after it leaves the book.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Finished {
    fixture: Fixture,
    scoreboard: Option<Scoreboard>,
    over: FinalResult,
}

/// How many finished fixtures the book remembers (the oldest are forgotten first).
const FINISHED_MAX: usize = 2_000;

/// The book as the engine node gives it to an edge node (which then applies the engine's
/// [`BookOp`]s after `ops_head`): all but the recorders' journal.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Book {
    fixtures: BTreeMap<u64, Entry>,
    /// What operators hold suspended (the ledger's `market_holds`): `(gmid, Some(mid))` a
    /// market, `(gmid, None)` every market of a fixture.
    holds: BTreeSet<(u64, Option<u64>)>,
    /// Feed sources gone silent: their fixtures' markets show SUSPENDED until they speak again.
    silenced: BTreeSet<String>,
    /// What the book showed, change by change, numbered from 1: a scenario recorder reads it.
    #[serde(skip)]
    journal: VecDeque<Noted>,
    #[serde(skip)]
    journal_head: u64,
    /// The feed's simulated clock, Unix milliseconds.
    clock_ms: Option<i64>,
    /// Fixtures that are over, by gmid (ids grow, so the smallest is the oldest).
    finished: BTreeMap<u64, Finished>,
    /// How many [`BookOp`]s changed the book.
    ops_head: u64,
    /// Where each op goes as it happens, numbered (the engine node's relay to the edges).
    #[serde(skip)]
    relay: Option<tokio::sync::mpsc::Sender<(u64, BookOp)>>,
    /// Match-odds markets are traded on the exchange: they show its order book (the best three
    /// prices a side and the unmatched money at each) instead of the feed's prices, which stay
    /// the fair price the market makers quote around (`crate::exchange`).
    #[serde(default)]
    exchange: bool,
    /// The exchange's best prices of each market with orders, per runner.
    #[serde(default)]
    depth: BTreeMap<u64, RunnerLevels>,
    /// The markets the ledger had resulted when the server started (`Book::set_resulted`): the
    /// feed's world, resumed after a restart, still has open those an operator settled.
    #[serde(default)]
    resulted: ledger::sports::IdRanges,
}

/// A market's best prices per runner, as `OddsLevel`s (back levels, then lay levels).
pub type RunnerLevels = BTreeMap<u32, Vec<OddsLevel>>;

/// A change to the book as its callers made it: the engine node relays them, numbered, and each
/// edge node applies them to its copy (`Book::replay`), so its book is the engine's.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum BookOp {
    Apply { source: String, event: FeedEvent },
    Silence { source: String, silent: bool },
    SetHolds { holds: BTreeSet<(u64, Option<u64>)> },
    SetResulted { resulted: ledger::sports::IdRanges },
    Clock { clock_ms: i64 },
    Depth { gmid: u64, mid: u64, levels: RunnerLevels },
}

/// One change the book showed, as a feed event (a held market as players saw it).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Noted {
    pub seq: u64,
    pub at_ms: i64,
    pub event: FeedEvent,
}

#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    fixture: Fixture,
    /// Every market as players see it.
    markets: BTreeMap<u64, Market>,
    /// The feed's latest state of each held market, shown again when the hold ends.
    unheld: BTreeMap<u64, Market>,
    /// Markets with a result: the feed's later updates to them are not shown.
    settled: BTreeSet<u64>,
    /// Each settled market's result, in the order settled.
    results: Vec<(u64, MarketResult)>,
    scoreboard: Option<Scoreboard>,
    /// The feed that added the fixture (`simulator`, or the source an adapter names).
    source: String,
    /// The feed's latest prices of each exchange market (players see the order book instead).
    #[serde(default)]
    fair: BTreeMap<u64, Market>,
}

/// The market as shown while held: suspended, each section too.
fn suspended(mut market: Market) -> Market {
    market.status = SUSPENDED.into();
    for section in &mut market.section {
        section.gstatus = SUSPENDED.into();
    }
    market
}

/// A market's result from the feed, with the market as the book had it (which the ledger checks
/// the result against).
#[derive(Debug, Clone)]
pub struct FeedResult {
    pub gmid: u64,
    pub mid: u64,
    pub result: MarketResult,
    pub market: Market,
}

/// What a feed event changed, for the push hub and the ledger.
#[derive(Debug, Default)]
pub struct Changes {
    /// Home-table rows that changed, arrived or left: `(etid, gmid)`.
    pub home: Vec<(u32, u64)>,
    /// Matches whose page changed, with the delta to send, as JSON text.
    pub matches: Vec<(u64, Box<RawValue>)>,
    /// Results for the ledger to settle.
    pub results: Vec<FeedResult>,
    /// A fixture arrived, left, went in play or was renamed: the tree and the ticker changed.
    pub navigation: bool,
    /// Fixtures that turned in-play: their exchange orders that asked to lapse, lapse.
    pub in_play: Vec<u64>,
    /// Runners withdrawn from a race's market, for the ledger (`ledger::racing`).
    pub withdrawals: Vec<FeedWithdrawal>,
}

/// A race's runner withdrawn from one market (a non-runner), with its reduction factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeedWithdrawal {
    pub gmid: u64,
    pub mid: u64,
    pub sid: u32,
    pub reduction_factor_bp: u32,
}

/// A match page's delta (`{"kind": …}`), serialized straight to JSON text: a busy match has
/// many a second, and building a `serde_json::Value` first cost more than writing the text.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum MatchDelta<'a> {
    /// The whole page (a fixture arrived, or finished: its result).
    Match {
        #[serde(rename = "match")]
        state: Option<&'a MatchState>,
    },
    Fixture { fixture: &'a Fixture },
    Market { market: &'a Market },
    Scoreboard { scoreboard: &'a Scoreboard },
    Settled { mid: u64, result: &'a MarketResult },
}

impl MatchDelta<'_> {
    fn to_json(&self) -> Box<RawValue> {
        serde_json::value::to_raw_value(self).expect("wire types serialize")
    }
}

impl Entry {
    /// A market as the feed priced it, in the status shown (an exchange market shows the order
    /// book's prices; the journal and snapshots give the feed's).
    fn as_fed(&self, shown: &Market) -> Market {
        match self.fair.get(&shown.mid) {
            Some(fair) => Market { status: shown.status.clone(), section: fair.section.iter().zip(&shown.section).map(|(f, s)| schemas::sports::Section { gstatus: s.gstatus.clone(), ..f.clone() }).collect(), ..fair.clone() },
            None => shown.clone(),
        }
    }

    /// Closes a market that has a result the book was not sent (`Book::set_resulted`).
    fn close(&mut self, mid: u64) {
        self.settled.insert(mid);
        self.unheld.remove(&mid);
        if let Some(market) = self.markets.get_mut(&mid) {
            market.status = "CLOSED".into();
        }
    }

    /// Shows the feed's `market`, suspended while `held` (its feed state kept for later); an
    /// exchange market with the order book's `levels` in place of the feed's prices.
    fn show(&mut self, mut market: Market, held: bool, levels: Option<&RunnerLevels>) -> &Market {
        let mid = market.mid;
        if let Some(levels) = levels {
            for section in &mut market.section {
                section.odds = levels.get(&section.sid).cloned().unwrap_or_default();
            }
        }
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
    /// Counts an op, and hands it to the relay when there is one. The relay's queue is bounded
    /// and the book is changed under its lock, so nothing waits for room: an op a full queue
    /// cannot take is dropped, still counted, and the edges, seeing the gap in the numbers, ask
    /// for the whole book again (`crate::edge`).
    fn relayed(&mut self, op: impl FnOnce() -> BookOp) {
        self.ops_head += 1;
        if let Some(relay) = &self.relay {
            if let Err(tokio::sync::mpsc::error::TrySendError::Full(_)) = relay.try_send((self.ops_head, op())) {
                tracing::warn!(op = self.ops_head, "the book's relay is full; the edges miss this change and ask for the whole book");
            }
        }
    }

    /// From now on every op goes to `relay`, numbered after [`Book::ops_head`].
    pub fn relay_to(&mut self, relay: tokio::sync::mpsc::Sender<(u64, BookOp)>) {
        self.relay = Some(relay);
    }

    /// How many ops changed the book (the number of the last).
    pub fn ops_head(&self) -> u64 {
        self.ops_head
    }

    /// Applies an op the engine node's book made (an edge node's copy follows it).
    pub fn replay(&mut self, op: BookOp) -> Changes {
        match op {
            BookOp::Apply { source, event } => self.apply_from(&source, event),
            BookOp::Silence { source, silent } => self.silence(&source, silent),
            BookOp::SetHolds { holds } => self.set_holds(holds),
            BookOp::SetResulted { resulted } => self.set_resulted(resulted),
            BookOp::Clock { clock_ms } => {
                self.set_clock(clock_ms);
                Changes::default()
            }
            BookOp::Depth { gmid, mid, levels } => self.set_depth(gmid, mid, levels),
        }
    }

    fn note(&mut self, event: FeedEvent) {
        self.journal_head += 1;
        self.journal.push_back(Noted { seq: self.journal_head, at_ms: now_ms(), event });
        if self.journal.len() > JOURNAL_MAX {
            self.journal.pop_front();
        }
    }

    /// The changes after number `after`, at most `limit`; `None` when the journal no longer holds
    /// the one after `after` (a reader that fell too far behind).
    pub fn journal_after(&self, after: u64, limit: usize) -> Option<Vec<Noted>> {
        let oldest = self.journal.front().map_or(self.journal_head + 1, |n| n.seq);
        if after + 1 < oldest {
            return None;
        }
        Some(self.journal.iter().skip_while(|n| n.seq <= after).take(limit).cloned().collect())
    }

    /// Everything shown now as feed events (each fixture with its markets, then each
    /// scoreboard), and the journal number it is current to.
    pub fn snapshot(&self) -> (u64, Vec<FeedEvent>) {
        let added = self.fixtures.values().map(|e| FeedEvent::FixtureAdded { fixture: e.fixture.clone(), markets: e.markets.values().map(|m| e.as_fed(m)).collect() });
        let scores = self.fixtures.values().filter_map(|e| Some(FeedEvent::ScoreUpdated { gmid: e.fixture.gmid, scoreboard: e.scoreboard.clone()? }));
        (self.journal_head, added.chain(scores).collect())
    }

    pub fn apply(&mut self, event: FeedEvent) -> Changes {
        self.apply_from(SIMULATOR_SOURCE, event)
    }

    /// Folds an event from feed `source` (the fixtures it adds are that source's).
    pub fn apply_from(&mut self, source: &str, event: FeedEvent) -> Changes {
        self.relayed(|| BookOp::Apply { source: source.to_owned(), event: event.clone() });
        let mut changes = Changes::default();
        let mut noted = None;
        match event {
            FeedEvent::FixtureAdded { fixture, markets } => {
                let (gmid, etid) = (fixture.gmid, fixture.etid);
                let mut entry = Entry { fixture, markets: BTreeMap::new(), unheld: BTreeMap::new(), settled: BTreeSet::new(), results: Vec::new(), scoreboard: None, source: source.to_owned(), fair: BTreeMap::new() };
                for market in markets {
                    let held = self.is_held(gmid, market.mid) || self.silenced.contains(source);
                    let levels = self.levels_of(&market);
                    if levels.is_some() {
                        entry.fair.insert(market.mid, market.clone());
                    }
                    entry.show(market, held, levels.as_ref());
                }
                let resulted: Vec<u64> = entry.markets.keys().copied().filter(|mid| self.resulted.contains(*mid)).collect();
                for mid in resulted {
                    entry.close(mid);
                }
                entry.fixture = self.headline(&entry, entry.fixture.clone());
                noted = Some(FeedEvent::FixtureAdded { fixture: entry.fixture.clone(), markets: entry.markets.values().map(|m| entry.as_fed(m)).collect() });
                self.fixtures.insert(gmid, entry);
                changes.home.push((etid, gmid));
                changes.navigation = true;
                changes.matches.push((gmid, MatchDelta::Match { state: self.match_state(gmid).as_ref() }.to_json()));
            }
            FeedEvent::FixtureUpdated { fixture } => {
                let fixture = match self.fixtures.get(&fixture.gmid) {
                    Some(entry) => self.headline(entry, fixture),
                    None => fixture,
                };
                if let Some(entry) = self.fixtures.get_mut(&fixture.gmid) {
                    changes.home.push((fixture.etid, fixture.gmid));
                    let shown = &entry.fixture;
                    changes.navigation = shown.iplay != fixture.iplay || shown.ename != fixture.ename || shown.cname != fixture.cname;
                    if fixture.iplay && !shown.iplay {
                        changes.in_play.push(fixture.gmid);
                    }
                    changes.matches.push((fixture.gmid, MatchDelta::Fixture { fixture: &fixture }.to_json()));
                    noted = Some(FeedEvent::FixtureUpdated { fixture: fixture.clone() });
                    entry.fixture = fixture;
                }
            }
            FeedEvent::MarketUpdated { market } => {
                let (gmid, held, market_mid) = (market.gmid, self.masked(market.gmid, market.mid), market.mid);
                let levels = self.levels_of(&market);
                if let Some(entry) = self.fixtures.get_mut(&gmid).filter(|e| !e.settled.contains(&market.mid)) {
                    if levels.is_some() {
                        entry.fair.insert(market.mid, market.clone());
                    }
                    let shown = entry.show(market, held, levels.as_ref());
                    changes.matches.push((gmid, MatchDelta::Market { market: shown }.to_json()));
                    noted = Some(FeedEvent::MarketUpdated { market: entry.as_fed(&entry.markets[&market_mid]) });
                }
            }
            FeedEvent::ScoreUpdated { gmid, scoreboard } => {
                if let Some(entry) = self.fixtures.get_mut(&gmid) {
                    changes.matches.push((gmid, MatchDelta::Scoreboard { scoreboard: &scoreboard }.to_json()));
                    noted = Some(FeedEvent::ScoreUpdated { gmid, scoreboard: scoreboard.clone() });
                    entry.scoreboard = Some(scoreboard);
                }
            }
            FeedEvent::MarketSettled { gmid, mid, result } => {
                // A result the market does not take (or of a market the book does not have) closes
                // nothing and settles nothing; the API refuses such events before they get here.
                let Some(market) = self.feed_market(gmid, mid).cloned() else {
                    tracing::warn!(gmid, mid, "a result of a market the book does not have: ignored");
                    return changes;
                };
                if let Err(wanted) = ledger::sports::check_result(&ledger::sports::MarketShape::of(&market), &result) {
                    tracing::warn!(gmid, mid, ?result, "a result that does not fit its market (it takes {wanted}): ignored");
                    return changes;
                }
                if let Some(entry) = self.fixtures.get_mut(&gmid) {
                    if !entry.settled.insert(mid) {
                        // Settled already (by an operator): the feed's own result comes too late
                        // to settle anything. A market closed at a start (`set_resulted`) has no
                        // result shown yet: the feed's names its winner.
                        if !entry.results.iter().any(|(settled, _)| *settled == mid) {
                            entry.results.push((mid, result.clone()));
                            changes.matches.push((gmid, MatchDelta::Settled { mid, result: &result }.to_json()));
                        }
                        return changes;
                    }
                    entry.unheld.remove(&mid);
                    entry.results.push((mid, result.clone()));
                    if let Some(market) = entry.markets.get_mut(&mid) {
                        market.status = "CLOSED".into();
                    }
                    changes.matches.push((gmid, MatchDelta::Settled { mid, result: &result }.to_json()));
                }
                self.holds.remove(&(gmid, Some(mid)));
                noted = Some(FeedEvent::MarketSettled { gmid, mid, result: result.clone() });
                changes.results.push(FeedResult { gmid, mid, result, market });
            }
            FeedEvent::RunnerWithdrawn { gmid, mid, sid, reduction_factor_bp } => {
                let open = self.fixtures.get(&gmid).is_some_and(|e| !e.settled.contains(&mid));
                if open && self.feed_market(gmid, mid).is_some_and(|m| m.section.iter().any(|s| s.sid == sid)) {
                    changes.withdrawals.push(FeedWithdrawal { gmid, mid, sid, reduction_factor_bp });
                    noted = Some(FeedEvent::RunnerWithdrawn { gmid, mid, sid, reduction_factor_bp });
                } else {
                    tracing::warn!(gmid, mid, sid, "a runner withdrawn from a market the book does not have open: ignored");
                }
            }
            FeedEvent::FixtureRemoved { gmid } => {
                self.holds.retain(|(held, _)| *held != gmid);
                if let Some(entry) = self.fixtures.remove(&gmid) {
                    changes.home.push((entry.fixture.etid, gmid));
                    changes.navigation = true;
                    self.finish(entry);
                    // The page turns into the fixture's final result.
                    changes.matches.push((gmid, MatchDelta::Match { state: self.match_state(gmid).as_ref() }.to_json()));
                    noted = Some(FeedEvent::FixtureRemoved { gmid });
                }
            }
        }
        if let Some(event) = noted {
            self.note(event);
        }
        changes
    }

    /// Match-odds markets show the exchange's order book from now on.
    pub fn set_exchange(&mut self, on: bool) {
        self.exchange = on;
    }

    /// Whether match-odds markets are traded on the exchange.
    pub fn is_exchange(&self) -> bool {
        self.exchange
    }

    /// The order book's levels an exchange market shows (none for any other market).
    fn levels_of(&self, market: &Market) -> Option<RunnerLevels> {
        (self.exchange && market.gtype == MarketType::Match).then(|| self.depth.get(&market.mid).cloned().unwrap_or_default())
    }

    /// The home row `fixture` with the best prices of the order book of its match odds (the
    /// exchange market whose runners are its headline runners) in place of the feed's.
    fn headline(&self, entry: &Entry, mut fixture: Fixture) -> Fixture {
        if !self.exchange || fixture.section.is_empty() {
            return fixture;
        }
        let headline = entry.markets.values().find(|m| m.gtype == MarketType::Match && fixture.section.iter().all(|s| m.section.iter().any(|r| r.sid == s.sid)));
        let Some(market) = headline else { return fixture };
        let levels = self.depth.get(&market.mid);
        for section in &mut fixture.section {
            section.odds = levels.and_then(|l| l.get(&section.sid)).map(|odds| odds.iter().filter(|o| o.tno == 0).cloned().collect()).unwrap_or_default();
        }
        fixture
    }

    /// The fixture a market is on.
    pub fn gmid_of(&self, mid: u64) -> Option<u64> {
        self.fixtures.iter().find(|(_, e)| e.markets.contains_key(&mid)).map(|(gmid, _)| *gmid)
    }

    /// The feed's latest prices of an exchange market: what the market makers quote around.
    pub fn fair_market(&self, gmid: u64, mid: u64) -> Option<&Market> {
        self.fixtures.get(&gmid)?.fair.get(&mid)
    }

    /// The exchange markets open now (not settled), as (gmid, mid).
    pub fn exchange_markets(&self) -> Vec<(u64, u64)> {
        self.fixtures.iter().flat_map(|(gmid, e)| e.fair.keys().filter(|mid| !e.settled.contains(mid)).map(move |mid| (*gmid, *mid))).collect()
    }

    /// The order book of market `mid` changed: it shows `levels`, and so does its fixture's home
    /// row when it is the fixture's match odds.
    pub fn set_depth(&mut self, gmid: u64, mid: u64, levels: RunnerLevels) -> Changes {
        self.relayed(|| BookOp::Depth { gmid, mid, levels: levels.clone() });
        let mut changes = Changes::default();
        if self.depth.get(&mid) == Some(&levels) || (levels.is_empty() && !self.depth.contains_key(&mid)) {
            return changes;
        }
        if levels.is_empty() {
            self.depth.remove(&mid);
        } else {
            self.depth.insert(mid, levels.clone());
        }
        if !self.exchange {
            return changes;
        }
        let held = self.masked(gmid, mid);
        let Some(entry) = self.fixtures.get_mut(&gmid).filter(|e| !e.settled.contains(&mid)) else { return changes };
        let Some(latest) = entry.unheld.get(&mid).or_else(|| entry.markets.get(&mid)).cloned() else { return changes };
        let shown = entry.show(latest, held, Some(&levels)).clone();
        // The book's prices are the exchange's, not the feed's: the journal (what a recorder
        // plays back as a feed) does not note them.
        changes.matches.push((gmid, MatchDelta::Market { market: &shown }.to_json()));
        let entry = &self.fixtures[&gmid];
        let fixture = self.headline(entry, entry.fixture.clone());
        if fixture != entry.fixture {
            changes.home.push((fixture.etid, gmid));
            changes.matches.push((gmid, MatchDelta::Fixture { fixture: &fixture }.to_json()));
            self.fixtures.get_mut(&gmid).expect("looked up above").fixture = fixture;
        }
        changes
    }

    /// Whether an operator holds the market, or its whole fixture, suspended.
    pub fn is_held(&self, gmid: u64, mid: u64) -> bool {
        self.holds.contains(&(gmid, Some(mid))) || self.holds.contains(&(gmid, None))
    }

    /// Whether the market shows suspended over the feed: an operator holds it, or its feed went
    /// silent.
    fn masked(&self, gmid: u64, mid: u64) -> bool {
        self.is_held(gmid, mid) || self.is_silent(gmid)
    }

    /// Whether the fixture's feed has gone silent.
    pub fn is_silent(&self, gmid: u64) -> bool {
        self.fixtures.get(&gmid).is_some_and(|e| self.silenced.contains(&e.source))
    }

    /// Feed `source` went silent (or spoke again): its fixtures' markets show suspended (or the
    /// feed's latest state again); returns what that changed.
    pub fn silence(&mut self, source: &str, silent: bool) -> Changes {
        self.relayed(|| BookOp::Silence { source: source.to_owned(), silent });
        let changed = if silent { self.silenced.insert(source.to_owned()) } else { self.silenced.remove(source) };
        if !changed {
            return Changes::default();
        }
        let touched: BTreeSet<u64> = self.fixtures.iter().filter(|(_, e)| e.source == source).map(|(gmid, _)| *gmid).collect();
        self.refresh(touched)
    }

    /// Whether an operator holds every market of the fixture suspended.
    pub fn is_fixture_held(&self, gmid: u64) -> bool {
        self.holds.contains(&(gmid, None))
    }

    /// Whether the market has a result.
    pub fn is_settled(&self, gmid: u64, mid: u64) -> bool {
        self.fixtures.get(&gmid).is_some_and(|e| e.settled.contains(&mid))
    }

    /// The markets the ledger has resulted (at start): those the book has show CLOSED and take
    /// nothing more from the feed, and so do those of fixtures the feed adds later. The
    /// simulator's world resumes after a restart without the results an operator gave by hand,
    /// so without this such a market would show open while the ledger refuses every bet on it.
    pub fn set_resulted(&mut self, resulted: ledger::sports::IdRanges) -> Changes {
        self.relayed(|| BookOp::SetResulted { resulted: resulted.clone() });
        let mut changes = Changes::default();
        for (gmid, entry) in &mut self.fixtures {
            let closing: Vec<u64> = entry.markets.keys().copied().filter(|mid| resulted.contains(*mid) && !entry.settled.contains(mid)).collect();
            for mid in closing {
                entry.close(mid);
                changes.matches.push((*gmid, MatchDelta::Market { market: &entry.markets[&mid] }.to_json()));
            }
        }
        self.holds.retain(|(_, mid)| mid.is_none_or(|mid| !resulted.contains(mid)));
        self.resulted = resulted;
        changes
    }

    /// The holds become exactly `holds` (the ledger's, at start); returns what that changed.
    pub fn set_holds(&mut self, holds: BTreeSet<(u64, Option<u64>)>) -> Changes {
        self.relayed(|| BookOp::SetHolds { holds: holds.clone() });
        let touched: BTreeSet<u64> = self.holds.symmetric_difference(&holds).map(|(gmid, _)| *gmid).collect();
        self.holds = holds;
        self.refresh(touched)
    }

    /// Shows each open market of these fixtures masked or not, as the holds and silences now say.
    fn refresh(&mut self, gmids: BTreeSet<u64>) -> Changes {
        let mut changes = Changes::default();
        for gmid in gmids {
            let Some(entry) = self.fixtures.get(&gmid) else { continue };
            let mids: Vec<u64> = entry.markets.keys().copied().filter(|mid| !entry.settled.contains(mid)).collect();
            for mid in mids {
                let held = self.masked(gmid, mid);
                let entry = self.fixtures.get_mut(&gmid).expect("looked up above");
                if entry.unheld.contains_key(&mid) != held {
                    let latest = entry.unheld.remove(&mid).unwrap_or_else(|| entry.markets[&mid].clone());
                    let levels = (self.exchange && latest.gtype == MarketType::Match).then(|| self.depth.get(&mid).cloned().unwrap_or_default());
                    let entry = self.fixtures.get_mut(&gmid).expect("looked up above");
                    let shown = entry.show(latest, held, levels.as_ref()).clone();
                    changes.matches.push((gmid, MatchDelta::Market { market: &shown }.to_json()));
                    let fed = self.fixtures[&gmid].as_fed(&shown);
                    self.note(FeedEvent::MarketUpdated { market: fed });
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
        entry.fair.get(&mid).or_else(|| entry.unheld.get(&mid)).or_else(|| entry.markets.get(&mid))
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
        if let Some(done) = self.finished.get(&gmid) {
            return Some(MatchState { fixture: done.fixture.clone(), markets: Vec::new(), scoreboard: done.scoreboard.clone(), clock_ms: self.clock_ms, over: Some(done.over.clone()), results: Vec::new() });
        }
        let entry = self.fixtures.get(&gmid)?;
        let results = entry.results.iter().filter(|(mid, _)| entry.markets.contains_key(mid)).map(|(mid, result)| SettledMarket { mid: *mid, result: result.clone() }).collect();
        Some(MatchState { fixture: entry.fixture.clone(), markets: entry.markets.values().cloned().collect(), scoreboard: entry.scoreboard.clone(), clock_ms: self.clock_ms, over: None, results })
    }

    /// Keeps what a finished fixture's page shows: its last score and each market's result.
    fn finish(&mut self, entry: Entry) {
        let markets: Vec<MarketOutcome> = entry
            .results
            .iter()
            .filter_map(|(mid, result)| {
                let market = entry.markets.get(mid)?;
                let name = |sid: &u32| market.section.iter().find(|s| s.sid == *sid).map_or_else(|| format!("#{sid}"), |s| s.nat.clone());
                let result = match result {
                    MarketResult::Winner { sid } => name(sid),
                    MarketResult::Runs { value } => format!("{value} runs"),
                    MarketResult::Happened { sids } if sids.is_empty() => "None happened".to_owned(),
                    MarketResult::Happened { sids } => sids.iter().map(name).collect::<Vec<_>>().join(", "),
                    MarketResult::Void => "Void".to_owned(),
                };
                Some(MarketOutcome { mid: *mid, mname: market.mname.clone(), gtype: serde_json::to_value(market.gtype).ok()?.as_str()?.to_owned(), result })
            })
            .collect();
        // The headline markets first, as the page lists them.
        let mut markets = markets;
        markets.sort_by_key(|m| ["match", "match1", "fancy", "khado", "meter", "cricketcasino", "fancy1", "oddeven"].iter().position(|g| *g == m.gtype).unwrap_or(usize::MAX));
        let message = entry.scoreboard.as_ref().map(|s| s.message.clone()).filter(|m| !m.is_empty()).unwrap_or_else(|| "Match over".to_owned());
        let mut fixture = entry.fixture;
        fixture.iplay = false;
        self.finished.insert(fixture.gmid, Finished { fixture, scoreboard: entry.scoreboard, over: FinalResult { message, markets } });
        while self.finished.len() > FINISHED_MAX {
            self.finished.pop_first();
        }
    }

    pub fn set_clock(&mut self, clock_ms: i64) {
        self.relayed(|| BookOp::Clock { clock_ms });
        self.clock_ms = Some(clock_ms);
    }

    /// The fixtures on the cricket-virtual table (iscc 1), whose pages show the round clock.
    pub fn clocked(&self) -> impl Iterator<Item = u64> + '_ {
        self.fixtures.values().filter(|e| e.fixture.iscc == 1).map(|e| e.fixture.gmid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn added() -> FeedEvent {
        serde_json::from_value(json!({"type": "fixture_added",
            "fixture": {"etid": 4, "gmid": 1, "ename": "A v B", "cname": "Cup", "stime": "", "iplay": true, "tv": false, "f": false, "bm": false, "iscc": 0, "section": []},
            "markets": [{"mid": 10, "gmid": 1, "mname": "Match Odds", "gtype": "match", "status": "OPEN", "min": 1, "max": 0, "minb": 1, "maxb": 100, "rc": 0, "rem": "",
                "section": [{"sid": 1, "sno": 1, "nat": "A", "gstatus": "ACTIVE", "min": 1, "max": 0, "rem": "", "odds": [{"otype": "back", "odds": 1.9, "size": 5, "tno": 0}]}]}]}))
        .expect("a fixture")
    }

    #[test]
    fn a_match_delta_written_as_text_is_the_object_the_page_always_got() {
        let mut book = Book::default();
        let FeedEvent::FixtureAdded { fixture, markets } = added() else { unreachable!("a fixture") };
        book.apply(FeedEvent::FixtureAdded { fixture: fixture.clone(), markets: markets.clone() });
        let result = MarketResult::Winner { sid: 1 };
        let scoreboard = Scoreboard { message: "A need 12".into(), balls: vec!["4".into(), "W".into()], teams: Vec::new(), tracker: None };
        let text = |delta: MatchDelta| serde_json::from_str::<Value>(delta.to_json().get()).expect("JSON");
        assert_eq!(text(MatchDelta::Match { state: book.match_state(1).as_ref() }), json!({"kind": "match", "match": book.match_state(1)}));
        assert_eq!(text(MatchDelta::Fixture { fixture: &fixture }), json!({"kind": "fixture", "fixture": fixture}));
        assert_eq!(text(MatchDelta::Market { market: &markets[0] }), json!({"kind": "market", "market": markets[0]}));
        assert_eq!(text(MatchDelta::Scoreboard { scoreboard: &scoreboard }), json!({"kind": "scoreboard", "scoreboard": scoreboard}));
        assert_eq!(text(MatchDelta::Settled { mid: 10, result: &result }), json!({"kind": "settled", "mid": 10, "result": result}));
    }

    #[test]
    fn a_market_the_ledger_resulted_shows_closed_whenever_the_feed_brings_it() {
        let mut resulted = ledger::sports::IdRanges::default();
        resulted.insert(10);
        // Already in the book when the ledger's results come (a feed caught up first).
        let mut book = Book::default();
        book.apply(added());
        book.set_resulted(resulted.clone());
        assert!(book.is_settled(1, 10));
        assert_eq!(book.market(1, 10).expect("market").status, "CLOSED");
        // Added by the feed after them, as a restarted simulator does.
        let mut book = Book::default();
        book.set_resulted(resulted);
        book.apply(added());
        assert_eq!(book.market(1, 10).expect("market").status, "CLOSED", "the feed's OPEN is not shown");
        let mut update = book.market(1, 10).expect("market").clone();
        update.status = "OPEN".into();
        book.apply(FeedEvent::MarketUpdated { market: update });
        assert_eq!(book.market(1, 10).expect("market").status, "CLOSED", "nor its later updates");
        assert!(book.exchange_markets().is_empty(), "the market makers do not quote it");
        // The feed's own result then names the winner, and settles nothing again.
        let changes = book.apply(FeedEvent::MarketSettled { gmid: 1, mid: 10, result: MarketResult::Winner { sid: 1 } });
        assert!(changes.results.is_empty(), "the ledger is not asked to settle it again");
        assert_eq!(book.match_state(1).expect("state").results.len(), 1, "{:?}", book.match_state(1));
    }

    #[test]
    fn a_hold_shows_suspended_over_the_feed_and_the_journal_records_what_was_shown() {
        let mut book = Book::default();
        book.apply(added());
        book.hold(1, Some(10), true);
        let mut update = book.market(1, 10).expect("market").clone();
        update.status = "OPEN".into();
        update.section[0].gstatus = "ACTIVE".into();
        book.apply(FeedEvent::MarketUpdated { market: update });
        assert_eq!(book.market(1, 10).expect("market").status, "SUSPENDED", "the feed does not lift an operator's hold");
        book.hold(1, Some(10), false);
        assert_eq!(book.market(1, 10).expect("market").section[0].gstatus, "ACTIVE", "the feed's latest state shows again");

        let journal = book.journal_after(0, 100).expect("all kept");
        let statuses: Vec<&str> = journal.iter().filter_map(|n| match &n.event {
            FeedEvent::MarketUpdated { market } => Some(market.status.as_str()),
            _ => None,
        }).collect();
        assert_eq!(statuses, ["SUSPENDED", "SUSPENDED", "OPEN"]);
        assert!(matches!(journal[0].event, FeedEvent::FixtureAdded { .. }));
        let (seq, events) = book.snapshot();
        assert_eq!((seq, events.len()), (4, 1));
        assert_eq!(book.journal_after(4, 100).map(|n| n.len()), Some(0));
    }

    #[test]
    fn a_copy_from_the_whole_book_and_the_ops_after_it_is_the_same_book() {
        let (relay, mut ops) = tokio::sync::mpsc::channel(64);
        let mut book = Book::default();
        book.relay_to(relay);
        book.apply(added());
        book.set_clock(1_000);
        let whole = serde_json::to_vec(&book).expect("the book encodes");
        book.hold(1, Some(10), true);
        let mut update = book.market(1, 10).expect("market").clone();
        update.section[0].odds[0].odds = schemas::sports::Price(210);
        book.apply(FeedEvent::MarketUpdated { market: update });
        book.silence(SIMULATOR_SOURCE, true);
        book.set_clock(2_000);
        book.hold(1, Some(10), false);
        book.silence(SIMULATOR_SOURCE, false);

        let mut copy: Book = serde_json::from_slice(&whole).expect("the book decodes");
        let mut applied = 0;
        while let Ok((number, op)) = ops.try_recv() {
            if number <= copy.ops_head() {
                continue;
            }
            assert_eq!(number, copy.ops_head() + 1, "the ops are numbered without gaps");
            copy.replay(op);
            applied += 1;
        }
        assert_eq!(applied, 6, "each change after the whole book is one op");
        assert_eq!(copy.ops_head(), book.ops_head());
        assert_eq!(serde_json::to_value(&copy).expect("encodes"), serde_json::to_value(&book).expect("encodes"));
        assert_eq!(copy.market(1, 10).expect("market").section[0].odds[0].odds.hundredths(), 210);
    }

    #[test]
    fn an_exchange_market_shows_the_order_book_and_the_journal_keeps_the_feeds_prices() {
        let mut book = Book::default();
        book.set_exchange(true);
        book.apply(added());
        assert!(book.market(1, 10).expect("market").section[0].odds.is_empty(), "no orders yet: no prices");
        assert_eq!(book.fair_market(1, 10).expect("fair").section[0].odds[0].odds.hundredths(), 190);
        let level = OddsLevel { otype: schemas::sports::Side::Back, odds: schemas::sports::Price(188), size: schemas::sports::Price(5_000), tno: 0 };
        let changes = book.set_depth(1, 10, BTreeMap::from([(1, vec![level.clone()])]));
        assert_eq!(changes.matches.len(), 1, "the match page gets the new book");
        assert_eq!(book.market(1, 10).expect("market").section[0].odds, vec![level]);
        let journal = book.journal_after(0, 100).expect("kept");
        let FeedEvent::FixtureAdded { markets, .. } = &journal[0].event else { panic!("{journal:?}") };
        assert_eq!(markets[0].section[0].odds[0].odds.hundredths(), 190, "a recorder gets the feed's price");
        assert_eq!(journal.len(), 1, "the book's prices are not the feed's events");
        assert_eq!(book.set_depth(1, 10, BTreeMap::from([(1, vec![])])).matches.len(), 1);
    }

    #[test]
    fn a_reader_too_far_behind_is_told_so() {
        let mut book = Book::default();
        book.apply(added());
        let scoreboard = Scoreboard { message: String::new(), balls: Vec::new(), teams: Vec::new(), tracker: None };
        for _ in 0..JOURNAL_MAX {
            book.apply(FeedEvent::ScoreUpdated { gmid: 1, scoreboard: scoreboard.clone() });
        }
        assert!(book.journal_after(0, 10).is_none(), "the first change is gone");
        assert_eq!(book.journal_after(1, 10).map(|n| n[0].seq), Some(2));
    }
}
