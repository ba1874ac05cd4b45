//! Operators' actions on accounts (issue 14): each is recorded with the operator who took it and
//! their remark, before the events that carry it out (`Credited`, `SessionEnded`, ...), so the
//! log says who did what.

use serde::{Deserialize, Serialize};

/// What an operator did to an account. Variants are only ever added, at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AccountAction {
    Credit { amount_minor: i64 },
    Debit { amount_minor: i64 },
    /// The account places no bets until unlocked; it can still sign in, read and withdraw.
    LockBetting,
    UnlockBetting,
    /// A new password the user must change at the next sign-in; every session ends.
    ResetPassword { password_hash: String },
    EndSessions,
}

impl AccountAction {
    /// The action as the console and the audit name it.
    pub fn label(&self) -> &'static str {
        match self {
            AccountAction::Credit { .. } => "Credit",
            AccountAction::Debit { .. } => "Debit",
            AccountAction::LockBetting => "Lock betting",
            AccountAction::UnlockBetting => "Unlock betting",
            AccountAction::ResetPassword { .. } => "Reset password",
            AccountAction::EndSessions => "End sessions",
        }
    }

    /// Whether the action ends the account's sessions.
    pub fn ends_sessions(&self) -> bool {
        matches!(self, AccountAction::ResetPassword { .. } | AccountAction::EndSessions)
    }
}

/// One operator action as a user's page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    pub seq: u64,
    pub at_ms: i64,
    /// The operator's username.
    pub by: String,
    pub action: String,
    pub remark: String,
}
