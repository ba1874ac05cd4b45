//! Failed logins per username per minute (DESIGN §6): past the limit, 429 until the minute ends.

use crate::limits::LOGIN_TRACKED_MAX;
use std::collections::HashMap;
use std::sync::Mutex;

const WINDOW_MS: i64 = 60_000;

pub struct LoginLimiter {
    failures_max: u32,
    windows: Mutex<HashMap<String, (i64, u32)>>,
}

impl LoginLimiter {
    pub fn new(failures_max: u32) -> Self {
        Self { failures_max, windows: Mutex::new(HashMap::new()) }
    }

    fn windows(&self) -> std::sync::MutexGuard<'_, HashMap<String, (i64, u32)>> {
        self.windows.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// True when `username` may try again at `now_ms`.
    pub fn allowed(&self, username: &str, now_ms: i64) -> bool {
        match self.windows().get(&username.to_lowercase()) {
            Some((start, count)) => now_ms - start >= WINDOW_MS || *count < self.failures_max,
            None => true,
        }
    }

    pub fn record_failure(&self, username: &str, now_ms: i64) {
        let mut windows = self.windows();
        if windows.len() >= LOGIN_TRACKED_MAX {
            windows.retain(|_, (start, _)| now_ms - *start < WINDOW_MS);
            if windows.len() >= LOGIN_TRACKED_MAX {
                windows.clear();
            }
        }
        let entry = windows.entry(username.to_lowercase()).or_insert((now_ms, 0));
        if now_ms - entry.0 >= WINDOW_MS {
            *entry = (now_ms, 0);
        }
        entry.1 += 1;
    }

    pub fn record_success(&self, username: &str) {
        self.windows().remove(&username.to_lowercase());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_the_limit_until_the_minute_ends() {
        let limiter = LoginLimiter::new(3);
        for _ in 0..3 {
            assert!(limiter.allowed("Bob", 1_000));
            limiter.record_failure("bob", 1_000);
        }
        assert!(!limiter.allowed("BOB", 30_000));
        assert!(limiter.allowed("bob", 61_000));
        assert!(limiter.allowed("alice", 30_000));
    }
}
