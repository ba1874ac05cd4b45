//! `decide` for sports markets: bets on them, their results, and the start of a feed world. A
//! decision gives the markets' events and the bets' (`E` holds both), or a refusal of the bets or
//! the accounts (`R` holds both).

use crate::accounts::messages::AccountReject;
use crate::accounts::model::Accounts;
use crate::bets::acceptance::{bet_placed, check_bettor, settle_books};
use crate::bets::messages::{BetEvent, BetInfo, BetReject};
use crate::bets::model::Betting;
use crate::book;
use crate::book::cash_out::HedgeOrder;
use crate::book::decide::{Ask, CashOutAsk};
use crate::book::messages::{OrderEvent, OrderReject, Persistence};
use crate::book::model::Exchange;
use crate::racing;
use crate::ids::{is_casino_id, BookKey, UserId};
use crate::sports::messages::{BetDelay, SportsCommand, SportsEvent};
use crate::sports::model::Sports;
use crate::sports::results::{check_result, MarketShape};
use crate::sports::terms::{exchange_terms, terms};
use crate::world::FeedWorld;
use schemas::bets::AcceptOdds;
use schemas::sports::{Market, MarketResult, MarketType, Side};
use std::collections::BTreeSet;

pub fn decide<E, R>(accounts: &Accounts, betting: &Betting, exchange: &Exchange, sports: &Sports, at_ms: i64, command: &SportsCommand) -> Result<Vec<E>, R>
where
    E: From<SportsEvent> + From<BetEvent> + From<OrderEvent>,
    R: From<AccountReject> + From<BetReject> + From<OrderReject>,
{
    match command {
        SportsCommand::PlaceBet { user_id, request_id, market, delay, stake_minor, info, accept_odds } => {
            let asked = Asked { user_id: *user_id, request_id, stake_minor: *stake_minor, info, accept_odds: *accept_odds };
            let placed = place_bet::<R>(accounts, betting, sports, at_ms, market, *delay, &asked)?;
            Ok(vec![placed.into()])
        }
        SportsCommand::PlaceOrder { user_id, request_id, market, delay, size_minor, persistence, info } => {
            let user = check_bettor::<R>(accounts, betting, at_ms, *user_id, request_id, *size_minor, info)?;
            let (sid, side, asked) = info.asked();
            let ask = exchange_ask::<R>(sports, at_ms, market, *delay, sid, side, asked.0, *size_minor, *persistence, request_id, info)?;
            book::decide::place(accounts, betting, exchange, user, ask, None)
        }
        SportsCommand::ReplaceOrder { user_id, order_id, price_h, request_id, market, delay, requested_at_ms } => {
            let user = accounts.users.get(user_id).ok_or(AccountReject::UnknownUser)?;
            let old = exchange.orders.get(order_id).filter(|o| o.user_id == *user_id && o.book.mid == market.mid).ok_or(OrderReject::UnknownOrder)?;
            if old.price_h == *price_h {
                return Err(OrderReject::SamePrice.into());
            }
            let info = BetInfo { price_h: *price_h, requested_at_ms: *requested_at_ms, ..old.info.clone() };
            let ask = exchange_ask::<R>(sports, at_ms, market, *delay, old.sid, old.side, *price_h, old.unmatched_minor, old.persistence, request_id, &info)?;
            book::decide::place(accounts, betting, exchange, user, ask, Some(old))
        }
        SportsCommand::CashOut { user_id, request_id, market, delay, share_bp, asked_value_minor, info } => {
            let user = check_bettor::<R>(accounts, betting, at_ms, *user_id, request_id, 0, info)?;
            exchange_market::<R>(sports, at_ms, market, *delay, info)?;
            // Every runner open: a hedge may trade any of them.
            let terms = market.section.iter().filter(|s| s.gstatus != schemas::sports::REMOVED).map(|s| exchange_terms(market, s.sid)).collect::<Result<Vec<_>, _>>()?.pop().ok_or(BetReject::UnknownSelection)?;
            let delay_ms = bet_delay_ms(market, *delay);
            let asks = |order: &HedgeOrder| {
                let section_name = market.section.iter().find(|s| s.sid == order.sid).map(|s| s.nat.clone()).unwrap_or_default();
                Ask {
                    request_id: request_id.clone(),
                    gmid: market.gmid,
                    book: terms.book,
                    runners: terms.runners.clone(),
                    sid: order.sid,
                    side: order.side,
                    price_h: order.limit_h,
                    size_minor: order.size_minor,
                    persistence: Persistence::Lapse,
                    in_play: delay.in_play,
                    info: BetInfo { sid: order.sid, side: order.side, price_h: order.limit_h, section_name, delay_ms, ..info.clone() },
                }
            };
            let ask = CashOutAsk { book: terms.book, runners: terms.runners.clone(), share_bp: *share_bp, asked_value_minor: *asked_value_minor, asks: &asks };
            book::decide::cash_out(betting, accounts, exchange, user, &ask)
        }
        SportsCommand::SettleMarket { gmid, mid, result, market } => {
            if market.gmid != *gmid || market.mid != *mid {
                return Err(BetReject::UnknownMarket.into());
            }
            Ok(settle_market(accounts, betting, exchange, sports, *gmid, *mid, result, Some(&MarketShape::of(market)))?.into_events())
        }
        SportsCommand::StartFeed { world } => Ok(start_feed(accounts, betting, exchange, sports, at_ms, world)),
        SportsCommand::WithdrawRunner { gmid, mid, sid, reduction_factor_bp } => {
            if is_casino_id(*mid) {
                return Err(BetReject::UnknownMarket.into());
            }
            if sports.resulted.contains(*mid) {
                return Err(BetReject::AlreadySettled.into());
            }
            if *reduction_factor_bp > racing::reduction::REDUCTION_FACTOR_BP_MAX {
                return Err(BetReject::ReductionFactorOutOfRange.into());
            }
            if sports.withdrawn.get(mid).is_some_and(|w| w.contains_key(sid)) {
                return Err(BetReject::RunnerAlreadyWithdrawn.into());
            }
            let withdrawal = racing::withdraw(accounts, betting, exchange, *mid, *sid, *reduction_factor_bp);
            let withdrawn = SportsEvent::RunnerWithdrawn { gmid: *gmid, mid: *mid, sid: *sid, reduction_factor_bp: *reduction_factor_bp, holders: withdrawal.holders, bets: withdrawal.bets };
            Ok(withdrawal.lapsed.into_iter().map(E::from).chain(std::iter::once(withdrawn.into())).collect())
        }
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

/// What a player asks of a fixed-price bet.
struct Asked<'a> {
    user_id: UserId,
    request_id: &'a str,
    stake_minor: i64,
    info: &'a BetInfo,
    accept_odds: AcceptOdds,
}

/// The acceptance checks of DESIGN §3, in order, each with its own rejection. `market` is the
/// quote taken once the bet's delay passed; the delay is checked against the time asked.
fn place_bet<R>(accounts: &Accounts, betting: &Betting, sports: &Sports, at_ms: i64, market: &Market, delay: BetDelay, asked: &Asked) -> Result<BetEvent, R>
where
    R: From<AccountReject> + From<BetReject>,
{
    let Asked { user_id, request_id, stake_minor, info, accept_odds } = *asked;
    let user = check_bettor::<R>(accounts, betting, at_ms, user_id, request_id, stake_minor, info)?;
    // Casino rounds' books are numbered from `CASINO_ID_BASE`: a sports market there would share
    // a round's books (each settled by the other's result, bets taken after it).
    if is_casino_id(market.mid) {
        return Err(BetReject::UnknownMarket.into());
    }
    if sports.resulted.contains(market.mid) {
        return Err(BetReject::MarketNotOpen { status: "CLOSED".into() }.into());
    }
    let delay_ms = bet_delay_ms(market, delay);
    if at_ms - info.requested_at_ms < delay_ms {
        return Err(BetReject::BetDelayNotOver { delay_ms }.into());
    }
    let (sid, side, price) = info.asked();
    check_runs(sports, market, sid)?;
    let terms = terms(market, sid, side, price, accept_odds)?;
    let info = BetInfo { delay_ms, ..info.clone() };
    bet_placed(betting, user, request_id, market.gmid, terms, stake_minor, &info)
}

/// The checks an exchange order shares with a bet (DESIGN §3): a sports market (not a casino
/// round's book) traded on the exchange, not resulted, its in-play delay waited, open for bets
/// at the selection, the size within its limits. The price is the order's limit: the book, not
/// the feed's quote, decides what it gets.
#[allow(clippy::too_many_arguments)]
fn exchange_ask<R>(sports: &Sports, at_ms: i64, market: &Market, delay: BetDelay, sid: u32, side: Side, price_h: u32, size_minor: i64, persistence: Persistence, request_id: &str, info: &BetInfo) -> Result<Ask, R>
where
    R: From<BetReject> + From<OrderReject>,
{
    exchange_market::<R>(sports, at_ms, market, delay, info)?;
    check_runs(sports, market, sid)?;
    let delay_ms = bet_delay_ms(market, delay);
    let terms = exchange_terms(market, sid)?;
    if size_minor < terms.stake_min_minor || size_minor > terms.stake_max_minor {
        return Err(BetReject::StakeOutOfLimits { min_minor: terms.stake_min_minor, max_minor: terms.stake_max_minor }.into());
    }
    Ok(Ask {
        request_id: request_id.to_owned(),
        gmid: market.gmid,
        book: terms.book,
        runners: terms.runners,
        sid,
        side,
        price_h,
        size_minor,
        persistence,
        in_play: delay.in_play,
        info: BetInfo { delay_ms, ..info.clone() },
    })
}

/// A bet or order on a runner withdrawn from its race (recorded, or shown `REMOVED` by the feed
/// before its withdrawal reaches the ledger) is refused, naming the runner.
fn check_runs(sports: &Sports, market: &Market, sid: u32) -> Result<(), BetReject> {
    let section = market.section.iter().find(|s| s.sid == sid);
    let recorded = sports.withdrawn.get(&market.mid).is_some_and(|w| w.contains_key(&sid));
    if recorded || section.is_some_and(|s| s.gstatus == schemas::sports::REMOVED) {
        return Err(BetReject::RunnerWithdrawn { runner: section.map_or_else(|| format!("Runner {sid}"), |s| s.nat.clone()) });
    }
    Ok(())
}

/// A market the exchange trades, not resulted, its in-play delay waited since `info`'s request.
fn exchange_market<R>(sports: &Sports, at_ms: i64, market: &Market, delay: BetDelay, info: &BetInfo) -> Result<(), R>
where
    R: From<BetReject> + From<OrderReject>,
{
    if is_casino_id(market.mid) {
        return Err(BetReject::UnknownMarket.into());
    }
    if market.gtype != MarketType::Match {
        return Err(OrderReject::NotAnExchangeMarket.into());
    }
    if sports.resulted.contains(market.mid) {
        return Err(BetReject::MarketNotOpen { status: "CLOSED".into() }.into());
    }
    let delay_ms = bet_delay_ms(market, delay);
    if at_ms - info.requested_at_ms < delay_ms {
        return Err(BetReject::BetDelayNotOver { delay_ms }.into());
    }
    Ok(())
}

/// A market's settlement: its result, then its unmatched orders lapse, then one `BetsSettled`
/// per user with open bets in it, then the commission of each whose matched bets won net.
pub struct Settlement {
    pub resulted: SportsEvent,
    pub lapsed: Vec<OrderEvent>,
    pub settled: Vec<BetEvent>,
    pub commission: Vec<BetEvent>,
}

impl Settlement {
    pub fn into_events<E: From<SportsEvent> + From<BetEvent> + From<OrderEvent>>(self) -> Vec<E> {
        let bets = self.settled.into_iter().chain(self.commission);
        std::iter::once(self.resulted.into()).chain(self.lapsed.into_iter().map(E::from)).chain(bets.map(E::from)).collect()
    }
}

/// Settles every open bet of the market in one batch. The result must fit `market`; only a void
/// needs no market (a world's leftovers, which the book no longer shows).
#[allow(clippy::too_many_arguments)]
pub fn settle_market(accounts: &Accounts, betting: &Betting, exchange: &Exchange, sports: &Sports, gmid: u64, mid: u64, result: &MarketResult, market: Option<&MarketShape>) -> Result<Settlement, BetReject> {
    if is_casino_id(mid) {
        return Err(BetReject::UnknownMarket);
    }
    if sports.resulted.contains(mid) {
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
    // Lapsing changes only this market's book exposure, which the settlement releases whole: its
    // totals, read from the state before the lapse, hold after it too.
    let lapsed = book::decide::lapse_market(accounts, exchange, mid);
    let settled = settle_books(accounts, betting, gmid, mid, |_, book| book.kind.outcome(result));
    let commission = settled.iter().filter_map(|settled| commission_on(betting, exchange.commission_bp, settled)).collect();
    Ok(Settlement { resulted: SportsEvent::MarketResulted { gmid, mid, result: result.clone(), market: market.cloned() }, lapsed, settled, commission })
}

/// The commission on what one user's matched bets (fills; bets booked against the house pay
/// none) of a settled market won net, if any.
fn commission_on(betting: &Betting, rate_bp: u32, settled: &BetEvent) -> Option<BetEvent> {
    let BetEvent::BetsSettled { user_id, gmid, mid, bets, balance_after_minor, .. } = settled else { return None };
    let mut matched = bets.iter().filter_map(|(id, pnl)| Some((betting.bets.get(id)?, *pnl))).filter(|(bet, _)| bet.info.fill.is_some()).peekable();
    let (event_name, market_name) = matched.peek().map(|(bet, _)| (bet.info.event_name.clone(), bet.info.market_name.clone()))?;
    let net_winnings_minor: i64 = matched.map(|(_, pnl)| pnl).sum();
    let commission_minor = book::decide::commission_minor(net_winnings_minor, rate_bp);
    (commission_minor > 0).then(|| BetEvent::CommissionCharged {
        user_id: *user_id,
        gmid: *gmid,
        mid: *mid,
        event_name,
        market_name,
        net_winnings_minor,
        rate_bp,
        commission_minor,
        balance_after_minor: balance_after_minor - commission_minor,
    })
}

/// The world the log holds goes on (no event) when `world` has its settings and it is recent;
/// otherwise a new world: its epoch, then a void for every market left open by the earlier
/// worlds, each decided against the state the previous ones left.
fn start_feed<E>(accounts: &Accounts, betting: &Betting, exchange: &Exchange, sports: &Sports, at_ms: i64, world: &FeedWorld) -> Vec<E>
where
    E: From<SportsEvent> + From<BetEvent> + From<OrderEvent>,
{
    if FeedWorld::goes_on(sports.feed_world.as_ref(), world, at_ms) {
        return vec![];
    }
    let mut events = vec![SportsEvent::FeedWorldStarted { epoch: sports.feed_epoch + 1, world: world.clone() }.into()];
    let bets_open = betting.books.iter().filter(|(key, _)| !is_casino_id(key.mid)).map(|(key, book)| (book.gmid, key.mid));
    let open: BTreeSet<(u64, u64)> = bets_open.chain(exchange.markets.iter().map(|(mid, book)| (book.gmid, *mid))).collect();
    if open.is_empty() {
        return events;
    }
    let (mut accounts, mut betting, mut exchange) = (accounts.clone(), betting.clone(), exchange.clone());
    for (gmid, mid) in open {
        // An open market has no result yet, so each settles.
        let Ok(settlement) = settle_market(&accounts, &betting, &exchange, sports, gmid, mid, &MarketResult::Void, None) else { continue };
        for lapsed in &settlement.lapsed {
            book::apply(&mut exchange, &mut betting, &mut accounts, at_ms, lapsed);
        }
        for settled in settlement.settled.iter().chain(&settlement.commission) {
            crate::bets::apply::apply(&mut betting, &mut accounts, at_ms, settled);
        }
        events.extend(settlement.into_events::<E>());
    }
    events
}
