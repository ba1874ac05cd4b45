//! `exchange serve`: the site, the API and the push socket, as an engine, standby or edge node.

use crate::app::{on_a_thread_that_ends, open_store, Application, Ledger};
use crate::configuration::Settings;
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(super) struct ServeArgs {
    /// The data directory: the log, its snapshots and the history (default: the configuration's
    /// `application.data_dir`, `data/`).
    #[arg(long)]
    data: Option<PathBuf>,
    /// 0 binds a free port and prints it.
    #[arg(long)]
    port: Option<u16>,
    /// Serve HTTPS and WSS with this PEM certificate chain (leaf first); needs --tls-key.
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert.
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Where the ledger's log is: `sled` (the default for a new data directory) or `segments`
    /// (the segment files) in the data directory, or NATS JetStream (nats://HOST:PORT, several
    /// separated by commas). Unset: the log the data directory holds.
    #[arg(long)]
    log: Option<String>,
    /// With --log: the node runs the engine once it holds the engine's lease; until then it
    /// follows the log into its own state and serves nothing. `engine` and `standby` differ
    /// only in name (a standby is started while an engine holds the lease). On taking the
    /// lease the node reads the log to its end before deciding anything. `edge` never takes
    /// the lease: it follows the log, answers the ledger's reads and the WebSocket hub itself
    /// and forwards every other call to the engine node (--engine-url).
    #[arg(long, value_parser = ["engine", "standby", "edge"], default_value = "engine")]
    role: String,
    /// With --role edge: the engine node's base URL (http://HOST:PORT), where writes go.
    #[arg(long, required_if_eq("role", "edge"))]
    engine_url: Option<String>,
}

pub(super) async fn run(mut settings: Settings, args: ServeArgs) -> anyhow::Result<ExitCode> {
    let ServeArgs { data, port, tls_cert, tls_key, log, role, engine_url } = args;
    if let Some(dir) = data {
        settings.application.data_dir = dir;
    }
    if log.is_some() {
        settings.application.log = log;
    }
    if tls_cert.is_some() {
        (settings.application.tls_cert, settings.application.tls_key) = (tls_cert, tls_key);
    }
    if let Some(port) = port {
        settings.application.port = port;
    }
    if let Some(engine_url) = engine_url.filter(|_| role == "edge") {
        anyhow::ensure!(settings.application.jetstream().is_some(), "an edge node follows the log on JetStream: give --log nats://…");
        let scheme = if settings.application.tls_cert.is_some() { "https" } else { "http" };
        let host = settings.application.host.clone();
        let data_dir = settings.application.data_dir.clone();
        let app = Application::build_edge(settings, engine_url.clone()).await?;
        println!("listening on {scheme}://{host}:{}", app.port());
        println!("ledger: {} ({})", data_dir.display(), app.started_from());
        println!("edge: writes go to the engine node at {engine_url}");
        app.run_until_stopped().await.context("server stopped")?;
        return Ok(ExitCode::SUCCESS);
    }
    let log = match settings.application.jetstream() {
        Some(_) => crate::standby::take_the_engine(&settings, &role).await?,
        None => {
            let dir = &settings.application.data_dir;
            let store = on_a_thread_that_ends(|| {
                compact_bloated(dir)?;
                open_store(dir, settings.application.local_log())
            })?;
            Ledger { store, folded: None }
        }
    };
    serve(settings, log).await?;
    Ok(ExitCode::SUCCESS)
}

/// Compacts the data directory's sled log and history before they are opened, when their files
/// hold several times what they should (`ledger::compaction`): sled 0.34 keeps what was
/// removed or rewritten, on disk and in memory at open.
fn compact_bloated(dir: &std::path::Path) -> anyhow::Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    let compacted = ledger::compaction::compact_bloated(dir).with_context(|| format!("compacting the ledger in {}", dir.display()))?;
    for done in compacted {
        let mb = |bytes: u64| bytes as f64 / 1_048_576.0;
        println!("compacted the {}: {:.1} MB → {:.1} MB in {:.1} s", done.part, mb(done.before), mb(done.after), done.elapsed.as_secs_f64());
    }
    Ok(())
}

async fn serve(settings: Settings, log: Ledger) -> anyhow::Result<()> {
    let seeds = settings.seed.clone();
    let host = settings.application.host.clone();
    let data_dir = settings.application.data_dir.clone();
    let scheme = if settings.application.tls_cert.is_some() { "https" } else { "http" };
    let app = Application::build_on(settings, log).await?;
    println!("listening on {scheme}://{host}:{}", app.port());
    println!("ledger: {} ({})", data_dir.display(), app.started_from());
    println!("seeded accounts (created on the first start of an empty ledger):");
    for seed in &seeds {
        let note = if seed.must_change_password { ", must change password at first login" } else { "" };
        println!("  {:<10} / {:<12} role {:<8} balance {}{note}", seed.username, seed.password, seed.role.as_str(), seed.balance.units());
    }
    app.run_until_stopped().await.context("server stopped")
}
