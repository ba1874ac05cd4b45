//! The exchange's price ladder: the prices an order may ask, in hundredths of decimal odds, from
//! 1.01 to 1000 in the standard increments (0.01 to 2, 0.02 to 3, 0.05 to 4, 0.1 to 6, 0.2 to 10,
//! 0.5 to 20, 1 to 30, 2 to 50, 5 to 100, 10 to 1000). A leaf.

/// The lowest and highest prices on the ladder.
pub const PRICE_H_MIN: u32 = 101;
pub const PRICE_H_MAX: u32 = 100_000;

/// Each band: prices above its start up to its end, in steps of `step` (all in hundredths).
const BANDS: [(u32, u32, u32); 10] = [
    (100, 200, 1),
    (200, 300, 2),
    (300, 400, 5),
    (400, 600, 10),
    (600, 1_000, 20),
    (1_000, 2_000, 50),
    (2_000, 3_000, 100),
    (3_000, 5_000, 200),
    (5_000, 10_000, 500),
    (10_000, 100_000, 1_000),
];

/// Whether `price_h` is a price of the ladder.
pub fn on_ladder(price_h: u32) -> bool {
    BANDS.iter().any(|(from, to, step)| price_h > *from && price_h <= *to && (price_h - from).is_multiple_of(*step))
}

/// The step of the band that holds prices just above `price_h`.
fn step_above(price_h: u32) -> Option<u32> {
    BANDS.iter().find(|(from, to, _)| price_h >= *from && price_h < *to).map(|(_, _, step)| *step)
}

/// The step of the band that holds `price_h` (prices just below it).
fn step_below(price_h: u32) -> Option<u32> {
    BANDS.iter().find(|(from, to, _)| price_h > *from && price_h <= *to).map(|(_, _, step)| *step)
}

/// The next price up the ladder from a ladder price, if any.
pub fn tick_up(price_h: u32) -> Option<u32> {
    (on_ladder(price_h) && price_h < PRICE_H_MAX).then(|| price_h + step_above(price_h).expect("a ladder price below the top has a band above"))
}

/// The next price down the ladder from a ladder price, if any.
pub fn tick_down(price_h: u32) -> Option<u32> {
    (on_ladder(price_h) && price_h > PRICE_H_MIN).then(|| price_h - step_below(price_h).expect("a ladder price has its band"))
}

/// The ladder price nearest `price_h` on the side that favours the one who offers it: a back
/// offer rounds up (never shorter than asked), a lay offer rounds down. Clamped to the ladder.
pub fn round_to_ladder(price_h: u32, up: bool) -> u32 {
    let price_h = price_h.clamp(PRICE_H_MIN, PRICE_H_MAX);
    let step = step_below(price_h).expect("a clamped price has its band");
    let (from, _, _) = BANDS.iter().find(|(from, to, _)| price_h > *from && price_h <= *to).expect("a clamped price has its band");
    let below = price_h - (price_h - from) % step;
    if below == price_h || !up {
        below.max(PRICE_H_MIN)
    } else {
        below + step
    }
}

/// Every price of the ladder, lowest first (350 of them).
pub fn prices() -> impl Iterator<Item = u32> {
    std::iter::successors(Some(PRICE_H_MIN), |p| tick_up(*p))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Which prices are on the ladder, its ticks and its rounding are checked against the case
    // file the client shares (`ledger/tests/client_rules.rs`); here, its shape.
    #[test]
    fn the_ladder_rises_from_1_01_to_1000_and_ticks_back_down_the_same_way() {
        let all: Vec<u32> = prices().collect();
        assert_eq!((all.first(), all.last()), (Some(&PRICE_H_MIN), Some(&PRICE_H_MAX)));
        assert!(all.windows(2).all(|w| w[0] < w[1] && tick_down(w[1]) == Some(w[0])));
    }
}
