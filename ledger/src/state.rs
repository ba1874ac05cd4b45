//! The state folded from the log, and `apply`, the only way it changes.
//!
//! Every collection is a `BTreeMap` so that the state encodes to the same bytes whatever order
//! it was built in: invariant 6 (replay equals live) compares those bytes.

use crate::betting::{BookKind, Payoff};
use crate::event::{BetInfo, FeedWorld};
use crate::ids::{BookKey, SessionId, TokenHash, UserId};
use crate::oversight::ActionRecord;
use crate::secure::SecureState;
use crate::wallet::{Holder, Holders, WalletState};
use schemas::sports::MarketResult;
use schemas::Role;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Sequence number of the last applied event (0 before any).
    pub head_seq: u64,
    pub head_at_ms: i64,
    pub users: BTreeMap<UserId, Account>,
    /// Lower-cased username to user.
    pub by_username: BTreeMap<String, UserId>,
    pub sessions: BTreeMap<SessionId, Session>,
    pub by_access: BTreeMap<TokenHash, SessionId>,
    pub by_refresh: BTreeMap<TokenHash, SessionId>,
    /// Refresh tokens already exchanged, per live session: presenting one again revokes it.
    pub retired_refresh: BTreeMap<TokenHash, SessionId>,
    pub next_session_id: SessionId,
    pub bets: BTreeMap<u64, Bet>,
    /// Books with open bets: the bets decided together, per user.
    pub books: BTreeMap<BookKey, Book>,
    /// Markets with a result: closed to bets for good.
    pub resulted: BTreeMap<u64, MarketResult>,
    /// Bet request ids of the last minute, per user, and their bets (resubmission returns them).
    pub requests: BTreeMap<(UserId, String), (u64, i64)>,
    pub request_order: VecDeque<(i64, UserId, String)>,
    /// How many feed worlds have started, and the current one's settings (none for a world the
    /// log began before worlds recorded them).
    pub feed_epoch: u64,
    pub feed_world: Option<FeedWorld>,
    /// The casino's current world.
    pub casino_world: Option<FeedWorld>,
    /// Casino tables by gtype: the round each has open (taking bets or dealing), until resulted.
    pub tables: BTreeMap<String, TableRound>,
    /// Resulted casino rounds by book id: ordered by day, table and time (`casino::round_book`).
    pub rounds: BTreeMap<u64, RoundRecord>,
    pub wallet: WalletState,
    pub secure: SecureState,
    /// Casino table numbers (`cid`) the administrator locked: they take no bets.
    pub locked_tables: BTreeSet<u32>,
    /// The tables an operator locked in the console (and has not unlocked): a restart keeps them
    /// locked beside the configuration's.
    pub console_locks: BTreeSet<u32>,
    /// What operators suspended and have not resumed: `(gmid, Some(mid))` a market, `(gmid,
    /// None)` a whole fixture. The book shows them SUSPENDED whatever the feed sends, across
    /// restarts too.
    pub market_holds: BTreeSet<(u64, Option<u64>)>,
    /// Casino tables (gtype) whose dealing an operator paused.
    pub paused_tables: BTreeSet<String>,
}

/// A casino table's current round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRound {
    pub mid: String,
    pub book: u64,
    pub gmid: u64,
    /// Taking bets; false once betting closed.
    pub betting: bool,
    pub opened_at_ms: i64,
}

/// A resulted casino round, as the results pages list it. The cards are not kept here: the log
/// has the whole result, and the round engine deals them again from the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub gtype: String,
    pub mid: String,
    pub gmid: u64,
    pub at_ms: i64,
    /// `None` for a void round.
    pub outcome: Option<RoundSummary>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    pub seed: u64,
    pub win: String,
    pub winner: String,
    /// A round dealt from a stacked shoe (test mode) is kept whole: its seed does not deal it.
    #[serde(default)]
    pub stacked: Option<Box<schemas::casino::RoundResult>>,
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

/// One statement row of a settled market: the user's bets in it and their total.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettlementEntry {
    pub seq: u64,
    pub at_ms: i64,
    pub gmid: u64,
    pub mid: u64,
    pub bets: Vec<u64>,
    pub total_minor: i64,
    pub balance_after_minor: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Account {
    pub id: UserId,
    pub username: String,
    pub password_hash: String,
    pub role: Role,
    pub must_change_password: bool,
    pub rules_accepted: bool,
    pub balance_minor: i64,
    /// Worst-case loss over the user's open markets (non-negative).
    pub exposure_minor: i64,
    pub current_session: Option<SessionId>,
    pub buttons: Option<Buttons>,
    pub activity: Vec<Activity>,
    pub statement: Vec<StatementEntry>,
    /// Worst-case loss per book with open bets; they sum to `exposure_minor`.
    pub book_exposure: BTreeMap<BookKey, i64>,
    /// P/L per outcome of each open book with fixed outcomes (`betting::book_pnl_after`).
    pub book_pnl: BTreeMap<BookKey, Vec<i64>>,
    pub settlements: Vec<SettlementEntry>,
    /// An operator locked the account's betting (issue 14).
    pub betting_locked: bool,
    /// What operators did to the account, oldest first.
    pub actions: Vec<ActionRecord>,
}

impl Account {
    pub fn available_minor(&self) -> i64 {
        self.balance_minor - self.exposure_minor
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Buttons {
    pub game: Vec<(String, i64)>,
    pub casino: Vec<(String, i64)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub id: SessionId,
    pub user_id: UserId,
    pub access: TokenHash,
    pub refresh: TokenHash,
    pub access_expires_ms: i64,
    pub refresh_expires_ms: i64,
    /// Refresh tokens this session already exchanged (their entries in `retired_refresh`).
    pub retired: Vec<TokenHash>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivityKind {
    Login,
    ChangePassword,
}

impl ActivityKind {
    pub fn label(self) -> &'static str {
        match self {
            ActivityKind::Login => "Login",
            ActivityKind::ChangePassword => "Change Password",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Activity {
    pub kind: ActivityKind,
    pub at_ms: i64,
    pub ip: String,
}

/// One account-statement row: money moved outside betting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StatementEntry {
    pub seq: u64,
    pub at_ms: i64,
    /// Signed: credits positive, debits negative.
    pub amount_minor: i64,
    pub balance_after_minor: i64,
    pub remark: String,
}

impl State {
    pub fn user_by_name(&self, username: &str) -> Option<&Account> {
        let id = self.by_username.get(&username.to_lowercase())?;
        self.users.get(id)
    }

    /// Whether a market or casino round has its result: it takes no bets and settles no more.
    pub fn is_resulted(&self, mid: u64) -> bool {
        self.resulted.contains_key(&mid) || self.rounds.contains_key(&mid)
    }

    /// A settled bet whose market or round was void: its stake came back and nothing decided it
    /// (the result modal's "Deleted" bets).
    pub fn is_voided(&self, bet: &Bet) -> bool {
        if bet.settled.is_none() {
            return false;
        }
        match bet.payoff {
            Payoff::Item { .. } => self.rounds.get(&bet.book.mid).is_some_and(|round| round.outcome.is_none()),
            _ => matches!(self.resulted.get(&bet.book.mid), Some(MarketResult::Void)),
        }
    }

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

    pub fn next_user_id(&self) -> UserId {
        self.users.keys().next_back().map_or(1, |id| id + 1)
    }

    /// The session an access token opens, if it is live at `now_ms`.
    pub fn session_by_access(&self, access: &TokenHash, now_ms: i64) -> Option<&Session> {
        let session = self.sessions.get(self.by_access.get(access)?)?;
        (session.access_expires_ms > now_ms).then_some(session)
    }

    /// The state encoded to bytes: equal states give equal bytes.
    pub fn fingerprint(&self) -> Vec<u8> {
        rmp_serde::to_vec(self).expect("the state contains only encodable values")
    }
}

impl Holders for State {
    fn holder(&self, user_id: UserId) -> Option<Holder> {
        self.users.get(&user_id).map(Account::holder)
    }

    fn holder_named(&self, username: &str) -> Option<Holder> {
        self.user_by_name(username).map(Account::holder)
    }
}

impl Account {
    fn holder(&self) -> Holder {
        Holder { user_id: self.id, role: self.role, balance_minor: self.balance_minor, available_minor: self.available_minor() }
    }
}
