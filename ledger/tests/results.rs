//! A result moves money only when it fits its market, whichever path brings it (the feed's
//! settlement, an operator's), and the audit names a logged result that does not.

mod common;

use common::*;
use ledger::sports::MarketShape;
use ledger::{audit, BetReject, Command, Envelope, Event, MarketAction, MemStore, OperatorCommand, Reject, SportsCommand, SportsEvent, Store};
use schemas::sports::{Market, MarketResult, MarketType, Side};
use schemas::Role;

fn settle(market: Market, result: MarketResult) -> Command {
    Command::Sports(SportsCommand::SettleMarket { gmid: market.gmid, mid: market.mid, result, market })
}

fn fancy1() -> Market {
    market(11, MarketType::Fancy1, vec![section(1, 180, 200), section(2, 250, 270)])
}

fn meter() -> Market {
    market(12, MarketType::Meter, vec![section(1, 4_400, 4_400)])
}

fn refused(wanted: &str) -> Result<Vec<Event>, Reject> {
    let wanted = match wanted {
        "winner" => "{\"kind\":\"winner\",\"sid\":N} naming one of its sections",
        "runs" => "{\"kind\":\"runs\",\"value\":N} with N at most 999",
        _ => "{\"kind\":\"happened\",\"sids\":[..]} naming its sections, each once",
    };
    Err(Reject::Bets(BetReject::ResultDoesNotFit(wanted)))
}

/// A player with a back bet on runner 1 of the match, a meter Yes at 44 and a fancy1 Yes.
fn with_bets() -> ledger::State {
    let state = given(vec![opened(1, "alice", Role::User), credited(1, 1_000_000, 1_000_000)]);
    let bet = |request: &str, market: Market, sid: u32, price_h: u32, stake_minor: i64| {
        let info = ledger::BetInfo { gtype: format!("{:?}", market.gtype).to_lowercase(), ..info(sid, Side::Back, price_h) };
        Command::Sports(SportsCommand::PlaceBet { user_id: 1, request_id: request.into(), market, delay: ledger::BetDelay::default(), stake_minor, info, accept_odds: Default::default() })
    };
    let state = then_apply(&state, bet("m", match_odds(), 1, 185, 10_000));
    let state = then_apply(&state, bet("r", meter(), 1, 4_400, 10_000));
    then_apply(&state, bet("f", fancy1(), 1, 180, 10_000))
}

#[test]
fn a_result_that_names_nothing_the_market_has_is_refused_and_moves_nothing() {
    let state = with_bets();
    assert_eq!(when(&state, settle(match_odds(), MarketResult::Winner { sid: 999 })), refused("winner"));
    assert_eq!(when(&state, settle(meter(), MarketResult::Runs { value: u32::MAX })), refused("runs"));
    assert_eq!(when(&state, settle(meter(), MarketResult::Runs { value: 1_000 })), refused("runs"));
    assert_eq!(when(&state, settle(fancy1(), MarketResult::Happened { sids: vec![999, 1_000] })), refused("happened"));
    assert_eq!(when(&state, settle(fancy1(), MarketResult::Happened { sids: vec![1, 1] })), refused("happened"));
    // A result of another market type's kind.
    assert_eq!(when(&state, settle(match_odds(), MarketResult::Runs { value: 1 })), refused("winner"));
    assert_eq!(when(&state, settle(meter(), MarketResult::Winner { sid: 1 })), refused("runs"));
    // The market it is checked against is the one it settles.
    let elsewhere = Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 99, result: MarketResult::Winner { sid: 1 }, market: match_odds() });
    assert_eq!(when(&state, elsewhere), Err(Reject::Bets(BetReject::UnknownMarket)));
}

#[test]
fn every_market_type_takes_its_own_results_and_a_void() {
    let state = with_bets();
    let settled = when(&state, settle(match_odds(), MarketResult::Winner { sid: 3 })).expect("settles");
    assert_eq!(history_rows(&settled, 1, ledger::history::RowKind::Settlement).len(), 1);
    then_apply(&state, settle(meter(), MarketResult::Runs { value: 999 }));
    then_apply(&state, settle(fancy1(), MarketResult::Happened { sids: vec![2] }));
    then_apply(&state, settle(fancy1(), MarketResult::Happened { sids: vec![] }));
    for market in [match_odds(), meter(), fancy1()] {
        then_apply(&state, settle(market, MarketResult::Void));
    }
    let recorded = when(&state, settle(match_odds(), MarketResult::Winner { sid: 2 })).expect("fits");
    assert_eq!(
        recorded[0],
        Event::Sports(SportsEvent::MarketResulted { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 2 }, market: Some(MarketShape { gtype: MarketType::Match, sids: vec![1, 2, 3] }) })
    );
}

#[test]
fn an_operators_settlement_is_checked_against_the_market_too() {
    let state = given(vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000), opened(2, "ops", Role::Operator)]);
    let act = |result: MarketResult, market: Option<Market>| {
        Command::Oversight(OperatorCommand::OperatorMarket { by: 2, gmid: 500, mid: Some(7), action: MarketAction::Settle { result }, remark: "by hand".into(), market })
    };
    assert_eq!(when(&state, act(MarketResult::Winner { sid: 999 }, Some(match_odds()))), refused("winner"));
    assert_eq!(when(&state, act(MarketResult::Winner { sid: 1 }, None)), Err(Reject::Bets(BetReject::UnknownMarket)));
    assert!(when(&state, act(MarketResult::Winner { sid: 1 }, Some(match_odds()))).is_ok());
}

#[test]
fn the_audit_names_a_logged_result_that_does_not_fit_its_market() {
    let start = vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000)];
    let placed = when(&given(start.clone()), Command::Sports(SportsCommand::PlaceBet {
        user_id: 1,
        request_id: "m".into(),
        market: match_odds(),
        delay: ledger::BetDelay::default(),
        stake_minor: 10_000,
        info: info(1, Side::Back, 185),
        accept_odds: Default::default(),
    }))
    .expect("placed");
    let audited = |forged: Event| {
        let events: Vec<Event> = start.iter().cloned().chain(placed.iter().cloned()).chain([forged]).collect();
        let batch: Vec<Envelope> = events.into_iter().enumerate().map(|(i, event)| Envelope { seq: i as u64 + 1, at_ms: T0, event }).collect();
        let store = MemStore::default();
        store.append(&batch).expect("appends");
        audit::verify(&store, None).expect("reads")
    };
    let check = "every result fits its market (a winner among its runners, runs in range, sections it has)";
    let failures = |report: &schemas::AuditReport| report.checks.iter().find(|c| c.name == check).expect("checked").failures.clone();
    // Recorded with the market it was checked against: runs out of range.
    let meter = Some(MarketShape { gtype: MarketType::Meter, sids: vec![1] });
    let report = audited(Event::Sports(SportsEvent::MarketResulted { gmid: 500, mid: 12, result: MarketResult::Runs { value: u32::MAX }, market: meter }));
    assert_eq!(failures(&report).len(), 1, "{report:?}");
    assert!(failures(&report)[0].starts_with("seq 4: market 12"), "{report:?}");
    // A record without its market (as older logs hold them): a winner that none of the open
    // bets' runners is.
    let report = audited(Event::Sports(SportsEvent::MarketResulted { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 999 }, market: None }));
    assert!(failures(&report).len() == 1 && failures(&report)[0].starts_with("seq 4: market 7"), "{report:?}");
    // A result that fits passes this check.
    let report = audited(Event::Sports(SportsEvent::MarketResulted { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 2 }, market: None }));
    assert!(failures(&report).is_empty(), "{report:?}");
}
