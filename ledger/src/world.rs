//! The simulated worlds the log records (the sports feed's, the casino's): a leaf both use.

use crate::limits::FEED_WORLD_RESUME_MS_MAX;
use serde::{Deserialize, Serialize};

/// What makes a simulated world (the sports feed, or the casino's tables) the same world: its
/// seed and settings, and when it began. The simulators are deterministic, so these rebuild every
/// fixture, id, price, round and card they published.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeedWorld {
    pub seed: u64,
    pub start_ms: i64,
    /// Simulated milliseconds per thousand real ones (`speed` × 1000).
    pub speed_milli: u64,
    pub fixtures_per_sport: u32,
    pub virtual_fixtures: u32,
}

impl FeedWorld {
    /// The world `current` goes on under `asked` (a restart) when the settings are the same and
    /// it began at most `FEED_WORLD_RESUME_MS_MAX` before `at_ms`.
    pub fn goes_on(current: Option<&FeedWorld>, asked: &FeedWorld, at_ms: i64) -> bool {
        current.is_some_and(|current| {
            let settings = |w: &FeedWorld| (w.seed, w.speed_milli, w.fixtures_per_sport, w.virtual_fixtures);
            settings(current) == settings(asked) && at_ms - current.start_ms <= FEED_WORLD_RESUME_MS_MAX
        })
    }
}
