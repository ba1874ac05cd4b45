//! Live casino rounds in the ledger. A table opens a round, closes its betting, and results it;
//! each is an event. A bet on an item joins the book of that item in that round, so exposure is
//! held per item (a back and a lay on one item offset; bets on different items add up), and a
//! round's result settles every book of the round in the batch that logs it.

use crate::acceptance::{bet_placed, check_bettor, settle_books};
use crate::betting::{BookKind, Outcome, Payoff};
use crate::command::{Command, Reject};
use crate::event::{BetInfo, Event, FeedWorld};
use crate::ids::{BookKey, UserId};
use crate::state::{Book, State};
use crate::terms::Terms;
use std::collections::BTreeSet;
use schemas::casino::{CasinoItem, ItemStatus, RoundResult};
use schemas::sports::Side;
use schemas::AMOUNT_MINOR_MAX;

/// Casino books and tables are numbered from here, far above any sports market or match id and
/// still below 2^53, so they stay exact as JSON numbers in a browser.
pub const CASINO_ID_BASE: u64 = 8_000_000_000_000_000;

/// Round ids are at most 13 digits (`YYMMDD`, table, second of the day).
const ROUND_ID_DIGITS_MAX: usize = 13;

/// A table's game type, as the provider names it.
const GTYPE_CHARS_MAX: usize = 20;

/// The book id of round `mid`: the round id's number above [`CASINO_ID_BASE`].
pub fn round_book(mid: &str) -> Option<u64> {
    let digits = !mid.is_empty() && mid.len() <= ROUND_ID_DIGITS_MAX && mid.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| CASINO_ID_BASE + mid.parse::<u64>().expect("at most 13 digits fit a u64"))
}

/// The match id (`gmid`) casino bets of table number `table` carry.
pub fn table_gmid(table: u32) -> u64 {
    CASINO_ID_BASE + u64::from(table)
}

/// The table number (`cid`) of a table's match id.
fn table_number(gmid: u64) -> u32 {
    u32::try_from(gmid.saturating_sub(CASINO_ID_BASE)).unwrap_or(u32::MAX)
}

/// The administrator's locks become exactly `tables`: an event for each table that changes.
pub fn set_locked_tables(state: &State, tables: &[u32]) -> Vec<Event> {
    let wanted: BTreeSet<u32> = tables.iter().copied().collect();
    let unlocked = state.locked_tables.difference(&wanted).map(|&table| Event::TableUnlocked { table });
    let locked = wanted.difference(&state.locked_tables).map(|&table| Event::TableLocked { table });
    unlocked.chain(locked).collect()
}

/// The casino's world the log holds goes on (no event) under the same settings; otherwise a new
/// one begins. A round the old world left unresulted is voided when its table opens the next.
pub fn start_casino(state: &State, at_ms: i64, world: &FeedWorld) -> Vec<Event> {
    if FeedWorld::goes_on(state.casino_world.as_ref(), world, at_ms) {
        return vec![];
    }
    vec![Event::CasinoWorldStarted { world: world.clone() }]
}

/// Whether a book or match id is a casino one.
pub fn is_casino_id(id: u64) -> bool {
    id >= CASINO_ID_BASE
}

fn check_gtype(gtype: &str) -> Result<(), Reject> {
    let chars = gtype.chars().count();
    if chars == 0 || chars > GTYPE_CHARS_MAX {
        return Err(Reject::UnknownRound);
    }
    Ok(())
}

/// Opens round `mid`; a round the table left unresulted (the table restarted) is voided first.
pub fn open_round(state: &State, _at_ms: i64, gtype: &str, table: u32, mid: &str) -> Result<Vec<Event>, Reject> {
    check_gtype(gtype)?;
    let book = round_book(mid).ok_or(Reject::UnknownRound)?;
    let current = state.tables.get(gtype);
    if state.rounds.contains_key(&book) || current.is_some_and(|r| r.book == book) {
        return Err(Reject::RoundExists { mid: mid.to_owned() });
    }
    let mut events = Vec::new();
    if let Some(old) = current {
        events.push(Event::RoundResulted { gtype: gtype.to_owned(), book: old.book, result: None });
        events.extend(settle_books(state, old.gmid, old.book, |_, _| None));
    }
    events.push(Event::RoundOpened { gtype: gtype.to_owned(), mid: mid.to_owned(), book, gmid: table_gmid(table) });
    Ok(events)
}

/// Ends betting on the table's current round; closing it again changes nothing.
pub fn close_round(state: &State, gtype: &str, mid: &str) -> Result<Vec<Event>, Reject> {
    let round = state.tables.get(gtype).filter(|r| r.mid == mid).ok_or(Reject::UnknownRound)?;
    Ok(if round.betting { vec![Event::RoundClosed { gtype: gtype.to_owned(), book: round.book }] } else { vec![] })
}

/// Betting on the table's current round opens again (in play, between two faces of its deal);
/// opening it again when open changes nothing.
pub fn reopen_round(state: &State, gtype: &str, mid: &str) -> Result<Vec<Event>, Reject> {
    let round = state.tables.get(gtype).filter(|r| r.mid == mid).ok_or(Reject::UnknownRound)?;
    Ok(if round.betting { vec![] } else { vec![Event::RoundReopened { gtype: gtype.to_owned(), book: round.book }] })
}

/// Logs the result and settles every bet of the round: each item's book by its outcome; an item
/// the result does not name, and every item of a void round, returns its stakes.
pub fn settle_round(state: &State, gtype: &str, mid: &str, result: Option<&RoundResult>) -> Result<Vec<Event>, Reject> {
    let book = round_book(mid).ok_or(Reject::UnknownRound)?;
    if state.rounds.contains_key(&book) {
        return Err(Reject::AlreadySettled);
    }
    let round = state.tables.get(gtype).filter(|r| r.book == book).ok_or(Reject::UnknownRound)?;
    if result.is_some_and(|r| r.mid != mid || r.gtype != gtype) {
        return Err(Reject::UnknownRound);
    }
    let outcome_of = |key: &BookKey, _: &Book| {
        let item = result?.items.iter().find(|i| i.sid == key.scope)?;
        Some(Outcome::Item(item.outcome))
    };
    let mut events = vec![Event::RoundResulted { gtype: gtype.to_owned(), book, result: result.cloned() }];
    events.extend(settle_books(state, round.gmid, book, outcome_of));
    Ok(events)
}

/// The acceptance checks of a casino bet, in order: the bettor, the item as the table shows it
/// (its status, the side and rate asked), the round still taking bets in the ledger (which
/// decides a race with the table's closing), then stake limits and balance.
#[allow(clippy::too_many_arguments)]
pub fn place_bet(
    state: &State,
    at_ms: i64,
    user_id: UserId,
    request_id: &str,
    gtype: &str,
    mid: &str,
    item: &CasinoItem,
    stake_minor: i64,
    info: &BetInfo,
) -> Result<Vec<Event>, Reject> {
    let user = check_bettor(state, at_ms, user_id, request_id, stake_minor, info)?;
    let round = state.tables.get(gtype).filter(|r| r.mid == mid);
    if round.is_some_and(|r| state.locked_tables.contains(&table_number(r.gmid))) {
        return Err(Reject::TableLocked);
    }
    let (sid, side, asked) = Command::asked(info);
    if item.sid != sid {
        return Err(Reject::UnknownSelection);
    }
    if item.gstatus != ItemStatus::Active {
        return Err(Reject::MarketNotOpen { status: "SUSPENDED".into() });
    }
    let rate = match side {
        Side::Back => item.b,
        Side::Lay if item.l.0 == 0 => return Err(Reject::SideNotOffered),
        Side::Lay => item.l,
    };
    if rate.0 <= 100 || rate != asked {
        return Err(Reject::OddsChanged);
    }
    let round = round.filter(|r| r.betting).ok_or(Reject::RoundClosed)?;
    let terms = Terms {
        book: BookKey { mid: round.book, scope: sid },
        kind: BookKind::Item,
        payoff: Payoff::Item { sid, rate_h: rate.0, side },
        stake_min_minor: if item.min.minor() > 0 { item.min.minor() } else { 100 },
        stake_max_minor: if item.max.minor() > 0 { item.max.minor() } else { AMOUNT_MINOR_MAX },
    };
    bet_placed(state, user, request_id, round.gmid, terms, stake_minor, info)
}
