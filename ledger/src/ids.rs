//! The ids every part of the ledger names. A leaf: it imports nothing of the crate, so every
//! domain module may use it without reaching into the core.

use serde::{Deserialize, Serialize};

pub type UserId = u64;
pub type SessionId = u64;
/// SHA-256 of a bearer token: tokens themselves are never stored.
pub type TokenHash = [u8; 32];

/// The bets decided together: a whole market (`scope` 0) or one of its sections (`scope` sid);
/// for a casino round, one item of it (`scope` the item's sid).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BookKey {
    pub mid: u64,
    pub scope: u32,
}

impl BookKey {
    /// Every book of market or round `mid`, as a range of keys.
    pub fn all_of(mid: u64) -> std::ops::RangeInclusive<BookKey> {
        BookKey { mid, scope: 0 }..=BookKey { mid, scope: u32::MAX }
    }
}

/// Casino books and tables are numbered from here, far above any sports market or match id and
/// still below 2^53, so they stay exact as JSON numbers in a browser.
pub const CASINO_ID_BASE: u64 = 8_000_000_000_000_000;

/// Whether a book or match id is a casino one.
pub fn is_casino_id(id: u64) -> bool {
    id >= CASINO_ID_BASE
}
