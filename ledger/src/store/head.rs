//! The durable head record: the last sequence number made durable, in a 16-byte file beside a log
//! whose own recovery cannot tell a lost tail from a short log (sled's).

use super::StoreError;

/// The durable head record, beside sled's files: the last sequence number made durable.
pub const HEAD_FILE: &str = "durable-head";

/// The record: the sequence number, then the same number XOR this, both big-endian, so a record
/// that is not one reads as unreadable rather than as some other number.
const HEAD_CHECK: u64 = 0x6578_6368_616e_6765;

pub fn head_record(seq: u64) -> [u8; 16] {
    let mut record = [0u8; 16];
    record[..8].copy_from_slice(&seq.to_be_bytes());
    record[8..].copy_from_slice(&(seq ^ HEAD_CHECK).to_be_bytes());
    record
}

/// The recorded head (0 for a store that has none yet).
pub fn read_head_record(bytes: &[u8]) -> Result<u64, StoreError> {
    if bytes.is_empty() {
        return Ok(0);
    }
    let bad = |reason: &str| StoreError::BadHead { reason: reason.to_owned() };
    let record: [u8; 16] = bytes.try_into().map_err(|_| bad(&format!("{} bytes, not 16", bytes.len())))?;
    let seq = u64::from_be_bytes(record[..8].try_into().map_err(|_| bad("short"))?);
    let check = u64::from_be_bytes(record[8..].try_into().map_err(|_| bad("short"))?);
    if seq ^ HEAD_CHECK != check {
        return Err(bad("its check does not match"));
    }
    Ok(seq)
}
