//! The operators' view of accounts (issue 14), under `/api/ops/users` (role operator only): find a
//! user, read everything about them, follow their money over the log, and act on the account.

use crate::app_state::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{ok, ok_paged, AuthUser, JsonBody};
use crate::operations;
use crate::timefmt::rfc3339;
use crate::views::{open_bets, settlement_row};
use actix_web::{web, HttpResponse};
use ledger::{AccountAction, State};
use schemas::ops::{OpsActionRequest, OpsActionRow, OpsSession, OpsTimelinePoint, OpsUserDetail, OpsUserRow};
use schemas::{AccountRow, ActivityRow, Money, Role};
use serde::Deserialize;

/// Settled markets and rounds a user's page lists (newest first).
const SETTLED_ROWS_MAX: usize = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsersQuery {
    #[serde(default)]
    search: String,
    page: Option<u32>,
    limit: Option<u32>,
}

fn user_row(state: &State, account: &ledger::Account) -> OpsUserRow {
    OpsUserRow {
        username: account.username.clone(),
        role: account.role,
        balance: Money(account.balance_minor),
        exposure: Money(account.exposure_minor),
        betting_locked: account.betting_locked,
        must_change_password: account.must_change_password,
        sessions: state.sessions.values().filter(|s| s.user_id == account.id).count() as u32,
    }
}

fn account<'a>(state: &'a State, username: &str) -> ApiResult<&'a ledger::Account> {
    state.user_by_name(username).ok_or_else(|| ApiError::NotFound(format!("Unknown user '{username}'")))
}

/// Accounts whose username contains `search` (any case), in username order, a page at a time.
#[tracing::instrument(name = "ops_list_users", skip_all)]
pub async fn ops_list_users(state: web::Data<AppState>, user: AuthUser, query: web::Query<UsersQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let page = query.page.unwrap_or(1);
    let limit = query.limit.unwrap_or(crate::limits::OPS_PAGE_SIZE_DEFAULT);
    if page == 0 {
        return Err(ApiError::bad("page: must be 1 or more"));
    }
    if limit == 0 || limit > crate::limits::OPS_PAGE_SIZE_MAX {
        return Err(ApiError::bad(format!("limit: must be between 1 and {}", crate::limits::OPS_PAGE_SIZE_MAX)));
    }
    let search = query.search.trim().to_lowercase();
    let ledger = state.engine.read();
    let matching: Vec<&ledger::Account> = ledger.by_username.iter().filter(|(name, _)| name.contains(&search)).filter_map(|(_, id)| ledger.users.get(id)).collect();
    let total = matching.len() as u64;
    let skip = ((page - 1) as usize).saturating_mul(limit as usize);
    let rows: Vec<OpsUserRow> = matching.into_iter().skip(skip).take(limit as usize).map(|a| user_row(&ledger, a)).collect();
    Ok(ok_paged(rows, total))
}

/// Everything about one account.
#[tracing::instrument(name = "ops_get_user", skip_all)]
pub async fn ops_get_user(state: web::Data<AppState>, user: AuthUser, username: web::Path<String>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let ledger = state.engine.read();
    let account = account(&ledger, &username)?;
    let mut wallet_requests: Vec<_> = ledger
        .wallet
        .requests_by_user
        .get(&account.id)
        .into_iter()
        .flatten()
        .filter_map(|id| ledger.wallet.requests.get(id))
        .map(|r| crate::wallet::request_view(&ledger, r))
        .collect();
    wallet_requests.reverse();
    let detail = OpsUserDetail {
        user: user_row(&ledger, account),
        open_bets: open_bets(&ledger, account.id, None),
        settled: account.settlements.iter().rev().filter_map(|entry| settlement_row(&ledger, entry)).take(SETTLED_ROWS_MAX).collect(),
        account_rows: account
            .statement
            .iter()
            .rev()
            .map(|e| AccountRow { created_at: rfc3339(e.at_ms), amount: Money(e.amount_minor), pts: Money(e.balance_after_minor), remarks: e.remark.clone(), seq: e.seq })
            .collect(),
        wallet_requests,
        sessions: ledger
            .sessions
            .values()
            .filter(|s| s.user_id == account.id)
            .map(|s| OpsSession { id: s.id, current: account.current_session == Some(s.id), expires_at: rfc3339(s.refresh_expires_ms) })
            .collect(),
        activity: account
            .activity
            .iter()
            .rev()
            .map(|a| ActivityRow { username: account.username.clone(), created_at: rfc3339(a.at_ms), ip: a.ip.clone(), kind: a.kind.label().into() })
            .collect(),
        actions: account
            .actions
            .iter()
            .rev()
            .map(|a| OpsActionRow { seq: a.seq, created_at: rfc3339(a.at_ms), by: a.by.clone(), action: a.action.clone(), remark: a.remark.clone() })
            .collect(),
    };
    Ok(ok("Success", detail))
}

/// The account's balance and exposure after every event that moved either, read from the log.
#[tracing::instrument(name = "ops_user_timeline", skip_all)]
pub async fn ops_user_timeline(state: web::Data<AppState>, user: AuthUser, username: web::Path<String>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let user_id = account(&state.engine.read(), &username)?.id;
    let points = operations::money_timeline(&state.engine, user_id).await?;
    let points: Vec<OpsTimelinePoint> = points
        .into_iter()
        .map(|p| OpsTimelinePoint { seq: p.seq, at_ms: p.at_ms, balance: Money(p.balance_minor), exposure: Money(p.exposure_minor) })
        .collect();
    Ok(ok("Success", points))
}

/// Lock or unlock betting, reset the password, or end the sessions; the remark says why.
#[tracing::instrument(name = "ops_account_action", skip_all)]
pub async fn ops_account_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(String, String)>, JsonBody(body): JsonBody<OpsActionRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (username, action) = path.into_inner();
    let (action, message) = match (action.as_str(), body.password) {
        ("lock", None) => (AccountAction::LockBetting, "Betting locked"),
        ("unlock", None) => (AccountAction::UnlockBetting, "Betting unlocked"),
        ("end-sessions", None) => (AccountAction::EndSessions, "Sessions ended"),
        ("reset-password", Some(password)) => {
            crate::password_policy::check_new_password(&password, &username, None).map_err(|weak| ApiError::bad(format!("password: {weak}")))?;
            (AccountAction::ResetPassword { password_hash: crate::passwords::hash(password).await? }, "Password reset")
        }
        ("reset-password", None) => return Err(ApiError::bad("password: required to reset the password")),
        ("lock" | "unlock" | "end-sessions", Some(_)) => return Err(ApiError::bad("password: only a password reset takes one")),
        _ => return Err(ApiError::NotFound(format!("Unknown action '{action}'"))),
    };
    operations::act_on_account(&state.engine, user.user_id, &username, action, body.remark).await?;
    let ledger = state.engine.read();
    Ok(ok(message, user_row(&ledger, account(&ledger, &username)?)))
}
