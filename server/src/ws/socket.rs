//! The TCP socket under a connection, to cut it when the client stops reading (issue 16).
//! actix-web keeps a connection for as long as it has bytes to write to it, so a client that
//! never reads would hold its socket, its buffers and its queue for ever. `on_connect` keeps a
//! second handle of each plain TCP connection's socket (a duplicate file descriptor, owned, so
//! it can never name another socket later); shutting the socket down fails the server's pending
//! writes, and actix drops the connection with everything it holds.

use actix_web::dev::Extensions;
use actix_web::HttpRequest;
use std::any::Any;
use std::net::Shutdown;
use std::os::fd::AsFd;
use std::sync::Arc;

#[derive(Clone)]
pub struct ConnSocket(Arc<std::net::TcpStream>);

/// `HttpServer::on_connect`: remembers the TCP socket of a connection, plain or under TLS.
pub fn on_connect(connection: &dyn Any, data: &mut Extensions) {
    type TlsStream = actix_tls::accept::rustls_0_23::TlsStream<actix_web::rt::net::TcpStream>;
    let tcp = match connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
        Some(tcp) => Some(tcp),
        None => connection.downcast_ref::<TlsStream>().map(|tls| tls.get_ref().0),
    };
    if let Some(Ok(fd)) = tcp.map(|tcp| tcp.as_fd().try_clone_to_owned()) {
        data.insert(ConnSocket(Arc::new(std::net::TcpStream::from(fd))));
    }
}

impl ConnSocket {
    pub fn of(req: &HttpRequest) -> Option<ConnSocket> {
        req.conn_data::<ConnSocket>().cloned()
    }

    /// Ends the connection now, whatever is left unsent.
    pub fn cut(&self) {
        let _ = self.0.shutdown(Shutdown::Both);
    }
}
