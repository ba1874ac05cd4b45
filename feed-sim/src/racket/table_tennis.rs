//! Table tennis point by point: games to 11 (win by two), best of five. Serve changes every two
//! points, and every point from 10-10. Each player wins a point on serve with a fixed
//! probability; game and match probabilities follow exactly by recursion over the score.

use super::serve::{race, Serve};
use super::{Ended, Rules, Scoring};

const GAMES_TO_WIN: u8 = 3;
const POINTS_TO_WIN: u8 = 11;

/// Who serves point `n` (from 0) of a game whose first point `first` served.
fn server(first: usize, n: u32) -> usize {
    let turn = if n < 20 { n / 2 } else { n };
    if turn.is_multiple_of(2) {
        first
    } else {
        1 - first
    }
}

/// The score of a match in progress. Player 0 is home.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Score {
    games: [u8; 2],
    points: [u8; 2],
    /// Who served the current game's first point.
    first: usize,
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

impl Scoring for Score {
    const RULES: Rules = Rules { period: "Game", match_word: "Game", serve: (0.52, 0.60), first_point_ms: 60_000, point_gap_ms: (8_000, 15_000), period_break_ms: 60_000 };

    fn first(server: usize) -> Self {
        Score { first: server, ..Score::default() }
    }

    fn after(self, winner: usize) -> (Score, Ended) {
        let mut s = self;
        s.points[winner] += 1;
        let (won, lost) = (s.points[winner], s.points[1 - winner]);
        if won < POINTS_TO_WIN || won < lost + 2 {
            return (s, Ended::Point);
        }
        let points = s.points;
        s.points = [0, 0];
        s.games[winner] += 1;
        s.first = 1 - s.first;
        if s.games[winner] >= GAMES_TO_WIN {
            (s, Ended::Match(points))
        } else {
            (s, Ended::Period(points))
        }
    }

    fn server(&self) -> usize {
        server(self.first, u32::from(self.points[0]) + u32::from(self.points[1]))
    }

    fn point_winner(&self, serve: Serve, draw: f64) -> usize {
        if draw < serve.p0(self.server()) {
            0
        } else {
            1
        }
    }

    fn chances(&self, serve: Serve) -> (f64, f64) {
        serve.game_and_match(self)
    }

    /// The next point can win the match for either player.
    fn critical(&self) -> bool {
        (0..2).any(|w| matches!(self.after(w).1, Ended::Match(_)))
    }

    fn point_text(&self, _names: &[String; 2]) -> String {
        format!("{}-{}", self.points[0], self.points[1])
    }

    fn period_score(&self) -> [u8; 2] {
        self.points
    }

    fn won(&self) -> [u8; 2] {
        self.games
    }

    fn called_points(&self) -> Vec<String> {
        self.points.iter().map(u8::to_string).collect()
    }

    /// Games won, and the current game's points while play goes on.
    fn team_score(&self, _history: &[[u8; 2]], player: usize, over: bool) -> String {
        if over {
            self.games[player].to_string()
        } else {
            format!("{} ({})", self.games[player], self.points[player])
        }
    }

    fn result_text(&self, _history: &[[u8; 2]], winner: usize) -> String {
        format!("{}-{}", self.games[winner], self.games[1 - winner])
    }

    fn playing_text(&self, period: u8, critical: bool, names: &[String; 2]) -> String {
        let server = &names[self.server()];
        if critical {
            format!("Game {period}, match point, {server} serving")
        } else {
            format!("Game {period}, {server} serving")
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
