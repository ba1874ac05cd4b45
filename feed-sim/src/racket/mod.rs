//! Tennis and table tennis, point by point. One [`Racket`] game plays both: two players, a
//! match-odds market and one on the current period (a set or a game), both suspended at the
//! critical points, and a scoreboard log of the last points. A sport's [`Scoring`] says how a
//! point changes its score, what each player's chances are from a score, and how the score reads;
//! `serve` holds the probability math the two sports share.

mod serve;
mod table_tennis;
mod tennis;

use crate::game::Game;
use crate::limits::{SCOREBOARD_BALLS_MAX, TRACKER_RALLY_MAX};
use crate::market::{team_sid, two_runner_exchange, Ctx, Draft, MarketKey, ACTIVE, MATCH_LIMITS, OPEN, SIDE_MARKET_LIMITS, SUSPENDED};
use crate::FixtureWinner;
use rand::rngs::StdRng;
use rand::Rng;
use schemas::sports::{MarketResult, MarketType, Scoreboard, TeamScore};
use schemas::tracker::{RacketTracker, Tracker};
use serve::Serve;
use std::collections::VecDeque;

/// Tennis: best of three sets with a tiebreak at 6-6.
pub type Tennis = Racket<tennis::Score>;
/// Table tennis: games to 11 (win by two), best of five.
pub type TableTennis = Racket<table_tennis::Score>;

/// What a point completed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Ended {
    Point,
    /// A game inside a period (a tennis game inside a set).
    Game,
    /// A period (a tennis set, a table tennis game), with its final score.
    Period([u8; 2]),
    /// The match, with its last period's final score.
    Match([u8; 2]),
}

/// A racket sport's constants.
pub struct Rules {
    /// The period market's name: "Set 2 Winner", "Game 3 Winner".
    pub period: &'static str,
    /// The scoreboard log's word for the point that wins the match.
    pub match_word: &'static str,
    /// The range each player's chance of winning a point on serve is drawn from.
    pub serve: (f64, f64),
    /// Pace in simulated milliseconds.
    pub first_point_ms: i64,
    pub point_gap_ms: (i64, i64),
    pub period_break_ms: i64,
}

/// A racket sport's score: how a point changes it, the chances from it, and how it reads.
/// Player 0 is home.
pub trait Scoring: Copy + Send + 'static {
    const RULES: Rules;
    /// The score before the first point, `server` to serve.
    fn first(server: usize) -> Self;
    /// The score after `winner` wins a point, and what that point completed.
    fn after(self, winner: usize) -> (Self, Ended);
    /// Who serves the next point.
    fn server(&self) -> usize;
    /// The winner of the next point for a uniform `draw` in [0, 1); each sport reads the draw its
    /// own way, and a seed's matches depend on it.
    fn point_winner(&self, serve: Serve, draw: f64) -> usize;
    /// Player 0's chances of the current period and of the match.
    fn chances(&self, serve: Serve) -> (f64, f64);
    /// Whether the markets are suspended for the next point (a set or match point).
    fn critical(&self) -> bool;
    /// The break added after a game that ends inside a period.
    fn changeover_ms(&self) -> i64 {
        0
    }
    /// The scoreboard log's entry for a point that ends nothing.
    fn point_text(&self, names: &[String; 2]) -> String;
    /// The current period's score (games in a set, points in a game).
    fn period_score(&self) -> [u8; 2];
    /// The periods each player has won.
    fn won(&self) -> [u8; 2];
    /// The points of the game in play as the umpire calls them, home first.
    fn called_points(&self) -> Vec<String>;
    fn tiebreak(&self) -> bool {
        false
    }
    /// A player's score on the scoreboard; `history` holds the finished periods' scores.
    fn team_score(&self, history: &[[u8; 2]], player: usize, over: bool) -> String;
    /// The final score as the winner's scoreboard line gives it ("6-4 7-5", "3-1").
    fn result_text(&self, history: &[[u8; 2]], winner: usize) -> String;
    /// The scoreboard's message while play goes on in period `period`.
    fn playing_text(&self, period: u8, critical: bool, names: &[String; 2]) -> String;
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    PreMatch,
    Playing,
    Over,
}

/// A racket match of sport `S`.
pub struct Racket<S> {
    names: [String; 2],
    serve: Serve,
    score: S,
    /// Each finished period's final score.
    history: Vec<[u8; 2]>,
    stage: Stage,
    points_log: VecDeque<String>,
    results: Vec<(MarketKey, MarketResult)>,
    /// Player 0's chances of the current period and the match.
    p_period: f64,
    p_match: f64,
    winner: Option<usize>,
    rally: Rally,
}

impl<S: Scoring> Racket<S> {
    pub fn new(names: [String; 2], rng: &mut StdRng) -> Self {
        let (low, high) = S::RULES.serve;
        let serve = Serve([rng.gen_range(low..high), rng.gen_range(low..high)]);
        let score = S::first(rng.gen_range(0..2));
        let (p_period, p_match) = score.chances(serve);
        Racket {
            names,
            serve,
            score,
            history: Vec::new(),
            stage: Stage::PreMatch,
            points_log: VecDeque::new(),
            results: Vec::new(),
            p_period,
            p_match,
            winner: None,
            rally: Rally::default(),
        }
    }

    fn period_number(&self) -> u8 {
        self.history.len() as u8 + 1
    }

    fn critical(&self) -> bool {
        self.stage == Stage::Playing && self.score.critical()
    }

    fn tracker(&self) -> Tracker {
        let s = &self.score;
        let mut periods: Vec<Vec<u8>> = self.history.iter().map(|p| p.to_vec()).collect();
        if self.stage != Stage::Over {
            periods.push(s.period_score().to_vec());
        }
        Tracker::Racket(RacketTracker {
            server: (self.stage == Stage::Playing).then_some(s.server() as u8),
            points: s.called_points(),
            periods,
            won: s.won().to_vec(),
            rally: self.rally.points.clone(),
            tiebreak: s.tiebreak(),
        })
    }

    fn decide_match(&mut self, winner: usize) {
        let result = MarketResult::Winner { sid: team_sid(winner) };
        self.results.push((MarketKey::Period(self.period_number()), result.clone()));
        self.results.push((MarketKey::MatchOdds, result));
        self.winner = Some(winner);
        self.stage = Stage::Over;
    }

    /// Records what a point completed; the break it adds before the next point.
    fn record(&mut self, winner: usize, ended: Ended) -> i64 {
        let rules = S::RULES;
        let name = self.names[winner].clone();
        match ended {
            Ended::Point => {
                self.points_log.push_back(self.score.point_text(&self.names));
                0
            }
            Ended::Game => {
                self.points_log.push_back(format!("Game {name}"));
                self.score.changeover_ms()
            }
            Ended::Period(score) => {
                self.results.push((MarketKey::Period(self.period_number()), MarketResult::Winner { sid: team_sid(winner) }));
                self.history.push(score);
                self.points_log.push_back(format!("{} {name}", rules.period));
                rules.period_break_ms
            }
            Ended::Match(score) => {
                self.decide_match(winner);
                self.history.push(score);
                self.points_log.push_back(format!("{} {name}", rules.match_word));
                0
            }
        }
    }
}

impl<S: Scoring> Game for Racket<S> {
    fn start(&mut self, t: i64, _rng: &mut StdRng) -> i64 {
        self.stage = Stage::Playing;
        t + S::RULES.first_point_ms
    }

    fn play(&mut self, t: i64, rng: &mut StdRng) -> i64 {
        if self.stage != Stage::Playing {
            return if self.stage == Stage::PreMatch { self.start(t, rng) } else { i64::MAX };
        }
        let winner = self.score.point_winner(self.serve, rng.gen::<f64>());
        let (score, ended) = self.score.after(winner);
        self.score = score;
        self.rally.point(winner, ended != Ended::Point);
        let (low, high) = S::RULES.point_gap_ms;
        let gap = rng.gen_range(low..=high) + self.record(winner, ended);
        while self.points_log.len() > SCOREBOARD_BALLS_MAX {
            self.points_log.pop_front();
        }
        if self.stage == Stage::Over {
            return i64::MAX;
        }
        (self.p_period, self.p_match) = self.score.chances(self.serve);
        t + gap
    }

    fn keys(&self) -> Vec<MarketKey> {
        if self.stage == Stage::Over {
            return Vec::new();
        }
        vec![MarketKey::MatchOdds, MarketKey::Period(self.period_number())]
    }

    fn draft(&self, key: MarketKey, ctx: &Ctx) -> Option<Draft> {
        let (status, gstatus) = if self.critical() { (SUSPENDED, SUSPENDED) } else { (OPEN, ACTIVE) };
        let rc = if ctx.in_play { 3 } else { 0 };
        let (mname, p, limits) = match key {
            MarketKey::MatchOdds => ("Match Odds".to_string(), self.p_match, MATCH_LIMITS),
            MarketKey::Period(n) => (format!("{} {n} Winner", S::RULES.period), self.p_period, SIDE_MARKET_LIMITS),
            _ => return None,
        };
        let sections = two_runner_exchange(&self.names, p, gstatus, limits, ctx.quote(key));
        Some(Draft { mname, gtype: MarketType::Match, status, limits, rc, sections })
    }

    fn take_results(&mut self) -> Vec<(MarketKey, MarketResult)> {
        std::mem::take(&mut self.results)
    }

    fn scoreboard(&self) -> Scoreboard {
        let over = self.stage == Stage::Over;
        let team = |i: usize| TeamScore { name: self.names[i].clone(), score: self.score.team_score(&self.history, i, over), crr: String::new(), rr: String::new() };
        let message = match self.stage {
            Stage::PreMatch => "Players warming up".to_string(),
            Stage::Over => {
                let winner = self.winner.unwrap_or(0);
                format!("{} won {}", self.names[winner], self.score.result_text(&self.history, winner))
            }
            Stage::Playing => self.score.playing_text(self.period_number(), self.critical(), &self.names),
        };
        Scoreboard { message, balls: self.points_log.iter().cloned().collect(), teams: vec![team(0), team(1)], tracker: Some(self.tracker()) }
    }

    fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    fn finish(&mut self, winner: FixtureWinner) {
        if self.stage == Stage::Over {
            return;
        }
        match winner {
            FixtureWinner::Home => self.decide_match(0),
            FixtureWinner::Away => self.decide_match(1),
            FixtureWinner::Draw => {
                self.results.push((MarketKey::Period(self.period_number()), MarketResult::Void));
                self.results.push((MarketKey::MatchOdds, MarketResult::Void));
                self.stage = Stage::Over;
            }
        }
    }
}

/// Who won each point of the game in play (or of the game just won, until the next point): the
/// tracker's point-by-point strip.
#[derive(Debug, Clone, Default)]
struct Rally {
    points: Vec<u8>,
    /// The game is over: the next point starts a new strip.
    done: bool,
}

impl Rally {
    /// `winner` won a point; `game_over` when it ended the game.
    fn point(&mut self, winner: usize, game_over: bool) {
        if std::mem::take(&mut self.done) {
            self.points.clear();
        }
        self.points.push(winner as u8);
        if self.points.len() > TRACKER_RALLY_MAX {
            self.points.remove(0);
        }
        self.done = game_over;
    }
}
