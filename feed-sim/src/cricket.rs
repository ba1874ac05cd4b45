//! Cricket ball by ball. Each delivery draws runs or a wicket from a distribution that depends on
//! the phase of the innings, the two sides' strengths and how deep into the batting order the
//! side is. The same distribution projects the rest of an innings (mean and variance of the runs
//! to come, with the chance of being bowled out), which gives the win probability, the session
//! lines, the khado ranges, the meter line and the last-digit prices. Over markets use the exact
//! distribution of the over's remaining balls.

use crate::game::Game;
use crate::ladder::{back_only_levels, bookmaker_levels, khado_levels, line_levels, proposition_levels};
use crate::limits::SCOREBOARD_BALLS_MAX;
use crate::market::{
    section, team_sid, two_runner_exchange, Ctx, Draft, MarketKey, ACTIVE, BALL_RUNNING, BOOKMAKER_LIMITS, DIGIT_LIMITS, FANCY_LIMITS, KHADO_LIMITS,
    MATCH_LIMITS, METER_LIMITS, OPEN, PROPOSITION_LIMITS, SUSPENDED,
};
use crate::math::{normal_cdf, normal_range, poisson_cdf};
use crate::FixtureWinner;
use rand::rngs::StdRng;
use rand::Rng;
use schemas::sports::{MarketResult, MarketType, Scoreboard, TeamScore};
use std::collections::VecDeque;

/// The shape and pace of a match (times in simulated milliseconds).
#[derive(Debug)]
pub struct Format {
    pub overs: u32,
    /// The overs at which session (fancy) lines, and khado ranges on them, are decided.
    pub sessions: &'static [u32],
    first_ball_ms: i64,
    /// Between a delivery (ball running) and its result.
    result_delay_ms: i64,
    /// From a result to the next delivery.
    ball_gap_ms: (i64, i64),
    over_break_ms: i64,
    /// Markets stay suspended this long after a wicket.
    wicket_pause_ms: i64,
    new_batter_ms: i64,
    innings_break_ms: i64,
}

/// A real T20 match: about three and a quarter hours.
pub const T20: Format = Format {
    overs: 20,
    sessions: &[6, 10, 15, 20],
    first_ball_ms: 60_000,
    result_delay_ms: 4_000,
    ball_gap_ms: (22_000, 34_000),
    over_break_ms: 45_000,
    wicket_pause_ms: 20_000,
    new_batter_ms: 40_000,
    innings_break_ms: 600_000,
};

/// A virtual match of five overs a side: about five minutes.
pub const VIRTUAL: Format = Format {
    overs: 5,
    sessions: &[2, 5],
    first_ball_ms: 5_000,
    result_delay_ms: 1_500,
    ball_gap_ms: (2_000, 3_000),
    over_break_ms: 3_000,
    wicket_pause_ms: 3_000,
    new_batter_ms: 2_000,
    innings_break_ms: 20_000,
};

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
}

impl Cricket {
    pub fn new(format: &'static Format, names: [String; 2], short: [String; 2], rng: &mut StdRng) -> Self {
        let mut game = Cricket {
            format,
            names,
            short,
            strength: [rng.gen_range(0.9..1.1), rng.gen_range(0.9..1.1)],
            first: rng.gen_range(0..2),
            innings: [Innings::default(), Innings::default()],
            cur: 0,
            stage: Stage::PreMatch,
            balls_log: VecDeque::new(),
            results: Vec::new(),
            result_text: String::new(),
            prices: Prices::default(),
        };
        game.reprice();
        game
    }

    fn total_balls(&self) -> u32 {
        self.format.overs * 6
    }

    /// The team batting in innings `inn`.
    fn batting(&self, inn: usize) -> usize {
        if inn == 0 {
            self.first
        } else {
            1 - self.first
        }
    }

    fn target(&self) -> u32 {
        self.innings[0].runs + 1
    }

    /// Outcome probabilities of ball `ball` (0-based) of innings `inn` with `wickets` down.
    fn ball_probs(&self, inn: usize, ball: u32, wickets: u32) -> [f64; OUTCOMES] {
        let phase = f64::from(ball) / f64::from(self.total_balls());
        let mut p = if phase < 0.3 {
            POWERPLAY
        } else if phase < 0.75 {
            MIDDLE
        } else {
            DEATH
        };
        let bat = self.batting(inn);
        let edge = (self.strength[bat] / self.strength[1 - bat]).clamp(0.8, 1.25);
        // The tail hits fewer boundaries and gets out more often.
        let (boundary, wicket) = match wickets {
            0..=4 => (1.0, 1.0),
            5..=6 => (0.9, 1.25),
            _ => (0.7, 1.6),
        };
        p[FOUR] *= edge * boundary;
        p[SIX] *= edge * boundary;
        p[WICKET] *= wicket / edge;
        p[0] = 0.0;
        p[0] = (1.0 - p.iter().sum::<f64>()).max(0.05);
        let total: f64 = p.iter().sum();
        p.map(|x| x / total)
    }

    /// The phase of ball `ball` (from 0): 0 powerplay (the first 30%), 1 middle, 2 death (the
    /// last 25%).
    fn phase(&self, ball: u32) -> usize {
        let at = f64::from(ball) / f64::from(self.total_balls());
        if at < 0.3 {
            0
        } else if at < 0.75 {
            1
        } else {
            2
        }
    }

    /// How innings `inn` may go from here: the mean and variance of the runs it adds over each
    /// number of further balls, allowing for the side being bowled out first.
    fn projection(&self, inn: usize) -> Projection {
        let s = &self.innings[inn];
        let mut cumulative = vec![(0.0, 0.0)];
        let in_hand = 10u32.saturating_sub(s.wickets);
        let (mut mean, mut var, mut lost) = (0.0, 0.0, 0.0_f64);
        // The distribution changes only with the phase and the wickets down.
        let mut memo: Option<((usize, u32), f64, f64, f64)> = None;
        for ball in (s.balls..self.total_balls()).take_while(|_| in_hand > 0) {
            let alive = poisson_cdf(lost, in_hand - 1);
            let wickets = s.wickets + lost.round() as u32;
            let key = (self.phase(ball), wickets);
            let (mu, sigma2, q) = match memo {
                Some((k, mu, sigma2, q)) if k == key => (mu, sigma2, q),
                _ => {
                    let p = self.ball_probs(inn, ball, wickets);
                    let mu: f64 = p.iter().zip(RUNS).map(|(q, r)| q * f64::from(r)).sum();
                    let square: f64 = p.iter().zip(RUNS).map(|(q, r)| q * f64::from(r * r)).sum();
                    memo = Some((key, mu, square - mu * mu, p[WICKET]));
                    (mu, square - mu * mu, p[WICKET])
                }
            };
            mean += alive * mu;
            var += alive * sigma2;
            lost += alive * q;
            cumulative.push((mean, var));
        }
        Projection { runs: s.runs, balls: s.balls, cumulative }
    }

    /// The probability that the home side wins (a tie counts half), from the current innings'
    /// projected total.
    fn model_p_home(&self, total: (f64, f64)) -> f64 {
        let (center, sd) = total;
        let p_chaser = if self.cur == 0 {
            let (chase, chase_sd) = self.projection(1).at(self.total_balls());
            normal_cdf((chase - center - 0.5) / (sd * sd + chase_sd * chase_sd).sqrt().max(0.5))
        } else {
            let target = f64::from(self.target());
            if f64::from(self.innings[1].runs) >= target {
                1.0
            } else if sd <= 0.0 {
                0.0
            } else {
                normal_cdf((center - target + 0.5) / sd)
            }
        };
        if self.batting(1) == 0 {
            p_chaser
        } else {
            1.0 - p_chaser
        }
    }

    /// The chances of what happens in the rest of over `over` (from 1) of innings `inn`.
    fn over_outlook(&self, inn: usize, over: u32) -> OverOutlook {
        let s = &self.innings[inn];
        let start = (over - 1) * 6;
        let (tally, done) = if s.balls > start && s.balls < start + 6 { (s.over, s.balls - start) } else { (OverTally::default(), 0) };
        let mut dist = vec![0.0; OVER_RUNS_MAX + 1];
        dist[(tally.runs as usize).min(OVER_RUNS_MAX)] = 1.0;
        let (mut no_six, mut no_four, mut no_wicket) = (1.0, 1.0, 1.0);
        for ball in start + done..start + 6 {
            let p = self.ball_probs(inn, ball, s.wickets);
            let mut next = vec![0.0; OVER_RUNS_MAX + 1];
            for (runs, weight) in dist.iter().enumerate().filter(|(_, w)| **w > 0.0) {
                for (q, r) in p.iter().zip(RUNS) {
                    next[(runs + r as usize).min(OVER_RUNS_MAX)] += weight * q;
                }
            }
            dist = next;
            no_six *= 1.0 - p[SIX];
            no_four *= 1.0 - p[FOUR];
            no_wicket *= 1.0 - p[WICKET];
        }
        let happened = |seen: bool, none: f64| if seen { 1.0 } else { 1.0 - none };
        OverOutlook {
            odd: dist.iter().skip(1).step_by(2).sum(),
            six: happened(tally.six, no_six),
            four: happened(tally.four, no_four),
            wicket: happened(tally.wicket, no_wicket),
        }
    }

    /// Probabilities of the last digit of innings `inn`'s final total, projected at `total`. A
    /// chase stops at the target: the chance of reaching it lands on the target plus the runs
    /// the winning hit overshoots by.
    fn digit_probs(&self, inn: usize, total: (f64, f64)) -> [f64; 10] {
        let (center, sd) = total;
        let mut digits = [0.0; 10];
        let low = self.innings[inn].runs;
        let chase = inn == 1;
        let high = if chase { self.target().saturating_sub(1) } else { (center + 5.0 * sd + 6.0) as u32 };
        for k in low..=high.max(low) {
            digits[(k % 10) as usize] += normal_range(center, sd, f64::from(k), f64::from(k + 1));
        }
        if chase {
            let reached = 1.0 - normal_cdf((f64::from(self.target()) - 0.5 - center) / sd.max(0.3));
            for (extra, share) in (0u32..).zip(CHASE_OVERSHOOT) {
                digits[((self.target() + extra) % 10) as usize] += reached * share;
            }
        }
        let sum: f64 = digits.iter().sum();
        if sum > 0.0 {
            digits.iter_mut().for_each(|d| *d /= sum);
        }
        digits
    }

    /// The expected final total of innings `inn` projected at `total`, a chase counting no
    /// further than the target.
    fn expected_total(&self, inn: usize, total: (f64, f64)) -> f64 {
        let (center, sd) = total;
        if inn == 0 || sd <= 0.0 {
            return center;
        }
        // E[min(X, T)] for X normal: the mean less the part of the distribution past the target.
        let z = (center - f64::from(self.target())) / sd;
        let density = (-z * z / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
        center - sd * (z * normal_cdf(z) + density)
    }

    /// Recomputes everything the markets show from the score: once per change, not per draft.
    fn reprice(&mut self) {
        if self.stage == Stage::Over {
            return;
        }
        let cur = self.cur;
        let projection = self.projection(cur);
        let total = projection.at(self.total_balls());
        let completed = self.innings[cur].balls / 6;
        let sessions = self.format.sessions.iter().filter(|o| **o > completed).map(|o| (*o, projection.at(o * 6))).collect();
        let overs = (completed + 1..=completed + 2).filter(|o| *o <= self.format.overs).map(|o| (o, self.over_outlook(cur, o))).collect();
        self.prices = Prices {
            p_home: self.model_p_home(total),
            sessions,
            meter: self.expected_total(cur, total),
            digits: self.digit_probs(cur, total),
            overs,
        };
    }

    /// Applies a delivery's outcome and decides whatever it completes.
    fn apply(&mut self, outcome: usize, rng: &mut StdRng) -> After {
        let cur = self.cur;
        let runs = RUNS[outcome];
        let wicket = outcome == WICKET;
        let s = &mut self.innings[cur];
        s.runs += runs;
        s.balls += 1;
        s.wickets += u32::from(wicket);
        s.over.runs += runs;
        s.over.four |= outcome == FOUR;
        s.over.six |= outcome == SIX;
        s.over.wicket |= wicket;
        let (balls, total_runs, wickets, tally) = (s.balls, s.runs, s.wickets, s.over);
        self.balls_log.push_back(if wicket { "W".to_string() } else { runs.to_string() });
        while self.balls_log.len() > SCOREBOARD_BALLS_MAX {
            self.balls_log.pop_front();
        }
        let mut after = After::Ball;
        if balls.is_multiple_of(6) {
            self.settle_over(cur, balls / 6, tally, total_runs);
            self.innings[cur].over = OverTally::default();
            after = After::Over;
        }
        let chased = cur == 1 && total_runs >= self.target();
        if wickets >= 10 || balls >= self.total_balls() || chased {
            // A chase that ends early voids the sessions it never reached; a side bowled out
            // settles them at its total.
            let sessions = if chased { None } else { Some(total_runs) };
            self.settle_innings(cur, sessions, Some(total_runs));
            after = if cur == 0 {
                self.cur = 1;
                After::Innings
            } else {
                self.end_match(rng);
                After::Match
            };
        }
        self.reprice();
        after
    }

    fn settle_over(&mut self, inn: usize, over: u32, tally: OverTally, innings_runs: u32) {
        let i = inn as u8;
        let o = over as u8;
        let sids: Vec<u32> = [(1, tally.six), (2, tally.four), (3, tally.wicket)].into_iter().filter(|(_, seen)| *seen).map(|(sid, _)| sid).collect();
        self.results.push((MarketKey::OverProps { innings: i, over: o }, MarketResult::Happened { sids }));
        self.results.push((MarketKey::OverOddEven { innings: i, over: o }, MarketResult::Runs { value: tally.runs }));
        if self.format.sessions.contains(&over) {
            self.results.push((MarketKey::Session { innings: i, over: o }, MarketResult::Runs { value: innings_runs }));
            self.results.push((MarketKey::Khado { innings: i, over: o }, MarketResult::Runs { value: innings_runs }));
        }
    }

    /// Decides every market of innings `inn` still open: sessions not reached at `sessions`
    /// (void when `None`), the innings total markets at `total`, unfinished overs void.
    fn settle_innings(&mut self, inn: usize, sessions: Option<u32>, total: Option<u32>) {
        let i = inn as u8;
        let completed = self.innings[inn].balls / 6;
        let runs = |v: Option<u32>| v.map_or(MarketResult::Void, |value| MarketResult::Runs { value });
        for &over in self.format.sessions.iter().filter(|o| **o > completed) {
            let o = over as u8;
            self.results.push((MarketKey::Session { innings: i, over: o }, runs(sessions)));
            self.results.push((MarketKey::Khado { innings: i, over: o }, runs(sessions)));
        }
        self.results.push((MarketKey::Meter { innings: i }, runs(total)));
        let digit = total.map_or(MarketResult::Void, |v| MarketResult::Winner { sid: v % 10 + 1 });
        self.results.push((MarketKey::LastDigit { innings: i }, digit));
        for over in (completed + 1..=completed + 2).filter(|o| *o <= self.format.overs) {
            let o = over as u8;
            self.results.push((MarketKey::OverProps { innings: i, over: o }, MarketResult::Void));
            self.results.push((MarketKey::OverOddEven { innings: i, over: o }, MarketResult::Void));
        }
    }

    fn end_match(&mut self, rng: &mut StdRng) {
        let (first, chaser) = (self.batting(0), self.batting(1));
        let (first_runs, second) = (self.innings[0].runs, &self.innings[1]);
        let winner = if second.runs >= self.target() {
            self.result_text = format!("{} won by {} wickets", self.names[chaser], 10 - second.wickets);
            chaser
        } else if second.runs == first_runs {
            let winner = rng.gen_range(0..2);
            self.result_text = format!("Match tied, {} won the super over", self.names[winner]);
            winner
        } else {
            self.result_text = format!("{} won by {} runs", self.names[first], first_runs - second.runs);
            first
        };
        self.settle_match(Some(winner));
    }

    fn settle_match(&mut self, winner: Option<usize>) {
        let result = winner.map_or(MarketResult::Void, |team| MarketResult::Winner { sid: team_sid(team) });
        self.results.push((MarketKey::MatchOdds, result.clone()));
        self.results.push((MarketKey::Bookmaker, result));
        self.stage = Stage::Over;
    }

    /// Market and section status of a market now.
    fn statuses(&self, key: MarketKey) -> (&'static str, &'static str) {
        match self.stage {
            Stage::WicketBreak => (SUSPENDED, SUSPENDED),
            Stage::Delivered(_) if !key.is_exchange() => (OPEN, BALL_RUNNING),
            _ => (OPEN, ACTIVE),
        }
    }

    fn innings_label(&self, inn: u8) -> String {
        let ordinal = if inn == 0 { "1st" } else { "2nd" };
        format!("{ordinal} innings runs {}", self.short[self.batting(usize::from(inn))])
    }

    fn draft_bookmaker(&self, gstatus: &'static str) -> Vec<schemas::sports::Section> {
        [(0, self.prices.p_home), (1, 1.0 - self.prices.p_home)]
            .into_iter()
            .map(|(team, p)| match bookmaker_levels(p) {
                Some(levels) => section(team_sid(team), self.names[team].clone(), gstatus, BOOKMAKER_LIMITS, levels),
                None => section(team_sid(team), self.names[team].clone(), SUSPENDED, BOOKMAKER_LIMITS, Vec::new()),
            })
            .collect()
    }

    fn session(&self, over: u8) -> Option<(f64, f64)> {
        self.prices.sessions.iter().find(|(o, _)| *o == u32::from(over)).map(|(_, total)| *total)
    }

    fn outlook(&self, over: u8) -> Option<OverOutlook> {
        self.prices.overs.iter().find(|(o, _)| *o == u32::from(over)).map(|(_, outlook)| *outlook)
    }

    fn draft_run_market(&self, key: MarketKey, gstatus: &'static str) -> Option<(String, MarketType, schemas::sports::Section)> {
        Some(match key {
            MarketKey::Session { innings, over } => {
                let (center, _) = self.session(over)?;
                let nat = format!("{over} over runs {}", self.short[self.batting(usize::from(innings))]);
                let levels = line_levels(center.floor() as u32, LINE_RATE, LINE_RATE);
                (nat.clone(), MarketType::Fancy, section(1, nat, gstatus, FANCY_LIMITS, levels))
            }
            MarketKey::Khado { innings, over } => {
                let inn = usize::from(innings);
                let (center, sd) = self.session(over)?;
                let line = ((center - 2.0).floor() as u32).max(self.innings[inn].runs);
                let p = normal_range(center, sd, f64::from(line), f64::from(line + KHADO_WIDTH));
                let nat = format!("{over} over runs {}", self.short[self.batting(inn)]);
                let mut range = section(1, nat.clone(), gstatus, KHADO_LIMITS, khado_levels(line, p));
                range.width = KHADO_WIDTH;
                (format!("Khado: {nat}"), MarketType::Khado, range)
            }
            MarketKey::Meter { innings } => {
                let nat = self.innings_label(innings);
                let levels = line_levels(self.prices.meter.floor() as u32, LINE_RATE, LINE_RATE);
                (format!("Meter: {nat}"), MarketType::Meter, section(1, nat, gstatus, METER_LIMITS, levels))
            }
            MarketKey::OverOddEven { innings, over } => {
                let outlook = self.outlook(over)?;
                let nat = format!("Over {over} runs {}", self.short[self.batting(usize::from(innings))]);
                (
                    format!("{nat} odd/even"),
                    MarketType::Oddeven,
                    section(1, format!("{nat} odd"), gstatus, PROPOSITION_LIMITS, proposition_levels(outlook.odd)),
                )
            }
            _ => return None,
        })
    }

    fn draft_over_props(&self, over: u8, gstatus: &'static str) -> Option<Vec<schemas::sports::Section>> {
        let outlook = self.outlook(over)?;
        let sections = [(1, "Six", outlook.six), (2, "Four", outlook.four), (3, "Wicket", outlook.wicket)]
            .into_iter()
            .map(|(sid, what, p)| {
                // A proposition that has already happened is decided: it waits, suspended, for
                // the end of the over.
                let status = if p >= 1.0 { SUSPENDED } else { gstatus };
                section(sid, format!("{what} in over {over}"), status, PROPOSITION_LIMITS, proposition_levels(p))
            })
            .collect();
        Some(sections)
    }

    fn draft_digits(&self, gstatus: &'static str) -> Vec<schemas::sports::Section> {
        self.prices
            .digits
            .iter()
            .enumerate()
            .map(|(digit, p)| section(digit as u32 + 1, digit.to_string(), gstatus, DIGIT_LIMITS, back_only_levels(*p)))
            .collect()
    }

    fn team_score(&self, team: usize) -> TeamScore {
        let inn = if team == self.first { 0 } else { 1 };
        let s = &self.innings[inn];
        let started = s.balls > 0 || inn < self.cur || (inn == self.cur && !matches!(self.stage, Stage::PreMatch | Stage::InningsBreak));
        if !started {
            return TeamScore { name: self.names[team].clone(), score: "Yet to bat".to_string(), crr: String::new(), rr: String::new() };
        }
        let crr = if s.balls > 0 { format!("{:.2}", f64::from(s.runs) * 6.0 / f64::from(s.balls)) } else { "0.00".to_string() };
        let balls_left = self.total_balls() - s.balls;
        let rr = if inn == 1 && self.stage != Stage::Over && balls_left > 0 {
            format!("{:.2}", f64::from(self.target().saturating_sub(s.runs)) * 6.0 / f64::from(balls_left))
        } else {
            String::new()
        };
        TeamScore { name: self.names[team].clone(), score: format!("{}/{} ({}.{})", s.runs, s.wickets, s.balls / 6, s.balls % 6), crr, rr }
    }

    fn message(&self) -> String {
        let bat = &self.names[self.batting(self.cur)];
        let s = &self.innings[self.cur];
        match self.stage {
            Stage::PreMatch => format!("{} won the toss and will bat first", self.names[self.first]),
            Stage::Over => self.result_text.clone(),
            Stage::InningsBreak => format!("Innings break: {bat} need {} runs to win", self.target()),
            Stage::WicketBreak => format!("Wicket! {bat} {}/{}", s.runs, s.wickets),
            _ if self.cur == 1 => {
                format!("{bat} need {} runs from {} balls", self.target().saturating_sub(s.runs), self.total_balls() - s.balls)
            }
            _ => format!("{bat} batting first, {} runs in {}.{} overs", s.runs, s.balls / 6, s.balls % 6),
        }
    }
}

impl Game for Cricket {
    fn start(&mut self, t: i64, _rng: &mut StdRng) -> i64 {
        self.stage = Stage::Ready;
        t + self.format.first_ball_ms
    }

    fn play(&mut self, t: i64, rng: &mut StdRng) -> i64 {
        match self.stage {
            Stage::PreMatch => self.start(t, rng),
            Stage::Ready => {
                let s = &self.innings[self.cur];
                let p = self.ball_probs(self.cur, s.balls, s.wickets);
                let draw: f64 = rng.gen();
                let mut acc = 0.0;
                let outcome = p.iter().position(|q| {
                    acc += q;
                    draw < acc
                });
                self.stage = Stage::Delivered(outcome.unwrap_or(0));
                t + self.format.result_delay_ms
            }
            Stage::Delivered(outcome) => {
                let gap = rng.gen_range(self.format.ball_gap_ms.0..=self.format.ball_gap_ms.1);
                match self.apply(outcome, rng) {
                    After::Match => i64::MAX,
                    After::Innings => {
                        self.stage = Stage::InningsBreak;
                        t + self.format.innings_break_ms
                    }
                    _ if outcome == WICKET => {
                        self.stage = Stage::WicketBreak;
                        t + self.format.wicket_pause_ms
                    }
                    After::Over => {
                        self.stage = Stage::Ready;
                        t + gap + self.format.over_break_ms
                    }
                    After::Ball => {
                        self.stage = Stage::Ready;
                        t + gap
                    }
                }
            }
            Stage::WicketBreak => {
                self.stage = Stage::Ready;
                t + self.format.new_batter_ms
            }
            Stage::InningsBreak => {
                self.stage = Stage::Ready;
                t + self.format.first_ball_ms
            }
            Stage::Over => i64::MAX,
        }
    }

    fn keys(&self) -> Vec<MarketKey> {
        if self.stage == Stage::Over {
            return Vec::new();
        }
        let i = self.cur as u8;
        let completed = self.innings[self.cur].balls / 6;
        let mut keys = vec![MarketKey::MatchOdds, MarketKey::Bookmaker];
        for &over in self.format.sessions.iter().filter(|o| **o > completed) {
            keys.push(MarketKey::Session { innings: i, over: over as u8 });
            keys.push(MarketKey::Khado { innings: i, over: over as u8 });
        }
        keys.push(MarketKey::Meter { innings: i });
        keys.push(MarketKey::LastDigit { innings: i });
        for over in (completed + 1..=completed + 2).filter(|o| *o <= self.format.overs) {
            keys.push(MarketKey::OverProps { innings: i, over: over as u8 });
            keys.push(MarketKey::OverOddEven { innings: i, over: over as u8 });
        }
        keys
    }

    fn draft(&self, key: MarketKey, ctx: &Ctx) -> Option<Draft> {
        let (status, gstatus) = self.statuses(key);
        let (mname, gtype, limits, rc, sections) = match key {
            MarketKey::MatchOdds => {
                let rc = if ctx.in_play { 3 } else { 0 };
                (
                    "Match Odds".to_string(),
                    MarketType::Match,
                    MATCH_LIMITS,
                    rc,
                    two_runner_exchange(&self.names, self.prices.p_home, gstatus, MATCH_LIMITS, ctx.quote(key)),
                )
            }
            MarketKey::Bookmaker => ("Bookmaker".to_string(), MarketType::Match1, BOOKMAKER_LIMITS, 0, self.draft_bookmaker(gstatus)),
            MarketKey::OverProps { innings, over } => {
                let mname = format!("Over {over} {}", self.short[self.batting(usize::from(innings))]);
                (mname, MarketType::Fancy1, PROPOSITION_LIMITS, 0, self.draft_over_props(over, gstatus)?)
            }
            MarketKey::LastDigit { innings } => {
                (format!("{} last digit", self.innings_label(innings)), MarketType::Cricketcasino, DIGIT_LIMITS, 0, self.draft_digits(gstatus))
            }
            MarketKey::Goals | MarketKey::Period(_) => return None,
            run_market => {
                let (mname, gtype, section) = self.draft_run_market(run_market, gstatus)?;
                let limits = match gtype {
                    MarketType::Khado => KHADO_LIMITS,
                    MarketType::Meter => METER_LIMITS,
                    MarketType::Oddeven => PROPOSITION_LIMITS,
                    _ => FANCY_LIMITS,
                };
                (mname, gtype, limits, 0, vec![section])
            }
        };
        Some(Draft { mname, gtype, status, limits, rc, sections })
    }

    fn take_results(&mut self) -> Vec<(MarketKey, MarketResult)> {
        std::mem::take(&mut self.results)
    }

    fn scoreboard(&self) -> Scoreboard {
        Scoreboard { message: self.message(), balls: self.balls_log.iter().cloned().collect(), teams: vec![self.team_score(0), self.team_score(1)] }
    }

    fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    fn finish(&mut self, winner: FixtureWinner) {
        if self.stage == Stage::Over {
            return;
        }
        // Innings already finished are settled; the one in progress settles at its score, and
        // one never started is void.
        for inn in self.cur..2 {
            let s = &self.innings[inn];
            let runs = (s.balls > 0).then_some(s.runs);
            self.settle_innings(inn, runs, runs);
        }
        let team = match winner {
            FixtureWinner::Home => Some(0),
            FixtureWinner::Away => Some(1),
            FixtureWinner::Draw => None,
        };
        self.result_text = match team {
            Some(team) => format!("{} won", self.names[team]),
            None => "No result".to_string(),
        };
        self.settle_match(team);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn game() -> Cricket {
        let mut rng = StdRng::seed_from_u64(1);
        let mut game = Cricket::new(&T20, ["India".into(), "Australia".into()], ["IND".into(), "AUS".into()], &mut rng);
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
}
