//! `decide` for accounts and sessions: a command against the accounts gives their events or a
//! rejection. Pure: time arrives as `at_ms`, ids come from the state, tokens and hashes arrive on
//! the command.

use crate::accounts::messages::{AccountCommand, AccountEvent, AccountReject, SessionEnd, TokenGrant};
use crate::accounts::model::{Account, Accounts};
use crate::checks::{check_amount, is_plain_text, remark_fits};
use crate::ids::{SessionId, UserId};
use crate::limits::{BALANCE_MINOR_MAX, BUTTONS_PER_GROUP_MAX, DEMO_RETIRED_PER_COMMAND_MAX, BUTTON_LABEL_CHARS_MAX, IP_CHARS_MAX, USERNAME_CHARS_MAX, USERNAME_CHARS_MIN};
use schemas::{Role, AMOUNT_MINOR_MAX};

pub fn decide(accounts: &Accounts, at_ms: i64, command: &AccountCommand) -> Result<Vec<AccountEvent>, AccountReject> {
    match command {
        AccountCommand::OpenAccount { username, password_hash, role, must_change_password, rules_accepted } => {
            check_username(accounts, username)?;
            Ok(vec![AccountEvent::AccountOpened {
                user_id: accounts.next_user_id(),
                username: username.clone(),
                password_hash: password_hash.clone(),
                role: *role,
                must_change_password: *must_change_password,
                rules_accepted: *rules_accepted,
            }])
        }
        AccountCommand::Login { username, password_hash_seen, grant, ip, tool } => {
            let user = accounts.user_by_name(username).ok_or(AccountReject::InvalidCredentials)?;
            if &user.password_hash != password_hash_seen {
                return Err(AccountReject::InvalidCredentials);
            }
            if *tool {
                if user.role != Role::Operator {
                    return Err(AccountReject::ToolSessionForOperatorsOnly);
                }
                return Ok(vec![logged_in(user.id, accounts.next_session_id.max(1), grant, ip, true)]);
            }
            Ok(login_events(accounts, user, grant, ip))
        }
        AccountCommand::DemoLogin { password_hash, play_balance_minor, grant, ip, demo_accounts_max } => {
            if accounts.demo_opened_ms.len() >= *demo_accounts_max {
                return Err(AccountReject::DemoAccountsFull);
            }
            demo_login(accounts, password_hash, *play_balance_minor, grant, ip)
        }
        AccountCommand::RetireDemoAccounts { opened_before_ms } => Ok(retire_demo_accounts(accounts, *opened_before_ms)),
        AccountCommand::Refresh { presented, grant } => refresh(accounts, at_ms, presented, grant),
        AccountCommand::Logout { session_id } => end_session(accounts, *session_id, SessionEnd::LoggedOut),
        AccountCommand::RevokeSession { session_id } => end_session(accounts, *session_id, SessionEnd::RefreshReused),
        AccountCommand::ChangePassword { user_id, old_hash_seen, new_hash, ip } => {
            let user = accounts.users.get(user_id).ok_or(AccountReject::UnknownUser)?;
            if &user.password_hash != old_hash_seen {
                return Err(AccountReject::WrongPassword);
            }
            Ok(vec![AccountEvent::PasswordChanged { user_id: *user_id, password_hash: new_hash.clone(), ip: clip_ip(ip) }])
        }
        AccountCommand::AcceptRules { user_id } => {
            let user = accounts.users.get(user_id).ok_or(AccountReject::UnknownUser)?;
            Ok(if user.rules_accepted { vec![] } else { vec![AccountEvent::RulesAccepted { user_id: *user_id }] })
        }
        AccountCommand::Credit { username, amount_minor, remark } => {
            let user = accounts.user_by_name(username).ok_or(AccountReject::UnknownUser)?;
            check_amount(*amount_minor)?;
            check_remark(remark)?;
            Ok(vec![money_moved(user, *amount_minor, remark.clone())?])
        }
        AccountCommand::Debit { username, amount_minor, remark } => {
            let user = accounts.user_by_name(username).ok_or(AccountReject::UnknownUser)?;
            check_amount(*amount_minor)?;
            check_remark(remark)?;
            if user.available_minor() < *amount_minor {
                return Err(AccountReject::InsufficientBalance { available_minor: user.available_minor(), needed_minor: *amount_minor });
            }
            Ok(vec![money_moved(user, -amount_minor, remark.clone())?])
        }
        AccountCommand::SetButtons { user_id, game, casino } => {
            accounts.users.get(user_id).ok_or(AccountReject::UnknownUser)?;
            check_buttons(game)?;
            check_buttons(casino)?;
            Ok(vec![AccountEvent::ButtonsSet { user_id: *user_id, game: game.clone(), casino: casino.clone() }])
        }
    }
}

/// Money moved into (`delta_minor` > 0) or out of an account outside betting: a credit or a
/// debit with the balance after it. New money may not take the balance past the ledger's
/// maximum, counting what the open bets could still win (their settlement is never refused);
/// money going out is never refused for it.
pub fn money_moved(user: &Account, delta_minor: i64, remark: String) -> Result<AccountEvent, AccountReject> {
    if delta_minor > 0 && user.balance_minor + delta_minor + user.open_win_max_minor() > BALANCE_MINOR_MAX {
        return Err(AccountReject::BalancePastMax { balance_max_minor: BALANCE_MINOR_MAX });
    }
    Ok(money_returned(user, delta_minor, remark))
}

/// Money the account held back coming back (a withdrawal's hold released), or any move without
/// the maximum's check: returning money is never refused.
pub fn money_returned(user: &Account, delta_minor: i64, remark: String) -> AccountEvent {
    let balance_after_minor = user.balance_minor + delta_minor;
    if delta_minor >= 0 {
        AccountEvent::Credited { user_id: user.id, amount_minor: delta_minor, remark, balance_after_minor }
    } else {
        AccountEvent::Debited { user_id: user.id, amount_minor: -delta_minor, remark, balance_after_minor }
    }
}

/// A remark an action must carry: 1 to 200 characters of plain text.
pub fn check_remark(remark: &str) -> Result<(), AccountReject> {
    if !remark_fits(remark, true) {
        return Err(AccountReject::InvalidRemark);
    }
    Ok(())
}

/// Every session of the user ends, for `reason`.
pub fn end_sessions(accounts: &Accounts, user_id: UserId, reason: SessionEnd) -> Vec<AccountEvent> {
    accounts.sessions.values().filter(|s| s.user_id == user_id).map(|s| AccountEvent::SessionEnded { session_id: s.id, reason }).collect()
}

/// A login ends the user's older session (`currentToken`: one session per user).
fn login_events(accounts: &Accounts, user: &Account, grant: &TokenGrant, ip: &str) -> Vec<AccountEvent> {
    let mut events = Vec::with_capacity(2);
    if let Some(old) = user.current_session {
        events.push(AccountEvent::SessionEnded { session_id: old, reason: SessionEnd::Replaced });
    }
    events.push(logged_in(user.id, accounts.next_session_id.max(1), grant, ip, false));
    events
}

fn logged_in(user_id: UserId, session_id: SessionId, grant: &TokenGrant, ip: &str, tool: bool) -> AccountEvent {
    AccountEvent::LoggedIn {
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

fn demo_login(accounts: &Accounts, password_hash: &str, play_balance_minor: i64, grant: &TokenGrant, ip: &str) -> Result<Vec<AccountEvent>, AccountReject> {
    check_amount(play_balance_minor)?;
    let user_id = accounts.next_user_id();
    // `demo{id}`, unless an account already has that name (an operator may give any valid
    // name): at most every account's name is taken, so one of these is free.
    let username = (0..=accounts.users.len())
        .map(|n| if n == 0 { format!("demo{user_id}") } else { format!("demo{user_id}_{n}") })
        .find(|name| !accounts.by_username.contains_key(name))
        .expect("fewer names are taken than there are accounts");
    Ok(vec![
        AccountEvent::AccountOpened {
            user_id,
            username,
            password_hash: password_hash.to_owned(),
            role: Role::Demo,
            must_change_password: false,
            rules_accepted: true,
        },
        AccountEvent::Credited { user_id, amount_minor: play_balance_minor, remark: "Demo play balance".into(), balance_after_minor: play_balance_minor },
        logged_in(user_id, accounts.next_session_id.max(1), grant, ip, false),
    ])
}

/// The oldest demo accounts opened before `opened_before_ms` without an open bet, each with the
/// end of its session: a demo account signs in once, so its one session is its current one.
fn retire_demo_accounts(accounts: &Accounts, opened_before_ms: i64) -> Vec<AccountEvent> {
    let due = accounts.demo_opened_ms.iter().take_while(|(_, opened_ms)| **opened_ms < opened_before_ms);
    let idle = due.filter_map(|(user_id, _)| accounts.users.get(user_id)).filter(|user| user.book_exposure.is_empty());
    let mut events = Vec::new();
    for user in idle.take(DEMO_RETIRED_PER_COMMAND_MAX) {
        if let Some(session_id) = user.current_session {
            events.push(AccountEvent::SessionEnded { session_id, reason: SessionEnd::AccountRetired });
        }
        events.push(AccountEvent::DemoRetired { user_id: user.id });
    }
    events
}

fn refresh(accounts: &Accounts, at_ms: i64, presented: &[u8; 32], grant: &TokenGrant) -> Result<Vec<AccountEvent>, AccountReject> {
    if let Some(session_id) = accounts.retired_refresh.get(presented) {
        return Err(AccountReject::RefreshReused { session_id: *session_id });
    }
    let session_id = accounts.by_refresh.get(presented).ok_or(AccountReject::SessionExpired)?;
    let session = accounts.sessions.get(session_id).ok_or(AccountReject::SessionExpired)?;
    if session.refresh_expires_ms <= at_ms {
        return Err(AccountReject::SessionExpired);
    }
    Ok(vec![AccountEvent::TokensRotated {
        session_id: *session_id,
        access: grant.access,
        refresh: grant.refresh,
        access_expires_ms: grant.access_expires_ms,
        refresh_expires_ms: grant.refresh_expires_ms,
    }])
}

fn end_session(accounts: &Accounts, session_id: SessionId, reason: SessionEnd) -> Result<Vec<AccountEvent>, AccountReject> {
    if !accounts.sessions.contains_key(&session_id) {
        return Err(AccountReject::SessionExpired);
    }
    Ok(vec![AccountEvent::SessionEnded { session_id, reason }])
}

fn check_username(accounts: &Accounts, username: &str) -> Result<(), AccountReject> {
    let chars = username.chars().count();
    let valid = (USERNAME_CHARS_MIN..=USERNAME_CHARS_MAX).contains(&chars)
        && username.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(AccountReject::InvalidUsername);
    }
    if accounts.by_username.contains_key(&username.to_lowercase()) {
        return Err(AccountReject::UsernameTaken);
    }
    Ok(())
}

fn check_buttons(group: &[(String, i64)]) -> Result<(), AccountReject> {
    if group.is_empty() || group.len() > BUTTONS_PER_GROUP_MAX {
        return Err(AccountReject::InvalidButtons("each group needs 1 to 20 buttons"));
    }
    for (label, value) in group {
        let chars = label.trim().chars().count();
        if chars == 0 || chars > BUTTON_LABEL_CHARS_MAX || !is_plain_text(label) {
            return Err(AccountReject::InvalidButtons("each label needs 1 to 20 characters"));
        }
        if !(0..=AMOUNT_MINOR_MAX).contains(value) {
            return Err(AccountReject::InvalidButtons("each value must be between 0 and 1000000000"));
        }
    }
    Ok(())
}

fn clip_ip(ip: &str) -> String {
    ip.chars().take(IP_CHARS_MAX).collect()
}
