//! The ledger: an append-only event log and the state folded from it.
//!
//! Events are the truth (DESIGN §2). `decide` and `apply` are pure; the engine is the single
//! writer that decides commands in batches and makes each batch durable with one flush before it
//! answers. The store is a small trait with an in-memory and a sled implementation. Nothing here
//! knows HTTP.

pub mod audit;
pub mod betting;
pub mod casino;
pub mod command;
pub mod decide;
pub mod engine;
pub mod event;
pub mod limits;
pub mod state;
pub mod store;
pub mod terms;
pub mod wallet;
pub mod secure;

pub use command::{Command, Reject, TokenGrant};
pub use decide::decide;
pub use engine::{start, Committed, EngineError, EngineHandle, Notify};
pub use event::{BetInfo, Envelope, Event, SessionEnd, SessionId, TokenHash, UserId};
pub use state::{apply, Account, ActivityKind, Bet, Book, RoundRecord, SettlementEntry, State, TableRound};
pub use terms::BookKey;
pub use store::{MemStore, SledStore, Store, StoreError};
