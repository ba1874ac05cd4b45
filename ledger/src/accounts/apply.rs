//! `apply` for accounts and sessions: folds one of their events into their state. Pure.

use crate::accounts::messages::AccountEvent;
use crate::accounts::model::{Account, Accounts, Buttons, Session};
use crate::ids::{SessionId, UserId};
use schemas::Role;
use std::collections::BTreeMap;

pub fn apply(accounts: &mut Accounts, at_ms: i64, event: &AccountEvent) {
    match event {
        AccountEvent::AccountOpened { user_id, username, password_hash, role, must_change_password, rules_accepted } => {
            accounts.by_username.insert(username.to_lowercase(), *user_id);
            accounts.user_id_max = accounts.user_id_max.max(*user_id);
            if *role == Role::Demo {
                accounts.demo_opened_ms.insert(*user_id, at_ms);
            }
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
                book_exposure: BTreeMap::new(),
                book_pnl: BTreeMap::new(),
                book_win_max: BTreeMap::new(),
                betting_locked: false,
            };
            accounts.users.insert(*user_id, account);
        }
        AccountEvent::PasswordChanged { user_id, password_hash, .. } => {
            let user = accounts.account_mut(*user_id);
            user.password_hash = password_hash.clone();
            user.must_change_password = false;
        }
        AccountEvent::RulesAccepted { user_id } => accounts.account_mut(*user_id).rules_accepted = true,
        AccountEvent::ButtonsSet { user_id, game, casino } => {
            accounts.account_mut(*user_id).buttons = Some(Buttons { game: game.clone(), casino: casino.clone() });
        }
        AccountEvent::LoggedIn { user_id, session_id, access, refresh, access_expires_ms, refresh_expires_ms, tool, .. } => {
            let session = Session {
                id: *session_id,
                user_id: *user_id,
                access: *access,
                refresh: *refresh,
                access_expires_ms: *access_expires_ms,
                refresh_expires_ms: *refresh_expires_ms,
                retired: Vec::new(),
            };
            accounts.by_access.insert(*access, *session_id);
            accounts.by_refresh.insert(*refresh, *session_id);
            accounts.session_expiry.insert((*refresh_expires_ms, *session_id));
            accounts.sessions.insert(*session_id, session);
            accounts.next_session_id = accounts.next_session_id.max(*session_id + 1);
            let user = accounts.account_mut(*user_id);
            if !tool {
                user.current_session = Some(*session_id);
            }
        }
        AccountEvent::TokensRotated { session_id, access, refresh, access_expires_ms, refresh_expires_ms } => {
            let session = accounts.sessions.get_mut(session_id).expect("decide rotates live sessions only");
            let (old_access, old_refresh, old_expires_ms) = (session.access, session.refresh, session.refresh_expires_ms);
            session.access = *access;
            session.refresh = *refresh;
            session.access_expires_ms = *access_expires_ms;
            session.refresh_expires_ms = *refresh_expires_ms;
            session.retired.push((old_refresh, old_expires_ms));
            // A retired token past its own expiry could not be used anyway: it is forgotten.
            let expired = session.retired.iter().take_while(|(_, expires_ms)| *expires_ms <= at_ms).count();
            for (token, _) in session.retired.drain(..expired) {
                accounts.retired_refresh.remove(&token);
            }
            accounts.by_access.remove(&old_access);
            accounts.by_refresh.remove(&old_refresh);
            accounts.retired_refresh.insert(old_refresh, *session_id);
            accounts.by_access.insert(*access, *session_id);
            accounts.by_refresh.insert(*refresh, *session_id);
            accounts.session_expiry.remove(&(old_expires_ms, *session_id));
            accounts.session_expiry.insert((*refresh_expires_ms, *session_id));
        }
        AccountEvent::SessionEnded { session_id, .. } => end_session(accounts, *session_id),
        // Their statement rows are history (`crate::history`), out of the state.
        AccountEvent::Credited { user_id, balance_after_minor, .. } | AccountEvent::Debited { user_id, balance_after_minor, .. } => {
            accounts.account_mut(*user_id).balance_minor = *balance_after_minor;
        }
        AccountEvent::DemoRetired { user_id } => retire(accounts, *user_id),
    }
}

/// A demo account leaves the state, with the session it may still have.
fn retire(accounts: &mut Accounts, user_id: UserId) {
    accounts.demo_opened_ms.remove(&user_id);
    let Some(user) = accounts.users.remove(&user_id) else { return };
    accounts.by_username.remove(&user.username.to_lowercase());
    if let Some(session_id) = user.current_session {
        end_session(accounts, session_id);
    }
}

/// Ends the sessions whose refresh token has expired by `at_ms`, the time of the event being
/// folded: no later command could use them (`decide` refuses an expired token), and a session
/// that is never signed out must not stay in the state for good. Every event folds this, so
/// replay ends them where the live state did.
pub fn expire_sessions(accounts: &mut Accounts, at_ms: i64) {
    while let Some(&(expires_ms, session_id)) = accounts.session_expiry.first() {
        if expires_ms > at_ms {
            return;
        }
        end_session(accounts, session_id);
    }
}

fn end_session(accounts: &mut Accounts, session_id: SessionId) {
    let Some(session) = accounts.sessions.remove(&session_id) else { return };
    accounts.session_expiry.remove(&(session.refresh_expires_ms, session_id));
    accounts.by_access.remove(&session.access);
    accounts.by_refresh.remove(&session.refresh);
    for (token, _) in &session.retired {
        accounts.retired_refresh.remove(token);
    }
    if let Some(user) = accounts.users.get_mut(&session.user_id) {
        if user.current_session == Some(session_id) {
            user.current_session = None;
        }
    }
}
