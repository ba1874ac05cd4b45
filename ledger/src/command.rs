//! Commands ask the engine for a change; `decide` turns each into events or a rejection. Each
//! aggregate defines its own commands and rejects; these wrap them, one variant an aggregate.

use crate::accounts::messages::{AccountCommand, AccountReject};
use crate::bets::messages::BetReject;
use crate::book::messages::{ExchangeCommand, OrderReject};
use crate::casino::messages::{CasinoCommand, CasinoReject};
use crate::oversight::messages::{OperatorCommand, OversightReject};
use crate::secure::{SecureCommand, SecureReject};
use crate::sports::messages::SportsCommand;
use crate::wallet::{WalletCommand, WalletReject};

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Accounts(AccountCommand),
    Sports(SportsCommand),
    Exchange(ExchangeCommand),
    Casino(CasinoCommand),
    Oversight(OperatorCommand),
    Wallet(WalletCommand),
    SecureAuth(SecureCommand),
}

/// Why a command was refused: the refusal of the aggregate that decided it. Each maps to one
/// clear message and one HTTP status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Reject {
    #[error("{0}")]
    Accounts(AccountReject),
    #[error("{0}")]
    Bets(BetReject),
    #[error("{0}")]
    Exchange(OrderReject),
    #[error("{0}")]
    Casino(CasinoReject),
    #[error("{0}")]
    Oversight(OversightReject),
    #[error("{0}")]
    Wallet(WalletReject),
    #[error("{0}")]
    SecureAuth(SecureReject),
}

macro_rules! wraps {
    ($outer:ident: $($variant:ident($inner:ty)),+) => {
        $(impl From<$inner> for $outer {
            fn from(inner: $inner) -> Self {
                $outer::$variant(inner)
            }
        })+
    };
}

wraps!(Command: Accounts(AccountCommand), Sports(SportsCommand), Exchange(ExchangeCommand), Casino(CasinoCommand), Oversight(OperatorCommand), Wallet(WalletCommand), SecureAuth(SecureCommand));
wraps!(Reject: Accounts(AccountReject), Bets(BetReject), Exchange(OrderReject), Casino(CasinoReject), Oversight(OversightReject), SecureAuth(SecureReject));

/// The wallet's rejects that mean the same as the accounts' are the accounts', so a caller sees
/// one reject (and one message) for an unknown user or a short balance wherever it arose.
impl From<WalletReject> for Reject {
    fn from(reject: WalletReject) -> Self {
        match reject {
            WalletReject::UnknownUser => AccountReject::UnknownUser.into(),
            WalletReject::Amount(error) => AccountReject::from(error).into(),
            WalletReject::InsufficientBalance { available_minor, needed_minor } => AccountReject::InsufficientBalance { available_minor, needed_minor }.into(),
            WalletReject::InvalidRemark => AccountReject::InvalidRemark.into(),
            other => Reject::Wallet(other),
        }
    }
}
