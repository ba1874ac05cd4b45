//! Table tennis point by point: games to 11 (win by two), best of five. Serve changes every two
//! points, and every point from 10-10. Each player wins a point on serve with a fixed
//! probability; game and match probabilities follow exactly by recursion over the score.

use crate::game::Game;
use crate::racket::{self, Rally, Serve};
use crate::market::{team_sid, Ctx, Draft, MarketKey};
use crate::tennis::race;
use crate::FixtureWinner;
use rand::rngs::StdRng;
use rand::Rng;
use schemas::sports::{MarketResult, Scoreboard, TeamScore};
use schemas::tracker::{RacketTracker, Tracker};
use std::collections::VecDeque;

const GAMES_TO_WIN: u8 = 3;
const POINTS_TO_WIN: u8 = 11;

/// Pace in simulated milliseconds.
const FIRST_POINT_MS: i64 = 60_000;
const POINT_GAP_MS: (i64, i64) = (8_000, 15_000);
const GAME_BREAK_MS: i64 = 60_000;

/// Who serves point `n` (from 0) of a game whose first point `first` served.
fn server(first: usize, n: u32) -> usize {
    let turn = if n < 20 { n / 2 } else { n };
    if turn.is_multiple_of(2) {
        first
    } else {
        1 - first
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Score {
    games: [u8; 2],
    points: [u8; 2],
    /// Who served the current game's first point.
    first: usize,
}

impl Score {
    fn server(&self) -> usize {
        server(self.first, u32::from(self.points[0]) + u32::from(self.points[1]))
    }

    /// The score after `winner` wins a point, and whether it ended a game (`Some` with the
    /// game's final points) and the match.
    fn after(self, winner: usize) -> (Score, Option<[u8; 2]>, bool) {
        let mut s = self;
        s.points[winner] += 1;
        let (won, lost) = (s.points[winner], s.points[1 - winner]);
        if won < POINTS_TO_WIN || won < lost + 2 {
            return (s, None, false);
        }
        let points = s.points;
        s.points = [0, 0];
        s.games[winner] += 1;
        s.first = 1 - s.first;
        (s, Some(points), s.games[winner] >= GAMES_TO_WIN)
    }
}

impl Serve {
    /// P(player 0 wins the current game, and the match) from `score`.
    fn game_and_match(self, score: &Score) -> (f64, f64) {
        let (mut a, mut b) = (usize::from(score.points[0]), usize::from(score.points[1]));
        // Past 10-10 serve alternates every point, so two points later the pattern repeats.
        while a > 11 || b > 11 {
            a -= 2;
            b -= 2;
        }
        let p_game = self.race_table::<12>(score.first, server)[a][b];
        let fresh = (self.race_table::<12>(0, server)[0][0] + self.race_table::<12>(1, server)[0][0]) / 2.0;
        let later = |ga: u8, gb: u8| race(fresh, GAMES_TO_WIN - ga.min(GAMES_TO_WIN), GAMES_TO_WIN - gb.min(GAMES_TO_WIN));
        let p_match = p_game * later(score.games[0] + 1, score.games[1]) + (1.0 - p_game) * later(score.games[0], score.games[1] + 1);
        (p_game, p_match)
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    PreMatch,
    Playing,
    Over,
}

pub struct TableTennis {
    names: [String; 2],
    serve: Serve,
    score: Score,
    history: Vec<[u8; 2]>,
    stage: Stage,
    points_log: VecDeque<String>,
    results: Vec<(MarketKey, MarketResult)>,
    p_game: f64,
    p_match: f64,
    winner: Option<usize>,
    rally: Rally,
}

impl TableTennis {
    pub fn new(names: [String; 2], rng: &mut StdRng) -> Self {
        let serve = Serve([rng.gen_range(0.52..0.60), rng.gen_range(0.52..0.60)]);
        let score = Score { first: rng.gen_range(0..2), ..Score::default() };
        let (p_game, p_match) = serve.game_and_match(&score);
        TableTennis {
            names,
            serve,
            score,
            history: Vec::new(),
            stage: Stage::PreMatch,
            points_log: VecDeque::new(),
            results: Vec::new(),
            p_game,
            p_match,
            winner: None,
            rally: Rally::default(),
        }
    }

    fn game_number(&self) -> u8 {
        self.history.len() as u8 + 1
    }

    /// Whether the next point can win the match for either player.
    fn match_point(&self) -> bool {
        self.stage == Stage::Playing && (0..2).any(|w| self.score.after(w).2)
    }

    fn tracker(&self) -> Tracker {
        let s = &self.score;
        let mut periods: Vec<Vec<u8>> = self.history.iter().map(|p| p.to_vec()).collect();
        if self.stage != Stage::Over {
            periods.push(s.points.to_vec());
        }
        Tracker::Racket(RacketTracker {
            server: (self.stage == Stage::Playing).then_some(s.server() as u8),
            points: s.points.iter().map(u8::to_string).collect(),
            periods,
            won: s.games.to_vec(),
            rally: self.rally.points.clone(),
            tiebreak: false,
        })
    }

    fn decide_match(&mut self, winner: usize) {
        let result = MarketResult::Winner { sid: team_sid(winner) };
        self.results.push((MarketKey::Period(self.game_number()), result.clone()));
        self.results.push((MarketKey::MatchOdds, result));
        self.winner = Some(winner);
        self.stage = Stage::Over;
    }
}

impl Game for TableTennis {
    fn start(&mut self, t: i64, _rng: &mut StdRng) -> i64 {
        self.stage = Stage::Playing;
        t + FIRST_POINT_MS
    }

    fn play(&mut self, t: i64, rng: &mut StdRng) -> i64 {
        if self.stage != Stage::Playing {
            return if self.stage == Stage::PreMatch { self.start(t, rng) } else { i64::MAX };
        }
        let p0 = self.serve.p0(self.score.server());
        let winner = if rng.gen::<f64>() < p0 { 0 } else { 1 };
        let (score, game, won_match) = self.score.after(winner);
        self.score = score;
        self.rally.point(winner, game.is_some());
        let mut gap = rng.gen_range(POINT_GAP_MS.0..=POINT_GAP_MS.1);
        if won_match {
            self.decide_match(winner);
        } else if game.is_some() {
            self.results.push((MarketKey::Period(self.game_number()), MarketResult::Winner { sid: team_sid(winner) }));
            gap += GAME_BREAK_MS;
        }
        if let Some(points) = game {
            self.history.push(points);
            self.points_log.push_back(format!("Game {}", self.names[winner]));
        } else {
            self.points_log.push_back(format!("{}-{}", score.points[0], score.points[1]));
        }
        racket::trim_log(&mut self.points_log);
        if self.stage == Stage::Over {
            return i64::MAX;
        }
        (self.p_game, self.p_match) = self.serve.game_and_match(&self.score);
        t + gap
    }

    fn keys(&self) -> Vec<MarketKey> {
        racket::keys(self.stage == Stage::Over, self.game_number())
    }

    fn draft(&self, key: MarketKey, ctx: &Ctx) -> Option<Draft> {
        racket::draft(&self.names, key, ctx, self.match_point(), "Game", &racket::Chances { p_match: self.p_match, p_period: self.p_game })
    }

    fn take_results(&mut self) -> Vec<(MarketKey, MarketResult)> {
        std::mem::take(&mut self.results)
    }

    fn scoreboard(&self) -> Scoreboard {
        let s = &self.score;
        let team = |i: usize| {
            let score = if self.stage == Stage::Over { s.games[i].to_string() } else { format!("{} ({})", s.games[i], s.points[i]) };
            TeamScore { name: self.names[i].clone(), score, crr: String::new(), rr: String::new() }
        };
        let message = match self.stage {
            Stage::PreMatch => "Players warming up".to_string(),
            Stage::Over => {
                let winner = self.winner.unwrap_or(0);
                format!("{} won {}-{}", self.names[winner], s.games[winner], s.games[1 - winner])
            }
            Stage::Playing if self.match_point() => format!("Game {}, match point, {} serving", self.game_number(), self.names[s.server()]),
            Stage::Playing => format!("Game {}, {} serving", self.game_number(), self.names[s.server()]),
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
                self.results.push((MarketKey::Period(self.game_number()), MarketResult::Void));
                self.results.push((MarketKey::MatchOdds, MarketResult::Void));
                self.stage = Stage::Over;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serve_alternates_every_two_points_then_every_point_from_ten_all() {
        let order: Vec<usize> = (0..6).map(|n| server(0, n)).collect();
        assert_eq!(order, [0, 0, 1, 1, 0, 0]);
        assert_eq!((20..24).map(|n| server(0, n)).collect::<Vec<_>>(), [0, 1, 0, 1]);
    }

    #[test]
    fn a_game_lead_raises_the_match_probability() {
        let serve = Serve([0.56, 0.56]);
        let (game, matched) = serve.game_and_match(&Score::default());
        assert!((game - 0.5).abs() < 0.03 && (matched - 0.5).abs() < 0.03, "{game} {matched}");
        let (_, ahead) = serve.game_and_match(&Score { games: [2, 0], points: [5, 2], first: 0 });
        assert!(ahead > 0.9, "{ahead}");
        let long_deuce = serve.game_and_match(&Score { games: [0, 0], points: [14, 13], first: 0 }).0;
        let short_deuce = serve.game_and_match(&Score { games: [0, 0], points: [10, 9], first: 0 }).0;
        assert!((long_deuce - short_deuce).abs() < 1e-12);
    }
}
