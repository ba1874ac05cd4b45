//! `decide` for the casino's tables: rounds opened, closed, reopened and resulted, bets on their
//! items, table locks and the casino's world. A decision gives the casino's events and the bets'
//! (`E` holds both), or a refusal of the casino, the bets or the accounts (`R` holds them).

use crate::accounts::messages::AccountReject;
use crate::accounts::model::Accounts;
use crate::betting::{BookKind, Outcome, Payoff};
use crate::bets::acceptance::{bet_placed, check_bettor, settle_books, Terms};
use crate::bets::messages::{BetEvent, BetInfo, BetReject};
use crate::bets::model::{Betting, Book};
use crate::casino::messages::{CasinoCommand, CasinoEvent, CasinoReject};
use crate::casino::model::{round_book, table_gmid, table_number, Casino};
use crate::ids::{BookKey, UserId};
use crate::world::FeedWorld;
use schemas::casino::{CasinoItem, ItemStatus, RoundResult};
use schemas::sports::Side;
use schemas::AMOUNT_MINOR_MAX;
use std::collections::BTreeSet;

/// A table's game type, as the provider names it.
const GTYPE_CHARS_MAX: usize = 20;

pub fn decide<E, R>(accounts: &Accounts, betting: &Betting, casino: &Casino, at_ms: i64, command: &CasinoCommand) -> Result<Vec<E>, R>
where
    E: From<CasinoEvent> + From<BetEvent>,
    R: From<CasinoReject> + From<BetReject> + From<AccountReject>,
{
    match command {
        CasinoCommand::StartCasino { world } => Ok(start_casino(casino, at_ms, world).into_iter().map(E::from).collect()),
        CasinoCommand::SetLockedTables { tables } => Ok(set_locked_tables(casino, tables).into_iter().map(E::from).collect()),
        CasinoCommand::OpenRound { gtype, table, mid } => Ok(open_round(accounts, betting, casino, gtype, *table, mid)?),
        CasinoCommand::CloseRound { gtype, mid } => Ok(close_round(casino, gtype, mid)?.into_iter().map(E::from).collect()),
        CasinoCommand::ReopenRound { gtype, mid } => Ok(reopen_round(casino, gtype, mid)?.into_iter().map(E::from).collect()),
        CasinoCommand::SettleRound { gtype, mid, result } => settle_round(accounts, betting, casino, gtype, mid, result.as_ref()),
        CasinoCommand::PlaceCasinoBet { user_id, request_id, gtype, mid, item, stake_minor, info } => {
            Ok(vec![place_bet::<R>(accounts, betting, casino, at_ms, *user_id, request_id, gtype, mid, item, *stake_minor, info)?.into()])
        }
    }
}

/// The administrator's locks become exactly `tables`: an event for each table that changes.
fn set_locked_tables(casino: &Casino, tables: &[u32]) -> Vec<CasinoEvent> {
    let wanted: BTreeSet<u32> = tables.iter().copied().collect();
    let unlocked = casino.locked_tables.difference(&wanted).map(|&table| CasinoEvent::TableUnlocked { table });
    let locked = wanted.difference(&casino.locked_tables).map(|&table| CasinoEvent::TableLocked { table });
    unlocked.chain(locked).collect()
}

/// The casino's world the log holds goes on (no event) under the same settings; otherwise a new
/// one begins. A round the old world left unresulted is voided when its table opens the next.
fn start_casino(casino: &Casino, at_ms: i64, world: &FeedWorld) -> Vec<CasinoEvent> {
    if FeedWorld::goes_on(casino.casino_world.as_ref(), world, at_ms) {
        return vec![];
    }
    vec![CasinoEvent::CasinoWorldStarted { world: world.clone() }]
}

fn check_gtype(gtype: &str) -> Result<(), CasinoReject> {
    let chars = gtype.chars().count();
    if chars == 0 || chars > GTYPE_CHARS_MAX {
        return Err(CasinoReject::UnknownRound);
    }
    Ok(())
}

/// Opens round `mid`; a round the table left unresulted (the table restarted) is voided first.
fn open_round<E>(accounts: &Accounts, betting: &Betting, casino: &Casino, gtype: &str, table: u32, mid: &str) -> Result<Vec<E>, CasinoReject>
where
    E: From<CasinoEvent> + From<BetEvent>,
{
    check_gtype(gtype)?;
    let book = round_book(mid).ok_or(CasinoReject::UnknownRound)?;
    let current = casino.tables.get(gtype);
    // A round resulted (on any table: no two share a book) or dealt now cannot open again.
    if casino.resulted.taken(gtype, book) || casino.tables.values().any(|r| r.book == book) {
        return Err(CasinoReject::RoundExists { mid: mid.to_owned() });
    }
    let mut events = Vec::new();
    if let Some(old) = current {
        events.push(CasinoEvent::RoundResulted { gtype: gtype.to_owned(), book: old.book, result: None }.into());
        events.extend(settle_books(accounts, betting, old.gmid, old.book, |_, _| None).into_iter().map(E::from));
    }
    events.push(CasinoEvent::RoundOpened { gtype: gtype.to_owned(), mid: mid.to_owned(), book, gmid: table_gmid(table) }.into());
    Ok(events)
}

/// Ends betting on the table's current round; closing it again changes nothing, nor does closing
/// a round already resulted (a restarted table deals its last round again, past its betting).
fn close_round(casino: &Casino, gtype: &str, mid: &str) -> Result<Vec<CasinoEvent>, CasinoReject> {
    if round_book(mid).is_some_and(|book| casino.resulted.of_table(gtype, book)) {
        return Ok(vec![]);
    }
    let round = casino.tables.get(gtype).filter(|r| r.mid == mid).ok_or(CasinoReject::UnknownRound)?;
    Ok(if round.betting { vec![CasinoEvent::RoundClosed { gtype: gtype.to_owned(), book: round.book }] } else { vec![] })
}

/// Betting on the table's current round opens again (in play, between two faces of its deal);
/// opening it again when open changes nothing.
fn reopen_round(casino: &Casino, gtype: &str, mid: &str) -> Result<Vec<CasinoEvent>, CasinoReject> {
    let round = casino.tables.get(gtype).filter(|r| r.mid == mid).ok_or(CasinoReject::UnknownRound)?;
    Ok(if round.betting { vec![] } else { vec![CasinoEvent::RoundReopened { gtype: gtype.to_owned(), book: round.book }] })
}

/// Logs the result and settles every bet of the round: each item's book by its outcome; an item
/// the result does not name, and every item of a void round, returns its stakes.
pub fn settle_round<E, R>(accounts: &Accounts, betting: &Betting, casino: &Casino, gtype: &str, mid: &str, result: Option<&RoundResult>) -> Result<Vec<E>, R>
where
    E: From<CasinoEvent> + From<BetEvent>,
    R: From<CasinoReject> + From<BetReject>,
{
    let book = round_book(mid).ok_or(CasinoReject::UnknownRound)?;
    if casino.resulted.of_table(gtype, book) {
        return Err(BetReject::AlreadySettled.into());
    }
    let round = casino.tables.get(gtype).filter(|r| r.book == book).ok_or(CasinoReject::UnknownRound)?;
    if result.is_some_and(|r| r.mid != mid || r.gtype != gtype) {
        return Err(CasinoReject::UnknownRound.into());
    }
    let outcome_of = |key: &BookKey, _: &Book| {
        let item = result?.items.iter().find(|i| i.sid == key.scope)?;
        Some(Outcome::Item(item.outcome))
    };
    let mut events = vec![CasinoEvent::RoundResulted { gtype: gtype.to_owned(), book, result: result.cloned() }.into()];
    events.extend(settle_books(accounts, betting, round.gmid, book, outcome_of).into_iter().map(E::from));
    Ok(events)
}

/// The acceptance checks of a casino bet, in order: the bettor, the item as the table shows it
/// (its status, the side and rate asked), the round still taking bets in the ledger (which
/// decides a race with the table's closing), then stake limits and balance.
#[allow(clippy::too_many_arguments)]
fn place_bet<R>(
    accounts: &Accounts,
    betting: &Betting,
    casino: &Casino,
    at_ms: i64,
    user_id: UserId,
    request_id: &str,
    gtype: &str,
    mid: &str,
    item: &CasinoItem,
    stake_minor: i64,
    info: &BetInfo,
) -> Result<BetEvent, R>
where
    R: From<CasinoReject> + From<BetReject> + From<AccountReject>,
{
    let user = check_bettor::<R>(accounts, betting, at_ms, user_id, request_id, stake_minor, info)?;
    let round = casino.tables.get(gtype).filter(|r| r.mid == mid);
    if round.is_some_and(|r| casino.locked_tables.contains(&table_number(r.gmid))) {
        return Err(CasinoReject::TableLocked.into());
    }
    let (sid, side, asked) = info.asked();
    if item.sid != sid {
        return Err(BetReject::UnknownSelection.into());
    }
    if item.gstatus != ItemStatus::Active {
        return Err(BetReject::MarketNotOpen { status: "SUSPENDED".into() }.into());
    }
    let rate = match side {
        Side::Back => item.b,
        Side::Lay if item.l.0 == 0 => return Err(BetReject::SideNotOffered.into()),
        Side::Lay => item.l,
    };
    if rate.0 <= 100 || rate != asked {
        return Err(BetReject::OddsChanged.into());
    }
    let round = round.filter(|r| r.betting).ok_or(CasinoReject::RoundClosed)?;
    let terms = Terms {
        book: BookKey { mid: round.book, scope: sid },
        kind: BookKind::Item,
        payoff: Payoff::Item { sid, rate_h: rate.0, side },
        stake_min_minor: if item.min.minor() > 0 { item.min.minor() } else { 100 },
        stake_max_minor: if item.max.minor() > 0 { item.max.minor() } else { AMOUNT_MINOR_MAX },
    };
    bet_placed(betting, user, request_id, round.gmid, terms, stake_minor, info)
}
