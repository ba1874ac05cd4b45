//! One seed's run: steps of batches through the engine's group commit over the simulated disk,
//! with the disk's faults, crashes and restarts, and the checks after every step.

use super::engine::{Answer, Commit, Engine};
use super::oracle::Model;
use super::store::{Fault, FaultCounts, SimStore};
use super::world::{Planned, World, T0};
use super::Rng;
use ledger::{audit, Envelope, State, Store};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A client gives up retrying a command this long after it first sent it.
const RETRY_FOR_MS: i64 = 50_000;

/// What one seed did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub steps: u64,
    pub commands: u64,
    pub committed: u64,
    pub rejected: u64,
    pub refused_as_expected: u64,
    pub unavailable: u64,
    pub events: u64,
    pub bets_settled: u64,
    /// Appends that failed, and how (from the disk's own counts).
    pub failed_writes: u64,
    pub faults: FaultCounts,
    pub unacknowledged_landed: u64,
    pub kept_after_restart: u64,
    pub disk_filled: u64,
    pub crashes: u64,
    pub flips_detected: u64,
    pub audits: u64,
    pub simulated_ms: i64,
    /// The final state's fingerprint, hashed: two runs of a seed must agree on it.
    pub digest: u64,
    /// Per kind of command: taken, refused, unanswered.
    pub coverage: BTreeMap<&'static str, [u64; 3]>,
    /// Per kind of command and refusal: how many.
    pub refusals: BTreeMap<String, u64>,
}

/// How one seed is run.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub steps: usize,
    /// A full audit (`audit::verify`: replay, exposure by brute force, every check) every this
    /// many steps, besides after every restart and at the end.
    pub audit_every: usize,
}

/// A batch the disk may hold although its commands were never answered.
struct Limbo {
    written: Vec<Envelope>,
    per_command: Vec<std::ops::Range<usize>>,
    planned: Vec<Planned>,
}

struct Sim {
    rng: Rng,
    world: World,
    store: Arc<SimStore>,
    engine: Engine,
    model: Model,
    now: i64,
    retries: Vec<Planned>,
    limbo: Option<Limbo>,
    report: Report,
    options: Options,
    /// `SIM_TRACE` set: each step's batch and what became of it is printed.
    trace: bool,
    step: usize,
    last_audit_step: usize,
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

/// Runs `seed`; the step it reached is kept in `at_step` (for a panic's report).
pub fn run_seed(seed: u64, options: Options, at_step: &AtomicUsize) -> Result<Report, String> {
    let mut rng = Rng::new(seed);
    let world = World::new(&mut rng);
    let store = Arc::new(SimStore::default());
    let engine = Engine::start(store.clone()).map_err(|e| format!("an empty log does not start: {e}"))?;
    let mut sim = Sim { rng, world, store, engine, model: Model::default(), now: T0, retries: Vec::new(), limbo: None, report: Report::default(), options, trace: std::env::var("SIM_TRACE").is_ok(), step: 0, last_audit_step: 0 };
    for step in 1..=options.steps {
        at_step.store(step, Ordering::Relaxed);
        sim.step(step)?;
    }
    at_step.store(options.steps + 1, Ordering::Relaxed);
    sim.restart(false)?;
    sim.report.steps = options.steps as u64;
    sim.report.events = sim.model.log.len() as u64;
    sim.report.bets_settled = sim.model.bets_settled;
    sim.report.simulated_ms = sim.now - T0;
    sim.report.faults = sim.store.counts();
    sim.report.digest = fnv(&sim.engine.published.fingerprint());
    Ok(sim.report)
}

impl Sim {
    fn step(&mut self, step: usize) -> Result<(), String> {
        self.step = step;
        self.advance_clock();
        self.world.tick(&mut self.rng, &self.engine.published);
        self.disk_weather()?;
        let due = std::mem::take(&mut self.retries);
        let batch = self.world.plan_batch(&mut self.rng, &self.engine.published, self.now, due);
        self.report.commands += batch.len() as u64;
        let submissions: Vec<_> = batch.iter().map(|p| p.submission.clone()).collect();
        let first_new = self.model.log.len() as u64 + 1;
        let was_refused = self.store.refused();
        let commit = self.engine.commit(&submissions);
        self.store.clear_fault();
        if self.trace {
            let outcome = match &commit {
                Commit::Answered(answers) => format!("answered ({} committed)", answers.iter().filter(|a| matches!(a, Answer::Committed(_))).count()),
                Commit::Failed { written, .. } => format!("append of {} events failed{}", written.len(), if self.store.refused() { ", the store refuses writes" } else { "" }),
                Commit::Crashed { written, .. } => format!("died appending {} events", written.len()),
            };
            let whats: Vec<&str> = batch.iter().map(|p| p.what).collect();
            println!("step {step} at +{} ms: {} commands {whats:?}: {outcome}; log head {}", self.now - T0, batch.len(), self.store.head());
        }
        match commit {
            Commit::Answered(answers) => self.answered(batch, answers, first_new)?,
            Commit::Failed { written, per_command } => {
                self.report.failed_writes += 1;
                if !was_refused && self.store.refused() {
                    self.report.unacknowledged_landed += 1;
                    self.limbo = Some(Limbo { written, per_command, planned: batch.clone() });
                } else if !was_refused {
                    self.limbo = None;
                }
                self.unanswered(batch);
            }
            Commit::Crashed { written, per_command } => {
                self.limbo = Some(Limbo { written, per_command, planned: batch.clone() });
                self.unanswered(batch);
                self.restart(true)?;
            }
        }
        self.check_step()?;
        // A restart audits too: the next periodic audit counts from it.
        if step >= self.last_audit_step + self.options.audit_every {
            self.audit()?;
            self.last_audit_step = step;
        }
        let crash_permille = if self.store.refused() { 350 } else { 15 };
        if self.rng.permille(crash_permille) {
            self.restart(true)?;
        }
        Ok(())
    }

    /// Time goes on by seeded steps: mostly a moment, sometimes minutes, rarely days.
    fn advance_clock(&mut self) {
        self.now += match self.rng.below(1_000) {
            0..=699 => self.rng.range(0, 1_500),
            700..=949 => self.rng.range(1_500, 20_000),
            950..=997 => self.rng.range(60_000, 30 * 60_000),
            _ => self.rng.range(86_400_000, 9 * 86_400_000),
        };
    }

    /// What the disk does to this step's append: fill up, flip a byte at rest, fail the write
    /// in one of its ways.
    fn disk_weather(&mut self) -> Result<(), String> {
        if !self.store.is_full() && self.rng.permille(8) {
            self.store.fill(self.rng.range(1, 12) as u32);
            self.report.disk_filled += 1;
        }
        if self.rng.permille(10) {
            self.flip_and_detect()?;
        }
        if self.rng.permille(60) {
            let fault = match self.rng.below(4) {
                0 => Fault::Fail,
                1 => Fault::Tear { kept_permille: self.rng.below(1_000) as u32 },
                2 => Fault::LandedUnacknowledged,
                _ => Fault::Crash { kept_permille: if self.rng.chance(40) { 1_000 } else { self.rng.below(1_000) as u32 } },
            };
            self.store.inject(fault);
        }
        Ok(())
    }

    /// A byte of the log flips at rest: the next read must report damage (a start refuses the
    /// log, and so does the audit), never read other data. Then the operator restores it.
    fn flip_and_detect(&mut self) -> Result<(), String> {
        let frames = self.store.frames();
        if frames == 0 || self.store.crashed() {
            return Ok(());
        }
        let index = self.rng.below(frames as u64) as usize;
        let at = self.rng.below(self.store.frame_len(index) as u64) as usize;
        let mask = 1u8 << self.rng.below(8);
        let was = self.store.flip(index, at, mask);
        let place = format!("bit {mask:#04x} of byte {at} of frame {index}");
        if self.trace {
            println!("{place} flips");
        }
        match audit::replay(self.store.as_ref(), u64::MAX) {
            Ok(_) => return Err(format!("{place} flipped, and a replay read the log as good")),
            Err(e) if !e.is_damage() => return Err(format!("{place} flipped, and a replay called it {e}, not damage")),
            Err(_) => {}
        }
        if audit::verify(self.store.as_ref(), Some(&self.engine.published)).is_ok() {
            return Err(format!("{place} flipped, and the audit read the log without an error"));
        }
        if self.rng.chance(50) && !self.store.refused() {
            // Found by a start instead: the log does not open.
            match self.store.reopen(false) {
                Ok(_) => return Err(format!("{place} flipped, and the log opened")),
                Err(e) if !e.is_damage() => return Err(format!("{place} flipped, and opening the log said {e}, not damage")),
                Err(_) => {}
            }
        }
        self.store.restore(index, at, was);
        self.report.flips_detected += 1;
        Ok(())
    }

    fn answered(&mut self, batch: Vec<Planned>, answers: Vec<Answer>, first_new: u64) -> Result<(), String> {
        for (planned, answer) in batch.iter().zip(answers) {
            match answer {
                Answer::Committed(events) => {
                    self.report.committed += 1;
                    self.report.coverage.entry(planned.what).or_default()[0] += 1;
                    self.model.committed(planned, &events)?;
                }
                Answer::Rejected(reject) => {
                    self.report.rejected += 1;
                    self.report.coverage.entry(planned.what).or_default()[1] += 1;
                    let reason: String = format!("{reject:?}").chars().take_while(|c| c.is_alphanumeric() || *c == '(').collect();
                    *self.report.refusals.entry(format!("{}: {reason}", planned.what)).or_default() += 1;
                    if planned.expect == super::world::Expect::Reject {
                        self.report.refused_as_expected += 1;
                    }
                    if self.model.must_take(&planned.submission.command) {
                        return Err(format!("{} was refused ({reject}), but it fits its market, which had no result: {:?}", planned.what, planned.submission.command));
                    }
                }
            }
        }
        // Every acknowledged event is in the log at the sequence number its answer gave.
        let written: Result<Vec<Envelope>, _> = self.store.read_from(first_new).collect();
        let written = written.map_err(|e| format!("the log's new events do not read back: {e}"))?;
        let acknowledged = &self.model.log[first_new as usize - 1..];
        if written != acknowledged {
            return Err(format!("the log holds {} new events, {} were acknowledged, or they differ", written.len(), acknowledged.len()));
        }
        Ok(())
    }

    /// The engine answered `Unavailable` (or died before answering): clients send again, for a
    /// while.
    fn unanswered(&mut self, batch: Vec<Planned>) {
        for planned in batch {
            self.report.unavailable += 1;
            self.report.coverage.entry(planned.what).or_default()[2] += 1;
            if planned.submission.write && self.now - planned.first_at_ms < RETRY_FOR_MS && self.rng.chance(70) {
                let retry = self.world.retry(planned, self.now);
                self.retries.push(retry);
            }
        }
    }

    fn check_step(&self) -> Result<(), String> {
        if self.store.crashed() {
            return Err("the store is left crashed".into());
        }
        if self.engine.working != self.engine.published {
            return Err("after a batch the engine's working state is not the published state".into());
        }
        if self.store.head() != self.engine.published.head_seq || self.model.log.len() as u64 != self.engine.published.head_seq {
            return Err(format!("the log ends at {}, the state at {}, the model's log at {}", self.store.head(), self.engine.published.head_seq, self.model.log.len()));
        }
        self.model.check_state(&self.engine.published)
    }

    /// The whole audit of the ledger over the log, against the live state.
    fn audit(&mut self) -> Result<(), String> {
        self.report.audits += 1;
        let report = audit::verify(self.store.as_ref(), Some(&self.engine.published)).map_err(|e| format!("the audit could not read the log: {e}"))?;
        if !report.passed() {
            let failed: Vec<_> = report.checks.iter().filter(|c| !c.pass).map(|c| format!("{}: {:?}", c.name, c.failures)).collect();
            return Err(format!("the audit failed: {}", failed.join("; ")));
        }
        Ok(())
    }

    /// The process dies and starts again: the state is thrown away and rebuilt from the log,
    /// and must be the state of every acknowledged command (and of a batch the disk kept whole
    /// although its commands were never answered, which the log now says happened).
    fn restart(&mut self, crashed: bool) -> Result<(), String> {
        self.report.crashes += u64::from(crashed);
        let keep_tail = self.rng.chance(50);
        let kept = self.store.reopen(keep_tail).map_err(|e| format!("the log does not open after a crash: {e}"))?;
        if self.trace {
            println!("restart: unsynced tail {}, a whole batch found {kept}, a batch in doubt {}", if keep_tail { "survives" } else { "lost" }, self.limbo.is_some());
        }
        let limbo = self.limbo.take();
        let mut expected_log = self.model.log.clone();
        let mut expected = self.engine.published.clone();
        if kept {
            let limbo = limbo.as_ref().ok_or("the disk kept a batch nobody wrote")?;
            expected_log.extend(limbo.written.iter().cloned());
            for envelope in &limbo.written {
                ledger::apply(&mut expected, envelope);
            }
        }
        let records = self.store.records().map_err(|e| format!("the log does not read after a restart: {e}"))?;
        if records != expected_log {
            let at = records.iter().zip(&expected_log).position(|(a, b)| a != b).unwrap_or(records.len().min(expected_log.len()));
            return Err(format!("after the restart the log holds {} events where {} were acknowledged (first difference at index {at})", records.len(), expected_log.len()));
        }
        if let (true, Some(limbo)) = (kept, limbo) {
            self.report.kept_after_restart += 1;
            for (planned, range) in limbo.planned.iter().zip(&limbo.per_command) {
                if planned.submission.write && !range.is_empty() {
                    self.model.committed(planned, &limbo.written[range.clone()]).map_err(|e| format!("a batch found on the disk after the restart: {e}"))?;
                }
            }
        }
        let engine = Engine::start(self.store.clone()).map_err(|e| format!("the engine does not start: {e}"))?;
        if engine.published != expected {
            return Err(format!("the state replayed from the log (head {}) is not the state before the crash (head {})", engine.published.head_seq, expected.head_seq));
        }
        // The real engine's start replays the same way; it runs at every fourth restart and the
        // last, which keeps a seed's cost down.
        if !crashed || self.report.crashes % 4 == 1 {
            self.real_engine_starts(&expected)?;
        }
        self.engine = engine;
        self.check_step()?;
        self.last_audit_step = self.step;
        self.audit()
    }

    /// The real engine starts on the same log, to the same state.
    fn real_engine_starts(&self, expected: &State) -> Result<(), String> {
        let store: Arc<dyn Store> = self.store.clone();
        let handle = ledger::start(store, Box::new(|_, _| {})).map_err(|e| format!("ledger::start refused the log: {e}"))?;
        if *handle.read() != *expected {
            return Err("ledger::start rebuilt another state from the log".into());
        }
        Ok(())
    }
}
