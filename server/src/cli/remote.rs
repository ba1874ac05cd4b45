//! A signed-in operator session on a running server, for the `exchange` tool: its own tool
//! session (the operator's browser session stays signed in), ended after the work.

use anyhow::{bail, Context};
use serde::Serialize;
use serde_json::Value;

pub struct Remote {
    base: String,
    token: String,
    client: awc::Client,
}

/// What a tool waits for one answer.
const CALL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

impl Remote {
    pub async fn sign_in(url: &str, operator: &str, password: &str) -> anyhow::Result<Remote> {
        Remote::sign_in_with(url, serde_json::json!({"username": operator, "password": password, "client": "cli"})).await
    }

    /// A player's session (players have no tool sessions): a scenario's scripted account.
    pub async fn sign_in_player(url: &str, username: &str, password: &str) -> anyhow::Result<Remote> {
        Remote::sign_in_with(url, serde_json::json!({"username": username, "password": password})).await
    }

    async fn sign_in_with(url: &str, login: Value) -> anyhow::Result<Remote> {
        let client = awc::Client::builder().timeout(CALL_TIMEOUT).finish();
        let base = url.trim_end_matches('/').to_owned();
        let mut response = client.post(format!("{base}/api/auth/login")).send_json(&login).await.map_err(|e| anyhow::anyhow!("calling {base}: {e}"))?;
        let status = response.status();
        let body: Value = response.json().await.context("reading the login answer")?;
        let Some(token) = body["data"]["accessToken"].as_str() else { bail!("login of {} failed: {status}: {}", login["username"], body["message"]) };
        Ok(Remote { base, token: token.to_owned(), client })
    }

    /// One call (`path` under the server, e.g. `/api/ops/feed`): the answer's `data`.
    pub async fn call<T: Serialize>(&self, method: &str, path: &str, body: Option<&T>) -> anyhow::Result<Value> {
        let url = format!("{}{path}", self.base);
        let request = match method {
            "GET" => self.client.get(url),
            "POST" => self.client.post(url),
            "PUT" => self.client.put(url),
            "DELETE" => self.client.delete(url),
            other => bail!("method {other}: GET, POST, PUT or DELETE"),
        }
        .bearer_auth(&self.token);
        let response = match body {
            Some(body) => request.send_json(body).await,
            None => request.send().await,
        };
        let mut response = response.map_err(|e| anyhow::anyhow!("calling {path}: {e}"))?;
        let status = response.status();
        let body: Value = response.json().limit(64 * 1024 * 1024).await.context("reading the answer")?;
        if !status.is_success() {
            bail!("{status}: {}", body["message"]);
        }
        Ok(body["data"].clone())
    }

    /// The server's address.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// One call, then the tool's session ends.
    pub async fn get(self, path: &str) -> anyhow::Result<Value> {
        let answer = self.call::<()>("GET", path, None).await;
        self.logout().await;
        answer
    }

    /// One call, then the tool's session ends.
    pub async fn post<T: Serialize>(self, path: &str, body: &T) -> anyhow::Result<Value> {
        let answer = self.call("POST", path, Some(body)).await;
        self.logout().await;
        answer
    }

    /// One call answering text (JSON lines), then the tool's session ends.
    pub async fn get_text(self, path: &str) -> anyhow::Result<String> {
        let response = self.client.get(format!("{}{path}", self.base)).bearer_auth(&self.token).send().await;
        let mut response = response.map_err(|e| anyhow::anyhow!("calling {path}: {e}"))?;
        let status = response.status();
        let body = response.body().limit(1 << 30).await.context("reading the answer");
        self.logout().await;
        let body = String::from_utf8_lossy(&body?).into_owned();
        if !status.is_success() {
            bail!("{status}: {body}");
        }
        Ok(body)
    }

    /// Best effort: a session left behind ends with its refresh token anyway.
    pub async fn logout(&self) {
        let _ = self.client.get(format!("{}/api/auth/logout", self.base)).bearer_auth(&self.token).send().await;
    }
}
