//! The deterministic simulation's parts (`tests/simulation.rs` runs them): a simulated disk
//! (`store`), the engine's group commit as a synchronous loop (`engine`), the world that makes
//! commands (`world`), the model every step is checked against (`oracle`), and the run of one
//! seed with its faults, crashes and restarts (`run`).

pub mod engine;
pub mod oracle;
pub mod run;
pub mod store;
pub mod world;

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng};

/// The one source of chance of a run: everything random comes from the seed through it, so a
/// seed plays the same run every time (rand 0.8's `StdRng`, pinned by Cargo.lock).
pub struct Rng(StdRng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(StdRng::seed_from_u64(seed))
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.0.gen_range(0..n)
        }
    }

    /// A number in `lo..=hi` (`lo` when the range is empty).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            lo
        } else {
            self.0.gen_range(lo..=hi)
        }
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn permille(&mut self, permille: u64) -> bool {
        self.below(1_000) < permille
    }

    /// One of `items`, which must not be empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// One of `items`, if there is any.
    pub fn pick_some<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| self.pick(items))
    }
}
