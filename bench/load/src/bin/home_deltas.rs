//! Bytes per `home:{etid}` delta: one socket subscribed to every sport's home table for a while,
//! counting the delta frames and their bytes (the snapshot is left out). Run it against two
//! builds to compare; bytes do not depend on the build profile.

use actix_web::web::Bytes;
use awc::ws;
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    #[arg(long, default_value_t = 30)]
    seconds: u64,
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let (_, mut socket) = awc::Client::new().ws(format!("{}/ws", args.url)).max_frame_size(4 * 1024 * 1024).connect().await.map_err(|e| anyhow::anyhow!("connect: {e}"))?;
    for etid in [4, 1, 2, 8] {
        socket.send(ws::Message::Text(json!({"type": "sub", "topic": format!("home:{etid}")}).to_string().into())).await?;
    }
    let (mut deltas, mut bytes, mut rows) = (0u64, 0u64, 0u64);
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    while let Ok(Some(frame)) = tokio::time::timeout_at(deadline.into(), socket.next()).await {
        match frame? {
            ws::Frame::Text(text) => {
                let message: Value = serde_json::from_slice(&text)?;
                if message["type"] == "delta" {
                    deltas += 1;
                    bytes += text.len() as u64;
                    // The whole table (an array) before; the changed rows after.
                    let data = &message["data"];
                    rows += data.as_array().or_else(|| data["rows"].as_array()).map_or(0, |r| r.len() as u64);
                }
            }
            ws::Frame::Ping(payload) => socket.send(ws::Message::Pong(Bytes::from(payload.to_vec()))).await?,
            ws::Frame::Close(_) => break,
            _ => {}
        }
    }
    let per = |n: u64| if deltas == 0 { 0.0 } else { n as f64 / deltas as f64 };
    println!("home deltas: {deltas} in {} s, {:.0} bytes each, {:.1} rows each, {:.1} KB/s per subscriber of all four tables", args.seconds, per(bytes), per(rows), bytes as f64 / 1024.0 / args.seconds as f64);
    Ok(())
}
