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

impl Format {
    /// The table's rules, from the numbers it plays by: `(critical, text)`.
    pub fn rules(&self) -> Vec<(bool, String)> {
        let seconds = |ms: i64| ms / 1_000;
        let sessions = self.sessions.iter().map(u32::to_string).collect::<Vec<_>>().join(" and ");
        vec![
            (false, format!("A Cricket V match is simulated ball by ball: {} overs a side, a ball every {} to {} seconds, about five minutes a match.", self.overs, seconds(self.ball_gap_ms.0), seconds(self.ball_gap_ms.1))),
            (false, format!("The timer is the match clock kept by the server, the same for everyone watching: the time left to the start, then the time since the start (the first ball comes {} seconds after it).", seconds(self.first_ball_ms))),
            (false, "Match odds and the bookmaker market settle on the team that wins; a tie is decided by a super over.".to_string()),
            (false, format!("Session (fancy) lines settle on the batting side's runs at the end of overs {sessions} of each innings: Yes wins if the runs reach the line. A side bowled out settles them at its total; a chase won early voids the sessions it never reached.")),
            (true, format!("Markets are suspended while a ball is bowled, for {} seconds after a wicket and over the {}-second innings break; a bet asked at a price that has moved is refused.", seconds(self.wicket_pause_ms), seconds(self.innings_break_ms))),
            (true, "Every ball is drawn by the simulator from its recorded seed, so a match can be replayed and checked.".to_string()),
        ]
    }
}
