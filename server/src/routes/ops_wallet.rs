//! Operator calls of the wallet and bonus, under `/api/ops` (role operator only).

use crate::http::state::AppState;
use crate::http::error::ApiResult;
use crate::http::extract::{ok, ok_paged, optional_json, AuthUser, JsonBody};
use crate::services::wallet::{self, Decision, RequestQuery};
use actix_web::{web, HttpResponse};
use schemas::wallet::{DecisionBody, GrantCouponBody};
use schemas::Role;
use serde::Deserialize;

#[utoipa::path(get, path = "/api/ops/wallet/requests", tag = "ops", params(crate::services::wallet::RequestQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::wallet::WalletRequest>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_list_wallet_requests", skip_all)]
pub async fn ops_list_wallet_requests(state: web::Data<AppState>, user: AuthUser, query: web::Query<RequestQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (rows, total) = wallet::list_requests(&state.engine, &state.history, &query)?;
    Ok(ok_paged(rows, total))
}

async fn decide(state: &AppState, user: &AuthUser, id: u64, body: &[u8], decision: Decision, message: &str) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let body = optional_json::<DecisionBody>(body)?;
    Ok(ok(message, wallet::decide_request(&state.engine, &state.history, id, decision, body.remark).await?))
}

#[utoipa::path(post, path = "/api/ops/wallet/requests/{id}/process", tag = "ops", request_body = Option<schemas::wallet::DecisionBody>, params(("id" = u64, Path)), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::WalletRequest>)), security(("bearer" = [])))]
#[tracing::instrument(name = "process_wallet_request", skip_all)]
pub async fn process_wallet_request(state: web::Data<AppState>, user: AuthUser, id: web::Path<u64>, body: web::Bytes) -> ApiResult<HttpResponse> {
    decide(&state, &user, id.into_inner(), &body, Decision::Process, "Request is In-Process").await
}

#[utoipa::path(post, path = "/api/ops/wallet/requests/{id}/approve", tag = "ops", request_body = Option<schemas::wallet::DecisionBody>, params(("id" = u64, Path)), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::WalletRequest>)), security(("bearer" = [])))]
#[tracing::instrument(name = "approve_wallet_request", skip_all)]
pub async fn approve_wallet_request(state: web::Data<AppState>, user: AuthUser, id: web::Path<u64>, body: web::Bytes) -> ApiResult<HttpResponse> {
    decide(&state, &user, id.into_inner(), &body, Decision::Approve, "Request approved").await
}

#[utoipa::path(post, path = "/api/ops/wallet/requests/{id}/reject", tag = "ops", request_body = Option<schemas::wallet::DecisionBody>, params(("id" = u64, Path)), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::WalletRequest>)), security(("bearer" = [])))]
#[tracing::instrument(name = "reject_wallet_request", skip_all)]
pub async fn reject_wallet_request(state: web::Data<AppState>, user: AuthUser, id: web::Path<u64>, body: web::Bytes) -> ApiResult<HttpResponse> {
    decide(&state, &user, id.into_inner(), &body, Decision::Reject, "Request rejected").await
}

#[utoipa::path(post, path = "/api/ops/bonus/coupons", tag = "ops", request_body = schemas::wallet::GrantCouponBody, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::Coupon>)), security(("bearer" = [])))]
#[tracing::instrument(name = "grant_coupon", skip_all)]
pub async fn grant_coupon(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<GrantCouponBody>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Coupon granted", wallet::grant_coupon(&state.engine, body).await?))
}

#[utoipa::path(post, path = "/api/ops/bonus/coupons/{id}/activate", tag = "ops", params(("id" = u64, Path)), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::wallet::Coupon>)), security(("bearer" = [])))]
#[tracing::instrument(name = "activate_coupon", skip_all)]
pub async fn activate_coupon(state: web::Data<AppState>, user: AuthUser, id: web::Path<u64>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Coupon activated", wallet::activate_coupon(&state.engine, id.into_inner()).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CouponsQuery {
    #[serde(default)]
    username: String,
}

#[utoipa::path(get, path = "/api/ops/bonus/coupons", tag = "ops", params(CouponsQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::wallet::Coupon>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_list_coupons", skip_all)]
pub async fn ops_list_coupons(state: web::Data<AppState>, user: AuthUser, query: web::Query<CouponsQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Success", wallet::list_coupons(&state.engine, &query.username)?))
}
