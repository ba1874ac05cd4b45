//! The exchange's running parts: the order books shown on the match pages and home tables as
//! they change (after every batch of the ledger that touched one), and the market makers that
//! give them liquidity (`makers`). Matching itself is the ledger's (`ledger::book`).

pub mod makers;

use crate::push::hub::HubHandle;
use crate::sports::book::{Book, RunnerLevels};
use crate::sports::feed::publish;
use ledger::{BetEvent, Envelope, Event, OrderEvent, State};
use schemas::sports::{OddsLevel, Price, Side};
use std::collections::BTreeSet;
use std::sync::{Arc, RwLock};

/// Prices a side the pages show of each runner's book.
pub const SHOWN_LEVELS: usize = 3;

/// The best `levels` prices a side of each runner of market `mid`: what a player can back (the
/// resting lays, highest first) as back levels, what a player can lay (the resting backs, lowest
/// first) as lay levels, each with the unmatched money at it.
pub fn depth_levels(state: &State, mid: u64, levels: usize) -> RunnerLevels {
    let Some(market) = state.exchange.markets.get(&mid) else { return RunnerLevels::new() };
    market
        .runners
        .keys()
        .map(|sid| {
            let side = |resting: Side, shown: Side| {
                state.exchange.depth(mid, *sid, resting).into_iter().take(levels).enumerate().map(move |(tno, (price, size))| OddsLevel {
                    otype: shown,
                    odds: Price(price),
                    size: Price(u32::try_from(size).unwrap_or(u32::MAX)),
                    tno: u8::try_from(tno).unwrap_or(u8::MAX),
                })
            };
            (*sid, side(Side::Lay, Side::Back).chain(side(Side::Back, Side::Lay)).collect())
        })
        .collect()
}

/// The exchange markets a batch changed the book of: (gmid if the events say, mid).
fn touched(envelopes: &[Envelope]) -> BTreeSet<(Option<u64>, u64)> {
    envelopes
        .iter()
        .filter_map(|e| match &e.event {
            Event::Exchange(OrderEvent::OrderPlaced { gmid, book, .. }) => Some((Some(*gmid), book.mid)),
            Event::Exchange(OrderEvent::OrdersClosed { book, .. }) => Some((None, book.mid)),
            Event::Bets(BetEvent::BetPlaced { gmid, book, info, .. }) if info.fill.is_some() => Some((Some(*gmid), book.mid)),
            _ => None,
        })
        .collect()
}

/// After each durable batch: the books it changed show their new best prices, pushed to the
/// match pages and home tables.
pub fn notifier(book: Arc<RwLock<Book>>, hub: HubHandle) -> impl FnMut(&[Envelope], &State) + Send {
    move |envelopes, state| {
        let markets = touched(envelopes);
        if markets.is_empty() {
            return;
        }
        let mut changes = Vec::new();
        {
            let mut shown = book.write().unwrap_or_else(|p| p.into_inner());
            for (gmid, mid) in markets {
                let Some(gmid) = gmid.or_else(|| state.exchange.markets.get(&mid).map(|m| m.gmid)).or_else(|| shown.gmid_of(mid)) else { continue };
                changes.push(shown.set_depth(gmid, mid, depth_levels(state, mid, SHOWN_LEVELS)));
            }
        }
        publish(&book, &hub, &mut changes);
    }
}
