//! `decide` for operators' actions: the record of the action, then the events of the aggregate
//! that carries it out (`E` holds them all), or a refusal of any of them (`R`).

use crate::accounts::decide::{check_remark, end_sessions};
use crate::accounts::messages::{AccountCommand, AccountEvent, AccountReject, SessionEnd};
use crate::accounts::model::Accounts;
use crate::bets::messages::{BetEvent, BetReject};
use crate::bets::model::Betting;
use crate::book::decide::cancel_by_operator;
use crate::book::messages::OrderEvent;
use crate::book::model::Exchange;
use crate::casino::decide::settle_round;
use crate::casino::messages::{CasinoEvent, CasinoReject};
use crate::casino::model::Casino;
use crate::ids::UserId;
use crate::oversight::messages::{AccountAction, DealingAction, MarketAction, OperatorCommand, OversightEvent, OversightReject};
use crate::sports::decide::settle_market;
use crate::sports::messages::SportsEvent;
use crate::sports::model::Sports;
use crate::sports::results::MarketShape;
use schemas::sports::Market;
use schemas::Role;

/// The parts of the state an operator's action reads.
#[derive(Clone, Copy)]
pub struct Overseen<'a> {
    pub accounts: &'a Accounts,
    pub betting: &'a Betting,
    pub exchange: &'a Exchange,
    pub sports: &'a Sports,
    pub casino: &'a Casino,
}

pub fn decide<E, R>(state: Overseen<'_>, at_ms: i64, command: &OperatorCommand) -> Result<Vec<E>, R>
where
    E: From<OversightEvent> + From<AccountEvent> + From<SportsEvent> + From<BetEvent> + From<OrderEvent> + From<CasinoEvent>,
    R: From<OversightReject> + From<AccountReject> + From<BetReject> + From<CasinoReject>,
{
    match command {
        OperatorCommand::Operator { by, username, action, remark } => operator_action(state, at_ms, *by, username, action, remark),
        OperatorCommand::OperatorMarket { by, gmid, mid, action, remark, market } => operator_market(state, *by, *gmid, *mid, action, remark, market.as_ref()),
        OperatorCommand::OperatorDealing { by, gtype, action, remark } => operator_dealing(state, *by, gtype, action, remark),
        OperatorCommand::OperatorTable { by, table, locked, remark } => {
            check_operator(state.accounts, *by)?;
            check_remark(remark)?;
            if state.casino.locked_tables.contains(table) == *locked {
                return Err(OversightReject::NothingToChange(if *locked { "the table is already locked" } else { "the table is not locked" }).into());
            }
            let effect = if *locked { CasinoEvent::TableLocked { table: *table } } else { CasinoEvent::TableUnlocked { table: *table } };
            Ok(vec![OversightEvent::TableActed { by: *by, table: *table, locked: *locked, remark: remark.clone() }.into(), effect.into()])
        }
    }
}

/// An operator's action on an account: the record of who did it and why, then what it does.
fn operator_action<E, R>(state: Overseen<'_>, at_ms: i64, by: UserId, username: &str, action: &AccountAction, remark: &str) -> Result<Vec<E>, R>
where
    E: From<OversightEvent> + From<AccountEvent> + From<OrderEvent>,
    R: From<OversightReject> + From<AccountReject>,
{
    let accounts = state.accounts;
    check_operator(accounts, by)?;
    let user = accounts.user_by_name(username).ok_or(AccountReject::UnknownUser)?;
    check_remark(remark)?;
    let money = |command: AccountCommand| crate::accounts::decide(accounts, at_ms, &command);
    let mut effects: Vec<E> = match action {
        AccountAction::Credit { amount_minor } => money(AccountCommand::Credit { username: username.to_owned(), amount_minor: *amount_minor, remark: remark.to_owned() })?.into_iter().map(E::from).collect(),
        AccountAction::Debit { amount_minor } => money(AccountCommand::Debit { username: username.to_owned(), amount_minor: *amount_minor, remark: remark.to_owned() })?.into_iter().map(E::from).collect(),
        AccountAction::CancelOrders { mid } => match cancel_by_operator(accounts, state.exchange, user.id, *mid) {
            cancelled if cancelled.is_empty() => return Err(OversightReject::NothingToChange("the account has no unmatched orders there").into()),
            cancelled => cancelled.into_iter().map(E::from).collect(),
        },
        AccountAction::LockBetting if user.betting_locked => return Err(OversightReject::NothingToChange("betting is already locked").into()),
        AccountAction::UnlockBetting if !user.betting_locked => return Err(OversightReject::NothingToChange("betting is not locked").into()),
        AccountAction::LockBetting | AccountAction::UnlockBetting | AccountAction::ResetPassword { .. } | AccountAction::EndSessions => Vec::new(),
    };
    if action.ends_sessions() {
        let ended = end_sessions(accounts, user.id, SessionEnd::EndedByOperator);
        if ended.is_empty() && *action == AccountAction::EndSessions {
            return Err(OversightReject::NothingToChange("the user has no open session").into());
        }
        effects.extend(ended.into_iter().map(E::from));
    }
    let mut events = vec![OversightEvent::OperatorActed { by, user_id: user.id, action: action.clone(), remark: remark.to_owned() }.into()];
    events.extend(effects);
    Ok(events)
}

/// An operator's action on a sports market (`mid`) or a whole fixture: the record, then a
/// settlement when it settles, whose result must fit `market`, the market as the book shows it.
fn operator_market<E, R>(state: Overseen<'_>, by: UserId, gmid: u64, mid: Option<u64>, action: &MarketAction, remark: &str, market: Option<&Market>) -> Result<Vec<E>, R>
where
    E: From<OversightEvent> + From<SportsEvent> + From<BetEvent> + From<OrderEvent>,
    R: From<OversightReject> + From<AccountReject> + From<BetReject>,
{
    check_operator(state.accounts, by)?;
    check_remark(remark)?;
    if mid.is_some_and(|mid| state.sports.resulted.contains(mid)) {
        return Err(BetReject::AlreadySettled.into());
    }
    let held = state.sports.market_holds.contains(&(gmid, mid));
    let effects = match (action, mid) {
        (MarketAction::Suspend, _) if held => return Err(OversightReject::NothingToChange("it is already suspended").into()),
        (MarketAction::Resume, _) if !held => return Err(OversightReject::NothingToChange("it is not suspended by an operator").into()),
        (MarketAction::Settle { result }, Some(mid)) => {
            let market = market.filter(|m| m.gmid == gmid && m.mid == mid).ok_or(BetReject::UnknownMarket)?;
            settle_market(state.accounts, state.betting, state.exchange, state.sports, gmid, mid, result, Some(&MarketShape::of(market)))?.into_events()
        }
        (MarketAction::MovePrice { .. } | MarketAction::Settle { .. }, None) => return Err(BetReject::UnknownMarket.into()),
        (MarketAction::Finish { .. }, Some(_)) => return Err(BetReject::UnknownMarket.into()),
        (MarketAction::Suspend | MarketAction::Resume | MarketAction::MovePrice { .. } | MarketAction::Finish { .. }, _) => Vec::new(),
    };
    let mut events = vec![OversightEvent::MarketActed { by, gmid, mid, action: action.clone(), remark: remark.to_owned() }.into()];
    events.extend(effects);
    Ok(events)
}

/// An operator's action on a casino table's dealing: the record, then a void's settlement.
fn operator_dealing<E, R>(state: Overseen<'_>, by: UserId, gtype: &str, action: &DealingAction, remark: &str) -> Result<Vec<E>, R>
where
    E: From<OversightEvent> + From<CasinoEvent> + From<BetEvent>,
    R: From<OversightReject> + From<AccountReject> + From<BetReject> + From<CasinoReject>,
{
    check_operator(state.accounts, by)?;
    check_remark(remark)?;
    let paused = state.casino.paused_tables.contains(gtype);
    let effects = match action {
        DealingAction::Pause if paused => return Err(OversightReject::NothingToChange("dealing is already paused").into()),
        DealingAction::Resume if !paused => return Err(OversightReject::NothingToChange("dealing is not paused").into()),
        DealingAction::VoidRound { mid } => settle_round::<E, R>(state.accounts, state.betting, state.casino, gtype, mid, None)?,
        DealingAction::Pause | DealingAction::Resume | DealingAction::Stack { .. } => Vec::new(),
    };
    let mut events = vec![OversightEvent::DealingActed { by, gtype: gtype.to_owned(), action: action.clone(), remark: remark.to_owned() }.into()];
    events.extend(effects);
    Ok(events)
}

fn check_operator(accounts: &Accounts, by: UserId) -> Result<(), OversightReject> {
    if accounts.users.get(&by).is_none_or(|operator| operator.role != Role::Operator) {
        return Err(OversightReject::NotAnOperator);
    }
    Ok(())
}
