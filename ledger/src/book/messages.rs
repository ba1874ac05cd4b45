//! What the exchange's order books are asked, what they record, and why an order is refused.

use crate::bets::messages::BetInfo;
use crate::betting::BookKind;
use crate::ids::{BookKey, UserId};
use schemas::sports::Side;
use serde::{Deserialize, Serialize};

/// What becomes of an order's unmatched part when its market turns in-play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Persistence {
    /// It lapses (Betfair's default).
    #[default]
    Lapse,
    /// It stays in the book in play.
    Keep,
}

/// The orders' commands that need no market. Placing and replacing an order match it, so they
/// carry the market as the feed shows it and are the sports markets' commands
/// (`SportsCommand::PlaceOrder`, `ReplaceOrder`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExchangeCommand {
    /// Cancels the unmatched part of an order (`size_minor`: only that much of it).
    CancelOrder { user_id: UserId, order_id: u64, size_minor: Option<i64> },
    /// Cancels every unmatched order of the user on market `mid`.
    CancelMarket { user_id: UserId, mid: u64 },
    /// Fixture `gmid` turned in-play: orders placed before it that asked to lapse, lapse.
    TurnInPlay { gmid: u64 },
    /// The commission charged on a market's net winnings from its settlement on, in basis points
    /// (500 = 5 %); the server sets it from its configuration when it differs.
    SetCommission { rate_bp: u32 },
}

/// Why an order's unmatched part left the book.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Closed {
    /// Its owner cancelled it.
    Cancelled,
    /// Its owner moved it to another price (the new order follows in the same batch).
    Replaced,
    /// An operator cancelled it (the `OperatorActed` before it says who and why).
    ByOperator,
    /// It asked to lapse at in-play, and the market turned in-play.
    LapsedInPlay,
    /// The market was resulted or void.
    LapsedAtResult,
    /// Resting would have crossed its owner's own order on the other side (self-match
    /// prevention: the part that cannot match others is cancelled, never matched with oneself).
    SelfMatch,
    /// A runner of its market was withdrawn (`crate::racing`).
    NonRunner,
}

/// The orders' events. Variants are only ever added, and their names are the log's
/// (`crate::event`). A fill is recorded as the two bets it makes (`BetPlaced` with `info.fill`),
/// before the taker's `OrderPlaced` in the same batch.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OrderEvent {
    /// An order taken: `matched_minor` of it matched by the fills just before it, `closed` of
    /// its rest cancelled at once (self-match prevention), and what is left rests in the book.
    OrderPlaced {
        order_id: u64,
        user_id: UserId,
        request_id: String,
        gmid: u64,
        book: BookKey,
        kind: BookKind,
        sid: u32,
        side: Side,
        price_h: u32,
        size_minor: i64,
        matched_minor: i64,
        self_match_minor: i64,
        persistence: Persistence,
        /// The market was in play when the order was taken (it never lapses at in-play then).
        in_play: bool,
        info: BetInfo,
        /// The order this one replaces, if any.
        replaces: Option<u64>,
        book_exposure_after_minor: i64,
        exposure_after_minor: i64,
    },
    /// Unmatched parts of one user's orders in one book left the book: (order id, size closed).
    OrdersClosed { user_id: UserId, book: BookKey, orders: Vec<(u64, i64)>, why: Closed, book_exposure_after_minor: i64, exposure_after_minor: i64 },
    /// Markets settled from now on charge `rate_bp` basis points on each player's net winnings.
    CommissionSet { rate_bp: u32 },
}

impl OrderEvent {
    /// The log's names of these events.
    pub const NAMES: &'static [&'static str] = &["OrderPlaced", "OrdersClosed", "CommissionSet"];

    /// The user whose orders (and so exposure) the event changes; none for the exchange's settings.
    pub fn user_id(&self) -> Option<UserId> {
        match self {
            OrderEvent::OrderPlaced { user_id, .. } | OrderEvent::OrdersClosed { user_id, .. } => Some(*user_id),
            OrderEvent::CommissionSet { .. } => None,
        }
    }
}

/// Why an order command is refused (the bets' and accounts' refusals cover the rest).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderReject {
    #[error("price must be on the exchange ladder (1.01 to 1000 in its steps); the nearest are {nearest}")]
    OffLadder { nearest: String },
    #[error("this market is not traded on the exchange")]
    NotAnExchangeMarket,
    #[error("Unknown order")]
    UnknownOrder,
    #[error("size to cancel must be more than 0 and at most the unmatched {unmatched_minor} (minor units)")]
    CancelSizeInvalid { unmatched_minor: i64 },
    #[error("no unmatched orders to cancel")]
    NothingToCancel,
    #[error("the order is already at that price")]
    SamePrice,
    #[error("commission must be 0 to {max_bp} basis points")]
    CommissionOutOfRange { max_bp: u32 },
    #[error("the commission is already {rate_bp} basis points")]
    CommissionUnchanged { rate_bp: u32 },
    /// A fill-or-kill order (a cash out's hedge) would not match whole.
    #[error("the book moved: not all of it would match now")]
    BookMoved,
    #[error("the book moved: cash out is now {value_minor} (minor units), below the {asked_minor} asked")]
    CashOutBelowAsked { value_minor: i64, asked_minor: i64 },
    #[error("no matched bets to cash out on this market")]
    NoPosition,
    #[error("the position is already the same whichever runner wins: nothing to cash out")]
    NothingToCashOut,
    #[error("not enough in the book to cash out now")]
    NotEnoughToCashOut,
    #[error("share must be 1 to 10000 basis points of the position")]
    CashOutShareInvalid,
}
