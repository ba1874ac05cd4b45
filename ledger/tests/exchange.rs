//! The exchange: orders matched against each other on match-odds markets (price-time priority,
//! best execution, no self-match), unmatched orders that rest, cancel, move and lapse, and
//! exposure that counts them. Given/when/then, and a property test against a brute-force
//! matcher.

mod common;

use common::*;
use ledger::book::ladder;
use ledger::{AccountReject, BetDelay, BetEvent, BetReject, Closed, Command, Event, ExchangeCommand, OrderEvent, OrderReject, Persistence, Reject, SportsCommand, State};
use proptest::prelude::*;
use schemas::sports::{Market, MarketResult, MarketType, Side};
use schemas::Role;
use std::collections::BTreeMap;

const MID: u64 = 7;

/// The match odds of the common tests, with a minimum stake of 1.00 so small orders rest.
fn exchange_market() -> Market {
    Market { min: schemas::Money(100), ..match_odds() }
}

fn order(user_id: u64, request_id: &str, sid: u32, side: Side, price_h: u32, size_minor: i64) -> Command {
    order_on(exchange_market(), user_id, request_id, sid, side, price_h, size_minor, Persistence::Lapse, false)
}

#[allow(clippy::too_many_arguments)]
fn order_on(market: Market, user_id: u64, request_id: &str, sid: u32, side: Side, price_h: u32, size_minor: i64, persistence: Persistence, in_play: bool) -> Command {
    let delay = BetDelay { in_play, ms_per_sec: 0 };
    Command::Sports(SportsCommand::PlaceOrder { user_id, request_id: request_id.into(), market, delay, size_minor, persistence, info: info(sid, side, price_h) })
}

fn cancel(user_id: u64, order_id: u64, size_minor: Option<i64>) -> Command {
    Command::Exchange(ExchangeCommand::CancelOrder { user_id, order_id, size_minor })
}

fn replace(user_id: u64, order_id: u64, price_h: u32) -> Command {
    Command::Sports(SportsCommand::ReplaceOrder { user_id, order_id, price_h, request_id: format!("move-{order_id}-{price_h}"), market: exchange_market(), delay: BetDelay::default(), requested_at_ms: 0 })
}

fn settle(winner: u32) -> Command {
    Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: MID, result: MarketResult::Winner { sid: winner }, market: match_odds() })
}

/// Users 1 to `n`, each with `balance_minor`.
fn players(n: u64, balance_minor: i64) -> State {
    given((1..=n).flat_map(|id| [opened(id, &format!("p{id}"), Role::User), credited(id, balance_minor, balance_minor)]).collect())
}

/// Decides and applies, returning the events too.
fn run(state: &State, command: Command) -> (State, Vec<Event>) {
    let events = when(state, command).expect("accepted");
    let mut next = state.clone();
    for event in &events {
        let seq = next.head_seq + 1;
        ledger::apply(&mut next, &ledger::Envelope { seq, at_ms: T0, event: event.clone() });
    }
    (next, events)
}

/// The fills in `events`: (back user, lay user, price, size), from each pair of bets.
fn fills(events: &[Event]) -> Vec<(u64, u64, u32, i64)> {
    let bets: Vec<_> = events.iter().filter_map(|e| if let Event::Bets(BetEvent::BetPlaced { user_id, info, stake_minor, .. }) = e { Some((*user_id, info.side, info.price_h, *stake_minor)) } else { None }).collect();
    bets.chunks(2)
        .map(|pair| {
            let (back, lay) = if pair[0].1 == Side::Back { (pair[0], pair[1]) } else { (pair[1], pair[0]) };
            assert_eq!((back.2, back.3), (lay.2, lay.3), "both sides of a fill at one price and size");
            (back.0, lay.0, back.2, back.3)
        })
        .collect()
}

fn placed(events: &[Event]) -> (u64, i64, i64) {
    events
        .iter()
        .find_map(|e| if let Event::Exchange(OrderEvent::OrderPlaced { order_id, matched_minor, self_match_minor, .. }) = e { Some((*order_id, *matched_minor, *self_match_minor)) } else { None })
        .expect("an order placed")
}

fn exposure(state: &State, user: u64) -> i64 {
    state.accounts.users[&user].exposure_minor
}

#[test]
fn an_order_with_nothing_to_match_rests_and_its_liability_is_exposure() {
    let state = players(1, 100_000);
    let (after, events) = run(&state, order(1, "r1", 1, Side::Lay, 250, 10_000));
    assert_eq!(placed(&events), (1, 0, 0));
    assert!(fills(&events).is_empty());
    assert_eq!(exposure(&after, 1), 15_000, "a lay of 100 at 2.50 risks 150 if it is matched");
    assert_eq!(after.exchange.depth(MID, 1, Side::Lay), vec![(250, 10_000)]);
}

#[test]
fn a_back_matches_resting_lays_at_their_better_price() {
    let state = players(2, 100_000);
    let (state, _) = run(&state, order(1, "lay", 1, Side::Lay, 210, 10_000));
    let (after, events) = run(&state, order(2, "back", 1, Side::Back, 200, 10_000));
    assert_eq!(fills(&events), vec![(2, 1, 210, 10_000)], "matched at the resting 2.10, better than the 2.00 asked");
    assert!(after.exchange.orders.is_empty());
    assert_eq!(exposure(&after, 1), 11_000, "the layer's liability at 2.10");
    assert_eq!(exposure(&after, 2), 10_000, "the backer's stake");
    let (settled, _) = run(&after, settle(1));
    assert_eq!(settled.accounts.users[&2].balance_minor, 111_000, "the back's profit …");
    assert_eq!(settled.accounts.users[&1].balance_minor, 89_000, "… is the lay's liability");
    assert_eq!((exposure(&settled, 1), exposure(&settled, 2)), (0, 0));
}

#[test]
fn a_taker_goes_through_three_price_levels_from_two_makers_best_price_then_oldest_first() {
    let state = players(3, 1_000_000);
    let (state, _) = run(&state, order(1, "a", 1, Side::Lay, 200, 5_000));
    let (state, _) = run(&state, order(2, "b", 1, Side::Lay, 204, 5_000));
    let (state, _) = run(&state, order(1, "c", 1, Side::Lay, 204, 5_000));
    let (state, _) = run(&state, order(2, "d", 1, Side::Lay, 202, 5_000));
    let (after, events) = run(&state, order(3, "take", 1, Side::Back, 200, 17_000));
    assert_eq!(fills(&events), vec![(3, 2, 204, 5_000), (3, 1, 204, 5_000), (3, 2, 202, 5_000), (3, 1, 200, 2_000)]);
    assert_eq!(placed(&events), (5, 17_000, 0), "the order takes the next id, its fills the ones after");
    assert_eq!(after.exchange.depth(MID, 1, Side::Lay), vec![(200, 3_000)], "what is left of the last level");
}

#[test]
fn a_lay_matches_resting_backs_lowest_first_and_the_rest_rests() {
    let state = players(2, 1_000_000);
    let (state, _) = run(&state, order(1, "a", 2, Side::Back, 300, 4_000));
    let (state, _) = run(&state, order(1, "b", 2, Side::Back, 290, 4_000));
    let (after, events) = run(&state, order(2, "lay", 2, Side::Lay, 300, 10_000));
    assert_eq!(fills(&events), vec![(1, 2, 290, 4_000), (1, 2, 300, 4_000)]);
    assert_eq!(after.exchange.depth(MID, 2, Side::Back), vec![]);
    assert_eq!(after.exchange.depth(MID, 2, Side::Lay), vec![(300, 2_000)]);
}

#[test]
fn an_order_never_matches_its_owners_orders_and_its_crossing_rest_is_cancelled() {
    let state = players(2, 1_000_000);
    let (state, _) = run(&state, order(1, "own", 1, Side::Lay, 220, 5_000));
    let (state, _) = run(&state, order(2, "other", 1, Side::Lay, 210, 3_000));
    let (after, events) = run(&state, order(1, "back", 1, Side::Back, 200, 10_000));
    assert_eq!(fills(&events), vec![(1, 2, 210, 3_000)], "passes over its own lay at 2.20");
    assert_eq!(placed(&events), (3, 3_000, 7_000), "the rest would cross its own lay: cancelled, not rested");
    assert_eq!(after.exchange.depth(MID, 1, Side::Back), vec![]);
    assert_eq!(after.exchange.depth(MID, 1, Side::Lay), vec![(220, 5_000)]);
}

#[test]
fn exposure_counts_unmatched_orders_and_an_order_the_balance_cannot_cover_is_refused() {
    let state = players(1, 20_000);
    let (state, _) = run(&state, order(1, "a", 1, Side::Back, 200, 15_000));
    assert_eq!(exposure(&state, 1), 15_000);
    let refused = when(&state, order(1, "b", 2, Side::Back, 300, 10_000));
    assert_eq!(refused, Err(Reject::Accounts(AccountReject::InsufficientBalance { available_minor: 5_000, needed_minor: 10_000 })));
    // Backs on two runners lose both stakes only if a third wins: 25,000 > 20,000. A back of the
    // same runner at a lay's worth is what hedges.
    let (hedged, _) = run(&state, order(1, "c", 1, Side::Lay, 190, 15_000));
    assert_eq!(exposure(&hedged, 1), 15_000, "an unmatched lay does not offset an unmatched back: either may match alone");
}

#[test]
fn cancel_releases_exposure_at_once_whole_or_in_part() {
    let state = players(1, 100_000);
    let (state, _) = run(&state, order(1, "a", 1, Side::Back, 200, 10_000));
    let (part, events) = run(&state, cancel(1, 1, Some(4_000)));
    assert!(matches!(&events[..], [Event::Exchange(OrderEvent::OrdersClosed { orders, why: Closed::Cancelled, .. })] if orders == &vec![(1, 4_000)]));
    assert_eq!(exposure(&part, 1), 6_000);
    assert_eq!(part.exchange.orders[&1].unmatched_minor, 6_000);
    let (whole, _) = run(&part, cancel(1, 1, None));
    assert_eq!(exposure(&whole, 1), 0);
    assert!(whole.exchange.orders.is_empty() && whole.exchange.markets.is_empty());
    assert!(whole.accounts.users[&1].book_exposure.is_empty(), "nothing left of the book on the account");
}

#[test]
fn bad_cancels_are_refused() {
    let state = players(2, 100_000);
    let (state, _) = run(&state, order(1, "a", 1, Side::Back, 200, 10_000));
    assert_eq!(when(&state, cancel(2, 1, None)), Err(Reject::Exchange(OrderReject::UnknownOrder)), "someone else's order");
    assert_eq!(when(&state, cancel(1, 99, None)), Err(Reject::Exchange(OrderReject::UnknownOrder)));
    assert_eq!(when(&state, cancel(1, 1, Some(0))), Err(Reject::Exchange(OrderReject::CancelSizeInvalid { unmatched_minor: 10_000 })));
    assert_eq!(when(&state, cancel(1, 1, Some(10_001))), Err(Reject::Exchange(OrderReject::CancelSizeInvalid { unmatched_minor: 10_000 })));
    let (cancelled, _) = run(&state, cancel(1, 1, None));
    assert_eq!(when(&cancelled, cancel(1, 1, None)), Err(Reject::Exchange(OrderReject::UnknownOrder)), "cancelled twice");
    let (matched, _) = run(&state, order(2, "lay", 1, Side::Lay, 200, 10_000));
    assert_eq!(when(&matched, cancel(1, 1, None)), Err(Reject::Exchange(OrderReject::UnknownOrder)), "a matched order has nothing to cancel");
    assert_eq!(when(&matched, Command::Exchange(ExchangeCommand::CancelMarket { user_id: 1, mid: MID })), Err(Reject::Exchange(OrderReject::NothingToCancel)));
}

#[test]
fn replace_moves_the_rest_to_a_new_price_behind_the_queue_and_may_match() {
    let state = players(3, 1_000_000);
    let (state, _) = run(&state, order(1, "a", 1, Side::Lay, 200, 5_000));
    let (state, _) = run(&state, order(2, "b", 1, Side::Lay, 202, 5_000));
    let (moved, events) = run(&state, replace(1, 1, 202));
    assert!(matches!(&events[0], Event::Exchange(OrderEvent::OrdersClosed { why: Closed::Replaced, .. })));
    let (new_id, _, _) = placed(&events);
    assert_eq!(moved.exchange.depth(MID, 1, Side::Lay), vec![(202, 10_000)]);
    let (after, events) = run(&moved, order(3, "take", 1, Side::Back, 202, 6_000));
    assert_eq!(fills(&events), vec![(3, 2, 202, 5_000), (3, 1, 202, 1_000)], "the moved order queues behind the one already at 2.02");
    assert_eq!(after.exchange.orders[&new_id].unmatched_minor, 4_000);
    assert_eq!(when(&after, replace(1, new_id, 202)), Err(Reject::Exchange(OrderReject::SamePrice)));
    assert_eq!(when(&after, replace(1, 1, 204)), Err(Reject::Exchange(OrderReject::UnknownOrder)), "the replaced order is gone");
}

#[test]
fn at_in_play_lapse_orders_lapse_and_keep_orders_stay() {
    let state = players(1, 1_000_000);
    let (state, _) = run(&state, order_on(exchange_market(), 1, "a", 1, Side::Back, 200, 5_000, Persistence::Lapse, false));
    let (state, _) = run(&state, order_on(exchange_market(), 1, "b", 2, Side::Back, 300, 5_000, Persistence::Keep, false));
    let (after, events) = run(&state, Command::Exchange(ExchangeCommand::TurnInPlay { gmid: 500 }));
    assert!(matches!(&events[..], [Event::Exchange(OrderEvent::OrdersClosed { orders, why: Closed::LapsedInPlay, .. })] if orders == &vec![(1, 5_000)]));
    assert_eq!(after.exchange.orders.keys().copied().collect::<Vec<_>>(), vec![2]);
    assert_eq!(exposure(&after, 1), 5_000);
    let (in_play, _) = run(&after, order_on(exchange_market(), 1, "c", 3, Side::Back, 400, 5_000, Persistence::Lapse, true));
    assert_eq!(when(&in_play, Command::Exchange(ExchangeCommand::TurnInPlay { gmid: 500 })).map(|e| e.len()), Ok(0), "an order placed in play does not lapse at in-play");
}

#[test]
fn settlement_lapses_unmatched_orders_and_settles_the_matched_bets() {
    let state = players(2, 1_000_000);
    let (state, _) = run(&state, order(1, "a", 1, Side::Lay, 250, 10_000));
    let (state, _) = run(&state, order(2, "b", 1, Side::Back, 250, 4_000));
    let (state, _) = run(&state, order(2, "c", 2, Side::Back, 300, 7_000));
    let (after, events) = run(&state, settle(1));
    let lapsed: Vec<_> = events.iter().filter_map(|e| if let Event::Exchange(OrderEvent::OrdersClosed { user_id, orders, why: Closed::LapsedAtResult, .. }) = e { Some((*user_id, orders.clone())) } else { None }).collect();
    assert_eq!(lapsed, vec![(1, vec![(1, 6_000)]), (2, vec![(5, 7_000)])], "order 2 matched whole (its bets are 3 and 4)");
    assert!(after.exchange.orders.is_empty() && after.exchange.markets.is_empty());
    assert_eq!(after.accounts.users[&2].balance_minor, 1_006_000);
    assert_eq!(after.accounts.users[&1].balance_minor, 994_000);
    assert_eq!((exposure(&after, 1), exposure(&after, 2)), (0, 0));
    assert!(after.accounts.users.values().all(|u| u.book_exposure.is_empty() && u.book_win_max.is_empty()));
}

#[test]
fn orders_are_refused_off_the_ladder_off_the_exchange_and_on_a_suspended_market() {
    let state = players(1, 1_000_000);
    assert_eq!(when(&state, order(1, "a", 1, Side::Back, 201, 5_000)), Err(Reject::Exchange(OrderReject::OffLadder { nearest: "2.00 and 2.02".into() })));
    assert_eq!(when(&state, order(1, "a", 1, Side::Back, 100, 5_000)), Err(Reject::Exchange(OrderReject::OffLadder { nearest: "1.01 and 1.01".into() })));
    let bookmaker = market(MID, MarketType::Match1, match_odds().section);
    assert_eq!(when(&state, order_on(bookmaker, 1, "b", 1, Side::Back, 200, 5_000, Persistence::Lapse, false)), Err(Reject::Exchange(OrderReject::NotAnExchangeMarket)));
    let mut suspended = match_odds();
    suspended.status = "SUSPENDED".into();
    assert_eq!(when(&state, order_on(suspended, 1, "c", 1, Side::Back, 200, 5_000, Persistence::Lapse, false)), Err(Reject::Bets(BetReject::MarketNotOpen { status: "SUSPENDED".into() })));
    assert_eq!(when(&state, order(1, "d", 9, Side::Back, 200, 5_000)), Err(Reject::Bets(BetReject::UnknownSelection)));
    assert_eq!(when(&state, order_on(match_odds(), 1, "e", 1, Side::Back, 200, 9_999, Persistence::Lapse, false)), Err(Reject::Bets(BetReject::StakeOutOfLimits { min_minor: 10_000, max_minor: 1_000_000 })), "below the market's minimum");
}

#[test]
fn an_operator_cancels_an_accounts_orders_with_a_remark() {
    let mut state = players(1, 1_000_000);
    state = ledger_with(state, opened(9, "op", Role::Operator));
    let (state, _) = run(&state, order(1, "a", 1, Side::Back, 200, 5_000));
    let action = ledger::OperatorCommand::Operator { by: 9, username: "p1".into(), action: ledger::AccountAction::CancelOrders { mid: None }, remark: "suspected bot".into() };
    let (after, events) = run(&state, Command::Oversight(action.clone()));
    assert!(matches!(&events[1], Event::Exchange(OrderEvent::OrdersClosed { why: Closed::ByOperator, .. })));
    assert_eq!(exposure(&after, 1), 0);
    assert!(when(&after, Command::Oversight(action)).is_err(), "nothing left to cancel");
}

fn with_commission(state: &State, rate_bp: u32) -> State {
    run(state, Command::Exchange(ExchangeCommand::SetCommission { rate_bp })).0
}

fn commissions(events: &[Event]) -> Vec<(u64, i64, i64)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Bets(BetEvent::CommissionCharged { user_id, net_winnings_minor, commission_minor, .. }) => Some((*user_id, *net_winnings_minor, *commission_minor)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_winner_pays_commission_on_its_net_winnings_and_the_loser_pays_none() {
    let state = with_commission(&players(2, 100_000), 500);
    let (state, _) = run(&state, order(1, "lay", 1, Side::Lay, 300, 10_000));
    let (state, _) = run(&state, order(2, "back", 1, Side::Back, 300, 10_000));
    let (after, events) = run(&state, settle(1));
    assert_eq!(commissions(&events), vec![(2, 20_000, 1_000)], "5 % of the 200.00 won, nothing from the layer who lost");
    assert_eq!(after.accounts.users[&2].balance_minor, 100_000 + 20_000 - 1_000);
    assert_eq!(after.accounts.users[&1].balance_minor, 100_000 - 20_000);
    let day = ledger::betting::day_of(T0);
    assert_eq!(after.betting.totals.commission_by_day.get(&day), Some(&1_000), "the house's commission of the day");
    let house = ledger::house::figures(&after, T0, 1);
    assert_eq!(house.commission_by_day, vec![(day, 1_000)]);
    assert_eq!(house.pnl_by_day, vec![(day, 1_000)], "players won and lost 200.00 between them: the house keeps the commission");
}

#[test]
fn losses_offset_wins_within_the_market_and_a_net_loss_pays_nothing() {
    let state = with_commission(&players(3, 1_000_000), 500);
    // Player 3 backs runner 1 at 3.00 and runner 2 at 2.00, 100.00 each, against players 1 and 2.
    let (state, _) = run(&state, order(1, "l1", 1, Side::Lay, 300, 10_000));
    let (state, _) = run(&state, order(2, "l2", 2, Side::Lay, 200, 10_000));
    let (state, _) = run(&state, order(3, "b1", 1, Side::Back, 300, 10_000));
    let (state, _) = run(&state, order(3, "b2", 2, Side::Back, 200, 10_000));
    let (_, events) = run(&state, settle(1));
    assert_eq!(commissions(&events), vec![(2, 10_000, 500), (3, 10_000, 500)], "runner 1 wins: player 3 won 200.00 and lost 100.00, net 100.00; player 2's lay won 100.00");
    let (_, events) = run(&state, settle(2));
    assert_eq!(commissions(&events), vec![(1, 10_000, 500)], "runner 2 wins: player 3 won 100.00 and lost 100.00, net nothing; player 1's lay won 100.00");
}

#[test]
fn the_commission_rate_is_set_in_range_and_only_when_it_changes() {
    let state = players(1, 0);
    assert_eq!(state.exchange.commission_bp, 0, "none until the server sets it");
    let state = with_commission(&state, 500);
    assert_eq!(state.exchange.commission_bp, 500);
    assert_eq!(when(&state, Command::Exchange(ExchangeCommand::SetCommission { rate_bp: 500 })), Err(Reject::Exchange(OrderReject::CommissionUnchanged { rate_bp: 500 })));
    assert_eq!(when(&state, Command::Exchange(ExchangeCommand::SetCommission { rate_bp: 10_001 })), Err(Reject::Exchange(OrderReject::CommissionOutOfRange { max_bp: 10_000 })));
    assert_eq!(ledger::book::decide::commission_minor(12_345, 500), 617, "rounded down: 617.25");
    assert_eq!(ledger::book::decide::commission_minor(-5_000, 500), 0);
}

fn cash_out_on(market: Market, user_id: u64, share_bp: u32, asked_value_minor: Option<i64>) -> Command {
    let delay = BetDelay::default();
    Command::Sports(SportsCommand::CashOut { user_id, request_id: format!("cash-{share_bp}-{asked_value_minor:?}"), market, delay, share_bp, asked_value_minor, info: info(0, Side::Back, 0) })
}

fn cash_out(user_id: u64, share_bp: u32, asked_value_minor: Option<i64>) -> Command {
    cash_out_on(exchange_market(), user_id, share_bp, asked_value_minor)
}

/// The user's matched P/L per runner of the book.
fn pnl(state: &State, user: u64) -> Vec<i64> {
    state.accounts.users[&user].book_pnl.get(&ledger::BookKey { mid: MID, scope: 0 }).cloned().unwrap_or_default()
}

/// Player 3 backs runner 1 for 100.00 at 3.00 (matched against player 1); player 2 then rests
/// backs on runner 1 at 2.00 (to lay into) and lays on runner 2 at 1.90 (to back into).
fn backed_at_three() -> State {
    let state = players(3, 1_000_000);
    let (state, _) = run(&state, order(1, "l", 1, Side::Lay, 300, 10_000));
    let (state, _) = run(&state, order(3, "b", 1, Side::Back, 300, 10_000));
    let (state, _) = run(&state, order(2, "rb", 1, Side::Back, 200, 50_000));
    run(&state, order(2, "rl", 2, Side::Lay, 190, 50_000)).0
}

#[test]
fn cash_out_lays_the_winner_at_the_best_price_and_the_pnl_is_equal_on_every_runner() {
    let state = backed_at_three();
    assert_eq!(pnl(&state, 3), vec![20_000, -10_000, -10_000]);
    let (after, events) = run(&state, cash_out(3, 10_000, Some(5_000)));
    assert_eq!(fills(&events), vec![(2, 3, 200, 15_000)], "a lay of 150.00 at 2.00 against player 2's back: 300.00 / 2.00");
    assert_eq!(pnl(&after, 3), vec![5_000, 5_000, 5_000], "50.00 whoever wins");
    assert_eq!(exposure(&after, 3), 0, "nothing left to lose");
    let placed = events.iter().filter(|e| matches!(e, Event::Exchange(OrderEvent::OrderPlaced { matched_minor, size_minor, .. }) if matched_minor == size_minor)).count();
    assert_eq!(placed, 1, "one fill-or-kill order, all of it matched");
    assert!(after.exchange.orders.values().all(|o| o.user_id != 3), "nothing of it rests");
    assert_eq!(when(&after, cash_out(3, 10_000, None)), Err(Reject::Exchange(OrderReject::NothingToCashOut)), "already green");
}

#[test]
fn a_partial_cash_out_hedges_its_share_of_the_position() {
    let (after, events) = run(&backed_at_three(), cash_out(3, 5_000, None));
    assert_eq!(fills(&events), vec![(2, 3, 200, 7_500)], "half of the lay");
    assert_eq!(pnl(&after, 3), vec![12_500, -2_500, -2_500], "halfway from (200, -100) to (50, 50)");
}

#[test]
fn cash_out_is_refused_whole_when_the_book_moved_or_cannot_take_it() {
    let state = backed_at_three();
    assert_eq!(when(&state, cash_out(3, 10_000, Some(5_001))), Err(Reject::Exchange(OrderReject::CashOutBelowAsked { value_minor: 5_000, asked_minor: 5_001 })), "the player was shown more");
    let (thin, _) = run(&state, cancel(2, 5, Some(45_000)));
    assert_eq!(when(&thin, cash_out(3, 10_000, None)), Err(Reject::Exchange(OrderReject::NotEnoughToCashOut)), "50.00 left at 2.00 cannot take 150.00, and backing runner 2 or 3 cannot equalise alone");
    assert_eq!(when(&state, cash_out(1, 10_000, None)), Err(Reject::Exchange(OrderReject::NotEnoughToCashOut)), "the layer would back runner 1 or lay 2 and 3: nobody offers those");
    assert_eq!(when(&state, cash_out(2, 10_000, None)), Err(Reject::Exchange(OrderReject::NoPosition)), "unmatched orders are no position");
    for share in [0, 10_001] {
        assert_eq!(when(&state, cash_out(3, share, None)), Err(Reject::Exchange(OrderReject::CashOutShareInvalid)));
    }
    let mut suspended = exchange_market();
    suspended.status = "SUSPENDED".into();
    assert_eq!(when(&state, cash_out_on(suspended, 3, 10_000, None)), Err(Reject::Bets(BetReject::MarketNotOpen { status: "SUSPENDED".into() })));
}

#[test]
fn on_three_runners_cash_out_backs_the_others_up_to_the_runner_it_leaves() {
    let state = players(3, 1_000_000);
    // Player 3 lays runner 1 for 100.00 at 2.00: +100 if 2 or 3 wins, -100 if 1 wins.
    let (state, _) = run(&state, order(1, "b", 1, Side::Back, 200, 10_000));
    let (state, _) = run(&state, order(3, "l", 1, Side::Lay, 200, 10_000));
    // Liquidity: lays to back into on runner 1 at 2.10, and on runners 2 and 3.
    let (state, _) = run(&state, order(2, "a", 1, Side::Lay, 210, 100_000));
    let (state, _) = run(&state, order(2, "b2", 2, Side::Lay, 300, 100_000));
    let (state, _) = run(&state, order(2, "b3", 3, Side::Lay, 600, 100_000));
    let before = pnl(&state, 3);
    let (after, _) = run(&state, cash_out(3, 10_000, None));
    let now = pnl(&after, 3);
    let (least, most) = (now.iter().min().copied().unwrap_or_default(), now.iter().max().copied().unwrap_or_default());
    assert!(most - least <= 3, "equal within the rounding of a stake: {now:?} from {before:?}");
    assert!(least > -10_000, "better than the worst it had: {now:?}");
}

fn two_runners() -> Market {
    let mut market = exchange_market();
    market.section.truncate(2);
    market
}

fn order2(user_id: u64, request_id: &str, sid: u32, side: Side, price_h: u32, size_minor: i64) -> Command {
    order_on(two_runners(), user_id, request_id, sid, side, price_h, size_minor, Persistence::Lapse, false)
}

/// The (user, bet's payoff, stake, price shown) of each bet in `events`.
fn bets_of(events: &[Event]) -> Vec<(u64, ledger::betting::Payoff, i64, u32)> {
    events.iter().filter_map(|e| if let Event::Bets(BetEvent::BetPlaced { user_id, payoff, stake_minor, info, .. }) = e { Some((*user_id, payoff.clone(), *stake_minor, info.price_h)) } else { None }).collect()
}

#[test]
fn on_two_runners_a_back_of_one_matches_a_back_of_the_other_when_their_prices_imply_each_other() {
    let state = players(2, 100_000);
    let (state, _) = run(&state, order2(1, "b2", 2, Side::Back, 200, 10_000));
    let (after, events) = run(&state, order2(2, "b1", 1, Side::Back, 200, 10_000));
    let decimal = |side| ledger::betting::Payoff::Decimal { sid: 2, odds_h: 200, side };
    assert_eq!(bets_of(&events), vec![(1, decimal(Side::Back), 10_000, 200), (2, decimal(Side::Lay), 10_000, 200)], "1/2.00 + 1/2.00 = 1: the back of runner 1 is a lay of runner 2 at 2.00");
    assert_eq!(pnl(&after, 2), vec![10_000, -10_000], "player 2 has what it asked: a back of runner 1 for 100.00 at 2.00");
    assert_eq!(pnl(&after, 1), vec![-10_000, 10_000]);
    assert_eq!(placed(&events).1, 10_000, "all of it matched");
    assert!(after.exchange.orders.is_empty());
}

#[test]
fn implied_and_direct_money_is_taken_best_price_first() {
    let state = players(3, 1_000_000);
    // Runner 2 backed at 1.97 implies 1.97/0.97 = 2.03 on runner 1; a lay of runner 1 at 2.04 is better.
    let (state, _) = run(&state, order2(1, "b2", 2, Side::Back, 197, 10_000));
    let (state, _) = run(&state, order2(2, "l1", 1, Side::Lay, 204, 5_000));
    let (after, events) = run(&state, order2(3, "take", 1, Side::Back, 200, 10_000));
    let fills: Vec<(u64, u32, i64)> = events.iter().filter_map(|e| match e { Event::Bets(BetEvent::BetPlaced { user_id, info, stake_minor, .. }) if *user_id != 3 => Some((*user_id, info.price_h, *stake_minor)), _ => None }).collect();
    assert_eq!(fills, vec![(2, 204, 5_000), (1, 197, 5_155)], "the direct 2.04 first, then 50.00 on runner 1 from runner 2's back: 51.55 of it at 1.97 is 50.00 of profit");
    assert_eq!(placed(&events).1, 10_000, "all of it");
    assert_eq!(after.exchange.orders.values().map(|o| (o.user_id, o.unmatched_minor)).collect::<Vec<_>>(), vec![(1, 10_000 - 5_155)], "what is left of runner 2's back");
    // Whoever wins, what player 3 wins is what the others lose.
    for winner in [0, 1] {
        assert_eq!(pnl(&after, 1)[winner] + pnl(&after, 2)[winner] + pnl(&after, 3)[winner], 0);
    }
}

#[test]
fn an_implied_fill_takes_the_takers_last_minor_unit_when_only_rounding_stands_in_the_way() {
    let state = players(2, 1_000_000);
    // Runner 2 backed at 2.34 implies 2.34/1.34 = 1.7463 on runner 1. 150.00 on runner 1 is
    // 111.9403 of runner 2's stake: 111.94 of it stands for 149.99 rounded down, 111.95 for 150.01.
    let (state, _) = run(&state, order2(1, "b2", 2, Side::Back, 234, 20_000));
    let (after, events) = run(&state, order2(2, "b1", 1, Side::Back, 174, 15_000));
    let lay = ledger::betting::Payoff::Decimal { sid: 2, odds_h: 234, side: Side::Lay };
    let taker: Vec<_> = events.iter().filter_map(|e| match e { Event::Bets(BetEvent::BetPlaced { user_id: 2, payoff, stake_minor, info, .. }) => Some((payoff.clone(), *stake_minor, info.asked_stake_minor(payoff, *stake_minor))), _ => None }).collect();
    assert_eq!(taker, vec![(lay, 11_194, 15_000)], "one bet: a lay of runner 2 for 111.94, shown as the 150.00 asked on runner 1");
    assert_eq!(placed(&events).1, 15_000, "the order matched whole, no 0.01 left resting");
    assert!(after.exchange.orders.values().all(|o| o.user_id == 1), "nothing of player 2's rests");
    assert_eq!(pnl(&after, 2), vec![11_194, -14_999], "the position is the bet's, to the minor unit");
    for winner in [0, 1] {
        assert_eq!(pnl(&after, 1)[winner] + pnl(&after, 2)[winner], 0, "what one wins the other loses");
    }
    // Two minor units short is not rounding: runner 2 at 4.00 implies 1.3333 on runner 1, a
    // minor unit of its stake standing for three; 1.01 on runner 1 takes 0.33 of it (0.99) and
    // 0.02 rests; 1.00 takes the same 0.33, one short, so all of it.
    for (size_minor, matched_minor) in [(101, 99), (100, 100)] {
        let state = players(2, 1_000_000);
        let (state, _) = run(&state, order2(1, "b2", 2, Side::Back, 400, 20_000));
        let (_, events) = run(&state, order2(2, "b1", 1, Side::Back, 133, size_minor));
        assert_eq!(placed(&events).1, matched_minor, "a back of {size_minor} on runner 1");
    }
}

#[test]
fn on_two_runners_a_lay_of_one_matches_a_lay_of_the_other_and_never_on_three() {
    let state = players(2, 100_000);
    let (state, _) = run(&state, order2(1, "l2", 2, Side::Lay, 300, 10_000));
    // 1/1.50 + 1/3.00 = 1: a lay of runner 1 at 1.50 is a back of runner 2 at 3.00.
    let (after, events) = run(&state, order2(2, "l1", 1, Side::Lay, 150, 20_000));
    assert_eq!(placed(&events).1, 20_000);
    assert_eq!(pnl(&after, 2), vec![-10_000, 20_000], "a lay of runner 1 for 200.00 at 1.50: 100.00 liability, 200.00 won");
    assert_eq!(pnl(&after, 1), vec![10_000, -20_000]);
    // The same on a three-runner market: runner 3 could win, so nothing implies.
    let (state, _) = run(&players(2, 100_000), order(1, "l2", 2, Side::Lay, 300, 10_000));
    let (_, events) = run(&state, order(2, "l1", 1, Side::Lay, 150, 20_000));
    assert_eq!(placed(&events).1, 0, "rests");
}

fn ledger_with(state: State, event: Event) -> State {
    let mut next = state;
    let seq = next.head_seq + 1;
    ledger::apply(&mut next, &ledger::Envelope { seq, at_ms: T0, event });
    next
}

// ---- The property: random books against a brute-force matcher and the invariants. ----

#[derive(Debug, Clone)]
enum Step {
    Place { user: u64, sid: u32, back: bool, tick: usize, size: i64, keep: bool },
    Cancel { user: u64, pick: usize, part: Option<i64> },
    Replace { user: u64, pick: usize, tick: usize },
    Suspend,
    InPlay,
    CashOut { user: u64, all: bool },
    Settle { winner: u32 },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (1..=3u64, 1..=2u32, any::<bool>(), 0..8usize, 1..=40i64, any::<bool>()).prop_map(|(user, sid, back, tick, size, keep)| Step::Place { user, sid, back, tick, size: size * 500, keep }),
        2 => (1..=3u64, any::<usize>(), proptest::option::of(1..=20i64)).prop_map(|(user, pick, part)| Step::Cancel { user, pick, part: part.map(|p| p * 500) }),
        1 => (1..=3u64, any::<usize>(), 0..8usize).prop_map(|(user, pick, tick)| Step::Replace { user, pick, tick }),
        1 => Just(Step::Suspend),
        1 => Just(Step::InPlay),
        2 => (1..=3u64, any::<bool>()).prop_map(|(user, all)| Step::CashOut { user, all }),
    ]
}

/// Eight neighbouring ladder prices around 2.00, so orders cross often.
fn price(tick: usize) -> u32 {
    ladder::prices().skip_while(|p| *p < 196).nth(tick).expect("on the ladder")
}

/// One resting order of the model: (id, user, sid, side, price, unmatched).
type ModelOrder = (u64, u64, u32, Side, u32, i64);

/// A brute-force book: every order as (id, user, sid, side, price, unmatched, keep).
#[derive(Debug, Clone, Default)]
struct Model {
    orders: Vec<(u64, u64, u32, Side, u32, i64)>,
}

impl Model {
    /// The fills a taker gets: (maker id, price, size), and whether its rest crosses its own.
    /// On these two-runner books a resting order of the other runner on the same side matches
    /// too (implied) when its price implies at least the limit: `b/(b-1)` against `limit`.
    fn take(&self, user: u64, sid: u32, side: Side, limit: u32, size: i64) -> (Vec<(u64, u32, i64)>, bool) {
        let better = |p: f64| if side == Side::Back { -p } else { p };
        let direct = self.orders.iter().filter(|o| o.2 == sid && o.3 != side && if side == Side::Back { o.4 >= limit } else { o.4 <= limit });
        let implied = self.orders.iter().filter(|o| o.2 != sid && o.3 == side).filter(|o| {
            let product = i64::from(limit - 100) * i64::from(o.4 - 100);
            if side == Side::Back { product <= 10_000 } else { product >= 10_000 }
        });
        // (taker's price, direct before implied, time) for every eligible order.
        let mut eligible: Vec<(f64, bool, &ModelOrder)> = direct.map(|o| (f64::from(o.4), false, o)).collect();
        eligible.extend(implied.map(|o| (f64::from(o.4) / (f64::from(o.4) - 100.0) * 100.0, true, o)));
        eligible.sort_by(|a, b| better(a.0).total_cmp(&better(b.0)).then(a.1.cmp(&b.1)).then(a.2 .0.cmp(&b.2 .0)));
        let mut left = size;
        let mut fills = Vec::new();
        let mut dry_level: Option<u32> = None;
        for (_, implied, o) in eligible.iter().filter(|e| e.2 .1 != user) {
            if left == 0 {
                break;
            }
            if !*implied {
                let n = left.min(o.5);
                fills.push((o.0, o.4, n));
                left -= n;
                continue;
            }
            if dry_level == Some(o.4) {
                continue;
            }
            let per_unit = i64::from(o.4 - 100);
            let n = o.5.min(((left + 1) * 100 - 1) / per_unit);
            let taken = n * per_unit / 100;
            if taken == 0 {
                // Less than a minor unit of the taker's stake: the rest of this level is passed.
                dry_level = Some(o.4);
                continue;
            }
            fills.push((o.0, o.4, n));
            // A last minor unit that only rounding keeps from this resting order is taken too.
            let rounding = taken == left - 1 && n < o.5;
            left -= taken + i64::from(rounding);
        }
        let crosses = eligible.iter().any(|e| !e.1 && e.2 .1 == user);
        (fills, left > 0 && crosses)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn random_books_match_as_a_brute_force_matcher_and_keep_the_invariants(mut steps in proptest::collection::vec(step(), 1..60), winner in 1..=2u32, rate_bp in prop_oneof![Just(0u32), Just(500u32), 1..=1_000u32]) {
        steps.push(Step::Settle { winner });
        let start = with_commission_or_not(&players(3, 2_000_000), rate_bp);
        let total: i64 = start.accounts.users.values().map(|u| u.balance_minor).sum();
        let mut state = start;
        let mut model = Model::default();
        let mut suspended = false;
        let mut resulted = false;
        // Per order: size, matched, closed (cancelled or lapsed); checked against what rests.
        let mut ledger_of: BTreeMap<u64, (i64, i64, i64)> = BTreeMap::new();
        let mut log: Vec<Event> = Vec::new();
        let mut commission_paid = 0;
        for (n, step) in steps.into_iter().enumerate() {
            let mut market = exchange_market();
            market.section.truncate(2);
            if suspended { market.status = "SUSPENDED".into(); }
            let command = match &step {
                Step::Place { user, sid, back, tick, size, keep } => {
                    let side = if *back { Side::Back } else { Side::Lay };
                    let persistence = if *keep { Persistence::Keep } else { Persistence::Lapse };
                    order_on(market.clone(), *user, &format!("r{n}"), *sid, side, price(*tick), *size, persistence, false)
                }
                Step::Cancel { user, pick, part } => {
                    let mine: Vec<_> = model.orders.iter().filter(|o| o.1 == *user).collect();
                    let Some(o) = mine.get(pick % mine.len().max(1)) else { continue };
                    cancel(*user, o.0, part.map(|p| p.min(o.5)))
                }
                Step::Replace { user, pick, tick } => {
                    let mine: Vec<_> = model.orders.iter().filter(|o| o.1 == *user).collect();
                    let Some(o) = mine.get(pick % mine.len().max(1)) else { continue };
                    Command::Sports(SportsCommand::ReplaceOrder { user_id: *user, order_id: o.0, price_h: price(*tick), request_id: format!("m{n}"), market: market.clone(), delay: BetDelay::default(), requested_at_ms: 0 })
                }
                Step::Suspend => { suspended = !suspended; continue }
                Step::InPlay => Command::Exchange(ExchangeCommand::TurnInPlay { gmid: 500 }),
                Step::CashOut { user, all } => {
                    let delay = BetDelay::default();
                    let share_bp = if *all { 10_000 } else { 5_000 };
                    Command::Sports(SportsCommand::CashOut { user_id: *user, request_id: format!("c{n}"), market: market.clone(), delay, share_bp, asked_value_minor: None, info: info(0, Side::Back, 0) })
                }
                Step::Settle { winner } => Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: MID, result: MarketResult::Winner { sid: *winner }, market: market.clone() }),
            };
            // What the brute-force matcher expects of a new order (a replace is checked alike).
            let expected = match &step {
                Step::Place { user, sid, back, tick, size, .. } => Some(model.take(*user, *sid, if *back { Side::Back } else { Side::Lay }, price(*tick), *size)),
                Step::Replace { user, pick, tick } => {
                    let mine: Vec<_> = model.orders.iter().filter(|o| o.1 == *user).cloned().collect();
                    let o = mine[pick % mine.len()];
                    let mut without = model.clone();
                    without.orders.retain(|x| x.0 != o.0);
                    Some(without.take(*user, o.2, o.3, price(*tick), o.5))
                }
                _ => None,
            };
            let Ok(events) = when(&state, command) else {
                continue;
            };
            prop_assert!(!resulted || events.iter().all(|e| !matches!(e, Event::Bets(BetEvent::BetPlaced { .. }))), "no bet after the result");
            prop_assert!(!suspended || matches!(step, Step::Cancel { .. } | Step::InPlay | Step::Settle { .. }), "nothing matches while suspended: {step:?}");
            // A cash out is fill-or-kill: every order of it matched whole.
            if let Step::CashOut { .. } = step {
                for event in &events {
                    if let Event::Exchange(OrderEvent::OrderPlaced { size_minor, matched_minor, .. }) = event {
                        prop_assert_eq!(size_minor, matched_minor, "a hedge order matches whole or is not taken");
                    }
                }
            }
            if let Some((want, crosses)) = expected {
                let got: Vec<(u64, u32, i64)> = events.iter().filter_map(|e| match e {
                    Event::Bets(BetEvent::BetPlaced { info, stake_minor, .. }) => info.fill.map(|f| (f.order_id, info.price_h, *stake_minor)),
                    _ => None,
                }).step_by(2).collect(); // each fill's resting side comes first
                prop_assert_eq!(got, want, "fills of {:?}", step);
                let self_match = events.iter().any(|e| matches!(e, Event::Exchange(OrderEvent::OrderPlaced { self_match_minor, .. }) if *self_match_minor > 0));
                prop_assert_eq!(self_match, crosses);
            }
            // At every fill the back's profit is the lay's liability, and the back's stake the
            // lay's win: the two bets of a fill sum to nothing whoever wins.
            let bets: Vec<_> = events.iter().filter_map(|e| if let Event::Bets(BetEvent::BetPlaced { payoff, stake_minor, .. }) = e { Some((payoff.clone(), *stake_minor)) } else { None }).collect();
            for pair in bets.chunks(2) {
                for winner in [1, 2] {
                    let outcome = ledger::betting::Outcome::Winner(winner);
                    prop_assert_eq!(pair[0].0.pnl(pair[0].1, outcome) + pair[1].0.pnl(pair[1].1, outcome), 0);
                }
            }
            for event in &events {
                match event {
                    Event::Bets(BetEvent::BetPlaced { user_id, info, stake_minor, payoff, .. }) => {
                        let fill = info.fill.expect("every bet here is a fill");
                        prop_assert_ne!(state.exchange.orders.get(&fill.counter_order_id).map(|o| o.user_id), Some(*user_id), "no self-match");
                        if let Some(entry) = ledger_of.get_mut(&fill.order_id) { entry.1 += info.asked_stake_minor(payoff, *stake_minor); }
                        let win = payoff.pnl(*stake_minor, ledger::betting::Outcome::Winner(info.sid));
                        let right_sign = if info.side == Side::Back { win >= 0 } else { win <= 0 };
                        prop_assert!(right_sign, "a back wins and a lay pays when the runner wins");
                    }
                    Event::Exchange(OrderEvent::OrderPlaced { order_id, size_minor, matched_minor, self_match_minor, .. }) => {
                        let taker_fills: i64 = events.iter().filter_map(|e| match e { Event::Bets(BetEvent::BetPlaced { info, stake_minor, payoff, .. }) if info.fill.is_some_and(|f| f.order_id == *order_id) => Some(info.asked_stake_minor(payoff, *stake_minor)), _ => None }).sum();
                        prop_assert_eq!(taker_fills, *matched_minor);
                        ledger_of.insert(*order_id, (*size_minor, *matched_minor, *self_match_minor));
                    }
                    Event::Exchange(OrderEvent::OrdersClosed { orders, .. }) => {
                        for (id, size) in orders { if let Some(entry) = ledger_of.get_mut(id) { entry.2 += size; } }
                    }
                    _ => {}
                }
                let seq = state.head_seq + 1;
                ledger::apply(&mut state, &ledger::Envelope { seq, at_ms: T0, event: event.clone() });
                log.push(event.clone());
            }
            if matches!(step, Step::Settle { .. }) { resulted = true; }
            // After cashing out all of it, the user's P/L is the same whichever runner wins, to
            // the rounding of each hedge's last stake (about half its price in minor units).
            if let Step::CashOut { user, all: true } = step {
                let rounding: i64 = events.iter().filter_map(|e| match e { Event::Exchange(OrderEvent::OrderPlaced { price_h, .. }) => Some(i64::from(*price_h) / 200 + 1), _ => None }).sum();
                let now = pnl(&state, user);
                let spread = now.iter().max().copied().unwrap_or_default() - now.iter().min().copied().unwrap_or_default();
                prop_assert!(spread <= rounding, "cashed out to {:?}", now);
            }
            // The model follows the ledger's book.
            model.orders = state.exchange.orders.values().map(|o| (o.id, o.user_id, o.sid, o.side, o.price_h, o.unmatched_minor)).collect();
            // Each holder's unmatched orders summed as they rest and shrink are what adding
            // them up now gives, and a holder with none has no sum.
            for (mid, book) in &state.exchange.markets {
                let mut fresh: BTreeMap<(u64, u32), ledger::book::model::Position> = BTreeMap::new();
                for order in state.exchange.orders.values().filter(|o| o.book.mid == *mid) {
                    fresh.entry((order.user_id, order.book.scope)).or_insert_with(|| ledger::book::model::Position::new(&book.kind, None)).unmatched(&order.payoff(), order.unmatched_minor);
                }
                let kept: BTreeMap<(u64, u32), (Vec<i64>, Vec<i64>)> = book.unmatched.iter().map(|(k, u)| (*k, (u.reserve.clone(), u.upside.clone()))).collect();
                let summed: BTreeMap<(u64, u32), (Vec<i64>, Vec<i64>)> = fresh.into_iter().map(|(k, p)| (k, (p.reserve, p.upside))).collect();
                prop_assert_eq!(kept, summed, "the unmatched sums of market {}", mid);
                // The depth at each price is what the orders queued there have unmatched.
                for (sid, ladder) in &book.runners {
                    for (queues, sizes) in [(&ladder.backs, &ladder.back_sizes), (&ladder.lays, &ladder.lay_sizes)] {
                        let queued: BTreeMap<u32, i64> = queues.iter().map(|(price, queue)| (*price, queue.iter().map(|r| state.exchange.orders[&r.order_id].unmatched_minor).sum())).collect();
                        prop_assert_eq!(sizes, &queued, "the sizes at each price of runner {} of market {}", sid, mid);
                    }
                }
            }
            for user in state.accounts.users.values() {
                prop_assert!(user.available_minor() >= 0, "{} available {}", user.username, user.available_minor());
            }
            // Commission: on net winnings only, at the rate, and what the players hold plus what
            // they paid in commission is what they started with.
            let mut settled_pnl: BTreeMap<u64, i64> = BTreeMap::new();
            for event in &events {
                if let Event::Bets(BetEvent::BetsSettled { user_id, total_minor, .. }) = event {
                    settled_pnl.insert(*user_id, *total_minor);
                }
            }
            for (user, net, charged) in commissions(&events) {
                prop_assert_eq!(settled_pnl.get(&user).copied(), Some(net), "commission on the user's net P/L of the market");
                prop_assert!(net > 0 && charged == net * i64::from(rate_bp) / 10_000, "never on a net loss; {} on {}", charged, net);
            }
            commission_paid += commissions(&events).iter().map(|c| c.2).sum::<i64>();
            let now: i64 = state.accounts.users.values().map(|u| u.balance_minor).sum();
            prop_assert_eq!(now + commission_paid, total, "money is only moved between players, and commission to the house");
            for (id, (size, matched, closed)) in &ledger_of {
                let unmatched = state.exchange.orders.get(id).map_or(0, |o| o.unmatched_minor);
                prop_assert_eq!(matched + unmatched + closed, *size, "order {} accounts for its size", id);
            }
        }
        // The audit's own checks (exposure recomputed by brute force, replay equal) agree.
        let store = ledger::MemStore::default();
        let envelopes: Vec<_> = given_log(&with_commission_or_not(&players(3, 2_000_000), rate_bp), &log);
        ledger::Store::append(&store, &envelopes).expect("appended");
        let report = ledger::audit::verify(&store, Some(&state)).expect("verified");
        prop_assert!(report.checks.iter().all(|c| c.pass), "{:?}", report.checks);
    }
}

fn with_commission_or_not(state: &State, rate_bp: u32) -> State {
    if rate_bp == 0 { state.clone() } else { with_commission(state, rate_bp) }
}

/// The start's events then `log`, as envelopes in sequence.
fn given_log(start: &State, log: &[Event]) -> Vec<ledger::Envelope> {
    let mut start_events: Vec<Event> = (1..=3u64).flat_map(|id| [opened(id, &format!("p{id}"), Role::User), credited(id, 2_000_000, 2_000_000)]).collect();
    if start.exchange.commission_bp > 0 {
        start_events.push(Event::Exchange(OrderEvent::CommissionSet { rate_bp: start.exchange.commission_bp }));
    }
    assert_eq!(start.head_seq as usize, start_events.len());
    start_events.into_iter().chain(log.iter().cloned()).enumerate().map(|(i, event)| ledger::Envelope { seq: i as u64 + 1, at_ms: T0, event }).collect()
}
