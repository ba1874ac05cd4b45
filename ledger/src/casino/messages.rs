//! What the casino's tables are asked, what they record, and why they refuse.

use crate::bets::messages::BetInfo;
use crate::ids::UserId;
use crate::world::FeedWorld;
use schemas::casino::{CasinoItem, RoundResult};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq)]
pub enum CasinoCommand {
    /// The casino's round engine starts with `world`'s settings; like the feed's start, the world
    /// the log holds goes on when the settings are the same.
    StartCasino {
        world: FeedWorld,
    },
    /// A casino table opens round `mid` for bets; a round of the table left unresulted is voided.
    OpenRound {
        gtype: String,
        table: u32,
        mid: String,
    },
    /// Betting on the table's current round `mid` is over.
    CloseRound {
        gtype: String,
        mid: String,
    },
    /// Betting on the table's current round `mid` opens again, between two faces of its deal (a
    /// table that takes bets in play, at re-priced items).
    ReopenRound {
        gtype: String,
        mid: String,
    },
    /// Round `mid` of the table resulted (`None`: void); its bets are settled.
    SettleRound {
        gtype: String,
        mid: String,
        result: Option<RoundResult>,
    },
    /// `item` is the item as the table shows it now: the engine checks its status and rate.
    /// `info.sid`, `info.side` and `info.price_h` say what the player asked for.
    PlaceCasinoBet {
        user_id: UserId,
        request_id: String,
        gtype: String,
        mid: String,
        item: CasinoItem,
        stake_minor: i64,
        info: BetInfo,
    },
    /// The administrator's locked casino tables (`cid`s) become exactly these.
    SetLockedTables {
        tables: Vec<u32>,
    },
}

/// The casino's events. Variants are only ever added, and their names are the log's
/// (`crate::event`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CasinoEvent {
    /// A casino table opened a round for bets. `book` is the round's book id (`round_book`);
    /// `gmid` the table's (`table_gmid`).
    RoundOpened {
        gtype: String,
        mid: String,
        book: u64,
        gmid: u64,
    },
    /// Betting on a round is over: no bet is taken on it afterwards.
    RoundClosed {
        gtype: String,
        book: u64,
    },
    /// A round's result, every item's outcome in it; `None` voids the round (every stake
    /// returned: a round the table never finished, e.g. across a restart). The round's bets are
    /// settled by the `BetsSettled` events that follow in the same batch.
    RoundResulted {
        gtype: String,
        book: u64,
        result: Option<RoundResult>,
    },
    /// The administrator locked casino table number `table` (`cid`): it takes no bets.
    TableLocked {
        table: u32,
    },
    TableUnlocked {
        table: u32,
    },
    /// The casino's round engine began a world (its seed, speed and start; no fixture counts):
    /// a restart with the same settings goes on dealing it.
    CasinoWorldStarted {
        world: FeedWorld,
    },
    /// Betting on a round opens again between two faces of its deal (in play: the super over
    /// after each ball); the next `RoundClosed` ends it.
    RoundReopened {
        gtype: String,
        book: u64,
    },
}

impl CasinoEvent {
    /// The log's names of these events.
    pub const NAMES: &'static [&'static str] = &["RoundOpened", "RoundClosed", "RoundResulted", "TableLocked", "TableUnlocked", "CasinoWorldStarted", "RoundReopened"];
}

/// Why a casino table refuses a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CasinoReject {
    #[error("Unknown round")]
    UnknownRound,
    #[error("Round is closed")]
    RoundClosed,
    #[error("Round {mid} was already opened")]
    RoundExists { mid: String },
    #[error("This casino game is currently locked by the administrator.")]
    TableLocked,
}
