//! The login guard as the handlers use it: a password or code guess holds its place in the login
//! limiter while it is checked and counts only if it fails (`super::login_limiter`), and a busy
//! server's refusal to check a password is not a guess.

use super::login_limiter::{try_again_in, Attempt, LoginLimiter, Refused};
use super::passwords::{PasswordChecks, PasswordError};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// What is guessed, as the refusals name it.
#[derive(Debug, Clone, Copy)]
pub struct Guess {
    /// Its failures: "failed logins", "wrong codes", …
    pub failures: &'static str,
    /// Its checks: "sign-ins", "code checks", …
    pub checks: &'static str,
}

pub const LOGIN: Guess = Guess { failures: "failed logins", checks: "sign-ins" };
pub const PASSWORD: Guess = Guess { failures: "wrong passwords", checks: "password checks" };
pub const CODE: Guess = Guess { failures: "wrong codes", checks: "code checks" };

/// Why a guess is not checked now (429).
#[derive(Debug, thiserror::Error)]
pub enum TooManyGuesses {
    /// Too many wrong guesses from this address at this account: wait before the next.
    #[error("Too many {what}; {}", try_again_in(*.wait))]
    Failed { what: &'static str, wait: Duration },
    /// Other guesses of this account (or address) are being checked now; nothing failed.
    #[error("Too many {what} at once; try again in a moment")]
    AtOnce { what: &'static str },
}

/// Begins one guess of `account`'s password or code from the caller's address `ip`, or says why
/// it is not checked now.
pub fn count_guess<'a>(limiter: &'a LoginLimiter, account: &str, ip: IpAddr, guess: Guess) -> Result<Attempt<'a>, TooManyGuesses> {
    limiter.begin(account, ip, Instant::now()).map_err(|refused| match refused {
        Refused::Wait(wait) => TooManyGuesses::Failed { what: guess.failures, wait },
        Refused::AtOnce => TooManyGuesses::AtOnce { what: guess.checks },
    })
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
