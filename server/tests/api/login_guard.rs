//! Password guessing: an attempt holds its place while it is checked, so a concurrent burst
//! cannot beat the throttle, and only failures count, so correct sign-ins at once are never
//! refused as failed ones; the throttle is per account and address, so an attacker elsewhere
//! cannot lock the owner out; one address cannot spray many accounts; and password checks run a
//! bounded number at a time, the rest turned away with 503.

use crate::helpers::*;
use futures_util::future::join_all;
use serde_json::json;

/// An app behind a trusted proxy on 127.0.0.1, so each request can come from its own address.
async fn behind_proxy(configure: impl FnOnce(&mut server::configuration::Settings)) -> TestApp {
    spawn_app_with(|s| {
        s.application.trusted_proxies = vec!["127.0.0.1".parse().expect("address")];
        s.limits.api_requests_per_sec_per_ip = 0.0;
        configure(s);
    })
    .await
}

/// A login from `address`; the status and message.
async fn login_from(app: &TestApp, address: &str, username: &str, password: &str) -> (u16, String) {
    let mut reply = app
        .client
        .post(app.url("/api/auth/login"))
        .insert_header(("x-forwarded-for", address))
        .send_json(&json!({"username": username, "password": password}))
        .await
        .expect("server answers");
    let body: serde_json::Value = reply.json().await.expect("json");
    (reply.status().as_u16(), body["message"].as_str().unwrap_or_default().to_owned())
}

#[actix_web::test]
async fn fifty_wrong_passwords_at_once_get_the_free_failures_then_429() {
    let app = behind_proxy(|s| s.auth.login_free_failures = 5).await;
    let guesses = (0..50).map(|_| login_from(&app, "203.0.113.5", "player1", "wrong-password"));
    let answers = join_all(guesses).await;
    let unauthorized = answers.iter().filter(|(status, _)| *status == 401).count();
    let throttled = answers.iter().filter(|(status, _)| *status == 429).count();
    assert_eq!(unauthorized, 5, "only the free failures were checked: {answers:?}");
    assert_eq!(throttled, 45, "{answers:?}");
    // Refused while the five were being checked (at once), or after they failed (failed logins).
    let honest = |message: &str| message == "Too many sign-ins at once; try again in a moment" || message.starts_with("Too many failed logins; try again in");
    assert!(answers.iter().filter(|(status, _)| *status == 429).all(|(_, message)| honest(message)), "{answers:?}");
    let (status, message) = login_from(&app, "203.0.113.5", "player1", "player123").await;
    assert_eq!(status, 429, "the right password right after the burst waits too: {message}");
    assert!(message.starts_with("Too many failed logins; try again in 1 second"), "{message}");
}

#[actix_web::test]
async fn many_correct_sign_ins_at_once_are_never_refused_as_failed_logins() {
    let app = behind_proxy(|s| s.auth.login_free_failures = 5).await;
    let logins = (0..60).map(|_| login_from(&app, "203.0.113.7", "player1", "player123"));
    let answers = join_all(logins).await;
    let signed_in = answers.iter().filter(|(status, _)| *status == 200).count();
    assert!(signed_in >= 5, "at least the free places sign in: {answers:?}");
    for (status, message) in &answers {
        match status {
            200 => {}
            429 => assert_eq!(message, "Too many sign-ins at once; try again in a moment", "a right password is never a failed login"),
            503 => assert!(message.contains("too many passwords at once"), "{message}"),
            other => panic!("{other}: {message}"),
        }
    }
    // Nothing of the burst counted as a failure: five wrong passwords are still free afterwards.
    for _ in 0..5 {
        assert_eq!(login_from(&app, "203.0.113.7", "player1", "wrong-password").await.0, 401);
    }
    assert_eq!(login_from(&app, "203.0.113.7", "player1", "player123").await.0, 429, "the sixth waits");
}

#[actix_web::test]
async fn an_attacker_elsewhere_cannot_lock_the_owner_out() {
    let app = behind_proxy(|s| s.auth.login_free_failures = 3).await;
    for _ in 0..3 {
        assert_eq!(login_from(&app, "198.51.100.66", "player1", "wrong-password").await.0, 401);
    }
    let (status, message) = login_from(&app, "198.51.100.66", "player1", "player123").await;
    assert_eq!(status, 429, "the attacker's address waits, even with the right password: {message}");
    assert_eq!(login_from(&app, "203.0.113.9", "player1", "player123").await.0, 200, "the owner's address is not slowed");
}

#[actix_web::test]
async fn one_address_trying_many_accounts_is_stopped() {
    let app = behind_proxy(|s| s.auth.login_failures_per_ip = 10).await;
    for n in 0..10 {
        assert_eq!(login_from(&app, "198.51.100.7", &format!("victim{n}"), "Summer2026!").await.0, 401);
    }
    let (status, message) = login_from(&app, "198.51.100.7", "player1", "Summer2026!").await;
    assert_eq!(status, 429, "{message}");
    assert_eq!(login_from(&app, "203.0.113.9", "player1", "player123").await.0, 200, "another address is not affected");
}

#[actix_web::test]
async fn password_checks_run_a_bounded_number_at_once_and_the_rest_get_503() {
    let app = behind_proxy(|s| {
        s.auth.password_checks_at_once = 1;
        s.auth.password_check_wait_ms = 1;
    })
    .await;
    // Forty unknown usernames from forty addresses: no throttle applies, only the bound.
    let logins = (0..40).map(|n| {
        let app = &app;
        async move { login_from(app, &format!("198.51.100.{n}"), &format!("nobody{n}"), "whatever1").await }
    });
    let answers = join_all(logins).await;
    let busy: Vec<_> = answers.iter().filter(|(status, _)| *status == 503).collect();
    assert!(!busy.is_empty(), "{answers:?}");
    assert!(busy.iter().all(|(_, message)| message.contains("too many passwords at once")), "{busy:?}");
    assert!(answers.iter().all(|(status, _)| *status == 401 || *status == 503), "{answers:?}");
    // The flood over, a real login goes through, and the busy answers did not count as guesses.
    assert_eq!(login_from(&app, "198.51.100.0", "player1", "player123").await.0, 200);
}
