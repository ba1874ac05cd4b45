//! Cricket played ball by ball: a new match, each delivery's result, the settlements it brings,
//! and the `Game` the fixture layer drives.

use super::{Cricket, Innings, OverTally, Prices, Stage, After, RUNS, FOUR, SIX, WICKET};
use super::format::Format;
use crate::game::Game;
use crate::limits::SCOREBOARD_BALLS_MAX;
use crate::market::{
    team_sid, two_runner_exchange, Ctx, Draft, MarketKey, BOOKMAKER_LIMITS, DIGIT_LIMITS, FANCY_LIMITS, KHADO_LIMITS,
    MATCH_LIMITS, METER_LIMITS, PROPOSITION_LIMITS,
};
use crate::FixtureWinner;
use rand::rngs::StdRng;
use rand::Rng;
use schemas::sports::{MarketResult, MarketType, Scoreboard};
use std::collections::VecDeque;

impl Cricket {
    /// A match; `details` draws what only the tracker shows (each shot's direction).
    pub fn new(format: &'static Format, names: [String; 2], short: [String; 2], rng: &mut StdRng, details: StdRng) -> Self {
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
            track: super::track::Track::new(details),
        };
        game.reprice();
        game
    }

    /// Applies a delivery's outcome and decides whatever it completes.
    pub(super) fn apply(&mut self, outcome: usize, rng: &mut StdRng) -> After {
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
        self.track.ball(cur, balls, runs, wicket);
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

    pub(super) fn settle_over(&mut self, inn: usize, over: u32, tally: OverTally, innings_runs: u32) {
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
    pub(super) fn settle_innings(&mut self, inn: usize, sessions: Option<u32>, total: Option<u32>) {
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

    pub(super) fn end_match(&mut self, rng: &mut StdRng) {
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

    pub(super) fn settle_match(&mut self, winner: Option<usize>) {
        let result = winner.map_or(MarketResult::Void, |team| MarketResult::Winner { sid: team_sid(team) });
        self.results.push((MarketKey::MatchOdds, result.clone()));
        self.results.push((MarketKey::Bookmaker, result));
        self.stage = Stage::Over;
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
        Scoreboard {
            message: self.message(),
            balls: self.balls_log.iter().cloned().collect(),
            teams: vec![self.team_score(0), self.team_score(1)],
            tracker: Some(self.tracker()),
        }
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
