//! The exchange server: REST (base A under `/api`, base B under `/data`), the WebSocket push hub
//! at `/ws`, and the built client, on one port, in front of the ledger's single-writer engine.
//!
//! Layers, each importing only those below it: leaves (`clock`, `limits`, `configuration`,
//! `crypto`, `keys`, `bounded_map`, `rate_limit`, `audit_calls`); the push hub (`push`); the domain's running
//! parts (`casino`, `sports`, `exchange`, `topics`, `follow`, `edge`, `verification`); `auth`; HTTP plumbing
//! (`http`, with the handlers' `AppState`); domain `services`; the handlers (`routes`, `ws`); and
//! the application that wires them (`startup`, `app`, `standby`, `cli`).

pub mod app;
pub mod audit_calls;
pub mod auth;
pub mod bounded_map;
pub mod casino;
pub mod cli;
pub mod clock;
pub mod configuration;
pub mod crypto;
pub mod edge;
pub mod exchange;
pub mod follow;
pub mod history;
pub mod http;
pub mod keys;
pub mod limits;
pub mod push;
pub mod rate_limit;
pub mod routes;
pub mod services;
pub mod sports;
pub mod standby;
pub mod startup;
pub mod topics;
pub mod verification;
pub mod ws;
