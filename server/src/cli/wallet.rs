//! `exchange wallet` and `bonus`: deposit and withdrawal requests, bonus coupons.

use super::target::{encode, local, local_with_history, print, remote, Target};
use super::target::parse_amount;
use crate::configuration::Settings;
use crate::services::wallet;
use clap::{Args, Subcommand};
use schemas::Money;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum WalletCmd {
    /// Requests, oldest first (the queue in the order it arrived).
    List {
        /// All, Pending, In-Process, Approved or Rejected.
        #[arg(long, default_value = "All")]
        status: String,
        /// deposit or withdraw (default both).
        #[arg(long, default_value = "")]
        kind: String,
        /// Only this account's (default everyone's).
        #[arg(long, default_value = "")]
        username: String,
        #[command(flatten)]
        target: Target,
    },
    /// Pending → In-Process.
    Process(DecisionArgs),
    /// Approve: a deposit credits the balance; a withdrawal pays out its hold.
    Approve(DecisionArgs),
    /// Reject (a remark is required): a withdrawal's hold goes back to the balance.
    Reject(DecisionArgs),
}

#[derive(Args)]
pub(super) struct DecisionArgs {
    /// The request's id (`wallet list`).
    #[arg(long)]
    pub(super) id: u64,
    /// Why, in words (required to reject).
    #[arg(long)]
    pub(super) remark: Option<String>,
    #[command(flatten)]
    pub(super) target: Target,
}

#[derive(Subcommand)]
pub(super) enum BonusCmd {
    /// Grant a coupon: active coupons credit their amount at once.
    Grant {
        /// The account.
        #[arg(long)]
        username: String,
        /// The coupon's name, shown to the player.
        #[arg(long)]
        name: String,
        /// What it credits, e.g. 250.00.
        #[arg(long, value_parser = parse_amount, allow_negative_numbers = true)]
        amount: Money,
        /// The deposit it was granted for, if any (shown with the coupon).
        #[arg(long, value_parser = parse_amount, allow_negative_numbers = true, default_value = "0")]
        depo_amount: Money,
        /// yyyy-MM-dd: the coupon expires after that UTC day.
        #[arg(long)]
        expire_date: String,
        /// Grant it Pending (credited when activated) instead of Active.
        #[arg(long)]
        pending: bool,
        #[command(flatten)]
        target: Target,
    },
    /// Every coupon, or one user's.
    List {
        /// Only this account's (default everyone's).
        #[arg(long, default_value = "")]
        username: String,
        #[command(flatten)]
        target: Target,
    },
}

pub(super) async fn run(settings: &Settings, command: WalletCmd) -> anyhow::Result<ExitCode> {
    let (args, decision, path) = match command {
        WalletCmd::List { status, kind, username, target } => {
            let query = wallet::RequestQuery { status, kind, username, ..Default::default() };
            let rows = match target.url.clone() {
                Some(url) => {
                    let path = format!("/api/ops/wallet/requests?status={}&kind={}&username={}", encode(&query.status), encode(&query.kind), encode(&query.username));
                    remote(&url, &target).await?.get(&path).await?
                }
                None => {
                    let (engine, history) = local_with_history(settings, &target)?;
                    serde_json::to_value(wallet::list_requests(&engine, &history, &query)?.0)?
                }
            };
            print(&rows);
            return Ok(ExitCode::SUCCESS);
        }
        WalletCmd::Process(args) => (args, wallet::Decision::Process, "process"),
        WalletCmd::Approve(args) => (args, wallet::Decision::Approve, "approve"),
        WalletCmd::Reject(args) => (args, wallet::Decision::Reject, "reject"),
    };
    let request = match args.target.url.clone() {
        Some(url) => {
            let body = schemas::wallet::DecisionBody { remark: args.remark };
            remote(&url, &args.target).await?.post(&format!("/api/ops/wallet/requests/{}/{path}", args.id), &body).await?
        }
        None => {
            let (engine, history) = local_with_history(settings, &args.target)?;
            serde_json::to_value(wallet::decide_request(&engine, &history, args.id, decision, args.remark).await?)?
        }
    };
    print(&request);
    Ok(ExitCode::SUCCESS)
}

pub(super) async fn bonus(settings: &Settings, command: BonusCmd) -> anyhow::Result<ExitCode> {
    let coupons = match command {
        BonusCmd::Grant { username, name, amount, depo_amount, expire_date, pending, target } => {
            let status = Some(if pending { "Pending" } else { "Active" }.to_owned());
            let body = schemas::wallet::GrantCouponBody { username, name, amount, depo_amount, expire_date, status };
            match target.url.clone() {
                Some(url) => remote(&url, &target).await?.post("/api/ops/bonus/coupons", &body).await?,
                None => serde_json::to_value(wallet::grant_coupon(&local(settings, &target)?, body).await?)?,
            }
        }
        BonusCmd::List { username, target } => match target.url.clone() {
            Some(url) => remote(&url, &target).await?.get(&format!("/api/ops/bonus/coupons?username={}", encode(&username))).await?,
            None => serde_json::to_value(wallet::list_coupons(&local(settings, &target)?, &username)?)?,
        },
    };
    print(&coupons);
    Ok(ExitCode::SUCCESS)
}
