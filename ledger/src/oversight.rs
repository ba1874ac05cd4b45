//! Operators' actions on accounts, markets and casino tables (issue 14): each is recorded with
//! the operator who took it and their remark, before the events that carry it out (`Credited`,
//! `SessionEnded`, `MarketResulted`, ...), so the log says who did what.

use schemas::sports::{MarketResult, Side};
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

/// What an operator did to a sports market, or to a whole fixture (issue 14). Variants are only
/// ever added, at the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MarketAction {
    /// The market (or every market of the fixture) shows SUSPENDED and takes no bets, whatever
    /// the feed sends, until an operator resumes it.
    Suspend,
    Resume,
    /// The best price on one side of a section, in hundredths (odds, or the run line of a line
    /// market); it holds until the feed prices the market again.
    MovePrice { sid: u32, side: Side, price_h: u32 },
    /// A result by hand; `MarketResult::Void` returns every stake. The settlement follows in the
    /// same batch.
    Settle { result: MarketResult },
    /// The fixture ends now with this winner (`home`, `away` or `draw`): the feed settles each
    /// market as it would have.
    Finish { winner: String },
}

impl MarketAction {
    pub fn label(&self) -> &'static str {
        match self {
            MarketAction::Suspend => "Suspend",
            MarketAction::Resume => "Resume",
            MarketAction::MovePrice { .. } => "Move price",
            MarketAction::Settle { result: MarketResult::Void } => "Void",
            MarketAction::Settle { .. } => "Settle",
            MarketAction::Finish { .. } => "Finish",
        }
    }
}

/// What an operator did to a casino table's dealing (issue 14). Variants are only ever added.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DealingAction {
    /// No new round opens once the current one is resulted, until resumed.
    Pause,
    Resume,
    /// The round `mid` ends with no result: every stake is returned (the settlement follows in
    /// the same batch).
    VoidRound { mid: String },
    /// Test mode: the next deal of the table (`round`: its id, or "the next round") starts with
    /// these faces; its result is marked stacked.
    Stack { cards: Vec<String>, round: String },
}

impl DealingAction {
    pub fn label(&self) -> &'static str {
        match self {
            DealingAction::Pause => "Pause dealing",
            DealingAction::Resume => "Resume dealing",
            DealingAction::VoidRound { .. } => "Void round",
            DealingAction::Stack { .. } => "Stack shoe",
        }
    }
}
