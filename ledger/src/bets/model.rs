//! The bets' state: the open bets, the books they are in, the request ids of the last minute, and
//! the totals of every bet ever placed. A settled bet leaves the state for the history projection
//! (`crate::history`).

use crate::betting::{BookKind, Payoff};
use crate::bets::messages::BetInfo;
use crate::ids::{BookKey, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Betting {
    /// The open bets (a settled bet is history).
    pub bets: BTreeMap<u64, Bet>,
    /// The highest bet id given (bet ids are never reused).
    pub bet_id_max: u64,
    /// Every bet ever placed, counted: what the house's figures need of them.
    pub totals: BetTotals,
    /// Books with open bets: the bets decided together, per user.
    pub books: BTreeMap<BookKey, Book>,
    /// Bet request ids of the last minute, per user, and their bets (resubmission returns them).
    pub requests: BTreeMap<(UserId, String), (u64, i64)>,
    pub request_order: VecDeque<(i64, UserId, String)>,
}

impl Betting {
    pub fn next_bet_id(&self) -> u64 {
        self.bet_id_max + 1
    }

    /// The open bets of a user in a book, as (payoff, stake).
    pub fn open_bets(&self, book: &BookKey, user_id: UserId) -> Vec<(&Payoff, i64)> {
        let Some(ids) = self.books.get(book).and_then(|b| b.open.get(&user_id)) else { return Vec::new() };
        ids.iter().filter_map(|id| self.bets.get(id)).map(|bet| (&bet.payoff, bet.stake_minor)).collect()
    }
}

/// Every bet ever placed, counted, and per UTC day (start of day in ms): one entry a day, so
/// they stay small whatever the history.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetTotals {
    pub bets: u64,
    pub stake_minor: i64,
    /// Stakes of the bets placed each day.
    pub stake_by_day: BTreeMap<i64, i64>,
    /// What the players won (positive) or lost on the bets settled each day.
    pub players_pnl_by_day: BTreeMap<i64, i64>,
    /// The exchange's commission charged each day (the house's income from matched bets).
    #[serde(default)]
    pub commission_by_day: BTreeMap<i64, i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Book {
    pub gmid: u64,
    pub kind: BookKind,
    pub open: BTreeMap<UserId, Vec<u64>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bet {
    pub id: u64,
    pub user_id: UserId,
    pub request_id: String,
    pub gmid: u64,
    pub book: BookKey,
    pub payoff: Payoff,
    pub stake_minor: i64,
    pub info: BetInfo,
    pub placed_at_ms: i64,
    /// Profit or loss once settled.
    pub settled: Option<Settled>,
}

impl Bet {
    /// The bet a `BetPlaced` event records, open (none for another event).
    pub fn placed(event: &crate::bets::messages::BetEvent, at_ms: i64) -> Option<Bet> {
        let crate::bets::messages::BetEvent::BetPlaced { bet_id, user_id, request_id, gmid, book, payoff, stake_minor, info, .. } = event else { return None };
        Some(Bet {
            id: *bet_id,
            user_id: *user_id,
            request_id: request_id.clone(),
            gmid: *gmid,
            book: *book,
            payoff: payoff.clone(),
            stake_minor: *stake_minor,
            info: info.clone(),
            placed_at_ms: at_ms,
            settled: None,
        })
    }

    /// The price the bet was taken at, as the bet lists show it. A bet booked against the house
    /// at odds holds it in its payoff: the price asked (`info.price_h`) or, as the player's odds
    /// setting allowed, the price on offer when it was priced. A fill, a run line and a casino
    /// item were taken at their info's price.
    pub fn price_taken_h(&self) -> u32 {
        match (&self.payoff, self.info.fill) {
            (Payoff::Decimal { odds_h, .. } | Payoff::Per100 { odds_h, .. } | Payoff::Binary { odds_h, .. }, None) => *odds_h,
            _ => self.info.price_h,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settled {
    pub pnl_minor: i64,
    pub at_ms: i64,
}
