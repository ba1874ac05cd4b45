//! The round engines' own CPU: every table stepped every 100 ms, as the server's casino task
//! does, each update turned into the JSON the hub sends, for an hour of table time run as fast as
//! the machine allows. CPU per second of table time is the share of one core the engines take
//! at real-time speed.

use clap::Parser;
use feed_sim::casino::{CasinoConfig, CasinoEngine};
use schemas::casino::CasinoEvent;
use std::time::Instant;

#[derive(Parser)]
struct Args {
    /// Seconds of table time to run.
    #[arg(long, default_value_t = 3600)]
    seconds: u64,
    #[arg(long, default_value_t = 100)]
    tick_ms: u64,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut engine = CasinoEngine::new(CasinoConfig { seed: 7, speed: 1.0, start_ms: 1_795_000_000_000 });
    let ticks = args.seconds * 1_000 / args.tick_ms;
    let (mut updates, mut results, mut bytes) = (0u64, 0u64, 0usize);
    let started = Instant::now();
    let cpu_start = bench_load::cpu_seconds(std::process::id())?;
    for _ in 0..ticks {
        for event in engine.step(args.tick_ms) {
            match &event {
                CasinoEvent::RoundUpdated { round } => {
                    updates += 1;
                    bytes += serde_json::to_vec(&serde_json::to_value(round)?)?.len();
                }
                CasinoEvent::RoundResulted { .. } => results += 1,
            }
        }
    }
    let cpu = bench_load::cpu_seconds(std::process::id())? - cpu_start;
    let wall = started.elapsed().as_secs_f64();
    println!(
        "casino engines: {} s of table time, {ticks} ticks, {updates} updates ({:.1}/s), {results} results, {:.0} bytes per update; {cpu:.3} s of CPU ({wall:.3} s wall) = {:.3}% of one core at real time",
        args.seconds,
        updates as f64 / args.seconds as f64,
        bytes as f64 / updates.max(1) as f64,
        100.0 * cpu / args.seconds as f64,
    );
    Ok(())
}
