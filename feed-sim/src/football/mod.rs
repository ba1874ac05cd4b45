//! Football in 15-second slices of match time. Each side scores as a Poisson process with its
//! own rate per 90 minutes; the prices come from the goals each side may still score in the
//! time left (independent Poisson counts), which gives home / draw / away and over/under 2.5.

use crate::game::Game;
use crate::ladder::exchange_levels;
use crate::limits::SCOREBOARD_BALLS_MAX;
use crate::market::{section, Ctx, Draft, MarketKey, ACTIVE, MATCH_LIMITS, OPEN, SIDE_MARKET_LIMITS, SID_AWAY, SID_DRAW, SID_HOME, SUSPENDED};
use crate::math::poisson;
use crate::FixtureWinner;
use rand::rngs::StdRng;
use rand::Rng;
use schemas::sports::{MarketResult, MarketType, Scoreboard, TeamScore};
use std::collections::VecDeque;

mod track;

/// One slice of match time, simulated milliseconds.
const SLICE_MS: i64 = 15_000;
const SLICE_S: u32 = 15;
const HALF_S: u32 = 45 * 60;
const HALF_TIME_MS: i64 = 15 * 60_000;
const KICK_OFF_DELAY_MS: i64 = 60_000;
/// Slices the markets stay suspended after a goal (a VAR check).
const GOAL_SUSPENSION_SLICES: u8 = 3;
/// The stoppage time the market expects at the end of each half, seconds.
const EXPECTED_STOPPAGE_S: [u32; 2] = [90, 240];
/// The most further goals per side the price sums over; the last term holds the tail.
const GOALS_MAX: usize = 10;
const UNDER_SID: u32 = 1;
const OVER_SID: u32 = 2;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    PreMatch,
    /// Half 0 or 1 in play.
    Half(usize),
    HalfTime,
    Over,
}

pub struct Football {
    names: [String; 2],
    /// Goals per 90 minutes.
    rate: [f64; 2],
    goals: [u32; 2],
    stage: Stage,
    /// Seconds played in the current half.
    clock_s: u32,
    /// Stoppage time of each half, seconds (unknown to the market).
    stoppage_s: [u32; 2],
    suspended_slices: u8,
    goal_log: VecDeque<String>,
    results: Vec<(MarketKey, MarketResult)>,
    goals_market_open: bool,
    /// Home, draw, away and over-2.5 probabilities.
    p: [f64; 3],
    p_over: f64,
    /// What the live tracker shows: the ball's zone, incidents and momentum.
    track: track::Track,
}

impl Football {
    /// A match; `details` draws what only the tracker shows (attacks, shots, corners, cards).
    pub fn new(names: [String; 2], rng: &mut StdRng, details: StdRng) -> Self {
        let mut game = Football {
            names,
            rate: [rng.gen_range(1.1..2.0), rng.gen_range(0.7..1.6)],
            goals: [0, 0],
            stage: Stage::PreMatch,
            clock_s: 0,
            stoppage_s: [rng.gen_range(0..=4) * 60, rng.gen_range(2..=7) * 60],
            suspended_slices: 0,
            goal_log: VecDeque::new(),
            results: Vec::new(),
            goals_market_open: true,
            p: [0.0; 3],
            p_over: 0.0,
            track: track::Track::new(details),
        };
        game.reprice();
        game
    }

    /// Match seconds still to play, as the market expects them.
    fn remaining_s(&self) -> f64 {
        let second_half = f64::from(HALF_S + EXPECTED_STOPPAGE_S[1]);
        let left = match self.stage {
            Stage::PreMatch => f64::from(HALF_S + EXPECTED_STOPPAGE_S[0]) + second_half,
            Stage::Half(0) => f64::from((HALF_S + EXPECTED_STOPPAGE_S[0]).saturating_sub(self.clock_s)) + second_half,
            Stage::HalfTime => second_half,
            Stage::Half(_) => f64::from((HALF_S + EXPECTED_STOPPAGE_S[1]).saturating_sub(self.clock_s)),
            Stage::Over => 0.0,
        };
        // Stoppage can run past the expectation; keep a sliver of time while the ball is in play.
        left.max(30.0)
    }

    fn reprice(&mut self) {
        let minutes = self.remaining_s() / 60.0;
        let home = poisson(self.rate[0] * minutes / 90.0, GOALS_MAX);
        let away = poisson(self.rate[1] * minutes / 90.0, GOALS_MAX);
        let mut p = [0.0; 3];
        for (i, ph) in home.iter().enumerate() {
            for (j, pa) in away.iter().enumerate() {
                let (h, a) = (self.goals[0] + i as u32, self.goals[1] + j as u32);
                let outcome = match h.cmp(&a) {
                    std::cmp::Ordering::Greater => 0,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 2,
                };
                p[outcome] += ph * pa;
            }
        }
        self.p = p;
        let need = 3u32.saturating_sub(self.goals[0] + self.goals[1]) as usize;
        let total = poisson((self.rate[0] + self.rate[1]) * minutes / 90.0, GOALS_MAX);
        self.p_over = 1.0 - total.iter().take(need).sum::<f64>();
    }

    /// The match minute being played, from 1 (stoppage counts on: 45+2 is 47).
    fn minute(&self) -> u32 {
        let base = if self.stage == Stage::Half(1) { 45 } else { 0 };
        base + self.clock_s / 60 + 1
    }

    fn minute_text(&self) -> String {
        let base = if self.stage == Stage::Half(1) { 45 } else { 0 };
        let played = self.clock_s / 60;
        if played >= 45 {
            format!("{}+{}'", base + 45, played - 45 + 1)
        } else {
            format!("{}'", base + played + 1)
        }
    }

    fn score_goal(&mut self, team: usize) {
        self.goals[team] += 1;
        self.suspended_slices = GOAL_SUSPENSION_SLICES;
        self.goal_log.push_back(format!("{} {}", self.minute_text(), self.names[team]));
        while self.goal_log.len() > SCOREBOARD_BALLS_MAX {
            self.goal_log.pop_front();
        }
        if self.goals_market_open && self.goals[0] + self.goals[1] >= 3 {
            self.goals_market_open = false;
            self.results.push((MarketKey::Goals, MarketResult::Winner { sid: OVER_SID }));
        }
    }

    fn end_match(&mut self) {
        let sid = match self.goals[0].cmp(&self.goals[1]) {
            std::cmp::Ordering::Greater => SID_HOME,
            std::cmp::Ordering::Equal => SID_DRAW,
            std::cmp::Ordering::Less => SID_AWAY,
        };
        self.results.push((MarketKey::MatchOdds, MarketResult::Winner { sid }));
        if self.goals_market_open {
            let total_sid = if self.goals[0] + self.goals[1] >= 3 { OVER_SID } else { UNDER_SID };
            self.results.push((MarketKey::Goals, MarketResult::Winner { sid: total_sid }));
            self.goals_market_open = false;
        }
        self.stage = Stage::Over;
    }
}

impl Game for Football {
    fn start(&mut self, t: i64, _rng: &mut StdRng) -> i64 {
        self.stage = Stage::Half(0);
        self.clock_s = 0;
        t + KICK_OFF_DELAY_MS
    }

    fn play(&mut self, t: i64, rng: &mut StdRng) -> i64 {
        let next = match self.stage {
            Stage::PreMatch => return self.start(t, rng),
            Stage::Over => return i64::MAX,
            Stage::HalfTime => {
                self.stage = Stage::Half(1);
                self.clock_s = 0;
                t + SLICE_MS
            }
            Stage::Half(half) => {
                self.suspended_slices = self.suspended_slices.saturating_sub(1);
                let mut scored = [false; 2];
                for (team, goal) in scored.iter_mut().enumerate() {
                    if rng.gen::<f64>() < self.rate[team] * f64::from(SLICE_S) / 5400.0 {
                        self.score_goal(team);
                        *goal = true;
                    }
                }
                let new_minute = self.clock_s.is_multiple_of(60);
                self.track.slice(self.minute(), new_minute, scored, self.rate);
                self.clock_s += SLICE_S;
                if self.clock_s < HALF_S + self.stoppage_s[half] {
                    t + SLICE_MS
                } else if half == 0 {
                    self.track.stop();
                    self.stage = Stage::HalfTime;
                    self.suspended_slices = 0;
                    t + HALF_TIME_MS
                } else {
                    self.end_match();
                    i64::MAX
                }
            }
        };
        self.reprice();
        next
    }

    fn keys(&self) -> Vec<MarketKey> {
        match (self.stage, self.goals_market_open) {
            (Stage::Over, _) => Vec::new(),
            (_, true) => vec![MarketKey::MatchOdds, MarketKey::Goals],
            (_, false) => vec![MarketKey::MatchOdds],
        }
    }

    fn draft(&self, key: MarketKey, ctx: &Ctx) -> Option<Draft> {
        let (status, gstatus) = if self.suspended_slices > 0 { (SUSPENDED, SUSPENDED) } else { (OPEN, ACTIVE) };
        let rc = if ctx.in_play { 5 } else { 0 };
        let quote = ctx.quote(key);
        let (mname, limits, runners) = match key {
            MarketKey::MatchOdds => (
                "Match Odds",
                MATCH_LIMITS,
                vec![
                    (SID_HOME, self.names[0].clone(), self.p[0]),
                    (SID_DRAW, "The Draw".to_string(), self.p[1]),
                    (SID_AWAY, self.names[1].clone(), self.p[2]),
                ],
            ),
            MarketKey::Goals => (
                "Over/Under 2.5 Goals",
                SIDE_MARKET_LIMITS,
                vec![(UNDER_SID, "Under 2.5 Goals".to_string(), 1.0 - self.p_over), (OVER_SID, "Over 2.5 Goals".to_string(), self.p_over)],
            ),
            _ => return None,
        };
        let sections = runners.into_iter().map(|(sid, nat, p)| section(sid, nat, gstatus, limits, exchange_levels(p, sid, quote))).collect();
        Some(Draft { mname: mname.to_string(), gtype: MarketType::Match, status, limits, rc, sections })
    }

    fn take_results(&mut self) -> Vec<(MarketKey, MarketResult)> {
        std::mem::take(&mut self.results)
    }

    fn scoreboard(&self) -> Scoreboard {
        let team = |i: usize| TeamScore { name: self.names[i].clone(), score: self.goals[i].to_string(), crr: String::new(), rr: String::new() };
        let score = format!("{} {}-{} {}", self.names[0], self.goals[0], self.goals[1], self.names[1]);
        let message = match self.stage {
            Stage::PreMatch => "Kick-off soon".to_string(),
            Stage::HalfTime => format!("Half time: {score}"),
            Stage::Over => format!("Full time: {score}"),
            Stage::Half(_) if self.suspended_slices > 0 => format!("Goal! {score}"),
            Stage::Half(half) => format!("{} {} half", self.minute_text(), if half == 0 { "1st" } else { "2nd" }),
        };
        let minute = match self.stage {
            Stage::PreMatch => 0,
            Stage::HalfTime => 45,
            _ => self.minute(),
        };
        let tracker = Some(self.track.tracker(minute, self.stage == Stage::Over));
        Scoreboard { message, balls: self.goal_log.iter().cloned().collect(), teams: vec![team(0), team(1)], tracker }
    }

    fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    fn finish(&mut self, winner: FixtureWinner) {
        if self.stage == Stage::Over {
            return;
        }
        // The final score is made to agree with the chosen result.
        let [home, away] = self.goals;
        self.goals = match winner {
            FixtureWinner::Home if home <= away => [away + 1, away],
            FixtureWinner::Away if away <= home => [home, home + 1],
            FixtureWinner::Draw => [home.max(away), home.max(away)],
            _ => self.goals,
        };
        self.end_match();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn game() -> Football {
        let mut rng = StdRng::seed_from_u64(3);
        let mut game = Football::new(["Arsenal".into(), "Chelsea".into()], &mut rng, StdRng::seed_from_u64(4));
        game.rate = [1.5, 1.2];
        game.stage = Stage::Half(0);
        game.clock_s = 20 * 60;
        game.reprice();
        game
    }

    #[test]
    fn outcome_probabilities_sum_to_one() {
        let game = game();
        assert!((game.p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(game.p[0] > game.p[2]);
    }

    #[test]
    fn a_goal_makes_the_scorer_more_likely_to_win() {
        let mut game = game();
        let before = game.p[2];
        game.score_goal(1);
        game.reprice();
        assert!(game.p[2] > before + 0.15, "{before} -> {}", game.p[2]);
    }

    #[test]
    fn the_draw_grows_as_a_level_match_runs_out_of_time() {
        let mut game = game();
        let early = game.p[1];
        game.stage = Stage::Half(1);
        game.clock_s = 40 * 60;
        game.reprice();
        assert!(game.p[1] > early + 0.2, "{early} -> {}", game.p[1]);
    }
}
