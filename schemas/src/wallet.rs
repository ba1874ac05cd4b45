//! Wire types of the wallet, bonus and secure-auth calls (docs/api.md).

use crate::Money;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// One deposit method of spec §9 with its limits.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct DepositMethod {
    pub id: String,
    pub name: String,
    #[ts(type = "number")]
    pub min: Money,
    #[ts(type = "number")]
    pub max: Money,
}

/// A saved withdraw account.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct WithdrawAccount {
    #[ts(type = "number")]
    pub id: u64,
    pub name: String,
    /// The bank, or for Crypto the network.
    pub bank: String,
    /// The account number, or for Crypto the wallet address.
    pub number: String,
    /// Empty for Crypto.
    pub ifsc: String,
    #[serde(rename = "type")]
    #[ts(type = "\"NORMAL\" | \"Crypto\" | \"EXPRESS WITHDRAWAL\"")]
    pub kind: String,
}

/// A deposit or withdrawal request, in the user's list and the operators'.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WalletRequest {
    #[ts(type = "number")]
    pub id: u64,
    #[ts(type = "\"deposit\" | \"withdraw\"")]
    pub kind: String,
    pub username: String,
    /// Deposit: the method's name; withdrawal: the account (`HDFC Bank ****7890`).
    pub name: String,
    /// Deposit only: the method id.
    pub method: Option<String>,
    /// Withdrawal only.
    #[serde(rename = "type")]
    #[ts(type = "\"NORMAL\" | \"Crypto\" | \"EXPRESS WITHDRAWAL\" | null")]
    pub kind_of_withdrawal: Option<String>,
    /// Withdrawal only.
    pub account: Option<WithdrawAccount>,
    /// Deposit only: the payer's reference the user gave ("" if none).
    pub reference: String,
    #[ts(type = "number")]
    pub amount: Money,
    #[ts(type = "\"Pending\" | \"In-Process\" | \"Approved\" | \"Rejected\"")]
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
    pub remark: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DepositRequestBody {
    #[ts(type = "number")]
    pub amount: Money,
    pub method: String,
    #[serde(default)]
    #[ts(optional)]
    pub reference: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct WithdrawRequestBody {
    #[ts(type = "number")]
    pub amount: Money,
    #[serde(rename = "type")]
    #[ts(type = "\"NORMAL\" | \"Crypto\" | \"EXPRESS WITHDRAWAL\"")]
    pub kind: String,
    #[ts(type = "number")]
    pub account_id: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SaveAccountBody {
    pub name: String,
    pub bank: String,
    pub number: String,
    #[serde(default)]
    #[ts(optional)]
    pub ifsc: Option<String>,
    #[serde(rename = "type")]
    #[ts(type = "\"NORMAL\" | \"Crypto\" | \"EXPRESS WITHDRAWAL\"")]
    pub kind: String,
}

/// An operator's remark on a decision: optional for process and approve, required to reject.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DecisionBody {
    #[serde(default)]
    #[ts(optional)]
    pub remark: Option<String>,
}

/// A bonus coupon (spec §2 Bonus).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Coupon {
    #[ts(type = "number")]
    pub id: u64,
    pub username: String,
    pub name: String,
    #[ts(type = "number")]
    pub coupon_amount: Money,
    #[ts(type = "number")]
    pub depo_amount: Money,
    pub tran_no: String,
    #[ts(type = "\"Active\" | \"Pending\" | \"Expired\"")]
    pub status: String,
    pub given_date: String,
    pub expire_date: String,
}

/// One bonus credit (spec §2 Bonus: Date, Tran. No, Amount).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BonusTransaction {
    pub date: String,
    pub tran_no: String,
    #[ts(type = "number")]
    pub amount: Money,
    #[ts(type = "number")]
    pub coupon_id: u64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Bonus {
    pub coupons: Vec<Coupon>,
    pub transactions: Vec<BonusTransaction>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct GrantCouponBody {
    pub username: String,
    pub name: String,
    #[ts(type = "number")]
    pub amount: Money,
    #[ts(type = "number")]
    pub depo_amount: Money,
    /// `yyyy-MM-dd`: the coupon expires after that UTC day.
    pub expire_date: String,
    /// `Active` (default: credited now) or `Pending` (credited when activated).
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SecureAuthStatus {
    #[ts(type = "\"Disabled\" | \"Enabled\"")]
    pub status: String,
    pub enrolment_pending: bool,
    pub telegram_connection_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TotpEnrolment {
    /// Base32 (RFC 4648, no padding): the code to type into an authenticator app.
    pub secret: String,
    /// `otpauth://totp/…`: the content of the QR code.
    pub otpauth_uri: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct TotpCodeBody {
    pub code: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct TelegramBody {
    pub password: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TelegramConnection {
    pub connection_id: String,
}

/// `data` of a login refused for want of a second-factor code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OtpRequired {
    pub otp_required: bool,
}
