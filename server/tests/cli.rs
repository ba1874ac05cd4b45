//! The `exchange` command line, run as a process: on a data directory and against a server.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_exchange");

fn exchange(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("exchange runs")
}

fn stdout_json(output: &Output) -> serde_json::Value {
    assert!(output.status.success(), "exit {:?}: {}", output.status, String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("json output")
}

/// Starts `exchange serve` on a free port; returns the child and its base URL.
fn serve(dir: &str) -> (Child, String) {
    let mut child = Command::new(BIN).args(["serve", "--data", dir, "--port", "0"]).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("server starts");
    let mut first = String::new();
    BufReader::new(child.stdout.as_mut().expect("stdout")).read_line(&mut first).expect("first line");
    let url = first.trim().strip_prefix("listening on ").expect("listening line").to_owned();
    (child, url)
}

#[test]
fn operator_commands_work_on_a_data_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    // The directory starts empty: the server seeds it once.
    let (mut server, _) = serve(data);
    server.kill().expect("stops");
    server.wait().expect("reaped");

    let user = stdout_json(&exchange(&["user", "add", "--username", "clara", "--password", "secret12", "--role", "user", "--must-change-password", "--data", data]));
    assert_eq!(user["isLogin"], false);
    let credited = stdout_json(&exchange(&["credit", "--username", "clara", "--amount", "1500.50", "--remark", "welcome", "--data", data]));
    assert_eq!(credited["balance"], 1500.5);
    let debited = stdout_json(&exchange(&["debit", "--username", "clara", "--amount", "0.5", "--remark", "fee", "--data", data]));
    assert_eq!(debited["balance"], 1500);
    let report = stdout_json(&exchange(&["audit", "verify", "--data", data]));
    assert!(report["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true));
    let seq = credited["seq"].as_u64().expect("seq").to_string();
    let past = stdout_json(&exchange(&["audit", "replay", "--to-seq", &seq, "--username", "clara", "--data", data]));
    assert_eq!(past["users"][0]["balance"], 1500.5);
}

#[test]
fn bad_operator_arguments_fail_with_a_message_and_change_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    stdout_json(&exchange(&["user", "add", "--username", "dora", "--password", "secret12", "--role", "user", "--data", data]));
    for (args, message) in [
        (vec!["credit", "--username", "dora", "--amount", "1.001", "--remark", "x"], "at most 2 decimals"),
        (vec!["credit", "--username", "dora", "--amount", "-5", "--remark", "x"], "greater than 0"),
        (vec!["debit", "--username", "dora", "--amount", "5", "--remark", "x"], "Insufficient balance"),
        (vec!["credit", "--username", "ghost", "--amount", "5", "--remark", "x"], "Unknown user"),
        (vec!["user", "add", "--username", "eve", "--password", "secret12", "--role", "admin"], "role must be"),
    ] {
        let output = exchange(&[args.clone(), vec!["--data", data]].concat());
        assert!(!output.status.success(), "{args:?} should fail");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let beyond = exchange(&["audit", "replay", "--to-seq", "2", "--data", data]);
    assert!(String::from_utf8_lossy(&beyond.stderr).contains("head of the log (1)"), "only the account opening is in the log");
}

#[test]
fn operator_commands_call_a_running_server_and_a_held_directory_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    let (mut server, url) = serve(data);
    let credited = stdout_json(&exchange(&["credit", "--username", "player1", "--amount", "25", "--remark", "promo", "--url", &url]));
    assert_eq!(credited["balance"], 100025);
    let report = stdout_json(&exchange(&["audit", "verify", "--url", &url]));
    assert_eq!(report["checks"].as_array().expect("checks").len(), 6);
    let denied = exchange(&["credit", "--username", "player1", "--amount", "25", "--remark", "x", "--url", &url, "--operator", "player1", "--operator-password", "player123"]);
    assert!(!denied.status.success());
    assert!(String::from_utf8_lossy(&denied.stderr).contains("403"));
    let held = exchange(&["audit", "verify", "--data", data]);
    assert!(!held.status.success());
    assert!(String::from_utf8_lossy(&held.stderr).contains("is a server already running on it"));
    server.kill().expect("stops");
    server.wait().expect("reaped");
}
