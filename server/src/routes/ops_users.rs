//! The operators' view of accounts, under `/api/ops/users` (role operator only): find a
//! user, read everything about them, follow their money over the log, and act on the account.

use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{ok, ok_paged, AuthUser, JsonBody};
use crate::services::operations;
use actix_web::{web, HttpResponse};
use ledger::AccountAction;
use schemas::ops::{OpsActionRequest, OpsTimelinePoint, OpsUserRow};
use schemas::{Money, Role};
use serde::Deserialize;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct UsersQuery {
    #[serde(default)]
    search: String,
    page: Option<u32>,
    limit: Option<u32>,
}

/// Accounts whose username contains `search` (any case), in username order, a page at a time.
#[utoipa::path(get, path = "/api/ops/users", tag = "ops", params(UsersQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::ops::OpsUserRow>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_list_users", skip_all)]
pub async fn ops_list_users(state: web::Data<AppState>, user: AuthUser, query: web::Query<UsersQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (page, limit) = crate::http::extract::page_and_limit(query.page, query.limit, crate::limits::OPS_PAGE_SIZE_DEFAULT, crate::limits::OPS_PAGE_SIZE_MAX)?;
    let search = query.search.trim().to_lowercase();
    let ledger = state.engine.read();
    let matching: Vec<&ledger::Account> =
        ledger.accounts.by_username.iter().filter(|(name, _)| name.contains(&search)).filter_map(|(_, id)| ledger.accounts.users.get(id)).collect();
    let total = matching.len() as u64;
    let skip = ((page - 1) as usize).saturating_mul(limit as usize);
    let rows: Vec<OpsUserRow> = matching.into_iter().skip(skip).take(limit as usize).map(|a| operations::user_row(&ledger, a)).collect();
    Ok(ok_paged(rows, total))
}

/// Everything about one account.
#[utoipa::path(get, path = "/api/ops/users/{username}", tag = "ops", params(("username" = String, Path)), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsUserDetail>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_get_user", skip_all)]
pub async fn ops_get_user(state: web::Data<AppState>, user: AuthUser, username: web::Path<String>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let head = state.engine.read().head_seq;
    let history = state.history.at(head)?;
    let detail = operations::user_detail(&state.engine.read(), history, &username)?;
    Ok(ok("Success", detail))
}

/// The account's balance and exposure after every event that moved either, from the history.
#[utoipa::path(get, path = "/api/ops/users/{username}/timeline", tag = "ops", params(("username" = String, Path)), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::ops::OpsTimelinePoint>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_user_timeline", skip_all)]
pub async fn ops_user_timeline(state: web::Data<AppState>, user: AuthUser, username: web::Path<String>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (user_id, head) = {
        let ledger = state.engine.read();
        (operations::account(&ledger, &username)?.id, ledger.head_seq)
    };
    let points = state.history.at(head)?.money_timeline(user_id)?;
    let points: Vec<OpsTimelinePoint> = points
        .into_iter()
        .map(|p| OpsTimelinePoint { seq: p.seq, at_ms: p.at_ms, balance: Money(p.balance_minor), exposure: Money(p.exposure_minor) })
        .collect();
    Ok(ok("Success", points))
}

/// Lock or unlock betting, reset the password, end the sessions, or cancel the account's
/// unmatched exchange orders (all, or one market's with `marketId`); the remark says why.
#[utoipa::path(post, path = "/api/ops/users/{username}/{action}", tag = "ops", request_body = schemas::ops::OpsActionRequest, params(("username" = String, Path), ("action" = String, Path, description = "lock, unlock, end-sessions, reset-password or cancel-orders")), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsUserRow>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_account_action", skip_all)]
pub async fn ops_account_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(String, String)>, JsonBody(body): JsonBody<OpsActionRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (username, action) = path.into_inner();
    if action == "cancel-orders" {
        if body.password.is_some() {
            return Err(ApiError::bad("password: only a password reset takes one"));
        }
        let cancel = AccountAction::CancelOrders { mid: body.market_id };
        return Ok(ok("Orders cancelled", operations::act_on_account(&state.engine, user.user_id, &username, cancel, body.remark).await?));
    }
    if body.market_id.is_some() {
        return Err(ApiError::bad("marketId: only cancel-orders takes one"));
    }
    let (action, message) = match (action.as_str(), body.password) {
        ("lock", None) => (AccountAction::LockBetting, "Betting locked"),
        ("unlock", None) => (AccountAction::UnlockBetting, "Betting unlocked"),
        ("end-sessions", None) => (AccountAction::EndSessions, "Sessions ended"),
        ("reset-password", Some(password)) => (operations::password_reset(&username, password).await?, "Password reset"),
        ("reset-password", None) => return Err(ApiError::bad("password: required to reset the password")),
        ("lock" | "unlock" | "end-sessions", Some(_)) => return Err(ApiError::bad("password: only a password reset takes one")),
        _ => return Err(ApiError::not_found(format!("Unknown action '{action}'"))),
    };
    Ok(ok(message, operations::act_on_account(&state.engine, user.user_id, &username, action, body.remark).await?))
}
