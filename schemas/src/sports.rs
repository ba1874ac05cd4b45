//! Sports wire types (spec §3): matches, markets, sections and odds, scoreboards, and the feed
//! events a simulator (or an odds provider) sends to the server.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use ts_rs::TS;
use utoipa::ToSchema;

/// A price in hundredths: decimal odds 1.85 is `Price(185)`; bookmaker odds 45 is `Price(4500)`;
/// a fancy run line 45 is `Price(4500)` with its rate 100 in `size`. On the wire a JSON number
/// with at most two decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Price(pub u32);

impl Price {
    pub fn hundredths(self) -> u32 {
        self.0
    }
}

impl Serialize for Price {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(100) {
            serializer.serialize_u32(self.0 / 100)
        } else {
            serializer.serialize_f64(f64::from(self.0) / 100.0)
        }
    }
}

impl<'de> Deserialize<'de> for Price {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let money = crate::Money::deserialize(deserializer)?;
        let hundredths = u32::try_from(money.minor()).map_err(|_| de::Error::custom("price must be between 0 and 42949672.95"))?;
        Ok(Price(hundredths))
    }
}

/// In the OpenAPI document: a JSON number with at most two decimals.
impl utoipa::PartialSchema for Price {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .minimum(Some(0.0))
            .maximum(Some(f64::from(u32::MAX) / 100.0))
            .description(Some("Odds (or a run line) with at most two decimals"))
            .into()
    }
}

impl utoipa::ToSchema for Price {}

impl fmt::Display for Price {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

/// Sport ids of spec §3.
pub const SPORT_CRICKET: u32 = 4;
pub const SPORT_TENNIS: u32 = 2;
pub const SPORT_FOOTBALL: u32 = 1;
pub const SPORT_TABLE_TENNIS: u32 = 8;
/// Racing (Betfair's event type ids): races are fixtures whose win market is an exchange market
/// of every runner and whose place market pays a runner that finishes within the places.
pub const SPORT_HORSE_RACING: u32 = 7;
pub const SPORT_GREYHOUND_RACING: u32 = 4339;

/// A runner's section status once it is withdrawn (a non-runner): no bets on it, shown struck out.
pub const REMOVED: &str = "REMOVED";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum MarketType {
    /// Match odds: decimal odds, one winner among the sections (runners).
    Match,
    /// Bookmaker: odds per 100 (`45` wins 45 per 100 staked), one winner among the sections.
    Match1,
    /// Session run line: Yes (back) at line L with rate R in `size`, No (lay) below the line.
    Fancy,
    /// Yes/no propositions, each section on its own, decimal odds.
    Fancy1,
    /// Odd/even of a run total, each section on its own: back = odd, lay = even, decimal odds.
    Oddeven,
    /// Run line paying per run of difference (see docs/markets.md).
    Meter,
    /// Run range: Yes wins when the runs fall within [line, line + width).
    Khado,
    /// Last digit of a run total: one winner among ten sections.
    Cricketcasino,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum Side {
    Back,
    Lay,
}

/// One price level: `otype` back or lay, `tno` 0..=2 (best first).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct OddsLevel {
    pub otype: Side,
    #[ts(type = "number")]
    pub odds: Price,
    /// Money available at this price (match types) or the rate (fancy).
    #[ts(type = "number")]
    pub size: Price,
    pub tno: u8,
}

/// A selection of a market (a runner, a line, a digit).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Section {
    pub sid: u32,
    pub sno: u32,
    pub nat: String,
    /// `ACTIVE` (or `OPEN`) is bettable; anything else (`SUSPENDED`, `BALL RUNNING`) is not.
    pub gstatus: String,
    #[ts(type = "number")]
    pub min: crate::Money,
    #[ts(type = "number")]
    pub max: crate::Money,
    pub rem: String,
    /// Khado only: the range's width in runs (Yes wins on [line, line + width)).
    #[serde(default, skip_serializing_if = "is_zero")]
    #[ts(type = "number | undefined")]
    pub width: u32,
    pub odds: Vec<OddsLevel>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Market {
    #[ts(type = "number")]
    pub mid: u64,
    #[ts(type = "number")]
    pub gmid: u64,
    pub mname: String,
    pub gtype: MarketType,
    /// Market status: `OPEN`, `SUSPENDED`, `CLOSED`.
    pub status: String,
    #[ts(type = "number")]
    pub min: crate::Money,
    #[ts(type = "number")]
    pub max: crate::Money,
    #[ts(type = "number")]
    pub minb: crate::Money,
    #[ts(type = "number")]
    pub maxb: crate::Money,
    /// In-play bet delay in seconds.
    pub rc: u32,
    pub rem: String,
    pub section: Vec<Section>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct TeamScore {
    pub name: String,
    pub score: String,
    pub crr: String,
    pub rr: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Scoreboard {
    pub message: String,
    /// The last balls (cricket) or points, newest last: `"1"`, `"4"`, `"W"`, `"0"`.
    pub balls: Vec<String>,
    pub teams: Vec<TeamScore>,
    /// The live match tracker's state; absent before a feed sends one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tracker: Option<crate::tracker::Tracker>,
}

/// A change to a sport's home table (a `home:{etid}` delta): the rows that changed or arrived,
/// whole, and the ids of the rows that left. The topic's snapshot is the whole `[Fixture]` list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct HomeDelta {
    pub rows: Vec<Fixture>,
    #[ts(type = "number[]")]
    pub removed: Vec<u64>,
}

/// A fixture with its headline prices (the home table row, spec §3 "Match").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Fixture {
    pub etid: u32,
    #[ts(type = "number")]
    pub gmid: u64,
    pub ename: String,
    /// Tournament name (the sidebar tree's middle level).
    pub cname: String,
    /// Start time, RFC 3339.
    pub stime: String,
    /// In play.
    pub iplay: bool,
    pub tv: bool,
    /// Has fancy markets.
    pub f: bool,
    /// Has a bookmaker market.
    pub bm: bool,
    /// 0 real match, 1 cricket-virtual table (`/cricketv`), 2 virtual cricket.
    pub iscc: u8,
    /// Headline runners, sno 1 (home), 2 (draw, football only), 3 (away).
    pub section: Vec<Section>,
}

/// The result of one market.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[ts(export)]
pub enum MarketResult {
    /// The winning section (match, match1, cricketcasino).
    Winner { sid: u32 },
    /// The final run value (fancy, meter, khado, and each oddeven section by its parity).
    Runs { value: u32 },
    /// Per-section yes/no (fancy1): the sections that happened.
    Happened { sids: Vec<u32> },
    /// No result: every stake returned.
    Void,
}

/// What a feed (the simulator or a provider) tells the server, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export)]
pub enum FeedEvent {
    /// A new fixture with all its markets.
    FixtureAdded { fixture: Fixture, markets: Vec<Market> },
    /// A fixture's headline changed (in play, headline prices, statuses).
    FixtureUpdated { fixture: Fixture },
    /// A market's full new state (prices, statuses, sections).
    MarketUpdated { market: Market },
    ScoreUpdated {
        #[ts(type = "number")]
        gmid: u64,
        scoreboard: Scoreboard,
    },
    /// The market is decided; no bets after this.
    MarketSettled {
        #[ts(type = "number")]
        gmid: u64,
        #[ts(type = "number")]
        mid: u64,
        result: MarketResult,
    },
    /// A runner of a race was withdrawn before the off (a non-runner) from market `mid`: its
    /// unmatched orders lapse, its bets are void, and the bets matched before on the others have
    /// their price reduced by `reduction_factor_bp` (its chance in that market when withdrawn,
    /// basis points; `docs/racing.md`). The market's update showing its section `REMOVED` comes
    /// first.
    RunnerWithdrawn {
        #[ts(type = "number")]
        gmid: u64,
        #[ts(type = "number")]
        mid: u64,
        sid: u32,
        reduction_factor_bp: u32,
    },
    /// The fixture is over and gone from the lists.
    FixtureRemoved {
        #[ts(type = "number")]
        gmid: u64,
    },
}
