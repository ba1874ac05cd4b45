//! Times on the wire: RFC 3339 in UTC, and `yyyy-MM-dd` day bounds for date filters, in the
//! client's days when it says how far east of UTC it is.

use crate::http::error::{ApiError, ApiResult};
use crate::limits::UTC_OFFSET_MINUTES_MAX;
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

/// The days a client's date filters mean: its `utcOffset`, minutes east of UTC (India 330, New
/// York −300 in winter), at most 14 hours either way; without one, UTC days. A player in India
/// asking for "today" at 01:00 means the day that began 5½ hours before UTC's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Days {
    offset_ms: i64,
}

impl Days {
    pub fn of(utc_offset: Option<i32>) -> ApiResult<Self> {
        match utc_offset {
            None => Ok(Self::default()),
            Some(minutes) if (-UTC_OFFSET_MINUTES_MAX..=UTC_OFFSET_MINUTES_MAX).contains(&minutes) => Ok(Self { offset_ms: i64::from(minutes) * 60_000 }),
            Some(_) => Err(ApiError::bad(format!("utcOffset: must be minutes east of UTC, -{UTC_OFFSET_MINUTES_MAX} to {UTC_OFFSET_MINUTES_MAX}"))),
        }
    }

    /// The first millisecond of the day `text` names (`field`, in the error), or of all time
    /// when it is blank.
    pub fn start_ms(self, text: &str, field: &str) -> ApiResult<i64> {
        if text.trim().is_empty() {
            return Ok(i64::MIN);
        }
        Ok(day_start_ms(text).ok_or_else(|| bad_day(field))? - self.offset_ms)
    }

    /// The last millisecond of the day `text` names, or of all time when it is blank.
    pub fn end_ms(self, text: &str, field: &str) -> ApiResult<i64> {
        if text.trim().is_empty() {
            return Ok(i64::MAX);
        }
        Ok(day_end_ms(text).ok_or_else(|| bad_day(field))? - self.offset_ms)
    }

    /// A time as the client's pages show it (dd/MM/yyyy HH:mm:ss, its days), for searches that
    /// match what the player reads.
    pub fn shown(self, at_ms: i64) -> String {
        DateTime::<Utc>::from_timestamp_millis(at_ms + self.offset_ms).unwrap_or_default().format("%d/%m/%Y %H:%M:%S").to_string()
    }
}

fn bad_day(field: &str) -> ApiError {
    ApiError::bad(format!("{field}: must be yyyy-MM-dd"))
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

    #[test]
    fn a_client_east_or_west_of_utc_filters_by_its_own_days() {
        let india = Days::of(Some(330)).expect("in range");
        // 2026-11-27 in India begins at 2026-11-26T18:30Z and ends at 2026-11-27T18:29:59.999Z.
        assert_eq!(rfc3339(india.start_ms("2026-11-27", "fromDate").expect("a day")), "2026-11-26T18:30:00.000Z");
        assert_eq!(rfc3339(india.end_ms("2026-11-27", "toDate").expect("a day")), "2026-11-27T18:29:59.999Z");
        let new_york = Days::of(Some(-300)).expect("in range");
        assert_eq!(rfc3339(new_york.start_ms("2026-11-27", "fromDate").expect("a day")), "2026-11-27T05:00:00.000Z");
        assert_eq!(Days::of(None).expect("UTC"), Days::of(Some(0)).expect("UTC"));
        assert_eq!(india.start_ms(" ", "fromDate").expect("open"), i64::MIN);
        assert_eq!(india.end_ms("", "toDate").expect("open"), i64::MAX);
        // What the page shows for 2026-11-26T18:30Z in India is already the 27th.
        assert_eq!(india.shown(day_start_ms("2026-11-26").expect("a day") + 18 * 3_600_000 + 30 * 60_000), "27/11/2026 00:00:00");
    }

    #[test]
    fn offsets_past_fourteen_hours_and_bad_days_are_refused_with_the_field() {
        for minutes in [841, -841, i32::MAX, i32::MIN] {
            let error = Days::of(Some(minutes)).expect_err("out of range").to_string();
            assert!(error.contains("utcOffset"), "{error}");
        }
        assert!(Days::of(Some(840)).is_ok() && Days::of(Some(-840)).is_ok());
        let error = Days::default().start_ms("27/11/2026", "fromDate").expect_err("not yyyy-MM-dd").to_string();
        assert!(error.contains("fromDate: must be yyyy-MM-dd"), "{error}");
    }
}
