//! The wallet (issue 6): deposit and withdrawal requests, saved withdraw accounts and bonus
//! coupons, decided and folded like every other command.
//!
//! Money moves only through the `Credited` and `Debited` events that `decide` emits in the same
//! batch as the wallet's own events, so the balance invariant (DESIGN §5.1), statements and the
//! push of balances need nothing new. A withdrawal request debits ("holds") its amount at once,
//! so every later check of available balance (bets, debits, more withdrawals) already sees it;
//! a rejection credits it back; an approval pays it out without moving the balance again
//! (docs/decisions.md, "Withdrawal holds").

use crate::command::Reject;
use crate::event::{Event, UserId};
use crate::limits::{
    ACCOUNT_ADDRESS_CHARS_MAX, ACCOUNT_ADDRESS_CHARS_MIN, ACCOUNT_DIGITS_MAX, ACCOUNT_DIGITS_MIN, ACCOUNT_TEXT_CHARS_MAX, BALANCE_MINOR_MAX,
    COUPON_NAME_CHARS_MAX, DEPOSIT_REFERENCE_CHARS_MAX, OPEN_REQUESTS_PER_USER_MAX, REMARK_CHARS_MAX, SAVED_ACCOUNTS_PER_USER_MAX,
};
use crate::state::{Account, State};
use schemas::{Role, AMOUNT_MINOR_MAX};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How a withdrawal is paid, and which saved accounts it may go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WithdrawKind {
    Normal,
    Crypto,
    Express,
}

impl WithdrawKind {
    pub const ALL: [WithdrawKind; 3] = [WithdrawKind::Normal, WithdrawKind::Crypto, WithdrawKind::Express];

    /// The spec's names (§2 Withdraw): the wire spelling.
    pub fn label(self) -> &'static str {
        match self {
            WithdrawKind::Normal => "NORMAL",
            WithdrawKind::Crypto => "Crypto",
            WithdrawKind::Express => "EXPRESS WITHDRAWAL",
        }
    }

    /// The label, in any case.
    pub fn parse(text: &str) -> Option<WithdrawKind> {
        Self::ALL.into_iter().find(|k| k.label().eq_ignore_ascii_case(text.trim()))
    }
}

/// A deposit method of spec §9 with its limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DepositMethod {
    pub id: &'static str,
    pub name: &'static str,
    pub min_minor: i64,
    pub max_minor: i64,
}

const fn method(id: &'static str, name: &'static str, min_units: i64, max_units: i64) -> DepositMethod {
    DepositMethod { id, name, min_minor: min_units * 100, max_minor: max_units * 100 }
}

/// The nine methods of spec §9, in its order and with its minimum and maximum amounts. The spec
/// names none of them; the names are ours (docs/decisions.md).
pub const DEPOSIT_METHODS: [DepositMethod; 9] = [
    method("upi", "UPI", 100, 100_000),
    method("phonepe", "PhonePe", 500, 50_000),
    method("bank", "Bank Transfer", 500, 500_000),
    method("paytm", "Paytm", 100, 500),
    method("imps", "IMPS", 5_001, 40_000),
    method("gpay", "Google Pay", 500, 50_000),
    method("qr", "QR Code", 100, 500),
    method("crypto", "Crypto (USDT)", 1, 999_999),
    method("neft", "NEFT / RTGS", 500, 50_000),
];

const _: () = {
    let mut i = 0;
    while i < DEPOSIT_METHODS.len() {
        assert!(0 < DEPOSIT_METHODS[i].min_minor && DEPOSIT_METHODS[i].min_minor <= DEPOSIT_METHODS[i].max_minor);
        assert!(DEPOSIT_METHODS[i].max_minor <= AMOUNT_MINOR_MAX);
        i += 1;
    }
};

pub fn deposit_method(id: &str) -> Option<&'static DepositMethod> {
    DEPOSIT_METHODS.iter().find(|m| m.id.eq_ignore_ascii_case(id.trim()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RequestStatus {
    Pending,
    InProcess,
    Approved,
    Rejected,
}

impl RequestStatus {
    pub const ALL: [RequestStatus; 4] = [RequestStatus::Pending, RequestStatus::InProcess, RequestStatus::Approved, RequestStatus::Rejected];

    /// The spec's names (§2 Deposit Statement).
    pub fn label(self) -> &'static str {
        match self {
            RequestStatus::Pending => "Pending",
            RequestStatus::InProcess => "In-Process",
            RequestStatus::Approved => "Approved",
            RequestStatus::Rejected => "Rejected",
        }
    }

    /// The label in any case; `In Process` and `InProcess` too.
    pub fn parse(text: &str) -> Option<RequestStatus> {
        let squashed: String = text.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        Self::ALL.into_iter().find(|s| s.label().replace('-', "").eq_ignore_ascii_case(&squashed))
    }

    /// Still waiting for an operator's decision.
    pub fn is_open(self) -> bool {
        matches!(self, RequestStatus::Pending | RequestStatus::InProcess)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RequestDetail {
    Deposit { method: String, reference: String },
    Withdrawal { kind: WithdrawKind, account_id: u64 },
}

/// A deposit or withdrawal request and where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WalletRequest {
    pub id: u64,
    pub user_id: UserId,
    pub amount_minor: i64,
    pub detail: RequestDetail,
    pub status: RequestStatus,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    /// The operator's last remark ("" until one is given).
    pub remark: String,
}

impl WalletRequest {
    pub fn is_deposit(&self) -> bool {
        matches!(self.detail, RequestDetail::Deposit { .. })
    }
}

/// A saved account a user withdraws to. Saved accounts are never edited or removed, so a
/// request's account is always the one it was made to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithdrawAccount {
    pub id: u64,
    pub user_id: UserId,
    pub name: String,
    /// The bank, or for crypto the network (`USDT TRC20`).
    pub bank: String,
    /// The account number, or for crypto the wallet address.
    pub number: String,
    /// Empty for crypto.
    pub ifsc: String,
    pub kind: WithdrawKind,
}

impl WithdrawAccount {
    /// `HDFC Bank ****7890`: enough to recognise the account in lists and remarks.
    pub fn short_name(&self) -> String {
        let tail: String = self.number.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect();
        format!("{} ****{tail}", self.bank)
    }
}

/// A bonus coupon an operator granted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coupon {
    pub id: u64,
    pub user_id: UserId,
    pub name: String,
    pub amount_minor: i64,
    /// The deposit the coupon goes with (shown; the ledger does not tie it to a request).
    pub depo_amount_minor: i64,
    pub given_at_ms: i64,
    pub expire_at_ms: i64,
    /// When its amount was credited: at grant when granted Active, else at activation.
    pub credited_at_ms: Option<i64>,
}

impl Coupon {
    pub fn tran_no(&self) -> String {
        tran_no(self.id)
    }

    /// Active, Pending or Expired (spec §4): expiry wins once its time has passed.
    pub fn status_label(&self, now_ms: i64) -> &'static str {
        if now_ms > self.expire_at_ms {
            "Expired"
        } else if self.credited_at_ms.is_some() {
            "Active"
        } else {
            "Pending"
        }
    }
}

pub fn tran_no(coupon_id: u64) -> String {
    format!("BN{coupon_id:08}")
}

/// The wallet's part of the state. Ids are counters derived from it, like every id of the ledger.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct WalletState {
    pub requests: BTreeMap<u64, WalletRequest>,
    pub requests_by_user: BTreeMap<UserId, Vec<u64>>,
    pub accounts: BTreeMap<u64, WithdrawAccount>,
    pub accounts_by_user: BTreeMap<UserId, Vec<u64>>,
    pub coupons: BTreeMap<u64, Coupon>,
    pub coupons_by_user: BTreeMap<UserId, Vec<u64>>,
}

fn next_id<T>(map: &BTreeMap<u64, T>) -> u64 {
    map.keys().next_back().map_or(1, |id| id + 1)
}

impl WalletState {
    pub fn user_requests(&self, user_id: UserId) -> impl DoubleEndedIterator<Item = &WalletRequest> {
        self.requests_by_user.get(&user_id).into_iter().flatten().map(|id| &self.requests[id])
    }

    pub fn user_accounts(&self, user_id: UserId) -> impl DoubleEndedIterator<Item = &WithdrawAccount> {
        self.accounts_by_user.get(&user_id).into_iter().flatten().map(|id| &self.accounts[id])
    }

    pub fn user_coupons(&self, user_id: UserId) -> impl DoubleEndedIterator<Item = &Coupon> {
        self.coupons_by_user.get(&user_id).into_iter().flatten().map(|id| &self.coupons[id])
    }

    fn open_requests(&self, user_id: UserId) -> usize {
        self.user_requests(user_id).filter(|r| r.status.is_open()).count()
    }
}

/// The wallet's events. Variants are only ever added, at the end (the log is forever).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WalletEvent {
    DepositRequested { request_id: u64, user_id: UserId, amount_minor: i64, method: String, reference: String },
    /// Comes with the `Debited` event that holds the amount.
    WithdrawalRequested { request_id: u64, user_id: UserId, amount_minor: i64, kind: WithdrawKind, account_id: u64 },
    RequestProcessing { request_id: u64, remark: String },
    /// A deposit's comes with its `Credited` event; a withdrawal's pays out the hold.
    RequestApproved { request_id: u64, remark: String },
    /// A withdrawal's comes with the `Credited` event that releases the hold.
    RequestRejected { request_id: u64, remark: String },
    AccountSaved { account_id: u64, user_id: UserId, name: String, bank: String, number: String, ifsc: String, kind: WithdrawKind },
    /// An active coupon comes with the `Credited` event of its amount.
    CouponGranted { coupon_id: u64, user_id: UserId, name: String, amount_minor: i64, depo_amount_minor: i64, expire_at_ms: i64, active: bool },
    /// Comes with the `Credited` event of the coupon's amount.
    CouponActivated { coupon_id: u64 },
}

#[derive(Debug, Clone, PartialEq)]
pub enum WalletCommand {
    RequestDeposit { user_id: UserId, amount_minor: i64, method: String, reference: String },
    RequestWithdrawal { user_id: UserId, amount_minor: i64, kind: WithdrawKind, account_id: u64 },
    SaveAccount { user_id: UserId, name: String, bank: String, number: String, ifsc: String, kind: WithdrawKind },
    /// Pending → In-Process.
    Process { request_id: u64, remark: String },
    /// Pending or In-Process → Approved.
    Approve { request_id: u64, remark: String },
    /// Pending or In-Process → Rejected; the remark is required.
    Reject { request_id: u64, remark: String },
    GrantCoupon { username: String, name: String, amount_minor: i64, depo_amount_minor: i64, expire_at_ms: i64, active: bool },
    ActivateCoupon { coupon_id: u64 },
}

/// Why the wallet refused a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WalletReject {
    #[error("Only player accounts have a wallet")]
    NoWallet,
    #[error("method: unknown deposit method '{0}'")]
    UnknownMethod(String),
    #[error("Amount for {method} must be between {min_minor} and {max_minor} (minor units)")]
    OutsideMethodLimits { method: &'static str, min_minor: i64, max_minor: i64 },
    #[error("reference: must be at most 40 characters")]
    InvalidReference,
    #[error("Too many open requests: at most 10 Pending or In-Process")]
    TooManyOpenRequests,
    #[error("Unknown account")]
    UnknownAccount,
    #[error("Account {account_id} is not a {kind} account")]
    AccountKindMismatch { account_id: u64, kind: &'static str },
    #[error("{0}")]
    InvalidAccount(&'static str),
    #[error("At most 20 saved accounts")]
    TooManyAccounts,
    #[error("This account is already saved")]
    DuplicateAccount,
    #[error("Unknown request {0}")]
    UnknownRequest(u64),
    #[error("Request {request_id} is already {status}")]
    AlreadyDecided { request_id: u64, status: &'static str },
    #[error("name: coupon name must be 1 to 60 characters")]
    InvalidCouponName,
    #[error("depoAmount: must be between 0 and 1000000000")]
    InvalidDepoAmount,
    #[error("expireDate: must be in the future")]
    ExpiryPassed,
    #[error("Unknown coupon {0}")]
    UnknownCoupon(u64),
    #[error("Coupon {0} is already active")]
    CouponAlreadyActive(u64),
    #[error("Coupon {0} has expired")]
    CouponExpired(u64),
}

impl From<WalletReject> for Reject {
    fn from(reject: WalletReject) -> Self {
        Reject::Wallet(reject)
    }
}

pub fn decide(state: &State, at_ms: i64, command: &WalletCommand) -> Result<Vec<Event>, Reject> {
    match command {
        WalletCommand::RequestDeposit { user_id, amount_minor, method, reference } => request_deposit(state, *user_id, *amount_minor, method, reference),
        WalletCommand::RequestWithdrawal { user_id, amount_minor, kind, account_id } => request_withdrawal(state, *user_id, *amount_minor, *kind, *account_id),
        WalletCommand::SaveAccount { user_id, name, bank, number, ifsc, kind } => save_account(state, *user_id, name, bank, number, ifsc, *kind),
        WalletCommand::Process { request_id, remark } => {
            let request = open_request(state, *request_id, &[RequestStatus::Pending])?;
            check_optional_remark(remark)?;
            Ok(vec![Event::Wallet(WalletEvent::RequestProcessing { request_id: request.id, remark: remark.trim().to_owned() })])
        }
        WalletCommand::Approve { request_id, remark } => approve(state, *request_id, remark),
        WalletCommand::Reject { request_id, remark } => reject(state, *request_id, remark),
        WalletCommand::GrantCoupon { username, name, amount_minor, depo_amount_minor, expire_at_ms, active } => {
            grant_coupon(state, at_ms, username, name, *amount_minor, *depo_amount_minor, *expire_at_ms, *active)
        }
        WalletCommand::ActivateCoupon { coupon_id } => activate_coupon(state, at_ms, *coupon_id),
    }
}

/// The account of a user who may use the wallet: role `user` only (spec §6).
fn wallet_user(state: &State, user_id: UserId) -> Result<&Account, Reject> {
    let user = state.users.get(&user_id).ok_or(Reject::UnknownUser)?;
    if user.role != Role::User {
        return Err(WalletReject::NoWallet.into());
    }
    Ok(user)
}

fn check_amount(amount_minor: i64) -> Result<(), Reject> {
    if amount_minor <= 0 {
        return Err(Reject::AmountNotPositive);
    }
    if amount_minor > AMOUNT_MINOR_MAX {
        return Err(Reject::AmountTooLarge);
    }
    Ok(())
}

fn check_open_slots(state: &State, user_id: UserId) -> Result<(), Reject> {
    if state.wallet.open_requests(user_id) >= OPEN_REQUESTS_PER_USER_MAX {
        return Err(WalletReject::TooManyOpenRequests.into());
    }
    Ok(())
}

fn request_deposit(state: &State, user_id: UserId, amount_minor: i64, method: &str, reference: &str) -> Result<Vec<Event>, Reject> {
    wallet_user(state, user_id)?;
    let method = deposit_method(method).ok_or_else(|| WalletReject::UnknownMethod(method.chars().take(40).collect()))?;
    check_amount(amount_minor)?;
    if amount_minor < method.min_minor || amount_minor > method.max_minor {
        return Err(WalletReject::OutsideMethodLimits { method: method.name, min_minor: method.min_minor, max_minor: method.max_minor }.into());
    }
    let reference = reference.trim();
    if reference.chars().count() > DEPOSIT_REFERENCE_CHARS_MAX || reference.chars().any(char::is_control) {
        return Err(WalletReject::InvalidReference.into());
    }
    check_open_slots(state, user_id)?;
    let request_id = next_id(&state.wallet.requests);
    Ok(vec![Event::Wallet(WalletEvent::DepositRequested { request_id, user_id, amount_minor, method: method.id.to_owned(), reference: reference.to_owned() })])
}

/// Records the request and holds its amount: a debit now, checked against the available balance.
fn request_withdrawal(state: &State, user_id: UserId, amount_minor: i64, kind: WithdrawKind, account_id: u64) -> Result<Vec<Event>, Reject> {
    let user = wallet_user(state, user_id)?;
    check_amount(amount_minor)?;
    let account = state.wallet.accounts.get(&account_id).filter(|a| a.user_id == user_id).ok_or(WalletReject::UnknownAccount)?;
    if account.kind != kind {
        return Err(WalletReject::AccountKindMismatch { account_id, kind: kind.label() }.into());
    }
    if user.available_minor() < amount_minor {
        return Err(Reject::InsufficientBalance { available_minor: user.available_minor(), needed_minor: amount_minor });
    }
    check_open_slots(state, user_id)?;
    let request_id = next_id(&state.wallet.requests);
    Ok(vec![
        Event::Wallet(WalletEvent::WithdrawalRequested { request_id, user_id, amount_minor, kind, account_id }),
        Event::Debited {
            user_id,
            amount_minor,
            remark: format!("Withdrawal #{request_id} requested ({}, {}): amount held", kind.label(), account.short_name()),
            balance_after_minor: user.balance_minor - amount_minor,
        },
    ])
}

/// A request still open in one of `allowed`; else why not.
fn open_request<'a>(state: &'a State, request_id: u64, allowed: &[RequestStatus]) -> Result<&'a WalletRequest, Reject> {
    let request = state.wallet.requests.get(&request_id).ok_or(WalletReject::UnknownRequest(request_id))?;
    if !allowed.contains(&request.status) {
        return Err(WalletReject::AlreadyDecided { request_id, status: request.status.label() }.into());
    }
    Ok(request)
}

fn check_optional_remark(remark: &str) -> Result<(), Reject> {
    if remark.trim().chars().count() > REMARK_CHARS_MAX {
        return Err(Reject::InvalidRemark);
    }
    Ok(())
}

fn approve(state: &State, request_id: u64, remark: &str) -> Result<Vec<Event>, Reject> {
    let request = open_request(state, request_id, &[RequestStatus::Pending, RequestStatus::InProcess])?;
    check_optional_remark(remark)?;
    let remark = remark.trim().to_owned();
    let mut events = vec![Event::Wallet(WalletEvent::RequestApproved { request_id, remark })];
    if let RequestDetail::Deposit { method, .. } = &request.detail {
        let user = &state.users[&request.user_id];
        let balance_after_minor = user.balance_minor + request.amount_minor;
        if balance_after_minor > BALANCE_MINOR_MAX {
            return Err(Reject::AmountTooLarge);
        }
        let name = deposit_method(method).map_or(method.as_str(), |m| m.name);
        events.push(Event::Credited { user_id: user.id, amount_minor: request.amount_minor, remark: format!("Deposit #{request_id} approved ({name})"), balance_after_minor });
    }
    Ok(events)
}

fn reject(state: &State, request_id: u64, remark: &str) -> Result<Vec<Event>, Reject> {
    let request = open_request(state, request_id, &[RequestStatus::Pending, RequestStatus::InProcess])?;
    let chars = remark.trim().chars().count();
    if chars == 0 || chars > REMARK_CHARS_MAX {
        return Err(Reject::InvalidRemark);
    }
    let remark = remark.trim().to_owned();
    let mut events = vec![Event::Wallet(WalletEvent::RequestRejected { request_id, remark: remark.clone() })];
    if !request.is_deposit() {
        let user = &state.users[&request.user_id];
        events.push(Event::Credited {
            user_id: user.id,
            amount_minor: request.amount_minor,
            remark: format!("Withdrawal #{request_id} rejected: hold released ({remark})"),
            balance_after_minor: user.balance_minor + request.amount_minor,
        });
    }
    Ok(events)
}

fn text_field(text: &str, chars_min: usize, message: &'static str) -> Result<String, Reject> {
    let text = text.trim();
    let chars = text.chars().count();
    if chars < chars_min || chars > ACCOUNT_TEXT_CHARS_MAX || text.chars().any(char::is_control) {
        return Err(WalletReject::InvalidAccount(message).into());
    }
    Ok(text.to_owned())
}

/// `AAAA0XXXXXX`: four letters, a zero, six letters or digits.
fn valid_ifsc(ifsc: &str) -> bool {
    let bytes = ifsc.as_bytes();
    bytes.len() == 11 && bytes[..4].iter().all(u8::is_ascii_uppercase) && bytes[4] == b'0' && bytes[5..].iter().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

/// The account's number and IFSC as stored, checked by kind.
fn account_number(kind: WithdrawKind, number: &str, ifsc: &str) -> Result<(String, String), Reject> {
    let number: String = number.trim().to_owned();
    let ifsc = ifsc.trim().to_ascii_uppercase();
    match kind {
        WithdrawKind::Normal | WithdrawKind::Express => {
            if !(ACCOUNT_DIGITS_MIN..=ACCOUNT_DIGITS_MAX).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_digit()) {
                return Err(WalletReject::InvalidAccount("number: account number must be 6 to 20 digits").into());
            }
            if !valid_ifsc(&ifsc) {
                return Err(WalletReject::InvalidAccount("ifsc: must be 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)").into());
            }
        }
        WithdrawKind::Crypto => {
            if !(ACCOUNT_ADDRESS_CHARS_MIN..=ACCOUNT_ADDRESS_CHARS_MAX).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return Err(WalletReject::InvalidAccount("number: wallet address must be 20 to 100 letters or digits").into());
            }
            if !ifsc.is_empty() {
                return Err(WalletReject::InvalidAccount("ifsc: must be empty for a Crypto account").into());
            }
        }
    }
    Ok((number, ifsc))
}

fn save_account(state: &State, user_id: UserId, name: &str, bank: &str, number: &str, ifsc: &str, kind: WithdrawKind) -> Result<Vec<Event>, Reject> {
    wallet_user(state, user_id)?;
    let name = text_field(name, 1, "name: must be 1 to 60 characters")?;
    let bank = text_field(bank, 2, "bank: must be 2 to 60 characters")?;
    let (number, ifsc) = account_number(kind, number, ifsc)?;
    let saved: Vec<&WithdrawAccount> = state.wallet.user_accounts(user_id).collect();
    if saved.iter().any(|a| a.kind == kind && a.number == number && a.ifsc == ifsc) {
        return Err(WalletReject::DuplicateAccount.into());
    }
    if saved.len() >= SAVED_ACCOUNTS_PER_USER_MAX {
        return Err(WalletReject::TooManyAccounts.into());
    }
    let account_id = next_id(&state.wallet.accounts);
    Ok(vec![Event::Wallet(WalletEvent::AccountSaved { account_id, user_id, name, bank, number, ifsc, kind })])
}

#[allow(clippy::too_many_arguments)]
fn grant_coupon(state: &State, at_ms: i64, username: &str, name: &str, amount_minor: i64, depo_amount_minor: i64, expire_at_ms: i64, active: bool) -> Result<Vec<Event>, Reject> {
    let user = state.user_by_name(username).ok_or(Reject::UnknownUser)?;
    wallet_user(state, user.id)?;
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > COUPON_NAME_CHARS_MAX || name.chars().any(char::is_control) {
        return Err(WalletReject::InvalidCouponName.into());
    }
    check_amount(amount_minor)?;
    if !(0..=AMOUNT_MINOR_MAX).contains(&depo_amount_minor) {
        return Err(WalletReject::InvalidDepoAmount.into());
    }
    if expire_at_ms <= at_ms {
        return Err(WalletReject::ExpiryPassed.into());
    }
    let coupon_id = next_id(&state.wallet.coupons);
    let mut events = vec![Event::Wallet(WalletEvent::CouponGranted {
        coupon_id,
        user_id: user.id,
        name: name.to_owned(),
        amount_minor,
        depo_amount_minor,
        expire_at_ms,
        active,
    })];
    if active {
        events.push(coupon_credit(user, coupon_id, name, amount_minor)?);
    }
    Ok(events)
}

fn coupon_credit(user: &Account, coupon_id: u64, name: &str, amount_minor: i64) -> Result<Event, Reject> {
    let balance_after_minor = user.balance_minor + amount_minor;
    if balance_after_minor > BALANCE_MINOR_MAX {
        return Err(Reject::AmountTooLarge);
    }
    Ok(Event::Credited { user_id: user.id, amount_minor, remark: format!("Bonus {}: {name}", tran_no(coupon_id)), balance_after_minor })
}

fn activate_coupon(state: &State, at_ms: i64, coupon_id: u64) -> Result<Vec<Event>, Reject> {
    let coupon = state.wallet.coupons.get(&coupon_id).ok_or(WalletReject::UnknownCoupon(coupon_id))?;
    if coupon.credited_at_ms.is_some() {
        return Err(WalletReject::CouponAlreadyActive(coupon_id).into());
    }
    if at_ms > coupon.expire_at_ms {
        return Err(WalletReject::CouponExpired(coupon_id).into());
    }
    let user = &state.users[&coupon.user_id];
    Ok(vec![Event::Wallet(WalletEvent::CouponActivated { coupon_id }), coupon_credit(user, coupon_id, &coupon.name, coupon.amount_minor)?])
}

/// Folds one wallet event. The money of the batch arrives in its own `Credited`/`Debited`.
pub fn apply(state: &mut State, at_ms: i64, event: &WalletEvent) {
    let wallet = &mut state.wallet;
    match event {
        WalletEvent::DepositRequested { request_id, user_id, amount_minor, method, reference } => {
            let detail = RequestDetail::Deposit { method: method.clone(), reference: reference.clone() };
            insert_request(wallet, at_ms, *request_id, *user_id, *amount_minor, detail);
        }
        WalletEvent::WithdrawalRequested { request_id, user_id, amount_minor, kind, account_id } => {
            let detail = RequestDetail::Withdrawal { kind: *kind, account_id: *account_id };
            insert_request(wallet, at_ms, *request_id, *user_id, *amount_minor, detail);
        }
        WalletEvent::RequestProcessing { request_id, remark } => set_status(wallet, at_ms, *request_id, RequestStatus::InProcess, remark),
        WalletEvent::RequestApproved { request_id, remark } => set_status(wallet, at_ms, *request_id, RequestStatus::Approved, remark),
        WalletEvent::RequestRejected { request_id, remark } => set_status(wallet, at_ms, *request_id, RequestStatus::Rejected, remark),
        WalletEvent::AccountSaved { account_id, user_id, name, bank, number, ifsc, kind } => {
            let account = WithdrawAccount { id: *account_id, user_id: *user_id, name: name.clone(), bank: bank.clone(), number: number.clone(), ifsc: ifsc.clone(), kind: *kind };
            wallet.accounts.insert(*account_id, account);
            wallet.accounts_by_user.entry(*user_id).or_default().push(*account_id);
        }
        WalletEvent::CouponGranted { coupon_id, user_id, name, amount_minor, depo_amount_minor, expire_at_ms, active } => {
            let coupon = Coupon {
                id: *coupon_id,
                user_id: *user_id,
                name: name.clone(),
                amount_minor: *amount_minor,
                depo_amount_minor: *depo_amount_minor,
                given_at_ms: at_ms,
                expire_at_ms: *expire_at_ms,
                credited_at_ms: active.then_some(at_ms),
            };
            wallet.coupons.insert(*coupon_id, coupon);
            wallet.coupons_by_user.entry(*user_id).or_default().push(*coupon_id);
        }
        WalletEvent::CouponActivated { coupon_id } => {
            wallet.coupons.get_mut(coupon_id).expect("decide activates existing coupons").credited_at_ms = Some(at_ms);
        }
    }
}

fn insert_request(wallet: &mut WalletState, at_ms: i64, id: u64, user_id: UserId, amount_minor: i64, detail: RequestDetail) {
    let request = WalletRequest { id, user_id, amount_minor, detail, status: RequestStatus::Pending, created_at_ms: at_ms, updated_at_ms: at_ms, remark: String::new() };
    wallet.requests.insert(id, request);
    wallet.requests_by_user.entry(user_id).or_default().push(id);
}

fn set_status(wallet: &mut WalletState, at_ms: i64, request_id: u64, status: RequestStatus, remark: &str) {
    let request = wallet.requests.get_mut(&request_id).expect("decide moves existing requests");
    request.status = status;
    request.updated_at_ms = at_ms;
    if !remark.is_empty() {
        request.remark = remark.to_owned();
    }
}
