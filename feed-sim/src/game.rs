//! The interface every sport's model offers the fixture layer.

use crate::market::{Ctx, Draft, MarketKey};
use crate::FixtureWinner;
use rand::rngs::StdRng;
use schemas::sports::{MarketResult, Scoreboard};

/// One fixture's play: its state, its probability model, and the markets drafted from them.
/// Times are simulated Unix milliseconds.
pub trait Game: Send {
    /// Starts play at `t`; returns when the next play action is due.
    fn start(&mut self, t: i64, rng: &mut StdRng) -> i64;
    /// Plays the next action (a delivery, a point, a slice of match time) due at `t`; returns
    /// when the next one is due.
    fn play(&mut self, t: i64, rng: &mut StdRng) -> i64;
    /// The markets open now, in a stable order.
    fn keys(&self) -> Vec<MarketKey>;
    /// The current state of one open market.
    fn draft(&self, key: MarketKey, ctx: &Ctx) -> Option<Draft>;
    /// The markets decided since the last call, with their results.
    fn take_results(&mut self) -> Vec<(MarketKey, MarketResult)>;
    fn scoreboard(&self) -> Scoreboard;
    fn is_over(&self) -> bool;
    /// Ends the fixture now with this winner, deciding every open market.
    fn finish(&mut self, winner: FixtureWinner);
    /// Before the start, at a quote refresh at `t`: whether something changed the markets (a
    /// race's runner withdrawn). Most games have nothing to do before they start.
    fn pre_start(&mut self, _t: i64) -> bool {
        false
    }
    /// Runners withdrawn since the last call (a race's non-runners): the market, the runner's
    /// sid and its reduction factor in that market, basis points.
    fn take_withdrawals(&mut self) -> Vec<(MarketKey, u32, u32)> {
        Vec::new()
    }
}
