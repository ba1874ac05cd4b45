//! `feed-sim`: records a simulated sports feed as JSON lines (one `FeedEvent` per line): the
//! snapshot first, then every event for the requested simulated duration. It steps the
//! simulator as fast as it can, without sleeping. `feed-sim casino` prints a casino table's
//! rounds from a world's seed, as the server publishes their results. `feed-sim run --url` feeds
//! a running server in real time, as an odds provider's adapter would.

use clap::{Parser, Subcommand};
use feed_sim::{adapter, SimConfig, Simulator, SPEED_MAX};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

/// The longest feed one run records: a week of simulated time.
const DURATION_SECS_MAX: u64 = 7 * 24 * 3600;
/// The most steps one run takes, so a tiny tick with a slow speed still ends.
const STEPS_MAX: u64 = 50_000_000;

#[derive(Debug, Parser)]
#[command(version, about = "Record a deterministic simulated sports feed as JSON lines", args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// Seed of the simulation: the same seed and options give the same feed.
    #[arg(long, required = true)]
    seed: Option<u64>,
    /// Simulated milliseconds per real millisecond.
    #[arg(long, default_value_t = 1.0, value_parser = parse_speed)]
    speed: f64,
    /// Simulated seconds to record after the snapshot.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=DURATION_SECS_MAX))]
    duration_secs: u64,
    /// Real milliseconds per simulator step.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    tick_ms: u64,
    /// Real fixtures per sport.
    #[arg(long, default_value_t = 3)]
    fixtures_per_sport: usize,
    /// Virtual cricket fixtures of each kind (iscc 1 and iscc 2).
    #[arg(long, default_value_t = 2)]
    virtual_fixtures: usize,
    /// Wall clock at the start, Unix milliseconds (default: now). Fix it for a feed that is
    /// identical byte for byte across runs.
    #[arg(long)]
    start_ms: Option<i64>,
    /// Write to this file instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Feed a running server in real time through its operator feed API, as an odds provider's
    /// adapter does (start the server with its simulator off: APP_FEED__SIMULATOR=false).
    Run {
        /// The server, `http://HOST:PORT`.
        #[arg(long)]
        url: String,
        #[arg(long)]
        seed: u64,
        #[arg(long, default_value_t = 1.0, value_parser = parse_speed)]
        speed: f64,
        /// This feed's name on the server (its health on /ops/feed; silent, its fixtures suspend).
        #[arg(long, default_value = "feed-sim")]
        source: String,
        /// Sports to feed, by id (4 cricket, 1 football, 2 tennis, 8 table tennis); default all.
        #[arg(long, value_delimiter = ',')]
        sports: Vec<u32>,
        /// Added to every fixture and market id, so two feeds of one server never share an id.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1_000_000_000_000))]
        id_offset: u64,
        #[arg(long, env = "EXCHANGE_OPERATOR", default_value = "operator")]
        operator: String,
        #[arg(long, env = "EXCHANGE_OPERATOR_PASSWORD", default_value = "operator123", hide_default_value = true)]
        operator_password: String,
        #[arg(long, default_value_t = 3)]
        fixtures_per_sport: usize,
        #[arg(long, default_value_t = 2)]
        virtual_fixtures: usize,
        /// Real milliseconds between steps.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(10..=10_000))]
        tick_ms: u64,
        /// Stop after this many real seconds (default: run until stopped).
        #[arg(long)]
        duration_secs: Option<u64>,
    },
    /// Print a casino table's rounds dealt from a world's seed as JSON lines (each round's
    /// result as the server publishes it: its own seed, cards, winner and every item's outcome).
    Casino {
        /// The table's game type (`teen20`, `lucky7`, ...).
        #[arg(long)]
        gtype: String,
        /// The casino world's seed (`APP_CASINO__SEED` of the server).
        #[arg(long)]
        seed: u64,
        /// Rounds to print.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=ROUNDS_MAX))]
        rounds: u64,
        /// The world's start, Unix milliseconds (its `CasinoWorldStarted` event in the server's
        /// log); round ids carry the time.
        #[arg(long, default_value_t = feed_sim::casino::CasinoConfig::default().start_ms)]
        start_ms: i64,
    },
}

/// The most rounds `feed-sim casino` prints.
const ROUNDS_MAX: u64 = 1_000_000;
/// Simulated time one casino step deals: well inside a round.
const CASINO_STEP_MS: u64 = 1_000;

fn parse_speed(text: &str) -> Result<f64, String> {
    let speed: f64 = text.parse().map_err(|_| format!("`{text}` is not a number"))?;
    if speed > 0.0 && speed <= SPEED_MAX {
        Ok(speed)
    } else {
        Err(format!("must be above 0 and at most {SPEED_MAX}"))
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = match &args.command {
        Some(Command::Casino { gtype, seed, rounds, start_ms }) => casino(gtype, *seed, *rounds, *start_ms),
        Some(run @ Command::Run { .. }) => feed_server(run),
        None => record(&args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        // The reader stopped early (`feed-sim … | head`): nothing is wrong with the feed.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("feed-sim: {error}");
            ExitCode::FAILURE
        }
    }
}

fn record(args: &Args) -> std::io::Result<()> {
    let start_ms = match args.start_ms {
        Some(ms) => ms,
        None => SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
    };
    let config = SimConfig {
        seed: args.seed.unwrap_or_default(),
        speed: args.speed,
        start_ms,
        fixtures_per_sport: args.fixtures_per_sport,
        virtual_fixtures: args.virtual_fixtures,
        release_period_ms: 0,
        races: feed_sim::RaceConfig::default(),
    };
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(BufWriter::new(std::fs::File::create(path)?)),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    let mut sim = Simulator::new(config);
    write_events(&mut out, sim.snapshot())?;
    // Simulated time per step is tick × speed; step until the duration is covered.
    let sim_per_step = args.tick_ms as f64 * args.speed;
    let steps = ((args.duration_secs as f64 * 1000.0 / sim_per_step).ceil() as u64).min(STEPS_MAX);
    for _ in 0..steps {
        write_events(&mut out, sim.step(args.tick_ms))?;
    }
    out.flush()
}

/// `feed-sim run`: the simulator into a running server until the duration ends.
fn feed_server(command: &Command) -> std::io::Result<()> {
    let Command::Run { url, seed, speed, source, sports, id_offset, operator, operator_password, fixtures_per_sport, virtual_fixtures, tick_ms, duration_secs } = command else { return Ok(()) };
    let mut server = adapter::Server::sign_in(url, operator, operator_password)?;
    let start_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    let mut sim = Simulator::new(SimConfig { seed: *seed, speed: *speed, start_ms, fixtures_per_sport: *fixtures_per_sport, virtual_fixtures: *virtual_fixtures, release_period_ms: 0, races: feed_sim::RaceConfig::default() });
    let feed = adapter::Feed {
        source: source.clone(),
        sports: sports.clone(),
        id_offset: *id_offset,
        tick: std::time::Duration::from_millis(*tick_ms),
        duration: duration_secs.map(std::time::Duration::from_secs),
    };
    let sent = adapter::run(&mut sim, &mut server, &feed)?;
    eprintln!("feed-sim: {sent} events sent to {url} as {source}");
    Ok(())
}

/// Deals the casino world from `seed` until table `gtype` has resulted `rounds` rounds.
fn casino(gtype: &str, seed: u64, rounds: u64, start_ms: i64) -> std::io::Result<()> {
    use feed_sim::casino::{CasinoConfig, CasinoEngine};
    use schemas::casino::CasinoEvent;
    let mut engine = CasinoEngine::new(CasinoConfig { seed, speed: 1.0, start_ms });
    if !engine.tables().iter().any(|(known, _)| *known == gtype) {
        let known: Vec<&str> = engine.tables().into_iter().map(|(g, _)| g).collect();
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("--gtype: one of {}", known.join(", "))));
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut printed = 0;
    while printed < rounds {
        for event in engine.step(CASINO_STEP_MS) {
            if let CasinoEvent::RoundResulted { result } = event {
                if result.gtype == gtype && printed < rounds {
                    serde_json::to_writer(&mut out, &result)?;
                    out.write_all(b"\n")?;
                    printed += 1;
                }
            }
        }
    }
    out.flush()
}

fn write_events(out: &mut dyn Write, events: Vec<schemas::sports::FeedEvent>) -> std::io::Result<()> {
    for event in events {
        serde_json::to_writer(&mut *out, &event)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
