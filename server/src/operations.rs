//! Operator actions, shared by the `/api/ops` routes and the `exchange` command's `--data` mode.

use crate::error::{ApiError, ApiResult};
use crate::clock::now_ms;
use crate::password_policy::check_new_password;
use crate::views::user_view;
use ledger::{AccountAction, Command, EngineHandle, UserId};
use schemas::{AuditReport, AuditState, CreateUserRequest, Money, MoneyRequest, MoneyResponse, User};

pub async fn create_user(engine: &EngineHandle, request: CreateUserRequest) -> ApiResult<User> {
    check_new_password(&request.password, &request.username, None).map_err(|weak| ApiError::bad(format!("password: {weak}")))?;
    let password_hash = crate::passwords::hash(request.password).await?;
    let command = Command::OpenAccount {
        username: request.username.trim().to_owned(),
        password_hash,
        role: request.role,
        must_change_password: request.must_change_password,
        rules_accepted: false,
    };
    let committed = engine.submit(now_ms(), command).await?;
    let user_id = match committed.events.first().map(|e| &e.event) {
        Some(ledger::Event::AccountOpened { user_id, .. }) => *user_id,
        _ => return Err(ApiError::Unexpected(anyhow::anyhow!("account opened without an AccountOpened event"))),
    };
    Ok(user_view(engine.read().users.get(&user_id).ok_or_else(crate::error::unknown_user)?))
}

#[derive(Clone, Copy)]
pub enum Direction {
    Credit,
    Debit,
}

/// Credits or debits an account. `by`: the operator who does it (recorded with the remark);
/// `None` for a tool working on the data directory itself.
pub async fn move_money(engine: &EngineHandle, by: Option<UserId>, request: MoneyRequest, direction: Direction) -> ApiResult<MoneyResponse> {
    let (username, amount_minor, remark) = (request.username.trim().to_owned(), request.amount.minor(), request.remark);
    let command = match (by, direction) {
        (Some(by), Direction::Credit) => Command::Operator { by, username: username.clone(), action: AccountAction::Credit { amount_minor }, remark },
        (Some(by), Direction::Debit) => Command::Operator { by, username: username.clone(), action: AccountAction::Debit { amount_minor }, remark },
        (None, Direction::Credit) => Command::Credit { username: username.clone(), amount_minor, remark },
        (None, Direction::Debit) => Command::Debit { username: username.clone(), amount_minor, remark },
    };
    let committed = engine.submit(now_ms(), command).await?;
    let seq = committed.last_seq().unwrap_or_default();
    let ledger = engine.read();
    let balance = ledger.user_by_name(&username).map_or(0, |u| u.balance_minor);
    Ok(MoneyResponse { balance: Money(balance), seq })
}

/// Checks the invariants over the whole log against the live state, off the async workers.
pub async fn verify(engine: &EngineHandle) -> ApiResult<AuditReport> {
    let live = engine.read().clone();
    let store = engine.store().clone();
    let report = tokio::task::spawn_blocking(move || ledger::audit::verify(store.as_ref(), Some(&live)))
        .await
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("audit task: {e}")))?
        .map_err(|e| ApiError::Unexpected(e.into()))?;
    Ok(report)
}

pub async fn state_at(engine: &EngineHandle, seq: Option<u64>, username: Option<String>) -> ApiResult<AuditState> {
    let head = engine.read().head_seq;
    let seq = seq.unwrap_or(head);
    if seq > head {
        return Err(ApiError::bad(format!("seq: must be at most the head of the log ({head})")));
    }
    if let Some(name) = &username {
        if engine.read().user_by_name(name).is_none() {
            return Err(ApiError::NotFound(format!("Unknown user '{name}'")));
        }
    }
    let store = engine.store().clone();
    tokio::task::spawn_blocking(move || ledger::audit::state_at(store.as_ref(), seq, username.as_deref()))
        .await
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("audit task: {e}")))?
        .map_err(|e| ApiError::Unexpected(e.into()))
}

/// Operator `by` acts on `username`'s account; the remark says why.
pub async fn act_on_account(engine: &EngineHandle, by: UserId, username: &str, action: AccountAction, remark: String) -> ApiResult<()> {
    engine.submit(now_ms(), Command::Operator { by, username: username.trim().to_owned(), action, remark }).await?;
    Ok(())
}

/// A user's balance and exposure after each event that moved either, read off the async workers.
pub async fn money_timeline(engine: &EngineHandle, user_id: UserId) -> ApiResult<Vec<ledger::audit::MoneyPoint>> {
    let store = engine.store().clone();
    tokio::task::spawn_blocking(move || ledger::audit::money_timeline(store.as_ref(), user_id))
        .await
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("timeline task: {e}")))?
        .map_err(|e| ApiError::Unexpected(e.into()))
}
