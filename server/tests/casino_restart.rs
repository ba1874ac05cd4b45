//! A casino round interrupted by a crash: a player's bet on an open round, the server killed with
//! SIGKILL before the round's result, then restarted on the same data directory. With the same
//! settings the casino's world goes on: the round keeps its cards (fixed by its seed) and the bet
//! settles by the round's real result, not a void. With other settings a new world begins: the
//! interrupted round is voided and the stake comes back. The audit passes either way.

mod common;

use common::{audit_verify, call, kill_server, start_server};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

/// Rounds twice as fast as real time: 10 s of betting.
const SPEED: &str = "2";

async fn login(http: &awc::Client, base: &str) -> String {
    common::login(http, base, "player1", "player123").await
}

/// Starts the server, places a back bet on an open teen20 round, and kills the server before the
/// round's result. Returns the round, the balance before the bet, and the data directory's log.
async fn bet_then_crash(http: &awc::Client, dir: &Path, env: &[(&str, &str)]) -> (Value, Value) {
    let mut server = start_server(dir, &dir.with_extension("first.log"), env);
    let base = format!("http://127.0.0.1:{}", server.port);
    let cipher = common::payload_cipher(http, &base).await;
    let token = login(http, &base).await;
    let before = call(http, "GET", &format!("{base}/api/users"), Some(&token), None).await["data"].clone();
    let deadline = Instant::now() + Duration::from_secs(40);
    let round = loop {
        let round = call(http, "POST", &format!("{base}/data/front/casino/data2?gType=teen20&j=1"), None, Some(&json!({}))).await["data"].clone();
        if round["status"] == "OPEN" && round["lt"].as_u64().unwrap_or(0) >= 3 {
            break round;
        }
        assert!(Instant::now() < deadline, "no open round: {round}");
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    };
    let bet = json!({"subType": "teen20", "marketId": round["mid"], "sectionId": 1, "uRate": round["items"][0]["b"], "amount": 250, "betType": "back", "requestId": "crash-bet"});
    let sealed = json!({"Payload": cipher.encrypt(bet.to_string().as_bytes())});
    let placed = call(http, "POST", &format!("{base}/api/bet/place/casino"), Some(&token), Some(&sealed)).await;
    assert!(placed["Payload"].is_string(), "the bet is placed: {placed}");
    let held = call(http, "GET", &format!("{base}/api/users"), Some(&token), None).await["data"].clone();
    assert_eq!(held["exp"].as_f64(), Some(-250.0));
    kill_server(&mut server);
    (round, before)
}

/// The player's bet on the round once it is settled (waiting for the round to end).
async fn settled_bet(http: &awc::Client, base: &str, token: &str, mid: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        let bets = call(http, "GET", &format!("{base}/api/bet?marketId={mid}&gType=teen20"), Some(token), None).await;
        let bet = bets["data"]["bets"][0].clone();
        if !bet["result"].is_null() {
            return bet;
        }
        assert!(Instant::now() < deadline, "the round never settled: {bets}");
        actix_web::rt::time::sleep(Duration::from_millis(250)).await;
    }
}

#[actix_web::test]
async fn a_round_cut_short_by_a_crash_goes_on_after_the_restart_and_settles_by_its_cards() {
    let temp = tempfile::tempdir().expect("a temporary directory");
    let dir = temp.path().join("data");
    let env = [("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SPEED", SPEED)];
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let (round, before) = bet_then_crash(&http, &dir, &env).await;
    let mid = round["mid"].as_str().expect("mid");

    let mut server = start_server(&dir, &temp.path().join("second.log"), &env);
    let base = format!("http://127.0.0.1:{}", server.port);
    let token = login(&http, &base).await;
    let bet = settled_bet(&http, &base, &token, mid).await;
    assert_eq!(bet["voided"], false, "the round was not voided: {bet}");
    let result = call(&http, "POST", &format!("{base}/api/front/casino/result"), Some(&token), Some(&json!({"gtype": "teen20", "mid": mid}))).await;
    let outcome = result["data"]["result"]["items"].as_array().unwrap_or_else(|| panic!("the round result: {result}")).iter().find(|i| i["sid"] == 1).expect("item 1")["outcome"]["kind"].clone();
    let rate = round["items"][0]["b"].as_f64().expect("rate");
    let expected = if outcome == "win" { (250.0 * (rate - 1.0) * 100.0).floor() / 100.0 } else { -250.0 };
    assert_eq!(bet["result"].as_f64(), Some(expected), "settled by the round's cards ({outcome}): {bet}");
    let after = call(&http, "GET", &format!("{base}/api/users"), Some(&token), None).await["data"].clone();
    assert_eq!(after["exp"].as_f64(), Some(0.0), "{after}");
    assert_eq!(after["balance"].as_f64(), before["balance"].as_f64().map(|b| b + expected), "{after}");
    kill_server(&mut server);
    let audit = audit_verify(&dir);
    assert!(audit.status.success(), "audit verify failed:\n{}", String::from_utf8_lossy(&audit.stdout));
}

#[actix_web::test]
async fn a_restart_with_other_casino_settings_voids_the_interrupted_round_and_returns_the_stake() {
    let temp = tempfile::tempdir().expect("a temporary directory");
    let dir = temp.path().join("data");
    let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
    let (round, before) = bet_then_crash(&http, &dir, &[("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SPEED", SPEED)]).await;

    let reseeded = [("APP_FEED__SIMULATOR", "false"), ("APP_CASINO__SPEED", SPEED), ("APP_CASINO__SEED", "999")];
    let mut server = start_server(&dir, &temp.path().join("second.log"), &reseeded);
    let base = format!("http://127.0.0.1:{}", server.port);
    let token = login(&http, &base).await;
    let after = call(&http, "GET", &format!("{base}/api/users"), Some(&token), None).await["data"].clone();
    assert_eq!((after["balance"].as_f64(), after["exp"].as_f64()), (before["balance"].as_f64(), Some(0.0)), "{after}");
    let bets = call(&http, "GET", &format!("{base}/api/bet?marketId={}&gType=teen20", round["mid"].as_str().expect("mid")), Some(&token), None).await;
    assert_eq!(bets["data"]["bets"][0]["result"].as_f64(), Some(0.0), "voided: {bets}");
    assert_eq!(bets["data"]["bets"][0]["voided"], true, "marked void: {bets}");
    // The void round opens from the statement: its page says void, with the bet and no profit.
    let detail = call(&http, "POST", &format!("{base}/api/front/casino/result"), Some(&token), Some(&json!({"gtype": "teen20", "mid": round["mid"]}))).await;
    assert_eq!(detail["success"], true, "{detail}");
    assert_eq!((detail["data"]["result"]["winner"].as_str(), detail["data"]["result"]["mid"].as_str()), (Some("Void"), round["mid"].as_str()), "{detail}");
    assert_eq!(detail["data"]["bets"].as_array().map(Vec::len), Some(1), "{detail}");
    assert_eq!(detail["data"]["totalProfit"].as_f64(), Some(0.0), "{detail}");
    kill_server(&mut server);
    let audit = audit_verify(&dir);
    assert!(audit.status.success(), "audit verify failed:\n{}", String::from_utf8_lossy(&audit.stdout));
}

/// The tile of `gtype` in the lobby's every-table list.
async fn tile(http: &awc::Client, base: &str, gtype: &str) -> Value {
    let all = call(http, "POST", &format!("{base}/data/front/casino/alllist"), None, Some(&json!({"gmid": 35, "ismob": 1}))).await;
    all["data"]["t1"].as_array().expect("tiles").iter().find(|t| t["gmid"] == gtype).cloned().expect("the table's tile")
}

#[actix_web::test]
async fn a_table_an_operator_locked_stays_locked_across_a_restart_until_unlocked() {
    let http = awc::Client::default();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut server = start_server(dir.path(), &dir.path().with_extension("lock1.log"), &[]);
    let base = format!("http://127.0.0.1:{}", server.port);
    let operator = common::login(&http, &base, "operator", "operator123").await;
    let locked = call(&http, "POST", &format!("{base}/api/ops/casino/war/lock"), Some(&operator), Some(&json!({"remark": "shoe check"}))).await;
    assert_eq!(locked["data"]["locked"], true, "{locked}");
    assert_eq!(tile(&http, &base, "war").await["locked"], true);
    kill_server(&mut server);

    let mut server = start_server(dir.path(), &dir.path().with_extension("lock2.log"), &[]);
    let base = format!("http://127.0.0.1:{}", server.port);
    assert_eq!(tile(&http, &base, "war").await["locked"], true, "the console's lock survives the restart");
    let operator = common::login(&http, &base, "operator", "operator123").await;
    let unlocked = call(&http, "POST", &format!("{base}/api/ops/casino/war/unlock"), Some(&operator), Some(&json!({"remark": "checked"}))).await;
    assert_eq!(unlocked["data"]["locked"], false, "{unlocked}");
    kill_server(&mut server);

    let mut server = start_server(dir.path(), &dir.path().with_extension("lock3.log"), &[]);
    let base = format!("http://127.0.0.1:{}", server.port);
    assert_eq!(tile(&http, &base, "war").await["locked"], false, "and so does the unlock");
    kill_server(&mut server);
    let audit = audit_verify(dir.path());
    assert!(audit.status.success(), "audit verify failed:\n{}", String::from_utf8_lossy(&audit.stdout));
}
