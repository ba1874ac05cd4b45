//! A rate per key (a client address, an account): a token bucket each, refilled at `per_sec`
//! up to `burst`. The keys it tracks are bounded: past `keys_max` the key heard from longest
//! ago is forgotten (it has the fullest bucket anyway), never everyone at once.

use crate::bounded_map::BoundedMap;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Bucket {
    tokens: f64,
    last: Instant,
}

pub struct RateLimiter<K> {
    per_sec: f64,
    burst: f64,
    buckets: Mutex<BoundedMap<K, Bucket>>,
}

impl<K: Hash + Eq + Clone> RateLimiter<K> {
    /// `per_sec` 0 turns the limit off (every call passes).
    pub fn new(per_sec: f64, burst: u32, keys_max: usize) -> Self {
        RateLimiter { per_sec: per_sec.max(0.0), burst: f64::from(burst.max(1)), buckets: Mutex::new(BoundedMap::new(keys_max)) }
    }

    pub fn per_sec(&self) -> f64 {
        self.per_sec
    }

    pub fn is_off(&self) -> bool {
        self.per_sec == 0.0
    }

    /// Takes one token for `key` at `now`; when none is left, how long until one is.
    pub fn check(&self, key: &K, now: Instant) -> Result<(), Duration> {
        if self.is_off() {
            return Ok(());
        }
        let mut buckets = self.buckets();
        let bucket = buckets.touch(key, || Bucket { tokens: self.burst, last: now });
        let refill = now.saturating_duration_since(bucket.last).as_secs_f64() * self.per_sec;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.last = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / self.per_sec))
        }
    }

    /// Gives back the token a call of `key` took (it turned out not to count).
    pub fn refund(&self, key: &K) {
        if let Some(bucket) = self.buckets().get_mut(key) {
            bucket.tokens = (bucket.tokens + 1.0).min(self.burst);
        }
    }

    /// Keys tracked now (for tests and metrics).
    pub fn tracked(&self) -> usize {
        self.buckets().len()
    }

    fn buckets(&self) -> std::sync::MutexGuard<'_, BoundedMap<K, Bucket>> {
        self.buckets.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let limiter = RateLimiter::new(2.0, 3, 10);
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.check(&"ann", t0).is_ok());
        }
        let wait = limiter.check(&"ann", t0).expect_err("the burst is spent");
        assert!(wait <= Duration::from_millis(500), "{wait:?}");
        assert!(limiter.check(&"ben", t0).is_ok(), "another key has its own bucket");
        assert!(limiter.check(&"ann", t0 + Duration::from_millis(500)).is_ok(), "one token back after 1/rate");
    }

    #[test]
    fn past_its_size_it_forgets_the_key_heard_from_longest_ago_only() {
        let limiter = RateLimiter::new(1.0, 1, 2);
        let t0 = Instant::now();
        assert!(limiter.check(&1, t0).is_ok());
        assert!(limiter.check(&2, t0).is_ok());
        assert!(limiter.check(&1, t0).is_err(), "key 1 spent its token and is now the newest");
        assert!(limiter.check(&3, t0).is_ok(), "a third key evicts key 2, the oldest");
        assert_eq!(limiter.tracked(), 2);
        assert!(limiter.check(&1, t0).is_err(), "key 1 is still limited: it was not forgotten");
    }

    #[test]
    fn a_rate_of_zero_is_off() {
        let limiter = RateLimiter::new(0.0, 1, 1);
        assert!((0..100).all(|_| limiter.check(&"x", Instant::now()).is_ok()));
    }
}

/// How many of something a key holds at once (open connections per client address). A permit
/// gives its place back when dropped. `max` 0 turns the limit off.
pub struct ConcurrencyLimiter<K: Hash + Eq> {
    max: usize,
    held: Mutex<HashMap<K, usize>>,
}

pub struct Permit<K: Hash + Eq + Clone> {
    limiter: std::sync::Arc<ConcurrencyLimiter<K>>,
    key: K,
}

impl<K: Hash + Eq + Clone> ConcurrencyLimiter<K> {
    pub fn new(max: usize) -> Self {
        ConcurrencyLimiter { max, held: Mutex::new(HashMap::new()) }
    }

    /// A permit for `key`, unless it holds `max` already.
    pub fn try_acquire(self: &std::sync::Arc<Self>, key: K) -> Option<Permit<K>> {
        let mut held = self.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = held.entry(key.clone()).or_insert(0);
        if self.max > 0 && *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Permit { limiter: self.clone(), key })
    }
}

impl<K: Hash + Eq + Clone> Drop for Permit<K> {
    fn drop(&mut self) {
        let mut held = self.limiter.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod concurrency_tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_key_holds_at_most_max_permits_and_gets_them_back_when_dropped() {
        let limiter = Arc::new(ConcurrencyLimiter::new(2));
        let first = limiter.try_acquire("10.0.0.1");
        let second = limiter.try_acquire("10.0.0.1");
        assert!(first.is_some() && second.is_some());
        assert!(limiter.try_acquire("10.0.0.1").is_none(), "a third is refused");
        assert!(limiter.try_acquire("10.0.0.2").is_some(), "another address has its own");
        drop(first);
        assert!(limiter.try_acquire("10.0.0.1").is_some(), "a dropped permit gives its place back");
    }
}
