//! Wire types shared by the server, the simulator and (generated with ts-rs) the browser client.
//!
//! This crate does no I/O. Field names follow the spec's payloads (`_id`, `isLogin`, `exp`), so
//! the serde renames here are the single place where the wire's spelling is decided.

pub mod bets;
pub mod casino;
pub mod money;
pub mod ops;
pub mod sports;
pub mod tracker;
pub mod wallet;
pub mod ws;

pub use money::{Money, MoneyError, AMOUNT_MINOR_MAX};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The response envelope of every JSON call (DESIGN §7).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Envelope<T> {
    pub success: bool,
    pub message: String,
    pub data: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(default)]
    #[ts(optional)]
    #[ts(type = "number")]
    pub total: Option<u64>,
}

impl<T> Envelope<T> {
    pub fn ok(message: impl Into<String>, data: T) -> Self {
        Self { success: true, message: message.into(), data, total: None }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum Role {
    User,
    Demo,
    Operator,
    /// A market maker the simulator runs: it quotes real orders on the exchange.
    Maker,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Demo => "demo",
            Role::Operator => "operator",
            Role::Maker => "maker",
        }
    }
}

/// The signed-in user as the client sees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct User {
    #[serde(rename = "_id")]
    pub id: String,
    pub username: String,
    pub role: Vec<Role>,
    #[serde(rename = "currentToken")]
    pub current_token: String,
    #[serde(rename = "isLogin")]
    pub is_login: bool,
    #[serde(rename = "isAcceptRules")]
    pub is_accept_rules: bool,
    #[ts(type = "number")]
    pub balance: Money,
    /// Exposure as a non-positive figure, as the header shows it.
    #[ts(type = "number")]
    pub exp: Money,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct LoginRequest {
    pub username: String,
    pub password: String,
    /// The 6-digit code of the user's authenticator app, once secure auth is enabled.
    #[serde(default)]
    #[ts(optional)]
    pub otp: Option<String>,
    /// `"cli"` for the operator's command-line tool: a session of its own that leaves the
    /// operator's browser session signed in. Omitted (or `"web"`) for a browser.
    #[serde(default)]
    #[ts(optional)]
    pub client: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginResponse {
    pub access_token: String,
    pub refresh_token: String,
    pub user: User,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RefreshResponse {
    pub access_token: String,
    pub refresh_token: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChangePasswordRequest {
    pub old_password: String,
    pub new_password: String,
    pub confirm_password: String,
}

/// One quick-stake button: free label, amount added to the stake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Button {
    pub label: String,
    #[ts(type = "number")]
    pub value: Money,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct ButtonValues {
    pub game: Vec<Button>,
    pub casino: Vec<Button>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct PutButtonValues {
    pub button: ButtonValues,
}

/// One activity-log row (`GET /userLog`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ActivityRow {
    pub username: String,
    /// RFC 3339 time.
    pub created_at: String,
    pub ip: String,
    /// `Login` or `Change Password`.
    #[serde(rename = "type")]
    pub kind: String,
}

/// One account-statement row of money moved by an operator or a wallet request.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AccountRow {
    pub created_at: String,
    /// Signed: credits positive, debits negative.
    #[ts(type = "number")]
    pub amount: Money,
    /// The balance after this row.
    #[ts(type = "number")]
    pub pts: Money,
    pub remarks: String,
    #[ts(type = "number")]
    pub seq: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct SiteConfig {
    pub title: String,
    pub favicon: String,
    pub logo: String,
    pub user_announcement: String,
    pub login_logo: String,
    /// The installation's Payload key (hex), filled in by the server at start (not configured
    /// here): tools that call the encrypted endpoints read it from the site configuration.
    #[serde(default)]
    pub payload_key: String,
    /// Test mode: the site shows a TEST MODE banner; casino rounds may be stacked (filled in by
    /// the server at start from `test_mode`).
    #[serde(default)]
    pub test_mode: bool,
    /// Match-odds markets are traded on the exchange: a bet is an order at a limit price, matched
    /// between players (filled in by the server at start from `exchange.matching`). False: they
    /// are booked against the house at the feed's price, as every other market.
    #[serde(default)]
    pub exchange_matching: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct IpAddress {
    pub ip: String,
}

/// A rule set: one heading (`etname`) with rule lists per game type.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct RuleSet {
    pub etname: String,
    pub gametypelist: Vec<GameTypeRules>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct GameTypeRules {
    pub gtype: String,
    pub rulelist: Vec<Rule>,
    /// A casino table's payout table: every item (or run of items alike but for their names) with
    /// the rate the engine pays it, its chance and the house edge, from the engine's constants.
    #[serde(default)]
    pub payouts: Vec<PayoutRow>,
    /// Further tables of the game (the virtual cricket's card-to-ball table).
    #[serde(default)]
    pub tables: Vec<RulesTable>,
}

/// One row of a casino table's payout table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct PayoutRow {
    /// The item's name, or its group's with the first and last names of the run
    /// (`Rank (Dragon A to Dragon K, each)`).
    pub item: String,
    /// The items' ids in the table's rounds (`sid`), one per item the row stands for.
    pub sids: Vec<u32>,
    /// The back rate the engine offers and pays (decimal, stake included).
    #[ts(type = "number")]
    pub back: sports::Price,
    /// The lay rate, or 0 where the item cannot be laid.
    #[ts(type = "number")]
    pub lay: sports::Price,
    /// The rate is the site's own (casino-rules.md leaves it to the site).
    pub ours: bool,
    /// The chance of each way the bet ends but losing, in words (`wins 46.27%, stake returned
    /// 7.46%`).
    pub chance: String,
    /// What the house keeps on average per 1 backed, in percent.
    pub edge_pct: f64,
    /// The same per 1 laid, where the item can be laid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lay_edge_pct: Option<f64>,
}

/// A small table of a game's rules, its cells in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct RulesTable {
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Rule {
    pub rule: String,
    /// `"2"` shows the rule in red.
    pub rcolor: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct RulesRequest {
    #[serde(default, rename = "type")]
    #[ts(optional)]
    pub kind: Option<String>,
}

/// The `user` topic's payload on the socket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct UserBalance {
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exp: Money,
}

// ---- operator calls ----

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CreateUserRequest {
    pub username: String,
    pub password: String,
    pub role: Role,
    #[serde(default)]
    pub must_change_password: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct MoneyRequest {
    pub username: String,
    #[ts(type = "number")]
    pub amount: Money,
    pub remark: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct MoneyResponse {
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub seq: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct AuditCheck {
    pub name: String,
    pub pass: bool,
    #[ts(type = "number")]
    pub checked: u64,
    pub failures: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AuditReport {
    #[ts(type = "number")]
    pub seq: u64,
    #[ts(type = "number")]
    pub events: u64,
    pub checks: Vec<AuditCheck>,
    /// The earliest event at which an invariant broke, when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub first_failure: Option<AuditFailure>,
}

/// Where the log first broke an invariant: the check, the event's sequence number, and what was
/// wrong.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct AuditFailure {
    pub check: String,
    #[ts(type = "number")]
    pub seq: u64,
    pub message: String,
}

impl AuditReport {
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.pass)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct AuditUser {
    pub username: String,
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exposure: Money,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct AuditState {
    #[ts(type = "number")]
    pub seq: u64,
    pub users: Vec<AuditUser>,
}
