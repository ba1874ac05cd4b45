//! HTTP plumbing: what every handler is given (`state::AppState`), the request extractors and
//! responders, the API's error and its statuses, the client's address and its limits, the
//! security headers, TLS, and the dates of the wire. It sits above the domain (it holds the
//! domain's handles and maps its refusals to statuses) and below the services and handlers.

pub mod client_address;
pub mod client_limits;
pub mod error;
pub mod extract;
pub mod objects_only;
pub mod security_headers;
pub mod state;
pub mod timefmt;
pub mod tls;
