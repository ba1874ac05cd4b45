//! The match-odds market both order benchmarks trade on: three runners, the feed at 2.00/2.02.

use schemas::sports::{Market, MarketType, OddsLevel, Price, Section, Side};
use schemas::Money;

/// A match-odds market `mid` of fixture `gmid`, open, with three runners.
pub fn match_odds(mid: u64, gmid: u64) -> Market {
    let section = |sid: u32| Section {
        sid,
        sno: sid,
        nat: format!("Runner {sid}"),
        gstatus: "ACTIVE".into(),
        min: Money(0),
        max: Money(0),
        rem: String::new(),
        width: 0,
        odds: vec![OddsLevel { otype: Side::Back, odds: Price(200), size: Price(0), tno: 0 }, OddsLevel { otype: Side::Lay, odds: Price(202), size: Price(0), tno: 0 }],
    };
    Market {
        mid,
        gmid,
        mname: "Match Odds".into(),
        gtype: MarketType::Match,
        status: "OPEN".into(),
        min: Money(100),
        max: Money(0),
        minb: Money(100),
        maxb: Money(100_000_000),
        rc: 0,
        rem: String::new(),
        section: vec![section(1), section(2), section(3)],
    }
}
