//! What the command groups share: where a command works (a data directory or a running
//! server), and how its answer is printed.

use crate::app::open_store;
use crate::configuration::Settings;
use crate::cli::remote::Remote;
use anyhow::Context;
use clap::Args;
use schemas::{Money, Role};
use serde::Serialize;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Args)]
pub(super) struct Target {
    /// Work directly on this data directory (no server may hold it).
    #[arg(long, conflicts_with = "url")]
    pub(super) data: Option<PathBuf>,
    /// Call the running server at this address.
    #[arg(long)]
    pub(super) url: Option<String>,
    /// The operator account a `--url` call signs in as.
    #[arg(long, env = "EXCHANGE_OPERATOR", default_value = "operator")]
    pub(super) operator: String,
    /// That operator's password (the seeded operator's by default).
    #[arg(long, env = "EXCHANGE_OPERATOR_PASSWORD", default_value = "operator123", hide_default_value = true)]
    pub(super) operator_password: String,
}

/// Where a command that needs a running server works: the feed and the scenarios live in the
/// server's memory, so there is no `--data` for them.
#[derive(Args)]
pub(super) struct Server {
    /// The running server's address, e.g. http://127.0.0.1:8080.
    #[arg(long)]
    pub(super) url: String,
    /// The operator account the command signs in as.
    #[arg(long, env = "EXCHANGE_OPERATOR", default_value = "operator")]
    pub(super) operator: String,
    /// That operator's password (the seeded operator's by default).
    #[arg(long, env = "EXCHANGE_OPERATOR_PASSWORD", default_value = "operator123", hide_default_value = true)]
    pub(super) operator_password: String,
}

impl Server {
    /// A signed-in operator session on the server.
    pub(super) async fn sign_in(&self) -> anyhow::Result<Remote> {
        Remote::sign_in(&self.url, &self.operator, &self.operator_password).await
    }
}

pub(super) fn parse_role(text: &str) -> Result<Role, String> {
    serde_json::from_value(serde_json::Value::String(text.into())).map_err(|_| "role must be user, demo or operator".into())
}

pub(super) fn parse_amount(text: &str) -> Result<Money, String> {
    schemas::money::parse_minor(text).map(Money).map_err(|e| format!("amount {e}"))
}

pub(super) fn print<T: Serialize>(value: &T) {
    println!("{}", serde_json::to_string_pretty(value).expect("wire types serialize"));
}

/// Percent-encodes a query value (statuses hold `-`, kinds and names are plain).
pub(super) fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

/// The data directory a command works on.
fn data_dir(settings: &Settings, target: &Target) -> PathBuf {
    target.data.clone().unwrap_or_else(|| settings.application.data_dir.clone())
}

/// The data directory's snapshots of the state, read only (the server's keeper takes them).
pub(super) fn local_snapshots(settings: &Settings, target: &Target) -> Arc<ledger::Snapshots> {
    Arc::new(ledger::Snapshots::reading(&data_dir(settings, target), ledger::snapshot::this_build()))
}

/// An engine on a data directory, for operator commands without a server: started, as the
/// server starts, from the newest snapshot this build trusts and the log's tail after it.
pub(super) fn local(settings: &Settings, target: &Target) -> anyhow::Result<ledger::EngineHandle> {
    let (store, state) = restored(settings, target)?;
    Ok(ledger::start_on(store, state, Box::new(|_, _| {}))?)
}

/// As `local`, with the directory's history projection (caught up by its readers).
pub(super) fn local_with_history(settings: &Settings, target: &Target) -> anyhow::Result<(ledger::EngineHandle, crate::history::HistoryReads)> {
    let (store, state) = restored(settings, target)?;
    let history = crate::history::HistoryReads::open(&data_dir(settings, target), store.clone())?;
    Ok((ledger::start_on(store, state, Box::new(|_, _| {}))?, history))
}

/// The directory's log, and the state restored from it.
fn restored(settings: &Settings, target: &Target) -> anyhow::Result<(std::sync::Arc<dyn ledger::Store>, ledger::State)> {
    let store = open_store(&data_dir(settings, target), None)?;
    let (state, _) = local_snapshots(settings, target).restore(store.as_ref()).context("replaying the ledger")?;
    Ok((store, state))
}

/// A signed-in operator session on the server at `url`.
pub(super) async fn remote(url: &str, target: &Target) -> anyhow::Result<Remote> {
    Remote::sign_in(url, &target.operator, &target.operator_password).await
}
