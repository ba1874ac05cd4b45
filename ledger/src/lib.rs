//! The ledger: an append-only event log and the state folded from it.
//!
//! Events are the truth (DESIGN §2). `decide` and `apply` are pure; the engine is the single
//! writer that decides commands in batches and makes each batch durable with one flush before it
//! answers. The store is a small trait with an in-memory implementation, the segment log on
//! disk (`seglog`, one sync per batch) and the sled log of data directories made before it.
//! Nothing here knows HTTP.
//!
//! Modules by layer: leaves (`ids`, `limits`, `checks`, `betting`) import nothing of the core;
//! the domains (`wallet`, `secure`) decide over their own state and return their own events and
//! rejects; the core (`command`, `event`, `state`, `apply`, `decide`) wraps them; bets of every
//! kind share `acceptance`, and `sports`, `terms` and `casino` hold what differs.
//! `scripts/check-imports` keeps the modules free of circles.

pub mod acceptance;
pub mod apply;
pub mod audit;
pub mod betting;
pub mod casino;
pub mod checks;
pub mod command;
pub mod decide;
pub mod engine;
pub mod event;
pub mod house;
pub mod ids;
pub mod jetstream;
pub mod limits;
pub mod oversight;
pub mod secure;
pub mod snapshot;
pub mod sports;
pub mod state;
pub mod store;
pub mod terms;
pub mod wallet;

pub use apply::apply;
pub use command::{BetDelay, Command, Reject, TokenGrant};
pub use decide::decide;
pub use engine::{read_only, start, start_on, Committed, Followed, EngineError, EngineHandle, Notify};
pub use event::{BetInfo, Envelope, Event, FeedWorld, SessionEnd};
pub use ids::{BookKey, SessionId, TokenHash, UserId};
pub use state::{Account, ActivityKind, Bet, Book, RoundRecord, SettlementEntry, State, TableRound};
pub use oversight::{AccountAction, ActionRecord, DealingAction, MarketAction};
pub use jetstream::JetStreamStore;
pub use store::{open_data_dir, SegmentStore};
pub use snapshot::{Restored, Snapshots};
pub use store::{MemStore, SledStore, Store, StoreError};
