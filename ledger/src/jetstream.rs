//! The ledger's log on a NATS JetStream stream: a `Store` beside the local ones (`store`).
//!
//! Each engine batch is one message on `ledger.events`: the batch's envelopes, MessagePack as the
//! sled store keeps each. Every publish carries the stream sequence this store last saw as the
//! expected last sequence, so only one engine can append: when another has written since, the
//! server refuses the publish and this store refuses every later append (`Fenced`). `append`
//! returns once the stream has acknowledged the message, that is once it is stored on the stream's
//! replicas (a quorum of an R3 stream).
//!
//! `Store` is synchronous (the engine's own thread calls it; the replay at start runs inside the
//! server's runtime), so the store keeps a small runtime of its own for the client and waits for
//! each answer on a channel.

use crate::event::Envelope;
use crate::snapshot::Snapshots;
use std::io::Read;
use std::sync::Arc;
use crate::store::{check_batch, Records, Store, StoreError};
use async_nats::jetstream::consumer::{pull, AckPolicy, DeliverPolicy};
use async_nats::jetstream::{self, context::PublishErrorKind, message::PublishMessage, stream};
use futures_util::StreamExt;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The subject every batch is published on.
pub const SUBJECT: &str = "ledger.events";

/// Where the log lives: the servers (`nats://127.0.0.1:4222`, several separated by commas), the
/// stream's name and its replica count (3 on a three-server cluster).
#[derive(Debug, Clone)]
pub struct JetStreamOptions {
    pub servers: String,
    pub stream: String,
    pub replicas: usize,
}

pub struct JetStreamStore {
    runtime: Option<tokio::runtime::Runtime>,
    context: jetstream::Context,
    stream: stream::Stream,
    /// The stream sequence of the last batch message: the next publish expects it.
    last_message: AtomicU64,
    /// The last event sequence number in the log.
    head: AtomicU64,
    fenced: AtomicBool,
    /// The batches appended since the last acknowledged one whose append ended without an answer
    /// (each expected the same last message): one of them may still be stored, once the cluster
    /// has its quorum again (the proposal of a leader that died survives in its replicas' logs).
    unanswered: std::sync::Mutex<Vec<Arc<Vec<u8>>>>,
    /// The servers and the log's replica count (the snapshots' stream gets it too).
    options: JetStreamOptions,
}

fn remote(context: &'static str) -> impl FnOnce(String) -> StoreError {
    move |reason| StoreError::Remote { context, reason }
}

/// How long an append keeps publishing a batch the stream has not answered (a cluster electing a
/// new leader takes a few seconds), and the pause between tries.
const APPEND_RETRY_FOR: std::time::Duration = std::time::Duration::from_secs(10);
const APPEND_RETRY_PAUSE: std::time::Duration = std::time::Duration::from_millis(200);

/// Batch messages one read (`catch_up`, a step of `read_from`) takes at most: a long log is read
/// in steps of bounded memory (a batch holds at most `BATCH_COMMANDS_MAX` commands' events).
const READ_MESSAGES_MAX: u64 = 512;

/// How long a read waits for its consumer to be made, then for the messages the stream said it
/// holds; and how long the server keeps a reader's consumer that was not deleted (its reader
/// died).
const READER_OPEN_FOR: std::time::Duration = std::time::Duration::from_secs(2);
const READ_FOR: std::time::Duration = std::time::Duration::from_secs(10);
const READER_KEPT_FOR: std::time::Duration = std::time::Duration::from_secs(30);
/// The pause after a fetch that brought nothing yet.
const READ_PAUSE: std::time::Duration = std::time::Duration::from_millis(10);

/// The batches of messages `first..=last`, in order: through a consumer of the stream made for
/// this read, which the server answers with many messages at a time (one request per message
/// waits a round trip each); message by message when no consumer can be made in
/// `READER_OPEN_FOR` (making one asks the cluster's JetStream leader, which a lost server may
/// have been, while reading a message asks only the stream's leader).
async fn read_messages(stream: &stream::Stream, first: u64, last: u64) -> Result<Vec<Vec<Envelope>>, StoreError> {
    if first > last {
        return Ok(Vec::new());
    }
    // One message: one get, rather than a consumer made, read and deleted.
    if first == last {
        return read_one_by_one(stream, first, last).await;
    }
    let config = pull::Config {
        deliver_policy: DeliverPolicy::ByStartSequence { start_sequence: first },
        ack_policy: AckPolicy::None,
        inactive_threshold: READER_KEPT_FOR,
        num_replicas: 1,
        memory_storage: true,
        ..Default::default()
    };
    match tokio::time::timeout(READER_OPEN_FOR, stream.create_consumer(config)).await {
        Ok(Ok(consumer)) => {
            let read = read_through(&consumer, first, last).await;
            // Best effort: a consumer left behind goes away by itself after `READER_KEPT_FOR`.
            let _ = stream.delete_consumer(&consumer.cached_info().name).await;
            match read {
                // Just after a fault a consumer has been handed an older message than it was
                // made for, or nothing for its whole wait (docs/reliability.md, "Partitions and
                // pauses"); the stream's leader answers each message by its number.
                Err(e @ (StoreError::OutOfSequence { .. } | StoreError::Remote { .. })) => {
                    tracing::warn!(error = %e, first, last, "a reader of the ledger's stream failed: reading message by message");
                    read_one_by_one(stream, first, last).await
                }
                read => read,
            }
        }
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "no reader of the ledger's stream could be made: reading message by message");
            read_one_by_one(stream, first, last).await
        }
        Err(_) => {
            tracing::warn!("no reader of the ledger's stream could be made in time: reading message by message");
            read_one_by_one(stream, first, last).await
        }
    }
}

async fn read_through(consumer: &jetstream::consumer::PullConsumer, first: u64, last: u64) -> Result<Vec<Vec<Envelope>>, StoreError> {
    let deadline = tokio::time::Instant::now() + READ_FOR;
    let mut batches = Vec::new();
    let mut next = first;
    while next <= last {
        if tokio::time::Instant::now() > deadline {
            return Err(StoreError::Remote { context: "reading batches", reason: format!("message {next} of {first}..={last} did not come") });
        }
        let (wanted, before) = (usize::try_from(last - next + 1).unwrap_or(usize::MAX), next);
        let mut messages = consumer.fetch().max_messages(wanted).messages().await.map_err(|e| e.to_string()).map_err(remote("reading batches"))?;
        while let Some(message) = messages.next().await {
            let message = message.map_err(|e| e.to_string()).map_err(remote("reading a batch"))?;
            let number = message.info().map_err(|e| e.to_string()).map_err(remote("reading a batch's place"))?.stream_sequence;
            if number != next {
                return Err(StoreError::OutOfSequence { expected: next, found: number });
            }
            batches.push(decode_batch(number, &message.payload)?);
            next += 1;
        }
        if next == before {
            tokio::time::sleep(READ_PAUSE).await;
        }
    }
    Ok(batches)
}

async fn read_one_by_one(stream: &stream::Stream, first: u64, last: u64) -> Result<Vec<Vec<Envelope>>, StoreError> {
    let mut batches = Vec::new();
    for number in first..=last {
        let message = stream.get_raw_message(number).await.map_err(|e| e.to_string()).map_err(remote("reading a batch"))?;
        batches.push(decode_batch(number, &message.payload)?);
    }
    Ok(batches)
}

/// The message holding event `seq`: the last of messages `1..=last` whose batch begins at or before
/// it (the batches' first events grow with the messages), found in log2(last) gets. An empty batch
/// met on the way (the engine appends none) leaves the search to begin at message 1.
async fn message_holding(stream: &stream::Stream, seq: u64, last: u64) -> Result<u64, StoreError> {
    let (mut low, mut high) = (1, last);
    while low < high {
        let middle = low + (high - low).div_ceil(2);
        let message = stream.get_raw_message(middle).await.map_err(|e| e.to_string()).map_err(remote("reading a batch"))?;
        match decode_batch(middle, &message.payload)?.first() {
            Some(first) if first.seq <= seq => low = middle,
            Some(_) => high = middle - 1,
            None => return Ok(1),
        }
    }
    Ok(low)
}

/// Where an append's batch went: stored at this message, or refused because an earlier batch of
/// this store, whose append got no answer, was stored at this message (its bytes).
enum Appended {
    Ours(u64),
    Earlier(u64, Vec<u8>),
}

/// FNV-1a, 64 bits: enough to tell two batches at the same place apart.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0000_0100_0000_01b3))
}

pub fn encode_batch(batch: &[Envelope]) -> Vec<u8> {
    rmp_serde::to_vec(batch).expect("events contain only encodable values")
}

pub fn decode_batch(message: u64, bytes: &[u8]) -> Result<Vec<Envelope>, StoreError> {
    rmp_serde::from_slice(bytes).map_err(|e| StoreError::Corrupt { key: message, reason: format!("stream message {message}: {e}") })
}

impl JetStreamStore {
    /// Connects, creates the stream if it is not there (file storage), and reads where it ends.
    pub fn open(options: &JetStreamOptions) -> Result<Self, StoreError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("ledger-jetstream")
            .enable_all()
            .build()
            .map_err(|source| StoreError::Io { context: "starting the JetStream client's runtime", source })?;
        let kept = options.clone();
        let options = options.clone();
        let opened = wait(&runtime, async move {
            let client = connect(&options.servers).await.map_err(|e| e.to_string()).map_err(remote("connecting to the log"))?;
            let context = jetstream::new(client);
            let config = stream::Config {
                name: options.stream.clone(),
                subjects: vec![SUBJECT.to_owned()],
                num_replicas: options.replicas,
                storage: stream::StorageType::File,
                ..Default::default()
            };
            let mut stream = context.get_or_create_stream(config).await.map_err(|e| e.to_string()).map_err(remote("opening the stream"))?;
            let last_message = stream.info().await.map_err(|e| e.to_string()).map_err(remote("reading the stream's state"))?.state.last_sequence;
            let head = match last_message {
                0 => 0,
                last => {
                    let message = stream.get_raw_message(last).await.map_err(|e| e.to_string()).map_err(remote("reading the last batch"))?;
                    decode_batch(last, &message.payload)?.last().map_or(0, |envelope| envelope.seq)
                }
            };
            Ok::<_, StoreError>((context, stream, last_message, head))
        });
        let (context, stream, last_message, head) = match opened {
            Ok(opened) => opened,
            Err(e) => {
                // Possibly inside another runtime (the server's): this one must not block there.
                runtime.shutdown_background();
                return Err(e);
            }
        };
        Ok(Self { runtime: Some(runtime), context, stream, last_message: AtomicU64::new(last_message), head: AtomicU64::new(head), fenced: AtomicBool::new(false), unanswered: std::sync::Mutex::new(Vec::new()), options: kept })
    }

    /// The events appended since this store last read or wrote the stream, up to its end as it
    /// is now, at most `READ_MESSAGES_MAX` batches (call again while it returns some). A
    /// standby follows the log with it while another node runs the engine, and reads to the end
    /// once it holds the lease; its first append then expects the last message read here. Not for
    /// a store an engine writes through.
    pub fn catch_up(&self) -> Result<Vec<Envelope>, StoreError> {
        let after = self.last_message.load(Ordering::Acquire);
        let stream = self.stream.clone();
        let read = self.wait(async move {
            let end = stream.get_info().await.map_err(|e| e.to_string()).map_err(remote("reading the stream's state"))?.state.last_sequence;
            let last = end.min(after + READ_MESSAGES_MAX).max(after);
            Ok::<_, StoreError>((last, read_messages(&stream, after + 1, last).await?))
        });
        let (last, batches) = read?;
        let envelopes: Vec<Envelope> = batches.into_iter().flatten().collect();
        // Checked as an append checks its batch: the events go on from this store's head.
        check_batch(self.head(), &envelopes)?;
        self.last_message.store(last, Ordering::Release);
        self.head.fetch_add(envelopes.len() as u64, Ordering::AcqRel);
        Ok(envelopes)
    }

    /// Whether another engine appended since this store last read or wrote: it writes no more.
    pub fn fenced(&self) -> bool {
        self.fenced.load(Ordering::Acquire)
    }

    fn wait<T: Send + 'static>(&self, work: impl Future<Output = T> + Send + 'static) -> T {
        wait(self.runtime.as_ref().expect("the runtime lives as long as the store"), work)
    }

    /// The snapshots' stream, made if it is not there.
    async fn snapshot_stream(context: jetstream::Context, replicas: usize) -> Result<stream::Stream, StoreError> {
        let config = stream::Config {
            name: SNAPSHOT_STREAM.into(),
            subjects: vec![format!("{SNAPSHOT_SUBJECTS}.>")],
            num_replicas: replicas,
            storage: stream::StorageType::File,
            ..Default::default()
        };
        context.get_or_create_stream(config).await.map_err(|e| e.to_string()).map_err(remote("opening the snapshots' stream"))
    }

    /// Publishes snapshot `seq` of `snapshots` (the engine's keeper does, after each it takes) on
    /// the snapshots' stream: its file's bytes as they are kept (`Snapshots::file`), in messages of
    /// at most `SNAPSHOT_MESSAGE_BYTES`, then a message naming it the newest (its event, first
    /// message and message count); the snapshots older than the one it replaces are purged, so
    /// the stream keeps the newest two (one being read while the next is published stays whole).
    pub fn publish_snapshot(&self, snapshots: &Snapshots, seq: u64) -> Result<(), StoreError> {
        let path = snapshots.file(seq).ok_or(StoreError::Corrupt { key: seq, reason: "no such complete snapshot to publish".into() })?;
        let mut file = std::fs::File::open(&path).map_err(|source| StoreError::Io { context: "reading a snapshot to publish", source })?;
        // A connection of its own: the engine's appends do not queue behind the snapshot's bytes.
        let (servers, replicas) = (self.options.servers.clone(), self.options.replicas);
        let (context, previous) = self.wait(async move {
            let client = connect(&servers).await.map_err(|e| e.to_string()).map_err(remote("connecting to publish a snapshot"))?;
            let context = jetstream::new(client);
            let stream = Self::snapshot_stream(context.clone(), replicas).await?;
            Ok::<_, StoreError>((context, newest_published(&stream).await.map(|newest| newest.first)))
        })?;
        let (mut first, mut count) = (None, 0u64);
        loop {
            let mut slice = Vec::with_capacity(SNAPSHOT_MESSAGE_BYTES);
            file.by_ref().take(SNAPSHOT_MESSAGE_BYTES as u64).read_to_end(&mut slice).map_err(|source| StoreError::Io { context: "reading a snapshot to publish", source })?;
            if slice.is_empty() {
                break;
            }
            let context = context.clone();
            let sequence = self.wait(async move { publish_acked(&context, format!("{SNAPSHOT_SUBJECTS}.data.{seq}"), slice).await })?;
            first.get_or_insert(sequence);
            count += 1;
        }
        let first = first.ok_or(StoreError::Corrupt { key: seq, reason: "an empty snapshot file".into() })?;
        self.wait(async move {
            publish_acked(&context, format!("{SNAPSHOT_SUBJECTS}.newest"), format!("{seq} {first} {count}").into_bytes()).await?;
            // (A purge up to sequence 1 is read by the server as a purge of everything.)
            if let Some(previous) = previous.filter(|previous| (2..first).contains(previous)) {
                let stream = context.get_stream(SNAPSHOT_STREAM).await.map_err(|e| e.to_string()).map_err(remote("opening the snapshots' stream"))?;
                stream.purge().sequence(previous).await.map_err(|e| e.to_string()).map_err(remote("purging old snapshots"))?;
            }
            Ok::<_, StoreError>(())
        })?;
        tracing::info!(seq, messages = count, "snapshot of the state published on the log");
        Ok(())
    }

    /// Fetches the newest snapshot published on the snapshots' stream into `snapshots`
    /// (`Snapshots::incoming`: the same file, written as a snapshot taken here is), and returns its
    /// event; `None` when none is published. Whether it is trusted (this build, the log's event,
    /// every CRC) is decided when it is read, as for a snapshot taken here: one that fails is
    /// passed over.
    pub fn fetch_snapshot(&self, snapshots: &Arc<Snapshots>) -> Result<Option<u64>, StoreError> {
        let (context, snapshots) = (self.context.clone(), snapshots.clone());
        self.wait(async move {
            let Ok(stream) = context.get_stream(SNAPSHOT_STREAM).await else { return Ok(None) };
            let Some(newest) = newest_published(&stream).await else { return Ok(None) };
            let config = pull::Config {
                filter_subject: format!("{SNAPSHOT_SUBJECTS}.data.{}", newest.seq),
                // From its first message: a copy of the same snapshot published before is not read.
                deliver_policy: DeliverPolicy::ByStartSequence { start_sequence: newest.first },
                ack_policy: AckPolicy::None,
                inactive_threshold: READER_KEPT_FOR,
                num_replicas: 1,
                memory_storage: true,
                ..Default::default()
            };
            let consumer = stream.create_consumer(config).await.map_err(|e| e.to_string()).map_err(remote("reading a snapshot"))?;
            let fetched = fetch_file(&consumer, &newest, &snapshots).await;
            let _ = stream.delete_consumer(&consumer.cached_info().name).await;
            fetched.map(|()| Some(newest.seq))
        })
    }
}

/// The subjects (`{SNAPSHOT_SUBJECTS}.data.{seq}`, `{SNAPSHOT_SUBJECTS}.newest`) and the stream of
/// the snapshots published for other nodes.
const SNAPSHOT_SUBJECTS: &str = "ledger.snapshot";
pub const SNAPSHOT_STREAM: &str = "LEDGER_SNAPSHOTS";
/// A message's payload at most (a server's default limit is 1 MiB).
const SNAPSHOT_MESSAGE_BYTES: usize = 512 << 10;
/// How long a fetch waits for the next message of a snapshot.
const SNAPSHOT_READ_FOR: std::time::Duration = std::time::Duration::from_secs(10);

/// The newest published snapshot: its event, the stream sequence of its first message, and its
/// message count.
struct Published {
    seq: u64,
    first: u64,
    count: u64,
}

async fn newest_published(stream: &stream::Stream) -> Option<Published> {
    let message = stream.get_last_raw_message_by_subject(&format!("{SNAPSHOT_SUBJECTS}.newest")).await.ok()?;
    let mut fields = std::str::from_utf8(&message.payload).ok()?.split(' ').map(str::parse::<u64>);
    Some(Published { seq: fields.next()?.ok()?, first: fields.next()?.ok()?, count: fields.next()?.ok()? })
}

async fn publish_acked(context: &jetstream::Context, subject: String, payload: Vec<u8>) -> Result<u64, StoreError> {
    let ack = context.publish(subject, payload.into()).await.map_err(|e| e.to_string()).map_err(remote("publishing a snapshot"))?;
    Ok(ack.await.map_err(|e| e.to_string()).map_err(remote("publishing a snapshot"))?.sequence)
}

/// Writes the published snapshot's messages, as the consumer delivers them, into a snapshot file
/// of `snapshots`.
async fn fetch_file(consumer: &jetstream::consumer::PullConsumer, published: &Published, snapshots: &Snapshots) -> Result<(), StoreError> {
    let mut messages = consumer.messages().await.map_err(|e| e.to_string()).map_err(remote("reading a snapshot"))?;
    let mut incoming = snapshots.incoming(published.seq)?;
    for _ in 0..published.count {
        match tokio::time::timeout(SNAPSHOT_READ_FOR, messages.next()).await {
            Ok(Some(Ok(message))) => incoming.write(&message.payload)?,
            Ok(Some(Err(e))) => return Err(StoreError::Remote { context: "reading a snapshot", reason: e.to_string() }),
            Ok(None) | Err(_) => return Err(StoreError::Remote { context: "reading a snapshot", reason: "its messages stopped before its end".into() }),
        }
    }
    incoming.finish(snapshots)
}

/// Runs `work` on the store's runtime and waits for it on this thread, which may itself be a
/// runtime's (a channel, not `block_on`, so that is allowed).
fn wait<T: Send + 'static>(runtime: &tokio::runtime::Runtime, work: impl Future<Output = T> + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    runtime.spawn(async move {
        let _ = tx.send(work.await);
    });
    rx.recv().expect("the store's runtime answers")
}

impl Drop for JetStreamStore {
    fn drop(&mut self) {
        // Dropped inside another runtime (a test, the server) a runtime must not block.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Store for JetStreamStore {
    fn append(&self, batch: &[Envelope]) -> Result<(), StoreError> {
        let expected = self.last_message.load(Ordering::Acquire);
        if self.fenced.load(Ordering::Acquire) {
            return Err(StoreError::Fenced { expected });
        }
        check_batch(self.head(), batch)?;
        let bytes = Arc::new(encode_batch(batch));
        // The message id names this very batch (its first event and its bytes): publishing it again
        // after a lost answer is a duplicate the stream acknowledges with the first copy's
        // sequence, while an old engine's different batch at the same place is refused.
        let id = format!("ledger-{}-{:016x}", batch.first().map_or(0, |e| e.seq), fnv1a(&bytes));
        let context = self.context.clone();
        let stream = self.stream.clone();
        let unanswered = self.unanswered.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let ours = bytes.clone();
        let acked = self.wait(async move {
            let deadline = tokio::time::Instant::now() + APPEND_RETRY_FOR;
            loop {
                let message = PublishMessage::build().payload(ours.as_ref().clone().into()).message_id(&id).expected_last_sequence(expected);
                let answer = match context.send_publish(SUBJECT, message).await {
                    Ok(ack) => ack.await,
                    Err(e) => Err(e),
                };
                match answer {
                    // Lost on the way (a server of the cluster went away, a leader is being
                    // elected): the same message again, until the stream answers or time is up.
                    Err(e) if matches!(e.kind(), PublishErrorKind::TimedOut | PublishErrorKind::BrokenPipe | PublishErrorKind::StreamNotFound | PublishErrorKind::Other) && tokio::time::Instant::now() < deadline => {
                        tokio::time::sleep(APPEND_RETRY_PAUSE).await;
                    }
                    // Refused because the stream moved on: by this very batch, stored by an
                    // earlier try whose answer was lost (then it is ours), by an earlier batch of
                    // this store whose append got no answer at all, or by another engine.
                    Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => match stream.get_raw_message(expected + 1).await {
                        Ok(stored) if stored.payload.as_ref() == ours.as_slice() => return Ok(Appended::Ours(expected + 1)),
                        Ok(stored) if unanswered.iter().any(|earlier| earlier.as_slice() == stored.payload.as_ref()) => return Ok(Appended::Earlier(expected + 1, stored.payload.to_vec())),
                        Ok(_) => return Err(e),
                        // Not known whose it is: just after a quorum came back the stream answers
                        // 503 for a while. Asked again, never taken for another engine's: that
                        // would fence the only engine there is for good.
                        Err(_) if tokio::time::Instant::now() < deadline => tokio::time::sleep(APPEND_RETRY_PAUSE).await,
                        Err(read) => return Err(jetstream::context::PublishError::with_source(PublishErrorKind::Other, read)),
                    },
                    answer => return answer.map(|ack| Appended::Ours(ack.sequence)),
                }
            }
        });
        match acked {
            Ok(Appended::Ours(sequence)) => {
                self.unanswered.lock().unwrap_or_else(|p| p.into_inner()).clear();
                self.last_message.store(sequence, Ordering::Release);
                self.head.fetch_add(batch.len() as u64, Ordering::AcqRel);
                Ok(())
            }
            Ok(Appended::Earlier(sequence, payload)) => {
                let events = decode_batch(sequence, &payload)?;
                check_batch(self.head(), &events)?;
                self.unanswered.lock().unwrap_or_else(|p| p.into_inner()).clear();
                self.last_message.store(sequence, Ordering::Release);
                self.head.fetch_add(events.len() as u64, Ordering::AcqRel);
                tracing::warn!(message = sequence, events = events.len(), "a batch whose append got no answer was stored after all: the engine takes it in");
                Err(StoreError::Landed { events })
            }
            Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => {
                self.fenced.store(true, Ordering::Release);
                tracing::error!(expected, "another engine appended to the ledger's stream: this engine writes no more");
                Err(StoreError::Fenced { expected })
            }
            // Still not acknowledged: the batch may or may not be in the stream, or get there once
            // the cluster has its quorum again. If it does, the next append finds it there
            // (`Landed`), and the engine takes it in: nothing acknowledged is lost, nothing doubled.
            Err(e) => {
                self.unanswered.lock().unwrap_or_else(|p| p.into_inner()).push(bytes);
                Err(StoreError::Unanswered { reason: e.to_string() })
            }
        }
    }

    /// Finds the message holding event `from` with a binary search over the stream (one get per
    /// step), then reads from there: O(log messages + the tail).
    fn read_from(&self, from: u64) -> Records<'_> {
        let last = self.last_message.load(Ordering::Acquire);
        let (mut message, mut found) = (0, 0);
        let mut pending = std::vec::IntoIter::default();
        Box::new(std::iter::from_fn(move || loop {
            if let Some(envelope) = pending.next() {
                return Some(Ok(envelope));
            }
            if last == 0 {
                return None;
            }
            if message == 0 {
                let stream = self.stream.clone();
                message = match self.wait(async move { message_holding(&stream, from, last).await }) {
                    Ok(holding) => {
                        found = holding;
                        holding
                    }
                    Err(e) => {
                        message = last + 1;
                        return Some(Err(e));
                    }
                };
            }
            if message > last {
                return None;
            }
            let stream = self.stream.clone();
            // The message found first alone (a snapshot's check reads one event), then in steps.
            let step = if message == found { 1 } else { READ_MESSAGES_MAX };
            let (first, upto) = (message, last.min(message + step - 1));
            message = upto + 1;
            let batches = match self.wait(async move { read_messages(&stream, first, upto).await }) {
                Ok(batches) => batches,
                Err(e) => {
                    message = last + 1;
                    return Some(Err(e));
                }
            };
            let wanted: Vec<Envelope> = batches.into_iter().flatten().filter(|envelope| envelope.seq >= from).collect();
            pending = wanted.into_iter();
        }))
    }

    fn head(&self) -> u64 {
        self.head.load(Ordering::Acquire)
    }
}

/// The engine's lease: a stream of one subject keeping only its last message, which lives
/// `LEASE_TTL`; the holder writes it again every `LEASE_RENEW_EVERY`. A standby takes the lease
/// once the holder has not renewed it for `LEASE_TTL`, so a takeover begins within that and a poll.
pub const LEASE_STREAM: &str = "LEDGER_LEASE";
const LEASE_SUBJECT: &str = "ledger.lease";
pub const LEASE_TTL: std::time::Duration = std::time::Duration::from_secs(3);
pub const LEASE_RENEW_EVERY: std::time::Duration = std::time::Duration::from_secs(1);
const LEASE_POLL: std::time::Duration = std::time::Duration::from_millis(250);

/// The engine's lease. Taking it is a publish that expects the subject to be empty
/// (the last holder's message has expired); renewing it expects the holder's own last message, so
/// two nodes can never both hold it. Only its holder runs the engine; the log's fencing stops an
/// old holder's writes even before it notices it lost the lease.
pub struct Lease {
    context: jetstream::Context,
    /// The stream sequence of the holder's last lease message.
    last: u64,
    node: String,
}

impl Lease {
    /// Waits until node `node` holds the lease: at once when nobody does, else once the holder
    /// has not renewed it for `LEASE_TTL`.
    pub async fn acquire(options: &JetStreamOptions, node: &str) -> Result<Lease, StoreError> {
        let client = connect(&options.servers).await.map_err(|e| e.to_string()).map_err(remote("connecting to the log"))?;
        let context = jetstream::new(client);
        let config = stream::Config {
            name: LEASE_STREAM.into(),
            subjects: vec![LEASE_SUBJECT.into()],
            max_messages_per_subject: 1,
            max_age: LEASE_TTL,
            num_replicas: options.replicas,
            storage: stream::StorageType::File,
            ..Default::default()
        };
        context.get_or_create_stream(config).await.map_err(|e| e.to_string()).map_err(remote("opening the lease stream"))?;
        loop {
            if let Ok(last) = publish_lease(&context, node, 0).await {
                return Ok(Lease { context, last, node: node.to_owned() });
            }
            tokio::time::sleep(LEASE_POLL).await;
        }
    }

    /// Writes the lease again. `Lost` means another node holds it: the caller must stop deciding
    /// at once. `Unanswered` means the stream did not answer (the cluster lost its quorum, a
    /// leader is being elected): the caller goes on and tries again. A lease that lapsed
    /// meanwhile (the holder's message expired while nobody could write) is taken again only if
    /// nobody took it; if another node took it and wrote since, the log's fencing refuses this
    /// node's writes whatever the lease says.
    pub async fn renew(&mut self) -> Result<(), LeaseError> {
        let refused = match publish_lease(&self.context, &self.node, self.last).await {
            Ok(last) => {
                self.last = last;
                return Ok(());
            }
            Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => e,
            Err(e) => return Err(LeaseError::Unanswered(e.to_string())),
        };
        // Refused: who holds it? Lost only when the stream shows another holder. A renewal of
        // ours whose answer was lost (proposed when the cluster lost its quorum) may have been
        // stored after all: the subject's last message is then this node's. A stream that does not
        // answer yet (a leader being elected) is asked again at the next renewal.
        let stream = self.context.get_stream_no_info(LEASE_STREAM).await.map_err(|e| LeaseError::Unanswered(e.to_string()))?;
        match stream.get_last_raw_message_by_subject(LEASE_SUBJECT).await {
            Ok(last) if last.payload.as_ref() == self.node.as_bytes() => {
                self.last = last.sequence;
                return Ok(());
            }
            Ok(last) => return Err(LeaseError::Lost(format!("{refused}; held by {}", String::from_utf8_lossy(&last.payload)))),
            Err(e) if e.kind() == async_nats::jetstream::stream::LastRawMessageErrorKind::NoMessageFound => {}
            Err(e) => return Err(LeaseError::Unanswered(e.to_string())),
        }
        match publish_lease(&self.context, &self.node, 0).await {
            Ok(last) => {
                tracing::warn!(node = %self.node, "the engine's lease lapsed while the log did not answer; nobody took it: held again");
                self.last = last;
                Ok(())
            }
            Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => Err(LeaseError::Lost(refused.to_string())),
            Err(e) => Err(LeaseError::Unanswered(e.to_string())),
        }
    }
}

/// Why a renewal of the lease failed.
#[derive(Debug)]
pub enum LeaseError {
    /// Another node holds the lease.
    Lost(String),
    /// The lease's stream did not answer; nothing is known.
    Unanswered(String),
}

impl std::fmt::Display for LeaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeaseError::Lost(why) => write!(f, "{why}"),
            LeaseError::Unanswered(why) => write!(f, "the lease's stream did not answer: {why}"),
        }
    }
}

/// One lease message, accepted only if the subject's last message is `expected` (0: none).
async fn publish_lease(context: &jetstream::Context, node: &str, expected: u64) -> Result<u64, jetstream::context::PublishError> {
    let message = PublishMessage::build().payload(node.to_owned().into()).expected_last_subject_sequence(expected);
    let ack = context.send_publish(LEASE_SUBJECT, message).await?;
    Ok(ack.await?.sequence)
}

/// How often a client pings its server. The client drops a connection with more than two pings
/// unanswered and moves to another server of the list: a server that stopped answering without
/// closing its connections (paused, cut off by a partition) is left after about three of these,
/// not after the client's default of two minutes, during which every append and lease renewal on
/// it would go unanswered.
const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// A NATS client for a server list as the settings give it (`nats://a:4222,nats://b:4222`): the
/// client takes each address apart, and moves to another server of the list when one goes.
pub async fn connect(servers: &str) -> Result<async_nats::Client, async_nats::ConnectError> {
    let servers: Vec<&str> = servers.split(',').map(str::trim).collect();
    async_nats::ConnectOptions::new().ping_interval(PING_EVERY).connect(servers).await
}

/// Where the engine node answers HTTP: a stream of one subject that keeps its last
/// message. Each node that runs the engine writes its address there once it serves; edges forward
/// the calls they do not answer to it, and read it again when the engine they knew stops
/// answering (a standby took over).
pub const ENGINE_STREAM: &str = "LEDGER_ENGINE";
const ENGINE_SUBJECT: &str = "ledger.engine";

/// Records `url` as the engine node's address.
pub async fn announce_engine(client: &async_nats::Client, replicas: usize, url: &str) -> Result<(), StoreError> {
    let context = jetstream::new(client.clone());
    let config = stream::Config {
        name: ENGINE_STREAM.into(),
        subjects: vec![ENGINE_SUBJECT.into()],
        max_messages_per_subject: 1,
        num_replicas: replicas,
        storage: stream::StorageType::File,
        ..Default::default()
    };
    context.get_or_create_stream(config).await.map_err(|e| e.to_string()).map_err(remote("opening the engine's address stream"))?;
    let ack = context.publish(ENGINE_SUBJECT, url.to_owned().into()).await.map_err(|e| e.to_string()).map_err(remote("announcing the engine's address"))?;
    ack.await.map_err(|e| e.to_string()).map_err(remote("announcing the engine's address"))?;
    Ok(())
}

/// The address the last engine node announced, if any has.
pub async fn announced_engine(client: &async_nats::Client) -> Option<String> {
    let stream = jetstream::new(client.clone()).get_stream_no_info(ENGINE_STREAM).await.ok()?;
    let message = stream.get_last_raw_message_by_subject(ENGINE_SUBJECT).await.ok()?;
    String::from_utf8(message.payload.to_vec()).ok()
}
