//! Given/when/then over the pure core: given these events, when this command, then these
//! events (or this rejection).

#![allow(dead_code)]

use ledger::AccountEvent;
use ledger::{apply, decide, BetInfo, Command, Envelope, Event, Reject, State, TokenGrant};
use schemas::sports::{Market, MarketType, OddsLevel, Price, Section, Side};
use schemas::{Money, Role};

pub const T0: i64 = 1_700_000_000_000;

pub fn given(events: Vec<Event>) -> State {
    let mut state = State::default();
    for (i, event) in events.into_iter().enumerate() {
        apply(&mut state, &Envelope { seq: i as u64 + 1, at_ms: T0, event });
    }
    state
}

/// The history rows of one kind that `events` add to `user_id`'s pages (`ledger::history`).
pub fn history_rows(events: &[Event], user_id: u64, kind: ledger::history::RowKind) -> Vec<ledger::history::Row> {
    events
        .iter()
        .enumerate()
        .flat_map(|(i, event)| ledger::history::rows_of(&Envelope { seq: i as u64 + 1, at_ms: T0, event: event.clone() }))
        .filter(|(user, row)| *user == user_id && row.kind() == kind)
        .map(|(_, row)| row)
        .collect()
}

pub fn when(state: &State, command: Command) -> Result<Vec<Event>, Reject> {
    decide(state, T0, &command)
}

/// Decides and applies: the state after a command (which must be accepted).
pub fn then_apply(state: &State, command: Command) -> State {
    let events = when(state, command).expect("accepted");
    let mut next = state.clone();
    for event in events {
        let seq = next.head_seq + 1;
        apply(&mut next, &Envelope { seq, at_ms: T0, event });
    }
    next
}

pub fn opened(user_id: u64, username: &str, role: Role) -> Event {
    Event::Accounts(AccountEvent::AccountOpened {
        user_id,
        username: username.into(),
        password_hash: format!("hash-{username}"),
        role,
        must_change_password: false,
        rules_accepted: false,
    })
}

pub fn credited(user_id: u64, amount_minor: i64, balance_after_minor: i64) -> Event {
    Event::Accounts(AccountEvent::Credited { user_id, amount_minor, remark: "top up".into(), balance_after_minor })
}

pub fn grant(tag: u8) -> TokenGrant {
    TokenGrant { access: [tag; 32], refresh: [tag.wrapping_add(100); 32], access_expires_ms: T0 + 60_000, refresh_expires_ms: T0 + 600_000 }
}

pub fn logged_in(user_id: u64, session_id: u64, tag: u8) -> Event {
    let g = grant(tag);
    Event::Accounts(AccountEvent::LoggedIn {
        user_id,
        session_id,
        access: g.access,
        refresh: g.refresh,
        access_expires_ms: g.access_expires_ms,
        refresh_expires_ms: g.refresh_expires_ms,
        ip: "10.0.0.1".into(),
        tool: false,
    })
}

pub fn section(sid: u32, back: u32, lay: u32) -> Section {
    let level = |otype, odds| OddsLevel { otype, odds: Price(odds), size: Price(10_000), tno: 0 };
    Section {
        sid,
        sno: sid,
        nat: format!("Runner {sid}"),
        gstatus: "ACTIVE".into(),
        min: Money(0),
        max: Money(0),
        rem: String::new(),
        width: 0,
        odds: vec![level(Side::Back, back), level(Side::Lay, lay)],
    }
}

pub fn market(mid: u64, gtype: MarketType, sections: Vec<Section>) -> Market {
    Market {
        mid,
        gmid: 500,
        mname: "Match Odds".into(),
        gtype,
        status: "OPEN".into(),
        min: Money(10_000),
        max: Money(0),
        minb: Money(5_000),
        maxb: Money(1_000_000),
        rc: 0,
        rem: String::new(),
        section: sections,
    }
}

pub fn match_odds() -> Market {
    market(7, MarketType::Match, vec![section(1, 185, 187), section(2, 210, 214), section(3, 400, 420)])
}

pub fn info(sid: u32, side: Side, price_h: u32) -> BetInfo {
    BetInfo {
        etid: 4,
        event_name: "A v B".into(),
        market_name: "Match Odds".into(),
        section_name: format!("Runner {sid}"),
        gtype: "match".into(),
        sid,
        side,
        price_h,
        ip: "1.2.3.4".into(),
        browser: "test".into(),
        requested_at_ms: 0,
        delay_ms: 0,
        fill: None,
    }
}

