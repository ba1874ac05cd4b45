//! The state folded from the log: each aggregate's own state side by side, and `apply`
//! (`crate::apply`), the only way it changes.
//!
//! Every collection is a `BTreeMap` so that the state encodes to the same bytes whatever order
//! it was built in: invariant 6 (replay equals live) compares those bytes.

use crate::accounts::model::{Account, Accounts};
use crate::betting::Payoff;
use crate::bets::model::{Bet, Betting};
use crate::casino::model::Casino;
use crate::ids::UserId;
use crate::book::model::Exchange;
use crate::oversight::decide::Overseen;
use crate::secure::SecureState;
use crate::sports::model::Sports;
use crate::wallet::{Holder, Holders, WalletState};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Sequence number of the last applied event (0 before any).
    pub head_seq: u64,
    pub head_at_ms: i64,
    pub accounts: Accounts,
    pub betting: Betting,
    /// The exchange's order books: the unmatched orders.
    pub exchange: Exchange,
    pub sports: Sports,
    pub casino: Casino,
    pub wallet: WalletState,
    pub secure: SecureState,
}

impl State {
    /// Whether a market or casino round (of match `gmid`) has its result: it takes no bets and
    /// settles no more.
    pub fn is_resulted(&self, gmid: u64, mid: u64) -> bool {
        self.sports.resulted.contains(mid) || self.casino.resulted.of_gmid(gmid, mid)
    }

    /// A settled sports bet whose market was void: its stake came back and nothing decided it
    /// (the result modal's "Deleted" bets). A casino round's void is in the history
    /// (`History::round`).
    pub fn is_voided_market(&self, bet: &Bet) -> bool {
        bet.settled.is_some() && !matches!(bet.payoff, Payoff::Item { .. }) && self.sports.voided.contains(bet.book.mid)
    }

    /// The parts an operator's action reads.
    pub fn overseen(&self) -> Overseen<'_> {
        Overseen { accounts: &self.accounts, betting: &self.betting, exchange: &self.exchange, sports: &self.sports, casino: &self.casino }
    }

    /// The state encoded to bytes: equal states give equal bytes.
    pub fn fingerprint(&self) -> Vec<u8> {
        rmp_serde::to_vec(self).expect("the state contains only encodable values")
    }
}

impl Holders for State {
    fn holder(&self, user_id: UserId) -> Option<Holder> {
        self.accounts.users.get(&user_id).map(holder)
    }

    fn holder_named(&self, username: &str) -> Option<Holder> {
        self.accounts.user_by_name(username).map(holder)
    }
}

fn holder(account: &Account) -> Holder {
    Holder { user_id: account.id, role: account.role, balance_minor: account.balance_minor, available_minor: account.available_minor() }
}
