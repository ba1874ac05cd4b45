//! The real `exchange` binary for tests that start, kill and restart it.

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
}

/// Starts `exchange serve` on `dir` and reads the port from its `listening on …` line.
pub fn start_server(dir: &Path, stderr_log: &Path, env: &[(&str, &str)]) -> Server {
    let stderr = File::create(stderr_log).expect("the server's log file can be created");
    let mut child = Command::new(env!("CARGO_BIN_EXE_exchange"))
        .arg("serve")
        .arg("--data")
        .arg(dir)
        .args(["--port", "0"])
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the exchange binary starts");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (found, port_found) = mpsc::channel();
    // Keep reading to the end: a server whose stdout is closed fails its next print.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(port) = line.trim().strip_prefix("listening on http://127.0.0.1:") {
                let _ = found.send(port.parse::<u16>().ok());
            }
        }
    });
    let Ok(Some(port)) = port_found.recv_timeout(STARTUP_TIMEOUT) else {
        let _ = child.kill();
        let log = std::fs::read_to_string(stderr_log).unwrap_or_default();
        panic!("the server did not print `listening on http://127.0.0.1:PORT`; its log:\n{log}");
    };
    Server { child, port }
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

