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

const _: () = assert!(BATCH_COMMANDS_MAX <= ENGINE_QUEUE_MAX);
const _: () = assert!(schemas::AMOUNT_MINOR_MAX < BALANCE_MINOR_MAX);
const _: () = assert!(BALANCE_MINOR_MAX < i64::MAX / 1024);

/// A bet resubmitted with the same request id within this window returns the first answer.
pub const REQUEST_ID_WINDOW_MS: i64 = 60_000;

/// Characters of a bet's request id.
pub const REQUEST_ID_CHARS_MAX: usize = 64;
