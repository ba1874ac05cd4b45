//! A full disk: on a small tmpfs holding the data directory, once the disk is full a
//! write answers 503 with the reason and changes nothing, reads go on, writes resume by
//! themselves when space returns, and nothing acknowledged is lost (after a restart, every
//! acknowledged credit is in the log once and the audit is green). On both local logs: sled
//! (the default) and the segment files.
//!
//! Mounting a tmpfs needs root (CAP_SYS_ADMIN), which the project's machines and CI have; where
//! the mount is refused the test says so and passes without running (it cannot fake a full disk).

mod common;

use common::{audit_verify, call, kill_server, login, start_server_with};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::process::Command;

/// The tmpfs: small enough to fill quickly, large enough for a fresh ledger.
const DISK_MB: u32 = 48;

/// Credits sent on the full disk before one must be refused.
const FULL_WRITES_MAX: usize = 20_000;

struct Mount(std::path::PathBuf);

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

fn mount_tmpfs(at: &Path) -> Option<Mount> {
    let status = Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={DISK_MB}m"), "tmpfs"]).arg(at).status().ok()?;
    status.success().then(|| Mount(at.to_path_buf()))
}

/// Writes zeros into `path` until the disk refuses: the disk is then full.
fn fill(path: &Path) {
    let mut file = std::fs::File::create(path).expect("the filler can be created");
    let chunk = vec![0u8; 64 * 1024];
    loop {
        if let Err(e) = file.write_all(&chunk).and_then(|()| file.sync_data()) {
            assert_eq!(e.raw_os_error(), Some(28), "ENOSPC: {e}");
            break;
        }
    }
    // Also the last partial chunk's room.
    let _ = file.write_all(&[0u8; 4096]);
}

async fn credit(http: &awc::Client, base: &str, token: &str, remark: &str) -> Value {
    call(http, "POST", &format!("{base}/api/ops/credit"), Some(token), Some(&json!({"username": "player1", "amount": 1, "remark": remark}))).await
}

#[actix_web::test]
async fn a_full_disk_refuses_writes_with_503_keeps_reads_and_loses_nothing_acknowledged_on_sled() {
    full_disk("sled").await;
}

#[actix_web::test]
async fn a_full_disk_refuses_writes_with_503_keeps_reads_and_loses_nothing_acknowledged_on_the_segment_log() {
    full_disk("segments").await;
}

async fn full_disk(log_kind: &str) {
    let temp = tempfile::tempdir().expect("temp dir");
    let disk = temp.path().join("disk");
    std::fs::create_dir(&disk).expect("mount point");
    let Some(_mount) = mount_tmpfs(&disk) else {
        eprintln!("skipped: this machine does not let the test mount a tmpfs (needs root)");
        return;
    };
    let data = disk.join("data");
    let log = temp.path().join("server.log");
    // No request limit: the log takes writes into the space it allocated ahead (the segment
    // log's `PREALLOCATE_BYTES`, sled's segment) after the disk fills, more than the per-address limit lets through.
    let env = [("APP_CASINO__SIMULATOR", "false"), ("APP_FEED__SIMULATOR", "false"), ("APP_LIMITS__API_REQUESTS_PER_SEC_PER_IP", "0")];
    let mut server = start_server_with(&data, &log, &env, &["--log", log_kind]);
    let base = format!("http://127.0.0.1:{}", server.port);
    let http = awc::Client::builder().timeout(std::time::Duration::from_secs(30)).finish();
    let operator = login(&http, &base, "operator", "operator123").await;
    let player = login(&http, &base, "player1", "player123").await;
    let mut acknowledged = Vec::new();
    for n in 0..5 {
        let answer = credit(&http, &base, &operator, &format!("before {n}")).await;
        assert_eq!(answer["success"], true, "{answer}");
        acknowledged.push(format!("before {n}"));
    }

    let filler = disk.join("filler");
    fill(&filler);
    // The log writes into the zeros it allocated ahead of its data, so the first writes after the
    // disk fills still land; keep writing until the first refusal (bounded).
    let mut first_refusal = None;
    for n in 0..FULL_WRITES_MAX {
        let remark = format!("full {n}");
        let answer = credit(&http, &base, &operator, &remark).await;
        if answer["success"] == true {
            acknowledged.push(remark);
        } else {
            first_refusal = Some(answer);
            break;
        }
    }
    let refusal = first_refusal.unwrap_or_else(|| panic!("no refusal in {FULL_WRITES_MAX} writes on a full disk"));
    assert!(refusal["message"].as_str().is_some_and(|m| m.contains("disk refused the write") && m.contains("nothing was changed")), "a clear reason: {refusal}");
    for n in 0..3 {
        let response = http
            .post(format!("{base}/api/ops/credit"))
            .bearer_auth(&operator)
            .send_json(&json!({"username": "player1", "amount": 1, "remark": format!("refused {n}")}))
            .await
            .expect("the server answers");
        assert_eq!(response.status().as_u16(), 503, "still refused while full, as unavailable");
    }
    eprintln!("acknowledged after the disk filled: {}; refusal: {refusal}", acknowledged.len() - 5);
    let me = call(&http, "GET", &format!("{base}/api/users"), Some(&player), None).await;
    assert_eq!(me["success"], true, "reads go on: {me}");

    std::fs::remove_file(&filler).expect("space returns");
    // Writes resume without a restart: the store reads its log's end again after the failed write.
    let resumed = credit(&http, &base, &operator, "space back").await;
    assert_eq!(resumed["success"], true, "writes resume once space returns: {resumed}");
    acknowledged.push("space back".to_owned());
    let player_after = call(&http, "GET", &format!("{base}/api/users"), Some(&player), None).await;
    assert_eq!(player_after["success"], true, "reads too: {player_after}");
    kill_server(&mut server);
    let mut server = start_server_with(&data, &log, &env, &[]);
    let base = format!("http://127.0.0.1:{}", server.port);
    let operator = login(&http, &base, "operator", "operator123").await;
    let answer = credit(&http, &base, &operator, "after").await;
    assert_eq!(answer["success"], true, "writes work again: {answer}");
    acknowledged.push("after".to_owned());
    kill_server(&mut server);

    let verify = audit_verify(&data);
    assert!(verify.status.success(), "audit green: {}", String::from_utf8_lossy(&verify.stderr));
    let events = Command::new(env!("CARGO_BIN_EXE_exchange")).args(["audit", "events", "--kind", "OperatorActed", "--data"]).arg(&data).output().expect("runs");
    let lines = String::from_utf8_lossy(&events.stdout);
    for remark in &acknowledged {
        assert_eq!(lines.matches(&format!("\"{remark}\"")).count(), 1, "{remark} once in the log:\n{lines}");
    }
}
