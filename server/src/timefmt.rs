//! Times on the wire: RFC 3339 in UTC, and `yyyy-MM-dd` day bounds for date filters.

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};

pub fn rfc3339(at_ms: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(at_ms).unwrap_or_default().to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn day(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// The first millisecond of a UTC day.
pub fn day_start_ms(text: &str) -> Option<i64> {
    Some(day(text)?.and_hms_opt(0, 0, 0)?.and_utc().timestamp_millis())
}

/// The last millisecond of a UTC day.
pub fn day_end_ms(text: &str) -> Option<i64> {
    Some(day(text)?.and_hms_milli_opt(23, 59, 59, 999)?.and_utc().timestamp_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_times_format_in_utc() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(day_start_ms("1970-01-02"), Some(86_400_000));
        assert_eq!(day_end_ms("1970-01-01"), Some(86_399_999));
        assert_eq!(day_start_ms("01/02/1970"), None);
        assert_eq!(day_start_ms("2026-02-30"), None);
    }
}
