//! `apply`: folds one event into the state, the only way the state changes. Pure: no clock, no
//! I/O. One function per family of events; the domains fold their own events.

use crate::betting::book_pnl_after;
use crate::event::{Envelope, Event};
use crate::ids::{BookKey, SessionId, UserId};
use crate::limits::REQUEST_ID_WINDOW_MS;
use crate::oversight::{AccountAction, ActionRecord, DealingAction, MarketAction};
use crate::state::{Account, Activity, ActivityKind, Bet, Book, Buttons, RoundRecord, RoundSummary, Session, Settled, SettlementEntry, State, StatementEntry, TableRound};
use std::collections::BTreeMap;

pub fn apply(state: &mut State, envelope: &Envelope) {
    assert_eq!(envelope.seq, state.head_seq + 1, "events are applied in sequence");
    state.head_seq = envelope.seq;
    state.head_at_ms = envelope.at_ms;
    let at_ms = envelope.at_ms;
    match &envelope.event {
        Event::AccountOpened { .. } | Event::PasswordChanged { .. } | Event::RulesAccepted { .. } | Event::ButtonsSet { .. } => apply_account(state, at_ms, &envelope.event),
        Event::LoggedIn { .. } | Event::TokensRotated { .. } | Event::SessionEnded { .. } => apply_session(state, at_ms, &envelope.event),
        Event::Credited { user_id, amount_minor, remark, balance_after_minor } => apply_money(state, envelope, *user_id, *amount_minor, remark, *balance_after_minor),
        Event::Debited { user_id, amount_minor, remark, balance_after_minor } => apply_money(state, envelope, *user_id, -amount_minor, remark, *balance_after_minor),
        Event::BetPlaced { .. } => apply_bet(state, envelope),
        Event::BetsSettled { .. } => apply_settlement(state, envelope),
        Event::MarketResulted { gmid, mid, result } => {
            state.resulted.insert(*mid, result.clone());
            state.market_holds.remove(&(*gmid, Some(*mid)));
        }
        Event::FeedStarted { epoch } => {
            state.feed_epoch = *epoch;
            state.feed_world = None;
        }
        Event::FeedWorldStarted { epoch, world } => {
            state.feed_epoch = *epoch;
            state.feed_world = Some(world.clone());
        }
        Event::CasinoWorldStarted { world } => state.casino_world = Some(world.clone()),
        Event::RoundOpened { .. } | Event::RoundClosed { .. } | Event::RoundReopened { .. } | Event::RoundResulted { .. } | Event::TableLocked { .. } | Event::TableUnlocked { .. } => {
            apply_casino(state, at_ms, &envelope.event)
        }
        Event::Wallet(event) => crate::wallet::apply(&mut state.wallet, at_ms, event),
        Event::SecureAuth(event) => crate::secure::apply(&mut state.secure, event),
        Event::OperatorActed { by, user_id, action, remark } => apply_operator_action(state, envelope, *by, *user_id, action, remark),
        Event::TableActed { table, locked, .. } => {
            if *locked {
                state.console_locks.insert(*table);
            } else {
                state.console_locks.remove(table);
            }
        }
        Event::MarketActed { gmid, mid, action, .. } => match action {
            MarketAction::Suspend => {
                state.market_holds.insert((*gmid, *mid));
            }
            MarketAction::Resume => {
                state.market_holds.remove(&(*gmid, *mid));
            }
            MarketAction::Finish { .. } => state.market_holds.retain(|(held, _)| held != gmid),
            MarketAction::MovePrice { .. } | MarketAction::Settle { .. } => {}
        },
        Event::DealingActed { gtype, action, .. } => match action {
            DealingAction::Pause => {
                state.paused_tables.insert(gtype.clone());
            }
            DealingAction::Resume => {
                state.paused_tables.remove(gtype);
            }
            DealingAction::VoidRound { .. } | DealingAction::Stack { .. } => {}
        },
    }
}

/// Records the action on the account; a lock or a password reset takes effect here (credits and
/// ended sessions are their own events).
fn apply_operator_action(state: &mut State, envelope: &Envelope, by: UserId, user_id: UserId, action: &AccountAction, remark: &str) {
    let operator = state.users.get(&by).map(|u| u.username.clone()).unwrap_or_default();
    let account = account(state, user_id);
    match action {
        AccountAction::LockBetting => account.betting_locked = true,
        AccountAction::UnlockBetting => account.betting_locked = false,
        AccountAction::ResetPassword { password_hash } => {
            account.password_hash = password_hash.clone();
            account.must_change_password = true;
        }
        AccountAction::Credit { .. } | AccountAction::Debit { .. } | AccountAction::EndSessions => {}
    }
    account.actions.push(ActionRecord { seq: envelope.seq, at_ms: envelope.at_ms, by: operator, action: action.label().to_owned(), remark: remark.to_owned() });
}

/// The account an event names. `decide` emits events for existing users only.
fn account(state: &mut State, user_id: UserId) -> &mut Account {
    state.users.get_mut(&user_id).expect("decide only emits events for existing users")
}

fn apply_account(state: &mut State, at_ms: i64, event: &Event) {
    match event {
        Event::AccountOpened { user_id, username, password_hash, role, must_change_password, rules_accepted } => {
            state.by_username.insert(username.to_lowercase(), *user_id);
            let account = Account {
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
                betting_locked: false,
                actions: Vec::new(),
            };
            state.users.insert(*user_id, account);
        }
        Event::PasswordChanged { user_id, password_hash, ip } => {
            let user = account(state, *user_id);
            user.password_hash = password_hash.clone();
            user.must_change_password = false;
            user.activity.push(Activity { kind: ActivityKind::ChangePassword, at_ms, ip: ip.clone() });
        }
        Event::RulesAccepted { user_id } => account(state, *user_id).rules_accepted = true,
        Event::ButtonsSet { user_id, game, casino } => {
            account(state, *user_id).buttons = Some(Buttons { game: game.clone(), casino: casino.clone() });
        }
        _ => unreachable!("apply routes only account events here"),
    }
}

fn apply_session(state: &mut State, at_ms: i64, event: &Event) {
    match event {
        Event::LoggedIn { user_id, session_id, access, refresh, access_expires_ms, refresh_expires_ms, ip, tool } => {
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
            let user = account(state, *user_id);
            if !tool {
                user.current_session = Some(*session_id);
            }
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
        Event::SessionEnded { session_id, .. } => end_session(state, *session_id),
        _ => unreachable!("apply routes only session events here"),
    }
}

fn end_session(state: &mut State, session_id: SessionId) {
    let Some(session) = state.sessions.remove(&session_id) else { return };
    state.by_access.remove(&session.access);
    state.by_refresh.remove(&session.refresh);
    for token in &session.retired {
        state.retired_refresh.remove(token);
    }
    if let Some(user) = state.users.get_mut(&session.user_id) {
        if user.current_session == Some(session_id) {
            user.current_session = None;
        }
    }
}

/// A credit (`signed_minor` > 0) or debit: the new balance and a statement row.
fn apply_money(state: &mut State, envelope: &Envelope, user_id: UserId, signed_minor: i64, remark: &str, balance_after_minor: i64) {
    let user = account(state, user_id);
    user.balance_minor = balance_after_minor;
    let row = StatementEntry { seq: envelope.seq, at_ms: envelope.at_ms, amount_minor: signed_minor, balance_after_minor, remark: remark.to_owned() };
    user.statement.push(row);
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
    let account = account(state, *user_id);
    account.book_exposure.insert(*book, *book_exposure_after_minor);
    if let Some(pnl) = book_pnl_after(&book_kind, account.book_pnl.get(book).map(Vec::as_slice), payoff, *stake_minor) {
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
    let keys: Vec<BookKey> = state.books.range(BookKey::all_of(*mid)).map(|(k, _)| *k).collect();
    for key in &keys {
        let book = state.books.get_mut(key).expect("key was just listed");
        book.open.retain(|_, ids| !ids.is_empty());
        if book.open.is_empty() {
            state.books.remove(key);
        }
    }
    let account = account(state, *user_id);
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

fn apply_casino(state: &mut State, at_ms: i64, event: &Event) {
    match event {
        Event::RoundOpened { gtype, mid, book, gmid } => {
            let round = TableRound { mid: mid.clone(), book: *book, gmid: *gmid, betting: true, opened_at_ms: at_ms };
            state.tables.insert(gtype.clone(), round);
        }
        Event::RoundClosed { gtype, book } => {
            if let Some(round) = state.tables.get_mut(gtype).filter(|r| r.book == *book) {
                round.betting = false;
            }
        }
        Event::RoundReopened { gtype, book } => {
            if let Some(round) = state.tables.get_mut(gtype).filter(|r| r.book == *book) {
                round.betting = true;
            }
        }
        Event::RoundResulted { gtype, book, result } => {
            let Some(round) = state.tables.remove(gtype) else { return };
            debug_assert_eq!(round.book, *book, "decide results the table's current round");
            let outcome = result.as_ref().map(|r| RoundSummary { seed: r.seed, win: r.win.clone(), winner: r.winner.clone(), stacked: r.stacked.then(|| Box::new(r.clone())) });
            state.rounds.insert(*book, RoundRecord { gtype: gtype.clone(), mid: round.mid, gmid: round.gmid, at_ms, outcome });
        }
        Event::TableLocked { table } => {
            state.locked_tables.insert(*table);
        }
        Event::TableUnlocked { table } => {
            state.locked_tables.remove(table);
        }
        _ => unreachable!("apply routes only casino events here"),
    }
}
