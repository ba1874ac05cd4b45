//! A casino round interrupted by a crash: a player's bet on an open round, the server killed
//! with SIGKILL before the round's result, then restarted on the same data directory. The table
//! opens a new round, the interrupted one is voided, the stake comes back, and the audit passes.

mod common;

use common::{audit_verify, call, start_server};
use serde_json::json;
use std::time::{Duration, Instant};

async fn login(http: &awc::Client, base: &str) -> String {
    common::login(http, base, "player1", "player123").await
}

#[actix_web::test]
async fn a_round_cut_short_by_a_crash_is_voided_and_its_stakes_returned() {
    let temp = tempfile::tempdir().expect("a temporary directory");
    let dir = temp.path().join("data");
    let env = [("APP_FEED__SIMULATOR", "false")];
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let settings = server::configuration::Settings::load().expect("configuration loads");
    let cipher = server::crypto::PayloadCipher::from_hex(&settings.payload.key_hex).expect("key");

    // Arrange: a bet on an open teen20 round (real time: 20 s of betting).
    let mut server = start_server(&dir, &temp.path().join("first.log"), &env);
    let base = format!("http://127.0.0.1:{}", server.port);
    let token = login(&http, &base).await;
    let before = call(&http, "GET", &format!("{base}/api/users"), Some(&token), None).await["data"].clone();
    let deadline = Instant::now() + Duration::from_secs(40);
    let round = loop {
        let round = call(&http, "POST", &format!("{base}/data/front/casino/data2?gType=teen20&j=1"), None, Some(&json!({}))).await["data"].clone();
        if round["status"] == "OPEN" && round["lt"].as_u64().unwrap_or(0) >= 3 {
            break round;
        }
        assert!(Instant::now() < deadline, "no open round: {round}");
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    };
    let bet = json!({"subType": "teen20", "marketId": round["mid"], "sectionId": 1, "uRate": round["items"][0]["b"], "amount": 250, "betType": "back", "requestId": "crash-bet"});
    let sealed = json!({"Payload": cipher.encrypt(bet.to_string().as_bytes())});
    let placed = call(&http, "POST", &format!("{base}/api/bet/place/casino"), Some(&token), Some(&sealed)).await;
    assert!(placed["Payload"].is_string(), "the bet is placed: {placed}");
    let held = call(&http, "GET", &format!("{base}/api/users"), Some(&token), None).await["data"].clone();
    assert_eq!(held["exp"].as_f64(), Some(-250.0));

    // Act: kill the server before the round's result, and start it again.
    server.child.kill().expect("the server can be killed");
    server.child.wait().expect("the killed server is reaped");
    let mut server = start_server(&dir, &temp.path().join("second.log"), &env);
    let base = format!("http://127.0.0.1:{}", server.port);
    let token = login(&http, &base).await;

    // Assert: the interrupted round is void, the stake is back, one statement row says so.
    let after = call(&http, "GET", &format!("{base}/api/users"), Some(&token), None).await["data"].clone();
    assert_eq!((after["balance"].as_f64(), after["exp"].as_f64()), (before["balance"].as_f64(), Some(0.0)), "{after}");
    let bets = call(&http, "GET", &format!("{base}/api/bet?marketId={}&gType=teen20", round["mid"].as_str().expect("mid")), Some(&token), None).await;
    assert_eq!(bets["data"]["bets"][0]["result"].as_f64(), Some(0.0), "voided: {bets}");
    assert_eq!(bets["data"]["bets"][0]["voided"], true, "marked void: {bets}");
    server.child.kill().expect("the server can be killed");
    server.child.wait().expect("the killed server is reaped");
    let audit = audit_verify(&dir);
    assert!(audit.status.success(), "audit verify failed:\n{}", String::from_utf8_lossy(&audit.stdout));
}
