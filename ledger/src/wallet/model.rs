//! The wallet's state: requests, saved accounts and coupons, and how they are looked up.

use super::catalogue::{RequestStatus, WithdrawKind};
use crate::ids::UserId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
/// A request is kept while it is open (pending or in process): an approved or rejected one
/// decides nothing more, and is read from the history projection (`ledger::history`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct WalletState {
    /// The open requests.
    pub requests: BTreeMap<u64, WalletRequest>,
    pub requests_by_user: BTreeMap<UserId, Vec<u64>>,
    /// The highest request id given (0 for none): the next is the one after.
    pub last_request_id: u64,
    pub accounts: BTreeMap<u64, WithdrawAccount>,
    pub accounts_by_user: BTreeMap<UserId, Vec<u64>>,
    pub coupons: BTreeMap<u64, Coupon>,
    pub coupons_by_user: BTreeMap<UserId, Vec<u64>>,
}

/// The id after the highest one of `map`: ids are counters derived from the state.
pub(super) fn next_id<T>(map: &BTreeMap<u64, T>) -> u64 {
    map.keys().next_back().map_or(1, |id| id + 1)
}

impl WalletState {
    pub fn user_accounts(&self, user_id: UserId) -> impl DoubleEndedIterator<Item = &WithdrawAccount> {
        self.accounts_by_user.get(&user_id).into_iter().flatten().filter_map(|id| self.accounts.get(id))
    }

    pub fn user_coupons(&self, user_id: UserId) -> impl DoubleEndedIterator<Item = &Coupon> {
        self.coupons_by_user.get(&user_id).into_iter().flatten().filter_map(|id| self.coupons.get(id))
    }

    /// How many requests of `user_id` are open (the state keeps only those).
    pub(super) fn open_requests(&self, user_id: UserId) -> usize {
        self.requests_by_user.get(&user_id).map_or(0, Vec::len)
    }

    pub(super) fn next_request_id(&self) -> u64 {
        self.last_request_id + 1
    }
}

