//! Live casino rounds. A table opens a round, closes its betting, and results it; each is an
//! event. A bet on an item joins the book of that item in that round (through the bets
//! aggregate), so exposure is held per item (a back and a lay on one item offset; bets on
//! different items add up), and a round's result settles every book of the round in the batch
//! that logs it.

pub mod apply;
pub mod decide;
pub mod messages;
pub mod model;

pub use apply::apply;
pub use decide::decide;
pub use messages::{CasinoCommand, CasinoEvent, CasinoReject};
pub use model::{round_book, table_gmid, Casino, RecentResult, Resulted, RESULTED_KEPT_MS, RoundRecord, RoundSummary, TableRound};
