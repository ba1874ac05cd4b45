//! `feed-sim run --url`: the simulator as an external feed, the way an odds provider's adapter
//! feeds the exchange: it signs in as an operator and posts its events in real time to
//! `POST /api/ops/feed/events?source=NAME`, with a heartbeat (an empty list) every second it has
//! nothing to say. This is the crate's one module that does I/O: HTTP calls with `awc`, the wall
//! clock and sleeping. Its calls block the calling thread (the `awc` client runs on a
//! current-thread runtime of its own), so it must not be called from inside an async runtime.

use schemas::sports::FeedEvent;
use std::time::{Duration, Instant};
use tokio::runtime::Runtime;
use tokio::task::LocalSet;

/// Feed events per request (the server takes at most 1,000) and the bytes of their JSON (the
/// server reads at most 64 KiB of a body).
const BATCH_MAX: usize = 1_000;
const BATCH_BYTES_MAX: usize = 56 * 1024;
/// The longest the adapter stays quiet: then it sends a heartbeat.
const HEARTBEAT: Duration = Duration::from_secs(1);
/// How long one call may wait for the server's answer.
const CALL_TIMEOUT: Duration = Duration::from_secs(30);
/// The most of an answer the adapter reads: the server's answers to a login or a feed post are a
/// few hundred bytes.
const ANSWER_BYTES_MAX: usize = 1024 * 1024;

/// A signed-in operator session on a running server.
pub struct Server {
    /// `http://HOST:PORT`, without a trailing slash.
    base: String,
    operator: String,
    password: String,
    token: String,
    client: awc::Client,
    /// Where the client's calls run: `awc` spawns its connection tasks on the local set, which
    /// is dropped before the runtime that drives it.
    local: LocalSet,
    runtime: Runtime,
}

fn failed(text: impl Into<String>) -> std::io::Error {
    std::io::Error::other(text.into())
}

impl Server {
    /// `url` is `http://HOST:PORT`; signs in as `operator`.
    pub fn sign_in(url: &str, operator: &str, password: &str) -> std::io::Result<Server> {
        if !url.starts_with("http://") {
            return Err(failed("--url: http://HOST:PORT"));
        }
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        let local = LocalSet::new();
        let client = local.block_on(&runtime, async { awc::Client::builder().timeout(CALL_TIMEOUT).finish() });
        let base = url.trim_end_matches('/').to_owned();
        let mut server = Server { base, operator: operator.to_owned(), password: password.to_owned(), token: String::new(), client, local, runtime };
        server.login()?;
        Ok(server)
    }

    fn login(&mut self) -> std::io::Result<()> {
        let body = serde_json::json!({"username": self.operator, "password": self.password, "client": "cli"}).to_string();
        let (status, answer) = self.call("/api/auth/login", body, false)?;
        let answer: serde_json::Value = serde_json::from_str(&answer).map_err(|e| failed(format!("login answer: {e}")))?;
        let token = answer["data"]["accessToken"].as_str().ok_or_else(|| failed(format!("operator login failed: {status}: {}", answer["message"])))?;
        self.token = token.to_owned();
        Ok(())
    }

    /// One POST of a JSON body; the status and the answer's body.
    fn call(&self, path: &str, body: String, auth: bool) -> std::io::Result<(u16, String)> {
        let url = format!("{}{path}", self.base);
        let mut request = self.client.post(&url).content_type("application/json");
        if auth {
            request = request.bearer_auth(&self.token);
        }
        self.local.block_on(&self.runtime, async {
            let mut response = request.send_body(body).await.map_err(|e| failed(format!("calling {url}: {e}")))?;
            let answer = response.body().limit(ANSWER_BYTES_MAX).await.map_err(|e| failed(format!("reading the answer of {url}: {e}")))?;
            Ok((response.status().as_u16(), String::from_utf8_lossy(&answer).into_owned()))
        })
    }

    /// Sends feed events (or, with none, a heartbeat) as source `source`; signs in again when
    /// the session has expired.
    pub fn send(&mut self, source: &str, events: &[FeedEvent]) -> std::io::Result<()> {
        let body = serde_json::to_string(events).map_err(|e| failed(e.to_string()))?;
        let path = format!("/api/ops/feed/events?source={source}");
        let (mut status, mut answer) = self.call(&path, body.clone(), true)?;
        if status == 401 {
            self.login()?;
            (status, answer) = self.call(&path, body, true)?;
        }
        if status != 200 {
            return Err(failed(format!("the server refused the feed: {status}: {answer}")));
        }
        Ok(())
    }

    /// Sends events in requests the server takes.
    pub fn send_all(&mut self, source: &str, events: Vec<FeedEvent>) -> std::io::Result<u64> {
        let (mut batch, mut bytes, mut sent) = (Vec::new(), 0usize, 0u64);
        for event in events {
            let size = serde_json::to_string(&event).map_or(0, |t| t.len() + 1);
            if !batch.is_empty() && (bytes + size > BATCH_BYTES_MAX || batch.len() == BATCH_MAX) {
                self.send(source, &batch)?;
                sent += batch.len() as u64;
                (batch, bytes) = (Vec::new(), 0);
            }
            batch.push(event);
            bytes += size;
        }
        if !batch.is_empty() {
            self.send(source, &batch)?;
            sent += batch.len() as u64;
        }
        Ok(sent)
    }
}

/// What the adapter feeds.
pub struct Feed {
    pub source: String,
    /// Sports (`etid`) to feed; empty: all.
    pub sports: Vec<u32>,
    pub id_offset: u64,
    pub tick: Duration,
    /// Stop after this long (real time); `None` runs until killed.
    pub duration: Option<Duration>,
}

/// Runs the simulator in real time into the server; the events sent.
pub fn run(sim: &mut crate::Simulator, server: &mut Server, feed: &Feed) -> std::io::Result<u64> {
    let mut fixtures_fed = std::collections::BTreeSet::new();
    let mut keep = |event: FeedEvent| -> Option<FeedEvent> {
        let gmid = match &event {
            FeedEvent::FixtureAdded { fixture, .. } => {
                if !feed.sports.is_empty() && !feed.sports.contains(&fixture.etid) {
                    return None;
                }
                fixtures_fed.insert(fixture.gmid);
                fixture.gmid
            }
            FeedEvent::FixtureUpdated { fixture } => fixture.gmid,
            FeedEvent::MarketUpdated { market } => market.gmid,
            FeedEvent::ScoreUpdated { gmid, .. } | FeedEvent::MarketSettled { gmid, .. } | FeedEvent::RunnerWithdrawn { gmid, .. } | FeedEvent::FixtureRemoved { gmid } => *gmid,
        };
        fixtures_fed.contains(&gmid).then(|| crate::offset_ids(event, feed.id_offset))
    };
    let first: Vec<FeedEvent> = sim.snapshot().into_iter().filter_map(&mut keep).collect();
    let mut sent = server.send_all(&feed.source, first)?;
    let (start, mut last_sent) = (Instant::now(), Instant::now());
    let mut last_step = Instant::now();
    while feed.duration.is_none_or(|d| start.elapsed() < d) {
        std::thread::sleep(feed.tick);
        let now = Instant::now();
        let step_ms = u64::try_from(now.duration_since(last_step).as_millis()).unwrap_or(u64::MAX);
        last_step = now;
        let events: Vec<FeedEvent> = sim.step(step_ms).into_iter().filter_map(&mut keep).collect();
        if !events.is_empty() {
            sent += server.send_all(&feed.source, events)?;
            last_sent = Instant::now();
        } else if last_sent.elapsed() >= HEARTBEAT {
            server.send(&feed.source, &[])?;
            last_sent = Instant::now();
        }
    }
    Ok(sent)
}
