//! Operators at the feed (`/ops/feed`): every fixture with its markets, and suspending,
//! resuming, re-pricing, settling, voiding and finishing them. Each action is first asked of the
//! book (does the market exist, does the result fit it), then recorded in the ledger with the
//! operator and their remark (a settlement in the same batch), then shown and pushed.

use ledger::OperatorCommand;
use super::book::{Book, Changes};
use super::feed::{self, FeedError, FeedHandle};
use crate::clock::now_ms;
use crate::push::hub::HubHandle;
use std::sync::{Arc, RwLock};
use ledger::{Command, EngineError, EngineHandle, MarketAction, UserId};
use schemas::ops::{OpsFeed, OpsFeedAction, OpsFeedClock, OpsFeedSource, OpsFixture, OpsMarket, OpsSection};
use schemas::sports::{FeedEvent, Market, MarketResult, MarketType, Price, Side};

/// A moved odds price lies in this range (hundredths): 1.01 to 1000.
const ODDS_H: std::ops::RangeInclusive<u32> = 101..=100_000;
/// A moved run line, or a settled run value, is a whole number up to this.
const RUNS_MAX: u32 = 999;

/// What an operator's action on the feed reaches.
pub struct FeedDesk<'a> {
    pub engine: &'a EngineHandle,
    pub book: &'a Arc<RwLock<Book>>,
    pub hub: &'a HubHandle,
    /// The running feed, when this server runs one.
    pub feed: Option<&'a FeedHandle>,
}

/// Why an operator's action on the feed was refused (`crate::http::error` gives each its status).
#[derive(Debug, thiserror::Error)]
pub enum ControlError {
    #[error("Unknown fixture {0}")]
    UnknownFixture(u64),
    #[error("Unknown market {0}")]
    UnknownMarket(u64),
    #[error("Unknown section {0}")]
    UnknownSection(u32),
    #[error("Unknown action '{0}'")]
    UnknownAction(String),
    #[error("No feed runs in this server")]
    NoFeed,
    #[error("Market is already settled")]
    AlreadySettled,
    /// A field of the action missing or out of its range; the message names the field.
    #[error("{0}")]
    Invalid(String),
    #[error("price: the back price must stay below the lay price")]
    PricesCrossed,
    #[error("section {sid} offers no {side} price to move")]
    NoPriceToMove { sid: u32, side: &'static str },
    #[error(transparent)]
    Feed(#[from] FeedError),
    #[error(transparent)]
    Engine(#[from] EngineError),
}

type ControlResult<T> = Result<T, ControlError>;

fn invalid(message: impl Into<String>) -> ControlError {
    ControlError::Invalid(message.into())
}

impl FeedDesk<'_> {
    fn book(&self) -> std::sync::RwLockReadGuard<'_, Book> {
        self.book.read().unwrap_or_else(|p| p.into_inner())
    }

    fn book_mut(&self) -> std::sync::RwLockWriteGuard<'_, Book> {
        self.book.write().unwrap_or_else(|p| p.into_inner())
    }

    /// The running feed, or why there is none.
    pub fn feed(&self) -> ControlResult<&FeedHandle> {
        self.feed.ok_or(ControlError::NoFeed)
    }
}

/// The best price on one side of a section: the highest back, the lowest lay.
fn best(market: &Market, sid: u32, side: Side) -> Option<Price> {
    let section = market.section.iter().find(|s| s.sid == sid)?;
    let prices = section.odds.iter().filter(|o| o.otype == side).map(|o| o.odds);
    match side {
        Side::Back => prices.max(),
        Side::Lay => prices.min(),
    }
}

fn market_view(book: &Book, market: &Market) -> OpsMarket {
    // The feed's prices (an exchange market shows its order book to players).
    let priced = book.fair_market(market.gmid, market.mid).unwrap_or(market);
    OpsMarket {
        mid: market.mid,
        mname: market.mname.clone(),
        gtype: market.gtype,
        status: market.status.clone(),
        held: book.is_held(market.gmid, market.mid),
        settled: book.is_settled(market.gmid, market.mid),
        sections: market
            .section
            .iter()
            .map(|s| OpsSection { sid: s.sid, nat: s.nat.clone(), gstatus: s.gstatus.clone(), back: best(priced, s.sid, Side::Back), lay: best(priced, s.sid, Side::Lay) })
            .collect(),
    }
}

fn fixture_view(book: &Book, gmid: u64) -> Option<OpsFixture> {
    let fixture = book.fixture(gmid)?;
    Some(OpsFixture {
        gmid,
        etid: fixture.etid,
        ename: fixture.ename.clone(),
        in_play: fixture.iplay,
        virtual_cricket: fixture.iscc != 0,
        held: book.is_fixture_held(gmid),
        silent: book.is_silent(gmid),
        markets: book.markets(gmid)?.iter().map(|m| market_view(book, m)).collect(),
    })
}

/// Every fixture (by sport, then start) with its markets, and the feed's clock.
pub fn view(desk: &FeedDesk) -> OpsFeed {
    let book = desk.book();
    let mut fixtures: Vec<_> = book.fixtures().map(|f| (f.etid, f.stime.clone(), f.gmid)).collect();
    fixtures.sort();
    let status = desk.feed.map(FeedHandle::status).unwrap_or_default();
    OpsFeed {
        clock: OpsFeedClock {
            running: desk.feed.is_some(),
            source: status.source.to_owned(),
            clock_ms: status.clock_ms,
            speed: status.speed,
            last_event_at_ms: status.last_event_at_ms,
            events: status.events,
            sources: status.sources.iter().map(|(name, s)| OpsFeedSource { name: name.clone(), last_heard_at_ms: s.last_heard_ms, events: s.events, silent: s.silent }).collect(),
        },
        fixtures: fixtures.into_iter().filter_map(|(_, _, gmid)| fixture_view(&book, gmid)).collect(),
    }
}

/// The fixture as operators now see it.
pub fn fixture(desk: &FeedDesk, gmid: u64) -> ControlResult<OpsFixture> {
    fixture_view(&desk.book(), gmid).ok_or(ControlError::UnknownFixture(gmid))
}

/// The result as the market's type takes it (the ledger's own check, so a refusal comes before
/// anything is recorded).
fn check_result(market: &Market, result: &MarketResult) -> ControlResult<()> {
    ledger::sports::check_result(&ledger::sports::MarketShape::of(market), result).map_err(|wanted| invalid(ledger::BetReject::ResultDoesNotFit(wanted).to_string()))
}

/// The market with one side's best price of a section moved to `price`; the deeper prices of
/// that side move by as much (never below the lowest price).
fn moved(market: &Market, sid: u32, side: Side, price: Price) -> ControlResult<Market> {
    let lines = matches!(market.gtype, MarketType::Fancy | MarketType::Meter | MarketType::Khado);
    let valid = if lines { price.hundredths().is_multiple_of(100) && price.hundredths() / 100 <= RUNS_MAX } else { ODDS_H.contains(&price.hundredths()) };
    if !valid {
        return Err(invalid(if lines { "price: a run line is a whole number from 0 to 999" } else { "price: odds must be from 1.01 to 1000" }));
    }
    let other = match side {
        Side::Back => Side::Lay,
        Side::Lay => Side::Back,
    };
    let crossed = match (side, best(market, sid, other)) {
        (Side::Back, Some(lay)) => price >= lay,
        (Side::Lay, Some(back)) => price <= back,
        (_, None) => false,
    };
    if !lines && crossed {
        return Err(ControlError::PricesCrossed);
    }
    market.section.iter().find(|s| s.sid == sid).ok_or(ControlError::UnknownSection(sid))?;
    let was = best(market, sid, side).ok_or(ControlError::NoPriceToMove { sid, side: if side == Side::Back { "back" } else { "lay" } })?;
    let lowest = if lines { 0 } else { *ODDS_H.start() };
    let mut market = market.clone();
    let section = market.section.iter_mut().find(|s| s.sid == sid).expect("found above");
    for level in section.odds.iter_mut().filter(|o| o.otype == side) {
        let shifted = i64::from(level.odds.hundredths()) + i64::from(price.hundredths()) - i64::from(was.hundredths());
        level.odds = Price(u32::try_from(shifted.max(lowest.into())).unwrap_or(lowest));
    }
    Ok(market)
}

/// What the action on a market asks, checked against the market as the book has it.
fn market_action(book: &Book, gmid: u64, mid: u64, action: &str, body: &OpsFeedAction) -> ControlResult<(MarketAction, Option<FeedEvent>, Market)> {
    book.fixture(gmid).ok_or(ControlError::UnknownFixture(gmid))?;
    let market = book.feed_market(gmid, mid).ok_or(ControlError::UnknownMarket(mid))?;
    if book.is_settled(gmid, mid) {
        return Err(ControlError::AlreadySettled);
    }
    let (action, event) = match action {
        "suspend" => (MarketAction::Suspend, None),
        "resume" => (MarketAction::Resume, None),
        "price" => {
            let sid = body.sid.ok_or_else(|| invalid("sid: required"))?;
            let side = body.side.ok_or_else(|| invalid("side: required (back or lay)"))?;
            let price = body.price.ok_or_else(|| invalid("price: required"))?;
            let market = moved(market, sid, side, price)?;
            (MarketAction::MovePrice { sid, side, price_h: price.hundredths() }, Some(FeedEvent::MarketUpdated { market }))
        }
        "settle" | "void" => {
            let result = if action == "void" { MarketResult::Void } else { body.result.clone().ok_or_else(|| invalid("result: required"))? };
            check_result(market, &result)?;
            (MarketAction::Settle { result: result.clone() }, Some(FeedEvent::MarketSettled { gmid, mid, result }))
        }
        _ => return Err(ControlError::UnknownAction(action.to_owned())),
    };
    Ok((action, event, market.clone()))
}

/// Operator `by` acts on market `mid` of fixture `gmid` (`suspend`, `resume`, `price`, `settle`,
/// `void`); the fixture as it then is.
pub async fn act_on_market(desk: &FeedDesk<'_>, by: UserId, gmid: u64, mid: u64, action: &str, body: OpsFeedAction) -> ControlResult<OpsFixture> {
    let (action, event, market) = market_action(&desk.book(), gmid, mid, action, &body)?;
    let hold = match action {
        MarketAction::Suspend => Some(true),
        MarketAction::Resume => Some(false),
        _ => None,
    };
    desk.engine.submit(now_ms(), Command::Oversight(OperatorCommand::OperatorMarket { by, gmid, mid: Some(mid), action, remark: body.remark, market: Some(market) })).await?;
    let mut changes = match (hold, event) {
        (Some(held), _) => vec![desk.book_mut().hold(gmid, Some(mid), held)],
        // The ledger settled it already: the book's result needs no second settlement.
        (None, Some(event)) => feed::fold(desk.book, vec![event]),
        (None, None) => Vec::new(),
    };
    feed::publish(desk.book, desk.hub, &mut changes);
    fixture(desk, gmid)
}

/// Operator `by` acts on every market of fixture `gmid` (`suspend`, `resume`, `finish`).
pub async fn act_on_fixture(desk: &FeedDesk<'_>, by: UserId, gmid: u64, action: &str, body: OpsFeedAction) -> ControlResult<Option<OpsFixture>> {
    desk.book().fixture(gmid).ok_or(ControlError::UnknownFixture(gmid))?;
    let action = match action {
        "suspend" => MarketAction::Suspend,
        "resume" => MarketAction::Resume,
        "finish" => {
            let winner = body.winner.clone().unwrap_or_default();
            if !matches!(winner.as_str(), "home" | "away" | "draw") {
                return Err(invalid("winner: must be home, away or draw"));
            }
            // Only the simulator decides a finished match's results; refused before anything is
            // recorded.
            if desk.feed()?.status().source != "simulator" {
                return Err(FeedError::CannotFinish.into());
            }
            MarketAction::Finish { winner }
        }
        _ => return Err(ControlError::UnknownAction(action.to_owned())),
    };
    desk.engine.submit(now_ms(), Command::Oversight(OperatorCommand::OperatorMarket { by, gmid, mid: None, action: action.clone(), remark: body.remark, market: None })).await?;
    let changes: Changes = match action {
        MarketAction::Suspend | MarketAction::Resume => desk.book_mut().hold(gmid, None, action == MarketAction::Suspend),
        MarketAction::Finish { winner } => {
            desk.feed()?.finish(gmid, winner).await?;
            return Ok(fixture(desk, gmid).ok());
        }
        MarketAction::MovePrice { .. } | MarketAction::Settle { .. } => Changes::default(),
    };
    feed::publish(desk.book, desk.hub, &mut [changes]);
    fixture(desk, gmid).map(Some)
}
