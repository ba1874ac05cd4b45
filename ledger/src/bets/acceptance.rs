//! The acceptance steps every bet shares, sports and casino alike (DESIGN §3), and the
//! settlement of every open bet of a market or round. Each step answers with the bets' events, or
//! the refusal of the bets or of the accounts (`R` is the caller's reject, which holds both).

use crate::accounts::messages::AccountReject;
use crate::accounts::model::{Account, Accounts};
use crate::betting::{book_pnl_after, book_win_max_after, exposure_minor, worst_loss_minor, BookKind, Outcome, Payoff};
use crate::bets::messages::{BetEvent, BetInfo, BetReject};
use crate::bets::model::{Betting, Book};
use crate::ids::{BookKey, UserId};
use crate::limits::{BALANCE_MINOR_MAX, REQUEST_ID_CHARS_MAX, REQUEST_ID_WINDOW_MS};
use schemas::Role;
use std::collections::BTreeMap;

/// The terms of one bet: which book it joins, how it pays, its stake limits.
#[derive(Debug, Clone, PartialEq)]
pub struct Terms {
    pub book: BookKey,
    pub kind: BookKind,
    pub payoff: Payoff,
    pub stake_min_minor: i64,
    pub stake_max_minor: i64,
}

/// The first acceptance checks of any bet: a user who may bet, a well-formed request id that
/// was not placed in the last minute. A request id placed again answers with its bet when it
/// asks for the same bet, and is refused when it asks for another one.
#[allow(clippy::too_many_arguments)]
pub fn check_bettor<'a, R>(accounts: &'a Accounts, betting: &Betting, at_ms: i64, user_id: UserId, request_id: &str, stake_minor: i64, info: &BetInfo) -> Result<&'a Account, R>
where
    R: From<AccountReject> + From<BetReject>,
{
    let user = accounts.users.get(&user_id).ok_or(AccountReject::UnknownUser)?;
    if !matches!(user.role, Role::User | Role::Demo | Role::Maker) {
        return Err(BetReject::RoleCannotBet.into());
    }
    if user.betting_locked {
        return Err(BetReject::BettingLocked.into());
    }
    let id_chars = request_id.chars().count();
    if id_chars == 0 || id_chars > REQUEST_ID_CHARS_MAX {
        return Err(BetReject::InvalidRequestId.into());
    }
    if let Some((bet_id, then)) = betting.requests.get(&(user_id, request_id.to_owned())) {
        if at_ms - then < REQUEST_ID_WINDOW_MS {
            return Err(repeated_request(betting, *bet_id, stake_minor, info).into());
        }
    }
    Ok(user)
}

/// A request id seen again: the same bet again, or which part of it differs.
fn repeated_request(betting: &Betting, bet_id: u64, stake_minor: i64, info: &BetInfo) -> BetReject {
    let Some(bet) = betting.bets.get(&bet_id) else { return BetReject::DuplicateRequest { bet_id } };
    let differs = [
        ("stake", bet.stake_minor != stake_minor),
        ("market", bet.info.market_name != info.market_name || bet.info.event_name != info.event_name),
        ("selection", bet.info.sid != info.sid),
        ("side", bet.info.side != info.side),
        ("price", bet.info.price_h != info.price_h),
    ];
    match differs.iter().find(|(_, differs)| *differs) {
        Some((field, _)) => BetReject::RequestIdReused { bet_id, field },
        None => BetReject::DuplicateRequest { bet_id },
    }
}

/// The last acceptance checks, once a bet's terms are known: its stake limits, the available
/// balance against the exposure of its book with it, then what the open bets could win with it:
/// a settlement is never refused, so a bet that could take the balance past the maximum is
/// refused here.
pub fn bet_placed<R>(betting: &Betting, user: &Account, request_id: &str, gmid: u64, terms: Terms, stake_minor: i64, info: &BetInfo) -> Result<BetEvent, R>
where
    R: From<AccountReject> + From<BetReject>,
{
    if stake_minor < terms.stake_min_minor || stake_minor > terms.stake_max_minor {
        return Err(BetReject::StakeOutOfLimits { min_minor: terms.stake_min_minor, max_minor: terms.stake_max_minor }.into());
    }
    // A book keeps the outcome set of its first bet, so every bet in it is judged alike.
    let kind = betting.books.get(&terms.book).map_or(terms.kind, |b| b.kind.clone());
    let pnl_after = book_pnl_after(&kind, user.book_pnl.get(&terms.book).map(Vec::as_slice), &terms.payoff, stake_minor);
    let book_exposure_after_minor = match &pnl_after {
        Some(pnl) => worst_loss_minor(pnl),
        None => {
            let mut bets = betting.open_bets(&terms.book, user.id);
            bets.push((&terms.payoff, stake_minor));
            exposure_minor(&kind, bets.iter().copied())
        }
    };
    let book_exposure_before = user.book_exposure.get(&terms.book).copied().unwrap_or(0);
    let exposure_after_minor = user.exposure_minor - book_exposure_before + book_exposure_after_minor;
    if user.balance_minor - exposure_after_minor < 0 {
        return Err(AccountReject::InsufficientBalance {
            available_minor: user.available_minor(),
            needed_minor: book_exposure_after_minor - book_exposure_before,
        }
        .into());
    }
    let win_max_before = user.book_win_max.get(&terms.book).copied().unwrap_or(0);
    let win_max_after = book_win_max_after(pnl_after.as_deref(), win_max_before, &terms.payoff, stake_minor);
    if user.balance_minor + user.open_win_max_minor() - win_max_before + win_max_after > BALANCE_MINOR_MAX {
        return Err(BetReject::WinPastBalanceMax { balance_max_minor: BALANCE_MINOR_MAX }.into());
    }
    Ok(BetEvent::BetPlaced {
        bet_id: betting.next_bet_id(),
        user_id: user.id,
        request_id: request_id.to_owned(),
        gmid,
        book: terms.book,
        kind,
        payoff: terms.payoff,
        stake_minor,
        info: info.clone(),
        book_exposure_after_minor,
        exposure_after_minor,
    })
}

/// One `BetsSettled` per user with open bets in the books of `mid`, each book decided by
/// `outcome_of` (`None` voids it: every stake returned). Open bets and their users exist by
/// construction (`apply` keeps them together); one that did not would be left unsettled rather
/// than stop the engine.
pub fn settle_books(accounts: &Accounts, betting: &Betting, gmid: u64, mid: u64, outcome_of: impl Fn(&BookKey, &Book) -> Option<Outcome>) -> Vec<BetEvent> {
    let mut per_user: BTreeMap<UserId, (Vec<(u64, i64)>, i64)> = BTreeMap::new();
    for (key, book) in betting.books.range(BookKey::all_of(mid)) {
        let outcome = outcome_of(key, book);
        for (user_id, ids) in &book.open {
            let Some(user) = accounts.users.get(user_id) else { continue };
            let entry = per_user.entry(*user_id).or_default();
            for (id, bet) in ids.iter().filter_map(|id| Some((*id, betting.bets.get(id)?))) {
                entry.0.push((id, outcome.map_or(0, |o| bet.payoff.pnl(bet.stake_minor, o))));
            }
            entry.1 += user.book_exposure.get(key).copied().unwrap_or(0);
        }
    }
    per_user
        .into_iter()
        .filter_map(|(user_id, (bets, released_minor))| {
            let user = accounts.users.get(&user_id)?;
            let total_minor: i64 = bets.iter().map(|(_, pnl)| pnl).sum();
            Some(BetEvent::BetsSettled {
                user_id,
                gmid,
                mid,
                bets,
                total_minor,
                balance_after_minor: user.balance_minor + total_minor,
                exposure_after_minor: user.exposure_minor - released_minor,
            })
        })
        .collect()
}
