//! `decide` for the order books: an order's fills and rest, cancels, and lapses. Each gives
//! the orders' events and the bets of the fills (`E` holds both), or a refusal (`R`). Exposure
//! counts unmatched orders at their worst (`Position`), so an order is taken only if the balance
//! covers its owner's exposure after it; a resting order's fill never raises its owner's.

use crate::accounts::messages::AccountReject;
use crate::accounts::model::{Account, Accounts};
use crate::bets::messages::{BetEvent, BetInfo, BetReject, Fill};
use crate::bets::model::Betting;
use crate::betting::{BookKind, Payoff};
use crate::book::cash_out::{hedge, Hedge, HedgeOrder};
use crate::book::ladder::{on_ladder, round_to_ladder};
use crate::book::matching::{match_order, Take};
use crate::book::messages::{Closed, ExchangeCommand, OrderEvent, OrderReject, Persistence};
use crate::book::model::{Exchange, Order, Position};
use crate::ids::{BookKey, UserId};
use crate::limits::BALANCE_MINOR_MAX;
use schemas::sports::{Price, Side};
use std::collections::BTreeMap;

pub fn decide<E, R>(accounts: &Accounts, exchange: &Exchange, command: &ExchangeCommand) -> Result<Vec<E>, R>
where
    E: From<OrderEvent>,
    R: From<AccountReject> + From<OrderReject>,
{
    match command {
        ExchangeCommand::CancelOrder { user_id, order_id, size_minor } => {
            accounts.users.get(user_id).ok_or(AccountReject::UnknownUser)?;
            let order = exchange.orders.get(order_id).filter(|o| o.user_id == *user_id).ok_or(OrderReject::UnknownOrder)?;
            let size_minor = size_minor.unwrap_or(order.unmatched_minor);
            if size_minor <= 0 || size_minor > order.unmatched_minor {
                return Err(OrderReject::CancelSizeInvalid { unmatched_minor: order.unmatched_minor }.into());
            }
            Ok(vec![close(accounts, exchange, *user_id, order.book, &[(order.id, size_minor)], Closed::Cancelled).into()])
        }
        ExchangeCommand::CancelMarket { user_id, mid } => {
            accounts.users.get(user_id).ok_or(AccountReject::UnknownUser)?;
            let events = close_where(accounts, exchange, |o| o.book.mid == *mid && o.user_id == *user_id, Closed::Cancelled);
            if events.is_empty() {
                return Err(OrderReject::NothingToCancel.into());
            }
            Ok(events.into_iter().map(E::from).collect())
        }
        ExchangeCommand::TurnInPlay { gmid } => {
            Ok(close_where(accounts, exchange, |o| o.gmid == *gmid && o.persistence == Persistence::Lapse && !o.in_play, Closed::LapsedInPlay).into_iter().map(E::from).collect())
        }
        ExchangeCommand::SetCommission { rate_bp } => {
            if *rate_bp > COMMISSION_BP_MAX {
                return Err(OrderReject::CommissionOutOfRange { max_bp: COMMISSION_BP_MAX }.into());
            }
            if *rate_bp == exchange.commission_bp {
                return Err(OrderReject::CommissionUnchanged { rate_bp: *rate_bp }.into());
            }
            Ok(vec![OrderEvent::CommissionSet { rate_bp: *rate_bp }.into()])
        }
    }
}

/// A commission takes at most all of the net winnings.
pub const COMMISSION_BP_MAX: u32 = 10_000;

/// The commission on `net_winnings_minor` at `rate_bp` basis points: rounded down, in the
/// player's favour; nothing on a net loss.
pub fn commission_minor(net_winnings_minor: i64, rate_bp: u32) -> i64 {
    if net_winnings_minor <= 0 {
        return 0;
    }
    i64::try_from(i128::from(net_winnings_minor) * i128::from(rate_bp) / 10_000).expect("at most the winnings")
}

/// The orders of market `mid` lapse: it was resulted or void.
pub fn lapse_market(accounts: &Accounts, exchange: &Exchange, mid: u64) -> Vec<OrderEvent> {
    close_where(accounts, exchange, |o| o.book.mid == mid, Closed::LapsedAtResult)
}

/// The orders of market `mid` lapse: a runner was withdrawn, so every price in it is wrong
/// (Betfair cancels every unmatched bet of the market at a non-runner).
pub fn lapse_non_runner(accounts: &Accounts, exchange: &Exchange, mid: u64) -> Vec<OrderEvent> {
    close_where(accounts, exchange, |o| o.book.mid == mid, Closed::NonRunner)
}

/// An operator cancels a user's unmatched orders (on market `mid`, or all of them).
pub fn cancel_by_operator(accounts: &Accounts, exchange: &Exchange, user_id: UserId, mid: Option<u64>) -> Vec<OrderEvent> {
    close_where(accounts, exchange, |o| o.user_id == user_id && mid.is_none_or(|mid| o.book.mid == mid), Closed::ByOperator)
}

/// One `OrdersClosed` per user and book for every order `which` picks, its whole unmatched part.
fn close_where(accounts: &Accounts, exchange: &Exchange, which: impl Fn(&Order) -> bool, why: Closed) -> Vec<OrderEvent> {
    let mut per_holder: BTreeMap<(UserId, BookKey), Vec<(u64, i64)>> = BTreeMap::new();
    for order in exchange.orders.values().filter(|o| which(o)) {
        per_holder.entry((order.user_id, order.book)).or_default().push((order.id, order.unmatched_minor));
    }
    per_holder.into_iter().map(|((user_id, book), orders)| close(accounts, exchange, user_id, book, &orders, why.clone())).collect()
}

/// Takes `orders` (id, size) off one user's book, with the exposure after.
fn close(accounts: &Accounts, exchange: &Exchange, user_id: UserId, book: BookKey, orders: &[(u64, i64)], why: Closed) -> OrderEvent {
    let kind = exchange.markets.get(&book.mid).map_or_else(|| BookKind::Runners(Vec::new()), |m| m.kind.clone());
    let mut positions = Positions::new(accounts, exchange, book, kind);
    for (order_id, size_minor) in orders {
        positions.reduce_order(user_id, *order_id, *size_minor);
    }
    let (book_exposure_after_minor, exposure_after_minor) = positions.exposure_after(user_id);
    OrderEvent::OrdersClosed { user_id, book, orders: orders.to_vec(), why, book_exposure_after_minor, exposure_after_minor }
}

/// An order the sports markets checked (a market that takes orders, the in-play delay waited,
/// the stake within the market's limits): what the player asks.
#[derive(Debug, Clone, PartialEq)]
pub struct Ask {
    pub request_id: String,
    pub gmid: u64,
    pub book: BookKey,
    /// The market's runners now (a book keeps those of its first order or bet).
    pub runners: BookKind,
    pub sid: u32,
    pub side: Side,
    pub price_h: u32,
    pub size_minor: i64,
    pub persistence: Persistence,
    pub in_play: bool,
    pub info: BetInfo,
}

/// A price must be on the ladder.
pub fn check_price(price_h: u32) -> Result<(), OrderReject> {
    if on_ladder(price_h) {
        return Ok(());
    }
    let nearest = format!("{} and {}", Price(round_to_ladder(price_h, false)), Price(round_to_ladder(price_h, true)));
    Err(OrderReject::OffLadder { nearest })
}

/// An order taken: its fills (two bets each, the resting side's first), then the order with
/// what rests. `replacing` is the user's order this one replaces: closed first, in the same
/// batch. Refused when the balance does not cover the exposure after, or when what the open
/// bets and orders could win would take the balance past the maximum.
pub fn place<E, R>(accounts: &Accounts, betting: &Betting, exchange: &Exchange, user: &Account, ask: Ask, replacing: Option<&Order>) -> Result<Vec<E>, R>
where
    E: From<OrderEvent> + From<BetEvent>,
    R: From<AccountReject> + From<BetReject> + From<OrderReject>,
{
    take_all(accounts, betting, exchange, user, vec![ask], replacing, false)
}

/// Orders on different runners of one book taken together, each as `place` takes one; with
/// `fill_or_kill` each must match whole, or none is taken (`OrderReject::BookMoved`).
pub fn take_all<E, R>(accounts: &Accounts, betting: &Betting, exchange: &Exchange, user: &Account, asks: Vec<Ask>, replacing: Option<&Order>, fill_or_kill: bool) -> Result<Vec<E>, R>
where
    E: From<OrderEvent> + From<BetEvent>,
    R: From<AccountReject> + From<BetReject> + From<OrderReject>,
{
    let Some(first) = asks.first() else { return Ok(Vec::new()) };
    let (book, runners) = (first.book, first.runners.clone());
    for ask in &asks {
        check_price(ask.price_h)?;
    }
    let kind = kind_of(betting, exchange, &book).unwrap_or(runners);
    if !asks.iter().all(|ask| ask.book == book && matches!(&kind, BookKind::Runners(sids) if sids.contains(&ask.sid))) {
        return Err(BetReject::UnknownSelection.into());
    }
    let mut positions = Positions::new(accounts, exchange, book, kind.clone());
    let mut events: Vec<E> = Vec::new();
    if let Some(old) = replacing {
        positions.reduce_order(user.id, old.id, old.unmatched_minor);
        let (book_exposure_after_minor, exposure_after_minor) = positions.exposure_after(user.id);
        events.push(OrderEvent::OrdersClosed { user_id: user.id, book: old.book, orders: vec![(old.id, old.unmatched_minor)], why: Closed::Replaced, book_exposure_after_minor, exposure_after_minor }.into());
    }
    let book_exposure_before = positions.held(user.id).book_exposure;
    let win_max_before = user.book_win_max.get(&book).copied().unwrap_or(0);
    let mut order_id = betting.next_bet_id();
    // The most the user's exposure reaches along the way: each event records it, so the balance
    // must cover every step, not only the last.
    let mut exposure_max = user.exposure_minor;
    for ask in asks {
        // Runners' ladders are apart: each order meets the book as it was (a hedge never asks
        // twice of one runner).
        let take = Take { user_id: user.id, sid: ask.sid, side: ask.side, price_h: ask.price_h, size_minor: ask.size_minor };
        let matching = match_order(exchange, book.mid, &take);
        if fill_or_kill && matching.unmatched_minor > 0 {
            return Err(OrderReject::BookMoved.into());
        }
        let next_id = fill_order(&mut positions, &mut events, exchange, &kind, user.id, order_id, &ask, &matching, &mut exposure_max);
        let self_match_minor = if matching.crosses_own { matching.unmatched_minor } else { 0 };
        let rest_minor = matching.unmatched_minor - self_match_minor;
        if rest_minor > 0 {
            positions.rest_order(user.id, order_id, Payoff::Decimal { sid: ask.sid, odds_h: ask.price_h, side: ask.side }, rest_minor);
        }
        let (book_exposure_after_minor, exposure_after_minor) = positions.exposure_after(user.id);
        exposure_max = exposure_max.max(exposure_after_minor);
        events.push(
            OrderEvent::OrderPlaced {
                order_id,
                user_id: user.id,
                request_id: ask.request_id,
                gmid: ask.gmid,
                book,
                kind: kind.clone(),
                sid: ask.sid,
                side: ask.side,
                price_h: ask.price_h,
                size_minor: ask.size_minor,
                matched_minor: matching.matched_minor(),
                self_match_minor,
                persistence: ask.persistence,
                in_play: ask.in_play,
                info: ask.info,
                replaces: replacing.map(|o| o.id),
                book_exposure_after_minor,
                exposure_after_minor,
            }
            .into(),
        );
        order_id = next_id;
    }
    let (book_exposure_after_minor, _) = positions.exposure_after(user.id);
    if user.balance_minor < exposure_max {
        let available_minor = user.available_minor();
        return Err(AccountReject::InsufficientBalance { available_minor, needed_minor: book_exposure_after_minor - book_exposure_before }.into());
    }
    let win_max_after = positions.win_max(user.id);
    if user.balance_minor + user.open_win_max_minor() - win_max_before + win_max_after > BALANCE_MINOR_MAX {
        return Err(BetReject::WinPastBalanceMax { balance_max_minor: BALANCE_MINOR_MAX }.into());
    }
    Ok(events)
}

/// What a player asks of a cash out, checked by the sports markets (a market that takes orders,
/// open, its in-play delay waited): `asks` builds the hedge's orders from their runner, side,
/// limit and size (the market's names and the request's details).
pub struct CashOutAsk<'a> {
    pub book: BookKey,
    pub runners: BookKind,
    /// Of the position, in basis points (10,000: all of it).
    pub share_bp: u32,
    /// The value of cashing out all of it the player was shown: refused if it is worse now.
    pub asked_value_minor: Option<i64>,
    pub asks: &'a dyn Fn(&HedgeOrder) -> Ask,
}

/// The player's whole position in the book now, hedged as fill-or-kill orders (`cash_out`).
pub fn cash_out<E, R>(betting: &Betting, accounts: &Accounts, exchange: &Exchange, user: &Account, ask: &CashOutAsk) -> Result<Vec<E>, R>
where
    E: From<OrderEvent> + From<BetEvent>,
    R: From<AccountReject> + From<BetReject> + From<OrderReject>,
{
    let hedge = cash_out_quote(betting, exchange, user, ask.book, &ask.runners, ask.share_bp)?;
    if let Some(asked_minor) = ask.asked_value_minor {
        let all = if ask.share_bp == SHARE_ALL_BP { hedge.clone() } else { cash_out_quote(betting, exchange, user, ask.book, &ask.runners, SHARE_ALL_BP)? };
        if all.value_minor() < asked_minor {
            return Err(OrderReject::CashOutBelowAsked { value_minor: all.value_minor(), asked_minor }.into());
        }
    }
    let asks = hedge.orders.iter().map(ask.asks).collect();
    take_all(accounts, betting, exchange, user, asks, None, true)
}

/// All of a position, in basis points.
pub const SHARE_ALL_BP: u32 = 10_000;

/// The hedge that would cash out `share_bp` of the user's position in `book` now.
pub fn cash_out_quote(betting: &Betting, exchange: &Exchange, user: &Account, book: BookKey, runners: &BookKind, share_bp: u32) -> Result<Hedge, OrderReject> {
    if share_bp == 0 || share_bp > SHARE_ALL_BP {
        return Err(OrderReject::CashOutShareInvalid);
    }
    let kind = kind_of(betting, exchange, &book).unwrap_or_else(|| runners.clone());
    let BookKind::Runners(sids) = &kind else { return Err(OrderReject::NotAnExchangeMarket) };
    let pnl = user.book_pnl.get(&book).filter(|pnl| pnl.len() == sids.len()).ok_or(OrderReject::NoPosition)?;
    if pnl.iter().all(|p| *p == pnl[0]) {
        return Err(OrderReject::NothingToCashOut);
    }
    let hedge = hedge(exchange, book.mid, user.id, sids, pnl, share_bp).ok_or(OrderReject::NotEnoughToCashOut)?;
    if hedge.orders.is_empty() {
        // Closer to equal than a minor unit of stake can bring it.
        return Err(OrderReject::NothingToCashOut);
    }
    Ok(hedge)
}

/// The fills of order `order_id` (two bets each, the resting side's first, ids after the
/// order's), into `events`; the next id free after them.
#[allow(clippy::too_many_arguments)]
fn fill_order<E: From<BetEvent>>(positions: &mut Positions, events: &mut Vec<E>, exchange: &Exchange, kind: &BookKind, taker: UserId, order_id: u64, ask: &Ask, matching: &crate::book::matching::Matching, exposure_max: &mut i64) -> u64 {
    let mut bet_id = order_id;
    for fill in &matching.fills {
        let maker = &exchange.orders[&fill.order_id];
        let (maker_bet, taker_bet) = (bet_id + 1, bet_id + 2);
        bet_id += 2;
        positions.reduce_order(maker.user_id, maker.id, fill.size_minor);
        // Both bets pay on the resting order's runner, at its price, on opposite sides: for an
        // implied fill the taker's is the other runner's opposite side (the same position as
        // what it asked), shown at the price that implies on its own runner.
        let maker_payoff = Payoff::Decimal { sid: maker.sid, odds_h: fill.price_h, side: maker.side };
        let taker_payoff = Payoff::Decimal { sid: maker.sid, odds_h: fill.price_h, side: opposite(maker.side) };
        let taker_price_h = if fill.implied { implied_price_h(fill.price_h) } else { fill.price_h };
        let sides = [
            (maker.user_id, maker_bet, maker_payoff, fill.price_h, &maker.request_id, &maker.info, Fill { order_id: maker.id, counter_order_id: order_id, counter_bet_id: taker_bet, implied: false, taken_minor: None }),
            (taker, taker_bet, taker_payoff, taker_price_h, &ask.request_id, &ask.info, Fill { order_id, counter_order_id: maker.id, counter_bet_id: maker_bet, implied: fill.implied, taken_minor: fill.taken_past_rounding() }),
        ];
        for (user_id, id, payoff, price_h, request_id, info, link) in sides {
            positions.matched(user_id, &payoff, fill.size_minor);
            let (book_exposure_after_minor, exposure_after_minor) = positions.exposure_after(user_id);
            if user_id == taker {
                *exposure_max = (*exposure_max).max(exposure_after_minor);
            }
            events.push(
                BetEvent::BetPlaced {
                    bet_id: id,
                    user_id,
                    request_id: request_id.clone(),
                    gmid: ask.gmid,
                    book: ask.book,
                    kind: kind.clone(),
                    payoff,
                    stake_minor: fill.size_minor,
                    info: BetInfo { price_h, fill: Some(link), ..info.clone() },
                    book_exposure_after_minor,
                    exposure_after_minor,
                }
                .into(),
            );
        }
    }
    bet_id + 1
}

fn opposite(side: Side) -> Side {
    match side {
        Side::Back => Side::Lay,
        Side::Lay => Side::Back,
    }
}

/// The price a resting price `b` on the other runner of a two-runner market implies on the
/// taker's runner, `b/(b-1)`, to the nearest hundredth (shown; the bet pays its payoff exactly).
fn implied_price_h(b_h: u32) -> u32 {
    let (b, less_one) = (u64::from(b_h), u64::from(b_h.saturating_sub(100)).max(1));
    u32::try_from((100 * b + less_one / 2) / less_one).unwrap_or(u32::MAX)
}

/// The outcome set a book's bets and orders are priced over: that of its open bets, or of its
/// resting orders (both are the same when both exist: each took the other's).
pub fn kind_of(betting: &Betting, exchange: &Exchange, book: &BookKey) -> Option<BookKind> {
    betting.books.get(book).map(|b| b.kind.clone()).or_else(|| exchange.markets.get(&book.mid).map(|m| m.kind.clone()))
}

/// The position of one book's holders as a decision changes it step by step: each step gives the
/// exposure its event records.
struct Positions<'a> {
    accounts: &'a Accounts,
    exchange: &'a Exchange,
    book: BookKey,
    kind: BookKind,
    held: BTreeMap<UserId, Held>,
}

/// One holder's position (matched P/L and unmatched orders summed per outcome), the orders this
/// decision has changed (payoff, unmatched size now), and exposure now.
struct Held {
    position: Position,
    changed: BTreeMap<u64, (Payoff, i64)>,
    book_exposure: i64,
    exposure: i64,
}

impl<'a> Positions<'a> {
    fn new(accounts: &'a Accounts, exchange: &'a Exchange, book: BookKey, kind: BookKind) -> Self {
        Positions { accounts, exchange, book, kind, held: BTreeMap::new() }
    }

    fn held(&mut self, user_id: UserId) -> &mut Held {
        let (accounts, exchange, book, kind) = (self.accounts, self.exchange, self.book, &self.kind);
        self.held.entry(user_id).or_insert_with(|| {
            let account = accounts.users.get(&user_id);
            let mut position = Position::new(kind, account.and_then(|a| a.book_pnl.get(&book)).map(Vec::as_slice));
            exchange.add_unmatched(&mut position, book, user_id);
            Held {
                position,
                changed: BTreeMap::new(),
                book_exposure: account.and_then(|a| a.book_exposure.get(&book)).copied().unwrap_or(0),
                exposure: account.map_or(0, |a| a.exposure_minor),
            }
        })
    }

    fn matched(&mut self, user_id: UserId, payoff: &Payoff, stake_minor: i64) {
        self.held(user_id).position.matched(payoff, stake_minor);
    }

    /// Takes `size_minor` off one of the holder's orders in this book (others are passed over).
    fn reduce_order(&mut self, user_id: UserId, order_id: u64, size_minor: i64) {
        let (exchange, book) = (self.exchange, self.book);
        let held = self.held(user_id);
        let now = held.changed.get(&order_id).cloned().or_else(|| exchange.orders.get(&order_id).filter(|o| o.user_id == user_id && o.book == book).map(|o| (o.payoff(), o.unmatched_minor)));
        let Some((payoff, unmatched)) = now.filter(|(_, unmatched)| *unmatched > 0) else { return };
        held.position.unmatched_removed(&payoff, unmatched);
        let left = unmatched - size_minor;
        if left > 0 {
            held.position.unmatched(&payoff, left);
        }
        held.changed.insert(order_id, (payoff, left.max(0)));
    }

    fn rest_order(&mut self, user_id: UserId, order_id: u64, payoff: Payoff, size_minor: i64) {
        let held = self.held(user_id);
        held.position.unmatched(&payoff, size_minor);
        held.changed.insert(order_id, (payoff, size_minor));
    }

    /// The holder's book exposure and total exposure now; the next step starts from them.
    fn exposure_after(&mut self, user_id: UserId) -> (i64, i64) {
        let held = self.held(user_id);
        let book_exposure = held.position.exposure_minor();
        held.exposure += book_exposure - held.book_exposure;
        held.book_exposure = book_exposure;
        (book_exposure, held.exposure)
    }

    fn win_max(&mut self, user_id: UserId) -> i64 {
        self.held(user_id).position.win_max_minor()
    }
}
