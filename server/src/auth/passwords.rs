//! Password hashing with argon2id, off the async workers (it is slow on purpose). Each run takes
//! about 19 MiB and a core for tens of milliseconds, so the checks a request can start are
//! bounded (`PasswordChecks`): at most one per core runs at once; the others wait a bounded time
//! and are then turned away as busy (503), so a flood of logins can neither take the memory nor
//! hold a real user's login for long.

use anyhow::Context;
use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::time::Duration;
use tokio::sync::Semaphore;

#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    #[error("too many password checks at once")]
    Busy,
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

/// The places for argon2 runs that requests start (logins, password changes).
pub struct PasswordChecks {
    places: Semaphore,
    wait_max: Duration,
}

impl PasswordChecks {
    /// `at_once` 0 means one per core.
    pub fn new(at_once: usize, wait_max: Duration) -> Self {
        let at_once = if at_once == 0 { std::thread::available_parallelism().map_or(2, usize::from) } else { at_once };
        PasswordChecks { places: Semaphore::new(at_once), wait_max }
    }

    /// `verify` in one of the places, or `Busy` after the wait bound.
    pub async fn verify(&self, password: String, stored: String) -> Result<bool, PasswordError> {
        let _place = self.place().await?;
        verify(password, stored).await
    }

    /// `hash` in one of the places, or `Busy` after the wait bound.
    pub async fn hash(&self, password: String) -> Result<String, PasswordError> {
        let _place = self.place().await?;
        hash(password).await
    }

    async fn place(&self) -> Result<tokio::sync::SemaphorePermit<'_>, PasswordError> {
        match tokio::time::timeout(self.wait_max, self.places.acquire()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(PasswordError::Busy),
        }
    }
}

/// Hashes a new password (operators' and the seed's accounts; requests go through `PasswordChecks`).
pub async fn hash(password: String) -> Result<String, PasswordError> {
    let hashed = tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("argon2: {e}"))
    })
    .await
    .context("hashing task panicked")?;
    Ok(hashed?)
}

/// True when `password` matches `stored`. An unparsable stored hash never matches.
async fn verify(password: String, stored: String) -> Result<bool, PasswordError> {
    let matches = tokio::task::spawn_blocking(move || {
        let Ok(parsed) = PasswordHash::new(&stored) else { return false };
        Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
    })
    .await
    .context("verification task panicked")?;
    Ok(matches)
}

/// A hash no password matches: used for accounts that have no password (demo) and to spend the
/// same time on an unknown username as on a known one.
pub const NO_PASSWORD: &str = "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
