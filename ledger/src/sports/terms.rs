//! From a market as the feed shows it to the terms of one bet: which book it joins, how it pays,
//! its stake limits, and the price it is taken at: the price asked while it is still on offer, or
//! the price now as far as the player's odds setting allows (DESIGN §3 acceptance).

use crate::betting::{BookKind, Payoff, RUNS_MAX};
use crate::limits::{ODDS_H_MAX, PER_100_H_MAX};
use crate::bets::acceptance::Terms;
use crate::bets::messages::BetReject;
use crate::ids::BookKey;
use schemas::bets::AcceptOdds;
use schemas::sports::{Market, MarketType, Price, Section, Side};

fn bettable(status: &str) -> bool {
    matches!(status, "ACTIVE" | "OPEN")
}

/// The best price of `side` in a section (level `tno` 0, else the first of that side).
fn best(section: &Section, side: Side) -> Option<(Price, Price)> {
    let mut levels = section.odds.iter().filter(|l| l.otype == side);
    levels.clone().find(|l| l.tno == 0).or_else(|| levels.next()).filter(|l| l.odds.0 > 0).map(|l| (l.odds, l.size))
}

/// Back: the current back price must be at least the asked; lay: at most the asked.
fn still_on_offer(current: Price, asked: Price, side: Side) -> bool {
    match side {
        Side::Back => current >= asked,
        Side::Lay => current <= asked,
    }
}

/// Whole currency units of a limit, or `None` when the feed gives none.
fn positive(money: schemas::Money) -> Option<i64> {
    (money.minor() > 0).then_some(money.minor())
}

fn limits(market: &Market, section: &Section) -> (i64, i64) {
    let (min, max) = match market.gtype {
        // Spec §5: market min if above 0, else minb; likewise max.
        MarketType::Match | MarketType::Match1 => (positive(market.min).or(positive(market.minb)), positive(market.max).or(positive(market.maxb))),
        _ => (positive(section.min).or(positive(market.min)), positive(section.max).or(positive(market.max))),
    };
    (min.unwrap_or(100), max.unwrap_or(schemas::AMOUNT_MINOR_MAX))
}

/// The price a bet asked at `asked` is taken at, with the price `current` on offer now, or
/// `None` (odds changed): the price asked while it is on offer (`on_offer`); otherwise, or when
/// `current` is better, the price now as far as the player's setting allows it.
fn price_taken(current: Price, asked: Price, side: Side, on_offer: bool, accept: AcceptOdds) -> Option<Price> {
    let better = current != asked && still_on_offer(current, asked, side);
    match accept {
        AcceptOdds::Any => Some(current),
        AcceptOdds::Better if better => Some(current),
        AcceptOdds::Exact | AcceptOdds::Better => on_offer.then_some(asked),
    }
}

pub fn terms(market: &Market, sid: u32, side: Side, asked: Price, accept: AcceptOdds) -> Result<Terms, BetReject> {
    if !bettable(&market.status) {
        return Err(BetReject::MarketNotOpen { status: market.status.clone() });
    }
    let section = market.section.iter().find(|s| s.sid == sid).ok_or(BetReject::UnknownSelection)?;
    if !bettable(&section.gstatus) {
        return Err(BetReject::MarketNotOpen { status: section.gstatus.clone() });
    }
    if side == Side::Lay && matches!(market.gtype, MarketType::Cricketcasino | MarketType::Khado) {
        return Err(BetReject::SideNotOffered);
    }
    let (current, size) = best(section, side).ok_or(BetReject::OddsChanged)?;
    let rate_h = size.0;
    let price = match market.gtype {
        // A bookmaker quotes fixed prices: only the price on offer is taken (a back at 0 or 0.01
        // would be a bet that can never win anything).
        MarketType::Match1 => price_taken(current, asked, side, current == asked, accept),
        MarketType::Match | MarketType::Cricketcasino | MarketType::Fancy1 | MarketType::Oddeven => price_taken(current, asked, side, still_on_offer(current, asked, side), accept),
        // A run line is what the bet is on, not its price: another line is another bet.
        MarketType::Fancy | MarketType::Meter | MarketType::Khado => (current == asked).then_some(asked),
    }
    .ok_or(BetReject::OddsChanged)?;
    let (book_scope, kind, payoff) = match market.gtype {
        MarketType::Match | MarketType::Cricketcasino => (0, runners(market), Payoff::Decimal { sid, odds_h: price.0, side }),
        MarketType::Match1 => (0, runners(market), Payoff::Per100 { sid, odds_h: price.0, side }),
        MarketType::Fancy1 => (sid, BookKind::Happens { sid }, Payoff::Binary { odds_h: price.0, side }),
        MarketType::Oddeven => (sid, BookKind::OddRuns, Payoff::Binary { odds_h: price.0, side }),
        MarketType::Fancy => (sid, BookKind::Runs, Payoff::Line { line: whole(price)?, rate_h, side }),
        MarketType::Meter => (sid, BookKind::Runs, Payoff::Meter { line: whole(price)?, side }),
        MarketType::Khado => (sid, BookKind::Runs, Payoff::Range { line: whole(price)?, width: section.width.max(1), rate_h }),
    };
    if payoff_needs_odds_above_one(&payoff) && price.0 <= 100 {
        return Err(BetReject::OddsChanged);
    }
    if !within_limits(&payoff) {
        return Err(BetReject::OddsChanged);
    }
    let (stake_min_minor, stake_max_minor) = limits(market, section);
    Ok(Terms { book: BookKey { mid: market.mid, scope: book_scope }, kind, payoff, stake_min_minor, stake_max_minor })
}

/// What an exchange order on a match-odds market joins: its book (the market's runners) and
/// the stake limits. Its price is checked against the ladder, not the feed's quote
/// (`crate::book`).
pub struct ExchangeTerms {
    pub book: BookKey,
    pub runners: BookKind,
    pub stake_min_minor: i64,
    pub stake_max_minor: i64,
}

/// The terms of an exchange order at selection `sid`: the market and the selection take bets.
pub fn exchange_terms(market: &Market, sid: u32) -> Result<ExchangeTerms, BetReject> {
    if !bettable(&market.status) {
        return Err(BetReject::MarketNotOpen { status: market.status.clone() });
    }
    let section = market.section.iter().find(|s| s.sid == sid).ok_or(BetReject::UnknownSelection)?;
    if !bettable(&section.gstatus) {
        return Err(BetReject::MarketNotOpen { status: section.gstatus.clone() });
    }
    let (stake_min_minor, stake_max_minor) = limits(market, section);
    Ok(ExchangeTerms { book: BookKey { mid: market.mid, scope: 0 }, runners: runners(market), stake_min_minor, stake_max_minor })
}

/// A price, rate or line no real market has (a glitching feed, a mistyped price) is refused like
/// a price not on offer: past these a bet's profit or loss leaves the range the ledger's sums are
/// checked for (`limits::PAYOUT_PER_STAKE_MAX`), and a run line past the highest run value
/// decides nothing.
fn within_limits(payoff: &Payoff) -> bool {
    let line_fits = |line: &u32| *line <= RUNS_MAX;
    match payoff {
        Payoff::Decimal { odds_h, .. } | Payoff::Binary { odds_h, .. } => *odds_h <= ODDS_H_MAX,
        Payoff::Per100 { odds_h, .. } => *odds_h <= PER_100_H_MAX,
        Payoff::Line { line, rate_h, .. } => line_fits(line) && *rate_h <= PER_100_H_MAX,
        Payoff::Range { line, width, rate_h } => line_fits(line) && *width <= RUNS_MAX + 1 && *rate_h <= PER_100_H_MAX,
        Payoff::Meter { line, .. } => line_fits(line),
        Payoff::Item { .. } | Payoff::Void => true,
    }
}

fn payoff_needs_odds_above_one(payoff: &Payoff) -> bool {
    matches!(payoff, Payoff::Decimal { .. } | Payoff::Binary { .. })
}

/// The runners that can win: a withdrawn one (`REMOVED`) cannot.
fn runners(market: &Market) -> BookKind {
    BookKind::Runners(market.section.iter().filter(|s| s.gstatus != schemas::sports::REMOVED).map(|s| s.sid).collect())
}

/// Run lines are whole runs.
fn whole(price: Price) -> Result<u32, BetReject> {
    if price.0.is_multiple_of(100) {
        Ok(price.0 / 100)
    } else {
        Err(BetReject::OddsChanged)
    }
}
