//! `apply` for sports markets. Pure.

use crate::sports::messages::SportsEvent;
use crate::sports::model::Sports;
use schemas::sports::MarketResult;

pub fn apply(sports: &mut Sports, event: &SportsEvent) {
    match event {
        SportsEvent::MarketResulted { gmid, mid, result, .. } => {
            sports.resulted.insert(*mid);
            if *result == MarketResult::Void {
                sports.voided.insert(*mid);
            }
            sports.withdrawn.remove(mid);
            sports.market_holds.remove(&(*gmid, Some(*mid)));
        }
        SportsEvent::FeedStarted { epoch } => {
            sports.feed_epoch = *epoch;
            sports.feed_world = None;
        }
        SportsEvent::FeedWorldStarted { epoch, world } => {
            sports.feed_epoch = *epoch;
            sports.feed_world = Some(world.clone());
        }
        SportsEvent::RunnerWithdrawn { mid, sid, reduction_factor_bp, .. } => {
            sports.withdrawn.entry(*mid).or_default().insert(*sid, *reduction_factor_bp);
        }
    }
}
