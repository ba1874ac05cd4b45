//! The login guard as the handlers use it: a password or code guess is counted by the login
//! limiter before its check (`super::login_limiter`), and a busy server's refusal to check a
//! password is not a guess.

use super::login_limiter::{try_again_in, Attempt, LoginLimiter};
use super::passwords::{PasswordChecks, PasswordError};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Too many guesses from this address at this account: wait before the next.
#[derive(Debug, thiserror::Error)]
#[error("Too many {what}; {}", try_again_in(*.wait))]
pub struct TooManyGuesses {
    /// What was guessed wrong: "failed logins", "wrong codes", …
    pub what: &'static str,
    pub wait: Duration,
}

/// Counts one guess of `account`'s password or code from the caller's address `ip`, or how long
/// to wait.
pub fn count_guess<'a>(limiter: &'a LoginLimiter, account: &str, ip: IpAddr, what: &'static str) -> Result<Attempt<'a>, TooManyGuesses> {
    limiter.begin(account, ip, Instant::now()).map_err(|wait| TooManyGuesses { what, wait })
}

/// Checks a password against its hash for `attempt`: a busy server's refusal does not count as a guess.
pub async fn check_password<'a>(checks: &PasswordChecks, attempt: Attempt<'a>, password: String, stored: String) -> Result<(bool, Attempt<'a>), PasswordError> {
    match checks.verify(password, stored).await {
        Ok(matches) => Ok((matches, attempt)),
        Err(e) => {
            attempt.not_a_guess();
            Err(e)
        }
    }
}
