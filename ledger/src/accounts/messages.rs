//! What the accounts aggregate is asked, what it records, and why it refuses.

use crate::checks::AmountError;
use crate::ids::{SessionId, TokenHash, UserId};
use schemas::Role;
use serde::{Deserialize, Serialize};

/// Tokens issued with a login or a refresh: hashes and expiry times, computed by the caller.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenGrant {
    pub access: TokenHash,
    pub refresh: TokenHash,
    pub access_expires_ms: i64,
    pub refresh_expires_ms: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AccountCommand {
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
        /// A tool's session (the operator CLI): it leaves the operator's browser session alone.
        tool: bool,
    },
    /// Opens a fresh demo account with a play balance and logs it in, unless
    /// `demo_accounts_max` demo accounts are live already.
    DemoLogin {
        password_hash: String,
        play_balance_minor: i64,
        grant: TokenGrant,
        ip: String,
        demo_accounts_max: usize,
    },
    /// Retires the demo accounts opened before `opened_before_ms` that have no open bet (at most
    /// `DEMO_RETIRED_PER_COMMAND_MAX`, the oldest first): their sessions end and they leave the
    /// state. One with open bets is retired once they settle.
    RetireDemoAccounts {
        opened_before_ms: i64,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SessionEnd {
    LoggedOut,
    /// A newer login of the same user (`currentToken`).
    Replaced,
    /// A refresh token was presented a second time: the session is treated as stolen.
    RefreshReused,
    /// An operator ended it (the operator's action before it says who and why).
    EndedByOperator,
    /// Its demo account reached the end of its life (`DemoRetired` follows).
    AccountRetired,
}

/// The accounts' events. Variants are only ever added: an existing variant never changes its
/// fields or meaning, because records are encoded positionally (rmp-serde) and the log is
/// forever. Their names are the log's names (`crate::event`), unique across the aggregates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AccountEvent {
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
        /// A tool's session beside the user's own (`currentToken` stays as it was).
        #[serde(default)]
        tool: bool,
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
    /// A demo account past its life leaves the state (its sessions ended just before): it cannot
    /// sign in and is listed nowhere. Its id is never given again; its past stays in the log.
    DemoRetired {
        user_id: UserId,
    },
}

impl AccountEvent {
    /// The log's names of these events.
    pub const NAMES: &'static [&'static str] =
        &["AccountOpened", "PasswordChanged", "RulesAccepted", "LoggedIn", "TokensRotated", "SessionEnded", "Credited", "Debited", "ButtonsSet", "DemoRetired"];
}

/// Why the accounts refuse a command; also the refusals every aggregate that moves a balance
/// shares (an unknown user, an amount, a short balance, a remark).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountReject {
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
    /// New money that would take the balance, with what the open bets could still win, past the
    /// most an account may hold.
    #[error("the balance may not pass {balance_max_minor} (minor units), counting what the open bets could win")]
    BalancePastMax { balance_max_minor: i64 },
    #[error("insufficient balance: available {available_minor}, needed {needed_minor} (minor units)")]
    InsufficientBalance { available_minor: i64, needed_minor: i64 },
    #[error("remark must be 1 to 200 characters")]
    InvalidRemark,
    #[error("button values: {0}")]
    InvalidButtons(&'static str),
    #[error("only operators may open a tool session")]
    ToolSessionForOperatorsOnly,
    #[error("All demo accounts are in use; try again later")]
    DemoAccountsFull,
}

impl From<AmountError> for AccountReject {
    fn from(error: AmountError) -> Self {
        match error {
            AmountError::NotPositive => AccountReject::AmountNotPositive,
            AmountError::TooLarge => AccountReject::AmountTooLarge,
        }
    }
}
