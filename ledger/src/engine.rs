//! The single writer. Commands arrive over a bounded channel; the engine decides them in
//! batches against its working state, appends the batch, flushes once, applies the events to the
//! published state that readers see, and only then answers each command (group commit).

use crate::bets::messages::BetReject;
use crate::command::{Command, Reject};
use crate::sports::messages::{BetDelay, SportsCommand};
use crate::decide::decide;
use crate::event::Envelope;
use crate::limits::{BATCH_COMMANDS_MAX, ENGINE_QUEUE_MAX};
use crate::apply::apply;
use crate::state::State;
use crate::store::{Store, StoreError};
use schemas::sports::Market;
use std::sync::{Arc, RwLock, RwLockReadGuard};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// Called after each durable batch with its events and the published state.
pub type Notify = Box<dyn FnMut(&[Envelope], &State) + Send>;

/// A bet or order again, on the quote after its delay.
type Requoted = Box<dyn Fn(Market, BetDelay) -> SportsCommand + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Rejected(#[from] Reject),
    #[error("the ledger is unavailable")]
    Unavailable,
    /// The log did not answer the write (`StoreError::Unanswered`): it may be stored yet.
    #[error("the ledger's log did not confirm the write")]
    Unconfirmed,
}

/// What a committed command wrote.
#[derive(Debug, Clone)]
pub struct Committed {
    pub events: Vec<Envelope>,
}

impl Committed {
    /// The sequence number of the command's last event (the head it left, if it wrote nothing).
    pub fn last_seq(&self) -> Option<u64> {
        self.events.last().map(|e| e.seq)
    }
}

struct Submission {
    at_ms: i64,
    command: Command,
    /// False for a check: decided against the state, answered, and not written.
    write: bool,
    reply: oneshot::Sender<Result<Committed, EngineError>>,
}

/// A cloneable handle: submit commands, read the published state, reach the store for audits.
#[derive(Clone)]
pub struct EngineHandle {
    tx: mpsc::Sender<Submission>,
    published: Arc<RwLock<State>>,
    store: Arc<dyn Store>,
}

impl EngineHandle {
    pub async fn submit(&self, at_ms: i64, command: impl Into<Command>) -> Result<Committed, EngineError> {
        self.send(at_ms, command.into(), true).await
    }

    /// Submits `commands` in their order (the engine decides each after the one before it, most
    /// of them in one batch) and waits for every answer, one per command in the same order.
    /// Concurrent `submit` calls promise no order among themselves.
    pub async fn submit_in_order(&self, at_ms: i64, commands: Vec<Command>) -> Vec<Result<Committed, EngineError>> {
        let mut answers = Vec::with_capacity(commands.len());
        for command in commands {
            let (reply, answer) = oneshot::channel();
            let sent = self.tx.send(Submission { at_ms, command, write: true, reply }).await;
            answers.push(sent.ok().map(|()| answer));
        }
        let mut results = Vec::with_capacity(answers.len());
        for answer in answers {
            results.push(match answer {
                Some(answer) => answer.await.unwrap_or(Err(EngineError::Unavailable)),
                None => Err(EngineError::Unavailable),
            });
        }
        results
    }

    /// Decides `command` against the current state without writing it: whether it would pass now.
    pub async fn check(&self, at_ms: i64, command: impl Into<Command>) -> Result<(), EngineError> {
        self.send(at_ms, command.into(), false).await.map(|_| ())
    }

    async fn send(&self, at_ms: i64, command: Command, write: bool) -> Result<Committed, EngineError> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(Submission { at_ms, command, write, reply }).await.map_err(|_| EngineError::Unavailable)?;
        answer.await.map_err(|_| EngineError::Unavailable)?
    }

    /// Places a sports bet or exchange order (or moves one) as the exchange takes it: without delay at once; in play
    /// it is checked against the quote the player saw, held for the market's delay
    /// (`sports::bet_delay_ms`), then decided against `requote()`, the quote after it, so a
    /// price that moved or a market that closed meanwhile refuses it. Other commands pass through.
    pub async fn place_bet(&self, at_ms: i64, command: impl Into<Command>, requote: impl FnOnce() -> Option<Market>) -> Result<Committed, EngineError> {
        let command = command.into();
        let (market, delay, bet): (Market, BetDelay, Requoted) = match command {
            Command::Sports(SportsCommand::PlaceBet { user_id, request_id, market, delay, stake_minor, info, accept_odds }) => {
                (market, delay, Box::new(move |market, delay| SportsCommand::PlaceBet { user_id, request_id: request_id.clone(), market, delay, stake_minor, info: info.clone(), accept_odds }))
            }
            Command::Sports(SportsCommand::PlaceOrder { user_id, request_id, market, delay, size_minor, persistence, info }) => {
                (market, delay, Box::new(move |market, delay| SportsCommand::PlaceOrder { user_id, request_id: request_id.clone(), market, delay, size_minor, persistence, info: info.clone() }))
            }
            Command::Sports(SportsCommand::ReplaceOrder { user_id, order_id, price_h, request_id, market, delay, requested_at_ms }) => {
                (market, delay, Box::new(move |market, delay| SportsCommand::ReplaceOrder { user_id, order_id, price_h, request_id: request_id.clone(), market, delay, requested_at_ms }))
            }
            Command::Sports(SportsCommand::CashOut { user_id, request_id, market, delay, share_bp, asked_value_minor, info }) => {
                (market, delay, Box::new(move |market, delay| SportsCommand::CashOut { user_id, request_id: request_id.clone(), market, delay, share_bp, asked_value_minor, info: info.clone() }))
            }
            command => return self.submit(at_ms, command).await,
        };
        let delay_ms = crate::sports::bet_delay_ms(&market, delay);
        if delay_ms <= 0 {
            return self.submit(at_ms, bet(market, delay)).await;
        }
        self.check(at_ms, bet(market, BetDelay::default())).await?;
        let started = Instant::now();
        tokio::time::sleep(Duration::from_millis(delay_ms.unsigned_abs())).await;
        let waited_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
        let market = requote().ok_or(Reject::Bets(BetReject::MarketNotOpen { status: "CLOSED".into() }))?;
        self.submit(at_ms.saturating_add(waited_ms), bet(market, delay)).await
    }

    /// The state as of the last durable batch. Hold the guard briefly: the engine waits for it.
    pub fn read(&self) -> RwLockReadGuard<'_, State> {
        self.published.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }
}

/// A handle on a state this process only follows (an edge node, docs/scale-out.md): `read`
/// serves it, `submit` answers `Unavailable` (nothing decides here), and the returned `Followed`
/// moves it on with the batches the engine appended.
pub fn read_only(store: Arc<dyn Store>, state: State) -> (EngineHandle, Followed) {
    let published = Arc::new(RwLock::new(state));
    // No engine thread takes from this channel: every submission finds it closed.
    let (tx, _) = mpsc::channel(1);
    (EngineHandle { tx, published: published.clone(), store }, Followed { published })
}

/// The writing side of a `read_only` handle.
pub struct Followed {
    published: Arc<RwLock<State>>,
}

impl Followed {
    /// Folds the next events of the log into the served state (refused unless they follow on).
    pub fn fold(&self, envelopes: &[Envelope]) -> Result<(), StoreError> {
        let mut state = self.published.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        crate::audit::fold(&mut state, envelopes)
    }

    pub fn read(&self) -> RwLockReadGuard<'_, State> {
        self.published.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Replays the store, then starts the engine thread. The thread ends when every handle is gone.
pub fn start(store: Arc<dyn Store>, notify: Notify) -> Result<EngineHandle, StoreError> {
    let state = crate::audit::replay(store.as_ref(), u64::MAX)?;
    start_on(store, state, notify)
}

/// Starts the engine thread on `state`, already folded from the whole of `store` (a standby that
/// followed the log and read it to its end): refused unless the state ends where the log does.
pub fn start_on(store: Arc<dyn Store>, state: State, notify: Notify) -> Result<EngineHandle, StoreError> {
    if state.head_seq != store.head() {
        return Err(StoreError::NotAtTheEnd { state: state.head_seq, log: store.head() });
    }
    let published = Arc::new(RwLock::new(state.clone()));
    let (tx, rx) = mpsc::channel(ENGINE_QUEUE_MAX);
    let worker = Worker { working: state, published: published.clone(), store: store.clone(), notify };
    std::thread::Builder::new()
        .name("ledger-engine".into())
        .spawn(move || worker.run(rx))
        .map_err(|source| StoreError::Io { context: "starting the engine thread", source })?;
    Ok(EngineHandle { tx, published, store })
}

struct Worker {
    working: State,
    published: Arc<RwLock<State>>,
    store: Arc<dyn Store>,
    notify: Notify,
}

impl Worker {
    fn run(mut self, mut rx: mpsc::Receiver<Submission>) {
        let mut batch = Vec::with_capacity(BATCH_COMMANDS_MAX);
        while let Some(first) = rx.blocking_recv() {
            batch.push(first);
            while batch.len() < BATCH_COMMANDS_MAX {
                match rx.try_recv() {
                    Ok(next) => batch.push(next),
                    Err(_) => break,
                }
            }
            if let Err(e) = self.commit(&mut batch) {
                // Nothing of the batch is durable: every submitter of it saw Unavailable (503), or
                // Unconfirmed when the log did not answer (it may land: `Landed` below).
                // The working state went ahead of the disk, so it goes back to the published
                // state, which holds exactly what is durable. Reads go on; each later batch tries
                // the disk again, so writes come back when it does (a full disk freed).
                tracing::error!(error = %e, "ledger append failed; the batch is refused");
                if let StoreError::Landed { events } = &e {
                    // An earlier batch, refused when the log did not answer, is in the log after
                    // all (decided on the published state, which nothing changed since): the
                    // state takes it in, as any committed batch.
                    let mut published = self.published.write().unwrap_or_else(|poisoned| poisoned.into_inner());
                    for envelope in events {
                        apply(&mut published, envelope);
                    }
                    let published = std::sync::RwLockWriteGuard::downgrade(published);
                    (self.notify)(events, &published);
                }
                let published = self.published.read().unwrap_or_else(|poisoned| poisoned.into_inner());
                self.working = published.clone();
            }
        }
    }

    fn commit(&mut self, batch: &mut Vec<Submission>) -> Result<(), StoreError> {
        let mut envelopes = Vec::new();
        let mut outcomes = Vec::with_capacity(batch.len());
        for submission in batch.iter() {
            // Log time never runs backwards, whatever the submitters' clocks say.
            let at_ms = submission.at_ms.max(self.working.head_at_ms);
            match decide(&self.working, at_ms, &submission.command) {
                Ok(_) if !submission.write => outcomes.push(Ok(0..0)),
                Ok(events) => {
                    let first = envelopes.len();
                    for event in events {
                        let envelope = Envelope { seq: self.working.head_seq + 1, at_ms, event };
                        apply(&mut self.working, &envelope);
                        envelopes.push(envelope);
                    }
                    outcomes.push(Ok(first..envelopes.len()));
                }
                Err(reject) => outcomes.push(Err(reject)),
            }
        }
        if !envelopes.is_empty() {
            if let Err(e) = self.store.append(&envelopes) {
                for submission in batch.drain(..) {
                    let refused = if matches!(e, StoreError::Unanswered { .. }) { EngineError::Unconfirmed } else { EngineError::Unavailable };
                    let _ = submission.reply.send(Err(refused));
                }
                return Err(e);
            }
            let mut published = self.published.write().unwrap_or_else(|poisoned| poisoned.into_inner());
            for envelope in &envelopes {
                apply(&mut published, envelope);
            }
            let published = std::sync::RwLockWriteGuard::downgrade(published);
            (self.notify)(&envelopes, &published);
        }
        for (submission, outcome) in batch.drain(..).zip(outcomes) {
            let answer = outcome
                .map(|range| Committed { events: envelopes[range].to_vec() })
                .map_err(EngineError::Rejected);
            // A submitter that gave up waiting is no error of the ledger's.
            let _ = submission.reply.send(answer);
        }
        Ok(())
    }
}
