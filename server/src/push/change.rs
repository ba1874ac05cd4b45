//! A change of a topic: its data (`Delta`), the topic's whole value after it (`Full`), and the
//! change numbered on its way to the edges (`Change`, `Relayed`).

use serde_json::value::RawValue;
use serde_json::Value;
use std::sync::Arc;

/// A change's data: a JSON value, or JSON text already (a match's deltas, serialized straight from
/// the feed's types: no value is built for the many changes of a busy match).
pub enum Delta {
    Value(Value),
    Json(Box<RawValue>),
}

impl From<Value> for Delta {
    fn from(value: Value) -> Self {
        Delta::Value(value)
    }
}

impl From<Box<RawValue>> for Delta {
    fn from(json: Box<RawValue>) -> Self {
        Delta::Json(json)
    }
}

impl Delta {
    /// As a value, parsed when it is text (a snapshot's source, an edge's relay, MessagePack).
    pub fn to_value(&self) -> Value {
        match self {
            Delta::Value(value) => value.clone(),
            Delta::Json(json) => serde_json::from_str(json.get()).expect("JSON text the server wrote"),
        }
    }

    pub(super) fn into_value(self) -> Value {
        match self {
            Delta::Value(value) => value,
            json @ Delta::Json(_) => json.to_value(),
        }
    }
}

/// A topic's whole value after a change, for the snapshots of later subscribers and of
/// conflation.
pub enum Full {
    Value(Value),
    /// The delta is the whole value (a list or a balance sent whole).
    Delta,
    /// Read when a snapshot is needed, from a source already at least as new as this change
    /// (the match book is updated before its changes are published). A busy match changes many
    /// times between snapshots, so it is not serialized whole for every change. Deltas replace
    /// what they carry, so a snapshot newer than its `seq` is harmless.
    Later(Arc<dyn Fn() -> Option<Value> + Send + Sync>),
}

/// One change of a topic, numbered, on its way to the engine node's relay (`crate::edge`).
pub struct Change {
    pub topic: String,
    pub seq: u64,
    pub delta: Value,
    pub full: Full,
}

impl Change {
    /// The change as the edges get it: a topic whose whole value is read when needed
    /// (`Full::Later`, a match) is read now, in the relay's task: never under the publisher's own
    /// locks (the feed publishes a match's changes holding the book), and newer than the change
    /// at worst, which is harmless (deltas replace what they carry).
    pub fn relayed(self) -> Relayed {
        let full = match self.full {
            Full::Value(value) => value,
            Full::Delta => self.delta.clone(),
            Full::Later(read) => read().unwrap_or(Value::Null),
        };
        Relayed { topic: self.topic, seq: self.seq, delta: self.delta, full }
    }
}

/// One change of a topic as the engine node relays it to the edges (`crate::edge`).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Relayed {
    pub topic: String,
    pub seq: u64,
    pub delta: Value,
    /// The topic's whole value after the change, for the edges' snapshots.
    pub full: Value,
}
