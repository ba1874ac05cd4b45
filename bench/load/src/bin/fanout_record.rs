//! Records the match frames a running server pushes, for the Socket.IO peer of
//! `scripts/bench-server --peers` to replay: one socket per live match (the first `--matches`, as
//! `fanout` picks them), every delta for `--seconds`, written as JSON lines
//! `{"at_us": <since the first frame>, "topic": "match:<gmid>", "frame": <the frame>}`.
//! Replaying what our server actually sent gives the peer the same frames, sizes and rhythm.

use awc::ws;
use bench_load::Client;
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::Write;
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    #[arg(long, default_value_t = 50)]
    matches: usize,
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// Where the JSON lines go.
    #[arg(long)]
    out: std::path::PathBuf,
}

/// Frames recorded at most: about 1,300 a second at simulator x10, so this bounds a long run.
const FRAMES_MAX: usize = 2_000_000;

type Recorded = (Instant, String, Value);

/// One match: subscribe, then pass every delta to the writer until the deadline.
async fn listen(url: String, topic: String, deadline: Instant, frames: tokio::sync::mpsc::Sender<Recorded>) -> anyhow::Result<()> {
    let (_, mut socket) = awc::Client::new().ws(format!("{url}/ws")).max_frame_size(4 * 1024 * 1024).connect().await.map_err(|e| anyhow::anyhow!("connect: {e}"))?;
    socket.send(ws::Message::Text(json!({"type": "sub", "topic": topic}).to_string().into())).await?;
    while let Ok(Some(frame)) = actix_web::rt::time::timeout(deadline.saturating_duration_since(Instant::now()), socket.next()).await {
        if let ws::Frame::Text(bytes) = frame? {
            let value: Value = serde_json::from_slice(&bytes)?;
            // The snapshot answers our own subscription; only the deltas are the server's rhythm.
            if value["type"] == "delta" && frames.send((Instant::now(), topic.clone(), value)).await.is_err() {
                break;
            }
        }
    }
    Ok(())
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let client = Client::new(&args.url).await?;
    let gmids = client.live_match_ids(args.matches).await?;
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let (sender, mut receiver) = tokio::sync::mpsc::channel::<Recorded>(10_000);
    for gmid in &gmids {
        actix_web::rt::spawn(listen(client.base.clone(), format!("match:{gmid}"), deadline, sender.clone()));
    }
    drop(sender);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&args.out)?);
    let (mut first, mut written) = (None, 0usize);
    while let Some((at, topic, frame)) = receiver.recv().await {
        let first = *first.get_or_insert(at);
        writeln!(out, "{}", json!({"at_us": at.duration_since(first).as_micros() as u64, "topic": topic, "frame": frame}))?;
        written += 1;
        if written >= FRAMES_MAX {
            break;
        }
    }
    out.flush()?;
    println!("fanout-record: matches {} seconds {} frames {written} frames/s {:.0}", gmids.len(), args.seconds, written as f64 / args.seconds as f64);
    Ok(())
}
