//! Tennis point by point, best of three sets with a tiebreak at 6-6. Each player wins a point on
//! serve with a fixed probability (0.60–0.68); game, tiebreak, set and match probabilities follow
//! exactly from those two numbers by recursion over the score.

use crate::game::Game;
use crate::racket::{self, Rally, Serve};
use crate::market::{team_sid, Ctx, Draft, MarketKey};
use crate::FixtureWinner;
use rand::rngs::StdRng;
use rand::Rng;
use schemas::sports::{MarketResult, Scoreboard, TeamScore};
use schemas::tracker::{RacketTracker, Tracker};
use std::collections::VecDeque;

const SETS_TO_WIN: u8 = 2;

/// Pace in simulated milliseconds.
const FIRST_POINT_MS: i64 = 120_000;
const POINT_GAP_MS: (i64, i64) = (20_000, 35_000);
const CHANGEOVER_MS: i64 = 60_000;
const SET_BREAK_MS: i64 = 120_000;

/// The score of a match in progress. Player 0 is home.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Score {
    sets: [u8; 2],
    games: [u8; 2],
    points: [u8; 2],
    tiebreak: bool,
    /// Who serves the next point.
    server: usize,
    /// Who served the tiebreak's first point.
    tb_first: usize,
}

/// What a point completed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Ended {
    Point,
    Game,
    /// A set, with its final games.
    Set([u8; 2]),
    Match([u8; 2]),
}

/// Who serves point `n` (from 0) of a tiebreak whose first point `first` served: one point,
/// then two each.
fn tiebreak_server(first: usize, n: u32) -> usize {
    if n.div_ceil(2).is_multiple_of(2) {
        first
    } else {
        1 - first
    }
}

impl Score {
    fn after(self, winner: usize) -> (Score, Ended) {
        let mut s = self;
        s.points[winner] += 1;
        let (won, lost) = (s.points[winner], s.points[1 - winner]);
        let game_won = if s.tiebreak { won >= 7 && won >= lost + 2 } else { won >= 4 && won >= lost + 2 };
        if !game_won {
            if s.tiebreak {
                s.server = tiebreak_server(s.tb_first, u32::from(won) + u32::from(lost));
            }
            return (s, Ended::Point);
        }
        s.points = [0, 0];
        s.games[winner] += 1;
        let set_won = s.tiebreak || (s.games[winner] >= 6 && s.games[winner] >= s.games[1 - winner] + 2);
        // After a tiebreak the player who received first serves the next set.
        s.server = if s.tiebreak { 1 - s.tb_first } else { 1 - s.server };
        s.tiebreak = false;
        if !set_won {
            if s.games == [6, 6] {
                s.tiebreak = true;
                s.tb_first = s.server;
            }
            return (s, Ended::Game);
        }
        let games = s.games;
        s.games = [0, 0];
        s.sets[winner] += 1;
        if s.sets[winner] >= SETS_TO_WIN {
            (s, Ended::Match(games))
        } else {
            (s, Ended::Set(games))
        }
    }
}

/// P(server wins the game) from `a`–`b` in points, winning a point with probability `p`.
fn game_prob(p: f64, a: u8, b: u8) -> f64 {
    if a >= 4 && a >= b + 2 {
        return 1.0;
    }
    if b >= 4 && b >= a + 2 {
        return 0.0;
    }
    if a >= 3 && b >= 3 {
        let q = 1.0 - p;
        let deuce = p * p / (p * p + q * q);
        return match a.cmp(&b) {
            std::cmp::Ordering::Equal => deuce,
            std::cmp::Ordering::Greater => p + q * deuce,
            std::cmp::Ordering::Less => p * deuce,
        };
    }
    p * game_prob(p, a + 1, b) + (1.0 - p) * game_prob(p, a, b + 1)
}

impl Serve {
    /// P(player 0 wins the tiebreak) from `points`.
    fn tiebreak_prob(self, first: usize, points: [u8; 2]) -> f64 {
        let (mut a, mut b) = (usize::from(points[0]), usize::from(points[1]));
        // Four points later the serving order repeats, so long tiebreaks fold back into the table.
        while a > 7 || b > 7 {
            a -= 2;
            b -= 2;
        }
        self.race_table::<8>(first, tiebreak_server)[a][b]
    }

    /// P(player 0 wins the set) from every games score, by who serves the next game.
    fn set_table(self) -> [[[f64; 2]; 8]; 8] {
        let hold = [game_prob(self.0[0], 0, 0), game_prob(self.0[1], 0, 0)];
        let tiebreak = [self.race_table::<8>(0, tiebreak_server)[0][0], self.race_table::<8>(1, tiebreak_server)[0][0]];
        let mut s = [[[0.0; 2]; 8]; 8];
        for a in (0..8usize).rev() {
            for b in (0..8usize).rev() {
                for server in 0..2 {
                    s[a][b][server] = if a == 7 || (a >= 6 && a >= b + 2) {
                        1.0
                    } else if b == 7 || (b >= 6 && b >= a + 2) {
                        0.0
                    } else if a == 6 && b == 6 {
                        tiebreak[server]
                    } else {
                        let g = if server == 0 { hold[0] } else { 1.0 - hold[1] };
                        g * s[a + 1][b][1 - server] + (1.0 - g) * s[a][b + 1][1 - server]
                    };
                }
            }
        }
        s
    }

    /// P(player 0 wins the current set, and the match) from `score`.
    fn set_and_match(self, score: &Score) -> (f64, f64) {
        let table = self.set_table();
        let (a, b) = (usize::from(score.games[0]), usize::from(score.games[1]));
        let p_set = if score.tiebreak {
            self.tiebreak_prob(score.tb_first, score.points)
        } else {
            let srv = score.server;
            let g = if srv == 0 {
                game_prob(self.0[0], score.points[0], score.points[1])
            } else {
                1.0 - game_prob(self.0[1], score.points[1], score.points[0])
            };
            g * table[a + 1][b][1 - srv] + (1.0 - g) * table[a][b + 1][1 - srv]
        };
        // Who serves first in a later set barely matters: average it out.
        let fresh = (table[0][0][0] + table[0][0][1]) / 2.0;
        let later = |sa: u8, sb: u8| race(fresh, SETS_TO_WIN - sa.min(SETS_TO_WIN), SETS_TO_WIN - sb.min(SETS_TO_WIN));
        let p_match = p_set * later(score.sets[0] + 1, score.sets[1]) + (1.0 - p_set) * later(score.sets[0], score.sets[1] + 1);
        (p_set, p_match)
    }
}

/// P(player 0 wins `need0` units before player 1 wins `need1`), each won with probability `p`.
pub(crate) fn race(p: f64, need0: u8, need1: u8) -> f64 {
    if need0 == 0 {
        return 1.0;
    }
    if need1 == 0 {
        return 0.0;
    }
    p * race(p, need0 - 1, need1) + (1.0 - p) * race(p, need0, need1 - 1)
}

fn point_name(points: u8) -> &'static str {
    match points {
        0 => "0",
        1 => "15",
        2 => "30",
        _ => "40",
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    PreMatch,
    Playing,
    Over,
}

pub struct Tennis {
    names: [String; 2],
    serve: Serve,
    score: Score,
    set_history: Vec<[u8; 2]>,
    stage: Stage,
    points_log: VecDeque<String>,
    results: Vec<(MarketKey, MarketResult)>,
    /// Player 0's chances of the current set and the match.
    p_set: f64,
    p_match: f64,
    winner: Option<usize>,
    rally: Rally,
}

impl Tennis {
    pub fn new(names: [String; 2], rng: &mut StdRng) -> Self {
        let serve = Serve([rng.gen_range(0.60..0.68), rng.gen_range(0.60..0.68)]);
        let score = Score { server: rng.gen_range(0..2), ..Score::default() };
        let (p_set, p_match) = serve.set_and_match(&score);
        Tennis {
            names,
            serve,
            score,
            set_history: Vec::new(),
            stage: Stage::PreMatch,
            points_log: VecDeque::new(),
            results: Vec::new(),
            p_set,
            p_match,
            winner: None,
            rally: Rally::default(),
        }
    }

    fn set_number(&self) -> u8 {
        self.set_history.len() as u8 + 1
    }

    /// Whether the next point can end the set (a set or match point for either player).
    fn critical(&self) -> bool {
        self.stage == Stage::Playing && (0..2).any(|w| matches!(self.score.after(w).1, Ended::Set(_) | Ended::Match(_)))
    }

    fn point_text(&self) -> String {
        let s = &self.score;
        if s.tiebreak {
            return format!("{}-{}", s.points[0], s.points[1]);
        }
        match (s.points[0], s.points[1]) {
            (a, b) if a >= 3 && b >= 3 && a == b => "Deuce".to_string(),
            (a, b) if a >= 3 && b >= 3 => format!("Adv {}", if a > b { &self.names[0] } else { &self.names[1] }),
            (a, b) => format!("{}-{}", point_name(a), point_name(b)),
        }
    }

    /// The game's score as the umpire calls it, home first.
    fn called_points(&self) -> Vec<String> {
        let s = &self.score;
        if s.tiebreak {
            return s.points.iter().map(u8::to_string).collect();
        }
        match (s.points[0], s.points[1]) {
            (a, b) if a >= 3 && b >= 3 && a != b => {
                let ad = |p: u8| if p > a.min(b) { "Ad" } else { "40" };
                vec![ad(a).to_string(), ad(b).to_string()]
            }
            (a, b) => vec![point_name(a).to_string(), point_name(b).to_string()],
        }
    }

    fn tracker(&self) -> Tracker {
        let s = &self.score;
        let playing = self.stage == Stage::Playing;
        let mut periods: Vec<Vec<u8>> = self.set_history.iter().map(|g| g.to_vec()).collect();
        if self.stage != Stage::Over {
            periods.push(s.games.to_vec());
        }
        Tracker::Racket(RacketTracker {
            server: playing.then_some(s.server as u8),
            points: self.called_points(),
            periods,
            won: s.sets.to_vec(),
            rally: self.rally.points.clone(),
            tiebreak: s.tiebreak,
        })
    }

    fn decide_match(&mut self, winner: usize) {
        let result = MarketResult::Winner { sid: team_sid(winner) };
        self.results.push((MarketKey::Period(self.set_number()), result.clone()));
        self.results.push((MarketKey::MatchOdds, result));
        self.winner = Some(winner);
        self.stage = Stage::Over;
    }
}

impl Game for Tennis {
    fn start(&mut self, t: i64, _rng: &mut StdRng) -> i64 {
        self.stage = Stage::Playing;
        t + FIRST_POINT_MS
    }

    fn play(&mut self, t: i64, rng: &mut StdRng) -> i64 {
        if self.stage != Stage::Playing {
            return if self.stage == Stage::PreMatch { self.start(t, rng) } else { i64::MAX };
        }
        let server = self.score.server;
        let winner = if rng.gen::<f64>() < self.serve.0[server] { server } else { 1 - server };
        let (score, ended) = self.score.after(winner);
        self.score = score;
        self.rally.point(winner, ended != Ended::Point);
        let mut gap = rng.gen_range(POINT_GAP_MS.0..=POINT_GAP_MS.1);
        match ended {
            Ended::Point => self.points_log.push_back(self.point_text()),
            Ended::Game => {
                self.points_log.push_back(format!("Game {}", self.names[winner]));
                if !(score.games[0] + score.games[1]).is_multiple_of(2) {
                    gap += CHANGEOVER_MS;
                }
            }
            Ended::Set(games) => {
                self.results.push((MarketKey::Period(self.set_number()), MarketResult::Winner { sid: team_sid(winner) }));
                self.set_history.push(games);
                self.points_log.push_back(format!("Set {}", self.names[winner]));
                gap += SET_BREAK_MS;
            }
            Ended::Match(games) => {
                self.decide_match(winner);
                self.set_history.push(games);
                self.points_log.push_back(format!("Match {}", self.names[winner]));
            }
        }
        racket::trim_log(&mut self.points_log);
        if self.stage == Stage::Over {
            return i64::MAX;
        }
        (self.p_set, self.p_match) = self.serve.set_and_match(&self.score);
        t + gap
    }

    fn keys(&self) -> Vec<MarketKey> {
        racket::keys(self.stage == Stage::Over, self.set_number())
    }

    fn draft(&self, key: MarketKey, ctx: &Ctx) -> Option<Draft> {
        racket::draft(&self.names, key, ctx, self.critical(), "Set", &racket::Chances { p_match: self.p_match, p_period: self.p_set })
    }

    fn take_results(&mut self) -> Vec<(MarketKey, MarketResult)> {
        std::mem::take(&mut self.results)
    }

    fn scoreboard(&self) -> Scoreboard {
        let s = &self.score;
        let team = |i: usize| {
            let mut games: Vec<String> = self.set_history.iter().map(|g| g[i].to_string()).collect();
            if self.stage != Stage::Over {
                games.push(s.games[i].to_string());
            }
            TeamScore { name: self.names[i].clone(), score: games.join(" "), crr: String::new(), rr: String::new() }
        };
        let message = match self.stage {
            Stage::PreMatch => "Players warming up".to_string(),
            Stage::Over => {
                let winner = self.winner.unwrap_or(0);
                let sets: Vec<String> = self.set_history.iter().map(|g| format!("{}-{}", g[winner], g[1 - winner])).collect();
                format!("{} won {}", self.names[winner], sets.join(" "))
            }
            Stage::Playing => {
                let ordinal = ["1st", "2nd", "3rd"].get(usize::from(self.set_number()) - 1).copied().unwrap_or("Final");
                let what = if s.tiebreak { "set tiebreak" } else { "set" };
                format!("{ordinal} {what}, {} serving, {}", self.names[s.server], self.point_text())
            }
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
                self.results.push((MarketKey::Period(self.set_number()), MarketResult::Void));
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
    fn game_probability_from_love_matches_the_closed_form() {
        // The textbook value for p = 0.6 is about 0.7357.
        assert!((game_prob(0.6, 0, 0) - 0.7357).abs() < 1e-3);
        assert_eq!(game_prob(0.6, 4, 2), 1.0);
    }

    #[test]
    fn equal_players_are_even_and_a_break_up_is_a_big_edge() {
        let serve = Serve([0.64, 0.64]);
        let (set, matched) = serve.set_and_match(&Score::default());
        assert!((set - 0.5).abs() < 0.02 && (matched - 0.5).abs() < 0.02, "{set} {matched}");
        let ahead = Score { games: [3, 1], server: 1, ..Score::default() };
        let (set_ahead, match_ahead) = serve.set_and_match(&ahead);
        assert!(set_ahead > 0.75 && match_ahead > 0.6, "{set_ahead} {match_ahead}");
    }

    #[test]
    fn tiebreak_at_six_all_goes_to_the_first_to_seven_by_two() {
        let s = Score { games: [6, 6], tiebreak: true, tb_first: 0, server: 0, points: [6, 5], sets: [0, 0] };
        let (after, ended) = s.after(0);
        assert_eq!(ended, Ended::Set([7, 6]));
        assert_eq!(after.sets, [1, 0]);
        let serve = Serve([0.64, 0.64]);
        assert!(serve.tiebreak_prob(0, [6, 5]) > 0.6);
        assert!((serve.tiebreak_prob(0, [12, 12]) - serve.tiebreak_prob(0, [6, 6])).abs() < 1e-12);
    }
}
