//! Password and code guesses (DESIGN §6). Every attempt is counted as a failure before
//! its check, under one lock, so a burst of concurrent guesses cannot all pass; a success takes
//! the count back. Two limits:
//!
//! - **Per account and client address together.** The first `free_failures` failures cost
//!   nothing; after them each attempt waits a delay that doubles (1 s, 2 s, 4 s, … up to 15
//!   minutes). Failures from another address never slow the account's owner down, so nobody can
//!   lock a known username out.
//! - **Per client address, across accounts** (password spraying): at most `spray_failures`
//!   failures, given back one by one over ten minutes.
//!
//! Both are bounded in memory: past `LOGIN_TRACKED_MAX` keys the one used longest ago is forgotten.

use crate::bounded_map::BoundedMap;
use crate::limits::LOGIN_TRACKED_MAX;
use crate::rate_limit::RateLimiter;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The first wait after the free failures; each further failure doubles it.
const FIRST_DELAY: Duration = Duration::from_secs(1);
const DELAY_MAX: Duration = Duration::from_secs(15 * 60);
/// A pair quiet this long starts again from nothing.
const QUIET: Duration = Duration::from_secs(60 * 60);
/// The spray allowance of an address comes back over this time.
const SPRAY_REFILL: Duration = Duration::from_secs(10 * 60);

struct Failures {
    count: u32,
    last: Instant,
}

pub struct LoginLimiter {
    free_failures: u32,
    pairs: Mutex<BoundedMap<(String, IpAddr), Failures>>,
    spray: RateLimiter<IpAddr>,
}

/// An attempt counted as a failure until it says otherwise.
#[must_use = "an attempt counts as a failure unless it succeeded or was not a guess"]
pub struct Attempt<'a> {
    limiter: &'a LoginLimiter,
    key: (String, IpAddr),
}

impl LoginLimiter {
    /// `spray_failures` 0 turns the per-address limit off.
    pub fn new(free_failures: u32, spray_failures: u32) -> Self {
        let per_sec = f64::from(spray_failures) / SPRAY_REFILL.as_secs_f64();
        LoginLimiter {
            free_failures,
            pairs: Mutex::new(BoundedMap::new(LOGIN_TRACKED_MAX)),
            spray: RateLimiter::new(per_sec, spray_failures, LOGIN_TRACKED_MAX),
        }
    }

    fn pairs(&self) -> std::sync::MutexGuard<'_, BoundedMap<(String, IpAddr), Failures>> {
        self.pairs.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts one attempt of `account` from `ip` at `now`, or says how long to wait.
    pub fn begin(&self, account: &str, ip: IpAddr, now: Instant) -> Result<Attempt<'_>, Duration> {
        let key = (account.to_lowercase(), ip);
        let mut pairs = self.pairs();
        let failures = pairs.touch(&key, || Failures { count: 0, last: now });
        if now.saturating_duration_since(failures.last) >= QUIET {
            failures.count = 0;
        }
        if let Some(over) = failures.count.checked_sub(self.free_failures) {
            let delay = FIRST_DELAY.saturating_mul(1u32 << over.min(20)).min(DELAY_MAX);
            let ready = failures.last + delay;
            if now < ready {
                return Err(ready - now);
            }
        }
        self.spray.check(&ip, now)?;
        failures.count += 1;
        failures.last = now;
        Ok(Attempt { limiter: self, key })
    }
}

impl Attempt<'_> {
    /// The right password: the pair's failures are forgotten and the address's allowance given back.
    pub fn succeeded(self) {
        self.limiter.pairs().remove(&self.key);
        self.limiter.spray.refund(&self.key.1);
    }

    /// Never checked (the server was too busy): it does not count.
    pub fn not_a_guess(self) {
        if let Some(failures) = self.limiter.pairs().get_mut(&self.key) {
            failures.count = failures.count.saturating_sub(1);
        }
        self.limiter.spray.refund(&self.key.1);
    }
}

/// The message of a 429 for `wait`.
pub fn try_again_in(wait: Duration) -> String {
    let secs = wait.as_secs_f64().ceil().max(1.0);
    if secs < 2.0 {
        "try again in 1 second".into()
    } else if secs < 120.0 {
        format!("try again in {secs:.0} seconds")
    } else {
        format!("try again in {:.0} minutes", (secs / 60.0).ceil())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([203, 0, 113, last])
    }

    #[test]
    fn after_the_free_failures_each_attempt_waits_twice_as_long() {
        let limiter = LoginLimiter::new(3, 0);
        let t0 = Instant::now();
        for _ in 0..3 {
            let _failed = limiter.begin("Bob", ip(1), t0).expect("free");
        }
        assert_eq!(limiter.begin("bob", ip(1), t0).err(), Some(Duration::from_secs(1)));
        let _fourth = limiter.begin("BOB", ip(1), t0 + Duration::from_secs(1)).expect("after 1 s");
        let second = t0 + Duration::from_secs(1);
        assert_eq!(limiter.begin("bob", ip(1), second + Duration::from_secs(1)).err(), Some(Duration::from_secs(1)), "now 2 s");
        assert!(limiter.begin("bob", ip(1), second + Duration::from_secs(2)).is_ok());
    }

    #[test]
    fn an_attacker_elsewhere_never_slows_the_owner_down() {
        let limiter = LoginLimiter::new(3, 0);
        let t0 = Instant::now();
        for _ in 0..3 {
            let _failed = limiter.begin("bob", ip(66), t0).expect("free");
        }
        assert!(limiter.begin("bob", ip(66), t0).is_err());
        limiter.begin("bob", ip(1), t0).expect("the owner's address has its own count").succeeded();
    }

    #[test]
    fn a_success_forgets_the_failures_and_a_busy_server_does_not_count() {
        let limiter = LoginLimiter::new(2, 0);
        let t0 = Instant::now();
        let _failed = limiter.begin("bob", ip(1), t0).expect("free");
        limiter.begin("bob", ip(1), t0).expect("free").succeeded();
        for _ in 0..5 {
            limiter.begin("bob", ip(1), t0).expect("not counted").not_a_guess();
        }
        let _one = limiter.begin("bob", ip(1), t0).expect("free");
        let _two = limiter.begin("bob", ip(1), t0).expect("free");
        assert!(limiter.begin("bob", ip(1), t0).is_err());
    }

    #[test]
    fn one_address_spraying_many_accounts_is_stopped() {
        let limiter = LoginLimiter::new(5, 10);
        let t0 = Instant::now();
        for n in 0..10 {
            let _failed = limiter.begin(&format!("user{n}"), ip(9), t0).expect("within the allowance");
        }
        let wait = limiter.begin("user10", ip(9), t0).err().expect("the allowance is spent");
        assert!(wait <= Duration::from_secs(60), "one failure comes back every minute: {wait:?}");
        assert!(limiter.begin("user10", ip(8), t0).is_ok(), "another address is not affected");
    }

    #[test]
    fn a_quiet_hour_starts_again_from_nothing() {
        let limiter = LoginLimiter::new(1, 0);
        let t0 = Instant::now();
        let _failed = limiter.begin("bob", ip(1), t0).expect("free");
        assert!(limiter.begin("bob", ip(1), t0).is_err());
        assert!(limiter.begin("bob", ip(1), t0 + QUIET).is_ok());
    }

    #[test]
    fn messages_say_how_long_to_wait() {
        assert_eq!(try_again_in(Duration::from_millis(300)), "try again in 1 second");
        assert_eq!(try_again_in(Duration::from_millis(4_100)), "try again in 5 seconds");
        assert_eq!(try_again_in(Duration::from_secs(600)), "try again in 10 minutes");
    }
}
