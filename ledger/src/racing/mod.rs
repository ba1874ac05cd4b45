//! Racing's non-runners: a runner withdrawn from a race before the off. Its unmatched orders
//! lapse (every unmatched order of the market does, as on Betfair, since every price in it is now
//! wrong), its bets are void, and the bets matched before on the other runners have their price
//! reduced by its reduction factor: its chance in that market when it was withdrawn
//! (`reduction::reduced_price_h`). The race's markets are the sports markets'
//! (`crate::sports`, which records the withdrawal as `SportsEvent::RunnerWithdrawn`); this module
//! decides and applies what the withdrawal does to the bets, the books and the holders'
//! exposure. `docs/racing.md` says why each rule is as it is.

pub mod reduction;
pub mod withdraw;

pub use reduction::{reduced_price_h, REDUCTION_APPLIED_MIN_BP};
pub use withdraw::{apply, rewrite_bet, withdraw, Holder, Withdrawal};
