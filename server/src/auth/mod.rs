//! Authentication: session tokens, password hashing and the password policy, TOTP codes, and the
//! login guard that counts guesses. It knows nothing of HTTP: the handlers pass it what it needs.

pub mod guard;
pub mod login_limiter;
pub mod password_policy;
pub mod passwords;
pub mod tokens;
pub mod totp;
