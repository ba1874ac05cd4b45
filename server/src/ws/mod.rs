//! Realtime push (DESIGN §4): `/ws`, one select loop per connection, one hub task.

pub mod hub;
pub mod outbound;
pub mod public;
pub mod route;
pub mod session;
pub mod socket;
pub mod wire;
