//! Accounts and sessions: opening an account, signing in and out, tokens, passwords, the rules'
//! acceptance, stake buttons, and money credited or debited outside betting. An aggregate of its
//! own: it decides over its own state and returns its own events and rejects; the bets, the
//! wallet and the operators move its balances through it.

pub mod apply;
pub mod decide;
pub mod messages;
pub mod model;

pub use apply::apply;
pub use decide::decide;
pub use messages::{AccountCommand, AccountEvent, AccountReject, SessionEnd, TokenGrant};
pub use model::{Account, Accounts, Activity, ActivityKind, Buttons, Session, SettlementEntry, StatementEntry};
