//! Horse and greyhound races, run metre by metre. A race is a fixture whose win market is an
//! exchange market of every runner and whose place market (house-booked yes/no per runner) pays
//! a runner that finishes within the places. Before the off a runner may be withdrawn (a
//! non-runner, with its reduction factors); at the off the win market turns in-play and the race
//! runs: each runner's pace is its ability, its running style (early speed or a late finish) and
//! a form that wanders, so a leader shortens and a fader drifts. The chances at every moment come
//! from each runner's projected finishing time (`chances`). `docs/racing.md` says why.

mod names;

use crate::game::Game;
use crate::ladder::{exchange_levels, proposition_levels};
use crate::market::{section, Ctx, Draft, Limits, MarketKey, ACTIVE, MATCH_LIMITS, OPEN, SUSPENDED};
use crate::FixtureWinner;
use rand::rngs::StdRng;
use rand::Rng;
use schemas::sports::{MarketResult, MarketType, Scoreboard, REMOVED};
use schemas::tracker::{RacePhase, RaceRunner, RaceTracker, Tracker};

pub use names::race_names;

/// Which kind of race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceKind {
    Greyhound,
    Horse,
}

/// How a race card is drawn and run, simulated milliseconds.
const STEP_MS: i64 = 500;
/// The place market's stake limits: a house-booked market, smaller than the win market's.
const PLACE_LIMITS: Limits = Limits { min: 100, max: 50_000 };
/// The win market's in-play delay, seconds (Betfair's horse racing delay).
const IN_PLAY_DELAY_SECS: u32 = 1;
/// Places paid: 2 for up to this many declared runners, 3 above (the usual each-way terms).
const TWO_PLACES_RUNNERS_MAX: usize = 7;

/// One runner on the card.
#[derive(Debug, Clone)]
struct Runner {
    sid: u32,
    number: u8,
    name: String,
    /// Average speed, metres per second.
    speed: f64,
    /// Early pace (positive: leads early and tires) or a late finish (negative).
    style: f64,
    /// A wandering share of speed this race (a good or a bad day), re-drawn as it runs.
    form: f64,
    position_m: f64,
    /// Simulated milliseconds after the off when it passed the post.
    finished_ms: Option<f64>,
    non_runner: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Pre,
    Running,
    Finished,
}

/// A race.
pub struct Race {
    kind: RaceKind,
    distance_m: u32,
    runners: Vec<Runner>,
    places: usize,
    phase: Phase,
    off_ms: i64,
    elapsed_ms: i64,
    /// A runner due to be withdrawn before the off, and when.
    withdrawal: Option<(i64, usize)>,
    withdrawals: Vec<(MarketKey, u32, u32)>,
    results: Vec<(MarketKey, MarketResult)>,
    finish_order: Vec<usize>,
}

impl Race {
    /// A race at `stime_ms` drawn at `now_ms`; with chance `non_runner_chance` one runner is
    /// withdrawn at a moment between now and the off.
    pub fn new(kind: RaceKind, runner_names: Vec<String>, now_ms: i64, stime_ms: i64, non_runner_chance: f64, rng: &mut StdRng) -> Self {
        let (distance_m, base_speed) = match kind {
            RaceKind::Greyhound => ([400, 480, 500][rng.gen_range(0..3)], 16.5),
            RaceKind::Horse => ([1000, 1200, 1400][rng.gen_range(0..3)], 16.0),
        };
        let runners: Vec<Runner> = runner_names
            .into_iter()
            .enumerate()
            .map(|(i, name)| Runner {
                sid: i as u32 + 1,
                number: i as u8 + 1,
                name,
                speed: base_speed * (1.0 + rng.gen_range(-0.03..0.03)),
                style: rng.gen_range(-1.0..1.0),
                form: 0.0,
                position_m: 0.0,
                finished_ms: None,
                non_runner: false,
            })
            .collect();
        let places = if runners.len() <= TWO_PLACES_RUNNERS_MAX { 2 } else { 3 };
        let lead = (stime_ms - now_ms).max(0);
        let withdrawal = (lead > 0 && rng.gen_bool(non_runner_chance.clamp(0.0, 1.0))).then(|| (now_ms + lead * rng.gen_range(20..80) / 100, rng.gen_range(0..runners.len())));
        Race { kind, distance_m, runners, places, phase: Phase::Pre, off_ms: stime_ms, elapsed_ms: 0, withdrawal, withdrawals: Vec::new(), results: Vec::new(), finish_order: Vec::new() }
    }

    pub fn distance_m(&self) -> u32 {
        self.distance_m
    }

    fn distance(&self) -> f64 {
        f64::from(self.distance_m)
    }

    /// Each runner's chance of winning from here (0 for a non-runner, 1 for a winner past the
    /// post): its projected finishing time against the others', with an uncertainty that shrinks
    /// as the race nears its end (`docs/racing.md`).
    fn chances(&self) -> Vec<f64> {
        if let Some(&first) = self.finish_order.first() {
            return self.runners.iter().enumerate().map(|(i, _)| if i == first { 1.0 } else { 0.0 }).collect();
        }
        let distance = self.distance();
        let projected: Vec<Option<f64>> = self
            .runners
            .iter()
            .map(|r| (!r.non_runner).then(|| r.finished_ms.unwrap_or(0.0) / 1000.0 + (distance - r.position_m).max(0.0) / (r.speed * (1.0 + r.form + 0.01 * r.style * (1.0 - r.position_m / distance - 0.5)))))
            .collect();
        let leader_left = self.runners.iter().filter(|r| !r.non_runner).map(|r| distance - r.position_m).fold(distance, f64::min);
        let base = match self.kind {
            RaceKind::Greyhound => 0.45,
            RaceKind::Horse => 1.4,
        };
        let sigma = base * (leader_left / distance).sqrt() + 0.04;
        let best = projected.iter().flatten().copied().fold(f64::INFINITY, f64::min);
        let weights: Vec<f64> = projected.iter().map(|t| t.map_or(0.0, |t| (-(t - best) / sigma).exp())).collect();
        let total: f64 = weights.iter().sum();
        weights.iter().map(|w| w / total).collect()
    }

    /// Each runner's chance of finishing within the places, from the win chances (Harville's
    /// formula: the second is the winner among the rest, and so on).
    fn place_chances(&self, win: &[f64]) -> Vec<f64> {
        if !self.finish_order.is_empty() {
            return (0..self.runners.len()).map(|i| if self.finish_order.iter().take(self.places).any(|&f| f == i) { 1.0 } else { 0.0 }).collect();
        }
        harville_places(win, self.places)
    }

    fn active(&self) -> usize {
        self.runners.iter().filter(|r| !r.non_runner).count()
    }

    fn withdraw(&mut self, index: usize) {
        if self.active() <= 2 || self.runners[index].non_runner {
            return;
        }
        let win = self.chances();
        let place = self.place_chances(&win);
        let bp = |p: f64| (p * 10_000.0).round().clamp(0.0, 10_000.0) as u32;
        let sid = self.runners[index].sid;
        self.withdrawals.push((MarketKey::MatchOdds, sid, bp(win[index])));
        self.withdrawals.push((MarketKey::Place, sid, bp(place[index])));
        self.runners[index].non_runner = true;
    }

    fn rank(&self) -> Vec<u8> {
        let mut order: Vec<usize> = (0..self.runners.len()).filter(|i| !self.runners[*i].non_runner).collect();
        order.sort_by(|a, b| {
            let (ra, rb) = (&self.runners[*a], &self.runners[*b]);
            match (ra.finished_ms, rb.finished_ms) {
                (Some(x), Some(y)) => x.total_cmp(&y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => rb.position_m.total_cmp(&ra.position_m),
            }
        });
        let mut rank = vec![0; self.runners.len()];
        for (place, i) in order.into_iter().enumerate() {
            rank[i] = place as u8 + 1;
        }
        rank
    }

    fn finish(&mut self) {
        let rank = self.rank();
        let mut order: Vec<usize> = (0..self.runners.len()).filter(|i| rank[*i] > 0).collect();
        order.sort_by_key(|i| rank[*i]);
        let winner = self.runners[order[0]].sid;
        let placed = order.iter().take(self.places).map(|i| self.runners[*i].sid).collect();
        self.results.push((MarketKey::MatchOdds, MarketResult::Winner { sid: winner }));
        self.results.push((MarketKey::Place, MarketResult::Happened { sids: placed }));
        self.finish_order = order;
        self.phase = Phase::Finished;
    }

    fn tracker(&self) -> Tracker {
        let rank = self.rank();
        let phase = match self.phase {
            Phase::Pre => RacePhase::Pre,
            Phase::Running => RacePhase::Running,
            Phase::Finished => RacePhase::Finished,
        };
        Tracker::Race(RaceTracker {
            phase,
            distance_m: self.distance_m,
            elapsed_ms: u32::try_from(self.elapsed_ms).unwrap_or(u32::MAX),
            runners: self
                .runners
                .iter()
                .enumerate()
                .map(|(i, r)| RaceRunner { sid: r.sid, number: r.number, name: r.name.clone(), position_m: self.shown_position(r).round() as u32, rank: rank[i], non_runner: r.non_runner })
                .collect(),
        })
    }

    /// Where a runner is drawn: where it is, or once the race is over, where it was as the
    /// winner passed the post (so the result shows the margins).
    fn shown_position(&self, runner: &Runner) -> f64 {
        let distance = self.distance();
        let winner_ms = self.finish_order.first().and_then(|i| self.runners[*i].finished_ms);
        match (self.phase, runner.finished_ms, winner_ms) {
            (Phase::Finished, Some(own), Some(first)) if own > 0.0 => (distance - (own - first) * distance / own).clamp(0.0, distance),
            _ => runner.position_m.min(distance),
        }
    }

    fn place_name(&self) -> String {
        format!("Place (top {})", self.places)
    }
}

/// Harville's place chances: P(i within the first `places`) from the win chances `p`.
pub fn harville_places(p: &[f64], places: usize) -> Vec<f64> {
    let n = p.len();
    let mut out = vec![0.0; n];
    // Every ordered sequence of distinct finishers up to `places` long, with its probability.
    fn walk(p: &[f64], places: usize, taken: &mut Vec<usize>, prob: f64, out: &mut [f64]) {
        if taken.len() == places {
            return;
        }
        let left: f64 = 1.0 - taken.iter().map(|i| p[*i]).sum::<f64>();
        if left <= 1e-12 {
            return;
        }
        for i in 0..p.len() {
            if taken.contains(&i) || p[i] <= 0.0 {
                continue;
            }
            let q = prob * p[i] / left;
            out[i] += q;
            taken.push(i);
            walk(p, places, taken, q, out);
            taken.pop();
        }
    }
    walk(p, places.min(n), &mut Vec::new(), 1.0, &mut out);
    out.iter_mut().for_each(|x| *x = x.clamp(0.0, 1.0));
    out
}

impl Game for Race {
    fn start(&mut self, t: i64, _rng: &mut StdRng) -> i64 {
        // Runners are withdrawn before the off only: one still due then runs after all.
        self.withdrawal = None;
        self.phase = Phase::Running;
        self.off_ms = t;
        t + STEP_MS
    }

    fn pre_start(&mut self, t: i64) -> bool {
        match self.withdrawal {
            Some((at, index)) if t >= at && self.phase == Phase::Pre => {
                self.withdrawal = None;
                self.withdraw(index);
                true
            }
            _ => false,
        }
    }

    fn play(&mut self, t: i64, rng: &mut StdRng) -> i64 {
        if self.phase != Phase::Running {
            return i64::MAX;
        }
        self.elapsed_ms = t - self.off_ms;
        let distance = self.distance();
        let dt = STEP_MS as f64 / 1000.0;
        let elapsed_s = self.elapsed_ms as f64 / 1000.0;
        for r in self.runners.iter_mut().filter(|r| !r.non_runner && r.finished_ms.is_none()) {
            r.form = (r.form + rng.gen_range(-0.006..0.006)).clamp(-0.05, 0.05);
            let progress = r.position_m / distance;
            let pace = r.speed * (1.0 + r.form + 0.02 * r.style * (0.5 - progress) + rng.gen_range(-0.01..0.01));
            let before = r.position_m;
            r.position_m += pace * dt;
            if r.position_m >= distance {
                // The moment it passed the post, between this step and the last.
                let share = (distance - before) / (r.position_m - before);
                r.finished_ms = Some((elapsed_s - dt + share * dt) * 1000.0);
                r.position_m = distance;
            }
        }
        if self.runners.iter().all(|r| r.non_runner || r.finished_ms.is_some()) {
            self.finish();
            return i64::MAX;
        }
        t + STEP_MS
    }

    fn keys(&self) -> Vec<MarketKey> {
        if self.phase == Phase::Finished {
            return Vec::new();
        }
        vec![MarketKey::MatchOdds, MarketKey::Place]
    }

    fn draft(&self, key: MarketKey, ctx: &Ctx) -> Option<Draft> {
        let win = self.chances();
        let running = self.phase == Phase::Running;
        match key {
            MarketKey::MatchOdds => {
                let quote = ctx.quote(key);
                let sections = self
                    .runners
                    .iter()
                    .zip(&win)
                    .map(|(r, p)| match r.non_runner {
                        true => section(r.sid, format!("{}. {}", r.number, r.name), REMOVED, MATCH_LIMITS, Vec::new()),
                        false => section(r.sid, format!("{}. {}", r.number, r.name), ACTIVE, MATCH_LIMITS, exchange_levels(*p, r.sid, quote)),
                    })
                    .collect();
                Some(Draft { mname: "Win".into(), gtype: MarketType::Match, status: OPEN, limits: MATCH_LIMITS, rc: if running { IN_PLAY_DELAY_SECS } else { 0 }, sections })
            }
            MarketKey::Place => {
                let place = self.place_chances(&win);
                // House-booked at the feed's price: it closes at the off (its quotes could not keep up with a race).
                let gstatus = if running { SUSPENDED } else { ACTIVE };
                let sections = self
                    .runners
                    .iter()
                    .zip(&place)
                    .map(|(r, p)| match r.non_runner {
                        true => section(r.sid, format!("{}. {}", r.number, r.name), REMOVED, PLACE_LIMITS, Vec::new()),
                        false => section(r.sid, format!("{}. {}", r.number, r.name), gstatus, PLACE_LIMITS, proposition_levels(*p)),
                    })
                    .collect();
                Some(Draft { mname: self.place_name(), gtype: MarketType::Fancy1, status: if running { SUSPENDED } else { OPEN }, limits: PLACE_LIMITS, rc: 0, sections })
            }
            _ => None,
        }
    }

    fn take_results(&mut self) -> Vec<(MarketKey, MarketResult)> {
        std::mem::take(&mut self.results)
    }

    fn take_withdrawals(&mut self) -> Vec<(MarketKey, u32, u32)> {
        std::mem::take(&mut self.withdrawals)
    }

    fn scoreboard(&self) -> Scoreboard {
        let name = |i: usize| format!("{}. {}", self.runners[i].number, self.runners[i].name);
        let message = match self.phase {
            Phase::Pre => format!("{} m, {} runners: going to post", self.distance_m, self.active()),
            Phase::Running => {
                let rank = self.rank();
                let leader = rank.iter().position(|r| *r == 1).unwrap_or(0);
                let left = (self.distance() - self.runners[leader].position_m).max(0.0).round();
                format!("{} leads, {left} m to go", name(leader))
            }
            Phase::Finished => {
                let placed: Vec<String> = self.finish_order.iter().take(3).zip(["1st", "2nd", "3rd"]).map(|(i, place)| format!("{place} {}", name(*i))).collect();
                format!("Result: {}", placed.join(", "))
            }
        };
        Scoreboard { message, balls: Vec::new(), teams: Vec::new(), tracker: Some(self.tracker()) }
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Finished
    }

    fn finish(&mut self, winner: FixtureWinner) {
        if self.phase == Phase::Finished {
            return;
        }
        // A test ending a race now: the leader wins (home), or the last of the runners (away);
        // a draw voids both markets.
        if winner == FixtureWinner::Draw {
            self.results.push((MarketKey::MatchOdds, MarketResult::Void));
            self.results.push((MarketKey::Place, MarketResult::Void));
            self.phase = Phase::Finished;
            return;
        }
        let distance = self.distance();
        let mut rank = self.rank();
        if winner == FixtureWinner::Away {
            let last = rank.iter().copied().max().unwrap_or(1);
            rank.iter_mut().filter(|r| **r > 0).for_each(|r| *r = last + 1 - *r);
        }
        for (i, r) in self.runners.iter_mut().enumerate().filter(|(_, r)| !r.non_runner) {
            r.finished_ms = Some(f64::from(rank[i]));
            r.position_m = distance;
        }
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn race(kind: RaceKind, n: usize) -> Race {
        let mut rng = StdRng::seed_from_u64(7);
        Race::new(kind, (0..n).map(|i| format!("Runner {i}")).collect(), 0, 60_000, 0.0, &mut rng)
    }

    #[test]
    fn harville_place_chances_sum_to_the_places() {
        let p = [0.4, 0.3, 0.2, 0.1];
        let placed = harville_places(&p, 2);
        assert!((placed.iter().sum::<f64>() - 2.0).abs() < 1e-9);
        assert!(placed.windows(2).all(|w| w[0] > w[1]), "a shorter win price is a shorter place price: {placed:?}");
    }

    #[test]
    fn a_race_runs_to_a_result_with_a_winner_and_the_places() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut race = race(RaceKind::Greyhound, 6);
        let mut t = race.start(60_000, &mut rng);
        for _ in 0..1000 {
            if race.is_over() {
                break;
            }
            t = race.play(t, &mut rng);
        }
        let results = race.take_results();
        assert!(matches!(results[0], (MarketKey::MatchOdds, MarketResult::Winner { .. })));
        assert!(matches!(&results[1], (MarketKey::Place, MarketResult::Happened { sids }) if sids.len() == 2));
        assert!(race.elapsed_ms > 20_000 && race.elapsed_ms < 40_000, "a greyhound race takes about 30 s: {}", race.elapsed_ms);
    }

    #[test]
    fn a_leader_late_in_the_race_is_shorter_than_at_the_off() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut race = race(RaceKind::Horse, 10);
        let at_off = race.chances();
        let mut t = race.start(60_000, &mut rng);
        while race.runners.iter().all(|r| r.position_m < race.distance() * 0.85) {
            t = race.play(t, &mut rng);
        }
        let rank = race.rank();
        let leader = rank.iter().position(|r| *r == 1).expect("a leader");
        let now = race.chances();
        assert!(now[leader] > at_off[leader], "leader {} at the off, {} now", at_off[leader], now[leader]);
    }

    #[test]
    fn a_withdrawn_runner_gives_its_chances_as_reduction_factors_and_leaves_the_book() {
        let mut race = race(RaceKind::Greyhound, 6);
        let before = race.chances();
        race.withdraw(2);
        let withdrawals = race.take_withdrawals();
        assert_eq!(withdrawals[0], (MarketKey::MatchOdds, 3, (before[2] * 10_000.0).round() as u32));
        assert_eq!(withdrawals[1].0, MarketKey::Place);
        let after = race.chances();
        assert_eq!(after[2], 0.0);
        assert!((after.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let ctx = Ctx { in_play: false, noise_seed: 1, epoch: 0 };
        let win = race.draft(MarketKey::MatchOdds, &ctx).expect("open");
        assert_eq!(win.sections[2].gstatus, REMOVED);
        assert!(win.sections[2].odds.is_empty());
    }
}
