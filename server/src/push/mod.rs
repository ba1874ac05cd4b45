//! Realtime push (DESIGN §4): one hub task that owns every subscription (`hub`), each
//! connection's bounded queue (`queue`) and the writer that puts its frames on the socket
//! (`writer`, `outbound`, `socket`), the wire formats (`wire`), a topic's changes (`change`), the per-topic numbers shared with
//! the edges (`numbering`), and the ledger's notifier that pushes each user's balance (`notify`).
//! It knows nothing of HTTP handlers or of the domain: the casino, the feed and the edge publish
//! to it through `hub::HubHandle`.

pub mod change;
pub mod hub;
pub mod notify;
pub mod numbering;
pub mod outbound;
pub mod queue;
pub mod socket;
pub mod wire;
pub mod writer;

#[cfg(test)]
mod tests;
