//! Latency samples, percentiles, and the rows of the report.

use std::time::Duration;

/// Latencies in microseconds.
#[derive(Default)]
pub struct Latencies(Vec<u32>);

impl Latencies {
    pub fn push(&mut self, latency: Duration) {
        self.0.push(u32::try_from(latency.as_micros()).unwrap_or(u32::MAX));
    }

    pub fn extend(&mut self, other: Latencies) {
        self.0.extend(other.0);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The `p`-th percentile (0 < p <= 100) in milliseconds, nearest-rank.
    pub fn percentile_ms(&mut self, p: f64) -> f64 {
        if self.0.is_empty() {
            return f64::NAN;
        }
        self.0.sort_unstable();
        let rank = ((p / 100.0) * self.0.len() as f64).ceil() as usize;
        f64::from(self.0[rank.clamp(1, self.0.len()) - 1]) / 1000.0
    }
}

/// One line of the durable-commands table.
pub struct Row {
    pub case: String,
    pub submitters: usize,
    /// Commands acknowledged (engine) or events written (raw sled).
    pub operations: u64,
    pub elapsed: Duration,
    pub flushes: u64,
    pub events: u64,
    pub latencies: Latencies,
}

impl Row {
    pub fn per_second(&self) -> f64 {
        self.operations as f64 / self.elapsed.as_secs_f64()
    }

    pub fn events_per_flush(&self) -> f64 {
        if self.flushes == 0 {
            return 0.0;
        }
        self.events as f64 / self.flushes as f64
    }

    pub fn header() -> &'static str {
        "| case | submitters | ops/s | events/flush | flushes/s | p50 ms | p99 ms | ops | seconds |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|"
    }

    pub fn markdown(&mut self) -> String {
        let flushes_per_second = self.flushes as f64 / self.elapsed.as_secs_f64();
        format!(
            "| {} | {} | {:.0} | {:.1} | {:.0} | {:.2} | {:.2} | {} | {:.1} |",
            self.case,
            self.submitters,
            self.per_second(),
            self.events_per_flush(),
            flushes_per_second,
            self.latencies.percentile_ms(50.0),
            self.latencies.percentile_ms(99.0),
            self.operations,
            self.elapsed.as_secs_f64(),
        )
    }
}
