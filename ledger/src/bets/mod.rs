//! Bets of every kind, sports and casino alike: the acceptance steps they share (DESIGN §3), the
//! books they join with the exposure each holds, and their settlement. The sports and casino
//! aggregates decide what a market or round offers and when it ends; they place and settle bets
//! through this one. A bet moves its user's balance and exposure, so it reads and folds into the
//! accounts.

pub mod acceptance;
pub mod apply;
pub mod messages;
pub mod model;

pub use acceptance::{bet_placed, check_bettor, settle_books};
pub use apply::apply;
pub use messages::{BetEvent, BetInfo, BetReject, Fill};
pub use model::{Bet, Betting, Book, Settled};
