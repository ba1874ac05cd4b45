//! The one path every bet takes from a request to the ledger, sports and casino alike: who may
//! bet, the request id, what the bet records of the client, and the answer once the ledger
//! decided. The rules of acceptance themselves are the ledger's.

use ledger::{BetEvent, BetReject};
use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{client_ip, AuthUser};
use crate::services::views::bet_view;
use actix_web::HttpRequest;
use ledger::{BetInfo, Committed, EngineError, Event, Reject};
use schemas::bets::PlaceBetResponse;
use schemas::sports::{Price, Side};
use schemas::{Money, Role};

/// Characters of the browser's user agent a bet records.
const BROWSER_CHARS_MAX: usize = 200;

/// What a player asked for, as every bet body carries it.
pub struct Asked {
    pub request_id: Option<String>,
    pub sid: u32,
    pub side: Side,
    pub price: Price,
    pub amount: Money,
}

/// A bet request as every bet route reads it, before the route adds what its market says.
pub struct BetRequest {
    pub request_id: String,
    pub sid: u32,
    pub side: Side,
    pub price_h: u32,
    pub stake_minor: i64,
    pub requested_at_ms: i64,
    pub ip: String,
    pub browser: String,
}

impl BetRequest {
    /// Refuses a caller who may not bet, one past their rate of bets, and a stake that is not
    /// positive; names the request.
    pub fn new(state: &AppState, req: &HttpRequest, user: &AuthUser, asked: Asked, requested_at_ms: i64) -> ApiResult<Self> {
        if !matches!(user.role, Role::User | Role::Demo) {
            return Err(ApiError::forbidden("Please login to access!".into()));
        }
        state.client_limits.bet(user.user_id)?;
        if asked.amount.minor() <= 0 {
            return Err(ApiError::bad("amount: must be greater than 0"));
        }
        Ok(BetRequest {
            request_id: asked.request_id.unwrap_or_else(crate::auth::tokens::new_token),
            sid: asked.sid,
            side: asked.side,
            price_h: asked.price.hundredths(),
            stake_minor: asked.amount.minor(),
            requested_at_ms,
            ip: client_ip(req),
            browser: browser(req),
        })
    }

    /// What the bet records: the request, and the names the player saw.
    pub fn info(&self, etid: u32, event_name: String, market_name: String, section_name: String, gtype: String) -> BetInfo {
        BetInfo {
            etid,
            event_name,
            market_name,
            section_name,
            gtype,
            sid: self.sid,
            side: self.side,
            price_h: self.price_h,
            ip: self.ip.clone(),
            browser: self.browser.clone(),
            requested_at_ms: self.requested_at_ms,
            delay_ms: 0,
            fill: None,
        }
    }
}

pub fn browser(req: &HttpRequest) -> String {
    let agent = req.headers().get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or("unknown");
    agent.chars().take(BROWSER_CHARS_MAX).collect()
}

/// The answer to a submitted bet; a resubmitted request id answers with the bet it placed first.
pub fn answer(state: &AppState, user_id: u64, submitted: Result<Committed, EngineError>) -> ApiResult<(&'static str, PlaceBetResponse)> {
    let (message, bet_id) = match submitted {
        Ok(committed) => {
            let bet_id = committed.events.iter().find_map(|e| match e.event {
                Event::Bets(BetEvent::BetPlaced { bet_id, .. }) => Some(bet_id),
                _ => None,
            });
            ("Bet placed successfully", bet_id.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("bet committed without BetPlaced")))?)
        }
        Err(EngineError::Rejected(Reject::Bets(BetReject::DuplicateRequest { bet_id }))) => ("Bet already placed", bet_id),
        Err(e) => return Err(e.into()),
    };
    let ledger = state.engine.read();
    let missing = || ApiError::Unexpected(anyhow::anyhow!("bet {bet_id} of user {user_id} is not in the published state"));
    let account = ledger.accounts.users.get(&user_id).ok_or_else(missing)?;
    // Open, or already settled (a casino round that resulted meanwhile): then it is history.
    let bet = match ledger.betting.bets.get(&bet_id) {
        Some(bet) => bet.clone(),
        None => state.history.at(ledger.head_seq)?.bet(user_id, bet_id)?.ok_or_else(missing)?,
    };
    Ok((message, PlaceBetResponse { bet: bet_view(&ledger, None, &bet), balance: Money(account.available_minor()), exp: Money(-account.exposure_minor), order: None }))
}
