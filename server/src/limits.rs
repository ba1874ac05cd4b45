//! Every limit of the server, each with the reason for its value.

/// JSON bodies: the largest legitimate one (a bet with its live book) is a few KiB.
pub const BODY_BYTES_MAX: usize = 64 * 1024;

/// Feed events one operator request may inject (the body limit also applies).
pub const FEED_EVENTS_PER_REQUEST_MAX: usize = 1000;

/// Page size of paged lists (spec §9: 10 to 50).
pub const PAGE_SIZE_MAX: u32 = 50;

/// Client addresses or accounts a rate limiter tracks at once; past it, the one heard from
/// longest ago is forgotten. 100,000 buckets are a few MiB.
pub const RATE_LIMIT_KEYS_MAX: usize = 100_000;

/// Rows of one account-statement answer (`/bet/account-statement`): the spec's client asks for
/// the list without paging and pages it itself, so a page is large, but it is bounded.
pub const STATEMENT_ROWS_MAX: u32 = 500;

/// Bets one statement row lists (`SettlementRow.bets`) in a statement page or an operator's view
/// of an account; the row says how many it settled (`betCount`) and its popup lists them all. A
/// trader's row can settle thousands of bets on one market (8,500 in the 50M benchmark), and a
/// page of 500 rows carried every one, the ledger's lock held while they were written out. The
/// history's statement page reads no more (`ledger::limits::STATEMENT_ROW_BETS_MAX`).
pub const STATEMENT_ROW_BETS_MAX: usize = ledger::limits::STATEMENT_ROW_BETS_MAX;

/// Account-and-address pairs and addresses tracked for failed-login counting; past this, the
/// one heard from longest ago is forgotten.
pub const LOGIN_TRACKED_MAX: usize = 100_000;

/// Password length: argon2 cost grows with input; nobody types more than this.
pub const PASSWORD_CHARS_MIN: usize = 6;
/// A password being set (ASVS 5): at least 8; logins still accept the older 6-character ones.
pub const PASSWORD_NEW_CHARS_MIN: usize = 8;
pub const PASSWORD_CHARS_MAX: usize = 128;

/// Inbound WebSocket frame: client messages are tiny JSON objects.
pub const WS_FRAME_BYTES_MAX: usize = 4 * 1024;

/// Topics one socket may hold at once.
pub const WS_TOPICS_PER_CONNECTION_MAX: usize = 32;

/// Frames queued for one socket before the hub conflates that topic's pending deltas into one
/// snapshot, and the hard limit past which the socket is closed as a slow consumer.
pub const WS_QUEUE_SOFT_MAX: usize = 64;
pub const WS_QUEUE_HARD_MAX: usize = 256;

/// Commands waiting for the hub task.
pub const HUB_QUEUE_MAX: usize = 65_536;
/// Book ops waiting to be relayed to the edges (`sports::book::Book::relay_to`): a feed's burst
/// (a busy fixture's market updates and a tick's clock) is far below it. A full queue drops the
/// op and the edges ask for the whole book again.
pub const BOOK_RELAY_QUEUE_MAX: usize = 65_536;
/// Commands the hub handles before it wakes the sessions it queued frames for: a feed tick's
/// burst of deltas reaches each socket in one wake-up and one write instead of one per frame.
/// Bounded so the first subscribers of a long backlog do not wait for all of it.
pub const HUB_BATCH_MAX: usize = 256;

/// Heartbeat: the server pings this often and closes a socket silent for the timeout.
pub const WS_PING_INTERVAL_MS: u64 = 5_000;
pub const WS_CLIENT_TIMEOUT_MS: u64 = 20_000;
/// A socket that takes no frame for this long is not reading: it is cut, not closed politely
/// (a close frame would wait behind the frames it never read).
pub const WS_SEND_STALL_MS: u64 = 10_000;
/// After the server's close frame, how long the client has to end the connection before the
/// socket is cut.
pub const WS_CLOSE_GRACE_MS: u64 = 5_000;

const _: () = assert!(WS_QUEUE_SOFT_MAX < WS_QUEUE_HARD_MAX);
const _: () = assert!(HUB_BATCH_MAX <= HUB_QUEUE_MAX);
const _: () = assert!(WS_PING_INTERVAL_MS * 3 <= WS_CLIENT_TIMEOUT_MS);
const _: () = assert!(PASSWORD_CHARS_MIN <= PASSWORD_NEW_CHARS_MIN && PASSWORD_NEW_CHARS_MIN < PASSWORD_CHARS_MAX);

// ---- wallet ----

/// Operator request lists: a day's queue fits one page.
pub const OPS_PAGE_SIZE_DEFAULT: u32 = 100;
pub const OPS_PAGE_SIZE_MAX: u32 = 500;

/// Characters of a list's search term.
pub const SEARCH_CHARS_MAX: usize = 100;
/// A date filter's `utcOffset`, minutes east of UTC: the world's time zones lie within 14 hours.
/// (The OpenAPI document's `minimum`/`maximum` of each `utcOffset` repeat it.)
pub const UTC_OFFSET_MINUTES_MAX: i32 = 14 * 60;

const _: () = assert!(PAGE_SIZE_MAX <= OPS_PAGE_SIZE_DEFAULT && OPS_PAGE_SIZE_DEFAULT <= OPS_PAGE_SIZE_MAX);

/// The kernel's send buffer of a WebSocket's socket. Left to itself Linux grows it up to
/// `tcp_wmem`'s 4 MiB for a client that reads slowly; bounded, a slow client holds at most twice
/// this of the kernel's memory (Linux doubles it for its own bookkeeping) and backs up into its
/// connection's queue within seconds, where the stall check sees it.
pub const WS_SEND_BUFFER_BYTES: usize = 256 * 1024;

/// The least time between two folds of the history's thread (`history::keep_up`). sled 0.34
/// writes out its buffer twice for every atomic batch (`apply_batch` rolls it before and after its
/// reservation), each a write the device finishes before the next: a fold after every engine batch
/// would put two device writes beside each bet's flush. Batches that come within the pause are folded
/// as one; a reader never waits for it (it folds what it needs itself, `HistoryReads::at`).
pub const HISTORY_FOLD_PAUSE_MS: u64 = 20;
