//! The cricket model: the chance of each delivery's outcome, and what it projects for the rest
//! of an innings (totals, win probability, over and last-digit chances).

use super::{Cricket, Innings, OverOutlook, OverTally, Prices, Projection, Stage, OUTCOMES, RUNS, FOUR, SIX, WICKET, POWERPLAY, MIDDLE, DEATH, CHASE_OVERSHOOT, OVER_RUNS_MAX, PITCH_CARRY, WICKET_BOUNDARY_STEP, WICKET_RISK_STEP, AVERAGE_WICKETS_DOWN};
use crate::math::{normal_cdf, normal_range, poisson_cdf};

impl Cricket {
    pub(super) fn total_balls(&self) -> u32 {
        self.format.overs * 6
    }

    /// The team batting in innings `inn`.
    pub(super) fn batting(&self, inn: usize) -> usize {
        if inn == 0 {
            self.first
        } else {
            1 - self.first
        }
    }

    pub(super) fn target(&self) -> u32 {
        self.innings[0].runs + 1
    }

    /// Outcome probabilities of ball `ball` (0-based) of innings `inn` with `wickets` down.
    pub(super) fn ball_probs(&self, inn: usize, ball: u32, wickets: u32) -> [f64; OUTCOMES] {
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
        // Each wicket down makes the batters more careful and brings in a weaker one: fewer
        // boundaries, more wickets. A wicket costs the innings runs, as the resources tables say.
        let down = f64::from(wickets);
        let boundary = 1.0 + WICKET_BOUNDARY_STEP * (AVERAGE_WICKETS_DOWN - down);
        let wicket = (1.0 + WICKET_RISK_STEP * (down - AVERAGE_WICKETS_DOWN)).max(WICKET_RISK_STEP);
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
    pub(super) fn phase(&self, ball: u32) -> usize {
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
    pub(super) fn projection(&self, inn: usize) -> Projection {
        self.projection_from(inn, &self.innings[inn])
    }

    /// The projection of innings `inn` from score `s` (the innings as it stands, or a fresh one).
    fn projection_from(&self, inn: usize, s: &Innings) -> Projection {
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
    pub(super) fn model_p_home(&self, total: (f64, f64)) -> f64 {
        let (center, sd) = total;
        let p_chaser = if self.cur == 0 {
            let (chase, chase_sd) = self.projection(1).at(self.total_balls());
            // Both sides bat on the same pitch: the runs the first innings has made above or
            // below par so far say something of the pitch, and part of that carries to the chase
            // (its wickets do not: they are the batting side's own). So a dot ball moves the
            // match less than the runs it costs, and a wicket more.
            let first = &self.innings[0];
            let (par, _) = self.projection_from(0, &Innings::default()).at(first.balls);
            let chase = chase + PITCH_CARRY * (f64::from(first.runs) - par);
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
    pub(super) fn over_outlook(&self, inn: usize, over: u32) -> OverOutlook {
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
    pub(super) fn digit_probs(&self, inn: usize, total: (f64, f64)) -> [f64; 10] {
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
    pub(super) fn expected_total(&self, inn: usize, total: (f64, f64)) -> f64 {
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
    pub(super) fn reprice(&mut self) {
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
}
