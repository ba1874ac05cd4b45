//! `exchange audit` and `house`: checking the ledger, its moments and events, and the house's figures.

use super::target::{encode, local, local_snapshots, print, remote, Target};
use crate::audit_calls::AuditCalls;
use crate::configuration::Settings;
use crate::services::operations;
use crate::services::time_travel;
use anyhow::{bail, Context};
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum AuditCmd {
    /// Check invariants 1, 2, 3, 4 and 6 over the whole log; exits 1 when one fails.
    Verify {
        /// Read the log on NATS JetStream (nats://HOST:PORT, several separated by commas; the
        /// stream is `application.log_stream`) instead of a data directory or a server.
        #[arg(long, conflicts_with_all = ["data", "url"])]
        log: Option<String>,
        #[command(flatten)]
        target: Target,
    },
    /// Every user's balance, exposure and open bets as they were after a sequence number or at a
    /// time (the last event written at or before it); both narrow, neither means now.
    Replay {
        /// The last sequence number to include.
        #[arg(long)]
        to_seq: Option<u64>,
        /// RFC 3339, e.g. 2026-11-24T18:00:00Z.
        #[arg(long)]
        at: Option<String>,
        /// Only this account.
        #[arg(long)]
        username: Option<String>,
        #[command(flatten)]
        target: Target,
    },
    /// The log's events as JSON lines, oldest first (credentials withheld).
    Events {
        /// The first sequence number to print.
        #[arg(long, default_value_t = 1)]
        from_seq: u64,
        /// The last sequence number to print.
        #[arg(long)]
        to_seq: Option<u64>,
        /// Only the events of this account.
        #[arg(long)]
        username: Option<String>,
        /// The event kind, e.g. BetPlaced or OperatorActed.
        #[arg(long)]
        kind: Option<String>,
        /// A market, casino round or fixture id (`mid`, `book` or `gmid`).
        #[arg(long)]
        market: Option<u64>,
        #[command(flatten)]
        target: Target,
    },
}

pub(super) async fn run(settings: &Settings, command: AuditCmd) -> anyhow::Result<ExitCode> {
    // A data directory is this command's alone: one call, one place.
    let audit = AuditCalls::new(1, 0);
    match command {
        AuditCmd::Verify { log, target } => {
            let report: schemas::AuditReport = match (log, target.url.clone()) {
                (Some(servers), _) => verify_stream(settings, servers).await?,
                (None, Some(url)) => serde_json::from_value(remote(&url, &target).await?.get("/api/ops/audit/verify").await?)?,
                (None, None) => operations::verify(&local(settings, &target)?, &audit).await?,
            };
            print(&report);
            Ok(if report.passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        AuditCmd::Replay { to_seq, at, username, target } => {
            let state = match target.url.clone() {
                Some(url) => {
                    let mut query = Vec::new();
                    query.extend(to_seq.map(|seq| format!("seq={seq}")));
                    query.extend(at.map(|at| format!("at={}", encode(&at))));
                    query.extend(username.map(|name| format!("username={}", encode(&name))));
                    remote(&url, &target).await?.get(&format!("/api/ops/audit/moment?{}", query.join("&"))).await?
                }
                None => {
                    let at_ms = at.as_deref().map(crate::routes::parse_moment).transpose()?;
                    let (engine, snapshots) = (local(settings, &target)?, local_snapshots(settings, &target));
                    serde_json::to_value(time_travel::moment(&engine, &audit, &snapshots, to_seq, at_ms, username).await?)?
                }
            };
            print(&state);
            Ok(ExitCode::SUCCESS)
        }
        AuditCmd::Events { from_seq, to_seq, username, kind, market, target } => {
            match target.url.clone() {
                Some(url) => {
                    let mut query = vec![format!("fromSeq={from_seq}")];
                    query.extend(to_seq.map(|seq| format!("toSeq={seq}")));
                    query.extend(username.map(|name| format!("username={}", encode(&name))));
                    query.extend(kind.map(|kind| format!("kind={}", encode(&kind))));
                    query.extend(market.map(|market| format!("market={market}")));
                    print!("{}", remote(&url, &target).await?.get_text(&format!("/api/ops/audit/events.jsonl?{}", query.join("&"))).await?);
                }
                None => {
                    let filter = time_travel::EventFilter { from_seq, to_seq, username, kind, market };
                    time_travel::export(&local(settings, &target)?, &audit, filter).await?.write_to(std::io::stdout()).await?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

pub(super) async fn house(settings: &Settings, days: u32, target: Target) -> anyhow::Result<ExitCode> {
    let figures = match target.url.clone() {
        Some(url) => remote(&url, &target).await?.get(&format!("/api/ops/house?days={days}")).await?,
        None if (1..=operations::HOUSE_DAYS_MAX).contains(&days) => serde_json::to_value(operations::house(&local(settings, &target)?.read(), days))?,
        None => bail!("--days: must be 1 to 366"),
    };
    print(&figures);
    Ok(ExitCode::SUCCESS)
}

/// The audit of a log on JetStream, read without taking the engine's lease (it writes nothing).
async fn verify_stream(settings: &Settings, servers: String) -> anyhow::Result<schemas::AuditReport> {
    let options = ledger::jetstream::JetStreamOptions { servers, stream: settings.application.log_stream.clone(), replicas: settings.application.log_replicas };
    let verified = tokio::task::spawn_blocking(move || {
        let store = ledger::JetStreamStore::open(&options).with_context(|| format!("opening the ledger's log on {} (stream {})", options.servers, options.stream))?;
        ledger::audit::verify(&store, None).context("reading the log")
    });
    verified.await.context("the audit's thread")?
}
