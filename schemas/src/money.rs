//! Money on the wire: JSON numbers in currency units with at most two decimals, held as `i64`
//! minor units (1/100) everywhere else.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The largest absolute amount accepted from outside: one billion currency units. It keeps every
/// sum of a user's amounts far inside `i64` and every amount exactly representable as `f64`.
pub const AMOUNT_MINOR_MAX: i64 = 1_000_000_000 * 100;

/// An amount of money in minor units. Deserializes strictly from a JSON number with at most two
/// decimals; serializes as a JSON number in currency units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(pub i64);

impl Money {
    pub fn minor(self) -> i64 {
        self.0
    }

    /// Currency units as `f64`, for display and the wire only.
    pub fn units(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

/// Currency units with two decimals, computed from the minor units exactly (never through
/// `f64`): `1500.50`, `-0.05`. For messages and statements.
impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}{}.{:02}", self.0.unsigned_abs() / 100, self.0.unsigned_abs() % 100)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("must have at most 2 decimals")]
    TooManyDecimals,
    #[error("must be at most 1000000000")]
    TooLarge,
    #[error("must be a plain decimal number")]
    NotDecimal,
}

/// Parses a decimal text such as `1500.5` or `-3` into minor units, exactly.
pub fn parse_minor(text: &str) -> Result<i64, MoneyError> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !plain(whole) || !plain(fraction) {
        return Err(MoneyError::NotDecimal);
    }
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > 2 {
        return Err(MoneyError::TooManyDecimals);
    }
    // Twelve whole digits already exceed the limit; stop before any overflow.
    let whole = whole.trim_start_matches('0');
    if whole.len() > 12 {
        return Err(MoneyError::TooLarge);
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| MoneyError::NotDecimal)? };
    let cents: i64 = format!("{fraction:0<2}").parse().map_err(|_| MoneyError::NotDecimal)?;
    let minor = whole * 100 + cents;
    if minor > AMOUNT_MINOR_MAX {
        return Err(MoneyError::TooLarge);
    }
    Ok(if negative { -minor } else { minor })
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 % 100 == 0 {
            serializer.serialize_i64(self.0 / 100)
        } else {
            serializer.serialize_f64(self.units())
        }
    }
}

/// In the OpenAPI document: a JSON number in currency units. Its two-decimal rule is in the
/// description, not `multipleOf` (a float's `multipleOf: 0.01` is checked inexactly by clients).
impl utoipa::PartialSchema for Money {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let limit = (AMOUNT_MINOR_MAX / 100) as f64;
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .minimum(Some(-limit))
            .maximum(Some(limit))
            .description(Some("An amount in currency units with at most two decimals"))
            .into()
    }
}

impl utoipa::ToSchema for Money {}

/// serde_json's name for "hand me this value's JSON text" (its `raw_value` feature). Other
/// formats (MessagePack in the ledger, serde's buffered content) see an ordinary newtype and
/// give the number itself.
const JSON_TEXT: &str = "$serde_json::private::RawValue";

impl<'de> Deserialize<'de> for Money {
    /// From JSON the amount is read from its text, never through `f64`: `999999999.999999999`
    /// is refused as having too many decimals instead of rounding to one billion.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(JSON_TEXT, MoneyVisitor)
    }
}

struct MoneyVisitor;

impl<'de> de::Visitor<'de> for MoneyVisitor {
    type Value = Money;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an amount as a number with at most 2 decimals")
    }

    /// The JSON text of the value, from serde_json: a map of one entry whose value is the text.
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Money, A::Error> {
        let Some(_token) = map.next_key::<String>()? else {
            return Err(de::Error::custom(MoneyError::NotDecimal));
        };
        let text: std::borrow::Cow<'de, str> = map.next_value()?;
        let unexpected = match text.as_bytes().first() {
            Some(b'"') => Some(de::Unexpected::Other("string")),
            Some(b't' | b'f') => Some(de::Unexpected::Other("boolean")),
            Some(b'n') => Some(de::Unexpected::Unit),
            Some(b'[') => Some(de::Unexpected::Seq),
            Some(b'{') => Some(de::Unexpected::Map),
            _ => None,
        };
        if let Some(unexpected) = unexpected {
            return Err(de::Error::invalid_type(unexpected, &self));
        }
        parse_minor(&text).map(Money).map_err(de::Error::custom)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<Money, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Money, E> {
        parse_minor(&v.to_string()).map(Money).map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Money, E> {
        parse_minor(&v.to_string()).map(Money).map_err(E::custom)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Money, E> {
        if !v.is_finite() {
            return Err(E::custom(MoneyError::NotDecimal));
        }
        // Only formats without the number's text get here (MessagePack, buffered content). Rust
        // prints the shortest text that reads back as the same f64.
        parse_minor(&format!("{v}")).map(Money).map_err(E::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_texts_parse_exactly() {
        assert_eq!(parse_minor("1500.5"), Ok(150_050));
        assert_eq!(parse_minor("0.1"), Ok(10));
        assert_eq!(parse_minor("0.29"), Ok(29));
        assert_eq!(parse_minor("-3"), Ok(-300));
        assert_eq!(parse_minor("1000000000"), Ok(AMOUNT_MINOR_MAX));
        assert_eq!(parse_minor("7.10"), Ok(710));
    }

    #[test]
    fn bad_texts_are_refused() {
        assert_eq!(parse_minor("0.001"), Err(MoneyError::TooManyDecimals));
        assert_eq!(parse_minor("1000000000.01"), Err(MoneyError::TooLarge));
        assert_eq!(parse_minor("99999999999999999999"), Err(MoneyError::TooLarge));
        assert_eq!(parse_minor("1e5"), Err(MoneyError::NotDecimal));
        assert_eq!(parse_minor(""), Err(MoneyError::NotDecimal));
        assert_eq!(parse_minor("."), Err(MoneyError::NotDecimal));
    }

    #[test]
    fn amounts_display_with_two_exact_decimals() {
        assert_eq!(Money(150_050).to_string(), "1500.50");
        assert_eq!(Money(5).to_string(), "0.05");
        assert_eq!(Money(-12_345).to_string(), "-123.45");
        assert_eq!(Money(99_999_999_999).to_string(), "999999999.99");
        assert_eq!(Money(i64::MIN).to_string(), "-92233720368547758.08");
    }

    #[test]
    fn json_numbers_round_trip() {
        let m: Money = serde_json::from_str("1500.5").expect("valid amount");
        assert_eq!(m, Money(150_050));
        assert_eq!(serde_json::to_string(&m).expect("serializes"), "1500.5");
        assert_eq!(serde_json::to_string(&Money(200)).expect("serializes"), "2");
        assert!(serde_json::from_str::<Money>("\"10\"").is_err());
        assert!(serde_json::from_str::<Money>("0.123").is_err());
        assert!(serde_json::from_str::<Money>("1e300").is_err());
    }

    #[test]
    fn json_amounts_are_read_from_their_text_never_rounded() {
        let read = |text: &str| serde_json::from_str::<Money>(text).map_err(|e| e.to_string());
        assert!(read("999999999.999999999").is_err_and(|e| e.contains("at most 2 decimals")));
        assert!(read("100.12999999999999").is_err_and(|e| e.contains("at most 2 decimals")));
        assert!(read("99.9999999999999999999").is_err_and(|e| e.contains("at most 2 decimals")));
        assert!(read("1000000000.001").is_err());
        assert!(read("1e2").is_err_and(|e| e.contains("plain decimal")));
        assert!(read("null").is_err_and(|e| e.contains("invalid type")));
        assert!(read("\"10\"").is_err_and(|e| e.contains("invalid type: string")));
        assert_eq!(read("100.10"), Ok(Money(10_010)));
        assert_eq!(read("1000000000"), Ok(Money(AMOUNT_MINOR_MAX)));
        assert_eq!(read("-0"), Ok(Money(0)));
        // Inside a record, as the server reads bodies.
        #[derive(Deserialize)]
        struct Body {
            amount: Money,
            tip: Option<Money>,
        }
        let body: Body = serde_json::from_slice(br#"{"amount": 12.5, "tip": 0.01}"#).expect("valid body");
        assert_eq!((body.amount, body.tip), (Money(1_250), Some(Money(1))));
        assert!(serde_json::from_slice::<Body>(br#"{"amount": 12.505, "tip": null}"#).is_err());
    }

    #[test]
    fn other_formats_read_the_number() {
        let value = serde_json::to_value(Money(1_250)).expect("serializes");
        assert_eq!(serde_json::from_value::<Money>(value).expect("reads back"), Money(1_250));
    }
}
