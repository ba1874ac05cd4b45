//! The store in memory: for tests and tools, nothing durable.

use super::{check_batch, decode, encode, Records, Store, StoreError};
use crate::event::Envelope;
use std::sync::Mutex;

#[derive(Default)]
pub struct MemStore {
    records: Mutex<Vec<Vec<u8>>>,
}

impl MemStore {
    fn records(&self) -> std::sync::MutexGuard<'_, Vec<Vec<u8>>> {
        self.records.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Store for MemStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        let mut records = self.records();
        check_batch(records.len() as u64, batch)?;
        records.extend(batch.iter().map(encode));
        Ok(())
    }

    fn read_from(&self, from: u64) -> Records<'_> {
        let skip = from.saturating_sub(1) as usize;
        let copied: Vec<Vec<u8>> = self.records().iter().skip(skip).cloned().collect();
        Box::new(copied.into_iter().enumerate().map(move |(i, bytes)| decode((skip + i) as u64 + 1, &bytes)))
    }

    fn head(&self) -> u64 {
        self.records().len() as u64
    }
}
