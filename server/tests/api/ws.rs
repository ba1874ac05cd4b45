use crate::helpers::*;
use actix_web::web::Bytes;
use awc::ws;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

pub type Socket = actix_codec::Framed<awc::BoxedSocket, ws::Codec>;

pub async fn connect(app: &TestApp) -> Socket {
    let (_, socket) = app.client.ws(app.url("/ws")).connect().await.expect("socket opens");
    socket
}

pub async fn send(socket: &mut Socket, message: Value) {
    socket.send(ws::Message::Text(message.to_string().into())).await.expect("sends");
}

/// The next JSON text frame, skipping pings.
pub async fn next(socket: &mut Socket) -> Value {
    let deadline = Duration::from_secs(5);
    loop {
        let frame = actix_web::rt::time::timeout(deadline, socket.next()).await.expect("a frame within 5 s").expect("open").expect("valid frame");
        match frame {
            ws::Frame::Text(bytes) => return serde_json::from_slice(&bytes).expect("json frame"),
            ws::Frame::Ping(bytes) => socket.send(ws::Message::Pong(Bytes::from(bytes.to_vec()))).await.expect("pong"),
            other => panic!("unexpected frame {other:?}"),
        }
    }
}

#[actix_web::test]
async fn an_operator_credit_reaches_the_subscribed_socket_within_100_ms() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "auth", "token": player})).await;
    assert_eq!(next(&mut socket).await, json!({"type": "authed"}));
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    let snapshot = next(&mut socket).await;
    assert_eq!(snapshot["type"], "snapshot");
    assert_eq!(snapshot["data"]["balance"], 100000);
    let seq = snapshot["seq"].as_u64().expect("seq");
    let started = Instant::now();
    let credit = app.credit(&operator, "player1", 99.5);
    let (reply, delta) = futures_util::join!(credit, next(&mut socket));
    let elapsed = started.elapsed();
    assert_eq!(reply.status, 200);
    assert_eq!(delta, json!({"type": "delta", "topic": "user", "seq": seq + 1, "data": {"balance": 100099.5, "exp": 0}}));
    assert!(elapsed < Duration::from_millis(100), "credit to push took {elapsed:?}");
}

#[actix_web::test]
async fn the_user_topic_needs_auth_and_bad_messages_get_errors() {
    let app = spawn_app().await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    assert!(next(&mut socket).await["message"].as_str().expect("error").contains("needs an 'auth'"));
    send(&mut socket, json!({"type": "auth", "token": "forged"})).await;
    assert_eq!(next(&mut socket).await["type"], "error");
    socket.send(ws::Message::Text("{not json".into())).await.expect("sends");
    assert!(next(&mut socket).await["message"].as_str().expect("error").contains("unreadable"));
    send(&mut socket, json!({"type": "sub", "topic": "match:nope"})).await;
    assert!(next(&mut socket).await["message"].as_str().expect("error").contains("unknown topic"));
    send(&mut socket, json!({"type": "ping"})).await;
    assert_eq!(next(&mut socket).await, json!({"type": "pong"}));
}

#[actix_web::test]
async fn a_resubscribe_gets_a_fresh_snapshot() {
    let app = spawn_app().await;
    let player = app.player().await;
    let operator = app.operator().await;
    let mut socket = connect(&app).await;
    send(&mut socket, json!({"type": "auth", "token": player})).await;
    next(&mut socket).await;
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    next(&mut socket).await;
    send(&mut socket, json!({"type": "unsub", "topic": "user"})).await;
    app.credit(&operator, "player1", 1.0).await;
    send(&mut socket, json!({"type": "sub", "topic": "user"})).await;
    // The credit may overtake the unsub on its way to the hub: skip a delta if one came.
    let mut frame = next(&mut socket).await;
    while frame["type"] == "delta" {
        frame = next(&mut socket).await;
    }
    assert_eq!(frame["type"], "snapshot");
    assert_eq!(frame["data"]["balance"], 100001);
}
