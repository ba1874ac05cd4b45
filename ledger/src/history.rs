//! The history projection: what accounts' pages list, kept in sled beside the log and
//! fed from it, out of the in-memory state (which keeps only what decides the next command). Per
//! account: statement rows (money moved outside betting), settlement rows (one per settled market
//! or round, with its bets as they were settled), activity (sign-ins, password changes),
//! operators' actions and the balance/exposure timeline; the open bets; every wallet request
//! (the state keeps the open ones only); and every resulted casino round, by table and by time.
//!
//! It is a projection: it holds nothing the log does not, it records the last event it applied,
//! and at start it catches up from the log from there (`catch_up`); `rebuild` drops it and folds
//! the whole log again. Writing it never flushes: sled writes it out in the background, and
//! after a crash it catches up from the last event it kept.
//!
//! One sled tree, so that a batch of the log is applied with one atomic `apply_batch` together
//! with the event it reaches. Rows are kept in pages: an account's rows of one kind (and a
//! casino table's rounds) are a sequence, cut into pages of `HISTORY_PAGE_ROWS` rows
//! (`HISTORY_PAGE_ROUNDS` rounds) from its first row on. A page is written as one value under
//! its first row's key once the row after it exists; until then its rows are kept one to a key
//! under their own keys, so that the latest row of a sequence is always alone (a commission
//! rewrites its settlement row). sled's memory at open grows with the number of keys, not with
//! their bytes: this keeps an account's keys near its rows ÷ the page size. Where the pages are
//! cut depends on the rows alone, not on how the log was batched, so a history caught up in
//! other batches is the same key for key (`compare`). Keys sort as the pages read them:
//!
//! ```text
//! [kind u8][user_id u64 BE][seq u64 BE]  ->  page of (seq, row)   (kind: 1 statement, 3 activity, 4 action, 5 money)
//! [2][user_id u64 BE][settles u8][at_ms BE, sign flipped][seq u64 BE]  ->  page of settlements and their bets
//! [0x10][bet_id u64 BE]                   ->  open bet   (removed at its settlement)
//! [0x11][user_id u64 BE][seq u64 BE]      ->  a settlement row's bets past its first STATEMENT_ROW_BETS_MAX
//! [0x20][request_id u64 BE]               ->  wallet request, as it stands (open or decided)
//! [0x21][user_id u64 BE][request_id u64 BE]  ->  nothing (an account's wallet requests)
//! [0x22][mid u64 BE][at_ms BE, sign flipped]  ->  nothing (a market or round settled then: its accounts' rows are at that time)
//! [0x31][table][at_ms BE, sign flipped][book u64 BE]  ->  page of (book, resulted round)  (table: gtype's length u8, its bytes)
//! [0x30][table][lowest book u64 BE][at_ms BE, sign flipped][book u64 BE]  ->  highest book u64 BE  (a page's entry by book)
//! [0x32][table]                           ->  the table's open round: (mid, gmid)
//! [0xFF] "applied"                        ->  seq u64 BE
//! [0xFF] "layout"                         ->  LAYOUT u32 BE
//! ```
//!
//! A page value is a header, `[rows u32 BE][its last row's at_ms BE, sign flipped][packed u8]`,
//! then its rows, a list in rmp-serde, compressed with zstd when it holds more than one row
//! (`packed` 1). An account's balance/exposure timeline (kind 5, most of the history's pages,
//! only ever read whole) packs its full pages eight to a key (`MONEY_VOLUME_PAGES`): a volume,
//! `packed` 2, whose header counts all its rows, then each page's value after its length (u32
//! BE), under its first page's key; a group's pages after its last volume wait as pages.
//! Counting the rows of a range reads the headers only; only a page that a range bound falls
//! inside is decoded to count. A table's round is found by its book through the
//! `0x30` keys, one a page (or a round alone), with the lowest and highest books it holds: a
//! table's books grow with its rounds (a round id starts with the day and the second its round
//! opened), so the page holding round `book` is the last one whose lowest book is at or below
//! it; after a restart into a world whose clock is behind, the pages' spans overlap, and the
//! pages below are looked in too.
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
//! A row keeps its first `STATEMENT_ROW_BETS_MAX` bets, what a statement page lists; the rest
//! (a trader's row can settle thousands on one market) are kept under a key of their own
//! (`0x11`, by the row's event), read only by what lists a row whole (`market_settlements`,
//! `settlements`, `bet`): a page holding such a row costs a statement page no more to read.
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
use crate::book::messages::OrderEvent;
use crate::event::{Envelope, Event};
use crate::ids::UserId;
use crate::oversight::messages::OversightEvent;
use crate::sports::messages::SportsEvent;
use crate::state::State;
use crate::wallet::WalletRequest;
use crate::store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use crate::limits::{HISTORY_PAGE_ROUNDS, HISTORY_PAGE_ROWS, HISTORY_RECENT_GROUPS_MAX, STATEMENT_ROW_BETS_MAX};
use crate::store::sled_compact::{self, files_bytes};
use std::path::Path;

pub use crate::store::HISTORY_DIR;

const BET_PREFIX: u8 = 0x10;
const ROW_BETS_PREFIX: u8 = 0x11;
const WALLET_PREFIX: u8 = 0x20;
const WALLET_USER_PREFIX: u8 = 0x21;
const MARKET_PREFIX: u8 = 0x22;
const ROUND_PREFIX: u8 = 0x30;
const ROUND_TIME_PREFIX: u8 = 0x31;
const OPEN_ROUND_PREFIX: u8 = 0x32;
const APPLIED_KEY: &[u8] = b"\xffapplied";
const LAYOUT_KEY: &[u8] = b"\xfflayout";
/// The layout of the keys and values above. A history kept with another one (or none: the
/// layout before this record) is dropped at open and folded again from the log.
const LAYOUT: u32 = 9;
/// The layout before: the same keys and values, but a settlement row kept all its bets. A
/// history of it is upgraded at open (`upgrade_row_bets`), not folded again.
const WHOLE_ROWS_LAYOUT: u32 = 8;
/// The layout before that: an account's timeline also kept its full pages one to a key. A
/// history of it is upgraded at open (`upgrade_timelines`, then `upgrade_row_bets`).
const PAGED_TIMELINE_LAYOUT: u32 = 7;
/// Where `History::compact` writes its copy, and moves the history it replaces, in a data
/// directory.
const COMPACT_DIR: &str = "history.compact";
const COMPACT_OLD_DIR: &str = "history.old";

/// Events folded per sled batch when catching up. A large batch gathers more of a group's rows
/// (an account's, a table's) before they are written, so fewer are written one to a key and
/// rewritten into their page later: less time and less garbage in sled's files (measured in
/// docs/benchmarks.md, "The history's catch-up batch"). The events of one batch are held
/// decoded meanwhile (about 30 MB at most, at a start with a long tail).
const CATCH_UP_CHUNK: usize = 65_536;

/// The kinds of rows an account's pages list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKind {
    Statement = 1,
    Settlement = 2,
    Activity = 3,
    Action = 4,
    Money = 5,
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

/// A settlement row and its bets as they were settled (the row's `bets` are their ids): all of
/// them where it is read whole, its first `STATEMENT_ROW_BETS_MAX` where a statement page lists it.
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
    /// A point of the account's balance and exposure timeline: what the event moved of them
    /// (the other is as at the point before; `money_timeline` carries it forward).
    Money { seq: u64, at_ms: i64, balance_minor: Option<i64>, exposure_minor: Option<i64> },
}

impl Row {
    pub fn kind(&self) -> RowKind {
        match self {
            Row::Statement(_) => RowKind::Statement,
            Row::Settlement(_) => RowKind::Settlement,
            Row::Activity(_) => RowKind::Activity,
            Row::Action { .. } => RowKind::Action,
            Row::Money { .. } => RowKind::Money,
        }
    }

    fn at_ms(&self) -> i64 {
        match self {
            Row::Statement(entry) => entry.at_ms,
            Row::Settlement(entry) => entry.at_ms,
            Row::Activity(activity) => activity.at_ms,
            Row::Action { at_ms, .. } | Row::Money { at_ms, .. } => *at_ms,
        }
    }
}

/// The rows one event adds to accounts' histories, and to which account each.
pub fn rows_of(envelope: &Envelope) -> Vec<(UserId, Row)> {
    let (seq, at_ms) = (envelope.seq, envelope.at_ms);
    let statement = |user_id: UserId, amount_minor: i64, remark: &str, balance_after_minor: i64| {
        (user_id, Row::Statement(StatementEntry { seq, at_ms, amount_minor, balance_after_minor, remark: remark.to_owned() }))
    };
    let mut rows = match &envelope.event {
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
    };
    rows.extend(money_of(envelope));
    rows
}

/// The timeline point an event makes, if it moves an account's balance or exposure: from the
/// totals the events carry (an event states the balance or exposure after it).
fn money_of(envelope: &Envelope) -> Option<(UserId, Row)> {
    let (seq, at_ms) = (envelope.seq, envelope.at_ms);
    let (user_id, balance_minor, exposure_minor) = match &envelope.event {
        Event::Accounts(AccountEvent::Credited { user_id, balance_after_minor, .. } | AccountEvent::Debited { user_id, balance_after_minor, .. }) => (*user_id, Some(*balance_after_minor), None),
        Event::Bets(BetEvent::CommissionCharged { user_id, balance_after_minor, .. }) => (*user_id, Some(*balance_after_minor), None),
        Event::Bets(BetEvent::BetPlaced { user_id, exposure_after_minor, .. }) => (*user_id, None, Some(*exposure_after_minor)),
        Event::Exchange(OrderEvent::OrderPlaced { user_id, exposure_after_minor, .. } | OrderEvent::OrdersClosed { user_id, exposure_after_minor, .. }) => (*user_id, None, Some(*exposure_after_minor)),
        Event::Bets(BetEvent::BetsSettled { user_id, balance_after_minor, exposure_after_minor, .. }) => (*user_id, Some(*balance_after_minor), Some(*exposure_after_minor)),
        _ => return None,
    };
    Some((user_id, Row::Money { seq, at_ms, balance_minor, exposure_minor }))
}

/// A point of an account's timeline: its balance and exposure after an event that moved either.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoneyPoint {
    pub seq: u64,
    pub at_ms: i64,
    pub balance_minor: i64,
    pub exposure_minor: i64,
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

fn wallet_key(request_id: u64) -> [u8; 9] {
    let mut key = [WALLET_PREFIX; 9];
    key[1..].copy_from_slice(&request_id.to_be_bytes());
    key
}

fn wallet_user_key(user_id: UserId, request_id: u64) -> [u8; 17] {
    let mut key = [WALLET_USER_PREFIX; 17];
    key[1..9].copy_from_slice(&user_id.to_be_bytes());
    key[9..].copy_from_slice(&request_id.to_be_bytes());
    key
}

/// A market or round settled at `at_ms`, one entry for all its accounts (each account's row is
/// its own event): `[0x22][mid][at_ms]`. The time finds each account's row among its settlements;
/// an entry per account and market would make the keys, and so sled's memory at open, grow with
/// accounts × markets (16M of 20M keys at 50M events).
fn market_key(mid: u64, at_ms: i64) -> [u8; 17] {
    let mut key = [MARKET_PREFIX; 17];
    key[1..9].copy_from_slice(&mid.to_be_bytes());
    key[9..].copy_from_slice(&time_part(at_ms).to_be_bytes());
    key
}

/// The bets of user `user_id`'s settlement row of event `seq` past its first
/// `STATEMENT_ROW_BETS_MAX`.
fn row_bets_key(user_id: UserId, seq: u64) -> [u8; 17] {
    let mut key = [ROW_BETS_PREFIX; 17];
    key[1..9].copy_from_slice(&user_id.to_be_bytes());
    key[9..].copy_from_slice(&seq.to_be_bytes());
    key
}

/// A settlement row's bets past its first `STATEMENT_ROW_BETS_MAX`: rmp-serde, compressed.
fn encode_row_bets(bets: &[Bet]) -> Vec<u8> {
    compress(&encode(&bets))
}

fn decode_row_bets(value: &[u8]) -> Result<Vec<Bet>, StoreError> {
    decode(&decompress(value, "a settlement row's bets")?)
}

fn compress(raw: &[u8]) -> Vec<u8> {
    zstd::bulk::compress(raw, ZSTD_LEVEL).expect("zstd compresses bytes in memory")
}

/// `what` names the value in the error when it does not decompress.
fn decompress(body: &[u8], what: &str) -> Result<Vec<u8>, StoreError> {
    zstd::stream::decode_all(body).map_err(|e| StoreError::Corrupt { key: 0, reason: format!("{what}: {e}") })
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

/// A page's header: its rows (u32), its last row's time (`time_part`), whether its rows are
/// compressed (u8).
const HEADER_LEN: usize = 13;
/// zstd's level for a page: its fastest levels already pack a page's repeated names and fields.
const ZSTD_LEVEL: i32 = 1;
/// A page header's last byte: one row alone, a page of compressed rows, or a volume of pages.
const SINGLE: u8 = 0;
const PAGE: u8 = 1;
const VOLUME: u8 = 2;
/// An account's balance/exposure timeline keeps its full pages this many to a key (a volume):
/// it is most of the history (a point per change of an account's money, nearly an event each),
/// and it is only ever read whole, so a volume costs no read more decompression. sled holds
/// about 23 bytes of memory per key of a tree, cold or not (docs/benchmarks.md).
const MONEY_VOLUME_PAGES: usize = 8;

/// A row kept in pages, and its time (a page's header keeps its last row's).
trait Timed {
    fn at_ms(&self) -> i64;
}

impl<T: Timed> Timed for &T {
    fn at_ms(&self) -> i64 {
        (*self).at_ms()
    }
}

impl Timed for (u64, Row) {
    fn at_ms(&self) -> i64 {
        self.1.at_ms()
    }
}

impl Timed for Settlement {
    fn at_ms(&self) -> i64 {
        self.entry.at_ms
    }
}

impl Timed for (u64, RoundRecord) {
    fn at_ms(&self) -> i64 {
        self.1.at_ms
    }
}

/// A page value: the header, then the rows (compressed when there are more than one).
fn encode_page<T: Serialize + Timed>(rows: &[T]) -> Vec<u8> {
    let body = encode(&rows);
    let (packed, body) = if rows.len() > 1 { (PAGE, compress(&body)) } else { (SINGLE, body) };
    let last = rows.last().map_or(0, |row| time_part(row.at_ms()));
    let mut value = Vec::with_capacity(HEADER_LEN + body.len());
    value.extend_from_slice(&u32::try_from(rows.len()).expect("a page holds HISTORY_PAGE_ROWS rows at most").to_be_bytes());
    value.extend_from_slice(&last.to_be_bytes());
    value.push(packed);
    value.extend_from_slice(&body);
    value
}

/// A page's header: how many rows it holds, and its last row's time.
#[derive(Debug, Clone, Copy)]
struct Header {
    rows: u64,
    last_ms: i64,
}

fn header(value: &[u8]) -> Result<Header, StoreError> {
    let corrupt = || StoreError::Corrupt { key: 0, reason: "a history page's header".into() };
    let rows = value.get(..4).and_then(|b| <[u8; 4]>::try_from(b).ok()).map(u32::from_be_bytes).ok_or_else(corrupt)?;
    let last = value.get(4..12).and_then(|b| <[u8; 8]>::try_from(b).ok()).map(u64::from_be_bytes).ok_or_else(corrupt)?;
    Ok(Header { rows: u64::from(rows), last_ms: time_of(last) })
}

/// What a value holds: `SINGLE`, `PAGE` or `VOLUME`.
fn packing(value: &[u8]) -> Result<u8, StoreError> {
    value.get(HEADER_LEN - 1).copied().ok_or_else(|| StoreError::Corrupt { key: 0, reason: "a history page's header".into() })
}

/// The rows of a value: one alone, a page's, or every page's of a volume in order.
fn decode_page<T: serde::de::DeserializeOwned>(value: &[u8]) -> Result<Vec<T>, StoreError> {
    let corrupt = || StoreError::Corrupt { key: 0, reason: "a history page".into() };
    let body = value.get(HEADER_LEN..).ok_or_else(corrupt)?;
    match packing(value)? {
        SINGLE => decode(body),
        PAGE => {
            decode(&decompress(body, "a history page")?)
        }
        VOLUME => {
            let mut rows = Vec::new();
            for page in volume_pages(body) {
                rows.extend(decode_page::<T>(page.ok_or_else(corrupt)?)?);
            }
            Ok(rows)
        }
        _ => Err(corrupt()),
    }
}

/// A volume: the header (its rows, its last page's last time, `VOLUME`), then each page's value
/// after its length (u32 BE).
fn encode_volume(pages: &[&[u8]]) -> Result<Vec<u8>, StoreError> {
    let mut rows: u64 = 0;
    for page in pages {
        rows += header(page)?.rows;
    }
    let last = pages.last().and_then(|page| page.get(4..12)).ok_or_else(|| StoreError::Corrupt { key: 0, reason: "a volume's last page".into() })?;
    let mut value = Vec::with_capacity(HEADER_LEN + pages.iter().map(|page| 4 + page.len()).sum::<usize>());
    value.extend_from_slice(&u32::try_from(rows).expect("a volume holds a few pages").to_be_bytes());
    value.extend_from_slice(last);
    value.push(VOLUME);
    for page in pages {
        value.extend_from_slice(&u32::try_from(page.len()).expect("a page is far under 4 GB").to_be_bytes());
        value.extend_from_slice(page);
    }
    Ok(value)
}

/// The pages of a volume's body, in order; `None` where the body is cut short.
fn volume_pages(mut body: &[u8]) -> impl Iterator<Item = Option<&[u8]>> {
    std::iter::from_fn(move || {
        if body.is_empty() {
            return None;
        }
        let page = body.get(..4).and_then(|b| <[u8; 4]>::try_from(b).ok()).map(|len| u32::from_be_bytes(len) as usize).and_then(|len| body.get(4..4 + len).map(|page| (page, 4 + len)));
        match page {
            Some((page, used)) => {
                body = &body[used..];
                Some(Some(page))
            }
            None => {
                body = &[];
                Some(None)
            }
        }
    })
}

/// The time of a key part written by `time_part`.
fn time_of(part: u64) -> i64 {
    (part ^ (1 << 63)) as i64
}

/// The time part of a settlement's or a round's key: the 8 bytes before its last 8.
fn key_time(key: &[u8]) -> Result<u64, StoreError> {
    let part = key.len().checked_sub(16).and_then(|at| key.get(at..at + 8)).and_then(|b| <[u8; 8]>::try_from(b).ok());
    part.map(u64::from_be_bytes).ok_or_else(|| StoreError::Corrupt { key: 0, reason: "a history key's time".into() })
}

/// The rows of `pages` (in key order) whose time is from `from_ms` to `to_ms`.
fn rows_between<T: serde::de::DeserializeOwned + Timed>(pages: &[(sled::IVec, sled::IVec)], from_ms: i64, to_ms: i64) -> Result<Vec<T>, StoreError> {
    let mut rows = Vec::new();
    for (_, value) in pages {
        rows.extend(decode_page::<T>(value)?.into_iter().filter(|row| (from_ms..=to_ms).contains(&row.at_ms())));
    }
    Ok(rows)
}

/// The history of a data directory (`{data_dir}/history`).
pub struct History {
    db: sled::Db,
    tree: sled::Tree,
    /// Held while a batch is folded in, so that readers catching it up and its own thread never
    /// fold the same events at once; it holds how many recent rows (kept one to a key) each
    /// group it has seen ends with (`Recent`).
    writing: std::sync::Mutex<Recent>,
}

/// How many rows kept one to a key each group (the key prefix of an account's rows of a kind,
/// or of a table's rounds) ends with, as last counted: at most `HISTORY_RECENT_GROUPS_MAX`.
type Recent = std::collections::HashMap<Vec<u8>, usize>;

impl History {
    /// Opens the history of `dir`; one of another layout is dropped first (and catches up from
    /// the log's first event).
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        Self::open_caching(dir, crate::limits::SLED_CACHE_BYTES)
    }

    /// [`History::open`] with sled's page cache of `cache_bytes` instead of the server's
    /// (`limits::SLED_CACHE_BYTES`): a benchmark building years of history folds it faster when
    /// the pages it keeps rewriting stay in memory.
    pub fn open_caching(dir: &Path, cache_bytes: u64) -> Result<Self, StoreError> {
        let path = dir.join(HISTORY_DIR);
        let (db, tree) = Self::open_tree(&path, cache_bytes)?;
        let layout = tree.get(LAYOUT_KEY)?.and_then(|bytes| <[u8; 4]>::try_from(bytes.as_ref()).ok()).map(u32::from_be_bytes);
        if let Some(layout @ (LAYOUT | WHOLE_ROWS_LAYOUT | PAGED_TIMELINE_LAYOUT)) = layout {
            let history = History { db, tree, writing: std::sync::Mutex::new(Recent::new()) };
            history.upgrade(layout)?;
            return Ok(history);
        }
        let (db, tree) = if tree.is_empty() {
            (db, tree)
        } else {
            tracing::warn!(found = ?layout, layout = LAYOUT, "the history projection has another layout: dropped, it is folded again from the log");
            drop((db, tree));
            std::fs::remove_dir_all(&path).map_err(|source| StoreError::Io { context: "removing a history of another layout", source })?;
            Self::open_tree(&path, cache_bytes)?
        };
        tree.insert(LAYOUT_KEY, &LAYOUT.to_be_bytes())?;
        Ok(History { db, tree, writing: std::sync::Mutex::new(Recent::new()) })
    }

    /// Brings a history of `layout` (this one or one before it) to this layout, a step at a time,
    /// each step recorded once done: one cut short runs again at the next open.
    fn upgrade(&self, mut layout: u32) -> Result<(), StoreError> {
        let started = std::time::Instant::now();
        if layout == PAGED_TIMELINE_LAYOUT {
            let volumes = self.upgrade_timelines()?;
            layout = WHOLE_ROWS_LAYOUT;
            self.tree.insert(LAYOUT_KEY, &layout.to_be_bytes())?;
            self.db.flush()?;
            tracing::info!(volumes, elapsed_ms = started.elapsed().as_millis() as u64, "the history's timelines packed into volumes (layout {PAGED_TIMELINE_LAYOUT} to {WHOLE_ROWS_LAYOUT})");
        }
        if layout == WHOLE_ROWS_LAYOUT {
            let rows = self.upgrade_row_bets()?;
            self.tree.insert(LAYOUT_KEY, &LAYOUT.to_be_bytes())?;
            self.db.flush()?;
            tracing::info!(rows, elapsed_ms = started.elapsed().as_millis() as u64, "the history's settlement rows keep their first bets (layout {WHOLE_ROWS_LAYOUT} to {LAYOUT})");
        }
        Ok(())
    }

    /// Moves every settlement row's bets past its first `STATEMENT_ROW_BETS_MAX` under a key of
    /// their own and rewrites its page, as a fold of this layout would have written them. A page
    /// at a time, page and keys in one batch, so an upgrade cut short leaves each page moved or
    /// not. How many rows it cut.
    fn upgrade_row_bets(&self) -> Result<u64, StoreError> {
        const PAGES_PER_BATCH: usize = 256;
        let (mut batch, mut pages, mut rows) = (sled::Batch::default(), 0, 0);
        for item in self.tree.scan_prefix([RowKind::Settlement as u8]) {
            let (key, value) = item?;
            // The entries alone first: they count the row's bets (kept or cut), and few rows have
            // many.
            let entries = decode_page::<(SettlementEntry, serde::de::IgnoredAny)>(&value)?;
            if entries.iter().all(|(entry, _)| entry.bets.len() <= STATEMENT_ROW_BETS_MAX) {
                continue;
            }
            let user_id = key.get(1..9).and_then(|b| <[u8; 8]>::try_from(b).ok()).map(u64::from_be_bytes).ok_or_else(|| StoreError::Corrupt { key: 0, reason: "a settlement key".into() })?;
            let mut settlements = decode_page::<Settlement>(&value)?;
            let mut cut = 0;
            for settlement in settlements.iter_mut().filter(|settlement| settlement.bets.len() > STATEMENT_ROW_BETS_MAX) {
                batch.insert(&row_bets_key(user_id, settlement.entry.seq), encode_row_bets(&settlement.bets.split_off(STATEMENT_ROW_BETS_MAX)));
                cut += 1;
            }
            if cut == 0 {
                // Cut already, by an upgrade that stopped after this page.
                continue;
            }
            batch.insert(key, encode_page(&settlements));
            rows += cut;
            pages += 1;
            if pages % PAGES_PER_BATCH == 0 {
                self.tree.apply_batch(std::mem::take(&mut batch))?;
            }
        }
        self.tree.apply_batch(batch)?;
        Ok(rows)
    }

    /// Packs every account timeline's full pages after its last volume into volumes, as a fold
    /// of this layout would have (`write_volumes`): a history of the layout before becomes one of
    /// this. A group at a time, in batches of whole groups, so an upgrade cut short leaves each
    /// group packed or not, and runs again at the next open. How many volumes it wrote.
    fn upgrade_timelines(&self) -> Result<u64, StoreError> {
        fn pack(loose: &mut Vec<(sled::IVec, sled::IVec)>, batch: &mut sled::Batch) -> Result<u64, StoreError> {
            let mut volumes = 0;
            for volume in loose.chunks_exact(MONEY_VOLUME_PAGES) {
                let values: Vec<&[u8]> = volume.iter().map(|(_, value)| value.as_ref()).collect();
                batch.insert(volume[0].0.clone(), encode_volume(&values)?);
                for (key, _) in &volume[1..] {
                    batch.remove(key.clone());
                }
                volumes += 1;
            }
            loose.clear();
            Ok(volumes)
        }
        const GROUPS_PER_BATCH: usize = 1024;
        let (mut batch, mut groups, mut volumes) = (sled::Batch::default(), 0, 0);
        let mut group: Vec<u8> = Vec::new();
        let mut loose = Vec::new();
        for item in self.tree.scan_prefix([RowKind::Money as u8]) {
            let (key, value) = item?;
            let prefix = key.get(..9).ok_or_else(|| StoreError::Corrupt { key: 0, reason: "a timeline key".into() })?;
            if prefix != group.as_slice() {
                volumes += pack(&mut loose, &mut batch)?;
                group = prefix.to_vec();
                groups += 1;
                if groups % GROUPS_PER_BATCH == 0 {
                    self.tree.apply_batch(std::mem::take(&mut batch))?;
                }
            }
            match packing(&value)? {
                PAGE => loose.push((key, value)),
                VOLUME => loose.clear(),
                _ => {}
            }
        }
        volumes += pack(&mut loose, &mut batch)?;
        self.tree.apply_batch(batch)?;
        Ok(volumes)
    }

    fn open_tree(path: &Path, cache_bytes: u64) -> Result<(sled::Db, sled::Tree), StoreError> {
        let db = crate::store::sled_log::open_sled_caching(path, cache_bytes)?;
        let tree = db.open_tree("history")?;
        Ok((db, tree))
    }

    /// Compacts the history of `dir`, which no one may hold: copies its keys in key order into a
    /// new database beside it (`history.compact`), then puts that in its place. sled 0.34 keeps
    /// what was removed or rewritten in its files, and in memory at open, until it writes there
    /// again, and the history's rows are written one to a key before they are paged: a copy
    /// holds only what is live. The copy is the same keys and values (the same `applied`), so
    /// nothing is folded again. A crash before the swap leaves the history as it was; one during
    /// it (between two renames) leaves none, and the next open folds it again from the log.
    /// A copy no smaller than the history is dropped and the history kept. The files' bytes
    /// before and after.
    pub fn compact(dir: &Path) -> Result<(u64, u64), StoreError> {
        let path = dir.join(HISTORY_DIR);
        let copy = dir.join(COMPACT_DIR);
        let io = |context: &'static str| move |source| StoreError::Io { context, source };
        if copy.exists() {
            std::fs::remove_dir_all(&copy).map_err(io("removing an unfinished compaction"))?;
        }
        let before = files_bytes(&path);
        sled_compact::copy_database(&path, &copy.join(HISTORY_DIR))?;
        if files_bytes(&copy) >= before {
            // A small history's files can be no larger than sled's least: keep them.
            std::fs::remove_dir_all(&copy).map_err(io("removing a compaction that saved nothing"))?;
            sled_compact::record(dir, sled_compact::HISTORY_RECORD, before)?;
            return Ok((before, before));
        }
        let old = dir.join(COMPACT_OLD_DIR);
        std::fs::rename(&path, &old).map_err(io("moving the history aside"))?;
        std::fs::rename(copy.join(HISTORY_DIR), &path).map_err(io("putting the compacted history in its place"))?;
        std::fs::remove_dir_all(&old).map_err(io("removing the history before compaction"))?;
        std::fs::remove_dir_all(&copy).map_err(io("removing the compaction's folder"))?;
        let after = files_bytes(&path);
        sled_compact::record(dir, sled_compact::HISTORY_RECORD, after)?;
        Ok((before, after))
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
    /// passed over). One atomic sled batch, not flushed: the batch's rows are gathered by group
    /// and written at its end, with the pages they complete.
    pub fn apply(&self, envelopes: &[Envelope]) -> Result<(), StoreError> {
        let mut recent = self.writing.lock().unwrap_or_else(|p| p.into_inner());
        let applied = self.applied()?;
        let envelopes: Vec<&Envelope> = envelopes.iter().filter(|e| e.seq > applied).collect();
        let Some(first) = envelopes.first() else { return Ok(()) };
        if first.seq != applied + 1 {
            return Err(StoreError::OutOfSequence { expected: applied + 1, found: first.seq });
        }
        let mut fold = Fold { history: self, batch: sled::Batch::default(), bets: BTreeMap::new(), settled: Vec::new(), settled_here: BTreeMap::new(), opened_here: BTreeMap::new(), rows: BTreeMap::new(), settlements: BTreeMap::new(), rounds: BTreeMap::new(), wallet: BTreeMap::new() };
        for envelope in &envelopes {
            fold.round(envelope)?;
            fold.bets(envelope)?;
            fold.rows(envelope)?;
            fold.wallet(envelope)?;
        }
        let mut counted = Recent::new();
        let Fold { mut batch, bets, rows, settlements, rounds, wallet, .. } = fold;
        for (bet_id, bet) in &bets {
            batch.insert(&bet_key(*bet_id), encode(bet));
        }
        for (request_id, request) in &wallet {
            batch.insert(&wallet_key(*request_id), encode(request));
        }
        for (prefix, pending) in rows {
            self.write_group(&mut batch, &recent, &mut counted, prefix, pending, HISTORY_PAGE_ROWS)?;
        }
        for (prefix, pending) in settlements {
            self.write_group(&mut batch, &recent, &mut counted, prefix, pending, HISTORY_PAGE_ROWS)?;
        }
        for (prefix, pending) in rounds {
            let mut table = prefix.clone();
            table[0] = ROUND_PREFIX;
            let written = self.write_group(&mut batch, &recent, &mut counted, prefix, pending, HISTORY_PAGE_ROUNDS)?;
            for key in &written.packed {
                let book = key_tail(key)?;
                batch.remove(round_index_key(&table, book, key)?);
            }
            for keys in &written.values {
                let books = keys.iter().map(|key| key_tail(key)).collect::<Result<Vec<u64>, StoreError>>()?;
                let (Some(min), Some(max), Some(first)) = (books.iter().min(), books.iter().max(), keys.first()) else { continue };
                batch.insert(round_index_key(&table, *min, first)?, &max.to_be_bytes());
            }
        }
        let last = envelopes.last().map_or(applied, |e| e.seq);
        batch.insert(APPLIED_KEY, &last.to_be_bytes());
        self.tree.apply_batch(batch)?;
        if recent.len() + counted.len() > HISTORY_RECENT_GROUPS_MAX {
            recent.clear();
        }
        recent.extend(counted);
        Ok(())
    }

    /// How many rows kept one to a key group `prefix` ends with: remembered, or counted from
    /// its last keys (up to the first page of more than one row).
    fn recent_rows(&self, recent: &Recent, counted: &Recent, prefix: &[u8]) -> Result<usize, StoreError> {
        if let Some(rows) = counted.get(prefix).or_else(|| recent.get(prefix)) {
            return Ok(*rows);
        }
        let mut rows = 0;
        for item in self.tree.scan_prefix(prefix).values().rev() {
            if header(&item?)?.rows > 1 {
                break;
            }
            rows += 1;
        }
        Ok(rows)
    }

    /// Writes a group's rows of this batch into it: one to a key while the group ends with at
    /// most `page_rows` of them, else its recent rows and these cut into pages of `page_rows`
    /// from the first, the last (1 to `page_rows`) left one to a key; an account's timeline then
    /// packs its full pages into volumes (`write_volumes`). What it wrote (`Written`).
    fn write_group<T: Serialize + serde::de::DeserializeOwned + Timed>(&self, batch: &mut sled::Batch, recent: &Recent, counted: &mut Recent, prefix: Vec<u8>, pending: Pending<T>, page_rows: usize) -> Result<Written, StoreError> {
        let kept = self.recent_rows(recent, counted, &prefix)?;
        let added = pending.rows.len() - usize::from(pending.replaces);
        let mut rows: Vec<(Vec<u8>, T, bool)> = Vec::with_capacity(kept + added);
        if kept + added > page_rows {
            let mut singles = Vec::with_capacity(kept);
            for item in self.tree.scan_prefix(&prefix).rev().take(kept) {
                let (key, value) = item?;
                let row = decode_page::<T>(&value)?.pop().ok_or_else(|| StoreError::Corrupt { key: 0, reason: "an empty history page".into() })?;
                singles.push((key.to_vec(), row, true));
            }
            rows.extend(singles.into_iter().rev());
        }
        for (at, (key, row)) in pending.rows.into_iter().enumerate() {
            let replaced = at == 0 && pending.replaces;
            match rows.last_mut() {
                Some(last) if replaced && last.0 == key => last.1 = row,
                _ => rows.push((key, row, replaced)),
            }
        }
        let packed = if kept + added > page_rows { (rows.len() - 1) / page_rows * page_rows } else { 0 };
        let mut written = Written::default();
        let mut rest = rows.into_iter();
        let mut pages = Vec::with_capacity(packed / page_rows);
        for _ in 0..packed / page_rows {
            let page: Vec<(Vec<u8>, T, bool)> = rest.by_ref().take(page_rows).collect();
            let values: Vec<&T> = page.iter().map(|(_, row, _)| row).collect();
            pages.push(Loose { key: page[0].0.clone(), value: encode_page(&values), written: false, stored: page[0].2 });
            for (at, (key, _, _)) in page.iter().enumerate().filter(|(_, (_, _, kept))| *kept) {
                if at > 0 {
                    batch.remove(key.as_slice());
                }
                written.packed.push(key.clone());
            }
            written.values.push(page.into_iter().map(|(key, _, _)| key).collect());
        }
        if prefix.first() == Some(&(RowKind::Money as u8)) && !pages.is_empty() {
            self.write_volumes(batch, &prefix, kept, pages)?;
        } else {
            for page in pages {
                batch.insert(page.key, page.value);
            }
        }
        for (key, row, was_kept) in rest {
            if !was_kept || pending.replaces {
                batch.insert(key.as_slice(), encode_page(&[row]));
            }
            if !was_kept {
                written.values.push(vec![key]);
            }
        }
        counted.insert(prefix, kept + added - packed);
        Ok(written)
    }

    /// Packs timeline `prefix`'s full pages `MONEY_VOLUME_PAGES` to a key, from its first page
    /// after its last volume: its pages in the tree before its `kept` recent rows, then `pages`,
    /// this batch's. A volume goes under its first page's key and the others' keys are removed;
    /// the pages short of a volume stay as they are. Where the volumes are cut depends on the
    /// rows alone, as the pages do.
    fn write_volumes(&self, batch: &mut sled::Batch, prefix: &[u8], kept: usize, pages: Vec<Loose>) -> Result<(), StoreError> {
        let mut loose = Vec::new();
        for item in self.tree.scan_prefix(prefix).rev().skip(kept) {
            let (key, value) = item?;
            if packing(&value)? != PAGE {
                break;
            }
            loose.push(Loose { key: key.to_vec(), value: value.to_vec(), written: true, stored: true });
        }
        loose.reverse();
        loose.extend(pages);
        let mut rest = loose.into_iter();
        for _ in 0..rest.len() / MONEY_VOLUME_PAGES {
            let volume: Vec<Loose> = rest.by_ref().take(MONEY_VOLUME_PAGES).collect();
            let values: Vec<&[u8]> = volume.iter().map(|page| page.value.as_slice()).collect();
            batch.insert(volume[0].key.as_slice(), encode_volume(&values)?);
            for page in volume.iter().skip(1).filter(|page| page.stored) {
                batch.remove(page.key.as_slice());
            }
        }
        for page in rest.filter(|page| !page.written) {
            batch.insert(page.key, page.value);
        }
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
        self.tree.scan_prefix(prefix).values().flat_map(move |value| {
            let rows = value.map_err(StoreError::from).and_then(|value| match kind {
                RowKind::Settlement => Ok(decode_page::<Settlement>(&value)?.into_iter().map(|s| (s.entry.seq, Row::Settlement(s.entry))).collect()),
                _ => decode_page::<(u64, Row)>(&value),
            });
            match rows {
                Ok(rows) => rows.into_iter().map(Ok).collect::<Vec<_>>(),
                Err(e) => vec![Err(e)],
            }
        })
    }

    /// The pages of group `prefix` that may hold rows from `from` to `to` (keys of the group):
    /// those whose first row is in the range, and the page before it if its last row is.
    fn pages_between(&self, prefix: &[u8], from: Vec<u8>, to: Vec<u8>, from_ms: i64) -> Result<Vec<(sled::IVec, sled::IVec)>, StoreError> {
        let mut pages = Vec::new();
        if let Some((key, value)) = self.tree.range(prefix.to_vec()..from.clone()).next_back().transpose()? {
            if header(&value)?.last_ms >= from_ms {
                pages.push((key, value));
            }
        }
        for item in self.tree.range(from..=to) {
            pages.push(item?);
        }
        Ok(pages)
    }

    /// One account's settlement rows of sports markets or of casino rounds (`settles`) settled
    /// from `from_ms` to `to_ms` (both included): how many there are, and `take` of them after
    /// the `skip` newest, newest first, each with its first `STATEMENT_ROW_BETS_MAX` bets (its
    /// entry's ids count them all; `market_settlements` reads a row whole). It counts whole
    /// pages from their headers, and decodes the pages a bound falls inside and those the rows
    /// taken are in.
    pub fn settlement_page(&self, user_id: UserId, settles: Settles, from_ms: i64, to_ms: i64, skip: usize, take: usize) -> Result<(u64, Vec<Settlement>), StoreError> {
        if from_ms > to_ms {
            return Ok((0, Vec::new()));
        }
        let (from, to) = (settlement_key(user_id, settles, from_ms, 0), settlement_key(user_id, settles, to_ms, u64::MAX));
        let pages = self.pages_between(&from[..10], from.to_vec(), to.to_vec(), from_ms)?;
        // Each page's rows in the range: from its header when the page lies inside it.
        let mut counts = Vec::with_capacity(pages.len());
        for (key, value) in &pages {
            let head = header(value)?;
            let inside = time_of(key_time(key)?) >= from_ms && head.last_ms <= to_ms;
            counts.push(if inside { head.rows } else { rows_between::<Settlement>(std::slice::from_ref(&(key.clone(), value.clone())), from_ms, to_ms)?.len() as u64 });
        }
        let total = counts.iter().sum();
        let mut page = Vec::with_capacity(take.min(usize::try_from(total).unwrap_or(usize::MAX)));
        let mut skip = skip as u64;
        for (at, rows) in counts.iter().enumerate().rev() {
            if page.len() == take {
                break;
            }
            if skip >= *rows {
                skip -= rows;
                continue;
            }
            let found = rows_between::<Settlement>(&pages[at..=at], from_ms, to_ms)?;
            let wanted = take - page.len();
            page.extend(found.into_iter().rev().skip(usize::try_from(skip).unwrap_or(usize::MAX)).take(wanted));
            skip = 0;
        }
        Ok((total, page))
    }

    /// One account's settlement rows (one per settled market or round) and all their bets, newest
    /// first.
    pub fn settlements(&self, user_id: UserId) -> Result<Vec<Settlement>, StoreError> {
        let mut prefix = [0u8; 9];
        prefix[0] = RowKind::Settlement as u8;
        prefix[1..].copy_from_slice(&user_id.to_be_bytes());
        let mut settlements = Vec::new();
        for item in self.tree.scan_prefix(prefix).values() {
            for settlement in decode_page::<Settlement>(&item?)? {
                settlements.push(self.whole(user_id, settlement)?);
            }
        }
        settlements.sort_by_key(|settlement| std::cmp::Reverse(settlement.entry.seq));
        Ok(settlements)
    }

    /// One account's settlement rows of market or round `mid` (more than one when it was settled
    /// again), newest first: for each time the market was settled, the account's rows of that
    /// millisecond (whatever they settled, `Settles`) that are the market's, read in the pages
    /// that may hold them. An account with none had nothing on the market then.
    pub fn market_settlements(&self, user_id: UserId, mid: u64) -> Result<Vec<Settlement>, StoreError> {
        let mut prefix = [MARKET_PREFIX; 9];
        prefix[1..].copy_from_slice(&mid.to_be_bytes());
        let mut settlements = Vec::new();
        for item in self.tree.scan_prefix(prefix).rev() {
            let at_ms = time_of(key_tail(&item?.0)?);
            let mut found = Vec::new();
            for settles in Settles::ALL {
                let (from, to) = (settlement_key(user_id, settles, at_ms, 0), settlement_key(user_id, settles, at_ms, u64::MAX));
                for (_, page) in self.pages_between(&from[..10], from.to_vec(), to.to_vec(), at_ms)? {
                    for settlement in decode_page::<Settlement>(&page)?.into_iter().filter(|settlement| settlement.entry.mid == mid && settlement.entry.at_ms == at_ms) {
                        found.push(self.whole(user_id, settlement)?);
                    }
                }
            }
            found.sort_by_key(|settlement| std::cmp::Reverse(settlement.entry.seq));
            settlements.extend(found);
        }
        Ok(settlements)
    }

    /// A settlement row of `user_id` with all its bets: those past its first
    /// `STATEMENT_ROW_BETS_MAX` read from their own key.
    fn whole(&self, user_id: UserId, mut settlement: Settlement) -> Result<Settlement, StoreError> {
        if settlement.entry.bets.len() > settlement.bets.len() {
            let seq = settlement.entry.seq;
            let rest = self.tree.get(row_bets_key(user_id, seq))?.ok_or_else(|| StoreError::Corrupt { key: seq, reason: format!("user {user_id}'s settlement row of event {seq} lists more bets than it keeps") })?;
            settlement.bets.extend(decode_row_bets(&rest)?);
        }
        Ok(settlement)
    }

    /// One account's `n` newest settlement rows of sports markets and casino rounds (a row that
    /// settled no bet is not listed), newest first, each with its first `STATEMENT_ROW_BETS_MAX`
    /// bets: read from each group's newest page backwards until it has `n`, not all of them.
    pub fn latest_settlements(&self, user_id: UserId, n: usize) -> Result<Vec<Settlement>, StoreError> {
        let mut latest = Vec::new();
        for settles in [Settles::Sports, Settles::Casino] {
            let range = settlement_key(user_id, settles, i64::MIN, 0)..=settlement_key(user_id, settles, i64::MAX, u64::MAX);
            let mut taken = 0;
            for item in self.tree.range(range).values().rev() {
                if taken >= n {
                    break;
                }
                let page = decode_page::<Settlement>(&item?)?;
                taken += page.len();
                latest.extend(page);
            }
        }
        latest.sort_by_key(|settlement| std::cmp::Reverse(settlement.entry.seq));
        latest.truncate(n);
        Ok(latest)
    }

    /// A user's latest settlement row, and its key: the last of its group, always alone.
    fn last_settlement(&self, user_id: UserId) -> Result<Option<(sled::IVec, Settlement)>, StoreError> {
        let mut last: Option<(sled::IVec, Settlement)> = None;
        for settles in Settles::ALL {
            let range = settlement_key(user_id, settles, i64::MIN, 0)..=settlement_key(user_id, settles, i64::MAX, u64::MAX);
            let Some((key, value)) = self.tree.range(range).next_back().transpose()? else { continue };
            let mut rows = decode_page::<Settlement>(&value)?;
            let (Some(settlement), true) = (rows.pop(), rows.is_empty()) else {
                return Err(StoreError::Corrupt { key: 0, reason: format!("user {user_id}'s latest settlement row is not alone") });
            };
            if last.as_ref().is_none_or(|(_, kept)| kept.entry.seq < settlement.entry.seq) {
                last = Some((key, settlement));
            }
        }
        Ok(last)
    }

    /// Table `gtype`'s resulted round `book`: in the first page, by lowest book downwards,
    /// whose books span it and that holds it. A table's books grow with its rounds but for a
    /// restart into a world whose clock is behind, so this is the first page looked in but for
    /// a book that no page holds, which reads the table's index (a key a page) to its start.
    pub fn round(&self, gtype: &str, book: u64) -> Result<Option<RoundRecord>, StoreError> {
        let range = table_key(ROUND_PREFIX, gtype, &[0])..=table_key(ROUND_PREFIX, gtype, &[book, u64::MAX, u64::MAX]);
        for item in self.tree.range(range).rev() {
            let (key, max) = item?;
            let max = <[u8; 8]>::try_from(max.as_ref()).map(u64::from_be_bytes).map_err(|_| StoreError::Corrupt { key: 0, reason: "a round page's highest book".into() })?;
            if max < book {
                continue;
            }
            let (time, first) = (key_time(&key)?, key_tail(&key)?);
            let page = self.tree.get(table_key(ROUND_TIME_PREFIX, gtype, &[time, first]))?.ok_or_else(|| StoreError::Corrupt { key: 0, reason: format!("the page of round {first} of {gtype} is indexed but not kept") })?;
            if let Some((_, record)) = decode_page::<(u64, RoundRecord)>(&page)?.into_iter().rev().find(|(kept, _)| *kept == book) {
                return Ok(Some(record));
            }
        }
        Ok(None)
    }

    /// Table `gtype`'s rounds resulted from `from_ms` to `to_ms` (both included), oldest first
    /// (`.rev()` for newest first).
    pub fn rounds_between(&self, gtype: &str, from_ms: i64, to_ms: i64) -> impl DoubleEndedIterator<Item = Result<RoundRecord, StoreError>> + '_ {
        let (from, to) = (table_key(ROUND_TIME_PREFIX, gtype, &[time_part(from_ms), 0]), table_key(ROUND_TIME_PREFIX, gtype, &[time_part(to_ms), u64::MAX]));
        let rounds = if from_ms > to_ms {
            Ok(Vec::new())
        } else {
            self.pages_between(&table_key(ROUND_TIME_PREFIX, gtype, &[]), from, to, from_ms).and_then(|pages| rows_between::<(u64, RoundRecord)>(&pages, from_ms, to_ms))
        };
        let rounds: Vec<Result<RoundRecord, StoreError>> = match rounds {
            Ok(rounds) => rounds.into_iter().map(|(_, record)| Ok(record)).collect(),
            Err(e) => vec![Err(e)],
        };
        rounds.into_iter()
    }

    /// Bet `bet_id` of `user_id`, open or settled. A settled one is looked for in the user's
    /// settlement rows, the latest first: for the rare answer about a bet settled meanwhile.
    pub fn bet(&self, user_id: UserId, bet_id: u64) -> Result<Option<Bet>, StoreError> {
        if let Some(bet) = self.open_bet(bet_id)? {
            return Ok(Some(bet));
        }
        for settles in [Settles::Casino, Settles::Sports] {
            let range = settlement_key(user_id, settles, i64::MIN, 0)..=settlement_key(user_id, settles, i64::MAX, u64::MAX);
            for item in self.tree.range(range).values().rev() {
                for settlement in decode_page::<Settlement>(&item?)?.into_iter().rev() {
                    if settlement.entry.bets.contains(&bet_id) {
                        return Ok(self.whole(user_id, settlement)?.bets.into_iter().find(|bet| bet.id == bet_id));
                    }
                }
            }
        }
        Ok(None)
    }

    /// Open bet `bet_id` (a settled bet is in its settlement row).
    pub fn open_bet(&self, bet_id: u64) -> Result<Option<Bet>, StoreError> {
        self.tree.get(bet_key(bet_id))?.map(|bytes| decode(&bytes)).transpose()
    }

    /// An account's balance and exposure after every event that moved either, oldest first
    /// (the operators' timeline chart).
    pub fn money_timeline(&self, user_id: UserId) -> Result<Vec<MoneyPoint>, StoreError> {
        let (mut balance, mut exposure) = (0, 0);
        let mut points = Vec::new();
        for row in self.rows(RowKind::Money, user_id) {
            if let (_, Row::Money { seq, at_ms, balance_minor, exposure_minor }) = row? {
                balance = balance_minor.unwrap_or(balance);
                exposure = exposure_minor.unwrap_or(exposure);
                points.push(MoneyPoint { seq, at_ms, balance_minor: balance, exposure_minor: exposure });
            }
        }
        Ok(points)
    }

    /// A wallet request as it stands (open or decided).
    pub fn wallet_request(&self, request_id: u64) -> Result<Option<WalletRequest>, StoreError> {
        self.tree.get(wallet_key(request_id))?.map(|bytes| decode(&bytes)).transpose()
    }

    /// Every wallet request, oldest first.
    pub fn wallet_requests(&self) -> impl DoubleEndedIterator<Item = Result<WalletRequest, StoreError>> + '_ {
        self.tree.scan_prefix([WALLET_PREFIX]).values().map(|value| decode(&value?))
    }

    /// The wallet requests of `user_id`, oldest first.
    pub fn user_wallet_requests(&self, user_id: UserId) -> Result<Vec<WalletRequest>, StoreError> {
        let mut prefix = [WALLET_USER_PREFIX; 9];
        prefix[1..].copy_from_slice(&user_id.to_be_bytes());
        let mut requests = Vec::new();
        for key in self.tree.scan_prefix(prefix).keys() {
            let request_id = key_tail(&key?)?;
            requests.push(self.wallet_request(request_id)?.ok_or_else(|| StoreError::Corrupt { key: 0, reason: format!("wallet request {request_id} is listed under its account but not kept") })?);
        }
        Ok(requests)
    }

    /// Writes what sled holds in memory to its files (a clean stop; never on the bet path).
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }

    /// Checks the history against one rebuilt from the same log (`rebuild`), and its bets
    /// against a state folded from that log: the same events applied, every key and value the
    /// same (the same pages, whatever batches the log was folded in), and every bet the state
    /// holds the same here. How many rows and bets were compared, or the first difference.
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
                (Some((key, value)), Some((key_again, value_again))) if key == key_again && value == value_again => compared.count(&key, &value).map_err(|e| e.to_string())?,
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
        for (request_id, request) in &state.wallet.requests {
            match self.wallet_request(*request_id).map_err(|e| e.to_string())? {
                Some(kept) if kept == *request => {}
                kept => return Err(format!("wallet request {request_id}: the history has {kept:?}, the state {request:?}")),
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
    /// The accounts' timeline points (`RowKind::Money`), not counted in `rows`.
    pub points: u64,
}

impl Compared {
    /// Counts what one key holds: a page's rows (and a settlement page's bets), an open bet, a
    /// page's rounds.
    fn count(&mut self, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        match key.first() {
            Some(&BET_PREFIX) => self.bets += 1,
            Some(&ROW_BETS_PREFIX) => self.bets += decode_row_bets(value)?.len() as u64,
            Some(kind) if *kind == RowKind::Settlement as u8 => {
                let page = decode_page::<Settlement>(value)?;
                self.rows += page.len() as u64;
                self.bets += page.iter().map(|settlement| settlement.bets.len() as u64).sum::<u64>();
            }
            Some(&ROUND_TIME_PREFIX) => self.rounds += header(value)?.rows,
            Some(kind) if *kind == RowKind::Money as u8 => self.points += header(value)?.rows,
            Some(kind) if *kind < BET_PREFIX => self.rows += header(value)?.rows,
            _ => {}
        }
        Ok(())
    }
}

/// A group's rows folded in one batch, in log order, with their keys.
struct Pending<T> {
    rows: Vec<(Vec<u8>, T)>,
    /// The first row is one kept alone already, rewritten (a settlement row and its commission).
    replaces: bool,
}

/// What `History::write_group` wrote: the values it wrote afresh (a page, or a new row alone),
/// each with the keys of its rows, and the keys of the rows kept alone before that it packed
/// into a page.
#[derive(Default)]
struct Written {
    values: Vec<Vec<Vec<u8>>>,
    packed: Vec<Vec<u8>>,
}

/// A full page on its way into a volume (`History::write_volumes`): its key and value, whether
/// the value is in the tree already (`written`), and whether anything is under its key (a page
/// of the tree, or a recent row this batch packs).
struct Loose {
    key: Vec<u8>,
    value: Vec<u8>,
    written: bool,
    stored: bool,
}

/// A round page's entry in its table's index by book (`table`: `[0x30][table]`): its lowest
/// book, then its page's key after the table (its first round's time and book).
fn round_index_key(table: &[u8], min_book: u64, page_key: &[u8]) -> Result<Vec<u8>, StoreError> {
    let first = page_key.len().checked_sub(16).and_then(|at| page_key.get(at..)).ok_or_else(|| StoreError::Corrupt { key: 0, reason: "a round page's key".into() })?;
    Ok([table, &min_book.to_be_bytes(), first].concat())
}

impl<T> Default for Pending<T> {
    fn default() -> Self {
        Pending { rows: Vec::new(), replaces: false }
    }
}

/// One batch of events being folded into the history.
struct Fold<'a> {
    history: &'a History,
    batch: sled::Batch,
    /// Bets placed or changed in this batch and still open after it.
    bets: BTreeMap<u64, Bet>,
    /// The bets the event being folded settled, for its settlement row.
    settled: Vec<Bet>,
    /// Each user's last settlement row folded here: its group and its place in it (its
    /// commission follows it).
    settled_here: BTreeMap<UserId, (Vec<u8>, usize)>,
    /// Tables' rounds opened in this batch (`None`: resulted in it), as (mid, gmid).
    opened_here: BTreeMap<String, Option<(String, u64)>>,
    /// The rows of this batch by group (key prefix): statement, activity and action rows, and
    /// settlement rows, written at its end (`History::write_group`).
    rows: BTreeMap<Vec<u8>, Pending<(u64, Row)>>,
    settlements: BTreeMap<Vec<u8>, Pending<Settlement>>,
    /// The rounds resulted in this batch, by table.
    rounds: BTreeMap<Vec<u8>, Pending<(u64, RoundRecord)>>,
    /// Wallet requests opened or moved in this batch, as they stand after it.
    wallet: BTreeMap<u64, WalletRequest>,
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
                let key = table_key(ROUND_TIME_PREFIX, gtype, &[time_part(envelope.at_ms), *book]);
                self.rounds.entry(table_key(ROUND_TIME_PREFIX, gtype, &[])).or_default().rows.push((key, (*book, record)));
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

    /// A wallet request opened (and listed under its account), or moved by a decision.
    fn wallet(&mut self, envelope: &Envelope) -> Result<(), StoreError> {
        let Event::Wallet(event) = &envelope.event else { return Ok(()) };
        if let Some(request) = crate::wallet::requested(envelope.at_ms, event) {
            self.batch.insert(&wallet_user_key(request.user_id, request.id), &[]);
            self.wallet.insert(request.id, request);
        } else if let Some(request_id) = crate::wallet::decision_of(event) {
            let mut request = match self.wallet.remove(&request_id) {
                Some(request) => request,
                None => self.history.wallet_request(request_id)?.ok_or_else(|| StoreError::Corrupt { key: envelope.seq, reason: format!("a decision on wallet request {request_id}, which the history does not have") })?,
            };
            crate::wallet::decided(&mut request, envelope.at_ms, event);
            self.wallet.insert(request_id, request);
        }
        Ok(())
    }

    /// The rows an event adds to accounts' histories; a commission is written into the
    /// settlement row it follows. After `bets`, so a settlement's bets are in the batch.
    fn rows(&mut self, envelope: &Envelope) -> Result<(), StoreError> {
        for (user_id, row) in rows_of(envelope) {
            match row {
                Row::Settlement(entry) => {
                    let mut bets = std::mem::take(&mut self.settled);
                    if bets.len() > STATEMENT_ROW_BETS_MAX {
                        self.batch.insert(&row_bets_key(user_id, entry.seq), encode_row_bets(&bets.split_off(STATEMENT_ROW_BETS_MAX)));
                    }
                    let settlement = Settlement { entry, bets };
                    let settles = Settles::of(settlement.bets.first());
                    let key = settlement_key(user_id, settles, settlement.entry.at_ms, settlement.entry.seq);
                    self.batch.insert(&market_key(settlement.entry.mid, settlement.entry.at_ms), &[]);
                    let group = self.settlements.entry(key[..10].to_vec()).or_default();
                    group.rows.push((key.to_vec(), settlement));
                    self.settled_here.insert(user_id, (key[..10].to_vec(), group.rows.len() - 1));
                }
                row => {
                    let key = row_key(row.kind(), user_id, envelope.seq);
                    self.rows.entry(key[..9].to_vec()).or_default().rows.push((key.to_vec(), (envelope.seq, row)));
                }
            }
        }
        if let Event::Bets(BetEvent::CommissionCharged { user_id, mid, commission_minor, .. }) = &envelope.event {
            let (group, at) = match self.settled_here.get(user_id) {
                Some(last) => last.clone(),
                None => {
                    let (key, settlement) = self.history.last_settlement(*user_id)?.ok_or_else(|| StoreError::Corrupt { key: envelope.seq, reason: format!("commission on market {mid} charged before its settlement") })?;
                    let group = key[..10].to_vec();
                    self.settlements.insert(group.clone(), Pending { rows: vec![(key.to_vec(), settlement)], replaces: true });
                    self.settled_here.insert(*user_id, (group.clone(), 0));
                    (group, 0)
                }
            };
            let settlement = self.settlements.get_mut(&group).and_then(|pending| pending.rows.get_mut(at)).map(|(_, settlement)| settlement).expect("settled_here points at a row of the batch");
            if settlement.entry.mid != *mid {
                return Err(StoreError::Corrupt { key: envelope.seq, reason: format!("commission on market {mid} after a settlement of market {}", settlement.entry.mid) });
            }
            settlement.entry.commission_minor = *commission_minor;
        }
        Ok(())
    }
}
