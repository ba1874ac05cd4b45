//! `apply` for bets: folds a placed or settled bet into the bets' state and its user's balance and
//! exposure; a settled bet leaves the state (its record is history, `crate::history`). Pure.

use crate::accounts::model::Accounts;
use crate::betting::{book_pnl_after, book_win_max_after, day_of};
use crate::bets::messages::BetEvent;
use crate::bets::model::{Bet, Betting, Book};
use crate::ids::{BookKey, UserId};
use crate::limits::REQUEST_ID_WINDOW_MS;
use std::collections::BTreeMap;

pub fn apply(betting: &mut Betting, accounts: &mut Accounts, at_ms: i64, event: &BetEvent) {
    match event {
        BetEvent::BetPlaced { bet_id, user_id, request_id, gmid, book, kind, payoff, stake_minor, info, book_exposure_after_minor, exposure_after_minor } => {
            betting.bets.extend(Bet::placed(event, at_ms).map(|bet| (*bet_id, bet)));
            betting.bet_id_max = betting.bet_id_max.max(*bet_id);
            let totals = &mut betting.totals;
            totals.bets += 1;
            totals.stake_minor += stake_minor;
            *totals.stake_by_day.entry(day_of(at_ms)).or_default() += stake_minor;
            let entry = betting.books.entry(*book).or_insert_with(|| Book { gmid: *gmid, kind: kind.clone(), open: BTreeMap::new() });
            entry.open.entry(*user_id).or_default().push(*bet_id);
            let book_kind = entry.kind.clone();
            let account = accounts.account_mut(*user_id);
            account.book_exposure.insert(*book, *book_exposure_after_minor);
            let pnl_after = book_pnl_after(&book_kind, account.book_pnl.get(book).map(Vec::as_slice), payoff, *stake_minor);
            let win_max_before = account.book_win_max.get(book).copied().unwrap_or(0);
            account.book_win_max.insert(*book, book_win_max_after(pnl_after.as_deref(), win_max_before, payoff, *stake_minor));
            if let Some(pnl) = pnl_after {
                account.book_pnl.insert(*book, pnl);
            }
            account.exposure_minor = *exposure_after_minor;
            // A fill's request is its order's, remembered when the order was taken.
            if info.fill.is_none() {
                remember_request(betting, *user_id, request_id, *bet_id, at_ms);
            }
        }
        BetEvent::BetsSettled { user_id, mid, bets, balance_after_minor, exposure_after_minor, .. } => {
            // A settled bet leaves the state: it is history (`crate::history`).
            for (bet_id, pnl_minor) in bets {
                let bet = betting.bets.remove(bet_id).expect("decide settles existing bets");
                *betting.totals.players_pnl_by_day.entry(day_of(at_ms)).or_default() += pnl_minor;
                let book = bet.book;
                if let Some(open) = betting.books.get_mut(&book).and_then(|b| b.open.get_mut(user_id)) {
                    open.retain(|id| id != bet_id);
                }
            }
            let keys: Vec<BookKey> = betting.books.range(BookKey::all_of(*mid)).map(|(k, _)| *k).collect();
            for key in &keys {
                let book = betting.books.get_mut(key).expect("key was just listed");
                book.open.retain(|_, ids| !ids.is_empty());
                if book.open.is_empty() {
                    betting.books.remove(key);
                }
            }
            let account = accounts.account_mut(*user_id);
            account.book_exposure.retain(|k, _| k.mid != *mid);
            account.book_pnl.retain(|k, _| k.mid != *mid);
            account.book_win_max.retain(|k, _| k.mid != *mid);
            account.balance_minor = *balance_after_minor;
            account.exposure_minor = *exposure_after_minor;
        }
        BetEvent::CommissionCharged { user_id, commission_minor, balance_after_minor, .. } => {
            *betting.totals.commission_by_day.entry(day_of(at_ms)).or_default() += commission_minor;
            accounts.account_mut(*user_id).balance_minor = *balance_after_minor;
        }
    }
}

/// Keeps a minute of request ids; older ones are forgotten in log order, so replay agrees.
pub(crate) fn remember_request(betting: &mut Betting, user_id: UserId, request_id: &str, bet_id: u64, at_ms: i64) {
    while let Some((then, user, id)) = betting.request_order.front() {
        if at_ms - then < REQUEST_ID_WINDOW_MS {
            break;
        }
        if betting.requests.get(&(*user, id.clone())).is_some_and(|(_, t)| t == then) {
            betting.requests.remove(&(*user, id.clone()));
        }
        betting.request_order.pop_front();
    }
    betting.requests.insert((user_id, request_id.to_owned()), (bet_id, at_ms));
    betting.request_order.push_back((at_ms, user_id, request_id.to_owned()));
}
