//! Stores that let the benchmark see what the engine does to the disk: a wrapper that records
//! each append (events in it, time it took), and a store that writes nothing, to measure the
//! engine without the disk.

use ledger::store::Records;
use ledger::{Envelope, Store, StoreError};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// One call of `append`: one batch, one flush.
#[derive(Debug, Clone, Copy)]
pub struct AppendRecord {
    pub events: u32,
    pub micros: u32,
}

/// Wraps a store and records every append made while recording is on.
pub struct Counting<S> {
    inner: S,
    recording: AtomicBool,
    appends: Mutex<Vec<AppendRecord>>,
}

impl<S: Store> Counting<S> {
    pub fn new(inner: S) -> Self {
        Self { inner, recording: AtomicBool::new(false), appends: Mutex::new(Vec::new()) }
    }

    pub fn start_recording(&self) {
        self.recording.store(true, Ordering::SeqCst);
    }

    /// Stops recording and hands over what was recorded.
    pub fn take(&self) -> Vec<AppendRecord> {
        self.recording.store(false, Ordering::SeqCst);
        std::mem::take(&mut *self.appends.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

impl<S: Store> Store for Counting<S> {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        let started = Instant::now();
        self.inner.append(batch)?;
        if self.recording.load(Ordering::Relaxed) {
            let record = AppendRecord { events: batch.len() as u32, micros: started.elapsed().as_micros() as u32 };
            self.appends.lock().unwrap_or_else(|p| p.into_inner()).push(record);
        }
        Ok(())
    }

    fn read_from(&self, from: u64) -> Records<'_> {
        self.inner.read_from(from)
    }

    fn head(&self) -> u64 {
        self.inner.head()
    }

    fn size_on_disk(&self) -> u64 {
        self.inner.size_on_disk()
    }
}

/// Accepts every batch and keeps nothing: the engine's own cost, without encoding or disk.
#[derive(Default)]
pub struct NullStore {
    head: AtomicU64,
}

impl Store for NullStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        self.head.fetch_add(batch.len() as u64, Ordering::Release);
        Ok(())
    }

    fn read_from(&self, _from: u64) -> Records<'_> {
        Box::new(std::iter::empty())
    }

    fn head(&self) -> u64 {
        self.head.load(Ordering::Acquire)
    }
}
