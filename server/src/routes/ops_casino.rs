//! The operators' casino tables (issue 14), under `/api/ops/casino`: every table with its round,
//! and locking or unlocking one with a remark.

use crate::app_state::AppState;
use crate::casino::catalog;
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::extract::{ok, AuthUser, JsonBody};
use actix_web::{web, HttpResponse};
use ledger::{Command, State};
use schemas::ops::{OpsActionRequest, OpsTable};
use schemas::Role;

fn view(ledger: &State, table: &catalog::TableInfo) -> OpsTable {
    let round = ledger.tables.get(table.gtype);
    OpsTable {
        gtype: table.gtype.to_owned(),
        name: table.name.to_owned(),
        cid: table.number,
        locked: ledger.locked_tables.contains(&table.number),
        mid: round.map(|r| r.mid.clone()),
        betting: round.is_some_and(|r| r.betting),
    }
}

#[tracing::instrument(name = "ops_list_tables", skip_all)]
pub async fn ops_list_tables(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let ledger = state.engine.read();
    let tables: Vec<OpsTable> = catalog::tables().iter().map(|t| view(&ledger, t)).collect();
    Ok(ok("Success", tables))
}

/// Locks or unlocks a table: its tile shows locked and it takes no bets until unlocked.
#[tracing::instrument(name = "ops_table_action", skip_all)]
pub async fn ops_table_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(String, String)>, JsonBody(body): JsonBody<OpsActionRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (gtype, action) = path.into_inner();
    let table = catalog::table(&gtype).ok_or_else(|| ApiError::NotFound(format!("Unknown table '{gtype}'")))?;
    let (locked, message) = match action.as_str() {
        "lock" => (true, "Table locked"),
        "unlock" => (false, "Table unlocked"),
        _ => return Err(ApiError::NotFound(format!("Unknown action '{action}'"))),
    };
    if body.password.is_some() {
        return Err(ApiError::bad("password: not taken here"));
    }
    let command = Command::OperatorTable { by: user.user_id, table: table.number, locked, remark: body.remark };
    state.engine.submit(now_ms(), command).await?;
    Ok(ok(message, view(&state.engine.read(), &table)))
}
