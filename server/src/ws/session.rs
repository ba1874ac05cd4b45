//! One connection: a `select!` loop over inbound frames, the hub closing the connection and the
//! heartbeat. What goes out is queued on the connection's `ConnQueue` and written from there
//! (`crate::push::outbound`). It always ends by telling the hub and closing the socket.

use crate::push::hub::HubCommand;
use crate::push::queue::ConnQueue;
use crate::push::wire::Format;
use crate::http::state::AppState;
use crate::clock::now_ms;
use crate::push::socket::ConnSocket;
use crate::limits::{WS_CLIENT_TIMEOUT_MS, WS_CLOSE_GRACE_MS, WS_PING_INTERVAL_MS, WS_SEND_STALL_MS};
use crate::push::notify::{user_balance, user_topic};
use actix_web::web;
use actix_ws::{AggregatedMessage, AggregatedMessageStream, CloseCode, CloseReason};
use futures_util::StreamExt;
use ledger::{SessionId, UserId};
use schemas::ws::{WsClientMessage, WsServerMessage};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::time::{Instant as TokioInstant, Interval, MissedTickBehavior};

struct Conn {
    id: u64,
    format: Format,
    /// The signed-in user and the session the token belonged to, after an `auth` message.
    user: Option<(UserId, SessionId)>,
}

/// How a connection's loop ended.
enum End {
    /// The connection is gone (the client closed it).
    Gone,
    /// The server or the client closes, with a reason.
    Close(Option<CloseReason>),
    /// The hub closed the connection: its close frame is already queued.
    ClosedByHub,
    /// What is queued waited too long: the client stopped reading.
    Stalled,
}

/// One connection: what it reads is handled here; what it sends is queued on `queue`, written to
/// the socket at once or by the connection's response body (`crate::push::outbound`).
pub async fn run(state: web::Data<AppState>, queue: Arc<ConnQueue>, mut stream: AggregatedMessageStream, socket: Option<ConnSocket>) {
    let mut conn = Conn { id: state.hub.next_conn_id(), format: queue.format, user: None };
    state.hub.send(HubCommand::Connect { conn_id: conn.id, queue: queue.clone() }).await;
    let mut heartbeat = heartbeat();
    let mut last_heard = Instant::now();
    let mut writable = None;
    let end = loop {
        tokio::select! {
            inbound = stream.next() => {
                last_heard = Instant::now();
                match inbound {
                    Some(Ok(AggregatedMessage::Text(text))) => {
                        for reply in handle_text(&state, &mut conn, &text).await {
                            queue.reply(crate::push::wire::encode(conn.format, &reply));
                        }
                    }
                    Some(Ok(AggregatedMessage::Binary(_))) => {
                        let reply = WsServerMessage::Error { message: "binary frames are not accepted; send JSON text".into() };
                        queue.reply(crate::push::wire::encode(conn.format, &reply));
                    }
                    Some(Ok(AggregatedMessage::Ping(bytes))) => queue.pong(bytes),
                    Some(Ok(AggregatedMessage::Pong(_))) => {}
                    Some(Ok(AggregatedMessage::Close(reason))) => break End::Close(reason),
                    Some(Err(e)) => break End::Close(Some(CloseReason { code: CloseCode::Protocol, description: Some(e.to_string()) })),
                    None => break End::Gone,
                }
            }
            _ = queue.closed_by_hub.notified() => break End::ClosedByHub,
            _ = crate::push::outbound::write_when_writable(&queue, &mut writable) => {}
            _ = heartbeat.tick() => {
                if last_heard.elapsed() > Duration::from_millis(WS_CLIENT_TIMEOUT_MS) {
                    break End::Close(Some(CloseReason { code: CloseCode::Normal, description: Some("heartbeat timeout".into()) }));
                }
                if queue.stalled(Duration::from_millis(WS_SEND_STALL_MS)) {
                    break End::Stalled;
                }
                queue.ping();
            }
        }
    };
    state.hub.send(HubCommand::Disconnect { conn_id: conn.id }).await;
    // The close handshake, bounded: the close frame is queued and the client has a few seconds
    // to end the connection. A client that stopped reading would hold it for ever (actix keeps a
    // connection while it has bytes to write), so then the socket is cut.
    let ended = match end {
        End::Close(reason) => {
            queue.close(reason);
            ends_within_grace(&mut stream, &queue, &mut writable).await
        }
        End::ClosedByHub => ends_within_grace(&mut stream, &queue, &mut writable).await,
        End::Gone => true,
        End::Stalled => false,
    };
    queue.end();
    if !ended {
        if let Some(socket) = socket {
            socket.cut();
        }
    }
}

/// The connection's heartbeat. Every connection beats on one grid, `WS_PING_INTERVAL_MS` apart
/// from the process's first connection: a worker's timer wakes it once a beat for all of its
/// connections, and their pongs come back together. A beat of its own for each would wake it for
/// every connection in turn (5,000 subscribers: ~660 wake-ups a second of the workers, ~230 on
/// the grid).
fn heartbeat() -> Interval {
    static GRID: OnceLock<TokioInstant> = OnceLock::new();
    let grid = *GRID.get_or_init(TokioInstant::now);
    let mut heartbeat = tokio::time::interval_at(next_beat(grid, TokioInstant::now()), Duration::from_millis(WS_PING_INTERVAL_MS));
    // A late beat is not made up: the next one stays on the grid.
    heartbeat.set_missed_tick_behavior(MissedTickBehavior::Skip);
    heartbeat
}

/// The first beat after `now` of the heartbeat grid that starts at `grid`.
fn next_beat(grid: TokioInstant, now: TokioInstant) -> TokioInstant {
    let beats = u64::try_from(now.duration_since(grid).as_millis()).unwrap_or(u64::MAX) / WS_PING_INTERVAL_MS + 1;
    grid + Duration::from_millis(WS_PING_INTERVAL_MS.saturating_mul(beats))
}

/// Whether the client ends the connection within `WS_CLOSE_GRACE_MS` of the close frame (which
/// may still wait for a full socket to drain).
async fn ends_within_grace(stream: &mut AggregatedMessageStream, queue: &ConnQueue, writable: &mut crate::push::outbound::Writable) -> bool {
    let grace = Duration::from_millis(WS_CLOSE_GRACE_MS);
    let ended = async {
        tokio::select! {
            _ = async { while stream.next().await.is_some() {} } => {}
            _ = crate::push::outbound::write_when_writable(queue, writable) => {}
        }
    };
    tokio::time::timeout(grace, ended).await.is_ok()
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
            if let Some(edge) = &state.edge {
                // A login this edge forwarded a moment ago is known here before the token is looked up.
                edge.reach_forwarded().await;
            }
            let found = state.engine.read().accounts.session_by_access(&crate::auth::tokens::hash(&token), now_ms()).map(|s| (s.user_id, s.id));
            match found {
                Some((user_id, session_id)) => {
                    conn.user = Some((user_id, session_id));
                    state.hub.send(HubCommand::Authenticate { conn_id: conn.id, session_id }).await;
                    vec![WsServerMessage::Authed]
                }
                None => error("Access token is invalid or expired"),
            }
        }
        WsClientMessage::Sub { topic } => match resolve_here(state, conn, &topic).await {
            Ok((key, snapshot)) => {
                state.hub.send(HubCommand::Subscribe { conn_id: conn.id, key, wire: topic, snapshot }).await;
                vec![]
            }
            Err(message) => error(message),
        },
        WsClientMessage::Unsub { topic } => match key_here(state, conn, &topic) {
            Ok(key) => {
                state.hub.send(HubCommand::Unsubscribe { conn_id: conn.id, key }).await;
                vec![]
            }
            Err(message) => error(message),
        },
    }
}

/// `resolve` on this node; an edge asks the engine node for a public topic's value, since the
/// market book and the casino tables are the engine's.
async fn resolve_here(state: &AppState, conn: &Conn, topic: &str) -> Result<(String, serde_json::Value), String> {
    match &state.edge {
        Some(edge) if topic != "user" => edge.public_snapshot(topic).await.map(|snapshot| (topic.to_owned(), snapshot)),
        _ => resolve(state, conn, topic),
    }
}

/// The hub key of a client's topic name (a public topic's key is its name).
fn key_here(state: &AppState, conn: &Conn, topic: &str) -> Result<String, String> {
    match &state.edge {
        Some(_) if topic != "user" => Ok(topic.to_owned()),
        _ => resolve(state, conn, topic).map(|(key, _)| key),
    }
}

/// The hub key of a client's topic name and its current value.
fn resolve(state: &AppState, conn: &Conn, topic: &str) -> Result<(String, serde_json::Value), String> {
    match topic {
        "user" => {
            let (user_id, session_id) = conn.user.ok_or("topic 'user' needs an 'auth' message first")?;
            let ledger = state.engine.read();
            if !ledger.accounts.sessions.contains_key(&session_id) {
                return Err(crate::push::hub::SESSION_ENDED.into());
            }
            let account = ledger.accounts.users.get(&user_id).ok_or("unknown user")?;
            let snapshot = serde_json::to_value(user_balance(account)).expect("wire types serialize");
            Ok((user_topic(user_id), snapshot))
        }
        other => crate::topics::resolve_public(&state.book, &state.casino, other).ok_or_else(|| format!("unknown topic '{other}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_opened_at_different_times_beat_together_on_the_grid() {
        let grid = TokioInstant::now();
        let period = Duration::from_millis(WS_PING_INTERVAL_MS);
        let ms = Duration::from_millis;
        // Every connection opened during the first period beats first at its end, together.
        for opened in [ms(0), ms(1), period / 2, period - ms(1)] {
            assert_eq!(next_beat(grid, grid + opened), grid + period, "opened {opened:?} after the grid's start");
        }
        // One opened on a beat waits for the next, never beats at once.
        assert_eq!(next_beat(grid, grid + period), grid + 2 * period);
        assert_eq!(next_beat(grid, grid + 7 * period + ms(3)), grid + 8 * period);
    }
}
