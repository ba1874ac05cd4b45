//! What the live tracker shows of a football match: which side has the ball and how dangerous
//! it is, slice by slice; shots, corners, cards and goals; and a momentum line, minute by minute.
//! Goals come from the match model (they move the prices); everything else here is drawn from
//! the fixture's details stream around them, so it changes no outcome and no price.

use crate::limits::{TRACKER_INCIDENTS_MAX, TRACKER_MINUTES_MAX};
use rand::rngs::StdRng;
use rand::Rng;
use schemas::tracker::{Area, BallZone, FootballTracker, Incident, IncidentKind, TeamStats, Tracker};
use std::collections::VecDeque;

/// A shot from a dangerous attack, per 15-second slice (about 12 shots a side a match), and the
/// share of shots on target.
const SHOT_IN_DANGER: f64 = 0.22;
const ON_TARGET: f64 = 0.35;
/// A corner per slice, by area (safe, attack, danger): about 5 a side a match.
const CORNER: [f64; 3] = [0.0, 0.03, 0.09];
/// A card per slice (about 3.5 a match), and the share of them red.
const CARD: f64 = 0.009;
const RED_SHARE: f64 = 0.06;

/// Pressure a slice adds to its minute, by area; a goal counts more. A minute of four dangerous
/// slices by one side is full pressure (100).
const PRESSURE: [i32; 3] = [1, 3, 6];
const GOAL_PRESSURE: i32 = 12;
const MINUTE_FULL: i32 = 24;

pub(super) struct Track {
    details: StdRng,
    zone: Option<BallZone>,
    /// The side that kicks off next: the side that conceded.
    restart: Option<u8>,
    momentum: VecDeque<i8>,
    /// The current minute's pressure so far (positive: home).
    pressure: i32,
    incidents: VecDeque<Incident>,
    stats: [TeamStats; 2],
}

fn area_index(area: Area) -> usize {
    match area {
        Area::Safe => 0,
        Area::Attack => 1,
        Area::Danger => 2,
    }
}

/// Pressure counts for home positive, away negative.
fn signed(team: u8, pressure: i32) -> i32 {
    if team == 0 {
        pressure
    } else {
        -pressure
    }
}

impl Track {
    pub(super) fn new(details: StdRng) -> Self {
        Track { details, zone: None, restart: None, momentum: VecDeque::new(), pressure: 0, incidents: VecDeque::new(), stats: [TeamStats::default(); 2] }
    }

    /// One slice of play in match minute `minute` (`new_minute` when the slice starts it);
    /// `scored` says which sides the model gave a goal in it; `rate` is each side's goals per 90
    /// minutes (the better attack gets forward more often).
    pub(super) fn slice(&mut self, minute: u32, new_minute: bool, scored: [bool; 2], rate: [f64; 2]) {
        let mut pressure = 0;
        if scored.contains(&true) {
            for team in (0..2u8).filter(|t| scored[usize::from(*t)]) {
                self.note(minute, team, IncidentKind::Goal);
                self.zone = Some(BallZone { team, area: Area::Danger });
                self.restart = Some(1 - team);
                pressure += signed(team, GOAL_PRESSURE);
            }
        } else {
            let zone = self.next_zone(rate);
            self.zone = Some(zone);
            pressure += signed(zone.team, PRESSURE[area_index(zone.area)]);
            self.chances(minute, zone, rate);
        }
        if self.details.gen_bool(CARD) {
            // A foul by the side without the ball.
            let team = self.zone.map_or(0, |z| 1 - z.team);
            let kind = if self.details.gen_bool(RED_SHARE) { IncidentKind::RedCard } else { IncidentKind::YellowCard };
            self.note(minute, team, kind);
        }
        if new_minute || self.momentum.is_empty() {
            self.momentum.push_back(0);
            self.pressure = 0;
            while self.momentum.len() > TRACKER_MINUTES_MAX {
                self.momentum.pop_front();
            }
        }
        self.pressure += pressure;
        if let Some(last) = self.momentum.back_mut() {
            *last = (self.pressure * 100 / MINUTE_FULL).clamp(-100, 100) as i8;
        }
    }

    /// The ball is out of play (half time): the next half starts with a kick-off.
    pub(super) fn stop(&mut self) {
        self.zone = None;
        self.restart = None;
    }

    /// Where play goes in the next slice: up the pitch, stays, or the other side wins the ball.
    fn next_zone(&mut self, rate: [f64; 2]) -> BallZone {
        if let Some(team) = self.restart.take() {
            return BallZone { team, area: Area::Safe };
        }
        let Some(BallZone { team, area }) = self.zone else {
            return BallZone { team: self.details.gen_range(0..2), area: Area::Safe };
        };
        let push = (2.0 * rate[usize::from(team)] / (rate[0] + rate[1])).clamp(0.7, 1.3);
        let (up, stay, back) = match area {
            Area::Safe => (0.35 * push, 0.35, 0.0),
            Area::Attack => (0.30 * push, 0.30, 0.15),
            Area::Danger => (0.0, 0.25 * push, 0.30),
        };
        let r: f64 = self.details.gen();
        let area = if r < up {
            if area == Area::Safe { Area::Attack } else { Area::Danger }
        } else if r < up + stay {
            area
        } else if r < up + stay + back {
            if area == Area::Danger { Area::Attack } else { Area::Safe }
        } else {
            return BallZone { team: 1 - team, area: Area::Safe };
        };
        BallZone { team, area }
    }

    /// A shot or a corner the attack in `zone` may bring.
    fn chances(&mut self, minute: u32, zone: BallZone, rate: [f64; 2]) {
        let push = (2.0 * rate[usize::from(zone.team)] / (rate[0] + rate[1])).clamp(0.7, 1.3);
        if zone.area == Area::Danger && self.details.gen_bool((SHOT_IN_DANGER * push).min(1.0)) {
            let kind = if self.details.gen_bool(ON_TARGET) { IncidentKind::ShotOnTarget } else { IncidentKind::Shot };
            self.note(minute, zone.team, kind);
        }
        let corner = CORNER[area_index(zone.area)];
        if corner > 0.0 && self.details.gen_bool(corner) {
            self.note(minute, zone.team, IncidentKind::Corner);
        }
    }

    fn note(&mut self, minute: u32, team: u8, kind: IncidentKind) {
        let stats = &mut self.stats[usize::from(team)];
        match kind {
            IncidentKind::Shot => stats.shots += 1,
            IncidentKind::ShotOnTarget | IncidentKind::Goal => {
                stats.shots += 1;
                stats.on_target += 1;
            }
            IncidentKind::Corner => stats.corners += 1,
            IncidentKind::YellowCard => stats.yellow += 1,
            IncidentKind::RedCard => stats.red += 1,
        }
        self.incidents.push_back(Incident { minute, team, kind });
        while self.incidents.len() > TRACKER_INCIDENTS_MAX {
            self.incidents.pop_front();
        }
    }

    /// The tracker at match minute `minute`; no ball in play once the match is `over`.
    pub(super) fn tracker(&self, minute: u32, over: bool) -> Tracker {
        Tracker::Football(FootballTracker {
            minute,
            zone: if over { None } else { self.zone },
            momentum: self.momentum.iter().copied().collect(),
            incidents: self.incidents.iter().copied().collect(),
            stats: self.stats.to_vec(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_goal_is_an_incident_in_the_danger_zone_and_the_other_side_kicks_off() {
        let mut track = Track::new(StdRng::seed_from_u64(1));
        track.slice(10, true, [false, true], [1.5, 1.5]);
        assert_eq!(track.zone, Some(BallZone { team: 1, area: Area::Danger }));
        assert_eq!(track.stats[1].on_target, 1);
        assert!(track.momentum[0] < 0, "away pressure is negative");
        track.slice(10, false, [false, false], [1.5, 1.5]);
        assert_eq!(track.zone, Some(BallZone { team: 0, area: Area::Safe }));
    }

    #[test]
    fn a_match_of_slices_brings_a_realistic_number_of_shots_and_a_minute_per_momentum_point() {
        let mut track = Track::new(StdRng::seed_from_u64(7));
        for slice in 0..360u32 {
            track.slice(slice / 4 + 1, slice % 4 == 0, [false, false], [1.6, 1.0]);
        }
        assert_eq!(track.momentum.len(), 90);
        let shots = track.stats[0].shots + track.stats[1].shots;
        assert!((8..=45).contains(&shots), "{shots} shots");
        assert!(track.stats[0].shots > track.stats[1].shots / 2, "{:?}", track.stats);
        assert!(track.momentum.iter().all(|m| (-100..=100).contains(m)));
    }
}
