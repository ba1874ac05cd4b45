//! The client's address, for limits and the activity log: the connection's peer, or,
//! only when that peer is a proxy the configuration trusts (`application.trusted_proxies`), the
//! nearest address of `X-Forwarded-For` that is not a trusted proxy. Never a header the browser
//! sets on its own: a forged address would forge the audit trail and dodge every per-address limit.

use actix_web::{web, HttpRequest};
use std::net::IpAddr;

/// The proxies whose `X-Forwarded-For` is believed; empty (the default) believes none.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(pub Vec<IpAddr>);

/// The address of the client behind `req`, or `None` without a peer (never over TCP).
pub fn client_addr(req: &HttpRequest) -> Option<IpAddr> {
    let peer = req.peer_addr()?.ip();
    let trusted = req.app_data::<web::Data<TrustedProxies>>().map_or(&[][..], |t| t.0.as_slice());
    if !trusted.contains(&peer) {
        return Some(peer);
    }
    let hops: Vec<&str> = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).collect();
    Some(through_proxies(peer, &hops, trusted))
}

/// `client_addr`, or the unspecified address without a peer: the key the login guard counts a
/// guess under.
pub fn client_addr_or_unspecified(req: &HttpRequest) -> IpAddr {
    client_addr(req).unwrap_or(IpAddr::from([0, 0, 0, 0]))
}

/// The client address is the rightmost hop not a trusted proxy: each proxy appends the address
/// it received the request from, so hops right of it are our own proxies and hops left of it
/// are whatever the client wrote. An unreadable hop ends the walk at the last address known.
fn through_proxies(peer: IpAddr, hops: &[&str], trusted: &[IpAddr]) -> IpAddr {
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.trim().parse::<IpAddr>() else { return client };
        client = ip;
        if !trusted.contains(&ip) {
            break;
        }
    }
    client
}

/// The client address as the activity log writes it.
pub fn client_ip(req: &HttpRequest) -> String {
    client_addr(req).map_or_else(|| "unknown".into(), |ip| ip.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn only_a_trusted_proxy_is_believed_and_only_for_the_hop_it_added() {
        let proxy = ip("10.0.0.2");
        let trusted = [proxy, ip("10.0.0.3")];
        // The client's own claim (6.6.6.6) sits left of the address the proxy saw.
        assert_eq!(through_proxies(proxy, &["6.6.6.6", " 203.0.113.9"], &trusted), ip("203.0.113.9"));
        // Two proxies in a row.
        assert_eq!(through_proxies(proxy, &["203.0.113.9", "10.0.0.3"], &trusted), ip("203.0.113.9"));
        // A garbled hop stops the walk at the last address known.
        assert_eq!(through_proxies(proxy, &["203.0.113.9", "junk"], &trusted), proxy);
        assert_eq!(through_proxies(proxy, &[], &trusted), proxy);
    }
}
