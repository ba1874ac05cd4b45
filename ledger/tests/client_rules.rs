//! The client's copies of the betting rules agree with the ledger's: the same case file
//! (`schemas/test-vectors/bet-rules.json`) is read here through `ledger::terms::terms` and by the
//! client's unit test (`frontend/src/features/match/__tests__/bet-rules.test.ts`).

use ledger::BetReject;
use ledger::sports::terms::terms;
use schemas::sports::{Market, Price, Side};
use schemas::Money;
use serde::Deserialize;

const CASES_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../schemas/test-vectors/bet-rules.json");

#[derive(Deserialize)]
struct Cases {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    market: Market,
    sections: Vec<Expected>,
}

#[derive(Deserialize)]
struct Expected {
    sid: u32,
    bettable: bool,
    min: Money,
    max: Money,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(CASES_FILE).expect("the case file is in the repository");
    let cases: Cases = serde_json::from_str(&text).expect("the case file holds markets in their wire shape");
    assert!(!cases.cases.is_empty(), "the case file lists cases");
    cases.cases
}

/// The best back price of a section: a bet asking for it is on offer.
fn best_back(market: &Market, sid: u32) -> Price {
    let section = market.section.iter().find(|s| s.sid == sid).expect("every expected sid is a section of its market");
    section.odds.iter().find(|l| l.otype == Side::Back && l.tno == 0).map(|l| l.odds).expect("every section in the case file has a back price at level 0")
}

/// The same market with the market and every section open, to read the limits of a section
/// that cannot be bet on now: the client shows them, and the ledger's limits do not depend on status.
fn reopened(market: &Market) -> Market {
    let mut open = market.clone();
    open.status = "OPEN".into();
    open.section.iter_mut().for_each(|s| s.gstatus = "ACTIVE".into());
    open
}

#[test]
fn the_case_file_lists_every_section_of_every_market_once() {
    for case in cases() {
        let mut listed: Vec<u32> = case.sections.iter().map(|e| e.sid).collect();
        let mut sections: Vec<u32> = case.market.section.iter().map(|s| s.sid).collect();
        listed.sort_unstable();
        sections.sort_unstable();
        assert_eq!(listed, sections, "{}", case.name);
    }
}

#[test]
fn a_section_is_bettable_exactly_when_the_case_file_says() {
    for case in cases() {
        for expected in &case.sections {
            let outcome = terms(&case.market, expected.sid, Side::Back, best_back(&case.market, expected.sid));
            match (expected.bettable, &outcome) {
                (true, Ok(_)) | (false, Err(BetReject::MarketNotOpen { .. })) => {}
                _ => panic!("{} / sid {}: expected bettable = {}, the ledger answered {outcome:?}", case.name, expected.sid, expected.bettable),
            }
        }
    }
}

#[test]
fn stake_limits_are_those_of_the_case_file() {
    for case in cases() {
        let market = reopened(&case.market);
        for expected in &case.sections {
            let accepted = terms(&market, expected.sid, Side::Back, best_back(&market, expected.sid))
                .unwrap_or_else(|reject| panic!("{} / sid {}: the reopened market is refused: {reject:?}", case.name, expected.sid));
            assert_eq!(
                (accepted.stake_min_minor, accepted.stake_max_minor),
                (expected.min.minor(), expected.max.minor()),
                "{} / sid {}: (min, max) in minor units",
                case.name,
                expected.sid
            );
        }
    }
}
