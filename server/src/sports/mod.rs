//! Sports: the market book fed by the simulator (or a provider), and the views of bets.

pub mod book;
pub mod feed;
pub mod views;

use crate::configuration::Settings;
use crate::ws::hub::HubHandle;
use book::Book;
use feed::{FeedHandle, FeedSource};
use schemas::sports::FeedEvent;
use ledger::EngineHandle;
use std::sync::{Arc, RwLock};

/// Starts the in-process simulator when the configuration asks for it.
pub fn start_feed(settings: &Settings, book: Arc<RwLock<Book>>, hub: HubHandle, engine: EngineHandle) -> Option<FeedHandle> {
    if !settings.feed.simulator {
        return None;
    }
    let feed = &settings.feed;
    let config = feed_sim::SimConfig {
        seed: feed.seed,
        speed: feed.speed,
        start_ms: crate::extract::now_ms(),
        fixtures_per_sport: feed.fixtures_per_sport,
        virtual_fixtures: feed.virtual_fixtures,
    };
    let source = Box::new(Simulated(feed_sim::Simulator::new(config)));
    Some(feed::spawn(source, book, hub, engine, feed.tick_ms))
}

/// The in-process simulator as a feed source.
struct Simulated(feed_sim::Simulator);

impl FeedSource for Simulated {
    fn snapshot(&self) -> Vec<FeedEvent> {
        self.0.snapshot()
    }

    fn step(&mut self, real_dt_ms: u64) -> Vec<FeedEvent> {
        self.0.step(real_dt_ms)
    }

    fn finish(&mut self, gmid: u64, winner: &str) -> Result<Vec<FeedEvent>, String> {
        let winner = match winner {
            "home" => feed_sim::FixtureWinner::Home,
            "away" => feed_sim::FixtureWinner::Away,
            "draw" => feed_sim::FixtureWinner::Draw,
            other => return Err(format!("unknown winner '{other}'")),
        };
        let events = self.0.finish_fixture(gmid, winner);
        if events.is_empty() {
            return Err(format!("Unknown fixture {gmid}"));
        }
        Ok(events)
    }
}
