//! What the wallet offers: deposit methods with their limits, withdrawal kinds, request statuses.

use schemas::AMOUNT_MINOR_MAX;
use serde::{Deserialize, Serialize};

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

