//! The real `exchange` binary for tests that start, kill and restart it.

#![allow(dead_code)]

use serde_json::{json, Value};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long a start (replay, seeding, bind) may take before the test gives up.
const STARTUP_TIMEOUT: Duration = Duration::from_secs(60);

pub struct Server {
    pub child: Child,
    pub port: u16,
    /// The `ledger: …` line the server printed at start (how it reached its state).
    ledger_line: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

impl Server {
    /// The server's `ledger: DIR (at event N, …)` line, once it printed it.
    pub fn ledger_line(&self) -> Option<String> {
        self.ledger_line.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

/// The snapshot a `ledger: …` line says the server started from (`from the snapshot at event S`).
pub fn snapshot_started_from(line: &str) -> Option<u64> {
    line.split("from the snapshot at event ").nth(1)?.split(' ').next()?.parse().ok()
}

/// Starts `exchange serve` on `dir` and reads the port from its `listening on …` line.
pub fn start_server(dir: &Path, stderr_log: &Path, env: &[(&str, &str)]) -> Server {
    start_server_with(dir, stderr_log, env, &[])
}

/// `start_server` with more arguments to `serve`.
pub fn start_server_with(dir: &Path, stderr_log: &Path, env: &[(&str, &str)], args: &[&str]) -> Server {
    let stderr = File::create(stderr_log).expect("the server's log file can be created");
    let mut child = Command::new(env!("CARGO_BIN_EXE_exchange"))
        .arg("serve")
        .arg("--data")
        .arg(dir)
        .args(["--port", "0"])
        .args(args)
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the exchange binary starts");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (found, port_found) = mpsc::channel();
    let ledger_line = std::sync::Arc::new(std::sync::Mutex::new(None));
    let ledger_line_seen = ledger_line.clone();
    // Keep reading to the end: a server whose stdout is closed fails its next print.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(port) = line.trim().strip_prefix("listening on http://127.0.0.1:") {
                let _ = found.send(port.parse::<u16>().ok());
            }
            if line.starts_with("ledger: ") {
                *ledger_line_seen.lock().unwrap_or_else(|p| p.into_inner()) = Some(line);
            }
        }
    });
    let Ok(Some(port)) = port_found.recv_timeout(STARTUP_TIMEOUT) else {
        let _ = child.kill();
        let log = std::fs::read_to_string(stderr_log).unwrap_or_default();
        panic!("the server did not print `listening on http://127.0.0.1:PORT`; its log:\n{log}");
    };
    Server { child, port, ledger_line }
}

pub fn audit_verify(dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_exchange"))
        .arg("audit")
        .arg("verify")
        .arg("--data")
        .arg(dir)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the exchange binary runs")
}


/// One call to a running server, answered in JSON.
pub async fn call(http: &awc::Client, method: &str, url: &str, token: Option<&str>, body: Option<&Value>) -> Value {
    let mut request = http.request(method.parse().expect("method"), url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let mut response = match body {
        Some(body) => request.send_json(body).await,
        None => request.send().await,
    }
    .expect("the server answers");
    response.json().await.expect("a JSON answer")
}

pub async fn login(http: &awc::Client, base: &str, username: &str, password: &str) -> String {
    let answer = call(http, "POST", &format!("{base}/api/auth/login"), None, Some(&json!({"username": username, "password": password}))).await;
    answer["data"]["accessToken"].as_str().unwrap_or_else(|| panic!("{username} logs in: {answer}")).to_owned()
}

/// Stops the server as a deploy would (SIGTERM) and waits for it to exit.
pub fn stop_server(server: &mut Server) {
    let status = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().expect("kill runs");
    assert!(status.success(), "SIGTERM was sent");
    server.child.wait().expect("the stopped server is reaped");
}

/// Kills the server with SIGKILL and waits for it.
pub fn kill_server(server: &mut Server) {
    server.child.kill().expect("the server can be killed");
    server.child.wait().expect("the killed server is reaped");
}

/// The Payload cipher of a running server: its key from the site configuration.
pub async fn payload_cipher(http: &awc::Client, base: &str) -> server::crypto::PayloadCipher {
    let config = call(http, "GET", &format!("{base}/api/domain/domain-config"), None, None).await;
    let key = config["data"]["payload_key"].as_str().expect("the site configuration carries the payload key");
    server::crypto::PayloadCipher::from_hex(key).expect("a valid key")
}

/// One sealed call (`{"Payload": …}` both ways): the status and the opened answer, or `None` when
/// no answer came (the server died).
pub async fn sealed_call(http: &awc::Client, url: &str, token: &str, cipher: &server::crypto::PayloadCipher, body: &Value) -> Option<(u16, Value)> {
    let sealed = json!({"Payload": cipher.encrypt(body.to_string().as_bytes())});
    let mut response = http.post(url).bearer_auth(token).send_json(&sealed).await.ok()?;
    let bytes = response.body().await.ok()?;
    let status = response.status().as_u16();
    let opened = serde_json::from_slice::<Value>(&bytes).ok().and_then(|a| a["Payload"].as_str().and_then(|p| cipher.decrypt(p).ok())).and_then(|plain| serde_json::from_slice::<Value>(&plain).ok());
    Some((status, opened.unwrap_or_else(|| serde_json::from_slice(&bytes).unwrap_or(Value::Null))))
}

/// The first open cricket match-odds market with every runner active.
pub async fn open_market(http: &awc::Client, base: &str) -> Value {
    let rows = call(http, "POST", &format!("{base}/data/front/highlightproduct"), None, Some(&json!({"etid": 4, "type": "all"}))).await;
    for fixture in rows["data"].as_array().expect("rows") {
        let markets = call(http, "POST", &format!("{base}/data/front/gamedetailPrivate?etid=4&gmid={}", fixture["gmid"]), None, Some(&json!({}))).await;
        let found = markets["data"].as_array().expect("markets").iter().find(|m| {
            m["gtype"] == "match" && m["status"] == "OPEN" && m["section"].as_array().expect("sections").iter().all(|s| s["gstatus"] == "ACTIVE")
        });
        if let Some(market) = found {
            return market.clone();
        }
    }
    panic!("no open match-odds market");
}

/// Debian's `nats-server` (`./scripts/test` installs it) with JetStream, on a free loopback port,
/// killed on drop.
pub struct Nats {
    child: Child,
    pub port: u16,
    _storage: tempfile::TempDir,
}

/// A free loopback port (bound and let go).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("address").port()
}

impl Nats {
    pub fn start() -> Nats {
        Nats::start_with(free_port(), &[])
    }

    /// Three servers in one cluster (`ledger`), each with JetStream: their client URLs joined by
    /// commas are a log's `--log`.
    pub fn cluster() -> Vec<Nats> {
        let ports: Vec<(u16, u16)> = (0..3).map(|_| (free_port(), free_port())).collect();
        (0..3)
            .map(|i| {
                let routes: Vec<String> = ports.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, (_, route))| format!("nats://127.0.0.1:{route}")).collect();
                let cluster = format!("nats://127.0.0.1:{}", ports[i].1);
                let name = format!("n{i}");
                Nats::start_with(ports[i].0, &["-n", &name, "--cluster_name", "ledger", "--cluster", &cluster, "--routes", &routes.join(",")])
            })
            .collect()
    }

    fn start_with(port: u16, extra: &[&str]) -> Nats {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut child = Command::new("/usr/sbin/nats-server")
            .args(["-js", "-a", "127.0.0.1", "-p", &port.to_string(), "-sd"])
            .arg(dir.path())
            .args(extra)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts (./scripts/test installs Debian's nats-server)");
        let started = std::time::Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(10), "nats-server did not listen");
            assert!(child.try_wait().expect("its state").is_none(), "nats-server exited (port {port} taken?)");
            std::thread::sleep(Duration::from_millis(50));
        }
        Nats { child, port, _storage: dir }
    }

    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
