//! The API's error and the statuses of DESIGN §7, answered as an envelope. Each kind of refusal
//! is a type whose status is decided by one match: the request's own faults (`InputError`), who
//! asks (`AccessError`), what it names in the state it is in (`StateError`), and the ledger's
//! refusals (`ledger_answer`, the one place a `ledger::Reject` gets its status and message).
//! `ApiError` wraps them; the domain's other typed errors (the feed's, feed control's, a counted
//! guess, a busy password check) convert into them below.

use crate::auth::guard::TooManyGuesses;
use crate::auth::passwords::PasswordError;
use crate::sports::control::ControlError;
use crate::sports::feed::FeedError;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use ledger::secure::SecureReject;
use ledger::wallet::WalletReject;
use ledger::{EngineError, Reject};
use schemas::Money;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Access(#[from] AccessError),
    #[error(transparent)]
    State(#[from] StateError),
    /// The ledger refused the command (`ledger_answer`).
    #[error("{}", ledger_answer(.0).1)]
    Ledger(Reject),
    #[error("The ledger could not store this (its disk refused the write): nothing was changed; try again shortly")]
    Unavailable,
    /// 503 with its reason: the server is overloaded for this kind of request.
    #[error("{0}")]
    Busy(String),
    #[error("Something went wrong")]
    Unexpected(#[from] anyhow::Error),
}

/// The request's own fault: its body, query or path.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// It does not parse, or a field is missing or out of its range; the message names it.
    #[error("{0}")]
    Invalid(String),
    /// Its body is past the limit.
    #[error("{0}")]
    TooLarge(String),
}

impl InputError {
    fn status(&self) -> StatusCode {
        match self {
            InputError::Invalid(_) => StatusCode::BAD_REQUEST,
            InputError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        }
    }
}

/// Who asks: not signed in, not allowed, or asking too often.
#[derive(Debug, thiserror::Error)]
pub enum AccessError {
    /// No token, or one that does not hold.
    #[error("{0}")]
    Unauthenticated(String),
    /// Signed in, but this is not theirs to do.
    #[error("{0}")]
    Forbidden(String),
    /// Past a limit on requests or guesses; the message says how long to wait.
    #[error("{0}")]
    TooMany(String),
}

impl AccessError {
    fn status(&self) -> StatusCode {
        match self {
            AccessError::Unauthenticated(_) => StatusCode::UNAUTHORIZED,
            AccessError::Forbidden(_) => StatusCode::FORBIDDEN,
            AccessError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        }
    }
}

/// What the request names, in the state it is in.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// It does not exist.
    #[error("{0}")]
    NotFound(String),
    /// The state does not allow it now (already done, closed, taken).
    #[error("{0}")]
    Conflict(String),
    /// Well-formed, but refused on its content (a wrong password, a price that crosses).
    #[error("{0}")]
    Unprocessable(String),
}

impl StateError {
    fn status(&self) -> StatusCode {
        match self {
            StateError::NotFound(_) => StatusCode::NOT_FOUND,
            StateError::Conflict(_) => StatusCode::CONFLICT,
            StateError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }
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
    ApiError::not_found("Unknown user".into())
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> Self {
        InputError::Invalid(message.into()).into()
    }

    pub fn invalid(message: String) -> Self {
        InputError::Invalid(message).into()
    }

    pub fn too_large(message: String) -> Self {
        InputError::TooLarge(message).into()
    }

    pub fn unauthenticated(message: String) -> Self {
        AccessError::Unauthenticated(message).into()
    }

    pub fn forbidden(message: String) -> Self {
        AccessError::Forbidden(message).into()
    }

    pub fn too_many(message: String) -> Self {
        AccessError::TooMany(message).into()
    }

    pub fn not_found(message: String) -> Self {
        StateError::NotFound(message).into()
    }

    pub fn conflict(message: String) -> Self {
        StateError::Conflict(message).into()
    }

    pub fn unprocessable(message: String) -> Self {
        StateError::Unprocessable(message).into()
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Input(e) => e.status(),
            ApiError::Access(e) => e.status(),
            ApiError::State(e) => e.status(),
            ApiError::Ledger(reject) => ledger_answer(reject).0,
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

impl From<PasswordError> for ApiError {
    fn from(e: PasswordError) -> Self {
        match e {
            PasswordError::Busy => ApiError::Busy("The server is checking too many passwords at once; try again in a few seconds".into()),
            PasswordError::Failed(cause) => ApiError::Unexpected(cause),
        }
    }
}

impl From<TooManyGuesses> for ApiError {
    fn from(e: TooManyGuesses) -> Self {
        AccessError::TooMany(e.to_string()).into()
    }
}

impl From<FeedError> for ApiError {
    fn from(error: FeedError) -> Self {
        match error {
            FeedError::UnknownWinner(_) => InputError::Invalid(error.to_string()).into(),
            FeedError::UnknownFixture(_) => StateError::NotFound(error.to_string()).into(),
            FeedError::CannotFinish => StateError::Conflict(error.to_string()).into(),
            FeedError::NotRunning | FeedError::Stopped => ApiError::Unexpected(anyhow::Error::new(error)),
        }
    }
}

impl From<ControlError> for ApiError {
    fn from(error: ControlError) -> Self {
        let message = error.to_string();
        match error {
            ControlError::UnknownFixture(_) | ControlError::UnknownMarket(_) | ControlError::UnknownSection(_) | ControlError::UnknownAction(_) | ControlError::NoFeed => {
                StateError::NotFound(message).into()
            }
            ControlError::AlreadySettled => StateError::Conflict(message).into(),
            ControlError::Invalid(_) => InputError::Invalid(message).into(),
            ControlError::PricesCrossed | ControlError::NoPriceToMove { .. } => StateError::Unprocessable(message).into(),
            ControlError::Feed(error) => error.into(),
            ControlError::Engine(error) => error.into(),
        }
    }
}

impl From<EngineError> for ApiError {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Unavailable => ApiError::Unavailable,
            EngineError::Rejected(reject) => ApiError::Ledger(reject),
        }
    }
}

impl From<Reject> for ApiError {
    fn from(reject: Reject) -> Self {
        ApiError::Ledger(reject)
    }
}

impl From<WalletReject> for ApiError {
    fn from(reject: WalletReject) -> Self {
        ApiError::Ledger(Reject::Wallet(reject))
    }
}

impl From<SecureReject> for ApiError {
    fn from(reject: SecureReject) -> Self {
        ApiError::Ledger(Reject::SecureAuth(reject))
    }
}

/// The status and message of every refusal of the ledger (DESIGN §7), its wallet's and its
/// secure sign-in's included: the one place they are decided.
pub fn ledger_answer(reject: &Reject) -> (StatusCode, String) {
    use StatusCode as S;
    let message = reject.to_string();
    match reject {
        Reject::UnknownUser => (S::NOT_FOUND, "Unknown user".into()),
        Reject::InvalidCredentials | Reject::SessionExpired => (S::UNAUTHORIZED, message),
        Reject::RefreshReused { .. } => (S::UNAUTHORIZED, message),
        Reject::UsernameTaken | Reject::WrongPassword | Reject::AmountTooLarge => (S::UNPROCESSABLE_ENTITY, message),
        Reject::InsufficientBalance { available_minor, needed_minor } => {
            (S::UNPROCESSABLE_ENTITY, format!("Insufficient balance: available {}, needed {}", Money(*available_minor), Money(*needed_minor)))
        }
        Reject::InvalidUsername | Reject::AmountNotPositive | Reject::InvalidRemark | Reject::InvalidButtons(_) | Reject::InvalidRequestId => (S::BAD_REQUEST, message),
        Reject::RoleCannotBet | Reject::ToolSessionForOperatorsOnly => (S::FORBIDDEN, message),
        Reject::UnknownSelection | Reject::UnknownRound | Reject::UnknownMarket => (S::NOT_FOUND, message),
        Reject::RoundClosed | Reject::RoundExists { .. } => (S::CONFLICT, message),
        Reject::MarketNotOpen { .. } | Reject::OddsChanged | Reject::AlreadySettled | Reject::DuplicateRequest { .. } => (S::CONFLICT, message),
        Reject::RequestIdReused { .. } | Reject::BetDelayNotOver { .. } => (S::CONFLICT, message),
        Reject::TableLocked | Reject::BettingLocked | Reject::NotAnOperator => (S::FORBIDDEN, message),
        Reject::NothingToChange(_) => (S::CONFLICT, message),
        Reject::SideNotOffered => (S::UNPROCESSABLE_ENTITY, message),
        Reject::StakeOutOfLimits { min_minor, max_minor } => {
            (S::UNPROCESSABLE_ENTITY, format!("Stake must be between {} and {}", Money(*min_minor), Money(*max_minor)))
        }
        Reject::Wallet(wallet) => {
            let message = wallet.to_string();
            match wallet {
                // The core turns these into its own rejects; answered alike should one arrive.
                WalletReject::UnknownUser => (S::NOT_FOUND, "Unknown user".into()),
                WalletReject::Amount(error) => ledger_answer(&Reject::from(*error)),
                WalletReject::InsufficientBalance { available_minor, needed_minor } => {
                    ledger_answer(&Reject::InsufficientBalance { available_minor: *available_minor, needed_minor: *needed_minor })
                }
                WalletReject::InvalidRemark => (S::BAD_REQUEST, message),
                WalletReject::NoWallet => (S::FORBIDDEN, message),
                WalletReject::UnknownMethod(_) | WalletReject::InvalidReference | WalletReject::InvalidAccount(_) => (S::BAD_REQUEST, message),
                WalletReject::InvalidCouponName | WalletReject::InvalidDepoAmount | WalletReject::ExpiryPassed => (S::BAD_REQUEST, message),
                WalletReject::OutsideMethodLimits { method, min_minor, max_minor } => {
                    (S::UNPROCESSABLE_ENTITY, format!("Amount for {method} must be between {} and {}", Money(*min_minor), Money(*max_minor)))
                }
                WalletReject::TooManyOpenRequests | WalletReject::AccountKindMismatch { .. } | WalletReject::TooManyAccounts | WalletReject::DuplicateAccount => {
                    (S::UNPROCESSABLE_ENTITY, message)
                }
                WalletReject::CouponExpired(_) => (S::UNPROCESSABLE_ENTITY, message),
                WalletReject::UnknownAccount | WalletReject::UnknownRequest(_) | WalletReject::UnknownCoupon(_) => (S::NOT_FOUND, message),
                WalletReject::AlreadyDecided { .. } | WalletReject::CouponAlreadyActive(_) => (S::CONFLICT, message),
            }
        }
        Reject::SecureAuth(secure) => {
            let message = secure.to_string();
            match secure {
                SecureReject::AlreadyEnabled | SecureReject::NoEnrolment | SecureReject::NotEnabled => (S::CONFLICT, message),
                SecureReject::CodeReused => (S::UNPROCESSABLE_ENTITY, message),
                SecureReject::InvalidSecret | SecureReject::InvalidConnectionId => (S::BAD_REQUEST, message),
            }
        }
    }
}
