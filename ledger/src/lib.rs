//! The ledger: an append-only event log and the state folded from it.
//!
//! Events are the truth (DESIGN §2). `decide` and `apply` are pure; the engine is the single
//! writer that decides commands in batches and makes each batch durable with one flush before it
//! answers. The store is a small trait with one file per store behind it (`store`). Nothing here
//! knows HTTP.
//!
//! Modules by layer: leaves (`ids`, `limits`, `checks`, `betting`, `world`) import nothing of the
//! rest. The aggregates each hold their messages (commands, events, rejects), model, `decide` and
//! `apply`, and import only leaves and the aggregates below them: `accounts` (accounts and
//! sessions), `bets` (every bet's acceptance, books, exposure and settlement), `sports` and
//! `casino` (markets and rounds, whose bets go through `bets`), `oversight` (operators' actions,
//! carried out by the others), and `wallet` and `secure`, which know no other aggregate. The
//! core (`command`, `event`, `state`, `decide`, `apply`) wraps them. `scripts/check-imports`
//! keeps the modules free of circles.

pub mod accounts;
pub mod apply;
pub mod audit;
pub mod betting;
pub mod bets;
pub mod book;
pub mod casino;
pub mod checks;
pub mod command;
pub mod compaction;
pub mod decide;
pub mod engine;
pub mod event;
pub mod history;
pub mod house;
pub mod ids;
pub mod jetstream;
pub mod limits;
pub mod oversight;
pub mod racing;
pub mod secure;
pub mod snapshot;
pub mod sports;
pub mod state;
pub mod store;
pub mod wallet;
pub mod world;

pub use accounts::{Account, AccountCommand, AccountEvent, AccountReject, ActivityKind, SessionEnd, SettlementEntry, TokenGrant};
pub use apply::apply;
pub use bets::{Bet, BetEvent, BetInfo, BetReject, Book, Fill};
pub use book::{Closed, Exchange, ExchangeCommand, Order, OrderEvent, OrderReject, Persistence};
pub use casino::{CasinoCommand, CasinoEvent, CasinoReject, RoundRecord, TableRound};
pub use command::{Command, Reject};
pub use decide::decide;
pub use engine::{read_only, start, start_on, Committed, EngineError, EngineHandle, Followed, Notify};
pub use event::{Envelope, Event};
pub use ids::{BookKey, SessionId, TokenHash, UserId};
pub use jetstream::JetStreamStore;
pub use oversight::{AccountAction, DealingAction, MarketAction, OperatorCommand, OversightEvent, OversightReject};
pub use snapshot::{Restored, Snapshots};
pub use sports::{BetDelay, SportsCommand, SportsEvent};
pub use state::State;
pub use store::{open_data_dir, LocalLog, MemStore, SegmentStore, SledStore, Store, StoreError};
pub use world::FeedWorld;
