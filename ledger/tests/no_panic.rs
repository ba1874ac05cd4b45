//! Nothing in the engine may panic on any command: random commands of every kind, with ids that
//! exist and ids that do not, are decided against a state with accounts, sessions, open bets, a
//! casino round and wallet requests; every accepted one is applied. A panic fails the test.

mod common;

use ledger::{AccountCommand, CasinoCommand, SportsCommand};
use common::{credited, given, grant, info, logged_in, match_odds, opened, T0};
use ledger::secure::SecureCommand;
use ledger::wallet::{WalletCommand, WithdrawKind};
use ledger::{apply, decide, BetDelay, Command, Envelope, State};
use proptest::prelude::*;
use schemas::casino::{CasinoItem, ItemOutcome, ItemResult, ItemStatus, RoundResult};
use schemas::sports::{Market, MarketResult, Price, Side};
use schemas::{Money, Role};

const MID: &str = "2611220112345";

/// Two players (one logged in), an operator, an open round of teen20 and a deposit request.
fn busy_state() -> State {
    let mut state = given(vec![
        opened(1, "alice", Role::User),
        credited(1, 10_000_000, 10_000_000),
        opened(2, "bob", Role::Demo),
        credited(2, 500_000, 500_000),
        opened(3, "olga", Role::Operator),
        logged_in(1, 1, 7),
    ]);
    let setup = [
        Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table: 1, mid: MID.into() }),
        Command::Wallet(WalletCommand::RequestDeposit { user_id: 1, amount_minor: 100_000, method: "upi".into(), reference: "ref".into() }),
        Command::Sports(SportsCommand::PlaceBet { user_id: 1, request_id: "seed-bet".into(), market: match_odds(), delay: BetDelay::default(), stake_minor: 20_000, info: info(1, Side::Back, 185), accept_odds: Default::default() }),
    ];
    for command in setup {
        run(&mut state, &command);
    }
    state
}

fn run(state: &mut State, command: &Command) {
    let at_ms = state.head_at_ms.max(T0) + 1_000;
    let Ok(events) = decide(state, at_ms, command) else { return };
    for event in events {
        let envelope = Envelope { seq: state.head_seq + 1, at_ms, event };
        apply(state, &envelope);
    }
}

fn item(sid: u32, status: ItemStatus) -> CasinoItem {
    CasinoItem { sid, nat: "Player A".into(), otype: Side::Back, b: Price(198), l: Price(0), gstatus: status, min: Money(100), max: Money(100_000), subtype: "teen20".into(), kind: "main".into(), pick: None }
}

fn round_result(mid: String, sid: u32) -> RoundResult {
    let items = vec![ItemResult { sid, nat: "Player A".into(), outcome: ItemOutcome::Win }];
    RoundResult { mid, gtype: "teen20".into(), seed: 1, win: "A".into(), winner: "Player A".into(), rdesc: String::new(), card: String::new(), hands: vec![], items, stacked: false }
}

/// Ids drawn from a small range: most exist, some do not.
fn id() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..6, Just(u64::MAX)]
}

fn round_id() -> impl Strategy<Value = String> {
    prop_oneof![Just(MID.to_owned()), Just("2611220112346".to_owned()), Just(String::new()), Just("x".repeat(30))]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![Just(String::new()), Just("ok".to_owned()), Just("\u{202e}evil".to_owned()), Just("a".repeat(300))]
}

fn money_command() -> impl Strategy<Value = Command> {
    let amount = prop_oneof![Just(-1i64), Just(0), 1i64..1_000_000, Just(i64::MAX)];
    let name = prop_oneof![Just("alice".to_owned()), Just("nobody".to_owned()), Just("olga".to_owned())];
    prop_oneof![
        (name.clone(), amount.clone(), text()).prop_map(|(username, amount_minor, remark)| Command::Accounts(AccountCommand::Credit { username, amount_minor, remark })),
        (name.clone(), amount.clone(), text()).prop_map(|(username, amount_minor, remark)| Command::Accounts(AccountCommand::Debit { username, amount_minor, remark })),
        (id(), amount.clone()).prop_map(|(user_id, amount_minor)| Command::Wallet(WalletCommand::RequestDeposit { user_id, amount_minor, method: "upi".into(), reference: String::new() })),
        (id(), amount.clone(), id()).prop_map(|(user_id, amount_minor, account_id)| Command::Wallet(WalletCommand::RequestWithdrawal { user_id, amount_minor, kind: WithdrawKind::Normal, account_id })),
        (id(), text()).prop_map(|(request_id, remark)| Command::Wallet(WalletCommand::Approve { request_id, remark })),
        (id(), text()).prop_map(|(request_id, remark)| Command::Wallet(WalletCommand::Reject { request_id, remark })),
        (id(), text()).prop_map(|(request_id, remark)| Command::Wallet(WalletCommand::Process { request_id, remark })),
        (name, amount).prop_map(|(username, amount_minor)| Command::Wallet(WalletCommand::GrantCoupon {
            username,
            name: "Welcome".into(),
            amount_minor,
            depo_amount_minor: 0,
            expire_at_ms: T0 + 86_400_000,
            active: false
        })),
        id().prop_map(|coupon_id| Command::Wallet(WalletCommand::ActivateCoupon { coupon_id })),
        (id(), text()).prop_map(|(user_id, name)| Command::Wallet(WalletCommand::SaveAccount {
            user_id,
            name,
            bank: "HDFC Bank".into(),
            number: "1234567890".into(),
            ifsc: "HDFC0001234".into(),
            kind: WithdrawKind::Normal
        })),
    ]
}

fn session_command() -> impl Strategy<Value = Command> {
    prop_oneof![
        (id(), any::<u8>()).prop_map(|(session_id, _)| Command::Accounts(AccountCommand::Logout { session_id })),
        id().prop_map(|session_id| Command::Accounts(AccountCommand::RevokeSession { session_id })),
        any::<u8>().prop_map(|n| Command::Accounts(AccountCommand::Refresh { presented: grant(n).refresh, grant: grant(n.wrapping_add(1)) })),
        (id(), text()).prop_map(|(user_id, new_hash)| Command::Accounts(AccountCommand::ChangePassword { user_id, old_hash_seen: "hash-alice".into(), new_hash, ip: "1.2.3.4".into() })),
        id().prop_map(|user_id| Command::Accounts(AccountCommand::AcceptRules { user_id })),
        (id(), text()).prop_map(|(user_id, label)| Command::Accounts(AccountCommand::SetButtons { user_id, game: vec![(label, 100)], casino: vec![] })),
        (id(), any::<u64>()).prop_map(|(user_id, step)| Command::SecureAuth(SecureCommand::UseTotp { user_id, step })),
        (id(), text()).prop_map(|(user_id, connection_id)| Command::SecureAuth(SecureCommand::IssueTelegram { user_id, connection_id })),
    ]
}

fn bet_command() -> impl Strategy<Value = Command> {
    let side = prop_oneof![Just(Side::Back), Just(Side::Lay)];
    let status = prop_oneof![Just(ItemStatus::Active), Just(ItemStatus::Suspended)];
    let sids = prop_oneof![0u32..5, Just(u32::MAX)];
    prop_oneof![
        (id(), sids.clone(), side.clone(), any::<u16>(), -10i64..100_000, any::<bool>()).prop_map(|(user_id, sid, side, price_h, stake_minor, in_play)| {
            let mut market = match_odds();
            market.mid = if in_play { 7 } else { 8 };
            Command::Sports(SportsCommand::PlaceBet { user_id, request_id: format!("r{price_h}"), market, delay: BetDelay { in_play, ms_per_sec: 1_000 }, stake_minor, info: info(sid, side, u32::from(price_h)), accept_odds: Default::default() })
        }),
        (id(), sids.clone(), side, round_id(), status, -10i64..100_000).prop_map(|(user_id, sid, side, mid, status, stake_minor)| Command::Casino(CasinoCommand::PlaceCasinoBet {
            user_id,
            request_id: format!("c{sid}"),
            gtype: "teen20".into(),
            mid,
            item: item(sid, status),
            stake_minor,
            info: info(sid, side, 198),
        })),
        (id(), id()).prop_map(|(gmid, mid)| Command::Sports(SportsCommand::SettleMarket { gmid, mid, result: MarketResult::Winner { sid: 1 }, market: Market { gmid, mid, ..match_odds() } })),
        (round_id(), sids.clone()).prop_map(|(mid, sid)| Command::Casino(CasinoCommand::SettleRound { gtype: "teen20".into(), result: Some(round_result(mid.clone(), sid)), mid })),
        round_id().prop_map(|mid| Command::Casino(CasinoCommand::CloseRound { gtype: "teen20".into(), mid })),
        (round_id(), sids).prop_map(|(mid, table)| Command::Casino(CasinoCommand::OpenRound { gtype: "teen20".into(), table, mid })),
        prop::collection::vec(0u32..30, 0..4).prop_map(|tables| Command::Casino(CasinoCommand::SetLockedTables { tables })),
        (any::<u64>(), 0i64..3).prop_map(|(seed, days)| Command::Sports(SportsCommand::StartFeed {
            world: ledger::FeedWorld { seed: seed % 3, start_ms: T0 + days * 86_400_000, speed_milli: 1_000, fixtures_per_sport: 4, virtual_fixtures: 2 }
        })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_commands_with_unknown_ids_never_panic_the_engine(
        commands in prop::collection::vec(prop_oneof![money_command(), session_command(), bet_command()], 1..40)
    ) {
        let mut state = busy_state();
        for command in &commands {
            run(&mut state, command);
        }
        prop_assert!(state.accounts.users.values().all(|u| u.available_minor() >= 0));
    }
}
