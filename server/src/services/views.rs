//! The ledger's state as the client sees it: an account (`user_view`), bets as the client lists
//! them, a user's books on one match (the spec's `spotsData`), and a player's bets on a casino
//! round. Routes, operations and the push hub all use these.

use crate::http::timefmt::rfc3339;
use ledger::betting::{book_outcomes, exposure_minor, liability_minor, profit_minor, BookKind, Outcome, Payoff};
use ledger::ids::CASINO_ID_BASE;
use crate::http::error::ApiResult;
use ledger::history::{History, Settlement};
use ledger::{Account, Bet, State, UserId};
use schemas::bets::{BetView, OpenMarket, RunRow, SectionBook, SettlementRow, SpotsData};
use schemas::sports::Price;
use schemas::{Money, User};

/// A bet as the client lists it; a settled casino bet reads its round's void in `history`.
pub fn bet_view(state: &State, history: Option<&History>, bet: &Bet) -> BetView {
    let kind = bet.payoff.own_kind();
    let placed = rfc3339(bet.placed_at_ms);
    // A casino bet shows its round id and table number, not the ledger's ids for them.
    let casino = matches!(bet.payoff, Payoff::Item { .. });
    let (market_id, game_id) = if casino {
        (bet.book.mid - CASINO_ID_BASE, bet.gmid - CASINO_ID_BASE)
    } else {
        (bet.book.mid, bet.gmid)
    };
    BetView {
        bet_id: bet.id,
        etid: bet.info.etid,
        event_name: bet.info.event_name.clone(),
        market_id,
        market_name: bet.info.market_name.clone(),
        section_name: bet.info.section_name.clone(),
        sid: bet.info.sid,
        bet_type: bet.info.side,
        u_rate: Price(bet.price_taken_h()),
        // An implied fill shows the stake on the runner the player asked for (`BetInfo::asked_stake_minor`).
        amount: Money(bet.info.asked_stake_minor(&bet.payoff, bet.stake_minor)),
        profit: Money(profit_minor(&bet.payoff, bet.stake_minor)),
        liability: Money(liability_minor(&kind, &bet.payoff, bet.stake_minor)),
        updated_at: bet.settled.map_or_else(|| placed.clone(), |s| rfc3339(s.at_ms)),
        created_at: placed,
        g_type: bet.info.gtype.clone(),
        casino,
        game_id,
        ip: bet.info.ip.clone(),
        browser_details: bet.info.browser.clone(),
        result: bet.settled.map(|s| Money(s.pnl_minor)),
        voided: voided(state, history, bet),
    }
}

/// A settled bet whose market or round was void: its stake came back and nothing decided it
/// (the result modal's "Deleted" bets).
fn voided(state: &State, history: Option<&History>, bet: &Bet) -> bool {
    match (&bet.payoff, bet.settled, history) {
        (_, None, _) => false,
        (Payoff::Item { .. }, Some(_), Some(history)) => {
            let gtype = bet.info.gtype.as_str();
            history.round(gtype, bet.book.mid).ok().flatten().is_some_and(|round| round.outcome.is_none())
        }
        (Payoff::Item { .. }, Some(_), None) => false,
        (_, Some(_), _) => state.is_voided_market(bet),
    }
}

/// Open bets of a user, newest first; `gmid` narrows them to one match.
pub fn open_bets(state: &State, user_id: UserId, gmid: Option<u64>) -> Vec<BetView> {
    let mut bets: Vec<BetView> = state
        .betting.books
        .values()
        .filter(|b| gmid.is_none_or(|g| b.gmid == g))
        .filter_map(|b| b.open.get(&user_id))
        .flatten()
        .filter_map(|id| state.betting.bets.get(id))
        .map(|bet| bet_view(state, None, bet))
        .collect();
    bets.sort_by_key(|b| std::cmp::Reverse(b.bet_id));
    bets
}

/// The markets and rounds where `user_id` has open bets (`casino`: only sports or only casino),
/// each with its bets, newest first, and the worst-case loss of its books; the largest first.
pub fn open_markets(state: &State, user_id: UserId, casino: Option<bool>) -> Vec<OpenMarket> {
    let mut markets: Vec<OpenMarket> = Vec::new();
    for (key, book) in state.betting.books.iter() {
        let Some(ids) = book.open.get(&user_id) else { continue };
        let exposure = exposure_minor(&book.kind, state.betting.open_bets(key, user_id).into_iter());
        let bets: Vec<BetView> = ids.iter().filter_map(|id| state.betting.bets.get(id)).map(|bet| bet_view(state, None, bet)).collect();
        let Some(first) = bets.first() else { continue };
        if casino.is_some_and(|wanted| wanted != first.casino) {
            continue;
        }
        match markets.iter_mut().find(|m| m.market_id == first.market_id && m.casino == first.casino) {
            Some(market) => {
                market.exposure = Money(market.exposure.0 + exposure);
                market.bets.extend(bets);
            }
            None => markets.push(OpenMarket {
                etid: first.etid,
                game_id: first.game_id,
                market_id: first.market_id,
                event_name: first.event_name.clone(),
                market_name: first.market_name.clone(),
                g_type: first.g_type.clone(),
                casino: first.casino,
                trades: 0,
                exposure: Money(exposure),
                bets,
            }),
        }
    }
    for market in &mut markets {
        market.bets.sort_by_key(|b| std::cmp::Reverse(b.bet_id));
        market.trades = u32::try_from(market.bets.len()).unwrap_or(u32::MAX);
    }
    markets.sort_by_key(|m| (std::cmp::Reverse(m.exposure.0), std::cmp::Reverse(m.bets.first().map_or(0, |b| b.bet_id))));
    markets
}

/// Per market: each runner's P/L if it wins, or a line's Run Amount table.
pub fn spots(state: &State, user_id: UserId, gmid: u64) -> Vec<SpotsData> {
    let mut out: Vec<SpotsData> = Vec::new();
    for (key, book) in state.betting.books.iter().filter(|(_, b)| b.gmid == gmid && b.open.contains_key(&user_id)) {
        let bets = state.betting.open_bets(key, user_id);
        let outcomes = book_outcomes(&book.kind, bets.iter().copied());
        let sdata: Vec<SectionBook> = match &book.kind {
            BookKind::Runners(_) => outcomes
                .iter()
                .filter_map(|(o, pnl)| match o {
                    Outcome::Winner(sid) => Some(SectionBook { sid: *sid, amount: Money(*pnl), calc_table: vec![] }),
                    _ => None,
                })
                .collect(),
            _ => {
                let worst = outcomes.iter().map(|(_, pnl)| *pnl).min().unwrap_or(0);
                let calc_table = outcomes
                    .iter()
                    .map(|(o, pnl)| RunRow { run: run_of(*o), profit_loss: Money(*pnl) })
                    .collect();
                vec![SectionBook { sid: key.scope, amount: Money(worst), calc_table }]
            }
        };
        match out.iter_mut().find(|s| s.mid == key.mid) {
            Some(existing) => existing.sdata.extend(sdata),
            None => out.push(SpotsData { mid: key.mid, sdata }),
        }
    }
    out
}

/// A run value for the table; yes/no books show 1 for "happens" and 0 for "does not".
fn run_of(outcome: Outcome) -> u32 {
    match outcome {
        Outcome::Runs(r) => r,
        Outcome::Happened(yes) => u32::from(yes),
        Outcome::Winner(sid) => sid,
        // Casino books are never shown on a match page.
        Outcome::Item(_) => 0,
    }
}

/// The client's view of an account: `balance` is what is left to bet with (the ledger balance
/// less the exposure held by open bets), `exp` the exposure as a non-positive figure.
pub fn user_view(account: &Account) -> User {
    User {
        id: account.id.to_string(),
        username: account.username.clone(),
        role: vec![account.role],
        current_token: account.current_session.map(|s| s.to_string()).unwrap_or_default(),
        is_login: !account.must_change_password,
        is_accept_rules: account.rules_accepted,
        balance: Money(account.available_minor()),
        exp: Money(-account.exposure_minor),
    }
}

/// A player's bets on a casino round, open (from the state) and settled (from the history, which
/// reaches `ledger`), newest first.
pub fn round_bets(ledger: &State, history: &History, user_id: u64, book: u64) -> ApiResult<Vec<BetView>> {
    let open = ledger.betting.books.range(ledger::BookKey::all_of(book)).filter_map(|(_, b)| b.open.get(&user_id)).flatten().filter_map(|id| ledger.betting.bets.get(id)).cloned();
    let mut bets: Vec<Bet> = open.collect();
    for settlement in crate::services::history::market_settlements(history, user_id, book)? {
        bets.extend(settlement.bets);
    }
    let mut bets: Vec<BetView> = bets.iter().map(|bet| bet_view(ledger, Some(history), bet)).collect();
    bets.sort_by_key(|b| std::cmp::Reverse(b.bet_id));
    Ok(bets)
}

/// One settled market or round of a statement, with the first `bets_max` of its bets (from the
/// history) and their count.
pub fn settlement_row(ledger: &ledger::State, history: &History, settlement: &Settlement, bets_max: usize) -> Option<SettlementRow> {
    let entry = &settlement.entry;
    let bets: Vec<_> = settlement.bets.iter().take(bets_max).map(|bet| bet_view(ledger, Some(history), bet)).collect();
    let first = bets.first()?;
    let (event_name, market_name) = (first.event_name.clone(), first.market_name.clone());
    let (market_id, game_id) = (first.market_id, first.game_id);
    Some(SettlementRow {
        created_at: crate::http::timefmt::rfc3339(entry.at_ms),
        market_id,
        game_id,
        remarks: format!("{event_name} / {market_name}"),
        event_name,
        market_name,
        total_profit: Money(entry.total_minor),
        commission: Money(entry.commission_minor),
        pts: Money(entry.balance_after_minor),
        is_synthetic: false,
        seq: entry.seq,
        bets,
        // The entry's ids count them all: a statement page's read decodes only the bets it lists.
        bet_count: u32::try_from(entry.bets.len()).unwrap_or(u32::MAX),
    })
}
