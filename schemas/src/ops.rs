//! Wire types of the operators' console (docs/api.md, "Operators").

use crate::bets::{BetView, SettlementRow};
use crate::wallet::WalletRequest;
use crate::{AccountRow, ActivityRow, Money, Role};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// One account in the operators' user list.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsUserRow {
    pub username: String,
    pub role: Role,
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exposure: Money,
    pub betting_locked: bool,
    pub must_change_password: bool,
    /// Live sessions (browser and tool).
    pub sessions: u32,
}

/// A live session of an account.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsSession {
    #[ts(type = "number")]
    pub id: u64,
    /// The account's browser session (`currentToken`); others are tool sessions.
    pub current: bool,
    /// When it ends unless refreshed (RFC 3339).
    pub expires_at: String,
}

/// What an operator did to an account.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsActionRow {
    #[ts(type = "number")]
    pub seq: u64,
    pub created_at: String,
    /// The operator's username.
    pub by: String,
    pub action: String,
    pub remark: String,
}

/// Everything about one account (`GET /api/ops/users/{username}`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsUserDetail {
    pub user: OpsUserRow,
    pub open_bets: Vec<BetView>,
    /// Settled markets and rounds, newest first (at most `SETTLED_ROWS_MAX`).
    pub settled: Vec<SettlementRow>,
    /// Money moved outside betting, newest first.
    pub account_rows: Vec<AccountRow>,
    pub wallet_requests: Vec<WalletRequest>,
    pub sessions: Vec<OpsSession>,
    /// Sign-ins and password changes, newest first.
    pub activity: Vec<ActivityRow>,
    pub actions: Vec<OpsActionRow>,
}

/// The body of every action on an account: why (required), and for a password reset the new
/// temporary password.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct OpsActionRequest {
    pub remark: String,
    #[serde(default)]
    #[ts(optional)]
    pub password: Option<String>,
    /// `cancel-orders`: only the account's unmatched orders on this market.
    #[serde(default, rename = "marketId")]
    #[ts(optional, type = "number")]
    pub market_id: Option<u64>,
}

/// One point of an account's balance and exposure over the log.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsTimelinePoint {
    #[ts(type = "number")]
    pub seq: u64,
    #[ts(type = "number")]
    pub at_ms: i64,
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exposure: Money,
}

/// One account as it was at a moment of the log.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsMomentUser {
    pub username: String,
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exposure: Money,
    pub open_bets: Vec<BetView>,
}

/// The ledger as it was after event `seq` (`GET /api/ops/audit/moment`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsMoment {
    #[ts(type = "number")]
    pub seq: u64,
    /// When event `seq` was written (0 before the first event).
    #[ts(type = "number")]
    pub at_ms: i64,
    pub users: Vec<OpsMomentUser>,
}

/// One event of the log as operators read it: secrets (password and token hashes, sealed
/// secrets) are left out of `detail`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsEventRow {
    #[ts(type = "number")]
    pub seq: u64,
    #[ts(type = "number")]
    pub at_ms: i64,
    /// The event's variant (`BetPlaced`, `OperatorActed`, …).
    pub kind: String,
    /// The account it concerns, if any.
    pub username: Option<String>,
    /// The operator who acted, for `OperatorActed`.
    pub by: Option<String>,
    #[ts(type = "unknown")]
    pub detail: serde_json::Value,
}

/// A casino table as operators see it (`GET /api/ops/casino`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsTable {
    pub gtype: String,
    pub name: String,
    /// The table number.
    pub cid: u32,
    pub locked: bool,
    /// The round the table has open (taking bets or dealing), if any.
    pub mid: Option<String>,
    pub betting: bool,
    /// Dealing paused by an operator: no new round opens.
    pub paused: bool,
}

/// A tester stacks a casino table's shoe (test mode only): `cards` are dealt first, in order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct OpsStackRequest {
    pub remark: String,
    /// Faces as the table shows them: `AHH`, `10SS`; a roulette pocket or a die as its number.
    pub cards: Vec<String>,
}

/// The feed's clock and health, as `/ops/feed` shows it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsFeedClock {
    /// Whether a feed runs in this server.
    pub running: bool,
    /// `simulator` (the in-process simulator) or `scenario` (events sent to the API only).
    pub source: String,
    /// The feed's clock, Unix milliseconds.
    #[ts(type = "number")]
    pub clock_ms: i64,
    /// Feed time per real time (the simulator's speed).
    pub speed: f64,
    /// When the feed last sent events (server time), if ever.
    #[ts(type = "number | null")]
    pub last_event_at_ms: Option<i64>,
    #[ts(type = "number")]
    pub events: u64,
    /// The feeds that send events to the API (adapters, scenarios), with their health.
    pub sources: Vec<OpsFeedSource>,
}

/// A feed that sends events to the API: when it was last heard (events or a heartbeat).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsFeedSource {
    pub name: String,
    #[ts(type = "number")]
    pub last_heard_at_ms: i64,
    #[ts(type = "number")]
    pub events: u64,
    /// Silent past `feed.silence_secs`: its fixtures' markets show SUSPENDED until it speaks.
    pub silent: bool,
}

/// One section (runner or line) of a market, with its best prices.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsSection {
    pub sid: u32,
    pub nat: String,
    pub gstatus: String,
    #[ts(type = "number | null")]
    pub back: Option<crate::sports::Price>,
    #[ts(type = "number | null")]
    pub lay: Option<crate::sports::Price>,
}

/// A market as operators see it: what players see, and whether an operator holds it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsMarket {
    #[ts(type = "number")]
    pub mid: u64,
    pub mname: String,
    pub gtype: crate::sports::MarketType,
    pub status: String,
    /// Suspended by an operator (until resumed).
    pub held: bool,
    pub settled: bool,
    pub sections: Vec<OpsSection>,
}

/// A fixture with its markets (`GET /api/ops/feed`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsFixture {
    #[ts(type = "number")]
    pub gmid: u64,
    pub etid: u32,
    pub ename: String,
    pub in_play: bool,
    pub virtual_cricket: bool,
    /// Every market suspended by an operator.
    pub held: bool,
    /// Its feed went silent: every market shows SUSPENDED until the feed speaks again.
    pub silent: bool,
    pub markets: Vec<OpsMarket>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsFeed {
    pub clock: OpsFeedClock,
    pub fixtures: Vec<OpsFixture>,
}

/// An operator's action on a market or fixture: always a remark; a price move names the section,
/// side and price; a settlement its result; a finish its winner.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct OpsFeedAction {
    pub remark: String,
    #[serde(default)]
    #[ts(optional)]
    pub sid: Option<u32>,
    #[serde(default)]
    #[ts(optional)]
    pub side: Option<crate::sports::Side>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub price: Option<crate::sports::Price>,
    #[serde(default)]
    #[ts(optional)]
    pub result: Option<crate::sports::MarketResult>,
    /// `home`, `away` or `draw`.
    #[serde(default)]
    #[ts(optional)]
    pub winner: Option<String>,
}

/// An open market or casino round as the house sees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsOpenMarket {
    #[ts(type = "number")]
    pub gmid: u64,
    #[ts(type = "number")]
    pub mid: u64,
    pub casino: bool,
    pub event_name: String,
    pub market_name: String,
    pub gtype: String,
    #[ts(type = "number")]
    pub bets: u64,
    #[ts(type = "number")]
    pub stake: Money,
    /// The most the house can lose on it.
    #[ts(type = "number")]
    pub exposure: Money,
}

/// The house's exposure on one casino table (its open rounds).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsTableExposure {
    pub gtype: String,
    pub name: String,
    #[ts(type = "number")]
    pub bets: u64,
    #[ts(type = "number")]
    pub stake: Money,
    #[ts(type = "number")]
    pub exposure: Money,
}

/// The house's settled P/L of one day (UTC).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsDayPnl {
    /// `yyyy-MM-dd`.
    pub day: String,
    /// The house's settled P/L of the day, the exchange's commission included.
    #[ts(type = "number")]
    pub pnl: Money,
    /// The exchange's commission on players' net winnings settled that day.
    #[ts(type = "number")]
    pub commission: Money,
}

/// The house's figures (`GET /api/ops/house`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsHouse {
    /// Stakes of every bet ever placed, and of today's (UTC).
    #[ts(type = "number")]
    pub turnover: Money,
    #[ts(type = "number")]
    pub turnover_today: Money,
    #[ts(type = "number")]
    pub bets: u64,
    /// What the house can lose over every open market and round.
    #[ts(type = "number")]
    pub exposure: Money,
    /// Open sports markets, the largest exposure first.
    pub markets: Vec<OpsOpenMarket>,
    /// Casino tables with open bets, the largest exposure first.
    pub tables: Vec<OpsTableExposure>,
    /// Oldest first.
    pub pnl_by_day: Vec<OpsDayPnl>,
}

/// The console's invariant check, run in the background (`/api/ops/audit/verify-runs`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsVerifyRun {
    /// 0 before any run; each run takes the next number.
    #[ts(type = "number")]
    pub id: u64,
    pub running: bool,
    /// Events checked so far, of `total` (the log's head when the run began).
    #[ts(type = "number")]
    pub done: u64,
    #[ts(type = "number")]
    pub total: u64,
    /// Once finished: every check, and the first broken invariant with its event.
    pub report: Option<crate::AuditReport>,
    /// Once failed to read the log: why.
    pub error: Option<String>,
}
