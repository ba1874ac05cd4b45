//! Bet placement over HTTP with fsync group commit: N concurrent clients, each its own player,
//! place encrypted back bets for a fixed time. Reports bets/s and acknowledgement p50/p99.
//! Start the server with `APP_FEED__SPEED=0 APP_BETTING__INPLAY_DELAY_MS_PER_SEC=0`.

use bench_load::{percentile_ms, Client};
use clap::Parser;
use serde_json::json;
use std::rc::Rc;
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    #[arg(long, default_value_t = 64)]
    clients: usize,
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Each client waits this long between bets (0: as fast as answered). A paced client (the
    /// soak) also looks for another open market after a refusal: at simulator speed markets
    /// suspend, move and close under it.
    #[arg(long, default_value_t = 0)]
    pause_ms: u64,
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let client = Rc::new(Client::new(&args.url).await?);
    let operator = client.login("operator", "operator123").await?;
    let market = client.open_match_odds().await?;
    let back = best_back(&market);
    let stake = market["min"].as_f64().filter(|m| *m > 0.0).or(market["minb"].as_f64()).unwrap_or(100.0);
    let run = std::process::id();
    let mut tokens = Vec::new();
    for i in 0..args.clients {
        let username = format!("load{run}_{i}");
        let body = json!({"username": username, "password": "loadtest1", "role": "user"});
        client.call("POST", "/api/ops/users", Some(&operator), Some(&body)).await?;
        client.call("POST", "/api/ops/credit", Some(&operator), Some(&json!({"username": username, "amount": 100_000_000, "remark": "load test"}))).await?;
        tokens.push(client.login(&username, "loadtest1").await?);
    }
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let started = Instant::now();
    let workers: Vec<_> = tokens
        .into_iter()
        .enumerate()
        .map(|(i, token)| {
            let (client, mut market, pause_ms) = (client.clone(), market.clone(), args.pause_ms);
            actix_web::rt::spawn(async move {
                let (mut latencies, mut failures, mut errors, mut n) = (Vec::new(), 0u64, 0u64, 0u64);
                let mut back = back;
                while Instant::now() < deadline {
                    n += 1;
                    let bet = json!({"gameId": market["gmid"], "marketId": market["mid"], "sectionId": market["section"][0]["sid"],
                        "uRate": back, "amount": stake, "betType": "back", "requestId": format!("c{i}-{n}")});
                    let sent = Instant::now();
                    match client.call("POST", "/api/bet/place", Some(&token), Some(&client.seal(&bet))).await {
                        Ok((200, _)) => latencies.push(sent.elapsed().as_micros() as u64),
                        Ok((status, _)) if status < 500 => {
                            failures += 1;
                            if pause_ms > 0 {
                                if let Ok(fresh) = client.open_match_odds().await {
                                    back = best_back(&fresh);
                                    market = fresh;
                                }
                            }
                        }
                        _ => {
                            failures += 1;
                            errors += 1;
                        }
                    }
                    if pause_ms > 0 {
                        actix_web::rt::time::sleep(Duration::from_millis(pause_ms)).await;
                    }
                }
                (latencies, failures, errors)
            })
        })
        .collect();
    let mut all = Vec::new();
    let (mut failures, mut errors) = (0, 0);
    for worker in workers {
        let (latencies, failed, errored) = worker.await?;
        all.extend(latencies);
        failures += failed;
        errors += errored;
    }
    let elapsed = started.elapsed().as_secs_f64();
    all.sort_unstable();
    println!(
        "bet-load: clients {} seconds {:.1} accepted {} failed {} (5xx or no answer {}) bets/s {:.0} p50 {:.2} ms p99 {:.2} ms",
        args.clients,
        elapsed,
        all.len(),
        failures,
        errors,
        all.len() as f64 / elapsed,
        percentile_ms(&all, 50.0),
        percentile_ms(&all, 99.0)
    );
    Ok(())
}

/// The best back price of a market's first runner.
fn best_back(market: &serde_json::Value) -> f64 {
    market["section"][0]["odds"].as_array().into_iter().flatten().filter(|l| l["otype"] == "back").filter_map(|l| l["odds"].as_f64()).fold(0.0, f64::max)
}
