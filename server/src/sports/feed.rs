//! The feed task: steps the feed on a fixed tick, folds its events into the book, pushes what
//! changed, and hands results to the ledger for settlement.

use ledger::{BetReject, SportsCommand};
use super::book::{Book, Changes, FeedResult, SIMULATOR_SOURCE};
use std::collections::BTreeMap;
use crate::clock::now_ms;
use crate::push::change::Full;
use crate::push::hub::HubHandle;
use ledger::{Command, EngineError, EngineHandle, Reject};
use schemas::sports::{FeedEvent, HomeDelta};
use std::sync::{Arc, RwLock};
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// A source of feed events: the in-process simulator, or a recorded or external feed.
pub trait FeedSource: Send + 'static {
    /// Everything live now, for a consumer that starts late.
    fn snapshot(&self) -> Vec<FeedEvent>;
    /// The feed's clock (Unix milliseconds) and speed (feed time per real time).
    fn clock(&self) -> (i64, f64);
    /// What feeds this server: `simulator`, or `scenario` (events sent to the API only).
    fn source(&self) -> &'static str;
    /// Advance by `real_dt_ms` of wall time.
    fn step(&mut self, real_dt_ms: u64) -> Vec<FeedEvent>;
    /// End a fixture now with the given winner (`home`, `away` or `draw`): every market settles.
    fn finish(&mut self, gmid: u64, winner: &str) -> Result<Vec<FeedEvent>, FeedError>;
}

/// Why the feed did not do what an operator asked.
#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    #[error("the feed is not running")]
    NotRunning,
    #[error("the feed stopped before answering")]
    Stopped,
    #[error("winner: unknown winner '{0}' (home, away or draw)")]
    UnknownWinner(String),
    #[error("Unknown fixture {0}")]
    UnknownFixture(u64),
    #[error("This server's feed cannot finish a fixture: settle or void each market")]
    CannotFinish,
}

/// What operators and testers ask of the running feed.
pub enum FeedControl {
    /// Fold these events as feed `source` sends them (scripted scenarios, recorded feeds, an
    /// adapter); no events is the source's heartbeat.
    Inject { source: String, events: Vec<FeedEvent>, done: oneshot::Sender<()> },
    Finish { gmid: u64, winner: String, done: oneshot::Sender<Result<(), FeedError>> },
}

/// Commands waiting for the feed task.
const FEED_CONTROL_QUEUE_MAX: usize = 64;

/// How the feed is doing, for the console: its clock and when it last said something.
#[derive(Debug, Clone, Default)]
pub struct FeedStatus {
    pub source: &'static str,
    pub clock_ms: i64,
    pub speed: f64,
    /// Wall time of the last step that brought events.
    pub last_event_at_ms: Option<i64>,
    /// Feed events folded since the server started.
    pub events: u64,
    /// The sources that send events to the API (adapters, scenarios), by name.
    pub sources: BTreeMap<String, SourceStatus>,
}

/// A feed that sends its events to the API.
#[derive(Debug, Clone, Default)]
pub struct SourceStatus {
    /// When it last sent events or a heartbeat.
    pub last_heard_ms: i64,
    pub events: u64,
    /// Silent longer than the configured time: its fixtures' markets show suspended.
    pub silent: bool,
}

#[derive(Clone)]
pub struct FeedHandle {
    tx: mpsc::Sender<FeedControl>,
    status: Arc<std::sync::Mutex<FeedStatus>>,
}

impl FeedHandle {
    pub fn status(&self) -> FeedStatus {
        self.status.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub async fn inject(&self, source: String, events: Vec<FeedEvent>) -> Result<(), FeedError> {
        let (done, answer) = oneshot::channel();
        self.tx.send(FeedControl::Inject { source, events, done }).await.map_err(|_| FeedError::NotRunning)?;
        answer.await.map_err(|_| FeedError::Stopped)
    }

    pub async fn finish(&self, gmid: u64, winner: String) -> Result<(), FeedError> {
        let (done, answer) = oneshot::channel();
        self.tx.send(FeedControl::Finish { gmid, winner, done }).await.map_err(|_| FeedError::NotRunning)?;
        answer.await.map_err(|_| FeedError::Stopped)?
    }
}

pub fn home_topic(etid: u32) -> String {
    format!("home:{etid}")
}

/// The sidebar tree and the ticker (`{tree: {t1, t2}, latest}`), pushed when fixtures come and go.
pub const TREE_TOPIC: &str = "tree";

pub fn match_topic(gmid: u64) -> String {
    format!("match:{gmid}")
}

/// Folds events into the book and returns what changed, under one short write lock.
pub fn fold(book: &RwLock<Book>, events: Vec<FeedEvent>) -> Vec<Changes> {
    fold_from(book, SIMULATOR_SOURCE, events)
}

/// `fold` for the events of feed `source`.
pub fn fold_from(book: &RwLock<Book>, source: &str, events: Vec<FeedEvent>) -> Vec<Changes> {
    let mut book = book.write().unwrap_or_else(|p| p.into_inner());
    events.into_iter().map(|e| book.apply_from(source, e)).collect()
}

/// A match page's whole state, for a subscriber that joins after a delta.
fn match_full(shared: &Arc<RwLock<Book>>, gmid: u64) -> Full {
    let shared = shared.clone();
    Full::Later(Arc::new(move || {
        let book = shared.read().unwrap_or_else(|p| p.into_inner());
        Some(serde_json::to_value(book.match_state(gmid)?).expect("wire types serialize"))
    }))
}

/// A sport's home table, for a subscriber that joins after a delta: read when one does, not
/// serialized whole for every change of one of its rows.
fn home_full(shared: &Arc<RwLock<Book>>, etid: u32) -> Full {
    let shared = shared.clone();
    Full::Later(Arc::new(move || {
        let book = shared.read().unwrap_or_else(|p| p.into_inner());
        Some(serde_json::to_value(book.home_rows(etid)).expect("wire types serialize"))
    }))
}

/// Publishes `changes` to the hub; each match's delta is taken out of them (moved, not cloned).
pub fn publish(shared: &Arc<RwLock<Book>>, hub: &HubHandle, changes: &mut [Changes]) {
    let book = shared.read().unwrap_or_else(|p| p.into_inner());
    let mut homes: Vec<(u32, u64)> = changes.iter().flat_map(|c| c.home.iter().copied()).collect();
    homes.sort_unstable();
    homes.dedup();
    for same_sport in homes.chunk_by(|a, b| a.0 == b.0) {
        let etid = same_sport[0].0;
        // A delta carries only the rows that changed (and the ids that left the table); the
        // snapshot for a newcomer is the whole table, read when it joins.
        let mut delta = HomeDelta::default();
        for &(_, gmid) in same_sport {
            match book.fixture(gmid) {
                // Virtual cricket is not on the home table.
                Some(fixture) if fixture.iscc != 0 => {}
                Some(fixture) => delta.rows.push(fixture.clone()),
                None => delta.removed.push(gmid),
            }
        }
        if delta.rows.is_empty() && delta.removed.is_empty() {
            continue;
        }
        hub.publish(home_topic(etid), serde_json::value::to_raw_value(&delta).expect("wire types serialize"), home_full(shared, etid));
    }
    if changes.iter().any(|c| c.navigation) {
        // The whole tree and ticker: small (one row per fixture), and a newcomer needs it all.
        hub.publish(TREE_TOPIC.to_owned(), super::navigation::navigation(&book), Full::Delta);
    }
    for (gmid, delta) in changes.iter_mut().flat_map(|c| std::mem::take(&mut c.matches)) {
        hub.publish(match_topic(gmid), delta, match_full(shared, gmid));
    }
}

/// How often the cricket-virtual table's pages get the simulated clock (real time), like the
/// casino countdown.
const CLOCK_PUSH_EVERY: Duration = Duration::from_secs(1);

/// The simulated clock to every cricket-virtual fixture's page (`{"kind": "clock"}`).
fn publish_clocks(shared: &Arc<RwLock<Book>>, hub: &HubHandle, clock_ms: i64) {
    let gmids: Vec<u64> = shared.read().unwrap_or_else(|p| p.into_inner()).clocked().collect();
    for gmid in gmids {
        hub.publish(match_topic(gmid), json!({"kind": "clock", "clock_ms": clock_ms}), match_full(shared, gmid));
    }
}

/// Runners withdrawn go to the ledger first (each lapses its market's orders and reduces its
/// bets); fixtures that turned in-play lapse their exchange orders that asked to; then results
/// go to the ledger in feed order, and one already settled (a replayed feed) is no error.
pub async fn settle(engine: &EngineHandle, changes: &[Changes]) {
    for w in changes.iter().flat_map(|c| c.withdrawals.iter()) {
        let command = Command::Sports(SportsCommand::WithdrawRunner { gmid: w.gmid, mid: w.mid, sid: w.sid, reduction_factor_bp: w.reduction_factor_bp });
        match engine.submit(now_ms(), command).await {
            Ok(_) | Err(EngineError::Rejected(Reject::Bets(BetReject::RunnerAlreadyWithdrawn | BetReject::AlreadySettled))) => {}
            Err(e) => tracing::error!(gmid = w.gmid, mid = w.mid, sid = w.sid, error = %e, "withdrawing a runner failed"),
        }
    }
    for gmid in changes.iter().flat_map(|c| c.in_play.iter()) {
        if let Err(e) = engine.submit(now_ms(), Command::Exchange(ledger::ExchangeCommand::TurnInPlay { gmid: *gmid })).await {
            tracing::error!(gmid, error = %e, "lapsing orders at in-play failed");
        }
    }
    for FeedResult { gmid, mid, result, market } in changes.iter().flat_map(|c| c.results.iter()) {
        let command = Command::Sports(SportsCommand::SettleMarket { gmid: *gmid, mid: *mid, result: result.clone(), market: market.clone() });
        match engine.submit(now_ms(), command).await {
            Ok(_) | Err(EngineError::Rejected(Reject::Bets(BetReject::AlreadySettled))) => {}
            Err(e) => tracing::error!(gmid, mid, error = %e, "settlement failed"),
        }
    }
}

/// Runs the feed: one task owns the source; ticks and control commands take turns. A source
/// sending to the API that stays silent `silence_ms` (0: never) has its fixtures suspended
/// until it speaks again.
pub fn spawn(mut source: Box<dyn FeedSource>, book: Arc<RwLock<Book>>, hub: HubHandle, engine: EngineHandle, tick_ms: u64, silence_ms: i64) -> FeedHandle {
    let (tx, mut rx) = mpsc::channel(FEED_CONTROL_QUEUE_MAX);
    let mut first = fold(&book, source.snapshot());
    publish(&book, &hub, &mut first);
    let status = Arc::new(std::sync::Mutex::new(FeedStatus::default()));
    let shared = status.clone();
    let note = move |source: &dyn FeedSource, events: usize| {
        let mut status = shared.lock().unwrap_or_else(|p| p.into_inner());
        (status.clock_ms, status.speed) = source.clock();
        status.source = source.source();
        if events > 0 {
            status.last_event_at_ms = Some(now_ms());
            status.events += events as u64;
        }
    };
    note(source.as_ref(), first.len());
    book.write().unwrap_or_else(|p| p.into_inner()).set_clock(source.clock().0);
    let handle = FeedHandle { tx, status: status.clone() };
    tokio::spawn(async move {
        settle(&engine, &first).await;
        let mut clock_pushed: Option<Instant> = None;
        let mut ticks = tokio::time::interval(Duration::from_millis(tick_ms));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let events = tokio::select! {
                _ = ticks.tick() => source.step(tick_ms),
                control = rx.recv() => match control {
                    None => break,
                    Some(FeedControl::Inject { source: name, events, done }) => {
                        let woke = heard(&status, &name, events.len());
                        if woke {
                            let changes = book.write().unwrap_or_else(|p| p.into_inner()).silence(&name, false);
                            publish(&book, &hub, &mut [changes]);
                        }
                        run_from(&book, &hub, &engine, &name, events).await;
                        let _ = done.send(());
                        continue;
                    }
                    Some(FeedControl::Finish { gmid, winner, done }) => {
                        let outcome = source.finish(gmid, &winner);
                        let answer = match outcome {
                            Ok(events) => { run(&book, &hub, &engine, events).await; Ok(()) }
                            Err(e) => Err(e),
                        };
                        let _ = done.send(answer);
                        continue;
                    }
                },
            };
            note(source.as_ref(), events.len());
            run(&book, &hub, &engine, events).await;
            let clock_ms = source.clock().0;
            book.write().unwrap_or_else(|p| p.into_inner()).set_clock(clock_ms);
            if clock_pushed.is_none_or(|at| at.elapsed() >= CLOCK_PUSH_EVERY) {
                clock_pushed = Some(Instant::now());
                publish_clocks(&book, &hub, clock_ms);
            }
            if silence_ms > 0 {
                for name in gone_silent(&status, now_ms() - silence_ms) {
                    tracing::warn!(source = %name, silence_ms, "a feed went silent: its fixtures are suspended");
                    let changes = book.write().unwrap_or_else(|p| p.into_inner()).silence(&name, true);
                    publish(&book, &hub, &mut [changes]);
                }
            }
        }
    });
    handle
}

/// Notes that source `name` spoke; whether it had been silent.
fn heard(status: &std::sync::Mutex<FeedStatus>, name: &str, events: usize) -> bool {
    let mut status = status.lock().unwrap_or_else(|p| p.into_inner());
    let source = status.sources.entry(name.to_owned()).or_default();
    source.last_heard_ms = now_ms();
    source.events += events as u64;
    std::mem::take(&mut source.silent)
}

/// The sources heard last before `before` and not yet silent, now marked silent.
fn gone_silent(status: &std::sync::Mutex<FeedStatus>, before: i64) -> Vec<String> {
    let mut status = status.lock().unwrap_or_else(|p| p.into_inner());
    let quiet = status.sources.iter_mut().filter(|(_, s)| !s.silent && s.last_heard_ms < before);
    quiet.map(|(name, s)| {
        s.silent = true;
        name.clone()
    })
    .collect()
}

async fn run(book: &Arc<RwLock<Book>>, hub: &HubHandle, engine: &EngineHandle, events: Vec<FeedEvent>) {
    run_from(book, hub, engine, SIMULATOR_SOURCE, events).await;
}

async fn run_from(book: &Arc<RwLock<Book>>, hub: &HubHandle, engine: &EngineHandle, source: &str, events: Vec<FeedEvent>) {
    if events.is_empty() {
        return;
    }
    let mut changes = fold_from(book, source, events);
    publish(book, hub, &mut changes);
    settle(engine, &changes).await;
}
