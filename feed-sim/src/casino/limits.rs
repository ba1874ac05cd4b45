//! Every limit and timing of the casino round engine, named, with the reason for its value.

/// How long a round takes bets: the schemas' constant, which the client reads too.
pub const BETTING_MS: i64 = schemas::casino::BETTING_MS;

/// How long bets are taken between two faces on a table that re-prices while dealing (the super
/// over, after every ball).
pub const IN_PLAY_MS: i64 = 5_000;

/// The pause between two cards (or the spin and its number) while dealing, so a spectator can
/// follow the cards one by one.
pub const CARD_INTERVAL_MS: i64 = 1_000;

/// The pause, counted down on the page, before each stage of a table that deals in stages (Poker
/// 20-20: the flop, the turn and the river), so a spectator sees the hands before the board.
pub const STAGE_PAUSE_MS: i64 = 3_000;

/// The longest a deal may take: a table dealing many cards (Andar Bahar deals up to 50) deals
/// them faster so a round never stalls for a minute.
pub const DEALING_MS_MAX: i64 = 12_000;

/// How long a result stays on screen before the next round opens.
pub const RESULT_PAUSE_MS: i64 = 5_000;

/// How many results the last-results strip keeps.
pub const RESULTS_STRIP_LEN: usize = 10;

/// How many recent rounds a table keeps for its statistics box (roulette).
pub const STATS_ROUNDS: usize = 100;

/// The most table actions (a second of countdown, a card, a result) one `step` performs. A call
/// that would need more leaves the rest for the next call, so one huge `real_dt_ms` cannot
/// stall the caller; a table that falls behind catches up in order.
pub const ACTIONS_PER_STEP_MAX: usize = 100_000;

/// The fastest the engine's clock may run relative to the wall clock.
pub const SPEED_MAX: f64 = 10_000.0;

/// The largest round seed: 2^53 − 1, so a seed survives a JSON number read as a double (the
/// browser) exactly, and a round can be replayed from what any client saw.
pub const ROUND_SEED_MAX: u64 = (1 << 53) - 1;

/// Stakes, currency units: the least an item takes, the most on an item paying under
/// [`HIGH_RATE_H`], and the most on one paying that or more (a single rank, a straight up).
pub const STAKE_MIN: i64 = 100;
pub const STAKE_MAX: i64 = 25_000;
pub const HIGH_RATE_STAKE_MAX: i64 = 5_000;
pub const HIGH_RATE_H: u32 = 1_000;
/// The most on an item paying [`TOP_RATE_H`] (100.00) or more (a lottery number, a Worli patti),
/// so one bet's win stays near the others'.
pub const TOP_RATE_STAKE_MAX: i64 = 500;
pub const TOP_RATE_H: u32 = 10_000;

const _: () = assert!(CARD_INTERVAL_MS > 0 && DEALING_MS_MAX >= CARD_INTERVAL_MS);
const _: () = assert!(BETTING_MS % 1_000 == 0, "the countdown shows whole seconds");
const _: () = assert!(STAKE_MIN <= TOP_RATE_STAKE_MAX && TOP_RATE_STAKE_MAX <= HIGH_RATE_STAKE_MAX && HIGH_RATE_STAKE_MAX <= STAKE_MAX);
const _: () = assert!(STATS_ROUNDS >= RESULTS_STRIP_LEN);
