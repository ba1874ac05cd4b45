//! `exchange feed`: the sports feed of a running server.

use super::target::{print, Server};
use clap::{Args, Subcommand};
use schemas::ops::OpsFeedAction;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum FeedCmd {
    /// Every fixture with its markets, and the feed's clock.
    List {
        #[command(flatten)]
        server: Server,
    },
    /// The market (or with no --mid, every market of the fixture) shows SUSPENDED and takes no
    /// bets until resumed; a restart keeps it suspended.
    Suspend(FeedArgs),
    /// The market (or every market of the fixture) takes bets again at the feed's prices.
    Resume(FeedArgs),
    /// Moves the best back or lay price of one section of a market.
    Price {
        #[command(flatten)]
        args: FeedArgs,
        /// The section (runner) whose price moves (`sid` in `feed list`).
        #[arg(long)]
        sid: u32,
        /// back or lay.
        #[arg(long)]
        side: String,
        /// Odds (e.g. 1.95) or a run line (e.g. 45).
        #[arg(long)]
        price: String,
    },
    /// Settles a market with a result given as JSON, e.g. '{"kind":"winner","sid":1}'.
    Settle {
        #[command(flatten)]
        args: FeedArgs,
        /// The result as JSON: {"kind":"winner","sid":N}, {"kind":"happened","sids":[...]},
        /// {"kind":"runs","value":N} or {"kind":"void"} (docs/api.md).
        #[arg(long)]
        result: String,
    },
    /// Settles a market with no result: every stake returned.
    Void(FeedArgs),
    /// Ends the fixture now: every market settles as the winner (home, away or draw) says.
    Finish {
        #[command(flatten)]
        args: FeedArgs,
        /// home, away or draw.
        #[arg(long)]
        winner: String,
    },
}

#[derive(Args)]
pub(super) struct FeedArgs {
    /// The fixture (`gmid` in `feed list`).
    #[arg(long)]
    pub(super) gmid: u64,
    /// One market of it (`mid`); without it, every market of the fixture.
    #[arg(long)]
    pub(super) mid: Option<u64>,
    /// Why, in words: kept in the log with the operator's action.
    #[arg(long)]
    pub(super) remark: String,
    #[command(flatten)]
    pub(super) server: Server,
}

/// The feed lives in a running server (its book is in memory), so these go to `--url` only.
pub(super) async fn run(command: FeedCmd) -> anyhow::Result<ExitCode> {
    let no_extra = |remark: String| OpsFeedAction { remark, sid: None, side: None, price: None, result: None, winner: None };
    let (body, action, args) = match command {
        FeedCmd::List { server } => {
            print(&server.sign_in().await?.get("/api/ops/feed").await?);
            return Ok(ExitCode::SUCCESS);
        }
        FeedCmd::Suspend(args) => (no_extra(args.remark.clone()), "suspend", args),
        FeedCmd::Resume(args) => (no_extra(args.remark.clone()), "resume", args),
        FeedCmd::Void(args) => (no_extra(args.remark.clone()), "void", args),
        FeedCmd::Price { args, sid, side, price } => {
            let side = serde_json::from_value(serde_json::Value::String(side)).map_err(|_| anyhow::anyhow!("--side: back or lay"))?;
            let price = serde_json::from_str(&price).map_err(|_| anyhow::anyhow!("--price: a number with at most 2 decimals"))?;
            (OpsFeedAction { sid: Some(sid), side: Some(side), price: Some(price), ..no_extra(args.remark.clone()) }, "price", args)
        }
        FeedCmd::Settle { args, result } => {
            let result = serde_json::from_str(&result).map_err(|e| anyhow::anyhow!("--result: {e}"))?;
            (OpsFeedAction { result: Some(result), ..no_extra(args.remark.clone()) }, "settle", args)
        }
        FeedCmd::Finish { args, winner } => (OpsFeedAction { winner: Some(winner), ..no_extra(args.remark.clone()) }, "finish", args),
    };
    let path = match args.mid {
        Some(mid) => format!("/api/ops/feed/{}/markets/{mid}/{action}", args.gmid),
        None => format!("/api/ops/feed/{}/{action}", args.gmid),
    };
    print(&args.server.sign_in().await?.post(&path, &body).await?);
    Ok(ExitCode::SUCCESS)
}
