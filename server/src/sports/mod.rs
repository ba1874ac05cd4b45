//! Sports: the market book fed by the simulator (or a provider), and the views of bets.

pub mod book;
pub mod control;
pub mod feed;
pub mod feed_check;
pub mod navigation;

use ledger::SportsCommand;
use crate::configuration::Settings;
use crate::push::hub::HubHandle;
use book::{Book, Changes};
use feed::{FeedError, FeedHandle, FeedSource};
use schemas::sports::FeedEvent;
use ledger::{EngineHandle, FeedWorld};
use std::sync::{Arc, RwLock};

/// Ids of one feed world are offset by its epoch times this, so a restarted simulator never
/// reuses an id the ledger has seen. Sim ids stay below it; ids stay below 2^53 for the browser.
const EPOCH_ID_STRIDE: u64 = 1_000_000_000;

/// Starts the in-process simulator when the configuration asks for it. The feed world the
/// ledger holds goes on when the settings are the same (a restart or a deploy): the simulator is
/// rebuilt from the world's seed and start, replays the time it missed, and the results of that
/// time settle in the ledger, so open bets stay open on the same matches. Otherwise a new world
/// begins (voiding markets an earlier world left open). Then the feed task runs.
pub async fn start_feed(settings: &Settings, book: Arc<RwLock<Book>>, hub: HubHandle, engine: EngineHandle) -> anyhow::Result<Option<FeedHandle>> {
    if !settings.feed.simulator {
        // No simulator: the feed is what testers and adapters send to the API (scenarios).
        return Ok(Some(feed::spawn(Box::new(Scripted), book, hub, engine, settings.feed.tick_ms, silence_ms(settings))));
    }
    let feed = &settings.feed;
    let now = crate::clock::now_ms();
    let asked = FeedWorld {
        seed: feed.seed,
        start_ms: now,
        speed_milli: (feed.speed.clamp(0.0, feed_sim::SPEED_MAX) * 1000.0).round() as u64,
        fixtures_per_sport: u32::try_from(feed.fixtures_per_sport).unwrap_or(u32::MAX),
        virtual_fixtures: u32::try_from(feed.virtual_fixtures).unwrap_or(u32::MAX),
    };
    engine.submit(now, ledger::Command::Sports(SportsCommand::StartFeed { world: asked.clone() })).await?;
    let (epoch, world) = {
        let ledger = engine.read();
        (ledger.sports.feed_epoch, ledger.sports.feed_world.clone().unwrap_or(asked))
    };
    let config = feed_sim::SimConfig {
        seed: feed.seed,
        speed: feed.speed,
        start_ms: world.start_ms,
        fixtures_per_sport: feed.fixtures_per_sport,
        virtual_fixtures: feed.virtual_fixtures,
        release_period_ms: feed.release_period_ms,
        races: feed.racing.race_config(),
    };
    let mut source = Simulated { sim: feed_sim::Simulator::new(config), offset: epoch * EPOCH_ID_STRIDE };
    let missed_ms = u64::try_from(now - world.start_ms).unwrap_or(0);
    if missed_ms > 0 {
        catch_up(&mut source, missed_ms, &book, &engine).await;
    }
    Ok(Some(feed::spawn(Box::new(source), book, hub, engine, feed.tick_ms, silence_ms(settings))))
}

/// Real time one catch-up step covers: small enough that no step reaches the simulator's action
/// limit, so the world is the one the feed published before, step for step.
const CATCH_UP_STEP_MS: u64 = 1_000;

/// Steps the simulator through the real time the server missed, folding it into the book a step
/// at a time (a week of it would not fit in memory at once), and settles in the ledger the
/// markets that ended meanwhile.
async fn catch_up(source: &mut Simulated, missed_ms: u64, book: &Arc<RwLock<Book>>, engine: &EngineHandle) {
    let (mut results, mut withdrawals) = (Vec::new(), Vec::new());
    let mut done_ms = 0;
    while done_ms < missed_ms {
        let step_ms = CATCH_UP_STEP_MS.min(missed_ms - done_ms);
        for changes in feed::fold(book, source.step(step_ms)) {
            results.extend(changes.results);
            withdrawals.extend(changes.withdrawals);
        }
        done_ms += step_ms;
    }
    results.retain(|r| !engine.read().sports.resulted.contains(r.mid));
    withdrawals.retain(|w| !engine.read().sports.resulted.contains(w.mid));
    tracing::info!(missed_ms, settled = results.len(), "the feed world goes on: caught up with the time missed");
    feed::settle(engine, &[Changes { results, withdrawals, ..Changes::default() }]).await;
}

/// How long a feed sending to the API may stay silent before its fixtures are suspended.
fn silence_ms(settings: &Settings) -> i64 {
    i64::try_from(settings.feed.silence_secs.saturating_mul(1000)).unwrap_or(i64::MAX)
}

/// The feed of a server without a simulator: nothing of its own; events come through the API.
struct Scripted;

impl FeedSource for Scripted {
    fn snapshot(&self) -> Vec<FeedEvent> {
        Vec::new()
    }

    fn clock(&self) -> (i64, f64) {
        (crate::clock::now_ms(), 1.0)
    }

    fn source(&self) -> &'static str {
        "scenario"
    }

    fn step(&mut self, _real_dt_ms: u64) -> Vec<FeedEvent> {
        Vec::new()
    }

    fn finish(&mut self, _gmid: u64, _winner: &str) -> Result<Vec<FeedEvent>, FeedError> {
        Err(FeedError::CannotFinish)
    }
}

/// The in-process simulator as a feed source, its ids moved into this feed world.
struct Simulated {
    sim: feed_sim::Simulator,
    offset: u64,
}

impl Simulated {
    fn world(&self, events: Vec<FeedEvent>) -> Vec<FeedEvent> {
        events.into_iter().map(|e| feed_sim::offset_ids(e, self.offset)).collect()
    }
}

impl FeedSource for Simulated {
    fn snapshot(&self) -> Vec<FeedEvent> {
        self.world(self.sim.snapshot())
    }

    fn clock(&self) -> (i64, f64) {
        self.sim.clock()
    }

    fn source(&self) -> &'static str {
        "simulator"
    }

    fn step(&mut self, real_dt_ms: u64) -> Vec<FeedEvent> {
        let events = self.sim.step(real_dt_ms);
        self.world(events)
    }

    fn finish(&mut self, gmid: u64, winner: &str) -> Result<Vec<FeedEvent>, FeedError> {
        let winner = match winner {
            "home" => feed_sim::FixtureWinner::Home,
            "away" => feed_sim::FixtureWinner::Away,
            "draw" => feed_sim::FixtureWinner::Draw,
            other => return Err(FeedError::UnknownWinner(other.to_owned())),
        };
        let unknown = || FeedError::UnknownFixture(gmid);
        let local = gmid.checked_sub(self.offset).ok_or_else(unknown)?;
        let events = self.sim.finish_fixture(local, winner);
        if events.is_empty() {
            return Err(unknown());
        }
        Ok(self.world(events))
    }
}
