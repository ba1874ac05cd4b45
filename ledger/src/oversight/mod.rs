//! Operators' actions on accounts, sports markets and casino tables. An operator's action is
//! recorded with who took it and why, then carried out by the aggregate it acts on (a credit by
//! the accounts, a settlement by the sports markets, a void by the casino), in the same batch.

pub mod apply;
pub mod decide;
pub mod messages;

pub use apply::apply;
pub use decide::decide;
pub use messages::{AccountAction, DealingAction, MarketAction, OperatorCommand, OversightEvent, OversightReject};
