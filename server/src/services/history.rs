//! The rows of an account's pages, read from the history projection (`crate::history`).

use crate::http::error::ApiResult;
use ledger::history::{History, Row, RowKind};

/// An account's statement rows from the history, newest first.
pub fn account_rows(history: &History, user_id: ledger::UserId) -> ApiResult<Vec<schemas::AccountRow>> {
    rows(history, RowKind::Statement, user_id, |row| match row {
        Row::Statement(e) => Some(schemas::AccountRow { created_at: crate::http::timefmt::rfc3339(e.at_ms), amount: schemas::Money(e.amount_minor), pts: schemas::Money(e.balance_after_minor), remarks: e.remark, seq: e.seq }),
        _ => None,
    })
}

/// One account's settlement rows of market or round `mid` (more than one when it was settled
/// again), newest first.
pub fn market_settlements(history: &History, user_id: ledger::UserId, mid: u64) -> ApiResult<Vec<ledger::history::Settlement>> {
    history.market_settlements(user_id, mid).map_err(crate::http::error::history_failed)
}

/// One account's sign-ins and password changes, newest first.
pub fn activity(history: &History, user_id: ledger::UserId) -> ApiResult<Vec<ledger::accounts::Activity>> {
    rows(history, RowKind::Activity, user_id, |row| match row {
        Row::Activity(activity) => Some(activity),
        _ => None,
    })
}

/// What operators did to one account, newest first.
pub fn actions(history: &History, user_id: ledger::UserId) -> ApiResult<Vec<Row>> {
    rows(history, RowKind::Action, user_id, Some)
}

fn rows<T>(history: &History, kind: RowKind, user_id: ledger::UserId, pick: impl Fn(Row) -> Option<T>) -> ApiResult<Vec<T>> {
    let mut picked = Vec::new();
    for row in history.rows(kind, user_id).rev() {
        let (_, row) = row.map_err(crate::http::error::history_failed)?;
        picked.extend(pick(row));
    }
    Ok(picked)
}
