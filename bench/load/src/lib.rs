//! Shared pieces of the load generators: a client for the running server, latency statistics.
//! Every address is checked to be loopback: these tools never aim traffic elsewhere.

use anyhow::{bail, Context};
use serde_json::{json, Value};
use std::time::Duration;

pub struct Client {
    pub base: String,
    pub http: awc::Client,
    pub cipher: server::crypto::PayloadCipher,
}

/// Refuses any address that is not on this machine's loopback.
pub fn loopback_only(url: &str) -> anyhow::Result<()> {
    let host = url.trim_start_matches("http://").trim_start_matches("ws://").split(['/', ':']).next().unwrap_or_default();
    if host == "127.0.0.1" || host == "localhost" || host.starts_with("127.") {
        Ok(())
    } else {
        bail!("load tools only target loopback (127.0.0.0/8); refused {url}")
    }
}

impl Client {
    /// A client of the server at `base`, with the Payload key the server publishes in its site
    /// configuration (every installation has its own).
    pub async fn new(base: &str) -> anyhow::Result<Self> {
        loopback_only(base)?;
        let base = base.trim_end_matches('/').to_owned();
        let http = awc::Client::builder().timeout(Duration::from_secs(30)).connector(awc::Connector::new().limit(1_000)).finish();
        let mut reply = http.get(format!("{base}/api/domain/domain-config")).send().await.map_err(|e| anyhow::anyhow!("site configuration: {e}"))?;
        let config: Value = reply.json().await?;
        let key = config["data"]["payload_key"].as_str().ok_or_else(|| anyhow::anyhow!("the site configuration has no payload_key"))?;
        Ok(Self { base, http, cipher: server::crypto::PayloadCipher::from_hex(key)? })
    }

    pub async fn call(&self, method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> anyhow::Result<(u16, Value)> {
        let mut request = self.http.request(method.parse()?, format!("{}{path}", self.base)).insert_header(("content-type", "application/json"));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let mut response = match body {
            Some(body) => request.send_body(body.to_string()).await,
            None => request.send().await,
        }
        .map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
        let bytes = response.body().limit(64 * 1024 * 1024).await.context("reading body")?;
        let value: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Ok((response.status().as_u16(), value))
    }

    pub async fn login(&self, username: &str, password: &str) -> anyhow::Result<String> {
        let (status, body) = self.call("POST", "/api/auth/login", None, Some(&json!({"username": username, "password": password}))).await?;
        match body["data"]["accessToken"].as_str() {
            Some(token) if status == 200 => Ok(token.to_owned()),
            _ => bail!("login of {username} failed: {status} {body}"),
        }
    }

    /// Up to `count` live fixtures, in the order the fan-out benchmarks subscribe to them.
    pub async fn live_match_ids(&self, count: usize) -> anyhow::Result<Vec<u64>> {
        let mut gmids = Vec::new();
        for etid in [4, 1, 2, 8] {
            let (_, rows) = self.call("POST", "/data/front/highlightproduct", None, Some(&json!({"etid": etid}))).await?;
            gmids.extend(rows["data"].as_array().into_iter().flatten().filter_map(|f| f["gmid"].as_u64()));
        }
        gmids.truncate(count);
        anyhow::ensure!(!gmids.is_empty(), "no matches live");
        Ok(gmids)
    }

    pub fn seal(&self, body: &Value) -> Value {
        json!({ "Payload": self.cipher.encrypt(body.to_string().as_bytes()) })
    }

    /// The first cricket fixture with an open match-odds market whose runners are all active.
    pub async fn open_match_odds(&self) -> anyhow::Result<Value> {
        for etid in [4, 1, 2, 8] {
            let (_, rows) = self.call("POST", "/data/front/highlightproduct", None, Some(&json!({"etid": etid}))).await?;
            for fixture in rows["data"].as_array().into_iter().flatten() {
                let gmid = fixture["gmid"].as_u64().unwrap_or_default();
                let (_, markets) = self.call("POST", &format!("/data/front/gamedetailPrivate?gmid={gmid}"), None, Some(&json!({}))).await?;
                let found = markets["data"].as_array().into_iter().flatten().find(|m| {
                    m["gtype"] == "match" && m["status"] == "OPEN" && m["section"].as_array().is_some_and(|s| s.iter().all(|x| x["gstatus"] == "ACTIVE"))
                });
                if let Some(market) = found {
                    return Ok(market.clone());
                }
            }
        }
        bail!("no open match-odds market: start the server with APP_FEED__SPEED=0")
    }
}

/// p-th percentile (0..=100) of sorted microsecond samples, in milliseconds.
pub fn percentile_ms(sorted_us: &[u64], p: f64) -> f64 {
    if sorted_us.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted_us.len() - 1) as f64).round() as usize;
    sorted_us[rank.min(sorted_us.len() - 1)] as f64 / 1000.0
}

/// utime + stime of a process, in seconds (Linux /proc).
pub fn cpu_seconds(pid: u32) -> anyhow::Result<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).context("reading /proc/PID/stat")?;
    let after = stat.rsplit_once(") ").context("stat format")?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = fields.get(11).context("utime")?.parse::<f64>()? + fields.get(12).context("stime")?.parse::<f64>()?;
    Ok(ticks / 100.0)
}

/// Resident memory of a process in bytes (Linux /proc).
pub fn rss_bytes(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).context("reading /proc/PID/status")?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).context("VmRSS")?;
    let kib: u64 = line.split_whitespace().nth(1).context("VmRSS value")?.parse()?;
    Ok(kib * 1024)
}
