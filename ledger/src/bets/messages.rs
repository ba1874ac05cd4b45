//! What the bets record, and why a bet is refused.

use crate::betting::{BookKind, Payoff};
use crate::ids::{BookKey, UserId};
use serde::{Deserialize, Serialize};

/// What a bet was placed on, as the player saw it: for statements and bet lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetInfo {
    pub etid: u32,
    pub event_name: String,
    pub market_name: String,
    pub section_name: String,
    /// The market type (`match`, `fancy`, …) or casino game type.
    pub gtype: String,
    pub sid: u32,
    pub side: schemas::sports::Side,
    /// The price as asked: odds in hundredths, or the run line.
    pub price_h: u32,
    pub ip: String,
    pub browser: String,
    /// When the player asked for the bet, and the in-play delay it waited before the engine took
    /// it at the price then on offer (0 outside play). Records without them read as 0.
    #[serde(default)]
    pub requested_at_ms: i64,
    #[serde(default)]
    pub delay_ms: i64,
    /// A matched bet of the exchange: the fill it is one side of (`crate::book`). A bet booked
    /// against the house has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill: Option<Fill>,
}

/// Links a matched bet (one side of a fill) to the order it came from and to the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fill {
    pub order_id: u64,
    pub counter_order_id: u64,
    pub counter_bet_id: u64,
    /// The taker's side of an implied match (`crate::book::matching`): its payoff is the resting
    /// order's runner at the other side, the same position as what it asked on its own runner.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub implied: bool,
    /// An implied fill that took the taker's whole remainder, one minor unit more than its
    /// stake stands for rounded down (`crate::book::matching`): that remainder. Only with
    /// `implied` (records are arrays: a field skipped before it would shift this one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taken_minor: Option<i64>,
}

impl BetInfo {
    /// The stake as the player asked it, for a bet of `stake_minor` paying `payoff`: an implied
    /// fill stands for the stake on the player's runner that its payoff on the other runner
    /// risks (the resting back's profit, or lay's liability, `stake × (price − 1)`, or the
    /// remainder it took).
    pub fn asked_stake_minor(&self, payoff: &crate::betting::Payoff, stake_minor: i64) -> i64 {
        match (self.fill, payoff) {
            (Some(Fill { implied: true, taken_minor: Some(taken_minor), .. }), _) => taken_minor,
            (Some(Fill { implied: true, .. }), crate::betting::Payoff::Decimal { odds_h, .. }) => stake_minor * i64::from(odds_h.saturating_sub(100)) / 100,
            _ => stake_minor,
        }
    }

    /// The selection, side and price the bet asks for.
    pub fn asked(&self) -> (u32, schemas::sports::Side, schemas::sports::Price) {
        (self.sid, self.side, schemas::sports::Price(self.price_h))
    }
}

/// The bets' events. Variants are only ever added, and their names are the log's (`crate::event`).
/// A placed bet is the most common event of the log: it is kept inline rather than boxed.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BetEvent {
    BetPlaced {
        bet_id: u64,
        user_id: UserId,
        request_id: String,
        gmid: u64,
        book: BookKey,
        kind: BookKind,
        payoff: Payoff,
        stake_minor: i64,
        info: BetInfo,
        /// The user's worst-case loss in this book, and in all books, with this bet.
        book_exposure_after_minor: i64,
        exposure_after_minor: i64,
    },
    /// One user's bets of one market, settled: each bet's profit or loss and the totals after.
    BetsSettled {
        user_id: UserId,
        gmid: u64,
        mid: u64,
        bets: Vec<(u64, i64)>,
        total_minor: i64,
        balance_after_minor: i64,
        exposure_after_minor: i64,
    },
    /// The exchange's commission on one user's net winnings in one market, charged right after
    /// the market's `BetsSettled`: `rate_bp` basis points of what the user's matched bets of the
    /// market won net of what they lost, rounded down; never charged on a net loss.
    CommissionCharged {
        user_id: UserId,
        gmid: u64,
        mid: u64,
        /// The market as the bets named it, for the statement.
        event_name: String,
        market_name: String,
        net_winnings_minor: i64,
        rate_bp: u32,
        commission_minor: i64,
        balance_after_minor: i64,
    },
}

impl BetEvent {
    /// The log's names of these events.
    pub const NAMES: &'static [&'static str] = &["BetPlaced", "BetsSettled", "CommissionCharged"];
}

/// Why a bet is refused (a short balance or an unknown user is the accounts' refusal).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BetReject {
    #[error("This account cannot place bets")]
    RoleCannotBet,
    #[error("Betting is locked on this account. Please contact support.")]
    BettingLocked,
    #[error("request id must be 1 to 64 characters")]
    InvalidRequestId,
    #[error("this request was already placed as bet {bet_id}")]
    DuplicateRequest { bet_id: u64 },
    #[error("request id was already used for bet {bet_id} with another {field}")]
    RequestIdReused { bet_id: u64, field: &'static str },
    #[error("Market is {status}")]
    MarketNotOpen { status: String },
    #[error("Unknown selection")]
    UnknownSelection,
    #[error("Odds changed")]
    OddsChanged,
    #[error("This side is not offered on this market")]
    SideNotOffered,
    #[error("stake must be between {min_minor} and {max_minor} (minor units)")]
    StakeOutOfLimits { min_minor: i64, max_minor: i64 },
    #[error("Market is already settled")]
    AlreadySettled,
    #[error("The bet delay of {delay_ms} ms has not passed")]
    BetDelayNotOver { delay_ms: i64 },
    #[error("Unknown market")]
    UnknownMarket,
    /// A result that does not fit its market (a winner that is not a runner, runs out of range,
    /// a proposition that is not a section): nothing is settled on it.
    #[error("result: this market takes {0}, or {{\"kind\":\"void\"}}")]
    ResultDoesNotFit(&'static str),
    /// What the open bets could win with this one would take the balance past the most an
    /// account may hold: settlements are never refused, so the bet is.
    /// The runner was withdrawn from its race (a non-runner).
    #[error("{runner} is a non-runner (withdrawn from the race): no bets are taken on it")]
    RunnerWithdrawn { runner: String },
    #[error("this runner is already withdrawn from this market")]
    RunnerAlreadyWithdrawn,
    #[error("reduction factor must be 0 to 10000 basis points")]
    ReductionFactorOutOfRange,
    #[error("this bet could take the balance past the most an account may hold ({balance_max_minor} minor units); lower the stake")]
    WinPastBalanceMax { balance_max_minor: i64 },
}
