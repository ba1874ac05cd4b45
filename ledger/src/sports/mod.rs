//! Sports markets: bets on them (with the in-play delay, at the price the feed shows), their
//! results, and the feed's worlds. The bets themselves are the bets aggregate's (`crate::bets`).

pub mod apply;
pub mod decide;
pub mod messages;
pub mod model;
pub mod results;
pub mod terms;

pub use apply::apply;
pub use decide::{bet_delay_ms, decide};
pub use messages::{BetDelay, SportsCommand, SportsEvent};
pub use model::{IdRanges, Sports};
pub use results::{check_result, MarketShape};
