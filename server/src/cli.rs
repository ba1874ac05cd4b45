//! The `exchange` command line. Operator subcommands work on a data directory no server holds
//! (`--data`), or call a running server (`--url`) with operator credentials.

use crate::app::{open_store, Application, Ledger};
use crate::configuration::Settings;
use crate::operations::{self, Direction};
use crate::remote::Remote;
use crate::scenario;
use crate::time_travel;
use crate::wallet;
use ledger::AccountAction;
use schemas::ops::{OpsActionRequest, OpsFeedAction};
use anyhow::{bail, Context};
use clap::{Args, Parser, Subcommand};
use schemas::{CreateUserRequest, Money, MoneyRequest, Role};
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "exchange", about = "Sports and casino exchange: server and operator tools")]
pub struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Serve the site, the API and the push socket.
    Serve {
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
        /// Keep the ledger's log on NATS JetStream (nats://HOST:PORT, several separated by
        /// commas) instead of sled in the data directory.
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
    },
    /// Manage accounts.
    User {
        #[command(subcommand)]
        command: UserCmd,
    },
    /// Credit an account (an account-statement row).
    Credit(MoneyArgs),
    /// Debit an account (an account-statement row).
    Debit(MoneyArgs),
    /// Check the ledger.
    Audit {
        #[command(subcommand)]
        command: AuditCmd,
    },
    /// Deposit and withdrawal requests: list them and decide.
    Wallet {
        #[command(subcommand)]
        command: WalletCmd,
    },
    /// Bonus coupons.
    Bonus {
        #[command(subcommand)]
        command: BonusCmd,
    },
    /// Casino tables: list them, lock or unlock one, pause or resume its dealing, void its round.
    Casino {
        #[command(subcommand)]
        command: CasinoCmd,
    },
    /// The house's figures: turnover, exposure per open market and casino table, settled P/L
    /// per day (UTC).
    House {
        #[arg(long, default_value_t = 30)]
        days: u32,
        #[command(flatten)]
        target: Target,
    },
    /// Testers' scenarios (docs/scenarios.md): record a running server's feed, play a file.
    Scenario {
        #[command(subcommand)]
        command: ScenarioCmd,
    },
    /// The sports feed of a running server (`--url`): fixtures and markets; suspend, resume,
    /// move a price, settle, void, finish.
    Feed {
        #[command(subcommand)]
        command: FeedCmd,
    },
}

#[derive(Subcommand)]
enum ScenarioCmd {
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

#[derive(Subcommand)]
enum FeedCmd {
    /// Every fixture with its markets, and the feed's clock.
    List {
        #[command(flatten)]
        target: Target,
    },
    /// The market (or with no --mid, every market of the fixture) shows SUSPENDED and takes no
    /// bets until resumed; a restart keeps it suspended.
    Suspend(FeedArgs),
    Resume(FeedArgs),
    /// Moves the best back or lay price of one section of a market.
    Price {
        #[command(flatten)]
        args: FeedArgs,
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
        #[arg(long)]
        result: String,
    },
    /// Settles a market with no result: every stake returned.
    Void(FeedArgs),
    /// Ends the fixture now: every market settles as the winner (home, away or draw) says.
    Finish {
        #[command(flatten)]
        args: FeedArgs,
        #[arg(long)]
        winner: String,
    },
}

#[derive(Args)]
struct FeedArgs {
    #[arg(long)]
    gmid: u64,
    #[arg(long)]
    mid: Option<u64>,
    #[arg(long)]
    remark: String,
    #[command(flatten)]
    target: Target,
}

#[derive(Subcommand)]
enum CasinoCmd {
    /// Every table with its round and lock.
    List {
        #[command(flatten)]
        target: Target,
    },
    /// The table takes no bets (its tile shows locked) until unlocked; a restart keeps the lock.
    Lock(TableArgs),
    Unlock(TableArgs),
    /// No new round opens once the round in play is resulted, until resumed.
    Pause(TableArgs),
    Resume(TableArgs),
    /// The round in play ends with no result: every stake is returned.
    Void(TableArgs),
}

#[derive(Args)]
struct TableArgs {
    #[arg(long)]
    gtype: String,
    #[arg(long)]
    remark: String,
    #[command(flatten)]
    target: Target,
}

#[derive(Subcommand)]
enum WalletCmd {
    /// Requests, oldest first (the queue in the order it arrived).
    List {
        /// All, Pending, In-Process, Approved or Rejected.
        #[arg(long, default_value = "All")]
        status: String,
        /// deposit or withdraw (default both).
        #[arg(long, default_value = "")]
        kind: String,
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
struct DecisionArgs {
    #[arg(long)]
    id: u64,
    #[arg(long)]
    remark: Option<String>,
    #[command(flatten)]
    target: Target,
}

#[derive(Subcommand)]
enum BonusCmd {
    /// Grant a coupon: active coupons credit their amount at once.
    Grant {
        #[arg(long)]
        username: String,
        #[arg(long)]
        name: String,
        #[arg(long, value_parser = parse_amount, allow_negative_numbers = true)]
        amount: Money,
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
        #[arg(long, default_value = "")]
        username: String,
        #[command(flatten)]
        target: Target,
    },
}

#[derive(Subcommand)]
enum UserCmd {
    Add {
        #[arg(long)]
        username: String,
        #[arg(long)]
        password: String,
        #[arg(long, value_parser = parse_role)]
        role: Role,
        #[arg(long)]
        must_change_password: bool,
        #[command(flatten)]
        target: Target,
    },
    /// Everything about an account: money, bets, statements, wallet, sessions, operator actions.
    Show {
        #[arg(long)]
        username: String,
        #[command(flatten)]
        target: Target,
    },
    /// Stop the account's betting (it can still sign in, read and withdraw).
    Lock(ActionArgs),
    Unlock(ActionArgs),
    /// End every session of the account.
    EndSessions(ActionArgs),
    /// Set a temporary password the user must change at the next sign-in; ends every session.
    ResetPassword {
        #[arg(long)]
        password: String,
        #[command(flatten)]
        action: ActionArgs,
    },
}

/// An operator action on an account; with `--data` it is recorded as `--operator`'s.
#[derive(Args)]
struct ActionArgs {
    #[arg(long)]
    username: String,
    /// Why (required, 1 to 200 characters).
    #[arg(long)]
    remark: String,
    #[command(flatten)]
    target: Target,
}

#[derive(Subcommand)]
enum AuditCmd {
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
        #[arg(long)]
        to_seq: Option<u64>,
        /// RFC 3339, e.g. 2026-11-24T18:00:00Z.
        #[arg(long)]
        at: Option<String>,
        #[arg(long)]
        username: Option<String>,
        #[command(flatten)]
        target: Target,
    },
    /// The log's events as JSON lines, oldest first (credentials withheld).
    Events {
        #[arg(long, default_value_t = 1)]
        from_seq: u64,
        #[arg(long)]
        to_seq: Option<u64>,
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

#[derive(Args)]
struct MoneyArgs {
    #[arg(long)]
    username: String,
    /// Currency units with at most 2 decimals, e.g. 1500.50.
    #[arg(long, value_parser = parse_amount, allow_negative_numbers = true)]
    amount: Money,
    #[arg(long)]
    remark: String,
    #[command(flatten)]
    target: Target,
}

#[derive(Args)]
struct Target {
    /// Work directly on this data directory (no server may hold it).
    #[arg(long, conflicts_with = "url")]
    data: Option<PathBuf>,
    /// Call the running server at this address.
    #[arg(long)]
    url: Option<String>,
    #[arg(long, env = "EXCHANGE_OPERATOR", default_value = "operator")]
    operator: String,
    #[arg(long, env = "EXCHANGE_OPERATOR_PASSWORD", default_value = "operator123", hide_default_value = true)]
    operator_password: String,
}

fn parse_role(text: &str) -> Result<Role, String> {
    serde_json::from_value(serde_json::Value::String(text.into())).map_err(|_| "role must be user, demo or operator".into())
}

fn parse_amount(text: &str) -> Result<Money, String> {
    schemas::money::parse_minor(text).map(Money).map_err(|e| format!("amount {e}"))
}

fn print<T: Serialize>(value: &T) {
    println!("{}", serde_json::to_string_pretty(value).expect("wire types serialize"));
}

pub async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let mut settings = Settings::load()?;
    match cli.command {
        Cmd::Serve { data, port, tls_cert, tls_key, log, role, engine_url } => {
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
                anyhow::ensure!(settings.application.log.is_some(), "an edge node follows the log on JetStream: give --log nats://…");
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
            let log = match settings.application.log {
                Some(_) => crate::standby::take_the_engine(&settings, &role).await?,
                None => Ledger { store: open_store(&settings.application.data_dir)?, folded: None },
            };
            serve(settings, log).await?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::User { command } => user(&settings, command).await,
        Cmd::Credit(args) => move_money(&settings, args, Direction::Credit).await,
        Cmd::Debit(args) => move_money(&settings, args, Direction::Debit).await,
        Cmd::Audit { command: AuditCmd::Verify { log, target } } => {
            let report: schemas::AuditReport = match (log, target.url.clone()) {
                (Some(servers), _) => verify_stream(&settings, servers).await?,
                (None, Some(url)) => serde_json::from_value(remote(&url, &target).await?.get("/api/ops/audit/verify").await?)?,
                (None, None) => operations::verify(&local(&settings, &target)?).await?,
            };
            print(&report);
            Ok(if report.passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        Cmd::Audit { command: AuditCmd::Replay { to_seq, at, username, target } } => {
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
                    serde_json::to_value(time_travel::moment(&local(&settings, &target)?, to_seq, at_ms, username).await?)?
                }
            };
            print(&state);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Audit { command: AuditCmd::Events { from_seq, to_seq, username, kind, market, target } } => {
            let lines = match target.url.clone() {
                Some(url) => {
                    let mut query = vec![format!("fromSeq={from_seq}")];
                    query.extend(to_seq.map(|seq| format!("toSeq={seq}")));
                    query.extend(username.map(|name| format!("username={}", encode(&name))));
                    query.extend(kind.map(|kind| format!("kind={}", encode(&kind))));
                    query.extend(market.map(|market| format!("market={market}")));
                    remote(&url, &target).await?.get_text(&format!("/api/ops/audit/events.jsonl?{}", query.join("&"))).await?
                }
                None => time_travel::export(&local(&settings, &target)?, time_travel::EventFilter { from_seq, to_seq, username, kind, market }).await?,
            };
            print!("{lines}");
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Wallet { command } => wallet(&settings, command).await,
        Cmd::Bonus { command } => bonus(&settings, command).await,
        Cmd::Casino { command } => casino(&settings, command).await,
        Cmd::Feed { command } => feed(command).await,
        Cmd::Scenario { command } => {
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
        Cmd::House { days, target } => {
            let figures = match target.url.clone() {
                Some(url) => remote(&url, &target).await?.get(&format!("/api/ops/house?days={days}")).await?,
                None if (1..=operations::HOUSE_DAYS_MAX).contains(&days) => serde_json::to_value(operations::house(&local(&settings, &target)?.read(), days))?,
                None => bail!("--days: must be 1 to 366"),
            };
            print(&figures);
            Ok(ExitCode::SUCCESS)
        }
    }
}

async fn user(settings: &Settings, command: UserCmd) -> anyhow::Result<ExitCode> {
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
                None => serde_json::to_value(operations::user_detail(&local(settings, &target)?.read(), &username)?)?,
            };
            print(&detail);
            return Ok(ExitCode::SUCCESS);
        }
        UserCmd::Lock(args) => (args, "lock", AccountAction::LockBetting),
        UserCmd::Unlock(args) => (args, "unlock", AccountAction::UnlockBetting),
        UserCmd::EndSessions(args) => (args, "end-sessions", AccountAction::EndSessions),
        UserCmd::ResetPassword { password, action } => {
            let body = OpsActionRequest { remark: action.remark.clone(), password: Some(password.clone()) };
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
            let body = OpsActionRequest { remark: args.remark, password: None };
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

async fn wallet(settings: &Settings, command: WalletCmd) -> anyhow::Result<ExitCode> {
    let (args, decision, path) = match command {
        WalletCmd::List { status, kind, username, target } => {
            let query = wallet::RequestQuery { status, kind, username, ..Default::default() };
            let rows = match target.url.clone() {
                Some(url) => {
                    let path = format!("/api/ops/wallet/requests?status={}&kind={}&username={}", encode(&query.status), encode(&query.kind), encode(&query.username));
                    remote(&url, &target).await?.get(&path).await?
                }
                None => serde_json::to_value(wallet::list_requests(&local(settings, &target)?, &query)?.0)?,
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
        None => serde_json::to_value(wallet::decide_request(&local(settings, &args.target)?, args.id, decision, args.remark).await?)?,
    };
    print(&request);
    Ok(ExitCode::SUCCESS)
}

async fn casino(settings: &Settings, command: CasinoCmd) -> anyhow::Result<ExitCode> {
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
            let body = OpsActionRequest { remark: args.remark, password: None };
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

/// The feed lives in a running server (its book is in memory), so these go to `--url` only.
async fn feed(command: FeedCmd) -> anyhow::Result<ExitCode> {
    let no_extra = |remark: String| OpsFeedAction { remark, sid: None, side: None, price: None, result: None, winner: None };
    let (body, action, args) = match command {
        FeedCmd::List { target } => {
            let Some(url) = target.url.clone() else { bail!("the feed runs in a server: give --url") };
            print(&remote(&url, &target).await?.get("/api/ops/feed").await?);
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
    let Some(url) = args.target.url.clone() else { bail!("the feed runs in a server: give --url") };
    let path = match args.mid {
        Some(mid) => format!("/api/ops/feed/{}/markets/{mid}/{action}", args.gmid),
        None => format!("/api/ops/feed/{}/{action}", args.gmid),
    };
    print(&remote(&url, &args.target).await?.post(&path, &body).await?);
    Ok(ExitCode::SUCCESS)
}

async fn bonus(settings: &Settings, command: BonusCmd) -> anyhow::Result<ExitCode> {
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

/// The audit of a log on JetStream, read without taking the engine's lease (it writes nothing).
async fn verify_stream(settings: &Settings, servers: String) -> anyhow::Result<schemas::AuditReport> {
    let options = ledger::jetstream::JetStreamOptions { servers, stream: settings.application.log_stream.clone(), replicas: settings.application.log_replicas };
    let verified = tokio::task::spawn_blocking(move || {
        let store = ledger::JetStreamStore::open(&options).with_context(|| format!("opening the ledger's log on {} (stream {})", options.servers, options.stream))?;
        ledger::audit::verify(&store, None).context("reading the log")
    });
    verified.await.context("the audit's thread")?
}

/// Percent-encodes a query value (statuses hold `-`, kinds and names are plain).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

async fn move_money(settings: &Settings, args: MoneyArgs, direction: Direction) -> anyhow::Result<ExitCode> {
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

/// An engine on a data directory, for operator commands without a server.
fn local(settings: &Settings, target: &Target) -> anyhow::Result<ledger::EngineHandle> {
    let dir = target.data.clone().unwrap_or_else(|| settings.application.data_dir.clone());
    let store = open_store(&dir)?;
    Ok(ledger::start(store, Box::new(|_, _| {}))?)
}

/// A signed-in operator session on the server at `url`.
async fn remote(url: &str, target: &Target) -> anyhow::Result<Remote> {
    Remote::sign_in(url, &target.operator, &target.operator_password).await
}
