//! Domain services the handlers and the command line call: operators' operations, the wallet,
//! bet submission, time travel over the log, the views of the ledger's state, the rules' text,
//! the first start's seed accounts, and the demo accounts' end of life. Each takes the parts of
//! the state it uses.

pub mod bet_submission;
pub mod demo_accounts;
pub mod history;
pub mod operations;
pub mod orders;
pub mod round_bets;
pub mod rules_text;
pub mod seed;
pub mod time_travel;
pub mod views;
pub mod wallet;
