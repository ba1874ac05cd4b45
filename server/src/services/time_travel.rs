//! Operators' time travel: the ledger as it was at a moment of the log, and the log's
//! events read back with filters. Shared by `/api/ops/audit/*` and the `exchange audit` commands.

use crate::audit_calls::{AuditCalls, AuditPlace};
use crate::http::error::{ApiError, ApiResult};
use crate::services::views::open_bets;
use futures_util::Stream;
use ledger::{EngineHandle, Envelope, Snapshots, State, Store, StoreError};
use schemas::ops::{OpsEventRow, OpsMoment, OpsMomentUser};
use schemas::Money;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// At most this many events in one page, and in one export.
pub const EVENTS_PAGE_MAX: u32 = 500;
pub const EVENTS_EXPORT_MAX: u64 = 1_000_000;

/// An export is sent in chunks of about this many bytes of JSON lines.
const EXPORT_CHUNK_BYTES: usize = 64 * 1024;
/// Chunks read ahead of a client that downloads slowly: an export's memory is bounded by them,
/// whatever the size of the log.
const EXPORT_CHUNKS_AHEAD_MAX: usize = 4;

/// Fields of events that hold credentials: never shown or exported.
const SECRET_FIELDS: [&str; 6] = ["password_hash", "access", "refresh", "presented", "secret_sealed", "connection_id"];

/// `work` in one of the audit's places, off the async workers.
async fn off_the_workers<T: Send + 'static>(audit: &AuditCalls, work: impl FnOnce() -> Result<T, StoreError> + Send + 'static) -> ApiResult<T> {
    audit.enter().await?.run(work).await?.map_err(|e| ApiError::Unexpected(e.into()))
}

/// Every account (or one) as it was after event `seq`, or after the last event written at or
/// before `at_ms`, with its open bets then: folded from the newest of `snapshots` at or before
/// that moment (or from zero when there is none, as on a log with no snapshots here).
pub async fn moment(engine: &EngineHandle, audit: &AuditCalls, snapshots: &Arc<Snapshots>, seq: Option<u64>, at_ms: Option<i64>, username: Option<String>) -> ApiResult<OpsMoment> {
    let head = engine.read().head_seq;
    let to_seq = seq.unwrap_or(head);
    if to_seq > head {
        return Err(ApiError::bad(format!("seq: must be at most the head of the log ({head})")));
    }
    if let Some(name) = &username {
        if engine.read().accounts.user_by_name(name).is_none() {
            return Err(ApiError::not_found(format!("Unknown user '{name}'")));
        }
    }
    let (store, snapshots) = (engine.store().clone(), snapshots.clone());
    // The answer is read off the replayed state in the place, so no state outlives its place.
    off_the_workers(audit, move || {
        let (state, restored) = snapshots.state_at(store.as_ref(), to_seq, at_ms.unwrap_or(i64::MAX))?;
        tracing::debug!(seq = state.head_seq, snapshot_seq = restored.snapshot_seq, tail_events = restored.tail_events, "time travel");
        let users = state
            .accounts.users
            .values()
            .filter(|u| username.as_deref().is_none_or(|name| u.username.eq_ignore_ascii_case(name)))
            .map(|u| OpsMomentUser { username: u.username.clone(), balance: Money(u.balance_minor), exposure: Money(u.exposure_minor), open_bets: open_bets(&state, u.id, None) })
            .collect();
        Ok(OpsMoment { seq: state.head_seq, at_ms: state.head_at_ms, users })
    })
    .await
}

/// Which events to read back.
#[derive(Debug, Clone, Default)]
pub struct EventFilter {
    pub from_seq: u64,
    pub to_seq: Option<u64>,
    pub username: Option<String>,
    pub kind: Option<String>,
    /// A market, round or fixture id: the events whose `mid`, `book` or `gmid` it is.
    pub market: Option<u64>,
}

/// The id fields a market filter compares.
const MARKET_FIELDS: [&str; 3] = ["mid", "book", "gmid"];

/// The variant's name and its fields, credentials removed.
fn describe(envelope: &Envelope) -> (String, Value) {
    let value = serde_json::to_value(&envelope.event).unwrap_or(Value::Null);
    match value {
        Value::Object(map) if map.len() == 1 => {
            let (kind, mut detail) = map.into_iter().next().expect("one entry");
            redact(&mut detail);
            (kind, detail)
        }
        Value::String(kind) => (kind, Value::Null),
        other => ("Unknown".into(), other),
    }
}

fn redact(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, field) in map.iter_mut() {
                if SECRET_FIELDS.contains(&key.as_str()) {
                    *field = Value::String("[withheld]".into());
                } else {
                    redact(field);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact),
        _ => {}
    }
}

/// The number a field holds (a user id in `user_id` or `by`, a market in `mid`), found at the top
/// of the event or one level in.
fn id_field(detail: &Value, field: &str) -> Option<u64> {
    detail.get(field).and_then(Value::as_u64).or_else(|| detail.as_object()?.values().find_map(|inner| inner.get(field)?.as_u64()))
}

fn row(names: &BTreeMap<u64, String>, envelope: &Envelope) -> OpsEventRow {
    let (kind, detail) = describe(envelope);
    let name = |field| id_field(&detail, field).and_then(|id| names.get(&id).cloned());
    OpsEventRow { seq: envelope.seq, at_ms: envelope.at_ms, kind, username: name("user_id"), by: name("by"), detail }
}

fn names(state: &State) -> BTreeMap<u64, String> {
    state.accounts.users.values().map(|u| (u.id, u.username.clone())).collect()
}

fn matching(filter: &EventFilter, row: &OpsEventRow) -> bool {
    filter.kind.as_deref().is_none_or(|kind| row.kind.eq_ignore_ascii_case(kind))
        && filter.username.as_deref().is_none_or(|name| row.username.as_deref().is_some_and(|u| u.eq_ignore_ascii_case(name)) || row.by.as_deref().is_some_and(|u| u.eq_ignore_ascii_case(name)))
        && filter.market.is_none_or(|market| MARKET_FIELDS.iter().any(|field| id_field(&row.detail, field) == Some(market)))
}

/// Reads the events in the filter's range, calling `each` with every match (in order) until it
/// returns false.
fn scan(store: &dyn Store, names: &BTreeMap<u64, String>, filter: &EventFilter, mut each: impl FnMut(OpsEventRow) -> bool) -> Result<(), ledger::StoreError> {
    let to_seq = filter.to_seq.unwrap_or(u64::MAX);
    for record in store.read_from(filter.from_seq.max(1)) {
        let envelope = record?;
        if envelope.seq > to_seq {
            break;
        }
        let row = row(names, &envelope);
        if matching(filter, &row) && !each(row) {
            break;
        }
    }
    Ok(())
}

/// The filter's checks, then a place of the audit and every account's name (as large as the
/// accounts, so built only once the place is held).
async fn check(engine: &EngineHandle, audit: &AuditCalls, filter: &EventFilter) -> ApiResult<(AuditPlace, BTreeMap<u64, String>)> {
    if let Some(name) = &filter.username {
        if engine.read().accounts.user_by_name(name).is_none() {
            return Err(ApiError::not_found(format!("Unknown user '{name}'")));
        }
    }
    if filter.to_seq.is_some_and(|to| to < filter.from_seq) {
        return Err(ApiError::bad("toSeq: must not be below fromSeq"));
    }
    let place = audit.enter().await?;
    Ok((place, names(&engine.read())))
}

/// One page of the matching events, oldest first, and how many match in all.
pub async fn events(engine: &EngineHandle, audit: &AuditCalls, filter: EventFilter, page: u32, limit: u32) -> ApiResult<(Vec<OpsEventRow>, u64)> {
    let (place, names) = check(engine, audit, &filter).await?;
    let store = engine.store().clone();
    let skip = u64::from(page.saturating_sub(1)) * u64::from(limit);
    let found = place.run(move || {
        let (mut rows, mut total) = (Vec::new(), 0u64);
        scan(store.as_ref(), &names, &filter, |row| {
            if total >= skip && rows.len() < limit as usize {
                rows.push(row);
            }
            total += 1;
            true
        })?;
        Ok((rows, total))
    });
    found.await?.map_err(|e: StoreError| ApiError::Unexpected(e.into()))
}

/// An export ready to run: its filter checked, one of the audit's places held.
pub struct Export {
    place: AuditPlace,
    store: Arc<dyn Store>,
    names: BTreeMap<u64, String>,
    filter: EventFilter,
}

/// Every matching event as JSON lines (at most `EVENTS_EXPORT_MAX`), once a place is free.
pub async fn export(engine: &EngineHandle, audit: &AuditCalls, filter: EventFilter) -> ApiResult<Export> {
    let (place, names) = check(engine, audit, &filter).await?;
    Ok(Export { place, store: engine.store().clone(), names, filter })
}

impl Export {
    /// The lines in chunks, read from the log while they are sent: at most
    /// `EXPORT_CHUNKS_AHEAD_MAX` chunks wait for a slow client, and one that hangs up stops the
    /// read. The place is held until the read ends.
    pub fn stream(self) -> impl Stream<Item = Result<Vec<u8>, StoreError>> {
        let (tx, rx) = tokio::sync::mpsc::channel(EXPORT_CHUNKS_AHEAD_MAX);
        let Export { place, store, names, filter } = self;
        // The read goes on by itself on the blocking pool; the stream is its only output.
        drop(place.run(move || {
            let read = write_lines(store.as_ref(), &names, &filter, |chunk| tx.blocking_send(Ok(chunk)).is_ok());
            if let Err(error) = read {
                let _ = tx.blocking_send(Err(error));
            }
        }));
        futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|item| (item, rx)) })
    }

    /// The lines written to `out` as they are read (the command line's export of a data directory).
    pub async fn write_to(self, mut out: impl std::io::Write + Send + 'static) -> ApiResult<()> {
        let Export { place, store, names, filter } = self;
        let written = place
            .run(move || {
                let mut failed = None;
                write_lines(store.as_ref(), &names, &filter, |chunk| match out.write_all(&chunk) {
                    Ok(()) => true,
                    Err(error) => {
                        failed = Some(error);
                        false
                    }
                })?;
                failed.map_or_else(|| out.flush(), Err).map_err(|e| StoreError::Io { context: "writing the export", source: e })
            })
            .await?;
        written.map_err(|e| ApiError::Unexpected(e.into()))
    }
}

/// Every matching event as a JSON line, handed to `sink` about `EXPORT_CHUNK_BYTES` at a time
/// until it returns false.
fn write_lines(store: &dyn Store, names: &BTreeMap<u64, String>, filter: &EventFilter, mut sink: impl FnMut(Vec<u8>) -> bool) -> Result<(), StoreError> {
    let (mut chunk, mut count, mut open) = (Vec::with_capacity(EXPORT_CHUNK_BYTES), 0u64, true);
    scan(store, names, filter, |row| {
        serde_json::to_writer(&mut chunk, &row).expect("rows serialize");
        chunk.push(b'\n');
        count += 1;
        if chunk.len() >= EXPORT_CHUNK_BYTES {
            open = sink(std::mem::replace(&mut chunk, Vec::with_capacity(EXPORT_CHUNK_BYTES)));
        }
        open && count < EVENTS_EXPORT_MAX
    })?;
    if open && !chunk.is_empty() {
        sink(chunk);
    }
    Ok(())
}
