//! What a feed event from outside (a tester's scenario, a recorded feed) must be before the book
//! folds it: statuses the exchange knows and names without control characters. The simulator's
//! own events are right by construction; these come from a request.

use schemas::sports::{FeedEvent, Fixture, Market, Section};
use std::collections::BTreeMap;

/// Market statuses: `OPEN` takes bets, the others do not.
pub const MARKET_STATUSES: [&str; 4] = ["OPEN", "ACTIVE", "SUSPENDED", "CLOSED"];
/// Section (runner) statuses: `ACTIVE` or `OPEN` take bets.
/// `REMOVED`: a race's runner withdrawn (a non-runner).
pub const SECTION_STATUSES: [&str; 6] = ["ACTIVE", "OPEN", "SUSPENDED", "BALL RUNNING", "CLOSED", "REMOVED"];
/// Characters of a name (fixture, market, runner, competition).
const NAME_CHARS_MAX: usize = 200;

/// Why event `index` of a request is refused, naming the field. A result must fit its market:
/// one the request itself adds or updates, else the book's (`known`).
pub fn check_events(events: &[FeedEvent], known: &dyn Fn(u64, u64) -> Option<Market>) -> Result<(), String> {
    let mut sent: BTreeMap<(u64, u64), &Market> = BTreeMap::new();
    for (index, event) in events.iter().enumerate() {
        check_event(event).map_err(|problem| format!("events[{index}].{problem}"))?;
        match event {
            FeedEvent::FixtureAdded { markets, .. } => sent.extend(markets.iter().map(|m| ((m.gmid, m.mid), m))),
            FeedEvent::MarketUpdated { market } => {
                sent.insert((market.gmid, market.mid), market);
            }
            FeedEvent::MarketSettled { gmid, mid, result } => {
                let market = sent.get(&(*gmid, *mid)).map(|m| (*m).clone()).or_else(|| known(*gmid, *mid));
                let market = market.ok_or_else(|| format!("events[{index}].mid: no market {mid} of fixture {gmid} to settle"))?;
                ledger::sports::check_result(&ledger::sports::MarketShape::of(&market), result)
                    .map_err(|wanted| format!("events[{index}].{}", ledger::BetReject::ResultDoesNotFit(wanted)))?;
            }
            FeedEvent::RunnerWithdrawn { gmid, mid, sid, reduction_factor_bp } => {
                let market = sent.get(&(*gmid, *mid)).map(|m| (*m).clone()).or_else(|| known(*gmid, *mid));
                let market = market.ok_or_else(|| format!("events[{index}].mid: no market {mid} of fixture {gmid} to withdraw a runner from"))?;
                if !market.section.iter().any(|s| s.sid == *sid) {
                    return Err(format!("events[{index}].sid: market {mid} has no runner {sid}"));
                }
                if *reduction_factor_bp > 10_000 {
                    return Err(format!("events[{index}].{}", ledger::BetReject::ReductionFactorOutOfRange));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_event(event: &FeedEvent) -> Result<(), String> {
    match event {
        FeedEvent::FixtureAdded { fixture, markets } => {
            check_fixture(fixture).map_err(|p| format!("fixture.{p}"))?;
            for (i, market) in markets.iter().enumerate() {
                check_market(market).map_err(|p| format!("markets[{i}].{p}"))?;
            }
            Ok(())
        }
        FeedEvent::FixtureUpdated { fixture } => check_fixture(fixture).map_err(|p| format!("fixture.{p}")),
        FeedEvent::MarketUpdated { market } => check_market(market).map_err(|p| format!("market.{p}")),
        FeedEvent::ScoreUpdated { .. } | FeedEvent::MarketSettled { .. } | FeedEvent::RunnerWithdrawn { .. } | FeedEvent::FixtureRemoved { .. } => Ok(()),
    }
}

fn check_fixture(fixture: &Fixture) -> Result<(), String> {
    name("ename", &fixture.ename)?;
    name("cname", &fixture.cname)?;
    for (i, section) in fixture.section.iter().enumerate() {
        check_section(section).map_err(|p| format!("section[{i}].{p}"))?;
    }
    Ok(())
}

fn check_market(market: &Market) -> Result<(), String> {
    if !MARKET_STATUSES.contains(&market.status.as_str()) {
        return Err(format!("status: must be one of {}", MARKET_STATUSES.join(", ")));
    }
    name("mname", &market.mname)?;
    for (i, section) in market.section.iter().enumerate() {
        check_section(section).map_err(|p| format!("section[{i}].{p}"))?;
    }
    Ok(())
}

fn check_section(section: &Section) -> Result<(), String> {
    if !SECTION_STATUSES.contains(&section.gstatus.as_str()) {
        return Err(format!("gstatus: must be one of {}", SECTION_STATUSES.join(", ")));
    }
    name("nat", &section.nat)
}

fn name(field: &str, text: &str) -> Result<(), String> {
    let bidi = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if text.chars().count() > NAME_CHARS_MAX || text.chars().any(|c| c.is_control() || bidi(c)) {
        return Err(format!("{field}: at most {NAME_CHARS_MAX} characters, no control characters"));
    }
    Ok(())
}
