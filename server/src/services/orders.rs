//! The exchange's orders as players see them: what a placed order got, the unmatched orders of
//! My Bet, and a market's whole book for the ladder.

use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::http::timefmt::rfc3339;
use crate::services::views::bet_view;
use crate::sports::book::Book;
use ledger::betting::Payoff;
use ledger::{Bet, BetEvent, BetReject, Committed, EngineError, Event, Order, OrderEvent, Persistence, Reject, State, UserId};
use schemas::bets::{CashOutQuote, CashOutRunner, DepthLevel, HedgeView, MarketDepth, OrderOutcome, OrderView, PlaceBetResponse, RunnerDepth};
use schemas::sports::{Price, Side};
use schemas::Money;

/// An order with an unmatched part, as My Bet lists it.
pub fn order_view(order: &Order) -> OrderView {
    OrderView {
        order_id: order.id,
        game_id: order.gmid,
        market_id: order.book.mid,
        event_name: order.info.event_name.clone(),
        market_name: order.info.market_name.clone(),
        section_name: order.info.section_name.clone(),
        sid: order.sid,
        bet_type: order.side,
        u_rate: Price(order.price_h),
        amount: Money(order.size_minor),
        unmatched: Money(order.unmatched_minor),
        persistence: persistence(order.persistence),
        created_at: rfc3339(order.placed_at_ms),
    }
}

pub fn persistence(persistence: Persistence) -> schemas::bets::Persistence {
    match persistence {
        Persistence::Lapse => schemas::bets::Persistence::Lapse,
        Persistence::Keep => schemas::bets::Persistence::Keep,
    }
}

/// A user's unmatched orders, newest first; `gmid` narrows them to one match.
pub fn open_orders(state: &State, user_id: UserId, gmid: Option<u64>) -> Vec<OrderView> {
    let mut orders: Vec<OrderView> = state.exchange.orders.values().filter(|o| o.user_id == user_id && gmid.is_none_or(|g| o.gmid == g)).map(order_view).collect();
    orders.sort_by_key(|o| std::cmp::Reverse(o.order_id));
    orders
}

/// The stake-weighted average of fills (price, stake), to the hundredth below; none without fills.
fn average_price(fills: impl Iterator<Item = (u32, i64)>) -> Option<Price> {
    let (weighted, staked) = fills.fold((0i128, 0i128), |(w, s), (price, stake)| (w + i128::from(price) * i128::from(stake), s + i128::from(stake)));
    (staked > 0).then(|| Price(u32::try_from(weighted / staked).unwrap_or(u32::MAX)))
}

/// What an order of the batch `events` got: its fills (at their size-weighted average price),
/// its rest, and what self-match prevention cancelled.
fn outcome(events: &[ledger::Envelope]) -> Option<(OrderOutcome, &ledger::Envelope)> {
    let placed = events.iter().rev().find(|e| matches!(e.event, Event::Exchange(OrderEvent::OrderPlaced { .. })))?;
    let Event::Exchange(OrderEvent::OrderPlaced { order_id, size_minor, matched_minor, self_match_minor, .. }) = &placed.event else { return None };
    let fills = events.iter().filter_map(|e| match &e.event {
        Event::Bets(BetEvent::BetPlaced { info, stake_minor, payoff, .. }) if info.fill.is_some_and(|f| f.order_id == *order_id) => Some((info.price_h, info.asked_stake_minor(payoff, *stake_minor))),
        _ => None,
    });
    let avg_price = average_price(fills);
    let unmatched = size_minor - matched_minor - self_match_minor;
    Some((OrderOutcome { order_id: *order_id, matched: Money(*matched_minor), avg_price, unmatched: Money(unmatched), cancelled: Money(*self_match_minor) }, placed))
}

/// The answer to a placed (or replaced) order: the order as a bet, what it got, and the
/// header's figures. A resubmitted request answers with the order as it stands now.
pub fn order_answer(state: &AppState, user_id: UserId, submitted: Result<Committed, EngineError>) -> ApiResult<(&'static str, PlaceBetResponse)> {
    let committed = match submitted {
        Ok(committed) => committed,
        Err(EngineError::Rejected(Reject::Bets(BetReject::DuplicateRequest { bet_id }))) => return placed_before(state, user_id, bet_id),
        Err(e) => return Err(e.into()),
    };
    let (got, placed) = outcome(&committed.events).ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("order committed without OrderPlaced")))?;
    let Event::Exchange(event) = &placed.event else { unreachable!("outcome finds an OrderPlaced") };
    let order = Order::placed(event, placed.at_ms).expect("outcome finds an OrderPlaced");
    let ledger = state.engine.read();
    let account = ledger.accounts.users.get(&user_id).ok_or_else(|| ApiError::not_found("Unknown user".into()))?;
    let bet = as_bet(order.id, &order, got.avg_price.map_or(order.price_h, |p| p.0), placed.at_ms);
    let message = match (got.matched.minor(), got.unmatched.minor()) {
        (0, _) => "Bet placed: unmatched, waiting in the book",
        (_, 0) => "Bet placed successfully",
        _ => "Bet partly matched: the rest waits in the book",
    };
    Ok((message, PlaceBetResponse { bet: bet_view(&ledger, None, &bet), balance: Money(account.available_minor()), exp: Money(-account.exposure_minor), order: Some(got) }))
}

/// A request placed again: the order it placed, as it stands now (resting, or matched into open
/// bets). Once its market settled, only its bets' history says what it was: 409.
fn placed_before(state: &AppState, user_id: UserId, order_id: u64) -> ApiResult<(&'static str, PlaceBetResponse)> {
    let ledger = state.engine.read();
    let account = ledger.accounts.users.get(&user_id).ok_or_else(|| ApiError::not_found("Unknown user".into()))?;
    let fills: Vec<&Bet> = ledger.betting.bets.values().filter(|b| b.user_id == user_id && b.info.fill.is_some_and(|f| f.order_id == order_id)).collect();
    let matched_minor: i64 = fills.iter().map(|b| b.info.asked_stake_minor(&b.payoff, b.stake_minor)).sum();
    let avg_price = average_price(fills.iter().map(|b| (b.info.price_h, b.info.asked_stake_minor(&b.payoff, b.stake_minor))));
    let bet = match (ledger.exchange.orders.get(&order_id).filter(|o| o.user_id == user_id), fills.first()) {
        (Some(order), _) => as_bet(order.id, order, avg_price.map_or(order.price_h, |p| p.0), order.placed_at_ms),
        (None, Some(fill)) => Bet { id: order_id, stake_minor: matched_minor, info: ledger::BetInfo { price_h: avg_price.map_or(fill.info.price_h, |p| p.0), ..fill.info.clone() }, ..(*fill).clone() },
        (None, None) => return Err(ApiError::conflict(format!("this request was already placed as order {order_id}"))),
    };
    let unmatched = ledger.exchange.orders.get(&order_id).map_or(0, |o| o.unmatched_minor);
    let got = OrderOutcome { order_id, matched: Money(matched_minor), avg_price, unmatched: Money(unmatched), cancelled: Money(0) };
    Ok(("Bet already placed", PlaceBetResponse { bet: bet_view(&ledger, None, &bet), balance: Money(account.available_minor()), exp: Money(-account.exposure_minor), order: Some(got) }))
}

/// An order shown as a bet (the bet lists' shape): at `price_h`, for its whole size.
fn as_bet(id: u64, order: &Order, price_h: u32, at_ms: i64) -> Bet {
    Bet {
        id,
        user_id: order.user_id,
        request_id: order.request_id.clone(),
        gmid: order.gmid,
        book: order.book,
        payoff: Payoff::Decimal { sid: order.sid, odds_h: price_h, side: order.side },
        stake_minor: order.size_minor,
        info: ledger::BetInfo { price_h, ..order.info.clone() },
        placed_at_ms: at_ms,
        settled: None,
    }
}

/// A market's whole book: every price with unmatched money, each runner, for the ladder.
pub fn market_depth(state: &State, book: &Book, gmid: u64, mid: u64) -> ApiResult<MarketDepth> {
    let market = book.market(gmid, mid).ok_or_else(|| ApiError::not_found(format!("Unknown market {mid}")))?;
    if !book.is_exchange() || market.gtype != schemas::sports::MarketType::Match {
        return Err(ApiError::unprocessable("this market is not traded on the exchange".into()));
    }
    let levels = |sid: u32, resting: Side| state.exchange.depth(mid, sid, resting).into_iter().map(|(price, size)| DepthLevel { price: Price(price), size: Money(size) }).collect();
    let runners = market.section.iter().map(|s| RunnerDepth { sid: s.sid, name: s.nat.clone(), back: levels(s.sid, Side::Lay), lay: levels(s.sid, Side::Back) }).collect();
    Ok(MarketDepth { game_id: gmid, market_id: mid, market_name: market.mname.clone(), status: market.status.clone(), runners })
}

/// An operator's view of a market's book: its depth, every unmatched order by account, and
/// every account's position there (matched P/L if each runner wins, and exposure).
pub fn ops_book(state: &State, book: &Book, gmid: u64, mid: u64) -> ApiResult<schemas::bets::OpsBook> {
    use schemas::bets::{OpsBook, OpsBookOrder, OpsBookPosition, RunnerPnl};
    let depth = market_depth(state, book, gmid, mid)?;
    let key = ledger::BookKey { mid, scope: 0 };
    let name = |user_id: UserId| state.accounts.users.get(&user_id).map(|u| (u.username.clone(), u.role));
    let orders = state
        .exchange
        .orders
        .values()
        .filter(|o| o.book == key)
        .filter_map(|o| {
            let (username, role) = name(o.user_id)?;
            Some(OpsBookOrder { username, role, order_id: o.id, sid: o.sid, bet_type: o.side, u_rate: Price(o.price_h), unmatched: Money(o.unmatched_minor), persistence: persistence(o.persistence) })
        })
        .collect();
    let kind = ledger::book::decide::kind_of(&state.betting, &state.exchange, &key);
    let sids: Vec<u32> = match &kind {
        Some(ledger::betting::BookKind::Runners(sids)) => sids.clone(),
        _ => Vec::new(),
    };
    let positions = state
        .accounts
        .users
        .values()
        .filter(|u| u.book_exposure.contains_key(&key) || u.book_pnl.contains_key(&key))
        .map(|u| OpsBookPosition {
            username: u.username.clone(),
            role: u.role,
            exposure: Money(u.book_exposure.get(&key).copied().unwrap_or(0)),
            runners: sids.iter().enumerate().map(|(i, sid)| RunnerPnl { sid: *sid, amount: Money(u.book_pnl.get(&key).and_then(|p| p.get(i)).copied().unwrap_or(0)) }).collect(),
        })
        .collect();
    Ok(OpsBook { depth, orders, positions })
}

/// What cashing out `share_bp` of the user's matched position in `market` does at the book's
/// prices now (`ledger::book::cash_out`): each runner's P/L now and after, and the hedge.
pub fn cash_out_view(state: &State, market: &schemas::sports::Market, user_id: UserId, share_bp: u32) -> ApiResult<CashOutQuote> {
    let account = state.accounts.users.get(&user_id).ok_or_else(|| ApiError::not_found("Unknown user".into()))?;
    if market.gtype != schemas::sports::MarketType::Match {
        return Err(Reject::Exchange(ledger::OrderReject::NotAnExchangeMarket).into());
    }
    let book = ledger::BookKey { mid: market.mid, scope: 0 };
    let runners = ledger::betting::BookKind::Runners(market.section.iter().map(|s| s.sid).collect());
    let hedge = ledger::book::decide::cash_out_quote(&state.betting, &state.exchange, account, book, &runners, share_bp).map_err(Reject::Exchange)?;
    let kind = ledger::book::decide::kind_of(&state.betting, &state.exchange, &book).unwrap_or(runners);
    let ledger::betting::BookKind::Runners(sids) = kind else { return Err(Reject::Exchange(ledger::OrderReject::NotAnExchangeMarket).into()) };
    let now = account.book_pnl.get(&book).cloned().unwrap_or_default();
    let name = |sid: u32| market.section.iter().find(|s| s.sid == sid).map(|s| s.nat.clone()).unwrap_or_default();
    Ok(CashOutQuote {
        game_id: market.gmid,
        market_id: market.mid,
        value: Money(hedge.value_minor()),
        runners: sids.iter().zip(now.iter().zip(&hedge.pnl_after)).map(|(sid, (now, after))| CashOutRunner { sid: *sid, nat: name(*sid), now: Money(*now), after: Money(*after) }).collect(),
        orders: hedge.orders.iter().map(|o| HedgeView { sid: o.sid, bet_type: o.side, price: Price(o.limit_h), size: Money(o.size_minor) }).collect(),
    })
}
