//! The order books' state: every order with an unmatched part, and per market the resting
//! orders of each runner by price and time. An order leaves the state once nothing of it rests
//! (matched, cancelled or lapsed); its bets and its record are the log's and the history's.

use crate::bets::messages::BetInfo;
use crate::betting::{worst_loss_minor, BookKind, Outcome, Payoff};
use crate::book::messages::Persistence;
use crate::ids::{BookKey, UserId};
use schemas::sports::Side;
use serde::{Deserialize, Serialize};
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Exchange {
    /// Orders with an unmatched part, by id (ids are the bets' ids: one sequence for both).
    pub orders: BTreeMap<u64, Order>,
    /// The books of markets with unmatched orders, by market id.
    pub markets: BTreeMap<u64, MarketBook>,
    /// The commission on a market's net winnings at its settlement, in basis points.
    #[serde(default)]
    pub commission_bp: u32,
}

/// An order with an unmatched part, as it rests in its book.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    pub id: u64,
    pub user_id: UserId,
    pub request_id: String,
    pub gmid: u64,
    pub book: BookKey,
    pub sid: u32,
    pub side: Side,
    pub price_h: u32,
    /// The size asked, and what of it is unmatched now.
    pub size_minor: i64,
    pub unmatched_minor: i64,
    pub persistence: Persistence,
    pub in_play: bool,
    pub placed_at_ms: i64,
    pub info: BetInfo,
}

impl Order {
    /// The order an `OrderPlaced` event records, with what of it rests (none for another event).
    pub fn placed(event: &crate::book::messages::OrderEvent, at_ms: i64) -> Option<Order> {
        let crate::book::messages::OrderEvent::OrderPlaced { order_id, user_id, request_id, gmid, book, sid, side, price_h, size_minor, matched_minor, self_match_minor, persistence, in_play, info, .. } = event else {
            return None;
        };
        Some(Order {
            id: *order_id,
            user_id: *user_id,
            request_id: request_id.clone(),
            gmid: *gmid,
            book: *book,
            sid: *sid,
            side: *side,
            price_h: *price_h,
            size_minor: *size_minor,
            unmatched_minor: size_minor - matched_minor - self_match_minor,
            persistence: *persistence,
            in_play: *in_play,
            placed_at_ms: at_ms,
            info: info.clone(),
        })
    }

    /// How the unmatched part would pay if matched at its price.
    pub fn payoff(&self) -> Payoff {
        Payoff::Decimal { sid: self.sid, odds_h: self.price_h, side: self.side }
    }
}

/// One market's book.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MarketBook {
    pub gmid: u64,
    /// The runners its orders are priced over: the outcome set of its bets (`bets::Book`).
    pub kind: BookKind,
    pub runners: BTreeMap<u32, Ladder>,
    /// Each user's orders in this book.
    pub by_user: BTreeMap<UserId, BTreeSet<u64>>,
    /// What each holder's unmatched orders here could add to its position, by holder and book
    /// scope: summed as orders rest and shrink, so that a decision never walks a holder's orders.
    pub unmatched: BTreeMap<(UserId, u32), Unmatched>,
}

/// A holder's unmatched orders in one book, summed: what they could add at each outcome of the
/// book at worst (`reserve`) and at best (`upside`) if they were matched (`Position`). A sum of
/// each order's part, added as it rests and taken away as it shrinks, so it is always what
/// adding up the orders now would give.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unmatched {
    pub orders: u32,
    pub reserve: Vec<i64>,
    pub upside: Vec<i64>,
}

impl Unmatched {
    /// Adds (`sign` 1) or takes away (`sign` -1) an unmatched part of `size_minor` paying
    /// `payoff` at each of `outcomes`.
    fn add(&mut self, outcomes: &[Outcome], payoff: &Payoff, size_minor: i64, sign: i64) {
        if self.reserve.len() != outcomes.len() {
            self.reserve = vec![0; outcomes.len()];
            self.upside = vec![0; outcomes.len()];
        }
        add_part(outcomes, &mut self.reserve, &mut self.upside, payoff, size_minor, sign);
    }
}

/// Adds (`sign` 1) or takes away (`sign` -1) what an unmatched part of `size_minor` paying
/// `payoff` could add at each of `outcomes`: at worst to `reserve`, at best to `upside`.
fn add_part(outcomes: &[Outcome], reserve: &mut [i64], upside: &mut [i64], payoff: &Payoff, size_minor: i64, sign: i64) {
    for (i, outcome) in outcomes.iter().enumerate() {
        let pnl = payoff.pnl(size_minor, *outcome);
        reserve[i] += sign * pnl.min(0);
        upside[i] += sign * pnl.max(0);
    }
}

/// One runner's resting orders: backs and lays by price, each queue oldest first, and the
/// unmatched money at each price, summed as orders rest and shrink (the book's depth, which
/// every change to the book shows, without walking its queues).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    pub backs: BTreeMap<u32, VecDeque<Resting>>,
    pub lays: BTreeMap<u32, VecDeque<Resting>>,
    pub back_sizes: BTreeMap<u32, i64>,
    pub lay_sizes: BTreeMap<u32, i64>,
}

impl Ladder {
    fn side_mut(&mut self, side: Side) -> &mut BTreeMap<u32, VecDeque<Resting>> {
        match side {
            Side::Back => &mut self.backs,
            Side::Lay => &mut self.lays,
        }
    }

    fn sizes_mut(&mut self, side: Side) -> &mut BTreeMap<u32, i64> {
        match side {
            Side::Back => &mut self.back_sizes,
            Side::Lay => &mut self.lay_sizes,
        }
    }
}

/// A resting order's place in a queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resting {
    pub order_id: u64,
    pub user_id: UserId,
}

impl Exchange {
    /// One user's orders in one market, oldest first.
    pub fn user_orders(&self, mid: u64, user_id: UserId) -> impl Iterator<Item = &Order> {
        self.markets.get(&mid).and_then(|m| m.by_user.get(&user_id)).into_iter().flatten().filter_map(|id| self.orders.get(id))
    }

    /// Puts an order into its book, behind the orders at its price.
    pub fn rest(&mut self, order: Order, kind: &BookKind) {
        let market = self.markets.entry(order.book.mid).or_insert_with(|| MarketBook { gmid: order.gmid, kind: kind.clone(), runners: BTreeMap::new(), by_user: BTreeMap::new(), unmatched: BTreeMap::new() });
        let ladder = market.runners.entry(order.sid).or_default();
        ladder.side_mut(order.side).entry(order.price_h).or_default().push_back(Resting { order_id: order.id, user_id: order.user_id });
        *ladder.sizes_mut(order.side).entry(order.price_h).or_default() += order.unmatched_minor;
        market.by_user.entry(order.user_id).or_default().insert(order.id);
        let held = market.unmatched.entry((order.user_id, order.book.scope)).or_default();
        held.add(&market.kind.candidate_outcomes(std::iter::empty()), &order.payoff(), order.unmatched_minor, 1);
        held.orders += 1;
        self.orders.insert(order.id, order);
    }

    /// Takes `size_minor` off an order's unmatched part (a fill or a partial cancel); an order
    /// with nothing left leaves its book. Unknown orders are passed over (apply is total).
    pub fn reduce(&mut self, order_id: u64, size_minor: i64) {
        let Entry::Occupied(mut entry) = self.orders.entry(order_id) else { return };
        let order = entry.get_mut();
        let left = order.unmatched_minor - size_minor;
        let holder = (order.user_id, order.book.scope);
        if let Some(market) = self.markets.get_mut(&order.book.mid) {
            if let Some(size) = market.runners.get_mut(&order.sid).and_then(|ladder| ladder.sizes_mut(order.side).get_mut(&order.price_h)) {
                *size -= order.unmatched_minor - left.max(0);
            }
            if let Some(held) = market.unmatched.get_mut(&holder) {
                let outcomes = market.kind.candidate_outcomes(std::iter::empty());
                held.add(&outcomes, &order.payoff(), order.unmatched_minor, -1);
                if left > 0 {
                    held.add(&outcomes, &order.payoff(), left, 1);
                } else {
                    held.orders -= 1;
                    if held.orders == 0 {
                        market.unmatched.remove(&holder);
                    }
                }
            }
        }
        order.unmatched_minor = left;
        if left > 0 {
            return;
        }
        let order = entry.remove();
        let Some(market) = self.markets.get_mut(&order.book.mid) else { return };
        if let Some(ladder) = market.runners.get_mut(&order.sid) {
            let levels = ladder.side_mut(order.side);
            if let Some(queue) = levels.get_mut(&order.price_h) {
                // A fill takes the oldest order of its level: it is at the front.
                if queue.front().is_some_and(|r| r.order_id == order_id) {
                    queue.pop_front();
                } else {
                    queue.retain(|r| r.order_id != order_id);
                }
                if queue.is_empty() {
                    levels.remove(&order.price_h);
                    ladder.sizes_mut(order.side).remove(&order.price_h);
                }
            }
            if ladder.backs.is_empty() && ladder.lays.is_empty() {
                market.runners.remove(&order.sid);
            }
        }
        if let Some(ids) = market.by_user.get_mut(&order.user_id) {
            ids.remove(&order_id);
            if ids.is_empty() {
                market.by_user.remove(&order.user_id);
            }
        }
        if market.by_user.is_empty() {
            self.markets.remove(&order.book.mid);
        }
    }

    /// Adds what `user_id`'s unmatched orders in `book` could add to `position`: their sum, or
    /// each order when the position is over other outcomes than the sum (never, as both come
    /// from the book's runners).
    pub fn add_unmatched(&self, position: &mut Position, book: BookKey, user_id: UserId) {
        let Some(held) = self.markets.get(&book.mid).and_then(|m| m.unmatched.get(&(user_id, book.scope))) else { return };
        if held.reserve.len() != position.outcomes.len() {
            for order in self.user_orders(book.mid, user_id).filter(|o| o.book == book) {
                position.unmatched(&order.payoff(), order.unmatched_minor);
            }
            return;
        }
        for (i, (reserve, upside)) in held.reserve.iter().zip(&held.upside).enumerate() {
            position.reserve[i] += reserve;
            position.upside[i] += upside;
        }
    }

    /// Whether `user_id` has unmatched orders in `book`.
    pub fn has_orders(&self, book: BookKey, user_id: UserId) -> bool {
        self.markets.get(&book.mid).is_some_and(|m| m.unmatched.contains_key(&(user_id, book.scope)))
    }

    /// The unmatched size at each price of one side of a runner, best price for a taker first
    /// (resting lays highest first, resting backs lowest first): the book's depth.
    pub fn depth(&self, mid: u64, sid: u32, resting: Side) -> Vec<(u32, i64)> {
        let Some(ladder) = self.markets.get(&mid).and_then(|m| m.runners.get(&sid)) else { return Vec::new() };
        let level = |(price, size): (&u32, &i64)| (*price, *size);
        match resting {
            Side::Lay => ladder.lay_sizes.iter().rev().map(level).collect(),
            Side::Back => ladder.back_sizes.iter().map(level).collect(),
        }
    }
}

/// A user's position in one book: the matched bets' P/L at each outcome, and what the unmatched
/// orders could add at worst (`reserve`, non-positive) and at best (`upside`, non-negative)
/// if they were matched. Betfair counts unmatched liability too: exposure is the worst case of
/// matched plus the worst every unmatched order could add.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub outcomes: Vec<Outcome>,
    pub pnl: Vec<i64>,
    pub reserve: Vec<i64>,
    pub upside: Vec<i64>,
}

impl Position {
    /// `pnl` is the matched P/L per outcome of `kind` (none: no matched bets).
    pub fn new(kind: &BookKind, pnl: Option<&[i64]>) -> Self {
        let outcomes = kind.candidate_outcomes(std::iter::empty());
        let n = outcomes.len();
        let pnl = pnl.filter(|p| p.len() == n).map_or_else(|| vec![0; n], <[i64]>::to_vec);
        Position { outcomes, pnl, reserve: vec![0; n], upside: vec![0; n] }
    }

    /// Adds an unmatched part of `size_minor` paying `payoff`.
    pub fn unmatched(&mut self, payoff: &Payoff, size_minor: i64) {
        add_part(&self.outcomes, &mut self.reserve, &mut self.upside, payoff, size_minor, 1);
    }

    /// Takes away an unmatched part that `unmatched` added.
    pub fn unmatched_removed(&mut self, payoff: &Payoff, size_minor: i64) {
        add_part(&self.outcomes, &mut self.reserve, &mut self.upside, payoff, size_minor, -1);
    }

    /// Adds a matched bet.
    pub fn matched(&mut self, payoff: &Payoff, stake_minor: i64) {
        for (i, o) in self.outcomes.iter().enumerate() {
            self.pnl[i] += payoff.pnl(stake_minor, *o);
        }
    }

    /// The worst case of matched plus unmatched: the book's exposure.
    pub fn exposure_minor(&self) -> i64 {
        worst_loss_minor(&self.pnl.iter().zip(&self.reserve).map(|(p, r)| p + r).collect::<Vec<_>>())
    }

    /// The most the book could win, every unmatched order matched where it helps.
    pub fn win_max_minor(&self) -> i64 {
        self.pnl.iter().zip(&self.upside).map(|(p, u)| p + u).max().unwrap_or(0).max(0)
    }
}
