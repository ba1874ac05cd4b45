//! Sports: the market book fed by the simulator (or a provider), and the views of bets.

pub mod book;
pub mod feed;
pub mod views;

use crate::configuration::Settings;
use crate::ws::hub::HubHandle;
use book::Book;
use feed::{FeedHandle, FeedSource};
use schemas::sports::{FeedEvent, Market};
use ledger::EngineHandle;
use std::sync::{Arc, RwLock};

/// Ids of one feed world are offset by its epoch times this, so a restarted simulator never
/// reuses an id the ledger has seen. Sim ids stay below it; ids stay below 2^53 for the browser.
const EPOCH_ID_STRIDE: u64 = 1_000_000_000;

/// Starts the in-process simulator when the configuration asks for it: a new feed world in the
/// ledger (voiding markets an earlier world left open), then the feed task.
pub async fn start_feed(settings: &Settings, book: Arc<RwLock<Book>>, hub: HubHandle, engine: EngineHandle) -> anyhow::Result<Option<FeedHandle>> {
    if !settings.feed.simulator {
        return Ok(None);
    }
    engine.submit(crate::extract::now_ms(), ledger::Command::StartFeed).await?;
    let offset = engine.read().feed_epoch * EPOCH_ID_STRIDE;
    let feed = &settings.feed;
    let config = feed_sim::SimConfig {
        seed: feed.seed,
        speed: feed.speed,
        start_ms: crate::extract::now_ms(),
        fixtures_per_sport: feed.fixtures_per_sport,
        virtual_fixtures: feed.virtual_fixtures,
    };
    let source = Box::new(Simulated { sim: feed_sim::Simulator::new(config), offset });
    Ok(Some(feed::spawn(source, book, hub, engine, feed.tick_ms)))
}

/// The in-process simulator as a feed source, its ids moved into this feed world.
struct Simulated {
    sim: feed_sim::Simulator,
    offset: u64,
}

impl Simulated {
    fn world(&self, events: Vec<FeedEvent>) -> Vec<FeedEvent> {
        events.into_iter().map(|e| offset_ids(e, self.offset)).collect()
    }
}

/// Moves every id of a feed event by `offset`.
fn offset_ids(event: FeedEvent, offset: u64) -> FeedEvent {
    let market = |mut m: Market| {
        m.mid += offset;
        m.gmid += offset;
        m
    };
    match event {
        FeedEvent::FixtureAdded { mut fixture, markets } => {
            fixture.gmid += offset;
            FeedEvent::FixtureAdded { fixture, markets: markets.into_iter().map(market).collect() }
        }
        FeedEvent::FixtureUpdated { mut fixture } => {
            fixture.gmid += offset;
            FeedEvent::FixtureUpdated { fixture }
        }
        FeedEvent::MarketUpdated { market: m } => FeedEvent::MarketUpdated { market: market(m) },
        FeedEvent::ScoreUpdated { gmid, scoreboard } => FeedEvent::ScoreUpdated { gmid: gmid + offset, scoreboard },
        FeedEvent::MarketSettled { gmid, mid, result } => FeedEvent::MarketSettled { gmid: gmid + offset, mid: mid + offset, result },
        FeedEvent::FixtureRemoved { gmid } => FeedEvent::FixtureRemoved { gmid: gmid + offset },
    }
}

impl FeedSource for Simulated {
    fn snapshot(&self) -> Vec<FeedEvent> {
        self.world(self.sim.snapshot())
    }

    fn step(&mut self, real_dt_ms: u64) -> Vec<FeedEvent> {
        let events = self.sim.step(real_dt_ms);
        self.world(events)
    }

    fn finish(&mut self, gmid: u64, winner: &str) -> Result<Vec<FeedEvent>, String> {
        let winner = match winner {
            "home" => feed_sim::FixtureWinner::Home,
            "away" => feed_sim::FixtureWinner::Away,
            "draw" => feed_sim::FixtureWinner::Draw,
            other => return Err(format!("unknown winner '{other}'")),
        };
        let unknown = || format!("Unknown fixture {gmid}");
        let local = gmid.checked_sub(self.offset).ok_or_else(unknown)?;
        let events = self.sim.finish_fixture(local, winner);
        if events.is_empty() {
            return Err(unknown());
        }
        Ok(self.world(events))
    }
}
