//! The exchange: order books of match-odds markets, where players' orders are matched against
//! each other (price-time priority, best execution, no self-match) instead of being booked
//! against the house. An order's fills are bets like any other (`crate::bets`), settled with its
//! market; what does not match rests in the book until it is matched, cancelled or lapses.
//! Exposure counts unmatched orders at their worst. The sports markets place and replace orders
//! (they know whether a market takes them); cancels and lapses are decided here.

pub mod apply;
pub mod cash_out;
pub mod decide;
pub mod ladder;
pub mod matching;
pub mod messages;
pub mod model;

pub use apply::apply;
pub use decide::decide;
pub use messages::{Closed, ExchangeCommand, OrderEvent, OrderReject, Persistence};
pub use model::{Exchange, Order};
