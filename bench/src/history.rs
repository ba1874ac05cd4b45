//! A realistic history of the log (account opens, logins and logouts, credits, debits, button
//! sets, password changes) made by running commands through `decide` and `apply`, so every event
//! is one the engine could have written. Then: replay speed and space on disk.

use ledger::{AccountCommand, SportsCommand};
use ledger::{BetInfo, Command, Envelope, SledStore, State, Store, TokenGrant};
use schemas::sports::{Market, MarketResult, MarketType, OddsLevel, Price, Section, Side};
use schemas::Money;
use std::path::Path;
use std::time::{Duration, Instant};

/// Events written per append while building the history (one flush each).
const WRITE_BATCH_EVENTS: usize = 1000;
/// Accounts opened before the mix starts, so that every other command has someone to act on.
const FIRST_ACCOUNTS: u64 = 100;
/// How many times to try reopening a sled directory another handle of this process just closed.
const REOPEN_ATTEMPTS_MAX: u32 = 50;

/// xorshift64*: deterministic and dependency-free; statistical quality does not matter here.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn bytes32(&mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for chunk in out.chunks_mut(8) {
            chunk.copy_from_slice(&self.next().to_le_bytes());
        }
        out
    }

    /// Text of the shape of an argon2id PHC string (the length the server stores).
    fn password_hash(&mut self) -> String {
        const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut text = |n: usize| (0..n).map(|_| B64[self.below(64) as usize] as char).collect::<String>();
        let (salt, hash) = (text(22), text(43));
        format!("$argon2id$v=19$m=19456,t=2,p=1${salt}${hash}")
    }
}

pub(crate) struct Generator {
    rng: Rng,
    pub(crate) state: State,
    at_ms: i64,
    /// Bets in the mix (`--only startup`): per 100 commands, and the market now taking them.
    bets_percent: u64,
    market_mid: u64,
    market_bets: u64,
    /// Accounts stop opening at this many (`--only scale`: the open state stays the same size
    /// however long the history).
    accounts_max: usize,
    /// Real argon2id hashes of one password (`--only scale`: the server signs these players
    /// in), used in turn for new accounts and changed passwords; random text of their shape
    /// otherwise.
    hashes: Option<[String; 2]>,
    /// Commands made before the mix (`--only scale`: the seed's accounts).
    pending: std::collections::VecDeque<Command>,
}

/// Bets a market takes before it is settled and the next one opens.
const BETS_PER_MARKET: u64 = 400;

/// A match-odds market of three runners as the feed quotes it.
fn market(mid: u64) -> Market {
    let level = |otype, odds| OddsLevel { otype, odds: Price(odds), size: Price(50_000), tno: 0 };
    let section = |sid: u32, back: u32, lay: u32| Section {
        sid,
        sno: sid,
        nat: format!("Team {sid}"),
        gstatus: "ACTIVE".into(),
        min: Money(0),
        max: Money(0),
        rem: String::new(),
        width: 0,
        odds: vec![level(Side::Back, back), level(Side::Lay, lay)],
    };
    Market {
        mid,
        gmid: 1_000 + mid / 3,
        mname: "Match Odds".into(),
        gtype: MarketType::Match,
        status: "OPEN".into(),
        min: Money(10_000),
        max: Money(0),
        minb: Money(10_000),
        maxb: Money(5_000_000),
        rc: 0,
        rem: String::new(),
        section: vec![section(1, 185, 187), section(2, 210, 214), section(3, 400, 420)],
    }
}

fn buttons(scale: i64) -> Vec<(String, i64)> {
    [100, 500, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000]
        .iter()
        .map(|units| (format!("{}", units * scale), units * scale * 100))
        .collect()
}

impl Generator {
    fn new(bets_percent: u64) -> Self {
        Generator {
            rng: Rng(0x9E37_79B9_7F4A_7C15),
            state: State::default(),
            at_ms: 1_700_000_000_000,
            bets_percent,
            market_mid: 1,
            market_bets: 0,
            accounts_max: usize::MAX,
            hashes: None,
            pending: Default::default(),
        }
    }

    /// The `--only scale` history: first the accounts a server seeds on an empty ledger (with
    /// their passwords' real hashes, so `operator` / `operator123` signs in), then the mix with
    /// players whose password is `player_hashes`' and no more than `accounts_max` accounts.
    pub(crate) fn for_scale(bets_percent: u64, accounts_max: usize, player_hashes: [String; 2], operator_hash: String) -> Self {
        let mut generator = Generator::new(bets_percent);
        generator.accounts_max = accounts_max;
        let open = |username: &str, password_hash: String, role| {
            Command::Accounts(AccountCommand::OpenAccount { username: username.into(), password_hash, role, must_change_password: false, rules_accepted: true })
        };
        generator.pending.extend([
            open("player1", player_hashes[0].clone(), schemas::Role::User),
            Command::Accounts(AccountCommand::Credit { username: "player1".into(), amount_minor: 10_000_000, remark: "Opening balance".into() }),
            open("operator", operator_hash, schemas::Role::Operator),
        ]);
        generator.hashes = Some(player_hashes);
        generator
    }

    /// A player's account (operators neither bet nor sign in in the mix).
    fn user_id(&mut self) -> u64 {
        let users = self.state.accounts.users.len() as u64;
        loop {
            let id = 1 + self.rng.below(users);
            if self.state.accounts.users.get(&id).is_some_and(|u| u.role == schemas::Role::User) {
                return id;
            }
        }
    }

    fn new_password_hash(&mut self) -> String {
        match &self.hashes {
            Some(hashes) => hashes[self.rng.below(2) as usize].clone(),
            None => self.rng.password_hash(),
        }
    }

    fn username(&mut self) -> String {
        let id = self.user_id();
        self.state.accounts.users[&id].username.clone()
    }

    fn grant(&mut self) -> TokenGrant {
        TokenGrant {
            access: self.rng.bytes32(),
            refresh: self.rng.bytes32(),
            access_expires_ms: self.at_ms + 900_000,
            refresh_expires_ms: self.at_ms + 604_800_000,
        }
    }

    fn ip(&mut self) -> String {
        format!("203.0.{}.{}", self.rng.below(256), self.rng.below(256))
    }

    /// The next command of the mix, by weight (per 100): 1 open, 12 login, 4 logout, 43 credit,
    /// 30 debit, 8 buttons, 2 password change.
    fn command(&mut self) -> Command {
        if let Some(command) = self.pending.pop_front() {
            return command;
        }
        let users = self.state.accounts.users.len() as u64;
        if users >= FIRST_ACCOUNTS && self.rng.below(100) < self.bets_percent {
            return self.bet();
        }
        let roll = if users < FIRST_ACCOUNTS { 0 } else { self.rng.below(100) };
        match roll {
            0 if self.state.accounts.users.len() >= self.accounts_max => self.credit(),
            0 => Command::Accounts(AccountCommand::OpenAccount {
                username: format!("player{}", users + 1),
                password_hash: self.new_password_hash(),
                role: schemas::Role::User,
                must_change_password: false,
                rules_accepted: true,
            }),
            1..=12 => {
                let id = self.user_id();
                let user = &self.state.accounts.users[&id];
                let (username, password_hash_seen) = (user.username.clone(), user.password_hash.clone());
                Command::Accounts(AccountCommand::Login { username, password_hash_seen, grant: self.grant(), ip: self.ip(), tool: false })
            }
            13..=16 => {
                let id = self.user_id();
                match self.state.accounts.users[&id].current_session {
                    Some(session_id) => Command::Accounts(AccountCommand::Logout { session_id }),
                    None => self.credit(),
                }
            }
            17..=59 => self.credit(),
            60..=89 => self.debit(),
            90..=97 => {
                let scale = 1 + self.rng.below(3) as i64;
                Command::Accounts(AccountCommand::SetButtons { user_id: self.user_id(), game: buttons(scale), casino: buttons(scale)[..6].to_vec() })
            }
            _ => {
                let id = self.user_id();
                let old_hash_seen = self.state.accounts.users[&id].password_hash.clone();
                let new_hash = self.new_password_hash();
                Command::Accounts(AccountCommand::ChangePassword { user_id: id, old_hash_seen, new_hash, ip: self.ip() })
            }
        }
    }

    /// A back or lay bet on the current market at its offer, or the market's settlement once it
    /// has taken its bets.
    fn bet(&mut self) -> Command {
        if self.market_bets >= BETS_PER_MARKET {
            let (gmid, mid) = (1_000 + self.market_mid / 3, self.market_mid);
            self.market_mid += 1;
            self.market_bets = 0;
            return Command::Sports(SportsCommand::SettleMarket { gmid, mid, result: MarketResult::Winner { sid: 1 + self.rng.below(3) as u32 }, market: Market { gmid, ..market(mid) } });
        }
        let user_id = self.user_id();
        let stake_minor = 10_000 * (1 + self.rng.below(5) as i64);
        if self.state.accounts.users[&user_id].available_minor() < stake_minor * 4 {
            let username = self.state.accounts.users[&user_id].username.clone();
            return Command::Accounts(AccountCommand::Credit { username, amount_minor: 1_000_000, remark: "top up".into() });
        }
        self.market_bets += 1;
        let sid = 1 + self.rng.below(3) as u32;
        let side = if self.rng.below(2) == 0 { Side::Back } else { Side::Lay };
        let price_h = match (sid, side) {
            (1, Side::Back) => 185,
            (1, Side::Lay) => 187,
            (2, Side::Back) => 210,
            (2, Side::Lay) => 214,
            (_, Side::Back) => 400,
            (_, Side::Lay) => 420,
        };
        let info = BetInfo {
            etid: 4,
            event_name: format!("Team {} v Team {}", self.market_mid % 97, self.market_mid % 89),
            market_name: "Match Odds".into(),
            section_name: format!("Team {sid}"),
            gtype: "match".into(),
            sid,
            side,
            price_h,
            ip: self.ip(),
            browser: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0".into(),
            requested_at_ms: self.at_ms,
            delay_ms: 0,
            fill: None,
        };
        let request_id = format!("{:016x}", self.rng.next());
        Command::Sports(SportsCommand::PlaceBet { user_id, request_id, market: market(self.market_mid), delay: ledger::BetDelay::default(), stake_minor, info, accept_odds: Default::default() })
    }

    fn credit(&mut self) -> Command {
        let amount_minor = 100 * (1 + self.rng.below(5_000) as i64);
        let remark = format!("Deposit ref {:08X}", self.rng.next() as u32);
        Command::Accounts(AccountCommand::Credit { username: self.username(), amount_minor, remark })
    }

    fn debit(&mut self) -> Command {
        let id = self.user_id();
        let user = &self.state.accounts.users[&id];
        if user.available_minor() < 100 {
            return self.credit();
        }
        let username = user.username.clone();
        let amount_minor = 1 + self.rng.below(user.available_minor() as u64 / 2) as i64;
        let remark = format!("Withdrawal ref {:08X}", self.rng.next() as u32);
        Command::Accounts(AccountCommand::Debit { username, amount_minor, remark })
    }

    /// Decides the next command and applies its events; returns them.
    pub(crate) fn step(&mut self) -> Vec<Envelope> {
        self.at_ms += self.rng.below(50) as i64;
        let command = self.command();
        let events = ledger::decide(&self.state, self.at_ms, &command).unwrap_or_else(|reject| panic!("the generator only makes valid commands: {reject} for {command:?}"));
        events
            .into_iter()
            .map(|event| {
                let envelope = Envelope { seq: self.state.head_seq + 1, at_ms: self.at_ms, event };
                ledger::apply(&mut self.state, &envelope);
                envelope
            })
            .collect()
    }
}

pub struct HistoryReport {
    pub events: u64,
    pub write_elapsed: Duration,
    pub encoded_bytes: u64,
    pub files_bytes: u64,
    pub allocated_bytes: u64,
    pub size_on_disk: u64,
    /// Reads straight from sled's tree (the sled store only).
    pub raw: Option<RawReads>,
    pub open_elapsed: Duration,
    /// `ledger::audit::replay` right after opening: what a server start does.
    pub replay_cold_elapsed: Duration,
    /// `read_from(1)` decoded into a vector, sled's cache now warm.
    pub read_decode_elapsed: Duration,
    /// Folding those envelopes into a fresh `State` with `apply`, no store involved.
    pub apply_elapsed: Duration,
    /// `ledger::audit::replay` again on the same open store.
    pub replay_warm_elapsed: Duration,
    /// Operators' time travel (`ledger::audit::replay_to` by time, as `/api/ops/audit/moment?at=`
    /// does): to the middle of the log, and to its last event.
    pub travel_middle_elapsed: Duration,
    pub travel_end_elapsed: Duration,
}

/// Reads of the log tree straight from sled, without the ledger.
pub struct RawReads {
    pub iterate_cold: Duration,
    pub iterate_warm: Duration,
    pub iterate_decode: Duration,
}

/// The stores the history is written to.
#[derive(Clone, Copy)]
pub enum Backend {
    /// The segment log (the server's store).
    Segments,
    Sled,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Segments => "the segment log",
            Backend::Sled => "sled",
        }
    }

    fn open(self, dir: &Path) -> Option<Box<dyn Store>> {
        match self {
            Backend::Segments => ledger::SegmentStore::open(dir).ok().map(|s| Box::new(s) as Box<dyn Store>),
            Backend::Sled => SledStore::open(dir).ok().map(|s| Box::new(s) as Box<dyn Store>),
        }
    }
}

/// Writes at least `events` events to a fresh store in `dir`, then measures space and replay.
pub fn run(dir: &Path, events: u64, backend: Backend) -> HistoryReport {
    let (expected, encoded_bytes, size_on_disk, write_elapsed) = write(dir, events, backend);
    let (files_bytes, allocated_bytes) = directory_bytes(dir);
    let raw = matches!(backend, Backend::Sled).then(|| raw_reads(dir, expected.head_seq));
    let timed = |f: &mut dyn FnMut()| {
        let started = Instant::now();
        f();
        started.elapsed()
    };
    let mut store = None;
    let open_elapsed = timed(&mut || store = Some(reopen(|| backend.open(dir))));
    let store = store.expect("opened above");
    let replay = || ledger::audit::replay(store.as_ref(), u64::MAX).expect("the history replays");
    let mut replayed = State::default();
    let replay_cold_elapsed = timed(&mut || replayed = replay());
    assert!(replayed.fingerprint() == expected.fingerprint(), "replay rebuilds the state that was written");
    let mut envelopes = Vec::new();
    let read_decode_elapsed = timed(&mut || envelopes = store.read_from(1).collect::<Result<Vec<_>, _>>().expect("the history decodes"));
    let mut applied = State::default();
    let apply_elapsed = timed(&mut || envelopes.iter().for_each(|e| ledger::apply(&mut applied, e)));
    let replay_warm_elapsed = timed(&mut || replayed = replay());
    let middle = &envelopes[envelopes.len() / 2];
    let (middle_seq, middle_at) = (middle.seq, middle.at_ms);
    let last_at = envelopes.last().map_or(0, |e| e.at_ms);
    let mut travelled = State::default();
    let travel_middle_elapsed = timed(&mut || travelled = ledger::audit::replay_to(store.as_ref(), u64::MAX, middle_at).expect("travels"));
    assert!(travelled.head_seq >= middle_seq && travelled.head_at_ms == middle_at, "time travel stops at the last event of that time");
    let travel_end_elapsed = timed(&mut || travelled = ledger::audit::replay_to(store.as_ref(), u64::MAX, last_at).expect("travels"));
    assert!(travelled.head_seq == expected.head_seq, "travel to the last event's time replays it all");
    assert!(applied.head_seq == expected.head_seq && replayed.head_seq == expected.head_seq, "every event was applied");
    HistoryReport {
        events: expected.head_seq,
        write_elapsed,
        encoded_bytes,
        files_bytes,
        allocated_bytes,
        size_on_disk,
        raw,
        open_elapsed,
        replay_cold_elapsed,
        read_decode_elapsed,
        apply_elapsed,
        replay_warm_elapsed,
        travel_middle_elapsed,
        travel_end_elapsed,
    }
}

fn write(dir: &Path, events: u64, backend: Backend) -> (State, u64, u64, Duration) {
    let store = backend.open(dir).expect("a fresh store directory opens");
    let mut generator = Generator::new(0);
    let started = Instant::now();
    let encoded_bytes = generator.write_to(store.as_ref(), events);
    let elapsed = started.elapsed();
    let size = store.size_on_disk();
    (generator.state, encoded_bytes, size, elapsed)
}

impl Generator {
    /// Appends the mix to `store` in batches until the log holds `events`; returns their bytes.
    fn write_to(&mut self, store: &dyn Store, events: u64) -> u64 {
        self.write_in_batches(store, events, WRITE_BATCH_EVENTS)
    }

    /// The same in batches of about `batch_events` events (a step's events stay together).
    pub(crate) fn write_in_batches(&mut self, store: &dyn Store, events: u64, batch_events: usize) -> u64 {
        let mut encoded_bytes = 0u64;
        let mut batch = Vec::with_capacity(batch_events + 4);
        while self.state.head_seq < events {
            batch.extend(self.step());
            if batch.len() >= batch_events || self.state.head_seq >= events {
                encoded_bytes += batch.iter().map(|e| ledger::store::encode(e).len() as u64).sum::<u64>();
                store.append(&batch).expect("the store appends the batch");
                batch.clear();
            }
        }
        encoded_bytes
    }
}

/// Bets per 100 commands in the start-up history: about half of what a betting site logs.
const STARTUP_BETS_PERCENT: u64 = 50;

pub struct StartupReport {
    pub events: u64,
    pub users: usize,
    pub bets: usize,
    pub sessions: usize,
    pub write_elapsed: Duration,
    pub snapshot_seq: u64,
    pub snapshot_bytes: u64,
    pub snapshot_save_elapsed: Duration,
    /// Opening the log and replaying all of it (no snapshot): the start before snapshots.
    pub from_zero_elapsed: Duration,
    /// Opening the log and the snapshots, decoding the newest and replaying the tail; and the
    /// first two steps of it.
    pub from_snapshot_elapsed: Duration,
    pub log_opened_elapsed: Duration,
    pub opened_elapsed: Duration,
    pub decoded_elapsed: Duration,
    pub tail_events: u64,
    pub sealed_check_elapsed: Duration,
}

/// A betting history of `events` events on the segment log in `dir`, with a snapshot taken
/// `tail` events before its end (the most a start replays after one, at the keeper's interval);
/// then a start from zero and a start from the snapshot, each on a freshly opened store.
pub fn startup(dir: &Path, events: u64, tail: u64) -> StartupReport {
    let log_dir = dir.join(ledger::store::LOG_DIR);
    let build = ledger::snapshot::this_build();
    let mut generator = Generator::new(STARTUP_BETS_PERCENT);
    let started = Instant::now();
    let snapshot_save_elapsed = {
        let store = ledger::SegmentStore::open(&log_dir).expect("a fresh log opens");
        generator.write_to(&store, events.saturating_sub(tail));
        let snapshots = ledger::Snapshots::open(dir, build).expect("the snapshots open");
        let saving = Instant::now();
        snapshots.save(generator.state.clone(), &store).expect("the snapshot saves");
        let saved = saving.elapsed();
        generator.write_to(&store, events);
        saved
    };
    let write_elapsed = started.elapsed() - snapshot_save_elapsed;
    let snapshot_bytes = directory_bytes(&dir.join(ledger::snapshot::SNAPSHOT_DIR)).0;
    let expected = generator.state.fingerprint();
    drop(generator);

    let started = Instant::now();
    let store = ledger::SegmentStore::open(&log_dir).expect("the log opens");
    let replayed = ledger::audit::replay(&store, u64::MAX).expect("the history replays");
    let from_zero_elapsed = started.elapsed();
    assert!(replayed.fingerprint() == expected, "replay from zero rebuilds the state that was written");
    drop((store, replayed));

    let started = Instant::now();
    let store = ledger::SegmentStore::open(&log_dir).expect("the log opens");
    let log_opened_elapsed = started.elapsed();
    let snapshots = ledger::Snapshots::open(dir, build).expect("the snapshots open");
    let opened_elapsed = started.elapsed();
    let snapshot = snapshots.latest(&store).expect("the snapshot is trusted");
    let decoded_elapsed = started.elapsed() - opened_elapsed;
    let snapshot_seq = snapshot.head_seq;
    let restored = ledger::audit::replay_onto(snapshot, &store, u64::MAX, i64::MAX).expect("the tail replays");
    let from_snapshot_elapsed = started.elapsed();
    let how = ledger::Restored { snapshot_seq, tail_events: restored.head_seq - snapshot_seq };
    assert!(restored.fingerprint() == expected, "snapshot and tail rebuild the state that was written");
    let checking = Instant::now();
    ledger::Store::check_sealed(&store).expect("the sealed segments check");
    let sealed_check_elapsed = checking.elapsed();
    StartupReport {
        events: restored.head_seq,
        users: restored.accounts.users.len(),
        bets: restored.betting.bets.len(),
        sessions: restored.accounts.sessions.len(),
        write_elapsed,
        snapshot_seq: how.snapshot_seq,
        snapshot_bytes,
        snapshot_save_elapsed,
        from_zero_elapsed,
        from_snapshot_elapsed,
        log_opened_elapsed,
        opened_elapsed,
        decoded_elapsed,
        tail_events: how.tail_events,
        sealed_check_elapsed,
    }
}

/// Sum of file sizes (and of allocated blocks) under `dir`.
pub(crate) fn directory_bytes(dir: &Path) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    let mut sizes = (0, 0);
    for entry in std::fs::read_dir(dir).expect("the sled directory lists").flatten() {
        let meta = entry.metadata().expect("a listed file has metadata");
        if meta.is_dir() {
            let (a, b) = directory_bytes(&entry.path());
            sizes = (sizes.0 + a, sizes.1 + b);
        } else {
            sizes = (sizes.0 + meta.len(), sizes.1 + meta.blocks() * 512);
        }
    }
    sizes
}

/// Reads the log's two trees straight from sled (its sealed chunks, then its single events):
/// iterating cold, iterating warm, decoding every record.
fn raw_reads(dir: &Path, expected: u64) -> RawReads {
    let db = reopen(|| sled::open(dir).ok());
    let (log, sealed) = (db.open_tree("log").expect("the log tree opens"), db.open_tree("sealed").expect("the sealed tree opens"));
    let iterate = || {
        let started = Instant::now();
        let bytes: usize = sealed.iter().chain(log.iter()).map(|item| item.expect("sled reads its tree").1.len()).sum();
        assert!(bytes > 0, "the log has records");
        started.elapsed()
    };
    let (iterate_cold, iterate_warm) = (iterate(), iterate());
    let started = Instant::now();
    let mut count = 0u64;
    for item in sealed.iter() {
        let (key, value) = item.expect("sled reads its tree");
        let first = u64::from_be_bytes(key.as_ref().try_into().expect("an 8-byte key"));
        count += ledger::store::chunks::unpack(first, &value).expect("every chunk unpacks").len() as u64;
    }
    for item in log.iter() {
        let (_, value) = item.expect("sled reads its tree");
        let envelope: Envelope = rmp_serde::from_slice(&value).expect("every record decodes");
        count += u64::from(envelope.seq > 0);
    }
    let iterate_decode = started.elapsed();
    assert!(count == expected, "every record was read");
    RawReads { iterate_cold, iterate_warm, iterate_decode }
}

/// Sled releases its directory lock shortly after the last handle is dropped.
pub(crate) fn reopen<T>(open: impl Fn() -> Option<T>) -> T {
    for _ in 0..REOPEN_ATTEMPTS_MAX {
        if let Some(opened) = open() {
            return opened;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("the sled directory did not reopen");
}

/// Events written between two looks of the keeper while the travel history is written: its
/// thread looks every 30 s, about this many events of a busy log.
const TRAVEL_KEEPER_LOOK_EVENTS: u64 = 50_000;

/// One moment travelled to, from zero and from the snapshots.
pub struct Travel {
    pub moment: String,
    pub seq: u64,
    pub from_zero_elapsed: Duration,
    pub from_snapshot_elapsed: Duration,
    pub restored: ledger::Restored,
}

pub struct TravelReport {
    pub events: u64,
    pub users: usize,
    pub open_bets: usize,
    pub every_events: u64,
    pub write_elapsed: Duration,
    /// The keeper's rounds while the history was written, summed.
    pub keeper_elapsed: Duration,
    pub snapshots: Vec<u64>,
    pub snapshot_bytes: u64,
    pub snapshot_bytes_max: u64,
    pub log_bytes: u64,
    pub encoded_bytes: u64,
    pub travels: Vec<Travel>,
}

/// A betting history of `events` events on sled (the default log) with the keeper taking
/// snapshots every `every_events` events as it is written (looking every
/// [`TRAVEL_KEEPER_LOOK_EVENTS`], not after the last ones); then, on the store opened again and
/// read once (warm, as on a running server), time travel to the middle and to the end of the log
/// by time, and to the event before a multiple of the interval (the most a travel replays after
/// a snapshot), each by a replay from zero (`audit::replay_to`) and from the snapshots
/// (`Snapshots::state_at`, as the server reads them), which must give the same state.
pub fn travel(dir: &Path, events: u64, every_events: u64) -> TravelReport {
    let log_dir = dir.join("log");
    let build = ledger::snapshot::this_build();
    let mut generator = Generator::new(STARTUP_BETS_PERCENT);
    let (mut write_elapsed, mut keeper_elapsed, mut encoded_bytes) = (Duration::ZERO, Duration::ZERO, 0);
    {
        let store = SledStore::open(&log_dir).expect("a fresh log opens");
        let keeper = ledger::Snapshots::open(dir, build).expect("the snapshots open");
        // The keeper looks after every chunk but the last: the end of the log is past its newest
        // snapshot, as on a running server.
        loop {
            let writing = Instant::now();
            encoded_bytes += generator.write_to(&store, (generator.state.head_seq + TRAVEL_KEEPER_LOOK_EVENTS).min(events));
            write_elapsed += writing.elapsed();
            if generator.state.head_seq >= events {
                break;
            }
            let looking = Instant::now();
            keeper.catch_up(&store, every_events).expect("the keeper saves");
            keeper_elapsed += looking.elapsed();
        }
    }
    let expected = generator.state.fingerprint();
    let (head, users, open_bets) = (generator.state.head_seq, generator.state.accounts.users.len(), generator.state.betting.bets.len());
    drop(generator);
    let snapshot_dir = dir.join(ledger::snapshot::SNAPSHOT_DIR);
    let sizes: Vec<u64> = std::fs::read_dir(&snapshot_dir).expect("the snapshots list").flatten().map(|e| e.metadata().expect("a file").len()).collect();

    let store = reopen(|| SledStore::open(&log_dir).ok());
    assert!(ledger::audit::replay(&store, u64::MAX).expect("the history replays").fingerprint() == expected, "replay rebuilds the state written");
    let snapshots = ledger::Snapshots::reading(dir, build);
    let at = |seq: u64| store.read_from(seq).next().expect("the log holds it").expect("reads").at_ms;
    let before_multiple = (head / 2 / every_events + 1) * every_events - 1;
    let moments = [
        (format!("the middle of the log, by time (event {})", head / 2), u64::MAX, at(head / 2)),
        ("the end of the log, by time".to_owned(), u64::MAX, at(head)),
        (format!("event {before_multiple}, the one before a snapshot (the most a travel replays)"), before_multiple, i64::MAX),
    ];
    let travels = moments.into_iter().map(|(moment, to_seq, at_ms)| travel_to(&store, &snapshots, moment, to_seq, at_ms)).collect();
    TravelReport {
        events: head,
        users,
        open_bets,
        every_events,
        write_elapsed,
        keeper_elapsed,
        snapshots: snapshots.list(),
        snapshot_bytes: sizes.iter().sum(),
        snapshot_bytes_max: sizes.iter().copied().max().unwrap_or(0),
        log_bytes: directory_bytes(&log_dir).0,
        encoded_bytes,
        travels,
    }
}

/// Travels to one moment from zero and from the snapshots, which must give the same state.
fn travel_to(store: &dyn Store, snapshots: &ledger::Snapshots, moment: String, to_seq: u64, at_ms: i64) -> Travel {
    let started = Instant::now();
    let replayed = ledger::audit::replay_to(store, to_seq, at_ms).expect("travels from zero");
    let from_zero_elapsed = started.elapsed();
    let started = Instant::now();
    let (travelled, restored) = snapshots.state_at(store, to_seq, at_ms).expect("travels from a snapshot");
    let from_snapshot_elapsed = started.elapsed();
    assert!(travelled.fingerprint() == replayed.fingerprint(), "the same state at {moment}");
    Travel { moment, seq: travelled.head_seq, from_zero_elapsed, from_snapshot_elapsed, restored }
}
