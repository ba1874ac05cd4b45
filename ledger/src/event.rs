//! The events of the log. Variants are only ever added: an existing variant never changes its
//! fields or meaning, because records are encoded positionally (rmp-serde) and the log is forever.

use crate::betting::{BookKind, Payoff};
use crate::ids::{BookKey, SessionId, TokenHash, UserId};
use crate::limits::FEED_WORLD_RESUME_MS_MAX;
use crate::oversight::{AccountAction, DealingAction, MarketAction};
use crate::secure::SecureEvent;
use crate::wallet::WalletEvent;
use schemas::casino::RoundResult;
use schemas::sports::MarketResult;
use schemas::Role;
use serde::{Deserialize, Serialize};

/// One record of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    pub seq: u64,
    pub at_ms: i64,
    pub event: Event,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SessionEnd {
    LoggedOut,
    /// A newer login of the same user (`currentToken`).
    Replaced,
    /// A refresh token was presented a second time: the session is treated as stolen.
    RefreshReused,
    /// An operator ended it (`Event::OperatorActed` before it says who and why).
    EndedByOperator,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    AccountOpened {
        user_id: UserId,
        username: String,
        password_hash: String,
        role: Role,
        must_change_password: bool,
        rules_accepted: bool,
    },
    PasswordChanged {
        user_id: UserId,
        password_hash: String,
        ip: String,
    },
    RulesAccepted {
        user_id: UserId,
    },
    LoggedIn {
        user_id: UserId,
        session_id: SessionId,
        access: TokenHash,
        refresh: TokenHash,
        access_expires_ms: i64,
        refresh_expires_ms: i64,
        ip: String,
        /// A tool's session beside the user's own (`currentToken` stays as it was).
        #[serde(default)]
        tool: bool,
    },
    TokensRotated {
        session_id: SessionId,
        access: TokenHash,
        refresh: TokenHash,
        access_expires_ms: i64,
        refresh_expires_ms: i64,
    },
    SessionEnded {
        session_id: SessionId,
        reason: SessionEnd,
    },
    Credited {
        user_id: UserId,
        amount_minor: i64,
        remark: String,
        balance_after_minor: i64,
    },
    Debited {
        user_id: UserId,
        amount_minor: i64,
        remark: String,
        balance_after_minor: i64,
    },
    ButtonsSet {
        user_id: UserId,
        game: Vec<(String, i64)>,
        casino: Vec<(String, i64)>,
    },
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
    /// The feed's result of a market: no bet is taken on it afterwards.
    MarketResulted {
        gmid: u64,
        mid: u64,
        result: MarketResult,
    },
    /// The in-process feed started a new world: its ids are offset by this epoch, and markets of
    /// earlier worlds that were still open are voided in the same batch.
    FeedStarted {
        epoch: u64,
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
    /// A casino table opened a round for bets. `book` is the round's book id
    /// (`casino::round_book`); `gmid` the table's (`casino::table_gmid`).
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
    /// Deposits, withdrawals, saved accounts and bonus coupons (issue 6).
    Wallet(WalletEvent),
    /// The second factor and Telegram connection (issue 6).
    SecureAuth(SecureEvent),
    /// The administrator locked casino table number `table` (`cid`): it takes no bets.
    TableLocked {
        table: u32,
    },
    TableUnlocked {
        table: u32,
    },
    /// A feed world began: ids offset by `epoch`, the simulator's settings and its start, so a
    /// restart with the same settings continues this world instead of starting another.
    FeedWorldStarted {
        epoch: u64,
        world: FeedWorld,
    },
    /// The casino's round engine began a world (its seed, speed and start; no fixture counts):
    /// a restart with the same settings goes on dealing it.
    CasinoWorldStarted {
        world: FeedWorld,
    },
    /// Operator `by` acted on `user_id`'s account (issue 14). Credits, debits and ended sessions
    /// follow as their own events in the same batch; a lock or a password reset is this event.
    OperatorActed {
        by: UserId,
        user_id: UserId,
        action: AccountAction,
        remark: String,
    },
    /// Operator `by` locked (or unlocked) casino table `table` (issue 14); the `TableLocked` or
    /// `TableUnlocked` that does it follows in the same batch.
    TableActed {
        by: UserId,
        table: u32,
        locked: bool,
        remark: String,
    },
    /// Operator `by` acted on sports market `mid` of fixture `gmid`, or on the whole fixture
    /// when `mid` is `None` (issue 14). A settlement follows in the same batch.
    MarketActed {
        by: UserId,
        gmid: u64,
        mid: Option<u64>,
        action: MarketAction,
        remark: String,
    },
    /// Operator `by` paused or resumed table `gtype`'s dealing, or voided its round (issue 14);
    /// a void's `RoundResulted` and settlements follow in the same batch.
    DealingActed {
        by: UserId,
        gtype: String,
        action: DealingAction,
        remark: String,
    },
    /// Betting on a round opens again between two faces of its deal (in play: the super over
    /// after each ball); the next `RoundClosed` ends it.
    RoundReopened {
        gtype: String,
        book: u64,
    },
}

/// What makes a simulated world (the sports feed, or the casino's tables) the same world: its
/// seed and settings, and when it began. The simulators are deterministic, so these rebuild every
/// fixture, id, price, round and card they published.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeedWorld {
    pub seed: u64,
    pub start_ms: i64,
    /// Simulated milliseconds per thousand real ones (`speed` × 1000).
    pub speed_milli: u64,
    pub fixtures_per_sport: u32,
    pub virtual_fixtures: u32,
}

impl FeedWorld {
    /// The world `current` goes on under `asked` (a restart) when the settings are the same and
    /// it began at most `FEED_WORLD_RESUME_MS_MAX` before `at_ms`.
    pub fn goes_on(current: Option<&FeedWorld>, asked: &FeedWorld, at_ms: i64) -> bool {
        current.is_some_and(|current| {
            let settings = |w: &FeedWorld| (w.seed, w.speed_milli, w.fixtures_per_sport, w.virtual_fixtures);
            settings(current) == settings(asked) && at_ms - current.start_ms <= FEED_WORLD_RESUME_MS_MAX
        })
    }
}

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
    /// it at the price then on offer (0 outside play). Added later: older records read as 0.
    #[serde(default)]
    pub requested_at_ms: i64,
    #[serde(default)]
    pub delay_ms: i64,
}

impl Event {
    /// The user whose balance or exposure this event moves, for push notifications.
    pub fn money_user(&self) -> Option<UserId> {
        match self {
            Event::Credited { user_id, .. }
            | Event::Debited { user_id, .. }
            | Event::BetPlaced { user_id, .. }
            | Event::BetsSettled { user_id, .. } => Some(*user_id),
            _ => None,
        }
    }
}
