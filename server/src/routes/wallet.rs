//! The player's wallet and bonus: deposit and withdrawal requests, their list, saved
//! withdraw accounts, coupons. Role `user` only (spec §6).

use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::clock::now_ms;
use crate::http::extract::{ok, ok_paged, AuthUser, JsonBody};
use crate::limits::PAGE_SIZE_MAX;
use crate::services::wallet::{account_view, parse_withdraw_kind, request_view, RequestFilter, RequestQuery};
use actix_web::{web, HttpResponse};
use ledger::wallet::{WalletCommand, WalletEvent};
use ledger::{Command, Committed, Event};
use schemas::wallet::{DepositRequestBody, SaveAccountBody, WithdrawRequestBody};
use schemas::Role;
use serde::Deserialize;

fn wallet_user(user: &AuthUser) -> ApiResult<()> {
    user.require(&[Role::User])
}

/// The request a command created, as the lists show it.
fn created_request(state: &AppState, committed: &Committed) -> ApiResult<HttpResponse> {
    let id = committed.events.iter().find_map(|e| match &e.event {
        Event::Wallet(WalletEvent::DepositRequested { request_id, .. } | WalletEvent::WithdrawalRequested { request_id, .. }) => Some(*request_id),
        _ => None,
    });
    let id = id.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("wallet request committed without its event")))?;
    let ledger = state.engine.read();
    let view = request_view(&ledger, &ledger.wallet.requests[&id]);
    let message = if view.kind == "deposit" { "Deposit request submitted" } else { "Withdraw request submitted" };
    Ok(ok(message, view))
}

#[utoipa::path(get, path = "/api/wallet/deposit-methods", tag = "wallet", responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::wallet::DepositMethod>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "get_deposit_methods", skip_all)]
pub async fn get_deposit_methods(user: AuthUser) -> ApiResult<HttpResponse> {
    wallet_user(&user)?;
    Ok(ok("Success", crate::services::wallet::deposit_methods()))
}

#[utoipa::path(post, path = "/api/wallet/deposit", tag = "wallet", request_body = schemas::wallet::DepositRequestBody, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::WalletRequest>)), security(("bearer" = [])))]
#[tracing::instrument(name = "request_deposit", skip_all)]
pub async fn request_deposit(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<DepositRequestBody>) -> ApiResult<HttpResponse> {
    wallet_user(&user)?;
    let command = WalletCommand::RequestDeposit { user_id: user.user_id, amount_minor: body.amount.minor(), method: body.method, reference: body.reference.unwrap_or_default() };
    let committed = state.engine.submit(now_ms(), Command::Wallet(command)).await?;
    created_request(&state, &committed)
}

#[utoipa::path(post, path = "/api/wallet/withdraw", tag = "wallet", request_body = schemas::wallet::WithdrawRequestBody, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::WalletRequest>)), security(("bearer" = [])))]
#[tracing::instrument(name = "request_withdrawal", skip_all)]
pub async fn request_withdrawal(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<WithdrawRequestBody>) -> ApiResult<HttpResponse> {
    wallet_user(&user)?;
    let kind = parse_withdraw_kind(&body.kind, "type")?;
    let command = WalletCommand::RequestWithdrawal { user_id: user.user_id, amount_minor: body.amount.minor(), kind, account_id: body.account_id };
    let committed = state.engine.submit(now_ms(), Command::Wallet(command)).await?;
    created_request(&state, &committed)
}

/// The caller's requests, newest first, filtered and paged on the server.
#[utoipa::path(get, path = "/api/wallet/requests", tag = "wallet", params(crate::services::wallet::RequestQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::wallet::WalletRequest>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "get_wallet_requests", skip_all)]
pub async fn get_wallet_requests(state: web::Data<AppState>, user: AuthUser, query: web::Query<RequestQuery>) -> ApiResult<HttpResponse> {
    wallet_user(&user)?;
    let filter = RequestFilter::parse(&query, 10, PAGE_SIZE_MAX)?;
    let ledger = state.engine.read();
    // Open and decided alike, from the history (the state keeps the open ones only).
    let requests = state.history.at(ledger.head_seq)?.user_wallet_requests(user.user_id)?;
    let (rows, total) = filter.page(&ledger, requests.iter().rev());
    Ok(ok_paged(rows, total))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AccountsQuery {
    #[serde(default, rename = "type")]
    kind: String,
}

#[utoipa::path(get, path = "/api/wallet/accounts", tag = "wallet", params(AccountsQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::wallet::WithdrawAccount>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "get_withdraw_accounts", skip_all)]
pub async fn get_withdraw_accounts(state: web::Data<AppState>, user: AuthUser, query: web::Query<AccountsQuery>) -> ApiResult<HttpResponse> {
    wallet_user(&user)?;
    let kind = if query.kind.trim().is_empty() { None } else { Some(parse_withdraw_kind(&query.kind, "type")?) };
    let ledger = state.engine.read();
    let accounts: Vec<_> = ledger.wallet.user_accounts(user.user_id).filter(|a| kind.is_none_or(|k| a.kind == k)).map(account_view).collect();
    Ok(ok("Success", accounts))
}

#[utoipa::path(post, path = "/api/wallet/accounts", tag = "wallet", request_body = schemas::wallet::SaveAccountBody, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::WithdrawAccount>)), security(("bearer" = [])))]
#[tracing::instrument(name = "save_withdraw_account", skip_all)]
pub async fn save_withdraw_account(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<SaveAccountBody>) -> ApiResult<HttpResponse> {
    wallet_user(&user)?;
    let kind = parse_withdraw_kind(&body.kind, "type")?;
    let command = WalletCommand::SaveAccount { user_id: user.user_id, name: body.name, bank: body.bank, number: body.number, ifsc: body.ifsc.unwrap_or_default(), kind };
    let committed = state.engine.submit(now_ms(), Command::Wallet(command)).await?;
    let id = committed.events.iter().find_map(|e| match &e.event {
        Event::Wallet(WalletEvent::AccountSaved { account_id, .. }) => Some(*account_id),
        _ => None,
    });
    let id = id.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("account saved without its event")))?;
    let ledger = state.engine.read();
    Ok(ok("Account saved", account_view(&ledger.wallet.accounts[&id])))
}

#[utoipa::path(get, path = "/api/bonus", tag = "wallet", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::Bonus>)), security(("bearer" = [])))]
#[tracing::instrument(name = "get_bonus", skip_all)]
pub async fn get_bonus(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    wallet_user(&user)?;
    Ok(ok("Success", crate::services::wallet::bonus(&state.engine.read(), user.user_id, now_ms())))
}
