//! The operators' feed control (issue 14), under `/api/ops/feed`: every fixture with its markets
//! and the feed's clock; acting on a market or a whole fixture with a remark; and the testers'
//! raw feed events.

use crate::app_state::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{ok, AuthUser, JsonBody};
use crate::sports::control;
use actix_web::{web, HttpResponse};
use schemas::ops::OpsFeedAction;
use schemas::Role;

#[tracing::instrument(name = "ops_feed", skip_all)]
pub async fn ops_feed(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Success", control::view(&state)))
}

/// Suspends, resumes, re-prices, settles or voids one market.
#[tracing::instrument(name = "ops_market_action", skip_all)]
pub async fn ops_market_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(u64, u64, String)>, JsonBody(body): JsonBody<OpsFeedAction>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (gmid, mid, action) = path.into_inner();
    let fixture = control::act_on_market(&state, user.user_id, gmid, mid, &action, body).await?;
    let name = fixture.markets.iter().find(|m| m.mid == mid).map_or_else(|| format!("Market {mid}"), |m| m.mname.clone());
    Ok(ok(&format!("{name}: {}", done(&action)), fixture))
}

/// Suspends or resumes every market of a fixture, or finishes it (every market settles). A
/// finished fixture has left the book: the answer is then `null`.
#[tracing::instrument(name = "ops_fixture_action", skip_all)]
pub async fn ops_fixture_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(u64, String)>, JsonBody(body): JsonBody<OpsFeedAction>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (gmid, action) = path.into_inner();
    let fixture = control::act_on_fixture(&state, user.user_id, gmid, &action, body).await?;
    Ok(ok(&format!("Fixture {gmid}: {}", done(&action)), fixture))
}

/// What the answer says was done (the action was checked before).
fn done(action: &str) -> &'static str {
    match action {
        "suspend" => "suspended",
        "resume" => "resumed",
        "price" => "price moved",
        "settle" => "settled",
        "void" => "voided",
        _ => "finished",
    }
}

/// Testers' scripted scenarios: fold these feed events as if the feed had sent them.
#[tracing::instrument(name = "inject_feed_events", skip_all)]
pub async fn inject_feed_events(state: web::Data<AppState>, user: AuthUser, JsonBody(events): JsonBody<Vec<schemas::sports::FeedEvent>>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    if events.len() > crate::limits::FEED_EVENTS_PER_REQUEST_MAX {
        return Err(ApiError::bad("at most 1000 events per request"));
    }
    crate::sports::feed_check::check_events(&events).map_err(ApiError::BadRequest)?;
    let count = events.len();
    control::feed_of(&state)?.inject(events).await?;
    Ok(ok("Events applied", serde_json::json!({ "events": count })))
}
