//! Quick-stake button values ("Set Button Values"): two groups, game and casino.

use ledger::AccountCommand;
use crate::http::state::AppState;
use crate::http::error::ApiResult;
use crate::clock::now_ms;
use crate::http::extract::{ok, AuthUser, Encrypted, JsonBody};
use actix_web::{web, HttpResponse};
use ledger::Command;
use schemas::{Button, ButtonValues, Envelope, Money, PutButtonValues};

const DEFAULT_GAME: [(&str, i64); 8] =
    [("100", 100), ("500", 500), ("1k", 1_000), ("5k", 5_000), ("10k", 10_000), ("25k", 25_000), ("50k", 50_000), ("1L", 100_000)];
const DEFAULT_CASINO: [(&str, i64); 8] =
    [("25", 25), ("50", 50), ("100", 100), ("200", 200), ("500", 500), ("1k", 1_000), ("2k", 2_000), ("5k", 5_000)];

fn to_wire(group: &[(String, i64)]) -> Vec<Button> {
    group.iter().map(|(label, value)| Button { label: label.clone(), value: Money(*value) }).collect()
}

fn defaults(group: &[(&str, i64)]) -> Vec<Button> {
    group.iter().map(|(label, units)| Button { label: (*label).into(), value: Money(units * 100) }).collect()
}

/// A user's buttons, or the defaults; an unknown user (an operator may ask for any id) is 404.
fn button_values(state: &AppState, user_id: u64) -> ApiResult<ButtonValues> {
    let ledger = state.engine.read();
    let account = ledger.accounts.users.get(&user_id).ok_or_else(crate::http::error::unknown_user)?;
    Ok(match &account.buttons {
        Some(b) => ButtonValues { game: to_wire(&b.game), casino: to_wire(&b.casino) },
        None => ButtonValues { game: defaults(&DEFAULT_GAME), casino: defaults(&DEFAULT_CASINO) },
    })
}

#[utoipa::path(get, path = "/api/userPerformance/{id}", tag = "users", params(("id" = String, Path, description = "A user id (the caller's, or any for an operator)")), responses((status = 200, description = "Success, sealed", content((crate::http::extract::Sealed = "application/json"), (schemas::Envelope<schemas::ButtonValues> = "application/vnd.exchange.plain+json")))), security(("bearer" = [])))]
#[tracing::instrument(name = "get_button_values", skip_all)]
pub async fn get_button_values(state: web::Data<AppState>, user: AuthUser, id: web::Path<String>) -> ApiResult<Encrypted<ButtonValues>> {
    let user_id = user.require_self_or_operator(&id)?;
    Ok(Encrypted(Envelope::ok("Success", button_values(&state, user_id)?)))
}

#[utoipa::path(put, path = "/api/userPerformance", tag = "users", request_body = schemas::PutButtonValues, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ButtonValues>)), security(("bearer" = [])))]
#[tracing::instrument(name = "put_button_values", skip_all)]
pub async fn put_button_values(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<PutButtonValues>) -> ApiResult<HttpResponse> {
    let group = |buttons: &[Button]| buttons.iter().map(|b| (b.label.trim().to_owned(), b.value.minor())).collect();
    let command = Command::Accounts(AccountCommand::SetButtons { user_id: user.user_id, game: group(&body.button.game), casino: group(&body.button.casino) });
    state.engine.submit(now_ms(), command).await?;
    Ok(ok("Button values updated", button_values(&state, user.user_id)?))
}
