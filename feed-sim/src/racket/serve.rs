//! The probability math both racket sports share: each player wins a point on serve with a fixed
//! probability, and races to a number of points (or games, or sets) follow exactly from those two
//! numbers by recursion over the score.

/// Point-win probabilities on serve: `0[i]` is P(player i wins a point they serve).
#[derive(Debug, Clone, Copy)]
pub struct Serve(pub [f64; 2]);

impl Serve {
    /// P(player 0 wins a point served by `server`).
    pub fn p0(self, server: usize) -> f64 {
        if server == 0 {
            self.0[0]
        } else {
            1.0 - self.0[1]
        }
    }

    /// P(player 0 wins a race to `N - 1` points, two clear, with the serve changing by
    /// `server_at(first, points played)`) from every score up to `N - 1` all. From level at
    /// `N - 2` all or beyond, two points (one on each serve) decide or return to level. A tennis
    /// tiebreak is `N` = 8, a table tennis game `N` = 12.
    pub fn race_table<const N: usize>(self, first: usize, server_at: impl Fn(usize, u32) -> usize) -> [[f64; N]; N] {
        let (target, deuce) = (N - 1, N - 2);
        let (pa, pb) = (self.p0(first), self.p0(1 - first));
        let (win2, lose2) = (pa * pb, (1.0 - pa) * (1.0 - pb));
        let level = win2 / (win2 + lose2);
        let mut t = [[0.0; N]; N];
        for a in (0..N).rev() {
            for b in (0..N).rev() {
                let p = self.p0(server_at(first, (a + b) as u32));
                t[a][b] = if a >= target && a >= b + 2 {
                    1.0
                } else if b >= target && b >= a + 2 {
                    0.0
                } else if a >= deuce && b >= deuce {
                    match a.cmp(&b) {
                        std::cmp::Ordering::Equal => level,
                        std::cmp::Ordering::Greater => p + (1.0 - p) * level,
                        std::cmp::Ordering::Less => p * level,
                    }
                } else {
                    p * t[a + 1][b] + (1.0 - p) * t[a][b + 1]
                };
            }
        }
        t
    }
}

/// P(player 0 wins `need0` units before player 1 wins `need1`), each won with probability `p`.
pub fn race(p: f64, need0: u8, need1: u8) -> f64 {
    if need0 == 0 {
        return 1.0;
    }
    if need1 == 0 {
        return 0.0;
    }
    p * race(p, need0 - 1, need1) + (1.0 - p) * race(p, need0, need1 - 1)
}
