//! The API's error type: each variant is one status of DESIGN §7, answered as an envelope.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use ledger::secure::SecureReject;
use ledger::wallet::WalletReject;
use ledger::{EngineError, Reject};
use crate::auth::guard::TooManyGuesses;
use crate::sports::control::ControlError;
use crate::sports::feed::FeedError;
use schemas::Money;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Unprocessable(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    TooManyRequests(String),
    #[error("The ledger could not store this (its disk refused the write): nothing was changed; try again shortly")]
    Unavailable,
    /// 503 with its reason: the server is overloaded for this kind of request.
    #[error("{0}")]
    Busy(String),
    #[error("Something went wrong")]
    Unexpected(#[from] anyhow::Error),
}

/// An answer without data of its own: every error (`success: false`) and a sign-out. An error's
/// `data` is `null`, or what the client needs to go on (a sign-in's `{"otpRequired": true}`).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct MessageEnvelope {
    pub success: bool,
    pub message: String,
    pub data: Option<serde_json::Value>,
}

pub type ApiResult<T> = Result<T, ApiError>;

/// An account a request names that the ledger does not hold (never a panic on a request path).
pub fn unknown_user() -> ApiError {
    ApiError::NotFound("Unknown user".into())
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError::BadRequest(message.into())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable | ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let ApiError::Unexpected(cause) = self {
            // The cause goes to the log, never to the client.
            tracing::error!(error = ?cause, "request failed");
        }
        let body = MessageEnvelope { success: false, message: self.to_string(), data: None };
        HttpResponse::build(self.status_code()).json(body)
    }
}

impl From<crate::auth::passwords::PasswordError> for ApiError {
    fn from(e: crate::auth::passwords::PasswordError) -> Self {
        match e {
            crate::auth::passwords::PasswordError::Busy => ApiError::Busy("The server is checking too many passwords at once; try again in a few seconds".into()),
            crate::auth::passwords::PasswordError::Failed(cause) => ApiError::Unexpected(cause),
        }
    }
}

impl From<TooManyGuesses> for ApiError {
    fn from(e: TooManyGuesses) -> Self {
        ApiError::TooManyRequests(e.to_string())
    }
}

impl From<FeedError> for ApiError {
    fn from(error: FeedError) -> Self {
        match error {
            FeedError::UnknownWinner(_) => ApiError::BadRequest(error.to_string()),
            FeedError::UnknownFixture(_) => ApiError::NotFound(error.to_string()),
            FeedError::CannotFinish => ApiError::Conflict(error.to_string()),
            FeedError::NotRunning | FeedError::Stopped => ApiError::Unexpected(anyhow::Error::new(error)),
        }
    }
}

impl From<ControlError> for ApiError {
    fn from(error: ControlError) -> Self {
        let message = error.to_string();
        match error {
            ControlError::UnknownFixture(_) | ControlError::UnknownMarket(_) | ControlError::UnknownSection(_) | ControlError::UnknownAction(_) | ControlError::NoFeed => {
                ApiError::NotFound(message)
            }
            ControlError::AlreadySettled => ApiError::Conflict(message),
            ControlError::Invalid(_) => ApiError::BadRequest(message),
            ControlError::PricesCrossed | ControlError::NoPriceToMove { .. } => ApiError::Unprocessable(message),
            ControlError::Feed(error) => error.into(),
            ControlError::Engine(error) => error.into(),
        }
    }
}

impl From<EngineError> for ApiError {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Unavailable => ApiError::Unavailable,
            EngineError::Rejected(reject) => reject.into(),
        }
    }
}

impl From<Reject> for ApiError {
    fn from(reject: Reject) -> Self {
        let message = reject.to_string();
        match reject {
            Reject::UnknownUser => ApiError::NotFound("Unknown user".into()),
            Reject::InvalidCredentials | Reject::SessionExpired => ApiError::Unauthorized(message),
            Reject::RefreshReused { .. } => ApiError::Unauthorized(message),
            Reject::UsernameTaken | Reject::WrongPassword | Reject::AmountTooLarge => ApiError::Unprocessable(message),
            Reject::InsufficientBalance { available_minor, needed_minor } => {
                ApiError::Unprocessable(format!("Insufficient balance: available {}, needed {}", Money(available_minor), Money(needed_minor)))
            }
            Reject::InvalidUsername | Reject::AmountNotPositive | Reject::InvalidRemark | Reject::InvalidButtons(_) | Reject::InvalidRequestId => {
                ApiError::BadRequest(message)
            }
            Reject::RoleCannotBet | Reject::ToolSessionForOperatorsOnly => ApiError::Forbidden(message),
            Reject::UnknownSelection | Reject::UnknownRound | Reject::UnknownMarket => ApiError::NotFound(message),
            Reject::RoundClosed | Reject::RoundExists { .. } => ApiError::Conflict(message),
            Reject::MarketNotOpen { .. } | Reject::OddsChanged | Reject::AlreadySettled | Reject::DuplicateRequest { .. } => ApiError::Conflict(message),
            Reject::RequestIdReused { .. } | Reject::BetDelayNotOver { .. } => ApiError::Conflict(message),
            Reject::TableLocked | Reject::BettingLocked | Reject::NotAnOperator => ApiError::Forbidden(message),
            Reject::NothingToChange(_) => ApiError::Conflict(message),
            Reject::SideNotOffered => ApiError::Unprocessable(message),
            Reject::StakeOutOfLimits { min_minor, max_minor } => {
                ApiError::Unprocessable(format!("Stake must be between {} and {}", Money(min_minor), Money(max_minor)))
            }
            Reject::Wallet(reject) => reject.into(),
            Reject::SecureAuth(reject) => reject.into(),
        }
    }
}

/// The status and message of a wallet refusal (DESIGN §7).
impl From<WalletReject> for ApiError {
    fn from(reject: WalletReject) -> Self {
        let message = reject.to_string();
        match reject {
            // The core turns these into its own rejects; mapped here alike should one arrive.
            WalletReject::UnknownUser => ApiError::NotFound("Unknown user".into()),
            WalletReject::Amount(error) => ledger::Reject::from(error).into(),
            WalletReject::InsufficientBalance { available_minor, needed_minor } => ledger::Reject::InsufficientBalance { available_minor, needed_minor }.into(),
            WalletReject::InvalidRemark => ApiError::BadRequest(message),
            WalletReject::NoWallet => ApiError::Forbidden(message),
            WalletReject::UnknownMethod(_) | WalletReject::InvalidReference | WalletReject::InvalidAccount(_) => ApiError::BadRequest(message),
            WalletReject::InvalidCouponName | WalletReject::InvalidDepoAmount | WalletReject::ExpiryPassed => ApiError::BadRequest(message),
            WalletReject::OutsideMethodLimits { method, min_minor, max_minor } => {
                ApiError::Unprocessable(format!("Amount for {method} must be between {} and {}", Money(min_minor), Money(max_minor)))
            }
            WalletReject::TooManyOpenRequests | WalletReject::AccountKindMismatch { .. } | WalletReject::TooManyAccounts | WalletReject::DuplicateAccount => {
                ApiError::Unprocessable(message)
            }
            WalletReject::CouponExpired(_) => ApiError::Unprocessable(message),
            WalletReject::UnknownAccount | WalletReject::UnknownRequest(_) | WalletReject::UnknownCoupon(_) => ApiError::NotFound(message),
            WalletReject::AlreadyDecided { .. } | WalletReject::CouponAlreadyActive(_) => ApiError::Conflict(message),
        }
    }
}

impl From<SecureReject> for ApiError {
    fn from(reject: SecureReject) -> Self {
        let message = reject.to_string();
        match reject {
            SecureReject::AlreadyEnabled | SecureReject::NoEnrolment | SecureReject::NotEnabled => ApiError::Conflict(message),
            SecureReject::CodeReused => ApiError::Unprocessable(message),
            SecureReject::InvalidSecret | SecureReject::InvalidConnectionId => ApiError::BadRequest(message),
        }
    }
}
