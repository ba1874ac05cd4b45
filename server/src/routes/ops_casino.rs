//! The operators' casino tables (issue 14), under `/api/ops/casino`: every table with its round;
//! locking or unlocking one, pausing or resuming its dealing, voiding its round, with a remark.

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

/// Locks or unlocks a table (its tile shows locked and it takes no bets until unlocked), pauses
/// or resumes its dealing (after the round in play, no new round opens), or voids its round in
/// play (every stake returned).
#[tracing::instrument(name = "ops_table_action", skip_all)]
pub async fn ops_table_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(String, String)>, JsonBody(body): JsonBody<OpsActionRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (gtype, action) = path.into_inner();
    if body.password.is_some() {
        return Err(ApiError::bad("password: not taken here"));
    }
    let message = match action.as_str() {
        "lock" | "unlock" => {
            let table = operations::set_table_lock(&state.engine, user.user_id, &gtype, action == "lock", body.remark).await?;
            return Ok(ok(if action == "lock" { "Table locked" } else { "Table unlocked" }, table));
        }
        "pause" => "Dealing paused",
        "resume" => "Dealing resumed",
        _ => "Round voided",
    };
    let (table, voided) = operations::act_on_dealing(&state.engine, user.user_id, &gtype, &action, body.remark).await?;
    if let Some(mid) = voided {
        crate::casino::show_voided(&state.casino, &state.hub, &table.gtype, &mid);
    }
    Ok(ok(message, table))
}
