//! The operators' casino tables, under `/api/ops/casino`: every table with its round;
//! locking or unlocking one, pausing or resuming its dealing, voiding its round, with a remark.

use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{ok, AuthUser, JsonBody};
use crate::services::operations;
use actix_web::{web, HttpResponse};
use schemas::ops::{OpsActionRequest, OpsStackRequest};
use schemas::Role;

#[utoipa::path(get, path = "/api/ops/casino", tag = "ops", responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::ops::OpsTable>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_list_tables", skip_all)]
pub async fn ops_list_tables(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Success", operations::tables(&state.engine.read())))
}

/// Faces one stack may name: more than any table deals in a round.
const STACK_FACES_MAX: usize = 60;

/// Test mode only: the table's next deal starts with these cards; its result says stacked.
#[utoipa::path(post, path = "/api/ops/casino/{gtype}/stack", tag = "ops", request_body = schemas::ops::OpsStackRequest, params(("gtype" = String, Path, description = "A table's gtype")), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsTable>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_stack_shoe", skip_all)]
pub async fn ops_stack_shoe(state: web::Data<AppState>, user: AuthUser, path: web::Path<String>, JsonBody(body): JsonBody<OpsStackRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    if !state.settings.test_mode {
        return Err(ApiError::forbidden("Stacking a shoe is for test mode only (APP_TEST_MODE=true)".into()));
    }
    if !ledger::checks::remark_fits(&body.remark, true) {
        return Err(ApiError::bad("remark must be 1 to 200 characters"));
    }
    if body.cards.len() > STACK_FACES_MAX {
        return Err(ApiError::bad("cards: at most 60"));
    }
    let gtype = path.into_inner();
    let dealer = state.dealer.as_ref().ok_or_else(|| ApiError::not_found("No round engine runs in this server".into()))?;
    let round = dealer.stack(&gtype, body.cards.clone()).await.map_err(|e| if e.starts_with("Unknown table") { ApiError::not_found(e) } else { ApiError::invalid(e) })?;
    let action = ledger::DealingAction::Stack { cards: body.cards, round: round.clone() };
    let (table, _) = operations::act_on_dealing_with(&state.engine, user.user_id, &gtype, action, body.remark).await?;
    Ok(ok(&format!("Shoe stacked for {round}"), table))
}

/// Locks or unlocks a table (its tile shows locked and it takes no bets until unlocked), pauses
/// or resumes its dealing (after the round in play, no new round opens), or voids its round in
/// play (every stake returned).
#[utoipa::path(post, path = "/api/ops/casino/{gtype}/{action}", tag = "ops", request_body = schemas::ops::OpsActionRequest, params(("gtype" = String, Path, description = "A table's gtype"), ("action" = String, Path, description = "lock, unlock or void")), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsTable>)), security(("bearer" = [])))]
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
