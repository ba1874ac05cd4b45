//! Placing sports bets and listing them.

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{client_ip, now_ms, ok, AuthUser, EncryptedBody, Encrypted};
use crate::sports::views::{bet_view, open_bets, spots};
use actix_web::{web, HttpRequest, HttpResponse};
use ledger::{BetInfo, Command, EngineError, Reject};
use schemas::bets::{GameBets, PlaceBetRequest, PlaceBetResponse, SettlementRow};
use schemas::sports::Market;
use schemas::{Envelope, Money, Role};
use serde::Deserialize;
use std::time::Duration;

/// The market as the book shows it now, with the names the player saw.
fn quote(state: &AppState, gmid: u64, mid: u64) -> ApiResult<(Market, u32, String, bool)> {
    let book = state.book.read().unwrap_or_else(|p| p.into_inner());
    let fixture = book.fixture(gmid).ok_or_else(|| ApiError::NotFound(format!("Unknown match {gmid}")))?;
    let market = book.market(gmid, mid).ok_or_else(|| ApiError::NotFound(format!("Unknown market {mid}")))?;
    Ok((market.clone(), fixture.etid, fixture.ename.clone(), fixture.iplay))
}

pub(crate) fn browser(req: &HttpRequest) -> String {
    let agent = req.headers().get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or("unknown");
    agent.chars().take(200).collect()
}

#[tracing::instrument(name = "place_bet", skip_all)]
pub async fn place_bet(req: HttpRequest, state: web::Data<AppState>, user: AuthUser, EncryptedBody(body): EncryptedBody<PlaceBetRequest>) -> ApiResult<Encrypted<PlaceBetResponse>> {
    if !matches!(user.role, Role::User | Role::Demo) {
        return Err(ApiError::Forbidden("Please login to access!".into()));
    }
    if body.amount.minor() <= 0 {
        return Err(ApiError::bad("amount: must be greater than 0"));
    }
    let request_id = body.request_id.clone().unwrap_or_else(crate::tokens::new_token);
    let (mut market, etid, event_name, in_play) = quote(&state, body.game_id, body.market_id)?;
    // In play, the price is checked again after the market's bet delay.
    let delay_ms = if in_play { u64::from(market.rc) * state.settings.betting.inplay_delay_ms_per_sec } else { 0 };
    if delay_ms > 0 {
        actix_web::rt::time::sleep(Duration::from_millis(delay_ms)).await;
        market = quote(&state, body.game_id, body.market_id)?.0;
    }
    let section_name = market.section.iter().find(|s| s.sid == body.section_id).map(|s| s.nat.clone()).unwrap_or_default();
    let info = BetInfo {
        etid,
        event_name,
        market_name: market.mname.clone(),
        section_name,
        gtype: serde_json::to_value(market.gtype).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default(),
        sid: body.section_id,
        side: body.bet_type,
        price_h: body.u_rate.hundredths(),
        ip: client_ip(&req),
        browser: browser(&req),
    };
    let command = Command::PlaceBet { user_id: user.user_id, request_id, market, stake_minor: body.amount.minor(), info };
    let (message, response) = placed(&state, user.user_id, now_ms(), command).await?;
    Ok(Encrypted(Envelope::ok(message, response)))
}

/// Submits a bet; a resubmitted request id answers with the bet it placed first.
pub(crate) async fn placed(state: &AppState, user_id: u64, at_ms: i64, command: Command) -> ApiResult<(&'static str, PlaceBetResponse)> {
    let (message, bet_id) = match state.engine.submit(at_ms, command).await {
        Ok(committed) => {
            let bet_id = committed.events.iter().find_map(|e| match e.event {
                ledger::Event::BetPlaced { bet_id, .. } => Some(bet_id),
                _ => None,
            });
            ("Bet placed successfully", bet_id.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("bet committed without BetPlaced")))?)
        }
        Err(EngineError::Rejected(Reject::DuplicateRequest { bet_id })) => ("Bet already placed", bet_id),
        Err(e) => return Err(e.into()),
    };
    let ledger = state.engine.read();
    let account = &ledger.users[&user_id];
    Ok((message, PlaceBetResponse { bet: bet_view(&ledger, &ledger.bets[&bet_id]), balance: Money(account.available_minor()), exp: Money(-account.exposure_minor) }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BetsQuery {
    game_id: Option<u64>,
    market_id: Option<String>,
    g_type: Option<String>,
}

/// The user's open bets on a match and their books there; or, with `marketId` and `gType`, the
/// user's bets on a casino round.
pub async fn get_game_bets(state: web::Data<AppState>, user: AuthUser, query: web::Query<BetsQuery>) -> ApiResult<HttpResponse> {
    if let Some(mid) = query.market_id.as_deref() {
        return Ok(ok("Success", crate::routes::casino::bets_of_round(&state, user.user_id, mid, query.g_type.as_deref())?));
    }
    let gmid = query.game_id.ok_or_else(|| ApiError::bad("gameId: required (or marketId and gType)"))?;
    let ledger = state.engine.read();
    Ok(ok("Success", GameBets { bets: open_bets(&ledger, user.user_id, Some(gmid)), spots_data: spots(&ledger, user.user_id, gmid) }))
}

#[derive(Debug, Deserialize)]
pub struct CurrentQuery {
    #[serde(rename = "type", default)]
    kind: String,
}

/// Open bets by type: `game` (sports) or `casino`.
pub async fn get_current_bets(state: web::Data<AppState>, user: AuthUser, query: web::Query<CurrentQuery>) -> ApiResult<HttpResponse> {
    let casino = match query.kind.as_str() {
        "" | "game" | "sports" => false,
        "casino" => true,
        _ => return Err(ApiError::bad("type: must be game or casino")),
    };
    let ledger = state.engine.read();
    let bets: Vec<_> = open_bets(&ledger, user.user_id, None).into_iter().filter(|b| b.casino == casino).collect();
    Ok(ok("Success", bets))
}

/// The account statement's sport or casino rows: one per settled market or round, newest first.
pub async fn get_bet_statement(state: web::Data<AppState>, user: AuthUser, query: web::Query<CurrentQuery>) -> ApiResult<Encrypted<Vec<SettlementRow>>> {
    let casino = match query.kind.as_str() {
        "game" | "sports" => false,
        "casino" => true,
        _ => return Err(ApiError::bad("type: must be game or casino")),
    };
    let ledger = state.engine.read();
    let account = &ledger.users[&user.user_id];
    let rows = account
        .settlements
        .iter()
        .rev()
        .filter_map(|entry| {
            let bets: Vec<_> = entry.bets.iter().map(|id| bet_view(&ledger, &ledger.bets[id])).collect();
            let first = bets.first()?;
            let (event_name, market_name) = (first.event_name.clone(), first.market_name.clone());
            let (market_id, game_id, is_casino) = (first.market_id, first.game_id, first.casino);
            (is_casino == casino).then(|| SettlementRow {
                created_at: crate::timefmt::rfc3339(entry.at_ms),
                market_id,
                game_id,
                remarks: format!("{event_name} / {market_name}"),
                event_name,
                market_name,
                total_profit: Money(entry.total_minor),
                pts: Money(entry.balance_after_minor),
                is_synthetic: false,
                seq: entry.seq,
                bets,
            })
        })
        .collect();
    Ok(Encrypted(Envelope::ok("Success", rows)))
}
