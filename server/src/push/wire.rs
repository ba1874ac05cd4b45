//! How a connection's server messages go on the wire (DESIGN §4): JSON text frames by default,
//! MessagePack binary frames when the client opens `/ws?format=msgpack`. Both carry the same
//! message: MessagePack maps keyed by the same field names (rmp-serde `to_vec_named`), so a
//! decoder gets what `JSON.parse` gets. What the client sends stays JSON text either way.

use actix_web::web::Bytes;
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

/// One encoded server message, framed: a whole, unmasked, final WebSocket frame (RFC 6455 §5.2),
/// its header written once with the message. Reference-counted: a clone for another subscriber
/// copies nothing, and a connection's write takes each frame as one slice of shared bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Encoded {
    frame: Bytes,
}

/// A server frame's header at most: no mask, a 64-bit length.
pub const FRAME_HEAD_MAX: usize = 10;
const OPCODE_TEXT: u8 = 0x1;
const OPCODE_BINARY: u8 = 0x2;

impl Encoded {
    /// A text frame of `text`.
    pub fn text(text: &str) -> Self {
        Self::framed(OPCODE_TEXT, |buf| buf.extend_from_slice(text.as_bytes()))
    }

    /// A frame whose message `write` appends to the buffer it is given: the message is written in
    /// place, after room left for the header, and the header is written before it.
    fn framed(opcode: u8, write: impl FnOnce(&mut Vec<u8>)) -> Self {
        let mut buf = vec![0; FRAME_HEAD_MAX];
        write(&mut buf);
        let len = buf.len() - FRAME_HEAD_MAX;
        let head = match len {
            0..=125 => 2,
            126..=0xFFFF => 4,
            _ => 10,
        };
        let start = FRAME_HEAD_MAX - head;
        buf[start] = 0x80 | opcode;
        match head {
            2 => buf[start + 1] = len as u8,
            4 => {
                buf[start + 1] = 126;
                buf[start + 2..FRAME_HEAD_MAX].copy_from_slice(&(len as u16).to_be_bytes());
            }
            _ => {
                buf[start + 1] = 127;
                buf[start + 2..FRAME_HEAD_MAX].copy_from_slice(&(len as u64).to_be_bytes());
            }
        }
        Encoded { frame: Bytes::from(buf).slice(start..) }
    }

    /// The whole frame, header and message.
    pub fn frame(&self) -> &Bytes {
        &self.frame
    }

    /// The message, without the frame's header. For tests.
    #[cfg(test)]
    pub fn message(&self) -> &[u8] {
        let head = match self.frame[1] & 0x7F {
            126 => 4,
            127 => 10,
            _ => 2,
        };
        &self.frame[head..]
    }

    /// The message, when the frame is text. For tests.
    #[cfg(test)]
    pub fn as_text(&self) -> Option<&str> {
        let text = self.frame[0] & 0x0F == OPCODE_TEXT;
        text.then(|| std::str::from_utf8(self.message()).expect("text frames are UTF-8"))
    }

    /// The message, when the frame is binary. For tests.
    #[cfg(test)]
    pub fn as_binary(&self) -> Option<&[u8]> {
        (self.frame[0] & 0x0F == OPCODE_BINARY).then(|| self.message())
    }
}

pub fn encode(format: Format, message: &WsServerMessage) -> Encoded {
    match format {
        Format::Json => Encoded::framed(OPCODE_TEXT, |buf| serde_json::to_writer(buf, message).expect("wire messages serialize")),
        Format::Msgpack => Encoded::framed(OPCODE_BINARY, |buf| rmp_serde::encode::write_named(buf, message).expect("wire messages serialize")),
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

enum Message {
    Typed(WsServerMessage),
    JsonDelta { topic: String, seq: u64, data: Box<RawValue> },
}

/// One message, encoded the first time a subscriber asks for each format and shared after.
pub struct Encodings {
    message: Message,
    json: Option<Encoded>,
    msgpack: Option<Encoded>,
}

impl Encodings {
    pub fn of(message: WsServerMessage) -> Self {
        Encodings { message: Message::Typed(message), json: None, msgpack: None }
    }

    /// A delta of `topic` whose data is JSON text: copied as it is into a JSON frame, parsed only
    /// for MessagePack.
    pub fn of_json_delta(topic: String, seq: u64, data: Box<RawValue>) -> Self {
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
                Format::Json => Encoded::framed(OPCODE_TEXT, |buf| serde_json::to_writer(buf, &JsonDelta { topic, seq: *seq, data }).expect("wire messages serialize")),
                Format::Msgpack => {
                    let data = serde_json::from_str(data.get()).expect("JSON text the server wrote");
                    encode(format, &WsServerMessage::Delta { topic: topic.clone(), seq: *seq, data })
                }
            },
        })
        .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_http::ws::{OpCode, Parser};
    use actix_web::web::BytesMut;

    #[test]
    fn a_msgpack_frame_decodes_to_the_json_frames_value() {
        let message = WsServerMessage::Delta {
            topic: "match:7".into(),
            seq: 3,
            data: serde_json::json!({"kind": "market", "market": {"mid": 12, "odds": [1.85, 2], "rem": "", "open": true, "gone": null}}),
        };
        let (json, msgpack) = (encode(Format::Json, &message), encode(Format::Msgpack, &message));
        let (json, msgpack) = (json.as_text().expect("JSON is text"), msgpack.as_binary().expect("MessagePack is binary"));
        let from_json: serde_json::Value = serde_json::from_str(json).expect("json");
        let from_msgpack: serde_json::Value = rmp_serde::from_slice(msgpack).expect("msgpack");
        assert_eq!(from_msgpack, from_json);
        assert!(msgpack.len() < json.len(), "{} bytes of MessagePack against {} of JSON", msgpack.len(), json.len());
    }

    #[test]
    fn a_frame_is_actix_s_for_every_length_class() {
        for len in [0, 1, 125, 126, 0xFFFF, 0x1_0000] {
            let message = "x".repeat(len);
            for (encoded, opcode) in [(Encoded::text(&message), OpCode::Text), (Encoded::framed(OPCODE_BINARY, |buf| buf.extend_from_slice(message.as_bytes())), OpCode::Binary)] {
                let mut framed = BytesMut::new();
                Parser::write_message(&mut framed, message.as_bytes(), opcode, true, false);
                assert_eq!(encoded.frame()[..], framed[..], "{len} bytes");
                assert_eq!(encoded.message(), message.as_bytes());
            }
        }
    }

    #[test]
    fn a_delta_of_json_text_is_framed_as_the_same_delta_of_a_value() {
        let data = serde_json::json!({"kind": "market", "market": {"mid": 12, "odds": [1.85, 2], "name": "Match \"Odds\""}});
        let typed = WsServerMessage::Delta { topic: "match:7".into(), seq: 3, data: data.clone() };
        let text = serde_json::value::to_raw_value(&data).expect("encodes");
        let mut from_text = Encodings::of_json_delta("match:7".into(), 3, text);
        let mut from_value = Encodings::of(typed);
        assert_eq!(from_text.get(Format::Json), from_value.get(Format::Json));
        assert_eq!(from_text.get(Format::Msgpack), from_value.get(Format::Msgpack));
    }

    #[test]
    fn a_message_is_encoded_once_per_format_its_subscribers_use() {
        let message = WsServerMessage::Pong;
        let mut encodings = Encodings::of(message.clone());
        let (first, second) = (encodings.get(Format::Json), encodings.get(Format::Json));
        assert_eq!(first.frame().as_ptr(), second.frame().as_ptr(), "the same bytes, shared");
        assert!(encodings.msgpack.is_none(), "no subscriber asked for MessagePack");
        assert_eq!(encodings.get(Format::Msgpack), encode(Format::Msgpack, &message));
    }
}
