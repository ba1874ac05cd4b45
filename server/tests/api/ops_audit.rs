//! The operators' calls that read the whole log (replays, verifies, event searches and exports)
//! run a bounded number at a time: past their places and a short queue they are answered busy at
//! once (503 with Retry-After), and the players' calls go on being served.

use crate::helpers::*;
use futures_util::future::{join, join_all};

/// A raw GET: status, `Retry-After`, `Transfer-Encoding` and body text.
async fn fetch(app: &TestApp, path: &str, token: &str) -> (u16, Option<String>, Option<String>, String) {
    let mut response = app.client.get(app.url(path)).bearer_auth(token).send().await.expect("server answers");
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let (retry_after, transfer) = (header("retry-after"), header("transfer-encoding"));
    let body = response.body().limit(64 * 1024 * 1024).await.expect("body reads");
    (response.status().as_u16(), retry_after, transfer, String::from_utf8_lossy(&body).into_owned())
}

#[actix_web::test]
async fn audit_calls_past_their_places_are_told_the_audit_is_busy_while_players_are_served() {
    let app = spawn_app_with(|s| {
        s.limits.api_requests_per_sec_per_ip = 0.0;
        s.limits.audit_calls_at_once = 1;
        s.limits.audit_calls_waiting_max = 1;
    })
    .await;
    let operator = app.operator().await;
    let player = app.player().await;
    // A log long enough that each replay takes a moment.
    for _ in 0..10 {
        let credits = join_all((0..100).map(|_| app.credit(&operator, "player1", 1.0))).await;
        assert!(credits.iter().all(|c| c.status == 200));
    }
    let paths = ["/api/ops/audit/moment", "/api/ops/audit/verify", "/api/ops/audit/events.jsonl", "/api/ops/audit/state", "/api/ops/audit/events?limit=10"];
    let calls = (0..30).map(|n| fetch(&app, paths[n % paths.len()], &operator));
    let (answers, profile) = join(join_all(calls), app.get("/api/users", Some(&player))).await;

    assert_eq!(profile.status, 200, "a player's call is served during the audit calls: {}", profile.body);
    assert!(answers.iter().all(|(status, ..)| *status == 200 || *status == 503), "{answers:?}");
    assert!(answers.iter().any(|(status, ..)| *status == 200), "the audit still runs");
    let busy: Vec<_> = answers.iter().filter(|(status, ..)| *status == 503).collect();
    assert!(!busy.is_empty(), "one place and one in the queue cannot take 30 calls at once");
    for (_, retry_after, _, body) in &busy {
        let message = serde_json::from_str::<serde_json::Value>(body).expect("an envelope")["message"].as_str().unwrap_or_default().to_owned();
        assert!(message.starts_with("The audit is busy: ") && message.ends_with("try again in a moment"), "{message}");
        assert_eq!(retry_after.as_deref(), Some("2"));
    }
    // Once the burst is over the audit answers again, and an export comes as a stream of chunks.
    let (status, _, transfer, lines) = fetch(&app, "/api/ops/audit/events.jsonl", &operator).await;
    assert_eq!(status, 200);
    assert_eq!(transfer.as_deref(), Some("chunked"), "streamed, not built whole");
    assert!(lines.lines().count() > 1_000, "every event: {} lines", lines.lines().count());
}
