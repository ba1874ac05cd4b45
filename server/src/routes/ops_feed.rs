//! The operators' feed control, under `/api/ops/feed`: every fixture with its markets
//! and the feed's clock; acting on a market or a whole fixture with a remark; and the testers'
//! raw feed events.

use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{ok, AuthUser, JsonBody};
use crate::sports::control;
use actix_web::{web, HttpResponse};
use schemas::ops::OpsFeedAction;
use schemas::Role;

/// What the operators' actions reach of the application.
fn desk(state: &AppState) -> control::FeedDesk<'_> {
    control::FeedDesk { engine: &state.engine, book: &state.book, hub: &state.hub, feed: state.feed.as_ref() }
}

#[utoipa::path(get, path = "/api/ops/feed", tag = "ops", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsFeed>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_feed", skip_all)]
pub async fn ops_feed(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Success", control::view(&desk(&state))))
}

/// Suspends, resumes, re-prices, settles or voids one market.
#[utoipa::path(post, path = "/api/ops/feed/{gmid}/markets/{mid}/{action}", tag = "ops", request_body = schemas::ops::OpsFeedAction, params(("gmid" = u64, Path), ("mid" = u64, Path), ("action" = String, Path, description = "suspend, resume, price, settle or void")), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::ops::OpsFixture>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_market_action", skip_all)]
pub async fn ops_market_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(u64, u64, String)>, JsonBody(body): JsonBody<OpsFeedAction>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (gmid, mid, action) = path.into_inner();
    let fixture = control::act_on_market(&desk(&state), user.user_id, gmid, mid, &action, body).await?;
    let name = fixture.markets.iter().find(|m| m.mid == mid).map_or_else(|| format!("Market {mid}"), |m| m.mname.clone());
    Ok(ok(&format!("{name}: {}", done(&action)), fixture))
}

/// Suspends or resumes every market of a fixture, or finishes it (every market settles). A
/// finished fixture has left the book: the answer is then `null`.
#[utoipa::path(post, path = "/api/ops/feed/{gmid}/{action}", tag = "ops", request_body = schemas::ops::OpsFeedAction, params(("gmid" = u64, Path), ("action" = String, Path, description = "suspend, resume or finish")), responses((status = 200, description = "Success", body = schemas::Envelope<Option<schemas::ops::OpsFixture>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "ops_fixture_action", skip_all)]
pub async fn ops_fixture_action(state: web::Data<AppState>, user: AuthUser, path: web::Path<(u64, String)>, JsonBody(body): JsonBody<OpsFeedAction>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (gmid, action) = path.into_inner();
    let fixture = control::act_on_fixture(&desk(&state), user.user_id, gmid, &action, body).await?;
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

/// Everything the book shows now as feed events, the journal number it is current to and the
/// server's time: a scenario recorder's first read.
#[utoipa::path(get, path = "/api/ops/feed/snapshot", tag = "ops", responses((status = 200, description = "Success", body = schemas::Envelope<serde_json::Value>)), security(("bearer" = [])))]
#[tracing::instrument(name = "feed_snapshot", skip_all)]
pub async fn feed_snapshot(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (seq, events) = state.book.read().unwrap_or_else(|p| p.into_inner()).snapshot();
    Ok(ok("Success", serde_json::json!({ "seq": seq, "atMs": crate::clock::now_ms(), "events": events })))
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct JournalQuery {
    after: u64,
    limit: Option<usize>,
}

/// Changes a journal read returns at most.
const JOURNAL_READ_MAX: usize = 5_000;

/// The changes the book showed after number `after`, oldest first: `[{seq, atMs, event}]`.
#[utoipa::path(get, path = "/api/ops/feed/journal", tag = "ops", params(JournalQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<crate::sports::book::Noted>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "feed_journal", skip_all)]
pub async fn feed_journal(state: web::Data<AppState>, user: AuthUser, query: web::Query<JournalQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let limit = query.limit.unwrap_or(JOURNAL_READ_MAX);
    if !(1..=JOURNAL_READ_MAX).contains(&limit) {
        return Err(ApiError::bad("limit: must be between 1 and 5000"));
    }
    let noted = state.book.read().unwrap_or_else(|p| p.into_inner()).journal_after(query.after, limit);
    let noted = noted.ok_or_else(|| ApiError::conflict(format!("The journal no longer holds the changes after {}: read again from a snapshot", query.after)))?;
    Ok(ok("Success", noted))
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct SourceQuery {
    source: Option<String>,
}

/// Characters of a feed source's name.
const SOURCE_CHARS_MAX: usize = 40;

/// Feed events from a source outside the server (a scenario, an odds provider's adapter), folded
/// as if the feed had sent them; an empty list is the source's heartbeat. `?source=NAME` names
/// the feed (default `api`): a source silent for `feed.silence_secs` has its fixtures suspended
/// until it speaks again.
#[utoipa::path(post, path = "/api/ops/feed/events", tag = "ops", request_body = Vec<schemas::sports::FeedEvent>, params(SourceQuery), responses((status = 200, description = "Success", body = schemas::Envelope<serde_json::Value>)), security(("bearer" = [])))]
#[tracing::instrument(name = "inject_feed_events", skip_all)]
pub async fn inject_feed_events(state: web::Data<AppState>, user: AuthUser, query: web::Query<SourceQuery>, JsonBody(events): JsonBody<Vec<schemas::sports::FeedEvent>>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let source = query.into_inner().source.unwrap_or_else(|| "api".to_owned());
    let named = !source.is_empty() && source.len() <= SOURCE_CHARS_MAX && source.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if !named || source == crate::sports::book::SIMULATOR_SOURCE {
        return Err(ApiError::bad("source: 1 to 40 of a-z, 0-9, - and _, not \"simulator\""));
    }
    if events.len() > crate::limits::FEED_EVENTS_PER_REQUEST_MAX {
        return Err(ApiError::bad("at most 1000 events per request"));
    }
    {
        let book = state.book.read().unwrap_or_else(|p| p.into_inner());
        crate::sports::feed_check::check_events(&events, &|gmid, mid| book.feed_market(gmid, mid).cloned()).map_err(ApiError::invalid)?;
    }
    let count = events.len();
    desk(&state).feed()?.inject(source, events).await?;
    Ok(ok("Events applied", serde_json::json!({ "events": count })))
}

/// A market's book for operators: its depth, every unmatched order by account, and every
/// account's position there (the market makers' among them).
#[utoipa::path(get, path = "/api/ops/exchange/{gameId}/{marketId}", tag = "ops", params(("gameId" = u64, Path, description = "The match"), ("marketId" = u64, Path, description = "A match-odds market of it")), responses((status = 200, description = "Success", body = schemas::Envelope<schemas::bets::OpsBook>), (status = 404, description = "Unknown match or market"), (status = 422, description = "Not an exchange market")), security(("bearer" = [])))]
pub async fn ops_exchange_book(state: web::Data<AppState>, user: AuthUser, path: web::Path<(u64, u64)>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let (gmid, mid) = path.into_inner();
    let ledger = state.engine.read();
    let book = state.book.read().unwrap_or_else(|p| p.into_inner());
    Ok(ok("Success", crate::services::orders::ops_book(&ledger, &book, gmid, mid)?))
}

/// The market makers as they run: their settings and each maker's money.
fn makers_view(state: &AppState) -> ApiResult<schemas::bets::OpsMakers> {
    let makers = state.makers.as_ref().ok_or_else(|| ApiError::not_found("This server runs no market makers".into()))?;
    let control = makers.read().unwrap_or_else(|p| p.into_inner()).clone();
    let ledger = state.engine.read();
    let rows = control
        .makers
        .iter()
        .filter_map(|id| ledger.accounts.users.get(id))
        .map(|u| schemas::bets::OpsMaker {
            username: u.username.clone(),
            balance: schemas::Money(u.balance_minor),
            exposure: schemas::Money(u.exposure_minor),
            orders: u32::try_from(ledger.exchange.orders.values().filter(|o| o.user_id == u.id).count()).unwrap_or(u32::MAX),
        })
        .collect();
    let s = &control.settings;
    Ok(schemas::bets::OpsMakers {
        paused: control.paused,
        spread_ticks: s.spread_ticks,
        depth: s.depth,
        size: s.size,
        requote_ms: s.requote_ms,
        requote_ticks: s.requote_ticks,
        makers: rows,
    })
}

/// The market makers: their settings and each maker's balance, exposure and resting orders.
#[utoipa::path(get, path = "/api/ops/exchange/makers", tag = "ops", responses((status = 200, description = "Success", body = schemas::Envelope<schemas::bets::OpsMakers>), (status = 404, description = "No market makers run here")), security(("bearer" = [])))]
pub async fn ops_makers(state: web::Data<AppState>, user: AuthUser) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    Ok(ok("Success", makers_view(&state)?))
}

/// Changes the running makers (until the server restarts): pause them (their orders are
/// cancelled) or resume, or quote wider, deeper, larger or more often.
#[utoipa::path(post, path = "/api/ops/exchange/makers", tag = "ops", request_body = schemas::bets::OpsMakersRequest, responses((status = 200, description = "Changed", body = schemas::Envelope<schemas::bets::OpsMakers>), (status = 400, description = "A setting out of its range"), (status = 404, description = "No market makers run here")), security(("bearer" = [])))]
pub async fn ops_set_makers(state: web::Data<AppState>, user: AuthUser, JsonBody(body): JsonBody<schemas::bets::OpsMakersRequest>) -> ApiResult<HttpResponse> {
    user.require(&[Role::Operator])?;
    let makers = state.makers.as_ref().ok_or_else(|| ApiError::not_found("This server runs no market makers".into()))?;
    let within = |value: Option<u64>, range: std::ops::RangeInclusive<u64>, field: &str| match value {
        Some(v) if !range.contains(&v) => Err(ApiError::bad(format!("{field}: {} to {}", range.start(), range.end()))),
        _ => Ok(()),
    };
    within(body.spread_ticks.map(u64::from), 0..=20, "spreadTicks")?;
    within(body.depth.map(u64::from), 1..=10, "depth")?;
    within(body.requote_ms, 100..=60_000, "requoteMs")?;
    within(body.requote_ticks.map(u64::from), 0..=20, "requoteTicks")?;
    if body.size.is_some_and(|s| s.minor() <= 0 || s.minor() > 10_000_000) {
        return Err(ApiError::bad("size: more than 0 and at most 100000.00"));
    }
    {
        let mut control = makers.write().unwrap_or_else(|p| p.into_inner());
        let s = &mut control.settings;
        s.spread_ticks = body.spread_ticks.unwrap_or(s.spread_ticks);
        s.depth = body.depth.unwrap_or(s.depth);
        s.requote_ms = body.requote_ms.unwrap_or(s.requote_ms);
        s.requote_ticks = body.requote_ticks.unwrap_or(s.requote_ticks);
        s.size = body.size.unwrap_or(s.size);
        control.paused = body.paused.unwrap_or(control.paused);
    }
    Ok(ok("Market makers changed", makers_view(&state)?))
}
