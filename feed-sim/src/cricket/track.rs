//! What the live tracker shows of a cricket innings: the over ball by ball, the wagon wheel of
//! scoring shots, the partnership and the chase.

use super::{Cricket, Stage};
use rand::rngs::StdRng;
use rand::Rng;
use schemas::tracker::{Chase, CricketTracker, Shot, Tracker};

/// The innings' tracker state, updated ball by ball.
pub(super) struct Track {
    /// Draws each shot's direction and length; nothing else of the match comes from it.
    details: StdRng,
    /// The innings tracked (0 or 1): the next innings replaces it at its first ball.
    innings: usize,
    over: u32,
    this_over: Vec<String>,
    shots: Vec<Shot>,
    partnership: (u32, u32),
}

impl Track {
    pub(super) fn new(details: StdRng) -> Self {
        Track { details, innings: 0, over: 0, this_over: Vec::new(), shots: Vec::new(), partnership: (0, 0) }
    }

    /// Ball `balls` (the innings' legal balls so far, this one included) of innings `inn` went
    /// for `runs`, or took a wicket.
    pub(super) fn ball(&mut self, inn: usize, balls: u32, runs: u32, wicket: bool) {
        if inn != self.innings {
            *self = Track { innings: inn, ..Track::new(self.details.clone()) };
        }
        let over = (balls - 1) / 6 + 1;
        if over != self.over {
            self.over = over;
            self.this_over.clear();
        }
        self.this_over.push(if wicket { "W".to_string() } else { runs.to_string() });
        self.partnership = if wicket { (0, 0) } else { (self.partnership.0 + runs, self.partnership.1 + 1) };
        if runs > 0 {
            let shot = draw_shot(runs, &mut self.details);
            self.shots.push(shot);
        }
    }
}

/// Where a shot worth `runs` went. Boundaries reach the rope; the more runs, the further a
/// shot that stays inside goes. A right-hander scores a little more on the leg side.
fn draw_shot(runs: u32, rng: &mut StdRng) -> Shot {
    let distance = match runs {
        1 => rng.gen_range(22..=50),
        2 => rng.gen_range(50..=78),
        3 => rng.gen_range(72..=95),
        _ => 100,
    };
    let angle = if rng.gen_bool(0.55) { rng.gen_range(180..360) } else { rng.gen_range(0..180) };
    Shot { runs: runs.min(u32::from(u8::MAX)) as u8, angle, distance }
}

impl Cricket {
    pub(super) fn tracker(&self) -> Tracker {
        let t = &self.track;
        // Before the innings' first ball the new innings is shown empty, not the last one's.
        let inn = if self.innings[self.cur].balls == 0 { self.cur } else { t.innings };
        let fresh = inn != t.innings || (inn == 0 && t.over == 0);
        let s = &self.innings[inn];
        let need = (inn == 1 && self.stage != Stage::Over).then(|| Chase { runs: self.target().saturating_sub(s.runs), balls: self.total_balls() - s.balls });
        Tracker::Cricket(CricketTracker {
            batting: self.batting(inn) as u8,
            innings: inn as u8 + 1,
            over: if fresh { 0 } else { t.over },
            this_over: if fresh { Vec::new() } else { t.this_over.clone() },
            shots: if fresh { Vec::new() } else { t.shots.clone() },
            partnership_runs: if fresh { 0 } else { t.partnership.0 },
            partnership_balls: if fresh { 0 } else { t.partnership.1 },
            need,
            ball_running: matches!(self.stage, Stage::Delivered(_)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_over_resets_at_its_first_ball_and_a_wicket_ends_the_partnership() {
        let mut track = Track::new(StdRng::seed_from_u64(5));
        for (balls, runs) in (1..=6).zip([1, 4, 0, 6, 2, 1]) {
            track.ball(0, balls, runs, false);
        }
        assert_eq!(track.this_over, ["1", "4", "0", "6", "2", "1"]);
        assert_eq!(track.partnership, (14, 6));
        assert_eq!(track.shots.len(), 5);
        track.ball(0, 7, 0, true);
        assert_eq!((track.over, track.this_over.clone()), (2, vec!["W".to_string()]));
        assert_eq!(track.partnership, (0, 0));
        track.ball(1, 1, 4, false);
        assert_eq!((track.innings, track.shots.len()), (1, 1), "a new innings starts a new wagon wheel");
    }

    #[test]
    fn boundaries_reach_the_rope_and_singles_stay_inside() {
        let mut rng = StdRng::seed_from_u64(9);
        for _ in 0..200 {
            assert_eq!(draw_shot(4, &mut rng).distance, 100);
            let single = draw_shot(1, &mut rng);
            assert!(single.distance < 60 && single.angle < 360, "{single:?}");
        }
    }
}
