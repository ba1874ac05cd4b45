//! `history-scale` (issue 31): the real release server on a data directory built by
//! `ledger-bench --only scale` (a long history: sled log, history projection, snapshots).
//! Measures, on loopback only:
//!
//! 1. start-up: from spawning `exchange serve --data DIR --port 0` to its first answer of
//!    `/health`, twice (the first start after the build, then a second, the measured one);
//!    the server's RSS (`/proc/PID/status` VmRSS) at that answer and 10 s later, idle;
//! 2. statement pages: `--statement-requests` sequential requests of `/api/bet/account-statement`
//!    (sports, a page of 10 of the settled markets, page 1 to 5) for players with long histories,
//!    and of `/api/transaction/user/statement/{id}` (their money rows), p50/p99; then again (the
//!    first pass reads each page the first time after the start);
//! 3. time travel: `/api/ops/audit/moment?seq=` to the middle and to the end of the built log;
//! 4. `--load-seconds` of mixed load from `--clients` clients (bets on an open match-odds market,
//!    statement pages, money rows, sign-ins), sampling RSS every 30 s; RSS after it;
//! 5. statement pages again, the load's market settled (as an operator would: the directory
//!    keeps no bets of the run open), then the server is stopped (SIGTERM) and the directory's
//!    bytes on disk are divided by the encoded bytes of the built events (`DIR.summary`).
//!
//! The server runs with the sports feed simulator on at speed 0 (frozen prices: bets find their
//! market open) and the casino tables dealing at real time, per-address limits off (every client
//! is 127.0.0.1). Every loop is bounded by a count or a deadline.

use anyhow::{bail, Context};
use bench_load::{percentile_ms, rss_bytes, Client};
use clap::Parser;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Args {
    /// The release server binary.
    #[arg(long)]
    exchange: PathBuf,
    /// The data directory (`ledger-bench --only scale`); `DIR.summary` beside it.
    #[arg(long)]
    data: PathBuf,
    #[arg(long, default_value_t = 600)]
    load_seconds: u64,
    #[arg(long, default_value_t = 16)]
    clients: usize,
    /// Players signed in for the measurements and the load.
    #[arg(long, default_value_t = 64)]
    players: usize,
    #[arg(long, default_value_t = 2000)]
    statement_requests: usize,
    /// The repository root (the server reads `configuration/` there).
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

/// How long a start may take before the benchmark gives up on it.
const START_WAIT_MAX: Duration = Duration::from_secs(600);
const STOP_WAIT_MAX: Duration = Duration::from_secs(120);
const RSS_SAMPLE_EVERY: Duration = Duration::from_secs(30);
const STATEMENT_PAGE_ROWS: u32 = 10;
const TRAVEL_REPEATS: usize = 3;

struct Summary(BTreeMap<String, String>);

impl Summary {
    fn read(data: &Path) -> anyhow::Result<Self> {
        let path = data.with_extension("summary");
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        Ok(Summary(text.lines().filter_map(|l| l.split_once('=')).map(|(k, v)| (k.to_owned(), v.to_owned())).collect()))
    }

    fn number(&self, key: &str) -> anyhow::Result<u64> {
        self.0.get(key).and_then(|v| v.parse().ok()).with_context(|| format!("the summary has no {key}"))
    }
}

/// xorshift64*: enough to pick players and pages.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

struct Server {
    child: Child,
    url: String,
    started: Duration,
    /// What it said it compacted at start.
    compacted: Vec<String>,
}

impl Server {
    fn start(args: &Args) -> anyhow::Result<Server> {
        let spawned = Instant::now();
        let mut child = Command::new(&args.exchange)
            .args(["serve", "--data"])
            .arg(&args.data)
            .args(["--port", "0"])
            .current_dir(&args.root)
            .env("APP_LIMITS__API_REQUESTS_PER_SEC_PER_IP", "0")
            .env("APP_LIMITS__WS_CONNECTIONS_PER_IP", "0")
            .env("APP_LIMITS__BETS_PER_SEC_PER_ACCOUNT", "0")
            .env("APP_FEED__SPEED", "0")
            .env("APP_BETTING__INPLAY_DELAY_MS_PER_SEC", "0")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .context("starting the server")?;
        let stdout = child.stdout.take().context("the server's output")?;
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        // What it compacted at start (`exchange serve` says so before it listens), then its address.
        let mut compacted = Vec::new();
        let url = loop {
            let line = receiver.recv_timeout(START_WAIT_MAX.saturating_sub(spawned.elapsed())).context("the server did not say where it listens")?;
            if let Some(url) = line.strip_prefix("listening on ") {
                break url.trim().to_owned();
            }
            if line.starts_with("compacted ") {
                compacted.push(line);
            }
        };
        bench_load::loopback_only(&url)?;
        loop {
            if spawned.elapsed() > START_WAIT_MAX {
                let _ = child.kill();
                bail!("the server did not answer /health");
            }
            if let Ok(Some(status)) = child.try_wait() {
                bail!("the server ended at start: {status}");
            }
            if health_ok(&url) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        Ok(Server { child, url, started: spawned.elapsed(), compacted })
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    fn stop(mut self) -> anyhow::Result<Duration> {
        let stopping = Instant::now();
        Command::new("kill").args(["-TERM", &self.pid().to_string()]).status().context("kill -TERM")?;
        while stopping.elapsed() < STOP_WAIT_MAX {
            if self.child.try_wait()?.is_some() {
                return Ok(stopping.elapsed());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.child.kill()?;
        self.child.wait()?;
        bail!("the server did not stop within {STOP_WAIT_MAX:?} of SIGTERM (killed)")
    }
}

/// One blocking GET of `/health` over a plain socket (before the async client exists).
fn health_ok(base: &str) -> bool {
    use std::io::{Read, Write};
    let Some(rest) = base.strip_prefix("http://") else { return false };
    let host = rest.split('/').next().unwrap_or(rest);
    let Ok(mut socket) = std::net::TcpStream::connect(host) else { return false };
    let _ = socket.set_read_timeout(Some(Duration::from_secs(5)));
    if socket.write_all(format!("GET /health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes()).is_err() {
        return false;
    }
    let mut answer = String::new();
    let _ = socket.read_to_string(&mut answer);
    answer.starts_with("HTTP/1.1 200")
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1_048_576.0
}

/// Latencies in microseconds, and the failures beside them.
#[derive(Default)]
struct Timings {
    micros: Vec<u64>,
    failed: u64,
}

impl Timings {
    fn record(&mut self, sent: Instant, ok: bool) {
        if ok {
            self.micros.push(sent.elapsed().as_micros() as u64);
        } else {
            self.failed += 1;
        }
    }

    fn merge(&mut self, other: Timings) {
        self.micros.extend(other.micros);
        self.failed += other.failed;
    }

    fn row(&mut self, what: &str) -> String {
        self.micros.sort_unstable();
        format!(
            "| {what} | {} | {} | {:.2} | {:.2} | {:.2} |",
            self.micros.len(),
            self.failed,
            percentile_ms(&self.micros, 50.0),
            percentile_ms(&self.micros, 99.0),
            self.micros.last().copied().unwrap_or(0) as f64 / 1000.0
        )
    }
}

struct Player {
    user_id: u64,
    token: String,
}

fn statement_path(rng: &mut Rng) -> String {
    format!("/api/bet/account-statement?type=game&page={}&limit={STATEMENT_PAGE_ROWS}", 1 + rng.below(5))
}

/// `requests` sequential statement pages and money rows of the players, one at a time.
async fn statement_pages(client: &Client, players: &[Player], requests: usize, rng: &mut Rng) -> (Timings, Timings, u64, u64) {
    let (mut pages, mut money, mut rows_seen, mut money_rows_seen) = (Timings::default(), Timings::default(), 0u64, 0u64);
    for i in 0..requests {
        let player = &players[rng.below(players.len() as u64) as usize];
        let sent = Instant::now();
        if i % 4 == 3 {
            let result = client.call("GET", &format!("/api/transaction/user/statement/{}", player.user_id), Some(&player.token), None).await;
            money.record(sent, matches!(result, Ok((200, _))));
            if let Ok((200, body)) = &result {
                money_rows_seen = money_rows_seen.max(unsealed(client, body)["data"].as_array().map_or(0, |rows| rows.len() as u64));
            }
        } else {
            let result = client.call("GET", &statement_path(rng), Some(&player.token), None).await;
            pages.record(sent, matches!(result, Ok((200, _))));
            if let Ok((200, body)) = &result {
                rows_seen = rows_seen.max(unsealed(client, body)["total"].as_u64().unwrap_or(0));
            }
        }
    }
    (pages, money, rows_seen, money_rows_seen)
}

/// A sealed answer (`{"Payload": …}`) opened.
fn unsealed(client: &Client, body: &Value) -> Value {
    body["Payload"].as_str().and_then(|p| client.cipher.decrypt(p).ok()).and_then(|plain| serde_json::from_slice(&plain).ok()).unwrap_or(Value::Null)
}

/// The best back price of a market's first runner.
fn best_back(market: &Value) -> f64 {
    market["section"][0]["odds"].as_array().into_iter().flatten().filter(|l| l["otype"] == "back").filter_map(|l| l["odds"].as_f64()).fold(0.0, f64::max)
}

#[derive(Default)]
struct LoadTimings {
    bets: Timings,
    pages: Timings,
    money: Timings,
    logins: Timings,
}

/// The load, its RSS samples, its length, and the market it bet on.
async fn mixed_load(client: Rc<Client>, players: Rc<Vec<Player>>, users: u64, clients: usize, seconds: u64, pid: u32) -> anyhow::Result<(LoadTimings, Vec<(u64, u64)>, f64, Value)> {
    let market = client.open_match_odds().await?;
    let back = best_back(&market);
    let stake = market["min"].as_f64().filter(|m| *m > 0.0).or(market["minb"].as_f64()).unwrap_or(100.0);
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let workers: Vec<_> = (0..clients)
        .map(|c| {
            let (client, players, market) = (client.clone(), players.clone(), market.clone());
            actix_web::rt::spawn(async move {
                let mut rng = Rng(0x1234_5678_9ABC_DEF1 ^ ((c as u64 + 1) << 20));
                let mut t = LoadTimings::default();
                let mut n = 0u64;
                while Instant::now() < deadline {
                    n += 1;
                    let player = &players[rng.below(players.len() as u64) as usize];
                    let roll = rng.below(100);
                    let sent = Instant::now();
                    if roll < 45 {
                        let bet = json!({"gameId": market["gmid"], "marketId": market["mid"], "sectionId": market["section"][0]["sid"],
                            "uRate": back, "amount": stake, "betType": if rng.below(2) == 0 { "back" } else { "lay" }, "requestId": format!("s{c}-{n}")});
                        let result = client.call("POST", "/api/bet/place", Some(&player.token), Some(&client.seal(&bet))).await;
                        if t.bets.failed == 0 && !matches!(result, Ok((200, _))) {
                            eprintln!("a bet failed ({}): {:?}", market["mname"], result.as_ref().map(|(status, body)| (status, body.to_string())));
                        }
                        t.bets.record(sent, matches!(result, Ok((200, _))));
                    } else if roll < 85 {
                        let result = client.call("GET", &statement_path(&mut rng), Some(&player.token), None).await;
                        t.pages.record(sent, matches!(result, Ok((200, _))));
                    } else if roll < 98 {
                        let result = client.call("GET", &format!("/api/transaction/user/statement/{}", player.user_id), Some(&player.token), None).await;
                        t.money.record(sent, matches!(result, Ok((200, _))));
                    } else {
                        // A sign-in (argon2: tens of ms of a core) of another player than those
                        // whose tokens the clients use: a sign-in ends the session it replaces.
                        let mut other = 3 + rng.below(users.saturating_sub(3).max(1));
                        while players.iter().any(|p| p.user_id == other) {
                            other = 3 + rng.below(users.saturating_sub(3).max(1));
                        }
                        let result = client.call("POST", "/api/auth/login", None, Some(&json!({"username": format!("player{other}"), "password": "player123"}))).await;
                        t.logins.record(sent, matches!(result, Ok((200, _))));
                    }
                }
                t
            })
        })
        .collect();
    // RSS every 30 s while the clients run.
    let mut samples = Vec::new();
    while Instant::now() < deadline {
        actix_web::rt::time::sleep(RSS_SAMPLE_EVERY.min(deadline.saturating_duration_since(Instant::now()))).await;
        samples.push((started.elapsed().as_secs(), rss_bytes(pid).unwrap_or(0)));
    }
    let mut all = LoadTimings::default();
    for worker in workers {
        let t = worker.await?;
        all.bets.merge(t.bets);
        all.pages.merge(t.pages);
        all.money.merge(t.money);
        all.logins.merge(t.logins);
    }
    Ok((all, samples, started.elapsed().as_secs_f64(), market))
}

/// Signs the players in: the first `count` players of the history whose sign-in works (each
/// logs in again during the load, ending the session it had; the load uses each one's first
/// token only for reads and bets, so it signs in a second time for its own use).
async fn sign_in(client: &Client, operator: &str, count: usize, users: u64) -> anyhow::Result<Vec<Player>> {
    let mut players = Vec::new();
    let mut rng = Rng(0xDEAD_BEEF_F00D_CAFE);
    let mut tries = 0;
    while players.len() < count && tries < count * 4 {
        tries += 1;
        let user_id = 3 + rng.below(users.saturating_sub(3).max(1));
        let username = format!("player{user_id}");
        let (status, body) = client.call("POST", "/api/auth/login", None, Some(&json!({"username": username, "password": "player123"}))).await?;
        let Some(token) = body["data"]["accessToken"].as_str().filter(|_| status == 200) else { continue };
        // Money to bet with: an operator's credit (a money row of its own).
        client.call("POST", "/api/ops/credit", Some(operator), Some(&json!({"username": username, "amount": 1_000_000, "remark": "scale bench"}))).await?;
        players.push(Player { user_id, token: token.to_owned() });
    }
    anyhow::ensure!(!players.is_empty(), "no player signed in");
    Ok(players)
}

async fn travel(client: &Client, operator: &str, seq: u64) -> (Vec<f64>, u64, u16) {
    let (mut seconds, mut bytes, mut status) = (Vec::new(), 0, 0);
    for _ in 0..TRAVEL_REPEATS {
        let sent = Instant::now();
        match client.call("GET", &format!("/api/ops/audit/moment?seq={seq}"), Some(operator), None).await {
            Ok((code, body)) => {
                seconds.push(sent.elapsed().as_secs_f64());
                status = code;
                bytes = body.to_string().len() as u64;
            }
            Err(error) => eprintln!("travel to {seq}: {error}"),
        }
    }
    (seconds, bytes, status)
}

fn directory_bytes(dir: &Path) -> u64 {
    let mut total = 0;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        match entry.metadata() {
            Ok(meta) if meta.is_dir() => total += directory_bytes(&entry.path()),
            Ok(meta) => total += meta.len(),
            Err(_) => {}
        }
    }
    total
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let summary = Summary::read(&args.data)?;
    let (events, encoded) = (summary.number("events")?, summary.number("encoded_bytes")?);
    let users = summary.number("users")?;
    println!("## History at scale: the server on {events} events (`history-scale`)\n");

    // The first start after the build, then the measured one.
    let first = Server::start(&args)?;
    let first_started = first.started;
    let first_rss = rss_bytes(first.pid())?;
    let first_compacted = first.compacted.join("; ");
    let first_stop = first.stop()?;
    let disk_after_first = directory_bytes(&args.data);
    let server = Server::start(&args)?;
    let pid = server.pid();
    let rss_at_start = rss_bytes(pid)?;
    std::thread::sleep(Duration::from_secs(10));
    let rss_idle = rss_bytes(pid)?;
    println!("| measure | value |\n|---|---:|");
    println!("| first start after the build: to the first answer of /health, s; RSS then, MB; its stop (SIGTERM), s | {:.2}; {:.1}; {:.2} |", first_started.as_secs_f64(), mb(first_rss), first_stop.as_secs_f64());
    println!("| what the first start compacted (`exchange serve`: the log 1.5×, the history 3× what they should hold) | {} |", if first_compacted.is_empty() { "nothing" } else { &first_compacted });
    println!("| disk ÷ encoded bytes after the first start | {:.2}× |", disk_after_first as f64 / encoded as f64);
    println!("| **start-up** (second start): spawn to the first answer of /health, s | **{:.2}** |", server.started.as_secs_f64());
    println!("| **RSS after start**: at the first answer, MB; 10 s later, idle, MB | **{:.1}**; {:.1} |", mb(rss_at_start), mb(rss_idle));

    let client = Rc::new(Client::new(&server.url).await?);
    let operator = client.login("operator", "operator123").await?;
    let players = Rc::new(sign_in(&client, &operator, args.players, users).await?);
    let mut rng = Rng(0x5EED_0000_0000_0031);
    let (mut pages, mut money, rows_seen, money_rows_seen) = statement_pages(&client, &players, args.statement_requests, &mut rng).await;
    // The same players' pages again: the first pass read each page the first time after a start.
    let (mut pages_again, mut money_again, _, _) = statement_pages(&client, &players, args.statement_requests, &mut rng).await;

    let middle = travel(&client, &operator, events / 2).await;
    let end = travel(&client, &operator, events).await;
    let travel_text = |name: &str, (seconds, bytes, status): &(Vec<f64>, u64, u16)| {
        let shown: Vec<String> = seconds.iter().map(|s| format!("{s:.2}")).collect();
        format!("| time travel to {name} (`/api/ops/audit/moment?seq=`), {TRAVEL_REPEATS} calls, s | {} (status {status}, {bytes} bytes of JSON) |", shown.join(", "))
    };
    println!("{}", travel_text(&format!("the middle (event {})", events / 2), &middle));
    println!("{}", travel_text(&format!("the end (event {events})"), &end));
    let rss_before_load = rss_bytes(pid)?;
    println!("| RSS after the signed-in players, statement pages and travels, before the load, MB | {:.1} |", mb(rss_before_load));

    let (mut load, samples, load_seconds, market) = mixed_load(client.clone(), players.clone(), users, args.clients, args.load_seconds, pid).await?;
    let rss_after_load = rss_bytes(pid)?;
    let peak = samples.iter().map(|s| s.1).max().unwrap_or(0);
    println!("| **RSS after {:.0} s of mixed load**, MB (highest of the 30 s samples) | **{:.1}** ({:.1}) |", load_seconds, mb(rss_after_load), mb(peak));
    let (mut pages_after, mut money_after, rows_seen_after, _) = statement_pages(&client, &players, args.statement_requests, &mut rng).await;
    // The load's market settled as an operator would, so that the directory does not keep this
    // run's bets open for the next run's start (its open state is what the build left).
    let operator = client.login("operator", "operator123").await?;
    let path = format!("/api/ops/feed/{}/markets/{}/settle", market["gmid"], market["mid"]);
    let result = json!({"remark": "history-scale: the load's market", "result": {"kind": "winner", "sid": market["section"][0]["sid"]}});
    let (status, body) = client.call("POST", &path, Some(&operator), Some(&result)).await?;
    if status != 200 {
        bail!("settling the load's market: {status} {body}");
    }
    let stop = server.stop()?;
    let disk = directory_bytes(&args.data);
    let built = summary.number("built_total_bytes")?;
    println!("| stop (SIGTERM) after the load, s | {:.2} |", stop.as_secs_f64());
    println!("| **disk ÷ encoded bytes** of the built events: as built; after the runs | **{:.2}×** ({} ÷ {}); {:.2}× |", built as f64 / encoded as f64, built, encoded, disk as f64 / encoded as f64);
    println!("\nRSS during the load (s: MB): {}\n", samples.iter().map(|(s, b)| format!("{s}: {:.0}", mb(*b))).collect::<Vec<_>>().join(", "));

    println!("| requests | done | failed | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|");
    println!("{}", pages.row(&format!("**statement page** before the load, one at a time (`/api/bet/account-statement`, {STATEMENT_PAGE_ROWS} rows, pages 1–5; up to {rows_seen} settled markets a player)")));
    println!("{}", money.row(&format!("money rows before the load, one at a time (`/api/transaction/user/statement/{{id}}`, all of them: up to {money_rows_seen} a player)")));
    println!("{}", pages_again.row("**statement page** before the load, read again, one at a time"));
    println!("{}", money_again.row("money rows before the load, read again, one at a time"));
    println!("{}", pages_after.row(&format!("**statement page** after the load, one at a time (up to {rows_seen_after} settled markets a player)")));
    println!("{}", money_after.row("money rows after the load, one at a time"));
    println!("{}", load.bets.row(&format!("load: bets placed ({} clients in all, {} players)", args.clients, players.len())));
    println!("{}", load.pages.row("load: statement pages"));
    println!("{}", load.money.row("load: money rows"));
    println!("{}", load.logins.row("load: sign-ins (argon2)"));
    println!();
    Ok(())
}
