//! The log is forever: every kind of event decodes from the bytes a log holds, and encodes to
//! them again. `log-format.hex` holds one record of each kind, written once
//! (`LOG_FORMAT_WRITE=1 cargo test -p ledger --test log_format`) and never rewritten: a change to
//! the events' types that changes their bytes fails here.

use ledger::{AccountEvent, BetEvent, CasinoEvent, OversightEvent, SportsEvent};
use ledger::betting::{BookKind, Payoff};
use ledger::{Closed, Fill, OrderEvent, Persistence};
use ledger::{AccountAction, BetInfo, BookKey, DealingAction, Envelope, Event, FeedWorld, MarketAction, SessionEnd};
use schemas::sports::{MarketResult, Side};
use schemas::Role;

fn info() -> BetInfo {
    BetInfo {
        etid: 4,
        event_name: "India v Australia".into(),
        market_name: "Match Odds".into(),
        section_name: "India".into(),
        gtype: "match".into(),
        sid: 7,
        side: Side::Lay,
        price_h: 185,
        ip: "127.0.0.1".into(),
        browser: "test".into(),
        requested_at_ms: 1_700_000_000_000,
        delay_ms: 3_000,
        fill: None,
    }
}

fn world() -> FeedWorld {
    FeedWorld { seed: 42, start_ms: 1_700_000_000_000, speed_milli: 1_000, fixtures_per_sport: 3, virtual_fixtures: 1 }
}

/// One event of every kind the core defines, with every field set.
fn events() -> Vec<Event> {
    let book = BookKey { mid: 9_001, scope: 7 };
    vec![
        Event::Accounts(AccountEvent::AccountOpened { user_id: 3, username: "player1".into(), password_hash: "$argon2id$x".into(), role: Role::User, must_change_password: true, rules_accepted: false }),
        Event::Accounts(AccountEvent::PasswordChanged { user_id: 3, password_hash: "$argon2id$y".into(), ip: "10.0.0.1".into() }),
        Event::Accounts(AccountEvent::RulesAccepted { user_id: 3 }),
        Event::Accounts(AccountEvent::LoggedIn { user_id: 3, session_id: 5, access: [1; 32], refresh: [2; 32], access_expires_ms: 11, refresh_expires_ms: 12, ip: "::1".into(), tool: true }),
        Event::Accounts(AccountEvent::TokensRotated { session_id: 5, access: [3; 32], refresh: [4; 32], access_expires_ms: 13, refresh_expires_ms: 14 }),
        Event::Accounts(AccountEvent::SessionEnded { session_id: 5, reason: SessionEnd::RefreshReused }),
        Event::Accounts(AccountEvent::Credited { user_id: 3, amount_minor: 10_000, remark: "deposit".into(), balance_after_minor: 10_000 }),
        Event::Accounts(AccountEvent::Debited { user_id: 3, amount_minor: 2_500, remark: "withdrawal".into(), balance_after_minor: 7_500 }),
        Event::Accounts(AccountEvent::ButtonsSet { user_id: 3, game: vec![("100".into(), 10_000)], casino: vec![("50".into(), 5_000)] }),
        Event::Bets(BetEvent::BetPlaced {
            bet_id: 17,
            user_id: 3,
            request_id: "r-1".into(),
            gmid: 88,
            book,
            kind: BookKind::Runners(vec![7, 8]),
            payoff: Payoff::Decimal { sid: 7, odds_h: 185, side: Side::Lay },
            stake_minor: 1_001,
            info: info(),
            book_exposure_after_minor: 850,
            exposure_after_minor: 850,
        }),
        Event::Bets(BetEvent::BetPlaced {
            bet_id: 18,
            user_id: 3,
            request_id: "r-2".into(),
            gmid: 88,
            book: BookKey { mid: 9_002, scope: 0 },
            kind: BookKind::Runs,
            payoff: Payoff::Meter { line: 150, side: Side::Back },
            stake_minor: 100,
            info: info(),
            book_exposure_after_minor: 5_000,
            exposure_after_minor: 5_850,
        }),
        Event::Sports(SportsEvent::MarketResulted { gmid: 88, mid: 9_001, result: MarketResult::Happened { sids: vec![1, 2] }, market: None }),
        Event::Sports(SportsEvent::FeedStarted { epoch: 2 }),
        Event::Bets(BetEvent::BetsSettled { user_id: 3, gmid: 88, mid: 9_001, bets: vec![(17, -850)], total_minor: -850, balance_after_minor: 6_650, exposure_after_minor: 0 }),
        Event::Casino(CasinoEvent::RoundOpened { gtype: "teen20".into(), mid: "2611271234567".into(), book: 8_000_002_611_271_234_567, gmid: 8_000_000_000_000_012 }),
        Event::Casino(CasinoEvent::RoundClosed { gtype: "teen20".into(), book: 8_000_002_611_271_234_567 }),
        Event::Casino(CasinoEvent::RoundResulted { gtype: "teen20".into(), book: 8_000_002_611_271_234_567, result: None }),
        Event::Casino(CasinoEvent::TableLocked { table: 12 }),
        Event::Casino(CasinoEvent::TableUnlocked { table: 12 }),
        Event::Sports(SportsEvent::FeedWorldStarted { epoch: 3, world: world() }),
        Event::Casino(CasinoEvent::CasinoWorldStarted { world: world() }),
        Event::Oversight(OversightEvent::OperatorActed { by: 2, user_id: 3, action: AccountAction::ResetPassword { password_hash: "$argon2id$z".into() }, remark: "asked by phone".into() }),
        Event::Oversight(OversightEvent::TableActed { by: 2, table: 12, locked: true, remark: "maintenance".into() }),
        Event::Oversight(OversightEvent::MarketActed { by: 2, gmid: 88, mid: Some(9_001), action: MarketAction::MovePrice { sid: 7, side: Side::Back, price_h: 190 }, remark: "fix".into() }),
        Event::Oversight(OversightEvent::MarketActed { by: 2, gmid: 88, mid: None, action: MarketAction::Finish { winner: "home".into() }, remark: "ended".into() }),
        Event::Oversight(OversightEvent::DealingActed { by: 2, gtype: "teen20".into(), action: DealingAction::Stack { cards: vec!["ASS".into()], round: "next".into() }, remark: "test".into() }),
        Event::Casino(CasinoEvent::RoundReopened { gtype: "teen20".into(), book: 8_000_002_611_271_234_567 }),
        Event::Accounts(AccountEvent::SessionEnded { session_id: 5, reason: SessionEnd::AccountRetired }),
        Event::Accounts(AccountEvent::DemoRetired { user_id: 3 }),
        Event::Bets(BetEvent::BetPlaced {
            bet_id: 21,
            user_id: 3,
            request_id: "r-3".into(),
            gmid: 88,
            book,
            kind: BookKind::Runners(vec![7, 8]),
            payoff: Payoff::Decimal { sid: 7, odds_h: 202, side: Side::Back },
            stake_minor: 500,
            info: BetInfo { fill: Some(Fill { order_id: 20, counter_order_id: 19, counter_bet_id: 22, implied: false, taken_minor: None }), ..info() },
            book_exposure_after_minor: 500,
            exposure_after_minor: 1_350,
        }),
        Event::Exchange(OrderEvent::OrderPlaced {
            order_id: 20,
            user_id: 3,
            request_id: "r-3".into(),
            gmid: 88,
            book,
            kind: BookKind::Runners(vec![7, 8]),
            sid: 7,
            side: Side::Back,
            price_h: 200,
            size_minor: 2_000,
            matched_minor: 500,
            self_match_minor: 100,
            persistence: Persistence::Keep,
            in_play: true,
            info: info(),
            replaces: Some(18),
            book_exposure_after_minor: 1_900,
            exposure_after_minor: 2_750,
        }),
        Event::Exchange(OrderEvent::OrdersClosed { user_id: 3, book, orders: vec![(20, 1_400)], why: Closed::LapsedAtResult, book_exposure_after_minor: 500, exposure_after_minor: 1_350 }),
        Event::Oversight(OversightEvent::OperatorActed { by: 2, user_id: 3, action: AccountAction::CancelOrders { mid: Some(9_001) }, remark: "bot".into() }),
        Event::Exchange(OrderEvent::CommissionSet { rate_bp: 500 }),
        Event::Bets(BetEvent::CommissionCharged {
            user_id: 3,
            gmid: 88,
            mid: 9_001,
            event_name: "A v B".into(),
            market_name: "Match Odds".into(),
            net_winnings_minor: 12_345,
            rate_bp: 500,
            commission_minor: 617,
            balance_after_minor: 111_728,
        }),
        Event::Bets(BetEvent::BetPlaced {
            bet_id: 30,
            user_id: 3,
            request_id: "r-4".into(),
            gmid: 88,
            book,
            kind: BookKind::Runners(vec![7, 8]),
            payoff: Payoff::Decimal { sid: 8, odds_h: 197, side: Side::Lay },
            stake_minor: 5_154,
            info: BetInfo { fill: Some(Fill { order_id: 28, counter_order_id: 27, counter_bet_id: 29, implied: true, taken_minor: None }), ..info() },
            book_exposure_after_minor: 4_999,
            exposure_after_minor: 6_349,
        }),
        Event::Exchange(OrderEvent::OrdersClosed { user_id: 3, book, orders: vec![(31, 700)], why: Closed::NonRunner, book_exposure_after_minor: 0, exposure_after_minor: 850 }),
        Event::Sports(SportsEvent::RunnerWithdrawn {
            gmid: 500_000_001,
            mid: 600_000_002,
            sid: 4,
            reduction_factor_bp: 2_500,
            holders: vec![ledger::racing::Holder { user_id: 3, books: vec![(BookKey { mid: 600_000_002, scope: 0 }, 1_200)], exposure_after_minor: 2_050 }],
            bets: vec![30, 32],
        }),
        Event::Bets(BetEvent::BetPlaced {
            bet_id: 32,
            user_id: 3,
            request_id: "r-5".into(),
            gmid: 500_000_001,
            book: BookKey { mid: 600_000_003, scope: 4 },
            kind: BookKind::Happens { sid: 4 },
            payoff: Payoff::Void,
            stake_minor: 1_000,
            info: info(),
            book_exposure_after_minor: 0,
            exposure_after_minor: 2_050,
        }),
        Event::Bets(BetEvent::BetPlaced {
            bet_id: 35,
            user_id: 3,
            request_id: "r-6".into(),
            gmid: 88,
            book,
            kind: BookKind::Runners(vec![7, 8]),
            payoff: Payoff::Decimal { sid: 8, odds_h: 234, side: Side::Lay },
            stake_minor: 11_194,
            info: BetInfo { fill: Some(Fill { order_id: 34, counter_order_id: 33, counter_bet_id: 36, implied: true, taken_minor: Some(15_000) }), ..info() },
            book_exposure_after_minor: 15_000,
            exposure_after_minor: 17_050,
        }),
    ]
}

fn envelopes() -> Vec<Envelope> {
    events().into_iter().enumerate().map(|(i, event)| Envelope { seq: i as u64 + 1, at_ms: 1_700_000_000_000 + i as i64, event }).collect()
}

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/log-format.hex");

#[test]
fn every_kind_of_event_keeps_its_bytes() {
    let encoded: Vec<String> = envelopes().iter().map(|e| hex::encode(ledger::store::encode(e))).collect();
    if std::env::var_os("LOG_FORMAT_WRITE").is_some() {
        std::fs::write(FIXTURE, encoded.join("\n") + "\n").expect("writing the fixture");
    }
    let fixture = std::fs::read_to_string(FIXTURE).expect("the fixture is committed");
    let lines: Vec<&str> = fixture.lines().collect();
    assert_eq!(lines.len(), encoded.len(), "one record of each kind");
    for ((line, now), envelope) in lines.iter().zip(&encoded).zip(envelopes()) {
        let bytes = hex::decode(line).expect("hex");
        let decoded = ledger::store::decode(envelope.seq, &bytes).expect("a record of the log decodes");
        assert_eq!(decoded, envelope, "record {} decodes to the same event", envelope.seq);
        assert_eq!(line, now, "record {} encodes to the same bytes", envelope.seq);
    }
}
