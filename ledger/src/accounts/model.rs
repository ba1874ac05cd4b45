//! The accounts' state: every account with its balance, exposure and history rows, and the
//! sessions with their tokens.

use crate::ids::{BookKey, SessionId, TokenHash, UserId};
use schemas::Role;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Accounts {
    pub users: BTreeMap<UserId, Account>,
    /// Lower-cased username to user.
    pub by_username: BTreeMap<String, UserId>,
    /// The live sessions: a session leaves once it ends or its refresh token expires
    /// (`accounts::apply::expire_sessions`), so they are bounded by the sign-ins of one refresh
    /// lifetime, not by the log's length.
    pub sessions: BTreeMap<SessionId, Session>,
    /// The sessions by when their refresh token expires, soonest first.
    pub session_expiry: BTreeSet<(i64, SessionId)>,
    pub by_access: BTreeMap<TokenHash, SessionId>,
    pub by_refresh: BTreeMap<TokenHash, SessionId>,
    /// Refresh tokens already exchanged and not yet expired, per live session: presenting one
    /// again revokes it.
    pub retired_refresh: BTreeMap<TokenHash, SessionId>,
    pub next_session_id: SessionId,
    /// The highest user id ever opened: retired demo accounts leave `users`, and their ids are
    /// never given again.
    pub user_id_max: UserId,
    /// The live demo accounts and when each opened, oldest first (ids grow with the log's time).
    pub demo_opened_ms: BTreeMap<UserId, i64>,
}

impl Accounts {
    pub fn user_by_name(&self, username: &str) -> Option<&Account> {
        let id = self.by_username.get(&username.to_lowercase())?;
        self.users.get(id)
    }

    pub fn next_user_id(&self) -> UserId {
        self.users.keys().next_back().copied().unwrap_or(0).max(self.user_id_max) + 1
    }

    /// The session an access token opens, if it is live at `now_ms`.
    pub fn session_by_access(&self, access: &TokenHash, now_ms: i64) -> Option<&Session> {
        let session = self.sessions.get(self.by_access.get(access)?)?;
        (session.access_expires_ms > now_ms).then_some(session)
    }

    /// The account an event names: `decide` emits events for existing users only.
    pub fn account_mut(&mut self, user_id: UserId) -> &mut Account {
        self.users.get_mut(&user_id).expect("decide only emits events for existing users")
    }
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
    /// The exchange's commission on this market's net winnings, charged right after it (its own
    /// statement row); 0 when none.
    #[serde(default)]
    pub commission_minor: i64,
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
    /// Worst-case loss per book with open bets; they sum to `exposure_minor`.
    pub book_exposure: BTreeMap<BookKey, i64>,
    /// P/L per outcome of each open book with fixed outcomes (`betting::book_pnl_after`).
    pub book_pnl: BTreeMap<BookKey, Vec<i64>>,
    /// The most the open bets of each book can win (`betting::book_win_max_after`): with the
    /// balance, what the account could hold once they settle, which may not pass the maximum.
    pub book_win_max: BTreeMap<BookKey, i64>,
    /// An operator locked the account's betting.
    pub betting_locked: bool,
}

impl Account {
    pub fn available_minor(&self) -> i64 {
        self.balance_minor - self.exposure_minor
    }

    /// The most the open bets can win together: the balance may grow by this much at their
    /// settlements.
    pub fn open_win_max_minor(&self) -> i64 {
        self.book_win_max.values().sum()
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
    /// Refresh tokens this session already exchanged and when each would have expired (their
    /// entries in `retired_refresh`), oldest first: an expired one leaves at the next rotation.
    pub retired: Vec<(TokenHash, i64)>,
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
