//! WebSocket messages (DESIGN §4): tagged by `type`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

/// What a browser sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub enum WsClientMessage {
    Auth { token: String },
    Sub { topic: String },
    Unsub { topic: String },
    Ping,
}

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
#[ts(export)]
pub enum WsServerMessage {
    Authed,
    Pong,
    Snapshot {
        topic: String,
        #[ts(type = "number")]
        seq: u64,
        #[ts(type = "unknown")]
        data: Value,
    },
    Delta {
        topic: String,
        #[ts(type = "number")]
        seq: u64,
        #[ts(type = "unknown")]
        data: Value,
    },
    Error { message: String },
}
