//! Time-based one-time passwords (RFC 6238, computed by `totp-rs`): HMAC-SHA-1, 30-second steps,
//! 6 digits, as every authenticator app computes them. Secrets travel as base32 (RFC 4648). A
//! code's step is what the ledger keeps, so no code is accepted twice (`matching_step`).

use rand::RngCore;
use totp_rs::{Algorithm, Builder, Secret, Totp};

pub const STEP_SECS: i64 = 30;
pub const DIGITS: u32 = 6;
/// Secret bytes: RFC 4226 recommends 160 bits, the size of the SHA-1 output.
pub const SECRET_BYTES: usize = 20;
/// Steps either side of now a code is still accepted for: clocks of phones drift.
pub const SKEW_STEPS: u64 = 1;

pub fn new_secret() -> [u8; SECRET_BYTES] {
    let mut secret = [0u8; SECRET_BYTES];
    rand::thread_rng().fill_bytes(&mut secret);
    secret
}

/// The generator of `secret`'s codes with `digits` digits. Built without the crate's RFC checks:
/// the secret's length is decided where it is made (`SECRET_BYTES`), and a secret stored before is
/// taken as it is.
fn totp(secret: &[u8], digits: u8) -> Totp {
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(digits)
        .with_skew(SKEW_STEPS as u16)
        .with_step_duration(STEP_SECS as u64)
        .with_secret(secret.to_vec())
        .build_noncompliant()
}

/// RFC 4648 base32 without padding.
pub fn base32_encode(bytes: &[u8]) -> String {
    Secret::from(bytes.to_vec()).to_base32()
}

/// Base32 in either case, spaces and padding ignored; `None` on any other character.
pub fn base32_decode(text: &str) -> Option<Vec<u8>> {
    let plain: String = text.chars().filter(|c| !matches!(c, ' ' | '=')).map(|c| c.to_ascii_uppercase()).collect();
    if plain.is_empty() {
        return Some(Vec::new());
    }
    Secret::try_from_base32(&plain).ok().map(|secret| secret.as_bytes().to_vec())
}

/// The time step of a Unix time in seconds.
pub fn step_at(unix_secs: i64) -> u64 {
    (unix_secs.max(0) / STEP_SECS) as u64
}

/// The code of a step, zero-padded: what the app shows.
pub fn code(secret: &[u8], step: u64) -> String {
    totp(secret, DIGITS as u8).generate(step * STEP_SECS as u64).to_string()
}

/// The code for a Unix time in seconds.
pub fn code_at(secret: &[u8], unix_secs: i64) -> String {
    code(secret, step_at(unix_secs))
}

/// `code` is six digits (nothing else is looked at).
pub fn well_formed(code: &str) -> bool {
    code.len() == DIGITS as usize && code.bytes().all(|b| b.is_ascii_digit())
}

/// The step, within the skew around `now_ms`, whose code is `code`: the caller refuses a step
/// already used (RFC 6238 §5.2 leaves that to it).
pub fn matching_step(secret: &[u8], code: &str, now_ms: i64) -> Option<u64> {
    if !well_formed(code) {
        return None;
    }
    totp(secret, DIGITS as u8).check(code, now_ms.div_euclid(1000).max(0) as u64)
}

/// The `otpauth://` URI authenticator apps read from a QR code (Key Uri Format), naming the
/// algorithm, digits and period even where they are the defaults (`totp-rs`'s URL leaves them out).
pub fn otpauth_uri(issuer: &str, account: &str, secret_base32: &str) -> String {
    let issuer = percent_encode(issuer);
    format!(
        "otpauth://totp/{issuer}:{}?secret={secret_base32}&issuer={issuer}&algorithm=SHA1&digits={DIGITS}&period={STEP_SECS}",
        percent_encode(account)
    )
}

/// Percent-encodes everything but RFC 3986's unreserved characters.
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B, SHA-1 rows: the 8-digit codes for the ASCII secret "1234567890" × 2.
    #[test]
    fn rfc_6238_test_vectors() {
        let secret = b"12345678901234567890";
        for (time, expected) in [(59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130")] {
            assert_eq!(totp(secret, 8).generate(time as u64).to_string(), expected, "T = {time}");
            assert_eq!(code_at(secret, time), expected[2..], "6 digits at T = {time}");
        }
    }

    /// RFC 4648 section 10.
    #[test]
    fn base32_round_trips_rfc_4648_vectors() {
        for (plain, encoded) in [("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI")] {
            assert_eq!(base32_encode(plain.as_bytes()), encoded);
            assert_eq!(base32_decode(encoded).as_deref(), Some(plain.as_bytes()));
        }
        assert_eq!(base32_decode("mzxw 6ytb oi=="), Some(b"foobar".to_vec()));
        assert_eq!(base32_decode("MZ1"), None);
        assert_eq!(base32_encode(&new_secret()).len(), 32);
    }

    #[test]
    fn codes_match_within_one_step_of_now_only() {
        let secret = b"12345678901234567890";
        let now_ms = 1_111_111_111_000;
        let now = step_at(1_111_111_111);
        assert_eq!(matching_step(secret, &code(secret, now), now_ms), Some(now));
        assert_eq!(matching_step(secret, &code(secret, now - 1), now_ms), Some(now - 1));
        assert_eq!(matching_step(secret, &code(secret, now + 1), now_ms), Some(now + 1));
        assert_eq!(matching_step(secret, &code(secret, now + 2), now_ms), None);
        assert_eq!(matching_step(secret, "12345", now_ms), None);
        assert_eq!(matching_step(secret, "12345a", now_ms), None);
    }

    #[test]
    fn the_uri_names_issuer_and_account() {
        assert_eq!(
            otpauth_uri("My Exchange", "player1", "JBSWY3DP"),
            "otpauth://totp/My%20Exchange:player1?secret=JBSWY3DP&issuer=My%20Exchange&algorithm=SHA1&digits=6&period=30"
        );
    }
}
