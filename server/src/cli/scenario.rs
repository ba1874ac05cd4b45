//! `exchange scenario`: testers' scenarios (docs/scenarios.md): a JSON-lines file of feed events and
//! operator calls, each at its offset in milliseconds from the start. `record` writes what a
//! running server's feed shows (its state first, then every change, from the book's journal);
//! `play` sends a file to a server, feed events through the raw feed channel, calls as the
//! operator makes them, and stacked casino shoes (test mode).

use super::remote::Remote;
use super::target::Server;
use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;
use anyhow::{bail, Context};
use schemas::sports::FeedEvent;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::{Duration, Instant};

#[derive(Subcommand)]
pub(super) enum ScenarioCmd {
    /// Writes what the server's feed shows for N seconds: its state, then every change.
    Record {
        /// How long to record, in seconds.
        #[arg(long)]
        seconds: u64,
        /// The scenario file to write (JSON lines).
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        server: Server,
    },
    /// Sends a scenario file to the server (best started with its simulator off).
    Play {
        /// The scenario file (JSON lines, docs/scenarios.md).
        file: PathBuf,
        /// 2 plays twice as fast; 0 sends everything without waiting.
        #[arg(long, default_value_t = 1.0)]
        speed: f64,
        #[command(flatten)]
        server: Server,
    },
}

pub(super) async fn run(command: ScenarioCmd) -> anyhow::Result<ExitCode> {
    let (ScenarioCmd::Record { server, .. } | ScenarioCmd::Play { server, .. }) = &command;
    let remote = server.sign_in().await?;
    let outcome = match &command {
        ScenarioCmd::Record { seconds, out, .. } => record(&remote, *seconds, out).await.map(|lines| format!("{lines} lines written to {}", out.display())),
        ScenarioCmd::Play { file, speed, .. } => match read(file) {
            Ok(lines) => play(&remote, lines, *speed).await.map(|(events, calls)| format!("{events} feed events and {calls} calls sent")),
            Err(e) => Err(e),
        },
    };
    remote.logout().await;
    println!("{}", outcome?);
    Ok(ExitCode::SUCCESS)
}

/// One line of a scenario at `at` ms from the start: a feed event, an operator call, or a casino
/// table's stacked shoe (`{"casino": "teen20", "stack": ["AHH", ...]}`, test mode only).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    pub at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed: Option<FeedEvent>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<Call>,
    /// The call is made as this account (a scripted player placing or cancelling orders)
    /// instead of the operator who plays the scenario.
    #[serde(default, rename = "as", skip_serializing_if = "Option::is_none")]
    pub as_account: Option<Account>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casino: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<Vec<String>>,
}

/// An operator call: a method and a path under `/api` (e.g. `/ops/casino/teen20/pause`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Call {
    pub method: String,
    pub path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<Value>,
}

/// A scripted account a scenario's call is made as.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Account {
    pub username: String,
    pub password: String,
}

/// The calls whose bodies the server takes sealed (`{"Payload": …}`), as the client sends them.
const SEALED_CALLS: [&str; 2] = ["/bet/place", "/bet/place/casino"];

/// How often the recorder reads the journal.
const RECORD_POLL: Duration = Duration::from_millis(200);
/// The longest recording.
pub const RECORD_SECONDS_MAX: u64 = 3_600;
/// Feed events per request while playing (the server takes at most 1,000), and the bytes of a
/// request's events (the server reads at most 64 KiB of a body).
const PLAY_BATCH_MAX: usize = 1_000;
const PLAY_BATCH_BYTES_MAX: usize = 56 * 1024;
/// The fastest replay; 0 plays with no waiting.
pub const PLAY_SPEED_MAX: f64 = 1_000.0;

/// The latest a line may be played: a week after the scenario's start (a line past it is a
/// mistake, and playing it would wait without a word until then).
pub const LINE_AT_MS_MAX: u64 = 7 * 24 * 3_600_000;

#[derive(Deserialize)]
struct Snapshot {
    seq: u64,
    #[serde(rename = "atMs")]
    at_ms: i64,
    events: Vec<FeedEvent>,
}

#[derive(Deserialize)]
struct Noted {
    seq: u64,
    #[serde(rename = "atMs")]
    at_ms: i64,
    event: FeedEvent,
}

fn write_line(out: &mut impl Write, line: &Line) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Records `seconds` of the server's feed into `out`; the number of lines written.
pub async fn record(remote: &Remote, seconds: u64, out: &Path) -> anyhow::Result<u64> {
    if !(1..=RECORD_SECONDS_MAX).contains(&seconds) {
        bail!("--seconds: 1 to {RECORD_SECONDS_MAX}");
    }
    let file = std::fs::File::create(out).with_context(|| format!("creating {}", out.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let snapshot: Snapshot = serde_json::from_value(remote.call::<()>("GET", "/api/ops/feed/snapshot", None).await?)?;
    let mut lines = 0u64;
    for event in snapshot.events {
        write_line(&mut out, &Line { at: 0, feed: Some(event), call: None, as_account: None, casino: None, stack: None })?;
        lines += 1;
    }
    // The state is on disk before the first change: a tester can act once the file has it.
    out.flush()?;
    let (mut after, deadline) = (snapshot.seq, Instant::now() + Duration::from_secs(seconds));
    loop {
        let done = Instant::now() >= deadline;
        let noted: Vec<Noted> = serde_json::from_value(remote.call::<()>("GET", &format!("/api/ops/feed/journal?after={after}"), None).await?)?;
        for entry in noted {
            let at = u64::try_from(entry.at_ms - snapshot.at_ms).unwrap_or(0);
            write_line(&mut out, &Line { at, feed: Some(entry.event), call: None, as_account: None, casino: None, stack: None })?;
            after = entry.seq;
            lines += 1;
        }
        if done {
            break;
        }
        actix_web::rt::time::sleep(RECORD_POLL.min(deadline.saturating_duration_since(Instant::now()))).await;
    }
    out.flush()?;
    Ok(lines)
}

/// Reads a scenario file: every line, in order of time.
pub fn read(path: &Path) -> anyhow::Result<Vec<Line>> {
    let file = std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut lines: Vec<Line> = Vec::new();
    for (number, text) in std::io::BufReader::new(file).lines().enumerate() {
        let text = text?;
        if text.trim().is_empty() {
            continue;
        }
        let line: Line = serde_json::from_str(&text).with_context(|| format!("line {}", number + 1))?;
        let kinds = usize::from(line.feed.is_some()) + usize::from(line.call.is_some()) + usize::from(line.casino.is_some());
        if kinds != 1 || line.casino.is_some() != line.stack.is_some() {
            bail!("line {}: one of \"feed\", \"call\", or \"casino\" with \"stack\"", number + 1);
        }
        if line.at > LINE_AT_MS_MAX {
            bail!("line {}: at {} is past {LINE_AT_MS_MAX} ms (a week) from the start", number + 1, line.at);
        }
        if lines.last().is_some_and(|last| last.at > line.at) {
            bail!("line {}: at {} is before the line above it", number + 1, line.at);
        }
        lines.push(line);
    }
    Ok(lines)
}

/// Plays `lines` against the server at `speed` (2 = twice as fast; 0 = no waiting); the number
/// of feed events and calls sent.
pub async fn play(remote: &Remote, lines: Vec<Line>, speed: f64) -> anyhow::Result<(u64, u64)> {
    if !(0.0..=PLAY_SPEED_MAX).contains(&speed) {
        bail!("--speed: 0 to {PLAY_SPEED_MAX}");
    }
    let start = Instant::now();
    let (mut events, mut calls) = (0u64, 0u64);
    let (mut batch, mut batch_bytes): (Vec<FeedEvent>, usize) = (Vec::new(), 0);
    let mut lines = lines.into_iter().peekable();
    let mut players: std::collections::HashMap<String, Remote> = std::collections::HashMap::new();
    let mut cipher: Option<crate::crypto::PayloadCipher> = None;
    while let Some(line) = lines.next() {
        if speed > 0.0 {
            let due = start + Duration::from_secs_f64(line.at as f64 / 1000.0 / speed);
            actix_web::rt::time::sleep(due.saturating_duration_since(Instant::now())).await;
        }
        if let (Some(gtype), Some(cards)) = (&line.casino, line.stack) {
            let body = serde_json::json!({"remark": "scenario", "cards": cards});
            remote.call("POST", &format!("/api/ops/casino/{gtype}/stack"), Some(&body)).await.with_context(|| format!("stacking {gtype}"))?;
            calls += 1;
            continue;
        }
        match (line.feed, line.call) {
            (Some(event), _) => {
                let bytes = serde_json::to_vec(&event)?.len() + 1;
                if batch_bytes + bytes > PLAY_BATCH_BYTES_MAX && !batch.is_empty() {
                    events += send(remote, &mut batch).await?;
                    batch_bytes = 0;
                }
                batch.push(event);
                batch_bytes += bytes;
                let next_is_now = lines.peek().is_some_and(|next| next.at == line.at && next.feed.is_some());
                if !next_is_now || batch.len() == PLAY_BATCH_MAX {
                    events += send(remote, &mut batch).await?;
                    batch_bytes = 0;
                }
            }
            (None, Some(call)) => {
                let body = match (&call.body, SEALED_CALLS.contains(&call.path.as_str())) {
                    (Some(body), true) => {
                        if cipher.is_none() {
                            let config = remote.call::<()>("GET", "/api/domain/domain-config", None).await.context("reading the site's payload key")?;
                            let key = config["payload_key"].as_str().context("the site configuration carries the payload key")?;
                            cipher = Some(crate::crypto::PayloadCipher::from_hex(key)?);
                        }
                        let sealed = cipher.as_ref().expect("set above").encrypt(body.to_string().as_bytes());
                        Some(serde_json::json!({"Payload": sealed}))
                    }
                    (body, _) => body.clone(),
                };
                let caller = match &line.as_account {
                    Some(account) => {
                        if !players.contains_key(&account.username) {
                            let player = Remote::sign_in_player(remote.base(), &account.username, &account.password).await?;
                            players.insert(account.username.clone(), player);
                        }
                        &players[&account.username]
                    }
                    None => remote,
                };
                caller.call(&call.method.to_uppercase(), &format!("/api{}", call.path), body.as_ref()).await.with_context(|| format!("{} {}", call.method, call.path))?;
                calls += 1;
            }
            (None, None) => {}
        }
    }
    for player in players.values() {
        player.logout().await;
    }
    Ok((events, calls))
}

/// Sends the batch of feed events and empties it; how many were sent.
async fn send(remote: &Remote, batch: &mut Vec<FeedEvent>) -> anyhow::Result<u64> {
    remote.call("POST", "/api/ops/feed/events", Some(&*batch)).await.context("sending feed events")?;
    Ok(std::mem::take(batch).len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_further_than_a_week_from_the_start_is_refused() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("far.jsonl");
        let line = |at: u64| format!("{{\"at\": {at}, \"feed\": {{\"type\": \"fixture_removed\", \"gmid\": 1}}}}\n");
        std::fs::write(&path, line(u64::MAX)).expect("written");
        let error = format!("{:#}", read(&path).expect_err("refused"));
        assert!(error.contains("line 1: at 18446744073709551615 is past"), "{error}");
        std::fs::write(&path, line(LINE_AT_MS_MAX)).expect("written");
        assert_eq!(read(&path).expect("a week from the start is played").len(), 1);
    }
}
