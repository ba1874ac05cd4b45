//! The house's figures: turnover, what the house stands to lose on every open market
//! and casino table, and its settled P/L per day. Read off the state (the open bets, and the
//! totals of every bet ever placed); nothing here changes it.
//!
//! The house is the counterparty of every bet booked against it, so on a book it loses what the
//! players win: its exposure is the most those open bets can win together at one outcome (never
//! below 0). An exchange bet (a fill, `BetInfo::fill`) is matched between two players: it is
//! turnover, but the house stands on neither side.

use crate::betting::{book_outcomes, day_of, DAY_MS};
use crate::ids::is_casino_id;
use crate::state::State;
use std::collections::BTreeMap;

/// One open market (or casino round) as the house sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenMarket {
    pub gmid: u64,
    pub mid: u64,
    pub casino: bool,
    /// The fixture or table name, and the market name or round id, as the bets recorded them.
    pub event_name: String,
    pub market_name: String,
    /// The market type, or the table's gtype.
    pub gtype: String,
    pub bets: u64,
    pub stake_minor: i64,
    /// The most the house can lose on it: summed over its books (each book's worst outcome).
    pub exposure_minor: i64,
}

/// The house's figures now.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HouseFigures {
    /// Stakes of every bet ever placed, and of those placed since `day_start_ms`.
    pub turnover_minor: i64,
    pub turnover_today_minor: i64,
    pub bets: u64,
    /// The house's exposure over every open book.
    pub exposure_minor: i64,
    /// Open markets and rounds, the largest exposure first.
    pub open: Vec<OpenMarket>,
    /// The house's settled P/L per UTC day (start of day in ms), oldest first: minus what the
    /// players won on the bets settled that day, plus the exchange's commission.
    pub pnl_by_day: Vec<(i64, i64)>,
    /// The exchange's commission charged per UTC day, the same days.
    pub commission_by_day: Vec<(i64, i64)>,
}

/// The figures at `now_ms`, with the P/L of the last `days` days (today included).
pub fn figures(state: &State, now_ms: i64, days: u32) -> HouseFigures {
    let today = day_of(now_ms);
    let first_day = today - i64::from(days.saturating_sub(1)) * DAY_MS;
    let totals = &state.betting.totals;
    let mut house = HouseFigures {
        bets: totals.bets,
        turnover_minor: totals.stake_minor,
        turnover_today_minor: totals.stake_by_day.get(&today).copied().unwrap_or(0),
        ..HouseFigures::default()
    };
    let days: Vec<i64> = (0..days).map(|d| first_day + i64::from(d) * DAY_MS).collect();
    let on = |by_day: &BTreeMap<i64, i64>, day: &i64| by_day.get(day).copied().unwrap_or(0);
    house.commission_by_day = days.iter().map(|day| (*day, on(&totals.commission_by_day, day))).collect();
    let pnl: BTreeMap<i64, i64> = days.iter().map(|day| (*day, on(&totals.commission_by_day, day) - on(&totals.players_pnl_by_day, day))).collect();
    let mut open: BTreeMap<u64, OpenMarket> = BTreeMap::new();
    for (key, book) in &state.betting.books {
        let bets: Vec<_> = book.open.values().flatten().filter_map(|id| state.betting.bets.get(id)).collect();
        let Some(first) = bets.first() else { continue };
        let against_house = bets.iter().filter(|b| b.info.fill.is_none()).map(|b| (&b.payoff, b.stake_minor));
        let players_best = book_outcomes(&book.kind, against_house).into_iter().map(|(_, pnl)| pnl).max().unwrap_or(0);
        let row = open.entry(key.mid).or_insert_with(|| OpenMarket {
            gmid: book.gmid,
            mid: key.mid,
            casino: is_casino_id(key.mid),
            event_name: first.info.event_name.clone(),
            market_name: first.info.market_name.clone(),
            gtype: first.info.gtype.clone(),
            bets: 0,
            stake_minor: 0,
            exposure_minor: 0,
        });
        row.bets += bets.len() as u64;
        row.stake_minor += bets.iter().map(|b| b.stake_minor).sum::<i64>();
        row.exposure_minor += players_best.max(0);
    }
    house.open = open.into_values().collect();
    house.open.sort_by(|a, b| b.exposure_minor.cmp(&a.exposure_minor).then(a.mid.cmp(&b.mid)));
    house.exposure_minor = house.open.iter().map(|m| m.exposure_minor).sum();
    house.pnl_by_day = pnl.into_iter().collect();
    house
}
