//! Sports markets in the ledger: bets on them (with the in-play delay), their results, and the
//! start of a new feed world.

use crate::acceptance::{bet_placed, check_bettor, settle_books};
use crate::apply::apply;
use crate::command::{BetDelay, Command, Reject};
use crate::event::{BetInfo, Envelope, Event, FeedWorld};
use crate::ids::UserId;
use crate::state::State;
use crate::terms::terms;
use schemas::sports::{Market, MarketResult};
use std::collections::BTreeSet;

/// How long an in-play bet waits before the engine takes it at the price then on offer: the
/// market's `rc` seconds at the operator's rate. Outside play a bet is taken at once.
pub fn bet_delay_ms(market: &Market, delay: BetDelay) -> i64 {
    if delay.in_play {
        i64::from(market.rc) * delay.ms_per_sec.max(0)
    } else {
        0
    }
}

/// The acceptance checks of DESIGN §3, in order, each with its own rejection. `market` is the
/// quote taken once the bet's delay passed; the delay is checked against the time asked.
#[allow(clippy::too_many_arguments)]
pub fn place_bet(state: &State, at_ms: i64, user_id: UserId, request_id: &str, market: &Market, delay: BetDelay, stake_minor: i64, info: &BetInfo) -> Result<Vec<Event>, Reject> {
    let user = check_bettor(state, at_ms, user_id, request_id, stake_minor, info)?;
    if state.resulted.contains_key(&market.mid) {
        return Err(Reject::MarketNotOpen { status: "CLOSED".into() });
    }
    let delay_ms = bet_delay_ms(market, delay);
    if at_ms - info.requested_at_ms < delay_ms {
        return Err(Reject::BetDelayNotOver { delay_ms });
    }
    let (sid, side, asked) = Command::asked(info);
    let terms = terms(market, sid, side, asked)?;
    let info = BetInfo { delay_ms, ..info.clone() };
    bet_placed(state, user, request_id, market.gmid, terms, stake_minor, &info)
}

/// Settles every open bet of the market in one batch: the result, then one event per user.
pub fn settle_market(state: &State, gmid: u64, mid: u64, result: &MarketResult) -> Result<Vec<Event>, Reject> {
    if state.resulted.contains_key(&mid) {
        return Err(Reject::AlreadySettled);
    }
    let mut events = vec![Event::MarketResulted { gmid, mid, result: result.clone() }];
    events.extend(settle_books(state, gmid, mid, |_, book| book.kind.outcome(result)));
    Ok(events)
}

/// The world the log holds goes on (no event) when `world` has its settings and it is recent;
/// otherwise a new world: its epoch, then a void for every market left open by the earlier
/// worlds, each decided against the state the previous ones left.
pub fn start_feed(state: &State, at_ms: i64, world: &FeedWorld) -> Result<Vec<Event>, Reject> {
    if FeedWorld::goes_on(state.feed_world.as_ref(), world, at_ms) {
        return Ok(vec![]);
    }
    let mut events = vec![Event::FeedWorldStarted { epoch: state.feed_epoch + 1, world: world.clone() }];
    let open: BTreeSet<(u64, u64)> = state.books.iter().filter(|(key, _)| !crate::casino::is_casino_id(key.mid)).map(|(key, book)| (book.gmid, key.mid)).collect();
    if open.is_empty() {
        return Ok(events);
    }
    let mut scratch = state.clone();
    for (gmid, mid) in open {
        for event in settle_market(&scratch, gmid, mid, &MarketResult::Void)? {
            let envelope = Envelope { seq: scratch.head_seq + 1, at_ms, event };
            apply(&mut scratch, &envelope);
            events.push(envelope.event);
        }
    }
    Ok(events)
}
