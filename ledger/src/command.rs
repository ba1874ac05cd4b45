//! Commands ask the engine for a change; `decide` turns each into events or a rejection.

use crate::checks::AmountError;
use crate::event::{BetInfo, FeedWorld};
use crate::ids::{SessionId, TokenHash, UserId};
use crate::oversight::{AccountAction, DealingAction, MarketAction};
use crate::secure::{SecureCommand, SecureReject};
use crate::wallet::{WalletCommand, WalletReject};
use schemas::casino::{CasinoItem, RoundResult};
use schemas::sports::{Market, MarketResult, Price, Side};
use schemas::Role;

/// Tokens issued with a login or a refresh: hashes and expiry times, computed by the caller.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenGrant {
    pub access: TokenHash,
    pub refresh: TokenHash,
    pub access_expires_ms: i64,
    pub refresh_expires_ms: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    OpenAccount {
        username: String,
        password_hash: String,
        role: Role,
        must_change_password: bool,
        rules_accepted: bool,
    },
    /// The caller verified the password against `password_hash_seen`; the engine checks that it
    /// is still the user's hash, so a password changed in between refuses the login.
    Login {
        username: String,
        password_hash_seen: String,
        grant: TokenGrant,
        ip: String,
        /// A tool's session (the operator CLI): it leaves the operator's browser session alone.
        tool: bool,
    },
    /// Opens a fresh demo account with a play balance and logs it in.
    DemoLogin {
        password_hash: String,
        play_balance_minor: i64,
        grant: TokenGrant,
        ip: String,
    },
    Refresh {
        presented: TokenHash,
        grant: TokenGrant,
    },
    Logout {
        session_id: SessionId,
    },
    RevokeSession {
        session_id: SessionId,
    },
    ChangePassword {
        user_id: UserId,
        old_hash_seen: String,
        new_hash: String,
        ip: String,
    },
    AcceptRules {
        user_id: UserId,
    },
    Credit {
        username: String,
        amount_minor: i64,
        remark: String,
    },
    Debit {
        username: String,
        amount_minor: i64,
        remark: String,
    },
    SetButtons {
        user_id: UserId,
        game: Vec<(String, i64)>,
        casino: Vec<(String, i64)>,
    },
    /// `market` is the market as the book shows it now: the engine checks status and price
    /// against it. `info.sid`, `info.side` and `info.price_h` say what the player asked for;
    /// `info.requested_at_ms` when they asked. In play the bet waits the market's delay
    /// (`sports::bet_delay_ms`) and `market` is the quote taken after it.
    PlaceBet {
        user_id: UserId,
        request_id: String,
        market: Market,
        delay: BetDelay,
        stake_minor: i64,
        info: BetInfo,
    },
    SettleMarket {
        gmid: u64,
        mid: u64,
        result: MarketResult,
    },
    /// The simulator starts with `world`'s settings (its `start_ms` the time now). The world the
    /// log holds goes on when its settings are the same and it began at most
    /// `FEED_WORLD_RESUME_MS_MAX` ago; otherwise a new world begins and every market still open
    /// from an earlier one is void.
    StartFeed {
        world: FeedWorld,
    },
    /// The casino's round engine starts with `world`'s settings; like `StartFeed`, the world the
    /// log holds goes on when the settings are the same.
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
    Wallet(WalletCommand),
    SecureAuth(SecureCommand),
    /// The administrator's locked casino tables (`cid`s) become exactly these.
    SetLockedTables {
        tables: Vec<u32>,
    },
    /// Operator `by` locks (or unlocks) casino table number `table`, saying why (issue 14).
    OperatorTable {
        by: UserId,
        table: u32,
        locked: bool,
        remark: String,
    },
    /// Operator `by` acts on `username`'s account, saying why in `remark` (issue 14).
    Operator {
        by: UserId,
        username: String,
        action: AccountAction,
        remark: String,
    },
    /// Operator `by` acts on sports market `mid` of fixture `gmid`, or on the whole fixture.
    OperatorMarket {
        by: UserId,
        gmid: u64,
        mid: Option<u64>,
        action: MarketAction,
        remark: String,
    },
    /// Operator `by` acts on casino table `gtype`'s dealing.
    OperatorDealing {
        by: UserId,
        gtype: String,
        action: DealingAction,
        remark: String,
    },
}

/// What decides a sports bet's in-play delay: whether its match is in play, and the operator's
/// milliseconds of delay per second of the market's `rc` (0 turns delays off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BetDelay {
    pub in_play: bool,
    pub ms_per_sec: i64,
}

impl Command {
    /// The selection, side and price a bet asks for.
    pub fn asked(info: &BetInfo) -> (u32, Side, Price) {
        (info.sid, info.side, Price(info.price_h))
    }
}

/// Why a command was refused. Each maps to one clear message and one HTTP status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Reject {
    #[error("unknown user")]
    UnknownUser,
    #[error("username is already taken")]
    UsernameTaken,
    #[error("username must be 3 to 20 letters, digits or underscores")]
    InvalidUsername,
    #[error("Invalid username or password")]
    InvalidCredentials,
    #[error("Your session has expired. Please log in again.")]
    SessionExpired,
    #[error("refresh token was already used; the session is revoked")]
    RefreshReused { session_id: SessionId },
    #[error("Current password is incorrect")]
    WrongPassword,
    #[error("amount must be greater than 0")]
    AmountNotPositive,
    #[error("amount is too large")]
    AmountTooLarge,
    #[error("insufficient balance: available {available_minor}, needed {needed_minor} (minor units)")]
    InsufficientBalance { available_minor: i64, needed_minor: i64 },
    #[error("remark must be 1 to 200 characters")]
    InvalidRemark,
    #[error("button values: {0}")]
    InvalidButtons(&'static str),
    #[error("This account cannot place bets")]
    RoleCannotBet,
    #[error("only operators may open a tool session")]
    ToolSessionForOperatorsOnly,
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
    #[error("Unknown round")]
    UnknownRound,
    #[error("Unknown market")]
    UnknownMarket,
    #[error("Round is closed")]
    RoundClosed,
    #[error("Round {mid} was already opened")]
    RoundExists { mid: String },
    #[error("{0}")]
    Wallet(WalletReject),
    #[error("{0}")]
    SecureAuth(SecureReject),
    #[error("This casino game is currently locked by the administrator.")]
    TableLocked,
    #[error("The bet delay of {delay_ms} ms has not passed")]
    BetDelayNotOver { delay_ms: i64 },
    #[error("only operators may do this")]
    NotAnOperator,
    #[error("Betting is locked on this account. Please contact support.")]
    BettingLocked,
    /// The action would change nothing (e.g. locking a locked account): nothing is recorded.
    #[error("{0}")]
    NothingToChange(&'static str),
}

impl From<AmountError> for Reject {
    fn from(error: AmountError) -> Self {
        match error {
            AmountError::NotPositive => Reject::AmountNotPositive,
            AmountError::TooLarge => Reject::AmountTooLarge,
        }
    }
}

/// The wallet's rejects that mean the same as the core's are the core's, so a caller sees one
/// reject (and one message) for an unknown user or a short balance wherever it arose.
impl From<WalletReject> for Reject {
    fn from(reject: WalletReject) -> Self {
        match reject {
            WalletReject::UnknownUser => Reject::UnknownUser,
            WalletReject::Amount(error) => error.into(),
            WalletReject::InsufficientBalance { available_minor, needed_minor } => Reject::InsufficientBalance { available_minor, needed_minor },
            WalletReject::InvalidRemark => Reject::InvalidRemark,
            other => Reject::Wallet(other),
        }
    }
}

impl From<SecureReject> for Reject {
    fn from(reject: SecureReject) -> Self {
        Reject::SecureAuth(reject)
    }
}
