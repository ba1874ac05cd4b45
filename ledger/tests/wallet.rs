//! The wallet and secure auth as given / when / then. After every accepted command the
//! whole log passes the audit (`audit::verify`: balances, availability, replay).

mod common;

use ledger::{AccountEvent, AccountReject};
use common::*;
use ledger::secure::{SecureCommand, SecureEvent, SecureReject};
use ledger::wallet::{RequestStatus, WalletCommand, WalletEvent, WalletReject, WalletRequest, WithdrawKind, DEPOSIT_METHODS};
use ledger::{audit, Command, Envelope, Event, MemStore, Reject, State, Store};
use schemas::Role;

const DAY_MS: i64 = 86_400_000;

fn alice() -> Vec<Event> {
    vec![opened(1, "alice", Role::User), credited(1, 100_000, 100_000)]
}

/// The log passes every audit check; the state it folds to.
fn audited(history: &[Event]) -> State {
    let store = MemStore::default();
    let envelopes: Vec<Envelope> = history.iter().enumerate().map(|(i, e)| Envelope { seq: i as u64 + 1, at_ms: T0, event: e.clone() }).collect();
    store.append(&envelopes).expect("appends");
    let report = audit::verify(&store, None).expect("verifies");
    assert!(report.passed(), "{report:?}");
    given(history.to_vec())
}

/// When `command` on the history: its events, appended to the history, which still audits clean.
fn accept(history: &mut Vec<Event>, command: WalletCommand) -> Vec<Event> {
    let events = when(&given(history.clone()), Command::Wallet(command)).expect("accepted");
    history.extend(events.clone());
    audited(history);
    events
}

fn refuse(history: &[Event], command: WalletCommand) -> Reject {
    when(&given(history.to_vec()), Command::Wallet(command)).expect_err("refused")
}

fn deposit(amount_minor: i64, method: &str) -> WalletCommand {
    WalletCommand::RequestDeposit { user_id: 1, amount_minor, method: method.into(), reference: "UTR1".into() }
}

fn withdraw(amount_minor: i64, account_id: u64) -> WalletCommand {
    WalletCommand::RequestWithdrawal { user_id: 1, amount_minor, kind: WithdrawKind::Normal, account_id }
}

fn bank_account(user_id: u64) -> WalletCommand {
    WalletCommand::SaveAccount { user_id, name: "Alice Rao".into(), bank: "HDFC Bank".into(), number: "50100234567890".into(), ifsc: "hdfc0001234".into(), kind: WithdrawKind::Normal }
}

fn approve(request_id: u64) -> WalletCommand {
    WalletCommand::Approve { request_id, remark: String::new() }
}

fn reject(request_id: u64, remark: &str) -> WalletCommand {
    WalletCommand::Reject { request_id, remark: remark.into() }
}

/// Alice with a saved bank account (id 1).
fn alice_with_account() -> Vec<Event> {
    let mut history = alice();
    accept(&mut history, bank_account(1));
    history
}

fn balance(history: &[Event]) -> i64 {
    given(history.to_vec()).accounts.users[&1].balance_minor
}

/// The request as the history projection keeps it (the state keeps it only while it is open,
/// and then the same).
fn kept(history: &[Event], request_id: u64) -> WalletRequest {
    let store = MemStore::default();
    let envelopes: Vec<Envelope> = history.iter().enumerate().map(|(i, e)| Envelope { seq: i as u64 + 1, at_ms: T0, event: e.clone() }).collect();
    store.append(&envelopes).expect("appends");
    let dir = tempfile::tempdir().expect("temp dir");
    let projection = ledger::history::History::open(dir.path()).expect("opens");
    projection.catch_up(&store).expect("folds");
    let request = projection.wallet_request(request_id).expect("reads").expect("kept");
    let state = given(history.to_vec());
    match state.wallet.requests.get(&request_id) {
        Some(open) => assert_eq!(*open, request, "the state's open request is the history's"),
        None => assert!(!request.status.is_open(), "only decided requests leave the state: {request:?}"),
    }
    assert_eq!(projection.user_wallet_requests(request.user_id).expect("reads").last(), Some(&request), "listed under its account");
    request
}

fn status(history: &[Event], request_id: u64) -> RequestStatus {
    kept(history, request_id).status
}

#[test]
fn a_deposit_request_is_recorded_pending_and_moves_no_money() {
    let mut history = alice();
    let then = accept(&mut history, deposit(50_000, "upi"));
    assert_eq!(then, vec![Event::Wallet(WalletEvent::DepositRequested { request_id: 1, user_id: 1, amount_minor: 50_000, method: "upi".into(), reference: "UTR1".into() })]);
    assert_eq!(status(&history, 1), RequestStatus::Pending);
    assert_eq!(balance(&history), 100_000);
}

#[test]
fn deposits_outside_their_method_limits_are_refused() {
    let history = alice();
    for method in DEPOSIT_METHODS {
        let limits = Reject::Wallet(WalletReject::OutsideMethodLimits { method: method.name, min_minor: method.min_minor, max_minor: method.max_minor });
        assert_eq!(refuse(&history, deposit(method.min_minor - 1, method.id)), if method.min_minor > 1 { limits.clone() } else { Reject::Accounts(AccountReject::AmountNotPositive) });
        assert_eq!(refuse(&history, deposit(method.max_minor + 1, method.id)), limits);
        when(&given(history.clone()), Command::Wallet(deposit(method.min_minor, method.id))).expect("the minimum is allowed");
        when(&given(history.clone()), Command::Wallet(deposit(method.max_minor, method.id))).expect("the maximum is allowed");
    }
    assert_eq!(refuse(&history, deposit(10_000, "cash")), Reject::Wallet(WalletReject::UnknownMethod("cash".into())));
    assert_eq!(refuse(&history, deposit(-100, "upi")), Reject::Accounts(AccountReject::AmountNotPositive));
    assert_eq!(refuse(&history, deposit(i64::MAX, "crypto")), Reject::Accounts(AccountReject::AmountTooLarge));
    let long_reference = WalletCommand::RequestDeposit { user_id: 1, amount_minor: 10_000, method: "upi".into(), reference: "x".repeat(41) };
    assert_eq!(refuse(&history, long_reference), Reject::Wallet(WalletReject::InvalidReference));
}

#[test]
fn a_deposit_moves_pending_then_in_process_then_approved_and_credits_the_balance() {
    let mut history = alice();
    accept(&mut history, deposit(50_000, "upi"));
    let processing = accept(&mut history, WalletCommand::Process { request_id: 1, remark: "checking UTR".into() });
    assert_eq!(processing, vec![Event::Wallet(WalletEvent::RequestProcessing { request_id: 1, remark: "checking UTR".into() })]);
    assert_eq!(status(&history, 1), RequestStatus::InProcess);
    assert_eq!(balance(&history), 100_000);
    let approved = accept(&mut history, WalletCommand::Approve { request_id: 1, remark: "received".into() });
    assert_eq!(
        approved,
        vec![
            Event::Wallet(WalletEvent::RequestApproved { request_id: 1, remark: "received".into() }),
            Event::Accounts(AccountEvent::Credited { user_id: 1, amount_minor: 50_000, remark: "Deposit #1 approved (UPI)".into(), balance_after_minor: 150_000 }),
        ]
    );
    let state = given(history.clone());
    assert!(state.wallet.requests.is_empty() && state.wallet.requests_by_user.is_empty(), "a decided request leaves the state");
    let request = kept(&history, 1);
    assert_eq!((request.status, request.remark.as_str()), (RequestStatus::Approved, "received"));
    // Deciding it again is refused with how it was decided (the servers read that from the history).
    assert_eq!(refuse(&history, WalletCommand::Approve { request_id: 1, remark: String::new() }), Reject::Wallet(WalletReject::AlreadyDecided { request_id: 1, status: "decided" }));
    assert_eq!(refuse(&history, WalletCommand::Approve { request_id: 2, remark: String::new() }), Reject::Wallet(WalletReject::UnknownRequest(2)));
    let rows = history_rows(&approved, 1, ledger::history::RowKind::Statement);
    assert!(matches!(&rows[..], [ledger::history::Row::Statement(row)] if row.amount_minor == 50_000), "{rows:?}");
}

#[test]
fn a_rejected_deposit_moves_no_money() {
    let mut history = alice();
    accept(&mut history, deposit(50_000, "upi"));
    let then = accept(&mut history, reject(1, "no payment received"));
    assert_eq!(then, vec![Event::Wallet(WalletEvent::RequestRejected { request_id: 1, remark: "no payment received".into() })]);
    assert_eq!(balance(&history), 100_000);
}

#[test]
fn a_second_decision_on_a_decided_request_is_refused() {
    let mut history = alice();
    accept(&mut history, deposit(50_000, "upi"));
    accept(&mut history, approve(1));
    // A decided request has left the state: the engine knows it was decided, the servers (which
    // read it from the history) say how.
    let already = Reject::Wallet(WalletReject::AlreadyDecided { request_id: 1, status: "decided" });
    assert_eq!(refuse(&history, approve(1)), already);
    assert_eq!(refuse(&history, reject(1, "late")), already);
    assert_eq!(refuse(&history, WalletCommand::Process { request_id: 1, remark: String::new() }), already);
    accept(&mut history, deposit(10_000, "upi"));
    accept(&mut history, WalletCommand::Process { request_id: 2, remark: String::new() });
    let processing = Reject::Wallet(WalletReject::AlreadyDecided { request_id: 2, status: "In-Process" });
    assert_eq!(refuse(&history, WalletCommand::Process { request_id: 2, remark: String::new() }), processing);
    assert_eq!(balance(&history), 150_000, "only the first approval credited");
}

#[test]
fn unknown_requests_and_bad_remarks_are_refused() {
    let mut history = alice();
    assert_eq!(refuse(&history, approve(9)), Reject::Wallet(WalletReject::UnknownRequest(9)));
    assert_eq!(refuse(&history, reject(9, "x")), Reject::Wallet(WalletReject::UnknownRequest(9)));
    accept(&mut history, deposit(50_000, "upi"));
    assert_eq!(refuse(&history, reject(1, "  ")), Reject::Accounts(AccountReject::InvalidRemark), "a rejection needs a remark");
    assert_eq!(refuse(&history, reject(1, &"r".repeat(201))), Reject::Accounts(AccountReject::InvalidRemark));
    assert_eq!(refuse(&history, WalletCommand::Approve { request_id: 1, remark: "r".repeat(201) }), Reject::Accounts(AccountReject::InvalidRemark));
}

#[test]
fn a_withdrawal_request_holds_its_amount_at_once() {
    let mut history = alice_with_account();
    let then = accept(&mut history, withdraw(30_000, 1));
    assert_eq!(
        then,
        vec![
            Event::Wallet(WalletEvent::WithdrawalRequested { request_id: 1, user_id: 1, amount_minor: 30_000, kind: WithdrawKind::Normal, account_id: 1 }),
            Event::Accounts(AccountEvent::Debited { user_id: 1, amount_minor: 30_000, remark: "Withdrawal #1 requested (NORMAL, HDFC Bank ****7890): amount held".into(), balance_after_minor: 70_000 }),
        ]
    );
    let state = given(history.clone());
    assert_eq!(state.accounts.users[&1].available_minor(), 70_000);
    assert_eq!(state.wallet.requests[&1].status, RequestStatus::Pending);
}

#[test]
fn a_withdrawal_above_the_available_balance_is_refused_counting_earlier_holds() {
    let mut history = alice_with_account();
    assert_eq!(refuse(&history, withdraw(100_001, 1)), Reject::Accounts(AccountReject::InsufficientBalance { available_minor: 100_000, needed_minor: 100_001 }));
    accept(&mut history, withdraw(60_000, 1));
    assert_eq!(refuse(&history, withdraw(40_001, 1)), Reject::Accounts(AccountReject::InsufficientBalance { available_minor: 40_000, needed_minor: 40_001 }));
    accept(&mut history, withdraw(40_000, 1));
    assert_eq!(balance(&history), 0);
}

#[test]
fn a_held_withdrawal_is_given_back_even_past_the_balance_maximum_and_only_new_money_is_refused() {
    use ledger::limits::BALANCE_MINOR_MAX;
    let mut history = alice_with_account();
    accept(&mut history, withdraw(30_000, 1));
    // Credited up to the maximum while the 300.00 is held.
    history.push(credited(1, BALANCE_MINOR_MAX - 70_000, BALANCE_MINOR_MAX));
    audited(&history);
    let then = accept(&mut history, reject(1, "account name mismatch"));
    assert_eq!(then[1], Event::Accounts(AccountEvent::Credited { user_id: 1, amount_minor: 30_000, remark: "Withdrawal #1 rejected: hold released (account name mismatch)".into(), balance_after_minor: BALANCE_MINOR_MAX + 30_000 }));
    assert_eq!(status(&history, 1), RequestStatus::Rejected, "returning money is never refused");
    // Above the maximum, money may still go out; new money may not come in.
    accept(&mut history, withdraw(10_000, 1));
    assert_eq!(balance(&history), BALANCE_MINOR_MAX + 20_000);
    accept(&mut history, deposit(50_000, "upi"));
    assert_eq!(refuse(&history, approve(3)), Reject::Accounts(AccountReject::BalancePastMax { balance_max_minor: BALANCE_MINOR_MAX }));
    accept(&mut history, reject(3, "over the limit"));
}

#[test]
fn rejecting_a_withdrawal_releases_the_hold() {
    let mut history = alice_with_account();
    accept(&mut history, withdraw(30_000, 1));
    accept(&mut history, WalletCommand::Process { request_id: 1, remark: String::new() });
    let then = accept(&mut history, reject(1, "account name mismatch"));
    assert_eq!(
        then,
        vec![
            Event::Wallet(WalletEvent::RequestRejected { request_id: 1, remark: "account name mismatch".into() }),
            Event::Accounts(AccountEvent::Credited { user_id: 1, amount_minor: 30_000, remark: "Withdrawal #1 rejected: hold released (account name mismatch)".into(), balance_after_minor: 100_000 }),
        ]
    );
    assert_eq!(balance(&history), 100_000);
    assert_eq!(status(&history, 1), RequestStatus::Rejected);
}

#[test]
fn approving_a_withdrawal_pays_out_the_hold_without_moving_the_balance_again() {
    let mut history = alice_with_account();
    accept(&mut history, withdraw(30_000, 1));
    let then = accept(&mut history, approve(1));
    assert_eq!(then, vec![Event::Wallet(WalletEvent::RequestApproved { request_id: 1, remark: String::new() })]);
    assert_eq!(balance(&history), 70_000);
    assert_eq!(refuse(&history, reject(1, "oops")), Reject::Wallet(WalletReject::AlreadyDecided { request_id: 1, status: "decided" }), "a paid hold is never released");
    assert_eq!(status(&history, 1), RequestStatus::Approved);
}

#[test]
fn withdrawals_go_only_to_the_users_own_account_of_the_same_type() {
    let mut history = alice_with_account();
    history.push(opened(2, "bob", Role::User));
    accept(&mut history, bank_account(2));
    assert_eq!(refuse(&history, withdraw(1_000, 2)), Reject::Wallet(WalletReject::UnknownAccount), "bob's account");
    assert_eq!(refuse(&history, withdraw(1_000, 99)), Reject::Wallet(WalletReject::UnknownAccount));
    let crypto = WalletCommand::RequestWithdrawal { user_id: 1, amount_minor: 1_000, kind: WithdrawKind::Crypto, account_id: 1 };
    assert_eq!(refuse(&history, crypto), Reject::Wallet(WalletReject::AccountKindMismatch { account_id: 1, kind: "Crypto" }));
    assert_eq!(refuse(&history, withdraw(0, 1)), Reject::Accounts(AccountReject::AmountNotPositive));
}

#[test]
fn saved_accounts_are_checked_by_type() {
    let mut history = alice();
    let then = accept(&mut history, bank_account(1));
    assert_eq!(
        then,
        vec![Event::Wallet(WalletEvent::AccountSaved {
            account_id: 1,
            user_id: 1,
            name: "Alice Rao".into(),
            bank: "HDFC Bank".into(),
            number: "50100234567890".into(),
            ifsc: "HDFC0001234".into(),
            kind: WithdrawKind::Normal,
        })]
    );
    assert_eq!(refuse(&history, bank_account(1)), Reject::Wallet(WalletReject::DuplicateAccount));
    let account = |name: &str, bank: &str, number: &str, ifsc: &str, kind| WalletCommand::SaveAccount { user_id: 1, name: name.into(), bank: bank.into(), number: number.into(), ifsc: ifsc.into(), kind };
    let invalid = |history: &[Event], command| match refuse(history, command) {
        Reject::Wallet(WalletReject::InvalidAccount(message)) => message,
        other => panic!("expected an invalid account, got {other:?}"),
    };
    assert!(invalid(&history, account("", "HDFC", "123456789", "HDFC0001234", WithdrawKind::Normal)).starts_with("name"));
    assert!(invalid(&history, account("A", "H", "123456789", "HDFC0001234", WithdrawKind::Normal)).starts_with("bank"));
    assert!(invalid(&history, account("A", "HDFC", "12345", "HDFC0001234", WithdrawKind::Normal)).starts_with("number"));
    assert!(invalid(&history, account("A", "HDFC", "12345abc9", "HDFC0001234", WithdrawKind::Express)).starts_with("number"));
    assert!(invalid(&history, account("A", "HDFC", "123456789", "HDFC1001234", WithdrawKind::Normal)).starts_with("ifsc"));
    assert!(invalid(&history, account("A", "USDT TRC20", "short", "", WithdrawKind::Crypto)).starts_with("number"));
    assert!(invalid(&history, account("A", "USDT TRC20", "TXYZabcdefghijklmnopqrstuvwx12345", "HDFC0001234", WithdrawKind::Crypto)).starts_with("ifsc"));
    accept(&mut history, account("A", "USDT TRC20", "TXYZabcdefghijklmnopqrstuvwx12345", "", WithdrawKind::Crypto));
    for n in 0..18 {
        accept(&mut history, account("A", "SBI", &format!("{:09}", 100_000_000 + n), "SBIN0000001", WithdrawKind::Express));
    }
    assert_eq!(refuse(&history, account("A", "SBI", "999999999", "SBIN0000001", WithdrawKind::Express)), Reject::Wallet(WalletReject::TooManyAccounts));
}

#[test]
fn only_player_accounts_have_a_wallet() {
    let mut history = alice();
    history.push(opened(2, "demo2", Role::Demo));
    history.push(opened(3, "op", Role::Operator));
    for user_id in [2, 3] {
        let command = WalletCommand::RequestDeposit { user_id, amount_minor: 10_000, method: "upi".into(), reference: String::new() };
        assert_eq!(refuse(&history, command), Reject::Wallet(WalletReject::NoWallet));
        assert_eq!(refuse(&history, bank_account(user_id)), Reject::Wallet(WalletReject::NoWallet));
    }
    let ghost = WalletCommand::RequestDeposit { user_id: 9, amount_minor: 10_000, method: "upi".into(), reference: String::new() };
    assert_eq!(refuse(&history, ghost), Reject::Accounts(AccountReject::UnknownUser));
}

#[test]
fn open_requests_per_user_are_limited() {
    let mut history = alice();
    for _ in 0..10 {
        accept(&mut history, deposit(10_000, "upi"));
    }
    assert_eq!(refuse(&history, deposit(10_000, "upi")), Reject::Wallet(WalletReject::TooManyOpenRequests));
    accept(&mut history, approve(1));
    accept(&mut history, deposit(10_000, "upi"));
}

fn grant(active: bool) -> WalletCommand {
    WalletCommand::GrantCoupon { username: "alice".into(), name: "Welcome 10%".into(), amount_minor: 10_000, depo_amount_minor: 100_000, expire_at_ms: T0 + 7 * DAY_MS, active }
}

#[test]
fn an_active_coupon_credits_its_amount_and_a_pending_one_waits_for_activation() {
    let mut history = alice();
    let then = accept(&mut history, grant(true));
    assert_eq!(
        then,
        vec![
            Event::Wallet(WalletEvent::CouponGranted { coupon_id: 1, user_id: 1, name: "Welcome 10%".into(), amount_minor: 10_000, depo_amount_minor: 100_000, expire_at_ms: T0 + 7 * DAY_MS, active: true }),
            Event::Accounts(AccountEvent::Credited { user_id: 1, amount_minor: 10_000, remark: "Bonus BN00000001: Welcome 10%".into(), balance_after_minor: 110_000 }),
        ]
    );
    let pending = accept(&mut history, grant(false));
    assert_eq!(pending.len(), 1, "no money until activated");
    let state = given(history.clone());
    assert_eq!(state.wallet.coupons[&2].status_label(T0), "Pending");
    assert_eq!(state.wallet.coupons[&1].status_label(T0), "Active");
    assert_eq!(state.wallet.coupons[&1].status_label(T0 + 8 * DAY_MS), "Expired");
    let activated = accept(&mut history, WalletCommand::ActivateCoupon { coupon_id: 2 });
    assert_eq!(activated[1], Event::Accounts(AccountEvent::Credited { user_id: 1, amount_minor: 10_000, remark: "Bonus BN00000002: Welcome 10%".into(), balance_after_minor: 120_000 }));
    assert_eq!(refuse(&history, WalletCommand::ActivateCoupon { coupon_id: 2 }), Reject::Wallet(WalletReject::CouponAlreadyActive(2)));
    assert_eq!(refuse(&history, WalletCommand::ActivateCoupon { coupon_id: 7 }), Reject::Wallet(WalletReject::UnknownCoupon(7)));
}

#[test]
fn bad_coupons_are_refused() {
    let mut history = alice();
    let coupon = |username: &str, name: &str, amount_minor, depo_amount_minor, expire_at_ms| WalletCommand::GrantCoupon {
        username: username.into(),
        name: name.into(),
        amount_minor,
        depo_amount_minor,
        expire_at_ms,
        active: true,
    };
    assert_eq!(refuse(&history, coupon("ghost", "C", 100, 0, T0 + DAY_MS)), Reject::Accounts(AccountReject::UnknownUser));
    assert_eq!(refuse(&history, coupon("alice", " ", 100, 0, T0 + DAY_MS)), Reject::Wallet(WalletReject::InvalidCouponName));
    assert_eq!(refuse(&history, coupon("alice", "C", 0, 0, T0 + DAY_MS)), Reject::Accounts(AccountReject::AmountNotPositive));
    assert_eq!(refuse(&history, coupon("alice", "C", 100, -1, T0 + DAY_MS)), Reject::Wallet(WalletReject::InvalidDepoAmount));
    assert_eq!(refuse(&history, coupon("alice", "C", 100, 0, T0)), Reject::Wallet(WalletReject::ExpiryPassed));
    accept(&mut history, WalletCommand::GrantCoupon { username: "alice".into(), name: "Late".into(), amount_minor: 100, depo_amount_minor: 0, expire_at_ms: T0 + 1, active: false });
    let later = decide_at(&history, T0 + 2, WalletCommand::ActivateCoupon { coupon_id: 1 });
    assert_eq!(later, Err(Reject::Wallet(WalletReject::CouponExpired(1))));
}

fn decide_at(history: &[Event], at_ms: i64, command: WalletCommand) -> Result<Vec<Event>, Reject> {
    ledger::decide(&given(history.to_vec()), at_ms, &Command::Wallet(command))
}

fn secure(history: &mut Vec<Event>, command: SecureCommand) -> Result<Vec<Event>, Reject> {
    let events = when(&given(history.clone()), Command::SecureAuth(command))?;
    history.extend(events.clone());
    audited(history);
    Ok(events)
}

#[test]
fn totp_is_enabled_only_with_the_pending_secret_and_each_step_works_once() {
    let mut history = alice();
    let enable = |seen: &str, step| SecureCommand::EnableTotp { user_id: 1, secret_sealed_seen: seen.into(), step };
    assert_eq!(secure(&mut history, enable("s1", 10)), Err(Reject::SecureAuth(SecureReject::NoEnrolment)));
    secure(&mut history, SecureCommand::StartTotp { user_id: 1, secret_sealed: "s1".into() }).expect("starts");
    secure(&mut history, SecureCommand::StartTotp { user_id: 1, secret_sealed: "s2".into() }).expect("a new enrolment replaces the pending one");
    assert_eq!(secure(&mut history, enable("s1", 10)), Err(Reject::SecureAuth(SecureReject::NoEnrolment)), "stale secret");
    assert_eq!(given(history.clone()).secure.enabled_secret(1), None);
    let then = secure(&mut history, enable("s2", 10)).expect("enables");
    assert_eq!(then, vec![Event::SecureAuth(SecureEvent::TotpEnabled { user_id: 1, step: 10 })]);
    assert_eq!(given(history.clone()).secure.enabled_secret(1), Some("s2"));
    assert_eq!(secure(&mut history, SecureCommand::StartTotp { user_id: 1, secret_sealed: "s3".into() }), Err(Reject::SecureAuth(SecureReject::AlreadyEnabled)));
    let used = |step| SecureCommand::UseTotp { user_id: 1, step };
    assert_eq!(secure(&mut history, used(10)), Err(Reject::SecureAuth(SecureReject::CodeReused)), "the enrolment code cannot log in");
    secure(&mut history, used(11)).expect("a later step logs in");
    assert_eq!(secure(&mut history, used(11)), Err(Reject::SecureAuth(SecureReject::CodeReused)));
    secure(&mut history, SecureCommand::DisableTotp { user_id: 1, step: 12 }).expect("disables");
    assert_eq!(given(history.clone()).secure.enabled_secret(1), None);
    assert_eq!(secure(&mut history, used(13)), Err(Reject::SecureAuth(SecureReject::NotEnabled)));
}

#[test]
fn a_telegram_connection_id_is_recorded() {
    let mut history = alice();
    secure(&mut history, SecureCommand::IssueTelegram { user_id: 1, connection_id: "TG-ABCD1234".into() }).expect("issued");
    assert_eq!(given(history.clone()).secure.get(1).and_then(|a| a.telegram_connection_id.clone()).as_deref(), Some("TG-ABCD1234"));
    assert_eq!(secure(&mut history, SecureCommand::IssueTelegram { user_id: 1, connection_id: String::new() }), Err(Reject::SecureAuth(SecureReject::InvalidConnectionId)));
    assert_eq!(secure(&mut history, SecureCommand::IssueTelegram { user_id: 5, connection_id: "x".into() }), Err(Reject::Accounts(AccountReject::UnknownUser)));
}
