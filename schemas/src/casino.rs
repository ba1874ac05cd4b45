//! Casino wire types (spec §3 "Casino round data", "Casino bet item", "Result row",
//! "Statistics"): a table's current round with its bet items, the result of a round with the
//! outcome of every item, and the events a round engine (or a provider) sends to the server.
//!
//! Cards are strings: rank (`A`, `2`–`10`, `J`, `Q`, `K`) then a suit code (`SS`, `HH`, `CC`,
//! `DD`), e.g. `10HH`. Rates are decimal returns per 1 staked, stake included, in hundredths.

use crate::sports::{Price, Side};
use crate::Money;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// How long a round takes bets, in milliseconds: long enough to pick an item and a stake on a
/// phone. The round engine opens every round for this long, and the client scales its countdown
/// ring by it (generated into the client's `constants.ts`).
pub const BETTING_MS: i64 = 20_000;

/// Whether an item takes bets now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[ts(export)]
pub enum ItemStatus {
    Active,
    Suspended,
}

/// One bet item of a round (a player, a side bet, a roulette bet).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct CasinoItem {
    /// The item's id within its table, stable from round to round.
    pub sid: u32,
    pub nat: String,
    /// Always `back`: every item can be backed; it can also be laid when `l` is above zero.
    pub otype: Side,
    /// Back rate (decimal, stake included).
    #[ts(type = "number")]
    pub b: Price,
    /// Lay rate, or 0 where the table does not offer laying.
    #[ts(type = "number")]
    pub l: Price,
    pub gstatus: ItemStatus,
    #[ts(type = "number")]
    pub min: Money,
    #[ts(type = "number")]
    pub max: Money,
    /// The table's game type (`teen20`, `roulette`, …).
    pub subtype: String,
    /// The item's group within the table (`main`, `pairplus`, `rank`, `straight`, …).
    #[serde(rename = "type")]
    pub kind: String,
    /// A pick item: the player chooses one value per slot (a Worli patti's digits, three ranks, a
    /// lottery number, KBC's answers) and bets on that choice; `b` is the rate of a typical pick
    /// (`POST /data/front/casino/pick` quotes any).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pick: Option<PickSpec>,
}

/// What a pick item asks the player to choose: one of `choices` for each slot, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct PickSpec {
    pub slots: Vec<PickSlot>,
    /// No choice may be taken twice (three different ranks).
    #[serde(default)]
    pub distinct: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct PickSlot {
    /// The slot's question or position (`Digit 1`, `Red or Black`).
    pub label: String,
    pub choices: Vec<String>,
}

/// A bet on a pick is kept in the round under its own id: the item's `sid` times this, plus
/// the pick's code within the item (below this). Plain items have ids below it.
pub const PICK_SCOPE: u32 = 100_000;

/// The id a pick's bets are kept under.
pub fn pick_scope(sid: u32, code: u32) -> u32 {
    sid * PICK_SCOPE + code
}

/// `(sid, code)` of a pick's id, or `None` for a plain item's.
pub fn split_pick_scope(scope: u32) -> Option<(u32, u32)> {
    (scope >= PICK_SCOPE).then_some((scope / PICK_SCOPE, scope % PICK_SCOPE))
}

/// One section of Worli's board (`POST /data/front/worlisectiondata`): the Single digits, or one
/// kind of patti, with its items as the current round shows them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct WorliSection {
    pub name: String,
    /// The items' `type`.
    pub kind: String,
    pub items: Vec<CasinoItem>,
}

/// `POST /data/front/casino/pick`: the rate and name of a pick before it is bet on.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PickQuoteRequest {
    pub g_type: String,
    pub section_id: u32,
    pub pick: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PickQuote {
    /// The item.
    pub section_id: u32,
    /// The pick as the table writes it (`1 2 8`, `A 5 K`), in its normal order.
    pub pick: Vec<String>,
    /// The bet's name: the item's and the pick's (`Single Patti 128`).
    pub nat: String,
    /// The rate the pick pays (send it as `uRate`).
    #[ts(type = "number")]
    pub rate: Price,
}

/// Where a round is: taking bets, dealing (no bets), or showing its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[ts(export)]
pub enum RoundStatus {
    Open,
    Suspended,
    Result,
}

/// One entry of the last-results strip, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct ResultRow {
    pub mid: String,
    /// The game-specific letter or number the strip shows (`A`, `B`, `T`, `17`, …).
    pub win: String,
    /// The winner's name (`Player A`, `Tie`, `17 Red`).
    pub nat: String,
}

/// The cards of one hand (a player, a side, the joker), in the order dealt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct CardHand {
    pub name: String,
    pub cards: Vec<String>,
}

/// Roulette statistics over the last `spins` spins, each share a whole percentage of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct TableStats {
    pub spins: u32,
    /// 1–12, 13–24, 25–36.
    pub dozens: [u32; 3],
    /// First column (1, 4, …, 34), second (2, 5, …), third (3, 6, …, 36).
    pub columns: [u32; 3],
    pub red: u32,
    pub black: u32,
    pub odd: u32,
    pub even: u32,
    /// 1–18.
    pub low: u32,
    /// 19–36.
    pub high: u32,
    pub zero: u32,
}

/// A table's current round as the page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct CasinoRound {
    /// Round id: `YYMMDD`, two-digit table number, then the second of the day it opened.
    pub mid: String,
    pub gtype: String,
    /// The table's name.
    pub ename: String,
    /// Whole seconds of betting left; 0 once betting has closed.
    pub lt: u32,
    /// The cards dealt so far, comma-separated, in the order dealt (roulette: the number).
    pub card: String,
    /// The same cards by hand.
    pub hands: Vec<CardHand>,
    /// The round's description once resulted (winner and hands), else empty.
    pub rdesc: String,
    /// Once resulted: the items that won (in whole, in half, or at their own rate), which the
    /// board highlights; else empty.
    #[serde(default)]
    pub winners: Vec<u32>,
    pub remark: String,
    pub status: RoundStatus,
    pub items: Vec<CasinoItem>,
    /// The last results, newest first.
    pub results: Vec<ResultRow>,
    /// Roulette only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub stats: Option<TableStats>,
    /// Whole seconds until the next stage is dealt while the dealing pauses between stages
    /// (Poker 20-20's flop, turn and river); else 0.
    #[serde(default)]
    pub next_lt: u32,
    /// The round's number at this table since the engine started, from 1: Ball By Ball's ball
    /// of the over is `(seq - 1) % 6 + 1`.
    #[serde(default)]
    #[ts(type = "number")]
    pub seq: u64,
    /// When this view was published, Unix milliseconds (the server's clock): a page can count
    /// `lt` down between updates, and a client can tell how late an update arrived.
    #[serde(default)]
    #[ts(type = "number")]
    pub ts: i64,
}

/// How one item ended. With stake S, the item's back rate r taken at bet time:
///
/// | outcome    | back profit        | lay profit (lay rate r)  |
/// |------------|--------------------|--------------------------|
/// | `Win`      | S × (r − 1)        | −S × (r − 1)             |
/// | `HalfWin`  | S × (r − 1) / 2    | −S × (r − 1) / 2         |
/// | `Pays`     | S × (rate − 1)     | (never laid)             |
/// | `Push`     | 0                  | 0                        |
/// | `HalfLose` | −S / 2             | S / 2                    |
/// | `Lose`     | −S                 | S                        |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(export)]
pub enum ItemOutcome {
    Win,
    /// Wins half the profit: Andar Bahar's first-card win, Baccarat's banker win with 6.
    HalfWin,
    /// Wins at this rate whatever rate was shown: a Teen Patti Pair Plus hand.
    Pays {
        #[ts(type = "number")]
        rate: Price,
    },
    /// The stake comes back: a tie on Teen Patti's players, Baccarat's player or banker.
    Push,
    /// Half the stake is lost: Lucky 7's LOW and HIGH on a 7.
    HalfLose,
    Lose,
}

/// One item's outcome in a round result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct ItemResult {
    pub sid: u32,
    pub nat: String,
    pub outcome: ItemOutcome,
}

/// Everything a settlement needs, and everything the result dialog shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct RoundResult {
    pub mid: String,
    pub gtype: String,
    /// The shuffle's seed (below 2^53, exact as a JSON number): dealing again from it gives
    /// these cards (`feed_sim::casino::replay`).
    #[ts(type = "number")]
    pub seed: u64,
    /// The strip's letter or number.
    pub win: String,
    /// The winner's name.
    pub winner: String,
    pub rdesc: String,
    /// Every card dealt, comma-separated, in the order dealt.
    pub card: String,
    pub hands: Vec<CardHand>,
    /// Every item of the round, in `sid` order.
    pub items: Vec<ItemResult>,
    /// Dealt from a shoe a tester stacked (test mode only): its seed does not deal it again.
    #[serde(default)]
    pub stacked: bool,
}

/// What a round engine tells the server, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export)]
pub enum CasinoEvent {
    /// A round's new state: opened, a second of betting gone, betting closed, a card dealt,
    /// or resulted.
    RoundUpdated { round: CasinoRound },
    /// The round is decided; it comes just before the `RoundUpdated` that shows the result.
    RoundResulted { result: RoundResult },
}

/// One casino type of the lobby's header (`/casino-list/LC/{typeId}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct CasinoType {
    pub id: u32,
    pub name: String,
}

/// A casino tile of the home grid and the lobby (spec §3 "Casino tile").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct CasinoTile {
    pub gname: String,
    #[serde(rename = "imgUrl")]
    pub img_url: String,
    pub imgpath: String,
    /// The table's gtype: its page is `/casino/{gmid}`.
    pub gmid: String,
    /// The casino type id the tile was listed under.
    pub ctype: u32,
    pub cname: String,
    pub isown: u32,
    /// The table number.
    pub cid: u32,
    /// Locked by the administrator: no bets.
    pub locked: bool,
}

/// The lobby list: `t1` as the spec's client reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct CasinoTiles {
    pub t1: Vec<CasinoTile>,
}

/// One row of the casino results page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CasinoResultRow {
    pub mid: String,
    pub gtype: String,
    pub ename: String,
    pub win: String,
    pub winner: String,
    pub created_at: String,
}

/// The result dialog of a round: the round, and the caller's bets on it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CasinoResultDetail {
    pub result: RoundResult,
    pub ename: String,
    pub created_at: String,
    pub bets: Vec<crate::bets::BetView>,
    #[ts(type = "number")]
    pub total_profit: Money,
}

/// `POST /api/bet/place/casino` (encrypted). The table comes from `subType` or `gType`, the
/// round from `marketId`, the item from `sectionId`; names, limits and profit come from the
/// server's own round. `requestId` (ours) makes a resubmission return the first answer.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlaceCasinoBetRequest {
    #[serde(default)]
    #[ts(optional)]
    pub sub_type: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub g_type: Option<String>,
    /// The round id.
    pub market_id: String,
    pub section_id: u32,
    /// The rate the player saw.
    #[ts(type = "number")]
    pub u_rate: Price,
    #[ts(type = "number")]
    pub amount: Money,
    pub bet_type: Side,
    #[serde(default)]
    #[ts(optional)]
    pub request_id: Option<String>,
    /// The choice on a pick item, one value per slot of its `pick` (ours).
    #[serde(default)]
    #[ts(optional)]
    pub pick: Option<Vec<String>>,
    /// Fields the spec's client sends that the server recomputes itself.
    #[serde(flatten)]
    #[ts(skip)]
    pub ignored: std::collections::BTreeMap<String, serde_json::Value>,
}

/// The round's bets of the caller (`GET /api/bet?marketId=&gType=`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct RoundBets {
    pub bets: Vec<crate::bets::BetView>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json<T: Serialize>(value: &T) -> String {
        serde_json::to_string(value).expect("a wire value serializes")
    }

    #[test]
    fn outcomes_and_statuses_have_their_wire_spelling() {
        assert_eq!(json(&ItemOutcome::HalfLose), r#"{"kind":"half_lose"}"#);
        assert_eq!(json(&ItemOutcome::Pays { rate: Price(4600) }), r#"{"kind":"pays","rate":46}"#);
        assert_eq!(json(&RoundStatus::Suspended), r#""SUSPENDED""#);
        assert_eq!(json(&ItemStatus::Active), r#""ACTIVE""#);
    }
}
