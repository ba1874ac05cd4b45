//! `spawn_app` starts the real server on port 0 with a fresh data directory; one helper per call.

use serde_json::{json, Value};
use server::app::Application;
use server::configuration::Settings;

pub struct TestApp {
    pub address: String,
    pub client: awc::Client,
    pub settings: Settings,
    _data: tempfile::TempDir,
}

pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(configure: impl FnOnce(&mut Settings)) -> TestApp {
    let data = tempfile::tempdir().expect("temp dir");
    let mut settings = Settings::load().expect("configuration loads");
    settings.application.port = 0;
    settings.application.data_dir = data.path().to_path_buf();
    settings.application.static_dir = data.path().join("no-client");
    // The casino tables log rounds all the time; tests that want them turn them on.
    settings.casino.simulator = false;
    configure(&mut settings);
    // The key the server will draw for this data directory, read back for sealing.
    let keys = server::keys::load_or_create(&settings.application.data_dir, settings.payload.key_hex.as_deref(), settings.auth.secret_key_hex.as_deref()).expect("keys");
    settings.site.payload_key = keys.payload_hex;
    let app = Application::build(settings.clone()).await.expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run_until_stopped());
    TestApp { address, client: awc::Client::default(), settings, _data: data }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn send(&self, method: &str, path: &str, token: Option<&str>, body: Option<&str>) -> Reply {
        let mut request = self.client.request(method.parse().expect("method"), self.url(path)).insert_header(("content-type", "application/json"));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let mut response = match body {
            Some(body) => request.send_body(body.to_owned()).await,
            None => request.send().await,
        }
        .expect("server answers");
        let bytes = response.body().limit(16 * 1024 * 1024).await.expect("body reads");
        let body = serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
        Reply { status: response.status().as_u16(), body }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send("GET", path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Reply {
        self.send("POST", path, token, Some(&body.to_string())).await
    }

    pub async fn login_reply(&self, username: &str, password: &str) -> Reply {
        self.post("/api/auth/login", None, &json!({"username": username, "password": password})).await
    }

    /// Access token, refresh token and user of a successful login.
    pub async fn login(&self, username: &str, password: &str) -> (String, String, Value) {
        let reply = self.login_reply(username, password).await;
        assert_eq!(reply.status, 200, "login of {username}: {}", reply.body);
        let data = reply.data();
        (data["accessToken"].as_str().expect("access").into(), data["refreshToken"].as_str().expect("refresh").into(), data["user"].clone())
    }

    pub async fn player(&self) -> String {
        self.login("player1", "player123").await.0
    }

    pub async fn operator(&self) -> String {
        self.login("operator", "operator123").await.0
    }

    pub async fn credit(&self, operator: &str, username: &str, amount: f64) -> Reply {
        self.post("/api/ops/credit", Some(operator), &json!({"username": username, "amount": amount, "remark": "test credit"})).await
    }

    /// The head of the log: bad input must leave it where it was.
    pub async fn head_seq(&self) -> u64 {
        self.get("/health", None).await.data()["seq"].as_u64().expect("seq")
    }

    /// Opens an encrypted response body with the configured key.
    pub fn open(&self, reply: &Reply) -> Value {
        let sealed = reply.body["Payload"].as_str().unwrap_or_else(|| panic!("encrypted body expected: {}", reply.body));
        let cipher = server::crypto::PayloadCipher::from_hex(&self.settings.site.payload_key).expect("key");
        serde_json::from_slice(&cipher.decrypt(sealed).expect("decrypts")).expect("json inside")
    }

    pub fn seal(&self, plain: &Value) -> Value {
        self.seal_text(&plain.to_string())
    }

    /// Seals a body's JSON text as sent, for numbers a `Value` would not keep as written.
    pub fn seal_text(&self, plain: &str) -> Value {
        let cipher = server::crypto::PayloadCipher::from_hex(&self.settings.site.payload_key).expect("key");
        json!({ "Payload": cipher.encrypt(plain.as_bytes()) })
    }

    pub async fn create_user(&self, operator: &str, username: &str, must_change_password: bool) -> Value {
        let body = json!({"username": username, "password": "secret12", "role": "user", "mustChangePassword": must_change_password});
        let reply = self.post("/api/ops/users", Some(operator), &body).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.data().clone()
    }
}

/// Asserts status and that the message contains `needle`.
#[track_caller]
pub fn assert_error(reply: &Reply, status: u16, needle: &str) {
    assert_eq!(reply.status, status, "{}", reply.body);
    assert_eq!(reply.body["success"], false, "{}", reply.body);
    assert!(reply.message().contains(needle), "message {:?} should contain {needle:?}", reply.message());
}
