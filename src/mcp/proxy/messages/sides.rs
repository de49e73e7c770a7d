//! The two ends of the message loop: where the host's messages go and how
//! the server is spoken to.

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Sender;
use std::time::Duration;

use super::super::{Error, Ev};
use crate::mcp::transport::{Event, Http, Transport};

/// Where messages for the host go.
pub(crate) trait HostSide {
    /// Sends the host one message; `about` names the host request it
    /// belongs to (its id as JSON text) when the proxy knows.
    fn send(&mut self, raw: &[u8], about: Option<&str>) -> std::io::Result<()>;
}

/// How the server is spoken to.
pub(crate) trait ServerSide {
    /// Sends the server one message.
    fn send(&mut self, raw: &[u8]) -> Result<(), Error>;
    /// The server speaks `version`, after a handshake when `handshake`.
    fn negotiated(&mut self, _version: &str, _handshake: bool) {}
    /// How the server ended, in words, and its exit code, when known.
    fn ended(&mut self) -> (Option<String>, Option<i32>);
    /// Ends the connection.
    fn finish(&mut self);
}

/// A host on a byte stream (stdout): one message per line.
pub(crate) struct LinesOut<W: Write>(pub(crate) W);

impl<W: Write> HostSide for LinesOut<W> {
    fn send(&mut self, raw: &[u8], _about: Option<&str>) -> std::io::Result<()> {
        if raw.last() == Some(&b'\n') {
            self.0.write_all(raw)?;
        } else {
            let mut buf = Vec::with_capacity(raw.len() + 1);
            buf.extend_from_slice(raw);
            buf.push(b'\n');
            self.0.write_all(&buf)?;
        }
        self.0.flush()
    }
}

/// A stdio server: a child process, one message per line.
pub(crate) struct ChildServer {
    pub(crate) child: Child,
    pub(crate) stdin: Option<ChildStdin>,
}

impl ServerSide for ChildServer {
    fn send(&mut self, raw: &[u8]) -> Result<(), Error> {
        let Some(stdin) = &mut self.stdin else {
            return Err(Error::ServerInputClosed);
        };
        let mut buf = Vec::with_capacity(raw.len() + 1);
        buf.extend_from_slice(raw);
        if buf.last() != Some(&b'\n') {
            buf.push(b'\n');
        }
        stdin.write_all(&buf).map_err(Error::ServerWrite)
    }

    fn ended(&mut self) -> (Option<String>, Option<i32>) {
        match wait_a_moment(&mut self.child) {
            Some(s) => (Some(describe_exit(s)), s.code()),
            None => (None, None),
        }
    }

    fn finish(&mut self) {
        // Closing its input is how a stdio server is told to stop.
        self.stdin = None;
        if wait_a_moment(&mut self.child).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A server on Streamable HTTP, reached through the client transport: its
/// messages are fed to the loop by a thread of their own.
pub(crate) struct HttpServer {
    http: Http,
    /// The version the server speaks once known (sent as a header).
    version: Option<String>,
}

impl HttpServer {
    /// Starts reading `http`'s events into `tx`.
    pub(crate) fn start(mut http: Http, tx: Sender<Ev>) -> HttpServer {
        let events = http.take_events();
        std::thread::spawn(move || {
            loop {
                let ev = match events.recv() {
                    Ok(e) => e,
                    Err(_) => return,
                };
                let sent = match ev {
                    Event::Message(text) => tx.send(Ev::Server(text.into_bytes())),
                    Event::Garbage(what) => tx.send(Ev::Note(format!(
                        "the server sent something that is not a message ({what}); not passed on"
                    ))),
                    Event::Closed(why) => {
                        let _ = tx.send(Ev::ServerGone(why));
                        return;
                    }
                    Event::Denied(d) | Event::ClosedDenied(d) => {
                        let _ = tx.send(Ev::ServerGone(d.to_string()));
                        return;
                    }
                };
                if sent.is_err() {
                    return;
                }
            }
        });
        HttpServer {
            http,
            version: None,
        }
    }
}

impl ServerSide for HttpServer {
    fn send(&mut self, raw: &[u8]) -> Result<(), Error> {
        let text = std::str::from_utf8(raw).map_err(|_| {
            Error::ServerWrite(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "a message that is not UTF-8",
            ))
        })?;
        // Once the server's version is known every message goes under it.
        // Before, a 2026-07-28 request (the proxy's `server/discover`) says
        // its version in its envelope, and its header must agree.
        if self.version.is_none() {
            let enveloped = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| {
                    v.get("params")?
                        .get("_meta")?
                        .get(crate::document::PROTOCOL_VERSION_META)?
                        .as_str()
                        .map(str::to_string)
                });
            self.http.set_protocol_version(enveloped.as_deref());
        }
        self.http
            .send(text)
            .map_err(|e| Error::ServerWrite(std::io::Error::other(e.to_string())))
    }

    fn negotiated(&mut self, version: &str, handshake: bool) {
        self.version = Some(version.to_string());
        self.http.set_protocol_version(Some(version));
        if handshake {
            self.http.initialized();
        }
    }

    fn ended(&mut self) -> (Option<String>, Option<i32>) {
        (None, None)
    }

    fn finish(&mut self) {
        self.http.close();
    }
}

/// The child's status, when it exits within a moment.
fn wait_a_moment(child: &mut Child) -> Option<std::process::ExitStatus> {
    for _ in 0..100 {
        if let Ok(Some(s)) = child.try_wait() {
            return Some(s);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

fn describe_exit(s: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = s.signal() {
            return format!("was killed by signal {sig}");
        }
    }
    match s.code() {
        Some(c) => format!("exited with status {c}"),
        None => "exited".into(),
    }
}
