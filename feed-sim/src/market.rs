//! What a game tells the fixture layer about one market: its key (which market it is, stable for
//! the market's life), and a draft of its current state (everything but its ids).

use crate::ladder::Quote;
use crate::math::mix_all;
use schemas::sports::{Market, MarketType, OddsLevel, Section};
use schemas::Money;

/// Market statuses.
pub const OPEN: &str = "OPEN";
pub const SUSPENDED: &str = "SUSPENDED";
pub const CLOSED: &str = "CLOSED";
/// Section statuses.
pub const ACTIVE: &str = "ACTIVE";
pub const BALL_RUNNING: &str = "BALL RUNNING";

/// Which market of a fixture this is. `innings` is 0 or 1; `over` and `period` count from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MarketKey {
    MatchOdds,
    Bookmaker,
    /// Football: over/under 2.5 goals.
    Goals,
    /// Tennis set or table-tennis game winner.
    Period(u8),
    Session {
        innings: u8,
        over: u8,
    },
    Khado {
        innings: u8,
        over: u8,
    },
    Meter {
        innings: u8,
    },
    LastDigit {
        innings: u8,
    },
    OverProps {
        innings: u8,
        over: u8,
    },
    OverOddEven {
        innings: u8,
        over: u8,
    },
    /// A race's place market (its win market is `MatchOdds`).
    Place,
}

impl MarketKey {
    /// Exchange markets re-quote between play events (their sizes move); the others change only
    /// when the game does.
    pub fn is_exchange(self) -> bool {
        matches!(self, MarketKey::MatchOdds | MarketKey::Goals | MarketKey::Period(_))
    }

    fn code(self) -> u64 {
        let (kind, a, b) = match self {
            MarketKey::MatchOdds => (0, 0, 0),
            MarketKey::Bookmaker => (1, 0, 0),
            MarketKey::Goals => (2, 0, 0),
            MarketKey::Period(n) => (3, n, 0),
            MarketKey::Session { innings, over } => (4, innings, over),
            MarketKey::Khado { innings, over } => (5, innings, over),
            MarketKey::Meter { innings } => (6, innings, 0),
            MarketKey::LastDigit { innings } => (7, innings, 0),
            MarketKey::OverProps { innings, over } => (8, innings, over),
            MarketKey::OverOddEven { innings, over } => (9, innings, over),
            MarketKey::Place => (10, 0, 0),
        };
        (kind << 16) | (u64::from(a) << 8) | u64::from(b)
    }
}

/// What the game needs from the fixture to draft a market.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    pub in_play: bool,
    pub noise_seed: u64,
    pub epoch: u64,
}

impl Ctx {
    /// The quote noise of one market at the current epoch.
    pub fn quote(&self, key: MarketKey) -> Quote {
        Quote::new(mix_all(&[self.noise_seed, key.code(), self.epoch]))
    }
}

/// Stake limits in currency units.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub min: i64,
    pub max: i64,
}

pub const MATCH_LIMITS: Limits = Limits { min: 100, max: 200_000 };
pub const SIDE_MARKET_LIMITS: Limits = Limits { min: 100, max: 100_000 };
pub const BOOKMAKER_LIMITS: Limits = Limits { min: 100, max: 100_000 };
pub const FANCY_LIMITS: Limits = Limits { min: 100, max: 50_000 };
pub const PROPOSITION_LIMITS: Limits = Limits { min: 100, max: 25_000 };
pub const KHADO_LIMITS: Limits = Limits { min: 100, max: 25_000 };
/// A meter stake is paid per run, so its maximum is lower.
pub const METER_LIMITS: Limits = Limits { min: 100, max: 5_000 };
pub const DIGIT_LIMITS: Limits = Limits { min: 100, max: 10_000 };

/// A market's state without its ids.
#[derive(Debug, Clone)]
pub struct Draft {
    pub mname: String,
    pub gtype: MarketType,
    pub status: &'static str,
    pub limits: Limits,
    pub rc: u32,
    pub sections: Vec<Section>,
}

impl Draft {
    pub fn into_market(self, mid: u64, gmid: u64) -> Market {
        let (min, max) = (Money(self.limits.min * 100), Money(self.limits.max * 100));
        Market {
            mid,
            gmid,
            mname: self.mname,
            gtype: self.gtype,
            status: self.status.to_string(),
            min,
            max,
            minb: min,
            maxb: max,
            rc: self.rc,
            rem: String::new(),
            section: self.sections,
        }
    }
}

/// One section with the market's limits.
pub fn section(sid: u32, nat: impl Into<String>, gstatus: &str, limits: Limits, odds: Vec<OddsLevel>) -> Section {
    Section {
        sid,
        sno: sid,
        nat: nat.into(),
        gstatus: gstatus.to_string(),
        min: Money(limits.min * 100),
        max: Money(limits.max * 100),
        rem: String::new(),
        width: 0,
        odds,
    }
}

/// The section id of a runner: 1 home, 2 the draw, 3 away (the same as its `sno`, the home
/// table's 1 / X / 2 columns).
pub const SID_HOME: u32 = 1;
pub const SID_DRAW: u32 = 2;
pub const SID_AWAY: u32 = 3;

/// The runner sid of team 0 (home) or 1 (away).
pub fn team_sid(team: usize) -> u32 {
    if team == 0 {
        SID_HOME
    } else {
        SID_AWAY
    }
}

/// A two-runner match-winner market (match odds, set or game winner) from the home probability.
pub fn two_runner_exchange(names: &[String; 2], p_home: f64, gstatus: &str, limits: Limits, quote: Quote) -> Vec<Section> {
    [(0, p_home), (1, 1.0 - p_home)]
        .into_iter()
        .map(|(team, p)| {
            let sid = team_sid(team);
            section(sid, names[team].clone(), gstatus, limits, crate::ladder::exchange_levels(p, sid, quote))
        })
        .collect()
}
