//! Sign-in, demo sign-in, token refresh and sign-out.

use ledger::{AccountCommand, AccountEvent, AccountReject};
use crate::services::views::user_view;
use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::clock::now_ms;
use crate::http::extract::{bearer, client_ip, ok, AuthUser, JsonBody};
use crate::auth::guard::{check_password, count_guess, LOGIN};
use crate::http::client_address::client_addr_or_unspecified;
use crate::limits::PASSWORD_CHARS_MAX;
use crate::auth::tokens::{self, Issued};
use super::secure_auth::SecondFactor;
use actix_web::{web, HttpRequest, HttpResponse};
use ledger::{Command, EngineError, Reject};
use schemas::{LoginRequest, LoginResponse, RefreshResponse};

fn issue(state: &AppState) -> Issued {
    tokens::issue(now_ms(), state.settings.auth.access_token_ttl_secs, state.settings.auth.refresh_token_ttl_secs)
}

/// The spec's login validation (§5), on the server too.
fn check_login(body: &LoginRequest) -> ApiResult<String> {
    let username = body.username.trim();
    if username.is_empty() {
        return Err(ApiError::bad("Username is required"));
    }
    if body.password.is_empty() {
        return Err(ApiError::bad("Password is required"));
    }
    if body.password.chars().count() < crate::limits::PASSWORD_CHARS_MIN {
        return Err(ApiError::bad("Password must be at least 6 characters"));
    }
    if body.password.chars().count() > PASSWORD_CHARS_MAX {
        return Err(ApiError::bad("Password must be at most 128 characters"));
    }
    Ok(username.to_owned())
}

fn login_response(state: &AppState, issued: Issued, user_id: u64) -> ApiResult<HttpResponse> {
    let user = user_view(state.engine.read().accounts.users.get(&user_id).ok_or_else(crate::http::error::unknown_user)?);
    Ok(ok("Login successful", LoginResponse { access_token: issued.access, refresh_token: issued.refresh, user }))
}

#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = schemas::LoginRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::LoginResponse>)))]
#[tracing::instrument(name = "login", skip_all)]
pub async fn login(req: HttpRequest, state: web::Data<AppState>, JsonBody(body): JsonBody<LoginRequest>) -> ApiResult<HttpResponse> {
    let username = check_login(&body)?;
    let tool = match body.client.as_deref() {
        None | Some("web") => false,
        Some("cli") => true,
        Some(_) => return Err(ApiError::bad("client: must be web or cli")),
    };
    // Its place is held while it is checked, so concurrent guesses cannot all pass; only a failure counts.
    let attempt = count_guess(&state.login_limiter, &username, client_addr_or_unspecified(&req), LOGIN)?;
    let stored = state.engine.read().accounts.user_by_name(&username).map(|u| u.password_hash.clone());
    let known = stored.is_some();
    let stored = stored.unwrap_or_else(|| crate::auth::passwords::NO_PASSWORD.into());
    let (matches, attempt) = check_password(&state.password_checks, attempt, body.password, stored.clone()).await?;
    if !matches || !known {
        return Err(Reject::Accounts(AccountReject::InvalidCredentials).into());
    }
    match super::secure_auth::second_factor(&state, &username, body.otp.as_deref()).await? {
        SecondFactor::Passed => attempt.succeeded(),
        // The password was right; the code still counts against this address until it is given.
        SecondFactor::Needed(response) | SecondFactor::Wrong(response) => return Ok(response),
    }
    let issued = issue(&state);
    let command = Command::Accounts(AccountCommand::Login { username, password_hash_seen: stored, grant: issued.grant.clone(), ip: client_ip(&req), tool });
    let committed = state.engine.submit(now_ms(), command).await?;
    let user_id = logged_in_user(&committed)?;
    login_response(&state, issued, user_id)
}

fn logged_in_user(committed: &ledger::Committed) -> ApiResult<u64> {
    committed
        .events
        .iter()
        .find_map(|e| match e.event {
            ledger::Event::Accounts(AccountEvent::LoggedIn { user_id, .. }) => Some(user_id),
            _ => None,
        })
        .ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("login committed without a LoggedIn event")))
}

#[utoipa::path(post, path = "/api/auth/demo-login", tag = "auth", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::LoginResponse>)))]
#[tracing::instrument(name = "demo_login", skip_all)]
pub async fn demo_login(req: HttpRequest, state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    state.client_limits.demo_login(client_addr_or_unspecified(&req))?;
    let issued = issue(&state);
    let command = Command::Accounts(AccountCommand::DemoLogin {
        password_hash: crate::auth::passwords::NO_PASSWORD.into(),
        play_balance_minor: state.settings.auth.demo_balance.minor(),
        grant: issued.grant.clone(),
        ip: client_ip(&req),
        demo_accounts_max: state.settings.auth.demo_accounts_max,
    });
    let committed = state.engine.submit(now_ms(), command).await?;
    let user_id = logged_in_user(&committed)?;
    login_response(&state, issued, user_id)
}

/// Exchanges a refresh token (sent as the bearer) for a new pair. A refresh token presented a
/// second time revokes its session: whoever holds the newer pair is logged out too.
#[utoipa::path(get, path = "/api/auth/refresh/login", tag = "auth", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::RefreshResponse>)), security(("bearer" = [])))]
#[tracing::instrument(name = "refresh_login", skip_all)]
pub async fn refresh_login(req: HttpRequest, state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let presented = tokens::hash(bearer(&req)?);
    let issued = issue(&state);
    match state.engine.submit(now_ms(), Command::Accounts(AccountCommand::Refresh { presented, grant: issued.grant.clone() })).await {
        Ok(_) => Ok(ok("Token refreshed", RefreshResponse { access_token: issued.access, refresh_token: issued.refresh })),
        Err(EngineError::Rejected(Reject::Accounts(AccountReject::RefreshReused { session_id }))) => {
            // Already ended by a concurrent revoke: nothing more to do.
            let _ = state.engine.submit(now_ms(), Command::Accounts(AccountCommand::RevokeSession { session_id })).await;
            Err(ApiError::unauthenticated("Refresh token was already used; the session is revoked. Please log in again.".into()))
        }
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(get, path = "/api/auth/logout", tag = "auth", responses((status = 200, description = "Success", body = crate::http::error::MessageEnvelope)), security(("bearer" = [])))]
#[tracing::instrument(name = "logout", skip_all)]
pub async fn logout(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    state.engine.submit(now_ms(), Command::Accounts(AccountCommand::Logout { session_id: user.session_id })).await?;
    Ok(ok("Logged out", ()))
}
