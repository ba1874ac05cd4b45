//! The wallet: deposits, withdrawals with holds, saved accounts and bonus coupons.
//! A domain of its own: it decides over its own state and returns its own events and rejects,
//! which the core wraps; it imports nothing of the core.

mod apply;
mod catalogue;
mod decide;
mod messages;
mod model;

pub use apply::{apply, decided, decision_of, requested};
pub use catalogue::{deposit_method, DepositMethod, RequestStatus, WithdrawKind, DEPOSIT_METHODS};
pub use decide::decide;
pub use messages::{Holder, Holders, MoneyMove, WalletCommand, WalletEvent, WalletOutput, WalletReject};
pub use model::{tran_no, Coupon, RequestDetail, WalletRequest, WalletState, WithdrawAccount};
