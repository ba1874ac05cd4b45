//! The client's copies of the betting rules agree with the ledger's: the same case file
//! (`schemas/test-vectors/bet-rules.json`) is read here and by the client's unit tests
//! (`frontend/src/features/match/__tests__/bet-rules.test.ts` and `slip.test.ts`,
//! `frontend/src/features/casino/__tests__/slip-previews.test.ts`). Its `cases` are markets whose
//! sections the ledger takes bets on (`ledger::terms::terms`) within stake limits; its previews
//! are bets placed through `decide`, with what they can win and the exposure the ledger takes.
//! The constants the client needs are written here for it, beside its generated wire types.

mod common;

use ledger::{BetEvent, BetReject, CasinoCommand, SportsCommand};
use common::{credited, given, info, opened, T0};
use ledger::betting::{book_outcomes, profit_minor, BookKind, Outcome, Payoff};
use ledger::sports::terms::terms;
use ledger::{decide, BetDelay, Command, Event, State};
use schemas::casino::{CasinoItem, ItemStatus};
use schemas::sports::{Market, MarketType, OddsLevel, Price, Section, Side};
use schemas::{Money, Role, AMOUNT_MINOR_MAX};
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
            let outcome = terms(&case.market, expected.sid, Side::Back, best_back(&case.market, expected.sid), Default::default());
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
            let accepted = terms(&market, expected.sid, Side::Back, best_back(&market, expected.sid), Default::default())
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

// The slip's previews: what a bet can win and what the ledger takes as its exposure, per market
// type, side and stake, as the case file's `previews` (sports) and `casino_previews` say. Each
// bet is placed through `decide` by a player with no other bet, so the liability is the
// exposure the ledger takes, and the books are the bet's P/L at each outcome the client shows.

#[derive(Deserialize)]
struct Previews {
    previews: Vec<Preview>,
    casino_previews: Vec<CasinoPreview>,
}

/// A bet on section 1 of a market of `gtype` at the price a cell shows (`price`, with the rate of
/// a run line in `size`), and what the ledger makes of it.
#[derive(Deserialize)]
struct Preview {
    name: String,
    gtype: MarketType,
    side: Side,
    price: Price,
    size: Price,
    #[serde(default)]
    width: u32,
    stake: Money,
    profit: Money,
    liability: Money,
    /// Runner markets: the bet's P/L when each of the runners 1, 2 and 3 wins.
    #[serde(default)]
    runners: Vec<RunnerPnl>,
    /// Run lines: the bet's P/L at each run total where it steps or bends (0 and `RUNS_MAX` too).
    #[serde(default)]
    runs: Vec<RunPnl>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct RunnerPnl {
    sid: u32,
    pnl: Money,
}

#[derive(Deserialize, Debug, PartialEq)]
struct RunPnl {
    run: u32,
    pnl: Money,
}

/// A bet on a live casino item backed at `b` or laid at `l` (0: not offered).
#[derive(Deserialize)]
struct CasinoPreview {
    name: String,
    b: Price,
    l: Price,
    side: Side,
    stake: Money,
    profit: Money,
    liability: Money,
}

fn previews() -> Previews {
    let text = std::fs::read_to_string(CASES_FILE).expect("the case file is in the repository");
    serde_json::from_str(&text).expect("the case file's previews hold bets in their wire units")
}

/// A player who can afford any bet the case file lists.
fn rich_player() -> State {
    given(vec![opened(1, "alice", Role::User), credited(1, AMOUNT_MINOR_MAX, AMOUNT_MINOR_MAX)])
}

fn preview_section(sid: u32, levels: Vec<OddsLevel>, width: u32) -> Section {
    Section { sid, sno: sid, nat: format!("Runner {sid}"), gstatus: "ACTIVE".into(), min: Money(0), max: Money(0), rem: String::new(), width, odds: levels }
}

/// The market a case bets on: section 1 quotes the case's price and size on its side; runner
/// markets have runners 2 and 3 beside it. No stake limit but the ledger's own.
fn preview_market(case: &Preview) -> Market {
    let asked = OddsLevel { otype: case.side, odds: case.price, size: case.size, tno: 0 };
    let runner = |sid| preview_section(sid, vec![OddsLevel { otype: Side::Back, odds: Price(200), size: Price(10_000), tno: 0 }], 0);
    let section = match case.gtype {
        MarketType::Match | MarketType::Match1 | MarketType::Cricketcasino => vec![preview_section(1, vec![asked], 0), runner(2), runner(3)],
        _ => vec![preview_section(1, vec![asked], case.width)],
    };
    Market { mid: 7, gmid: 500, mname: case.name.clone(), gtype: case.gtype, status: "OPEN".into(), min: Money(0), max: Money(0), minb: Money(0), maxb: Money(0), rc: 0, rem: String::new(), section }
}

/// The book, payoff and exposure of the one `BetPlaced` a command gives.
fn placed(state: &State, command: &Command, name: &str) -> (BookKind, Payoff, i64) {
    let events = decide(state, T0, command).unwrap_or_else(|reject| panic!("{name}: the ledger refused the bet: {reject:?}"));
    events
        .into_iter()
        .find_map(|event| match event {
            Event::Bets(BetEvent::BetPlaced { kind, payoff, book_exposure_after_minor, .. }) => Some((kind, payoff, book_exposure_after_minor)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{name}: no BetPlaced"))
}

#[test]
fn sports_previews_are_what_the_ledger_pays_and_takes() {
    let state = rich_player();
    for case in previews().previews {
        let market = preview_market(&case);
        let command = Command::Sports(SportsCommand::PlaceBet {
            user_id: 1,
            request_id: "preview".into(),
            market,
            delay: BetDelay::default(),
            stake_minor: case.stake.minor(),
            info: info(1, case.side, case.price.hundredths()),
            accept_odds: Default::default(),
        });
        let (kind, payoff, liability_minor) = placed(&state, &command, &case.name);
        let stake = case.stake.minor();
        assert_eq!((profit_minor(&payoff, stake), liability_minor), (case.profit.minor(), case.liability.minor()), "{}: (profit, liability) in minor units", case.name);
        let book = book_outcomes(&kind, std::iter::once((&payoff, stake)));
        let runners: Vec<RunnerPnl> = book.iter().filter_map(|(o, pnl)| if let Outcome::Winner(sid) = o { Some(RunnerPnl { sid: *sid, pnl: Money(*pnl) }) } else { None }).collect();
        let runs: Vec<RunPnl> = book.iter().filter_map(|(o, pnl)| if let Outcome::Runs(run) = o { Some(RunPnl { run: *run, pnl: Money(*pnl) }) } else { None }).collect();
        assert_eq!(case.runners, runners, "{}: P/L per winning runner", case.name);
        assert_eq!(case.runs, runs, "{}: P/L per run total", case.name);
    }
}

#[test]
fn casino_previews_are_what_the_ledger_pays_and_takes() {
    const ROUND: &str = "2611220112345";
    let mut state = rich_player();
    for event in decide(&state, T0, &Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: ROUND.into() })).expect("the round opens") {
        let seq = state.head_seq + 1;
        ledger::apply(&mut state, &ledger::Envelope { seq, at_ms: T0, event });
    }
    for case in previews().casino_previews {
        let item = CasinoItem {
            sid: 1,
            nat: case.name.clone(),
            otype: Side::Back,
            b: case.b,
            l: case.l,
            gstatus: ItemStatus::Active,
            min: Money(0),
            max: Money(0),
            subtype: "teen20".into(),
            kind: "main".into(),
            pick: None,
        };
        let rate_h = match case.side {
            Side::Back => case.b.hundredths(),
            Side::Lay => case.l.hundredths(),
        };
        let info = ledger::BetInfo { gtype: "teen20".into(), market_name: ROUND.into(), ..info(1, case.side, rate_h) };
        let command = Command::Casino(CasinoCommand::PlaceCasinoBet { user_id: 1, request_id: "preview".into(), gtype: "teen20".into(), mid: ROUND.into(), item, stake_minor: case.stake.minor(), info });
        let (_, payoff, liability_minor) = placed(&state, &command, &case.name);
        assert_eq!((profit_minor(&payoff, case.stake.minor()), liability_minor), (case.profit.minor(), case.liability.minor()), "{}: (profit, liability) in minor units", case.name);
    }
}

/// Every market type has cases on each side it offers, with a stake in whole units and one with
/// decimals; the casino has both sides and decimals too.
#[test]
fn the_previews_cover_every_market_type_side_and_kind_of_stake() {
    let Previews { previews, casino_previews } = previews();
    let all = [MarketType::Match, MarketType::Match1, MarketType::Fancy, MarketType::Fancy1, MarketType::Oddeven, MarketType::Meter, MarketType::Khado, MarketType::Cricketcasino];
    for gtype in all {
        let sides: &[Side] = if matches!(gtype, MarketType::Khado | MarketType::Cricketcasino) { &[Side::Back] } else { &[Side::Back, Side::Lay] };
        for side in sides {
            let stakes: Vec<i64> = previews.iter().filter(|c| c.gtype == gtype && c.side == *side).map(|c| c.stake.minor()).collect();
            assert!(stakes.iter().any(|s| s % 100 != 0), "{gtype:?} {side:?}: a case with a decimal stake");
        }
        assert!(previews.iter().any(|c| c.gtype == gtype && c.stake.minor() % 100 == 0), "{gtype:?}: a case with a whole stake");
    }
    for side in [Side::Back, Side::Lay] {
        assert!(casino_previews.iter().any(|c| c.side == side && c.stake.minor() % 100 != 0), "casino {side:?}: a case with a decimal stake");
    }
}

/// The constants the client needs from the server's rules, as TypeScript, beside the wire types
/// ts-rs generates (`TS_RS_EXPORT_DIR`; `scripts/test` checks that the generated files are
/// committed as these tests write them).
fn client_constants() -> String {
    let constants = [
        ("RUNS_MAX", "The highest run value a run market considers (the ledger's `betting::RUNS_MAX`).", i64::from(ledger::betting::RUNS_MAX)),
        ("METER_RUNS_CAP", "Runs of difference a meter bet pays or loses per unit of stake at most (the ledger's `betting::METER_RUNS_CAP`).", i64::from(ledger::betting::METER_RUNS_CAP)),
        ("CASINO_BETTING_MS", "How long a casino round takes bets, in milliseconds (`schemas::casino::BETTING_MS`).", schemas::casino::BETTING_MS),
        ("AMOUNT_MINOR_MAX", "The largest amount the server accepts, in minor units (`schemas::AMOUNT_MINOR_MAX`).", AMOUNT_MINOR_MAX),
    ];
    let mut text = String::from("// This file was generated by ledger/tests/client_rules.rs from the server's constants. Do not edit this file manually.\n");
    for (name, doc, value) in constants {
        text.push_str(&format!("\n/** {doc} */\nexport const {name} = {value};\n"));
    }
    text
}

#[test]
fn the_clients_constants_file_is_written_from_the_servers_constants() {
    let dir = std::env::var("TS_RS_EXPORT_DIR").unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../frontend/src/types/generated").into());
    let path = std::path::Path::new(&dir).join("constants.ts");
    let text = client_constants();
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&path, &text).expect("the generated types folder is writable");
    }
    assert_eq!(std::fs::read_to_string(&path).expect("just written"), text);
}

/// The exchange's ladder as `schemas/test-vectors/ladder.json` gives it (the client's
/// `features/match/model/ladder.ts` is checked against the same file).
#[derive(Deserialize)]
struct LadderCases {
    count: usize,
    on: Vec<Price>,
    off: Vec<Price>,
    ticks: Vec<Tick>,
    round: Vec<Rounding>,
}

#[derive(Deserialize)]
struct Tick {
    price: Price,
    up: Option<Price>,
    down: Option<Price>,
}

#[derive(Deserialize)]
struct Rounding {
    price: Price,
    down: Price,
    up: Price,
}

#[test]
fn the_ladder_is_the_one_of_the_shared_case_file() {
    use ledger::book::ladder::{on_ladder, prices, round_to_ladder, tick_down, tick_up};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../schemas/test-vectors/ladder.json");
    let cases: LadderCases = serde_json::from_str(&std::fs::read_to_string(path).expect("the ladder's case file")).expect("the ladder's cases");
    assert_eq!(prices().count(), cases.count);
    assert!(cases.on.iter().all(|p| on_ladder(p.0)), "every price listed on the ladder is on it");
    assert!(cases.off.iter().all(|p| !on_ladder(p.0)), "every price listed off the ladder is off it");
    for tick in &cases.ticks {
        assert_eq!((tick_up(tick.price.0), tick_down(tick.price.0)), (tick.up.map(|p| p.0), tick.down.map(|p| p.0)), "ticks from {}", tick.price);
    }
    for rounding in &cases.round {
        assert_eq!((round_to_ladder(rounding.price.0, false), round_to_ladder(rounding.price.0, true)), (rounding.down.0, rounding.up.0), "{} rounded", rounding.price);
    }
}
