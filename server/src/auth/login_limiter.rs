//! Password and code guesses (DESIGN §6). Only failures count, but an attempt being checked holds
//! its place until it is known: under one lock, the failures and the attempts in flight together
//! may not pass the free failures, so a burst of concurrent guesses cannot all be checked. An
//! attempt refused only because others are still being checked is told so ("at once"), never
//! that it failed. Two limits:
//!
//! - **Per account and client address together.** The first `free_failures` failures cost
//!   nothing; after them each attempt waits a delay that doubles (1 s, 2 s, 4 s, … up to 15
//!   minutes), and is checked one at a time. Failures from another address never slow the
//!   account's owner down, so nobody can lock a known username out.
//! - **Per client address, across accounts** (password spraying): at most `spray_failures`
//!   failures, given back one by one over ten minutes. An attempt takes one when it begins and
//!   gives it back unless it fails.
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

struct Pair {
    failures: u32,
    /// Attempts begun and not yet known.
    in_flight: u32,
    /// When the last failure was attempted.
    last: Instant,
}

struct Tracked {
    pairs: BoundedMap<(String, IpAddr), Pair>,
    /// Attempts in flight per address, across accounts.
    in_flight_by_ip: BoundedMap<IpAddr, u32>,
}

pub struct LoginLimiter {
    free_failures: u32,
    tracked: Mutex<Tracked>,
    spray: RateLimiter<IpAddr>,
}

/// Why an attempt may not be checked now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Too many failures: the next attempt waits this long.
    Wait(Duration),
    /// Other attempts of this account (or, past the spray allowance, of this address) are being
    /// checked now and hold every place left; any of them may succeed.
    AtOnce,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Failed,
    Succeeded,
    NotAGuess,
}

/// An attempt being checked. Dropped without a word it counts as a failure.
#[must_use = "an attempt counts as a failure unless it succeeded or was not a guess"]
pub struct Attempt<'a> {
    limiter: &'a LoginLimiter,
    key: (String, IpAddr),
    /// When it began: a failure's delay counts from here.
    at: Instant,
    outcome: Outcome,
}

impl LoginLimiter {
    /// `spray_failures` 0 turns the per-address limit off.
    pub fn new(free_failures: u32, spray_failures: u32) -> Self {
        let per_sec = f64::from(spray_failures) / SPRAY_REFILL.as_secs_f64();
        LoginLimiter {
            free_failures,
            tracked: Mutex::new(Tracked { pairs: BoundedMap::new(LOGIN_TRACKED_MAX), in_flight_by_ip: BoundedMap::new(LOGIN_TRACKED_MAX) }),
            spray: RateLimiter::new(per_sec, spray_failures, LOGIN_TRACKED_MAX),
        }
    }

    fn tracked(&self) -> std::sync::MutexGuard<'_, Tracked> {
        self.tracked.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Begins one attempt of `account` from `ip` at `now`, or says why it may not be checked now.
    pub fn begin(&self, account: &str, ip: IpAddr, now: Instant) -> Result<Attempt<'_>, Refused> {
        let key = (account.to_lowercase(), ip);
        let mut guard = self.tracked();
        let tracked = &mut *guard;
        let pair = tracked.pairs.touch(&key, || Pair { failures: 0, in_flight: 0, last: now });
        if pair.in_flight == 0 && now.saturating_duration_since(pair.last) >= QUIET {
            pair.failures = 0;
        }
        match pair.failures.checked_sub(self.free_failures) {
            Some(over) => {
                let delay = FIRST_DELAY.saturating_mul(1u32 << over.min(20)).min(DELAY_MAX);
                let ready = pair.last + delay;
                if now < ready {
                    return Err(Refused::Wait(ready - now));
                }
                if pair.in_flight > 0 {
                    return Err(Refused::AtOnce);
                }
            }
            None if pair.failures + pair.in_flight >= self.free_failures => return Err(Refused::AtOnce),
            None => {}
        }
        if let Err(wait) = self.spray.check(&ip, now) {
            let others_in_flight = tracked.in_flight_by_ip.get_mut(&ip).is_some_and(|n| *n > 0);
            return Err(if others_in_flight { Refused::AtOnce } else { Refused::Wait(wait) });
        }
        pair.in_flight += 1;
        *tracked.in_flight_by_ip.touch(&ip, || 0) += 1;
        Ok(Attempt { limiter: self, key, at: now, outcome: Outcome::Failed })
    }

    /// The end of an attempt: its place is given back, and a failure counted.
    fn finish(&self, key: &(String, IpAddr), at: Instant, outcome: Outcome) {
        {
            let mut guard = self.tracked();
            let tracked = &mut *guard;
            if let Some(n) = tracked.in_flight_by_ip.get_mut(&key.1) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    tracked.in_flight_by_ip.remove(&key.1);
                }
            }
            if let Some(pair) = tracked.pairs.get_mut(key) {
                pair.in_flight = pair.in_flight.saturating_sub(1);
                match outcome {
                    Outcome::Failed => {
                        pair.failures += 1;
                        pair.last = pair.last.max(at);
                    }
                    Outcome::Succeeded => pair.failures = 0,
                    Outcome::NotAGuess => {}
                }
                if pair.failures == 0 && pair.in_flight == 0 {
                    tracked.pairs.remove(key);
                }
            }
        }
        if outcome != Outcome::Failed {
            self.spray.refund(&key.1);
        }
    }
}

impl Attempt<'_> {
    /// The right password: the pair's failures are forgotten and the address's allowance given back.
    pub fn succeeded(mut self) {
        self.outcome = Outcome::Succeeded;
    }

    /// Never checked (the server was too busy): it does not count.
    pub fn not_a_guess(mut self) {
        self.outcome = Outcome::NotAGuess;
    }
}

impl Drop for Attempt<'_> {
    fn drop(&mut self) {
        self.limiter.finish(&self.key, self.at, self.outcome);
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

    /// One attempt at `now` that fails.
    fn fail(limiter: &LoginLimiter, account: &str, ip: IpAddr, now: Instant) {
        drop(limiter.begin(account, ip, now).expect("may be checked"));
    }

    #[test]
    fn after_the_free_failures_each_attempt_waits_twice_as_long() {
        let limiter = LoginLimiter::new(3, 0);
        let t0 = Instant::now();
        for _ in 0..3 {
            fail(&limiter, "Bob", ip(1), t0);
        }
        assert_eq!(limiter.begin("bob", ip(1), t0).err(), Some(Refused::Wait(Duration::from_secs(1))));
        let second = t0 + Duration::from_secs(1);
        fail(&limiter, "BOB", ip(1), second);
        assert_eq!(limiter.begin("bob", ip(1), second + Duration::from_secs(1)).err(), Some(Refused::Wait(Duration::from_secs(1))), "now 2 s");
        assert!(limiter.begin("bob", ip(1), second + Duration::from_secs(2)).is_ok());
    }

    #[test]
    fn an_attacker_elsewhere_never_slows_the_owner_down() {
        let limiter = LoginLimiter::new(3, 0);
        let t0 = Instant::now();
        for _ in 0..3 {
            fail(&limiter, "bob", ip(66), t0);
        }
        assert!(limiter.begin("bob", ip(66), t0).is_err());
        limiter.begin("bob", ip(1), t0).expect("the owner's address has its own count").succeeded();
    }

    #[test]
    fn a_success_forgets_the_failures_and_a_busy_server_does_not_count() {
        let limiter = LoginLimiter::new(2, 0);
        let t0 = Instant::now();
        fail(&limiter, "bob", ip(1), t0);
        limiter.begin("bob", ip(1), t0).expect("free").succeeded();
        for _ in 0..5 {
            limiter.begin("bob", ip(1), t0).expect("not counted").not_a_guess();
        }
        fail(&limiter, "bob", ip(1), t0);
        fail(&limiter, "bob", ip(1), t0);
        assert_eq!(limiter.begin("bob", ip(1), t0).err(), Some(Refused::Wait(Duration::from_secs(1))));
    }

    #[test]
    fn attempts_being_checked_hold_the_free_places_but_are_not_failures() {
        let limiter = LoginLimiter::new(5, 0);
        let t0 = Instant::now();
        let checking: Vec<_> = (0..5).map(|_| limiter.begin("bob", ip(1), t0).expect("a free place")).collect();
        assert_eq!(limiter.begin("bob", ip(1), t0).err(), Some(Refused::AtOnce), "five are being checked: at once, not failed");
        checking.into_iter().for_each(Attempt::succeeded);
        for _ in 0..5 {
            fail(&limiter, "bob", ip(1), t0);
        }
        assert_eq!(limiter.begin("bob", ip(1), t0).err(), Some(Refused::Wait(Duration::from_secs(1))), "the five successes counted nothing");
    }

    #[test]
    fn past_the_free_failures_attempts_are_checked_one_at_a_time() {
        let limiter = LoginLimiter::new(1, 0);
        let t0 = Instant::now();
        fail(&limiter, "bob", ip(1), t0);
        let later = t0 + Duration::from_secs(1);
        let checking = limiter.begin("bob", ip(1), later).expect("the wait is over");
        assert_eq!(limiter.begin("bob", ip(1), later).err(), Some(Refused::AtOnce));
        checking.succeeded();
        assert!(limiter.begin("bob", ip(1), later).is_ok(), "the success forgot the failure");
    }

    #[test]
    fn one_address_spraying_many_accounts_is_stopped() {
        let limiter = LoginLimiter::new(5, 10);
        let t0 = Instant::now();
        for n in 0..10 {
            fail(&limiter, &format!("user{n}"), ip(9), t0);
        }
        let Some(Refused::Wait(wait)) = limiter.begin("user10", ip(9), t0).err() else { panic!("the allowance is spent") };
        assert!(wait <= Duration::from_secs(60), "one failure comes back every minute: {wait:?}");
        assert!(limiter.begin("user10", ip(8), t0).is_ok(), "another address is not affected");
    }

    #[test]
    fn sign_ins_of_many_accounts_at_once_from_one_address_are_told_so() {
        let limiter = LoginLimiter::new(5, 3);
        let t0 = Instant::now();
        let checking: Vec<_> = (0..3).map(|n| limiter.begin(&format!("user{n}"), ip(9), t0).expect("within the allowance")).collect();
        assert_eq!(limiter.begin("user3", ip(9), t0).err(), Some(Refused::AtOnce), "nothing failed yet");
        checking.into_iter().for_each(Attempt::succeeded);
        limiter.begin("user3", ip(9), t0).expect("the successes gave their places back").succeeded();
    }

    #[test]
    fn a_quiet_hour_starts_again_from_nothing() {
        let limiter = LoginLimiter::new(1, 0);
        let t0 = Instant::now();
        fail(&limiter, "bob", ip(1), t0);
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
