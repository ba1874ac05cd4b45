//! The `exchange` command line. Operator subcommands work on a data directory no server holds
//! (`--data`), or call a running server (`--url`) with operator credentials. One file per
//! command group; `target` holds what they share (where a command works, printing).

mod audit;
mod remote;
mod casino;
mod feed;
mod projections;
mod scenario;
mod serve;
mod target;
mod users;
mod wallet;

use crate::configuration::Settings;
use crate::services::operations::Direction;
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use target::Target;

#[derive(Parser)]
#[command(name = "exchange", about = "Sports and casino exchange: server and operator tools")]
pub struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Serve the site, the API and the push socket.
    Serve(serve::ServeArgs),
    /// Manage accounts.
    User {
        #[command(subcommand)]
        command: users::UserCmd,
    },
    /// Credit an account (an account-statement row).
    Credit(users::MoneyArgs),
    /// Debit an account (an account-statement row).
    Debit(users::MoneyArgs),
    /// Check the ledger.
    Audit {
        #[command(subcommand)]
        command: audit::AuditCmd,
    },
    /// The history projection beside the log: check it against the log, or rebuild it.
    Projections {
        #[command(subcommand)]
        command: projections::ProjectionsCmd,
    },
    /// Compact the data directory's sled log and its history projection: each copied key by key
    /// into new files that take the old ones' place (sled keeps what was removed or rewritten,
    /// on disk and in memory at open). A server does this at start when they are bloated; no
    /// server may hold the directory. Prints the files' bytes before and after.
    Compact {
        /// The data directory (default: the configuration's).
        #[arg(long)]
        data: Option<std::path::PathBuf>,
    },
    /// Deposit and withdrawal requests: list them and decide.
    Wallet {
        #[command(subcommand)]
        command: wallet::WalletCmd,
    },
    /// Bonus coupons.
    Bonus {
        #[command(subcommand)]
        command: wallet::BonusCmd,
    },
    /// Casino tables: list them, lock or unlock one, pause or resume its dealing, void its round.
    Casino {
        #[command(subcommand)]
        command: casino::CasinoCmd,
    },
    /// The house's figures: turnover, exposure per open market and casino table, settled P/L
    /// per day (UTC).
    House {
        /// How many days of settled P/L, today first.
        #[arg(long, default_value_t = 30)]
        days: u32,
        #[command(flatten)]
        target: Target,
    },
    /// Testers' scenarios (docs/scenarios.md): record a running server's feed, play a file.
    Scenario {
        #[command(subcommand)]
        command: scenario::ScenarioCmd,
    },
    /// The sports feed of a running server (`--url`): fixtures and markets; suspend, resume,
    /// move a price, settle, void, finish.
    Feed {
        #[command(subcommand)]
        command: feed::FeedCmd,
    },
}

pub async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let settings = Settings::load()?;
    match cli.command {
        Cmd::Serve(args) => serve::run(settings, args).await,
        Cmd::User { command } => users::run(&settings, command).await,
        Cmd::Credit(args) => users::move_money(&settings, args, Direction::Credit).await,
        Cmd::Debit(args) => users::move_money(&settings, args, Direction::Debit).await,
        Cmd::Audit { command } => audit::run(&settings, command).await,
        Cmd::Projections { command } => projections::run(&settings, command),
        Cmd::Compact { data } => projections::compact_ledger(&settings, data),
        Cmd::Wallet { command } => wallet::run(&settings, command).await,
        Cmd::Bonus { command } => wallet::bonus(&settings, command).await,
        Cmd::Casino { command } => casino::run(&settings, command).await,
        Cmd::Feed { command } => feed::run(command).await,
        Cmd::Scenario { command } => scenario::run(command).await,
        Cmd::House { days, target } => audit::house(&settings, days, target).await,
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every subcommand and every argument of it says what it is in `--help`.
    #[test]
    fn every_command_and_argument_has_its_help() {
        fn walk(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in command.get_arguments().filter(|a| !matches!(a.get_id().as_str(), "help" | "version")) {
                if arg.get_help().is_none() {
                    missing.push(format!("{path} --{}", arg.get_id()));
                }
            }
            for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
                let path = format!("{path} {}", sub.get_name());
                if sub.get_about().is_none() {
                    missing.push(path.clone());
                }
                walk(sub, &path, missing);
            }
        }
        let mut missing = Vec::new();
        walk(&Cli::command(), "exchange", &mut missing);
        assert!(missing.is_empty(), "without help: {missing:#?}");
    }
}
