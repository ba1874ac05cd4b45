//! Cash out: the hedge that makes a player's matched P/L in a market the same whichever runner
//! wins ("green up"), at the prices the book holds now. Every runner but one is traded, a back
//! where the P/L is below the level kept and a lay where it is above; of the runners that could
//! be the one left alone, the one leaving the player the most is taken (the value is concave in
//! the level, so one runner is always left alone at its best). The hedges are fill-or-kill orders
//! down to the worst price each needs: all of it matches at that value, or nothing happens.
//!
//! Stakes are whole minor units, so a hedge lands within its last fill's rounding of equal: one
//! minor unit of stake moves a runner's P/L by its price, so the P/L after differs between
//! runners by at most about half the price (in minor units) of each runner traded.

use crate::betting::{BookKind, Payoff};
use crate::book::ladder;
use crate::book::matching::{match_order, Matching, Take};
use crate::book::model::{Exchange, Position};
use crate::ids::UserId;
use schemas::sports::Side;
use std::cmp::Reverse;

/// One hedge order: `size_minor` on runner `sid`, matching from the best price down to `limit_h`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HedgeOrder {
    pub sid: u32,
    pub side: Side,
    pub limit_h: u32,
    pub size_minor: i64,
}

/// A cash out as the book would take it now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hedge {
    /// Lays first: a lay brings its runner down to the level and raises the others, so it never
    /// lowers the least P/L; the backs after it may, for a while (the balance must cover every
    /// step: `decide::take_all`).
    pub orders: Vec<HedgeOrder>,
    /// The matched P/L per runner after it, in the book's runner order.
    pub pnl_after: Vec<i64>,
}

impl Hedge {
    /// What the player is sure of after it: the least P/L over the runners.
    pub fn value_minor(&self) -> i64 {
        self.pnl_after.iter().copied().min().unwrap_or(0)
    }
}

/// The hedge of `share_bp` basis points (10,000: all) of `user_id`'s matched P/L `pnl` (per
/// runner of `sids`) in market `mid`, against the book now; none when the book holds too little.
pub fn hedge(exchange: &Exchange, mid: u64, user_id: UserId, sids: &[u32], pnl: &[i64], share_bp: u32) -> Option<Hedge> {
    (0..sids.len()).filter_map(|keep| hedge_keeping(exchange, mid, user_id, sids, pnl, share_bp, keep)).max_by_key(|h| (h.value_minor(), Reverse(h.orders.len())))
}

/// The hedge that leaves runner `keep` alone and brings every other to its P/L.
fn hedge_keeping(exchange: &Exchange, mid: u64, user_id: UserId, sids: &[u32], pnl: &[i64], share_bp: u32, keep: usize) -> Option<Hedge> {
    let kind = BookKind::Runners(sids.to_vec());
    let mut position = Position::new(&kind, Some(pnl));
    let mut orders = Vec::new();
    for (runner, sid) in sids.iter().enumerate().filter(|(runner, _)| *runner != keep) {
        let shift = i64::try_from(i128::from(pnl[keep] - pnl[runner]) * i128::from(share_bp) / 10_000).ok()?;
        let side = if shift > 0 { Side::Back } else { Side::Lay };
        let Some((order, matching)) = order_moving(exchange, mid, user_id, *sid, side, shift.abs())? else { continue };
        for fill in &matching.fills {
            let resting = exchange.orders.get(&fill.order_id)?;
            position.matched(&Payoff::Decimal { sid: resting.sid, odds_h: fill.price_h, side: opposite(resting.side) }, fill.size_minor);
        }
        orders.push(order);
    }
    orders.sort_by_key(|o| o.side == Side::Back);
    Some(Hedge { orders, pnl_after: position.pnl })
}

/// The `side` order on runner `sid` whose fills, as matching gives them (best price first,
/// direct and implied, passing over the user's own orders), move the runner's P/L against the
/// others' by as near `shift` as whole minor units of size allow, with its fills; none to place
/// when no size comes nearer than none; `None` when the book holds too little.
fn order_moving(exchange: &Exchange, mid: u64, user_id: UserId, sid: u32, side: Side, shift: i64) -> Option<Option<(HedgeOrder, Matching)>> {
    if shift == 0 {
        return Some(None);
    }
    // Any price the book gives: the size alone decides what matches, best price first.
    let limit_h = match side {
        Side::Back => ladder::PRICE_H_MIN,
        Side::Lay => ladder::PRICE_H_MAX,
    };
    let matched = |size_minor: i64| match_order(exchange, mid, &Take { user_id, sid, side, price_h: limit_h, size_minor });
    let moved_by = |matching: &Matching| matching.fills.iter().map(|f| moved(f.size_minor, f.price_h)).sum::<i64>();
    // A fill moves the P/L by at least the size it takes, so `shift` of size is enough if the
    // book can take it at all.
    let most = matched(shift);
    if most.unmatched_minor > 0 && moved_by(&most) < shift {
        return None;
    }
    let (mut low, mut high) = (0, shift);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if moved_by(&matched(middle)) >= shift {
            high = middle;
        } else {
            low = middle;
        }
    }
    let below = matched(low);
    let size_minor = if low > 0 && shift - moved_by(&below) < moved_by(&matched(high)) - shift { low } else { high };
    let matching = matched(size_minor);
    let limit_h = matching.fills.iter().all(|f| !f.implied).then(|| matching.fills.last().map(|f| f.price_h)).flatten().unwrap_or(limit_h);
    Some(Some((HedgeOrder { sid, side, limit_h, size_minor }, matching)))
}

fn opposite(side: Side) -> Side {
    match side {
        Side::Back => Side::Lay,
        Side::Lay => Side::Back,
    }
}

/// How far a matched stake at `price_h` moves its runner's P/L against the other runners': the
/// back's profit (or the lay's liability), rounded as bets round it, plus the stake. An implied
/// fill moves the taker's runner against the other by the same, from the other runner's side.
fn moved(size_minor: i64, price_h: u32) -> i64 {
    size_minor * i64::from(price_h.saturating_sub(100)) / 100 + size_minor
}
