//! Every limit of the ledger, each with the reason for its value.

/// Commands decided in one batch (one append, one flush). Large enough that 256 concurrent
/// submitters share a flush; small enough that one batch's decide+apply stays well under 1 ms.
pub const BATCH_COMMANDS_MAX: usize = 1024;

/// Commands waiting for the engine. Submitters wait (backpressure) when it is full.
pub const ENGINE_QUEUE_MAX: usize = 8192;

/// A user's balance may not pass this: keeps every sum of balances far inside `i64`.
pub const BALANCE_MINOR_MAX: i64 = 1_000_000_000_000 * 100;

/// Quick-stake buttons per group.
pub const BUTTONS_PER_GROUP_MAX: usize = 20;

/// Characters in a button label, a remark and a username.
pub const BUTTON_LABEL_CHARS_MAX: usize = 20;
pub const REMARK_CHARS_MAX: usize = 200;
pub const USERNAME_CHARS_MIN: usize = 3;
pub const USERNAME_CHARS_MAX: usize = 20;

/// Characters in an IP text recorded in the activity log (an IPv6 text is at most 45).
pub const IP_CHARS_MAX: usize = 45;

/// sled's page cache per database (the log, the history): the pages it keeps in memory after
/// reading or writing them. sled's default, 1 GiB each, let a server's memory grow with the
/// history it serves (2.4 GB after ten minutes of mixed load on a 10M-event log); past this,
/// pages are read again from the files, which the OS's page cache mostly holds.
pub const SLED_CACHE_BYTES: u64 = 64 * 1024 * 1024;

/// Events a sealed chunk of the sled log packs at most (`store::chunks`); the log keeps between
/// one and two times this many newest events as single keys. A record per event costs sled
/// memory for as long as the log is open.
pub const SEAL_EVENTS: u64 = 1024;

/// A sealed chunk's packed size at most. sled 0.34 writes a tree node (up to 17 keys and their
/// values) of more than 128 KB to a file of its own under `blobs/`, which it never syncs, so a
/// power loss could lose it while the log says it is there: 17 chunks of 6 KB stay under that.
pub const CHUNK_BYTES_MAX: usize = 6 * 1024;

/// Rows of one kind of one account that the history packs into one sled value (`history`): sled's
/// memory at open grows with its keys, so an account's rows are kept a page of this many to a
/// key. An account keeps up to this many recent rows of a kind one to a key before they are
/// packed, so its keys are about rows ÷ this + this ÷ 2 per kind: 32 keeps both small for
/// accounts of a few hundred rows a kind (the 10M- and 50M-event logs measured).
pub const HISTORY_PAGE_ROWS: usize = 32;
/// Resulted rounds of one casino table packed into one history value: a few tables hold every
/// round, so their pages can be larger; a round's result page decodes one page of this many.
pub const HISTORY_PAGE_ROUNDS: usize = 64;
/// Groups (an account's rows of one kind, a table's rounds) whose count of recent rows the
/// history remembers between batches, so that folding a batch does not count them again; past
/// this the memory is dropped and counted again from the keys (about 40 bytes a group).
pub const HISTORY_RECENT_GROUPS_MAX: usize = 1 << 20;
/// Bets of one settlement row a statement page reads (`History::settlement_page`), kept in the
/// row's page; the rest are kept under a key of their own, counted by the row's entry, and listed
/// by the row's popup. A trader's row can settle thousands of bets on one market (8,500 in the
/// 50M-event benchmark).
pub const STATEMENT_ROW_BETS_MAX: usize = 100;

/// Demo accounts one command retires (two events each): keeps the batch small; a sweep that finds
/// more goes again.
pub const DEMO_RETIRED_PER_COMMAND_MAX: usize = 500;

const _: () = assert!(BATCH_COMMANDS_MAX <= ENGINE_QUEUE_MAX);
const _: () = assert!(HISTORY_PAGE_ROWS > 1 && HISTORY_PAGE_ROUNDS > 1 && HISTORY_PAGE_ROWS <= u32::MAX as usize);
const _: () = assert!(schemas::AMOUNT_MINOR_MAX < BALANCE_MINOR_MAX);
const _: () = assert!(BALANCE_MINOR_MAX < i64::MAX / 1024);

/// The highest decimal odds a bet is taken at (hundredths): the top of the exchange's price
/// ladder, 1000.00 (`feed_sim::ladder::ODDS_MAX`).
pub const ODDS_H_MAX: u32 = 100_000;

/// The highest price per 100 a bet is taken at (hundredths: bookmaker odds, a fancy or khado
/// rate): 100,000 per 100, the same thousand times the stake as the ladder's top. The feed's
/// highest are about 9,900 (bookmaker) and 4,900 (khado).
pub const PER_100_H_MAX: u32 = 10_000_000;

/// What a bet at those prices wins or loses at most, per unit of stake (a meter pays 50 runs).
pub const PAYOUT_PER_STAKE_MAX: i64 = 1_000;

const _: () = assert!(((ODDS_H_MAX - 100) / 100) as i64 <= PAYOUT_PER_STAKE_MAX && (PER_100_H_MAX / 10_000) as i64 <= PAYOUT_PER_STAKE_MAX);
// A thousand bets of the largest stake at the highest price still sum inside an i64 (a book's
// P/L, a user's exposure), so no price from outside can overflow the ledger's arithmetic.
const _: () = assert!(schemas::AMOUNT_MINOR_MAX.checked_mul(PAYOUT_PER_STAKE_MAX * 1_000).is_some());

/// A feed world goes on across a restart only if it began at most this long ago: the simulator
/// replays the time it missed, and a week of it is still a few seconds of work.
pub const FEED_WORLD_RESUME_MS_MAX: i64 = 7 * 24 * 3_600_000;

/// A bet resubmitted with the same request id within this window returns the first answer.
pub const REQUEST_ID_WINDOW_MS: i64 = 60_000;

/// Characters of a bet's request id.
pub const REQUEST_ID_CHARS_MAX: usize = 64;

// ---- wallet and secure auth ----

/// Deposit and withdrawal requests one user may have waiting for an operator: enough for any
/// honest use, and it bounds what one user can queue for the operators.
pub const OPEN_REQUESTS_PER_USER_MAX: usize = 10;

/// Saved withdraw accounts per user.
pub const SAVED_ACCOUNTS_PER_USER_MAX: usize = 20;

/// A saved account's holder name and bank (or network), in characters.
pub const ACCOUNT_TEXT_CHARS_MAX: usize = 60;

/// Indian bank account numbers are 9 to 18 digits; a little room either side.
pub const ACCOUNT_DIGITS_MIN: usize = 6;
pub const ACCOUNT_DIGITS_MAX: usize = 20;

/// Crypto wallet addresses (TRC20 34, ERC20 42, bech32 up to 90 characters).
pub const ACCOUNT_ADDRESS_CHARS_MIN: usize = 20;
pub const ACCOUNT_ADDRESS_CHARS_MAX: usize = 100;

/// The payer's reference on a deposit (a UPI UTR is 12 digits; bank references are longer).
pub const DEPOSIT_REFERENCE_CHARS_MAX: usize = 40;

/// A bonus coupon's name.
pub const COUPON_NAME_CHARS_MAX: usize = 60;

/// A sealed TOTP secret: base64 of nonce, 32 base32 characters and the tag is 80 characters.
pub const SEALED_SECRET_CHARS_MAX: usize = 200;

/// A Telegram connection id.
pub const CONNECTION_ID_CHARS_MAX: usize = 40;

const _: () = assert!(ACCOUNT_DIGITS_MIN < ACCOUNT_DIGITS_MAX);
const _: () = assert!(ACCOUNT_ADDRESS_CHARS_MIN < ACCOUNT_ADDRESS_CHARS_MAX);

// ---- the log on disk ----

/// A log segment is closed once its data passes this and the next batch starts a new one: large
/// enough that a 10-million-event log is a few dozen files, small enough to copy or check one.
pub const SEGMENT_BYTES: u64 = 64 * 1024 * 1024;

/// Zeros written ahead of the data when a segment's file must grow: appends into them change no
/// file size, so their `fdatasync` writes data only. Small enough that a full disk refuses writes
/// within about a thousand small batches of filling.
pub const PREALLOCATE_BYTES: u64 = 256 * 1024;

/// `read_from` starts from the last indexed batch at or before the wanted event: one index entry
/// per this much data keeps the index small (16 per MiB) and the skipped reading short.
pub const SEGMENT_INDEX_STRIDE_BYTES: u64 = 64 * 1024;

/// After this long without a batch the log records that it reaches its head (one sync off the
/// appends' path), so a log at rest also refuses the loss of its last batch.
pub const LOG_QUIET_MS: u64 = 100;

/// The durable head record (`store::head`) is written after every batch without a sync, and
/// synced this often when it changed: after a power loss it may say up to this much less.
pub const HEAD_SYNC_MS: u64 = 50;

const _: () = assert!(PREALLOCATE_BYTES < SEGMENT_BYTES && SEGMENT_INDEX_STRIDE_BYTES < SEGMENT_BYTES);

// ---- snapshots of the state ----

/// A snapshot is taken at every multiple of this many events, and at the head when the log passes
/// one: a start, or a time travel to any moment, then replays at most about this tail after
/// decoding a snapshot (about 1.3 s of a betting history at the measured 200,000 events/s), and a
/// busy log is not snapshotted more than once per check. The multiples are all kept, one snapshot
/// per this many events (docs/decisions.md, "Ledger", has its bytes beside the events').
pub const SNAPSHOT_EVERY_EVENTS: u64 = 250_000;

/// How often the snapshot thread looks at the log's head.
pub const SNAPSHOT_CHECK_MS: u64 = 30_000;

/// How often the snapshot thread looks whether the store is still in use: it closes the
/// snapshots (and sled's lock on them) this long after the engine stops.
pub const SNAPSHOT_LIFE_CHECK_MS: u64 = 200;

/// Snapshots kept besides those at the multiples of the interval: the newest, and one before it
/// in case the newest cannot be read.
pub const SNAPSHOTS_KEPT: usize = 2;

/// The size of a part of a snapshot (a run of bets or accounts): parts are decoded in parallel at
/// a start, so there are many more of them than cores, and each is still a few MiB.
pub const SNAPSHOT_PART_BYTES: u64 = 4 << 20;

