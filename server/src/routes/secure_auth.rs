//! Secure auth: enrol a TOTP authenticator, confirm it with a code, ask for a code at
//! every login once it is on; and the Telegram tab's connection id.
//!
//! The secret is a credential: the ledger keeps it sealed with `auth.secret_key_hex`
//! (ChaCha20-Poly1305), which never leaves the server; codes are checked here, and the ledger
//! records the time step each accepted code used so that no code works twice.

use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::clock::now_ms;
use crate::http::extract::{ok, AuthUser, JsonBody};
use crate::limits::PASSWORD_CHARS_MAX;
use crate::auth::totp;
use crate::auth::login_limiter::Attempt;
use actix_web::{web, HttpRequest, HttpResponse};
use ledger::secure::{SecureCommand, SecureReject};
use ledger::{Command, Reject, UserId};
use schemas::wallet::{OtpRequired, SecureAuthStatus, TelegramBody, TelegramConnection, TotpCodeBody, TotpEnrolment};
use schemas::{Envelope, Role};

pub const CODE_NEEDED: &str = "Enter the 6-digit code from your authenticator app";
pub const CODE_WRONG: &str = "Invalid authentication code";

fn secure_user(user: &AuthUser) -> ApiResult<()> {
    user.require(&[Role::User, Role::Operator])
}

fn status(state: &AppState, user_id: UserId) -> SecureAuthStatus {
    let ledger = state.engine.read();
    let auth = ledger.secure.get(user_id).cloned().unwrap_or_default();
    SecureAuthStatus {
        status: if auth.secret.is_some() { "Enabled" } else { "Disabled" }.into(),
        enrolment_pending: auth.secret.is_none() && auth.pending_secret.is_some(),
        telegram_connection_id: auth.telegram_connection_id,
    }
}

/// The secret's bytes from its sealed form in the ledger.
fn open_secret(state: &AppState, sealed: &str) -> ApiResult<Vec<u8>> {
    let plain = state.secret_cipher.decrypt(sealed).map_err(|_| ApiError::Unexpected(anyhow::anyhow!("a sealed TOTP secret does not open with auth.secret_key_hex")))?;
    let text = String::from_utf8(plain).map_err(|_| ApiError::Unexpected(anyhow::anyhow!("a sealed TOTP secret is not text")))?;
    totp::base32_decode(&text).ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("a sealed TOTP secret is not base32")))
}

fn check_code(code: &str) -> ApiResult<&str> {
    let code = code.trim();
    if !totp::well_formed(code) {
        return Err(ApiError::bad("code: must be 6 digits"));
    }
    Ok(code)
}

/// Wrong codes count like failed logins, per user and address.
fn guard_guesses<'a>(state: &'a AppState, user_id: UserId, req: &HttpRequest) -> ApiResult<Attempt<'a>> {
    Ok(crate::auth::guard::count_guess(&state.login_limiter, &format!("#totp:{user_id}"), crate::http::client_address::client_addr_or_unspecified(req), crate::auth::guard::CODE)?)
}

#[utoipa::path(get, path = "/api/secure-auth", tag = "secure-auth", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::SecureAuthStatus>)), security(("bearer" = [])))]
#[tracing::instrument(name = "get_secure_auth", skip_all)]
pub async fn get_secure_auth(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    secure_user(&user)?;
    Ok(ok("Success", status(&state, user.user_id)))
}

/// Starts (or restarts) enrolment: a new secret, pending until a code of it is confirmed.
#[utoipa::path(post, path = "/api/secure-auth/enroll", tag = "secure-auth", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::TotpEnrolment>)), security(("bearer" = [])))]
#[tracing::instrument(name = "enroll_totp", skip_all)]
pub async fn enroll_totp(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    secure_user(&user)?;
    let secret = totp::base32_encode(&totp::new_secret());
    let secret_sealed = state.secret_cipher.encrypt(secret.as_bytes());
    state.engine.submit(now_ms(), Command::SecureAuth(SecureCommand::StartTotp { user_id: user.user_id, secret_sealed })).await?;
    let username = state.engine.read().accounts.users.get(&user.user_id).ok_or_else(crate::http::error::unknown_user)?.username.clone();
    let otpauth_uri = totp::otpauth_uri(&state.settings.site.title, &username, &secret);
    Ok(ok("Scan the QR code or enter the code in your authenticator app, then confirm with a 6-digit code", TotpEnrolment { secret, otpauth_uri }))
}

#[utoipa::path(post, path = "/api/secure-auth/verify", tag = "secure-auth", request_body = schemas::wallet::TotpCodeBody, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::SecureAuthStatus>)), security(("bearer" = [])))]
#[tracing::instrument(name = "verify_totp", skip_all)]
pub async fn verify_totp(req: HttpRequest, state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<TotpCodeBody>) -> ApiResult<HttpResponse> {
    secure_user(&user)?;
    let code = check_code(&body.code)?;
    let auth = state.engine.read().secure.get(user.user_id).cloned().unwrap_or_default();
    if auth.secret.is_some() {
        return Err(Reject::SecureAuth(SecureReject::AlreadyEnabled).into());
    }
    let pending = auth.pending_secret.ok_or(Reject::SecureAuth(SecureReject::NoEnrolment))?;
    let attempt = guard_guesses(&state, user.user_id, &req)?;
    let Some(step) = totp::matching_step(&open_secret(&state, &pending)?, code, now_ms()) else {
        return Err(ApiError::unprocessable(CODE_WRONG.into()));
    };
    attempt.succeeded();
    let command = SecureCommand::EnableTotp { user_id: user.user_id, secret_sealed_seen: pending, step };
    state.engine.submit(now_ms(), Command::SecureAuth(command)).await?;
    Ok(ok("Secure auth enabled", status(&state, user.user_id)))
}

#[utoipa::path(post, path = "/api/secure-auth/disable", tag = "secure-auth", request_body = schemas::wallet::TotpCodeBody, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::SecureAuthStatus>)), security(("bearer" = [])))]
#[tracing::instrument(name = "disable_totp", skip_all)]
pub async fn disable_totp(req: HttpRequest, state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<TotpCodeBody>) -> ApiResult<HttpResponse> {
    secure_user(&user)?;
    let code = check_code(&body.code)?;
    let sealed = state.engine.read().secure.enabled_secret(user.user_id).map(str::to_owned);
    let sealed = sealed.ok_or(Reject::SecureAuth(SecureReject::NotEnabled))?;
    let attempt = guard_guesses(&state, user.user_id, &req)?;
    let Some(step) = totp::matching_step(&open_secret(&state, &sealed)?, code, now_ms()) else {
        return Err(ApiError::unprocessable(CODE_WRONG.into()));
    };
    attempt.succeeded();
    state.engine.submit(now_ms(), Command::SecureAuth(SecureCommand::DisableTotp { user_id: user.user_id, step })).await?;
    Ok(ok("Secure auth disabled", status(&state, user.user_id)))
}

/// The Telegram tab: the password again, then a connection id for the bot.
#[utoipa::path(post, path = "/api/secure-auth/telegram", tag = "secure-auth", request_body = schemas::wallet::TelegramBody, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::TelegramConnection>)), security(("bearer" = [])))]
#[tracing::instrument(name = "telegram_connection", skip_all)]
pub async fn telegram_connection(req: HttpRequest, state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<TelegramBody>) -> ApiResult<HttpResponse> {
    secure_user(&user)?;
    if body.password.is_empty() {
        return Err(ApiError::bad("Password is required"));
    }
    if body.password.chars().count() > PASSWORD_CHARS_MAX {
        return Err(ApiError::bad("Password must be at most 128 characters"));
    }
    let (username, stored) = {
        let ledger = state.engine.read();
        let account = ledger.accounts.users.get(&user.user_id).ok_or_else(crate::http::error::unknown_user)?;
        (account.username.clone(), account.password_hash.clone())
    };
    let attempt = crate::auth::guard::count_guess(&state.login_limiter, &username, crate::http::client_address::client_addr_or_unspecified(&req), crate::auth::guard::PASSWORD)?;
    let (matches, attempt) = crate::auth::guard::check_password(&state.password_checks, attempt, body.password, stored).await?;
    if !matches {
        return Err(ApiError::unprocessable("Password is incorrect".into()));
    }
    attempt.succeeded();
    let mut id = [0u8; 5];
    rand::RngCore::fill_bytes(&mut rand::thread_rng(), &mut id);
    let connection_id = format!("TG-{}", totp::base32_encode(&id));
    let command = SecureCommand::IssueTelegram { user_id: user.user_id, connection_id: connection_id.clone() };
    state.engine.submit(now_ms(), Command::SecureAuth(command)).await?;
    Ok(ok("Connection ID generated!", TelegramConnection { connection_id }))
}

/// The second factor of a login whose password was right.
pub enum SecondFactor {
    /// The user has none, or the code was right (and is now spent).
    Passed,
    /// No code yet: answer this 401 asking for one.
    Needed(HttpResponse),
    /// A wrong or spent code: answer this 401, and count it as a failed login.
    Wrong(HttpResponse),
}

fn otp_required(message: &str) -> HttpResponse {
    HttpResponse::Unauthorized().json(Envelope { success: false, message: message.into(), data: OtpRequired { otp_required: true }, total: None })
}

pub async fn second_factor(state: &AppState, username: &str, otp: Option<&str>) -> ApiResult<SecondFactor> {
    let found = {
        let ledger = state.engine.read();
        ledger.accounts.user_by_name(username).and_then(|u| Some((u.id, ledger.secure.enabled_secret(u.id)?.to_owned())))
    };
    let Some((user_id, sealed)) = found else { return Ok(SecondFactor::Passed) };
    let code = otp.map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Ok(SecondFactor::Needed(otp_required(CODE_NEEDED)));
    }
    let step = totp::matching_step(&open_secret(state, &sealed)?, code, now_ms());
    let used = match step {
        Some(step) => state.engine.submit(now_ms(), Command::SecureAuth(SecureCommand::UseTotp { user_id, step })).await,
        None => return Ok(SecondFactor::Wrong(otp_required(CODE_WRONG))),
    };
    match used {
        Ok(_) => Ok(SecondFactor::Passed),
        Err(ledger::EngineError::Rejected(Reject::SecureAuth(SecureReject::CodeReused))) => Ok(SecondFactor::Wrong(otp_required(CODE_WRONG))),
        Err(e) => Err(e.into()),
    }
}
