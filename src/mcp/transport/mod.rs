//! Transports: how JSON-RPC messages reach an MCP peer and come back.
//!
//! Both transports hand over messages as the exact text the peer sent, so
//! what is linted and recorded is what arrived. Reading happens on threads
//! that feed one channel, so waiting can time out and a server request can
//! arrive while a client request is in flight.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::sanitize;
use crate::session::Peer;

mod auth;
mod http;
mod sse;
mod stdio;

pub(crate) use auth::{Authorized, send_authorized};
pub use auth::{Challenge, Denied, auth_refusal, parse_challenge};
pub use http::{Http, header_value};
pub use sse::MAX_RECONNECTS;
pub use stdio::{STDERR_PREFIX, StderrSink, Stdio};

/// The largest message read from a peer.
pub(crate) const MAX_MESSAGE: usize = 64 << 20;

/// What arrives from a peer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// One JSON text, exactly as received (not yet parsed).
    Message(String),
    /// Something that cannot be a message; says what.
    Garbage(String),
    /// The peer is gone; says why.
    Closed(String),
    /// The server refused the client (HTTP 401 or 403). Trying another
    /// revision cannot help.
    Denied(Denied),
    /// The peer is gone: it refused to resume a stream (HTTP 401 or 403).
    ClosedDenied(Denied),
}

/// Why a connection cannot be made, or a message cannot be sent.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// [`Stdio::spawn`] was given no command.
    #[error("no server command given")]
    NoCommand,
    /// The server command cannot be started.
    #[error(
        "cannot start the server command `{}` ({}); check that `{}` is installed and on PATH, or give its full path",
        sanitize::line(&command.join(" ")),
        match reason.kind() {
            std::io::ErrorKind::NotFound => "no such program".to_string(),
            std::io::ErrorKind::PermissionDenied => "not executable".to_string(),
            _ => reason.to_string(),
        },
        sanitize::line(command.first().map_or("", String::as_str))
    )]
    Spawn {
        /// The command: program and arguments.
        command: Vec<String>,
        /// Why it did not start (said in the message).
        reason: std::io::Error,
    },
    /// The address of an HTTP server is not a URL.
    #[error("`{url}` is not a URL")]
    NotAUrl {
        /// The address as given.
        url: String,
        /// Why it does not parse.
        source: url::ParseError,
    },
    /// The address is a URL, but not an `http://` or `https://` one.
    #[error("`{url}` is not an http:// or https:// URL")]
    NotHttp {
        /// The address as given.
        url: String,
    },
    /// The connection was closed before this message.
    #[error("the connection to the server is closed")]
    Closed,
    /// A stdio server exited before the message could be written.
    #[error(
        "the server command `{}` exited ({status}) before answering; run it on its own to see why",
        sanitize::line(&command.join(" "))
    )]
    Exited {
        /// The command: program and arguments.
        command: Vec<String>,
        /// How it exited.
        status: std::process::ExitStatus,
    },
    /// A stdio server stopped reading its input.
    #[error("the server stopped reading its input ({reason})")]
    NotReading {
        /// The write's error (said in the message).
        reason: std::io::Error,
    },
    /// A message to send is not JSON text.
    #[error("a message to send is not JSON")]
    NotJson(#[source] serde_json::Error),
}

/// What authorizes an HTTP transport's requests: the OAuth flow of
/// [`crate::mcp::oauth::Session`], or an embedder's own.
pub trait Authorizer: Send + Sync {
    /// The `Authorization` header value to send now, if any.
    fn header(&self) -> Option<String>;
    /// A request was refused with `status` (401 or 403) and this
    /// `WWW-Authenticate` value, having sent `sent` as its
    /// `Authorization`. `Ok(true)`: send it again (a token is ready);
    /// `Ok(false)`: the refusal stands; `Err`: why authorizing failed, in
    /// words for a person.
    fn challenged(
        &self,
        status: u16,
        www_authenticate: Option<&str>,
        sent: Option<&str>,
    ) -> Result<bool, String>;
}

/// A connection to an MCP server.
pub trait Transport {
    /// Sends one JSON-RPC message (compact JSON text).
    fn send(&mut self, raw: &str) -> Result<(), Error>;
    /// Sends one message with extra headers for it (`Mcp-Param-*`); only
    /// HTTP has headers.
    fn send_with(&mut self, raw: &str, _headers: Vec<(String, String)>) -> Result<(), Error> {
        self.send(raw)
    }
    /// Whether tool arguments marked `x-mcp-header` are mirrored into
    /// headers (Streamable HTTP under 2026-07-28, SEP-2243).
    fn mirrors_params(&self) -> bool {
        false
    }
    /// Waits up to `timeout` for the next event; `None` on time-out.
    fn recv(&mut self, timeout: Duration) -> Option<Event>;
    /// Sets the protocol version once negotiated, or clears it (HTTP sends
    /// it as a header).
    fn set_protocol_version(&mut self, _version: Option<&str>) {}
    /// Called once initialisation is done (HTTP opens its GET stream).
    fn initialized(&mut self) {}
    /// Ends the connection: stdio ends the child, HTTP deletes the session.
    fn close(&mut self);
    /// What ends the connection from elsewhere (a signal handler) when the
    /// call cannot end normally: HTTP deletes the session. `None` when
    /// nothing needs doing (a stdio child gets the same signal).
    fn ender(&self) -> Option<Box<dyn FnOnce() + Send>> {
        None
    }
    /// How the server was reached, for recordings.
    fn peer(&self) -> Peer;
}

fn recv_from(rx: &Receiver<Event>, timeout: Duration) -> Option<Event> {
    match rx.recv_timeout(timeout) {
        Ok(e) => Some(e),
        Err(RecvTimeoutError::Timeout) => None,
        Err(RecvTimeoutError::Disconnected) => {
            Some(Event::Closed("the connection to the server ended".into()))
        }
    }
}
