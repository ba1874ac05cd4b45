//! Password and code guesses of a request, counted by the login limiter before their check.

use crate::app_state::AppState;
use crate::client_address::client_addr;
use crate::error::{ApiError, ApiResult};
use crate::login_limiter::{try_again_in, Attempt};
use actix_web::HttpRequest;
use std::net::IpAddr;
use std::time::Instant;

/// Counts one guess of `account`'s password or code from the caller's address, or 429 saying
/// how long to wait (`what`: "failed logins", "wrong codes", …).
pub fn count_guess<'a>(state: &'a AppState, account: &str, req: &HttpRequest, what: &str) -> ApiResult<Attempt<'a>> {
    let ip = client_addr(req).unwrap_or(IpAddr::from([0, 0, 0, 0]));
    state.login_limiter.begin(account, ip, Instant::now()).map_err(|wait| ApiError::TooManyRequests(format!("Too many {what}; {}", try_again_in(wait))))
}

/// Checks a password against its hash for `attempt`: a busy server's refusal does not count as a guess.
pub async fn check_password<'a>(state: &AppState, attempt: Attempt<'a>, password: String, stored: String) -> ApiResult<(bool, Attempt<'a>)> {
    match state.password_checks.verify(password, stored).await {
        Ok(matches) => Ok((matches, attempt)),
        Err(e) => {
            attempt.not_a_guess();
            Err(e.into())
        }
    }
}
