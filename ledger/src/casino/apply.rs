//! `apply` for the casino's tables. Pure.

use crate::casino::messages::CasinoEvent;
use crate::casino::model::{Casino, RecentResult, TableRound};

pub fn apply(casino: &mut Casino, at_ms: i64, event: &CasinoEvent) {
    match event {
        CasinoEvent::RoundOpened { gtype, mid, book, gmid } => {
            let round = TableRound { mid: mid.clone(), book: *book, gmid: *gmid, betting: true, opened_at_ms: at_ms };
            casino.tables.insert(gtype.clone(), round);
        }
        CasinoEvent::RoundClosed { gtype, book } => {
            if let Some(round) = casino.tables.get_mut(gtype).filter(|r| r.book == *book) {
                round.betting = false;
            }
        }
        CasinoEvent::RoundReopened { gtype, book } => {
            if let Some(round) = casino.tables.get_mut(gtype).filter(|r| r.book == *book) {
                round.betting = true;
            }
        }
        CasinoEvent::RoundResulted { gtype, book, result } => {
            let Some(round) = casino.tables.remove(gtype) else { return };
            debug_assert_eq!(round.book, *book, "decide results the table's current round");
            casino.resulted.insert(*book, RecentResult { gtype: gtype.clone(), gmid: round.gmid, void: result.is_none(), at_ms });
        }
        CasinoEvent::TableLocked { table } => {
            casino.locked_tables.insert(*table);
        }
        CasinoEvent::TableUnlocked { table } => {
            casino.locked_tables.remove(table);
        }
        CasinoEvent::CasinoWorldStarted { world } => casino.casino_world = Some(world.clone()),
    }
}
