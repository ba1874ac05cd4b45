//! One connection: a `select!` loop over inbound frames, the hub's outbound queue and the
//! heartbeat. It always ends by telling the hub and closing the socket.

use super::hub::{ConnQueue, HubCommand};
use crate::app_state::AppState;
use crate::clock::now_ms;
use crate::limits::{WS_CLIENT_TIMEOUT_MS, WS_PING_INTERVAL_MS};
use crate::push::{user_balance, user_topic};
use actix_web::web;
use actix_ws::{AggregatedMessage, AggregatedMessageStream, CloseCode, CloseReason, Session};
use futures_util::StreamExt;
use ledger::UserId;
use schemas::ws::{WsClientMessage, WsServerMessage};
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Conn {
    id: u64,
    user: Option<UserId>,
}

pub async fn run(state: web::Data<AppState>, mut session: Session, mut stream: AggregatedMessageStream) {
    let mut conn = Conn { id: state.hub.next_conn_id(), user: None };
    let queue = Arc::new(ConnQueue::default());
    state.hub.send(HubCommand::Connect { conn_id: conn.id, queue: queue.clone() }).await;
    let mut heartbeat = tokio::time::interval(Duration::from_millis(WS_PING_INTERVAL_MS));
    let mut last_heard = Instant::now();
    let reason = loop {
        tokio::select! {
            inbound = stream.next() => {
                last_heard = Instant::now();
                match inbound {
                    Some(Ok(AggregatedMessage::Text(text))) => {
                        for reply in handle_text(&state, &mut conn, &text).await {
                            if send(&mut session, &reply).await.is_err() { break; }
                        }
                    }
                    Some(Ok(AggregatedMessage::Binary(_))) => {
                        let reply = WsServerMessage::Error { message: "binary frames are not accepted; send JSON text".into() };
                        let _ = send(&mut session, &reply).await;
                    }
                    Some(Ok(AggregatedMessage::Ping(bytes))) => { let _ = session.pong(&bytes).await; }
                    Some(Ok(AggregatedMessage::Pong(_))) => {}
                    Some(Ok(AggregatedMessage::Close(reason))) => break reason,
                    Some(Err(e)) => break Some(CloseReason { code: CloseCode::Protocol, description: Some(e.to_string()) }),
                    None => break None,
                }
            }
            _ = queue.ready.notified() => {
                let (frames, closed) = queue.drain();
                let mut failed = false;
                for frame in frames {
                    if session.text(frame).await.is_err() { failed = true; break; }
                }
                if failed { break None; }
                if let Some(why) = closed {
                    break Some(CloseReason { code: CloseCode::Policy, description: Some(why.into()) });
                }
            }
            _ = heartbeat.tick() => {
                if last_heard.elapsed() > Duration::from_millis(WS_CLIENT_TIMEOUT_MS) {
                    break Some(CloseReason { code: CloseCode::Normal, description: Some("heartbeat timeout".into()) });
                }
                if session.ping(b"").await.is_err() { break None; }
            }
        }
    };
    state.hub.send(HubCommand::Disconnect { conn_id: conn.id }).await;
    let _ = session.close(reason).await;
}

async fn send(session: &mut Session, message: &WsServerMessage) -> Result<(), actix_ws::Closed> {
    session.text(serde_json::to_string(message).expect("wire messages serialize")).await
}

fn error(message: impl Into<String>) -> Vec<WsServerMessage> {
    vec![WsServerMessage::Error { message: message.into() }]
}

async fn handle_text(state: &AppState, conn: &mut Conn, text: &str) -> Vec<WsServerMessage> {
    let message: WsClientMessage = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => return error(format!("unreadable message: {e}")),
    };
    match message {
        WsClientMessage::Ping => vec![WsServerMessage::Pong],
        WsClientMessage::Auth { token } => {
            let ledger = state.engine.read();
            match ledger.session_by_access(&crate::tokens::hash(&token), now_ms()) {
                Some(session) => {
                    conn.user = Some(session.user_id);
                    vec![WsServerMessage::Authed]
                }
                None => error("Access token is invalid or expired"),
            }
        }
        WsClientMessage::Sub { topic } => match resolve(state, conn, &topic) {
            Ok((key, snapshot)) => {
                state.hub.send(HubCommand::Subscribe { conn_id: conn.id, key, wire: topic, snapshot }).await;
                vec![]
            }
            Err(message) => error(message),
        },
        WsClientMessage::Unsub { topic } => match resolve(state, conn, &topic) {
            Ok((key, _)) => {
                state.hub.send(HubCommand::Unsubscribe { conn_id: conn.id, key }).await;
                vec![]
            }
            Err(message) => error(message),
        },
    }
}

/// The hub key of a client's topic name and its current value.
fn resolve(state: &AppState, conn: &Conn, topic: &str) -> Result<(String, serde_json::Value), String> {
    match topic {
        "user" => {
            let user_id = conn.user.ok_or("topic 'user' needs an 'auth' message first")?;
            let ledger = state.engine.read();
            let account = ledger.users.get(&user_id).ok_or("unknown user")?;
            let snapshot = serde_json::to_value(user_balance(account)).expect("wire types serialize");
            Ok((user_topic(user_id), snapshot))
        }
        other => resolve_public(state, other).ok_or_else(|| format!("unknown topic '{other}'")),
    }
}

/// Topics anyone may watch: a sport's home table, a match page, a casino table.
fn resolve_public(state: &AppState, topic: &str) -> Option<(String, serde_json::Value)> {
    let (kind, id) = topic.split_once(':')?;
    if kind == "casino" {
        let round = crate::casino::read(&state.casino).round(id).cloned()?;
        return Some((topic.to_owned(), serde_json::to_value(round).expect("wire types serialize")));
    }
    let book = state.book.read().unwrap_or_else(|p| p.into_inner());
    let snapshot = match kind {
        "home" => serde_json::to_value(book.home_rows(id.parse().ok()?)),
        "match" => serde_json::to_value(book.match_state(id.parse().ok()?)?),
        _ => return None,
    };
    Some((topic.to_owned(), snapshot.expect("wire types serialize")))
}
