//! Random command sequences: after every step the DESIGN §5 invariants hold, and replaying the
//! log from zero gives the live state byte for byte.

mod common;

use ledger::{AccountCommand, AccountEvent, BetEvent, SportsCommand};
use common::{info, market, match_odds, section, T0};
use ledger::{apply, audit, decide, Command, Envelope, MemStore, State, Store, TokenGrant};
use proptest::prelude::*;
use schemas::sports::{MarketResult, MarketType, Side};
use schemas::{Money, Role};
use std::collections::BTreeMap;

const NAMES: [&str; 4] = ["ann", "ben", "cat", "dan"];

fn grant(n: u8) -> TokenGrant {
    TokenGrant { access: [n; 32], refresh: [n ^ 0xff; 32], access_expires_ms: T0 + 1_000, refresh_expires_ms: T0 + 50_000 }
}

fn command() -> impl Strategy<Value = Command> {
    let name = prop::sample::select(NAMES.to_vec()).prop_map(String::from);
    let amount = prop_oneof![-100i64..0, 1i64..50_000, Just(schemas::AMOUNT_MINOR_MAX + 1)];
    prop_oneof![
        name.clone().prop_map(|username| Command::Accounts(AccountCommand::OpenAccount { password_hash: format!("h-{username}"), username, role: Role::User, must_change_password: false, rules_accepted: false })),
        (name.clone(), amount.clone()).prop_map(|(username, amount_minor)| Command::Accounts(AccountCommand::Credit { username, amount_minor, remark: "in".into() })),
        (name.clone(), amount).prop_map(|(username, amount_minor)| Command::Accounts(AccountCommand::Debit { username, amount_minor, remark: "out".into() })),
        (name.clone(), any::<u8>()).prop_map(|(username, n)| Command::Accounts(AccountCommand::Login { password_hash_seen: format!("h-{username}"), username, grant: grant(n), ip: "127.0.0.1".into(), tool: false })),
        (any::<u8>(), any::<u8>()).prop_map(|(old, new)| Command::Accounts(AccountCommand::Refresh { presented: [old ^ 0xff; 32], grant: grant(new) })),
        (1u64..6).prop_map(|session_id| Command::Accounts(AccountCommand::Logout { session_id })),
        (1u64..6).prop_map(|user_id| Command::Accounts(AccountCommand::AcceptRules { user_id })),
        (any::<u8>(), 1u64..6).prop_map(|(n, user_id)| Command::Accounts(AccountCommand::SetButtons { user_id, game: vec![(format!("b{n}"), n as i64 * 100)], casino: vec![("c".into(), 5)] })),
        (any::<u8>(),).prop_map(|(n,)| Command::Accounts(AccountCommand::DemoLogin { password_hash: "x".into(), play_balance_minor: 150_000, grant: grant(n), ip: "127.0.0.1".into(), demo_accounts_max: 3 })),
        prop_oneof![Just(T0 + 1_000), Just(i64::MAX)].prop_map(|opened_before_ms| Command::Accounts(AccountCommand::RetireDemoAccounts { opened_before_ms })),
        bet(),
        bet(),
        bet(),
        settle(),
    ]
}

/// Bets on a match-odds market (mid 7) and a fancy line (mid 9), some at stale prices.
fn bet() -> impl Strategy<Value = Command> {
    let side = prop_oneof![Just(Side::Back), Just(Side::Lay)];
    (1u64..6, 1u32..4, side, 100i64..40_000, any::<bool>(), any::<u16>()).prop_map(|(user_id, sid, side, stake_minor, fancy, n)| {
        let (market, price_h) = if fancy {
            let mut line = market(9, MarketType::Fancy, vec![section(1, 4_600, 4_500)]);
            line.min = Money(100);
            (line, if side == Side::Back { 4_600 } else { 4_500 })
        } else {
            let mut odds = match_odds();
            odds.min = Money(100);
            let sid_index = (sid - 1) as usize;
            let level = odds.section[sid_index].odds.iter().find(|l| l.otype == side).map_or(0, |l| l.odds.0);
            (odds, level)
        };
        let sid = if fancy { 1 } else { sid };
        Command::Sports(SportsCommand::PlaceBet { user_id, request_id: format!("req-{n}"), market, delay: ledger::BetDelay::default(), stake_minor, info: info(sid, side, price_h), accept_odds: Default::default() })
    })
}

fn settle() -> impl Strategy<Value = Command> {
    prop_oneof![
        (1u32..4).prop_map(|sid| Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result: MarketResult::Winner { sid }, market: match_odds() })),
        (30u32..60).prop_map(|value| Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 9, result: MarketResult::Runs { value }, market: market(9, MarketType::Fancy, vec![section(1, 4_600, 4_500)]) })),
        Just(Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: 7, result: MarketResult::Void, market: match_odds() })),
    ]
}

/// Real tokens are 256 random bits and never collide; generated ones must not either.
fn with_fresh_tokens(mut command: Command, step: usize) -> Command {
    if let Command::Accounts(AccountCommand::Login { grant, .. }) | Command::Accounts(AccountCommand::DemoLogin { grant, .. }) | Command::Accounts(AccountCommand::Refresh { grant, .. }) = &mut command {
        grant.access[..8].copy_from_slice(&(step as u64).to_be_bytes());
        grant.refresh[..8].copy_from_slice(&(step as u64 | 1 << 63).to_be_bytes());
    }
    command
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_after_every_step_and_replay_equals_live(commands in prop::collection::vec(command(), 1..60)) {
        let store = MemStore::default();
        let mut state = State::default();
        let mut money: BTreeMap<u64, i64> = BTreeMap::new();
        for (step, command) in commands.into_iter().enumerate() {
            let at_ms = T0 + step as i64 * 100;
            let command = with_fresh_tokens(command, step);
            let Ok(events) = decide(&state, at_ms, &command) else { continue };
            let batch: Vec<Envelope> = events.into_iter().enumerate()
                .map(|(i, event)| Envelope { seq: state.head_seq + 1 + i as u64, at_ms, event })
                .collect();
            store.append(&batch).expect("memory store appends");
            for envelope in &batch {
                apply(&mut state, envelope);
                match &envelope.event {
                    ledger::Event::Accounts(AccountEvent::Credited { user_id, amount_minor, .. }) => *money.entry(*user_id).or_default() += amount_minor,
                    ledger::Event::Accounts(AccountEvent::Debited { user_id, amount_minor, .. }) => *money.entry(*user_id).or_default() -= amount_minor,
                    ledger::Event::Bets(BetEvent::BetsSettled { user_id, total_minor, .. }) => *money.entry(*user_id).or_default() += total_minor,
                    _ => {}
                }
            }
            for user in state.accounts.users.values() {
                // Invariant 1: balance = credits - debits (+ settled P/L, none here).
                prop_assert_eq!(user.balance_minor, money.get(&user.id).copied().unwrap_or(0));
                // Invariant 4: available balance never negative.
                prop_assert!(user.available_minor() >= 0);
                // One session per user, and it is live.
                if let Some(session) = user.current_session {
                    prop_assert_eq!(state.accounts.sessions[&session].user_id, user.id);
                }
            }
            prop_assert_eq!(state.accounts.sessions.len(), state.accounts.by_access.len());
            // Invariants 2 and 5 (exposure by brute force, settled exactly once) after every step.
            let report = audit::verify(&store, Some(&state)).expect("log verifies");
            prop_assert!(report.passed(), "{:?}", report);
        }
        // Invariant 6: replay from zero equals the live state.
        let replayed = audit::replay(&store, u64::MAX).expect("log replays");
        prop_assert_eq!(replayed.fingerprint(), state.fingerprint());
        let report = audit::verify(&store, Some(&state)).expect("log verifies");
        prop_assert!(report.passed(), "{:?}", report);
    }
}
