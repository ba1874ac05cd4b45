//! A deploy or a crash does not cancel players' bets: the simulator's feed world goes on across
//! a restart (clean stop and SIGKILL), with the same matches, ids and markets, the bets stay
//! open on them, and they then settle normally. The audit passes at the end.

mod common;

use common::{audit_verify, call, kill_server, login, open_market, start_server, stop_server};
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;

/// Frozen prices (the same world at any moment), no bet delay, no casino.
const ENV: [(&str, &str); 3] = [("APP_FEED__SPEED", "0"), ("APP_BETTING__INPLAY_DELAY_MS_PER_SEC", "0"), ("APP_CASINO__SIMULATOR", "false")];

struct Running {
    server: common::Server,
    base: String,
    token: String,
}

async fn start(http: &awc::Client, dir: &Path, log: &str) -> Running {
    let server = start_server(dir, &dir.with_extension(log), &ENV);
    let base = format!("http://127.0.0.1:{}", server.port);
    let token = login(http, &base, "player1", "player123").await;
    Running { server, base, token }
}


/// The market `mid` of match `gmid` as the match page lists it now, if it does.
async fn market_now(http: &awc::Client, base: &str, gmid: &Value, mid: &Value) -> Option<Value> {
    let markets = call(http, "POST", &format!("{base}/data/front/gamedetailPrivate?etid=4&gmid={gmid}"), None, Some(&json!({}))).await;
    markets["data"].as_array()?.iter().find(|m| &m["mid"] == mid).cloned()
}

/// Backs the first runner of `market` for 100 at its best back price (the answer as sent).
async fn back_100(http: &awc::Client, running: &Running, market: &Value, request_id: &str) -> Value {
    let cipher = common::payload_cipher(http, &running.base).await;
    let back = market["section"][0]["odds"].as_array().expect("odds").iter().find(|l| l["otype"] == "back").expect("a back price")["odds"].clone();
    let bet = json!({"gameId": market["gmid"], "marketId": market["mid"], "sectionId": market["section"][0]["sid"], "uRate": back, "amount": 100, "betType": "back", "requestId": request_id});
    call(http, "POST", &format!("{}/api/bet/place", running.base), Some(&running.token), Some(&json!({"Payload": cipher.encrypt(bet.to_string().as_bytes())}))).await
}

async fn open_bets(http: &awc::Client, running: &Running, gmid: &Value) -> Vec<Value> {
    let bets = call(http, "GET", &format!("{}/api/bet?gameId={gmid}", running.base), Some(&running.token), None).await;
    bets["data"]["bets"].as_array().cloned().unwrap_or_default()
}

async fn account(http: &awc::Client, running: &Running) -> Value {
    call(http, "GET", &format!("{}/api/users", running.base), Some(&running.token), None).await["data"].clone()
}

#[actix_web::test]
async fn open_sports_bets_survive_a_clean_stop_and_a_kill_and_then_settle_normally() {
    let temp = tempfile::tempdir().expect("a temporary directory");
    let dir = temp.path().join("data");
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    // Arrange: a back bet on an open match-odds market.
    let mut running = start(&http, &dir, "first.log").await;
    let market = open_market(&http, &running.base).await;
    let (gmid, mid) = (market["gmid"].clone(), market["mid"].clone());
    let placed = back_100(&http, &running, &market, "restart-bet").await;
    assert!(placed["Payload"].is_string(), "the bet is placed: {placed}");
    let held = account(&http, &running).await;
    assert_eq!(held["exp"].as_f64(), Some(-100.0), "{held}");

    // Act and assert: after a clean stop, then after SIGKILL, the same bet is open on the same
    // match and market, with the same exposure.
    for (how, log) in [("clean stop", "second.log"), ("SIGKILL", "third.log")] {
        if how == "clean stop" {
            stop_server(&mut running.server);
        } else {
            kill_server(&mut running.server);
        }
        running = start(&http, &dir, log).await;
        let bets = open_bets(&http, &running, &gmid).await;
        assert_eq!(bets.len(), 1, "after a {how} the bet is still open: {bets:?}");
        assert_eq!(bets[0]["marketId"], mid, "on the same market");
        assert!(market_now(&http, &running.base, &gmid, &mid).await.is_some(), "after a {how} the match page still lists market {mid}");
        assert_eq!(account(&http, &running).await["exp"], held["exp"], "after a {how} the exposure is the same");
    }

    // The match then ends and the bet settles with a result (not a void).
    let operator = login(&http, &running.base, "operator", "operator123").await;
    let finished = call(&http, "POST", &format!("{}/api/ops/feed/{gmid}/finish", running.base), Some(&operator), Some(&json!({"winner": "home", "remark": "match over"}))).await;
    assert_eq!(finished["success"], true, "{finished}");
    let settled = account(&http, &running).await;
    assert_eq!(settled["exp"].as_f64(), Some(0.0), "{settled}");
    assert_ne!(settled["balance"], held["balance"], "won or lost: the balance moved, the stake was not just returned");
    assert!(open_bets(&http, &running, &gmid).await.is_empty());
    kill_server(&mut running.server);
    let audit = audit_verify(&dir);
    assert!(audit.status.success(), "audit verify failed:\n{}", String::from_utf8_lossy(&audit.stdout));
}

#[actix_web::test]
async fn a_market_an_operator_settled_stays_closed_after_a_restart() {
    let temp = tempfile::tempdir().expect("a temporary directory");
    let dir = temp.path().join("data");
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let mut running = start(&http, &dir, "first.log").await;
    let market = open_market(&http, &running.base).await;
    let (gmid, mid, sid) = (market["gmid"].clone(), market["mid"].clone(), market["section"][0]["sid"].clone());
    let operator = login(&http, &running.base, "operator", "operator123").await;
    let settled = call(&http, "POST", &format!("{}/api/ops/feed/{gmid}/markets/{mid}/settle", running.base), Some(&operator), Some(&json!({"result": {"kind": "winner", "sid": sid}, "remark": "settled by hand"}))).await;
    assert_eq!(settled["success"], true, "{settled}");
    assert_eq!(market_now(&http, &running.base, &gmid, &mid).await.expect("listed")["status"], "CLOSED");

    // The simulator's world resumes after the restart with the market it never settled itself.
    stop_server(&mut running.server);
    running = start(&http, &dir, "second.log").await;
    let shown = market_now(&http, &running.base, &gmid, &mid).await.expect("still listed");
    assert_eq!(shown["status"], "CLOSED", "after a restart the settled market shows closed: {shown}");
    let refused = back_100(&http, &running, &market, "after-settle").await;
    assert_eq!((&refused["success"], refused["message"].as_str().is_some_and(|m| m.contains("CLOSED"))), (&json!(false), true), "refused as closed: {refused}");
    let other = open_market(&http, &running.base).await;
    assert_ne!((&other["gmid"], &other["mid"]), (&gmid, &mid), "the open markets listed are others");
    kill_server(&mut running.server);
}
