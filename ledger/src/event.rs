//! The events of the log. Variants are only ever added: an existing variant never changes its
//! fields or meaning, because records are encoded positionally (rmp-serde) and the log is forever.

use schemas::Role;
use serde::{Deserialize, Serialize};

pub type UserId = u64;
pub type SessionId = u64;
/// SHA-256 of a bearer token: tokens themselves are never stored.
pub type TokenHash = [u8; 32];

/// One record of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    pub seq: u64,
    pub at_ms: i64,
    pub event: Event,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SessionEnd {
    LoggedOut,
    /// A newer login of the same user (`currentToken`).
    Replaced,
    /// A refresh token was presented a second time: the session is treated as stolen.
    RefreshReused,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    AccountOpened {
        user_id: UserId,
        username: String,
        password_hash: String,
        role: Role,
        must_change_password: bool,
        rules_accepted: bool,
    },
    PasswordChanged {
        user_id: UserId,
        password_hash: String,
        ip: String,
    },
    RulesAccepted {
        user_id: UserId,
    },
    LoggedIn {
        user_id: UserId,
        session_id: SessionId,
        access: TokenHash,
        refresh: TokenHash,
        access_expires_ms: i64,
        refresh_expires_ms: i64,
        ip: String,
    },
    TokensRotated {
        session_id: SessionId,
        access: TokenHash,
        refresh: TokenHash,
        access_expires_ms: i64,
        refresh_expires_ms: i64,
    },
    SessionEnded {
        session_id: SessionId,
        reason: SessionEnd,
    },
    Credited {
        user_id: UserId,
        amount_minor: i64,
        remark: String,
        balance_after_minor: i64,
    },
    Debited {
        user_id: UserId,
        amount_minor: i64,
        remark: String,
        balance_after_minor: i64,
    },
    ButtonsSet {
        user_id: UserId,
        game: Vec<(String, i64)>,
        casino: Vec<(String, i64)>,
    },
}

impl Event {
    /// The user whose balance or exposure this event moves, for push notifications.
    pub fn money_user(&self) -> Option<UserId> {
        match self {
            Event::Credited { user_id, .. } | Event::Debited { user_id, .. } => Some(*user_id),
            _ => None,
        }
    }
}
