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
        let fills = fills_moving(exchange, mid, user_id, *sid, side, shift.abs())?;
        let Some((limit_h, _)) = fills.last().copied() else { continue };
        for (price_h, size_minor) in &fills {
            position.matched(&Payoff::Decimal { sid: *sid, odds_h: *price_h, side }, *size_minor);
        }
        orders.push(HedgeOrder { sid: *sid, side, limit_h, size_minor: fills.iter().map(|f| f.1).sum() });
    }
    orders.sort_by_key(|o| o.side == Side::Back);
    Some(Hedge { orders, pnl_after: position.pnl })
}

/// The fills (price, size) a `side` order on runner `sid` gets, best price first and oldest first
/// at each, passing over the user's own orders (as matching does), until they move the runner's
/// P/L against the others' by `shift`, the last one rounded to the nearest minor unit of stake;
/// none when the book holds too little.
fn fills_moving(exchange: &Exchange, mid: u64, user_id: UserId, sid: u32, side: Side, shift: i64) -> Option<Vec<(u32, i64)>> {
    let mut fills = Vec::new();
    if shift == 0 {
        return Some(fills);
    }
    let ladder = exchange.markets.get(&mid)?.runners.get(&sid)?;
    let levels: Box<dyn Iterator<Item = _>> = match side {
        Side::Back => Box::new(ladder.lays.iter().rev()),
        Side::Lay => Box::new(ladder.backs.iter()),
    };
    let mut left = shift;
    for (price_h, queue) in levels {
        for resting in queue.iter().filter(|r| r.user_id != user_id) {
            let Some(order) = exchange.orders.get(&resting.order_id) else { continue };
            let whole = moved(order.unmatched_minor, *price_h);
            if whole < left {
                fills.push((*price_h, order.unmatched_minor));
                left -= whole;
                continue;
            }
            let price = i128::from(*price_h);
            let size_minor = i64::try_from((i128::from(left) * 100 + price / 2) / price).ok()?.min(order.unmatched_minor);
            if size_minor > 0 {
                fills.push((*price_h, size_minor));
            }
            return Some(fills);
        }
    }
    None
}

/// How far a matched stake at `price_h` moves its runner's P/L against the other runners': the
/// back's profit (or the lay's liability), rounded as bets round it, plus the stake.
fn moved(size_minor: i64, price_h: u32) -> i64 {
    size_minor * i64::from(price_h.saturating_sub(100)) / 100 + size_minor
}
