//! Matching, the exchange's one rule: price-time priority with best execution. A back at odds O
//! matches resting lays at O or higher, the highest first, the oldest first at each price, each
//! at the resting order's price; a lay the mirror (resting backs at O or lower, lowest first).
//! An order never matches its owner's resting orders. Pure: it reads the book and says what
//! would match; `Exchange::reduce` then takes the fills off the book.
//!
//! On a two-runner market matching is also implied (cross matching): a back of A at `a` is the
//! same position as a lay of B at `a/(a-1)`, so it also matches a resting back of B at `b` when
//! `b <= a/(a-1)`, that is `1/a + 1/b >= 1`; a lay of A is a back of B at `a/(a-1)` and matches
//! a resting lay of B when `1/a + 1/b <= 1`. The resting order gets its own price; the taker gets
//! the price that implies, `b/(b-1)`, at least as good as its limit.
//! Direct and implied liquidity are taken together, best price for the taker first (direct first
//! at an equal price), so either runner's money serves both.

use crate::betting::BookKind;
use crate::book::model::{Exchange, Ladder, Resting};
use crate::ids::UserId;
use schemas::sports::Side;
use std::collections::VecDeque;

/// What an incoming order asks of one runner's book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Take {
    pub user_id: UserId,
    pub sid: u32,
    pub side: Side,
    pub price_h: u32,
    pub size_minor: i64,
}

/// One fill: `size_minor` of resting order `order_id` (of `user_id`), at its price.
/// `taken_minor` is what it takes of the taker's size: the same for a direct fill; for an
/// implied one (a resting order on the other runner) the stake on the taker's runner it stands
/// for, the resting back's profit (or lay's liability) `size × (price − 1)`, rounded down as
/// bets round it, or one minor unit more when that takes the taker's whole remainder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    pub order_id: u64,
    pub user_id: UserId,
    pub price_h: u32,
    pub size_minor: i64,
    pub taken_minor: i64,
    pub implied: bool,
}

impl Match {
    /// An implied fill's `taken_minor` when it is not what its stake stands for rounded down
    /// (it took the taker's whole remainder): the bet records it (`Fill::taken_minor`).
    pub fn taken_past_rounding(&self) -> Option<i64> {
        (self.implied && self.taken_minor != self.size_minor * per_unit(self.price_h) / 100).then_some(self.taken_minor)
    }
}

/// What a minor unit of a resting stake on the other runner stands for on the taker's, in
/// hundredths of a minor unit: its price less one.
fn per_unit(price_h: u32) -> i64 {
    i64::from(price_h.saturating_sub(100)).max(1)
}

/// What an incoming order matches: its fills in order, what is left, and whether the rest would
/// cross one of its owner's own resting orders (which it passed over).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Matching {
    pub fills: Vec<Match>,
    pub unmatched_minor: i64,
    pub crosses_own: bool,
}

impl Matching {
    /// What of the taker's size its fills took.
    pub fn matched_minor(&self) -> i64 {
        self.fills.iter().map(|f| f.taken_minor).sum()
    }
}

/// The fills `take` gets from the resting orders of market `mid`.
pub fn match_order(exchange: &Exchange, mid: u64, take: &Take) -> Matching {
    let mut matching = Matching { fills: Vec::new(), unmatched_minor: take.size_minor, crosses_own: false };
    let Some(market) = exchange.markets.get(&mid) else { return matching };
    let empty = Ladder::default();
    let ladder = market.runners.get(&take.sid).unwrap_or(&empty);
    let mut direct: Box<dyn Iterator<Item = Level>> = match take.side {
        Side::Back => Box::new(ladder.lays.range(take.price_h..).rev().map(Level::direct)),
        Side::Lay => Box::new(ladder.backs.range(..=take.price_h).map(Level::direct)),
    };
    let mut implied: Box<dyn Iterator<Item = Level>> = match other_runner(&market.kind, take.sid).and_then(|sid| market.runners.get(&sid)) {
        Some(other) => match take.side {
            // A back of A meets resting backs of B, the lowest price (best for the taker) first.
            Side::Back => Box::new(other.backs.iter().take_while(|(b, _)| implies(Side::Back, take.price_h, **b)).map(Level::implied)),
            Side::Lay => Box::new(other.lays.iter().rev().take_while(|(b, _)| implies(Side::Lay, take.price_h, **b)).map(Level::implied)),
        },
        None => Box::new(std::iter::empty()),
    };
    let (mut next_direct, mut next_implied) = (direct.next(), implied.next());
    loop {
        let level = match (next_direct, next_implied) {
            (Some(d), Some(i)) if !better_for(take.side, &i, &d) => {
                next_direct = direct.next();
                d
            }
            (_, Some(i)) => {
                next_implied = implied.next();
                i
            }
            (Some(d), None) => {
                next_direct = direct.next();
                d
            }
            (None, None) => break,
        };
        if fill_level(exchange, take, level, &mut matching) {
            matching.crosses_own = false;
            return matching;
        }
    }
    matching
}

/// One price level the taker may match: resting orders of its runner (direct) or of the other
/// runner of a two-runner market (implied), at `price_h`.
#[derive(Clone, Copy)]
struct Level<'a> {
    price_h: u32,
    queue: &'a VecDeque<Resting>,
    implied: bool,
}

impl<'a> Level<'a> {
    fn direct((price_h, queue): (&'a u32, &'a VecDeque<Resting>)) -> Self {
        Level { price_h: *price_h, queue, implied: false }
    }

    fn implied((price_h, queue): (&'a u32, &'a VecDeque<Resting>)) -> Self {
        Level { price_h: *price_h, queue, implied: true }
    }

    /// The taker's price at this level in hundredths, as a fraction: a resting price `b` on the
    /// other runner implies `b/(b-1)`.
    fn taker_price(&self) -> (u64, u64) {
        let price = u64::from(self.price_h);
        if self.implied { (100 * price, price.saturating_sub(100).max(1)) } else { (price, 1) }
    }
}

/// Whether `a` is a better price for the taker than `b`: higher for a back, lower for a lay.
fn better_for(side: Side, a: &Level, b: &Level) -> bool {
    let ((an, ad), (bn, bd)) = (a.taker_price(), b.taker_price());
    let (left, right) = (u128::from(an) * u128::from(bd), u128::from(bn) * u128::from(ad));
    match side {
        Side::Back => left > right,
        Side::Lay => left < right,
    }
}

/// A taker's limit `a` meets a resting price `b` on the other runner: its implied price
/// `b/(b-1)` is at least `a` for a back (`(a-1)(b-1) <= 1`), at most `a` for a lay.
fn implies(side: Side, a_h: u32, b_h: u32) -> bool {
    let product = u64::from(a_h.saturating_sub(100)) * u64::from(b_h.saturating_sub(100));
    match side {
        Side::Back => product <= 10_000,
        Side::Lay => product >= 10_000,
    }
}

/// The other runner of a two-runner book.
fn other_runner(kind: &BookKind, sid: u32) -> Option<u32> {
    match kind {
        BookKind::Runners(sids) if sids.len() == 2 && sids.contains(&sid) => sids.iter().copied().find(|s| *s != sid),
        _ => None,
    }
}

/// Takes what the taker can of one level, oldest first; whether the taker is filled.
fn fill_level(exchange: &Exchange, take: &Take, level: Level, matching: &mut Matching) -> bool {
    for resting in level.queue {
        if resting.user_id == take.user_id {
            matching.crosses_own |= !level.implied;
            continue;
        }
        let Some(order) = exchange.orders.get(&resting.order_id) else { continue };
        let (size_minor, taken_minor) = if level.implied {
            // The most resting stake whose profit (or liability), rounded down as bets round it,
            // is at most what the taker has left: `size × per_unit / 100 < left + 1`.
            let per_unit = per_unit(level.price_h);
            let size_minor = order.unmatched_minor.min((matching.unmatched_minor.saturating_add(1).saturating_mul(100) - 1) / per_unit);
            let taken_minor = size_minor * per_unit / 100;
            if taken_minor == 0 {
                // Less than a minor unit of the taker's stake: nothing more matches here.
                return false;
            }
            // One minor unit short only because a resting stake of whole minor units cannot
            // stand for the taker's last one (one more would pass it): the fill takes the whole
            // remainder, a stake within a minor unit of the position it is, rather than leave a
            // 0.01 to match elsewhere.
            let rounding = taken_minor == matching.unmatched_minor - 1 && size_minor < order.unmatched_minor;
            (size_minor, taken_minor + i64::from(rounding))
        } else {
            let size_minor = order.unmatched_minor.min(matching.unmatched_minor);
            (size_minor, size_minor)
        };
        matching.fills.push(Match { order_id: order.id, user_id: order.user_id, price_h: level.price_h, size_minor, taken_minor, implied: level.implied });
        matching.unmatched_minor -= taken_minor;
        if matching.unmatched_minor == 0 {
            return true;
        }
    }
    false
}
