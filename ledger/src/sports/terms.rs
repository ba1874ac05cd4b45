//! From a market as the feed shows it to the terms of one bet: which book it joins, how it pays,
//! its stake limits, and whether the price asked is still on offer (DESIGN §3 acceptance).

use crate::betting::{BookKind, Payoff, RUNS_MAX};
use crate::limits::{ODDS_H_MAX, PER_100_H_MAX};
use crate::bets::acceptance::Terms;
use crate::bets::messages::BetReject;
use crate::ids::BookKey;
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

pub fn terms(market: &Market, sid: u32, side: Side, asked: Price) -> Result<Terms, BetReject> {
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
    let exact = current == asked;
    let (book_scope, kind, payoff, on_offer) = match market.gtype {
        MarketType::Match | MarketType::Cricketcasino => (0, runners(market), Payoff::Decimal { sid, odds_h: asked.0, side }, still_on_offer(current, asked, side)),
        // A bookmaker quotes fixed prices: only the price on offer is taken (a back at 0 or 0.01
        // would be a bet that can never win anything).
        MarketType::Match1 => (0, runners(market), Payoff::Per100 { sid, odds_h: asked.0, side }, exact),
        MarketType::Fancy1 => (sid, BookKind::Happens { sid }, Payoff::Binary { odds_h: asked.0, side }, still_on_offer(current, asked, side)),
        MarketType::Oddeven => (sid, BookKind::OddRuns, Payoff::Binary { odds_h: asked.0, side }, still_on_offer(current, asked, side)),
        MarketType::Fancy => (sid, BookKind::Runs, Payoff::Line { line: whole(asked)?, rate_h, side }, exact),
        MarketType::Meter => (sid, BookKind::Runs, Payoff::Meter { line: whole(asked)?, side }, exact),
        MarketType::Khado => (sid, BookKind::Runs, Payoff::Range { line: whole(asked)?, width: section.width.max(1), rate_h }, exact),
    };
    if !on_offer {
        return Err(BetReject::OddsChanged);
    }
    if payoff_needs_odds_above_one(&payoff) && asked.0 <= 100 {
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
