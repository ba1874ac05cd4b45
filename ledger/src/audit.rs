//! Replay and audit (DESIGN §2, §5): rebuild the state at any sequence number and check the
//! invariants over the whole log, recomputing money independently of `apply`.

use crate::apply::apply;
use crate::accounts::messages::AccountEvent;
use crate::betting::RUNS_MAX;
use crate::bets::messages::BetEvent;
use crate::sports::messages::SportsEvent;
use crate::sports::results::check_result;
use schemas::sports::MarketResult;
use crate::event::{Envelope, Event};
use crate::ids::{BookKey, UserId};
use crate::state::State;
use crate::store::{Store, StoreError};
use schemas::{AuditCheck, AuditFailure, AuditReport, AuditState, AuditUser, Money};
use std::collections::BTreeMap;

/// At most this many failures are listed per check; the count says how many there were.
const FAILURES_LISTED_MAX: usize = 20;

/// Records decoded per hand-over from the reading thread to the folding one.
const REPLAY_BATCH_RECORDS: usize = 4096;

/// Batches in flight between the two threads: bounds replay memory to a few MiB.
const REPLAY_BATCHES_IN_FLIGHT: usize = 8;

/// The state after every event with `seq <= to_seq`. One thread reads and decodes the log while
/// this one folds it: on two cores replay runs at the pace of the slower half, not their sum.
pub fn replay(store: &dyn Store, to_seq: u64) -> Result<State, StoreError> {
    replay_to(store, to_seq, i64::MAX)
}

/// The state after every event with `seq <= to_seq` up to the first one later than `at_ms`: the
/// ledger as it was at a moment (operators' time travel).
pub fn replay_to(store: &dyn Store, to_seq: u64, at_ms: i64) -> Result<State, StoreError> {
    replay_onto(State::default(), store, to_seq, at_ms)
}

/// Folds the events after `state`'s head (up to `to_seq` and `at_ms`) into it: a start from a
/// snapshot replays only the log's tail.
pub fn replay_onto(mut state: State, store: &dyn Store, to_seq: u64, at_ms: i64) -> Result<State, StoreError> {
    let from = state.head_seq + 1;
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel(REPLAY_BATCHES_IN_FLIGHT);
        scope.spawn(move || read_batches(store, from, to_seq, at_ms, &tx));
        for batch in rx {
            for envelope in batch? {
                check_next(&state, &envelope)?;
                apply(&mut state, &envelope);
            }
        }
        Ok(state)
    })
}

type Batch = Result<Vec<Envelope>, StoreError>;

/// Sends the log up to `to_seq` in batches; stops early if the folding side has gone.
fn read_batches(store: &dyn Store, from: u64, to_seq: u64, at_ms: i64, tx: &std::sync::mpsc::SyncSender<Batch>) {
    let mut batch = Vec::with_capacity(REPLAY_BATCH_RECORDS);
    for record in store.read_from(from) {
        match record {
            Ok(envelope) if envelope.seq > to_seq || envelope.at_ms > at_ms => break,
            Ok(envelope) => batch.push(envelope),
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        }
        if batch.len() == REPLAY_BATCH_RECORDS {
            let full = std::mem::replace(&mut batch, Vec::with_capacity(REPLAY_BATCH_RECORDS));
            if tx.send(Ok(full)).is_err() {
                return;
            }
        }
    }
    let _ = tx.send(Ok(batch));
}

/// Folds events that follow the state's head into it, as replay does (a standby following the
/// log); refuses one out of sequence.
pub fn fold(state: &mut State, envelopes: &[Envelope]) -> Result<(), StoreError> {
    for envelope in envelopes {
        check_next(state, envelope)?;
        apply(state, envelope);
    }
    Ok(())
}

fn check_next(state: &State, envelope: &Envelope) -> Result<(), StoreError> {
    let expected = state.head_seq + 1;
    if envelope.seq != expected {
        return Err(StoreError::OutOfSequence { expected, found: envelope.seq });
    }
    Ok(())
}

/// Every user's balance and exposure in `state` (or one user's): the ledger at a moment, once
/// replayed to it (`replay_to`, or `Snapshots::state_at` from a snapshot).
pub fn audit_state(state: &State, username: Option<&str>) -> AuditState {
    let users = state
        .accounts.users
        .values()
        .filter(|u| username.is_none_or(|name| u.username.eq_ignore_ascii_case(name)))
        .map(|u| AuditUser { username: u.username.clone(), balance: Money(u.balance_minor), exposure: Money(u.exposure_minor) })
        .collect();
    AuditState { seq: state.head_seq, users }
}

struct Check {
    name: &'static str,
    checked: u64,
    failures: Vec<String>,
    failed: u64,
    /// The sequence number of the first failure.
    first_seq: Option<u64>,
}

impl Check {
    fn new(name: &'static str) -> Self {
        Self { name, checked: 0, failures: Vec::new(), failed: 0, first_seq: None }
    }

    /// One check, at the event `seq` (the head for the checks of the final state).
    fn expect(&mut self, seq: u64, ok: bool, failure: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok {
            self.failed += 1;
            self.first_seq.get_or_insert(seq);
            if self.failures.len() < FAILURES_LISTED_MAX {
                self.failures.push(failure());
            }
        }
    }

    fn first_failure(&self) -> Option<AuditFailure> {
        Some(AuditFailure { check: self.name.into(), seq: self.first_seq?, message: self.failures.first()?.clone() })
    }

    fn finish(self) -> AuditCheck {
        AuditCheck { name: self.name.into(), pass: self.failed == 0, checked: self.checked, failures: self.failures }
    }
}

/// Checks invariants 1 (balance = credits − debits + settled P/L), 2 (exposure = worst case of
/// open bets), 3 (log continuity: no gap, no repeat), 4 (available never negative), 5 (every bet
/// settled exactly once, every result settles its market) and 6 (replay equals the live state,
/// when one is given; otherwise two replays agree), and the exchange's: matched bets move money
/// between players only, and commission is charged on net winnings at the rate in force.
pub fn verify(store: &dyn Store, live: Option<&State>) -> Result<AuditReport, StoreError> {
    verify_with_progress(store, live, &|_, _| {})
}

/// Events between two progress reports of a verification.
pub const PROGRESS_EVERY: u64 = 10_000;

/// `verify`, calling `progress(events checked, events to check)` every [`PROGRESS_EVERY`]
/// events and at the end of the log.
pub fn verify_with_progress(store: &dyn Store, live: Option<&State>, progress: &dyn Fn(u64, u64)) -> Result<AuditReport, StoreError> {
    let to_seq = live.map_or(store.head(), |s| s.head_seq);
    let mut continuity = Check::new("log continuity (no gap, no repeat)");
    let mut balances = Check::new("balance = credits - debits + settled P/L");
    let mut available = Check::new("available balance never negative");
    let mut settled = Check::new("every bet settled exactly once; every result settles its market");
    let mut rules = Check::new("every bet taken by the rules in force (in-play delay waited, table not locked)");
    let mut results = Check::new("every result fits its market (a winner among its runners, runs in range, sections it has)");
    let mut commission = Check::new("matched bets move money between players only; commission on net winnings, never on a net loss");
    let mut matched = MatchedMoney::default();
    let mut sums: BTreeMap<UserId, i64> = BTreeMap::new();
    let mut state = State::default();
    let mut events = 0u64;
    for record in store.read_from(1) {
        let envelope = record?;
        if envelope.seq > to_seq {
            break;
        }
        let expected = state.head_seq + 1;
        continuity.expect(envelope.seq, envelope.seq == expected, || format!("expected seq {expected}, found {}", envelope.seq));
        if envelope.seq != expected {
            break;
        }
        check_settlement(&state, &envelope, &mut settled);
        check_bet_rules(&state, &envelope, &mut rules);
        check_result_fits(&state, &envelope, &mut results);
        matched.check(&state, &envelope, &mut commission);
        apply(&mut state, &envelope);
        events += 1;
        if events.is_multiple_of(PROGRESS_EVERY) {
            progress(events, to_seq);
        }
        if let Some(user_id) = money_delta(&envelope.event, &mut sums) {
            let user = &state.accounts.users[&user_id];
            let sum = sums[&user_id];
            balances.expect(envelope.seq, sum == user.balance_minor, || {
                format!("seq {}: {} has balance {} but its money events sum to {sum}", envelope.seq, user.username, user.balance_minor)
            });
        }
        if let Some(user_id) = envelope.event.money_user() {
            let user = &state.accounts.users[&user_id];
            available.expect(envelope.seq, user.available_minor() >= 0, || format!("seq {}: {} available {}", envelope.seq, user.username, user.available_minor()));
        }
    }
    progress(events, to_seq);
    let head = state.head_seq;
    matched.finish(head, &mut commission);
    let mut exposure = Check::new("exposure = worst case of open bets and unmatched orders");
    for user in state.accounts.users.values() {
        let expected = open_bets_exposure_minor(&state, user.id);
        exposure.expect(head, user.exposure_minor == expected, || format!("{} exposure {} expected {expected}", user.username, user.exposure_minor));
    }
    for (key, book) in &state.betting.books {
        settled.expect(head, !state.is_resulted(book.gmid, key.mid), || format!("market {} has a result but {} users keep open bets", key.mid, book.open.len()));
    }
    let mut replayed = Check::new("replay equals live state");
    let reference = match live {
        Some(live) => live.fingerprint(),
        None => replay(store, to_seq)?.fingerprint(),
    };
    replayed.expect(head, state.fingerprint() == reference, || format!("state at seq {} differs after replay", state.head_seq));
    let checks = [continuity, balances, exposure, available, settled, rules, results, commission, replayed];
    let first_failure = checks.iter().filter_map(Check::first_failure).min_by_key(|f| f.seq);
    Ok(AuditReport { seq: state.head_seq, events, checks: checks.into_iter().map(Check::finish).collect(), first_failure })
}

/// Adds a money event to the running sums; returns the user it moved.
fn money_delta(event: &Event, sums: &mut BTreeMap<UserId, i64>) -> Option<UserId> {
    let (user_id, delta) = match event {
        Event::Accounts(AccountEvent::Credited { user_id, amount_minor, .. }) => (*user_id, *amount_minor),
        Event::Accounts(AccountEvent::Debited { user_id, amount_minor, .. }) => (*user_id, -amount_minor),
        Event::Bets(BetEvent::BetsSettled { user_id, total_minor, .. }) => (*user_id, *total_minor),
        Event::Bets(BetEvent::CommissionCharged { user_id, commission_minor, .. }) => (*user_id, -commission_minor),
        _ => return None,
    };
    *sums.entry(user_id).or_default() += delta;
    Some(user_id)
}

/// The worst-case loss of a user's open bets and unmatched orders, recomputed from them: per
/// book by brute force over every outcome (an unmatched order counts at its worst where it would
/// lose, and not at all where it would win), then summed.
fn open_bets_exposure_minor(state: &State, user_id: UserId) -> i64 {
    let with_bets = state.betting.books.iter().filter(|(_, book)| book.open.contains_key(&user_id)).map(|(key, book)| (*key, &book.kind));
    let with_orders = state.exchange.markets.iter().filter(|(_, book)| book.by_user.contains_key(&user_id)).map(|(mid, book)| (BookKey { mid: *mid, scope: 0 }, &book.kind));
    let books: BTreeMap<BookKey, &crate::betting::BookKind> = with_bets.chain(with_orders).collect();
    books
        .into_iter()
        .map(|(key, kind)| {
            let bets = state.betting.open_bets(&key, user_id);
            let orders: Vec<_> = state.exchange.user_orders(key.mid, user_id).map(|o| (o.payoff(), o.unmatched_minor)).collect();
            let pnl = |o: &crate::betting::Outcome| bets.iter().map(|(p, stake)| p.pnl(*stake, *o)).sum::<i64>() + orders.iter().map(|(p, size)| p.pnl(*size, *o).min(0)).sum::<i64>();
            let worst = kind.all_outcomes().iter().map(pnl).min().unwrap_or(0);
            (-worst).max(0)
        })
        .sum()
}

/// What settled matched bets (fills) moved: per market, what the players won and lost on them
/// together (a fill's back profit is its lay's liability, so it must be 0), and the commission
/// each winner owes until its `CommissionCharged`.
#[derive(Default)]
struct MatchedMoney {
    by_market: BTreeMap<u64, i64>,
    owed: BTreeMap<(UserId, u64), (u64, i64)>,
}

impl MatchedMoney {
    /// Against the state before the event: a settlement adds its fills' P/L, a commission must
    /// be what the settlement before it made owed, at the rate in force.
    fn check(&mut self, state: &State, envelope: &Envelope, commission: &mut Check) {
        match &envelope.event {
            Event::Bets(BetEvent::BetsSettled { user_id, mid, bets, .. }) => {
                let fills = bets.iter().filter(|(id, _)| state.betting.bets.get(id).is_some_and(|b| b.info.fill.is_some()));
                let net: i64 = fills.map(|(_, pnl)| pnl).sum();
                *self.by_market.entry(*mid).or_default() += net;
                let owed = crate::book::decide::commission_minor(net, state.exchange.commission_bp);
                if owed > 0 {
                    self.owed.insert((*user_id, *mid), (envelope.seq, owed));
                }
            }
            Event::Bets(BetEvent::CommissionCharged { user_id, mid, rate_bp, commission_minor, net_winnings_minor, .. }) => {
                let owed = self.owed.remove(&(*user_id, *mid)).map(|(_, owed)| owed);
                let right = owed == Some(*commission_minor) && *rate_bp == state.exchange.commission_bp && crate::book::decide::commission_minor(*net_winnings_minor, *rate_bp) == *commission_minor;
                commission.expect(envelope.seq, right, || format!("seq {}: commission {commission_minor} on market {mid}, owed {owed:?}", envelope.seq));
            }
            _ => {}
        }
    }

    fn finish(&self, head: u64, commission: &mut Check) {
        for (mid, sum) in &self.by_market {
            commission.expect(head, *sum == 0, || format!("market {mid}: its matched bets paid out {sum} more than they took"));
        }
        for ((user_id, mid), (seq, owed)) in &self.owed {
            commission.expect(*seq, false, || format!("seq {seq}: user {user_id} owed commission {owed} on market {mid}, never charged"));
        }
    }
}

/// A bet the ledger took waited its in-play delay from when it was asked, and was not on a
/// casino table the administrator had locked.
fn check_bet_rules(state: &State, envelope: &Envelope, rules: &mut Check) {
    let Event::Bets(BetEvent::BetPlaced { bet_id, gmid, info, payoff, .. }) = &envelope.event else { return };
    let waited = info.delay_ms == 0 || envelope.at_ms - info.requested_at_ms >= info.delay_ms;
    rules.expect(envelope.seq, waited, || format!("seq {}: bet {bet_id} taken before its {} ms delay", envelope.seq, info.delay_ms));
    let table = matches!(payoff, crate::betting::Payoff::Item { .. }).then(|| gmid.saturating_sub(crate::ids::CASINO_ID_BASE));
    let locked = table.is_some_and(|t| u32::try_from(t).is_ok_and(|t| state.casino.locked_tables.contains(&t)));
    rules.expect(envelope.seq, !locked, || format!("seq {}: bet {bet_id} on locked table {}", envelope.seq, table.unwrap_or_default()));
}

/// A market's result, against the market it was checked against when recorded, and against the
/// books of the market's open bets (a record without its market is checked against these alone):
/// a winner must be one of their runners, runs at most `RUNS_MAX`, sections the market has.
fn check_result_fits(state: &State, envelope: &Envelope, results: &mut Check) {
    let Event::Sports(SportsEvent::MarketResulted { mid, result, market, .. }) = &envelope.event else { return };
    let fits_market = market.as_ref().is_none_or(|market| check_result(market, result).is_ok());
    let in_range = !matches!(result, MarketResult::Runs { value } if *value > RUNS_MAX);
    let fits_books = *result == MarketResult::Void || state.betting.books.range(BookKey::all_of(*mid)).all(|(_, book)| book.kind.outcome(result).is_some());
    results.expect(envelope.seq, fits_market && in_range && fits_books, || format!("seq {}: market {mid} resulted {result:?}, which names nothing it has", envelope.seq));
}

/// Invariant 5 for one event, against the state before it: a bet settles once, while open, and
/// only after its market's result.
fn check_settlement(state: &State, envelope: &Envelope, settled: &mut Check) {
    let Event::Bets(BetEvent::BetsSettled { gmid, mid, bets, .. }) = &envelope.event else { return };
    for (bet_id, _) in bets {
        let open = state.betting.bets.get(bet_id).is_some_and(|b| b.settled.is_none() && b.book.mid == *mid);
        settled.expect(envelope.seq, open && state.is_resulted(*gmid, *mid), || format!("seq {}: bet {bet_id} settled twice, unknown, or before its market's result", envelope.seq));
    }
}
