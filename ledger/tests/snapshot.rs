//! Snapshots: a start from the newest trusted snapshot plus the log's tail gives the very state a
//! replay from zero gives, and so does a time travel to any moment from the newest snapshot at or
//! before it; a snapshot of another build, of another log, ahead of the log or with damaged bytes
//! is passed over; the keeper takes one at every multiple of N and at the head, and keeps the
//! multiples and the newest two.

mod common;

use ledger::{AccountCommand, SportsCommand};
use common::{info, match_odds};
use ledger::{apply, audit, decide, Command, Envelope, MemStore, Restored, Snapshots, State, Store};
use rand::{Rng, SeedableRng};
use schemas::sports::{MarketResult, MarketType, Side};
use schemas::Role;
use std::path::Path;

const BUILD: u64 = 7;

/// Appends `commands` to `store` as the engine would (decided against the state, one batch each).
fn write(store: &dyn Store, state: &mut State, commands: &[Command]) {
    for command in commands {
        write_at(store, state, command, 1_700_000_000_000 + state.head_seq as i64);
    }
}

/// Appends `command`'s events to `store` as one batch written at `at_ms`.
fn write_at(store: &dyn Store, state: &mut State, command: &Command, at_ms: i64) {
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
            accept_odds: Default::default(),
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
fn a_builds_identity_is_the_checksum_and_length_of_its_whole_file_read_in_parts() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Over two of the megabytes it is read in, not a multiple of one.
    let bytes: Vec<u8> = (0..2_500_003u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    let path = dir.path().join("program");
    std::fs::write(&path, &bytes).expect("writes");
    let whole = (u64::from(crc32fast::hash(&bytes)) << 32) | bytes.len() as u64;
    assert_eq!(ledger::snapshot::build_of(&path), whole);

    let mut changed = bytes.clone();
    changed[2_400_000] ^= 1;
    std::fs::write(&path, &changed).expect("writes");
    assert_ne!(ledger::snapshot::build_of(&path), whole, "one byte in the last part changes it");
    assert_eq!(ledger::snapshot::build_of(&dir.path().join("missing")), u64::from(crc32fast::hash(&[])), "an unreadable program is the empty one");
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
fn the_keeper_snapshots_every_multiple_of_n_and_the_head_and_keeps_the_multiples_and_the_newest_two() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (store, mut state) = log_of(8);
    let snaps = snapshots(dir.path(), BUILD);
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), None, "24 events: fewer than 40");
    write(&store, &mut state, &credits("ann", 16));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), Some(40), "from zero once the log has 40");
    write(&store, &mut state, &credits("ann", 39));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), None, "no multiple of 40 passed since");
    write(&store, &mut state, &credits("ann", 1));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), Some(80));
    write(&store, &mut state, &credits("bob", 45));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), Some(125), "the multiple passed and the head");
    assert_eq!(snaps.list(), vec![40, 80, 120, 125]);
    write(&store, &mut state, &credits("bob", 40));
    assert_eq!(snaps.catch_up(&store, 40).expect("checks"), Some(165));
    assert_eq!(snaps.list(), vec![40, 80, 120, 160, 165], "the head before the newest two is dropped, the multiples stay");
    let (restored, how) = snaps.restore(&store).expect("restores");
    assert_eq!(how, Restored { snapshot_seq: 165, tail_events: 0 });
    assert_eq!(restored.fingerprint(), state.fingerprint());
}

/// The log of `time_travel_…`: eight accounts funded, then `commands` commands (credits, debits
/// and bets, a market settled after every 30 bets), each batch written 0 to 2 ms after the last
/// (so events share times across batches); the keeper (every `every` events) looks every 40
/// commands, as its thread would.
fn betting_log(rng: &mut rand::rngs::StdRng, snaps: &Snapshots, commands: usize, every: u64) -> (MemStore, State) {
    let (store, mut state) = (MemStore::default(), State::default());
    let names = ["ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal"];
    write(&store, &mut state, &names.map(open));
    let funds = names.map(|name| Command::Accounts(AccountCommand::Credit { username: name.into(), amount_minor: 10_000_000, remark: "funds".into() }));
    write(&store, &mut state, &funds);
    let (mut at_ms, mut mid, mut bets) = (1_700_000_000_000i64, 7u64, 0);
    for i in 0..commands {
        at_ms += rng.gen_range(0..3);
        let user = rng.gen_range(0..names.len());
        let command = match rng.gen_range(0..10) {
            _ if bets == 30 => {
                bets = 0;
                mid += 1;
                let result = MarketResult::Winner { sid: rng.gen_range(1..=3) };
                Command::Sports(SportsCommand::SettleMarket { gmid: 500, mid: mid - 1, result, market: common::market(mid - 1, MarketType::Match, match_odds().section) })
            }
            0..=3 => {
                bets += 1;
                let (sid, side) = (rng.gen_range(1..=3u32), if rng.gen_bool(0.5) { Side::Back } else { Side::Lay });
                let price_h = [[185, 187], [210, 214], [400, 420]][sid as usize - 1][usize::from(side == Side::Lay)];
                let market = common::market(mid, MarketType::Match, match_odds().section);
                let stake_minor = 10_000 * rng.gen_range(1..=3);
                Command::Sports(SportsCommand::PlaceBet { user_id: user as u64 + 1, request_id: format!("r{i}"), market, delay: ledger::BetDelay::default(), stake_minor, info: info(sid, side, price_h), accept_odds: Default::default() })
            }
            4..=5 => Command::Accounts(AccountCommand::Debit { username: names[user].into(), amount_minor: rng.gen_range(1..1_000), remark: format!("out {i}") }),
            _ => Command::Accounts(AccountCommand::Credit { username: names[user].into(), amount_minor: rng.gen_range(1..1_000), remark: format!("in {i}") }),
        };
        write_at(&store, &mut state, &command, at_ms);
        if i % 40 == 39 {
            snaps.catch_up(&store, every).expect("the keeper looks");
        }
    }
    (store, state)
}

#[test]
fn time_travel_from_the_newest_snapshot_before_a_moment_equals_a_replay_from_zero() {
    const EVERY: u64 = 500;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rng = rand::rngs::StdRng::seed_from_u64(31);
    let snaps = snapshots(dir.path(), BUILD);
    let (store, state) = betting_log(&mut rng, &snaps, 3_000, EVERY);
    let head = state.head_seq;
    let taken = snaps.list();
    let multiples: Vec<u64> = taken.iter().copied().filter(|seq| seq % EVERY == 0).collect();
    assert_eq!(multiples, (1..=head / EVERY).map(|k| k * EVERY).collect::<Vec<_>>(), "one at every multiple of {EVERY} up to {head}");
    assert!(taken.len() - multiples.len() <= 2, "and at most the newest two others: {taken:?}");
    let at = |seq: u64| store.read_from(seq).next().expect("the log holds it").expect("reads").at_ms;
    let (first_ms, head_ms) = (at(1), at(head));

    // Before the first snapshot, exactly at each snapshot (by seq, by time, by both) and just
    // after, at the head, before the log began and after it ended; then at random.
    let mut moments = vec![(0, i64::MAX), (1, i64::MAX), (EVERY - 1, i64::MAX), (head, i64::MAX), (u64::MAX, i64::MAX), (u64::MAX, first_ms - 1), (u64::MAX, first_ms), (head, head_ms)];
    for &seq in &taken {
        moments.extend([(seq, i64::MAX), (seq + 1, i64::MAX), (seq - 1, i64::MAX), (u64::MAX, at(seq)), (u64::MAX, at(seq) - 1), (seq, at(seq)), (seq + 3, at(seq))]);
    }
    for _ in 0..200 {
        let seq = if rng.gen_bool(0.3) { u64::MAX } else { rng.gen_range(0..=head) };
        let at_ms = if rng.gen_bool(0.3) { i64::MAX } else { rng.gen_range(first_ms - 5..=head_ms + 5) };
        moments.push((seq, at_ms));
    }
    let other_build = snapshots(dir.path(), BUILD + 1);
    for (to_seq, at_ms) in moments {
        let replayed = audit::replay_to(&store, to_seq, at_ms).expect("replays from zero");
        let (travelled, how) = snaps.state_at(&store, to_seq, at_ms).expect("travels");
        assert_eq!(travelled.fingerprint(), replayed.fingerprint(), "the state at seq {to_seq}, {at_ms} ms");
        let newest_before = taken.iter().copied().filter(|seq| *seq <= replayed.head_seq).max().unwrap_or(0);
        assert_eq!(how, Restored { snapshot_seq: newest_before, tail_events: replayed.head_seq - newest_before }, "from the newest snapshot at or before seq {to_seq}, {at_ms} ms");
        assert!(how.tail_events < EVERY, "at most the events after a multiple: {how:?}");
        if to_seq % 50 == 0 {
            let (travelled, how) = other_build.state_at(&store, to_seq, at_ms).expect("travels");
            assert_eq!((travelled.fingerprint(), how.snapshot_seq), (replayed.fingerprint(), 0), "another build's snapshots are passed over");
        }
    }
}

#[test]
fn time_travel_passes_over_a_damaged_snapshot_for_the_one_before_and_reads_beside_the_keeper() {
    const EVERY: u64 = 200;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rng = rand::rngs::StdRng::seed_from_u64(14);
    let snaps = snapshots(dir.path(), BUILD);
    let (store, state) = betting_log(&mut rng, &snaps, 900, EVERY);
    let snap_dir = dir.path().join(ledger::snapshot::SNAPSHOT_DIR);
    let third = snap_dir.join(format!("{:020}.snap", 3 * EVERY));
    let mut flipped = std::fs::read(&third).expect("reads");
    flipped[10] ^= 0x40;
    std::fs::write(&third, &flipped).expect("writes");
    std::fs::write(snap_dir.join(format!("{:020}.snap.tmp", state.head_seq + 5)), b"the keeper writing").expect("a save under way");

    let reading = Snapshots::reading(dir.path(), BUILD);
    let (travelled, how) = reading.state_at(&store, 3 * EVERY + 10, i64::MAX).expect("travels");
    assert_eq!(how, Restored { snapshot_seq: 2 * EVERY, tail_events: EVERY + 10 });
    assert_eq!(travelled.fingerprint(), audit::replay(&store, 3 * EVERY + 10).expect("replays").fingerprint());
    assert!(snap_dir.join(format!("{:020}.snap.tmp", state.head_seq + 5)).exists(), "a reader removes nothing");
    let (_, none) = Snapshots::reading(&dir.path().join("elsewhere"), BUILD).state_at(&store, u64::MAX, i64::MAX).expect("replays");
    assert_eq!(none.snapshot_seq, 0, "no snapshots' directory: a replay from zero");
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

#[test]
fn a_snapshot_is_kept_packed_and_restores_the_same_state() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (store, mut state) = log_of(10);
    let players: Vec<Command> = (0..500).map(|i| open(&format!("player{i}"))).collect();
    write(&store, &mut state, &players);
    snapshots(dir.path(), BUILD).save(state.clone(), &store).expect("saves");

    let file = dir.path().join(ledger::snapshot::SNAPSHOT_DIR).join(format!("{:020}.snap", state.head_seq));
    let (kept, encoded) = (std::fs::metadata(&file).expect("the snapshot's file").len(), rmp_serde::to_vec(&state).expect("encodes").len() as u64);
    assert!(kept * 2 < encoded, "{kept} bytes kept for a state of {encoded} encoded bytes");
    let (restored, how) = snapshots(dir.path(), BUILD).restore(&store).expect("restores");
    assert_eq!(how.snapshot_seq, state.head_seq);
    assert_eq!(restored.fingerprint(), state.fingerprint());

    // A snapshot of the version before, whose parts were not packed (its trailer's magic), is
    // removed when the snapshots open; this version's file stays.
    let earlier = dir.path().join(ledger::snapshot::SNAPSHOT_DIR).join(format!("{:020}.snap", 3));
    std::fs::write(&earlier, [&[0u8; 40][..], b"EXSNAP01"].concat()).expect("an earlier version's file");
    let snaps = snapshots(dir.path(), BUILD);
    assert!(!earlier.exists(), "the earlier version's snapshot is removed");
    assert_eq!(snaps.list(), vec![state.head_seq]);
}
