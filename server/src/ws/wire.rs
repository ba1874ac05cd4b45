//! How a connection's server messages go on the wire (DESIGN §4): JSON text frames by default,
//! MessagePack binary frames when the client opens `/ws?format=msgpack`. Both carry the same
//! message: MessagePack maps keyed by the same field names (rmp-serde `to_vec_named`), so a
//! decoder gets what `JSON.parse` gets. What the client sends stays JSON text either way.

use actix_web::web::Bytes;
use bytestring::ByteString;
use schemas::ws::WsServerMessage;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The encoding a connection asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    #[default]
    Json,
    Msgpack,
}

/// The query of `/ws`: `?format=json` (the default) or `?format=msgpack`.
#[derive(Debug, Deserialize)]
pub struct ConnectParams {
    #[serde(default)]
    pub format: Format,
}

/// One encoded server message. Reference-counted: a clone for another subscriber copies nothing.
#[derive(Debug, Clone, PartialEq)]
pub enum Encoded {
    Text(ByteString),
    Binary(Bytes),
}

impl Encoded {
    /// The message's bytes, without a frame's header.
    pub fn len(&self) -> usize {
        match self {
            Encoded::Text(text) => text.len(),
            Encoded::Binary(bytes) => bytes.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Encoded::Text(text) => text.as_bytes(),
            Encoded::Binary(bytes) => bytes,
        }
    }
}

pub fn encode(format: Format, message: &WsServerMessage) -> Encoded {
    match format {
        Format::Json => Encoded::Text(serde_json::to_string(message).expect("wire messages serialize").into()),
        Format::Msgpack => Encoded::Binary(rmp_serde::to_vec_named(message).expect("wire messages serialize").into()),
    }
}

/// A delta whose data is JSON text already: the same text `WsServerMessage::Delta` would give.
#[derive(Serialize)]
#[serde(tag = "type", rename = "delta")]
struct JsonDelta<'a> {
    topic: &'a str,
    seq: u64,
    data: &'a RawValue,
}

enum Message<'a> {
    Typed(&'a WsServerMessage),
    JsonDelta { topic: &'a str, seq: u64, data: Box<RawValue> },
}

/// One message, encoded the first time a subscriber asks for each format and shared after.
pub struct Encodings<'a> {
    message: Message<'a>,
    json: Option<Encoded>,
    msgpack: Option<Encoded>,
}

impl<'a> Encodings<'a> {
    pub fn of(message: &'a WsServerMessage) -> Self {
        Encodings { message: Message::Typed(message), json: None, msgpack: None }
    }

    /// A delta of `topic` whose data is JSON text: copied as it is into a JSON frame, parsed only
    /// for MessagePack.
    pub fn of_json_delta(topic: &'a str, seq: u64, data: Box<RawValue>) -> Self {
        Encodings { message: Message::JsonDelta { topic, seq, data }, json: None, msgpack: None }
    }

    pub fn get(&mut self, format: Format) -> Encoded {
        let slot = match format {
            Format::Json => &mut self.json,
            Format::Msgpack => &mut self.msgpack,
        };
        slot.get_or_insert_with(|| match &self.message {
            Message::Typed(message) => encode(format, message),
            Message::JsonDelta { topic, seq, data } => match format {
                Format::Json => Encoded::Text(serde_json::to_string(&JsonDelta { topic, seq: *seq, data }).expect("wire messages serialize").into()),
                Format::Msgpack => {
                    let data = serde_json::from_str(data.get()).expect("JSON text the server wrote");
                    encode(format, &WsServerMessage::Delta { topic: topic.to_string(), seq: *seq, data })
                }
            },
        })
        .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_msgpack_frame_decodes_to_the_json_frames_value() {
        let message = WsServerMessage::Delta {
            topic: "match:7".into(),
            seq: 3,
            data: serde_json::json!({"kind": "market", "market": {"mid": 12, "odds": [1.85, 2], "rem": "", "open": true, "gone": null}}),
        };
        let Encoded::Text(json) = encode(Format::Json, &message) else { panic!("JSON is text") };
        let Encoded::Binary(msgpack) = encode(Format::Msgpack, &message) else { panic!("MessagePack is binary") };
        let from_json: serde_json::Value = serde_json::from_str(&json).expect("json");
        let from_msgpack: serde_json::Value = rmp_serde::from_slice(&msgpack).expect("msgpack");
        assert_eq!(from_msgpack, from_json);
        assert!(msgpack.len() < json.len(), "{} bytes of MessagePack against {} of JSON", msgpack.len(), json.len());
    }

    #[test]
    fn a_delta_of_json_text_is_framed_as_the_same_delta_of_a_value() {
        let data = serde_json::json!({"kind": "market", "market": {"mid": 12, "odds": [1.85, 2], "name": "Match \"Odds\""}});
        let typed = WsServerMessage::Delta { topic: "match:7".into(), seq: 3, data: data.clone() };
        let text = serde_json::value::to_raw_value(&data).expect("encodes");
        let mut from_text = Encodings::of_json_delta("match:7", 3, text);
        let mut from_value = Encodings::of(&typed);
        assert_eq!(from_text.get(Format::Json), from_value.get(Format::Json));
        assert_eq!(from_text.get(Format::Msgpack), from_value.get(Format::Msgpack));
    }

    #[test]
    fn a_message_is_encoded_once_per_format_its_subscribers_use() {
        let message = WsServerMessage::Pong;
        let mut encodings = Encodings::of(&message);
        let (first, second) = (encodings.get(Format::Json), encodings.get(Format::Json));
        let (Encoded::Text(first), Encoded::Text(second)) = (first, second) else { panic!("JSON is text") };
        assert_eq!(first.as_bytes().as_ptr(), second.as_bytes().as_ptr(), "the same bytes, shared");
        assert!(encodings.msgpack.is_none(), "no subscriber asked for MessagePack");
        assert_eq!(encodings.get(Format::Msgpack), encode(Format::Msgpack, &message));
    }
}
