//! RFC 3339 text for a Unix time in milliseconds, from the given time (never the system clock).

use chrono::{DateTime, SecondsFormat};

/// `2024-05-01T14:30:00Z` for the given Unix milliseconds (UTC, whole seconds, the fraction cut
/// off). A time beyond chrono's range (some 262,000 years either way) reads as the Unix epoch.
pub(crate) fn rfc3339(unix_ms: i64) -> String {
    DateTime::from_timestamp_millis(unix_ms).unwrap_or_default().to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_epoch_and_known_instants_format_as_rfc3339() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_714_573_800_000), "2024-05-01T14:30:00Z");
        assert_eq!(rfc3339(951_782_400_000), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(-1_000), "1969-12-31T23:59:59Z");
        assert_eq!(rfc3339(1_714_573_800_999), "2024-05-01T14:30:00Z", "the fraction is cut off");
        assert_eq!(rfc3339(-1), "1969-12-31T23:59:59Z", "a moment before the epoch is in its last second");
    }
}
