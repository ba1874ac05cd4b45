//! Folding the wallet's events into its state.

use super::catalogue::RequestStatus;
use super::messages::WalletEvent;
use super::model::{Coupon, RequestDetail, WalletRequest, WalletState, WithdrawAccount};

/// Folds one wallet event. The money of the batch arrives in its own `Credited`/`Debited`.
pub fn apply(wallet: &mut WalletState, at_ms: i64, event: &WalletEvent) {
    match event {
        WalletEvent::DepositRequested { .. } | WalletEvent::WithdrawalRequested { .. } => {
            let request = requested(at_ms, event).expect("a request");
            wallet.last_request_id = wallet.last_request_id.max(request.id);
            wallet.requests_by_user.entry(request.user_id).or_default().push(request.id);
            wallet.requests.insert(request.id, request);
        }
        WalletEvent::RequestProcessing { request_id, .. } | WalletEvent::RequestApproved { request_id, .. } | WalletEvent::RequestRejected { request_id, .. } => {
            let request = wallet.requests.get_mut(request_id).expect("decide moves open requests");
            decided(request, at_ms, event);
            if !request.status.is_open() {
                // Decided: read from the history from now on.
                let user_id = request.user_id;
                wallet.requests.remove(request_id);
                if let Some(ids) = wallet.requests_by_user.get_mut(&user_id) {
                    ids.retain(|id| id != request_id);
                    if ids.is_empty() {
                        wallet.requests_by_user.remove(&user_id);
                    }
                }
            }
        }
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

/// The request an event opens (a deposit or a withdrawal), as it stands then.
pub fn requested(at_ms: i64, event: &WalletEvent) -> Option<WalletRequest> {
    let (id, user_id, amount_minor, detail) = match event {
        WalletEvent::DepositRequested { request_id, user_id, amount_minor, method, reference } => {
            (*request_id, *user_id, *amount_minor, RequestDetail::Deposit { method: method.clone(), reference: reference.clone() })
        }
        WalletEvent::WithdrawalRequested { request_id, user_id, amount_minor, kind, account_id } => {
            (*request_id, *user_id, *amount_minor, RequestDetail::Withdrawal { kind: *kind, account_id: *account_id })
        }
        _ => return None,
    };
    Some(WalletRequest { id, user_id, amount_minor, detail, status: RequestStatus::Pending, created_at_ms: at_ms, updated_at_ms: at_ms, remark: String::new() })
}

/// The request a decision event (in process, approved, rejected) names; `None` for another event.
pub fn decision_of(event: &WalletEvent) -> Option<u64> {
    match event {
        WalletEvent::RequestProcessing { request_id, .. } | WalletEvent::RequestApproved { request_id, .. } | WalletEvent::RequestRejected { request_id, .. } => Some(*request_id),
        _ => None,
    }
}

/// Moves `request` by a decision event.
pub fn decided(request: &mut WalletRequest, at_ms: i64, event: &WalletEvent) {
    let (status, remark) = match event {
        WalletEvent::RequestProcessing { remark, .. } => (RequestStatus::InProcess, remark),
        WalletEvent::RequestApproved { remark, .. } => (RequestStatus::Approved, remark),
        WalletEvent::RequestRejected { remark, .. } => (RequestStatus::Rejected, remark),
        _ => return,
    };
    request.status = status;
    request.updated_at_ms = at_ms;
    if !remark.is_empty() {
        remark.clone_into(&mut request.remark);
    }
}
