//! The wallet's decisions: deposit and withdrawal requests, saved withdraw accounts
//! and bonus coupons. Pure, like every decision of the ledger, and over the wallet's own state.
//!
//! Money moves only through the `MoneyMove`s returned beside the wallet's events, which the core
//! records as `Credited` and `Debited` events in the same batch, so the balance invariant
//! (DESIGN §5.1), statements and the push of balances need nothing new. A withdrawal request
//! debits ("holds") its amount at once, so every later check of available balance (bets, debits,
//! more withdrawals) already sees it; a rejection credits it back; an approval pays it out
//! without moving the balance again (docs/decisions.md, "Withdrawal holds").

use super::catalogue::{deposit_method, RequestStatus, WithdrawKind};
use super::messages::{Holder, Holders, MoneyMove, WalletCommand, WalletEvent, WalletOutput, WalletReject};
use super::model::{next_id, tran_no, RequestDetail, WalletRequest, WalletState, WithdrawAccount};
use crate::checks::{check_amount, is_plain_text, remark_fits};
use crate::ids::UserId;
use crate::limits::{
    ACCOUNT_ADDRESS_CHARS_MAX, ACCOUNT_ADDRESS_CHARS_MIN, ACCOUNT_DIGITS_MAX, ACCOUNT_DIGITS_MIN, ACCOUNT_TEXT_CHARS_MAX, COUPON_NAME_CHARS_MAX,
    DEPOSIT_REFERENCE_CHARS_MAX, OPEN_REQUESTS_PER_USER_MAX, SAVED_ACCOUNTS_PER_USER_MAX,
};
use schemas::{Role, AMOUNT_MINOR_MAX};

type Decision = Result<Vec<WalletOutput>, WalletReject>;

pub fn decide(wallet: &WalletState, holders: &dyn Holders, at_ms: i64, command: &WalletCommand) -> Decision {
    match command {
        WalletCommand::RequestDeposit { user_id, amount_minor, method, reference } => request_deposit(wallet, holders, *user_id, *amount_minor, method, reference),
        WalletCommand::RequestWithdrawal { user_id, amount_minor, kind, account_id } => request_withdrawal(wallet, holders, *user_id, *amount_minor, *kind, *account_id),
        WalletCommand::SaveAccount { user_id, name, bank, number, ifsc, kind } => save_account(wallet, holders, *user_id, name, bank, number, ifsc, *kind),
        WalletCommand::Process { request_id, remark } => {
            let request = open_request(wallet, *request_id, &[RequestStatus::Pending])?;
            check_remark(remark, false)?;
            Ok(vec![event(WalletEvent::RequestProcessing { request_id: request.id, remark: remark.trim().to_owned() })])
        }
        WalletCommand::Approve { request_id, remark } => approve(wallet, *request_id, remark),
        WalletCommand::Reject { request_id, remark } => reject(wallet, *request_id, remark),
        WalletCommand::GrantCoupon { username, name, amount_minor, depo_amount_minor, expire_at_ms, active } => {
            grant_coupon(wallet, holders, at_ms, username, name, *amount_minor, *depo_amount_minor, *expire_at_ms, *active)
        }
        WalletCommand::ActivateCoupon { coupon_id } => activate_coupon(wallet, at_ms, *coupon_id),
    }
}

fn event(event: WalletEvent) -> WalletOutput {
    WalletOutput::Event(event)
}

fn money(user_id: UserId, delta_minor: i64, remark: String) -> WalletOutput {
    WalletOutput::Money(MoneyMove { user_id, delta_minor, remark, returned: false })
}

/// A hold given back: the account's own money, which nothing may keep from it.
fn released(user_id: UserId, amount_minor: i64, remark: String) -> WalletOutput {
    WalletOutput::Money(MoneyMove { user_id, delta_minor: amount_minor, remark, returned: true })
}

/// A holder who may use the wallet: role `user` only (spec §6).
fn wallet_user(holder: Option<Holder>) -> Result<Holder, WalletReject> {
    let holder = holder.ok_or(WalletReject::UnknownUser)?;
    if holder.role != Role::User {
        return Err(WalletReject::NoWallet);
    }
    Ok(holder)
}

fn check_open_slots(wallet: &WalletState, user_id: UserId) -> Result<(), WalletReject> {
    if wallet.open_requests(user_id) >= OPEN_REQUESTS_PER_USER_MAX {
        return Err(WalletReject::TooManyOpenRequests);
    }
    Ok(())
}

fn check_remark(remark: &str, required: bool) -> Result<(), WalletReject> {
    if !remark_fits(remark, required) {
        return Err(WalletReject::InvalidRemark);
    }
    Ok(())
}

fn request_deposit(wallet: &WalletState, holders: &dyn Holders, user_id: UserId, amount_minor: i64, method: &str, reference: &str) -> Decision {
    wallet_user(holders.holder(user_id))?;
    let method = deposit_method(method).ok_or_else(|| WalletReject::UnknownMethod(method.chars().take(40).collect()))?;
    check_amount(amount_minor)?;
    if amount_minor < method.min_minor || amount_minor > method.max_minor {
        return Err(WalletReject::OutsideMethodLimits { method: method.name, min_minor: method.min_minor, max_minor: method.max_minor });
    }
    let reference = reference.trim();
    if reference.chars().count() > DEPOSIT_REFERENCE_CHARS_MAX || !is_plain_text(reference) {
        return Err(WalletReject::InvalidReference);
    }
    check_open_slots(wallet, user_id)?;
    let request_id = wallet.next_request_id();
    Ok(vec![event(WalletEvent::DepositRequested { request_id, user_id, amount_minor, method: method.id.to_owned(), reference: reference.to_owned() })])
}

/// Records the request and holds its amount: a debit now, checked against the available balance.
fn request_withdrawal(wallet: &WalletState, holders: &dyn Holders, user_id: UserId, amount_minor: i64, kind: WithdrawKind, account_id: u64) -> Decision {
    let user = wallet_user(holders.holder(user_id))?;
    check_amount(amount_minor)?;
    let account = wallet.accounts.get(&account_id).filter(|a| a.user_id == user_id).ok_or(WalletReject::UnknownAccount)?;
    if account.kind != kind {
        return Err(WalletReject::AccountKindMismatch { account_id, kind: kind.label() });
    }
    if user.available_minor < amount_minor {
        return Err(WalletReject::InsufficientBalance { available_minor: user.available_minor, needed_minor: amount_minor });
    }
    check_open_slots(wallet, user_id)?;
    let request_id = wallet.next_request_id();
    let remark = format!("Withdrawal #{request_id} requested ({}, {}): amount held", kind.label(), account.short_name());
    Ok(vec![event(WalletEvent::WithdrawalRequested { request_id, user_id, amount_minor, kind, account_id }), money(user_id, -amount_minor, remark)])
}

/// A request still open in one of `allowed`; else why not.
fn open_request<'a>(wallet: &'a WalletState, request_id: u64, allowed: &[RequestStatus]) -> Result<&'a WalletRequest, WalletReject> {
    let request = match wallet.requests.get(&request_id) {
        Some(request) => request,
        // Only open requests are kept: the servers say how an earlier one was decided (they read
        // it from the history) before they ask.
        None if (1..=wallet.last_request_id).contains(&request_id) => return Err(WalletReject::AlreadyDecided { request_id, status: "decided" }),
        None => return Err(WalletReject::UnknownRequest(request_id)),
    };
    if !allowed.contains(&request.status) {
        return Err(WalletReject::AlreadyDecided { request_id, status: request.status.label() });
    }
    Ok(request)
}

fn approve(wallet: &WalletState, request_id: u64, remark: &str) -> Decision {
    let request = open_request(wallet, request_id, &[RequestStatus::Pending, RequestStatus::InProcess])?;
    check_remark(remark, false)?;
    let remark = remark.trim().to_owned();
    let mut outputs = vec![event(WalletEvent::RequestApproved { request_id, remark })];
    if let RequestDetail::Deposit { method, .. } = &request.detail {
        let name = deposit_method(method).map_or(method.as_str(), |m| m.name);
        outputs.push(money(request.user_id, request.amount_minor, format!("Deposit #{request_id} approved ({name})")));
    }
    Ok(outputs)
}

fn reject(wallet: &WalletState, request_id: u64, remark: &str) -> Decision {
    let request = open_request(wallet, request_id, &[RequestStatus::Pending, RequestStatus::InProcess])?;
    check_remark(remark, true)?;
    let remark = remark.trim().to_owned();
    let mut outputs = vec![event(WalletEvent::RequestRejected { request_id, remark: remark.clone() })];
    if !request.is_deposit() {
        outputs.push(released(request.user_id, request.amount_minor, format!("Withdrawal #{request_id} rejected: hold released ({remark})")));
    }
    Ok(outputs)
}

fn text_field(text: &str, chars_min: usize, message: &'static str) -> Result<String, WalletReject> {
    let text = text.trim();
    let chars = text.chars().count();
    if chars < chars_min || chars > ACCOUNT_TEXT_CHARS_MAX || !is_plain_text(text) {
        return Err(WalletReject::InvalidAccount(message));
    }
    Ok(text.to_owned())
}

/// `AAAA0XXXXXX`: four letters, a zero, six letters or digits.
fn valid_ifsc(ifsc: &str) -> bool {
    let bytes = ifsc.as_bytes();
    bytes.len() == 11 && bytes[..4].iter().all(u8::is_ascii_uppercase) && bytes[4] == b'0' && bytes[5..].iter().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

/// The account's number and IFSC as stored, checked by kind.
fn account_number(kind: WithdrawKind, number: &str, ifsc: &str) -> Result<(String, String), WalletReject> {
    let number: String = number.trim().to_owned();
    let ifsc = ifsc.trim().to_ascii_uppercase();
    match kind {
        WithdrawKind::Normal | WithdrawKind::Express => {
            if !(ACCOUNT_DIGITS_MIN..=ACCOUNT_DIGITS_MAX).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_digit()) {
                return Err(WalletReject::InvalidAccount("number: account number must be 6 to 20 digits"));
            }
            if !valid_ifsc(&ifsc) {
                return Err(WalletReject::InvalidAccount("ifsc: must be 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)"));
            }
        }
        WithdrawKind::Crypto => {
            if !(ACCOUNT_ADDRESS_CHARS_MIN..=ACCOUNT_ADDRESS_CHARS_MAX).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return Err(WalletReject::InvalidAccount("number: wallet address must be 20 to 100 letters or digits"));
            }
            if !ifsc.is_empty() {
                return Err(WalletReject::InvalidAccount("ifsc: must be empty for a Crypto account"));
            }
        }
    }
    Ok((number, ifsc))
}

#[allow(clippy::too_many_arguments)]
fn save_account(wallet: &WalletState, holders: &dyn Holders, user_id: UserId, name: &str, bank: &str, number: &str, ifsc: &str, kind: WithdrawKind) -> Decision {
    wallet_user(holders.holder(user_id))?;
    let name = text_field(name, 1, "name: must be 1 to 60 characters")?;
    let bank = text_field(bank, 2, "bank: must be 2 to 60 characters")?;
    let (number, ifsc) = account_number(kind, number, ifsc)?;
    let saved: Vec<&WithdrawAccount> = wallet.user_accounts(user_id).collect();
    if saved.iter().any(|a| a.kind == kind && a.number == number && a.ifsc == ifsc) {
        return Err(WalletReject::DuplicateAccount);
    }
    if saved.len() >= SAVED_ACCOUNTS_PER_USER_MAX {
        return Err(WalletReject::TooManyAccounts);
    }
    let account_id = next_id(&wallet.accounts);
    Ok(vec![event(WalletEvent::AccountSaved { account_id, user_id, name, bank, number, ifsc, kind })])
}

#[allow(clippy::too_many_arguments)]
fn grant_coupon(
    wallet: &WalletState,
    holders: &dyn Holders,
    at_ms: i64,
    username: &str,
    name: &str,
    amount_minor: i64,
    depo_amount_minor: i64,
    expire_at_ms: i64,
    active: bool,
) -> Decision {
    let user = wallet_user(holders.holder_named(username))?;
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > COUPON_NAME_CHARS_MAX || !is_plain_text(name) {
        return Err(WalletReject::InvalidCouponName);
    }
    check_amount(amount_minor)?;
    if !(0..=AMOUNT_MINOR_MAX).contains(&depo_amount_minor) {
        return Err(WalletReject::InvalidDepoAmount);
    }
    if expire_at_ms <= at_ms {
        return Err(WalletReject::ExpiryPassed);
    }
    let coupon_id = next_id(&wallet.coupons);
    let mut outputs = vec![event(WalletEvent::CouponGranted {
        coupon_id,
        user_id: user.user_id,
        name: name.to_owned(),
        amount_minor,
        depo_amount_minor,
        expire_at_ms,
        active,
    })];
    if active {
        outputs.push(coupon_credit(user.user_id, coupon_id, name, amount_minor));
    }
    Ok(outputs)
}

fn coupon_credit(user_id: UserId, coupon_id: u64, name: &str, amount_minor: i64) -> WalletOutput {
    money(user_id, amount_minor, format!("Bonus {}: {name}", tran_no(coupon_id)))
}

fn activate_coupon(wallet: &WalletState, at_ms: i64, coupon_id: u64) -> Decision {
    let coupon = wallet.coupons.get(&coupon_id).ok_or(WalletReject::UnknownCoupon(coupon_id))?;
    if coupon.credited_at_ms.is_some() {
        return Err(WalletReject::CouponAlreadyActive(coupon_id));
    }
    if at_ms > coupon.expire_at_ms {
        return Err(WalletReject::CouponExpired(coupon_id));
    }
    Ok(vec![event(WalletEvent::CouponActivated { coupon_id }), coupon_credit(coupon.user_id, coupon_id, &coupon.name, coupon.amount_minor)])
}

