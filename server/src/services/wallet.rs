//! Wallet and bonus outside the ledger: wire views of the ledger's wallet state, the
//! request list's filters, error messages, and the operator actions shared by `/api/ops` and the
//! `exchange` command's `--data` mode.

use crate::http::error::{ApiError, ApiResult};
use crate::clock::now_ms;
use crate::http::timefmt::{day_end_ms, rfc3339, Days};
use ledger::wallet::{self as lw, RequestDetail, RequestStatus, WalletCommand, WithdrawKind};
use crate::history::HistoryReads;
use ledger::{Command, EngineHandle, State};
use schemas::wallet::{BonusTransaction, Coupon, DepositMethod, GrantCouponBody, WalletRequest, WithdrawAccount};
use schemas::Money;
use serde::Deserialize;

pub fn deposit_methods() -> Vec<DepositMethod> {
    lw::DEPOSIT_METHODS
        .iter()
        .map(|m| DepositMethod { id: m.id.into(), name: m.name.into(), min: Money(m.min_minor), max: Money(m.max_minor) })
        .collect()
}

pub fn parse_withdraw_kind(text: &str, field: &str) -> ApiResult<WithdrawKind> {
    WithdrawKind::parse(text).ok_or_else(|| ApiError::bad(format!("{field}: must be NORMAL, Crypto or EXPRESS WITHDRAWAL")))
}

pub fn account_view(account: &lw::WithdrawAccount) -> WithdrawAccount {
    WithdrawAccount {
        id: account.id,
        name: account.name.clone(),
        bank: account.bank.clone(),
        number: account.number.clone(),
        ifsc: account.ifsc.clone(),
        kind: account.kind.label().into(),
    }
}

pub fn request_view(state: &State, request: &lw::WalletRequest) -> WalletRequest {
    let username = state.accounts.users.get(&request.user_id).map(|u| u.username.clone()).unwrap_or_default();
    let (kind, name, method, withdraw_kind, account, reference) = match &request.detail {
        RequestDetail::Deposit { method, reference } => {
            let name = lw::deposit_method(method).map_or_else(|| method.clone(), |m| m.name.to_owned());
            ("deposit", name, Some(method.clone()), None, None, reference.clone())
        }
        RequestDetail::Withdrawal { kind, account_id } => {
            let account = state.wallet.accounts.get(account_id);
            let name = account.map_or_else(|| kind.label().to_owned(), lw::WithdrawAccount::short_name);
            ("withdraw", name, None, Some(kind.label().to_owned()), account.map(account_view), String::new())
        }
    };
    WalletRequest {
        id: request.id,
        kind: kind.into(),
        username,
        name,
        method,
        kind_of_withdrawal: withdraw_kind,
        account,
        reference,
        amount: Money(request.amount_minor),
        status: request.status.label().into(),
        created_at: rfc3339(request.created_at_ms),
        updated_at: rfc3339(request.updated_at_ms),
        remark: request.remark.clone(),
    }
}

/// The request list's query: the user's page and the operators' share it (`username` is the
/// operators' only).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RequestQuery {
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub from_date: String,
    #[serde(default)]
    pub to_date: String,
    #[serde(default)]
    pub search: String,
    #[serde(default)]
    pub username: String,
    /// The client's minutes east of UTC (India 330): the dates are its days; without it, UTC days.
    #[param(minimum = -840, maximum = 840)]
    pub utc_offset: Option<i32>,
    pub page: Option<u32>,
    pub limit: Option<u32>,
}

/// A parsed request filter.
pub struct RequestFilter {
    deposits: Option<bool>,
    status: Option<RequestStatus>,
    days: Days,
    from_ms: i64,
    to_ms: i64,
    search: String,
    pub page: u32,
    pub limit: u32,
}

impl RequestFilter {
    pub fn parse(query: &RequestQuery, limit_default: u32, limit_max: u32) -> ApiResult<Self> {
        let deposits = match query.kind.trim().to_ascii_lowercase().as_str() {
            "" | "all" => None,
            "deposit" => Some(true),
            "withdraw" | "withdrawal" => Some(false),
            _ => return Err(ApiError::bad("kind: must be deposit or withdraw")),
        };
        let status = match query.status.trim() {
            "" => None,
            s if s.eq_ignore_ascii_case("all") => None,
            s => Some(RequestStatus::parse(s).ok_or_else(|| ApiError::bad("status: must be All, Pending, In-Process, Approved or Rejected"))?),
        };
        let days = Days::of(query.utc_offset)?;
        let from_ms = days.start_ms(&query.from_date, "fromDate")?;
        let to_ms = days.end_ms(&query.to_date, "toDate")?;
        let (page, limit) = crate::http::extract::page_and_limit(query.page, query.limit, limit_default, limit_max)?;
        if query.search.chars().count() > crate::limits::SEARCH_CHARS_MAX {
            return Err(ApiError::bad(format!("search: must be at most {} characters", crate::limits::SEARCH_CHARS_MAX)));
        }
        Ok(Self { deposits, status, days, from_ms, to_ms, search: query.search.trim().to_lowercase(), page, limit })
    }

    /// Whether only open requests (pending or in process) can match: the state has them all.
    fn open_only(&self) -> bool {
        self.status.is_some_and(RequestStatus::is_open)
    }

    fn keeps(&self, request: &lw::WalletRequest) -> bool {
        self.deposits.is_none_or(|d| d == request.is_deposit())
            && self.status.is_none_or(|s| s == request.status)
            && (self.from_ms..=self.to_ms).contains(&request.created_at_ms)
    }

    /// Case-insensitive search over every column the pages show, the dates also as the page
    /// shows them (dd/MM/yyyy HH:mm:ss in the client's days).
    fn matches(&self, request: &lw::WalletRequest, row: &WalletRequest) -> bool {
        if self.search.is_empty() {
            return true;
        }
        let account = row.account.as_ref().map(|a| format!("{} {} {} {} {}", a.name, a.bank, a.number, a.ifsc, a.kind)).unwrap_or_default();
        let fields = [
            row.id.to_string(),
            row.kind.clone(),
            row.username.clone(),
            row.name.clone(),
            row.method.clone().unwrap_or_default(),
            row.kind_of_withdrawal.clone().unwrap_or_default(),
            account,
            row.reference.clone(),
            row.amount.to_string(),
            row.status.clone(),
            row.created_at.clone(),
            self.days.shown(request.created_at_ms),
            row.updated_at.clone(),
            self.days.shown(request.updated_at_ms),
            row.remark.clone(),
        ];
        fields.iter().any(|f| f.to_lowercase().contains(&self.search))
    }

    /// The page of the matching rows, and how many match in all.
    pub fn page<'a>(&self, state: &State, requests: impl Iterator<Item = &'a lw::WalletRequest>) -> (Vec<WalletRequest>, u64) {
        let rows: Vec<WalletRequest> = requests.filter(|r| self.keeps(r)).filter_map(|r| Some(request_view(state, r)).filter(|row| self.matches(r, row))).collect();
        let total = rows.len() as u64;
        let skip = ((self.page - 1) as usize).saturating_mul(self.limit as usize);
        (rows.into_iter().skip(skip).take(self.limit as usize).collect(), total)
    }
}

/// Every request (operators), oldest first: the queue in the order it arrived. Open and decided
/// alike, from the history (the state keeps the open ones only); the open ones alone (`Pending`,
/// `In-Process`) from the state.
pub fn list_requests(engine: &EngineHandle, history: &HistoryReads, query: &RequestQuery) -> ApiResult<(Vec<WalletRequest>, u64)> {
    let filter = RequestFilter::parse(query, crate::limits::OPS_PAGE_SIZE_DEFAULT, crate::limits::OPS_PAGE_SIZE_MAX)?;
    let state = engine.read();
    let user_id = match query.username.trim() {
        "" => None,
        name => Some(state.accounts.user_by_name(name).ok_or_else(|| ApiError::not_found(format!("Unknown user '{name}'")))?.id),
    };
    if filter.open_only() {
        let requests = state.wallet.requests.values().filter(|r| user_id.is_none_or(|id| r.user_id == id));
        return Ok(filter.page(&state, requests));
    }
    let history = history.at(state.head_seq)?;
    let requests = match user_id {
        Some(user_id) => history.user_wallet_requests(user_id)?,
        None => history.wallet_requests().collect::<Result<Vec<_>, _>>()?,
    };
    Ok(filter.page(&state, requests.iter()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Process,
    Approve,
    Reject,
}

/// An operator's decision on a request; the request as it now stands.
pub async fn decide_request(engine: &EngineHandle, history: &HistoryReads, request_id: u64, decision: Decision, remark: Option<String>) -> ApiResult<WalletRequest> {
    {
        // A decided request has left the state: say how it was decided (the engine knows only
        // that it was).
        let state = engine.read();
        if !state.wallet.requests.contains_key(&request_id) {
            if let Some(request) = history.at(state.head_seq)?.wallet_request(request_id)? {
                return Err(ledger::wallet::WalletReject::AlreadyDecided { request_id, status: request.status.label() }.into());
            }
        }
    }
    let remark = remark.unwrap_or_default();
    if decision == Decision::Reject && remark.trim().is_empty() {
        return Err(ApiError::bad("remark: a rejection needs a remark"));
    }
    let command = match decision {
        Decision::Process => WalletCommand::Process { request_id, remark },
        Decision::Approve => WalletCommand::Approve { request_id, remark },
        Decision::Reject => WalletCommand::Reject { request_id, remark },
    };
    engine.submit(now_ms(), Command::Wallet(command)).await?;
    let state = engine.read();
    let request = history.at(state.head_seq)?.wallet_request(request_id)?.ok_or_else(|| ApiError::not_found(format!("Unknown request {request_id}")))?;
    Ok(request_view(&state, &request))
}

pub fn coupon_view(state: &State, coupon: &lw::Coupon, now_ms: i64) -> Coupon {
    Coupon {
        id: coupon.id,
        username: state.accounts.users.get(&coupon.user_id).map(|u| u.username.clone()).unwrap_or_default(),
        name: coupon.name.clone(),
        coupon_amount: Money(coupon.amount_minor),
        depo_amount: Money(coupon.depo_amount_minor),
        tran_no: coupon.tran_no(),
        status: coupon.status_label(now_ms).into(),
        given_date: rfc3339(coupon.given_at_ms),
        expire_date: rfc3339(coupon.expire_at_ms),
    }
}

/// A user's coupons and bonus credits, newest first.
pub fn bonus(state: &State, user_id: u64, now_ms: i64) -> schemas::wallet::Bonus {
    let coupons: Vec<&lw::Coupon> = state.wallet.user_coupons(user_id).rev().collect();
    let mut transactions: Vec<BonusTransaction> = coupons
        .iter()
        .filter_map(|c| {
            let at_ms = c.credited_at_ms?;
            Some(BonusTransaction { date: rfc3339(at_ms), tran_no: c.tran_no(), amount: Money(c.amount_minor), coupon_id: c.id, name: c.name.clone() })
        })
        .collect();
    // A pending coupon activated later is a later transaction than newer coupons granted active.
    transactions.sort_by(|a, b| b.date.cmp(&a.date).then(b.coupon_id.cmp(&a.coupon_id)));
    schemas::wallet::Bonus { coupons: coupons.into_iter().map(|c| coupon_view(state, c, now_ms)).collect(), transactions }
}

pub async fn grant_coupon(engine: &EngineHandle, body: GrantCouponBody) -> ApiResult<Coupon> {
    let expire_at_ms = day_end_ms(&body.expire_date).ok_or_else(|| ApiError::bad("expireDate: must be yyyy-MM-dd"))?;
    let active = match body.status.as_deref().map(str::trim) {
        None | Some("") => true,
        Some(s) if s.eq_ignore_ascii_case("active") => true,
        Some(s) if s.eq_ignore_ascii_case("pending") => false,
        Some(_) => return Err(ApiError::bad("status: must be Active or Pending")),
    };
    let command = WalletCommand::GrantCoupon {
        username: body.username.trim().to_owned(),
        name: body.name,
        amount_minor: body.amount.minor(),
        depo_amount_minor: body.depo_amount.minor(),
        expire_at_ms,
        active,
    };
    let committed = engine.submit(now_ms(), Command::Wallet(command)).await?;
    let coupon_id = committed
        .events
        .iter()
        .find_map(|e| match &e.event {
            ledger::Event::Wallet(lw::WalletEvent::CouponGranted { coupon_id, .. }) => Some(*coupon_id),
            _ => None,
        })
        .ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("coupon granted without a CouponGranted event")))?;
    let state = engine.read();
    Ok(coupon_view(&state, &state.wallet.coupons[&coupon_id], now_ms()))
}

pub async fn activate_coupon(engine: &EngineHandle, coupon_id: u64) -> ApiResult<Coupon> {
    engine.submit(now_ms(), Command::Wallet(WalletCommand::ActivateCoupon { coupon_id })).await?;
    let state = engine.read();
    Ok(coupon_view(&state, &state.wallet.coupons[&coupon_id], now_ms()))
}

pub fn list_coupons(engine: &EngineHandle, username: &str) -> ApiResult<Vec<Coupon>> {
    let state = engine.read();
    let user_id = match username.trim() {
        "" => None,
        name => Some(state.accounts.user_by_name(name).ok_or_else(|| ApiError::not_found(format!("Unknown user '{name}'")))?.id),
    };
    let now = now_ms();
    Ok(state.wallet.coupons.values().filter(|c| user_id.is_none_or(|id| c.user_id == id)).map(|c| coupon_view(&state, c, now)).collect())
}
