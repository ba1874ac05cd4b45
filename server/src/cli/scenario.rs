//! `exchange scenario`: record a running server's feed, play a file (docs/scenarios.md).

use super::target::{remote, Target};
use crate::scenario;
use anyhow::bail;
use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum ScenarioCmd {
    /// Writes what the server's feed shows for N seconds: its state, then every change.
    Record {
        #[arg(long)]
        seconds: u64,
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        target: Target,
    },
    /// Sends a scenario file to the server (best started with its simulator off).
    Play {
        file: PathBuf,
        /// 2 plays twice as fast; 0 sends everything without waiting.
        #[arg(long, default_value_t = 1.0)]
        speed: f64,
        #[command(flatten)]
        target: Target,
    },
}

pub(super) async fn run(command: ScenarioCmd) -> anyhow::Result<ExitCode> {
    let (target, work) = match &command {
        ScenarioCmd::Record { target, .. } | ScenarioCmd::Play { target, .. } => (target, &command),
    };
    let Some(url) = target.url.clone() else { bail!("a scenario records or plays on a server: give --url") };
    let remote = remote(&url, target).await?;
    let outcome = match work {
        ScenarioCmd::Record { seconds, out, .. } => scenario::record(&remote, *seconds, out).await.map(|lines| format!("{lines} lines written to {}", out.display())),
        ScenarioCmd::Play { file, speed, .. } => match scenario::read(file) {
            Ok(lines) => scenario::play(&remote, lines, *speed).await.map(|(events, calls)| format!("{events} feed events and {calls} calls sent")),
            Err(e) => Err(e),
        },
    };
    remote.logout().await;
    println!("{}", outcome?);
    Ok(ExitCode::SUCCESS)
}
