//! Operator calls under `/api/ops` (role operator only).

use crate::app_state::AppState;
use crate::error::ApiResult;
use crate::extract::{ok, AuthUser, JsonBody};
use crate::operations::{self, Direction};
use actix_web::{web, HttpResponse};
use schemas::{CreateUserRequest, MoneyRequest, Role};
use serde::Deserialize;

#[tracing::instrument(name = "create_user", skip_all)]
pub async fn create_user(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<CreateUserRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("User created", operations::create_user(&state.engine, body).await?))
}

#[tracing::instrument(name = "credit", skip_all)]
pub async fn credit(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<MoneyRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Credited", operations::move_money(&state.engine, user.user_id, body, Direction::Credit).await?))
}

#[tracing::instrument(name = "debit", skip_all)]
pub async fn debit(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<MoneyRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Debited", operations::move_money(&state.engine, user.user_id, body, Direction::Debit).await?))
}

#[tracing::instrument(name = "audit_verify", skip_all)]
pub async fn audit_verify(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let report = operations::verify(&state.engine).await?;
    let passed = report.passed();
    let mut envelope = schemas::Envelope::ok(if passed { "All invariants hold" } else { "An invariant failed" }, report);
    envelope.success = passed;
    Ok(HttpResponse::Ok().json(envelope))
}

#[derive(Debug, Deserialize)]
pub struct StateQuery {
    seq: Option<u64>,
    username: Option<String>,
}

#[tracing::instrument(name = "audit_state", skip_all)]
pub async fn audit_state(state: web::Data<AppState>, user: AuthUser, query: web::Query<StateQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let query = query.into_inner();
    Ok(ok("Success", operations::state_at(&state.engine, query.seq, query.username).await?))
}

fn feed(state: &AppState) -> ApiResult<&crate::sports::feed::FeedHandle> {
    state.feed.as_ref().ok_or_else(|| crate::error::ApiError::NotFound("No feed runs in this server".into()))
}

/// Testers' scripted scenarios: fold these feed events as if the feed had sent them.
#[tracing::instrument(name = "inject_feed_events", skip_all)]
pub async fn inject_feed_events(state: web::Data<AppState>, user: AuthUser, JsonBody(events): JsonBody<Vec<schemas::sports::FeedEvent>>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    if events.len() > crate::limits::FEED_EVENTS_PER_REQUEST_MAX {
        return Err(crate::error::ApiError::bad("at most 1000 events per request"));
    }
    crate::sports::feed_check::check_events(&events).map_err(crate::error::ApiError::BadRequest)?;
    let count = events.len();
    feed(&state)?.inject(events).await?;
    Ok(ok("Events applied", serde_json::json!({ "events": count })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinishRequest {
    gmid: u64,
    winner: String,
}

/// Ends a simulated fixture now with the given winner; every market settles.
#[tracing::instrument(name = "finish_fixture", skip_all)]
pub async fn finish_fixture(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<FinishRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    if !matches!(body.winner.as_str(), "home" | "away" | "draw") {
        return Err(crate::error::ApiError::bad("winner: must be home, away or draw"));
    }
    feed(&state)?.finish(body.gmid, body.winner).await?;
    Ok(ok("Fixture finished", serde_json::json!({ "gmid": body.gmid })))
}
