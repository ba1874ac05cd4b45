//! `exchange serve --log nats://…`: the ledger's log on NATS JetStream instead of the data directory's segment log.
//! A credit acknowledged by one server is there for the next one started on the same stream after
//! a `kill -9`, even with a fresh data directory: the log is the stream, not the disk.

mod common;

use common::{call, kill_server, login, start_server, start_server_with, Nats};
use serde_json::json;
use std::process::Command;
use std::time::{Duration, Instant};

#[actix_web::test]
async fn an_acknowledged_credit_survives_a_kill_on_the_jetstream_log() {
    let nats = Nats::start();
    let log = nats.url();
    let env = [("APP_APPLICATION__LOG", log.as_str()), ("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SIMULATOR", "false")];
    let http = awc::Client::default();
    let first_dir = tempfile::tempdir().expect("temp dir");
    let mut first = start_server(first_dir.path(), &first_dir.path().join("server.log"), &env);
    let base = format!("http://127.0.0.1:{}", first.port);
    let operator = login(&http, &base, "operator", "operator123").await;
    let credited = call(&http, "POST", &format!("{base}/api/ops/credit"), Some(&operator), Some(&json!({"username": "player1", "amount": 250, "remark": "on the stream"}))).await;
    assert_eq!(credited["success"], true, "{credited}");
    kill_server(&mut first);

    // Another data directory: nothing of the first server's disk, only the stream.
    let second_dir = tempfile::tempdir().expect("temp dir");
    let mut second = start_server(second_dir.path(), &second_dir.path().join("server.log"), &env);
    let base = format!("http://127.0.0.1:{}", second.port);
    let player = login(&http, &base, "player1", "player123").await;
    let user = call(&http, "GET", &format!("{base}/api/users"), Some(&player), None).await;
    assert_eq!(user["data"]["balance"], 100_250, "{user}");
    kill_server(&mut second);
}

#[actix_web::test]
async fn a_standby_waits_for_the_engines_lease_and_takes_over_when_the_engine_dies() {
    let nats = Nats::start();
    let log = nats.url();
    let env = [("APP_APPLICATION__LOG", log.as_str()), ("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SIMULATOR", "false")];
    let http = awc::Client::default();
    let engine_dir = tempfile::tempdir().expect("temp dir");
    let mut engine = start_server_with(engine_dir.path(), &engine_dir.path().join("server.log"), &env, &["--role", "engine"]);
    let base = format!("http://127.0.0.1:{}", engine.port);
    let operator = login(&http, &base, "operator", "operator123").await;
    let credited = call(&http, "POST", &format!("{base}/api/ops/credit"), Some(&operator), Some(&json!({"username": "player1", "amount": 250, "remark": "before the takeover"}))).await;
    assert_eq!(credited["success"], true, "{credited}");

    // The standby starts, and waits: it does not serve while the engine holds the lease.
    let standby_dir = tempfile::tempdir().expect("temp dir");
    let standby = start_standby(standby_dir.path(), &log);
    std::thread::sleep(Duration::from_secs(4));
    assert!(!standby.is_finished(), "the standby serves nothing while the engine lives");

    let killed_at = Instant::now();
    kill_server(&mut engine);
    let mut standby = standby.join().expect("the standby started");
    let takeover = killed_at.elapsed();
    assert!(takeover < Duration::from_secs(10), "the standby took {takeover:?} to take over");
    let base = format!("http://127.0.0.1:{}", standby.port);
    let operator = login(&http, &base, "operator", "operator123").await;
    let credited = call(&http, "POST", &format!("{base}/api/ops/credit"), Some(&operator), Some(&json!({"username": "player1", "amount": 1, "remark": "after the takeover"}))).await;
    assert_eq!(credited["success"], true, "the new engine writes: {credited}");
    let player = login(&http, &base, "player1", "player123").await;
    let user = call(&http, "GET", &format!("{base}/api/users"), Some(&player), None).await;
    assert_eq!(user["data"]["balance"], 100_251, "the credit before the takeover and the one after: {user}");
    eprintln!("takeover, from the engine's death to the standby serving: {takeover:?}");
    kill_server(&mut standby);
}

#[actix_web::test]
async fn a_stalled_engine_that_wakes_after_a_takeover_writes_nothing_and_stops() {
    let nats = Nats::start();
    let log = nats.url();
    let env = [("APP_APPLICATION__LOG", log.as_str()), ("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SIMULATOR", "false")];
    let http = awc::Client::default();
    let old_dir = tempfile::tempdir().expect("temp dir");
    let mut old = start_server_with(old_dir.path(), &old_dir.path().join("server.log"), &env, &["--role", "engine"]);
    let old_base = format!("http://127.0.0.1:{}", old.port);
    let old_operator = login(&http, &old_base, "operator", "operator123").await;

    // The engine stalls (SIGSTOP: a long pause, a frozen VM) past its lease's life.
    let standby_dir = tempfile::tempdir().expect("temp dir");
    let standby = start_standby(standby_dir.path(), &log);
    signal(&old, "-STOP");
    let mut new = standby.join().expect("the standby took over");
    let new_base = format!("http://127.0.0.1:{}", new.port);
    let new_operator = login(&http, &new_base, "operator", "operator123").await;
    let credited = call(&http, "POST", &format!("{new_base}/api/ops/credit"), Some(&new_operator), Some(&json!({"username": "player1", "amount": 5, "remark": "new engine"}))).await;
    assert_eq!(credited["success"], true, "{credited}");

    // The old engine wakes: a credit sent to it is refused (its log is fenced) and it stops.
    signal(&old, "-CONT");
    let refused = old_credit(&http, &old_base, &old_operator).await;
    assert_ne!(refused, Some(true), "the old engine must not write after the takeover");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = old.child.try_wait().expect("waits") {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the old engine did not stop");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(status.code(), Some(3), "it stops with its own code");
    let said = std::fs::read_to_string(old_dir.path().join("server.log")).unwrap_or_default();
    assert!(said.contains("lost the engine's lease"), "it says why: {said}");

    // The log holds the new engine's credit only.
    let player = login(&http, &new_base, "player1", "player123").await;
    let user = call(&http, "GET", &format!("{new_base}/api/users"), Some(&player), None).await;
    assert_eq!(user["data"]["balance"], 100_005, "{user}");
    kill_server(&mut new);
}

/// `serve --role standby` on a thread of its own: it returns once the standby serves, that is
/// once it has taken the engine's lease.
fn start_standby(dir: &std::path::Path, log: &str) -> std::thread::JoinHandle<common::Server> {
    start_standby_with(dir, log, &[])
}

/// `start_standby` with more settings.
fn start_standby_with(dir: &std::path::Path, log: &str, extra: &[(&'static str, &'static str)]) -> std::thread::JoinHandle<common::Server> {
    let (dir, log, extra) = (dir.to_path_buf(), log.to_owned(), extra.to_vec());
    std::thread::spawn(move || {
        let mut env = vec![("APP_APPLICATION__LOG", log.as_str()), ("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SIMULATOR", "false")];
        env.extend_from_slice(&extra);
        start_server_with(&dir, &dir.join("server.log"), &env, &["--role", "standby"])
    })
}

/// The server's `ledger: DIR (at event N, …)` line, once it printed it.
fn ledger_line(server: &common::Server) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(line) = server.ledger_line() {
            return line;
        }
        assert!(Instant::now() < deadline, "the server printed no `ledger:` line");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[actix_web::test]
async fn a_standby_restarted_on_its_own_data_directory_starts_from_its_own_snapshot() {
    let nats = Nats::start();
    let log = nats.url();
    // The engine takes no snapshots (so none is published); the standby takes one every 5 events.
    let env = [("APP_APPLICATION__LOG", log.as_str()), ("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SIMULATOR", "false"), ("APP_APPLICATION__SNAPSHOT_EVERY_EVENTS", "0")];
    let snapshots = [("APP_APPLICATION__SNAPSHOT_EVERY_EVENTS", "5"), ("APP_APPLICATION__SNAPSHOT_CHECK_MS", "100")];
    let http = awc::Client::default();
    let engine_dir = tempfile::tempdir().expect("temp dir");
    let mut engine = start_server_with(engine_dir.path(), &engine_dir.path().join("server.log"), &env, &["--role", "engine"]);
    let base = format!("http://127.0.0.1:{}", engine.port);
    let standby_dir = tempfile::tempdir().expect("temp dir");
    let standby = start_standby_with(standby_dir.path(), &log, &snapshots);
    let operator = login(&http, &base, "operator", "operator123").await;
    for amount in 1..=10 {
        let credited = call(&http, "POST", &format!("{base}/api/ops/credit"), Some(&operator), Some(&json!({"username": "player1", "amount": amount, "remark": "followed"}))).await;
        assert_eq!(credited["success"], true, "{credited}");
    }
    // The standby follows the credits, and its keeper takes its snapshots of them meanwhile.
    std::thread::sleep(Duration::from_secs(2));
    kill_server(&mut engine);
    let mut standby = standby.join().expect("the standby took over");
    let line = ledger_line(&standby);
    assert!(line.contains("(begun at event") && line.contains("replayed from zero"), "a fresh standby, and nothing published: {line}");
    let base = format!("http://127.0.0.1:{}", standby.port);
    let operator = login(&http, &base, "operator", "operator123").await;
    let credited = call(&http, "POST", &format!("{base}/api/ops/credit"), Some(&operator), Some(&json!({"username": "player1", "amount": 100, "remark": "after the takeover"}))).await;
    assert_eq!(credited["success"], true, "{credited}");
    kill_server(&mut standby);

    // Whatever it published as the engine is removed: a snapshot start can only be its own.
    let client = async_nats::connect(log.as_str()).await.expect("connects");
    let _ = async_nats::jetstream::new(client).delete_stream(ledger::jetstream::SNAPSHOT_STREAM).await;
    let mut restarted = start_standby_with(standby_dir.path(), &log, &snapshots).join().expect("the standby took over again");
    let line = ledger_line(&restarted);
    let from = common::snapshot_started_from(&line).unwrap_or_else(|| panic!("the restarted standby did not start from its snapshot: {line}"));
    assert!(from > 10, "a snapshot of the followed credits: {line}");
    eprintln!("the restarted standby: {line}");
    let base = format!("http://127.0.0.1:{}", restarted.port);
    let player = login(&http, &base, "player1", "player123").await;
    let user = call(&http, "GET", &format!("{base}/api/users"), Some(&player), None).await;
    assert_eq!(user["data"]["balance"], 100_155, "the seeded 100,000, the ten credits (55) and the one after the takeover: {user}");
    kill_server(&mut restarted);
}

fn signal(server: &common::Server, which: &str) {
    let status = Command::new("kill").args([which, &server.child.id().to_string()]).status().expect("kill runs");
    assert!(status.success(), "kill {which}");
}

/// A credit on the old engine: Some(success) when it answered, None when it did not (it stopped).
async fn old_credit(http: &awc::Client, base: &str, operator: &str) -> Option<bool> {
    let request = http.post(format!("{base}/api/ops/credit")).bearer_auth(operator).timeout(Duration::from_secs(15));
    let mut response = request.send_json(&json!({"username": "player1", "amount": 1000, "remark": "old engine"})).await.ok()?;
    let body: serde_json::Value = response.json().await.ok()?;
    body["success"].as_bool()
}
