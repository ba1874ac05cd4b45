//! Crash test (DESIGN §5, invariant 3): the real `exchange` binary takes credits from concurrent
//! clients and is killed with SIGKILL at a random moment while requests are in flight, then
//! restarted on the same data directory, round after round. Afterwards every acknowledged credit
//! must be in the log exactly once, at the sequence number it was acknowledged with, no remark may
//! appear twice, and `exchange audit verify` must pass.

mod common;

use common::{audit_verify, start_server};
use ledger::{Event, SledStore, Store};
use rand::Rng;
use std::cell::Cell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use std::time::Duration;

/// Rounds of start, load, SIGKILL. The test keeps going past the minimum until enough credits
/// were acknowledged, up to the maximum.
const ROUNDS_MIN: usize = 5;
const ROUNDS_MAX: usize = 15;
const ACKNOWLEDGED_MIN: usize = 2_000;
/// Concurrent HTTP clients, each with its own connections, each with one request in flight.
const CLIENTS: usize = 24;
/// The kill comes this long after the clients start (uniformly at random, in milliseconds).
const KILL_AFTER_MS: std::ops::Range<u64> = 700..2_000;
/// Requests one client sends in a round at most; the kill normally ends the round long before.
const REQUESTS_PER_CLIENT_MAX: u64 = 100_000;
const REMARK_PREFIX: &str = "crash r";

async fn login_operator(http: &awc::Client, base: &str) -> String {
    let body = serde_json::json!({"username": "operator", "password": "operator123"});
    let mut response = http.post(format!("{base}/api/auth/login")).send_json(&body).await.expect("the server answers the login");
    let answer: serde_json::Value = response.json().await.expect("the login answer is JSON");
    answer["data"]["accessToken"].as_str().expect("the seeded operator logs in").to_owned()
}

/// What one client saw in one round.
#[derive(Default)]
struct ClientOutcome {
    /// Credits answered 200 with a sequence number: remark and `seq`.
    acknowledged: Vec<(String, u64)>,
    /// Answers other than 200 (none are expected): status and body.
    refused: Vec<String>,
}

/// Sends credits one after another until the server is gone.
async fn credit_until_killed(base: Rc<str>, token: Rc<str>, round: usize, next_request: Rc<Cell<u64>>) -> ClientOutcome {
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let url = format!("{base}/api/ops/credit");
    let mut outcome = ClientOutcome::default();
    for _ in 0..REQUESTS_PER_CLIENT_MAX {
        let i = next_request.get();
        next_request.set(i + 1);
        let remark = format!("{REMARK_PREFIX}{round} c{i}");
        let body = serde_json::json!({"username": "player1", "amount": 1.5, "remark": remark});
        let Ok(mut response) = http.post(&url).bearer_auth(&*token).send_json(&body).await else { break };
        // A body cut short by the kill is no acknowledgement.
        let Ok(body) = response.body().await else { break };
        let answer: Option<serde_json::Value> = serde_json::from_slice(&body).ok();
        match (response.status().as_u16(), answer.and_then(|a| a["data"]["seq"].as_u64())) {
            (200, Some(seq)) => outcome.acknowledged.push((remark, seq)),
            (status, _) => outcome.refused.push(format!("{status}: {}", String::from_utf8_lossy(&body))),
        }
    }
    outcome
}

/// One round: start, log in, load from `CLIENTS` clients, SIGKILL at a random moment.
async fn crash_round(dir: &Path, round: usize) -> ClientOutcome {
    // 24 clients from 127.0.0.1 as fast as they can: the per-address limit is off.
    let mut server = start_server(dir, &dir.with_extension(format!("round{round}.log")), &[("APP_LIMITS__API_REQUESTS_PER_SEC_PER_IP", "0")]);
    let base: Rc<str> = format!("http://127.0.0.1:{}", server.port).into();
    let token: Rc<str> = login_operator(&awc::Client::default(), &base).await.into();
    let next_request = Rc::new(Cell::new(0));
    let clients = (0..CLIENTS).map(|_| credit_until_killed(base.clone(), token.clone(), round, next_request.clone()));
    let kill_after = Duration::from_millis(rand::thread_rng().gen_range(KILL_AFTER_MS));
    let kill = async {
        actix_web::rt::time::sleep(kill_after).await;
        server.child.kill().expect("the server can be killed");
        server.child.wait().expect("the killed server is reaped");
    };
    let (outcomes, ()) = futures_util::future::join(futures_util::future::join_all(clients), kill).await;
    let mut round_outcome = ClientOutcome::default();
    for outcome in outcomes {
        round_outcome.acknowledged.extend(outcome.acknowledged);
        round_outcome.refused.extend(outcome.refused);
    }
    println!(
        "round {round}: killed after {} ms, {} requests sent, {} acknowledged",
        kill_after.as_millis(),
        next_request.get(),
        round_outcome.acknowledged.len()
    );
    round_outcome
}

/// Every crash-test credit in the log: remark to the sequence numbers it appears at.
fn crash_credits_in_log(dir: &Path) -> HashMap<String, Vec<u64>> {
    let store = SledStore::open(dir).expect("the data directory opens once the server is gone");
    let mut credits: HashMap<String, Vec<u64>> = HashMap::new();
    for record in store.read_from(1) {
        let envelope = record.expect("every record of the log decodes in sequence");
        if let Event::Credited { remark, .. } = &envelope.event {
            if remark.starts_with(REMARK_PREFIX) {
                credits.entry(remark.clone()).or_default().push(envelope.seq);
            }
        }
    }
    credits
}

#[actix_web::test]
async fn every_acknowledged_credit_survives_sigkill_exactly_once() {
    // Arrange: an empty data directory, seeded on the first start.
    let temp = tempfile::tempdir().expect("a temporary directory can be created");
    let dir = temp.path().join("data");

    // Act: rounds of load and SIGKILL until enough credits were acknowledged.
    let mut acknowledged = Vec::new();
    let mut refused = Vec::new();
    let mut rounds = 0;
    while rounds < ROUNDS_MAX && (rounds < ROUNDS_MIN || acknowledged.len() < ACKNOWLEDGED_MIN) {
        let outcome = crash_round(&dir, rounds).await;
        acknowledged.extend(outcome.acknowledged);
        refused.extend(outcome.refused);
        rounds += 1;
    }

    // Assert: enough load, nothing refused, audit passes, each acknowledgement in the log once.
    assert!(rounds >= ROUNDS_MIN && acknowledged.len() >= ACKNOWLEDGED_MIN, "{rounds} rounds, {} acknowledged", acknowledged.len());
    assert!(refused.is_empty(), "{} credits were refused, e.g. {:?}", refused.len(), &refused[..refused.len().min(5)]);
    let audit = audit_verify(&dir);
    assert!(
        audit.status.success(),
        "audit verify failed ({}):\n{}\n{}",
        audit.status,
        String::from_utf8_lossy(&audit.stdout),
        String::from_utf8_lossy(&audit.stderr)
    );
    let in_log = crash_credits_in_log(&dir);
    let repeated: Vec<_> = in_log.iter().filter(|(_, seqs)| seqs.len() > 1).take(5).collect();
    assert!(repeated.is_empty(), "remarks in the log more than once: {repeated:?}");
    let mut missing = Vec::new();
    for (remark, seq) in &acknowledged {
        if in_log.get(remark) != Some(&vec![*seq]) {
            missing.push(format!("{remark} acknowledged at seq {seq}, in the log at {:?}", in_log.get(remark)));
        }
    }
    assert!(missing.is_empty(), "{} of {} acknowledged credits are not in the log as acknowledged: {:?}", missing.len(), acknowledged.len(), &missing[..missing.len().min(5)]);
    println!("{rounds} rounds, {} acknowledged, {} crash credits in the log", acknowledged.len(), in_log.len());
}
