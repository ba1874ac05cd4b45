//! What the sports markets are asked and what they record.

use crate::bets::messages::BetInfo;
use crate::book::messages::Persistence;
use crate::ids::UserId;
use crate::racing::Holder;
use crate::sports::results::MarketShape;
use crate::world::FeedWorld;
use schemas::bets::AcceptOdds;
use schemas::sports::{Market, MarketResult};
use serde::{Deserialize, Serialize};

/// A bet carries the market it was asked on; commands live for one batch, so it is not boxed.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum SportsCommand {
    /// `market` is the market as the book shows it now: the engine checks status and price
    /// against it. `info.sid`, `info.side` and `info.price_h` say what the player asked for;
    /// `info.requested_at_ms` when they asked. In play the bet waits the market's delay
    /// (`bet_delay_ms`) and `market` is the quote taken after it. `accept_odds` says whether a
    /// price that moved meanwhile is taken (`crate::sports::terms`).
    PlaceBet {
        user_id: UserId,
        request_id: String,
        market: Market,
        delay: BetDelay,
        stake_minor: i64,
        info: BetInfo,
        accept_odds: AcceptOdds,
    },
    /// An order on a match-odds market, matched against the book (`crate::book`): `info.sid`,
    /// `info.side` and `info.price_h` (the limit, a ladder price) say what the player asks,
    /// `size_minor` the backer's stake. `market` and `delay` as for `PlaceBet`.
    PlaceOrder {
        user_id: UserId,
        request_id: String,
        market: Market,
        delay: BetDelay,
        size_minor: i64,
        persistence: Persistence,
        info: BetInfo,
    },
    /// Moves the unmatched part of the user's order `order_id` to `price_h`: a new order (which
    /// loses its place in the queue and may match at once) replaces it.
    ReplaceOrder {
        user_id: UserId,
        order_id: u64,
        price_h: u32,
        request_id: String,
        market: Market,
        delay: BetDelay,
        requested_at_ms: i64,
    },
    /// Cashes out `share_bp` basis points (10,000: all) of the user's matched position in
    /// `market` (`crate::book::cash_out`): the hedge as fill-or-kill orders, refused if the value
    /// of cashing out all of it is now below `asked_value_minor` (what the player was shown).
    /// `info` carries the request's details; each order takes its runner, side and limit.
    CashOut {
        user_id: UserId,
        request_id: String,
        market: Market,
        delay: BetDelay,
        share_bp: u32,
        asked_value_minor: Option<i64>,
        info: BetInfo,
    },
    /// The feed's result of market `mid`, as the book shows the market (its type and sections,
    /// which the result must fit).
    SettleMarket {
        gmid: u64,
        mid: u64,
        result: MarketResult,
        market: Market,
    },
    /// Runner `sid` of a race is withdrawn from market `mid` (a non-runner) with its reduction
    /// factor in that market, basis points (`crate::racing`).
    WithdrawRunner {
        gmid: u64,
        mid: u64,
        sid: u32,
        reduction_factor_bp: u32,
    },
    /// The simulator starts with `world`'s settings (its `start_ms` the time now). The world the
    /// log holds goes on when its settings are the same and it began at most
    /// `FEED_WORLD_RESUME_MS_MAX` ago; otherwise a new world begins and every market still open
    /// from an earlier one is void.
    StartFeed {
        world: FeedWorld,
    },
}

/// What decides a sports bet's in-play delay: whether its match is in play, and the operator's
/// milliseconds of delay per second of the market's `rc` (0 turns delays off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BetDelay {
    pub in_play: bool,
    pub ms_per_sec: i64,
}

/// The sports markets' events. Variants are only ever added, and their names are the log's
/// (`crate::event`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SportsEvent {
    /// The feed's result of a market: no bet is taken on it afterwards. `market` is what the
    /// result was checked against (a record without it was not); a void of a world's leftovers
    /// has none.
    MarketResulted {
        gmid: u64,
        mid: u64,
        result: MarketResult,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        market: Option<MarketShape>,
    },
    /// The in-process feed started a new world: its ids are offset by this epoch, and markets of
    /// earlier worlds that were still open are voided in the same batch. (A log's oldest worlds
    /// recorded this; newer ones record `FeedWorldStarted`.)
    FeedStarted {
        epoch: u64,
    },
    /// A feed world began: ids offset by `epoch`, the simulator's settings and its start, so a
    /// restart with the same settings continues this world instead of starting another.
    FeedWorldStarted {
        epoch: u64,
        world: FeedWorld,
    },
    /// Runner `sid` was withdrawn from market `mid` before the off (a non-runner): the market's
    /// unmatched orders lapsed just before (`OrdersClosed`, `NonRunner`), its bets on the runner
    /// are void and the others' prices reduced by `reduction_factor_bp` (`crate::racing`); each
    /// holder's books' and total exposure after, and the open bets changed (`bets`, each void or
    /// reduced), so the history's copies change with the state's.
    RunnerWithdrawn {
        gmid: u64,
        mid: u64,
        sid: u32,
        reduction_factor_bp: u32,
        holders: Vec<Holder>,
        bets: Vec<u64>,
    },
}

impl SportsEvent {
    /// The log's names of these events.
    pub const NAMES: &'static [&'static str] = &["MarketResulted", "FeedStarted", "FeedWorldStarted", "RunnerWithdrawn"];
}
