//! The `/ws` endpoint (DESIGN §4): the handshake, and one select loop per connection that reads
//! the client's messages and hands its subscriptions to the hub (`crate::push`).

pub mod route;
pub mod session;
