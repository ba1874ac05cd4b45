//! The sled log's sealed chunks: runs of consecutive events packed into one record.
//!
//! sled keeps in memory, for as long as it is open, an entry for every page of its trees and
//! where each lies in its files; a page holds at most 16 keys, so a log of one key per event
//! costs memory in proportion to its length (about 30 bytes an event: a 50M-event log would need
//! 1.5 GB just to be open) and 1.9 to 2.6 times its encoded bytes on disk. So the log keeps its
//! newest events one key each, as the engine appends them, and a thread (`SledStore`'s sealer)
//! packs older ones, up to [`SEAL_EVENTS`] at a time and at most [`CHUNK_BYTES_MAX`] packed,
//! into one record of the `sealed` tree, then takes their single keys out. A chunk is written before its singles are removed, and sled recovers a
//! prefix of what was written, so after any crash every event is in a chunk, a single, or both
//! (then the chunk is the one read, and the next open removes the singles).
//!
//! A chunk's key is the big-endian `seq` of its first event; its value:
//!
//! ```text
//! [CHUNK_FORMAT u8][count u32 BE][zstd frame of: ([length u32 BE][rmp-serde envelope]) × count]
//! ```
//!
//! Its envelopes are the same bytes the single keys held (`super::encode`). sled checks every
//! record it stores with a CRC; a chunk is also checked when read: it decodes to `count`
//! consecutive events beginning at its key, or the read fails as damage.

use super::{decode, StoreError};
use crate::event::Envelope;
pub use crate::limits::{CHUNK_BYTES_MAX, SEAL_EVENTS};

const CHUNK_FORMAT: u8 = 1;
/// zstd's level: the chunks are written off the engine's path, and read back at replays.
const ZSTD_LEVEL: i32 = 3;

/// Packs encoded envelopes (the singles' values, in order) into a chunk's value.
pub fn pack<'a>(encoded: impl ExactSizeIterator<Item = &'a [u8]>) -> Vec<u8> {
    let count = u32::try_from(encoded.len()).expect("a chunk holds far fewer than 2^32 events");
    let mut raw = Vec::new();
    for envelope in encoded {
        let length = u32::try_from(envelope.len()).expect("an event is far smaller than 4 GB");
        raw.extend_from_slice(&length.to_be_bytes());
        raw.extend_from_slice(envelope);
    }
    let mut value = vec![CHUNK_FORMAT];
    value.extend_from_slice(&count.to_be_bytes());
    value.extend(zstd::bulk::compress(&raw, ZSTD_LEVEL).expect("zstd compresses a buffer in memory"));
    value
}

/// Packs as many of the first encoded envelopes as fit in `bytes_max` (at least one): the chunk
/// and how many it holds. Tries them all, then fewer in proportion to what the last try took.
pub fn pack_within(encoded: &[impl AsRef<[u8]>], bytes_max: usize) -> (Vec<u8>, usize) {
    let mut count = encoded.len();
    loop {
        let value = pack(encoded[..count].iter().map(AsRef::as_ref));
        if value.len() <= bytes_max || count <= 1 {
            return (value, count);
        }
        // Nine tenths of the share that would fit, and always fewer than this try.
        count = (count * bytes_max * 9 / (value.len() * 10)).clamp(1, count - 1);
    }
}

/// How many events the chunk at `first` holds, from its header alone.
pub fn count(first: u64, value: &[u8]) -> Result<u64, StoreError> {
    match value {
        [CHUNK_FORMAT, a, b, c, d, ..] => Ok(u64::from(u32::from_be_bytes([*a, *b, *c, *d]))),
        _ => Err(StoreError::Corrupt { key: first, reason: "a sealed chunk's header is not one".into() }),
    }
}

/// The chunk's events, checked to be `count` consecutive events from `first`.
pub fn unpack(first: u64, value: &[u8]) -> Result<Vec<Envelope>, StoreError> {
    let count = count(first, value)?;
    let corrupt = |reason: &str| StoreError::Corrupt { key: first, reason: format!("a sealed chunk: {reason}") };
    let raw = zstd::stream::decode_all(&value[5..]).map_err(|e| corrupt(&e.to_string()))?;
    let mut envelopes = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
    let mut rest = raw.as_slice();
    for seq in first..first + count {
        let (length, tail) = rest.split_first_chunk::<4>().ok_or_else(|| corrupt("it ends early"))?;
        let length = u32::from_be_bytes(*length) as usize;
        let bytes = tail.get(..length).ok_or_else(|| corrupt("it ends early"))?;
        envelopes.push(decode(seq, bytes).map_err(|e| corrupt(&e.to_string()))?);
        rest = &tail[length..];
    }
    if !rest.is_empty() {
        return Err(corrupt("bytes after its last event"));
    }
    Ok(envelopes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::messages::AccountEvent;
    use crate::event::Event;
    use crate::store::encode;

    fn envelopes(from: u64, count: u64) -> Vec<Envelope> {
        (from..from + count).map(|seq| Envelope { seq, at_ms: seq as i64, event: Event::Accounts(AccountEvent::RulesAccepted { user_id: seq }) }).collect()
    }

    #[test]
    fn a_chunk_holds_as_many_events_as_fit_its_bytes() {
        let events = envelopes(1, 600);
        let encoded: Vec<Vec<u8>> = events.iter().map(encode).collect();
        let (value, count) = pack_within(&encoded, 100_000);
        assert_eq!(count, 600, "all fit");
        assert_eq!(unpack(1, &value).expect("unpacks"), events);
        let (value, count) = pack_within(&encoded, 600);
        assert!(value.len() <= 600 && count < 600 && count > 10, "{count} events in {} bytes", value.len());
        assert_eq!(unpack(1, &value).expect("unpacks"), events[..count]);
        let (value, count) = pack_within(&encoded, 1);
        assert_eq!(count, 1, "one at least, whatever its size");
        assert_eq!(unpack(1, &value).expect("unpacks"), events[..1]);
    }

    #[test]
    fn a_chunk_gives_back_its_events_and_refuses_damage() {
        let events = envelopes(41, 5);
        let encoded: Vec<Vec<u8>> = events.iter().map(encode).collect();
        let value = pack(encoded.iter().map(Vec::as_slice));
        assert_eq!(count(41, &value).expect("a header"), 5);
        assert_eq!(unpack(41, &value).expect("unpacks"), events);
        // Under another key its events are out of sequence.
        assert!(unpack(40, &value).expect_err("refused").is_damage());
        let mut flipped = value.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 0x55;
        assert!(unpack(41, &flipped).expect_err("refused").is_damage());
        assert!(unpack(41, &value[..value.len() - 4]).expect_err("refused").is_damage());
        assert!(count(41, &[9, 0, 0, 0, 1]).expect_err("refused").is_damage());
    }
}
