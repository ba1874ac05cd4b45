//! What operators are asked to do, what the log records of it, and why it is refused. Each
//! action is recorded with the operator who took it and their remark, before the events that
//! carry it out (`Credited`, `SessionEnded`, `MarketResulted`, ...), so the log says who did what.

use crate::ids::UserId;
use schemas::sports::{Market, MarketResult, Side};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq)]
pub enum OperatorCommand {
    /// Operator `by` acts on `username`'s account, saying why in `remark`.
    Operator {
        by: UserId,
        username: String,
        action: AccountAction,
        remark: String,
    },
    /// Operator `by` locks (or unlocks) casino table number `table`, saying why.
    OperatorTable {
        by: UserId,
        table: u32,
        locked: bool,
        remark: String,
    },
    /// Operator `by` acts on sports market `mid` of fixture `gmid`, or on the whole fixture.
    /// `market` is the market as the book shows it: a settlement's result must fit it.
    OperatorMarket {
        by: UserId,
        gmid: u64,
        mid: Option<u64>,
        action: MarketAction,
        remark: String,
        market: Option<Market>,
    },
    /// Operator `by` acts on casino table `gtype`'s dealing.
    OperatorDealing {
        by: UserId,
        gtype: String,
        action: DealingAction,
        remark: String,
    },
}

/// The operators' events. Variants are only ever added, and their names are the log's
/// (`crate::event`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OversightEvent {
    /// Operator `by` acted on `user_id`'s account. Credits, debits and ended sessions follow as
    /// their own events in the same batch; a lock or a password reset is this event.
    OperatorActed {
        by: UserId,
        user_id: UserId,
        action: AccountAction,
        remark: String,
    },
    /// Operator `by` locked (or unlocked) casino table `table`; the `TableLocked` or
    /// `TableUnlocked` that does it follows in the same batch.
    TableActed {
        by: UserId,
        table: u32,
        locked: bool,
        remark: String,
    },
    /// Operator `by` acted on sports market `mid` of fixture `gmid`, or on the whole fixture
    /// when `mid` is `None`. A settlement follows in the same batch.
    MarketActed {
        by: UserId,
        gmid: u64,
        mid: Option<u64>,
        action: MarketAction,
        remark: String,
    },
    /// Operator `by` paused or resumed table `gtype`'s dealing, or voided its round; a void's
    /// `RoundResulted` and settlements follow in the same batch.
    DealingActed {
        by: UserId,
        gtype: String,
        action: DealingAction,
        remark: String,
    },
}

impl OversightEvent {
    /// The log's names of these events.
    pub const NAMES: &'static [&'static str] = &["OperatorActed", "TableActed", "MarketActed", "DealingActed"];
}

/// Why an operator's action is refused (a bad remark or an unknown user is the accounts').
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OversightReject {
    #[error("only operators may do this")]
    NotAnOperator,
    /// The action would change nothing (e.g. locking a locked account): nothing is recorded.
    #[error("{0}")]
    NothingToChange(&'static str),
}

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
    /// Cancels the account's unmatched exchange orders: on market `mid`, or all of them.
    CancelOrders { mid: Option<u64> },
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
            AccountAction::CancelOrders { .. } => "Cancel orders",
        }
    }

    /// Whether the action ends the account's sessions.
    pub fn ends_sessions(&self) -> bool {
        matches!(self, AccountAction::ResetPassword { .. } | AccountAction::EndSessions)
    }
}

/// What an operator did to a sports market, or to a whole fixture Variants are only ever added, at
/// the end.
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

/// What an operator did to a casino table's dealing. Variants are only ever added.
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
