//! Cricket ball by ball. Each delivery draws runs or a wicket from a distribution that depends on
//! the phase of the innings, the two sides' strengths and how deep into the batting order the
//! side is. The same distribution projects the rest of an innings (mean and variance of the runs
//! to come, with the chance of being bowled out), which gives the win probability, the session
//! lines, the khado ranges, the meter line and the last-digit prices. Over markets use the exact
//! distribution of the over's remaining balls.

mod format;
mod markets;
mod model;
mod play;
mod track;

pub use format::{Format, T20, VIRTUAL};

use crate::market::MarketKey;
use schemas::sports::MarketResult;
use std::collections::VecDeque;

/// Outcomes of a delivery: 0, 1, 2, 3, 4 or 6 runs, or a wicket (no run).
const OUTCOMES: usize = 7;
const RUNS: [u32; OUTCOMES] = [0, 1, 2, 3, 4, 6, 0];
const FOUR: usize = 4;
const SIX: usize = 5;
const WICKET: usize = 6;

/// Delivery outcome probabilities of an even contest, by phase of the innings (powerplay: the
/// first 30%; death: the last 25%). About 158 runs and 5 wickets over 20 overs before the tail.
const POWERPLAY: [f64; OUTCOMES] = [0.40, 0.30, 0.07, 0.01, 0.14, 0.045, 0.035];
const MIDDLE: [f64; OUTCOMES] = [0.34, 0.40, 0.09, 0.01, 0.09, 0.04, 0.03];
const DEATH: [f64; OUTCOMES] = [0.28, 0.35, 0.10, 0.01, 0.12, 0.08, 0.06];

/// Run totals vary more than independent balls suggest (partnerships, collapses).
const OVERDISPERSION: f64 = 1.5;

/// How much of the first innings' runs beyond its par the chase is expected to follow (the same
/// pitch, the same outfield).
const PITCH_CARRY: f64 = 0.5;

/// The ball probabilities are for a side with this many wickets down; each wicket more (or
/// fewer) changes the boundary and wicket chances by these steps.
const AVERAGE_WICKETS_DOWN: f64 = 3.0;
const WICKET_BOUNDARY_STEP: f64 = 0.06;
const WICKET_RISK_STEP: f64 = 0.12;

/// The width of every khado range, in runs.
const KHADO_WIDTH: u32 = 5;

/// The fancy line's rate on each side (per 100).
const LINE_RATE: u32 = 100;

/// How far the winning hit of a chase overshoots the target: 0 to 5 runs.
const CHASE_OVERSHOOT: [f64; 6] = [0.55, 0.15, 0.12, 0.08, 0.06, 0.04];

/// The largest run total an over market tracks (six sixes, plus the runs already scored).
const OVER_RUNS_MAX: usize = 72;

#[derive(Debug, Clone, Copy, Default)]
struct OverTally {
    runs: u32,
    four: bool,
    six: bool,
    wicket: bool,
}

#[derive(Debug, Clone, Default)]
struct Innings {
    runs: u32,
    wickets: u32,
    /// Legal balls bowled.
    balls: u32,
    /// The over in progress.
    over: OverTally,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    PreMatch,
    Ready,
    /// The ball is in the air: its outcome is drawn, not yet shown.
    Delivered(usize),
    WicketBreak,
    InningsBreak,
    Over,
}

/// What a delivery's result ended.
enum After {
    Ball,
    Over,
    Innings,
    Match,
}

/// Where an innings may go from here (see `Cricket::projection`).
struct Projection {
    runs: u32,
    balls: u32,
    /// Mean and variance of the runs added over 0, 1, 2, … further balls.
    cumulative: Vec<(f64, f64)>,
}

impl Projection {
    /// The projected runs at ball `to_ball` of the innings: mean and standard deviation.
    fn at(&self, to_ball: u32) -> (f64, f64) {
        let k = to_ball.saturating_sub(self.balls) as usize;
        let (mean, var) = self.cumulative.get(k).or(self.cumulative.last()).copied().unwrap_or_default();
        (f64::from(self.runs) + mean, (var * OVERDISPERSION).sqrt())
    }
}

/// Everything the markets show, computed once per change of the score.
#[derive(Debug, Clone, Default)]
struct Prices {
    p_home: f64,
    /// Each open session of the current innings: its over and projected total (mean, sd).
    sessions: Vec<(u32, (f64, f64))>,
    /// The expected final total of the current innings.
    meter: f64,
    digits: [f64; 10],
    /// The current and the next over.
    overs: Vec<(u32, OverOutlook)>,
}

/// The chances of what happens in the rest of one over.
#[derive(Debug, Clone, Copy, Default)]
struct OverOutlook {
    odd: f64,
    six: f64,
    four: f64,
    wicket: f64,
}

pub struct Cricket {
    format: &'static Format,
    names: [String; 2],
    short: [String; 2],
    strength: [f64; 2],
    /// The team (0 home, 1 away) that bats first.
    first: usize,
    innings: [Innings; 2],
    /// The innings in progress (or about to start).
    cur: usize,
    stage: Stage,
    balls_log: VecDeque<String>,
    results: Vec<(MarketKey, MarketResult)>,
    result_text: String,
    prices: Prices,
    /// What the live tracker shows of the innings being played.
    track: track::Track,
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn game() -> Cricket {
        let mut rng = StdRng::seed_from_u64(1);
        let mut game = Cricket::new(&T20, ["India".into(), "Australia".into()], ["IND".into(), "AUS".into()], &mut rng, StdRng::seed_from_u64(2));
        game.strength = [1.0, 1.0];
        game.first = 0;
        game
    }

    #[test]
    fn an_even_t20_innings_projects_a_realistic_total() {
        let (mean, sd) = game().projection(0).at(120);
        assert!((135.0..175.0).contains(&mean), "mean {mean}");
        assert!((15.0..35.0).contains(&sd), "sd {sd}");
    }

    #[test]
    fn a_chase_gets_harder_as_the_runs_needed_grow_and_wickets_fall() {
        let mut game = game();
        game.cur = 1;
        game.innings[0].runs = 160;
        game.innings[1] = Innings { runs: 100, wickets: 3, balls: 84, over: OverTally::default() };
        game.reprice();
        let easy = game.prices.p_home;
        game.innings[1].runs = 80;
        game.reprice();
        let harder = game.prices.p_home;
        game.innings[1].wickets = 8;
        game.reprice();
        let hardest = game.prices.p_home;
        // Home bats first, so the home probability rises as the chase gets harder.
        assert!(easy < harder && harder < hardest, "{easy} {harder} {hardest}");
    }

    #[test]
    fn over_outlook_is_certain_once_a_six_is_hit() {
        let mut game = game();
        game.innings[0].balls = 14;
        game.innings[0].over = OverTally { runs: 7, six: true, ..OverTally::default() };
        let outlook = game.over_outlook(0, 3);
        assert_eq!(outlook.six, 1.0);
        assert!(outlook.four > 0.0 && outlook.four < 1.0);
        assert!(outlook.odd > 0.3 && outlook.odd < 0.7);
    }

    #[test]
    fn a_chase_spreads_its_last_digit_over_the_target_and_a_few_runs_past_it() {
        let mut game = game();
        game.cur = 1;
        game.innings[0].runs = 173;
        game.innings[1] = Innings { runs: 150, wickets: 2, balls: 100, over: OverTally::default() };
        game.reprice();
        let digits = game.prices.digits;
        assert!((digits.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        // Reaching 174 is likely; the target's digit leads without swallowing the rest.
        assert!(digits[4] > 0.3 && digits[4] < 0.6, "{digits:?}");
        assert!(digits.iter().all(|d| *d < 0.6), "{digits:?}");
    }

    #[test]
    fn last_digit_probabilities_sum_to_one() {
        let sum: f64 = game().prices.digits.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9);
    }

    /// How far the favourite's decimal odds move, as a share of them, on each dot ball and each
    /// wicket of first innings played from the model's own chances (seeded).
    fn first_innings_moves() -> (Vec<f64>, Vec<f64>) {
        use rand::Rng;
        let (mut dots, mut wickets) = (Vec::new(), Vec::new());
        for seed in 0..60 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = Cricket::new(&T20, ["A".into(), "B".into()], ["A".into(), "B".into()], &mut rng, StdRng::seed_from_u64(2));
            while game.cur == 0 {
                let s = &game.innings[0];
                let p = game.ball_probs(0, s.balls, s.wickets);
                let mut draw: f64 = rng.gen();
                let outcome = p.iter().position(|q| {
                    draw -= q;
                    draw < 0.0
                });
                let outcome = outcome.unwrap_or(0);
                let favourite = |p: f64| 1.0 / p.max(1.0 - p);
                let before = favourite(game.prices.p_home);
                game.apply(outcome, &mut rng);
                let moved = (favourite(game.prices.p_home) - before).abs() / before;
                match outcome {
                    0 => dots.push(moved),
                    WICKET => wickets.push(moved),
                    _ => {}
                }
            }
        }
        (dots, wickets)
    }

    fn median(mut values: Vec<f64>) -> f64 {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    }

    #[test]
    fn a_dot_ball_nudges_the_match_odds_and_a_wicket_moves_them() {
        let (dots, wickets) = first_innings_moves();
        let (dot, wicket) = (median(dots), median(wickets));
        // A real T20 market: about 1 % on a dot ball, several times that on a wicket.
        assert!(dot < 0.015, "a dot ball moves the favourite's odds by {:.2} % at the median", dot * 100.0);
        assert!(wicket > 3.0 * dot, "a wicket moves them {:.2} %, a dot ball {:.2} %", wicket * 100.0, dot * 100.0);
    }
}
