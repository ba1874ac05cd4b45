//! Crash test (DESIGN §5, invariant 3): the real `exchange` binary takes a mixed load
//! from concurrent clients (operators' credits, players signing in and placing back and lay
//! orders on an exchange market, matched against the market makers', and orders that rest and are
//! cancelled,
//! casino players betting on Teen Patti while its round takes bets, a player asking for deposits
//! that an operator rejects) and is killed with SIGKILL at a random moment while requests are in
//! flight, then restarted on the same data directory, round after round. Afterwards every
//! acknowledged credit, bet and order (sports and casino), cancel, and wallet request and decision
//! must be in the log exactly once (a credit at the sequence number it was acknowledged with), every acknowledged
//! sign-in must have its event, and `exchange audit verify` must pass after each round. Snapshots
//! of the state are taken every few hundred events, so most starts restore the state from a
//! snapshot and the log's tail (some snapshots are cut off by the kill): a wrong restored state
//! would reuse bet ids or sequence numbers, or fail the audit's money checks.
//!
//! It runs on both local logs: sled (the default, 20 rounds) and the segment files (`--log
//! segments`, 10). `TORTURE_ROUNDS` sets the rounds of each (`scripts/torture` runs 100).

mod common;

use ledger::{AccountEvent, BetEvent, OrderEvent};
use common::{audit_verify, call, open_market, payload_cipher, sealed_call, start_server_with};
use ledger::wallet::WalletEvent;
use ledger::Event;
use rand::Rng;
use serde_json::{json, Value};
use std::cell::Cell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Rounds on the default log (sled) and on the segment log, unless `TORTURE_ROUNDS` says.
const ROUNDS_DEFAULT: usize = 20;
const ROUNDS_DEFAULT_SEGMENTS: usize = 10;
/// Acknowledged operations the run must reach, per round on average.
const ACKNOWLEDGED_PER_ROUND_MIN: usize = 100;
/// Concurrent operator clients sending credits, and players betting (each its own account).
const CREDIT_CLIENTS: usize = 12;
const BETTORS: usize = 4;
/// Players betting on the casino (accounts after the bettors') and the one asking for deposits.
const CASINO_BETTORS: usize = 2;
const WALLET_CLIENT: usize = BETTORS + CASINO_BETTORS;
/// A casino player waits this long when the round is not taking bets.
const CASINO_WAIT_MS: u64 = 50;
/// The kill comes this long after the clients start (uniformly at random, in milliseconds).
const KILL_AFTER_MS: std::ops::Range<u64> = 700..2_000;
/// Requests one client sends in a round at most; the kill normally ends the round long before.
const REQUESTS_PER_CLIENT_MAX: u64 = 100_000;
const REMARK_PREFIX: &str = "crash r";
const BETTOR_PASSWORD: &str = "bettor-pass-7";
/// A bettor's balance: enough for every bet of a long run (back and lay offset each other).
const BETTOR_FUNDS: f64 = 1_000_000.0;
/// Settings of every start: no per-address or per-account rate limit (all clients are
/// 127.0.0.1), prices frozen so bets are taken at the price asked, no in-play delay; a snapshot
/// of the state every 300 events, looked for every 250 ms, so restarts start from snapshots (some
/// cut off by the kill) and the checks below hold for a state restored from one.
const ENV: [(&str, &str); 8] = [
    // Chunks of 16 events on sled: the kills land while the sealer packs them.
    (ledger::store::sled_log::SEAL_EVENTS_VAR, "16"),
    // A start compacts the log (1.5×) and the history (3×) whenever they hold more than they should, however small.
    (ledger::compaction::BLOATED_BYTES_MIN_VAR, "0"),
    ("APP_LIMITS__API_REQUESTS_PER_SEC_PER_IP", "0"),
    ("APP_LIMITS__BETS_PER_SEC_PER_ACCOUNT", "0"),
    ("APP_FEED__SPEED", "0"),
    ("APP_BETTING__INPLAY_DELAY_MS_PER_SEC", "0"),
    ("APP_APPLICATION__SNAPSHOT_EVERY_EVENTS", "300"),
    ("APP_APPLICATION__SNAPSHOT_CHECK_MS", "250"),
];

fn bettor(n: usize) -> String {
    format!("bettor{n}")
}

/// What the clients saw in one round.
#[derive(Default)]
struct Outcome {
    /// Credits answered 200 with a sequence number: remark and `seq`.
    credits: Vec<(String, u64)>,
    /// Bets answered 200: bettor, request id, bet id.
    bets: Vec<(String, String, u64)>,
    /// Sign-ins answered 200, by username.
    logins: Vec<String>,
    /// Cancels of resting orders answered 200: the order's id.
    cancels: Vec<u64>,
    /// Wallet requests and decisions answered 200: (request id, "deposit" or "reject").
    wallet: Vec<(u64, &'static str)>,
    /// How many of `bets` are casino bets.
    casino_bets: usize,
    /// Answers other than 200 (none are expected): status and body.
    refused: Vec<String>,
    /// Starts that restored the state from a snapshot (and the log's tail after it).
    from_snapshot: usize,
}

impl Outcome {
    fn add(&mut self, other: Outcome) {
        self.credits.extend(other.credits);
        self.bets.extend(other.bets);
        self.logins.extend(other.logins);
        self.wallet.extend(other.wallet);
        self.cancels.extend(other.cancels);
        self.from_snapshot += other.from_snapshot;
        self.casino_bets += other.casino_bets;
        self.refused.extend(other.refused);
    }

    fn acknowledged(&self) -> usize {
        self.credits.len() + self.bets.len() + self.logins.len() + self.wallet.len() + self.cancels.len()
    }
}

async fn login(http: &awc::Client, base: &str, username: &str, password: &str) -> Option<String> {
    let body = json!({"username": username, "password": password});
    let mut response = http.post(format!("{base}/api/auth/login")).send_json(&body).await.ok()?;
    let answer: Value = response.json().await.ok()?;
    answer["data"]["accessToken"].as_str().map(str::to_owned)
}

/// Sends credits one after another until the server is gone.
async fn credit_until_killed(base: Rc<str>, token: Rc<str>, round: usize, next_request: Rc<Cell<u64>>) -> Outcome {
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let url = format!("{base}/api/ops/credit");
    let mut outcome = Outcome::default();
    for _ in 0..REQUESTS_PER_CLIENT_MAX {
        let i = next_request.get();
        next_request.set(i + 1);
        let remark = format!("{REMARK_PREFIX}{round} c{i}");
        let body = json!({"username": "player1", "amount": 1.5, "remark": remark});
        let Ok(mut response) = http.post(&url).bearer_auth(&*token).send_json(&body).await else { break };
        // A body cut short by the kill is no acknowledgement.
        let Ok(body) = response.body().await else { break };
        let answer: Option<Value> = serde_json::from_slice(&body).ok();
        match (response.status().as_u16(), answer.and_then(|a| a["data"]["seq"].as_u64())) {
            (200, Some(seq)) => outcome.credits.push((remark, seq)),
            (status, _) => outcome.refused.push(format!("{status}: {}", String::from_utf8_lossy(&body))),
        }
    }
    outcome
}

/// A bettor signs in, then backs and lays the market's first runner at the best prices in turn
/// (matched against the market makers' quotes; the two offset, so the exposure stays small), and
/// every third time backs at 1000, which nobody lays: the order rests, and is cancelled.
async fn bet_until_killed(base: Rc<str>, market: Rc<Value>, cipher: Rc<server::crypto::PayloadCipher>, n: usize, round: usize) -> Outcome {
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let mut outcome = Outcome::default();
    let name = bettor(n);
    let Some(token) = login(&http, &base, &name, BETTOR_PASSWORD).await else { return outcome };
    outcome.logins.push(name.clone());
    let section = &market["section"][0];
    let price = |side: &str| section["odds"].as_array().expect("odds").iter().find(|l| l["otype"] == side && l["tno"] == 0).map(|l| l["odds"].clone());
    let (Some(back), Some(lay)) = (price("back"), price("lay")) else { return outcome };
    let url = format!("{base}/api/bet/place");
    let resting = json!(1000);
    for i in 0..REQUESTS_PER_CLIENT_MAX {
        let (side, rate) = match i % 3 {
            0 => ("back", &back),
            1 => ("lay", &lay),
            _ => ("back", &resting),
        };
        let request_id = format!("t{round}-{n}-{i}");
        let bet = json!({"gameId": market["gmid"], "marketId": market["mid"], "sectionId": section["sid"], "uRate": rate, "amount": 100, "betType": side, "requestId": request_id});
        let sealed = json!({"Payload": cipher.encrypt(bet.to_string().as_bytes())});
        let Ok(mut response) = http.post(&url).bearer_auth(&token).send_json(&sealed).await else { break };
        let Ok(body) = response.body().await else { break };
        let status = response.status().as_u16();
        let opened = serde_json::from_slice::<Value>(&body).ok().and_then(|a| a["Payload"].as_str().and_then(|p| cipher.decrypt(p).ok())).and_then(|plain| serde_json::from_slice::<Value>(&plain).ok());
        match (status, opened.as_ref().and_then(|a| a["data"]["bet"]["betId"].as_u64())) {
            (200, Some(bet_id)) => outcome.bets.push((name.clone(), request_id, bet_id)),
            _ => outcome.refused.push(format!("bet {status}: {}", String::from_utf8_lossy(&body))),
        }
        let unmatched = opened.as_ref().and_then(|a| a["data"]["order"]["unmatched"].as_f64()).unwrap_or(0.0);
        if i % 3 == 2 && unmatched > 0.0 {
            let order_id = opened.as_ref().and_then(|a| a["data"]["order"]["orderId"].as_u64()).expect("an order");
            let Ok(mut response) = http.post(format!("{base}/api/exchange/cancel")).bearer_auth(&token).send_json(&json!({"orderId": order_id})).await else { break };
            let Ok(body) = response.body().await else { break };
            match response.status().as_u16() {
                200 => outcome.cancels.push(order_id),
                status => outcome.refused.push(format!("cancel {status}: {}", String::from_utf8_lossy(&body))),
            }
        }
    }
    outcome
}



/// A casino player signs in, then backs Player A on Teen Patti while its round takes bets (the
/// table runs at real time: a round takes bets for 20 s of about 35), waiting while it does not.
async fn casino_bet_until_killed(base: Rc<str>, cipher: Rc<server::crypto::PayloadCipher>, n: usize, round: usize) -> Outcome {
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let mut outcome = Outcome::default();
    let name = bettor(n);
    let Some(token) = login(&http, &base, &name, BETTOR_PASSWORD).await else { return outcome };
    outcome.logins.push(name.clone());
    let url = format!("{base}/api/bet/place/casino");
    for i in 0..REQUESTS_PER_CLIENT_MAX {
        let Ok(mut response) = http.post(format!("{base}/data/front/casino/data2?gType=teen20&j=1")).send_json(&json!({})).await else { break };
        let Ok(table) = response.json::<Value>().await else { break };
        let round_now = &table["data"];
        let item = &round_now["items"][0];
        if round_now["status"] != "OPEN" || item["gstatus"] != "ACTIVE" {
            actix_web::rt::time::sleep(Duration::from_millis(CASINO_WAIT_MS)).await;
            continue;
        }
        let request_id = format!("k{round}-{n}-{i}");
        let bet = json!({"gType": "teen20", "marketId": round_now["mid"], "sectionId": item["sid"], "uRate": item["b"], "amount": 100, "betType": "back", "requestId": request_id});
        let Some((status, answer)) = sealed_call(&http, &url, &token, &cipher, &bet).await else { break };
        match (status, answer["data"]["bet"]["betId"].as_u64()) {
            (200, Some(bet_id)) => {
                outcome.bets.push((name.clone(), request_id, bet_id));
                outcome.casino_bets += 1;
            }
            // The round closed between the look and the bet: not a refusal of ours.
            (409, _) => actix_web::rt::time::sleep(Duration::from_millis(CASINO_WAIT_MS)).await,
            _ => outcome.refused.push(format!("casino bet {status}: {answer}")),
        }
    }
    outcome
}

/// A player asks for deposits and an operator rejects each, until the server is gone; first the
/// requests a kill left pending (acknowledged or not) are rejected, so they never pile up.
async fn deposit_until_killed(base: Rc<str>, operator: Rc<str>, round: usize) -> Outcome {
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let mut outcome = Outcome::default();
    let name = bettor(WALLET_CLIENT);
    let Some(token) = login(&http, &base, &name, BETTOR_PASSWORD).await else { return outcome };
    outcome.logins.push(name.clone());
    let reject = |id: u64| {
        let http = http.clone();
        let (base, operator) = (base.clone(), operator.clone());
        async move {
            let mut response = http.post(format!("{base}/api/ops/wallet/requests/{id}/reject")).bearer_auth(&*operator).send_json(&json!({"remark": "crash test"})).await.ok()?;
            let body = response.body().await.ok()?;
            Some((response.status().as_u16(), String::from_utf8_lossy(&body).into_owned()))
        }
    };
    let Ok(mut listed) = http.get(format!("{base}/api/ops/wallet/requests?status=Pending&username={name}")).bearer_auth(&*operator).send().await else { return outcome };
    let Ok(pending) = listed.json::<Value>().limit(16 * 1024 * 1024).await else { return outcome };
    for id in pending["data"].as_array().into_iter().flatten().filter_map(|r| r["id"].as_u64()) {
        match reject(id).await {
            Some((200, _)) => outcome.wallet.push((id, "reject")),
            Some((status, body)) => outcome.refused.push(format!("reject {status}: {body}")),
            None => return outcome,
        }
    }
    for i in 0..REQUESTS_PER_CLIENT_MAX {
        let body = json!({"amount": 1000, "method": "upi", "reference": format!("r{round}-{i}")});
        let Ok(mut response) = http.post(format!("{base}/api/wallet/deposit")).bearer_auth(&token).send_json(&body).await else { break };
        let Ok(bytes) = response.body().await else { break };
        let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        let Some(id) = answer["data"]["id"].as_u64().filter(|_| response.status() == 200) else {
            outcome.refused.push(format!("deposit {}: {}", response.status(), String::from_utf8_lossy(&bytes)));
            continue;
        };
        outcome.wallet.push((id, "deposit"));
        match reject(id).await {
            Some((200, _)) => outcome.wallet.push((id, "reject")),
            Some((status, body)) => outcome.refused.push(format!("reject {status}: {body}")),
            None => break,
        }
    }
    outcome
}

/// The bettors' accounts and funds, once.
async fn open_bettors(http: &awc::Client, base: &str, operator: &str) {
    for n in 0..=WALLET_CLIENT {
        let name = bettor(n);
        let user = json!({"username": name, "password": BETTOR_PASSWORD, "role": "user", "mustChangePassword": false});
        let created = call(http, "POST", &format!("{base}/api/ops/users"), Some(operator), Some(&user)).await;
        assert_eq!(created["success"], true, "{created}");
        let funds = json!({"username": name, "amount": BETTOR_FUNDS, "remark": "torture funds"});
        assert_eq!(call(http, "POST", &format!("{base}/api/ops/credit"), Some(operator), Some(&funds)).await["success"], true);
        // The rules are accepted once, as a player does at the first sign-in.
        let token = login(http, base, &name, BETTOR_PASSWORD).await.expect("a bettor signs in");
        let me = call(http, "GET", &format!("{base}/api/users"), Some(&token), None).await;
        call(http, "GET", &format!("{base}/api/users/access-rules/{}", me["data"]["_id"].as_str().expect("id")), Some(&token), None).await;
    }
}

/// One round: start, load from every client, SIGKILL at a random moment.
async fn crash_round(dir: &Path, round: usize, log: &str) -> Outcome {
    let mut server = start_server_with(dir, &dir.with_extension(format!("round{round}.log")), &ENV, &["--log", log]);
    let base: Rc<str> = format!("http://127.0.0.1:{}", server.port).into();
    let http = awc::Client::default();
    let token: Rc<str> = login(&http, &base, "operator", "operator123").await.expect("the seeded operator signs in").into();
    if round == 0 {
        open_bettors(&http, &base, &token).await;
    }
    let market = Rc::new(open_market(&http, &base).await);
    let cipher = Rc::new(payload_cipher(&http, &base).await);
    let next_request = Rc::new(Cell::new(0));
    let mut clients: Vec<std::pin::Pin<Box<dyn std::future::Future<Output = Outcome>>>> = Vec::new();
    for _ in 0..CREDIT_CLIENTS {
        clients.push(Box::pin(credit_until_killed(base.clone(), token.clone(), round, next_request.clone())));
    }
    for n in 0..BETTORS {
        clients.push(Box::pin(bet_until_killed(base.clone(), market.clone(), cipher.clone(), n, round)));
    }
    for n in BETTORS..BETTORS + CASINO_BETTORS {
        clients.push(Box::pin(casino_bet_until_killed(base.clone(), cipher.clone(), n, round)));
    }
    clients.push(Box::pin(deposit_until_killed(base.clone(), token.clone(), round)));
    let kill_after = Duration::from_millis(rand::thread_rng().gen_range(KILL_AFTER_MS));
    let kill = async {
        actix_web::rt::time::sleep(kill_after).await;
        server.child.kill().expect("the server can be killed");
        server.child.wait().expect("the killed server is reaped");
    };
    let (outcomes, ()) = futures_util::future::join(futures_util::future::join_all(clients), kill).await;
    let ledger_line = server.ledger_line().unwrap_or_default();
    let mut round_outcome = Outcome { from_snapshot: usize::from(common::snapshot_started_from(&ledger_line).is_some()), ..Outcome::default() };
    for outcome in outcomes {
        round_outcome.add(outcome);
    }
    println!(
        "round {round} ({ledger_line}): killed after {} ms: {} credits, {} bets ({} casino), {} sign-ins, {} wallet requests and decisions acknowledged",
        kill_after.as_millis(),
        round_outcome.credits.len(),
        round_outcome.bets.len(),
        round_outcome.casino_bets,
        round_outcome.logins.len(),
        round_outcome.wallet.len()
    );
    round_outcome
}

/// What the log holds: crash-test credits by remark (their sequence numbers), bets by id (their
/// request ids), and sign-ins per username.
#[derive(Default, PartialEq, Debug)]
struct InLog {
    credits: HashMap<String, Vec<u64>>,
    bets: HashMap<u64, Vec<String>>,
    logins: HashMap<String, usize>,
    /// Orders' unmatched parts cancelled, by order id.
    cancels: HashMap<u64, usize>,
    /// Deposit requests and rejections by request id.
    wallet: HashMap<(u64, &'static str), usize>,
}

fn read_log(dir: &Path) -> InLog {
    let store = ledger::open_data_dir(dir, None).expect("the data directory opens once the server is gone");
    let mut log = InLog::default();
    let mut names: HashMap<u64, String> = HashMap::new();
    for record in store.read_from(1) {
        let envelope = record.expect("every record of the log decodes in sequence");
        match &envelope.event {
            Event::Accounts(AccountEvent::AccountOpened { user_id, username, .. }) => {
                names.insert(*user_id, username.clone());
            }
            Event::Accounts(AccountEvent::Credited { remark, .. }) if remark.starts_with(REMARK_PREFIX) => log.credits.entry(remark.clone()).or_default().push(envelope.seq),
            // A fill's request id is its order's, recorded by the order itself.
            Event::Bets(BetEvent::BetPlaced { bet_id, request_id, info, .. }) if info.fill.is_none() => log.bets.entry(*bet_id).or_default().push(request_id.clone()),
            Event::Exchange(OrderEvent::OrderPlaced { order_id, request_id, .. }) => log.bets.entry(*order_id).or_default().push(request_id.clone()),
            Event::Exchange(OrderEvent::OrdersClosed { orders, why: ledger::Closed::Cancelled, .. }) => {
                for (order_id, _) in orders {
                    *log.cancels.entry(*order_id).or_default() += 1;
                }
            }
            Event::Accounts(AccountEvent::LoggedIn { user_id, .. }) => *log.logins.entry(names.get(user_id).cloned().unwrap_or_default()).or_default() += 1,
            Event::Wallet(WalletEvent::DepositRequested { request_id, .. }) => *log.wallet.entry((*request_id, "deposit")).or_default() += 1,
            Event::Wallet(WalletEvent::RequestRejected { request_id, .. }) => *log.wallet.entry((*request_id, "reject")).or_default() += 1,
            _ => {}
        }
    }
    log
}

fn assert_audit_passes(dir: &Path, round: usize) {
    let audit = audit_verify(dir);
    assert!(
        audit.status.success(),
        "audit verify failed after round {round} ({}):\n{}\n{}",
        audit.status,
        String::from_utf8_lossy(&audit.stdout),
        String::from_utf8_lossy(&audit.stderr)
    );
}

#[actix_web::test]
async fn every_acknowledged_operation_survives_sigkill_exactly_once_on_sled() {
    survives_sigkill("sled", ROUNDS_DEFAULT).await;
}

#[actix_web::test]
async fn every_acknowledged_operation_survives_sigkill_exactly_once_on_the_segment_log() {
    survives_sigkill("segments", ROUNDS_DEFAULT_SEGMENTS).await;
}

async fn survives_sigkill(log_kind: &str, rounds_default: usize) {
    // Arrange: an empty data directory, seeded on the first start.
    let temp = tempfile::tempdir().expect("a temporary directory can be created");
    let dir = temp.path().join("data");
    let rounds: usize = std::env::var("TORTURE_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(rounds_default);
    let started = Instant::now();

    // Act: rounds of load and SIGKILL, the audit after each.
    let mut seen = Outcome::default();
    for round in 0..rounds {
        seen.add(crash_round(&dir, round, log_kind).await);
        assert_audit_passes(&dir, round);
    }
    assert!(ledger::store::held_log(&dir).is_some_and(|held| held.name() == log_kind), "the data directory keeps its log in {log_kind}");
    // The starts compacted the history, and sled's log, when bloated (the records say what they left).
    assert!(dir.join(ledger::store::sled_compact::HISTORY_RECORD).is_file(), "a start compacted the history");
    if log_kind == "sled" {
        assert!(dir.join(ledger::store::sled_compact::LOG_RECORD).is_file(), "a start compacted the log");
        let store = ledger::SledStore::open_sealing(&dir, 16).expect("the log opens");
        let head = ledger::Store::head(&store);
        assert!(store.sealed() > head / 2, "the sealer packed most of the log: {} of {head} events", store.sealed());
    }

    // Assert: enough load, nothing refused, each acknowledgement in the log once.
    assert!(seen.acknowledged() >= rounds * ACKNOWLEDGED_PER_ROUND_MIN, "{rounds} rounds, {} acknowledged", seen.acknowledged());
    assert!(seen.refused.is_empty(), "{} requests were refused, e.g. {:?}", seen.refused.len(), &seen.refused[..seen.refused.len().min(5)]);
    let log = read_log(&dir);
    let repeated: Vec<_> = log.credits.iter().filter(|(_, seqs)| seqs.len() > 1).take(5).collect();
    assert!(repeated.is_empty(), "remarks in the log more than once: {repeated:?}");
    let missing: Vec<String> = seen
        .credits
        .iter()
        .filter(|(remark, seq)| log.credits.get(remark) != Some(&vec![*seq]))
        .map(|(remark, seq)| format!("{remark} acknowledged at seq {seq}, in the log at {:?}", log.credits.get(remark)))
        .collect();
    assert!(missing.is_empty(), "{} of {} acknowledged credits are not in the log as acknowledged: {:?}", missing.len(), seen.credits.len(), &missing[..missing.len().min(5)]);
    let lost: Vec<_> = seen.bets.iter().filter(|(_, request, bet_id)| log.bets.get(bet_id) != Some(&vec![request.clone()])).take(5).collect();
    assert!(lost.is_empty(), "acknowledged bets and orders not in the log once with their request id: {lost:?}");
    let uncancelled: Vec<_> = seen.cancels.iter().filter(|order_id| log.cancels.get(order_id) != Some(&1)).take(5).collect();
    assert!(uncancelled.is_empty(), "acknowledged cancels not in the log once: {uncancelled:?}");
    assert!(!seen.cancels.is_empty(), "orders rested and were cancelled");
    assert!(seen.from_snapshot >= rounds / 2, "only {} of {rounds} starts restored the state from a snapshot", seen.from_snapshot);
    assert!(seen.casino_bets > 0, "casino bets were placed (the table takes bets for 20 s of about 35)");
    let wallet_lost: Vec<_> = seen.wallet.iter().filter(|key| log.wallet.get(key) != Some(&1)).take(5).collect();
    assert!(wallet_lost.is_empty(), "acknowledged wallet requests or decisions not in the log once: {wallet_lost:?}");
    for n in 0..=WALLET_CLIENT {
        let name = bettor(n);
        let acknowledged = seen.logins.iter().filter(|l| **l == name).count();
        assert!(log.logins.get(&name).copied().unwrap_or(0) >= acknowledged, "{name}: {acknowledged} sign-ins acknowledged, {:?} in the log", log.logins.get(&name));
    }
    // The history projection, fed as the server ran and killed with it each round, catches up
    // from where it stopped and holds exactly what the log folds to; compacted (with the log,
    // when that is sled's), it still does, and the log reads the same; a rebuild gives it again.
    for command in ["check", "compact", "check", "rebuild"] {
        let args: &[&str] = if command == "compact" { &["compact", "--data"] } else { &["projections", command, "--data"] };
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_exchange")).args(args).arg(&dir).env("RUST_LOG", "warn").output().expect("runs");
        let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{command}: {e}: {}", String::from_utf8_lossy(&output.stderr)));
        if command == "compact" {
            let bytes = |part: &str, name: &str| report[part][name].as_u64().unwrap_or_else(|| panic!("compact: {report}"));
            // (A copy that saves nothing is dropped: at this size sled's least files may be it.)
            let parts: &[&str] = if log_kind == "sled" { &["log", "history"] } else { &["history"] };
            for part in parts {
                assert!(output.status.success() && bytes(part, "bytesAfter") <= bytes(part, "bytesBefore"), "compact: {report}");
            }
            assert!(read_log(&dir) == log, "the compacted log holds what the log held");
        } else {
            assert!(output.status.success() && report["same"] == true, "projections {command}: {report}");
        }
        println!("{command}: {report}");
    }
    println!(
        "{log_kind}: {rounds} rounds in {:.0} s: {} credits, {} bets and orders ({} casino), {} cancels, {} sign-ins, {} wallet requests and decisions acknowledged; every one in the log",
        started.elapsed().as_secs_f64(),
        seen.credits.len(),
        seen.bets.len(),
        seen.cancels.len(),
        seen.casino_bets,
        seen.logins.len(),
        seen.wallet.len()
    );
}
