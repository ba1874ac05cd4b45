//! The exchange server: REST (base A under `/api`, base B under `/data`), the WebSocket push hub
//! at `/ws`, and the built client, on one port, in front of the ledger's single-writer engine.

pub mod app;
pub mod app_state;
pub mod bet_submission;
pub mod bounded_map;
pub mod casino;
pub mod cli;
pub mod client_address;
pub mod client_limits;
pub mod clock;
pub mod configuration;
pub mod crypto;
pub mod error;
pub mod extract;
pub mod keys;
pub mod limits;
pub mod login_limiter;
pub mod objects_only;
pub mod operations;
pub mod password_policy;
pub mod passwords;
pub mod push;
pub mod rate_limit;
pub mod routes;
pub mod rules_text;
pub mod security_headers;
pub mod seed;
pub mod sports;
pub mod startup;
pub mod time_travel;
pub mod timefmt;
pub mod tokens;
pub mod totp;
pub mod views;
pub mod wallet;
pub mod ws;
