//! A player's bets on one casino round, as the round's result and the bet list show them.

use crate::casino::catalog;
use crate::http::error::{ApiError, ApiResult};
use crate::services::views::round_bets;
use ledger::casino::round_book;
use schemas::casino::RoundBets;

/// The caller's bets on one round (`GET /api/bet?marketId=&gType=`).
pub fn bets_of_round(ledger: &ledger::State, history: &ledger::history::History, user_id: u64, mid: &str, gtype: Option<&str>) -> ApiResult<RoundBets> {
    let gtype = gtype.filter(|g| !g.is_empty()).ok_or_else(|| ApiError::bad("gType: required"))?;
    catalog::table(gtype).ok_or_else(|| ApiError::not_found(format!("Unknown table {gtype}")))?;
    let book = round_book(mid).ok_or_else(|| ApiError::bad("marketId: must be a round id"))?;
    Ok(RoundBets { bets: round_bets(ledger, history, user_id, book)? })
}
