//! The state folded from the log, and `apply`, the only way it changes.
//!
//! Every collection is a `BTreeMap` so that the state encodes to the same bytes whatever order
//! it was built in: invariant 6 (replay equals live) compares those bytes.

use crate::betting::{BookKind, Payoff};
use crate::event::{BetInfo, Envelope, Event, SessionEnd, SessionId, TokenHash, UserId};
use crate::limits::REQUEST_ID_WINDOW_MS;
use crate::terms::BookKey;
use schemas::sports::MarketResult;
use schemas::Role;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Sequence number of the last applied event (0 before any).
    pub head_seq: u64,
    pub head_at_ms: i64,
    pub users: BTreeMap<UserId, Account>,
    /// Lower-cased username to user.
    pub by_username: BTreeMap<String, UserId>,
    pub sessions: BTreeMap<SessionId, Session>,
    pub by_access: BTreeMap<TokenHash, SessionId>,
    pub by_refresh: BTreeMap<TokenHash, SessionId>,
    /// Refresh tokens already exchanged, per live session: presenting one again revokes it.
    pub retired_refresh: BTreeMap<TokenHash, SessionId>,
    pub next_session_id: SessionId,
    pub bets: BTreeMap<u64, Bet>,
    /// Books with open bets: the bets decided together, per user.
    pub books: BTreeMap<BookKey, Book>,
    /// Markets with a result: closed to bets for good.
    pub resulted: BTreeMap<u64, MarketResult>,
    /// Bet request ids of the last minute, per user, and their bets (resubmission returns them).
    pub requests: BTreeMap<(UserId, String), (u64, i64)>,
    pub request_order: VecDeque<(i64, UserId, String)>,
    /// How many feed worlds have started.
    pub feed_epoch: u64,
    /// Casino tables by gtype: the round each has open (taking bets or dealing), until resulted.
    pub tables: BTreeMap<String, TableRound>,
    /// Resulted casino rounds by book id: ordered by day, table and time (`casino::round_book`).
    pub rounds: BTreeMap<u64, RoundRecord>,
    pub wallet: crate::wallet::WalletState,
    pub secure: crate::secure::SecureState,
}

/// A casino table's current round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRound {
    pub mid: String,
    pub book: u64,
    pub gmid: u64,
    /// Taking bets; false once betting closed.
    pub betting: bool,
    pub opened_at_ms: i64,
}

/// A resulted casino round, as the results pages list it. The cards are not kept here: the log
/// has the whole result, and the round engine deals them again from the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub gtype: String,
    pub mid: String,
    pub gmid: u64,
    pub at_ms: i64,
    /// `None` for a void round.
    pub outcome: Option<RoundSummary>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    pub seed: u64,
    pub win: String,
    pub winner: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Book {
    pub gmid: u64,
    pub kind: BookKind,
    pub open: BTreeMap<UserId, Vec<u64>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bet {
    pub id: u64,
    pub user_id: UserId,
    pub request_id: String,
    pub gmid: u64,
    pub book: BookKey,
    pub payoff: Payoff,
    pub stake_minor: i64,
    pub info: BetInfo,
    pub placed_at_ms: i64,
    /// Profit or loss once settled.
    pub settled: Option<Settled>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settled {
    pub pnl_minor: i64,
    pub at_ms: i64,
}

/// One statement row of a settled market: the user's bets in it and their total.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettlementEntry {
    pub seq: u64,
    pub at_ms: i64,
    pub gmid: u64,
    pub mid: u64,
    pub bets: Vec<u64>,
    pub total_minor: i64,
    pub balance_after_minor: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Account {
    pub id: UserId,
    pub username: String,
    pub password_hash: String,
    pub role: Role,
    pub must_change_password: bool,
    pub rules_accepted: bool,
    pub balance_minor: i64,
    /// Worst-case loss over the user's open markets (non-negative).
    pub exposure_minor: i64,
    pub current_session: Option<SessionId>,
    pub buttons: Option<Buttons>,
    pub activity: Vec<Activity>,
    pub statement: Vec<StatementEntry>,
    /// Worst-case loss per book with open bets; they sum to `exposure_minor`.
    pub book_exposure: BTreeMap<BookKey, i64>,
    /// P/L per outcome of each open book with fixed outcomes (`betting::book_pnl_after`).
    pub book_pnl: BTreeMap<BookKey, Vec<i64>>,
    pub settlements: Vec<SettlementEntry>,
}

impl Account {
    pub fn available_minor(&self) -> i64 {
        self.balance_minor - self.exposure_minor
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Buttons {
    pub game: Vec<(String, i64)>,
    pub casino: Vec<(String, i64)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub id: SessionId,
    pub user_id: UserId,
    pub access: TokenHash,
    pub refresh: TokenHash,
    pub access_expires_ms: i64,
    pub refresh_expires_ms: i64,
    /// Refresh tokens this session already exchanged (their entries in `retired_refresh`).
    pub retired: Vec<TokenHash>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivityKind {
    Login,
    ChangePassword,
}

impl ActivityKind {
    pub fn label(self) -> &'static str {
        match self {
            ActivityKind::Login => "Login",
            ActivityKind::ChangePassword => "Change Password",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Activity {
    pub kind: ActivityKind,
    pub at_ms: i64,
    pub ip: String,
}

/// One account-statement row: money moved outside betting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StatementEntry {
    pub seq: u64,
    pub at_ms: i64,
    /// Signed: credits positive, debits negative.
    pub amount_minor: i64,
    pub balance_after_minor: i64,
    pub remark: String,
}

impl State {
    pub fn user_by_name(&self, username: &str) -> Option<&Account> {
        let id = self.by_username.get(&username.to_lowercase())?;
        self.users.get(id)
    }

    /// Whether a market or casino round has its result: it takes no bets and settles no more.
    pub fn is_resulted(&self, mid: u64) -> bool {
        self.resulted.contains_key(&mid) || self.rounds.contains_key(&mid)
    }

    /// A settled bet whose market or round was void: its stake came back and nothing decided it
    /// (the result modal's "Deleted" bets).
    pub fn is_voided(&self, bet: &Bet) -> bool {
        if bet.settled.is_none() {
            return false;
        }
        match bet.payoff {
            Payoff::Item { .. } => self.rounds.get(&bet.book.mid).is_some_and(|round| round.outcome.is_none()),
            _ => matches!(self.resulted.get(&bet.book.mid), Some(MarketResult::Void)),
        }
    }

    pub fn next_bet_id(&self) -> u64 {
        self.bets.keys().next_back().map_or(1, |id| id + 1)
    }

    /// The open bets of a user in a book, as (payoff, stake).
    pub fn open_bets(&self, book: &BookKey, user_id: UserId) -> Vec<(&Payoff, i64)> {
        let Some(ids) = self.books.get(book).and_then(|b| b.open.get(&user_id)) else { return Vec::new() };
        ids.iter().map(|id| (&self.bets[id].payoff, self.bets[id].stake_minor)).collect()
    }

    pub fn next_user_id(&self) -> UserId {
        self.users.keys().next_back().map_or(1, |id| id + 1)
    }

    /// The session an access token opens, if it is live at `now_ms`.
    pub fn session_by_access(&self, access: &TokenHash, now_ms: i64) -> Option<&Session> {
        let session = self.sessions.get(self.by_access.get(access)?)?;
        (session.access_expires_ms > now_ms).then_some(session)
    }

    /// The state encoded to bytes: equal states give equal bytes.
    pub fn fingerprint(&self) -> Vec<u8> {
        rmp_serde::to_vec(self).expect("the state contains only encodable values")
    }

    fn end_session(&mut self, session_id: SessionId) {
        let Some(session) = self.sessions.remove(&session_id) else { return };
        self.by_access.remove(&session.access);
        self.by_refresh.remove(&session.refresh);
        for token in &session.retired {
            self.retired_refresh.remove(token);
        }
        if let Some(user) = self.users.get_mut(&session.user_id) {
            if user.current_session == Some(session_id) {
                user.current_session = None;
            }
        }
    }

    fn account(&mut self, user_id: UserId) -> &mut Account {
        self.users.get_mut(&user_id).expect("decide only emits events for existing users")
    }
}

/// Folds one event into the state. Pure: no clock, no I/O.
pub fn apply(state: &mut State, envelope: &Envelope) {
    assert_eq!(envelope.seq, state.head_seq + 1, "events are applied in sequence");
    state.head_seq = envelope.seq;
    state.head_at_ms = envelope.at_ms;
    let at_ms = envelope.at_ms;
    match &envelope.event {
        Event::AccountOpened { user_id, username, password_hash, role, must_change_password, rules_accepted } => {
            state.by_username.insert(username.to_lowercase(), *user_id);
            state.users.insert(
                *user_id,
                Account {
                    id: *user_id,
                    username: username.clone(),
                    password_hash: password_hash.clone(),
                    role: *role,
                    must_change_password: *must_change_password,
                    rules_accepted: *rules_accepted,
                    balance_minor: 0,
                    exposure_minor: 0,
                    current_session: None,
                    buttons: None,
                    activity: Vec::new(),
                    statement: Vec::new(),
                    book_exposure: BTreeMap::new(),
                    book_pnl: BTreeMap::new(),
                    settlements: Vec::new(),
                },
            );
        }
        Event::PasswordChanged { user_id, password_hash, ip } => {
            let user = state.account(*user_id);
            user.password_hash = password_hash.clone();
            user.must_change_password = false;
            user.activity.push(Activity { kind: ActivityKind::ChangePassword, at_ms, ip: ip.clone() });
        }
        Event::RulesAccepted { user_id } => state.account(*user_id).rules_accepted = true,
        Event::LoggedIn { user_id, session_id, access, refresh, access_expires_ms, refresh_expires_ms, ip } => {
            let session = Session {
                id: *session_id,
                user_id: *user_id,
                access: *access,
                refresh: *refresh,
                access_expires_ms: *access_expires_ms,
                refresh_expires_ms: *refresh_expires_ms,
                retired: Vec::new(),
            };
            state.by_access.insert(*access, *session_id);
            state.by_refresh.insert(*refresh, *session_id);
            state.sessions.insert(*session_id, session);
            state.next_session_id = state.next_session_id.max(*session_id + 1);
            let user = state.account(*user_id);
            user.current_session = Some(*session_id);
            user.activity.push(Activity { kind: ActivityKind::Login, at_ms, ip: ip.clone() });
        }
        Event::TokensRotated { session_id, access, refresh, access_expires_ms, refresh_expires_ms } => {
            let session = state.sessions.get_mut(session_id).expect("decide rotates live sessions only");
            let (old_access, old_refresh) = (session.access, session.refresh);
            session.access = *access;
            session.refresh = *refresh;
            session.access_expires_ms = *access_expires_ms;
            session.refresh_expires_ms = *refresh_expires_ms;
            session.retired.push(old_refresh);
            state.by_access.remove(&old_access);
            state.by_refresh.remove(&old_refresh);
            state.retired_refresh.insert(old_refresh, *session_id);
            state.by_access.insert(*access, *session_id);
            state.by_refresh.insert(*refresh, *session_id);
        }
        Event::SessionEnded { session_id, reason: SessionEnd::LoggedOut | SessionEnd::Replaced | SessionEnd::RefreshReused } => {
            state.end_session(*session_id);
        }
        Event::Credited { user_id, amount_minor, remark, balance_after_minor } => {
            let seq = envelope.seq;
            let user = state.account(*user_id);
            user.balance_minor = *balance_after_minor;
            user.statement.push(StatementEntry { seq, at_ms, amount_minor: *amount_minor, balance_after_minor: *balance_after_minor, remark: remark.clone() });
        }
        Event::Debited { user_id, amount_minor, remark, balance_after_minor } => {
            let seq = envelope.seq;
            let user = state.account(*user_id);
            user.balance_minor = *balance_after_minor;
            user.statement.push(StatementEntry { seq, at_ms, amount_minor: -amount_minor, balance_after_minor: *balance_after_minor, remark: remark.clone() });
        }
        Event::ButtonsSet { user_id, game, casino } => {
            state.account(*user_id).buttons = Some(Buttons { game: game.clone(), casino: casino.clone() });
        }
        Event::BetPlaced { .. } => apply_bet(state, envelope),
        Event::MarketResulted { mid, result, .. } => {
            state.resulted.insert(*mid, result.clone());
        }
        Event::BetsSettled { .. } => apply_settlement(state, envelope),
        Event::FeedStarted { epoch } => state.feed_epoch = *epoch,
        Event::RoundOpened { gtype, mid, book, gmid } => {
            let round = TableRound { mid: mid.clone(), book: *book, gmid: *gmid, betting: true, opened_at_ms: at_ms };
            state.tables.insert(gtype.clone(), round);
        }
        Event::RoundClosed { gtype, book } => {
            if let Some(round) = state.tables.get_mut(gtype).filter(|r| r.book == *book) {
                round.betting = false;
            }
        }
        Event::RoundResulted { gtype, book, result } => {
            let Some(round) = state.tables.remove(gtype) else { return };
            debug_assert_eq!(round.book, *book, "decide results the table's current round");
            let outcome = result.as_ref().map(|r| RoundSummary { seed: r.seed, win: r.win.clone(), winner: r.winner.clone() });
            state.rounds.insert(*book, RoundRecord { gtype: gtype.clone(), mid: round.mid, gmid: round.gmid, at_ms, outcome });
        }
        Event::Wallet(event) => crate::wallet::apply(state, at_ms, event),
        Event::SecureAuth(event) => crate::secure::apply(&mut state.secure, event),
    }
}

fn apply_bet(state: &mut State, envelope: &Envelope) {
    let Event::BetPlaced { bet_id, user_id, request_id, gmid, book, kind, payoff, stake_minor, info, book_exposure_after_minor, exposure_after_minor } = &envelope.event else {
        return;
    };
    let bet = Bet {
        id: *bet_id,
        user_id: *user_id,
        request_id: request_id.clone(),
        gmid: *gmid,
        book: *book,
        payoff: payoff.clone(),
        stake_minor: *stake_minor,
        info: info.clone(),
        placed_at_ms: envelope.at_ms,
        settled: None,
    };
    state.bets.insert(*bet_id, bet);
    let entry = state.books.entry(*book).or_insert_with(|| Book { gmid: *gmid, kind: kind.clone(), open: BTreeMap::new() });
    entry.open.entry(*user_id).or_default().push(*bet_id);
    let book_kind = entry.kind.clone();
    let account = state.account(*user_id);
    account.book_exposure.insert(*book, *book_exposure_after_minor);
    if let Some(pnl) = crate::betting::book_pnl_after(&book_kind, account.book_pnl.get(book).map(Vec::as_slice), payoff, *stake_minor) {
        account.book_pnl.insert(*book, pnl);
    }
    account.exposure_minor = *exposure_after_minor;
    remember_request(state, *user_id, request_id, *bet_id, envelope.at_ms);
}

/// Keeps a minute of request ids; older ones are forgotten in log order, so replay agrees.
fn remember_request(state: &mut State, user_id: UserId, request_id: &str, bet_id: u64, at_ms: i64) {
    while let Some((then, user, id)) = state.request_order.front() {
        if at_ms - then < REQUEST_ID_WINDOW_MS {
            break;
        }
        if state.requests.get(&(*user, id.clone())).is_some_and(|(_, t)| t == then) {
            state.requests.remove(&(*user, id.clone()));
        }
        state.request_order.pop_front();
    }
    state.requests.insert((user_id, request_id.to_owned()), (bet_id, at_ms));
    state.request_order.push_back((at_ms, user_id, request_id.to_owned()));
}

fn apply_settlement(state: &mut State, envelope: &Envelope) {
    let Event::BetsSettled { user_id, gmid, mid, bets, total_minor, balance_after_minor, exposure_after_minor } = &envelope.event else {
        return;
    };
    for (bet_id, pnl_minor) in bets {
        let bet = state.bets.get_mut(bet_id).expect("decide settles existing bets");
        bet.settled = Some(Settled { pnl_minor: *pnl_minor, at_ms: envelope.at_ms });
        let book = bet.book;
        if let Some(open) = state.books.get_mut(&book).and_then(|b| b.open.get_mut(user_id)) {
            open.retain(|id| id != bet_id);
        }
    }
    let range = BookKey { mid: *mid, scope: 0 }..=BookKey { mid: *mid, scope: u32::MAX };
    let keys: Vec<BookKey> = state.books.range(range).map(|(k, _)| *k).collect();
    for key in &keys {
        let book = state.books.get_mut(key).expect("key was just listed");
        book.open.retain(|_, ids| !ids.is_empty());
        if book.open.is_empty() {
            state.books.remove(key);
        }
    }
    let account = state.account(*user_id);
    account.book_exposure.retain(|k, _| k.mid != *mid);
    account.book_pnl.retain(|k, _| k.mid != *mid);
    account.balance_minor = *balance_after_minor;
    account.exposure_minor = *exposure_after_minor;
    account.settlements.push(SettlementEntry {
        seq: envelope.seq,
        at_ms: envelope.at_ms,
        gmid: *gmid,
        mid: *mid,
        bets: bets.iter().map(|(id, _)| *id).collect(),
        total_minor: *total_minor,
        balance_after_minor: *balance_after_minor,
    });
}
