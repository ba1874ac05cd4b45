//! Bet placement and bet lists (spec §7 `POST /bet/place`, `GET /bet`, current bets).

use crate::sports::{Price, Side};
use crate::Money;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

/// The spec's sports bet payload. The server trusts only the ids, the side, the price asked and
/// the stake; names and limits come from its own market book. `requestId` (ours) makes a
/// resubmission within a minute return the first answer instead of placing a second bet.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlaceBetRequest {
    #[ts(type = "number")]
    pub game_id: u64,
    #[ts(type = "number")]
    pub market_id: u64,
    pub section_id: u32,
    /// The price the player asked for (odds, bookmaker rate or run line).
    #[ts(type = "number")]
    pub u_rate: Price,
    #[ts(type = "number")]
    pub amount: Money,
    pub bet_type: Side,
    #[serde(default)]
    #[ts(optional)]
    pub request_id: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub etid: Option<u32>,
    #[serde(default)]
    #[ts(optional)]
    pub event_name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub market_name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub section_name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub g_type: Option<String>,
    /// On an exchange market: what becomes of the unmatched part when the market turns
    /// in-play (lapse, the default, or keep).
    #[serde(default)]
    #[ts(optional)]
    pub persistence: Option<Persistence>,
    /// On a fixed-price market: whether a price that moved before the bet was priced is taken
    /// (docs/exchange.md, "Odds changes"). Exact, the default, when absent.
    #[serde(default)]
    #[ts(optional)]
    pub accept_odds: Option<AcceptOdds>,
    /// Fields the spec's client sends that the server recomputes itself.
    #[serde(flatten)]
    #[ts(skip)]
    pub ignored: std::collections::BTreeMap<String, Value>,
}

/// A bet as the bet lists show it (spec §3 "Current bet").
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BetView {
    #[ts(type = "number")]
    pub bet_id: u64,
    pub etid: u32,
    pub event_name: String,
    #[ts(type = "number")]
    pub market_id: u64,
    pub market_name: String,
    pub section_name: String,
    pub sid: u32,
    pub bet_type: Side,
    #[ts(type = "number")]
    pub u_rate: Price,
    #[ts(type = "number")]
    pub amount: Money,
    /// What the bet wins if it wins.
    #[ts(type = "number")]
    pub profit: Money,
    /// What the bet loses if it loses.
    #[ts(type = "number")]
    pub liability: Money,
    pub created_at: String,
    pub updated_at: String,
    /// The market type (`match`, `fancy`, …) or, for a casino bet, the table's gtype.
    pub g_type: String,
    /// A live casino bet: `eventName` is the table, `marketName` the round id.
    pub casino: bool,
    #[ts(type = "number")]
    pub game_id: u64,
    pub ip: String,
    pub browser_details: String,
    /// Profit or loss once settled.
    #[ts(type = "number | null")]
    pub result: Option<Money>,
    /// Settled as void: the market or round had no result and the stake came back.
    pub voided: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RunRow {
    pub run: u32,
    #[serde(rename = "profitLoss")]
    #[ts(type = "number")]
    pub profit_loss: Money,
}

/// A section's book: P/L if it wins (runner markets) or the Run Amount table (run markets).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SectionBook {
    pub sid: u32,
    #[ts(type = "number")]
    pub amount: Money,
    pub calc_table: Vec<RunRow>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct SpotsData {
    #[ts(type = "number")]
    pub mid: u64,
    pub sdata: Vec<SectionBook>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GameBets {
    /// The matched (open) bets.
    pub bets: Vec<BetView>,
    pub spots_data: Vec<SpotsData>,
    /// The unmatched exchange orders.
    #[serde(default)]
    pub orders: Vec<OrderView>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlaceBetResponse {
    /// The bet; for an exchange order, the order as a bet (its id, its limit or average matched
    /// price, its size).
    pub bet: BetView,
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exp: Money,
    /// An exchange order: what was matched and what rests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub order: Option<OrderOutcome>,
}

/// What becomes of an exchange order's unmatched part when its market turns in-play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum Persistence {
    #[default]
    Lapse,
    Keep,
}

/// The player's setting for a fixed-price bet whose price moved between the slip and the
/// server's price check (as bookmakers offer "accept better odds" and "accept any odds"). A run
/// line (fancy, meter, khado) is the bet itself, not its price: only the line asked is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum AcceptOdds {
    /// Taken at the price asked while the market offers it (or, on an odds market, better),
    /// refused as "Odds changed" otherwise.
    #[default]
    Exact,
    /// As `Exact`, and a better price now on offer is taken at that better price.
    Better,
    /// Taken at the price on offer now, better or worse.
    Any,
}

/// What an exchange order got when it was placed: matched at once (at the average price of its
/// fills), resting unmatched, and cancelled because it would have crossed the player's own order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OrderOutcome {
    #[ts(type = "number")]
    pub order_id: u64,
    #[ts(type = "number")]
    pub matched: Money,
    /// The stake-weighted average price of the fills (none when nothing matched).
    #[ts(type = "number | null")]
    pub avg_price: Option<Price>,
    #[ts(type = "number")]
    pub unmatched: Money,
    #[ts(type = "number")]
    pub cancelled: Money,
}

/// An exchange order with an unmatched part, as its owner sees it (My Bet's Unmatched section).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OrderView {
    #[ts(type = "number")]
    pub order_id: u64,
    #[ts(type = "number")]
    pub game_id: u64,
    #[ts(type = "number")]
    pub market_id: u64,
    pub event_name: String,
    pub market_name: String,
    pub section_name: String,
    pub sid: u32,
    pub bet_type: Side,
    /// The order's limit price.
    #[ts(type = "number")]
    pub u_rate: Price,
    /// The size asked, and what of it is unmatched now.
    #[ts(type = "number")]
    pub amount: Money,
    #[ts(type = "number")]
    pub unmatched: Money,
    pub persistence: Persistence,
    pub created_at: String,
}

/// `POST /api/exchange/cancel`: an order's unmatched part, or `size` of it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CancelOrderRequest {
    #[ts(type = "number")]
    pub order_id: u64,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub size: Option<Money>,
}

/// `POST /api/exchange/cancel-all`: every unmatched order of the caller on a market.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CancelMarketRequest {
    #[ts(type = "number")]
    pub market_id: u64,
}

/// `POST /api/exchange/replace`: the order's unmatched part moves to `uRate` (a new order).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ReplaceOrderRequest {
    #[ts(type = "number")]
    pub order_id: u64,
    #[ts(type = "number")]
    pub u_rate: Price,
}

/// `POST /api/exchange/cash-out`: cash out `percent` (default 100) of the caller's matched
/// position in a market. `value` is the cash-out value the player was shown (of all of it): if
/// the book now gives less, nothing is done and the answer says so.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CashOutRequest {
    #[ts(type = "number")]
    pub game_id: u64,
    #[ts(type = "number")]
    pub market_id: u64,
    #[serde(default)]
    #[ts(optional)]
    pub percent: Option<u8>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub value: Option<Money>,
}

/// One runner's P/L in a cash-out quote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CashOutRunner {
    pub sid: u32,
    pub nat: String,
    /// If this runner wins: now, and after cashing out all of it.
    #[ts(type = "number")]
    pub now: Money,
    #[ts(type = "number")]
    pub after: Money,
}

/// One order of a cash out's hedge: matched whole down to `price`, or not at all.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HedgeView {
    pub sid: u32,
    pub bet_type: Side,
    #[ts(type = "number")]
    pub price: Price,
    #[ts(type = "number")]
    pub size: Money,
}

/// `GET /api/exchange/cash-out/{gameId}/{marketId}`: what cashing out all of the caller's
/// position would do at the book's prices now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CashOutQuote {
    #[ts(type = "number")]
    pub game_id: u64,
    #[ts(type = "number")]
    pub market_id: u64,
    /// The P/L the player is sure of after it, whichever runner wins.
    #[ts(type = "number")]
    pub value: Money,
    pub runners: Vec<CashOutRunner>,
    pub orders: Vec<HedgeView>,
}

/// What a cash out did: the P/L now per runner, and the header's figures.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CashOutAnswer {
    /// The least P/L over the runners after it.
    #[ts(type = "number")]
    pub value: Money,
    /// Each runner's P/L after it (`after` = `now`).
    pub runners: Vec<CashOutRunner>,
    /// The hedge's orders, each matched whole.
    pub orders: Vec<HedgeView>,
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exp: Money,
}

/// The caller's orders after a cancel or a replace, with the header's figures.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OrdersAnswer {
    pub orders: Vec<OrderView>,
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exp: Money,
    /// A replace: what the new order got.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub order: Option<OrderOutcome>,
}

/// One price of a runner's book and the unmatched money at it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DepthLevel {
    #[ts(type = "number")]
    pub price: Price,
    #[ts(type = "number")]
    pub size: Money,
}

/// A runner's whole book: `back` is what a player can back (resting lays, best and highest
/// first), `lay` what a player can lay (resting backs, lowest first).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RunnerDepth {
    pub sid: u32,
    pub name: String,
    pub back: Vec<DepthLevel>,
    pub lay: Vec<DepthLevel>,
}

/// `GET /api/exchange/depth/{gameId}/{marketId}`: a market's full book, for the ladder.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MarketDepth {
    #[ts(type = "number")]
    pub game_id: u64,
    #[ts(type = "number")]
    pub market_id: u64,
    pub market_name: String,
    pub status: String,
    pub runners: Vec<RunnerDepth>,
}

/// `POST /api/bet/all`: one market (sports) or round (casino) where the caller has open bets,
/// with what it can cost them at worst.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpenMarket {
    /// The sport (0 for a casino round).
    pub etid: u32,
    /// The fixture (sports) or the table number (casino), as the bets carry it.
    #[ts(type = "number")]
    pub game_id: u64,
    /// The market id (sports) or the round id as a number (casino).
    #[ts(type = "number")]
    pub market_id: u64,
    pub event_name: String,
    pub market_name: String,
    /// The market type (sports) or the table's gtype (casino).
    pub g_type: String,
    pub casino: bool,
    pub trades: u32,
    /// The worst-case loss of the open bets, summed over the market's books (one per line or
    /// pick): what the header's exposure counts for this market.
    #[ts(type = "number")]
    pub exposure: Money,
    /// Newest first.
    pub bets: Vec<BetView>,
}

/// One account-statement row of a settled market or round (spec §3 "Statement row").
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SettlementRow {
    pub created_at: String,
    #[ts(type = "number")]
    pub market_id: u64,
    #[ts(type = "number")]
    pub game_id: u64,
    pub event_name: String,
    pub market_name: String,
    #[ts(type = "number")]
    pub total_profit: Money,
    /// The exchange's commission on the market's net winnings (its own statement row after
    /// this one); 0 when none.
    #[ts(type = "number")]
    pub commission: Money,
    /// The balance after this row.
    #[ts(type = "number")]
    pub pts: Money,
    pub is_synthetic: bool,
    pub remarks: String,
    /// The row's bets in the order the ledger settled them (book by book, each book's as they were
    /// placed): in a statement page and an operator's view of the account the first 100 of them
    /// (`STATEMENT_ROW_BETS_MAX`), in the popup (`accstatepopup`) all.
    pub bets: Vec<BetView>,
    /// How many bets the row settled, listed in `bets` or not.
    pub bet_count: u32,
    #[ts(type = "number")]
    pub seq: u64,
}

/// One unmatched order in an operator's view of a book.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsBookOrder {
    pub username: String,
    pub role: crate::Role,
    #[ts(type = "number")]
    pub order_id: u64,
    pub sid: u32,
    pub bet_type: Side,
    #[ts(type = "number")]
    pub u_rate: Price,
    #[ts(type = "number")]
    pub unmatched: Money,
    pub persistence: Persistence,
}

/// One account's position in a book: its exposure there and its P/L if each runner wins.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsBookPosition {
    pub username: String,
    pub role: crate::Role,
    #[ts(type = "number")]
    pub exposure: Money,
    /// Matched P/L if each runner wins, by runner (`sid`, amount).
    pub runners: Vec<RunnerPnl>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RunnerPnl {
    pub sid: u32,
    #[ts(type = "number")]
    pub amount: Money,
}

/// `GET /api/ops/exchange/{gameId}/{marketId}`: a market's whole book, every unmatched order by
/// account, and every account's position (the market makers' among them).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsBook {
    pub depth: MarketDepth,
    pub orders: Vec<OpsBookOrder>,
    pub positions: Vec<OpsBookPosition>,
}

/// `GET`/`POST /api/ops/exchange/makers`: the market makers' settings now, and each maker's money.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsMakers {
    pub paused: bool,
    pub spread_ticks: u32,
    pub depth: u32,
    #[ts(type = "number")]
    pub size: Money,
    #[ts(type = "number")]
    pub requote_ms: u64,
    pub requote_ticks: u32,
    pub makers: Vec<OpsMaker>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpsMaker {
    pub username: String,
    #[ts(type = "number")]
    pub balance: Money,
    #[ts(type = "number")]
    pub exposure: Money,
    /// Unmatched orders on the books now.
    pub orders: u32,
}

/// What to change of the running makers (each field optional); until the server restarts.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct OpsMakersRequest {
    #[serde(default)]
    #[ts(optional)]
    pub paused: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub spread_ticks: Option<u32>,
    #[serde(default)]
    #[ts(optional)]
    pub depth: Option<u32>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub size: Option<Money>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub requote_ms: Option<u64>,
    #[serde(default)]
    #[ts(optional)]
    pub requote_ticks: Option<u32>,
}
