//! Typed settings from `configuration/base.yaml`, overridden by `APP_SECTION__KEY` variables.

use anyhow::Context;
use schemas::Role;
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub application: ApplicationSettings,
    pub auth: AuthSettings,
    pub payload: PayloadSettings,
    pub site: schemas::SiteConfig,
    pub betting: BettingSettings,
    pub feed: FeedSettings,
    #[serde(default)]
    pub exchange: ExchangeSettings,
    pub casino: CasinoSettings,
    pub limits: LimitSettings,
    #[serde(default)]
    pub seed: Vec<SeedAccount>,
    /// Test mode (`APP_TEST_MODE=true`): every page shows a TEST MODE banner and testers may
    /// stack a casino table's shoe. Off by default.
    #[serde(default)]
    pub test_mode: bool,
}

/// Limits per client address and per account (`client_limits`); a rate or count of 0 is off.
#[derive(Debug, Clone, Deserialize)]
pub struct LimitSettings {
    pub api_requests_per_sec_per_ip: f64,
    pub api_burst_per_ip: u32,
    pub ws_connections_per_ip: usize,
    pub bets_per_sec_per_account: f64,
    pub bet_burst_per_account: u32,
    /// Operators' calls that read the whole log (replays, verifies, exports) running at once
    /// (`crate::audit_calls`; 0 counts as 1), and how many more may wait for a place before the
    /// answer is busy (503).
    #[serde(default = "default_audit_calls_at_once")]
    pub audit_calls_at_once: usize,
    #[serde(default = "default_audit_calls_waiting_max")]
    pub audit_calls_waiting_max: usize,
    /// Demo accounts one address may open in an hour (a burst of that many, given back over
    /// the hour).
    #[serde(default = "default_demo_logins_per_hour_per_ip")]
    pub demo_logins_per_hour_per_ip: u32,
}

fn default_demo_logins_per_hour_per_ip() -> u32 {
    10
}

fn default_demo_accounts_max() -> usize {
    10_000
}

fn default_demo_lifetime_secs() -> u64 {
    24 * 3_600
}

fn default_demo_sweep_ms() -> u64 {
    60_000
}

fn default_audit_calls_at_once() -> usize {
    2
}

fn default_audit_calls_waiting_max() -> usize {
    4
}

#[derive(Debug, Clone, Deserialize)]
pub struct ApplicationSettings {
    pub host: String,
    pub port: u16,
    pub data_dir: PathBuf,
    pub static_dir: PathBuf,
    /// Reverse proxies whose `X-Forwarded-For` names the client (their own addresses, exactly).
    #[serde(default)]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// HTTPS and WSS with this PEM certificate chain and `tls_key` (`serve --tls-cert`); plain
    /// HTTP when unset.
    #[serde(default)]
    pub tls_cert: Option<PathBuf>,
    #[serde(default)]
    pub tls_key: Option<PathBuf>,
    /// Where the ledger's log is (`serve --log`): unset, the log `data_dir` holds (sled in a new
    /// one); `sled` or `segments`, that log in `data_dir` (a new one is made so; one that holds
    /// the other is refused); otherwise NATS JetStream servers (`nats://HOST:PORT[,…]`,
    /// docs/scale-out.md), with `data_dir` keeping only the installation's keys.
    #[serde(default)]
    pub log: Option<String>,
    /// The JetStream stream of the log and its replicas (3 on a three-server cluster).
    #[serde(default = "default_log_stream")]
    pub log_stream: String,
    #[serde(default = "default_log_replicas")]
    pub log_replicas: usize,
    /// On a JetStream log: the address edge nodes reach this node at when it runs the engine
    /// (`http://HOST:PORT`); unset, `http(s)://{host}:{port}` (127.0.0.1 for an unspecified host,
    /// so a node on another machine needs it set).
    #[serde(default)]
    pub advertise_url: Option<String>,
    /// A snapshot of the state is saved in `data_dir` whenever the log has moved this many events
    /// past the newest one (0: none), so a start replays only the tail after it.
    #[serde(default = "default_snapshot_every_events")]
    pub snapshot_every_events: u64,
    /// How often the snapshot thread looks at the log's head (tests take snapshots often).
    #[serde(default = "default_snapshot_check_ms")]
    pub snapshot_check_ms: u64,
}

impl ApplicationSettings {
    /// The JetStream servers `log` names, if the log is there.
    pub fn jetstream(&self) -> Option<&str> {
        self.log.as_deref().filter(|log| ledger::LocalLog::parse(log).is_none())
    }

    /// The JetStream log's options, if the log is there.
    pub fn jetstream_options(&self) -> Option<ledger::jetstream::JetStreamOptions> {
        let servers = self.jetstream()?.to_owned();
        Some(ledger::jetstream::JetStreamOptions { servers, stream: self.log_stream.clone(), replicas: self.log_replicas })
    }

    /// The local log `log` asks for (none: whatever `data_dir` holds, sled in a new one).
    pub fn local_log(&self) -> Option<ledger::LocalLog> {
        self.log.as_deref().and_then(ledger::LocalLog::parse)
    }
}

fn default_snapshot_check_ms() -> u64 {
    ledger::limits::SNAPSHOT_CHECK_MS
}

fn default_snapshot_every_events() -> u64 {
    ledger::limits::SNAPSHOT_EVERY_EVENTS
}

fn default_log_stream() -> String {
    "LEDGER".into()
}

fn default_log_replicas() -> usize {
    1
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuthSettings {
    pub access_token_ttl_secs: u64,
    pub refresh_token_ttl_secs: u64,
    pub demo_balance: schemas::Money,
    /// Failed logins of one account from one address before each further attempt waits a
    /// doubling delay (1 s, 2 s, 4 s, … up to 15 minutes).
    pub login_free_failures: u32,
    /// Failed logins of one address across all accounts (password spraying), given back over
    /// ten minutes; 0 turns it off.
    pub login_failures_per_ip: u32,
    /// Password checks (argon2, ~19 MiB each) running at once; 0 is one per core.
    pub password_checks_at_once: usize,
    /// How long a password check waits for its turn before the answer is 503 (busy).
    pub password_check_wait_ms: u64,
    /// Demo accounts live at once; past it a demo sign-in is 429 until older ones retire.
    #[serde(default = "default_demo_accounts_max")]
    pub demo_accounts_max: usize,
    /// A demo account is retired (its session ends, it leaves the state) this long after it
    /// opened, once it has no open bet.
    #[serde(default = "default_demo_lifetime_secs")]
    pub demo_lifetime_secs: u64,
    /// How often the demo accounts past their life are looked for.
    #[serde(default = "default_demo_sweep_ms")]
    pub demo_sweep_ms: u64,
    /// Seals credentials kept in the ledger (TOTP secrets) with ChaCha20-Poly1305: 64 hex
    /// characters. Unlike the payload key it never leaves the server. Unset (the default), the
    /// data directory's own key (`keys.rs`).
    #[serde(default)]
    pub secret_key_hex: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BettingSettings {
    /// Milliseconds waited per second of a market's in-play bet delay (`rc`): 1000 is real
    /// time, 0 turns the delay off (tests).
    pub inplay_delay_ms_per_sec: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct FeedSettings {
    /// Run the simulator in-process.
    pub simulator: bool,
    pub seed: u64,
    /// Simulated time per real time; 0 freezes prices (tests).
    pub speed: f64,
    pub tick_ms: u64,
    /// Real milliseconds between two releases of one fixture's changes, each fixture on its own
    /// phase (`feed_sim::SimConfig::release_period_ms`); with `tick_ms` smaller, the fixtures'
    /// changes are spread over the period instead of all leaving at one tick. 0: at every tick.
    #[serde(default)]
    pub release_period_ms: u64,
    pub fixtures_per_sport: usize,
    pub virtual_fixtures: usize,
    /// Seconds a feed that sends to the API (an adapter, `feed-sim run --url`) may stay silent
    /// (no events, no heartbeat) before its fixtures' markets are suspended; 0 never.
    #[serde(default = "default_silence_secs")]
    pub silence_secs: u64,
    /// Horse and greyhound races (docs/racing.md).
    #[serde(default)]
    pub racing: RacingSettings,
}

/// The race cards the simulator keeps: races of each kind on at once (0: none), how many
/// simulated seconds ahead a new one is shown (each between the min and max), and the chance a
/// race has a non-runner. A browser test runs a race in seconds with short leads.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct RacingSettings {
    pub greyhound_races: usize,
    pub horse_races: usize,
    pub greyhound_lead_secs_min: u32,
    pub greyhound_lead_secs_max: u32,
    pub horse_lead_secs_min: u32,
    pub horse_lead_secs_max: u32,
    pub non_runner_chance: f64,
}

impl Default for RacingSettings {
    fn default() -> Self {
        let races = feed_sim::RaceConfig::default();
        let secs = |ms: i64| u32::try_from(ms / 1000).unwrap_or(u32::MAX);
        RacingSettings {
            greyhound_races: races.greyhound_races,
            horse_races: races.horse_races,
            greyhound_lead_secs_min: secs(races.greyhound_lead_ms.0),
            greyhound_lead_secs_max: secs(races.greyhound_lead_ms.1),
            horse_lead_secs_min: secs(races.horse_lead_ms.0),
            horse_lead_secs_max: secs(races.horse_lead_ms.1),
            non_runner_chance: races.non_runner_chance,
        }
    }
}

impl RacingSettings {
    pub fn race_config(&self) -> feed_sim::RaceConfig {
        let ms = |secs: u32| i64::from(secs) * 1000;
        feed_sim::RaceConfig {
            greyhound_races: self.greyhound_races,
            horse_races: self.horse_races,
            greyhound_lead_ms: (ms(self.greyhound_lead_secs_min), ms(self.greyhound_lead_secs_max.max(self.greyhound_lead_secs_min))),
            horse_lead_ms: (ms(self.horse_lead_secs_min), ms(self.horse_lead_secs_max.max(self.horse_lead_secs_min))),
            non_runner_chance: self.non_runner_chance.clamp(0.0, 1.0),
        }
    }
}

/// The exchange (`crate::exchange`): match-odds markets matched between players' orders, and the
/// market makers the simulator runs to give them liquidity.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct ExchangeSettings {
    /// Match-odds bets are orders on the exchange's book (otherwise booked against the house at
    /// the feed's price).
    pub matching: bool,
    /// The commission on each player's net winnings of a market at its settlement, in basis
    /// points (500 = 5 %): recorded in the log when it changes, so replays charge what was charged.
    pub commission_bp: u32,
    pub makers: MakerSettings,
}

impl Default for ExchangeSettings {
    fn default() -> Self {
        ExchangeSettings { matching: true, commission_bp: 500, makers: MakerSettings::default() }
    }
}

/// Market makers: accounts of role `maker` that quote back and lay orders around the feed's
/// fair price on every exchange market, re-quoting as it moves.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct MakerSettings {
    /// How many makers (0: none; a tester drives the books alone).
    pub count: u32,
    /// Each maker's opening balance.
    pub balance: schemas::Money,
    /// Ladder ticks beyond the feed's own back and lay prices to a maker's best quotes (0: at them).
    pub spread_ticks: u32,
    /// Price levels a maker quotes on each side of each runner.
    pub depth: u32,
    /// The stake of the best quote; each level further out quotes one more.
    pub size: schemas::Money,
    /// How often makers look at the fair prices, milliseconds, and how many ladder ticks a best
    /// quote may lag the fair price before the maker quotes that side again.
    pub requote_ms: u64,
    pub requote_ticks: u32,
}

impl Default for MakerSettings {
    fn default() -> Self {
        MakerSettings { count: 2, balance: schemas::Money(1_000_000_000), spread_ticks: 0, depth: 3, size: schemas::Money(50_000), requote_ms: 1_000, requote_ticks: 2 }
    }
}

fn default_silence_secs() -> u64 {
    10
}

#[derive(Debug, Clone, Deserialize)]
pub struct CasinoSettings {
    /// Run the round engine in-process.
    pub simulator: bool,
    pub seed: u64,
    /// Simulated time per real time (a round takes about 30 simulated seconds).
    pub speed: f64,
    pub tick_ms: u64,
    /// Table numbers (`cid`) locked by the administrator: shown locked, no bets.
    #[serde(deserialize_with = "one_or_many")]
    pub locked_cids: Vec<u32>,
}

/// A list, or what an environment variable without a comma becomes (`APP_CASINO__LOCKED_CIDS=2`
/// is one number). The environment's list items arrive as strings.
fn one_or_many<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<u32>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Cid {
        Number(u32),
        Text(String),
    }
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        Many(Vec<Cid>),
        One(Cid),
    }
    let cids = match OneOrMany::deserialize(deserializer)? {
        OneOrMany::Many(cids) => cids,
        OneOrMany::One(cid) => vec![cid],
    };
    cids.into_iter()
        .map(|cid| match cid {
            Cid::Number(n) => Ok(n),
            Cid::Text(text) => text.trim().parse().map_err(|_| serde::de::Error::custom(format!("locked_cids: '{text}' is not a table number"))),
        })
        .collect()
}

#[derive(Debug, Clone, Deserialize)]
pub struct PayloadSettings {
    /// 64 hex characters; unset (the default), the data directory's own key (`keys.rs`).
    #[serde(default)]
    pub key_hex: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SeedAccount {
    pub username: String,
    pub password: String,
    pub role: Role,
    pub balance: schemas::Money,
    pub must_change_password: bool,
    pub rules_accepted: bool,
}

/// Where `base.yaml` lives: `APP_CONFIG_DIR`, else `./configuration`, else the repository's.
fn config_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("APP_CONFIG_DIR") {
        return dir.into();
    }
    let local = PathBuf::from("configuration");
    if local.join("base.yaml").exists() {
        return local;
    }
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../configuration"))
}

/// `APP_SECTION__KEY` overrides; lists are comma-separated.
fn environment() -> config::Environment {
    config::Environment::with_prefix("APP")
        .prefix_separator("_")
        .separator("__")
        .list_separator(",")
        .with_list_parse_key("casino.locked_cids")
        .try_parsing(true)
}

impl Settings {
    pub fn load() -> anyhow::Result<Settings> {
        let dir = config_dir();
        config::Config::builder()
            .add_source(config::File::from(dir.join("base.yaml")))
            .add_source(environment())
            .build()
            .with_context(|| format!("reading configuration from {}", dir.display()))?
            .try_deserialize()
            .context("configuration has a missing or mistyped key")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn casino_from_env(locked_cids: &str) -> CasinoSettings {
        let env = std::collections::HashMap::from([("APP_CASINO__LOCKED_CIDS".to_owned(), locked_cids.to_owned())]);
        config::Config::builder()
            .add_source(config::File::from_str("casino: {simulator: true, seed: 1, speed: 1.0, tick_ms: 100, locked_cids: [19]}", config::FileFormat::Yaml))
            .add_source(environment().source(Some(env)))
            .build()
            .expect("config builds")
            .get::<CasinoSettings>("casino")
            .expect("casino settings")
    }

    #[test]
    fn locked_tables_from_the_environment_take_one_number_or_a_list() {
        assert_eq!(casino_from_env("2").locked_cids, vec![2]);
        assert_eq!(casino_from_env("1,5").locked_cids, vec![1, 5]);
    }
}
