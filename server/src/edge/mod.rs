//! Edge nodes (`serve --log nats://… --role edge --engine-url URL`, docs/scale-out.md).
//!
//! An edge never takes the engine's lease. It starts from a snapshot and the log's tail, or
//! replays the log (`follow::start_state`), and follows it (as a standby does,
//! `follow::follow_log`) into a read-only ledger state (`ledger::read_only`), keeps the casino
//! tables' rounds the engine node pushes, and answers from them the calls that only read those
//! (`LOCAL_READS`) with the same handlers as the engine node. Every other call under `/api` and
//! `/data` (a write, or a read of the engine's market book) goes to the engine node, whose
//! answer is passed back as it came. The client's
//! files and the WebSocket hub are the edge's own: the engine node numbers each change of a topic
//! and relays it on core NATS (`PUSH_SUBJECT`), every edge's hub takes it with that number, so
//! the frames of a topic are the same, in the same order, on every node.
//!
//! The market book is the edge's too: the engine node relays every change its book makes
//! (`sports::book::BookOp`, numbered, on `BOOK_OPS_SUBJECT`), and an edge that has the engine's
//! book (asked once on `BOOK_SNAPSHOT_SUBJECT`, then those ops after it) answers the sports reads
//! (`BOOK_READS`) itself. Until it has it, or after it missed an op (core NATS keeps nothing),
//! it forwards them and asks again.
//!
//! Read your write: every answer carries `X-Ledger-Seq`, the ledger event its node had reached
//! when it answered (for a write, at least the write's last event). A read on an edge waits,
//! up to `READ_WAIT`, until its state has reached both the `X-Ledger-Seq` the request carries (a
//! client that wrote through another node) and the event the engine's answer to the last call
//! this edge forwarded carried (anyone's call, a write or a read of the book: the wait is the
//! log's lag, a few milliseconds, and a login's session is then known to the next call without
//! the client doing anything). Past the wait it answers 503.

pub mod route;

use ledger::AccountEvent;
use crate::push::change::Full;
use crate::push::hub::HubHandle;
use crate::push::change::{Change, Relayed};
use futures_util::StreamExt;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

/// The header that carries the ledger event an answer reflects.
pub const LEDGER_SEQ: &str = "x-ledger-seq";

/// How long a read on an edge waits for its state to reach the event it must reflect.
const READ_WAIT: Duration = Duration::from_secs(2);

/// The casino tables' topics (`casino::casino_topic`), whose whole values are the tables' rounds.
const CASINO_TOPIC_PREFIX: &str = "casino:";

/// Core NATS subject of the engine node's hub changes (`Relayed`, JSON), in the order it made them.
pub const PUSH_SUBJECT: &str = "push.frames";

/// Requests for a public topic's whole value (its name as the body), answered by the engine node.
pub const SNAPSHOT_SUBJECT: &str = "push.snapshot";

/// Core NATS subject of the engine node's book changes: `(number, BookOp)`, JSON.
pub const BOOK_OPS_SUBJECT: &str = "book.ops";

/// Requests for the engine node's whole book (`Book`, JSON, with its op number).
pub const BOOK_SNAPSHOT_SUBJECT: &str = "book.snapshot";

/// How long a forwarded call may take at the engine (a bet in play waits out its delay).
const FORWARD_TIMEOUT: Duration = Duration::from_secs(30);

/// The largest answer of the engine node an edge passes on (the log's export is the largest).
const FORWARDED_ANSWER_BYTES_MAX: usize = 64 * 1024 * 1024;

/// The calls an edge answers itself: they read the ledger's state and the casino tables' rounds
/// (kept from the engine node's pushes), never the market book, and write nothing. `*` is any
/// one path segment.
const LOCAL_READS: &[(&str, &str)] = &[
    ("GET", "/api/openapi.json"),
    ("GET", "/api/domain/domain-config"),
    ("GET", "/api/ip"),
    ("GET", "/api/users"),
    ("GET", "/api/userLog"),
    ("GET", "/api/userPerformance/*"),
    ("GET", "/api/transaction/user/statement/*"),
    ("GET", "/api/bet"),
    ("GET", "/api/bet/current"),
    ("POST", "/api/bet/all"),
    ("GET", "/api/bet/account-statement"),
    ("GET", "/api/wallet/deposit-methods"),
    ("GET", "/api/wallet/requests"),
    ("GET", "/api/wallet/accounts"),
    ("GET", "/api/bonus"),
    ("GET", "/api/secure-auth"),
    ("GET", "/api/ops/users"),
    ("GET", "/api/ops/users/*"),
    ("GET", "/api/ops/users/*/timeline"),
    ("GET", "/api/ops/house"),
    ("GET", "/api/ops/audit/state"),
    // Time travel and the event log read the log itself (the edge's own JetStream reader).
    ("GET", "/api/ops/audit/moment"),
    ("GET", "/api/ops/audit/events"),
    ("GET", "/api/ops/audit/events.jsonl"),
    ("GET", "/api/ops/wallet/requests"),
    ("GET", "/api/ops/bonus/coupons"),
    ("POST", "/data/front/rules"),
    ("POST", "/data/front/casinorules"),
    ("POST", "/data/front/casino/rules"),
    ("POST", "/data/front/accstatepopup"),
    ("POST", "/api/front/casino/tablist"),
    ("POST", "/api/front/casino/tablelist"),
    ("POST", "/api/front/tablist"),
    ("POST", "/api/front/casino/alllist"),
    ("POST", "/data/front/casino/alllist"),
    ("POST", "/data/front/casino/launchother"),
    ("POST", "/api/front/casino/data2"),
    ("POST", "/data/front/casino/data2"),
    ("POST", "/data/front/worlisectiondata"),
    ("POST", "/data/front/casino/pick"),
    ("POST", "/api/front/casino/lastresults2"),
    ("POST", "/api/front/casinoresults"),
    ("POST", "/data/front/casinoresults"),
    ("POST", "/api/front/casino/result"),
];

/// The calls that read only the market book (and the ledger's state): an edge answers them once
/// its book follows the engine's.
const BOOK_READS: &[(&str, &str)] = &[
    ("POST", "/api/front/get_latest_events"),
    ("POST", "/api/front/treedata"),
    ("POST", "/api/front/highlighthomePrivate"),
    ("POST", "/data/front/highlightproduct"),
    ("POST", "/data/front/gamedetailPrivate"),
    ("POST", "/data/front/gamedataPrivate"),
    ("POST", "/data/front/matchstate"),
    ("POST", "/data/front/cricketvdata"),
    ("POST", "/data/front/searchgame"),
    ("GET", "/data/sport/*/*"),
];

fn local_read(method: &str, path: &str) -> bool {
    matches(LOCAL_READS, method, path)
}

fn book_read(method: &str, path: &str) -> bool {
    matches(BOOK_READS, method, path)
}

fn matches(calls: &[(&str, &str)], method: &str, path: &str) -> bool {
    let segments: Vec<&str> = path.split('/').collect();
    calls.iter().any(|(m, pattern)| {
        let wanted: Vec<&str> = pattern.split('/').collect();
        *m == method && wanted.len() == segments.len() && wanted.iter().zip(&segments).all(|(w, s)| *w == "*" || w == s)
    })
}

/// What an edge node adds to the application's state.
pub struct Edge {
    /// Where calls are forwarded: `--engine-url` at first, then the address the engine node last
    /// announced (`ledger::jetstream::announce_engine`) once that stops answering.
    engine_url: std::sync::RwLock<String>,
    /// The newest `X-Ledger-Seq` of the engine's answers to the calls this edge forwarded.
    written: AtomicU64,
    /// The event the followed state has reached.
    head: tokio::sync::watch::Receiver<u64>,
    /// Wakes the follower for a read that waits.
    wake: std::sync::mpsc::SyncSender<()>,
    nats: async_nats::Client,
    /// The book follows the engine's (see the module's notes).
    book_live: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// The read-only ledger an edge serves and what it needs to follow the log.
pub struct Following {
    pub engine: ledger::EngineHandle,
    pub edge: Edge,
    /// How the followed state began: `at event N, from the snapshot at event S and …`.
    pub started_from: String,
}

/// Restores a read-only state from a snapshot and the log's tail, or from zero
/// (`follow::start_state`), and follows the log on a thread of its own; sessions that
/// end in the log leave the edge's hub. The engine node's hub changes reach `hub`, and the casino
/// tables' rounds among them are kept in `casino` (first asked of the engine node, table by table).
pub async fn follow(settings: &crate::configuration::Settings, hub: HubHandle, book: SharedBook, casino: crate::casino::SharedTables, engine_url: String) -> anyhow::Result<Following> {
    use anyhow::Context;
    let application = &settings.application;
    let options = application.jetstream_options().context("an edge needs the log on JetStream (--log nats://…)")?;
    let servers = options.servers.clone();
    let store = std::sync::Arc::new(
        ledger::JetStreamStore::open(&options).with_context(|| format!("opening the ledger's log on {servers} (stream {})", options.stream))?,
    );
    let (replaying, application) = (store.clone(), application.clone());
    let (state, started_from) = tokio::task::spawn_blocking(move || crate::follow::start_state(&application, &replaying, "edge", None))
        .await
        .context("replaying the log")?
        .context("replaying the log")?;
    println!("edge: following the log {started_from}");
    let (head_tx, head) = tokio::sync::watch::channel(state.head_seq);
    let (engine, followed) = ledger::read_only(store.clone(), state);
    let (wake, woken) = std::sync::mpsc::sync_channel(1);
    let ending = hub.clone();
    std::thread::Builder::new()
        .name("ledger-follower".into())
        .spawn(move || {
            let fold = |events: &[ledger::Envelope]| {
                followed.fold(events)?;
                for envelope in events {
                    if let ledger::Event::Accounts(AccountEvent::SessionEnded { session_id, .. }) = envelope.event {
                        ending.end_session(session_id);
                    }
                }
                head_tx.send_replace(followed.read().head_seq);
                Ok(())
            };
            if let Err(e) = crate::follow::follow_log(&store, || false, fold, Some(&woken)) {
                // A log that does not follow on from what was read: serving it would be wrong.
                eprintln!("edge: the log broke off ({e}); stopping");
                std::process::exit(4);
            }
        })
        .context("starting the log's follower")?;
    let nats = ledger::jetstream::connect(&servers).await.with_context(|| format!("connecting to NATS at {servers}"))?;
    let mut frames = nats.subscribe(PUSH_SUBJECT).await.context("subscribing to the engine's pushes")?;
    let tables = casino.clone();
    tokio::spawn(async move {
        while let Some(message) = frames.next().await {
            match serde_json::from_slice::<Relayed>(&message.payload) {
                Ok(change) => {
                    if change.topic.starts_with(CASINO_TOPIC_PREFIX) {
                        if let Ok(round) = serde_json::from_value(change.full.clone()) {
                            crate::casino::keep(&tables, round, false);
                        }
                    }
                    hub.publish_at(change.topic, change.seq, change.delta, Full::Value(change.full));
                }
                Err(e) => tracing::warn!(error = %e, "an unreadable push from the engine node"),
            }
        }
    });
    let book_live = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let ops = nats.subscribe(BOOK_OPS_SUBJECT).await.context("subscribing to the engine's book")?;
    tokio::spawn(follow_book(nats.clone(), ops, book, book_live.clone()));
    let edge = Edge { engine_url: std::sync::RwLock::new(engine_url.trim_end_matches('/').to_owned()), written: AtomicU64::new(0), head, wake, nats, book_live };
    // Subscribed first, so no change falls between a table's snapshot and its next change.
    for table in crate::casino::catalog::tables() {
        let shown = edge.public_snapshot(&crate::casino::casino_topic(table.gtype)).await;
        if let Some(round) = shown.ok().and_then(|value| serde_json::from_value(value).ok()) {
            crate::casino::keep(&casino, round, true);
        }
    }
    Ok(Following { engine, edge, started_from })
}

type SharedBook = std::sync::Arc<std::sync::RwLock<crate::sports::book::Book>>;

/// Keeps `book` the engine node's: its whole book, asked for after `ops` was subscribed, then
/// every op after it in order; a missed op (a gap in the numbers) and the book is asked again.
async fn follow_book(nats: async_nats::Client, mut ops: async_nats::Subscriber, book: SharedBook, live: std::sync::Arc<std::sync::atomic::AtomicBool>) {
    use std::sync::atomic::Ordering;
    loop {
        let asked = tokio::time::timeout(READ_WAIT, nats.request(BOOK_SNAPSHOT_SUBJECT, Vec::new().into())).await;
        let whole = match asked {
            Ok(Ok(answer)) => serde_json::from_slice::<crate::sports::book::Book>(&answer.payload).map_err(|e| e.to_string()),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err("no answer".into()),
        };
        match whole {
            Ok(whole) => *book.write().unwrap_or_else(|p| p.into_inner()) = whole,
            Err(error) => {
                tracing::warn!(%error, "asking the engine node for its book: sports reads go to the engine");
                tokio::time::sleep(READ_WAIT).await;
                continue;
            }
        }
        live.store(true, Ordering::Release);
        while let Some(message) = ops.next().await {
            let Ok((number, op)) = serde_json::from_slice::<(u64, crate::sports::book::BookOp)>(&message.payload) else {
                tracing::warn!("an unreadable book change from the engine node");
                continue;
            };
            let mut book = book.write().unwrap_or_else(|p| p.into_inner());
            if number <= book.ops_head() {
                continue;
            }
            if number != book.ops_head() + 1 {
                tracing::warn!(missed_from = book.ops_head() + 1, number, "book changes were missed: asking for the whole book again");
                break;
            }
            book.replay(op);
        }
        live.store(false, Ordering::Release);
    }
}

impl Edge {
    /// Where calls are forwarded now.
    pub fn engine_url(&self) -> String {
        self.engine_url.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// After `failed` stopped answering: the address the engine node announced, if it is another
    /// (a standby took over), which calls are forwarded to from now on.
    pub async fn rediscover(&self, failed: &str) -> Option<String> {
        let announced = ledger::jetstream::announced_engine(&self.nats).await?.trim_end_matches('/').to_owned();
        if announced == failed {
            return None;
        }
        tracing::warn!(from = %failed, to = %announced, "the engine node moved: forwarding there");
        *self.engine_url.write().unwrap_or_else(|p| p.into_inner()) = announced.clone();
        Some(announced)
    }

    /// Whether this edge answers the sports reads itself (its book follows the engine's).
    pub fn book_live(&self) -> bool {
        self.book_live.load(std::sync::atomic::Ordering::Acquire)
    }

    /// A public topic's whole value, from the engine node.
    pub async fn public_snapshot(&self, topic: &str) -> Result<serde_json::Value, String> {
        let asked = tokio::time::timeout(READ_WAIT, self.nats.request(SNAPSHOT_SUBJECT, topic.to_owned().into_bytes().into())).await;
        let answer = match asked {
            Ok(Ok(answer)) => answer,
            _ => return Err(format!("topic '{topic}': the engine node did not answer")),
        };
        match serde_json::from_slice::<Option<serde_json::Value>>(&answer.payload) {
            Ok(Some(value)) => Ok(value),
            _ => Err(format!("unknown topic '{topic}'")),
        }
    }

    /// Waits (up to `READ_WAIT`) until the followed state reflects the calls this edge forwarded.
    pub async fn reach_forwarded(&self) -> bool {
        self.reach(self.written.load(std::sync::atomic::Ordering::Acquire)).await
    }

    /// Waits until the followed state has reached `seq`; false when it did not within `READ_WAIT`.
    async fn reach(&self, seq: u64) -> bool {
        if *self.head.borrow() >= seq {
            return true;
        }
        let _ = self.wake.try_send(());
        let mut head = self.head.clone();
        let reached = tokio::time::timeout(READ_WAIT, head.wait_for(|reached| *reached >= seq)).await;
        matches!(reached, Ok(Ok(_)))
    }
}

/// The engine node's half: every hub change relayed on `PUSH_SUBJECT`, and the public topics'
/// values given to edges that ask (`SNAPSHOT_SUBJECT`).
pub async fn relay_pushes(servers: &str, book: std::sync::Arc<std::sync::RwLock<crate::sports::book::Book>>, casino: crate::casino::SharedTables) -> anyhow::Result<tokio::sync::mpsc::Sender<Change>> {
    use anyhow::Context;
    let nats = ledger::jetstream::connect(servers).await.with_context(|| format!("connecting to NATS at {servers}"))?;
    let (tx, mut changes) = tokio::sync::mpsc::channel::<Change>(crate::limits::HUB_QUEUE_MAX);
    let publisher = nats.clone();
    tokio::spawn(async move {
        while let Some(change) = changes.recv().await {
            let bytes = serde_json::to_vec(&change.relayed()).expect("wire types serialize");
            if let Err(e) = publisher.publish(PUSH_SUBJECT, bytes.into()).await {
                tracing::warn!(error = %e, "relaying a push to the edges");
            }
        }
    });
    // Bounded: a feed burst the NATS publisher cannot keep up with drops book ops rather than
    // growing without end; an edge that sees the gap asks for the whole book (`follow_book`).
    let (ops_tx, mut ops_rx) = tokio::sync::mpsc::channel(crate::limits::BOOK_RELAY_QUEUE_MAX);
    book.write().unwrap_or_else(|p| p.into_inner()).relay_to(ops_tx);
    let publisher = nats.clone();
    tokio::spawn(async move {
        while let Some(numbered) = ops_rx.recv().await {
            let bytes = serde_json::to_vec(&numbered).expect("book ops encode");
            if let Err(e) = publisher.publish(BOOK_OPS_SUBJECT, bytes.into()).await {
                tracing::warn!(error = %e, "relaying a book change to the edges");
            }
        }
    });
    let mut book_asks = nats.subscribe(BOOK_SNAPSHOT_SUBJECT).await.context("answering the edges' book requests")?;
    let (whole_book, answering) = (book.clone(), nats.clone());
    tokio::spawn(async move {
        while let Some(ask) = book_asks.next().await {
            let Some(reply) = ask.reply else { continue };
            let bytes = serde_json::to_vec(&*whole_book.read().unwrap_or_else(|p| p.into_inner())).expect("the book encodes");
            if let Err(e) = answering.publish(reply, bytes.into()).await {
                tracing::warn!(error = %e, "answering an edge's book request");
            }
        }
    });
    let mut asks = nats.subscribe(SNAPSHOT_SUBJECT).await.context("answering the edges' snapshot requests")?;
    tokio::spawn(async move {
        while let Some(ask) = asks.next().await {
            let Some(reply) = ask.reply else { continue };
            let topic = String::from_utf8_lossy(&ask.payload);
            let value = crate::topics::resolve_public(&book, &casino, &topic).map(|(_, value)| value);
            let bytes = serde_json::to_vec(&value).expect("wire types serialize");
            if let Err(e) = nats.publish(reply, bytes.into()).await {
                tracing::warn!(error = %e, "answering an edge's snapshot request");
            }
        }
    });
    Ok(tx)
}

#[cfg(test)]
mod tests {
    use super::{book_read, local_read};

    #[test]
    fn an_edge_answers_ledger_reads_and_forwards_the_rest() {
        assert!(local_read("GET", "/api/bet/account-statement"));
        assert!(local_read("GET", "/api/ops/users/player1"));
        assert!(local_read("GET", "/api/ops/users/player1/timeline"));
        assert!(!local_read("POST", "/api/ops/users/player1/lock"), "an operator's action is a write");
        assert!(!local_read("POST", "/api/bet/place"));
        assert!(!local_read("POST", "/api/auth/login"));
        assert!(!local_read("GET", "/api/auth/logout"), "a GET that writes");
        assert!(!local_read("POST", "/data/front/gamedetailPrivate"), "the market book is the engine's");
        assert!(local_read("POST", "/data/front/casino/data2"), "the casino's rounds are kept from the pushes");
        assert!(!local_read("POST", "/api/bet/place/casino"));
        assert!(!local_read("POST", "/api/wallet/accounts"));
        assert!(local_read("GET", "/api/ops/audit/moment") && local_read("GET", "/api/ops/audit/events.jsonl"), "time travel reads the log on the edge");
        assert!(!local_read("POST", "/api/ops/audit/verify-runs"), "a verify run is the engine's");
        assert!(book_read("POST", "/data/front/gamedetailPrivate") && book_read("GET", "/data/sport/4/123"), "once the edge's book follows the engine's");
        assert!(!book_read("POST", "/api/bet/place"));
    }
}
