//! Operator calls under `/api/ops` (role operator only).

use crate::http::state::AppState;
use crate::http::error::ApiResult;
use crate::http::extract::{ok, AuthUser, JsonBody};
use crate::services::operations::{self, Direction};
use actix_web::{web, HttpResponse};
use schemas::{CreateUserRequest, MoneyRequest, Role};
use serde::Deserialize;

#[utoipa::path(post, path = "/api/ops/users", tag = "ops", request_body = schemas::CreateUserRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::User>)), security(("bearer" = [])))]
#[tracing::instrument(name = "create_user", skip_all)]
pub async fn create_user(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<CreateUserRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("User created", operations::create_user(&state.engine, body).await?))
}

#[utoipa::path(post, path = "/api/ops/credit", tag = "ops", request_body = schemas::MoneyRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::MoneyResponse>)), security(("bearer" = [])))]
#[tracing::instrument(name = "credit", skip_all)]
pub async fn credit(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<MoneyRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Credited", operations::move_money(&state.engine, user.user_id, body, Direction::Credit).await?))
}

#[utoipa::path(post, path = "/api/ops/debit", tag = "ops", request_body = schemas::MoneyRequest, responses((status = 200, description = "Success", body = schemas::Envelope<schemas::MoneyResponse>)), security(("bearer" = [])))]
#[tracing::instrument(name = "debit", skip_all)]
pub async fn debit(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<MoneyRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Debited", operations::move_money(&state.engine, user.user_id, body, Direction::Debit).await?))
}

#[utoipa::path(get, path = "/api/ops/audit/verify", tag = "ops", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::AuditReport>)), security(("bearer" = [])))]
#[tracing::instrument(name = "audit_verify", skip_all)]
pub async fn audit_verify(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let report = operations::verify(&state.engine, &state.audit_calls).await?;
    let passed = report.passed();
    let mut envelope = schemas::Envelope::ok(if passed { "All invariants hold" } else { "An invariant failed" }, report);
    envelope.success = passed;
    Ok(HttpResponse::Ok().json(envelope))
}

/// Starts the invariant check in the background (or answers the run in progress).
#[utoipa::path(post, path = "/api/ops/audit/verify-runs", tag = "ops", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsVerifyRun>)), security(("bearer" = [])))]
#[tracing::instrument(name = "start_verify_run", skip_all)]
pub async fn start_verify_run(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let run = state.verification.status();
    if run.running {
        return Ok(ok("Invariant check started", run));
    }
    let place = state.audit_calls.enter().await?;
    Ok(ok("Invariant check started", state.verification.start(&state.engine, place)))
}

/// The latest invariant check: its progress while it runs, its report once done.
#[utoipa::path(get, path = "/api/ops/audit/verify-runs/latest", tag = "ops", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsVerifyRun>)), security(("bearer" = [])))]
#[tracing::instrument(name = "latest_verify_run", skip_all)]
pub async fn latest_verify_run(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Success", state.verification.status()))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct HouseQuery {
    days: Option<u32>,
}

/// Turnover, the house's exposure per open market and table, and its settled P/L per day.
#[utoipa::path(get, path = "/api/ops/house", tag = "ops", params(HouseQuery), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsHouse>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_house", skip_all)]
pub async fn ops_house(state: web::Data<AppState>, user: AuthUser, query: web::Query<HouseQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let days = query.days.unwrap_or(30);
    if !(1..=operations::HOUSE_DAYS_MAX).contains(&days) {
        return Err(crate::http::error::ApiError::bad("days: must be 1 to 366"));
    }
    Ok(ok("Success", operations::house(&state.engine.read(), days)))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StateQuery {
    seq: Option<u64>,
    username: Option<String>,
}

#[utoipa::path(get, path = "/api/ops/audit/state", tag = "ops", params(StateQuery), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::AuditState>)), security(("bearer" = [])))]
#[tracing::instrument(name = "audit_state", skip_all)]
pub async fn audit_state(state: web::Data<AppState>, user: AuthUser, query: web::Query<StateQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let query = query.into_inner();
    Ok(ok("Success", operations::state_at(&state.engine, &state.audit_calls, &state.snapshots, query.seq, query.username).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct MomentQuery {
    seq: Option<u64>,
    /// RFC 3339, e.g. 2026-11-24T18:00:00Z.
    at: Option<String>,
    username: Option<String>,
}

/// An RFC 3339 time in milliseconds.
pub fn parse_moment(text: &str) -> ApiResult<i64> {
    chrono::DateTime::parse_from_rfc3339(text.trim())
        .map(|t| t.timestamp_millis())
        .map_err(|_| crate::http::error::ApiError::bad("at: must be an RFC 3339 time such as 2026-11-24T18:00:00Z"))
}

/// Time travel: every account as it was at a sequence number or a time, with its open bets.
#[utoipa::path(get, path = "/api/ops/audit/moment", tag = "ops", params(MomentQuery), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsMoment>)), security(("bearer" = [])))]
#[tracing::instrument(name = "audit_moment", skip_all)]
pub async fn audit_moment(state: web::Data<AppState>, user: AuthUser, query: web::Query<MomentQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let query = query.into_inner();
    let at_ms = query.at.as_deref().map(parse_moment).transpose()?;
    let username = query.username.filter(|u| !u.trim().is_empty());
    Ok(ok("Success", crate::services::time_travel::moment(&state.engine, &state.audit_calls, &state.snapshots, query.seq, at_ms, username).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EventsQuery {
    from_seq: Option<u64>,
    to_seq: Option<u64>,
    #[serde(default)]
    username: String,
    #[serde(default)]
    kind: String,
    market: Option<u64>,
    page: Option<u32>,
    limit: Option<u32>,
}

impl EventsQuery {
    fn filter(&self) -> crate::services::time_travel::EventFilter {
        let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        crate::services::time_travel::EventFilter { from_seq: self.from_seq.unwrap_or(1), to_seq: self.to_seq, username: text(&self.username), kind: text(&self.kind), market: self.market }
    }
}

/// The log's events, oldest first, filtered by range, user and kind, a page at a time.
#[utoipa::path(get, path = "/api/ops/audit/events", tag = "ops", params(EventsQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::ops::OpsEventRow>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "audit_events", skip_all)]
pub async fn audit_events(state: web::Data<AppState>, user: AuthUser, query: web::Query<EventsQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (page, limit) = crate::http::extract::page_and_limit(query.page, query.limit, 50, crate::services::time_travel::EVENTS_PAGE_MAX)?;
    let (rows, total) = crate::services::time_travel::events(&state.engine, &state.audit_calls, query.filter(), page, limit).await?;
    Ok(crate::http::extract::ok_paged(rows, total))
}

/// The same events as JSON lines, to download: streamed as they are read, never whole in memory.
#[utoipa::path(get, path = "/api/ops/audit/events.jsonl", tag = "ops", params(EventsQuery), responses((status = 200, description = "Success", content_type = "application/x-ndjson", body = String)), security(("bearer" = [])))]
#[tracing::instrument(name = "audit_events_export", skip_all)]
pub async fn audit_events_export(state: web::Data<AppState>, user: AuthUser, query: web::Query<EventsQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let export = crate::services::time_travel::export(&state.engine, &state.audit_calls, query.filter()).await?;
    let chunks = futures_util::StreamExt::map(export.stream(), |chunk| chunk.map(actix_web::web::Bytes::from));
    Ok(HttpResponse::Ok()
        .content_type("application/x-ndjson")
        .insert_header(("Content-Disposition", "attachment; filename=\"events.jsonl\""))
        .streaming(chunks))
}
