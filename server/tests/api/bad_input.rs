use crate::helpers::*;
use serde_json::json;

#[actix_web::test]
async fn malformed_and_empty_bodies_are_400() {
    let app = spawn_app().await;
    assert_error(&app.send("POST", "/api/auth/login", None, Some("{\"username\":")).await, 400, "malformed JSON");
    assert_error(&app.send("POST", "/api/auth/login", None, Some("")).await, 400, "empty");
    assert_error(&app.send("POST", "/api/auth/login", None, Some("[1,2]")).await, 400, "invalid");
    assert_error(&app.send("POST", "/api/auth/login", None, Some("{\"username\":\"a\",\"password\":\"bbbbbb\"} x")).await, 400, "malformed JSON");
}

#[actix_web::test]
async fn an_oversized_body_is_refused() {
    let app = spawn_app().await;
    let huge = json!({"username": "player1", "password": "x".repeat(70_000)}).to_string();
    assert_error(&app.send("POST", "/api/auth/login", None, Some(&huge)).await, 413, "larger than");
}

#[actix_web::test]
async fn a_tampered_or_undecryptable_payload_is_400_and_writes_nothing() {
    let app = spawn_app().await;
    let token = app.player().await;
    let head = app.head_seq().await;
    let sealed = app.seal(&json!({"button": {"game": [{"label": "a", "value": 1}], "casino": [{"label": "b", "value": 1}]}}));
    let mut text = sealed["Payload"].as_str().expect("payload").to_owned();
    let flipped = if text.ends_with('A') { 'B' } else { 'A' };
    text.pop();
    text.push(flipped);
    let tampered = json!({"Payload": text}).to_string();
    assert_error(&app.send("PUT", "/api/userPerformance", Some(&token), Some(&tampered)).await, 400, "Payload could not be decrypted");
    let junk = json!({"Payload": "not base64 at all"}).to_string();
    assert_error(&app.send("PUT", "/api/userPerformance", Some(&token), Some(&junk)).await, 400, "Payload could not be decrypted");
    let other_key = server::crypto::PayloadCipher::from_hex(&"11".repeat(32)).expect("key");
    let foreign = json!({"Payload": other_key.encrypt(b"{}")}).to_string();
    assert_error(&app.send("PUT", "/api/userPerformance", Some(&token), Some(&foreign)).await, 400, "Payload could not be decrypted");
    assert_eq!(app.head_seq().await, head);
}

#[actix_web::test]
async fn unknown_calls_are_404_and_a_wrong_method_405_with_an_envelope() {
    let app = spawn_app().await;
    assert_error(&app.get("/api/nothing/here", None).await, 404, "No such call");
    assert_error(&app.post("/data/front/unknown", None, &json!({})).await, 404, "No such call");
    assert_error(&app.get("/api/auth/login", None).await, 405, "GET is not allowed here: use POST");
}
