//! Operator actions, shared by the `/api/ops` routes and the `exchange` command's `--data` mode.

use ledger::{AccountCommand, AccountEvent, OperatorCommand};
use crate::http::error::{ApiError, ApiResult};
use crate::clock::now_ms;
use crate::auth::password_policy::check_new_password;
use crate::http::timefmt::rfc3339;
use crate::services::views::{open_bets, settlement_row, user_view};
use ledger::{DealingAction, AccountAction, Command, EngineHandle, Snapshots, State, UserId};
use crate::casino::catalog;
use crate::audit_calls::AuditCalls;
use schemas::ops::{OpsActionRow, OpsDayPnl, OpsHouse, OpsOpenMarket, OpsSession, OpsTable, OpsTableExposure, OpsUserDetail, OpsUserRow};
use schemas::{ActivityRow, AuditReport, AuditState, CreateUserRequest, Money, MoneyRequest, MoneyResponse, User};
use std::sync::Arc;

pub async fn create_user(engine: &EngineHandle, request: CreateUserRequest) -> ApiResult<User> {
    check_new_password(&request.password, &request.username, None).map_err(|weak| ApiError::bad(format!("password: {weak}")))?;
    let password_hash = crate::auth::passwords::hash(request.password).await?;
    let command = Command::Accounts(AccountCommand::OpenAccount {
        username: request.username.trim().to_owned(),
        password_hash,
        role: request.role,
        must_change_password: request.must_change_password,
        rules_accepted: false,
    });
    let committed = engine.submit(now_ms(), command).await?;
    let user_id = match committed.events.first().map(|e| &e.event) {
        Some(ledger::Event::Accounts(AccountEvent::AccountOpened { user_id, .. })) => *user_id,
        _ => return Err(ApiError::Unexpected(anyhow::anyhow!("account opened without an AccountOpened event"))),
    };
    Ok(user_view(engine.read().accounts.users.get(&user_id).ok_or_else(crate::http::error::unknown_user)?))
}

#[derive(Clone, Copy)]
pub enum Direction {
    Credit,
    Debit,
}

/// Operator `by` credits or debits an account (recorded with the remark).
pub async fn move_money(engine: &EngineHandle, by: UserId, request: MoneyRequest, direction: Direction) -> ApiResult<MoneyResponse> {
    let (username, amount_minor, remark) = (request.username.trim().to_owned(), request.amount.minor(), request.remark);
    let action = match direction {
        Direction::Credit => AccountAction::Credit { amount_minor },
        Direction::Debit => AccountAction::Debit { amount_minor },
    };
    let command = Command::Oversight(OperatorCommand::Operator { by, username: username.clone(), action, remark });
    let committed = engine.submit(now_ms(), command).await?;
    let seq = committed.last_seq().unwrap_or_default();
    let ledger = engine.read();
    let balance = ledger.accounts.user_by_name(&username).map_or(0, |u| u.balance_minor);
    Ok(MoneyResponse { balance: Money(balance), seq })
}

/// Checks the invariants over the whole log against the live state, in one of the audit's places.
pub async fn verify(engine: &EngineHandle, audit: &AuditCalls) -> ApiResult<AuditReport> {
    let place = audit.enter().await?;
    // The live state is copied only once a place is held: the copy is as large as a replay.
    let live = engine.read().clone();
    let store = engine.store().clone();
    place.run(move || ledger::audit::verify(store.as_ref(), Some(&live))).await?.map_err(|e| ApiError::Unexpected(e.into()))
}

/// Every account's (or one's) balance and exposure after event `seq`, folded from the newest of
/// `snapshots` at or before it (or from zero).
pub async fn state_at(engine: &EngineHandle, audit: &AuditCalls, snapshots: &Arc<Snapshots>, seq: Option<u64>, username: Option<String>) -> ApiResult<AuditState> {
    let head = engine.read().head_seq;
    let seq = seq.unwrap_or(head);
    if seq > head {
        return Err(ApiError::bad(format!("seq: must be at most the head of the log ({head})")));
    }
    if let Some(name) = &username {
        if engine.read().accounts.user_by_name(name).is_none() {
            return Err(ApiError::not_found(format!("Unknown user '{name}'")));
        }
    }
    let place = audit.enter().await?;
    let (store, snapshots) = (engine.store().clone(), snapshots.clone());
    let found = place.run(move || snapshots.state_at(store.as_ref(), seq, i64::MAX).map(|(state, _)| ledger::audit::audit_state(&state, username.as_deref())));
    found.await?.map_err(|e| ApiError::Unexpected(e.into()))
}

/// The reset of `username`'s password to `password`, once it meets the password policy.
pub async fn password_reset(username: &str, password: String) -> ApiResult<AccountAction> {
    check_new_password(&password, username.trim(), None).map_err(|weak| ApiError::bad(format!("password: {weak}")))?;
    Ok(AccountAction::ResetPassword { password_hash: crate::auth::passwords::hash(password).await? })
}

/// Operator `by` acts on `username`'s account; the remark says why. The account as it now is.
pub async fn act_on_account(engine: &EngineHandle, by: UserId, username: &str, action: AccountAction, remark: String) -> ApiResult<OpsUserRow> {
    engine.submit(now_ms(), Command::Oversight(OperatorCommand::Operator { by, username: username.trim().to_owned(), action, remark })).await?;
    let ledger = engine.read();
    Ok(user_row(&ledger, account(&ledger, username)?))
}

/// Settled markets and rounds a user's page lists (newest first).
const SETTLED_ROWS_MAX: usize = 100;

pub fn account<'a>(state: &'a State, username: &str) -> ApiResult<&'a ledger::Account> {
    state.accounts.user_by_name(username.trim()).ok_or_else(|| ApiError::not_found(format!("Unknown user '{}'", username.trim())))
}

pub fn user_row(state: &State, account: &ledger::Account) -> OpsUserRow {
    OpsUserRow {
        username: account.username.clone(),
        role: account.role,
        balance: Money(account.balance_minor),
        exposure: Money(account.exposure_minor),
        betting_locked: account.betting_locked,
        must_change_password: account.must_change_password,
        sessions: state.accounts.sessions.values().filter(|s| s.user_id == account.id).count() as u32,
    }
}

/// Everything about one account, newest first: bets, statements, wallet requests, sessions,
/// logins and what operators did; its rows from `history`, which reaches at least `ledger`.
pub fn user_detail(ledger: &State, history: &ledger::history::History, username: &str) -> ApiResult<OpsUserDetail> {
    let account = account(ledger, username)?;
    let settlements = history.latest_settlements(account.id, SETTLED_ROWS_MAX)?;
    let wallet_requests: Vec<_> = history.user_wallet_requests(account.id)?.iter().rev().map(|r| crate::services::wallet::request_view(ledger, r)).collect();
    Ok(OpsUserDetail {
        user: user_row(ledger, account),
        open_bets: open_bets(ledger, account.id, None),
        settled: settlements.iter().filter_map(|settlement| settlement_row(ledger, history, settlement, crate::limits::STATEMENT_ROW_BETS_MAX)).collect(),
        account_rows: crate::services::history::account_rows(history, account.id)?,
        wallet_requests,
        sessions: ledger
            .accounts.sessions
            .values()
            .filter(|s| s.user_id == account.id)
            .map(|s| OpsSession { id: s.id, current: account.current_session == Some(s.id), expires_at: rfc3339(s.refresh_expires_ms) })
            .collect(),
        activity: crate::services::history::activity(history, account.id)?
            .iter()
            .map(|a| ActivityRow { username: account.username.clone(), created_at: rfc3339(a.at_ms), ip: a.ip.clone(), kind: a.kind.label().into() })
            .collect(),
        actions: crate::services::history::actions(history, account.id)?
            .into_iter()
            .filter_map(|row| match row {
                ledger::history::Row::Action { seq, at_ms, by, action, remark } => {
                    let by = ledger.accounts.users.get(&by).map(|operator| operator.username.clone()).unwrap_or_default();
                    Some(OpsActionRow { seq, created_at: rfc3339(at_ms), by, action, remark })
                }
                _ => None,
            })
            .collect(),
    })
}

/// The operator account named `username`, for a tool acting on the data directory as them.
pub fn operator_id(engine: &EngineHandle, username: &str) -> ApiResult<UserId> {
    let ledger = engine.read();
    let operator = ledger
        .accounts.user_by_name(username.trim())
        .ok_or_else(|| ApiError::not_found(format!("Unknown user '{}': the tool acts as the operator --operator names, and this ledger has no such account", username.trim())))?;
    if operator.role != schemas::Role::Operator {
        return Err(ApiError::forbidden(format!("'{username}' is not an operator")));
    }
    Ok(operator.id)
}

fn table_view(ledger: &State, table: &catalog::TableInfo) -> OpsTable {
    let round = ledger.casino.tables.get(table.gtype);
    OpsTable {
        gtype: table.gtype.to_owned(),
        name: table.name.to_owned(),
        cid: table.number,
        locked: ledger.casino.locked_tables.contains(&table.number),
        mid: round.map(|r| r.mid.clone()),
        betting: round.is_some_and(|r| r.betting),
        paused: ledger.casino.paused_tables.contains(table.gtype),
    }
}

/// Every casino table with its open round and lock.
pub fn tables(ledger: &State) -> Vec<OpsTable> {
    catalog::tables().iter().map(|t| table_view(ledger, t)).collect()
}

/// Operator `by` locks or unlocks the table; the table as it now is.
pub async fn set_table_lock(engine: &EngineHandle, by: UserId, gtype: &str, locked: bool, remark: String) -> ApiResult<OpsTable> {
    let table = catalog::table(gtype.trim()).ok_or_else(|| ApiError::not_found(format!("Unknown table '{}'", gtype.trim())))?;
    engine.submit(now_ms(), Command::Oversight(OperatorCommand::OperatorTable { by, table: table.number, locked, remark })).await?;
    Ok(table_view(&engine.read(), &table))
}

/// Operator `by` pauses or resumes a table's dealing (`pause`, `resume`) or voids its current
/// round (`void`); the table as it now is, and the round voided.
pub async fn act_on_dealing(engine: &EngineHandle, by: UserId, gtype: &str, action: &str, remark: String) -> ApiResult<(OpsTable, Option<String>)> {
    let table = catalog::table(gtype.trim()).ok_or_else(|| ApiError::not_found(format!("Unknown table '{}'", gtype.trim())))?;
    let action = match action {
        "pause" => DealingAction::Pause,
        "resume" => DealingAction::Resume,
        "void" => {
            let round = engine.read().casino.tables.get(table.gtype).map(|r| r.mid.clone());
            DealingAction::VoidRound { mid: round.ok_or_else(|| ApiError::conflict("The table has no round open: its last round is already resulted".into()))? }
        }
        _ => return Err(ApiError::not_found(format!("Unknown action '{action}'"))),
    };
    act_on_dealing_with(engine, by, table.gtype, action, remark).await
}

/// Records `action` on table `gtype`'s dealing: the table as it now is, and the round voided.
pub async fn act_on_dealing_with(engine: &EngineHandle, by: UserId, gtype: &str, action: DealingAction, remark: String) -> ApiResult<(OpsTable, Option<String>)> {
    let table = catalog::table(gtype.trim()).ok_or_else(|| ApiError::not_found(format!("Unknown table '{}'", gtype.trim())))?;
    let voided = match &action {
        DealingAction::VoidRound { mid } => Some(mid.clone()),
        DealingAction::Pause | DealingAction::Resume | DealingAction::Stack { .. } => None,
    };
    engine.submit(now_ms(), Command::Oversight(OperatorCommand::OperatorDealing { by, gtype: table.gtype.to_owned(), action, remark })).await?;
    Ok((table_view(&engine.read(), &table), voided))
}

/// How many days of settled P/L the house figures can cover.
pub const HOUSE_DAYS_MAX: u32 = 366;

/// The house's figures now, with the settled P/L of the last `days` days.
pub fn house(ledger: &State, days: u32) -> OpsHouse {
    let figures = ledger::house::figures(ledger, now_ms(), days);
    let (casino, sports): (Vec<_>, Vec<_>) = figures.open.into_iter().partition(|m| m.casino);
    let mut tables: Vec<OpsTableExposure> = Vec::new();
    for round in casino {
        match tables.iter_mut().find(|t| t.gtype == round.gtype) {
            Some(table) => {
                table.bets += round.bets;
                table.stake = Money(table.stake.0 + round.stake_minor);
                table.exposure = Money(table.exposure.0 + round.exposure_minor);
            }
            None => tables.push(OpsTableExposure {
                name: catalog::table(&round.gtype).map_or_else(|| round.event_name.clone(), |t| t.name.to_owned()),
                gtype: round.gtype,
                bets: round.bets,
                stake: Money(round.stake_minor),
                exposure: Money(round.exposure_minor),
            }),
        }
    }
    tables.sort_by_key(|t| std::cmp::Reverse(t.exposure.0));
    OpsHouse {
        turnover: Money(figures.turnover_minor),
        turnover_today: Money(figures.turnover_today_minor),
        bets: figures.bets,
        exposure: Money(figures.exposure_minor),
        markets: sports
            .into_iter()
            .map(|m| OpsOpenMarket { gmid: m.gmid, mid: m.mid, casino: false, event_name: m.event_name, market_name: m.market_name, gtype: m.gtype, bets: m.bets, stake: Money(m.stake_minor), exposure: Money(m.exposure_minor) })
            .collect(),
        tables,
        pnl_by_day: figures
            .pnl_by_day
            .into_iter()
            .zip(figures.commission_by_day)
            .map(|((day, pnl), (_, commission))| OpsDayPnl { day: rfc3339(day)[..10].to_owned(), pnl: Money(pnl), commission: Money(commission) })
            .collect(),
    }
}
