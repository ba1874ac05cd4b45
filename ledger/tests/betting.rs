//! Betting: acceptance in order, exposure with offsetting bets, settlement exactly once.

mod common;

use ledger::{AccountReject, BetEvent, BetReject, SportsCommand, SportsEvent};
use common::*;
use ledger::betting::{BookKind, Payoff};
use ledger::sports::MarketShape;
use ledger::{BetInfo, BookKey, Command, Event, FeedWorld, Reject};
use proptest::prelude::*;
use schemas::bets::AcceptOdds;
use schemas::sports::{Market, MarketResult, MarketType, Side};
use schemas::{Money, Role};

fn bet(request_id: &str, market: Market, stake_minor: i64, info: BetInfo) -> Command {
    accepting(request_id, market, stake_minor, info, AcceptOdds::Exact)
}

fn accepting(request_id: &str, market: Market, stake_minor: i64, info: BetInfo, accept_odds: AcceptOdds) -> Command {
    Command::Sports(SportsCommand::PlaceBet { user_id: 1, request_id: request_id.into(), market, delay: ledger::BetDelay::default(), stake_minor, info, accept_odds })
}

fn player(balance_minor: i64) -> Vec<Event> {
    vec![opened(1, "alice", Role::User), credited(1, balance_minor, balance_minor)]
}

#[test]
fn a_back_bet_is_placed_with_its_liability_as_exposure() {
    let state = given(player(100_000));
    let then = when(&state, bet("r1", match_odds(), 10_000, info(1, Side::Back, 185))).expect("accepted");
    let Event::Bets(BetEvent::BetPlaced { bet_id, book, kind, payoff, book_exposure_after_minor, exposure_after_minor, .. }) = &then[0] else { panic!("{then:?}") };
    assert_eq!(*bet_id, 1);
    assert_eq!(*book, BookKey { mid: 7, scope: 0 });
    assert_eq!(*kind, BookKind::Runners(vec![1, 2, 3]));
    assert_eq!(*payoff, Payoff::Decimal { sid: 1, odds_h: 185, side: Side::Back });
    assert_eq!((*book_exposure_after_minor, *exposure_after_minor), (10_000, 10_000));
}

#[test]
fn a_lay_bet_risks_stake_times_odds_minus_one() {
    let state = given(player(100_000));
    let after = then_apply(&state, bet("r1", match_odds(), 10_000, info(2, Side::Lay, 214)));
    assert_eq!(after.accounts.users[&1].exposure_minor, 11_400);
    assert_eq!(after.accounts.users[&1].available_minor(), 88_600);
}

#[test]
fn offsetting_bets_reduce_exposure() {
    let state = given(player(100_000));
    let backed = then_apply(&state, bet("r1", match_odds(), 10_000, info(1, Side::Back, 185)));
    let hedged = then_apply(&backed, bet("r2", match_odds(), 10_000, info(1, Side::Lay, 187)));
    assert_eq!(hedged.accounts.users[&1].exposure_minor, 200, "back 1.85 and lay 1.87 the same stake loses at most 2% of it");
}

#[test]
fn acceptance_rejects_each_rule_in_order() {
    let state = given(player(20_000));
    let mut suspended = match_odds();
    suspended.status = "SUSPENDED".into();
    assert_eq!(when(&state, bet("a", suspended, 10_000, info(1, Side::Back, 185))), Err(Reject::Bets(BetReject::MarketNotOpen { status: "SUSPENDED".into() })));
    let mut ball_running = match_odds();
    ball_running.section[0].gstatus = "BALL RUNNING".into();
    assert_eq!(when(&state, bet("b", ball_running, 10_000, info(1, Side::Back, 185))), Err(Reject::Bets(BetReject::MarketNotOpen { status: "BALL RUNNING".into() })));
    assert_eq!(when(&state, bet("c", match_odds(), 10_000, info(9, Side::Back, 185))), Err(Reject::Bets(BetReject::UnknownSelection)));
    assert_eq!(when(&state, bet("d", match_odds(), 10_000, info(1, Side::Back, 190))), Err(Reject::Bets(BetReject::OddsChanged)), "back above the offer");
    assert_eq!(when(&state, bet("e", match_odds(), 10_000, info(1, Side::Lay, 186))), Err(Reject::Bets(BetReject::OddsChanged)), "lay below the offer");
    assert_eq!(when(&state, bet("f", match_odds(), 9_999, info(1, Side::Back, 185))), Err(Reject::Bets(BetReject::StakeOutOfLimits { min_minor: 10_000, max_minor: 1_000_000 })));
    assert_eq!(when(&state, bet("g", match_odds(), 1_000_001, info(1, Side::Back, 185))), Err(Reject::Bets(BetReject::StakeOutOfLimits { min_minor: 10_000, max_minor: 1_000_000 })));
    assert_eq!(when(&state, bet("h", match_odds(), 30_000, info(1, Side::Back, 185))), Err(Reject::Accounts(AccountReject::InsufficientBalance { available_minor: 20_000, needed_minor: 30_000 })));
    assert_eq!(when(&state, bet("", match_odds(), 10_000, info(1, Side::Back, 185))), Err(Reject::Bets(BetReject::InvalidRequestId)));
    assert!(when(&state, bet("i", match_odds(), 10_000, info(1, Side::Back, 180))).is_ok(), "a worse price than on offer is taken");
}

#[test]
fn a_bet_whose_best_case_with_the_open_bets_could_pass_the_balance_maximum_is_refused() {
    use ledger::limits::BALANCE_MINOR_MAX;
    let past_max = Err(Reject::Bets(BetReject::WinPastBalanceMax { balance_max_minor: BALANCE_MINOR_MAX }));
    // 999,999,999,990.00: a winning back of 10,000.00 at 1.97 would end at 1,000,000,009,690.00.
    let near = given(player(BALANCE_MINOR_MAX - 1_000));
    let mut market = match_odds();
    market.section[0].odds[0].odds = schemas::sports::Price(197);
    assert_eq!(when(&near, bet("big", market, 1_000_000, info(1, Side::Back, 197))), past_max);
    // 100.00 below the maximum: one back of 100.00 at 1.85 (wins 85.00) fits, a second does not.
    let below = given(player(BALANCE_MINOR_MAX - 10_000));
    let one = then_apply(&below, bet("one", match_odds(), 10_000, info(1, Side::Back, 185)));
    assert_eq!(one.accounts.users[&1].open_win_max_minor(), 8_500);
    assert_eq!(when(&one, bet("two", match_odds(), 10_000, info(1, Side::Back, 185))), past_max, "the open bet's win counts");
    // Laying it back is taken: the book then wins nothing at any outcome.
    let hedged = then_apply(&one, bet("hedge", match_odds(), 10_000, info(1, Side::Lay, 187)));
    assert_eq!(hedged.accounts.users[&1].open_win_max_minor(), 0);
    // New money counts what the open bets could win too.
    let credit = |amount_minor| Command::Accounts(ledger::AccountCommand::Credit { username: "alice".into(), amount_minor, remark: "top up".into() });
    assert_eq!(when(&one, credit(1_501)), Err(Reject::Accounts(AccountReject::BalancePastMax { balance_max_minor: BALANCE_MINOR_MAX })));
    assert!(when(&one, credit(1_500)).is_ok());
    // Settled, the open win is gone and the balance stays within the maximum.
    let settled = then_apply(&one, Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 1 }, market: match_odds() }));
    assert_eq!(settled.accounts.users[&1].balance_minor, BALANCE_MINOR_MAX - 1_500);
    assert_eq!(settled.accounts.users[&1].open_win_max_minor(), 0);
}

#[test]
fn operators_cannot_bet() {
    let state = given(vec![opened(1, "boss", Role::Operator), credited(1, 100_000, 100_000)]);
    assert_eq!(when(&state, bet("r", match_odds(), 10_000, info(1, Side::Back, 185))), Err(Reject::Bets(BetReject::RoleCannotBet)));
}

#[test]
fn a_resubmitted_request_returns_the_first_bet_within_a_minute_only() {
    let state = given(player(100_000));
    let placed = then_apply(&state, bet("same", match_odds(), 10_000, info(1, Side::Back, 185)));
    assert_eq!(when(&placed, bet("same", match_odds(), 10_000, info(1, Side::Back, 185))), Err(Reject::Bets(BetReject::DuplicateRequest { bet_id: 1 })));
    let later = ledger::decide(&placed, T0 + 60_000, &bet("same", match_odds(), 10_000, info(1, Side::Back, 185)));
    assert!(later.is_ok(), "after a minute the id may be used again");
}

#[test]
fn bookmaker_fancy_and_khado_terms() {
    let state = given(player(100_000));
    let bm = market(8, MarketType::Match1, vec![section(1, 4_500, 4_800), section(2, 150, 160)]);
    let after = then_apply(&state, bet("bm", bm.clone(), 10_000, info(1, Side::Lay, 4_800)));
    assert_eq!(after.accounts.users[&1].exposure_minor, 4_800, "lay at 48 per 100 risks 48% of the stake");
    for asked in [0, 1, 4_400] {
        assert_eq!(when(&state, bet("bm0", bm.clone(), 10_000, info(1, Side::Back, asked))), Err(Reject::Bets(BetReject::OddsChanged)), "a bookmaker back at {asked} is not the price on offer");
    }
    assert_eq!(when(&state, bet("bm1", bm.clone(), 10_000, info(1, Side::Lay, 4_900))), Err(Reject::Bets(BetReject::OddsChanged)), "nor a lay above it");
    let mut fancy = market(9, MarketType::Fancy, vec![section(1, 4_600, 4_500)]);
    fancy.min = Money(100);
    assert_eq!(when(&state, bet("f1", fancy.clone(), 1_000, info(1, Side::Back, 4_500))), Err(Reject::Bets(BetReject::OddsChanged)), "Yes is at 46, not 45");
    let yes = then_apply(&state, bet("f2", fancy.clone(), 1_000, info(1, Side::Back, 4_600)));
    assert_eq!(yes.betting.bets[&1].payoff, Payoff::Line { line: 46, rate_h: 10_000, side: Side::Back });
    let mut khado = market(10, MarketType::Khado, vec![section(1, 4_000, 0)]);
    khado.min = Money(100);
    khado.section[0].width = 5;
    assert_eq!(when(&state, bet("k1", khado.clone(), 1_000, info(1, Side::Lay, 4_000))), Err(Reject::Bets(BetReject::SideNotOffered)));
    let range = then_apply(&state, bet("k2", khado, 1_000, info(1, Side::Back, 4_000)));
    assert_eq!(range.betting.bets[&1].payoff, Payoff::Range { line: 40, width: 5, rate_h: 10_000 });
}

#[test]
fn settlement_pays_each_bet_once_and_releases_exposure() {
    let state = given(player(100_000));
    let a = then_apply(&state, bet("r1", match_odds(), 10_000, info(1, Side::Back, 185)));
    let b = then_apply(&a, bet("r2", match_odds(), 10_000, info(2, Side::Lay, 214)));
    let settle = Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 1 }, market: match_odds() });
    let events = when(&b, settle.clone()).expect("settles");
    assert_eq!(events[0], Event::Sports(SportsEvent::MarketResulted { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 1 }, market: Some(MarketShape::of(&match_odds())) }));
    assert_eq!(
        events[1],
        Event::Bets(BetEvent::BetsSettled { user_id: 1, gmid: 500, mid: 7, bets: vec![(1, 8_500), (2, 10_000)], total_minor: 18_500, balance_after_minor: 118_500, exposure_after_minor: 0 })
    );
    let settled = then_apply(&b, settle.clone());
    assert!(settled.betting.books.is_empty());
    assert_eq!(settled.accounts.users[&1].balance_minor, 118_500);
    assert_eq!(history_rows(&events, 1, ledger::history::RowKind::Settlement).len(), 1, "one statement row");
    assert_eq!(when(&settled, settle), Err(Reject::Bets(BetReject::AlreadySettled)));
    assert_eq!(when(&settled, bet("r3", match_odds(), 10_000, info(1, Side::Back, 185))), Err(Reject::Bets(BetReject::MarketNotOpen { status: "CLOSED".into() })));
}

#[test]
fn a_void_returns_every_stake() {
    let state = given(player(100_000));
    let placed = then_apply(&state, bet("r1", match_odds(), 10_000, info(3, Side::Lay, 420)));
    let void = Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result: MarketResult::Void, market: match_odds() });
    let events = when(&placed, void.clone()).expect("voids");
    assert!(events.contains(&Event::Bets(BetEvent::BetsSettled { user_id: 1, gmid: 500, mid: 7, bets: vec![(1, 0)], total_minor: 0, balance_after_minor: 100_000, exposure_after_minor: 0 })), "{events:?}");
    let settled = then_apply(&placed, void);
    assert_eq!(settled.accounts.users[&1].balance_minor, 100_000);
    assert_eq!(settled.accounts.users[&1].exposure_minor, 0);
    assert!(settled.betting.bets.is_empty(), "a settled bet is history, out of the state");
    assert_eq!(settled.betting.next_bet_id(), 2, "its id is never given again");
}

#[test]
fn a_result_with_no_bets_is_still_recorded() {
    let state = given(player(100_000));
    let events = when(&state, Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 99, result: MarketResult::Runs { value: 41 }, market: market(99, MarketType::Fancy, vec![section(1, 4_000, 4_000)]) })).expect("records");
    assert_eq!(events, vec![Event::Sports(SportsEvent::MarketResulted { gmid: 500, mid: 99, result: MarketResult::Runs { value: 41 }, market: Some(MarketShape { gtype: MarketType::Fancy, sids: vec![1] }) })]);
}

fn run_payoff() -> impl Strategy<Value = Payoff> {
    let side = prop_oneof![Just(Side::Back), Just(Side::Lay)];
    prop_oneof![
        (0u32..120, 50u32..150, side.clone()).prop_map(|(line, rate, side)| Payoff::Line { line, rate_h: rate * 100, side }),
        (0u32..120, 1u32..10, 50u32..150).prop_map(|(line, width, rate)| Payoff::Range { line, width, rate_h: rate * 100 }),
        (0u32..120, side).prop_map(|(line, side)| Payoff::Meter { line, side }),
    ]
}

fn runner_payoff() -> impl Strategy<Value = Payoff> {
    let side = prop_oneof![Just(Side::Back), Just(Side::Lay)];
    prop_oneof![
        (1u32..4, 101u32..2_000, side.clone()).prop_map(|(sid, odds_h, side)| Payoff::Decimal { sid, odds_h, side }),
        (1u32..4, 1u32..20_000, side).prop_map(|(sid, odds_h, side)| Payoff::Per100 { sid, odds_h, side }),
    ]
}

fn brute_force(kind: &BookKind, bets: &[(Payoff, i64)]) -> i64 {
    let worst = kind.all_outcomes().iter().map(|o| bets.iter().map(|(p, s)| p.pnl(*s, *o)).sum::<i64>()).min().unwrap_or(0);
    (-worst).max(0)
}

proptest! {
    #[test]
    fn run_book_exposure_equals_brute_force(bets in prop::collection::vec((run_payoff(), 1i64..100_000), 1..8)) {
        let fast = ledger::betting::exposure_minor(&BookKind::Runs, bets.iter().map(|(p, s)| (p, *s)));
        prop_assert_eq!(fast, brute_force(&BookKind::Runs, &bets));
    }

    #[test]
    fn runner_book_exposure_equals_brute_force(bets in prop::collection::vec((runner_payoff(), 1i64..100_000), 1..8)) {
        let kind = BookKind::Runners(vec![1, 2, 3]);
        let fast = ledger::betting::exposure_minor(&kind, bets.iter().map(|(p, s)| (p, *s)));
        prop_assert_eq!(fast, brute_force(&kind, &bets));
    }

    #[test]
    fn a_runner_book_kept_bet_by_bet_prices_like_the_whole_book(bets in prop::collection::vec((runner_payoff(), 1i64..100_000), 1..40)) {
        let kind = BookKind::Runners(vec![1, 2, 3]);
        let mut pnl: Option<Vec<i64>> = None;
        for (i, (payoff, stake)) in bets.iter().enumerate() {
            pnl = ledger::betting::book_pnl_after(&kind, pnl.as_deref(), payoff, *stake);
            let kept = ledger::betting::worst_loss_minor(pnl.as_deref().expect("runner books keep their P/L"));
            prop_assert_eq!(kept, brute_force(&kind, &bets[..=i]));
        }
        prop_assert_eq!(ledger::betting::book_pnl_after(&BookKind::Runs, None, &bets[0].0, 100), None, "run books are priced from their bets");
    }

    #[test]
    fn binary_book_exposure_equals_brute_force(bets in prop::collection::vec(((101u32..1_000, prop_oneof![Just(Side::Back), Just(Side::Lay)]), 1i64..100_000), 1..8)) {
        let bets: Vec<(Payoff, i64)> = bets.into_iter().map(|((odds_h, side), s)| (Payoff::Binary { odds_h, side }, s)).collect();
        let kind = BookKind::OddRuns;
        let fast = ledger::betting::exposure_minor(&kind, bets.iter().map(|(p, s)| (p, *s)));
        prop_assert_eq!(fast, brute_force(&kind, &bets));
    }
}

#[test]
fn a_new_feed_world_voids_every_market_left_open_and_chains_the_totals() {
    let state = given(player(100_000));
    let odds = then_apply(&state, bet("r1", match_odds(), 10_000, info(1, Side::Back, 185)));
    let mut other = match_odds();
    other.mid = 8;
    let both = then_apply(&odds, bet("r2", other, 20_000, info(2, Side::Lay, 214)));
    assert_eq!(both.accounts.users[&1].exposure_minor, 10_000 + 22_800);
    let events = when(&both, start_feed(world(T0))).expect("starts");
    assert_eq!(events[0], Event::Sports(SportsEvent::FeedWorldStarted { epoch: 1, world: world(T0) }));
    let exposures: Vec<i64> = events.iter().filter_map(|e| match e {
        Event::Bets(BetEvent::BetsSettled { exposure_after_minor, total_minor, .. }) => { assert_eq!(*total_minor, 0); Some(*exposure_after_minor) }
        _ => None,
    }).collect();
    assert_eq!(exposures, vec![22_800, 0], "each void releases its own market's exposure in turn");
    let after = then_apply(&both, start_feed(world(T0)));
    assert_eq!(after.sports.feed_epoch, 1);
    assert_eq!((after.accounts.users[&1].balance_minor, after.accounts.users[&1].exposure_minor), (100_000, 0));
    assert!(after.betting.books.is_empty());
    let reseeded = FeedWorld { seed: 8, ..world(T0) };
    assert_eq!(when(&after, start_feed(reseeded.clone())), Ok(vec![Event::Sports(SportsEvent::FeedWorldStarted { epoch: 2, world: reseeded })]));
}

fn world(start_ms: i64) -> FeedWorld {
    FeedWorld { seed: 7, start_ms, speed_milli: 1_000, fixtures_per_sport: 4, virtual_fixtures: 2 }
}

fn start_feed(world: FeedWorld) -> Command {
    Command::Sports(SportsCommand::StartFeed { world })
}

#[test]
fn a_restart_with_the_same_settings_goes_on_with_the_world_and_keeps_its_open_bets() {
    let state = then_apply(&given(player(100_000)), start_feed(world(T0 - 60_000)));
    let betting = then_apply(&state, bet("r1", match_odds(), 10_000, info(1, Side::Back, 185)));
    assert_eq!(when(&betting, start_feed(world(T0))), Ok(vec![]), "same settings: the world goes on, nothing is voided");
    let week_later = ledger::decide(&betting, T0 - 60_000 + ledger::limits::FEED_WORLD_RESUME_MS_MAX + 1, &start_feed(world(T0)));
    assert!(matches!(week_later.as_deref(), Ok([Event::Sports(SportsEvent::FeedWorldStarted { epoch: 2, .. }), Event::Sports(SportsEvent::MarketResulted { .. }), Event::Bets(BetEvent::BetsSettled { .. })])), "{week_later:?}");
    let faster = FeedWorld { speed_milli: 10_000, ..world(T0) };
    assert!(matches!(when(&betting, start_feed(faster)).as_deref(), Ok([Event::Sports(SportsEvent::FeedWorldStarted { epoch: 2, .. }), ..])), "other settings: a new world");
}

fn in_play(request_id: &str, market: Market, info: BetInfo) -> Command {
    in_play_accepting(request_id, market, info, AcceptOdds::Exact)
}

fn in_play_accepting(request_id: &str, market: Market, info: BetInfo, accept_odds: AcceptOdds) -> Command {
    Command::Sports(SportsCommand::PlaceBet { user_id: 1, request_id: request_id.into(), market, delay: ledger::BetDelay { in_play: true, ms_per_sec: 1_000 }, stake_minor: 10_000, info, accept_odds })
}

#[test]
fn an_in_play_bet_is_taken_only_once_its_delay_passed_and_records_it() {
    let state = given(player(100_000));
    let mut market = match_odds();
    market.rc = 3;
    let asked = BetInfo { requested_at_ms: T0 - 2_999, ..info(1, Side::Back, 185) };
    assert_eq!(when(&state, in_play("early", market.clone(), asked)), Err(Reject::Bets(BetReject::BetDelayNotOver { delay_ms: 3_000 })));
    let asked = BetInfo { requested_at_ms: T0 - 3_000, ..info(1, Side::Back, 185) };
    let events = when(&state, in_play("late", market, asked)).expect("accepted after the delay");
    let Event::Bets(BetEvent::BetPlaced { info, .. }) = &events[0] else { panic!("{events:?}") };
    assert_eq!((info.requested_at_ms, info.delay_ms), (T0 - 3_000, 3_000));
}

#[test]
fn an_in_play_bet_whose_price_moved_during_its_delay_is_refused() {
    let state = given(player(100_000));
    let mut moved = market(7, MarketType::Match, vec![section(1, 180, 187), section(2, 210, 214), section(3, 400, 420)]);
    moved.rc = 3;
    let asked = BetInfo { requested_at_ms: T0 - 3_000, ..info(1, Side::Back, 185) };
    assert_eq!(when(&state, in_play("moved", moved, asked)), Err(Reject::Bets(BetReject::OddsChanged)));
}

/// The payoff of the one bet `command` places on `state`, or its refusal.
fn payoff_of(state: &ledger::State, command: Command) -> Result<Payoff, Reject> {
    let events = when(state, command)?;
    let Some(Event::Bets(BetEvent::BetPlaced { payoff, .. })) = events.into_iter().next() else { panic!("no bet placed") };
    Ok(payoff)
}

#[test]
fn exact_takes_the_price_asked_while_the_market_offers_it_or_better_and_refuses_a_worse_one() {
    let state = given(player(100_000));
    // The market backs runner 1 at 1.85 and lays it at 1.87.
    assert_eq!(payoff_of(&state, bet("a", match_odds(), 10_000, info(1, Side::Back, 180))), Ok(Payoff::Decimal { sid: 1, odds_h: 180, side: Side::Back }), "a back at 1.80 is taken at 1.80");
    assert_eq!(payoff_of(&state, bet("b", match_odds(), 10_000, info(1, Side::Back, 190))), Err(Reject::Bets(BetReject::OddsChanged)));
    assert_eq!(payoff_of(&state, bet("c", match_odds(), 10_000, info(1, Side::Lay, 190))), Ok(Payoff::Decimal { sid: 1, odds_h: 190, side: Side::Lay }));
    assert_eq!(payoff_of(&state, bet("d", match_odds(), 10_000, info(1, Side::Lay, 186))), Err(Reject::Bets(BetReject::OddsChanged)));
}

#[test]
fn accept_better_odds_takes_a_better_price_at_that_price_and_still_refuses_a_worse_one() {
    let state = given(player(100_000));
    let better = |id, side, price_h| payoff_of(&state, accepting(id, match_odds(), 10_000, info(1, side, price_h), AcceptOdds::Better));
    assert_eq!(better("a", Side::Back, 180), Ok(Payoff::Decimal { sid: 1, odds_h: 185, side: Side::Back }), "backed at the 1.85 on offer, not the 1.80 asked");
    assert_eq!(better("b", Side::Back, 185), Ok(Payoff::Decimal { sid: 1, odds_h: 185, side: Side::Back }));
    assert_eq!(better("c", Side::Back, 190), Err(Reject::Bets(BetReject::OddsChanged)), "1.85 is worse than the 1.90 asked");
    assert_eq!(better("d", Side::Lay, 190), Ok(Payoff::Decimal { sid: 1, odds_h: 187, side: Side::Lay }), "laid at the 1.87 on offer");
    assert_eq!(better("e", Side::Lay, 186), Err(Reject::Bets(BetReject::OddsChanged)));
    // A bookmaker quotes one price a side: a better one is taken only when the player allows it.
    let bm = market(8, MarketType::Match1, vec![section(1, 4_500, 4_800), section(2, 150, 160)]);
    assert_eq!(payoff_of(&state, bet("f", bm.clone(), 10_000, info(1, Side::Back, 4_400))), Err(Reject::Bets(BetReject::OddsChanged)));
    assert_eq!(payoff_of(&state, accepting("g", bm.clone(), 10_000, info(1, Side::Back, 4_400), AcceptOdds::Better)), Ok(Payoff::Per100 { sid: 1, odds_h: 4_500, side: Side::Back }));
    assert_eq!(payoff_of(&state, accepting("h", bm, 10_000, info(1, Side::Back, 4_600), AcceptOdds::Better)), Err(Reject::Bets(BetReject::OddsChanged)));
}

#[test]
fn accept_any_odds_takes_the_price_on_offer_better_or_worse_but_never_another_run_line() {
    let state = given(player(100_000));
    let any = |id, market, side, price_h| payoff_of(&state, accepting(id, market, 10_000, info(1, side, price_h), AcceptOdds::Any));
    assert_eq!(any("a", match_odds(), Side::Back, 190), Ok(Payoff::Decimal { sid: 1, odds_h: 185, side: Side::Back }), "backed at the 1.85 on offer though 1.90 was asked");
    assert_eq!(any("b", match_odds(), Side::Lay, 186), Ok(Payoff::Decimal { sid: 1, odds_h: 187, side: Side::Lay }));
    assert_eq!(any("c", match_odds(), Side::Back, 180), Ok(Payoff::Decimal { sid: 1, odds_h: 185, side: Side::Back }));
    let yes_no = market(11, MarketType::Fancy1, vec![section(1, 190, 200)]);
    assert_eq!(any("d", yes_no, Side::Back, 195), Ok(Payoff::Binary { odds_h: 190, side: Side::Back }));
    let mut fancy = market(9, MarketType::Fancy, vec![section(1, 4_600, 4_500)]);
    fancy.min = Money(100);
    assert_eq!(any("e", fancy, Side::Back, 4_500), Err(Reject::Bets(BetReject::OddsChanged)), "Yes at 45 is another bet than Yes at 46");
}

#[test]
fn a_bet_taken_at_a_better_price_records_the_price_asked_and_pays_the_price_taken() {
    let state = given(player(100_000));
    let after = then_apply(&state, accepting("a", match_odds(), 10_000, info(1, Side::Back, 180), AcceptOdds::Better));
    let bet = &after.betting.bets[&1];
    assert_eq!((bet.info.price_h, bet.price_taken_h()), (180, 185));
    assert_eq!(after.accounts.users[&1].book_pnl[&BookKey { mid: 7, scope: 0 }][0], 8_500, "runner 1 winning pays 0.85 a unit");
    // Sent again with the same request id, it answers with the bet rather than refusing it.
    assert_eq!(when(&after, accepting("a", match_odds(), 10_000, info(1, Side::Back, 180), AcceptOdds::Better)), Err(Reject::Bets(BetReject::DuplicateRequest { bet_id: 1 })));
}

#[test]
fn an_in_play_bet_whose_price_moved_during_its_delay_is_taken_at_the_price_then_when_any_is_accepted() {
    let state = given(player(100_000));
    let mut moved = market(7, MarketType::Match, vec![section(1, 180, 187), section(2, 210, 214), section(3, 400, 420)]);
    moved.rc = 3;
    let asked = BetInfo { requested_at_ms: T0 - 3_000, ..info(1, Side::Back, 185) };
    let events = when(&state, in_play_accepting("moved", moved, asked, AcceptOdds::Any)).expect("taken");
    let Event::Bets(BetEvent::BetPlaced { payoff, .. }) = &events[0] else { panic!("{events:?}") };
    assert_eq!(*payoff, Payoff::Decimal { sid: 1, odds_h: 180, side: Side::Back });
}
