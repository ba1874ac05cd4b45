//! The house's figures: turnover, exposure per open market, settled P/L per day.

mod common;

use ledger::SportsCommand;
use common::*;
use ledger::house::figures;
use ledger::{BetDelay, Command};
use schemas::sports::{MarketResult, Side};
use schemas::Role;

const DAY_MS: i64 = 86_400_000;

fn bet(user_id: u64, request: &str, side: Side, price_h: u32, stake_minor: i64) -> Command {
    Command::Sports(SportsCommand::PlaceBet { user_id, request_id: request.into(), market: match_odds(), delay: BetDelay::default(), stake_minor, info: info(1, side, price_h), accept_odds: Default::default() })
}

#[test]
fn the_house_loses_what_the_players_can_win_together_and_books_its_pnl_on_the_settlement_day() {
    let state = given(vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000), opened(2, "bob", Role::User), credited(2, 100_000, 100_000)]);
    let backed = then_apply(&state, bet(1, "a", Side::Back, 185, 10_000));
    let house = figures(&backed, T0, 7);
    assert_eq!((house.turnover_minor, house.turnover_today_minor, house.bets), (10_000, 10_000, 1));
    assert_eq!(house.exposure_minor, 8_500, "alice wins 85.00 if runner 1 wins");
    assert_eq!((house.open[0].mid, house.open[0].bets, house.open[0].stake_minor, house.open[0].casino), (7, 1, 10_000, false));

    // Bob lays the same runner: the players' books offset, so the house risks nothing.
    let laid = then_apply(&backed, bet(2, "b", Side::Lay, 187, 10_000));
    let house = figures(&laid, T0, 7);
    assert_eq!(house.exposure_minor, 0, "runner 1: +85 − 87; otherwise −100 + 100");
    assert_eq!(house.turnover_minor, 20_000);

    let settled = then_apply(&laid, Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result: MarketResult::Winner { sid: 1 }, market: match_odds() }));
    let house = figures(&settled, T0, 7);
    assert!(house.open.is_empty());
    assert_eq!(house.pnl_by_day.len(), 7);
    let today = T0.div_euclid(DAY_MS) * DAY_MS;
    assert_eq!(house.pnl_by_day.last(), Some(&(today, 200)), "the house keeps 87.00 − 85.00");
    assert_eq!(house.pnl_by_day[0], (today - 6 * DAY_MS, 0));
    let tomorrow = figures(&settled, T0 + DAY_MS, 7);
    assert_eq!((tomorrow.turnover_today_minor, tomorrow.pnl_by_day[5].1), (0, 200), "yesterday's figures move back a day");
}
