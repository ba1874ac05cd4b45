//! The operators' casino tables (issue 14), under `/api/ops/casino`: every table with its round,
//! and locking or unlocking one with a remark.

use crate::app_state::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{ok, AuthUser, JsonBody};
use crate::operations;
use actix_web::{web, HttpResponse};
use schemas::ops::OpsActionRequest;
use schemas::Role;

#[tracing::instrument(name = "ops_list_tables", skip_all)]
pub async fn ops_list_tables(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Success", operations::tables(&state.engine.read())))
}

/// Locks or unlocks a table: its tile shows locked and it takes no bets until unlocked.
#[tracing::instrument(name = "ops_table_action", skip_all)]
pub async fn ops_table_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(String, String)>, JsonBody(body): JsonBody<OpsActionRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (gtype, action) = path.into_inner();
    let (locked, message) = match action.as_str() {
        "lock" => (true, "Table locked"),
        "unlock" => (false, "Table unlocked"),
        _ => return Err(ApiError::NotFound(format!("Unknown action '{action}'"))),
    };
    if body.password.is_some() {
        return Err(ApiError::bad("password: not taken here"));
    }
    Ok(ok(message, operations::set_table_lock(&state.engine, user.user_id, &gtype, locked, body.remark).await?))
}
