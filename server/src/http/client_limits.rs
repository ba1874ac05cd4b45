//! Limits per client address and per account: API requests per second per address,
//! WebSocket connections open at once per address, demo accounts an hour per address, and bets
//! per second per account. Each
//! answers 429 with a clear message, and each is configured under `limits:` (0 turns it off, as
//! the benchmarks do: their thousands of clients all come from 127.0.0.1).

use crate::configuration::LimitSettings;
use crate::http::error::ApiError;
use crate::limits::RATE_LIMIT_KEYS_MAX;
use crate::rate_limit::{ConcurrencyLimiter, Permit, RateLimiter};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use ledger::UserId;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

pub struct ClientLimits {
    api: RateLimiter<IpAddr>,
    demo_logins: RateLimiter<IpAddr>,
    bets: RateLimiter<UserId>,
    sockets: Arc<ConcurrencyLimiter<IpAddr>>,
}

impl ClientLimits {
    pub fn new(settings: &LimitSettings) -> Self {
        ClientLimits {
            api: RateLimiter::new(settings.api_requests_per_sec_per_ip, settings.api_burst_per_ip, RATE_LIMIT_KEYS_MAX),
            demo_logins: RateLimiter::new(f64::from(settings.demo_logins_per_hour_per_ip) / 3_600.0, settings.demo_logins_per_hour_per_ip, RATE_LIMIT_KEYS_MAX),
            bets: RateLimiter::new(settings.bets_per_sec_per_account, settings.bet_burst_per_account, RATE_LIMIT_KEYS_MAX),
            sockets: Arc::new(ConcurrencyLimiter::new(settings.ws_connections_per_ip)),
        }
    }

    /// One more bet of `user_id` now, or 429.
    pub fn bet(&self, user_id: UserId) -> Result<(), ApiError> {
        self.bets.check(&user_id, Instant::now()).map_err(|wait| {
            ApiError::too_many(format!("Too many bets: at most {} a second; try again in {} ms", self.bets.per_sec(), wait.as_millis().max(1)))
        })
    }

    /// One more demo account opened from `ip` now, or 429.
    pub fn demo_login(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.demo_logins
            .check(&ip, Instant::now())
            .map_err(|wait| ApiError::too_many(format!("Too many demo accounts from this address; {}", crate::auth::login_limiter::try_again_in(wait))))
    }

    /// A place for one more WebSocket of `ip`, or 429.
    pub fn socket(&self, ip: IpAddr) -> Result<Permit<IpAddr>, ApiError> {
        self.sockets.try_acquire(ip).ok_or_else(|| ApiError::too_many("Too many connections from this address".into()))
    }
}

/// Middleware of `/api` and `/data`: past the address's rate, 429 without running the handler.
pub async fn limit_requests(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    let limits = req.app_data::<actix_web::web::Data<ClientLimits>>().cloned();
    if let (Some(limits), Some(ip)) = (limits, crate::http::client_address::client_addr(req.request())) {
        if let Err(wait) = limits.api.check(&ip, Instant::now()) {
            let message = format!("Too many requests from this address; try again in {} ms", wait.as_millis().max(1));
            return Ok(req.error_response(ApiError::too_many(message)));
        }
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}
