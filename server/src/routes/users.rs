//! The signed-in user: read, change password, accept the rules.

use ledger::{AccountCommand, AccountReject};
use crate::services::views::user_view;
use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::clock::now_ms;
use crate::http::extract::{client_ip, ok, AuthUser, JsonBody};
use crate::auth::password_policy::check_new_password;
use actix_web::{web, HttpRequest, HttpResponse};
use ledger::{Command, Reject};
use schemas::{ChangePasswordRequest, Role};

fn current(state: &AppState, user_id: u64) -> ApiResult<HttpResponse> {
    Ok(ok("Success", user_view(state.engine.read().accounts.users.get(&user_id).ok_or_else(crate::http::error::unknown_user)?)))
}

#[utoipa::path(get, path = "/api/users", tag = "users", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::User>)), security(("bearer" = [])))]
#[tracing::instrument(name = "get_user", skip_all)]
pub async fn get_user(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    current(&state, user.user_id)
}

/// Spec §5's change-password rules, in its words.
fn check_change(body: &ChangePasswordRequest) -> ApiResult<()> {
    if body.old_password.is_empty() {
        return Err(ApiError::bad("Current password is required"));
    }
    if body.new_password.is_empty() {
        return Err(ApiError::bad("New password is required"));
    }
    if body.confirm_password.is_empty() {
        return Err(ApiError::bad("Confirm Password is required"));
    }
    if body.confirm_password != body.new_password {
        return Err(ApiError::bad("Passwords must match"));
    }
    Ok(())
}

#[utoipa::path(post, path = "/api/users/change-password", tag = "users", request_body = schemas::ChangePasswordRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::User>)), security(("bearer" = [])))]
#[tracing::instrument(name = "change_password", skip_all)]
pub async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: AuthUser,
    JsonBody(body): JsonBody<ChangePasswordRequest>,
) -> ApiResult<HttpResponse> {
    user.require(&[Role::User, Role::Operator])?;
    check_change(&body)?;
    let (stored, username) = {
        let ledger = state.engine.read();
        let account = ledger.accounts.users.get(&user.user_id).ok_or_else(|| ApiError::not_found("Unknown user".into()))?;
        (account.password_hash.clone(), account.username.clone())
    };
    check_new_password(&body.new_password, &username, Some(&body.old_password)).map_err(|weak| ApiError::bad(weak.to_string()))?;
    let attempt = crate::auth::guard::count_guess(&state.login_limiter, &username, crate::http::client_address::client_addr_or_unspecified(&req), crate::auth::guard::PASSWORD)?;
    let (matches, attempt) = crate::auth::guard::check_password(&state.password_checks, attempt, body.old_password, stored.clone()).await?;
    if !matches {
        return Err(Reject::Accounts(AccountReject::WrongPassword).into());
    }
    attempt.succeeded();
    let new_hash = state.password_checks.hash(body.new_password).await?;
    let command = Command::Accounts(AccountCommand::ChangePassword { user_id: user.user_id, old_hash_seen: stored, new_hash, ip: client_ip(&req) });
    state.engine.submit(now_ms(), command).await?;
    current(&state, user.user_id)
}

#[utoipa::path(get, path = "/api/users/access-rules/{id}", tag = "users", params(("id" = String, Path, description = "The caller's own user id")), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::User>)), security(("bearer" = [])))]
#[tracing::instrument(name = "accept_rules", skip_all)]
pub async fn accept_rules(state: web::Data<AppState>, user: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let id: u64 = id.parse().map_err(|_| ApiError::bad("id: must be a user id"))?;
    if id != user.user_id {
        return Err(ApiError::forbidden("You can only accept the rules for yourself".into()));
    }
    state.engine.submit(now_ms(), Command::Accounts(AccountCommand::AcceptRules { user_id: id })).await?;
    current(&state, user.user_id)
}
