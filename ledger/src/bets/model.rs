//! The bets' state: every bet, the books with open bets, and the request ids of the last minute.

use crate::betting::{BookKind, Payoff};
use crate::bets::messages::BetInfo;
use crate::ids::{BookKey, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Betting {
    pub bets: BTreeMap<u64, Bet>,
    /// Books with open bets: the bets decided together, per user.
    pub books: BTreeMap<BookKey, Book>,
    /// Bet request ids of the last minute, per user, and their bets (resubmission returns them).
    pub requests: BTreeMap<(UserId, String), (u64, i64)>,
    pub request_order: VecDeque<(i64, UserId, String)>,
}

impl Betting {
    pub fn next_bet_id(&self) -> u64 {
        self.bets.keys().next_back().map_or(1, |id| id + 1)
    }

    /// The open bets of a user in a book, as (payoff, stake).
    pub fn open_bets(&self, book: &BookKey, user_id: UserId) -> Vec<(&Payoff, i64)> {
        let Some(ids) = self.books.get(book).and_then(|b| b.open.get(&user_id)) else { return Vec::new() };
        ids.iter().filter_map(|id| self.bets.get(id)).map(|bet| (&bet.payoff, bet.stake_minor)).collect()
    }

    /// A user's profit or loss on one market or casino round: the sum of their settled bets.
    pub fn settled_total_minor(&self, user_id: UserId, mid: u64) -> i64 {
        self.bets.values().filter(|b| b.user_id == user_id && b.book.mid == mid).filter_map(|b| b.settled).map(|s| s.pnl_minor).sum()
    }
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settled {
    pub pnl_minor: i64,
    pub at_ms: i64,
}
