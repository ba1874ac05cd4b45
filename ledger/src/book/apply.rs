//! `apply` for the order books: an order rests, a fill takes size off a resting order, a cancel
//! or lapse takes its rest away; each with its owner's exposure and what its book could win.
//! Pure.

use crate::accounts::model::Accounts;
use crate::bets::apply::remember_request;
use crate::bets::messages::BetEvent;
use crate::bets::model::Betting;
use crate::book::decide::kind_of;
use crate::book::messages::OrderEvent;
use crate::book::model::{Exchange, Order, Position};
use crate::ids::{BookKey, UserId};

pub fn apply(exchange: &mut Exchange, betting: &mut Betting, accounts: &mut Accounts, at_ms: i64, event: &OrderEvent) {
    match event {
        OrderEvent::OrderPlaced { order_id, user_id, request_id, book, kind, book_exposure_after_minor, exposure_after_minor, .. } => {
            betting.bet_id_max = betting.bet_id_max.max(*order_id);
            if let Some(order) = Order::placed(event, at_ms).filter(|o| o.unmatched_minor > 0) {
                exchange.rest(order, kind);
            }
            remember_request(betting, *user_id, request_id, *order_id, at_ms);
            holder_changed(exchange, betting, accounts, *user_id, *book, *book_exposure_after_minor, *exposure_after_minor);
        }
        OrderEvent::OrdersClosed { user_id, book, orders, book_exposure_after_minor, exposure_after_minor, .. } => {
            for (order_id, size_minor) in orders {
                exchange.reduce(*order_id, *size_minor);
            }
            holder_changed(exchange, betting, accounts, *user_id, *book, *book_exposure_after_minor, *exposure_after_minor);
        }
        OrderEvent::CommissionSet { rate_bp } => exchange.commission_bp = *rate_bp,
    }
}

/// After a bet is applied: a fill takes its size off the resting order it came from, and the
/// holders' most-to-win counts the orders again.
pub fn after_bet(exchange: &mut Exchange, betting: &Betting, accounts: &mut Accounts, event: &BetEvent) {
    let BetEvent::BetPlaced { user_id, book, stake_minor, info, book_exposure_after_minor, exposure_after_minor, .. } = event else { return };
    let Some(fill) = info.fill else { return };
    exchange.reduce(fill.order_id, *stake_minor);
    holder_changed(exchange, betting, accounts, *user_id, *book, *book_exposure_after_minor, *exposure_after_minor);
}

/// A holder's exposure as the event says, and what the book could win recounted with the
/// orders; a book the holder has nothing left in leaves the account.
fn holder_changed(exchange: &Exchange, betting: &Betting, accounts: &mut Accounts, user_id: UserId, book: BookKey, book_exposure_minor: i64, exposure_minor: i64) {
    let Some(account) = accounts.users.get_mut(&user_id) else { return };
    account.exposure_minor = exposure_minor;
    let has_bets = betting.books.get(&book).is_some_and(|b| b.open.contains_key(&user_id));
    let has_orders = exchange.has_orders(book, user_id);
    match kind_of(betting, exchange, &book).filter(|_| has_bets || has_orders) {
        Some(kind) => {
            let mut position = Position::new(&kind, account.book_pnl.get(&book).map(Vec::as_slice));
            exchange.add_unmatched(&mut position, book, user_id);
            account.book_exposure.insert(book, book_exposure_minor);
            account.book_win_max.insert(book, position.win_max_minor());
        }
        None => {
            account.book_exposure.remove(&book);
            account.book_pnl.remove(&book);
            account.book_win_max.remove(&book);
        }
    }
}
