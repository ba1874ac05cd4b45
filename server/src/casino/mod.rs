//! Live casino: the tables' current rounds as the server shows them, and the task that runs the
//! round engine, logs each round's opening, closing and result in the ledger, and pushes every
//! change on `casino:{gtype}`.

pub mod catalog;

use ledger::{BetReject, CasinoCommand, CasinoReject};
use crate::configuration::CasinoSettings;
use crate::clock::now_ms;
use crate::push::change::Full;
use crate::push::hub::HubHandle;
use feed_sim::casino::{CasinoConfig, CasinoEngine};
use ledger::casino::round_book;
use ledger::{BookKey, Command, EngineError, EngineHandle, FeedWorld, Reject};
use schemas::casino::{CasinoEvent, CasinoRound, RoundResult, RoundStatus, PICK_SCOPE};
use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

pub fn casino_topic(gtype: &str) -> String {
    format!("casino:{gtype}")
}

/// Every table's current round, by gtype.
#[derive(Debug, Default)]
pub struct Tables {
    rounds: BTreeMap<String, CasinoRound>,
}

impl Tables {
    pub fn round(&self, gtype: &str) -> Option<&CasinoRound> {
        self.rounds.get(gtype)
    }
}

pub type SharedTables = Arc<RwLock<Tables>>;

pub fn read(tables: &SharedTables) -> std::sync::RwLockReadGuard<'_, Tables> {
    tables.read().unwrap_or_else(|p| p.into_inner())
}

/// A round the engine node showed, kept by an edge node for its reads (`crate::edge`).
/// `only_new`: kept only when the table has no round yet (a snapshot the edge asked for may be
/// older than a change it was sent meanwhile).
pub fn keep(tables: &SharedTables, round: CasinoRound, only_new: bool) {
    let mut tables = tables.write().unwrap_or_else(|p| p.into_inner());
    if !(only_new && tables.rounds.contains_key(&round.gtype)) {
        tables.rounds.insert(round.gtype.clone(), round);
    }
}

/// What testers ask of the running round engine.
enum DealerControl {
    /// Stack the table's shoe for its next deal: the round it will deal, or why not.
    Stack { gtype: String, faces: Vec<String>, done: tokio::sync::oneshot::Sender<Result<String, String>> },
}

/// The running round engine.
#[derive(Clone)]
pub struct Dealer {
    tx: tokio::sync::mpsc::Sender<DealerControl>,
}

impl Dealer {
    /// Stacks table `gtype`'s shoe (test mode): the round it will deal.
    pub async fn stack(&self, gtype: &str, faces: Vec<String>) -> Result<String, String> {
        let (done, answer) = tokio::sync::oneshot::channel();
        self.tx.send(DealerControl::Stack { gtype: gtype.to_owned(), faces, done }).await.map_err(|_| "the round engine is not running".to_owned())?;
        answer.await.map_err(|_| "the round engine stopped".to_owned())?
    }
}

/// Starts the in-process round engine when the configuration asks for it. The casino world the
/// ledger holds goes on when the settings are the same (a restart or a deploy): the engine is
/// rebuilt from the world's seed and start and deals the time it missed, and each table's round
/// the ledger has open settles with its real result (its cards were fixed by its seed when it
/// opened), so a restart voids no bet. Then every table's current round is shown.
pub async fn start(settings: &CasinoSettings, tables: SharedTables, hub: HubHandle, engine: EngineHandle) -> Option<Dealer> {
    if !settings.simulator {
        return None;
    }
    let now = now_ms();
    let speed = if settings.speed.is_nan() { 1.0 } else { settings.speed.clamp(0.0, feed_sim::SPEED_MAX) };
    let asked = FeedWorld { seed: settings.seed, start_ms: now, speed_milli: (speed * 1000.0).round() as u64, fixtures_per_sport: 0, virtual_fixtures: 0 };
    submit(&engine, Command::Casino(CasinoCommand::StartCasino { world: asked.clone() })).await;
    let world = engine.read().casino.casino_world.clone().unwrap_or(asked);
    let mut sim = CasinoEngine::new(CasinoConfig { seed: settings.seed, speed: settings.speed, start_ms: world.start_ms });
    catch_up(&mut sim, u64::try_from(now - world.start_ms).unwrap_or(0), &engine).await;
    for round in sim.snapshot() {
        show(&tables, &hub, &engine, round).await;
    }
    let tick = Duration::from_millis(settings.tick_ms.max(1));
    let (tx, mut rx) = tokio::sync::mpsc::channel(DEALER_CONTROL_QUEUE_MAX);
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(tick);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last = Instant::now();
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                control = rx.recv() => {
                    match control {
                        Some(DealerControl::Stack { gtype, faces, done }) => {
                            let _ = done.send(sim.stack(&gtype, &faces));
                        }
                        None => break,
                    }
                    continue;
                }
            }
            let now = Instant::now();
            let elapsed_ms = u64::try_from(now.duration_since(last).as_millis()).unwrap_or(u64::MAX);
            last = now;
            for event in sim.step(elapsed_ms) {
                match event {
                    CasinoEvent::RoundUpdated { round } => {
                        if !dealt_aside(&tables, &hub, &engine, &round) {
                            show(&tables, &hub, &engine, round).await;
                        }
                    }
                    // A round the ledger does not have open (dealt while paused, or voided) is
                    // not settled.
                    CasinoEvent::RoundResulted { result } => {
                        if engine.read().casino.tables.get(&result.gtype).is_some_and(|r| r.mid == result.mid) {
                            settle(&engine, result).await;
                        }
                    }
                }
            }
        }
    });
    Some(Dealer { tx })
}

/// Commands waiting for the round engine.
const DEALER_CONTROL_QUEUE_MAX: usize = 16;

/// Real time one catch-up step deals: well inside the engine's actions per step, so the rounds
/// are the ones the tables dealt before, step for step.
const CATCH_UP_STEP_MS: u64 = 1_000;

/// Deals the real time the server missed, keeping only the results of the rounds the ledger has
/// open (the tables' rounds of the missed time took no bets and are not logged).
async fn catch_up(sim: &mut CasinoEngine, missed_ms: u64, engine: &EngineHandle) {
    let mut open: BTreeMap<String, String> = engine.read().casino.tables.iter().map(|(gtype, round)| (gtype.clone(), round.mid.clone())).collect();
    let mut done_ms = 0;
    while done_ms < missed_ms && !open.is_empty() {
        let step_ms = CATCH_UP_STEP_MS.min(missed_ms - done_ms);
        for event in sim.step(step_ms) {
            if let CasinoEvent::RoundResulted { result } = event {
                if open.get(&result.gtype) == Some(&result.mid) {
                    open.remove(&result.gtype);
                    settle(engine, result).await;
                }
            }
        }
        done_ms += step_ms;
    }
    while done_ms < missed_ms {
        let step_ms = CATCH_UP_STEP_MS.min(missed_ms - done_ms);
        sim.step(step_ms);
        done_ms += step_ms;
    }
}

/// Says the table deals no more on its page.
const PAUSED_REMARK: &str = "Dealing is paused. The next round opens when it resumes.";
const VOIDED_REMARK: &str = "This round is void: every stake is returned.";

/// Whether the round engine's `round` is kept from the players: a round an operator voided (the
/// engine deals it out unseen), or a new round while the table's dealing is paused. The table then
/// says so on its current round, once.
fn dealt_aside(tables: &SharedTables, hub: &HubHandle, engine: &EngineHandle, round: &CasinoRound) -> bool {
    let (voided, paused) = {
        let ledger = engine.read();
        let voided = ledger::casino::round_book(&round.mid).is_some_and(|book| ledger.casino.resulted.is_void(&round.gtype, book));
        let shown_now = read(tables).round(&round.gtype).is_some_and(|r| r.mid == round.mid);
        (voided, ledger.casino.paused_tables.contains(&round.gtype) && !shown_now)
    };
    if paused {
        set_remark(tables, hub, &round.gtype, None, PAUSED_REMARK);
    }
    voided || paused
}

/// The table's round `mid` was voided: its page shows it over, stakes returned.
pub fn show_voided(tables: &SharedTables, hub: &HubHandle, gtype: &str, mid: &str) {
    set_remark(tables, hub, gtype, Some(mid), VOIDED_REMARK);
}

/// Puts `remark` on the table's current round (only round `mid`, when given), taking it off
/// bets, and pushes it; nothing when it says so already.
fn set_remark(tables: &SharedTables, hub: &HubHandle, gtype: &str, mid: Option<&str>, remark: &str) {
    let mut tables = tables.write().unwrap_or_else(|p| p.into_inner());
    let Some(round) = tables.rounds.get_mut(gtype).filter(|r| mid.is_none_or(|mid| r.mid == mid) && r.remark != remark) else { return };
    round.remark = remark.to_owned();
    round.lt = 0;
    if round.status == RoundStatus::Open {
        round.status = RoundStatus::Suspended;
    }
    for item in &mut round.items {
        item.gstatus = schemas::casino::ItemStatus::Suspended;
    }
    round.ts = now_ms();
    let full = serde_json::to_value(&*round).expect("wire types serialize");
    hub.publish(casino_topic(gtype), full.clone(), Full::Value(full));
}

/// Logs what changed in the round (a new round opened, betting closed), then shows and pushes
/// it: a bet the page allows is never refused for a round the ledger does not know yet.
async fn show(tables: &SharedTables, hub: &HubHandle, engine: &EngineHandle, mut round: CasinoRound) {
    let previous = read(tables).round(&round.gtype).map(|r| (r.mid.clone(), r.status));
    let new_round = previous.as_ref().is_none_or(|(mid, _)| *mid != round.mid);
    if new_round {
        let table = catalog::table(&round.gtype).map_or(0, |t| t.number);
        submit(engine, Command::Casino(CasinoCommand::OpenRound { gtype: round.gtype.clone(), table, mid: round.mid.clone() })).await;
    }
    let was_open = new_round || previous.as_ref().is_some_and(|(_, status)| *status == RoundStatus::Open);
    if was_open && round.status != RoundStatus::Open {
        submit(engine, Command::Casino(CasinoCommand::CloseRound { gtype: round.gtype.clone(), mid: round.mid.clone() })).await;
    }
    // In play (the super over): betting opens again between two balls of the round.
    if !was_open && round.status == RoundStatus::Open {
        submit(engine, Command::Casino(CasinoCommand::ReopenRound { gtype: round.gtype.clone(), mid: round.mid.clone() })).await;
    }
    round.ts = now_ms();
    let full = serde_json::to_value(&round).expect("wire types serialize");
    let before = read(tables).round(&round.gtype).map(|r| serde_json::to_value(r).expect("wire types serialize"));
    let delta = before.map_or_else(|| full.clone(), |before| changed_fields(&before, &full));
    hub.publish(casino_topic(&round.gtype), delta, Full::Value(full));
    tables.write().unwrap_or_else(|p| p.into_inner()).rounds.insert(round.gtype.clone(), round);
}

/// The fields of `after` that differ from `before`, with `mid` and `ts` always: a page merges
/// them into the round it has. A tick of the countdown is then a few dozen bytes instead of the
/// whole round with every item.
fn changed_fields(before: &serde_json::Value, after: &serde_json::Value) -> serde_json::Value {
    let (Some(before), Some(after)) = (before.as_object(), after.as_object()) else { return after.clone() };
    let changed = after.iter().filter(|(key, value)| matches!(key.as_str(), "mid" | "ts") || before.get(*key) != Some(value));
    serde_json::Value::Object(changed.map(|(k, v)| (k.clone(), v.clone())).collect())
}

/// Logs the result and settles the round; every pick with bets is judged from the result's
/// cards first (betting is closed, so the ledger's picks of the round are all there are).
async fn settle(engine: &EngineHandle, mut result: RoundResult) {
    let scopes: Vec<u32> = match round_book(&result.mid) {
        Some(book) => engine.read().betting.books.range(BookKey { mid: book, scope: PICK_SCOPE }..=BookKey { mid: book, scope: u32::MAX }).map(|(key, _)| key.scope).collect(),
        None => vec![],
    };
    result.items.extend(feed_sim::casino::judge_picks(&result, &scopes));
    let command = Command::Casino(CasinoCommand::SettleRound { gtype: result.gtype.clone(), mid: result.mid.clone(), result: Some(result) });
    submit(engine, command).await;
}

async fn submit(engine: &EngineHandle, command: Command) {
    match engine.submit(now_ms(), command).await {
        // A round the ledger already has goes on after a restart.
        Ok(_) | Err(EngineError::Rejected(Reject::Bets(BetReject::AlreadySettled) | Reject::Casino(CasinoReject::RoundExists { .. }))) => {}
        Err(e) => tracing::error!(error = %e, "casino round not logged"),
    }
}

#[cfg(test)]
mod tests {
    use super::changed_fields;
    use serde_json::json;

    #[test]
    fn a_delta_carries_what_changed_and_always_the_round_and_time() {
        let before = json!({"mid": "1", "lt": 5, "status": "OPEN", "items": [1, 2], "ts": 10});
        let after = json!({"mid": "1", "lt": 4, "status": "OPEN", "items": [1, 2], "ts": 11});
        assert_eq!(changed_fields(&before, &after), json!({"mid": "1", "lt": 4, "ts": 11}));
        let next = json!({"mid": "2", "lt": 20, "status": "OPEN", "items": [1, 3], "ts": 12});
        assert_eq!(changed_fields(&after, &next), json!({"mid": "2", "lt": 20, "items": [1, 3], "ts": 12}));
    }
}
