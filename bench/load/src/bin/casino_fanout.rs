//! Casino fan-out: spectators subscribed across every table's `casino:{gtype}` topic of a
//! running server. Every update carries the server's publish time (`ts`), so each delivery's
//! lateness is measured directly; the server's CPU time comes from /proc.

use actix_web::web::Bytes;
use awc::ws;
use bench_load::{cpu_seconds, loopback_only, percentile_ms, Client};
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};


#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// The server's process id, for its CPU time.
    #[arg(long)]
    server_pid: u32,
    #[arg(long, default_value_t = 2000)]
    clients: usize,
    #[arg(long, default_value_t = 30)]
    seconds: u64,
}

#[derive(Default)]
struct Tally {
    measuring: bool,
    deliveries: u64,
    late_us: Vec<u64>,
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The publish time of a delta frame, read without parsing the JSON: one reading thread serves
/// every spectator, and parsing each 5 KB round would delay the frames queued behind it, so the
/// reader would measure its own backlog rather than the server's lateness.
fn delta_ts(frame: &[u8]) -> Option<i64> {
    let text = std::str::from_utf8(frame).ok()?;
    if !text.starts_with(r#"{"type":"delta""#) {
        return None;
    }
    let at = text.rfind(r#""ts":"#)?;
    let digits: String = text[at + 5..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

async fn spectator(url: String, topic: String, tally: Rc<RefCell<Tally>>) -> anyhow::Result<()> {
    let (_, mut socket) = awc::Client::new().ws(format!("{url}/ws")).max_frame_size(4 * 1024 * 1024).connect().await.map_err(|e| anyhow::anyhow!("connect: {e}"))?;
    socket.send(ws::Message::Text(json!({"type": "sub", "topic": topic}).to_string().into())).await?;
    // Reads until the server closes the socket or the process exits at the end of the run.
    while let Some(frame) = socket.next().await {
        match frame? {
            ws::Frame::Text(bytes) => {
                let arrived = now_ms();
                let mut tally = tally.borrow_mut();
                if let (true, Some(sent)) = (tally.measuring, delta_ts(&bytes)) {
                    tally.deliveries += 1;
                    tally.late_us.push(u64::try_from(arrived - sent).unwrap_or(0) * 1_000);
                }
            }
            ws::Frame::Ping(bytes) => socket.send(ws::Message::Pong(Bytes::from(bytes.to_vec()))).await?,
            ws::Frame::Close(_) => break,
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_delta_frame_yields_its_publish_time_and_a_snapshot_none() {
        let delta = br#"{"type":"delta","topic":"casino:teen20","seq":4,"data":{"mid":"2611230101","lt":12,"ts":1763900000123}}"#;
        assert_eq!(super::delta_ts(delta), Some(1_763_900_000_123));
        let snapshot = br#"{"type":"snapshot","topic":"casino:teen20","seq":3,"data":{"ts":1763900000000}}"#;
        assert_eq!(super::delta_ts(snapshot), None);
    }
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    loopback_only(&args.url)?;
    let client = Client::new(&args.url).await?;
    let tally = Rc::new(RefCell::new(Tally::default()));
    let tables: Vec<&str> = feed_sim::casino::tables().iter().map(|t| t.gtype()).collect();
    let mut tasks = Vec::new();
    for i in 0..args.clients {
        let topic = format!("casino:{}", tables[i % tables.len()]);
        tasks.push(actix_web::rt::spawn(spectator(client.base.clone(), topic, tally.clone())));
        if i % 200 == 199 {
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
    }
    actix_web::rt::time::sleep(Duration::from_secs(3)).await;
    let cpu_start = cpu_seconds(args.server_pid)?;
    tally.borrow_mut().measuring = true;
    let started = Instant::now();
    actix_web::rt::time::sleep(Duration::from_secs(args.seconds)).await;
    tally.borrow_mut().measuring = false;
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds(args.server_pid)? - cpu_start;
    let mut late = std::mem::take(&mut tally.borrow_mut().late_us);
    late.sort_unstable();
    let deliveries = tally.borrow().deliveries;
    let open = tasks.iter().filter(|t| !t.is_finished()).count();
    println!(
        "casino fan-out: spectators {} (open {open}) tables {} seconds {elapsed:.1} deliveries {deliveries} deliveries/s {:.0} lateness p50 {:.1} ms p99 {:.1} ms max {:.1} ms server CPU {:.1}% of one core",
        args.clients,
        tables.len(),
        deliveries as f64 / elapsed,
        percentile_ms(&late, 50.0),
        percentile_ms(&late, 99.0),
        late.last().map_or(0.0, |us| *us as f64 / 1_000.0),
        100.0 * cpu / elapsed,
    );
    std::process::exit(0);
}
