//! The push machinery's unit tests: the queue, the writer and the hub together.

use super::hub::*;
use super::change::{Delta, Full};
use super::numbering::Dropped;
use super::queue::{ConnQueue, Frame, SLOW_CONSUMER};
use super::wire::{Encoded, Format};
use super::writer::Output;
use actix_http::ws::{CloseCode, CloseReason};
use actix_web::web::{Bytes, BytesMut};
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::Waker;
use std::time::Duration;
use crate::limits::{WS_QUEUE_HARD_MAX, WS_QUEUE_SOFT_MAX};
use tokio::sync::mpsc;


fn frame(topic: u64, text: &str) -> Frame {
    Frame { topic: Some(topic), payload: Encoded::text(text) }
}

/// Everything queued for a JSON connection, as text, and the close reason.
fn drain(queue: &ConnQueue) -> (Vec<String>, Option<&'static str>) {
    let mut frames = Vec::new();
    let closed = queue.drain_into(&mut frames);
    let texts = frames.into_iter().map(|frame| frame.as_text().expect("a JSON connection gets text frames").to_string());
    (texts.collect(), closed)
}

#[test]
fn a_full_queue_conflates_the_topic_into_one_snapshot() {
    let queue = ConnQueue::default();
    for i in 0..WS_QUEUE_SOFT_MAX {
        let _ = queue.push(frame(1, &format!("delta {i}")), || unreachable!());
    }
    let _ = queue.push(frame(1, "delta late"), || frame(1, "snapshot"));
    let (frames, closed) = drain(&queue);
    assert_eq!(closed, None);
    assert_eq!(frames, vec!["snapshot".to_string()]);
}

#[test]
fn a_batch_that_meets_the_soft_limit_ends_in_its_topics_snapshot() {
    let queue = ConnQueue::default();
    for i in 0..WS_QUEUE_SOFT_MAX {
        let _ = queue.push(frame(1, &format!("delta {i}")), || unreachable!());
    }
    let batch = [Encoded::text("late 1"), Encoded::text("late 2"), Encoded::text("late 3")];
    let _ = queue.offer(1, &batch, || frame(1, "snapshot after the batch"));
    assert_eq!(drain(&queue).0, vec!["snapshot after the batch".to_string()], "no delta older than the snapshot after it");
}

#[actix_web::test]
async fn a_queue_past_the_hard_limit_is_closed() {
    let queue = ConnQueue::default();
    // Many topics each with pending frames: conflation cannot shrink the queue enough.
    for i in 0..WS_QUEUE_HARD_MAX + 1 {
        let _ = queue.push(frame(i as u64, "x"), || frame(i as u64, "snap"));
    }
    tokio::time::timeout(Duration::from_secs(1), queue.closed_by_hub.notified()).await.expect("the session is told");
    let close = CloseReason { code: CloseCode::Policy, description: Some(SLOW_CONSUMER.into()) };
    assert_eq!(written(&queue), vec![WireFrame::Close(Some(close))], "only the close frame goes out");
    assert!(matches!(queue.write(Waker::noop()), Output::Ended));
}

/// A frame as the client reads it.
#[derive(Debug, PartialEq)]
enum WireFrame {
    Text(String),
    Ping,
    Pong(Vec<u8>),
    Close(Option<CloseReason>),
}

/// What the connection's writer writes now, read back as a client reads it.
fn written(queue: &ConnQueue) -> Vec<WireFrame> {
    use actix_codec::Decoder;
    let mut buf = match queue.write(Waker::noop()) {
        Output::Bytes(bytes) => BytesMut::from(&bytes[..]),
        Output::Waiting | Output::Ended => return Vec::new(),
    };
    let mut codec = actix_http::ws::Codec::new().client_mode();
    let mut frames = Vec::new();
    while let Some(frame) = codec.decode(&mut buf).expect("well-formed frames") {
        frames.push(match frame {
            actix_http::ws::Frame::Text(bytes) => WireFrame::Text(String::from_utf8(bytes.to_vec()).expect("utf-8")),
            actix_http::ws::Frame::Ping(_) => WireFrame::Ping,
            actix_http::ws::Frame::Pong(bytes) => WireFrame::Pong(bytes.to_vec()),
            actix_http::ws::Frame::Close(reason) => WireFrame::Close(reason),
            other => panic!("unexpected frame {other:?}"),
        });
    }
    assert!(buf.is_empty(), "whole frames only");
    frames
}

/// Counts its wake-ups.
#[derive(Default)]
struct WakeCount(AtomicU64);

impl std::task::Wake for WakeCount {
    fn wake(self: Arc<Self>) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}

#[test]
fn the_writer_writes_controls_then_frames_then_the_close_and_ends() {
    let queue = ConnQueue::default();
    let _ = queue.push(frame(7, "delta"), || unreachable!());
    queue.reply(Encoded::text("reply"));
    queue.ping();
    queue.pong(Bytes::from_static(b"hi"));
    queue.close(Some(CloseReason { code: CloseCode::Normal, description: Some("bye".into()) }));
    let _ = queue.push(frame(7, "too late"), || unreachable!());
    assert_eq!(
        written(&queue),
        vec![
            WireFrame::Ping,
            WireFrame::Pong(b"hi".to_vec()),
            WireFrame::Text("delta".into()),
            WireFrame::Text("reply".into()),
            WireFrame::Close(Some(CloseReason { code: CloseCode::Normal, description: Some("bye".into()) })),
        ]
    );
    assert!(matches!(queue.write(Waker::noop()), Output::Ended), "nothing after the close frame");
}

#[test]
fn the_heartbeats_ping_rides_with_the_next_frames_or_goes_alone_a_beat_later() {
    let queue = ConnQueue::default();
    let counter = Arc::new(WakeCount::default());
    let waker = Waker::from(counter.clone());
    assert!(matches!(queue.write(&waker), Output::Waiting));
    queue.ping();
    assert_eq!(counter.0.load(Ordering::Relaxed), 0, "a ping alone wakes nobody");
    assert!(queue.push(frame(7, "delta"), || unreachable!()), "frames still wake the writer behind a due ping");
    assert_eq!(written(&queue), vec![WireFrame::Ping, WireFrame::Text("delta".into())], "one write");

    assert!(matches!(queue.write(&waker), Output::Waiting));
    queue.ping();
    queue.ping();
    assert_eq!(counter.0.load(Ordering::Relaxed), 1, "a beat with nothing sent: the ping goes now");
    assert_eq!(written(&queue), vec![WireFrame::Ping]);
}

#[test]
fn a_waiting_writer_is_woken_once_by_the_hubs_batch_and_by_the_session() {
    let mut hub = Hub::default();
    let queue = Arc::new(ConnQueue::default());
    hub.handle(HubCommand::Connect { conn_id: 1, queue: queue.clone() });
    let counter = Arc::new(WakeCount::default());
    let waker = Waker::from(counter.clone());
    assert!(matches!(queue.write(&waker), Output::Waiting));
    hub.handle(HubCommand::Subscribe { conn_id: 1, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({}) });
    hub.handle(HubCommand::Publish { key: "match:7".into(), delta: Delta::Value(serde_json::json!({"d": 1})), full: Full::Delta, seq: None });
    assert_eq!(counter.0.load(Ordering::Relaxed), 0, "not before the batch ends");
    hub.end_batch(&Dropped::default());
    assert_eq!(counter.0.load(Ordering::Relaxed), 1);
    assert_eq!(written(&queue).len(), 2, "the snapshot and the delta in one write");

    assert!(matches!(queue.write(&waker), Output::Waiting));
    queue.reply(Encoded::text("pong"));
    assert_eq!(counter.0.load(Ordering::Relaxed), 2, "the session's reply wakes the writer at once");
    queue.end();
    assert!(matches!(queue.write(&waker), Output::Ended), "a session that is gone ends the output");
}

#[test]
fn a_socket_written_directly_gets_every_frame_in_order_across_a_full_buffer() {
    let (mut client, server) = socket_pair();
    let queue = ConnQueue::writing_to(Format::Json, Arc::new(server));
    // While the client reads nothing, frames of every length class until the socket is full,
    // then a few more that wait behind what it did not take.
    let texts: Vec<String> = (0..).map(|i| format!("{i} {}", "x".repeat([3, 200, 70_000][i % 3]))).take(2_000).collect();
    let mut queued = 0;
    while !queue.is_blocked() {
        let _ = queue.push(frame(queued as u64, &texts[queued]), || unreachable!());
        queue.deliver();
        queued += 1;
    }
    for _ in 0..3 {
        let _ = queue.push(frame(queued as u64, &texts[queued]), || unreachable!());
        queue.deliver();
        queued += 1;
    }
    assert!(queue.stalled(Duration::ZERO), "the socket has not taken everything");
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut client, &mut bytes).expect("reads to the end");
        bytes
    });
    while queue.is_blocked() {
        std::thread::sleep(Duration::from_millis(1));
        queue.flush(queue.socket().expect("written directly"));
    }
    assert!(!queue.stalled(Duration::ZERO), "everything taken");
    drop(queue);
    let got = text_frames(&reader.join().expect("the reader"));
    assert_eq!(got.len(), queued);
    assert!(got.iter().zip(&texts).all(|(got, sent)| got == sent), "every frame, in order");
}

/// A connected pair of loopback sockets: the server's end non-blocking.
fn socket_pair() -> (std::net::TcpStream, std::net::TcpStream) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let client = std::net::TcpStream::connect(listener.local_addr().expect("its address")).expect("connects");
    let (server, _) = listener.accept().expect("accepts");
    server.set_nonblocking(true).expect("non-blocking");
    (client, server)
}

/// The text frames in `bytes`, whole frames only.
fn text_frames(bytes: &[u8]) -> Vec<String> {
    let mut buf = BytesMut::from(bytes);
    let mut codec = actix_http::ws::Codec::new().client_mode().max_size(1 << 20);
    let mut texts = Vec::new();
    while let Some(frame) = actix_codec::Decoder::decode(&mut codec, &mut buf).expect("well-formed frames") {
        let actix_http::ws::Frame::Text(bytes) = frame else { panic!("text frames only") };
        texts.push(String::from_utf8(bytes.to_vec()).expect("utf-8"));
    }
    assert!(buf.is_empty(), "whole frames only");
    texts
}

/// A hub with one connection written directly, subscribed to `match:7` (its snapshot sent),
/// and the client's end of its socket.
fn subscribed_over_a_socket() -> (std::net::TcpStream, Hub, Arc<ConnQueue>) {
    let (client, server) = socket_pair();
    let mut hub = Hub::default();
    let queue = Arc::new(ConnQueue::writing_to(Format::Json, Arc::new(server)));
    hub.handle(HubCommand::Connect { conn_id: 1, queue: queue.clone() });
    hub.handle(HubCommand::Subscribe { conn_id: 1, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({}) });
    hub.end_batch(&Dropped::default());
    (client, hub, queue)
}

fn publish(hub: &mut Hub, key: &str, data: Value) {
    hub.handle(HubCommand::Publish { key: key.into(), delta: Delta::Value(data), full: Full::Delta, seq: None });
}

#[test]
fn a_topics_messages_of_one_batch_go_straight_to_an_idle_socket_in_one_write() {
    let (mut client, mut hub, queue) = subscribed_over_a_socket();
    for d in 1..=3 {
        publish(&mut hub, "match:7", serde_json::json!({ "d": d }));
    }
    hub.deliver_pending();
    assert!(hub.wakes.0.is_empty(), "written by the hub: nobody to wake");
    assert!(queue.lock().frames.is_empty() && !queue.is_blocked(), "nothing queued, nothing left over");
    drop(hub);
    drop(queue);
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut client, &mut bytes).expect("reads to the end");
    let deltas = (1..=3).map(|d| format!(r#"{{"type":"delta","topic":"match:7","seq":{d},"data":{{"d":{d}}}}}"#));
    let expected: Vec<String> = std::iter::once(r#"{"type":"snapshot","topic":"match:7","seq":0,"data":{}}"#.to_string()).chain(deltas).collect();
    assert_eq!(text_frames(&bytes), expected);
}

#[test]
fn a_batch_offered_to_a_full_socket_waits_behind_what_it_did_not_take_in_order() {
    let (mut client, mut hub, queue) = subscribed_over_a_socket();
    // While the client reads nothing, batches of big and small messages until the socket is
    // full, then a few more batches that wait behind what it did not take.
    let mut published = 0;
    let mut batch = |hub: &mut Hub| {
        for _ in 0..2 {
            published += 1;
            publish(hub, "match:7", serde_json::json!({ "n": published, "pad": "x".repeat([70_000, 3][published % 2]) }));
        }
        hub.end_batch(&Dropped::default());
    };
    // The kernel may grow a loopback socket's buffers as it fills, so a blocked socket can take
    // more later: publish until batches really wait in the queue (bounded), then a few more.
    let mut rounds = 0;
    while !queue.is_blocked() || queue.lock().frames.is_empty() {
        batch(&mut hub);
        rounds += 1;
        assert!(rounds < 10_000, "the socket never filled");
    }
    for _ in 0..3 {
        batch(&mut hub);
    }
    assert!(!queue.lock().frames.is_empty(), "the later batches are queued");
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut client, &mut bytes).expect("reads to the end");
        bytes
    });
    while queue.is_blocked() || !queue.lock().frames.is_empty() {
        std::thread::sleep(Duration::from_millis(1));
        queue.flush(queue.socket().expect("written directly"));
    }
    drop(hub);
    drop(queue);
    let got = text_frames(&reader.join().expect("the reader"));
    let numbers: Vec<u64> = got[1..].iter().map(|text| serde_json::from_str::<Value>(text).expect("json")["data"]["n"].as_u64().expect("n")).collect();
    let sent: Vec<u64> = (1..=published as u64).collect();
    assert_eq!(numbers, sent, "every message, in order");
}

#[test]
fn a_newcomer_in_the_batch_of_a_message_gets_it_in_its_snapshot_only() {
    let mut hub = Hub::default();
    let (first, second) = (Arc::new(ConnQueue::default()), Arc::new(ConnQueue::default()));
    hub.handle(HubCommand::Connect { conn_id: 1, queue: first.clone() });
    hub.handle(HubCommand::Connect { conn_id: 2, queue: second.clone() });
    hub.handle(HubCommand::Subscribe { conn_id: 1, key: "casino:teen20".into(), wire: "casino:teen20".into(), snapshot: serde_json::json!({"lt": 20}) });
    hub.handle(HubCommand::Publish { key: "casino:teen20".into(), delta: Delta::Value(serde_json::json!({"lt": 19})), full: Full::Delta, seq: None });
    hub.handle(HubCommand::Subscribe { conn_id: 2, key: "casino:teen20".into(), wire: "casino:teen20".into(), snapshot: serde_json::json!({"lt": 20}) });
    hub.handle(HubCommand::Unsubscribe { conn_id: 1, key: "casino:teen20".into() });
    hub.handle(HubCommand::Publish { key: "casino:teen20".into(), delta: Delta::Value(serde_json::json!({"lt": 18})), full: Full::Delta, seq: None });
    hub.end_batch(&Dropped::default());
    assert_eq!(
        drain(&first).0,
        vec![r#"{"type":"snapshot","topic":"casino:teen20","seq":0,"data":{"lt":20}}"#.to_string(), r#"{"type":"delta","topic":"casino:teen20","seq":1,"data":{"lt":19}}"#.to_string()],
        "the delta published while it was subscribed, none after it left"
    );
    assert_eq!(
        drain(&second).0,
        vec![r#"{"type":"snapshot","topic":"casino:teen20","seq":1,"data":{"lt":19}}"#.to_string(), r#"{"type":"delta","topic":"casino:teen20","seq":2,"data":{"lt":18}}"#.to_string()]
    );
}

#[test]
fn frames_the_writer_does_not_take_are_a_stall() {
    let queue = ConnQueue::default();
    assert!(!queue.stalled(Duration::ZERO), "nothing queued, nothing waits");
    let _ = queue.push(frame(7, "delta"), || unreachable!());
    std::thread::sleep(Duration::from_millis(2));
    assert!(queue.stalled(Duration::from_millis(1)));
    assert!(!queue.stalled(Duration::from_secs(60)));
    let _ = written(&queue);
    assert!(!queue.stalled(Duration::ZERO), "taken by the writer");
}

#[test]
fn a_topic_published_with_a_later_value_reads_it_once_for_the_next_snapshots() {
    let mut hub = Hub::default();
    let (first, second) = (Arc::new(ConnQueue::default()), Arc::new(ConnQueue::default()));
    hub.handle(HubCommand::Connect { conn_id: 1, queue: first.clone() });
    hub.handle(HubCommand::Connect { conn_id: 2, queue: second.clone() });
    hub.handle(HubCommand::Subscribe { conn_id: 1, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({"v": 0}) });
    let reads = Arc::new(AtomicU64::new(0));
    let counter = reads.clone();
    let later = Full::Later(Arc::new(move || {
        counter.fetch_add(1, Ordering::Relaxed);
        Some(serde_json::json!({"v": 1}))
    }));
    hub.handle(HubCommand::Publish { key: "match:7".into(), delta: Delta::Value(serde_json::json!({"d": 1})), full: later, seq: None });
    hub.end_batch(&Dropped::default());
    assert_eq!(reads.load(Ordering::Relaxed), 0, "nobody needed a snapshot yet");
    let (frames, _) = drain(&first);
    assert_eq!(frames.last().cloned(), Some(r#"{"type":"delta","topic":"match:7","seq":1,"data":{"d":1}}"#.to_string()));

    hub.handle(HubCommand::Subscribe { conn_id: 2, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({"v": 0}) });
    hub.handle(HubCommand::Unsubscribe { conn_id: 2, key: "match:7".into() });
    hub.handle(HubCommand::Subscribe { conn_id: 2, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({"v": 0}) });
    let (frames, _) = drain(&second);
    let snapshot = r#"{"type":"snapshot","topic":"match:7","seq":1,"data":{"v":1}}"#.to_string();
    assert_eq!(frames, vec![snapshot.clone(), snapshot]);
    assert_eq!(reads.load(Ordering::Relaxed), 1, "read once, then kept");
}

#[test]
fn updates_a_full_inbox_dropped_reach_the_client_as_a_snapshot_of_the_newest_value() {
    let (tx, mut rx) = mpsc::channel(1);
    let handle = HubHandle { tx, next_conn_id: Arc::new(AtomicU64::new(1)), dropped: Arc::new(Dropped::default()), numbering: None };
    let mut hub = Hub::default();
    let queue = Arc::new(ConnQueue::default());
    hub.handle(HubCommand::Connect { conn_id: 1, queue: queue.clone() });
    hub.handle(HubCommand::Subscribe { conn_id: 1, key: "casino:teen20".into(), wire: "casino:teen20".into(), snapshot: serde_json::json!({"lt": 20}) });
    // The inbox holds one update; the next two find it full.
    for lt in [19, 18, 17] {
        handle.publish("casino:teen20".into(), serde_json::json!({"lt": lt}), Full::Value(serde_json::json!({"lt": lt})));
    }
    while let Ok(command) = rx.try_recv() {
        hub.handle(command);
        hub.end_batch(&handle.dropped);
    }
    let (frames, _) = drain(&queue);
    assert_eq!(
        frames,
        vec![
            r#"{"type":"snapshot","topic":"casino:teen20","seq":0,"data":{"lt":20}}"#.to_string(),
            r#"{"type":"delta","topic":"casino:teen20","seq":1,"data":{"lt":19}}"#.to_string(),
            r#"{"type":"snapshot","topic":"casino:teen20","seq":2,"data":{"lt":17}}"#.to_string(),
        ],
        "the client ends with the server's newest value, as a snapshot it cannot mistake for a delta"
    );
    assert!(handle.dropped.take().1.is_empty(), "each drop is resent once");
}

#[test]
fn a_burst_of_deltas_in_one_batch_wakes_each_session_once() {
    let mut hub = Hub::default();
    let queue = Arc::new(ConnQueue::default());
    hub.handle(HubCommand::Connect { conn_id: 1, queue: queue.clone() });
    hub.handle(HubCommand::Subscribe { conn_id: 1, key: "match:7".into(), wire: "match:7".into(), snapshot: serde_json::json!({}) });
    for d in 1..=3 {
        hub.handle(HubCommand::Publish { key: "match:7".into(), delta: Delta::Value(serde_json::json!({"d": d})), full: Full::Delta, seq: None });
    }
    hub.deliver_pending();
    assert_eq!(hub.wakes.0.len(), 1, "one wake-up for the snapshot and the three deltas");
    hub.wakes.deliver_all();
    assert_eq!(drain(&queue).0.len(), 4, "the session finds all four frames at once");
    hub.handle(HubCommand::Publish { key: "match:7".into(), delta: Delta::Value(serde_json::json!({"d": 4})), full: Full::Delta, seq: None });
    hub.deliver_pending();
    assert_eq!(hub.wakes.0.len(), 1, "a drained queue is woken again by its next frame");
}

#[test]
fn json_and_msgpack_subscribers_of_a_topic_get_the_same_message_each_encoded_once() {
    let mut hub = Hub::default();
    let json = Arc::new(ConnQueue::new(Format::Json));
    let (packed, packed_too) = (Arc::new(ConnQueue::new(Format::Msgpack)), Arc::new(ConnQueue::new(Format::Msgpack)));
    for (conn_id, queue) in [(1, &json), (2, &packed), (3, &packed_too)] {
        hub.handle(HubCommand::Connect { conn_id, queue: queue.clone() });
        hub.handle(HubCommand::Subscribe { conn_id, key: "casino:teen20".into(), wire: "casino:teen20".into(), snapshot: serde_json::json!({"lt": 20}) });
    }
    hub.handle(HubCommand::Publish { key: "casino:teen20".into(), delta: Delta::Value(serde_json::json!({"lt": 19, "cards": ["KHH"]})), full: Full::Delta, seq: None });
    hub.deliver_pending();
    let (texts, _) = drain(&json);
    let delta: Value = serde_json::from_str(&texts[1]).expect("json");
    assert_eq!(delta, serde_json::json!({"type": "delta", "topic": "casino:teen20", "seq": 1, "data": {"lt": 19, "cards": ["KHH"]}}));
    let binary = |queue: &ConnQueue| {
        let mut frames = Vec::new();
        queue.drain_into(&mut frames);
        frames.into_iter().map(|frame| frame.as_binary().expect("a MessagePack connection gets binary frames").to_vec()).collect::<Vec<_>>()
    };
    let (frames, frames_too) = (binary(&packed), binary(&packed_too));
    assert_eq!(rmp_serde::from_slice::<Value>(&frames[1]).expect("msgpack"), delta);
    assert_eq!(frames[1], frames_too[1]);
}

#[test]
fn a_directly_written_connections_body_hands_actix_nothing() {
    let (_client, server) = socket_pair();
    let queue = ConnQueue::writing_to(Format::Json, Arc::new(server));
    queue.reply(Encoded::text("reply"));
    queue.pong(Bytes::from_static(b"hi"));
    queue.ping();
    assert!(matches!(queue.write(Waker::noop()), Output::Waiting), "the frames went to the socket, none to actix's body");
    queue.close(None);
    assert!(matches!(queue.write(Waker::noop()), Output::Ended), "the body ends once the close frame is written");
}
