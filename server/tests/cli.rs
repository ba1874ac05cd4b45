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
    serve_with(dir, &[])
}

/// A server that writes nothing of its own once started: no simulated feed, casino or makers.
const IDLE: &[(&str, &str)] = &[("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SIMULATOR", "false"), ("APP_EXCHANGE__MAKERS__COUNT", "0")];

/// `serve` with settings from the environment (`APP_FEED__SPEED`, ...).
fn serve_with(dir: &str, env: &[(&str, &str)]) -> (Child, String) {
    let (child, url, _) = serve_saying(dir, env);
    (child, url)
}

/// `serve_with`, and the `ledger:` line it prints after the `listening on` one (how it came to
/// its state).
fn serve_saying(dir: &str, env: &[(&str, &str)]) -> (Child, String, String) {
    let mut child = Command::new(BIN).args(["serve", "--data", dir, "--port", "0"]).envs(env.iter().copied()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("server starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let (mut first, mut ledger) = (String::new(), String::new());
    out.read_line(&mut first).expect("first line");
    out.read_line(&mut ledger).expect("the ledger line");
    let url = first.trim().strip_prefix("listening on ").expect("listening line").to_owned();
    // The rest of what it prints is read and dropped, so that it never waits on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    (child, url, ledger)
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

    // Operator actions on the account, recorded as the seeded operator's.
    let locked = stdout_json(&exchange(&["user", "lock", "--username", "clara", "--remark", "review", "--data", data]));
    assert_eq!(locked["bettingLocked"], true);
    let reset = stdout_json(&exchange(&["user", "reset-password", "--username", "clara", "--password", "Fresh-pass-7", "--remark", "forgotten", "--data", data]));
    assert_eq!(reset["mustChangePassword"], true);
    let shown = stdout_json(&exchange(&["user", "show", "--username", "clara", "--data", data]));
    assert_eq!(shown["user"]["balance"], 1500);
    let actions: Vec<(&str, &str)> = shown["actions"].as_array().expect("actions").iter().map(|a| (a["action"].as_str().unwrap_or(""), a["by"].as_str().unwrap_or(""))).collect();
    assert_eq!(actions, [("Reset password", "operator"), ("Lock betting", "operator"), ("Debit", "operator"), ("Credit", "operator")]);
    assert_eq!(shown["accountRows"][0]["remarks"], "fee");
    let unlocked = stdout_json(&exchange(&["user", "unlock", "--username", "clara", "--remark", "done", "--data", data]));
    assert_eq!(unlocked["bettingLocked"], false);
    let none = exchange(&["user", "end-sessions", "--username", "clara", "--remark", "x", "--data", data]);
    assert!(String::from_utf8_lossy(&none.stderr).contains("no open session"), "{}", String::from_utf8_lossy(&none.stderr));
    let report = stdout_json(&exchange(&["audit", "verify", "--data", data]));
    assert!(report["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true));

    // Time travel by time (now, and before the log began) and the events as JSON lines.
    let now = stdout_json(&exchange(&["audit", "replay", "--at", "2999-01-01T00:00:00Z", "--username", "clara", "--data", data]));
    assert_eq!((now["users"][0]["balance"].as_f64(), now["users"][0]["openBets"].as_array().map(Vec::len)), (Some(1500.0), Some(0)));
    let never = stdout_json(&exchange(&["audit", "replay", "--at", "2000-01-01T00:00:00Z", "--data", data]));
    assert_eq!(never["seq"], 0);
    let lines = exchange(&["audit", "events", "--username", "clara", "--kind", "OperatorActed", "--data", data]);
    assert!(lines.status.success(), "{}", String::from_utf8_lossy(&lines.stderr));
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&lines.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let actions: Vec<&str> = rows.iter().map(|r| r["detail"]["action"].as_str().or_else(|| r["detail"]["action"].as_object().and_then(|o| o.keys().next()).map(String::as_str)).unwrap_or("?")).collect();
    assert_eq!(actions, ["Credit", "Debit", "LockBetting", "ResetPassword", "UnlockBetting"]);
    assert!(rows.iter().all(|r| r["by"] == "operator"));
    let locked = stdout_json(&exchange(&["casino", "lock", "--gtype", "war", "--remark", "shoe check", "--data", data]));
    assert_eq!((locked["cid"].as_u64(), locked["locked"].as_bool()), (Some(8), Some(true)));
    let tables = stdout_json(&exchange(&["casino", "list", "--data", data]));
    let war = tables.as_array().expect("tables").iter().find(|t| t["gtype"] == "war").cloned().expect("war");
    assert_eq!(war["locked"], true);
    let again = exchange(&["casino", "lock", "--gtype", "war", "--remark", "x", "--data", data]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("already locked"));
    let unknown = exchange(&["casino", "unlock", "--gtype", "nope", "--remark", "x", "--data", data]);
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("Unknown table"));
    stdout_json(&exchange(&["casino", "unlock", "--gtype", "war", "--remark", "checked", "--data", data]));
    let paused = stdout_json(&exchange(&["casino", "pause", "--gtype", "war", "--remark", "dealer change", "--data", data]));
    assert_eq!(paused["paused"], true);
    let again = exchange(&["casino", "pause", "--gtype", "war", "--remark", "x", "--data", data]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("already paused"));
    let resumed = stdout_json(&exchange(&["casino", "resume", "--gtype", "war", "--remark", "back", "--data", data]));
    assert_eq!(resumed["paused"], false);
    let house = stdout_json(&exchange(&["house", "--days", "3", "--data", data]));
    assert_eq!((house["turnover"].as_f64(), house["pnlByDay"].as_array().map(Vec::len)), (Some(0.0), Some(3)));
    // The feed lives in a server: its commands take --url and no --data.
    let feed = exchange(&["feed", "list", "--data", data]);
    assert!(!feed.status.success() && String::from_utf8_lossy(&feed.stderr).contains("unexpected argument '--data'"), "{}", String::from_utf8_lossy(&feed.stderr));
    let help = exchange(&["feed", "price", "--help"]);
    assert!(String::from_utf8_lossy(&help.stdout).contains("The running server's address"), "every argument says what it is");
    let bad = exchange(&["audit", "replay", "--at", "yesterday", "--data", data]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("RFC 3339"));
}

#[test]
fn bad_operator_arguments_fail_with_a_message_and_change_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    stdout_json(&exchange(&["user", "add", "--username", "dora", "--password", "secret12", "--role", "user", "--data", data]));
    let no_operator = exchange(&["credit", "--username", "dora", "--amount", "5", "--remark", "x", "--data", data]);
    assert!(String::from_utf8_lossy(&no_operator.stderr).contains("no such account"), "{}", String::from_utf8_lossy(&no_operator.stderr));
    stdout_json(&exchange(&["user", "add", "--username", "operator", "--password", "secret-ops-4", "--role", "operator", "--data", data]));
    for (args, message) in [
        (vec!["credit", "--username", "dora", "--amount", "1.001", "--remark", "x"], "at most 2 decimals"),
        (vec!["credit", "--username", "dora", "--amount", "-5", "--remark", "x"], "greater than 0"),
        (vec!["debit", "--username", "dora", "--amount", "5", "--remark", "x"], "Insufficient balance"),
        (vec!["credit", "--username", "ghost", "--amount", "5", "--remark", "x"], "Unknown user"),
        (vec!["user", "add", "--username", "eve", "--password", "secret12", "--role", "admin"], "role must be"),
        (vec!["credit", "--username", "dora", "--amount", "5", "--remark", "x", "--operator", "dora"], "is not an operator"),
        (vec!["user", "lock", "--username", "dora", "--remark", ""], "remark"),
        (vec!["user", "lock", "--username", "ghost", "--remark", "x"], "Unknown user"),
        (vec!["user", "unlock", "--username", "dora", "--remark", "x"], "not locked"),
        (vec!["user", "reset-password", "--username", "dora", "--password", "123", "--remark", "x"], "password"),
        (vec!["user", "show", "--username", "ghost"], "Unknown user"),
    ] {
        let output = exchange(&[args.clone(), vec!["--data", data]].concat());
        assert!(!output.status.success(), "{args:?} should fail");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let beyond = exchange(&["audit", "replay", "--to-seq", "3", "--data", data]);
    assert!(String::from_utf8_lossy(&beyond.stderr).contains("head of the log (2)"), "only the two account openings are in the log");
}

#[test]
fn time_travel_on_a_data_directory_starts_from_the_snapshots_its_server_took() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    let (mut server, url) = serve_with(data, &[("APP_APPLICATION__SNAPSHOT_EVERY_EVENTS", "5"), ("APP_APPLICATION__SNAPSHOT_CHECK_MS", "50")]);
    let mut moments = Vec::new();
    for amount in 1..=8 {
        let credited = stdout_json(&exchange(&["credit", "--username", "player1", "--amount", &amount.to_string(), "--remark", "travel", "--url", &url]));
        moments.push((credited["seq"].as_u64().expect("seq"), credited["balance"].as_f64().expect("balance")));
    }
    let head = moments.last().expect("eight").0;
    let last = dir.path().join("snapshots").join(format!("{:020}.snap", head / 5 * 5));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !last.exists() {
        assert!(std::time::Instant::now() < deadline, "no snapshot at event {}", head / 5 * 5);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    server.kill().expect("stops");
    server.wait().expect("reaped");

    for (seq, balance) in moments {
        let then = stdout_json(&exchange(&["audit", "replay", "--to-seq", &seq.to_string(), "--username", "player1", "--data", data]));
        assert_eq!((then["seq"].as_u64(), then["users"][0]["balance"].as_f64()), (Some(seq), Some(balance)), "{then}");
    }
    let report = stdout_json(&exchange(&["audit", "verify", "--data", data]));
    assert!(report["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "{report}");
}

#[test]
fn a_clean_stop_saves_the_state_so_the_next_start_replays_no_tail() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    let snapshot_seqs = || -> Vec<u64> {
        let names = std::fs::read_dir(dir.path().join("snapshots")).expect("the snapshots' directory").map(|e| e.expect("entry").file_name().to_string_lossy().into_owned());
        let mut seqs: Vec<u64> = names.filter_map(|name| name.strip_suffix(".snap").and_then(|seq| seq.parse().ok())).collect();
        seqs.sort_unstable();
        seqs
    };
    let (mut server, url) = serve_with(data, IDLE);
    let credited = stdout_json(&exchange(&["credit", "--username", "player1", "--amount", "12", "--remark", "before the stop", "--url", &url]));
    let credited = credited["seq"].as_u64().expect("seq");
    assert!(snapshot_seqs().is_empty(), "no snapshot yet (one every 250,000 events)");
    // SIGTERM, as a deploy or `systemctl stop` stops it.
    assert!(Command::new("kill").args(["-TERM", &server.id().to_string()]).status().expect("kill runs").success());
    assert!(server.wait().expect("reaped").success(), "a clean stop exits 0");
    let head = *snapshot_seqs().last().expect("a snapshot at the stop");
    assert!(head >= credited, "the snapshot at {head} holds the credit at {credited}");

    let (mut again, url, line) = serve_saying(data, IDLE);
    assert!(line.contains(&format!("at event {head}, from the snapshot at event {head} and the 0 events after it")), "{line}");
    stdout_json(&exchange(&["credit", "--username", "player1", "--amount", "1", "--remark", "after", "--url", &url]));
    // Killed, it saves none: the next start restores from the snapshot and the tail after it.
    again.kill().expect("stops");
    again.wait().expect("reaped");
    assert_eq!(snapshot_seqs(), vec![head], "a kill saves no snapshot");
    let (mut last, _, line) = serve_saying(data, IDLE);
    assert!(line.contains(&format!("from the snapshot at event {head} and the ")) && !line.contains(" the 0 events after it"), "{line}");
    last.kill().expect("stops");
    last.wait().expect("reaped");
}

#[test]
fn operator_commands_call_a_running_server_and_a_held_directory_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    let (mut server, url) = serve(data);
    // The operator is signed in in a browser; the tool's calls leave that session alone.
    let (status, login) = call(&url, "POST", "/api/auth/login", None, &serde_json::json!({"username": "operator", "password": "operator123"}));
    assert_eq!(status, 200, "{login}");
    let browser = login["data"]["accessToken"].as_str().expect("token").to_owned();
    let credited = stdout_json(&exchange(&["credit", "--username", "player1", "--amount", "25", "--remark", "promo", "--url", &url]));
    assert_eq!(credited["balance"], 100025);
    let report = stdout_json(&exchange(&["audit", "verify", "--url", &url]));
    assert_eq!(report["checks"].as_array().expect("checks").len(), 9);
    let locked = stdout_json(&exchange(&["user", "lock", "--username", "player1", "--remark", "review", "--url", &url]));
    assert_eq!(locked["bettingLocked"], true);
    let shown = stdout_json(&exchange(&["user", "show", "--username", "player1", "--url", &url]));
    assert_eq!((shown["user"]["balance"].as_f64(), shown["actions"][0]["action"].as_str()), (Some(100025.0), Some("Lock betting")));
    let moment = stdout_json(&exchange(&["audit", "replay", "--at", "2999-01-01T00:00:00Z", "--username", "player1", "--url", &url]));
    assert_eq!(moment["users"][0]["balance"], 100025);
    let table = stdout_json(&exchange(&["casino", "lock", "--gtype", "sicbo", "--remark", "dice check", "--url", &url]));
    assert_eq!(table["locked"], true);
    let lines = exchange(&["audit", "events", "--kind", "OperatorActed", "--url", &url]);
    assert_eq!(String::from_utf8_lossy(&lines.stdout).lines().count(), 2, "the credit and the lock");
    let (status, me) = call(&url, "GET", "/api/users", Some(&browser), &serde_json::json!(null));
    assert_eq!(status, 200, "the browser session survived the tool's calls: {me}");
    let denied = exchange(&["credit", "--username", "player1", "--amount", "25", "--remark", "x", "--url", &url, "--operator", "player1", "--operator-password", "player123"]);
    assert!(!denied.status.success());
    assert!(String::from_utf8_lossy(&denied.stderr).contains("403"), "{}", String::from_utf8_lossy(&denied.stderr));
    assert!(String::from_utf8_lossy(&denied.stderr).contains("only operators may open a tool session"));
    let held = exchange(&["audit", "verify", "--data", data]);
    assert!(!held.status.success());
    assert!(String::from_utf8_lossy(&held.stderr).contains("is a server already running on it"));
    // Compacting a log a server holds is refused, and leaves no copy beside it.
    let compact = exchange(&["compact", "--data", data]);
    assert!(!compact.status.success());
    assert!(String::from_utf8_lossy(&compact.stderr).contains("another process holds it"), "{}", String::from_utf8_lossy(&compact.stderr));
    assert!(!dir.path().join("log.compact").exists() && !dir.path().join("log.compact.ready").exists(), "no copy left");
    let missing = exchange(&["compact", "--data", &format!("{data}/nothing-here")]);
    assert!(!missing.status.success() && String::from_utf8_lossy(&missing.stderr).contains("no data directory at"));
    server.kill().expect("stops");
    server.wait().expect("reaped");
}

#[test]
fn feed_commands_act_on_a_running_servers_markets() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    let (mut server, url) = serve(data);
    let listed = stdout_json(&exchange(&["feed", "list", "--url", &url]));
    assert_eq!(listed["clock"]["running"], true);
    let fixtures = listed["fixtures"].as_array().expect("fixtures");
    let open = |gtype: &str| {
        fixtures.iter().flat_map(|f| f["markets"].as_array().expect("markets").iter().map(move |m| (f, m))).find(|(_, m)| m["gtype"] == gtype && m["status"] != "CLOSED")
    };
    let (fixture, market) = open("match").expect("a match-odds market");
    let (gmid, mid) = (fixture["gmid"].to_string(), market["mid"].to_string());
    let on_market = |action: &str, extra: &[&str]| exchange(&[&["feed", action, "--gmid", &gmid, "--mid", &mid, "--remark", "cli check", "--url", &url][..], extra].concat());
    let suspended = stdout_json(&on_market("suspend", &[]));
    let shown = suspended["markets"].as_array().expect("markets").iter().find(|m| m["mid"] == market["mid"]).cloned().expect("the market");
    assert_eq!((shown["held"].as_bool(), shown["status"].as_str()), (Some(true), Some("SUSPENDED")));
    stdout_json(&on_market("resume", &[]));
    let sid = market["sections"][0]["sid"].to_string();
    let bad = on_market("settle", &["--result", "{\"kind\":\"runs\",\"value\":3}"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("400"), "{}", String::from_utf8_lossy(&bad.stderr));
    let settled = stdout_json(&on_market("settle", &["--result", &format!("{{\"kind\":\"winner\",\"sid\":{sid}}}")]));
    let shown = settled["markets"].as_array().expect("markets").iter().find(|m| m["mid"] == market["mid"]).cloned().expect("the market");
    assert_eq!(shown["settled"], true);
    let late = on_market("void", &[]);
    assert!(String::from_utf8_lossy(&late.stderr).contains("already settled"), "{}", String::from_utf8_lossy(&late.stderr));
    let bad_side = on_market("price", &["--sid", &sid, "--side", "up", "--price", "2"]);
    assert!(String::from_utf8_lossy(&bad_side.stderr).contains("back or lay"));
    let finished = exchange(&["feed", "finish", "--gmid", &gmid, "--winner", "home", "--remark", "over", "--url", &url]);
    assert!(finished.status.success(), "{}", String::from_utf8_lossy(&finished.stderr));
    let lines = exchange(&["audit", "events", "--kind", "MarketActed", "--market", &gmid, "--url", &url]);
    let actions: Vec<serde_json::Value> = String::from_utf8_lossy(&lines.stdout).lines().map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line")["detail"]["action"].clone()).collect();
    assert_eq!(actions.len(), 4, "suspend, resume, settle and finish: {actions:?}");
    let report = stdout_json(&exchange(&["audit", "verify", "--url", &url]));
    assert!(report["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "{report}");
    server.kill().expect("stops");
    server.wait().expect("reaped");
}

/// A market as both servers must show it after a replay (an operator's hold shows as the status).
fn shown_markets(feed: &serde_json::Value) -> Vec<serde_json::Value> {
    let fixtures = feed["fixtures"].as_array().expect("fixtures");
    fixtures
        .iter()
        .flat_map(|f| f["markets"].as_array().expect("markets").iter().map(move |m| serde_json::json!([f["gmid"], f["ename"], f["inPlay"], m["mid"], m["status"], m["settled"], m["sections"]])))
        .collect()
}

#[test]
fn a_recorded_scenario_played_on_a_server_without_simulator_gives_the_same_markets_and_results() {
    let (a_dir, b_dir) = (tempfile::tempdir().expect("temp dir"), tempfile::tempdir().expect("temp dir"));
    let (mut a, a_url) = serve_with(a_dir.path().to_str().expect("utf-8"), &[("APP_FEED__SPEED", "0")]);
    let file = a_dir.path().join("scenario.jsonl");
    let file_arg = file.to_str().expect("utf-8").to_owned();
    let recorder = Command::new(BIN).args(["scenario", "record", "--seconds", "3", "--out", &file_arg, "--url", &a_url]).stdout(Stdio::piped()).spawn().expect("recorder starts");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::fs::metadata(&file).map_or(0, |m| m.len()) == 0 {
        assert!(std::time::Instant::now() < deadline, "the recorder wrote no state");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }

    // While it records, an operator suspends one market, moves a price and settles another.
    let (_, login) = call(&a_url, "POST", "/api/auth/login", None, &serde_json::json!({"username": "operator", "password": "operator123", "client": "cli"}));
    let token = login["data"]["accessToken"].as_str().expect("token").to_owned();
    let (_, feed) = call(&a_url, "GET", "/api/ops/feed", Some(&token), &serde_json::Value::Null);
    let fixtures = feed["data"]["fixtures"].as_array().expect("fixtures").clone();
    let market = |f: &serde_json::Value, gtype: &str| f["markets"].as_array().expect("markets").iter().find(|m| m["gtype"] == gtype && m["status"] == "OPEN").cloned();
    let cricket: Vec<&serde_json::Value> = fixtures.iter().filter(|f| market(f, "match").is_some() && market(f, "fancy").is_some()).collect();
    let (first, second) = (cricket[0], cricket[1]);
    let odds = market(first, "match").expect("match odds");
    let act = |gmid: &serde_json::Value, mid: &serde_json::Value, action: &str, body: serde_json::Value| {
        let (status, answer) = call(&a_url, "POST", &format!("/api/ops/feed/{gmid}/markets/{mid}/{action}"), Some(&token), &body);
        assert_eq!(status, 200, "{action}: {answer}");
    };
    act(&first["gmid"], &odds["mid"], "suspend", serde_json::json!({"remark": "scenario"}));
    let fancy = market(first, "fancy").expect("a fancy line");
    act(&first["gmid"], &fancy["mid"], "settle", serde_json::json!({"remark": "scenario", "result": {"kind": "runs", "value": 42}}));
    let other = market(second, "match").expect("match odds");
    let back = other["sections"][0]["back"].as_f64().expect("a back price");
    let lower = ((back * 100.0).round() - 1.0) / 100.0;
    act(&second["gmid"], &other["mid"], "price", serde_json::json!({"remark": "scenario", "sid": other["sections"][0]["sid"], "side": "back", "price": lower}));
    let recorded = recorder.wait_with_output().expect("recorder ends");
    assert!(recorded.status.success(), "{}", String::from_utf8_lossy(&recorded.stderr));
    let (_, a_feed) = call(&a_url, "GET", "/api/ops/feed", Some(&token), &serde_json::Value::Null);

    let (mut b, b_url) = serve_with(b_dir.path().to_str().expect("utf-8"), &[("APP_FEED__SIMULATOR", "false")]);
    let played = exchange(&["scenario", "play", &file_arg, "--speed", "0", "--url", &b_url]);
    assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));
    let b_feed = stdout_json(&exchange(&["feed", "list", "--url", &b_url]));
    assert_eq!(b_feed["clock"]["source"], "scenario");
    let (want, got) = (shown_markets(&a_feed["data"]), shown_markets(&b_feed));
    assert!(want.len() > 10, "{} markets", want.len());
    assert_eq!(got, want, "the same fixtures, markets, statuses, prices and settlements");
    let results = exchange(&["audit", "events", "--kind", "MarketResulted", "--url", &b_url]);
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&results.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!((lines[0]["detail"]["mid"].clone(), lines[0]["detail"]["result"]["value"].clone()), (fancy["mid"].clone(), serde_json::json!(42)));
    let finish = exchange(&["feed", "finish", "--gmid", &first["gmid"].to_string(), "--winner", "home", "--remark", "x", "--url", &b_url]);
    assert!(String::from_utf8_lossy(&finish.stderr).contains("settle or void each market"), "{}", String::from_utf8_lossy(&finish.stderr));
    let acted = exchange(&["audit", "events", "--kind", "MarketActed", "--url", &b_url]);
    assert_eq!(String::from_utf8_lossy(&acted.stdout).lines().count(), 0, "a refused finish records nothing");
    for server in [&mut a, &mut b] {
        server.kill().expect("stops");
        server.wait().expect("reaped");
    }
}

/// One external feed into `url` for `seconds`, as `feed-sim run --url` runs it.
fn external_feed(url: &str, seed: u64, source: &str, sports: Vec<u32>, id_offset: u64) -> std::thread::JoinHandle<u64> {
    let url = url.to_owned();
    let source = source.to_owned();
    std::thread::spawn(move || {
        let mut server = feed_sim::adapter::Server::sign_in(&url, "operator", "operator123").expect("the adapter signs in");
        let config = feed_sim::SimConfig { seed, speed: 20.0, start_ms: 1_764_000_000_000, fixtures_per_sport: 2, virtual_fixtures: 0, release_period_ms: 0, races: feed_sim::RaceConfig::none() };
        let feed = feed_sim::adapter::Feed { source, sports, id_offset, tick: std::time::Duration::from_millis(100), duration: Some(std::time::Duration::from_secs(2)) };
        feed_sim::adapter::run(&mut feed_sim::Simulator::new(config), &mut server, &feed).expect("the server takes the feed")
    })
}

#[test]
fn two_external_feeds_drive_one_server_and_a_silent_feed_suspends_its_fixtures() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut server, url) = serve_with(dir.path().to_str().expect("utf-8"), &[("APP_FEED__SIMULATOR", "false"), ("APP_FEED__SILENCE_SECS", "1")]);
    let cricket = external_feed(&url, 5, "cricket-feed", vec![4], 0);
    let football = external_feed(&url, 9, "football-feed", vec![1], 10_000_000_000);
    let sent = (cricket.join().expect("cricket feed"), football.join().expect("football feed"));
    assert!(sent.0 > 0 && sent.1 > 0, "{sent:?}");
    let listed = stdout_json(&exchange(&["feed", "list", "--url", &url]));
    let fixtures = listed["fixtures"].as_array().expect("fixtures");
    let sports: std::collections::BTreeSet<u64> = fixtures.iter().map(|f| f["etid"].as_u64().expect("etid")).collect();
    assert_eq!(sports, [1, 4].into_iter().collect(), "cricket from one feed, football from the other");
    let names: Vec<&str> = listed["clock"]["sources"].as_array().expect("sources").iter().map(|s| s["name"].as_str().expect("name")).collect();
    assert_eq!(names, ["cricket-feed", "football-feed"]);

    // Both feeds stopped: after the silence time every fixture shows suspended.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let silent = loop {
        let listed = stdout_json(&exchange(&["feed", "list", "--url", &url]));
        if listed["fixtures"].as_array().expect("fixtures").iter().all(|f| f["silent"] == true) {
            break listed;
        }
        assert!(std::time::Instant::now() < deadline, "the fixtures of the silent feeds were not suspended: {}", listed["clock"]);
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    assert!(silent["clock"]["sources"].as_array().expect("sources").iter().all(|s| s["silent"] == true));
    let open = |listed: &serde_json::Value, etid: u64| listed["fixtures"].as_array().expect("fixtures").iter().filter(|f| f["etid"] == etid).flat_map(|f| f["markets"].as_array().expect("markets").iter()).filter(|m| m["status"] == "OPEN").count();
    assert_eq!(open(&silent, 4) + open(&silent, 1), 0, "no market takes bets while its feed is silent");

    // The cricket feed's heartbeat lifts its suspension; football's stays.
    let mut adapter = feed_sim::adapter::Server::sign_in(&url, "operator", "operator123").expect("signs in");
    adapter.send("cricket-feed", &[]).expect("a heartbeat");
    let listed = stdout_json(&exchange(&["feed", "list", "--url", &url]));
    assert!(open(&listed, 4) > 0, "cricket markets show the feed's state again");
    assert_eq!(open(&listed, 1), 0);
    server.kill().expect("stops");
    server.wait().expect("reaped");
}

/// `exchange serve` on `dir`: how it exited and what it said, or `None` if it kept running.
fn serve_exit(dir: &str) -> Option<(bool, String)> {
    let mut child = Command::new(BIN).args(["serve", "--data", dir, "--port", "0"]).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("server starts");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        if let Some(status) = child.try_wait().expect("the server can be waited for") {
            let mut stderr = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr).expect("stderr reads");
            return Some((status.success(), stderr));
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().expect("stops");
    child.wait().expect("reaped");
    None
}

#[test]
fn a_damaged_segment_log_is_refused_at_start_with_a_clear_message() {
    let temp = tempfile::tempdir().expect("temp dir");
    let intact = temp.path().join("intact");
    let data = intact.to_str().expect("utf-8");
    let (mut server, _) = serve_with(data, &[("APP_APPLICATION__LOG", "segments")]);
    server.kill().expect("stops");
    server.wait().expect("reaped");
    for n in 0..5 {
        stdout_json(&exchange(&["credit", "--username", "player1", "--amount", "10", "--remark", &format!("before the damage {n}"), "--data", data]));
    }
    // A server on it for a moment, idle: a log at rest records that it reaches its head, so the
    // loss of even its last batch is refused (a crash during the last write is the one case that
    // opens one batch short, docs/reliability.md).
    let (mut server, _) = serve_with(data, &[IDLE, &[("APP_APPLICATION__LOG", "segments")]].concat());
    std::thread::sleep(std::time::Duration::from_millis(500));
    server.kill().expect("stops");
    server.wait().expect("reaped");
    let segment = intact.join("log").join(format!("{:020}.seg", 1));
    let bytes = std::fs::read(&segment).expect("the log's first segment");
    // Where each batch begins: after the 4 KiB of head records, frames of a 24-byte header (the
    // payload's length at bytes 4..8) and the payload.
    let mut batches = vec![];
    let mut at = 4096;
    while bytes[at..at + 4] == *b"EXBT" {
        batches.push(at);
        at += 24 + u32::from_le_bytes(bytes[at + 4..at + 8].try_into().expect("4 bytes")) as usize;
    }
    assert!(batches.len() > 5, "the credits and the server's start are batches: {batches:?}");
    let flipped = |at: usize| {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0xFF;
        damaged
    };
    let before_last = batches[batches.len() - 3];
    let mut zeroed = bytes.clone();
    zeroed[before_last..].fill(0);
    // A flipped byte in an earlier batch, a zeroed tail, a cut file, and a byte flipped in the very
    // last write.
    for (name, damaged) in [("flipped", flipped(before_last + 30)), ("zeroed", zeroed), ("cut", bytes[..before_last + 10].to_vec()), ("flipped in the last write", flipped(batches[batches.len() - 1] + 30))] {
        let copy = temp.path().join(name);
        for from in [intact.clone(), intact.join("log")] {
            let to = copy.join(from.strip_prefix(&intact).expect("inside"));
            std::fs::create_dir_all(&to).expect("a copy");
            for entry in std::fs::read_dir(&from).expect("the directory lists") {
                let entry = entry.expect("an entry");
                if entry.file_type().expect("a type").is_file() {
                    std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copies");
                }
            }
        }
        std::fs::write(copy.join("log").join(segment.file_name().expect("a name")), &damaged).expect("the damage is written");
        let dir = copy.to_str().expect("utf-8");
        let (ok, stderr) = serve_exit(dir).unwrap_or_else(|| panic!("{name}: the server started on a damaged log"));
        assert!(!ok && stderr.contains("is damaged") && stderr.contains("does not start"), "{name}: {stderr}");
        let verify = exchange(&["audit", "verify", "--data", dir]);
        assert!(!verify.status.success() && String::from_utf8_lossy(&verify.stderr).contains("is damaged"), "{name}: {}", String::from_utf8_lossy(&verify.stderr));
    }
    let report = stdout_json(&exchange(&["audit", "verify", "--data", data]));
    assert!(report["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "the intact log still verifies");
}

#[test]
fn a_damaged_sled_log_is_refused_at_start_with_a_clear_message() {
    let temp = tempfile::tempdir().expect("temp dir");
    let intact = temp.path().join("intact");
    let data = intact.to_str().expect("utf-8");
    let (mut server, _) = serve(data);
    server.kill().expect("stops");
    server.wait().expect("reaped");
    for n in 0..5 {
        stdout_json(&exchange(&["credit", "--username", "player1", "--amount", "10", "--remark", &format!("before the damage {n}"), "--data", data]));
    }
    // Killed as it runs, idle (no simulated feed, casino or makers writing: a kill in the middle
    // of a batch is the one window that opens a batch short, docs/reliability.md): sled's own
    // recovery would open the log at its last intact record; the durable head record says how far
    // it was acknowledged.
    let (mut server, _) = serve_with(data, IDLE);
    std::thread::sleep(std::time::Duration::from_millis(500));
    server.kill().expect("stops");
    server.wait().expect("reaped");
    assert!(intact.join("db").is_file(), "a new data directory keeps its log in sled");
    let bytes = std::fs::read(intact.join("db")).expect("sled's data file");
    // The damage starts at the first write of the last acknowledged event (its remark is plain
    // in its record). Not at the file's end: what a start writes after it (sled rewrites a page
    // whole, and recovers a torn tail to the copies before it) varies with the machine's load,
    // and a cut that leaves every acknowledged event readable is no damage to refuse.
    let last = b"before the damage 4";
    let at = bytes.windows(last.len()).position(|window| window == last).expect("the last credit's record");
    let mut flipped = bytes.clone();
    flipped[at] ^= 0xFF;
    for (name, damaged) in [("cut", bytes[..at].to_vec()), ("flipped in the last write", flipped), ("zeroed tail", [&bytes[..at], &vec![0u8; bytes.len() - at][..]].concat())] {
        let copy = temp.path().join(name.replace(' ', "-"));
        copy_dir(&intact, &copy);
        std::fs::write(copy.join("db"), &damaged).expect("the damage is written");
        // Without its snapshot file (an index sled rebuilds by reading its whole log), sled's
        // recovery stops at the damage and would open the log short without a word.
        for entry in std::fs::read_dir(&copy).expect("the copy lists") {
            let path = entry.expect("an entry").path();
            if path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("snap.")) {
                std::fs::remove_file(path).expect("sled's snapshot file goes");
            }
        }
        let dir = copy.to_str().expect("utf-8");
        let (ok, stderr) = serve_exit(dir).unwrap_or_else(|| panic!("{name}: the server started on a damaged log"));
        assert!(!ok && stderr.contains("is damaged") && stderr.contains("were acknowledged (durable-head says so)"), "{name}: {stderr}");
    }
    let report = stdout_json(&exchange(&["audit", "verify", "--data", data]));
    assert!(report["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "the intact log still verifies");
}

/// Copies a directory and everything in it.
fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("a copy");
    for entry in std::fs::read_dir(from).expect("the directory lists") {
        let entry = entry.expect("an entry");
        if entry.file_type().expect("a type").is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copies");
        }
    }
}

/// One JSON call over plain HTTP/1.1 (the test has no async runtime): the status and the body.
fn call(url: &str, method: &str, path: &str, token: Option<&str>, body: &serde_json::Value) -> (u16, serde_json::Value) {
    use std::io::{Read, Write};
    let host = url.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(host).expect("server reachable");
    let body = body.to_string();
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let request = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n{auth}Content-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
    stream.write_all(request.as_bytes()).expect("request sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("response read");
    let (head, body) = response.split_once("\r\n\r\n").expect("head and body");
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("status");
    (status, serde_json::from_str(body).expect("json body"))
}

#[test]
fn wallet_requests_are_listed_and_decided_on_a_data_directory_and_on_a_server() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    let (mut server, url) = serve(data);
    let (_, login) = call(&url, "POST", "/api/auth/login", None, &serde_json::json!({"username": "player1", "password": "player123"}));
    let token = login["data"]["accessToken"].as_str().expect("token").to_owned();
    let (status, _) = call(&url, "POST", "/api/wallet/deposit", Some(&token), &serde_json::json!({"amount": 2500, "method": "upi"}));
    assert_eq!(status, 200);
    let account = serde_json::json!({"name": "Player One", "bank": "SBI", "number": "123456789012", "ifsc": "SBIN0001234", "type": "NORMAL"});
    let (_, saved) = call(&url, "POST", "/api/wallet/accounts", Some(&token), &account);
    let withdraw = serde_json::json!({"amount": 1000, "type": "NORMAL", "accountId": saved["data"]["id"]});
    assert_eq!(call(&url, "POST", "/api/wallet/withdraw", Some(&token), &withdraw).0, 200);
    let listed = stdout_json(&exchange(&["wallet", "list", "--status", "Pending", "--url", &url]));
    assert_eq!(listed.as_array().expect("rows").len(), 2);
    let processed = stdout_json(&exchange(&["wallet", "process", "--id", "2", "--url", &url]));
    assert_eq!(processed["status"], "In-Process");
    server.kill().expect("stops");
    server.wait().expect("reaped");

    let pending = stdout_json(&exchange(&["wallet", "list", "--status", "pending", "--data", data]));
    let rows = pending.as_array().expect("rows");
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0]["id"].as_u64(), rows[0]["kind"].as_str(), rows[0]["username"].as_str(), rows[0]["amount"].as_f64()), (Some(1), Some("deposit"), Some("player1"), Some(2500.0)));
    let approved = stdout_json(&exchange(&["wallet", "approve", "--id", "1", "--remark", "UTR checked", "--data", data]));
    assert_eq!((approved["status"].as_str(), approved["remark"].as_str()), (Some("Approved"), Some("UTR checked")));
    let rejected = stdout_json(&exchange(&["wallet", "reject", "--id", "2", "--remark", "name mismatch", "--data", data]));
    assert_eq!(rejected["status"], "Rejected");
    let again = exchange(&["wallet", "approve", "--id", "1", "--data", data]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("Request 1 is already Approved"));
    let no_remark = exchange(&["wallet", "reject", "--id", "9", "--data", data]);
    assert!(String::from_utf8_lossy(&no_remark.stderr).contains("remark"));
    let all = stdout_json(&exchange(&["wallet", "list", "--data", data]));
    assert_eq!(all.as_array().expect("rows").len(), 2);
    let coupon = stdout_json(&exchange(&["bonus", "grant", "--username", "player1", "--name", "Welcome", "--amount", "100", "--depo-amount", "1000", "--expire-date", "2099-12-31", "--data", data]));
    assert_eq!((coupon["status"].as_str(), coupon["tranNo"].as_str()), (Some("Active"), Some("BN00000001")));
    let report = stdout_json(&exchange(&["audit", "verify", "--data", data]));
    assert!(report["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "{report}");
    let now = stdout_json(&exchange(&["audit", "verify", "--data", data]));
    let head = now["seq"].as_u64().expect("seq").to_string();
    let balance = stdout_json(&exchange(&["audit", "replay", "--to-seq", &head, "--username", "player1", "--data", data]));
    // 100000 seeded + 2500 deposit + 100 bonus; the rejected withdrawal's hold came back.
    assert_eq!(balance["users"][0]["balance"], 102_600);
}

/// A TLS connection to `addr`, trusting only `cert`.
fn tls_connect(addr: &str, cert: &rcgen::Certificate) -> rustls::StreamOwned<rustls::ClientConnection, std::net::TcpStream> {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert.der().clone()).expect("the test certificate is a root");
    let config = rustls::ClientConfig::builder_with_provider(std::sync::Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("protocol versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connection = rustls::ClientConnection::new(std::sync::Arc::new(config), "localhost".try_into().expect("a server name")).expect("a TLS client");
    let socket = std::net::TcpStream::connect(addr).expect("server reachable");
    socket.set_read_timeout(Some(std::time::Duration::from_secs(5))).expect("a timeout");
    rustls::StreamOwned::new(connection, socket)
}

/// Reads until what has come satisfies `done`, or the connection ends or times out: all of it,
/// as text.
fn read_until(stream: &mut impl std::io::Read, done: impl Fn(&[u8]) -> bool) -> String {
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    while !done(&answer) {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
        }
    }
    String::from_utf8_lossy(&answer).into_owned()
}

fn has_head(bytes: &[u8]) -> bool {
    bytes.windows(4).any(|w| w == b"\r\n\r\n")
}

/// One request over TLS to `addr`, trusting only `cert`: the answer's head at least, as text.
fn tls_request(addr: &str, cert: &rcgen::Certificate, request: &str) -> String {
    let mut tls = tls_connect(addr, cert);
    std::io::Write::write_all(&mut tls, request.as_bytes()).expect("request sent over TLS");
    read_until(&mut tls, has_head)
}

#[test]
fn serve_with_a_certificate_speaks_https_and_wss_with_hsts_and_plain_http_without() {
    let temp = tempfile::tempdir().expect("temp dir");
    let rcgen::CertifiedKey { cert, key_pair } = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).expect("a certificate");
    let (cert_path, key_path) = (temp.path().join("cert.pem"), temp.path().join("key.pem"));
    std::fs::write(&cert_path, cert.pem()).expect("cert written");
    std::fs::write(&key_path, key_pair.serialize_pem()).expect("key written");
    let data = temp.path().join("data");
    let args = ["serve", "--data", data.to_str().expect("utf-8"), "--port", "0", "--tls-cert", cert_path.to_str().expect("utf-8"), "--tls-key", key_path.to_str().expect("utf-8")];
    let mut server = Command::new(BIN).args(args).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("server starts");
    let mut first = String::new();
    BufReader::new(server.stdout.as_mut().expect("stdout")).read_line(&mut first).expect("first line");
    let addr = first.trim().strip_prefix("listening on https://").unwrap_or_else(|| panic!("an https address: {first}")).to_owned();

    let page = tls_request(&addr, &cert, "GET /api/domain/domain-config HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.to_lowercase().contains("strict-transport-security: max-age=31536000"), "HSTS over TLS: {page}");
    // A WebSocket under TLS: its frames are encrypted by actix's dispatcher, not written to the
    // socket directly as a plain connection's are.
    let mut wss = tls_connect(&addr, &cert);
    let upgrade = "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    std::io::Write::write_all(&mut wss, upgrade.as_bytes()).expect("upgrade sent over TLS");
    let head = read_until(&mut wss, has_head);
    assert!(head.starts_with("HTTP/1.1 101"), "WSS: {head}");
    // A masked client text frame (RFC 6455), the mask all zeros.
    let sub = br#"{"type":"sub","topic":"tree"}"#;
    let mut frame = vec![0x81, 0x80 | sub.len() as u8, 0, 0, 0, 0];
    frame.extend_from_slice(sub);
    std::io::Write::write_all(&mut wss, &frame).expect("a frame sent over TLS");
    let pushed = read_until(&mut wss, |bytes| String::from_utf8_lossy(bytes).contains(r#""topic":"tree""#));
    assert!(pushed.contains(r#"{"type":"snapshot","topic":"tree""#), "a snapshot over WSS: {pushed}");
    // Plain HTTP to the TLS port gets no answer of ours.
    let plain = {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(&addr).expect("server reachable");
        stream.set_read_timeout(Some(std::time::Duration::from_secs(2))).expect("a timeout");
        stream.write_all(b"GET /api/domain/domain-config HTTP/1.1\r\nHost: localhost\r\n\r\n").expect("request sent");
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        answer
    };
    assert!(!plain.starts_with(b"HTTP/1.1 200"), "plain HTTP is not served on the TLS port");
    server.kill().expect("stops");
    server.wait().expect("reaped");

    // Without a certificate: plain HTTP, and no HSTS (a browser told so over HTTP would lock itself out).
    let (mut plain, url) = serve(temp.path().join("plain").to_str().expect("utf-8"));
    let head = raw_head(&url, "/api/domain/domain-config");
    assert!(head.starts_with("HTTP/1.1 200") && !head.to_lowercase().contains("strict-transport-security"), "{head}");
    plain.kill().expect("stops");
    plain.wait().expect("reaped");

    // A key that does not fit, or a missing file, stops the start with the reason.
    let other = rcgen::KeyPair::generate().expect("another key");
    std::fs::write(&key_path, other.serialize_pem()).expect("key written");
    let wrong = Command::new(BIN).args(args).output().expect("runs");
    assert!(!wrong.status.success() && String::from_utf8_lossy(&wrong.stderr).contains("does not fit"), "{}", String::from_utf8_lossy(&wrong.stderr));
    let half = Command::new(BIN).args(["serve", "--data", data.to_str().expect("utf-8"), "--port", "0", "--tls-cert", cert_path.to_str().expect("utf-8")]).output().expect("runs");
    assert!(!half.status.success() && String::from_utf8_lossy(&half.stderr).contains("--tls-key"), "{}", String::from_utf8_lossy(&half.stderr));
}

/// The status line and headers of a plain GET.
fn raw_head(url: &str, path: &str) -> String {
    use std::io::{Read, Write};
    let host = url.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(host).expect("server reachable");
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes()).expect("request sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("response read");
    response.split_once("\r\n\r\n").map_or(response.clone(), |(head, _)| head.to_owned())
}

#[test]
fn a_scenario_trades_on_the_exchange_as_scripted_accounts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut server, url) = serve_with(dir.path().to_str().expect("utf-8"), &[("APP_FEED__SIMULATOR", "false")]);
    let market = serde_json::json!({"mid": 9101, "gmid": 9001, "mname": "Match Odds", "gtype": "match", "status": "OPEN", "min": 100, "max": 0, "minb": 50, "maxb": 10000, "rc": 0, "rem": "",
        "section": [{"sid": 1, "sno": 1, "nat": "Lions", "gstatus": "ACTIVE", "min": 100, "max": 0, "rem": "", "odds": []}, {"sid": 2, "sno": 2, "nat": "Tigers", "gstatus": "ACTIVE", "min": 100, "max": 0, "rem": "", "odds": []}]});
    let fixture = serde_json::json!({"etid": 4, "gmid": 9001, "ename": "Lions v Tigers", "cname": "Friendly", "stime": "2026-11-25T18:00:00Z", "iplay": false, "tv": false, "f": false, "bm": false, "iscc": 0, "section": []});
    let order = |side: &str, price: f64, id: &str| serde_json::json!({"gameId": 9001, "marketId": 9101, "sectionId": 1, "uRate": price, "amount": 100, "betType": side, "requestId": id});
    let lines = [
        serde_json::json!({"at": 0, "feed": {"type": "fixture_added", "fixture": fixture, "markets": [market]}}),
        serde_json::json!({"at": 10, "call": {"method": "POST", "path": "/ops/users", "body": {"username": "scripted", "password": "secret12", "role": "user", "mustChangePassword": false}}}),
        serde_json::json!({"at": 20, "call": {"method": "POST", "path": "/ops/credit", "body": {"username": "scripted", "amount": 1000, "remark": "scenario"}}}),
        serde_json::json!({"at": 30, "as": {"username": "scripted", "password": "secret12"}, "call": {"method": "POST", "path": "/bet/place", "body": order("lay", 2.0, "lay")}}),
        serde_json::json!({"at": 40, "as": {"username": "player1", "password": "player123"}, "call": {"method": "POST", "path": "/bet/place", "body": order("back", 2.0, "back")}}),
        serde_json::json!({"at": 50, "as": {"username": "scripted", "password": "secret12"}, "call": {"method": "POST", "path": "/bet/place", "body": order("lay", 3.0, "rest")}}),
        serde_json::json!({"at": 60, "as": {"username": "scripted", "password": "secret12"}, "call": {"method": "POST", "path": "/exchange/cancel-all", "body": {"marketId": 9101}}}),
    ];
    let file = dir.path().join("trade.jsonl");
    std::fs::write(&file, lines.iter().map(|l| l.to_string() + "\n").collect::<String>()).expect("written");
    let played = exchange(&["scenario", "play", file.to_str().expect("utf-8"), "--speed", "0", "--url", &url]);
    assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));
    let kinds = |kind: &str| String::from_utf8_lossy(&exchange(&["audit", "events", "--kind", kind, "--url", &url]).stdout).lines().count();
    assert_eq!(kinds("OrderPlaced"), 3, "three orders");
    assert_eq!(kinds("BetPlaced"), 2, "one fill: a bet each side");
    assert_eq!(kinds("OrdersClosed"), 1, "the resting lay cancelled");
    let report = stdout_json(&exchange(&["audit", "verify", "--url", &url]));
    assert!(report["checks"].as_array().expect("checks").iter().all(|c| c["pass"] == true), "{report}");
    server.kill().expect("stops");
    server.wait().expect("reaped");
}
