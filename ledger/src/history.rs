//! The history projection: what accounts' pages list, kept in sled beside the log and
//! fed from it, out of the in-memory state (which keeps only what decides the next command). Per
//! account: statement rows (money moved outside betting), settlement rows (one per settled market
//! or round, with its bets as they were settled), activity (sign-ins, password changes) and
//! operators' actions; the open bets; and every resulted casino round, by table and by time.
//!
//! It is a projection: it holds nothing the log does not, it records the last event it applied,
//! and at start it catches up from the log from there (`catch_up`); `rebuild` drops it and folds
//! the whole log again. Writing it never flushes: sled writes it out in the background, and
//! after a crash it catches up from the last event it kept.
//!
//! One sled tree, so that a batch of the log is applied with one atomic `apply_batch` together
//! with the event it reaches. Keys sort as the pages read them:
//!
//! ```text
//! [kind u8][user_id u64 BE][seq u64 BE]  ->  row      (kind: 1 statement, 3 activity, 4 action)
//! [2][user_id u64 BE][settles u8][at_ms BE, sign flipped][seq u64 BE]  ->  settlement and its bets
//! [0x10][bet_id u64 BE]                   ->  open bet   (removed at its settlement)
//! [0x30][table][book u64 BE]              ->  resulted round     (table: gtype's length u8, its bytes)
//! [0x31][table][at_ms BE, sign flipped][book u64 BE]  ->  ()  (the table's rounds by time)
//! [0x32][table]                           ->  the table's open round: (mid, gmid)
//! [0xFF] "applied"                        ->  seq u64 BE
//! [0xFF] "layout"                         ->  LAYOUT u32 BE
//! ```
//!
//! A settlement row's key says what it settled (`Settles`: sports markets or casino rounds, as
//! the statement lists them apart) and when, so that a statement page between two dates is a
//! range of keys, read a page at a time (`settlement_page`). The log's time never runs backwards
//! (the engine takes the later of its clock and the last event's), so time order is log order.
//! A history of another layout is dropped at open and folded again from the log.
//!
//! A bet is written twice: open, under its id, when it is placed (a settlement needs what it
//! was, and the event says only its id), then into its settlement row, its open record removed:
//! what a statement page shows is one range read, and the history keeps one copy of each bet.
//!
//! The rows are derived from the events alone (`rows_of`), and a settlement row also records the
//! commission charged right after it; `compare` checks a history against one rebuilt from the
//! log, and its bets against the state's.

use crate::accounts::messages::AccountEvent;
use crate::accounts::model::{Activity, ActivityKind, SettlementEntry, StatementEntry};
use crate::bets::messages::BetEvent;
use crate::bets::model::{Bet, Settled};
use crate::casino::messages::CasinoEvent;
use crate::casino::model::{RoundRecord, RoundSummary};
use crate::event::{Envelope, Event};
use crate::ids::UserId;
use crate::oversight::messages::OversightEvent;
use crate::sports::messages::SportsEvent;
use crate::state::State;
use crate::store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

pub use crate::store::HISTORY_DIR;

const BET_PREFIX: u8 = 0x10;
const ROUND_PREFIX: u8 = 0x30;
const ROUND_TIME_PREFIX: u8 = 0x31;
const OPEN_ROUND_PREFIX: u8 = 0x32;
const APPLIED_KEY: &[u8] = b"\xffapplied";
const LAYOUT_KEY: &[u8] = b"\xfflayout";
/// The layout of the keys and values above. A history kept with another one (or none: the
/// layout before this record) is dropped at open and folded again from the log.
const LAYOUT: u32 = 3;
/// Events folded per sled batch when catching up.
const CATCH_UP_CHUNK: usize = 4096;

/// The kinds of rows an account's pages list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKind {
    Statement = 1,
    Settlement = 2,
    Activity = 3,
    Action = 4,
}

/// What a settlement row settled, as the statement lists it apart: the first of its bets says
/// (a casino item, or anything else).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settles {
    /// No bets at all: the statement lists it under neither.
    Nothing = 0,
    Sports = 1,
    Casino = 2,
}

impl Settles {
    const ALL: [Settles; 3] = [Settles::Nothing, Settles::Sports, Settles::Casino];

    fn of(first_bet: Option<&Bet>) -> Settles {
        match first_bet.map(|bet| &bet.payoff) {
            None => Settles::Nothing,
            Some(crate::betting::Payoff::Item { .. }) => Settles::Casino,
            Some(_) => Settles::Sports,
        }
    }
}

/// A settlement row and its bets as they were settled (the row's `bets` are their ids).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settlement {
    pub entry: SettlementEntry,
    pub bets: Vec<Bet>,
}

/// One row of an account's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Row {
    Statement(StatementEntry),
    Settlement(SettlementEntry),
    Activity(Activity),
    /// An operator's action on the account: who (their user id), what, why.
    Action { seq: u64, at_ms: i64, by: UserId, action: String, remark: String },
}

impl Row {
    pub fn kind(&self) -> RowKind {
        match self {
            Row::Statement(_) => RowKind::Statement,
            Row::Settlement(_) => RowKind::Settlement,
            Row::Activity(_) => RowKind::Activity,
            Row::Action { .. } => RowKind::Action,
        }
    }
}

/// The rows one event adds to accounts' histories, and to which account each.
pub fn rows_of(envelope: &Envelope) -> Vec<(UserId, Row)> {
    let (seq, at_ms) = (envelope.seq, envelope.at_ms);
    let statement = |user_id: UserId, amount_minor: i64, remark: &str, balance_after_minor: i64| {
        (user_id, Row::Statement(StatementEntry { seq, at_ms, amount_minor, balance_after_minor, remark: remark.to_owned() }))
    };
    match &envelope.event {
        Event::Accounts(AccountEvent::Credited { user_id, amount_minor, remark, balance_after_minor }) => {
            vec![statement(*user_id, *amount_minor, remark, *balance_after_minor)]
        }
        Event::Accounts(AccountEvent::Debited { user_id, amount_minor, remark, balance_after_minor }) => {
            vec![statement(*user_id, -amount_minor, remark, *balance_after_minor)]
        }
        Event::Accounts(AccountEvent::LoggedIn { user_id, ip, .. }) => vec![(*user_id, Row::Activity(Activity { kind: ActivityKind::Login, at_ms, ip: ip.clone() }))],
        Event::Accounts(AccountEvent::PasswordChanged { user_id, ip, .. }) => {
            vec![(*user_id, Row::Activity(Activity { kind: ActivityKind::ChangePassword, at_ms, ip: ip.clone() }))]
        }
        Event::Bets(BetEvent::BetsSettled { user_id, gmid, mid, bets, total_minor, balance_after_minor, .. }) => vec![(
            *user_id,
            Row::Settlement(SettlementEntry {
                seq,
                at_ms,
                gmid: *gmid,
                mid: *mid,
                bets: bets.iter().map(|(id, _)| *id).collect(),
                total_minor: *total_minor,
                balance_after_minor: *balance_after_minor,
                commission_minor: 0,
            }),
        )],
        Event::Bets(BetEvent::CommissionCharged { user_id, event_name, market_name, rate_bp, commission_minor, balance_after_minor, .. }) => {
            let remark = format!("Commission {} on net winnings: {event_name} / {market_name}", percent(*rate_bp));
            vec![statement(*user_id, -commission_minor, &remark, *balance_after_minor)]
        }
        Event::Oversight(OversightEvent::OperatorActed { by, user_id, action, remark }) => {
            vec![(*user_id, Row::Action { seq, at_ms, by: *by, action: action.label().to_owned(), remark: remark.clone() })]
        }
        _ => Vec::new(),
    }
}

/// Basis points as a percentage: 500 → "5%", 250 → "2.5%", 125 → "1.25%".
fn percent(bp: u32) -> String {
    let text = format!("{}.{:02}", bp / 100, bp % 100);
    format!("{}%", text.trim_end_matches('0').trim_end_matches('.'))
}

fn row_key(kind: RowKind, user_id: UserId, seq: u64) -> [u8; 17] {
    let mut key = [0u8; 17];
    key[0] = kind as u8;
    key[1..9].copy_from_slice(&user_id.to_be_bytes());
    key[9..].copy_from_slice(&seq.to_be_bytes());
    key
}

fn settlement_key(user_id: UserId, settles: Settles, at_ms: i64, seq: u64) -> [u8; 26] {
    let mut key = [0u8; 26];
    key[0] = RowKind::Settlement as u8;
    key[1..9].copy_from_slice(&user_id.to_be_bytes());
    key[9] = settles as u8;
    key[10..18].copy_from_slice(&time_part(at_ms).to_be_bytes());
    key[18..].copy_from_slice(&seq.to_be_bytes());
    key
}

/// The last 8 bytes of a key, big-endian (its `seq` or `book`).
fn key_tail(key: &[u8]) -> Result<u64, StoreError> {
    let tail = key.len().checked_sub(8).and_then(|at| key.get(at..)).and_then(|b| <[u8; 8]>::try_from(b).ok());
    tail.map(u64::from_be_bytes).ok_or_else(|| StoreError::Corrupt { key: 0, reason: "a history key".into() })
}

fn bet_key(bet_id: u64) -> [u8; 9] {
    let mut key = [BET_PREFIX; 9];
    key[1..].copy_from_slice(&bet_id.to_be_bytes());
    key
}

/// `prefix`, the table (gtype's length and bytes), then `rest`.
fn table_key(prefix: u8, gtype: &str, rest: &[u64]) -> Vec<u8> {
    let mut key = Vec::with_capacity(2 + gtype.len() + 8 * rest.len());
    key.push(prefix);
    key.push(u8::try_from(gtype.len()).unwrap_or(u8::MAX));
    key.extend_from_slice(gtype.as_bytes());
    for part in rest {
        key.extend_from_slice(&part.to_be_bytes());
    }
    key
}

/// A time as a key part that sorts as the time does (negative times first).
fn time_part(at_ms: i64) -> u64 {
    (at_ms as u64) ^ (1 << 63)
}

fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    rmp_serde::to_vec(value).expect("history records contain only encodable values")
}

fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    rmp_serde::from_slice(bytes).map_err(|e| StoreError::Corrupt { key: 0, reason: format!("a history record: {e}") })
}

/// The history of a data directory (`{data_dir}/history`).
pub struct History {
    db: sled::Db,
    tree: sled::Tree,
    /// Held while a batch is folded in, so that readers catching it up and its own thread never
    /// fold the same events at once.
    writing: std::sync::Mutex<()>,
}

impl History {
    /// Opens the history of `dir`; one of another layout is dropped first (and catches up from
    /// the log's first event).
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let path = dir.join(HISTORY_DIR);
        let (db, tree) = Self::open_tree(&path)?;
        let layout = tree.get(LAYOUT_KEY)?.and_then(|bytes| <[u8; 4]>::try_from(bytes.as_ref()).ok()).map(u32::from_be_bytes);
        if layout == Some(LAYOUT) {
            return Ok(History { db, tree, writing: std::sync::Mutex::new(()) });
        }
        let (db, tree) = if tree.is_empty() {
            (db, tree)
        } else {
            tracing::warn!(found = ?layout, layout = LAYOUT, "the history projection has another layout: dropped, it is folded again from the log");
            drop((db, tree));
            std::fs::remove_dir_all(&path).map_err(|source| StoreError::Io { context: "removing a history of another layout", source })?;
            Self::open_tree(&path)?
        };
        tree.insert(LAYOUT_KEY, &LAYOUT.to_be_bytes())?;
        Ok(History { db, tree, writing: std::sync::Mutex::new(()) })
    }

    fn open_tree(path: &Path) -> Result<(sled::Db, sled::Tree), StoreError> {
        let db = crate::store::sled_log::open_sled(path)?;
        let tree = db.open_tree("history")?;
        Ok((db, tree))
    }

    /// Drops the history of `dir` and folds the whole log into a new one.
    pub fn rebuild(dir: &Path, store: &dyn Store) -> Result<Self, StoreError> {
        let path = dir.join(HISTORY_DIR);
        if path.exists() {
            std::fs::remove_dir_all(&path).map_err(|source| StoreError::Io { context: "removing the history", source })?;
        }
        let history = Self::open(dir)?;
        history.catch_up(store)?;
        Ok(history)
    }

    /// The last event of the log folded in (0 for none).
    pub fn applied(&self) -> Result<u64, StoreError> {
        Ok(match self.tree.get(APPLIED_KEY)? {
            Some(bytes) => u64::from_be_bytes(bytes.as_ref().try_into().map_err(|_| StoreError::Corrupt { key: 0, reason: "the history's applied event".into() })?),
            None => 0,
        })
    }

    /// Folds the events after `applied` in: they must follow on from it (the ones it has are
    /// passed over). One atomic sled batch, not flushed.
    pub fn apply(&self, envelopes: &[Envelope]) -> Result<(), StoreError> {
        let _writing = self.writing.lock().unwrap_or_else(|p| p.into_inner());
        let applied = self.applied()?;
        let envelopes: Vec<&Envelope> = envelopes.iter().filter(|e| e.seq > applied).collect();
        let Some(first) = envelopes.first() else { return Ok(()) };
        if first.seq != applied + 1 {
            return Err(StoreError::OutOfSequence { expected: applied + 1, found: first.seq });
        }
        let mut fold = Fold { history: self, batch: sled::Batch::default(), bets: BTreeMap::new(), settled: Vec::new(), settled_here: BTreeMap::new(), opened_here: BTreeMap::new() };
        for envelope in &envelopes {
            fold.round(envelope)?;
            fold.bets(envelope)?;
            fold.rows(envelope)?;
        }
        let Fold { mut batch, bets, .. } = fold;
        for (bet_id, bet) in &bets {
            batch.insert(&bet_key(*bet_id), encode(bet));
        }
        let last = envelopes.last().map_or(applied, |e| e.seq);
        batch.insert(APPLIED_KEY, &last.to_be_bytes());
        self.tree.apply_batch(batch)?;
        Ok(())
    }

    /// Folds in what the log holds after `applied`, unless it reaches `head` already; how many
    /// events that was.
    pub fn catch_up_to(&self, store: &dyn Store, head: u64) -> Result<u64, StoreError> {
        if self.applied()? >= head {
            return Ok(0);
        }
        self.catch_up(store)
    }

    /// Folds in what the log holds after `applied`; how many events that was.
    pub fn catch_up(&self, store: &dyn Store) -> Result<u64, StoreError> {
        let from = self.applied()? + 1;
        let mut chunk = Vec::with_capacity(CATCH_UP_CHUNK);
        let mut folded = 0;
        for record in store.read_from(from) {
            chunk.push(record?);
            if chunk.len() == CATCH_UP_CHUNK {
                self.apply(&chunk)?;
                folded += chunk.len() as u64;
                chunk.clear();
            }
        }
        self.apply(&chunk)?;
        Ok(folded + chunk.len() as u64)
    }

    /// One account's rows of one kind, oldest first (`.rev()` for newest first); settlement
    /// rows come by what they settled (`Settles`), then oldest first.
    pub fn rows(&self, kind: RowKind, user_id: UserId) -> impl DoubleEndedIterator<Item = Result<(u64, Row), StoreError>> + '_ {
        let mut prefix = [0u8; 9];
        prefix[0] = kind as u8;
        prefix[1..].copy_from_slice(&user_id.to_be_bytes());
        self.tree.scan_prefix(prefix).map(move |item| {
            let (key, value) = item?;
            let row = match kind {
                RowKind::Settlement => Row::Settlement(decode::<Settlement>(&value)?.entry),
                _ => decode(&value)?,
            };
            Ok((key_tail(&key)?, row))
        })
    }

    /// One account's settlement rows of sports markets or of casino rounds (`settles`) settled
    /// from `from_ms` to `to_ms` (both included): how many there are, and `take` of them after
    /// the `skip` newest, newest first. It reads the rows of the page only (and counts the
    /// keys of the others).
    pub fn settlement_page(&self, user_id: UserId, settles: Settles, from_ms: i64, to_ms: i64, skip: usize, take: usize) -> Result<(u64, Vec<Settlement>), StoreError> {
        if from_ms > to_ms {
            return Ok((0, Vec::new()));
        }
        let range = || self.tree.range(settlement_key(user_id, settles, from_ms, 0)..=settlement_key(user_id, settles, to_ms, u64::MAX));
        let mut total = 0u64;
        for key in range().keys() {
            key?;
            total += 1;
        }
        let mut page = Vec::with_capacity(take.min(usize::try_from(total).unwrap_or(usize::MAX)));
        for item in range().rev().skip(skip).take(take) {
            let (_, value) = item?;
            page.push(decode(&value)?);
        }
        Ok((total, page))
    }

    /// One account's settlement rows (one per settled market or round) and their bets, newest
    /// first.
    pub fn settlements(&self, user_id: UserId) -> Result<Vec<Settlement>, StoreError> {
        let mut prefix = [0u8; 9];
        prefix[0] = RowKind::Settlement as u8;
        prefix[1..].copy_from_slice(&user_id.to_be_bytes());
        let mut settlements = Vec::new();
        for item in self.tree.scan_prefix(prefix) {
            settlements.push(decode::<Settlement>(&item?.1)?);
        }
        settlements.sort_by_key(|settlement| std::cmp::Reverse(settlement.entry.seq));
        Ok(settlements)
    }

    /// A user's latest settlement row, and its key.
    fn last_settlement(&self, user_id: UserId) -> Result<Option<(sled::IVec, Settlement)>, StoreError> {
        let mut last: Option<(sled::IVec, Settlement)> = None;
        for settles in Settles::ALL {
            let range = settlement_key(user_id, settles, i64::MIN, 0)..=settlement_key(user_id, settles, i64::MAX, u64::MAX);
            let Some((key, value)) = self.tree.range(range).next_back().transpose()? else { continue };
            let settlement: Settlement = decode(&value)?;
            if last.as_ref().is_none_or(|(_, kept)| kept.entry.seq < settlement.entry.seq) {
                last = Some((key, settlement));
            }
        }
        Ok(last)
    }

    /// Table `gtype`'s resulted round `book`.
    pub fn round(&self, gtype: &str, book: u64) -> Result<Option<RoundRecord>, StoreError> {
        self.tree.get(table_key(ROUND_PREFIX, gtype, &[book]))?.map(|bytes| decode(&bytes)).transpose()
    }

    /// Table `gtype`'s rounds resulted from `from_ms` to `to_ms` (both included), oldest first
    /// (`.rev()` for newest first).
    pub fn rounds_between(&self, gtype: &str, from_ms: i64, to_ms: i64) -> impl DoubleEndedIterator<Item = Result<RoundRecord, StoreError>> + '_ {
        let range = table_key(ROUND_TIME_PREFIX, gtype, &[time_part(from_ms), 0])..=table_key(ROUND_TIME_PREFIX, gtype, &[time_part(to_ms), u64::MAX]);
        let gtype = gtype.to_owned();
        self.tree.range(range).map(move |item| {
            let (key, _) = item?;
            let book = key_tail(&key)?;
            self.round(&gtype, book)?.ok_or_else(|| StoreError::Corrupt { key: 0, reason: format!("round {book} of {gtype} is indexed but not kept") })
        })
    }

    /// Bet `bet_id` of `user_id`, open or settled. A settled one is looked for in the user's
    /// settlement rows, the latest first: for the rare answer about a bet settled meanwhile.
    pub fn bet(&self, user_id: UserId, bet_id: u64) -> Result<Option<Bet>, StoreError> {
        if let Some(bet) = self.open_bet(bet_id)? {
            return Ok(Some(bet));
        }
        for settles in [Settles::Casino, Settles::Sports] {
            let range = settlement_key(user_id, settles, i64::MIN, 0)..=settlement_key(user_id, settles, i64::MAX, u64::MAX);
            for item in self.tree.range(range).rev() {
                let settlement: Settlement = decode(&item?.1)?;
                if let Some(bet) = settlement.bets.into_iter().find(|bet| bet.id == bet_id) {
                    return Ok(Some(bet));
                }
            }
        }
        Ok(None)
    }

    /// Open bet `bet_id` (a settled bet is in its settlement row).
    pub fn open_bet(&self, bet_id: u64) -> Result<Option<Bet>, StoreError> {
        self.tree.get(bet_key(bet_id))?.map(|bytes| decode(&bytes)).transpose()
    }

    /// Writes what sled holds in memory to its files (a clean stop; never on the bet path).
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }

    /// Checks the history against one rebuilt from the same log (`rebuild`), and its bets
    /// against a state folded from that log: the same events applied, every key and value the
    /// same, and every bet the state holds the same here. How many rows and bets were compared,
    /// or the first difference.
    pub fn compare(&self, rebuilt: &History, state: &State) -> Result<Compared, String> {
        let (applied, expected) = (self.applied().map_err(|e| e.to_string())?, rebuilt.applied().map_err(|e| e.to_string())?);
        if applied != expected || applied != state.head_seq {
            return Err(format!("the history reaches event {applied}, the rebuilt one {expected}, the state {}", state.head_seq));
        }
        let mut compared = Compared::default();
        let mut kept = self.tree.iter();
        let mut again = rebuilt.tree.iter();
        loop {
            match (kept.next().transpose().map_err(|e| e.to_string())?, again.next().transpose().map_err(|e| e.to_string())?) {
                (None, None) => break,
                (Some((key, value)), Some((key_again, value_again))) if key == key_again && value == value_again => {
                    match key.first() {
                        Some(&BET_PREFIX) => compared.bets += 1,
                        Some(kind) if *kind == RowKind::Settlement as u8 => {
                            compared.rows += 1;
                            compared.bets += decode::<Settlement>(&value).map_err(|e| e.to_string())?.bets.len() as u64;
                        }
                        Some(&ROUND_PREFIX) => compared.rounds += 1,
                        Some(kind) if *kind < BET_PREFIX => compared.rows += 1,
                        _ => {}
                    }
                }
                (kept, again) => return Err(format!("the history has {:?} where the rebuilt one has {:?}", kept.map(|(k, _)| k), again.map(|(k, _)| k))),
            }
        }
        for (bet_id, bet) in &state.betting.bets {
            match self.open_bet(*bet_id).map_err(|e| e.to_string())? {
                Some(kept) if kept == *bet => {}
                Some(kept) => return Err(format!("bet {bet_id}: the history has {kept:?}, the state {bet:?}")),
                None => return Err(format!("bet {bet_id} is not in the history")),
            }
        }
        Ok(compared)
    }
}

/// What `History::compare` compared.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Compared {
    pub rows: u64,
    pub bets: u64,
    pub rounds: u64,
}

/// One batch of events being folded into the history.
struct Fold<'a> {
    history: &'a History,
    batch: sled::Batch,
    /// Bets placed or changed in this batch and still open after it.
    bets: BTreeMap<u64, Bet>,
    /// The bets the event being folded settled, for its settlement row.
    settled: Vec<Bet>,
    /// Each user's last settlement row written here, and its key: its commission follows it.
    settled_here: BTreeMap<UserId, (Vec<u8>, Settlement)>,
    /// Tables' rounds opened in this batch (`None`: resulted in it), as (mid, gmid).
    opened_here: BTreeMap<String, Option<(String, u64)>>,
}

impl Fold<'_> {
    /// A casino round opened or resulted.
    fn round(&mut self, envelope: &Envelope) -> Result<(), StoreError> {
        match &envelope.event {
            Event::Casino(CasinoEvent::RoundOpened { gtype, mid, gmid, .. }) => {
                self.batch.insert(table_key(OPEN_ROUND_PREFIX, gtype, &[]), encode(&(mid, gmid)));
                self.opened_here.insert(gtype.clone(), Some((mid.clone(), *gmid)));
            }
            Event::Casino(CasinoEvent::RoundResulted { gtype, book, result }) => {
                let open = match self.opened_here.remove(gtype) {
                    Some(open) => open,
                    None => self.history.tree.get(table_key(OPEN_ROUND_PREFIX, gtype, &[]))?.map(|bytes| decode::<(String, u64)>(&bytes)).transpose()?,
                };
                let (mid, gmid) = open.ok_or_else(|| StoreError::Corrupt { key: envelope.seq, reason: format!("round {book} of {gtype} resulted but never opened") })?;
                let outcome = result.as_ref().map(|r| RoundSummary { seed: r.seed, win: r.win.clone(), winner: r.winner.clone(), stacked: r.stacked.then(|| Box::new(r.clone())) });
                let record = RoundRecord { gtype: gtype.clone(), mid, gmid, at_ms: envelope.at_ms, outcome };
                self.batch.remove(table_key(OPEN_ROUND_PREFIX, gtype, &[]));
                self.opened_here.insert(gtype.clone(), None);
                self.batch.insert(table_key(ROUND_PREFIX, gtype, &[*book]), encode(&record));
                self.batch.insert(table_key(ROUND_TIME_PREFIX, gtype, &[time_part(envelope.at_ms), *book]), &[][..]);
            }
            _ => {}
        }
        Ok(())
    }

    /// Open bet `bet_id` as it stands before this event, taken out of the batch's bets.
    fn take_bet(&mut self, bet_id: u64, seq: u64, what: &str) -> Result<Bet, StoreError> {
        match self.bets.remove(&bet_id) {
            Some(bet) => Ok(bet),
            None => self.history.open_bet(bet_id)?.ok_or_else(|| StoreError::Corrupt { key: seq, reason: format!("bet {bet_id} is {what} but was never placed") }),
        }
    }

    /// A bet placed, reduced or voided by a withdrawn runner, or settled.
    fn bets(&mut self, envelope: &Envelope) -> Result<(), StoreError> {
        self.settled.clear();
        match &envelope.event {
            Event::Bets(placed @ BetEvent::BetPlaced { bet_id, .. }) => {
                self.bets.extend(Bet::placed(placed, envelope.at_ms).map(|bet| (*bet_id, bet)));
            }
            Event::Sports(SportsEvent::RunnerWithdrawn { sid, reduction_factor_bp, bets: changed, .. }) => {
                // The state's open bets were void or reduced: so are the history's copies.
                for bet_id in changed {
                    let mut bet = self.take_bet(*bet_id, envelope.seq, "reduced")?;
                    crate::racing::rewrite_bet(&mut bet, *sid, *reduction_factor_bp);
                    self.bets.insert(*bet_id, bet);
                }
            }
            Event::Bets(BetEvent::BetsSettled { bets: settled, .. }) => {
                for (bet_id, pnl_minor) in settled {
                    let mut bet = self.take_bet(*bet_id, envelope.seq, "settled")?;
                    bet.settled = Some(Settled { pnl_minor: *pnl_minor, at_ms: envelope.at_ms });
                    self.batch.remove(&bet_key(*bet_id));
                    self.settled.push(bet);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The rows an event adds to accounts' histories; a commission is written into the
    /// settlement row it follows. After `bets`, so a settlement's bets are in the batch.
    fn rows(&mut self, envelope: &Envelope) -> Result<(), StoreError> {
        for (user_id, row) in rows_of(envelope) {
            match row {
                Row::Settlement(entry) => {
                    let settlement = Settlement { entry, bets: std::mem::take(&mut self.settled) };
                    let settles = Settles::of(settlement.bets.first());
                    let key = settlement_key(user_id, settles, settlement.entry.at_ms, settlement.entry.seq).to_vec();
                    self.batch.insert(key.as_slice(), encode(&settlement));
                    self.settled_here.insert(user_id, (key, settlement));
                }
                row => self.batch.insert(&row_key(row.kind(), user_id, envelope.seq), encode(&row)),
            }
        }
        if let Event::Bets(BetEvent::CommissionCharged { user_id, mid, commission_minor, .. }) = &envelope.event {
            let (key, mut settlement) = match self.settled_here.remove(user_id) {
                Some(last) => last,
                None => {
                    let last = self.history.last_settlement(*user_id)?.map(|(key, entry)| (key.to_vec(), entry));
                    last.ok_or_else(|| StoreError::Corrupt { key: envelope.seq, reason: format!("commission on market {mid} charged before its settlement") })?
                }
            };
            if settlement.entry.mid != *mid {
                return Err(StoreError::Corrupt { key: envelope.seq, reason: format!("commission on market {mid} after a settlement of market {}", settlement.entry.mid) });
            }
            settlement.entry.commission_minor = *commission_minor;
            self.batch.insert(key.as_slice(), encode(&settlement));
        }
        Ok(())
    }
}
