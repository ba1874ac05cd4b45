//! `decide`: a command against the state gives events or a rejection. Pure: time arrives as
//! `at_ms`, ids come from the state, tokens and hashes arrive on the command.

use crate::checks::{check_amount, is_plain_text, remark_fits};
use crate::command::{Command, Reject, TokenGrant};
use crate::event::{Event, SessionEnd};
use crate::ids::{SessionId, UserId};
use crate::oversight::{AccountAction, DealingAction, MarketAction};
use crate::limits::{BALANCE_MINOR_MAX, BUTTONS_PER_GROUP_MAX, BUTTON_LABEL_CHARS_MAX, IP_CHARS_MAX, USERNAME_CHARS_MAX, USERNAME_CHARS_MIN};
use crate::state::{Account, State};
use crate::wallet::{MoneyMove, WalletCommand, WalletOutput};
use crate::{casino, secure, sports, wallet};
use schemas::{Role, AMOUNT_MINOR_MAX};

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
        Command::Login { username, password_hash_seen, grant, ip, tool } => {
            let user = state.user_by_name(username).ok_or(Reject::InvalidCredentials)?;
            if &user.password_hash != password_hash_seen {
                return Err(Reject::InvalidCredentials);
            }
            if *tool {
                if user.role != Role::Operator {
                    return Err(Reject::ToolSessionForOperatorsOnly);
                }
                return Ok(vec![logged_in(user.id, state.next_session_id.max(1), grant, ip, true)]);
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
        Command::PlaceBet { user_id, request_id, market, delay, stake_minor, info } => sports::place_bet(state, at_ms, *user_id, request_id, market, *delay, *stake_minor, info),
        Command::SettleMarket { gmid, mid, result } => sports::settle_market(state, *gmid, *mid, result),
        Command::StartFeed { world } => sports::start_feed(state, at_ms, world),
        Command::OpenRound { gtype, table, mid } => casino::open_round(state, at_ms, gtype, *table, mid),
        Command::CloseRound { gtype, mid } => casino::close_round(state, gtype, mid),
        Command::ReopenRound { gtype, mid } => casino::reopen_round(state, gtype, mid),
        Command::SettleRound { gtype, mid, result } => casino::settle_round(state, gtype, mid, result.as_ref()),
        Command::PlaceCasinoBet { user_id, request_id, gtype, mid, item, stake_minor, info } => {
            casino::place_bet(state, at_ms, *user_id, request_id, gtype, mid, item, *stake_minor, info)
        }
        Command::Wallet(command) => decide_wallet(state, at_ms, command),
        Command::SecureAuth(command) => {
            state.users.get(&command.user_id()).ok_or(Reject::UnknownUser)?;
            Ok(vec![Event::SecureAuth(secure::decide(&state.secure, command)?)])
        }
        Command::StartCasino { world } => Ok(casino::start_casino(state, at_ms, world)),
        Command::SetLockedTables { tables } => Ok(casino::set_locked_tables(state, tables)),
        Command::Operator { by, username, action, remark } => operator_action(state, at_ms, *by, username, action, remark),
        Command::OperatorMarket { by, gmid, mid, action, remark } => operator_market(state, *by, *gmid, *mid, action, remark),
        Command::OperatorDealing { by, gtype, action, remark } => operator_dealing(state, *by, gtype, action, remark),
        Command::OperatorTable { by, table, locked, remark } => {
            check_operator(state, *by)?;
            check_remark(remark)?;
            if state.locked_tables.contains(table) == *locked {
                return Err(Reject::NothingToChange(if *locked { "the table is already locked" } else { "the table is not locked" }));
            }
            let effect = if *locked { Event::TableLocked { table: *table } } else { Event::TableUnlocked { table: *table } };
            Ok(vec![Event::TableActed { by: *by, table: *table, locked: *locked, remark: remark.clone() }, effect])
        }
    }
}

/// An operator's action on an account: the record of who did it and why, then what it does.
fn operator_action(state: &State, at_ms: i64, by: UserId, username: &str, action: &AccountAction, remark: &str) -> Result<Vec<Event>, Reject> {
    check_operator(state, by)?;
    let user = state.user_by_name(username).ok_or(Reject::UnknownUser)?;
    check_remark(remark)?;
    let mut effects = match action {
        AccountAction::Credit { amount_minor } => decide(state, at_ms, &Command::Credit { username: username.to_owned(), amount_minor: *amount_minor, remark: remark.to_owned() })?,
        AccountAction::Debit { amount_minor } => decide(state, at_ms, &Command::Debit { username: username.to_owned(), amount_minor: *amount_minor, remark: remark.to_owned() })?,
        AccountAction::LockBetting if user.betting_locked => return Err(Reject::NothingToChange("betting is already locked")),
        AccountAction::UnlockBetting if !user.betting_locked => return Err(Reject::NothingToChange("betting is not locked")),
        AccountAction::LockBetting | AccountAction::UnlockBetting | AccountAction::ResetPassword { .. } | AccountAction::EndSessions => Vec::new(),
    };
    if action.ends_sessions() {
        let sessions: Vec<SessionId> = state.sessions.values().filter(|s| s.user_id == user.id).map(|s| s.id).collect();
        if sessions.is_empty() && *action == AccountAction::EndSessions {
            return Err(Reject::NothingToChange("the user has no open session"));
        }
        effects.extend(sessions.into_iter().map(|session_id| Event::SessionEnded { session_id, reason: SessionEnd::EndedByOperator }));
    }
    let mut events = vec![Event::OperatorActed { by, user_id: user.id, action: action.clone(), remark: remark.to_owned() }];
    events.extend(effects);
    Ok(events)
}

/// An operator's action on a sports market (`mid`) or a whole fixture: the record, then a
/// settlement when it settles. Whether the market exists and the result fits it is the book's to
/// say (the server asks it first); the ledger refuses what its own state contradicts.
fn operator_market(state: &State, by: UserId, gmid: u64, mid: Option<u64>, action: &MarketAction, remark: &str) -> Result<Vec<Event>, Reject> {
    check_operator(state, by)?;
    check_remark(remark)?;
    if mid.is_some_and(|mid| state.resulted.contains_key(&mid)) {
        return Err(Reject::AlreadySettled);
    }
    let held = state.market_holds.contains(&(gmid, mid));
    let effects = match (action, mid) {
        (MarketAction::Suspend, _) if held => return Err(Reject::NothingToChange("it is already suspended")),
        (MarketAction::Resume, _) if !held => return Err(Reject::NothingToChange("it is not suspended by an operator")),
        (MarketAction::Settle { result }, Some(mid)) => sports::settle_market(state, gmid, mid, result)?,
        (MarketAction::MovePrice { .. } | MarketAction::Settle { .. }, None) => return Err(Reject::UnknownMarket),
        (MarketAction::Finish { .. }, Some(_)) => return Err(Reject::UnknownMarket),
        (MarketAction::Suspend | MarketAction::Resume | MarketAction::MovePrice { .. } | MarketAction::Finish { .. }, _) => Vec::new(),
    };
    let mut events = vec![Event::MarketActed { by, gmid, mid, action: action.clone(), remark: remark.to_owned() }];
    events.extend(effects);
    Ok(events)
}

/// An operator's action on a casino table's dealing: the record, then a void's settlement.
fn operator_dealing(state: &State, by: UserId, gtype: &str, action: &DealingAction, remark: &str) -> Result<Vec<Event>, Reject> {
    check_operator(state, by)?;
    check_remark(remark)?;
    let paused = state.paused_tables.contains(gtype);
    let effects = match action {
        DealingAction::Pause if paused => return Err(Reject::NothingToChange("dealing is already paused")),
        DealingAction::Resume if !paused => return Err(Reject::NothingToChange("dealing is not paused")),
        DealingAction::VoidRound { mid } => casino::settle_round(state, gtype, mid, None)?,
        DealingAction::Pause | DealingAction::Resume | DealingAction::Stack { .. } => Vec::new(),
    };
    let mut events = vec![Event::DealingActed { by, gtype: gtype.to_owned(), action: action.clone(), remark: remark.to_owned() }];
    events.extend(effects);
    Ok(events)
}

/// The wallet decides over its own state; its money moves become credits and debits here, with
/// the balance after each.
fn decide_wallet(state: &State, at_ms: i64, command: &WalletCommand) -> Result<Vec<Event>, Reject> {
    let outputs = wallet::decide(&state.wallet, state, at_ms, command)?;
    outputs
        .into_iter()
        .map(|output| match output {
            WalletOutput::Event(event) => Ok(Event::Wallet(event)),
            WalletOutput::Money(movement) => money_event(state, movement),
        })
        .collect()
}

fn money_event(state: &State, MoneyMove { user_id, delta_minor, remark }: MoneyMove) -> Result<Event, Reject> {
    let user = state.users.get(&user_id).ok_or(Reject::UnknownUser)?;
    let balance_after_minor = user.balance_minor + delta_minor;
    if balance_after_minor > BALANCE_MINOR_MAX {
        return Err(Reject::AmountTooLarge);
    }
    Ok(if delta_minor >= 0 {
        Event::Credited { user_id, amount_minor: delta_minor, remark, balance_after_minor }
    } else {
        Event::Debited { user_id, amount_minor: -delta_minor, remark, balance_after_minor }
    })
}

/// A login ends the user's older session (`currentToken`: one session per user).
fn login_events(state: &State, user: &Account, grant: &TokenGrant, ip: &str) -> Vec<Event> {
    let mut events = Vec::with_capacity(2);
    if let Some(old) = user.current_session {
        events.push(Event::SessionEnded { session_id: old, reason: SessionEnd::Replaced });
    }
    events.push(logged_in(user.id, state.next_session_id.max(1), grant, ip, false));
    events
}

fn logged_in(user_id: UserId, session_id: SessionId, grant: &TokenGrant, ip: &str, tool: bool) -> Event {
    Event::LoggedIn {
        user_id,
        session_id,
        access: grant.access,
        refresh: grant.refresh,
        access_expires_ms: grant.access_expires_ms,
        refresh_expires_ms: grant.refresh_expires_ms,
        ip: clip_ip(ip),
        tool,
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
        logged_in(user_id, state.next_session_id.max(1), grant, ip, false),
    ])
}

fn refresh(state: &State, at_ms: i64, presented: &[u8; 32], grant: &TokenGrant) -> Result<Vec<Event>, Reject> {
    if let Some(session_id) = state.retired_refresh.get(presented) {
        return Err(Reject::RefreshReused { session_id: *session_id });
    }
    let session_id = state.by_refresh.get(presented).ok_or(Reject::SessionExpired)?;
    let session = state.sessions.get(session_id).ok_or(Reject::SessionExpired)?;
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

fn check_operator(state: &State, by: UserId) -> Result<(), Reject> {
    if state.users.get(&by).is_none_or(|operator| operator.role != Role::Operator) {
        return Err(Reject::NotAnOperator);
    }
    Ok(())
}

fn check_remark(remark: &str) -> Result<(), Reject> {
    if !remark_fits(remark, true) {
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
        if chars == 0 || chars > BUTTON_LABEL_CHARS_MAX || !is_plain_text(label) {
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
