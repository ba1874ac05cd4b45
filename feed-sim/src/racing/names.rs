//! Race meetings and runners' names: real tracks and courses, invented runners.

use super::RaceKind;
use rand::rngs::StdRng;
use rand::Rng;

const GREYHOUND_TRACKS: &[&str] = &["Romford", "Towcester", "Hove", "Monmore", "Sheffield", "Nottingham"];
const HORSE_COURSES: &[&str] = &["Ascot", "Kempton", "Newmarket", "Doncaster", "Sandown", "Lingfield"];

const FIRST: &[&str] = &["Swift", "Silver", "Midnight", "Lucky", "Golden", "Ballymac", "Storm", "Wild", "Royal", "Desert", "Crimson", "Dancing", "Jet", "Blazing", "Quiet", "Brave"];
const SECOND: &[&str] = &["Arrow", "Dancer", "Rocket", "Legend", "Spirit", "Comet", "Falcon", "Whisper", "Echo", "Thunder", "Harbour", "Meadow", "Gambler", "Flyer", "Duchess", "Rebel"];

/// A race's meeting and runners.
pub struct RaceNames {
    pub venue: &'static str,
    pub runners: Vec<String>,
}

/// A meeting and `runners` different runner names (6 greyhounds; 6 to 14 horses).
pub fn race_names(kind: RaceKind, rng: &mut StdRng) -> RaceNames {
    let (venues, count) = match kind {
        RaceKind::Greyhound => (GREYHOUND_TRACKS, 6),
        RaceKind::Horse => (HORSE_COURSES, rng.gen_range(6..=14)),
    };
    let venue = venues[rng.gen_range(0..venues.len())];
    let mut runners: Vec<String> = Vec::with_capacity(count);
    while runners.len() < count {
        let name = format!("{} {}", FIRST[rng.gen_range(0..FIRST.len())], SECOND[rng.gen_range(0..SECOND.len())]);
        if !runners.contains(&name) {
            runners.push(name);
        }
    }
    RaceNames { venue, runners }
}
