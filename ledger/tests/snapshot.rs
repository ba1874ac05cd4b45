//! Snapshots: a start from the newest trusted snapshot plus the log's tail gives the very state a
//! replay from zero gives; a snapshot of another build, of another log, ahead of the log or with
//! damaged bytes is passed over; the keeper takes one only every N events and keeps two.

mod common;

use ledger::{AccountCommand, SportsCommand};
use common::{info, match_odds};
use ledger::{apply, audit, decide, Command, Envelope, MemStore, Restored, Snapshots, State, Store};
use schemas::sports::Side;
use schemas::Role;
use std::path::Path;

const BUILD: u64 = 7;

/// Appends `commands` to `store` as the engine would (decided against the state, one batch each).
fn write(store: &dyn Store, state: &mut State, commands: &[Command]) {
    for command in commands {
        let at_ms = 1_700_000_000_000 + state.head_seq as i64;
        let events = decide(state, at_ms, command).expect("accepted");
        let batch: Vec<Envelope> = events
            .into_iter()
            .map(|event| {
                let envelope = Envelope { seq: state.head_seq + 1, at_ms, event };
                apply(state, &envelope);
                envelope
            })
            .collect();
        store.append(&batch).expect("appends");
    }
}

fn open(name: &str) -> Command {
    Command::Accounts(AccountCommand::OpenAccount { username: name.into(), password_hash: "h".into(), role: Role::User, must_change_password: false, rules_accepted: true })
}

fn credits(name: &str, n: usize) -> Vec<Command> {
    (0..n).map(|i| Command::Accounts(AccountCommand::Credit { username: name.into(), amount_minor: 100 + i as i64, remark: format!("in {i}") })).collect()
}

/// Events before the credits of `log_of`: eight accounts open, ann is credited and bets seven times.
const FIRST_EVENTS: u64 = 16;

/// A log of `n` credits after eight accounts open and ann places seven bets, and the state folded
/// from it.
fn log_of(n: usize) -> (MemStore, State) {
    let (store, mut state) = (MemStore::default(), State::default());
    let names = ["ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal"];
    write(&store, &mut state, &names.map(open));
    write(&store, &mut state, &[Command::Accounts(AccountCommand::Credit { username: "ann".into(), amount_minor: 10_000_000, remark: "funds".into() })]);
    let bets: Vec<Command> = (0..7)
        .map(|i| Command::Sports(SportsCommand::PlaceBet {
            user_id: 1,
            request_id: format!("r{i}"),
            market: match_odds(),
            delay: ledger::BetDelay::default(),
            stake_minor: 10_000,
            info: info(1 + i % 3, if i % 2 == 0 { Side::Back } else { Side::Lay }, [185, 214, 400, 187, 210, 420, 185][i as usize]),
        }))
        .collect();
    write(&store, &mut state, &bets);
    write(&store, &mut state, &credits("ann", n));
    assert_eq!((state.head_seq, state.betting.bets.len()), (FIRST_EVENTS + n as u64, 7));
    (store, state)
}

/// Snapshots in parts of about 600 bytes (two or three bets or accounts), so that even these
/// small states have several.
fn snapshots(dir: &Path, build: u64) -> Snapshots {
    Snapshots::open(dir, build).expect("opens").with_part_bytes(600)
}

#[test]
fn a_start_from_a_snapshot_and_the_tail_equals_a_replay_from_zero() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (store, mut state) = log_of(50);
    let snaps = snapshots(dir.path(), BUILD);
    snaps.save(state.clone(), &store).expect("saves");
    write(&store, &mut state, &credits("bob", 30));

    let (restored, how) = snaps.restore(&store).expect("restores");
    assert_eq!(how, Restored { snapshot_seq: FIRST_EVENTS + 50, tail_events: 30 });
    let replayed = audit::replay(&store, u64::MAX).expect("replays");
    assert_eq!(restored.fingerprint(), replayed.fingerprint());
    assert_eq!(restored.fingerprint(), state.fingerprint());
    assert_eq!(restored.accounts.user_by_name("bob").expect("bob").balance_minor, (0..30).map(|i| 100 + i).sum::<i64>());
}

#[test]
fn snapshots_survive_the_process_and_only_the_same_build_trusts_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (store, state) = log_of(20);
    snapshots(dir.path(), BUILD).save(state.clone(), &store).expect("saves");

    let (_, same) = snapshots(dir.path(), BUILD).restore(&store).expect("restores");
    assert_eq!(same.snapshot_seq, FIRST_EVENTS + 20, "reopened, the same build starts from it");
    let (other_state, other) = snapshots(dir.path(), BUILD + 1).restore(&store).expect("restores");
    assert_eq!(other, Restored { snapshot_seq: 0, tail_events: FIRST_EVENTS + 20 }, "another build replays from zero");
    assert_eq!(other_state.fingerprint(), state.fingerprint());
}

#[test]
fn a_snapshot_of_another_log_or_ahead_of_the_log_is_passed_over() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (store, state) = log_of(20);
    let snaps = snapshots(dir.path(), BUILD);
    snaps.save(state.clone(), &store).expect("saves");

    // Another log of the same length whose last event differs.
    let (other, mut other_state) = log_of(19);
    write(&other, &mut other_state, &credits("bob", 1));
    let (restored, how) = snaps.restore(&other).expect("restores");
    assert_eq!(how.snapshot_seq, 0, "the event it was taken at is not this log's");
    assert_eq!(restored.fingerprint(), other_state.fingerprint());

    // A log that ends before the snapshot (the same events, fewer of them).
    let (short, short_state) = log_of(10);
    let (restored, how) = snaps.restore(&short).expect("restores");
    assert_eq!(how.snapshot_seq, 0);
    assert_eq!(restored.fingerprint(), short_state.fingerprint());
}

#[test]
fn a_damaged_snapshot_is_passed_over_for_the_one_before() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (store, mut state) = log_of(10);
    {
        let snaps = snapshots(dir.path(), BUILD);
        snaps.save(state.clone(), &store).expect("saves the first");
        write(&store, &mut state, &credits("bob", 5));
        snaps.save(state.clone(), &store).expect("saves the second");
        assert_eq!(snaps.list(), vec![FIRST_EVENTS + 10, FIRST_EVENTS + 15]);
    }
    // Flip one byte of the newest snapshot's first part.
    let snap_dir = dir.path().join(ledger::snapshot::SNAPSHOT_DIR);
    let newest = snap_dir.join(format!("{:020}.snap", FIRST_EVENTS + 15));
    let intact = std::fs::read(&newest).expect("reads the newest");
    let mut flipped = intact.clone();
    flipped[10] ^= 0x40;
    std::fs::write(&newest, &flipped).expect("writes");
    let (restored, how) = snapshots(dir.path(), BUILD).restore(&store).expect("restores");
    assert_eq!(how, Restored { snapshot_seq: FIRST_EVENTS + 10, tail_events: 5 });
    assert_eq!(restored.fingerprint(), state.fingerprint());
    // A file cut off before its trailer (a copy that stopped short) is not a snapshot at all, and
    // a leftover of a save cut off by a crash is removed when the snapshots open.
    std::fs::write(&newest, &intact[..intact.len() - 1]).expect("cuts");
    std::fs::write(snap_dir.join(format!("{:020}.snap.tmp", FIRST_EVENTS + 20)), b"half").expect("a leftover");
    let snaps = snapshots(dir.path(), BUILD);
    assert_eq!(snaps.list(), vec![FIRST_EVENTS + 10]);
    assert_eq!(snaps.restore(&store).expect("restores").1, Restored { snapshot_seq: FIRST_EVENTS + 10, tail_events: 5 });
    assert!(!snap_dir.join(format!("{:020}.snap.tmp", FIRST_EVENTS + 20)).exists(), "the leftover is gone");
    std::fs::write(&newest, &intact).expect("restores the file");
    assert_eq!(snapshots(dir.path(), BUILD).restore(&store).expect("restores").1, Restored { snapshot_seq: FIRST_EVENTS + 15, tail_events: 0 });
}

#[test]
fn the_keeper_snapshots_every_n_events_and_keeps_the_newest_two() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (store, mut state) = log_of(8);
    let snaps = snapshots(dir.path(), BUILD);
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), None, "24 events: fewer than 40");
    write(&store, &mut state, &credits("ann", 16));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), Some(40), "from zero once the log has 40");
    write(&store, &mut state, &credits("ann", 39));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), None, "39 past the newest");
    write(&store, &mut state, &credits("ann", 1));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), Some(80));
    write(&store, &mut state, &credits("bob", 45));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), Some(125));
    assert_eq!(snaps.list(), vec![80, 125], "the oldest was dropped");
    let (restored, _) = snaps.restore(&store).expect("restores");
    assert_eq!(restored.fingerprint(), state.fingerprint());
}

#[test]
fn snapshots_kept_in_sled_by_an_earlier_version_are_cleared_and_replaced_by_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let snap_dir = dir.path().join(ledger::snapshot::SNAPSHOT_DIR);
    {
        let db = sled::open(&snap_dir).expect("an earlier version's sled directory");
        db.insert(b"x", b"y".to_vec()).expect("writes");
        db.flush().expect("flushes");
    }
    assert!(snap_dir.join("db").exists());
    let (store, state) = log_of(5);
    let snaps = snapshots(dir.path(), BUILD);
    assert!(!snap_dir.join("db").exists() && !snap_dir.join("conf").exists(), "sled's files are gone");
    assert!(snaps.list().is_empty());
    snaps.save(state.clone(), &store).expect("saves");
    assert_eq!(snaps.restore(&store).expect("restores").1, Restored { snapshot_seq: state.head_seq, tail_events: 0 });
}
