//! Account rows: money moved outside betting (operator credits and debits, wallet requests), and
//! the exchange's commission on a market's net winnings.

use crate::http::state::AppState;
use crate::http::error::ApiResult;
use crate::http::extract::{AuthUser, Encrypted};
use actix_web::web;
use schemas::{AccountRow, Envelope};

#[utoipa::path(get, path = "/api/transaction/user/statement/{id}", tag = "statements", params(("id" = String, Path, description = "A user id (the caller's, or any for an operator)")), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<Vec<schemas::AccountRow>> = "application/vnd.exchange.plain+json")))), security(("bearer" = [])))]
#[tracing::instrument(name = "get_account_rows", skip_all)]
pub async fn get_account_rows(state: web::Data<AppState>, user: AuthUser, id: web::Path<String>) -> ApiResult<Encrypted<Vec<AccountRow>>> {
    let user_id = user.require_self_or_operator(&id)?;
    let head = {
        let ledger = state.engine.read();
        ledger.accounts.users.get(&user_id).ok_or_else(|| crate::http::error::ApiError::not_found("Unknown user".into()))?;
        ledger.head_seq
    };
    let rows = crate::services::history::account_rows(state.history.at(head)?, user_id)?;
    Ok(Encrypted(Envelope::ok("Success", rows)))
}
