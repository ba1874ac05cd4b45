//! `exchange user`, `credit` and `debit`: accounts and their money.

use super::target::{encode, local, print, remote, Target};
use super::target::{parse_amount, parse_role};
use crate::configuration::Settings;
use crate::services::operations::{self, Direction};
use clap::{Args, Subcommand};
use ledger::AccountAction;
use schemas::ops::OpsActionRequest;
use schemas::{CreateUserRequest, Money, MoneyRequest, Role};
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum UserCmd {
    /// Open an account.
    Add {
        /// 3 to 20 letters, digits or underscores.
        #[arg(long)]
        username: String,
        /// 8 to 128 characters, not containing the username.
        #[arg(long)]
        password: String,
        /// user, demo or operator.
        #[arg(long, value_parser = parse_role)]
        role: Role,
        /// The user must choose a new password at the first sign-in.
        #[arg(long)]
        must_change_password: bool,
        #[command(flatten)]
        target: Target,
    },
    /// Everything about an account: money, bets, statements, wallet, sessions, operator actions.
    Show {
        /// The account.
        #[arg(long)]
        username: String,
        #[command(flatten)]
        target: Target,
    },
    /// Stop the account's betting (it can still sign in, read and withdraw).
    Lock(ActionArgs),
    /// Let a locked account bet again.
    Unlock(ActionArgs),
    /// End every session of the account.
    EndSessions(ActionArgs),
    /// Set a temporary password the user must change at the next sign-in; ends every session.
    ResetPassword {
        /// The temporary password: 8 to 128 characters, not containing the username.
        #[arg(long)]
        password: String,
        #[command(flatten)]
        action: ActionArgs,
    },
}

/// An operator action on an account; with `--data` it is recorded as `--operator`'s.
#[derive(Args)]
pub(super) struct ActionArgs {
    /// The account.
    #[arg(long)]
    pub(super) username: String,
    /// Why (required, 1 to 200 characters).
    #[arg(long)]
    pub(super) remark: String,
    #[command(flatten)]
    pub(super) target: Target,
}

#[derive(Args)]
pub(super) struct MoneyArgs {
    /// The account.
    #[arg(long)]
    pub(super) username: String,
    /// Currency units with at most 2 decimals, e.g. 1500.50.
    #[arg(long, value_parser = parse_amount, allow_negative_numbers = true)]
    pub(super) amount: Money,
    /// The statement row's remark.
    #[arg(long)]
    pub(super) remark: String,
    #[command(flatten)]
    pub(super) target: Target,
}

pub(super) async fn run(settings: &Settings, command: UserCmd) -> anyhow::Result<ExitCode> {
    let (args, path, action) = match command {
        UserCmd::Add { username, password, role, must_change_password, target } => {
            let request = CreateUserRequest { username, password, role, must_change_password };
            let user = match target.url.clone() {
                Some(url) => remote(&url, &target).await?.post("/api/ops/users", &request).await?,
                None => serde_json::to_value(operations::create_user(&local(settings, &target)?, request).await?)?,
            };
            print(&user);
            return Ok(ExitCode::SUCCESS);
        }
        UserCmd::Show { username, target } => {
            let detail = match target.url.clone() {
                Some(url) => remote(&url, &target).await?.get(&format!("/api/ops/users/{}", encode(&username))).await?,
                None => {
                    let engine = local(settings, &target)?;
                    let dir = target.data.clone().unwrap_or_else(|| settings.application.data_dir.clone());
                    let history = crate::history::HistoryReads::open(&dir, engine.store().clone())?;
                    let ledger = engine.read();
                    serde_json::to_value(operations::user_detail(&ledger, history.at(ledger.head_seq)?, &username)?)?
                }
            };
            print(&detail);
            return Ok(ExitCode::SUCCESS);
        }
        UserCmd::Lock(args) => (args, "lock", AccountAction::LockBetting),
        UserCmd::Unlock(args) => (args, "unlock", AccountAction::UnlockBetting),
        UserCmd::EndSessions(args) => (args, "end-sessions", AccountAction::EndSessions),
        UserCmd::ResetPassword { password, action } => {
            let body = OpsActionRequest { remark: action.remark.clone(), password: Some(password.clone()), market_id: None };
            let row = match action.target.url.clone() {
                Some(url) => remote(&url, &action.target).await?.post(&format!("/api/ops/users/{}/reset-password", encode(&action.username)), &body).await?,
                None => {
                    let reset = operations::password_reset(&action.username, password).await?;
                    let engine = local(settings, &action.target)?;
                    let by = operations::operator_id(&engine, &action.target.operator)?;
                    serde_json::to_value(operations::act_on_account(&engine, by, &action.username, reset, action.remark).await?)?
                }
            };
            print(&row);
            return Ok(ExitCode::SUCCESS);
        }
    };
    let row = match args.target.url.clone() {
        Some(url) => {
            let body = OpsActionRequest { remark: args.remark, password: None, market_id: None };
            remote(&url, &args.target).await?.post(&format!("/api/ops/users/{}/{path}", encode(&args.username)), &body).await?
        }
        None => {
            let engine = local(settings, &args.target)?;
            let by = operations::operator_id(&engine, &args.target.operator)?;
            serde_json::to_value(operations::act_on_account(&engine, by, &args.username, action, args.remark).await?)?
        }
    };
    print(&row);
    Ok(ExitCode::SUCCESS)
}

pub(super) async fn move_money(settings: &Settings, args: MoneyArgs, direction: Direction) -> anyhow::Result<ExitCode> {
    let request = MoneyRequest { username: args.username, amount: args.amount, remark: args.remark };
    let result = match args.target.url.clone() {
        Some(url) => {
            let path = match direction {
                Direction::Credit => "/api/ops/credit",
                Direction::Debit => "/api/ops/debit",
            };
            remote(&url, &args.target).await?.post(path, &request).await?
        }
        None => {
            let engine = local(settings, &args.target)?;
            let by = operations::operator_id(&engine, &args.target.operator)?;
            serde_json::to_value(operations::move_money(&engine, by, request, direction).await?)?
        }
    };
    print(&result);
    Ok(ExitCode::SUCCESS)
}
