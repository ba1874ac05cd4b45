//! Commands ask the engine for a change; `decide` turns each into events or a rejection.

use crate::event::{SessionId, TokenHash, UserId};
use schemas::Role;

/// Tokens issued with a login or a refresh: hashes and expiry times, computed by the caller.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenGrant {
    pub access: TokenHash,
    pub refresh: TokenHash,
    pub access_expires_ms: i64,
    pub refresh_expires_ms: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    OpenAccount {
        username: String,
        password_hash: String,
        role: Role,
        must_change_password: bool,
        rules_accepted: bool,
    },
    /// The caller verified the password against `password_hash_seen`; the engine checks that it
    /// is still the user's hash, so a password changed in between refuses the login.
    Login {
        username: String,
        password_hash_seen: String,
        grant: TokenGrant,
        ip: String,
    },
    /// Opens a fresh demo account with a play balance and logs it in.
    DemoLogin {
        password_hash: String,
        play_balance_minor: i64,
        grant: TokenGrant,
        ip: String,
    },
    Refresh {
        presented: TokenHash,
        grant: TokenGrant,
    },
    Logout {
        session_id: SessionId,
    },
    RevokeSession {
        session_id: SessionId,
    },
    ChangePassword {
        user_id: UserId,
        old_hash_seen: String,
        new_hash: String,
        ip: String,
    },
    AcceptRules {
        user_id: UserId,
    },
    Credit {
        username: String,
        amount_minor: i64,
        remark: String,
    },
    Debit {
        username: String,
        amount_minor: i64,
        remark: String,
    },
    SetButtons {
        user_id: UserId,
        game: Vec<(String, i64)>,
        casino: Vec<(String, i64)>,
    },
}

/// Why a command was refused. Each maps to one clear message and one HTTP status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Reject {
    #[error("unknown user")]
    UnknownUser,
    #[error("username is already taken")]
    UsernameTaken,
    #[error("username must be 3 to 20 letters, digits or underscores")]
    InvalidUsername,
    #[error("Invalid username or password")]
    InvalidCredentials,
    #[error("Your session has expired. Please log in again.")]
    SessionExpired,
    #[error("refresh token was already used; the session is revoked")]
    RefreshReused { session_id: SessionId },
    #[error("Current password is incorrect")]
    WrongPassword,
    #[error("amount must be greater than 0")]
    AmountNotPositive,
    #[error("amount is too large")]
    AmountTooLarge,
    #[error("insufficient balance: available {available_minor}, needed {needed_minor} (minor units)")]
    InsufficientBalance { available_minor: i64, needed_minor: i64 },
    #[error("remark must be 1 to 200 characters")]
    InvalidRemark,
    #[error("button values: {0}")]
    InvalidButtons(&'static str),
}
