//! A deterministic sports feed simulator: fixtures for cricket, tennis, football and table tennis
//! (plus fast virtual cricket), prices from a live probability model of each sport, scoreboards,
//! and the result of every market, as a stream of [`schemas::sports::FeedEvent`]s; and, in
//! [`casino`], the live casino tables' rounds dealt from a seed.
//!
//! The same [`SimConfig`] and the same sequence of [`Simulator::step`] calls give the same
//! events, byte for byte: time enters only through `step` and randomness only from the seed.
//! Everything but [`adapter`] is pure: no I/O, no clock, no threads. [`adapter`] is the network
//! side, which the rest never imports: it runs a simulator in real time and posts its events to a
//! running server over HTTP (`feed-sim run --url`). The `feed-sim` binary records a feed as JSON
//! lines or runs the adapter; the server drives the simulator from a timer. The crate knows
//! nothing of the ledger, and of the server only the operator feed API the adapter calls.
//!
//! How each market is decided is written down in `docs/markets.md` ("Simulator settlement").

pub mod adapter;
pub mod casino;
mod cricket;
mod fixture;
mod football;
mod game;
mod ladder;
mod limits;
mod market;
mod math;
mod names;
mod racing;
mod racket;
mod time;

pub use limits::SPEED_MAX;

/// The cricket-virtual table's (`/cricketv`) rules: `(critical, text)`, written from the format it plays.
pub fn cricketv_rules() -> Vec<(bool, String)> {
    cricket::VIRTUAL.rules()
}

use fixture::{Card, Ids, Live};
use game::Game;
use limits::{ACTIONS_PER_STEP_MAX, FIXTURES_PER_SPORT_MAX, RACES_PER_KIND_MAX, VIRTUAL_FIXTURES_MAX, WARMUP_ACTIONS_MAX};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use racing::RaceKind;
use schemas::sports::{FeedEvent, SPORT_CRICKET, SPORT_FOOTBALL, SPORT_GREYHOUND_RACING, SPORT_HORSE_RACING, SPORT_TABLE_TENNIS, SPORT_TENNIS};

/// How a simulator runs.
#[derive(Debug, Clone, PartialEq)]
pub struct SimConfig {
    pub seed: u64,
    /// Simulated milliseconds per real millisecond (0 to [`SPEED_MAX`]).
    pub speed: f64,
    /// The wall clock at the start, Unix milliseconds: the simulated clock starts here, and
    /// fixture start times (`stime`) are on it.
    pub start_ms: i64,
    /// Real fixtures of each sport (cricket, tennis, football, table tennis), about half in play.
    pub fixtures_per_sport: usize,
    /// Virtual cricket fixtures of each kind: this many on the cricket-virtual table (iscc 1)
    /// and this many virtual cricket (iscc 2).
    pub virtual_fixtures: usize,
    /// Real milliseconds between two releases of one fixture's due events, each fixture on its
    /// own phase of the period, for a caller that steps more often than this: the fixtures'
    /// changes leave spread over the period instead of all at one step (a burst a push server
    /// would have to write all at once). 0: every due event at every step.
    pub release_period_ms: u64,
    /// Horse and greyhound races.
    pub races: RaceConfig,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig { seed: 0, speed: 1.0, start_ms: 1_735_689_600_000, fixtures_per_sport: 3, virtual_fixtures: 2, release_period_ms: 0, races: RaceConfig::default() }
    }
}

/// The race cards: how many races of each kind are on at once (each replaced by the next when it
/// ends), how far ahead a new one is shown (simulated milliseconds; the n-th of a kind at start
/// n times that), and the chance a race has a non-runner. Races draw from a random stream and
/// ids of their own, so they change nothing else of a world.
#[derive(Debug, Clone, PartialEq)]
pub struct RaceConfig {
    pub greyhound_races: usize,
    pub horse_races: usize,
    pub greyhound_lead_ms: (i64, i64),
    pub horse_lead_ms: (i64, i64),
    pub non_runner_chance: f64,
}

impl Default for RaceConfig {
    fn default() -> Self {
        RaceConfig { greyhound_races: 3, horse_races: 3, greyhound_lead_ms: (120_000, 300_000), horse_lead_ms: (300_000, 900_000), non_runner_chance: 0.25 }
    }
}

impl RaceConfig {
    /// No races.
    pub fn none() -> Self {
        RaceConfig { greyhound_races: 0, horse_races: 0, ..RaceConfig::default() }
    }
}

/// The result a test forces on a fixture with [`Simulator::finish_fixture`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixtureWinner {
    Home,
    Away,
    /// Football's draw; for a sport without one, the match-winner markets are void.
    Draw,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Sport {
    Cricket,
    Tennis,
    Football,
    TableTennis,
}

/// What a fixture slot holds; a finished fixture is replaced by a new one of the same kind.
#[derive(Debug, Clone, Copy)]
struct Kind {
    sport: Sport,
    iscc: u8,
}

impl Kind {
    fn is_virtual(self) -> bool {
        self.iscc != 0
    }

    /// How far ahead a new fixture starts, simulated milliseconds.
    fn lead_ms(self) -> (i64, i64) {
        if self.is_virtual() {
            (60_000, 150_000)
        } else {
            (10 * 60_000, 60 * 60_000)
        }
    }

    /// How long a fixture in play at start-up has already been playing.
    fn elapsed_ms(self) -> (i64, i64) {
        match self.sport {
            _ if self.is_virtual() => (10_000, 200_000),
            Sport::Cricket => (5 * 60_000, 150 * 60_000),
            Sport::Tennis => (2 * 60_000, 70 * 60_000),
            Sport::Football => (2 * 60_000, 95 * 60_000),
            Sport::TableTennis => (60_000, 15 * 60_000),
        }
    }
}

/// The simulator: a fixed number of fixture slots, each holding a live fixture.
pub struct Simulator {
    config: SimConfig,
    speed: f64,
    rng: StdRng,
    ids: Ids,
    /// Real milliseconds stepped so far.
    real_elapsed_ms: u64,
    /// The simulated clock.
    now_ms: i64,
    slots: Vec<(Kind, Live)>,
    /// The races, after the other fixtures in step order, with their own random stream and ids.
    race_rng: StdRng,
    race_ids: Ids,
    races: Vec<(RaceKind, Live)>,
}

/// Mixed into the seed for the races' random stream.
const RACES_SALT: u64 = 0x7261_6365_7321;

impl Simulator {
    pub fn new(config: SimConfig) -> Self {
        let speed = if config.speed.is_nan() { 1.0 } else { config.speed.clamp(0.0, SPEED_MAX) };
        let mut sim = Simulator {
            speed,
            rng: StdRng::seed_from_u64(config.seed),
            ids: Ids::new(),
            real_elapsed_ms: 0,
            now_ms: config.start_ms,
            slots: Vec::new(),
            race_rng: StdRng::seed_from_u64(config.seed ^ RACES_SALT),
            race_ids: Ids::racing(),
            races: Vec::new(),
            config,
        };
        let per_sport = sim.config.fixtures_per_sport.min(FIXTURES_PER_SPORT_MAX);
        for sport in [Sport::Cricket, Sport::Tennis, Sport::Football, Sport::TableTennis] {
            sim.populate(Kind { sport, iscc: 0 }, per_sport);
        }
        let per_kind = sim.config.virtual_fixtures.min(VIRTUAL_FIXTURES_MAX);
        for iscc in [1, 2] {
            sim.populate(Kind { sport: Sport::Cricket, iscc }, per_kind);
        }
        let races = &sim.config.races;
        let cards = [(RaceKind::Greyhound, races.greyhound_races), (RaceKind::Horse, races.horse_races)];
        for (kind, count) in cards {
            for order in 0..count.min(RACES_PER_KIND_MAX) {
                let live = sim.race(kind, order);
                sim.races.push((kind, live));
            }
        }
        sim
    }

    /// Replaces a finished race with the next of its kind, announcing it.
    fn replace_race(&mut self, index: usize, out: &mut Vec<FeedEvent>) {
        let next = self.race(self.races[index].0, 0);
        out.push(next.added());
        out.push(next.score_event());
        self.races[index].1 = next;
    }

    /// A race of `kind`, the `order`-th of its kind to start.
    fn race(&mut self, kind: RaceKind, order: usize) -> Live {
        let races = &self.config.races;
        let (low, high) = match kind {
            RaceKind::Greyhound => races.greyhound_lead_ms,
            RaceKind::Horse => races.horse_lead_ms,
        };
        let (low, high) = (low.max(1_000), high.max(low.max(1_000)));
        let lead = self.race_rng.gen_range(low..=high) * (order as i64 + 1);
        let mut rng = StdRng::seed_from_u64(self.race_rng.gen());
        let names = racing::race_names(kind, &mut rng);
        let (now, stime_ms) = (self.now_ms, self.now_ms + lead);
        let game = racing::Race::new(kind, names.runners, now, stime_ms, races.non_runner_chance, &mut rng);
        let etid = match kind {
            RaceKind::Greyhound => SPORT_GREYHOUND_RACING,
            RaceKind::Horse => SPORT_HORSE_RACING,
        };
        // The off time is the fixture's start time, shown in each player's own time zone.
        let ename = format!("{} {} m", names.venue, game.distance_m());
        let card = Card { gmid: self.race_ids.gmid(), etid, iscc: 0, ename: ename.clone(), cname: names.venue.to_string(), stime_ms, tv: false, fancy: false, teams: [names.venue.to_string(), ename] };
        let mut live = Live::new(card, Box::new(game), rng, now);
        live.warm_up(now, &mut self.race_ids, WARMUP_ACTIONS_MAX);
        live
    }

    /// Advance by `real_dt_ms` of wall time (× speed); return the feed events in order.
    pub fn step(&mut self, real_dt_ms: u64) -> Vec<FeedEvent> {
        self.real_elapsed_ms = self.real_elapsed_ms.saturating_add(real_dt_ms);
        let target = self.simulated_at(self.real_elapsed_ms);
        let (fixtures, races) = (self.slots.len(), self.races.len());
        let released: Vec<i64> = (0..fixtures).map(|slot| self.released_until(slot, fixtures)).chain((0..races).map(|slot| self.released_until(slot, races))).collect();
        let mut out = Vec::new();
        for _ in 0..ACTIONS_PER_STEP_MAX {
            // The earliest due action first (ties by slot, races after the other fixtures), so
            // each fixture's events come in simulated time order.
            let next = self
                .slots
                .iter()
                .map(|(_, live)| live)
                .chain(self.races.iter().map(|(_, live)| live))
                .enumerate()
                .map(|(i, live)| (live.due_ms(), i))
                .filter(|(due, i)| *due <= released[*i])
                .min();
            let Some((due, index)) = next else { break };
            self.now_ms = self.now_ms.max(due);
            if index < fixtures {
                let live = &mut self.slots[index].1;
                live.act(due, &mut self.ids, &mut out);
                if live.is_done() {
                    self.replace(index, &mut out);
                }
            } else {
                let index = index - fixtures;
                let live = &mut self.races[index].1;
                live.act(due, &mut self.race_ids, &mut out);
                if live.is_done() {
                    self.replace_race(index, &mut out);
                }
            }
        }
        self.now_ms = self.now_ms.max(target);
        out
    }

    /// The simulated moment `real_ms` after the start.
    fn simulated_at(&self, real_ms: u64) -> i64 {
        self.config.start_ms.saturating_add((real_ms as f64 * self.speed) as i64)
    }

    /// The simulated moment up to which a slot's due events are released now: its latest
    /// release (`release_period_ms`, the slot's phase of it) at or before the real time elapsed.
    fn released_until(&self, slot: usize, slots: usize) -> i64 {
        let (period, now) = (self.config.release_period_ms, self.real_elapsed_ms);
        if period == 0 {
            return self.simulated_at(now);
        }
        let phase = slot as u64 * period / slots.max(1) as u64;
        let since_release = (now + period - phase) % period;
        self.simulated_at(now.saturating_sub(since_release))
    }

    /// The simulated clock (Unix milliseconds) and its speed (simulated per real millisecond).
    pub fn clock(&self) -> (i64, f64) {
        (self.now_ms, self.speed)
    }

    /// A full image of everything live now (one FixtureAdded per fixture with all markets, then
    /// the ScoreUpdated of each), for a consumer that starts late.
    pub fn snapshot(&self) -> Vec<FeedEvent> {
        let all = || self.slots.iter().map(|(_, live)| live).chain(self.races.iter().map(|(_, live)| live));
        let added = all().map(Live::added);
        let scores = all().map(Live::score_event);
        added.chain(scores).collect()
    }

    /// Test hook: end fixture `gmid` now with a chosen outcome (the named home/away/draw
    /// winner; cricket run markets settle from the final scores) and emit every settlement and
    /// the removal, followed by the fixture that replaces it. An unknown `gmid` does nothing.
    pub fn finish_fixture(&mut self, gmid: u64, winner: FixtureWinner) -> Vec<FeedEvent> {
        let mut out = Vec::new();
        if let Some(index) = self.slots.iter().position(|(_, live)| live.gmid() == gmid) {
            let live = &mut self.slots[index].1;
            live.finish(winner, &mut self.ids, &mut out);
            if live.is_done() {
                self.replace(index, &mut out);
            }
        } else if let Some(index) = self.races.iter().position(|(_, live)| live.gmid() == gmid) {
            let live = &mut self.races[index].1;
            live.finish(winner, &mut self.race_ids, &mut out);
            if live.is_done() {
                self.replace_race(index, &mut out);
            }
        }
        out
    }

    /// Fills `count` slots of a kind: about half in play (the first), the rest upcoming.
    fn populate(&mut self, kind: Kind, count: usize) {
        let in_play = if kind.is_virtual() { count.min(1) } else { count.div_ceil(2) };
        for n in 0..count {
            let live = if n < in_play { self.in_play_fixture(kind) } else { self.upcoming_fixture(kind, n - in_play) };
            self.slots.push((kind, live));
        }
    }

    /// A fixture that started a while before the simulator did, replayed silently to now.
    fn in_play_fixture(&mut self, kind: Kind) -> Live {
        let (low, high) = kind.elapsed_ms();
        let elapsed = self.rng.gen_range(low..=high);
        let start = self.now_ms;
        let mut live = self.create(kind, start - elapsed);
        if live.warm_up(start, &mut self.ids, WARMUP_ACTIONS_MAX) {
            live
        } else {
            self.upcoming_fixture(kind, 0)
        }
    }

    /// An upcoming fixture, the `order`-th of its kind to start.
    fn upcoming_fixture(&mut self, kind: Kind, order: usize) -> Live {
        let (low, high) = kind.lead_ms();
        let lead = self.rng.gen_range(low..=high) * (order as i64 + 1);
        let now = self.now_ms;
        let mut live = self.create(kind, now + lead);
        live.warm_up(now, &mut self.ids, WARMUP_ACTIONS_MAX);
        live
    }

    /// Replaces a finished fixture with a new upcoming one of the same kind, announcing it.
    fn replace(&mut self, index: usize, out: &mut Vec<FeedEvent>) {
        let kind = self.slots[index].0;
        let live = self.upcoming_fixture(kind, 0);
        out.push(live.added());
        out.push(live.score_event());
        self.slots[index].1 = live;
    }

    fn create(&mut self, kind: Kind, stime_ms: i64) -> Live {
        let seed: u64 = self.rng.gen();
        let mut rng = StdRng::seed_from_u64(seed);
        // The tracker's details (shot directions, attacks, corners) draw from a stream of their
        // own: they change none of the match's outcomes or prices drawn from `rng`.
        let details = StdRng::seed_from_u64(seed ^ DETAILS_SALT);
        let gmid = self.ids.gmid();
        // A team or player already in a live fixture of the same kind is not drawn again.
        let busy: Vec<&str> = self.slots.iter().filter(|(k, _)| k.sport == kind.sport).flat_map(|(_, live)| live.teams()).collect();
        let mut draw = draw_teams(kind, &mut rng);
        for _ in 0..DRAW_ATTEMPTS_MAX {
            if !draw.names.iter().any(|n| busy.contains(&n.as_str())) {
                break;
            }
            draw = draw_teams(kind, &mut rng);
        }
        let Draw { cname, names, short } = draw;
        let (etid, game): (u32, Box<dyn Game>) = match kind.sport {
            Sport::Cricket => {
                let format = if kind.is_virtual() { &cricket::VIRTUAL } else { &cricket::T20 };
                (SPORT_CRICKET, Box::new(cricket::Cricket::new(format, names.clone(), short, &mut rng, details)))
            }
            Sport::Football => (SPORT_FOOTBALL, Box::new(football::Football::new(names.clone(), &mut rng, details))),
            Sport::Tennis => (SPORT_TENNIS, Box::new(racket::Tennis::new(names.clone(), &mut rng))),
            Sport::TableTennis => (SPORT_TABLE_TENNIS, Box::new(racket::TableTennis::new(names.clone(), &mut rng))),
        };
        let tv = kind.is_virtual() || rng.gen_bool(0.7);
        let card = Card {
            gmid,
            etid,
            iscc: kind.iscc,
            ename: format!("{} v {}", names[0], names[1]),
            cname: cname.to_string(),
            stime_ms,
            tv,
            fancy: kind.sport == Sport::Cricket,
            teams: names,
        };
        Live::new(card, game, rng, self.now_ms)
    }
}

/// Mixed into a fixture's seed for its tracker details' stream (any constant other than 0).
const DETAILS_SALT: u64 = 0x0074_7261_636b_6572;

/// How many times a new fixture redraws its teams to avoid ones already playing; a small
/// league may still repeat a team after that.
const DRAW_ATTEMPTS_MAX: usize = 8;

/// A fixture's tournament and sides: full names and short names (cricket market names).
struct Draw {
    cname: &'static str,
    names: [String; 2],
    short: [String; 2],
}

fn draw_teams(kind: Kind, rng: &mut StdRng) -> Draw {
    match kind.sport {
        Sport::Cricket => {
            let league = match kind.iscc {
                0 => &names::CRICKET[rng.gen_range(0..names::CRICKET.len())],
                1 => &names::VIRTUAL_TABLE,
                _ => &names::VIRTUAL_LEAGUE,
            };
            let (a, b) = names::pair(rng, league.teams.len());
            let (home, away) = (league.teams[a], league.teams[b]);
            Draw { cname: league.cname, names: [home.0.to_string(), away.0.to_string()], short: [home.1.to_string(), away.1.to_string()] }
        }
        Sport::Football => {
            let league = &names::FOOTBALL[rng.gen_range(0..names::FOOTBALL.len())];
            let (a, b) = names::pair(rng, league.teams.len());
            let names = [league.teams[a].to_string(), league.teams[b].to_string()];
            Draw { cname: league.cname, short: names.clone(), names }
        }
        Sport::Tennis | Sport::TableTennis => {
            let events = if kind.sport == Sport::Tennis { names::TENNIS } else { names::TABLE_TENNIS };
            let event = &events[rng.gen_range(0..events.len())];
            let names = names::players(rng, event);
            Draw { cname: event.cname, short: names.clone(), names }
        }
    }
}

/// Moves every id of a feed event by `offset`.
pub fn offset_ids(event: FeedEvent, offset: u64) -> FeedEvent {
    let market = |mut m: schemas::sports::Market| {
        m.mid += offset;
        m.gmid += offset;
        m
    };
    match event {
        FeedEvent::FixtureAdded { mut fixture, markets } => {
            fixture.gmid += offset;
            FeedEvent::FixtureAdded { fixture, markets: markets.into_iter().map(market).collect() }
        }
        FeedEvent::FixtureUpdated { mut fixture } => {
            fixture.gmid += offset;
            FeedEvent::FixtureUpdated { fixture }
        }
        FeedEvent::MarketUpdated { market: m } => FeedEvent::MarketUpdated { market: market(m) },
        FeedEvent::ScoreUpdated { gmid, scoreboard } => FeedEvent::ScoreUpdated { gmid: gmid + offset, scoreboard },
        FeedEvent::MarketSettled { gmid, mid, result } => FeedEvent::MarketSettled { gmid: gmid + offset, mid: mid + offset, result },
        FeedEvent::FixtureRemoved { gmid } => FeedEvent::FixtureRemoved { gmid: gmid + offset },
        FeedEvent::RunnerWithdrawn { gmid, mid, sid, reduction_factor_bp } => FeedEvent::RunnerWithdrawn { gmid: gmid + offset, mid: mid + offset, sid, reduction_factor_bp },
    }
}
