//! Racing's non-runners: a runner withdrawn before the off lapses the market's unmatched orders,
//! voids its own bets and reduces the others' prices by its reduction factor; exposure follows,
//! money is conserved, and the audit passes. Given/when/then, and a property test.

mod common;

use common::*;
use ledger::{audit, BetEvent, BetReject, Closed, Command, Envelope, Event, MemStore, OrderEvent, Persistence, Reject, SportsCommand, SportsEvent, State, Store};
use proptest::prelude::*;
use schemas::sports::{Market, MarketResult, MarketType, Side, REMOVED};
use schemas::Role;

const MID: u64 = 70;
const PLACE_MID: u64 = 71;

/// A six-runner win market on the exchange, minimum stake 1.00.
fn race() -> Market {
    Market { mname: "Win".into(), min: schemas::Money(100), ..market(MID, MarketType::Match, (1..=6).map(|sid| section(sid, 400, 420)).collect()) }
}

/// The same race's place market (house-booked yes/no per runner).
fn place() -> Market {
    Market { mname: "Place (top 2)".into(), min: schemas::Money(100), ..market(PLACE_MID, MarketType::Fancy1, (1..=6).map(|sid| section(sid, 200, 210)).collect()) }
}

/// `market` as the feed shows it once runner `sid` is withdrawn.
fn without(mut market: Market, sid: u32) -> Market {
    for section in market.section.iter_mut().filter(|s| s.sid == sid) {
        section.gstatus = REMOVED.into();
        section.odds.clear();
    }
    market
}

fn order(market: &Market, user_id: u64, request_id: &str, sid: u32, side: Side, price_h: u32, size_minor: i64) -> Command {
    let info = ledger::BetInfo { gtype: "match".into(), ..info(sid, side, price_h) };
    Command::Sports(SportsCommand::PlaceOrder { user_id, request_id: request_id.into(), market: market.clone(), delay: Default::default(), size_minor, persistence: Persistence::Lapse, info })
}

fn place_bet(user_id: u64, request_id: &str, sid: u32, side: Side, price_h: u32, stake_minor: i64) -> Command {
    let info = ledger::BetInfo { gtype: "fancy1".into(), ..info(sid, side, price_h) };
    Command::Sports(SportsCommand::PlaceBet { user_id, request_id: request_id.into(), market: place(), delay: Default::default(), stake_minor, info, accept_odds: Default::default() })
}

fn withdraw(mid: u64, sid: u32, factor_bp: u32) -> Command {
    Command::Sports(SportsCommand::WithdrawRunner { gmid: 500, mid, sid, reduction_factor_bp: factor_bp })
}

fn settle(market: Market, result: MarketResult) -> Command {
    Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: market.mid, result, market })
}

fn players(n: u64, balance_minor: i64) -> State {
    given((1..=n).flat_map(|id| [opened(id, &format!("p{id}"), Role::User), credited(id, balance_minor, balance_minor)]).collect())
}

/// Decides and applies `command`, appending its events to `store`.
fn run(store: &MemStore, state: &State, command: Command) -> (State, Vec<Event>) {
    let events = when(state, command).expect("accepted");
    let mut next = state.clone();
    let batch: Vec<Envelope> = events.iter().enumerate().map(|(i, event)| Envelope { seq: next.head_seq + 1 + i as u64, at_ms: T0, event: event.clone() }).collect();
    store.append(&batch).expect("memory store appends");
    for envelope in &batch {
        ledger::apply(&mut next, envelope);
    }
    (next, events)
}

/// A store holding the events that built `state` (the `given` ones), so the audit reads them all.
fn store_of(state: &State, events: Vec<Event>) -> MemStore {
    let store = MemStore::default();
    let batch: Vec<Envelope> = events.into_iter().enumerate().map(|(i, event)| Envelope { seq: i as u64 + 1, at_ms: T0, event }).collect();
    store.append(&batch).expect("memory store appends");
    assert_eq!(store.head(), state.head_seq);
    store
}

fn balance(state: &State, user: u64) -> i64 {
    state.accounts.users[&user].balance_minor
}

fn exposure(state: &State, user: u64) -> i64 {
    state.accounts.users[&user].exposure_minor
}

fn players_and_store(n: u64, balance_minor: i64) -> (State, MemStore) {
    let events: Vec<Event> = (1..=n).flat_map(|id| [opened(id, &format!("p{id}"), Role::User), credited(id, balance_minor, balance_minor)]).collect();
    let state = given(events.clone());
    let store = store_of(&state, events);
    (state, store)
}

#[test]
fn a_non_runner_lapses_the_markets_orders_voids_its_bets_and_reduces_the_others_prices() {
    let (state, store) = players_and_store(3, 1_000_000);
    // p1 lays runner 1 at 4.00 to p2's back; p1 backs runner 3 at 4.00 to p2's lay; p3 rests a lay.
    let (state, _) = run(&store, &state, order(&race(), 1, "l1", 1, Side::Lay, 400, 10_000));
    let (state, _) = run(&store, &state, order(&race(), 2, "b1", 1, Side::Back, 400, 10_000));
    let (state, _) = run(&store, &state, order(&race(), 2, "l3", 3, Side::Lay, 400, 10_000));
    let (state, _) = run(&store, &state, order(&race(), 1, "b3", 3, Side::Back, 400, 10_000));
    let (state, _) = run(&store, &state, order(&race(), 3, "rest", 2, Side::Lay, 500, 5_000));
    assert_eq!(exposure(&state, 3), 20_000, "an unmatched lay of 50 at 5.00 risks 200");
    // Runner 3 is withdrawn with a 25 % reduction factor.
    let (after, events) = run(&store, &state, withdraw(MID, 3, 2_500));
    let lapsed: Vec<_> = events.iter().filter(|e| matches!(e, Event::Exchange(OrderEvent::OrdersClosed { why: Closed::NonRunner, .. }))).collect();
    assert_eq!(lapsed.len(), 1, "p3's unmatched lay lapsed");
    assert!(matches!(events.last(), Some(Event::Sports(SportsEvent::RunnerWithdrawn { sid: 3, reduction_factor_bp: 2_500, .. }))));
    assert_eq!(exposure(&after, 3), 0);
    assert!(after.exchange.orders.is_empty(), "every unmatched order of the market lapsed");
    // The history projection's copies of the open bets are void or reduced like the state's.
    let (dir, again) = (tempfile::tempdir().expect("temp dir"), tempfile::tempdir().expect("temp dir"));
    let history = ledger::history::History::rebuild(dir.path(), &store).expect("rebuilds");
    history.compare(&ledger::history::History::rebuild(again.path(), &store).expect("rebuilds"), &after).expect("the history's bets are the state's");
    let reduced: Vec<_> = after.betting.bets.values().filter(|b| b.info.sid == 1).map(|b| b.payoff.clone()).collect();
    assert!(reduced.iter().all(|p| matches!(p, ledger::betting::Payoff::Decimal { odds_h: 300, .. })), "4.00 less 25 % is 3.00: {reduced:?}");
    assert!(after.betting.bets.values().filter(|b| b.info.sid == 3).all(|b| b.payoff == ledger::betting::Payoff::Void));
    // p2 backed runner 1 (now 3.00) for 100: wins 200 if it wins, loses 100 otherwise.
    assert_eq!(exposure(&after, 2), 10_000);
    assert_eq!(exposure(&after, 1), 20_000, "p1's lay of runner 1 now risks 200, not 300");
    // A bet or order on the non-runner is refused, naming it.
    let refused = when(&after, order(&without(race(), 3), 1, "again", 3, Side::Back, 400, 1_000));
    assert_eq!(refused, Err(Reject::Bets(BetReject::RunnerWithdrawn { runner: "Runner 3".into() })));
    assert_eq!(when(&after, withdraw(MID, 3, 2_500)), Err(Reject::Bets(BetReject::RunnerAlreadyWithdrawn)));
    // Runner 1 wins: p2's back pays at 3.00, the void bets return their stakes, less commission.
    let (settled, events) = run(&store, &after, settle(without(race(), 3), MarketResult::Winner { sid: 1 }));
    let voids: Vec<i64> = events.iter().filter_map(|e| if let Event::Bets(BetEvent::BetsSettled { bets, .. }) = e { Some(bets.clone()) } else { None }).flatten().filter(|(id, _)| state.betting.bets[id].info.sid == 3).map(|(_, pnl)| pnl).collect();
    assert_eq!(voids, vec![0, 0], "both sides of the void fill");
    assert_eq!(balance(&settled, 2), 1_000_000 + 20_000, "wins 200 at the reduced 3.00 (no commission set in this log)");
    assert_eq!(balance(&settled, 1), 1_000_000 - 20_000);
    assert_eq!(balance(&settled, 3), 1_000_000);
    let report = audit::verify(&store, Some(&settled)).expect("log verifies");
    assert!(report.passed(), "{report:?}");
}

#[test]
fn the_place_markets_bets_on_the_non_runner_are_void_and_the_others_reduced() {
    let (state, store) = players_and_store(1, 100_000);
    let (state, _) = run(&store, &state, place_bet(1, "p2", 2, Side::Back, 200, 10_000));
    let (state, _) = run(&store, &state, place_bet(1, "p4", 4, Side::Back, 200, 10_000));
    assert_eq!(exposure(&state, 1), 20_000);
    let (after, _) = run(&store, &state, withdraw(PLACE_MID, 4, 4_000));
    assert_eq!(exposure(&after, 1), 10_000, "the bet on the non-runner no longer risks its stake");
    let refused = when(&after, place_bet(1, "p4b", 4, Side::Back, 200, 10_000));
    assert!(matches!(refused, Err(Reject::Bets(BetReject::RunnerWithdrawn { .. }))), "{refused:?}");
    let (settled, _) = run(&store, &after, settle(without(place(), 4), MarketResult::Happened { sids: vec![2, 5] }));
    assert_eq!(balance(&settled, 1), 100_000 + 2_000, "2.00 less 40 % is 1.20: 100 wins 20; the void bet returns its stake");
    assert!(audit::verify(&store, Some(&settled)).expect("log verifies").passed());
}

#[test]
fn a_withdrawal_is_refused_after_the_result_with_a_factor_past_100_percent_and_for_a_casino_book() {
    let (state, store) = players_and_store(1, 100_000);
    assert_eq!(when(&state, withdraw(MID, 1, 10_001)), Err(Reject::Bets(BetReject::ReductionFactorOutOfRange)));
    assert_eq!(when(&state, withdraw(ledger::ids::CASINO_ID_BASE + 1, 1, 100)), Err(Reject::Bets(BetReject::UnknownMarket)));
    let (resulted, _) = run(&store, &state, settle(race(), MarketResult::Winner { sid: 2 }));
    assert_eq!(when(&resulted, withdraw(MID, 1, 1_000)), Err(Reject::Bets(BetReject::AlreadySettled)));
}

#[test]
fn a_withdrawal_with_no_bets_or_orders_is_recorded_and_a_small_factor_reduces_nothing() {
    let (state, store) = players_and_store(2, 100_000);
    let (after, events) = run(&store, &state, withdraw(MID, 6, 0));
    assert!(matches!(events.as_slice(), [Event::Sports(SportsEvent::RunnerWithdrawn { holders, .. })] if holders.is_empty()));
    let (after, _) = run(&store, &after, order(&without(race(), 6), 1, "l", 1, Side::Lay, 400, 10_000));
    let (after, _) = run(&store, &after, order(&without(race(), 6), 2, "b", 1, Side::Back, 400, 10_000));
    let (after, _) = run(&store, &after, withdraw(MID, 5, 200));
    assert!(after.betting.bets.values().all(|b| matches!(b.payoff, ledger::betting::Payoff::Decimal { odds_h: 400, .. })), "2 % is below the 2.5 % applied");
    assert!(audit::verify(&store, Some(&after)).expect("log verifies").passed());
}

#[test]
fn a_withdrawal_can_raise_a_dutchers_exposure_and_the_audit_still_counts_it_exactly() {
    // p1 backs every runner: runner 1 at 2.00 and 2 to 5 at 10.00 for 100 each, runner 6 at 50.00
    // for 20. The worst case is runner 1 winning: +100 - 420 = -320. Runner 6 withdrawn at 20 %:
    // its bet is void and runner 1 pays at 1.60, so runner 1 winning is +60 - 400 = -340.
    let (state, store) = players_and_store(2, 1_000_000);
    let mut state = state;
    for (sid, price, stake) in [(1, 200, 10_000), (2, 1_000, 10_000), (3, 1_000, 10_000), (4, 1_000, 10_000), (5, 1_000, 10_000), (6, 5_000, 2_000)] {
        (state, _) = run(&store, &state, order(&race(), 2, &format!("l{sid}"), sid, Side::Lay, price, stake));
        (state, _) = run(&store, &state, order(&race(), 1, &format!("b{sid}"), sid, Side::Back, price, stake));
    }
    assert_eq!(exposure(&state, 1), 32_000);
    let (after, _) = run(&store, &state, withdraw(MID, 6, 2_000));
    assert_eq!(exposure(&after, 1), 34_000, "a withdrawal can raise exposure (docs/racing.md)");
    assert!(audit::verify(&store, Some(&after)).expect("log verifies").passed());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Orders on a six-runner race, a runner withdrawn with any reduction factor, more orders,
    /// and a result: money is conserved (what the players won and lost nets to the commission
    /// charged), nobody's balance goes negative, every bet on the non-runner settles at 0, and
    /// the audit (exposure by brute force after every step, matched money, replay) passes.
    #[test]
    fn non_runners_conserve_money_and_void_the_withdrawn_runners_bets(
        before in prop::collection::vec((1u64..=4, 1u32..=6, any::<bool>(), 0usize..12, 1i64..50), 1..24),
        after in prop::collection::vec((1u64..=4, 1u32..=6, any::<bool>(), 0usize..12, 1i64..50), 0..12),
        withdrawn in 1u32..=6,
        factor_bp in 0u32..=10_000,
        winner_pick in 0usize..5,
    ) {
        const PRICES: [u32; 12] = [110, 150, 200, 250, 300, 400, 500, 700, 1_000, 1_500, 2_000, 5_000];
        let start = 10_000_000;
        let (mut state, store) = players_and_store(4, start);
        let step = |state: &State, market: &Market, (user, sid, back, price, size): (u64, u32, bool, usize, i64), n: usize| {
            let side = if back { Side::Back } else { Side::Lay };
            let command = order(market, user, &format!("o{n}"), sid, side, PRICES[price], size * 1_000);
            when(state, command.clone()).ok().map(|_| command)
        };
        for (n, o) in before.into_iter().enumerate() {
            if let Some(command) = step(&state, &race(), o, n) {
                state = run(&store, &state, command).0;
            }
        }
        let on_withdrawn: Vec<u64> = state.betting.bets.values().filter(|b| b.info.sid == withdrawn).map(|b| b.id).collect();
        state = run(&store, &state, withdraw(MID, withdrawn, factor_bp)).0;
        prop_assert!(state.exchange.orders.is_empty());
        let shown = without(race(), withdrawn);
        for (n, o) in after.into_iter().enumerate() {
            if o.1 == withdrawn {
                let refused = matches!(when(&state, order(&shown, o.0, "nr", o.1, Side::Back, 400, 1_000)), Err(Reject::Bets(BetReject::RunnerWithdrawn { .. })));
                prop_assert!(refused, "an order on the non-runner is refused");
                continue;
            }
            if let Some(command) = step(&state, &shown, o, 100 + n) {
                state = run(&store, &state, command).0;
            }
        }
        let runners: Vec<u32> = (1..=6).filter(|s| *s != withdrawn).collect();
        let (settled, events) = run(&store, &state, settle(shown, MarketResult::Winner { sid: runners[winner_pick] }));
        let mut commission = 0;
        for event in &events {
            match event {
                Event::Bets(BetEvent::BetsSettled { bets, .. }) => {
                    for (id, pnl) in bets {
                        if on_withdrawn.contains(id) {
                            prop_assert_eq!(*pnl, 0, "a bet on the non-runner is void");
                        }
                    }
                }
                Event::Bets(BetEvent::CommissionCharged { commission_minor, .. }) => commission += commission_minor,
                _ => {}
            }
        }
        let total: i64 = settled.accounts.users.values().map(|u| u.balance_minor).sum();
        prop_assert_eq!(total, 4 * start - commission, "money moved only between players, less commission");
        prop_assert!(settled.accounts.users.values().all(|u| u.balance_minor >= 0 && u.exposure_minor == 0));
        let report = audit::verify(&store, Some(&settled)).expect("log verifies");
        prop_assert!(report.passed(), "{:?}", report);
    }
}

#[test]
fn players_helper_builds_accounts() {
    assert_eq!(players(2, 5).accounts.users.len(), 2);
}
