//! Folding the wallet's events into its state.

use super::catalogue::RequestStatus;
use super::messages::WalletEvent;
use super::model::{Coupon, RequestDetail, WalletRequest, WalletState, WithdrawAccount};
use crate::ids::UserId;

/// Folds one wallet event. The money of the batch arrives in its own `Credited`/`Debited`.
pub fn apply(wallet: &mut WalletState, at_ms: i64, event: &WalletEvent) {
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
