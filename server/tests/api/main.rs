//! Black-box API tests: the real server on port 0 with a temporary data directory.

mod auth;
mod balance_max;
mod bad_input;
mod bet_delay;
mod casino;
mod client_limits;
mod demo;
mod exact_money;
mod exchange;
mod helpers;
mod login_guard;
mod loose_inputs;
mod odds_changes;
mod openapi;
mod ops;
mod ops_audit;
mod ops_feed;
mod ops_users;
mod racing;
mod reports;
mod security_headers;
mod sports;
mod unknown_ids;
mod users;
mod wallet;
mod ws;
