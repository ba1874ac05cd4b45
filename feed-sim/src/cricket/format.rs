//! The shape and pace of a cricket match: a real T20 and the five-over virtual one.

/// The shape and pace of a match (times in simulated milliseconds).
#[derive(Debug)]
pub struct Format {
    pub overs: u32,
    /// The overs at which session (fancy) lines, and khado ranges on them, are decided.
    pub sessions: &'static [u32],
    pub(super) first_ball_ms: i64,
    /// Between a delivery (ball running) and its result.
    pub(super) result_delay_ms: i64,
    /// From a result to the next delivery.
    pub(super) ball_gap_ms: (i64, i64),
    pub(super) over_break_ms: i64,
    /// Markets stay suspended this long after a wicket.
    pub(super) wicket_pause_ms: i64,
    pub(super) new_batter_ms: i64,
    pub(super) innings_break_ms: i64,
}

/// A real T20 match: about three and a quarter hours.
pub const T20: Format = Format {
    overs: 20,
    sessions: &[6, 10, 15, 20],
    first_ball_ms: 60_000,
    result_delay_ms: 4_000,
    ball_gap_ms: (22_000, 34_000),
    over_break_ms: 45_000,
    wicket_pause_ms: 20_000,
    new_batter_ms: 40_000,
    innings_break_ms: 600_000,
};

/// A virtual match of five overs a side: about five minutes.
pub const VIRTUAL: Format = Format {
    overs: 5,
    sessions: &[2, 5],
    first_ball_ms: 5_000,
    result_delay_ms: 1_500,
    ball_gap_ms: (2_000, 3_000),
    over_break_ms: 3_000,
    wicket_pause_ms: 3_000,
    new_batter_ms: 2_000,
    innings_break_ms: 20_000,
};
