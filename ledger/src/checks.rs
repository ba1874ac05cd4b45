//! Checks of plain inputs that the core and the domains share. A leaf: it imports only limits.

use crate::limits::REMARK_CHARS_MAX;
use schemas::AMOUNT_MINOR_MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error("amount must be greater than 0")]
    NotPositive,
    #[error("amount is too large")]
    TooLarge,
}

/// An amount of money moved by a command: positive, at most the wire's maximum.
pub fn check_amount(amount_minor: i64) -> Result<(), AmountError> {
    if amount_minor <= 0 {
        return Err(AmountError::NotPositive);
    }
    if amount_minor > AMOUNT_MINOR_MAX {
        return Err(AmountError::TooLarge);
    }
    Ok(())
}

/// A remark: 1 to `REMARK_CHARS_MAX` characters once trimmed (`required`), or at most that.
/// Plain text only (`is_plain_text`).
pub fn remark_fits(remark: &str, required: bool) -> bool {
    let chars = remark.trim().chars().count();
    chars <= REMARK_CHARS_MAX && (chars > 0 || !required) && is_plain_text(remark)
}

/// Text a person typed that is shown to others (remarks, labels, names): no control characters
/// (NUL, escapes) and no bidirectional overrides that would make it read differently than stored.
pub fn is_plain_text(text: &str) -> bool {
    !text.chars().any(|c| c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
}
