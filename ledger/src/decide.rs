//! `decide`: a command against the state gives events or a rejection. Pure: time arrives as
//! `at_ms`, ids come from the state, tokens and hashes arrive on the command.

use crate::betting::{book_pnl_after, exposure_minor, worst_loss_minor, Outcome};
use crate::casino;
use crate::command::{Command, Reject, TokenGrant};
use crate::event::{BetInfo, Event, SessionEnd, SessionId, UserId};
use crate::limits::{
    BALANCE_MINOR_MAX, BUTTONS_PER_GROUP_MAX, BUTTON_LABEL_CHARS_MAX, IP_CHARS_MAX, REMARK_CHARS_MAX,
    REQUEST_ID_CHARS_MAX, REQUEST_ID_WINDOW_MS, USERNAME_CHARS_MAX, USERNAME_CHARS_MIN,
};
use crate::state::{Account, Book, State};
use crate::terms::{terms, BookKey, Terms};
use schemas::sports::{Market, MarketResult};
use schemas::{Role, AMOUNT_MINOR_MAX};
use std::collections::BTreeMap;

pub fn decide(state: &State, at_ms: i64, command: &Command) -> Result<Vec<Event>, Reject> {
    match command {
        Command::OpenAccount { username, password_hash, role, must_change_password, rules_accepted } => {
            check_username(state, username)?;
            Ok(vec![Event::AccountOpened {
                user_id: state.next_user_id(),
                username: username.clone(),
                password_hash: password_hash.clone(),
                role: *role,
                must_change_password: *must_change_password,
                rules_accepted: *rules_accepted,
            }])
        }
        Command::Login { username, password_hash_seen, grant, ip } => {
            let user = state.user_by_name(username).ok_or(Reject::InvalidCredentials)?;
            if &user.password_hash != password_hash_seen {
                return Err(Reject::InvalidCredentials);
            }
            Ok(login_events(state, user, grant, ip))
        }
        Command::DemoLogin { password_hash, play_balance_minor, grant, ip } => demo_login(state, password_hash, *play_balance_minor, grant, ip),
        Command::Refresh { presented, grant } => refresh(state, at_ms, presented, grant),
        Command::Logout { session_id } => end_session(state, *session_id, SessionEnd::LoggedOut),
        Command::RevokeSession { session_id } => end_session(state, *session_id, SessionEnd::RefreshReused),
        Command::ChangePassword { user_id, old_hash_seen, new_hash, ip } => {
            let user = state.users.get(user_id).ok_or(Reject::UnknownUser)?;
            if &user.password_hash != old_hash_seen {
                return Err(Reject::WrongPassword);
            }
            Ok(vec![Event::PasswordChanged { user_id: *user_id, password_hash: new_hash.clone(), ip: clip_ip(ip) }])
        }
        Command::AcceptRules { user_id } => {
            let user = state.users.get(user_id).ok_or(Reject::UnknownUser)?;
            Ok(if user.rules_accepted { vec![] } else { vec![Event::RulesAccepted { user_id: *user_id }] })
        }
        Command::Credit { username, amount_minor, remark } => {
            let user = state.user_by_name(username).ok_or(Reject::UnknownUser)?;
            check_amount(*amount_minor)?;
            check_remark(remark)?;
            let balance_after_minor = user.balance_minor + amount_minor;
            if balance_after_minor > BALANCE_MINOR_MAX {
                return Err(Reject::AmountTooLarge);
            }
            Ok(vec![Event::Credited { user_id: user.id, amount_minor: *amount_minor, remark: remark.clone(), balance_after_minor }])
        }
        Command::Debit { username, amount_minor, remark } => {
            let user = state.user_by_name(username).ok_or(Reject::UnknownUser)?;
            check_amount(*amount_minor)?;
            check_remark(remark)?;
            if user.available_minor() < *amount_minor {
                return Err(Reject::InsufficientBalance { available_minor: user.available_minor(), needed_minor: *amount_minor });
            }
            let balance_after_minor = user.balance_minor - amount_minor;
            Ok(vec![Event::Debited { user_id: user.id, amount_minor: *amount_minor, remark: remark.clone(), balance_after_minor }])
        }
        Command::SetButtons { user_id, game, casino } => {
            state.users.get(user_id).ok_or(Reject::UnknownUser)?;
            check_buttons(game)?;
            check_buttons(casino)?;
            Ok(vec![Event::ButtonsSet { user_id: *user_id, game: game.clone(), casino: casino.clone() }])
        }
        Command::PlaceBet { user_id, request_id, market, stake_minor, info } => place_bet(state, at_ms, *user_id, request_id, market, *stake_minor, info),
        Command::SettleMarket { gmid, mid, result } => settle_market(state, *gmid, *mid, result),
        Command::StartFeed => start_feed(state, at_ms),
        Command::OpenRound { gtype, table, mid } => casino::open_round(state, at_ms, gtype, *table, mid),
        Command::CloseRound { gtype, mid } => casino::close_round(state, gtype, mid),
        Command::SettleRound { gtype, mid, result } => casino::settle_round(state, gtype, mid, result.as_ref()),
        Command::PlaceCasinoBet { user_id, request_id, gtype, mid, item, stake_minor, info } => {
            casino::place_bet(state, at_ms, *user_id, request_id, gtype, mid, item, *stake_minor, info)
        }
        Command::Wallet(command) => crate::wallet::decide(state, at_ms, command),
        Command::SecureAuth(command) => crate::secure::decide(state, command),
    }
}

/// A new feed world: its epoch, then a void for every market left open by the earlier worlds,
/// each decided against the state the previous ones left.
fn start_feed(state: &State, at_ms: i64) -> Result<Vec<Event>, Reject> {
    let mut events = vec![Event::FeedStarted { epoch: state.feed_epoch + 1 }];
    let open: std::collections::BTreeSet<(u64, u64)> = state.books.iter().map(|(key, book)| (book.gmid, key.mid)).collect();
    if open.is_empty() {
        return Ok(events);
    }
    let mut scratch = state.clone();
    for (gmid, mid) in open {
        for event in settle_market(&scratch, gmid, mid, &MarketResult::Void)? {
            let envelope = crate::event::Envelope { seq: scratch.head_seq + 1, at_ms, event };
            crate::state::apply(&mut scratch, &envelope);
            events.push(envelope.event);
        }
    }
    Ok(events)
}

/// The acceptance checks of DESIGN §3, in order, each with its own rejection.
fn place_bet(state: &State, at_ms: i64, user_id: UserId, request_id: &str, market: &Market, stake_minor: i64, info: &BetInfo) -> Result<Vec<Event>, Reject> {
    let user = check_bettor(state, at_ms, user_id, request_id)?;
    if state.resulted.contains_key(&market.mid) {
        return Err(Reject::MarketNotOpen { status: "CLOSED".into() });
    }
    let (sid, side, asked) = Command::asked(info);
    let terms = terms(market, sid, side, asked)?;
    bet_placed(state, user, request_id, market.gmid, terms, stake_minor, info)
}

/// The first acceptance checks of any bet: a user who may bet, a well-formed request id that
/// was not placed in the last minute.
pub(crate) fn check_bettor<'a>(state: &'a State, at_ms: i64, user_id: UserId, request_id: &str) -> Result<&'a Account, Reject> {
    let user = state.users.get(&user_id).ok_or(Reject::UnknownUser)?;
    if !matches!(user.role, Role::User | Role::Demo) {
        return Err(Reject::RoleCannotBet);
    }
    let id_chars = request_id.chars().count();
    if id_chars == 0 || id_chars > REQUEST_ID_CHARS_MAX {
        return Err(Reject::InvalidRequestId);
    }
    if let Some((bet_id, then)) = state.requests.get(&(user_id, request_id.to_owned())) {
        if at_ms - then < REQUEST_ID_WINDOW_MS {
            return Err(Reject::DuplicateRequest { bet_id: *bet_id });
        }
    }
    Ok(user)
}

/// The last acceptance checks, once a bet's terms are known: its stake limits, then the
/// available balance against the exposure of its book with it.
pub(crate) fn bet_placed(state: &State, user: &Account, request_id: &str, gmid: u64, terms: Terms, stake_minor: i64, info: &BetInfo) -> Result<Vec<Event>, Reject> {
    if stake_minor < terms.stake_min_minor || stake_minor > terms.stake_max_minor {
        return Err(Reject::StakeOutOfLimits { min_minor: terms.stake_min_minor, max_minor: terms.stake_max_minor });
    }
    // A book keeps the outcome set of its first bet, so every bet in it is judged alike.
    let kind = state.books.get(&terms.book).map_or(terms.kind, |b| b.kind.clone());
    let pnl_before = user.book_pnl.get(&terms.book).map(Vec::as_slice);
    let book_exposure_after_minor = match book_pnl_after(&kind, pnl_before, &terms.payoff, stake_minor) {
        Some(pnl) => worst_loss_minor(&pnl),
        None => {
            let mut bets = state.open_bets(&terms.book, user.id);
            bets.push((&terms.payoff, stake_minor));
            exposure_minor(&kind, bets.iter().copied())
        }
    };
    let book_exposure_before = user.book_exposure.get(&terms.book).copied().unwrap_or(0);
    let exposure_after_minor = user.exposure_minor - book_exposure_before + book_exposure_after_minor;
    if user.balance_minor - exposure_after_minor < 0 {
        return Err(Reject::InsufficientBalance {
            available_minor: user.available_minor(),
            needed_minor: book_exposure_after_minor - book_exposure_before,
        });
    }
    Ok(vec![Event::BetPlaced {
        bet_id: state.next_bet_id(),
        user_id: user.id,
        request_id: request_id.to_owned(),
        gmid,
        book: terms.book,
        kind,
        payoff: terms.payoff,
        stake_minor,
        info: info.clone(),
        book_exposure_after_minor,
        exposure_after_minor,
    }])
}

/// Settles every open bet of the market in one batch: the result, then one event per user.
fn settle_market(state: &State, gmid: u64, mid: u64, result: &MarketResult) -> Result<Vec<Event>, Reject> {
    if state.resulted.contains_key(&mid) {
        return Err(Reject::AlreadySettled);
    }
    let mut events = vec![Event::MarketResulted { gmid, mid, result: result.clone() }];
    events.extend(settle_books(state, gmid, mid, |_, book| book.kind.outcome(result)));
    Ok(events)
}

/// One `BetsSettled` per user with open bets in the books of `mid`, each book decided by
/// `outcome_of` (`None` voids it: every stake returned).
pub(crate) fn settle_books(state: &State, gmid: u64, mid: u64, outcome_of: impl Fn(&BookKey, &Book) -> Option<Outcome>) -> Vec<Event> {
    let mut per_user: BTreeMap<UserId, (Vec<(u64, i64)>, i64)> = BTreeMap::new();
    let range = BookKey { mid, scope: 0 }..=BookKey { mid, scope: u32::MAX };
    for (key, book) in state.books.range(range) {
        let outcome = outcome_of(key, book);
        for (user_id, ids) in &book.open {
            let entry = per_user.entry(*user_id).or_default();
            for id in ids {
                let bet = &state.bets[id];
                let pnl = outcome.map_or(0, |o| bet.payoff.pnl(bet.stake_minor, o));
                entry.0.push((*id, pnl));
            }
            entry.1 += state.users[user_id].book_exposure.get(key).copied().unwrap_or(0);
        }
    }
    per_user
        .into_iter()
        .map(|(user_id, (bets, released_minor))| {
            let user = &state.users[&user_id];
            let total_minor: i64 = bets.iter().map(|(_, pnl)| pnl).sum();
            Event::BetsSettled {
                user_id,
                gmid,
                mid,
                bets,
                total_minor,
                balance_after_minor: user.balance_minor + total_minor,
                exposure_after_minor: user.exposure_minor - released_minor,
            }
        })
        .collect()
}

/// A login ends the user's older session (`currentToken`: one session per user).
fn login_events(state: &State, user: &Account, grant: &TokenGrant, ip: &str) -> Vec<Event> {
    let mut events = Vec::with_capacity(2);
    if let Some(old) = user.current_session {
        events.push(Event::SessionEnded { session_id: old, reason: SessionEnd::Replaced });
    }
    events.push(logged_in(user.id, state.next_session_id.max(1), grant, ip));
    events
}

fn logged_in(user_id: UserId, session_id: SessionId, grant: &TokenGrant, ip: &str) -> Event {
    Event::LoggedIn {
        user_id,
        session_id,
        access: grant.access,
        refresh: grant.refresh,
        access_expires_ms: grant.access_expires_ms,
        refresh_expires_ms: grant.refresh_expires_ms,
        ip: clip_ip(ip),
    }
}

fn demo_login(state: &State, password_hash: &str, play_balance_minor: i64, grant: &TokenGrant, ip: &str) -> Result<Vec<Event>, Reject> {
    check_amount(play_balance_minor)?;
    let user_id = state.next_user_id();
    Ok(vec![
        Event::AccountOpened {
            user_id,
            username: format!("demo{user_id}"),
            password_hash: password_hash.to_owned(),
            role: Role::Demo,
            must_change_password: false,
            rules_accepted: true,
        },
        Event::Credited { user_id, amount_minor: play_balance_minor, remark: "Demo play balance".into(), balance_after_minor: play_balance_minor },
        logged_in(user_id, state.next_session_id.max(1), grant, ip),
    ])
}

fn refresh(state: &State, at_ms: i64, presented: &[u8; 32], grant: &TokenGrant) -> Result<Vec<Event>, Reject> {
    if let Some(session_id) = state.retired_refresh.get(presented) {
        return Err(Reject::RefreshReused { session_id: *session_id });
    }
    let session_id = state.by_refresh.get(presented).ok_or(Reject::SessionExpired)?;
    let session = &state.sessions[session_id];
    if session.refresh_expires_ms <= at_ms {
        return Err(Reject::SessionExpired);
    }
    Ok(vec![Event::TokensRotated {
        session_id: *session_id,
        access: grant.access,
        refresh: grant.refresh,
        access_expires_ms: grant.access_expires_ms,
        refresh_expires_ms: grant.refresh_expires_ms,
    }])
}

fn end_session(state: &State, session_id: SessionId, reason: SessionEnd) -> Result<Vec<Event>, Reject> {
    if !state.sessions.contains_key(&session_id) {
        return Err(Reject::SessionExpired);
    }
    Ok(vec![Event::SessionEnded { session_id, reason }])
}

fn check_username(state: &State, username: &str) -> Result<(), Reject> {
    let chars = username.chars().count();
    let valid = (USERNAME_CHARS_MIN..=USERNAME_CHARS_MAX).contains(&chars)
        && username.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(Reject::InvalidUsername);
    }
    if state.by_username.contains_key(&username.to_lowercase()) {
        return Err(Reject::UsernameTaken);
    }
    Ok(())
}

fn check_amount(amount_minor: i64) -> Result<(), Reject> {
    if amount_minor <= 0 {
        return Err(Reject::AmountNotPositive);
    }
    if amount_minor > AMOUNT_MINOR_MAX {
        return Err(Reject::AmountTooLarge);
    }
    Ok(())
}

fn check_remark(remark: &str) -> Result<(), Reject> {
    let chars = remark.trim().chars().count();
    if chars == 0 || chars > REMARK_CHARS_MAX {
        return Err(Reject::InvalidRemark);
    }
    Ok(())
}

fn check_buttons(group: &[(String, i64)]) -> Result<(), Reject> {
    if group.is_empty() || group.len() > BUTTONS_PER_GROUP_MAX {
        return Err(Reject::InvalidButtons("each group needs 1 to 20 buttons"));
    }
    for (label, value) in group {
        let chars = label.trim().chars().count();
        if chars == 0 || chars > BUTTON_LABEL_CHARS_MAX {
            return Err(Reject::InvalidButtons("each label needs 1 to 20 characters"));
        }
        if !(0..=AMOUNT_MINOR_MAX).contains(value) {
            return Err(Reject::InvalidButtons("each value must be between 0 and 1000000000"));
        }
    }
    Ok(())
}

fn clip_ip(ip: &str) -> String {
    ip.chars().take(IP_CHARS_MAX).collect()
}
