//! The model the simulation holds the ledger to, built only from what the ledger acknowledged
//! (and what a restart found on its disk): the log it must have, every user's money recomputed
//! from outside the ledger (credits and debits as the commands asked them, each bet's profit or
//! loss by DESIGN §3's rules, recomputed here), which results, bets and requests it took. Every
//! committed command is checked against it as it lands, and the state after every step.

use super::world::{Expect, Planned};
use ledger::betting::{BookKind, Payoff, METER_RUNS_CAP, RUNS_MAX};
use ledger::casino::CasinoCommand;
use ledger::ids::BookKey;
use ledger::limits::REQUEST_ID_WINDOW_MS;
use ledger::oversight::messages::{AccountAction, DealingAction, MarketAction, OperatorCommand};
use ledger::wallet::{WalletCommand, WalletEvent};
use ledger::{AccountCommand, AccountEvent, BetEvent, CasinoEvent, Command, Envelope, Event, OversightEvent, SportsCommand, SportsEvent, State};
use schemas::casino::{ItemOutcome, RoundResult};
use schemas::sports::{Market, MarketResult, MarketType, Side};
use schemas::Role;
use std::collections::{BTreeMap, BTreeSet};

type UserId = u64;

#[derive(Debug, Clone)]
struct ModelBet {
    user_id: UserId,
    book: BookKey,
    kind: BookKind,
    payoff: Payoff,
    stake_minor: i64,
    settled: bool,
}

#[derive(Default)]
pub struct Model {
    /// The log the store must hold: every acknowledged event (and a batch a restart found).
    pub log: Vec<Envelope>,
    /// Money in minus money out per user, as the commands asked it.
    external: BTreeMap<UserId, i64>,
    /// Settled profit and loss per user, recomputed here bet by bet.
    settled: BTreeMap<UserId, i64>,
    bets: BTreeMap<u64, ModelBet>,
    open_by_mid: BTreeMap<u64, BTreeSet<u64>>,
    results: BTreeMap<u64, MarketResult>,
    rounds: BTreeMap<u64, Option<RoundResult>>,
    requests: BTreeMap<(UserId, String), i64>,
    usernames: BTreeMap<String, UserId>,
    roles: BTreeMap<UserId, Role>,
    locked_users: BTreeSet<UserId>,
    locked_tables: BTreeSet<u32>,
    /// Wallet requests: user, amount, deposit or not.
    wallet: BTreeMap<u64, (UserId, i64, bool)>,
    /// Coupons: amount, credited yet.
    coupons: BTreeMap<u64, (i64, bool)>,
    pub house_pnl_minor: i64,
    pub bets_settled: u64,
}

/// What decides one book of a market or round, by the book's own outcome space; `None` voids it.
#[derive(Debug, Clone, Copy)]
enum Decided {
    Winner(u32),
    Happened(bool),
    Runs(u32),
    Item(ItemOutcome),
}

fn decided(kind: &BookKind, book: BookKey, result: &Resulted) -> Option<Decided> {
    match (kind, result) {
        (BookKind::Runners(sids), Resulted::Market(MarketResult::Winner { sid })) => sids.contains(sid).then_some(Decided::Winner(*sid)),
        (BookKind::Happens { sid }, Resulted::Market(MarketResult::Happened { sids })) => Some(Decided::Happened(sids.contains(sid))),
        (BookKind::OddRuns, Resulted::Market(MarketResult::Runs { value })) => Some(Decided::Happened(value % 2 == 1)),
        (BookKind::Runs, Resulted::Market(MarketResult::Runs { value })) => Some(Decided::Runs((*value).min(RUNS_MAX))),
        (BookKind::Item, Resulted::Round(Some(result))) => result.items.iter().find(|i| i.sid == book.scope).map(|i| Decided::Item(i.outcome)),
        _ => None,
    }
}

enum Resulted<'a> {
    Market(&'a MarketResult),
    Round(&'a Option<RoundResult>),
}

/// DESIGN §3, written again from the text: each bet's profit (positive) or loss.
fn pnl(payoff: &Payoff, stake: i64, outcome: Option<Decided>) -> i64 {
    let Some(outcome) = outcome else { return 0 };
    let two_way = |side: Side, happened: bool, profit: i64| match (side, happened) {
        (Side::Back, true) => profit,
        (Side::Back, false) => -stake,
        (Side::Lay, true) => -profit,
        (Side::Lay, false) => stake,
    };
    let per_100 = |rate_h: u32| stake * i64::from(rate_h) / 10_000;
    let decimal = |odds_h: u32| stake * (i64::from(odds_h) - 100).max(0) / 100;
    match (payoff, outcome) {
        (Payoff::Decimal { sid, odds_h, side }, Decided::Winner(w)) => two_way(*side, w == *sid, decimal(*odds_h)),
        (Payoff::Per100 { sid, odds_h, side }, Decided::Winner(w)) => two_way(*side, w == *sid, per_100(*odds_h)),
        (Payoff::Binary { odds_h, side }, Decided::Happened(h)) => two_way(*side, h, decimal(*odds_h)),
        (Payoff::Line { line, rate_h, side: Side::Back }, Decided::Runs(r)) => if r >= *line { per_100(*rate_h) } else { -stake },
        (Payoff::Line { line, rate_h, side: Side::Lay }, Decided::Runs(r)) => if r < *line { stake } else { -per_100(*rate_h) },
        (Payoff::Range { line, width, rate_h }, Decided::Runs(r)) => if r >= *line && r < line + width { per_100(*rate_h) } else { -stake },
        (Payoff::Meter { line, side }, Decided::Runs(r)) => {
            let cap = i64::from(METER_RUNS_CAP);
            let diff = (i64::from(r) - i64::from(*line)).clamp(-cap, cap);
            if *side == Side::Back { stake * diff } else { -stake * diff }
        }
        (Payoff::Item { rate_h, side, .. }, Decided::Item(outcome)) => {
            let back = match outcome {
                ItemOutcome::Win => decimal(*rate_h),
                ItemOutcome::HalfWin => decimal(*rate_h) / 2,
                ItemOutcome::Pays { rate } => decimal(rate.0),
                ItemOutcome::Push => 0,
                ItemOutcome::HalfLose => -(stake / 2),
                ItemOutcome::Lose => -stake,
            };
            if *side == Side::Back { back } else { -back }
        }
        _ => 0,
    }
}

/// Whether a result fits a market: spec and DESIGN §3, written again here.
pub fn fits(market: &Market, result: &MarketResult) -> bool {
    let has = |sid: &u32| market.section.iter().any(|s| s.sid == *sid);
    match (market.gtype, result) {
        (_, MarketResult::Void) => true,
        (MarketType::Match | MarketType::Match1 | MarketType::Cricketcasino, MarketResult::Winner { sid }) => has(sid),
        (MarketType::Fancy | MarketType::Meter | MarketType::Khado | MarketType::Oddeven, MarketResult::Runs { value }) => *value <= RUNS_MAX,
        (MarketType::Fancy1, MarketResult::Happened { sids }) => sids.iter().all(has) && sids.iter().collect::<BTreeSet<_>>().len() == sids.len(),
        _ => false,
    }
}

/// A market's stake limits (spec §5): match types take the market's min/max, else minb/maxb;
/// the others a section's, else the market's; 1.00 and the largest amount where none is given.
fn stake_limits(market: &Market, sid: u32) -> (i64, i64) {
    let positive = |m: schemas::Money| (m.0 > 0).then_some(m.0);
    let section = market.section.iter().find(|s| s.sid == sid);
    let (min, max) = match market.gtype {
        MarketType::Match | MarketType::Match1 => (positive(market.min).or(positive(market.minb)), positive(market.max).or(positive(market.maxb))),
        _ => (section.and_then(|s| positive(s.min)).or(positive(market.min)), section.and_then(|s| positive(s.max)).or(positive(market.max))),
    };
    (min.unwrap_or(100), max.unwrap_or(schemas::AMOUNT_MINOR_MAX))
}

/// Whether the price a bet asked was on offer in the market it was decided against.
fn price_on_offer(market: &Market, sid: u32, side: Side, asked: u32) -> bool {
    let Some(section) = market.section.iter().find(|s| s.sid == sid) else { return false };
    let Some(current) = section.odds.iter().find(|l| l.otype == side).map(|l| l.odds.0) else { return false };
    let exact = matches!(market.gtype, MarketType::Match1 | MarketType::Fancy | MarketType::Meter | MarketType::Khado);
    match side {
        _ if exact => current == asked,
        Side::Back => current >= asked,
        Side::Lay => current <= asked,
    }
}

/// The commands that settle bets: only these may carry `BetsSettled`.
fn settles(command: &Command) -> bool {
    matches!(
        command,
        Command::Sports(SportsCommand::SettleMarket { .. } | SportsCommand::StartFeed { .. })
            | Command::Casino(CasinoCommand::SettleRound { .. } | CasinoCommand::OpenRound { .. })
            | Command::Oversight(OperatorCommand::OperatorMarket { action: MarketAction::Settle { .. }, .. })
            | Command::Oversight(OperatorCommand::OperatorDealing { action: DealingAction::VoidRound { .. }, .. })
    )
}

impl Model {
    pub fn balance_minor(&self, user_id: UserId) -> i64 {
        self.external.get(&user_id).copied().unwrap_or(0) + self.settled.get(&user_id).copied().unwrap_or(0)
    }

    /// The money a command moves in or out of the exchange (not between a player and the house).
    fn external_delta(&self, command: &Command) -> i64 {
        match command {
            Command::Accounts(AccountCommand::Credit { amount_minor, .. }) => *amount_minor,
            Command::Accounts(AccountCommand::Debit { amount_minor, .. }) => -amount_minor,
            Command::Accounts(AccountCommand::DemoLogin { play_balance_minor, .. }) => *play_balance_minor,
            Command::Oversight(OperatorCommand::Operator { action: AccountAction::Credit { amount_minor }, .. }) => *amount_minor,
            Command::Oversight(OperatorCommand::Operator { action: AccountAction::Debit { amount_minor }, .. }) => -amount_minor,
            Command::Wallet(WalletCommand::RequestWithdrawal { amount_minor, .. }) => -amount_minor,
            Command::Wallet(WalletCommand::Approve { request_id, .. }) => self.wallet.get(request_id).map_or(0, |(_, amount, deposit)| if *deposit { *amount } else { 0 }),
            Command::Wallet(WalletCommand::Reject { request_id, .. }) => self.wallet.get(request_id).map_or(0, |(_, amount, deposit)| if *deposit { 0 } else { *amount }),
            Command::Wallet(WalletCommand::GrantCoupon { amount_minor, active: true, .. }) => *amount_minor,
            Command::Wallet(WalletCommand::ActivateCoupon { coupon_id }) => self.coupons.get(coupon_id).map_or(0, |(amount, _)| *amount),
            _ => 0,
        }
    }

    /// A command the ledger committed, with its events in log order.
    pub fn committed(&mut self, planned: &Planned, events: &[Envelope]) -> Result<(), String> {
        let command = &planned.submission.command;
        if planned.expect == Expect::Reject {
            return Err(format!("{} was taken, but the ledger must refuse it: {command:?} gave {events:?}", planned.what));
        }
        if !planned.submission.write {
            return Ok(());
        }
        let expected_external = self.external_delta(command);
        let mut external = 0;
        let mut resulted = BTreeSet::new();
        for envelope in events {
            if let Some(seq) = self.log.last().map(|e| e.seq) {
                if envelope.seq != seq + 1 {
                    return Err(format!("event at seq {} follows seq {seq}", envelope.seq));
                }
            }
            self.event(command, envelope, &mut external, &mut resulted).map_err(|e| format!("{} ({command:?}), seq {}: {e}", planned.what, envelope.seq))?;
            self.log.push(envelope.clone());
        }
        if external != expected_external {
            return Err(format!("{} moved {external} in or out of the exchange; it asked for {expected_external}: {events:?}", planned.what));
        }
        for mid in resulted {
            if let Some(open) = self.open_by_mid.get(&mid).filter(|open| !open.is_empty()) {
                return Err(format!("{}: market or round {mid} resulted with bets {open:?} still open", planned.what));
            }
        }
        Ok(())
    }

    fn event(&mut self, command: &Command, envelope: &Envelope, external: &mut i64, resulted: &mut BTreeSet<u64>) -> Result<(), String> {
        match &envelope.event {
            Event::Accounts(AccountEvent::AccountOpened { user_id, username, role, .. }) => {
                if let Some(other) = self.usernames.insert(username.to_lowercase(), *user_id) {
                    return Err(format!("a second account named {username:?} (user {user_id}; user {other} has the name)"));
                }
                if self.roles.insert(*user_id, *role).is_some() {
                    return Err(format!("user id {user_id} opened twice"));
                }
            }
            Event::Accounts(AccountEvent::Credited { user_id, amount_minor, balance_after_minor, .. }) => {
                self.money(*user_id, *amount_minor, *balance_after_minor, external)?;
            }
            Event::Accounts(AccountEvent::Debited { user_id, amount_minor, balance_after_minor, .. }) => {
                self.money(*user_id, -amount_minor, *balance_after_minor, external)?;
            }
            Event::Bets(BetEvent::BetPlaced { bet_id, user_id, request_id, gmid, book, kind, payoff, stake_minor, info, .. }) => {
                self.bet_placed(command, envelope.at_ms, *user_id, request_id, *gmid, *book, payoff, *stake_minor, info)?;
                if self.bets.insert(*bet_id, ModelBet { user_id: *user_id, book: *book, kind: kind.clone(), payoff: payoff.clone(), stake_minor: *stake_minor, settled: false }).is_some() {
                    return Err(format!("bet id {bet_id} placed twice"));
                }
                self.open_by_mid.entry(book.mid).or_default().insert(*bet_id);
            }
            Event::Bets(BetEvent::BetsSettled { user_id, mid, bets, total_minor, balance_after_minor, .. }) => {
                if !settles(command) {
                    return Err("bets settled by a command that settles nothing".into());
                }
                self.settle(*user_id, *mid, bets, *total_minor, *balance_after_minor)?;
            }
            Event::Sports(SportsEvent::MarketResulted { mid, result, .. }) => {
                self.market_resulted(command, *mid, result)?;
                resulted.insert(*mid);
            }
            Event::Casino(CasinoEvent::RoundResulted { book, result, .. }) => {
                if self.rounds.insert(*book, result.clone()).is_some() {
                    return Err(format!("round {book} resulted twice"));
                }
                resulted.insert(*book);
            }
            Event::Casino(CasinoEvent::TableLocked { table }) => {
                self.locked_tables.insert(*table);
            }
            Event::Casino(CasinoEvent::TableUnlocked { table }) => {
                self.locked_tables.remove(table);
            }
            Event::Oversight(OversightEvent::OperatorActed { user_id, action: AccountAction::LockBetting, .. }) => {
                self.locked_users.insert(*user_id);
            }
            Event::Oversight(OversightEvent::OperatorActed { user_id, action: AccountAction::UnlockBetting, .. }) => {
                self.locked_users.remove(user_id);
            }
            Event::Wallet(WalletEvent::DepositRequested { request_id, user_id, amount_minor, .. }) => {
                self.wallet.insert(*request_id, (*user_id, *amount_minor, true));
            }
            Event::Wallet(WalletEvent::WithdrawalRequested { request_id, user_id, amount_minor, .. }) => {
                self.wallet.insert(*request_id, (*user_id, *amount_minor, false));
            }
            Event::Wallet(WalletEvent::CouponGranted { coupon_id, amount_minor, active, .. }) if self.coupons.insert(*coupon_id, (*amount_minor, *active)).is_some() => {
                return Err(format!("coupon {coupon_id} granted twice"));
            }
            Event::Wallet(WalletEvent::CouponActivated { coupon_id }) => match self.coupons.get_mut(coupon_id) {
                Some((_, credited)) if !*credited => *credited = true,
                _ => return Err(format!("coupon {coupon_id} credited twice, or never granted")),
            },
            _ => {}
        }
        Ok(())
    }

    fn money(&mut self, user_id: UserId, delta: i64, balance_after: i64, external: &mut i64) -> Result<(), String> {
        if !self.roles.contains_key(&user_id) {
            return Err(format!("money moved for unknown user {user_id}"));
        }
        *self.external.entry(user_id).or_default() += delta;
        *external += delta;
        let balance = self.balance_minor(user_id);
        if balance_after != balance {
            return Err(format!("user {user_id}'s balance after is {balance_after}, the model's {balance}"));
        }
        Ok(())
    }

    /// A bet the ledger took must have been one it may take.
    #[allow(clippy::too_many_arguments)]
    fn bet_placed(&mut self, command: &Command, at_ms: i64, user_id: UserId, request_id: &str, gmid: u64, book: BookKey, payoff: &Payoff, stake: i64, info: &ledger::BetInfo) -> Result<(), String> {
        match self.roles.get(&user_id) {
            Some(Role::User | Role::Demo) => {}
            other => return Err(format!("a bet taken from user {user_id} of role {other:?}")),
        }
        if self.locked_users.contains(&user_id) {
            return Err(format!("a bet taken from user {user_id}, whose betting is locked"));
        }
        if let Some(then) = self.requests.insert((user_id, request_id.to_owned()), at_ms) {
            if at_ms - then < REQUEST_ID_WINDOW_MS {
                return Err(format!("request {request_id:?} of user {user_id} placed a second bet {} ms after the first", at_ms - then));
            }
        }
        if self.results.contains_key(&book.mid) || self.rounds.contains_key(&book.mid) {
            return Err(format!("a bet taken on market {} after its result", book.mid));
        }
        match command {
            Command::Sports(SportsCommand::PlaceBet { market, delay, .. }) => {
                let (min, max) = stake_limits(market, info.sid);
                if stake < min || stake > max {
                    return Err(format!("stake {stake} taken outside the limits {min}..={max}"));
                }
                if !matches!(market.status.as_str(), "OPEN" | "ACTIVE") {
                    return Err(format!("a bet taken on a market shown {}", market.status));
                }
                if !market.section.iter().any(|s| s.sid == info.sid && matches!(s.gstatus.as_str(), "OPEN" | "ACTIVE")) {
                    return Err(format!("a bet taken on section {} that is not shown active", info.sid));
                }
                if !price_on_offer(market, info.sid, info.side, info.price_h) {
                    return Err(format!("a bet taken at {} {:?} when the market did not offer it", info.price_h, info.side));
                }
                let delay_ms = if delay.in_play { i64::from(market.rc) * delay.ms_per_sec } else { 0 };
                if at_ms - info.requested_at_ms < delay_ms {
                    return Err(format!("an in-play bet taken {} ms after it was asked, before its delay of {delay_ms} ms", at_ms - info.requested_at_ms));
                }
            }
            Command::Casino(CasinoCommand::PlaceCasinoBet { item, .. }) => {
                let table = ledger::casino::model::table_number(gmid);
                if self.locked_tables.contains(&table) {
                    return Err(format!("a casino bet taken on locked table {table}"));
                }
                let rate = if info.side == Side::Back { item.b.0 } else { item.l.0 };
                if rate != info.price_h || rate <= 100 || stake < item.min.0.max(100) || (item.max.0 > 0 && stake > item.max.0) {
                    return Err(format!("a casino bet taken at rate {} (shown {rate}) with stake {stake}", info.price_h));
                }
                if !matches!(payoff, Payoff::Item { .. }) {
                    return Err(format!("a casino bet with payoff {payoff:?}"));
                }
            }
            other => return Err(format!("a bet placed by {other:?}")),
        }
        Ok(())
    }

    fn settle(&mut self, user_id: UserId, mid: u64, bets: &[(u64, i64)], total: i64, balance_after: i64) -> Result<(), String> {
        let mut sum = 0;
        for (bet_id, pnl_minor) in bets {
            let bet = self.bets.get(bet_id).ok_or_else(|| format!("bet {bet_id} settled, but no such bet was placed"))?.clone();
            if bet.settled || bet.user_id != user_id || bet.book.mid != mid {
                return Err(format!("bet {bet_id} settled twice, or for another user or market"));
            }
            let outcome = match (self.results.get(&mid), self.rounds.get(&mid)) {
                (Some(result), _) => decided(&bet.kind, bet.book, &Resulted::Market(result)),
                (None, Some(round)) => decided(&bet.kind, bet.book, &Resulted::Round(round)),
                (None, None) => return Err(format!("bet {bet_id} settled before its market {mid} has a result")),
            };
            let expected = pnl(&bet.payoff, bet.stake_minor, outcome);
            if *pnl_minor != expected {
                return Err(format!("bet {bet_id} ({:?}, stake {}) settled at {pnl_minor}; by the rules it makes {expected}", bet.payoff, bet.stake_minor));
            }
            sum += pnl_minor;
            self.bets.get_mut(bet_id).expect("just read").settled = true;
            self.open_by_mid.get_mut(&mid).map(|open| open.remove(bet_id));
            self.bets_settled += 1;
        }
        if sum != total {
            return Err(format!("settlement total {total} is not the sum {sum} of its bets"));
        }
        *self.settled.entry(user_id).or_default() += total;
        self.house_pnl_minor -= total;
        let balance = self.balance_minor(user_id);
        if balance_after != balance {
            return Err(format!("user {user_id}'s balance after settlement is {balance_after}, the model's {balance}"));
        }
        Ok(())
    }

    fn market_resulted(&mut self, command: &Command, mid: u64, result: &MarketResult) -> Result<(), String> {
        if self.results.contains_key(&mid) {
            return Err(format!("market {mid} resulted twice"));
        }
        let market = match command {
            Command::Sports(SportsCommand::SettleMarket { market, .. }) => Some(market),
            Command::Oversight(OperatorCommand::OperatorMarket { market, .. }) => market.as_ref(),
            Command::Sports(SportsCommand::StartFeed { .. }) if *result == MarketResult::Void => None,
            other => return Err(format!("market {mid} resulted by {other:?}")),
        };
        if let Some(market) = market {
            if market.mid != mid || !fits(market, result) {
                return Err(format!("market {mid} resulted {result:?}, which does not fit it ({:?}, sections {:?})", market.gtype, market.section.iter().map(|s| s.sid).collect::<Vec<_>>()));
            }
        }
        if *result != MarketResult::Void {
            for bet_id in self.open_by_mid.get(&mid).into_iter().flatten() {
                let bet = &self.bets[bet_id];
                if decided(&bet.kind, bet.book, &Resulted::Market(result)).is_none() {
                    return Err(format!("market {mid} resulted {result:?}, which decides nothing of bet {bet_id}'s book ({:?}): the bet would be void", bet.kind));
                }
            }
        }
        self.results.insert(mid, result.clone());
        Ok(())
    }

    /// A valid result of a market without one must be taken (the oracle of settlements).
    pub fn must_take(&self, command: &Command) -> bool {
        match command {
            Command::Sports(SportsCommand::SettleMarket { gmid, mid, result, market }) => {
                let books_decided = *result == MarketResult::Void
                    || self.open_by_mid.get(mid).into_iter().flatten().all(|id| decided(&self.bets[id].kind, self.bets[id].book, &Resulted::Market(result)).is_some());
                let sports_id = *mid < ledger::ids::CASINO_ID_BASE;
                sports_id && market.gmid == *gmid && market.mid == *mid && !self.results.contains_key(mid) && fits(market, result) && books_decided
            }
            _ => false,
        }
    }

    /// The state after a step, against the model.
    pub fn check_state(&self, state: &State) -> Result<(), String> {
        let accounts = &state.accounts;
        if accounts.users.len() != self.roles.len() || accounts.by_username.len() != accounts.users.len() {
            return Err(format!("{} users, {} names, the model {}", accounts.users.len(), accounts.by_username.len(), self.roles.len()));
        }
        let mut total = 0;
        for user in accounts.users.values() {
            let balance = self.balance_minor(user.id);
            if user.balance_minor != balance {
                return Err(format!("{} has balance {}, but money in and out and settled bets give {balance}", user.username, user.balance_minor));
            }
            if user.exposure_minor < 0 || user.available_minor() < 0 {
                return Err(format!("{} has exposure {} and available {}", user.username, user.exposure_minor, user.available_minor()));
            }
            total += user.balance_minor;
        }
        let external: i64 = self.external.values().sum();
        if total + self.house_pnl_minor != external {
            return Err(format!("balances {total} + the house's P/L {} != money in less money out {external}", self.house_pnl_minor));
        }
        for session in accounts.sessions.values() {
            if !accounts.users.contains_key(&session.user_id) {
                return Err(format!("session {} of unknown user {}", session.id, session.user_id));
            }
        }
        if accounts.by_access.len() != accounts.sessions.len() || accounts.by_refresh.len() != accounts.sessions.len() {
            return Err(format!("{} sessions, {} access tokens, {} refresh tokens", accounts.sessions.len(), accounts.by_access.len(), accounts.by_refresh.len()));
        }
        for user in accounts.users.values() {
            if let Some(id) = user.current_session {
                if accounts.sessions.get(&id).is_none_or(|s| s.user_id != user.id) {
                    return Err(format!("{}'s current session {id} is not theirs or not live", user.username));
                }
            }
        }
        let open_in_state: usize = state.betting.books.values().map(|b| b.open.values().map(Vec::len).sum::<usize>()).sum();
        let open_in_model: usize = self.open_by_mid.values().map(BTreeSet::len).sum();
        if open_in_state != open_in_model {
            return Err(format!("{open_in_state} open bets in the state, {open_in_model} in the model"));
        }
        Ok(())
    }
}
