//! A runner withdrawn: `withdraw` decides what it does to a market's orders and each holder's
//! bets and exposure, `apply` folds it. Pure.

use crate::accounts::model::Accounts;
use crate::betting::{book_pnl_after, exposure_minor, Payoff};
use crate::bets::model::{Bet, Betting};
use crate::book::decide::lapse_non_runner;
use crate::book::messages::OrderEvent;
use crate::book::model::Exchange;
use crate::ids::{BookKey, UserId};
use crate::racing::reduction::{after_withdrawal, without_runner};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One holder of open bets in a market a runner was withdrawn from: each of their books of the
/// market with its exposure after, and their exposure in all books after (the withdrawal can move
/// it either way: a reduced price lowers a layer's liability and a backer's winnings, and a void
/// lay no longer pays in the other runners' outcomes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    pub user_id: UserId,
    pub books: Vec<(BookKey, i64)>,
    pub exposure_after_minor: i64,
}

/// What a withdrawal does: the market's unmatched orders lapse (first, in the same batch), then
/// every holder's bets are void or reduced.
pub struct Withdrawal {
    pub lapsed: Vec<OrderEvent>,
    pub holders: Vec<Holder>,
    /// The market's open bets, each void or reduced.
    pub bets: Vec<u64>,
}

/// Runner `sid` withdrawn from market `mid` with reduction factor `factor_bp`.
pub fn withdraw(accounts: &Accounts, betting: &Betting, exchange: &Exchange, mid: u64, sid: u32, factor_bp: u32) -> Withdrawal {
    let lapsed = lapse_non_runner(accounts, exchange, mid);
    let mut per_user: BTreeMap<UserId, Vec<(BookKey, i64)>> = BTreeMap::new();
    let mut changed = Vec::new();
    for (key, book) in betting.books.range(BookKey::all_of(mid)) {
        let kind = without_runner(&book.kind, sid);
        for (user_id, ids) in &book.open {
            changed.extend(ids.iter().copied());
            let bets: Vec<(Payoff, i64)> = ids.iter().filter_map(|id| betting.bets.get(id)).map(|bet| (after_withdrawal(&bet.payoff, *key, sid, factor_bp), bet.stake_minor)).collect();
            per_user.entry(*user_id).or_default().push((*key, exposure_minor(&kind, bets.iter().map(|(p, stake)| (p, *stake)))));
        }
    }
    let holders = per_user
        .into_iter()
        .filter_map(|(user_id, books)| {
            let account = accounts.users.get(&user_id)?;
            // Every book of the market is priced again: the orders lapse and the bets change.
            let before: i64 = account.book_exposure.iter().filter(|(k, _)| k.mid == mid).map(|(_, e)| e).sum();
            let after: i64 = books.iter().map(|(_, e)| e).sum();
            Some(Holder { user_id, books, exposure_after_minor: account.exposure_minor - before + after })
        })
        .collect();
    changed.sort_unstable();
    Withdrawal { lapsed, holders, bets: changed }
}

/// One open bet after runner `sid` is withdrawn with reduction factor `factor_bp`: void or its
/// price reduced, and the price it shows with it (the state's and the history's copies alike).
pub fn rewrite_bet(bet: &mut Bet, sid: u32, factor_bp: u32) {
    let shown = match bet.payoff {
        Payoff::Decimal { odds_h, .. } | Payoff::Binary { odds_h, .. } => Some(odds_h),
        _ => None,
    };
    bet.payoff = after_withdrawal(&bet.payoff, bet.book, sid, factor_bp);
    if let (Some(before), Payoff::Decimal { odds_h, .. } | Payoff::Binary { odds_h, .. }) = (shown, &bet.payoff) {
        if bet.info.price_h == before {
            bet.info.price_h = *odds_h;
        }
    }
}

/// Folds a withdrawal: the market's books lose the runner, each of its open bets (`bets`) is void
/// or reduced (its shown price too), and each holder's P/L per outcome, most to win and exposure
/// follow.
pub fn apply(betting: &mut Betting, accounts: &mut Accounts, mid: u64, sid: u32, factor_bp: u32, holders: &[Holder], bets: &[u64]) {
    let keys: Vec<BookKey> = betting.books.range(BookKey::all_of(mid)).map(|(k, _)| *k).collect();
    for key in &keys {
        let book = betting.books.get_mut(key).expect("key was just listed");
        book.kind = without_runner(&book.kind, sid);
    }
    for id in bets {
        if let Some(bet) = betting.bets.get_mut(id) {
            rewrite_bet(bet, sid, factor_bp);
        }
    }
    for holder in holders {
        let Some(account) = accounts.users.get_mut(&holder.user_id) else { continue };
        for (key, book_exposure) in &holder.books {
            account.book_exposure.insert(*key, *book_exposure);
            let Some(book) = betting.books.get(key) else { continue };
            let bets = book.open.get(&holder.user_id).into_iter().flatten().filter_map(|id| betting.bets.get(id));
            let mut pnl: Option<Vec<i64>> = None;
            for bet in bets {
                pnl = book_pnl_after(&book.kind, Some(pnl.as_deref().unwrap_or(&[])), &bet.payoff, bet.stake_minor);
            }
            match pnl {
                Some(pnl) => {
                    account.book_win_max.insert(*key, pnl.iter().copied().max().unwrap_or(0).max(0));
                    account.book_pnl.insert(*key, pnl);
                }
                None => {
                    account.book_pnl.remove(key);
                }
            }
        }
        account.exposure_minor = holder.exposure_after_minor;
    }
}
