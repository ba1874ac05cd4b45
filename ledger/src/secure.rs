//! Secure auth: a user's TOTP second factor and Telegram connection id.
//!
//! The ledger never sees a code or a plain secret. The server generates the secret, seals it
//! with its secret key (ChaCha20-Poly1305) and records only the sealed text; it checks codes
//! itself and tells the ledger which 30-second step a code matched, so the ledger can refuse a
//! step used before (a code works once) and stay pure.

use crate::ids::UserId;
use crate::limits::{CONNECTION_ID_CHARS_MAX, SEALED_SECRET_CHARS_MAX};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One user's second factor. `secret` and `pending_secret` are sealed: a credential at rest.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecureAuth {
    /// Enrolment started, not yet confirmed with a code.
    pub pending_secret: Option<String>,
    /// Enabled: logins need a code of this secret.
    pub secret: Option<String>,
    /// The last time step a code was accepted for; codes of it or earlier are refused.
    pub last_step: u64,
    pub telegram_connection_id: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SecureState {
    pub users: BTreeMap<UserId, SecureAuth>,
}

impl SecureState {
    pub fn get(&self, user_id: UserId) -> Option<&SecureAuth> {
        self.users.get(&user_id)
    }

    /// The sealed secret logins must match, when the second factor is on.
    pub fn enabled_secret(&self, user_id: UserId) -> Option<&str> {
        self.users.get(&user_id)?.secret.as_deref()
    }
}

/// Variants are only ever added, at the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SecureEvent {
    TotpEnrolmentStarted { user_id: UserId, secret_sealed: String },
    TotpEnabled { user_id: UserId, step: u64 },
    TotpUsed { user_id: UserId, step: u64 },
    TotpDisabled { user_id: UserId, step: u64 },
    TelegramConnectionIssued { user_id: UserId, connection_id: String },
}

#[derive(Debug, Clone, PartialEq)]
pub enum SecureCommand {
    StartTotp { user_id: UserId, secret_sealed: String },
    /// The caller checked a code against `secret_sealed_seen` (the pending secret it read): the
    /// engine checks it is still the pending one, so a newer enrolment in between refuses this.
    EnableTotp { user_id: UserId, secret_sealed_seen: String, step: u64 },
    /// A login's code matched `step` of the enabled secret.
    UseTotp { user_id: UserId, step: u64 },
    DisableTotp { user_id: UserId, step: u64 },
    IssueTelegram { user_id: UserId, connection_id: String },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecureReject {
    #[error("Secure auth is already enabled")]
    AlreadyEnabled,
    #[error("Start enrolment first")]
    NoEnrolment,
    #[error("Secure auth is not enabled")]
    NotEnabled,
    #[error("Invalid authentication code")]
    CodeReused,
    #[error("secret is not a sealed secret")]
    InvalidSecret,
    #[error("connection id must be 1 to 40 characters")]
    InvalidConnectionId,
}

impl SecureCommand {
    /// The user the command is about: the core checks the account exists before deciding.
    pub fn user_id(&self) -> UserId {
        match self {
            SecureCommand::StartTotp { user_id, .. }
            | SecureCommand::EnableTotp { user_id, .. }
            | SecureCommand::UseTotp { user_id, .. }
            | SecureCommand::DisableTotp { user_id, .. }
            | SecureCommand::IssueTelegram { user_id, .. } => *user_id,
        }
    }
}

/// Decides a command of a user whose account exists, over the secure-auth state alone.
pub fn decide(secure: &SecureState, command: &SecureCommand) -> Result<SecureEvent, SecureReject> {
    let current = |user_id: &UserId| secure.users.get(user_id).cloned().unwrap_or_default();
    let event = match command {
        SecureCommand::StartTotp { user_id, secret_sealed } => {
            if current(user_id).secret.is_some() {
                return Err(SecureReject::AlreadyEnabled);
            }
            if secret_sealed.is_empty() || secret_sealed.len() > SEALED_SECRET_CHARS_MAX {
                return Err(SecureReject::InvalidSecret);
            }
            SecureEvent::TotpEnrolmentStarted { user_id: *user_id, secret_sealed: secret_sealed.clone() }
        }
        SecureCommand::EnableTotp { user_id, secret_sealed_seen, step } => {
            let auth = current(user_id);
            if auth.secret.is_some() {
                return Err(SecureReject::AlreadyEnabled);
            }
            if auth.pending_secret.as_ref() != Some(secret_sealed_seen) {
                return Err(SecureReject::NoEnrolment);
            }
            SecureEvent::TotpEnabled { user_id: *user_id, step: *step }
        }
        SecureCommand::UseTotp { user_id, step } => SecureEvent::TotpUsed { user_id: *user_id, step: fresh_step(&current(user_id), *step)? },
        SecureCommand::DisableTotp { user_id, step } => SecureEvent::TotpDisabled { user_id: *user_id, step: fresh_step(&current(user_id), *step)? },
        SecureCommand::IssueTelegram { user_id, connection_id } => {
            if connection_id.is_empty() || connection_id.chars().count() > CONNECTION_ID_CHARS_MAX {
                return Err(SecureReject::InvalidConnectionId);
            }
            SecureEvent::TelegramConnectionIssued { user_id: *user_id, connection_id: connection_id.clone() }
        }
    };
    Ok(event)
}

/// A step of the enabled secret later than any accepted before.
fn fresh_step(auth: &SecureAuth, step: u64) -> Result<u64, SecureReject> {
    if auth.secret.is_none() {
        return Err(SecureReject::NotEnabled);
    }
    if step <= auth.last_step {
        return Err(SecureReject::CodeReused);
    }
    Ok(step)
}

pub fn apply(state: &mut SecureState, event: &SecureEvent) {
    match event {
        SecureEvent::TotpEnrolmentStarted { user_id, secret_sealed } => {
            state.users.entry(*user_id).or_default().pending_secret = Some(secret_sealed.clone());
        }
        SecureEvent::TotpEnabled { user_id, step } => {
            let auth = state.users.entry(*user_id).or_default();
            auth.secret = auth.pending_secret.take();
            auth.last_step = *step;
        }
        SecureEvent::TotpUsed { user_id, step } => state.users.entry(*user_id).or_default().last_step = *step,
        SecureEvent::TotpDisabled { user_id, step } => {
            let auth = state.users.entry(*user_id).or_default();
            auth.secret = None;
            auth.pending_secret = None;
            auth.last_step = *step;
        }
        SecureEvent::TelegramConnectionIssued { user_id, connection_id } => {
            state.users.entry(*user_id).or_default().telegram_connection_id = Some(connection_id.clone());
        }
    }
}
