//! Every limit of the simulator, named, with the reason for its value.

/// The most fixture actions (a ball, a point, a quote refresh) one `step` performs. A call that
/// would need more leaves the rest for the next call, so one huge `real_dt_ms` cannot stall the
/// caller; fixtures that fall behind catch up in order.
pub const ACTIONS_PER_STEP_MAX: usize = 250_000;

/// The most play actions a fixture replays silently to reach its in-play state at start-up. A
/// T20 match is about 500; the limit only guards against a format that never ends.
pub const WARMUP_ACTIONS_MAX: usize = 5_000;

/// The fastest the simulated clock may run relative to the wall clock.
pub const SPEED_MAX: f64 = 10_000.0;

/// The most real fixtures per sport, and virtual fixtures per kind: a feed far past what a page
/// lists, small enough that every refresh stays cheap.
pub const FIXTURES_PER_SPORT_MAX: usize = 200;
pub const VIRTUAL_FIXTURES_MAX: usize = 50;
/// The most races of each kind on the card at once.
pub const RACES_PER_KIND_MAX: usize = 50;

/// How many recent balls (cricket), points (tennis, table tennis) or goals a scoreboard lists.
pub const SCOREBOARD_BALLS_MAX: usize = 12;

/// The live tracker's lists: football's incidents and minutes of momentum (a match
/// has about 30 incidents and 100 minutes), and the points of one racket game (a long deuce).
pub const TRACKER_INCIDENTS_MAX: usize = 200;
pub const TRACKER_MINUTES_MAX: usize = 130;
pub const TRACKER_RALLY_MAX: usize = 40;

const _: () = assert!(WARMUP_ACTIONS_MAX < ACTIONS_PER_STEP_MAX);
const _: () = assert!(SCOREBOARD_BALLS_MAX >= 6, "a scoreboard shows at least the current over");
