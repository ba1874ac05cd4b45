//! `exchange casino`: the tables, their locks, dealing and rounds.

use super::target::{encode, local, print, remote, Target};
use crate::configuration::Settings;
use crate::services::operations;
use clap::{Args, Subcommand};
use schemas::ops::OpsActionRequest;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum CasinoCmd {
    /// Every table with its round and lock.
    List {
        #[command(flatten)]
        target: Target,
    },
    /// The table takes no bets (its tile shows locked) until unlocked; a restart keeps the lock.
    Lock(TableArgs),
    /// The table takes bets again.
    Unlock(TableArgs),
    /// No new round opens once the round in play is resulted, until resumed.
    Pause(TableArgs),
    /// The table deals its next round again.
    Resume(TableArgs),
    /// The round in play ends with no result: every stake is returned.
    Void(TableArgs),
}

#[derive(Args)]
pub(super) struct TableArgs {
    /// The table's type, e.g. teen20 or roulette (`casino list`).
    #[arg(long)]
    pub(super) gtype: String,
    /// Why, in words: kept in the log with the operator's action.
    #[arg(long)]
    pub(super) remark: String,
    #[command(flatten)]
    pub(super) target: Target,
}

pub(super) async fn run(settings: &Settings, command: CasinoCmd) -> anyhow::Result<ExitCode> {
    let (args, action) = match command {
        CasinoCmd::List { target } => {
            let tables = match target.url.clone() {
                Some(url) => remote(&url, &target).await?.get("/api/ops/casino").await?,
                None => serde_json::to_value(operations::tables(&local(settings, &target)?.read()))?,
            };
            print(&tables);
            return Ok(ExitCode::SUCCESS);
        }
        CasinoCmd::Lock(args) => (args, "lock"),
        CasinoCmd::Unlock(args) => (args, "unlock"),
        CasinoCmd::Pause(args) => (args, "pause"),
        CasinoCmd::Resume(args) => (args, "resume"),
        CasinoCmd::Void(args) => (args, "void"),
    };
    let table = match args.target.url.clone() {
        Some(url) => {
            let body = OpsActionRequest { remark: args.remark, password: None, market_id: None };
            let path = format!("/api/ops/casino/{}/{action}", encode(&args.gtype));
            remote(&url, &args.target).await?.post(&path, &body).await?
        }
        None => {
            let engine = local(settings, &args.target)?;
            let by = operations::operator_id(&engine, &args.target.operator)?;
            let table = match action {
                "lock" | "unlock" => operations::set_table_lock(&engine, by, &args.gtype, action == "lock", args.remark).await?,
                _ => operations::act_on_dealing(&engine, by, &args.gtype, action, args.remark).await?.0,
            };
            serde_json::to_value(table)?
        }
    };
    print(&table);
    Ok(ExitCode::SUCCESS)
}
