//! Matching, the exchange's one rule: price-time priority with best execution. A back at odds O
//! matches resting lays at O or higher, the highest first, the oldest first at each price, each
//! at the resting order's price; a lay the mirror (resting backs at O or lower, lowest first).
//! An order never matches its owner's resting orders. Pure: it reads the book and says what
//! would match; `Exchange::reduce` then takes the fills off the book.

use crate::book::model::{Exchange, Resting};
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    pub order_id: u64,
    pub user_id: UserId,
    pub price_h: u32,
    pub size_minor: i64,
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
    pub fn matched_minor(&self) -> i64 {
        self.fills.iter().map(|f| f.size_minor).sum()
    }
}

/// The fills `take` gets from the resting orders of market `mid`.
pub fn match_order(exchange: &Exchange, mid: u64, take: &Take) -> Matching {
    let Some(ladder) = exchange.markets.get(&mid).and_then(|m| m.runners.get(&take.sid)) else {
        return Matching { fills: Vec::new(), unmatched_minor: take.size_minor, crosses_own: false };
    };
    match take.side {
        Side::Back => walk(exchange, take, ladder.lays.range(take.price_h..).rev()),
        Side::Lay => walk(exchange, take, ladder.backs.range(..=take.price_h)),
    }
}

/// Goes down the levels a taker may match, best first, until it is filled.
fn walk<'a>(exchange: &Exchange, take: &Take, levels: impl Iterator<Item = (&'a u32, &'a VecDeque<Resting>)>) -> Matching {
    let mut matching = Matching { fills: Vec::new(), unmatched_minor: take.size_minor, crosses_own: false };
    for (price_h, queue) in levels {
        for resting in queue {
            if resting.user_id == take.user_id {
                matching.crosses_own = true;
                continue;
            }
            let Some(order) = exchange.orders.get(&resting.order_id) else { continue };
            let size_minor = order.unmatched_minor.min(matching.unmatched_minor);
            matching.fills.push(Match { order_id: order.id, user_id: order.user_id, price_h: *price_h, size_minor });
            matching.unmatched_minor -= size_minor;
            if matching.unmatched_minor == 0 {
                matching.crosses_own = false;
                return matching;
            }
        }
    }
    matching
}
