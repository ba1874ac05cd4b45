//! `decide` for sports markets: bets on them, their results, and the start of a feed world. A
//! decision gives the markets' events and the bets' (`E` holds both), or a refusal of the bets or
//! the accounts (`R` holds both).

use crate::accounts::messages::AccountReject;
use crate::accounts::model::Accounts;
use crate::bets::acceptance::{bet_placed, check_bettor, settle_books};
use crate::bets::messages::{BetEvent, BetInfo, BetReject};
use crate::bets::model::Betting;
use crate::ids::{is_casino_id, BookKey, UserId};
use crate::sports::messages::{BetDelay, SportsCommand, SportsEvent};
use crate::sports::model::Sports;
use crate::sports::results::{check_result, MarketShape};
use crate::sports::terms::terms;
use crate::world::FeedWorld;
use schemas::sports::{Market, MarketResult};
use std::collections::BTreeSet;

pub fn decide<E, R>(accounts: &Accounts, betting: &Betting, sports: &Sports, at_ms: i64, command: &SportsCommand) -> Result<Vec<E>, R>
where
    E: From<SportsEvent> + From<BetEvent>,
    R: From<AccountReject> + From<BetReject>,
{
    match command {
        SportsCommand::PlaceBet { user_id, request_id, market, delay, stake_minor, info } => {
            let placed = place_bet::<R>(accounts, betting, sports, at_ms, *user_id, request_id, market, *delay, *stake_minor, info)?;
            Ok(vec![placed.into()])
        }
        SportsCommand::SettleMarket { gmid, mid, result, market } => {
            if market.gmid != *gmid || market.mid != *mid {
                return Err(BetReject::UnknownMarket.into());
            }
            Ok(settle_market(accounts, betting, sports, *gmid, *mid, result, Some(&MarketShape::of(market)))?.into_events())
        }
        SportsCommand::StartFeed { world } => Ok(start_feed(accounts, betting, sports, at_ms, world)),
    }
}

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
fn place_bet<R>(accounts: &Accounts, betting: &Betting, sports: &Sports, at_ms: i64, user_id: UserId, request_id: &str, market: &Market, delay: BetDelay, stake_minor: i64, info: &BetInfo) -> Result<BetEvent, R>
where
    R: From<AccountReject> + From<BetReject>,
{
    let user = check_bettor::<R>(accounts, betting, at_ms, user_id, request_id, stake_minor, info)?;
    // Casino rounds' books are numbered from `CASINO_ID_BASE`: a sports market there would share
    // a round's books (each settled by the other's result, bets taken after it).
    if is_casino_id(market.mid) {
        return Err(BetReject::UnknownMarket.into());
    }
    if sports.resulted.contains_key(&market.mid) {
        return Err(BetReject::MarketNotOpen { status: "CLOSED".into() }.into());
    }
    let delay_ms = bet_delay_ms(market, delay);
    if at_ms - info.requested_at_ms < delay_ms {
        return Err(BetReject::BetDelayNotOver { delay_ms }.into());
    }
    let (sid, side, asked) = info.asked();
    let terms = terms(market, sid, side, asked)?;
    let info = BetInfo { delay_ms, ..info.clone() };
    bet_placed(betting, user, request_id, market.gmid, terms, stake_minor, &info)
}

/// A market's settlement: its result, then one `BetsSettled` per user with open bets in it.
pub struct Settlement {
    pub resulted: SportsEvent,
    pub settled: Vec<BetEvent>,
}

impl Settlement {
    pub fn into_events<E: From<SportsEvent> + From<BetEvent>>(self) -> Vec<E> {
        std::iter::once(self.resulted.into()).chain(self.settled.into_iter().map(E::from)).collect()
    }
}

/// Settles every open bet of the market in one batch. The result must fit `market`; only a void
/// needs no market (a world's leftovers, which the book no longer shows).
pub fn settle_market(accounts: &Accounts, betting: &Betting, sports: &Sports, gmid: u64, mid: u64, result: &MarketResult, market: Option<&MarketShape>) -> Result<Settlement, BetReject> {
    if is_casino_id(mid) {
        return Err(BetReject::UnknownMarket);
    }
    if sports.resulted.contains_key(&mid) {
        return Err(BetReject::AlreadySettled);
    }
    match market {
        Some(market) => check_result(market, result).map_err(BetReject::ResultDoesNotFit)?,
        None if *result != MarketResult::Void => return Err(BetReject::UnknownMarket),
        None => {}
    }
    // The result must also decide every book of the market: a book keeps the runners of its
    // first bet, so a runner the book shows now but that joined after them decides none of its
    // bets (they would be void instead of lost or won, and its exposure never counted that
    // outcome). Such a market can be voided.
    if *result != MarketResult::Void && betting.books.range(BookKey::all_of(mid)).any(|(_, book)| book.kind.outcome(result).is_none()) {
        return Err(BetReject::ResultDoesNotFit("a winner among the runners its bets were taken on"));
    }
    let settled = settle_books(accounts, betting, gmid, mid, |_, book| book.kind.outcome(result));
    Ok(Settlement { resulted: SportsEvent::MarketResulted { gmid, mid, result: result.clone(), market: market.cloned() }, settled })
}

/// The world the log holds goes on (no event) when `world` has its settings and it is recent;
/// otherwise a new world: its epoch, then a void for every market left open by the earlier
/// worlds, each decided against the state the previous ones left.
fn start_feed<E>(accounts: &Accounts, betting: &Betting, sports: &Sports, at_ms: i64, world: &FeedWorld) -> Vec<E>
where
    E: From<SportsEvent> + From<BetEvent>,
{
    if FeedWorld::goes_on(sports.feed_world.as_ref(), world, at_ms) {
        return vec![];
    }
    let mut events = vec![SportsEvent::FeedWorldStarted { epoch: sports.feed_epoch + 1, world: world.clone() }.into()];
    let open: BTreeSet<(u64, u64)> = betting.books.iter().filter(|(key, _)| !is_casino_id(key.mid)).map(|(key, book)| (book.gmid, key.mid)).collect();
    if open.is_empty() {
        return events;
    }
    let (mut accounts, mut betting) = (accounts.clone(), betting.clone());
    for (gmid, mid) in open {
        // An open market has no result yet, so each settles.
        let Ok(settlement) = settle_market(&accounts, &betting, sports, gmid, mid, &MarketResult::Void, None) else { continue };
        for settled in &settlement.settled {
            crate::bets::apply::apply(&mut betting, &mut accounts, at_ms, settled);
        }
        events.extend(settlement.into_events::<E>());
    }
    events
}
