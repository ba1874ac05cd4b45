//! What a new password must be (OWASP ASVS 5, V6.2): at least 8 characters and at most 128 (long
//! passphrases welcome, any characters), not the username or containing it, not the password it
//! replaces, and not one of the 10,000 most common passwords of that length.

use crate::limits::{PASSWORD_CHARS_MAX, PASSWORD_NEW_CHARS_MIN};
use std::collections::HashSet;
use std::sync::OnceLock;

/// The list, one password a line after its `#` header (`server/data/common-passwords.txt`).
const COMMON_PASSWORDS: &str = include_str!("../../data/common-passwords.txt");

fn common() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| COMMON_PASSWORDS.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WeakPassword {
    #[error("Password must be at least 8 characters")]
    TooShort,
    #[error("Password must be at most 128 characters")]
    TooLong,
    #[error("Password must not contain the username")]
    ContainsUsername,
    #[error("Password must differ from the current password")]
    Unchanged,
    #[error("This password is too common: choose one that is harder to guess")]
    Common,
}

/// Checks a password being set for `username`; `current` is the one it replaces, when known.
pub fn check_new_password(password: &str, username: &str, current: Option<&str>) -> Result<(), WeakPassword> {
    let chars = password.chars().count();
    if chars < PASSWORD_NEW_CHARS_MIN {
        return Err(WeakPassword::TooShort);
    }
    if chars > PASSWORD_CHARS_MAX {
        return Err(WeakPassword::TooLong);
    }
    let lower = password.to_lowercase();
    let name = username.trim().to_lowercase();
    if !name.is_empty() && lower.contains(&name) {
        return Err(WeakPassword::ContainsUsername);
    }
    if current == Some(password) {
        return Err(WeakPassword::Unchanged);
    }
    if common().contains(lower.as_str()) {
        return Err(WeakPassword::Common);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weak_passwords_are_refused_with_their_reason() {
        assert_eq!(check_new_password("abc1234", "ann", None), Err(WeakPassword::TooShort));
        assert_eq!(check_new_password(&"x".repeat(129), "ann", None), Err(WeakPassword::TooLong));
        assert_eq!(check_new_password("player1player1", "Player1", None), Err(WeakPassword::ContainsUsername));
        assert_eq!(check_new_password("Tr1cky-horse", "ann", Some("Tr1cky-horse")), Err(WeakPassword::Unchanged));
        assert_eq!(check_new_password("12345678", "ann", None), Err(WeakPassword::Common));
        assert_eq!(check_new_password("PassWord1", "ann", None), Err(WeakPassword::Common), "case does not hide a common password");
    }

    #[test]
    fn long_passphrases_and_unusual_passwords_pass() {
        assert_eq!(check_new_password("correct horse battery staple", "ann", Some("old one")), Ok(()));
        assert_eq!(check_new_password("Ünïcödé-pässwörd", "ann", None), Ok(()));
        assert_eq!(check_new_password(&"y".repeat(128), "ann", None), Ok(()));
        assert!(common().len() >= 9_990, "the list loaded: {}", common().len());
    }
}
