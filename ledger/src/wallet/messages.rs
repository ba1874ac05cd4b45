//! What the wallet is asked, what it records, and why it refuses: its own commands, events and
//! rejects, which the ledger's core wraps. The wallet reads the accounts of the core only through
//! `Holders`, and moves money only by asking the core for a `MoneyMove`.

use super::catalogue::WithdrawKind;
use crate::checks::AmountError;
use crate::ids::UserId;
use schemas::Role;
use serde::{Deserialize, Serialize};

/// What the wallet needs to know of an account holder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    pub user_id: UserId,
    pub role: Role,
    pub balance_minor: i64,
    /// Balance less exposure: what a withdrawal may take.
    pub available_minor: i64,
}

/// The accounts of the ledger, as the wallet sees them.
pub trait Holders {
    fn holder(&self, user_id: UserId) -> Option<Holder>;
    fn holder_named(&self, username: &str) -> Option<Holder>;
}

/// A balance change the wallet asks for: the core records it as a credit (`delta_minor` > 0) or
/// a debit, with the balance after it, in the same batch as the wallet's own events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoneyMove {
    pub user_id: UserId,
    pub delta_minor: i64,
    pub remark: String,
    /// Money the account held back coming back (a rejected withdrawal's hold): never refused,
    /// not even past the balance's maximum.
    pub returned: bool,
}

/// One result of a wallet decision, in log order.
#[derive(Debug, Clone, PartialEq)]
pub enum WalletOutput {
    Event(WalletEvent),
    Money(MoneyMove),
}

/// The wallet's events. Variants are only ever added, at the end (the log is forever).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WalletEvent {
    DepositRequested { request_id: u64, user_id: UserId, amount_minor: i64, method: String, reference: String },
    /// Comes with the `Debited` event that holds the amount.
    WithdrawalRequested { request_id: u64, user_id: UserId, amount_minor: i64, kind: WithdrawKind, account_id: u64 },
    RequestProcessing { request_id: u64, remark: String },
    /// A deposit's comes with its `Credited` event; a withdrawal's pays out the hold.
    RequestApproved { request_id: u64, remark: String },
    /// A withdrawal's comes with the `Credited` event that releases the hold.
    RequestRejected { request_id: u64, remark: String },
    AccountSaved { account_id: u64, user_id: UserId, name: String, bank: String, number: String, ifsc: String, kind: WithdrawKind },
    /// An active coupon comes with the `Credited` event of its amount.
    CouponGranted { coupon_id: u64, user_id: UserId, name: String, amount_minor: i64, depo_amount_minor: i64, expire_at_ms: i64, active: bool },
    /// Comes with the `Credited` event of the coupon's amount.
    CouponActivated { coupon_id: u64 },
}

#[derive(Debug, Clone, PartialEq)]
pub enum WalletCommand {
    RequestDeposit { user_id: UserId, amount_minor: i64, method: String, reference: String },
    RequestWithdrawal { user_id: UserId, amount_minor: i64, kind: WithdrawKind, account_id: u64 },
    SaveAccount { user_id: UserId, name: String, bank: String, number: String, ifsc: String, kind: WithdrawKind },
    /// Pending → In-Process.
    Process { request_id: u64, remark: String },
    /// Pending or In-Process → Approved.
    Approve { request_id: u64, remark: String },
    /// Pending or In-Process → Rejected; the remark is required.
    Reject { request_id: u64, remark: String },
    GrantCoupon { username: String, name: String, amount_minor: i64, depo_amount_minor: i64, expire_at_ms: i64, active: bool },
    ActivateCoupon { coupon_id: u64 },
}

/// Why the wallet refused a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WalletReject {
    #[error("unknown user")]
    UnknownUser,
    #[error(transparent)]
    Amount(#[from] AmountError),
    #[error("insufficient balance: available {available_minor}, needed {needed_minor} (minor units)")]
    InsufficientBalance { available_minor: i64, needed_minor: i64 },
    #[error("remark must be 1 to 200 characters")]
    InvalidRemark,
    #[error("Only player accounts have a wallet")]
    NoWallet,
    #[error("method: unknown deposit method '{0}'")]
    UnknownMethod(String),
    #[error("Amount for {method} must be between {min_minor} and {max_minor} (minor units)")]
    OutsideMethodLimits { method: &'static str, min_minor: i64, max_minor: i64 },
    #[error("reference: must be at most 40 characters")]
    InvalidReference,
    #[error("Too many open requests: at most 10 Pending or In-Process")]
    TooManyOpenRequests,
    #[error("Unknown account")]
    UnknownAccount,
    #[error("Account {account_id} is not a {kind} account")]
    AccountKindMismatch { account_id: u64, kind: &'static str },
    #[error("{0}")]
    InvalidAccount(&'static str),
    #[error("At most 20 saved accounts")]
    TooManyAccounts,
    #[error("This account is already saved")]
    DuplicateAccount,
    #[error("Unknown request {0}")]
    UnknownRequest(u64),
    #[error("Request {request_id} is already {status}")]
    AlreadyDecided { request_id: u64, status: &'static str },
    #[error("name: coupon name must be 1 to 60 characters")]
    InvalidCouponName,
    #[error("depoAmount: must be between 0 and 1000000000")]
    InvalidDepoAmount,
    #[error("expireDate: must be in the future")]
    ExpiryPassed,
    #[error("Unknown coupon {0}")]
    UnknownCoupon(u64),
    #[error("Coupon {0} is already active")]
    CouponAlreadyActive(u64),
    #[error("Coupon {0} has expired")]
    CouponExpired(u64),
}

