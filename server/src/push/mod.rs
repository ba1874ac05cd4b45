//! Realtime push (DESIGN §4): one hub task that owns every subscription, each connection's
//! bounded queue and the writer that puts its frames on the socket, the wire formats, and the
//! ledger's notifier that pushes each user's balance. It knows nothing of HTTP handlers or of the
//! domain: the casino, the feed and the edge publish to it through `hub::HubHandle`.

pub mod hub;
pub mod notify;
pub mod outbound;
pub mod socket;
pub mod wire;
