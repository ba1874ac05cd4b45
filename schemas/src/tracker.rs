//! The live match tracker: what a spectator's tracker draws of a match in play, as the
//! feed last knew it. It travels inside the [`crate::sports::Scoreboard`], so the match topic's
//! snapshot (and the REST scoreboard) carry the whole state and every scoreboard delta moves it.
//! Team and player indexes are the scoreboard's `teams` order: 0 home, 1 away.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The tracker of one match, by the kind of drawing it needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "sport", rename_all = "snake_case")]
#[ts(export)]
pub enum Tracker {
    Cricket(CricketTracker),
    Football(FootballTracker),
    /// Tennis and table tennis.
    Racket(RacketTracker),
    /// A horse or greyhound race.
    Race(RaceTracker),
}

/// A cricket innings in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct CricketTracker {
    /// The side batting.
    pub batting: u8,
    /// 1 or 2.
    pub innings: u8,
    /// The over `this_over` belongs to, from 1 (a finished over stays until the next ball).
    pub over: u32,
    /// Its balls so far: runs (`"0"`–`"6"`) or `"W"`, as the scoreboard's `balls` spell them.
    pub this_over: Vec<String>,
    /// Every scoring shot of the innings, oldest first: the wagon wheel.
    pub shots: Vec<Shot>,
    pub partnership_runs: u32,
    pub partnership_balls: u32,
    /// The chase: runs still needed and legal balls left; `null` in the first innings.
    pub need: Option<Chase>,
    /// A ball is on its way (its result not yet known).
    pub ball_running: bool,
}

/// One scoring shot of a wagon wheel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Shot {
    pub runs: u8,
    /// Direction in degrees clockwise from straight down the ground (0), seen from above with
    /// the bowler's end up: 90 is square on the off side of a right-hander, 270 square leg.
    pub angle: u16,
    /// How far the ball went, in percent of the boundary (100 reached it).
    pub distance: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Chase {
    pub runs: u32,
    pub balls: u32,
}

/// A football match: where the ball is, what happened, and who has been on top.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct FootballTracker {
    /// The match minute (1 to 90 and stoppage), 0 before kick-off.
    pub minute: u32,
    /// Who has the ball and how dangerous it is; `null` while the ball is not in play.
    pub zone: Option<BallZone>,
    /// Pressure in each minute played, oldest first (the current minute last, still moving):
    /// −100 all away to 100 all home.
    pub momentum: Vec<i8>,
    /// Shots, corners, cards and goals, oldest first.
    pub incidents: Vec<Incident>,
    /// Home and away totals.
    pub stats: Vec<TeamStats>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct BallZone {
    /// The side in possession.
    pub team: u8,
    pub area: Area,
}

/// How far up the pitch the side in possession is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum Area {
    /// Keeping the ball in its own half.
    Safe,
    /// In the opponents' half.
    Attack,
    /// Near the opponents' box: a chance is on.
    Danger,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct Incident {
    pub minute: u32,
    pub team: u8,
    pub kind: IncidentKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum IncidentKind {
    /// Off target or blocked.
    Shot,
    /// Saved.
    ShotOnTarget,
    Corner,
    YellowCard,
    RedCard,
    Goal,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct TeamStats {
    /// Every shot, goals included.
    pub shots: u32,
    /// Shots on target, goals included.
    pub on_target: u32,
    pub corners: u32,
    pub yellow: u32,
    pub red: u32,
}

/// A tennis or table tennis match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct RacketTracker {
    /// Who serves the next point; `null` before the first point and after the last.
    pub server: Option<u8>,
    /// The current game's score as called, home first: `["30", "15"]`, `["40", "Ad"]`, a
    /// tiebreak's or table tennis game's points `["7", "5"]`.
    pub points: Vec<String>,
    /// Games of each set (tennis) or points of each game (table tennis), home first, the one in
    /// progress last.
    pub periods: Vec<Vec<u8>>,
    /// Sets (tennis) or games (table tennis) won, home first.
    pub won: Vec<u8>,
    /// Who won each point of the current game, in order.
    pub rally: Vec<u8>,
    /// Tennis: the current game is a tiebreak.
    pub tiebreak: bool,
}

/// A horse or greyhound race: where each runner is along the track.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct RaceTracker {
    /// `pre` (going to the start), `running`, or `finished`.
    pub phase: RacePhase,
    /// The race's distance in metres.
    pub distance_m: u32,
    /// Simulated milliseconds since the off (0 before it).
    pub elapsed_ms: u32,
    /// Every declared runner in card order (trap or saddle-cloth number), non-runners included.
    pub runners: Vec<RaceRunner>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum RacePhase {
    Pre,
    Running,
    Finished,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct RaceRunner {
    /// The runner's section id in the race's markets.
    pub sid: u32,
    /// Trap (greyhounds, 1 to 6) or saddle-cloth number (horses).
    pub number: u8,
    pub name: String,
    /// Metres covered (at most the distance).
    pub position_m: u32,
    /// Place in the race now (1 leads; the finishing place once past the post); 0 for a non-runner.
    pub rank: u8,
    /// Withdrawn before the off.
    pub non_runner: bool,
}
