//! Bearer tokens: 32 random bytes, sent base64url, stored only as their SHA-256.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use ledger::{TokenGrant, TokenHash};
use rand::RngCore;
use sha2::{Digest, Sha256};

pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

pub fn hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// A fresh pair of tokens and the grant the ledger records for them.
pub struct Issued {
    pub access: String,
    pub refresh: String,
    pub grant: TokenGrant,
}

pub fn issue(now_ms: i64, access_ttl_secs: u64, refresh_ttl_secs: u64) -> Issued {
    let (access, refresh) = (new_token(), new_token());
    let grant = TokenGrant {
        access: hash(&access),
        refresh: hash(&refresh),
        access_expires_ms: now_ms + (access_ttl_secs as i64) * 1000,
        refresh_expires_ms: now_ms + (refresh_ttl_secs as i64) * 1000,
    };
    Issued { access, refresh, grant }
}
