//! The application: configuration, ledger, hub and HTTP server wired together. `Application`
//! binds its own listener and reports its port, so tests start it on port 0.

use ledger::CasinoCommand;
use crate::configuration::Settings;
use crate::crypto::PayloadCipher;
use crate::auth::login_limiter::LoginLimiter;
use crate::push::hub;
use anyhow::Context;
use ledger::Store;
use std::net::TcpListener;
use std::path::Path;
use crate::sports::book::Book;
use std::sync::{Arc, RwLock};

pub struct Application {
    port: u16,
    server: actix_web::dev::Server,
    /// How the ledger came to its state at start, for the start-up lines.
    started_from: String,
    /// Where a clean stop saves the state at its last event (a node keeping its own snapshots
    /// of a log in its data directory; none for a JetStream log or an edge).
    snapshot_at_stop: Option<(Arc<ledger::Snapshots>, ledger::EngineHandle)>,
}

/// Opens the ledger's log in `dir` (`ledger::open_data_dir`: the log the directory holds, or in a
/// new one `asked`, sled when none is). A directory another process holds, and a damaged log
/// (bytes that fail their checksums, a cut or flipped tail, a missing segment), each get a clear
/// message; a damaged log is never opened, since what it would serve could be wrong
/// (docs/reliability.md).
pub fn open_store(dir: &Path, asked: Option<ledger::LocalLog>) -> anyhow::Result<Arc<dyn Store>> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating data directory {}", dir.display()))?;
    let store = ledger::open_data_dir(dir, asked).map_err(|error| {
        if error.is_damage() {
            return damaged_log(dir, &error);
        }
        let dir = dir.display();
        if error.is_locked() {
            anyhow::anyhow!("opening the ledger in {dir}: another process holds it (is a server already running on it? then use --url): {error}")
        } else {
            anyhow::Error::new(error).context(format!("opening the ledger in {dir}"))
        }
    })?;
    Ok(Arc::from(store))
}

/// Runs a start's opening work (sled's recovery, the history's open, the snapshot's decoding) on
/// a thread that ends with it. That work allocates and frees hundreds of megabytes; the
/// allocator (mimalloc) keeps what a thread freed for that thread while it lives, so on a
/// thread that lives on it would stay resident for good (on a 50M-event directory the sled
/// opens alone leave 55 MB freed). A thread that ends hands its memory back.
pub(crate) fn on_a_thread_that_ends<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| scope.spawn(work).join()).unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

fn damaged_log(dir: &Path, error: &ledger::StoreError) -> anyhow::Error {
    // sled's own recovery zeroes a damaged tail as it opens, before the head record is compared.
    let changed = if ledger::store::held_log(dir) == Some(ledger::LocalLog::Sled) {
        "sled's recovery may have cleared a damaged tail as it opened, nothing else was changed"
    } else {
        "Nothing was changed"
    };
    let dir = dir.display();
    anyhow::anyhow!("the ledger in {dir} is damaged ({error}): it does not start on a damaged log, which could serve wrong balances. {changed}; restore the data directory from a backup")
}

/// The log the settings name: JetStream (`application.log`) or the data directory's own.
pub fn open_configured_store(settings: &Settings) -> anyhow::Result<Arc<dyn Store>> {
    let application = &settings.application;
    let Some(options) = application.jetstream_options() else {
        return open_store(&application.data_dir, application.local_log());
    };
    let store = ledger::JetStreamStore::open(&options).with_context(|| format!("opening the ledger's log on {} (stream {})", options.servers, options.stream))?;
    Ok(Arc::new(store))
}

/// What differs between an engine node and an edge node.
struct Parts {
    engine: ledger::EngineHandle,
    history: crate::history::HistoryReads,
    hub: hub::HubHandle,
    book: Arc<RwLock<Book>>,
    casino: crate::casino::SharedTables,
    dealer: Option<crate::casino::Dealer>,
    feed: Option<crate::sports::feed::FeedHandle>,
    makers: Option<crate::exchange::makers::Makers>,
    edge: Option<crate::edge::Edge>,
    /// How the ledger reached its state at start.
    started_from: String,
}

/// The installation's keys (made on the first start), and the site settings filled in at start
/// (the keys, test mode, whether match odds are traded on the exchange).
fn installation_keys(settings: &mut Settings) -> anyhow::Result<crate::keys::Keys> {
    std::fs::create_dir_all(&settings.application.data_dir).with_context(|| format!("creating data directory {}", settings.application.data_dir.display()))?;
    let keys = crate::keys::load_or_create(&settings.application.data_dir, settings.payload.key_hex.as_deref(), settings.auth.secret_key_hex.as_deref())
        .context("the installation's keys")?;
    settings.site.payload_key = keys.payload_hex.clone();
    settings.site.test_mode = settings.test_mode;
    settings.site.exchange_matching = settings.exchange.matching;
    Ok(keys)
}

/// The ledger a server starts on: its log, and the state already folded from all of it when a
/// standby followed the log (else the engine replays it), with how the follower began.
pub struct Ledger {
    pub store: Arc<dyn Store>,
    pub folded: Option<(ledger::State, String)>,
}

/// The state at the end of the log: the newest snapshot this build trusts and the log's tail
/// after it (ledger::snapshot), or a replay from zero; then the thread that keeps the snapshots
/// up. Snapshots only save time: if they cannot be opened the ledger replays from zero.
fn restore(settings: &crate::configuration::ApplicationSettings, store: &Arc<dyn Store>) -> anyhow::Result<(ledger::State, String)> {
    let started = std::time::Instant::now();
    let snapshots = match ledger::Snapshots::open(&settings.data_dir, ledger::snapshot::this_build()) {
        Ok(snapshots) => Some(Arc::new(snapshots)),
        Err(error) => {
            tracing::warn!(%error, "the state's snapshots cannot be opened: replaying the log from zero, taking none");
            None
        }
    };
    let (state, restored) = match &snapshots {
        Some(snapshots) => snapshots.restore(store.as_ref()),
        None => ledger::audit::replay(store.as_ref(), u64::MAX).map(|state| {
            let tail_events = state.head_seq;
            (state, ledger::Restored { snapshot_seq: 0, tail_events })
        }),
    }
    .map_err(|error| if error.is_damage() { damaged_log(&settings.data_dir, &error) } else { anyhow::Error::new(error).context("replaying the ledger") })?;
    let started_from = restored.describe(state.head_seq, started.elapsed());
    check_sealed_log(store.clone())?;
    if let Some(snapshots) = snapshots.filter(|_| settings.snapshot_every_events > 0) {
        let check = std::time::Duration::from_millis(settings.snapshot_check_ms);
        snapshots.keep_up(store, settings.snapshot_every_events, check).context("starting the snapshot thread")?;
    }
    Ok((state, started_from))
}

/// Reads the part of the log that open took on trust (the sealed segments), off the start's
/// path: damage there does not touch the state (it came from a snapshot, or a replay that read
/// every batch), but the log is the record an audit replays, so it is reported at once.
fn check_sealed_log(store: Arc<dyn Store>) -> anyhow::Result<()> {
    std::thread::Builder::new()
        .name("ledger-log-check".into())
        .spawn(move || match store.check_sealed() {
            Ok(0) => {}
            Ok(segments) => tracing::info!(segments, "the log's sealed segments are checked"),
            Err(error) => tracing::error!(%error, "the ledger's log is damaged: the engine goes on (its state does not depend on those bytes) but an audit or a start without a snapshot will refuse it; restore the data directory from a backup"),
        })
        .context("starting the log's check")?;
    Ok(())
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Application> {
        let store = open_configured_store(&settings)?;
        Application::build_on(settings, Ledger { store, folded: None }).await
    }

    pub async fn build_on(mut settings: Settings, log: Ledger) -> anyhow::Result<Application> {
        let keys = installation_keys(&mut settings)?;
        let book = Arc::new(RwLock::new(Book::default()));
        let casino = crate::casino::SharedTables::default();
        // On a JetStream log the hub's changes are numbered and relayed to the edge nodes.
        let numbering = match settings.application.jetstream() {
            Some(servers) => Some(Arc::new(crate::push::numbering::Numbering::relaying(crate::edge::relay_pushes(servers, book.clone(), casino.clone()).await?))),
            None => None,
        };
        let hub = hub::spawn_numbered(numbering);
        let mut push = crate::push::notify::notifier(hub.clone());
        book.write().unwrap_or_else(|p| p.into_inner()).set_exchange(settings.exchange.matching);
        let mut depth = crate::exchange::notifier(book.clone(), hub.clone());
        let (history, wake_history) = on_a_thread_that_ends(|| crate::history::HistoryReads::start(&settings.application.data_dir, log.store.clone()))?;
        let notify: ledger::engine::Notify = Box::new(move |envelopes, state| {
            push(envelopes, state);
            depth(envelopes, state);
            wake_history();
        });
        let (state, started_from) = match log.folded {
            Some((state, began)) => {
                let started_from = format!("at event {}, followed from the log (begun {began})", state.head_seq);
                (state, started_from)
            }
            None => on_a_thread_that_ends(|| restore(&settings.application, &log.store))?,
        };
        let engine = ledger::start_on(log.store, state, notify).context("starting the engine")?;
        crate::services::seed::seed(&engine, &settings).await.context("seeding accounts")?;
        crate::services::demo_accounts::start_sweep(engine.clone(), &settings.auth);
        // At start the locked tables are the configuration's and those an operator locked in the
        // console (and did not unlock).
        let mut tables = settings.casino.locked_cids.clone();
        tables.extend(engine.read().casino.console_locks.iter().copied());
        let locks = ledger::Command::Casino(CasinoCommand::SetLockedTables { tables });
        engine.submit(crate::clock::now_ms(), locks).await.context("locking the configured casino tables")?;
        let rate_bp = settings.exchange.commission_bp;
        if engine.read().exchange.commission_bp != rate_bp {
            let set = ledger::Command::Exchange(ledger::ExchangeCommand::SetCommission { rate_bp });
            engine.submit(crate::clock::now_ms(), set).await.context("setting the exchange's commission")?;
        }
        // The order books resting in the ledger show on their markets from the start.
        {
            let ledger = engine.read();
            let mut shown = book.write().unwrap_or_else(|p| p.into_inner());
            for (mid, market) in &ledger.exchange.markets {
                shown.set_depth(market.gmid, *mid, crate::exchange::depth_levels(&ledger, *mid, crate::exchange::SHOWN_LEVELS));
            }
        }
        // Markets operators suspended stay suspended across the restart.
        book.write().unwrap_or_else(|p| p.into_inner()).set_holds(engine.read().sports.market_holds.clone());
        // Markets with a result stay closed across the restart, whoever settled them.
        book.write().unwrap_or_else(|p| p.into_inner()).set_resulted(engine.read().sports.resulted.clone());
        let feed = crate::sports::start_feed(&settings, book.clone(), hub.clone(), engine.clone()).await.context("starting the feed")?;
        let makers = if settings.exchange.matching && settings.feed.simulator {
            crate::exchange::makers::start(settings.exchange.makers.clone(), book.clone(), engine.clone()).await.context("starting the market makers")?
        } else {
            None
        };
        let dealer = crate::casino::start(&settings.casino, casino.clone(), hub.clone(), engine.clone()).await;
        let parts = Parts { engine, history, hub, book, casino, dealer, feed, makers, edge: None, started_from };
        let announce = settings.application.jetstream().map(str::to_owned).map(|servers| (servers, settings.application.log_replicas, settings.application.clone()));
        let application = Application::serve(settings, &keys, parts)?;
        if let Some((servers, replicas, at)) = announce {
            let url = at.advertise_url.clone().unwrap_or_else(|| {
                let scheme = if at.tls_cert.is_some() { "https" } else { "http" };
                let host = match at.host.as_str() {
                    "0.0.0.0" | "::" | "" => "127.0.0.1",
                    host => host,
                };
                format!("{scheme}://{host}:{}", application.port)
            });
            let announced = async {
                let client = ledger::jetstream::connect(&servers).await.map_err(|e| e.to_string())?;
                ledger::jetstream::announce_engine(&client, replicas, &url).await.map_err(|e| e.to_string())
            };
            match announced.await {
                Ok(()) => tracing::info!(%url, "this node's address announced to the edges"),
                Err(error) => tracing::warn!(%error, "the engine node's address could not be announced: edges that lose the engine they knew will not find it"),
            }
        }
        Ok(application)
    }

    /// An edge node (`serve --role edge`, `crate::edge`): the ledger's state followed from the
    /// log, read only, and the casino tables' rounds the engine node pushes; writes go to the
    /// engine node at `engine_url`. No feed, no casino dealer, no seeding: those are the engine
    /// node's.
    pub async fn build_edge(mut settings: Settings, engine_url: String) -> anyhow::Result<Application> {
        let keys = installation_keys(&mut settings)?;
        let hub = hub::spawn_numbered(Some(Arc::new(crate::push::numbering::Numbering::default())));
        let casino = crate::casino::SharedTables::default();
        let book = Arc::new(RwLock::new(Book::default()));
        book.write().unwrap_or_else(|p| p.into_inner()).set_exchange(settings.exchange.matching);
        let followed = crate::edge::follow(&settings, hub.clone(), book.clone(), casino.clone(), engine_url).await?;
        let started_from = format!("{}, following the log", followed.started_from);
        let history = crate::history::HistoryReads::open(&settings.application.data_dir, followed.engine.store().clone())?;
        let parts = Parts {
            engine: followed.engine,
            history,
            hub,
            book,
            casino,
            dealer: None,
            feed: None,
            makers: None,
            edge: Some(followed.edge),
            started_from,
        };
        Application::serve(settings, &keys, parts)
    }

    fn serve(settings: Settings, keys: &crate::keys::Keys, parts: Parts) -> anyhow::Result<Application> {
        let listener = TcpListener::bind((settings.application.host.as_str(), settings.application.port))
            .with_context(|| format!("binding {}:{}", settings.application.host, settings.application.port))?;
        let port = listener.local_addr().context("reading the bound port")?.port();
        let Parts { engine, history, hub, book, casino, dealer, feed, makers, edge, started_from } = parts;
        let snapshots = Arc::new(ledger::Snapshots::reading(&settings.application.data_dir, ledger::snapshot::this_build()));
        let keeps_snapshots = edge.is_none() && settings.application.jetstream().is_none() && settings.application.snapshot_every_events > 0;
        let snapshot_at_stop = keeps_snapshots.then(|| (snapshots.clone(), engine.clone()));
        let state = crate::http::state::AppState {
            book,
            casino,
            dealer,
            feed,
            makers,
            edge,
            cipher: PayloadCipher::from_hex(&keys.payload_hex)?,
            secret_cipher: PayloadCipher::from_hex(&keys.secret_hex).context("the secret key")?,
            login_limiter: LoginLimiter::new(settings.auth.login_free_failures, settings.auth.login_failures_per_ip),
            password_checks: crate::auth::passwords::PasswordChecks::new(
                settings.auth.password_checks_at_once,
                std::time::Duration::from_millis(settings.auth.password_check_wait_ms),
            ),
            client_limits: Arc::new(crate::http::client_limits::ClientLimits::new(&settings.limits)),
            verification: crate::verification::Verification::default(),
            audit_calls: crate::audit_calls::AuditCalls::new(settings.limits.audit_calls_at_once, settings.limits.audit_calls_waiting_max),
            snapshots: snapshots.clone(),
            settings,
            engine,
            history: Arc::new(history),
            hub,
        };
        let server = crate::startup::run(listener, state)?;
        Ok(Application { port, server, started_from, snapshot_at_stop })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// How the ledger reached its state: `at event N, from the snapshot at event S and …`.
    pub fn started_from(&self) -> &str {
        &self.started_from
    }

    /// Serves until the server is stopped (SIGTERM, SIGINT), then saves a snapshot of the state
    /// at its last event, so that the next start replays no tail (`Snapshots::save_unless_kept`).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await?;
        if let Some((snapshots, engine)) = self.snapshot_at_stop {
            let started = std::time::Instant::now();
            let state = engine.read().clone();
            let seq = state.head_seq;
            match snapshots.save_unless_kept(state, engine.store().as_ref()) {
                Ok(true) => tracing::info!(seq, elapsed_ms = started.elapsed().as_millis() as u64, "a snapshot of the state at the stop saved"),
                Ok(false) => {}
                Err(error) => tracing::warn!(%error, "no snapshot at the stop: the next start replays the log after the last one"),
            }
        }
        Ok(())
    }
}
