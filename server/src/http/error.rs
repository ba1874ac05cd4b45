//! The API's error and the statuses of DESIGN §7, answered as an envelope. Each kind of refusal
//! is a type whose status is decided by one match: the request's own faults (`InputError`), who
//! asks (`AccessError`), what it names in the state it is in (`StateError`), and the ledger's
//! refusals (`ledger_answer`, the one place a `ledger::Reject` gets its status and message).
//! `ApiError` wraps them; the domain's other typed errors (the feed's, feed control's, a counted
//! guess, a busy password check or audit) convert into them below.

use ledger::{AccountReject, BetReject, CasinoReject, OrderReject, OversightReject};
use crate::audit_calls::{AuditBusy, BUSY_RETRY_AFTER_SECS};
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
    /// The log did not answer the write: it may still be stored.
    #[error("The ledger's log did not confirm this in time: it may still be recorded. Check your bets or statement before you try again (a bet or order sent again with the same request id is taken once)")]
    Unconfirmed,
    /// 503 with its reason and a `Retry-After`: the server is overloaded for this kind of request.
    #[error("{message}")]
    Busy { message: String, retry_after_secs: u64 },
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
/// The history projection could not be read (`crate::history`).
pub fn history_failed(error: ledger::StoreError) -> ApiError {
    ApiError::Unexpected(anyhow::Error::new(error).context("reading the history projection"))
}

impl From<ledger::StoreError> for ApiError {
    fn from(error: ledger::StoreError) -> Self {
        history_failed(error)
    }
}

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
            ApiError::Unavailable | ApiError::Unconfirmed | ApiError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let ApiError::Unexpected(cause) = self {
            // The cause goes to the log, never to the client.
            tracing::error!(error = ?cause, "request failed");
        }
        let body = MessageEnvelope { success: false, message: self.to_string(), data: None };
        let mut response = HttpResponse::build(self.status_code());
        if let ApiError::Busy { retry_after_secs, .. } = self {
            response.insert_header((actix_web::http::header::RETRY_AFTER, retry_after_secs.to_string()));
        }
        response.json(body)
    }
}

impl From<PasswordError> for ApiError {
    fn from(e: PasswordError) -> Self {
        match e {
            PasswordError::Busy => ApiError::Busy { message: "The server is checking too many passwords at once; try again in a few seconds".into(), retry_after_secs: 3 },
            PasswordError::Failed(cause) => ApiError::Unexpected(cause),
        }
    }
}

impl From<AuditBusy> for ApiError {
    fn from(busy: AuditBusy) -> Self {
        ApiError::Busy { message: busy.to_string(), retry_after_secs: BUSY_RETRY_AFTER_SECS }
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
            EngineError::Unconfirmed => ApiError::Unconfirmed,
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

/// The status and message of every refusal of the ledger (DESIGN §7): the one place they are
/// decided, one match per aggregate that refuses.
pub fn ledger_answer(reject: &Reject) -> (StatusCode, String) {
    match reject {
        Reject::Accounts(reject) => account_answer(reject),
        Reject::Bets(reject) => bet_answer(reject),
        Reject::Exchange(reject) => order_answer(reject),
        Reject::Casino(reject) => casino_answer(reject),
        Reject::Oversight(reject) => oversight_answer(reject),
        Reject::Wallet(reject) => wallet_answer(reject),
        Reject::SecureAuth(reject) => secure_answer(reject),
    }
}

fn account_answer(reject: &AccountReject) -> (StatusCode, String) {
    use AccountReject as R;
    use StatusCode as S;
    let message = reject.to_string();
    match reject {
        R::UnknownUser => (S::NOT_FOUND, "Unknown user".into()),
        R::InvalidCredentials | R::SessionExpired | R::RefreshReused { .. } => (S::UNAUTHORIZED, message),
        R::UsernameTaken | R::WrongPassword | R::AmountTooLarge => (S::UNPROCESSABLE_ENTITY, message),
        R::BalancePastMax { balance_max_minor } => {
            (S::UNPROCESSABLE_ENTITY, format!("This would take the balance past the most an account may hold ({}), counting what its open bets could win", Money(*balance_max_minor)))
        }
        R::InsufficientBalance { available_minor, needed_minor } => {
            (S::UNPROCESSABLE_ENTITY, format!("Insufficient balance: available {}, needed {}", Money(*available_minor), Money(*needed_minor)))
        }
        R::InvalidUsername | R::AmountNotPositive | R::InvalidRemark | R::InvalidButtons(_) => (S::BAD_REQUEST, message),
        R::ToolSessionForOperatorsOnly => (S::FORBIDDEN, message),
        R::DemoAccountsFull => (S::TOO_MANY_REQUESTS, message),
    }
}

fn bet_answer(reject: &BetReject) -> (StatusCode, String) {
    use BetReject as R;
    use StatusCode as S;
    let message = reject.to_string();
    match reject {
        R::InvalidRequestId | R::ResultDoesNotFit(_) => (S::BAD_REQUEST, message),
        R::RoleCannotBet | R::BettingLocked => (S::FORBIDDEN, message),
        R::UnknownSelection | R::UnknownMarket => (S::NOT_FOUND, message),
        R::MarketNotOpen { .. } | R::OddsChanged | R::AlreadySettled | R::DuplicateRequest { .. } | R::RequestIdReused { .. } | R::BetDelayNotOver { .. } => (S::CONFLICT, message),
        R::SideNotOffered | R::RunnerWithdrawn { .. } => (S::UNPROCESSABLE_ENTITY, message),
        R::RunnerAlreadyWithdrawn => (S::CONFLICT, message),
        R::ReductionFactorOutOfRange => (S::BAD_REQUEST, message),
        R::WinPastBalanceMax { balance_max_minor } => {
            (S::UNPROCESSABLE_ENTITY, format!("This bet could take your balance past the most an account may hold ({}); lower the stake", Money(*balance_max_minor)))
        }
        R::StakeOutOfLimits { min_minor, max_minor } => (S::UNPROCESSABLE_ENTITY, format!("Stake must be between {} and {}", Money(*min_minor), Money(*max_minor))),
    }
}

fn order_answer(reject: &OrderReject) -> (StatusCode, String) {
    let message = reject.to_string();
    match reject {
        OrderReject::UnknownOrder => (StatusCode::NOT_FOUND, message),
        OrderReject::NothingToCancel => (StatusCode::CONFLICT, message),
        OrderReject::CancelSizeInvalid { unmatched_minor } => (StatusCode::UNPROCESSABLE_ENTITY, format!("size to cancel must be more than 0 and at most the unmatched {}", Money(*unmatched_minor))),
        OrderReject::CommissionUnchanged { .. } | OrderReject::NothingToCashOut | OrderReject::NotEnoughToCashOut | OrderReject::BookMoved => (StatusCode::CONFLICT, message),
        OrderReject::CashOutBelowAsked { value_minor, asked_minor } => {
            (StatusCode::CONFLICT, format!("The book moved: cash out is now {}, below the {} shown", Money(*value_minor), Money(*asked_minor)))
        }
        OrderReject::NoPosition => (StatusCode::NOT_FOUND, message),
        OrderReject::CashOutShareInvalid => (StatusCode::UNPROCESSABLE_ENTITY, "percent must be 1 to 100".into()),
        OrderReject::OffLadder { .. } | OrderReject::NotAnExchangeMarket | OrderReject::SamePrice | OrderReject::CommissionOutOfRange { .. } => (StatusCode::UNPROCESSABLE_ENTITY, message),
    }
}

fn casino_answer(reject: &CasinoReject) -> (StatusCode, String) {
    let message = reject.to_string();
    match reject {
        CasinoReject::UnknownRound => (StatusCode::NOT_FOUND, message),
        CasinoReject::RoundClosed | CasinoReject::RoundExists { .. } => (StatusCode::CONFLICT, message),
        CasinoReject::TableLocked => (StatusCode::FORBIDDEN, message),
    }
}

fn oversight_answer(reject: &OversightReject) -> (StatusCode, String) {
    let message = reject.to_string();
    match reject {
        OversightReject::NotAnOperator => (StatusCode::FORBIDDEN, message),
        OversightReject::NothingToChange(_) => (StatusCode::CONFLICT, message),
    }
}

fn wallet_answer(reject: &WalletReject) -> (StatusCode, String) {
    use StatusCode as S;
    use WalletReject as R;
    let message = reject.to_string();
    match reject {
        // The core turns these into the accounts' rejects; answered alike should one arrive.
        R::UnknownUser => account_answer(&AccountReject::UnknownUser),
        R::Amount(error) => account_answer(&AccountReject::from(*error)),
        R::InsufficientBalance { available_minor, needed_minor } => {
            account_answer(&AccountReject::InsufficientBalance { available_minor: *available_minor, needed_minor: *needed_minor })
        }
        R::InvalidRemark => (S::BAD_REQUEST, message),
        R::NoWallet => (S::FORBIDDEN, message),
        R::UnknownMethod(_) | R::InvalidReference | R::InvalidAccount(_) => (S::BAD_REQUEST, message),
        R::InvalidCouponName | R::InvalidDepoAmount | R::ExpiryPassed => (S::BAD_REQUEST, message),
        R::OutsideMethodLimits { method, min_minor, max_minor } => {
            (S::UNPROCESSABLE_ENTITY, format!("Amount for {method} must be between {} and {}", Money(*min_minor), Money(*max_minor)))
        }
        R::TooManyOpenRequests | R::AccountKindMismatch { .. } | R::TooManyAccounts | R::DuplicateAccount => (S::UNPROCESSABLE_ENTITY, message),
        R::CouponExpired(_) => (S::UNPROCESSABLE_ENTITY, message),
        R::UnknownAccount | R::UnknownRequest(_) | R::UnknownCoupon(_) => (S::NOT_FOUND, message),
        R::AlreadyDecided { .. } | R::CouponAlreadyActive(_) => (S::CONFLICT, message),
    }
}

fn secure_answer(reject: &SecureReject) -> (StatusCode, String) {
    let message = reject.to_string();
    match reject {
        SecureReject::AlreadyEnabled | SecureReject::NoEnrolment | SecureReject::NotEnabled => (StatusCode::CONFLICT, message),
        SecureReject::CodeReused => (StatusCode::UNPROCESSABLE_ENTITY, message),
        SecureReject::InvalidSecret | SecureReject::InvalidConnectionId => (StatusCode::BAD_REQUEST, message),
    }
}
