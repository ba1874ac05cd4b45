//! What every handler can reach: configuration, ledger, market book, casino tables, feed, ciphers,
//! hub and limits. Built by `app::Application::build`.

use crate::configuration::Settings;
use crate::crypto::PayloadCipher;
use crate::auth::login_limiter::LoginLimiter;
use crate::sports::book::Book;
use crate::sports::feed::FeedHandle;
use crate::push::hub::HubHandle;
use ledger::EngineHandle;
use std::sync::{Arc, RwLock};

/// What every handler can reach.
pub struct AppState {
    pub settings: Settings,
    pub engine: EngineHandle,
    /// What accounts' pages list, out of the engine's state (`services::history`).
    pub history: Arc<crate::history::HistoryReads>,
    pub book: Arc<RwLock<Book>>,
    /// Every casino table's current round.
    pub casino: crate::casino::SharedTables,
    /// The running round engine, when this server runs one.
    pub dealer: Option<crate::casino::Dealer>,
    /// The running feed, when this server runs one.
    pub feed: Option<FeedHandle>,
    /// The running market makers, when this server runs them (`crate::exchange::makers`).
    pub makers: Option<crate::exchange::makers::Makers>,
    /// On an edge node: the engine node it forwards to and its followed log (`crate::edge`).
    pub edge: Option<crate::edge::Edge>,
    pub cipher: PayloadCipher,
    /// Seals credentials at rest in the ledger (`auth.secret_key_hex`).
    pub secret_cipher: PayloadCipher,
    pub hub: HubHandle,
    pub login_limiter: LoginLimiter,
    pub password_checks: crate::auth::passwords::PasswordChecks,
    pub client_limits: Arc<crate::http::client_limits::ClientLimits>,
    /// The console's background invariant check.
    pub verification: crate::verification::Verification,
    /// The places of the operators' calls that read the whole log.
    pub audit_calls: crate::audit_calls::AuditCalls,
    /// The state's snapshots in the data directory, read where time travel starts (the keeper
    /// that takes them runs beside the engine, `app::restore`; a node with none here replays
    /// from zero).
    pub snapshots: Arc<ledger::Snapshots>,
}
