//! The TCP socket under a connection. `on_connect` keeps a second handle of each connection's
//! socket (a duplicate file descriptor, owned, so it can never name another socket later), for
//! two things: a plain WebSocket's frames are written to it directly (`super::queue::ConnQueue`),
//! and a client that stops reading is cut by shutting it down (actix-web keeps a
//! connection for as long as it has bytes to write to it; the shutdown fails the pending writes,
//! and actix drops the connection with everything it holds).

use actix_web::dev::Extensions;
use actix_web::HttpRequest;
use std::any::Any;
use std::net::Shutdown;
use std::os::fd::AsFd;
use std::sync::Arc;

#[derive(Clone)]
pub struct ConnSocket {
    socket: Arc<std::net::TcpStream>,
    /// Plain TCP: bytes written to the socket reach the client as they are (not under TLS).
    plain: bool,
}

/// `HttpServer::on_connect`: remembers the TCP socket of a connection, plain or under TLS.
pub fn on_connect(connection: &dyn Any, data: &mut Extensions) {
    type TlsStream = actix_tls::accept::rustls_0_23::TlsStream<actix_web::rt::net::TcpStream>;
    let tcp = match connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
        Some(tcp) => Some((tcp, true)),
        None => connection.downcast_ref::<TlsStream>().map(|tls| (tls.get_ref().0, false)),
    };
    if let Some((tcp, plain)) = tcp {
        if let Ok(fd) = tcp.as_fd().try_clone_to_owned() {
            data.insert(ConnSocket { socket: Arc::new(std::net::TcpStream::from(fd)), plain });
        }
    }
}

impl ConnSocket {
    pub fn of(req: &HttpRequest) -> Option<ConnSocket> {
        req.conn_data::<ConnSocket>().cloned()
    }

    /// Bounds the kernel's send buffer of the socket (`limits::WS_SEND_BUFFER_BYTES`).
    pub fn bound_send_buffer(&self, bytes: usize) {
        let _ = socket2::SockRef::from(&*self.socket).set_send_buffer_size(bytes);
    }

    /// Ends the connection now, whatever is left unsent.
    pub fn cut(&self) {
        let _ = self.socket.shutdown(Shutdown::Both);
    }

    /// The socket to write a WebSocket's frames to directly, for a plain TCP connection
    /// (`super::queue::ConnQueue::writing_to`). It is non-blocking, as the server's own handle.
    pub fn plain(&self) -> Option<Arc<std::net::TcpStream>> {
        self.plain.then(|| self.socket.clone())
    }
}
