//! Bugs the deterministic simulation (`tests/simulation.rs`) found, each held by a focused test.
//! The seeds named are its regression seeds (`REGRESSION_SEEDS`): each fails again at its step
//! with the fix reverted.

mod common;

use common::*;
use ledger::{AccountCommand, BetReject, Command, Event, Reject, SportsCommand};
use schemas::sports::{Market, MarketResult, MarketType, Side};
use schemas::Role;

fn bet(request: &str, market: Market, sid: u32, price_h: u32) -> Command {
    Command::Sports(SportsCommand::PlaceBet { user_id: 1, request_id: request.into(), market, delay: ledger::BetDelay::default(), stake_minor: 10_000, info: info(sid, Side::Back, price_h), accept_odds: Default::default() })
}

fn settle(market: Market, result: MarketResult) -> Command {
    Command::Sports(SportsCommand::SettleMarket { gmid: market.gmid, mid: market.mid, result, market })
}

/// Seeds 28 and 101 (101: a market the feed changed to another type after its bets, the same
/// bug): a runner joined a match market after bets were taken on it (the feed's
/// `MarketUpdated` carries the market's whole new list of sections) and then won. The result
/// fitted the market as the book showed it, so the ledger took it, and voided every bet of the
/// book (their book keeps the runners of its first bet, which the new runner is not among): backs
/// on the losers got their stakes back, and `audit verify` failed on the log the ledger wrote.
#[test]
fn a_winner_that_joined_the_market_after_its_bets_is_refused_and_a_void_is_taken() {
    let two_runners = market(7, MarketType::Match, vec![section(1, 185, 187), section(2, 210, 214)]);
    let three_runners = market(7, MarketType::Match, vec![section(1, 185, 187), section(2, 210, 214), section(3, 400, 420)]);
    let state = given(vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000)]);
    let state = then_apply(&state, bet("a", two_runners.clone(), 1, 185));
    let state = then_apply(&state, bet("b", three_runners.clone(), 2, 210));
    assert_eq!(
        when(&state, settle(three_runners.clone(), MarketResult::Winner { sid: 3 })),
        Err(Reject::Bets(BetReject::ResultDoesNotFit("a winner among the runners its bets were taken on")))
    );
    assert!(when(&state, settle(three_runners.clone(), MarketResult::Winner { sid: 2 })).is_ok(), "a runner of the book wins as before");
    let voided = then_apply(&state, settle(three_runners, MarketResult::Void));
    assert_eq!(voided.accounts.users[&1].balance_minor, 100_000, "a void returns the stakes");
}

/// Seed 140: a player's account named `demo3` (a valid name an operator may give) was shadowed by
/// the demo account the 3rd user opened by a demo sign-in, named `demo{id}` without a look at
/// the names taken: the name then led to the demo account (credits by name went to it, the
/// player could not sign in), and two accounts had one name.
#[test]
fn a_demo_account_never_takes_a_name_that_is_already_taken() {
    let state = given(vec![opened(1, "demo3", Role::User), opened(2, "alice", Role::User), credited(1, 5_000, 5_000)]);
    let demo = Command::Accounts(AccountCommand::DemoLogin { password_hash: "h".into(), play_balance_minor: 150_000, grant: grant(1), ip: "10.0.0.1".into(), demo_accounts_max: 100 });
    let events = when(&state, demo.clone()).expect("a demo account opens");
    let Event::Accounts(ledger::AccountEvent::AccountOpened { user_id: 3, username, .. }) = &events[0] else { panic!("{events:?}") };
    assert_ne!(username.to_lowercase(), "demo3");
    let state = then_apply(&state, demo);
    assert_eq!(state.accounts.by_username.len(), 3, "every account has its own name");
    assert_eq!(state.accounts.user_by_name("demo3").map(|u| u.id), Some(1), "the player keeps the name");
}

/// Seeds 215 and 87: a glitching feed quoted odds of 42,949,672.95 on an odd-even market (215) or
/// a khado rate of 1,000,000 per 100 (87) (the feed API bounds no price below `u32::MAX`, nor
/// does an operator's price move), and a bet at the market's largest stake made `stake × odds`
/// overflow before the balance was looked at: in a debug build the engine's one thread panicked
/// (the exchange stopped writing), in a release build the product wraps into nonsense money.
/// Prices, rates and lines past any real market's are refused.
#[test]
fn a_price_or_rate_past_any_real_market_is_refused_before_its_arithmetic_can_overflow() {
    use schemas::sports::{OddsLevel, Price};
    use schemas::{Money, AMOUNT_MINOR_MAX};
    let state = given(vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000)]);
    let place = |market: Market, side: Side, price_h: u32, stake_minor: i64| {
        Command::Sports(SportsCommand::PlaceBet { user_id: 1, request_id: "r".into(), market, delay: ledger::BetDelay::default(), stake_minor, info: info(1, side, price_h), accept_odds: Default::default() })
    };
    let mut khado = market(9, MarketType::Khado, vec![section(1, 18_500, 0)]);
    khado.section[0].width = 8;
    khado.section[0].odds = vec![OddsLevel { otype: Side::Back, odds: Price(18_500), size: Price(2_147_483_647), tno: 0 }];
    assert_eq!(when(&state, place(khado.clone(), Side::Back, 18_500, AMOUNT_MINOR_MAX)), Err(Reject::Bets(BetReject::OddsChanged)));
    khado.section[0].odds[0].size = Price(490_000);
    assert!(matches!(when(&state, place(khado, Side::Back, 18_500, AMOUNT_MINOR_MAX)), Err(Reject::Accounts(_))), "a real rate: refused for the balance, after pricing it");
    let mut odds = market(7, MarketType::Match, vec![section(1, 185, u32::MAX), section(2, 210, 214)]);
    odds.maxb = Money(0);
    assert_eq!(when(&state, place(odds.clone(), Side::Lay, u32::MAX, AMOUNT_MINOR_MAX)), Err(Reject::Bets(BetReject::OddsChanged)));
    odds.section[0].odds[0].odds = Price(100_000);
    assert!(when(&state, place(odds, Side::Back, 100_000, 10_000)).is_ok(), "the ladder's top, 1000.00, is taken");
    let line = market(12, MarketType::Fancy, vec![section(1, 100_000, 99_900)]);
    assert_eq!(when(&state, place(line, Side::Back, 100_000, 1_000)), Err(Reject::Bets(BetReject::OddsChanged)), "a run line past 999 runs");
}

/// Seed 1 (and many more, once the simulated feed sent market ids past `CASINO_ID_BASE`, as the
/// feed API allows): a sports market whose id was a casino round's book id shared the round's
/// books. A bet was taken on it after the round's result and never settled (the audit's "every
/// result settles its market" failed), and a round's result settled the sports bets of its
/// books, or a sports result the round's. A sports market's id must lie below the casino's.
#[test]
fn a_sports_market_with_an_id_of_the_casinos_takes_no_bet_and_no_result() {
    use ledger::casino::round_book;
    use ledger::{audit, CasinoCommand, Envelope, MemStore, Store};
    let round = "2611220112345";
    let book = round_book(round).expect("a round id");
    let (mut state, mut log) = (ledger::State::default(), Vec::new());
    let mut run = |state: &mut ledger::State, events: Vec<Event>| {
        for event in events {
            let envelope = Envelope { seq: state.head_seq + 1, at_ms: T0, event };
            ledger::apply(state, &envelope);
            log.push(envelope);
        }
    };
    run(&mut state, vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000)]);
    for command in [
        Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: round.into() }),
        Command::Casino(CasinoCommand::SettleRound { gtype: "teen20".into(), mid: round.into(), result: None }),
    ] {
        let events = when(&state, command).expect("the casino's round");
        run(&mut state, events);
    }
    let same_id = market(book, MarketType::Match, vec![section(1, 185, 187), section(2, 210, 214)]);
    let taken = when(&state, bet("s", same_id.clone(), 1, 185));
    if let Ok(events) = taken.clone() {
        run(&mut state, events);
    }
    let store = MemStore::default();
    store.append(&log).expect("appends");
    let report = audit::verify(&store, Some(&state)).expect("reads");
    assert!(report.passed(), "{:?}", report.first_failure);
    assert_eq!(taken, Err(Reject::Bets(BetReject::UnknownMarket)));
    assert_eq!(when(&state, settle(same_id, MarketResult::Winner { sid: 1 })), Err(Reject::Bets(BetReject::UnknownMarket)));
}
