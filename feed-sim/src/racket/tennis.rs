//! Tennis point by point, best of three sets with a tiebreak at 6-6. Each player wins a point on
//! serve with a fixed probability (0.60–0.68); game, tiebreak, set and match probabilities follow
//! exactly from those two numbers by recursion over the score.

use super::serve::{race, Serve};
use super::{Ended, Rules, Scoring};

const SETS_TO_WIN: u8 = 2;

/// The break after every second game of a set, simulated milliseconds.
const CHANGEOVER_MS: i64 = 60_000;

/// The score of a match in progress. Player 0 is home.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Score {
    sets: [u8; 2],
    games: [u8; 2],
    points: [u8; 2],
    tiebreak: bool,
    /// Who serves the next point.
    server: usize,
    /// Who served the tiebreak's first point.
    tb_first: usize,
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

impl Scoring for Score {
    const RULES: Rules = Rules { period: "Set", match_word: "Match", serve: (0.60, 0.68), first_point_ms: 120_000, point_gap_ms: (20_000, 35_000), period_break_ms: 120_000 };

    fn first(server: usize) -> Self {
        Score { server, ..Score::default() }
    }

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
            (s, Ended::Period(games))
        }
    }

    fn server(&self) -> usize {
        self.server
    }

    fn point_winner(&self, serve: Serve, draw: f64) -> usize {
        if draw < serve.0[self.server] {
            self.server
        } else {
            1 - self.server
        }
    }

    fn chances(&self, serve: Serve) -> (f64, f64) {
        serve.set_and_match(self)
    }

    /// The next point can end the set (a set or match point for either player).
    fn critical(&self) -> bool {
        (0..2).any(|w| matches!(self.after(w).1, Ended::Period(_) | Ended::Match(_)))
    }

    fn changeover_ms(&self) -> i64 {
        if (self.games[0] + self.games[1]).is_multiple_of(2) {
            0
        } else {
            CHANGEOVER_MS
        }
    }

    fn point_text(&self, names: &[String; 2]) -> String {
        if self.tiebreak {
            return format!("{}-{}", self.points[0], self.points[1]);
        }
        match (self.points[0], self.points[1]) {
            (a, b) if a >= 3 && b >= 3 && a == b => "Deuce".to_string(),
            (a, b) if a >= 3 && b >= 3 => format!("Adv {}", if a > b { &names[0] } else { &names[1] }),
            (a, b) => format!("{}-{}", point_name(a), point_name(b)),
        }
    }

    fn period_score(&self) -> [u8; 2] {
        self.games
    }

    fn won(&self) -> [u8; 2] {
        self.sets
    }

    fn called_points(&self) -> Vec<String> {
        if self.tiebreak {
            return self.points.iter().map(u8::to_string).collect();
        }
        match (self.points[0], self.points[1]) {
            (a, b) if a >= 3 && b >= 3 && a != b => {
                let ad = |p: u8| if p > a.min(b) { "Ad" } else { "40" };
                vec![ad(a).to_string(), ad(b).to_string()]
            }
            (a, b) => vec![point_name(a).to_string(), point_name(b).to_string()],
        }
    }

    fn tiebreak(&self) -> bool {
        self.tiebreak
    }

    /// The games of each set, the current one last.
    fn team_score(&self, history: &[[u8; 2]], player: usize, over: bool) -> String {
        let mut games: Vec<String> = history.iter().map(|g| g[player].to_string()).collect();
        if !over {
            games.push(self.games[player].to_string());
        }
        games.join(" ")
    }

    fn result_text(&self, history: &[[u8; 2]], winner: usize) -> String {
        let sets: Vec<String> = history.iter().map(|g| format!("{}-{}", g[winner], g[1 - winner])).collect();
        sets.join(" ")
    }

    fn playing_text(&self, period: u8, _critical: bool, names: &[String; 2]) -> String {
        let ordinal = ["1st", "2nd", "3rd"].get(usize::from(period) - 1).copied().unwrap_or("Final");
        let what = if self.tiebreak { "set tiebreak" } else { "set" };
        format!("{ordinal} {what}, {} serving, {}", names[self.server], self.point_text(names))
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

fn point_name(points: u8) -> &'static str {
    match points {
        0 => "0",
        1 => "15",
        2 => "30",
        _ => "40",
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
        assert_eq!(ended, Ended::Period([7, 6]));
        assert_eq!(after.sets, [1, 0]);
        let serve = Serve([0.64, 0.64]);
        assert!(serve.tiebreak_prob(0, [6, 5]) > 0.6);
        assert!((serve.tiebreak_prob(0, [12, 12]) - serve.tiebreak_prob(0, [6, 6])).abs() < 1e-12);
    }
}
