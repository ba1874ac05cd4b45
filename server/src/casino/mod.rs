//! Live casino: the tables' current rounds as the server shows them, and the task that runs the
//! round engine, logs each round's opening, closing and result in the ledger, and pushes every
//! change on `casino:{gtype}`.

pub mod catalog;
pub mod round_bets;

use crate::configuration::CasinoSettings;
use crate::extract::now_ms;
use crate::ws::hub::{Full, HubHandle};
use feed_sim::casino::{CasinoConfig, CasinoEngine};
use ledger::{Command, EngineError, EngineHandle, Reject};
use schemas::casino::{CasinoEvent, CasinoRound, RoundResult, RoundStatus};
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

/// Starts the in-process round engine when the configuration asks for it. Every table's first
/// round is opened in the ledger (voiding any round an earlier run left unresulted) before the
/// tables are shown.
pub async fn start(settings: &CasinoSettings, tables: SharedTables, hub: HubHandle, engine: EngineHandle) {
    if !settings.simulator {
        return;
    }
    let mut sim = CasinoEngine::new(CasinoConfig { seed: settings.seed, speed: settings.speed, start_ms: now_ms() });
    for round in sim.snapshot() {
        show(&tables, &hub, &engine, round).await;
    }
    let tick = Duration::from_millis(settings.tick_ms.max(1));
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(tick);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last = Instant::now();
        loop {
            ticks.tick().await;
            let now = Instant::now();
            let elapsed_ms = u64::try_from(now.duration_since(last).as_millis()).unwrap_or(u64::MAX);
            last = now;
            for event in sim.step(elapsed_ms) {
                match event {
                    CasinoEvent::RoundUpdated { round } => show(&tables, &hub, &engine, round).await,
                    CasinoEvent::RoundResulted { result } => settle(&engine, result).await,
                }
            }
        }
    });
}

/// Logs what changed in the round (a new round opened, betting closed), then shows and pushes
/// it: a bet the page allows is never refused for a round the ledger does not know yet.
async fn show(tables: &SharedTables, hub: &HubHandle, engine: &EngineHandle, mut round: CasinoRound) {
    let previous = read(tables).round(&round.gtype).map(|r| (r.mid.clone(), r.status));
    let new_round = previous.as_ref().is_none_or(|(mid, _)| *mid != round.mid);
    if new_round {
        let table = catalog::table(&round.gtype).map_or(0, |t| t.number);
        submit(engine, Command::OpenRound { gtype: round.gtype.clone(), table, mid: round.mid.clone() }).await;
    }
    let was_open = new_round || previous.is_some_and(|(_, status)| status == RoundStatus::Open);
    if was_open && round.status != RoundStatus::Open {
        submit(engine, Command::CloseRound { gtype: round.gtype.clone(), mid: round.mid.clone() }).await;
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

async fn settle(engine: &EngineHandle, result: RoundResult) {
    let command = Command::SettleRound { gtype: result.gtype.clone(), mid: result.mid.clone(), result: Some(result) };
    submit(engine, command).await;
}

async fn submit(engine: &EngineHandle, command: Command) {
    match engine.submit(now_ms(), command).await {
        Ok(_) | Err(EngineError::Rejected(Reject::AlreadySettled)) => {}
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
