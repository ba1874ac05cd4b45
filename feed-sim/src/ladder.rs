//! The exchange's price ladder and the conversion of probabilities to the levels each market
//! type shows. Prices are hundredths (`Price(185)` is decimal odds 1.85).

use crate::math::mix_all;
use schemas::sports::{OddsLevel, Price, Side};

/// The lowest and highest decimal odds on the ladder, in hundredths.
pub const ODDS_MIN: u32 = 101;
pub const ODDS_MAX: u32 = 100_000;

/// The ladder in bands: odds up to `.0` (inclusive) move in steps of `.1` (Betfair's increments).
const BANDS: [(u32, u32); 10] =
    [(200, 1), (300, 2), (400, 5), (600, 10), (1000, 20), (2000, 50), (3000, 100), (5000, 200), (10_000, 500), (100_000, 1000)];

/// Whether decimal odds (hundredths) are a price on the ladder.
#[cfg(test)]
pub fn is_tick(odds: u32) -> bool {
    let mut low = 100;
    for (high, step) in BANDS {
        if odds > low && odds <= high {
            return (odds - low).is_multiple_of(step);
        }
        low = high;
    }
    false
}

/// The largest tick at or below `odds` (hundredths, fractional allowed), if any.
pub fn tick_floor(odds: f64) -> Option<u32> {
    if odds < f64::from(ODDS_MIN) {
        return None;
    }
    let mut low = 100;
    for (high, step) in BANDS {
        if odds <= f64::from(high) {
            let steps = ((odds - f64::from(low)) / f64::from(step)).floor() as u32;
            return Some(low + steps * step).filter(|t| *t >= ODDS_MIN);
        }
        low = high;
    }
    Some(ODDS_MAX)
}

/// The smallest tick at or above `odds`, if any.
pub fn tick_ceil(odds: f64) -> Option<u32> {
    if odds > f64::from(ODDS_MAX) {
        return None;
    }
    let mut low = 100;
    for (high, step) in BANDS {
        if odds <= f64::from(high) {
            let steps = ((odds - f64::from(low)) / f64::from(step)).ceil().max(1.0) as u32;
            return Some(low + steps * step);
        }
        low = high;
    }
    None
}

/// The next tick above.
pub fn tick_up(odds: u32) -> Option<u32> {
    BANDS.iter().find(|(high, _)| odds < *high).map(|(_, step)| odds + step)
}

/// The next tick below.
pub fn tick_down(odds: u32) -> Option<u32> {
    BANDS.iter().find(|(high, _)| odds <= *high).map(|(_, step)| odds - step).filter(|t| *t >= ODDS_MIN)
}

/// Exchange quotes keep the model's probability inside these bounds, so the best back is at
/// least 1.01 and the best lay at most 1000.
const P_MIN: f64 = 0.0011;
const P_MAX: f64 = 0.98;

/// Half the exchange spread around the fair price, as a fraction of the odds.
const EXCHANGE_HALF_SPREAD: f64 = 0.005;

/// Noise for one market at one quote epoch: the sizes on offer and an occasional wider spread.
/// A pure function of its seed, so the same epoch always shows the same book.
#[derive(Debug, Clone, Copy)]
pub struct Quote {
    seed: u64,
}

impl Quote {
    pub fn new(seed: u64) -> Self {
        Self { seed }
    }

    /// Money available at a level: 100–25,000 with two decimals, deeper levels larger.
    fn size(self, sid: u32, side: Side, tno: u8) -> Price {
        let (low, high) = match tno {
            0 => (10_000, 800_000),
            1 => (50_000, 1_500_000),
            _ => (100_000, 2_500_000),
        };
        let h = mix_all(&[self.seed, u64::from(sid), u64::from(side == Side::Lay), u64::from(tno)]);
        Price(low + (h % u64::from(high - low + 1)) as u32)
    }

    /// Whether this runner's book is one tick wider than usual at this epoch (about one in six).
    fn wide(self, sid: u32) -> bool {
        mix_all(&[self.seed, u64::from(sid), 0xD1DE]).is_multiple_of(6)
    }
}

/// Three levels a side around the fair price `1 / p`: backs descending below it, lays ascending
/// above it, every price a tick.
pub fn exchange_levels(p: f64, sid: u32, quote: Quote) -> Vec<OddsLevel> {
    let fair = 100.0 / p.clamp(P_MIN, P_MAX);
    let mut back = tick_floor(fair / (1.0 + EXCHANGE_HALF_SPREAD));
    let mut lay = tick_ceil(fair * (1.0 + EXCHANGE_HALF_SPREAD));
    if quote.wide(sid) {
        back = back.and_then(tick_down).or(back);
        lay = lay.and_then(tick_up).or(lay);
    }
    let mut levels = Vec::with_capacity(6);
    ladder_side(&mut levels, back, Side::Back, sid, quote, tick_down);
    ladder_side(&mut levels, lay, Side::Lay, sid, quote, tick_up);
    levels
}

fn ladder_side(levels: &mut Vec<OddsLevel>, best: Option<u32>, side: Side, sid: u32, quote: Quote, next: fn(u32) -> Option<u32>) {
    let mut price = best;
    for tno in 0..3u8 {
        let Some(odds) = price else { break };
        levels.push(OddsLevel { otype: side, odds: Price(odds), size: quote.size(sid, side, tno), tno });
        price = next(odds);
    }
}

/// The nominal size shown on bookmaker-style levels (bookmaker, yes/no, odd/even, digits).
pub const NOMINAL_SIZE: Price = Price(10_000);

/// How far the bookmaker shades the probability each way before quoting.
const BOOKMAKER_SHADE: f64 = 0.006;

/// Bookmaker (`match1`) odds per 100: back below the fair rate, lay above, one level each. `None`
/// when the runner is too short or too long to quote (the section is then suspended).
pub fn bookmaker_levels(p: f64) -> Option<Vec<OddsLevel>> {
    let (p_back, p_lay) = (p + BOOKMAKER_SHADE, p - BOOKMAKER_SHADE);
    if p_lay <= 0.01 || p_back >= 0.995 {
        return None;
    }
    let back = ((1.0 / p_back - 1.0) * 100.0).floor().max(1.0) as u32;
    let lay = (((1.0 / p_lay - 1.0) * 100.0).ceil() as u32).max(back + 1);
    Some(vec![
        OddsLevel { otype: Side::Back, odds: Price(back * 100), size: NOMINAL_SIZE, tno: 0 },
        OddsLevel { otype: Side::Lay, odds: Price(lay * 100), size: NOMINAL_SIZE, tno: 0 },
    ])
}

/// A fancy run line: No (lay) at `line`, Yes (back) at `line + 1`, each with its rate in `size`.
pub fn line_levels(line: u32, rate_no: u32, rate_yes: u32) -> Vec<OddsLevel> {
    vec![
        OddsLevel { otype: Side::Lay, odds: Price(line * 100), size: Price(rate_no * 100), tno: 0 },
        OddsLevel { otype: Side::Back, odds: Price((line + 1) * 100), size: Price(rate_yes * 100), tno: 0 },
    ]
}

/// The margin on each side of a yes/no or odd/even proposition.
const PROPOSITION_MARGIN: f64 = 0.025;

/// A yes/no proposition in decimal odds, one level a side: back (yes) below the fair price, lay
/// (against) above it. A side whose price falls off the ladder is left out.
pub fn proposition_levels(p: f64) -> Vec<OddsLevel> {
    let fair = 100.0 / p.clamp(0.001, 0.999);
    let back = tick_floor(fair * (1.0 - PROPOSITION_MARGIN));
    let lay = tick_ceil(fair * (1.0 + PROPOSITION_MARGIN));
    let mut levels = Vec::with_capacity(2);
    if let Some(odds) = back {
        levels.push(OddsLevel { otype: Side::Back, odds: Price(odds), size: NOMINAL_SIZE, tno: 0 });
    }
    if let Some(odds) = lay {
        levels.push(OddsLevel { otype: Side::Lay, odds: Price(odds), size: NOMINAL_SIZE, tno: 0 });
    }
    levels
}

/// The house's share of a digit (cricket casino) back price.
const DIGIT_MARGIN: f64 = 0.05;

/// A back-only decimal price with the digit margin (a fair 10.0 shows 9.4).
pub fn back_only_levels(p: f64) -> Vec<OddsLevel> {
    let fair = 100.0 / p.clamp(0.002, 0.95);
    tick_floor(fair * (1.0 - DIGIT_MARGIN))
        .map(|odds| vec![OddsLevel { otype: Side::Back, odds: Price(odds), size: NOMINAL_SIZE, tno: 0 }])
        .unwrap_or_default()
}

/// The house's share of a khado range's fair rate.
const KHADO_MARGIN: f64 = 0.10;

/// A khado range: back only, odds = the line, size = the rate per 100 (a multiple of 5).
pub fn khado_levels(line: u32, p: f64) -> Vec<OddsLevel> {
    let fair_rate = (1.0 / p.clamp(0.02, 0.9) - 1.0) * 100.0;
    let rate = ((fair_rate * (1.0 - KHADO_MARGIN) / 5.0).floor() as u32 * 5).max(5);
    vec![OddsLevel { otype: Side::Back, odds: Price(line * 100), size: Price(rate * 100), tno: 0 }]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_ticks_follow_the_bands() {
        for ok in [101, 150, 200, 202, 300, 305, 400, 410, 620, 1000, 1050, 2000, 2100, 3200, 5500, 11_000, 100_000] {
            assert!(is_tick(ok), "{ok} is a tick");
        }
        for bad in [100, 201, 303, 405, 610, 1010, 2050, 3100, 5200, 10_200, 100_100] {
            assert!(!is_tick(bad), "{bad} is not a tick");
        }
    }

    #[test]
    fn every_tick_steps_up_and_down_to_its_neighbours() {
        let mut odds = ODDS_MIN;
        let mut count = 0;
        while let Some(next) = tick_up(odds) {
            assert!(is_tick(next));
            assert_eq!(tick_down(next), Some(odds));
            assert_eq!(tick_floor(f64::from(next) - 0.001), Some(odds));
            assert_eq!(tick_ceil(f64::from(odds) + 0.001), Some(next));
            odds = next;
            count += 1;
        }
        assert_eq!(odds, ODDS_MAX);
        assert_eq!(tick_down(ODDS_MIN), None);
        assert!(count > 300);
    }

    #[test]
    fn exchange_levels_straddle_the_fair_price() {
        for p in [0.0005, 0.01, 0.2, 0.5, 0.683, 0.9, 0.99] {
            let levels = exchange_levels(p, 1, Quote::new(7));
            // Outside the quotable range the book is built around the nearest quotable price.
            let fair = 100.0 / p.clamp(P_MIN, P_MAX);
            for level in &levels {
                assert!(is_tick(level.odds.0));
                match level.otype {
                    Side::Back => assert!(f64::from(level.odds.0) < fair, "p {p}: back {}", level.odds),
                    Side::Lay => assert!(f64::from(level.odds.0) > fair, "p {p}: lay {}", level.odds),
                }
            }
            assert!(levels.iter().any(|l| l.otype == Side::Back) && levels.iter().any(|l| l.otype == Side::Lay));
        }
    }

    #[test]
    fn bookmaker_quotes_a_short_favourite_per_hundred() {
        let levels = bookmaker_levels(1.0 / 1.465).expect("quoted");
        assert_eq!(levels[0].odds, Price(4500));
        assert_eq!(levels[1].odds, Price(4800));
        assert_eq!(bookmaker_levels(0.999), None);
    }

    #[test]
    fn an_even_proposition_backs_at_1_95() {
        let levels = proposition_levels(0.5);
        assert_eq!(levels[0].odds, Price(195));
        assert!(levels[1].odds > Price(200));
    }
}
