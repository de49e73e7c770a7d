//! Transports: how JSON-RPC messages reach an MCP peer and come back.
//!
//! Both transports hand over messages as the exact text the peer sent, so
//! what is linted and recorded is what arrived. Reading happens on threads
//! that feed one channel, so waiting can time out and a server request can
//! arrive while a client request is in flight.

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio as PipeStdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::lines::{LineRead, read_line_bounded};
use crate::sanitize;
use crate::session::Peer;

/// What each line a stdio server writes to its stderr is shown after, once
/// sanitised.
pub const STDERR_PREFIX: &str = "[server] ";

/// The longest stderr line of a stdio server that is shown.
const MAX_STDERR_LINE: usize = 64 << 10;

/// Where a stdio server's stderr lines go, each sanitised and prefixed
/// with [`STDERR_PREFIX`]: the library never prints, so they are dropped
/// until a sink is set (the command shows them, holding them while a form
/// is open).
pub type StderrSink = Box<dyn Fn(String) + Send + Sync>;

static STDERR_SINK: Mutex<Option<StderrSink>> = Mutex::new(None);

/// Sends every stdio server's stderr lines to `sink` from now on.
pub fn set_server_stderr(sink: StderrSink) {
    *STDERR_SINK.lock().unwrap_or_else(|p| p.into_inner()) = Some(sink);
}

fn server_stderr_line(line: String) {
    if let Some(sink) = STDERR_SINK
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .as_ref()
    {
        sink(line);
    }
}

/// The largest message read from a peer.
pub const MAX_MESSAGE: usize = 64 << 20;

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

/// The server refused the client (HTTP 401 or 403). The message says what
/// was refused and what the server said of how to authenticate; how to
/// send credentials is for the program to say (see [`Denied::sent_headers`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Denied {
    /// 401 or 403.
    pub status: u16,
    /// The `WWW-Authenticate` challenge, when the server sent one.
    pub challenge: Option<Challenge>,
    /// What was refused (`` `tools/call` ``, "the reconnection to ...").
    pub what: String,
    /// Whether extra headers (credentials) were sent.
    pub sent_headers: bool,
    /// What it means for the call, said after the refusal (a resumption
    /// refused); starts with a space.
    pub then: Option<String>,
}

impl Denied {
    /// The refusal: "the server refused `x` with HTTP 401 Unauthorized"
    /// and what the challenge says, or that there was none.
    pub fn refusal(&self) -> String {
        let label = match self.status {
            401 => "401 Unauthorized",
            _ => "403 Forbidden",
        };
        let said = match &self.challenge {
            None => {
                " and no WWW-Authenticate header, so it did not say how to authenticate".to_string()
            }
            Some(c) => {
                let mut parts = vec![format!("scheme {}", sanitize::line(&c.scheme))];
                for (k, v) in [
                    ("realm", &c.realm),
                    ("scope", &c.scope),
                    ("error", &c.error),
                ] {
                    if let Some(v) = v {
                        parts.push(format!("{k} \"{}\"", sanitize::line(v)));
                    }
                }
                format!(" (WWW-Authenticate: {})", parts.join(", "))
            }
        };
        format!(
            "the server refused {} with HTTP {label}{said}",
            sanitize::line(&self.what)
        )
    }
}

impl std::fmt::Display for Denied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            self.refusal(),
            self.then.as_deref().unwrap_or_default()
        )
    }
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

/// Reads newline-delimited messages from `reader` into `tx` until it ends.
fn pump_lines<R: Read>(reader: R, tx: &Sender<Event>) -> std::io::Result<()> {
    let mut reader = BufReader::with_capacity(1 << 16, reader);
    let mut buf = Vec::new();
    loop {
        match read_line_bounded(&mut reader, &mut buf, MAX_MESSAGE)? {
            LineRead::Eof => return Ok(()),
            LineRead::TooLong(n) => {
                let _ = tx.send(Event::Garbage(format!(
                    "a message of {n} bytes, more than the {} MiB limit",
                    MAX_MESSAGE >> 20
                )));
            }
            LineRead::Line => {
                let line = buf.trim_ascii();
                if line.is_empty() {
                    continue;
                }
                let ev = match std::str::from_utf8(line) {
                    Ok(t) => Event::Message(t.to_string()),
                    Err(_) => Event::Garbage("a line that is not UTF-8".into()),
                };
                if tx.send(ev).is_err() {
                    return Ok(());
                }
            }
        }
    }
}

/// A server spawned as a child process, spoken to over stdin/stdout with
/// one JSON-RPC message per line. Its stderr is passed through, prefixed.
pub struct Stdio {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    command: Vec<String>,
    /// Disconnected once the server's stderr has been passed through.
    stderr_done: Receiver<()>,
}

impl Stdio {
    /// Spawns `command` (program and arguments).
    pub fn spawn(command: &[String]) -> Result<Stdio, Error> {
        let Some((program, args)) = command.split_first() else {
            return Err(Error::NoCommand);
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(PipeStdio::piped())
            .stdout(PipeStdio::piped())
            .stderr(PipeStdio::piped())
            .spawn()
            .map_err(|reason| Error::Spawn {
                command: command.to_vec(),
                reason,
            })?;
        let (tx, rx) = mpsc::channel();
        let stdout = child.stdout.take().expect("piped stdout");
        let out_tx = tx.clone();
        std::thread::spawn(move || {
            let why = match pump_lines(stdout, &out_tx) {
                Ok(()) => "the server closed its output, so the connection ended".to_string(),
                Err(e) => format!("reading from the server failed: {e}"),
            };
            let _ = out_tx.send(Event::Closed(why));
        });
        let stderr = child.stderr.take().expect("piped stderr");
        let (stderr_tx, stderr_done) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            // Dropped when the stream ends: `close` waits for that.
            let _done = stderr_tx;
            let mut reader = BufReader::new(stderr);
            let mut buf = Vec::new();
            loop {
                let text = match read_line_bounded(&mut reader, &mut buf, MAX_STDERR_LINE) {
                    Ok(LineRead::Line) => String::from_utf8_lossy(&buf).into_owned(),
                    Ok(LineRead::TooLong(n)) => format!("(a line of {n} bytes, not shown)"),
                    Ok(LineRead::Eof) | Err(_) => return,
                };
                server_stderr_line(format!(
                    "{STDERR_PREFIX}{}",
                    sanitize::line(text.trim_end())
                ));
            }
        });
        Ok(Stdio {
            stdin: child.stdin.take(),
            child,
            rx,
            command: command.to_vec(),
            stderr_done,
        })
    }

    /// The server's exit status, when it has exited (or does within a moment).
    fn exited(&mut self) -> Option<std::process::ExitStatus> {
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    fn exit_note(&mut self) -> String {
        self.exited()
            .map(|status| format!(" (it exited: {status})"))
            .unwrap_or_default()
    }
}

impl Transport for Stdio {
    fn send(&mut self, raw: &str) -> Result<(), Error> {
        let stdin = self.stdin.as_mut().ok_or(Error::Closed)?;
        let mut line = Vec::with_capacity(raw.len() + 1);
        line.extend_from_slice(raw.as_bytes());
        line.push(b'\n');
        stdin
            .write_all(&line)
            .and_then(|()| stdin.flush())
            .map_err(|reason| match self.exited() {
                Some(status) => Error::Exited {
                    command: self.command.clone(),
                    status,
                },
                None => Error::NotReading { reason },
            })
    }

    fn recv(&mut self, timeout: Duration) -> Option<Event> {
        match recv_from(&self.rx, timeout)? {
            Event::Closed(why) => Some(Event::Closed(format!("{why}{}", self.exit_note()))),
            e => Some(e),
        }
    }

    fn close(&mut self) {
        // Closing stdin asks the server to exit; it gets a moment, then is
        // killed. Once closed there is nothing left to do (`Drop` calls this
        // after `Client::close` has).
        let Some(stdin) = self.stdin.take() else {
            return;
        };
        drop(stdin);
        // Most servers exit within a millisecond or two: look often at
        // first, then less (half a second in all).
        let mut exited = false;
        let (mut waited, mut pause) = (Duration::ZERO, Duration::from_micros(250));
        while waited < Duration::from_millis(500) {
            if let Ok(Some(_)) = self.child.try_wait() {
                exited = true;
                break;
            }
            std::thread::sleep(pause);
            waited += pause;
            pause = (pause * 2).min(Duration::from_millis(20));
        }
        if !exited {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        // Its last words are shown before whatever the call says next (a
        // process it started may hold stderr open: not for long).
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
    }

    fn peer(&self) -> Peer {
        Peer::Stdio {
            command: self.command.clone(),
        }
    }
}

impl Drop for Stdio {
    fn drop(&mut self) {
        self.close();
    }
}

/// A Streamable HTTP endpoint: each message is POSTed; responses come back
/// as JSON or as an SSE stream; server requests also come on the standalone
/// GET stream opened after initialisation.
pub struct Http {
    agent: ureq::Agent,
    url: String,
    /// Headers sent on every request (`--header`), e.g. a token.
    extra: Arc<Vec<(String, String)>>,
    shared: Arc<Mutex<HttpShared>>,
    tx: Sender<Event>,
    rx: Receiver<Event>,
}

#[derive(Debug, Default)]
struct HttpShared {
    session: Option<String>,
    version: Option<String>,
}

impl Http {
    pub fn new(url: &str) -> Result<Http, Error> {
        Http::with_headers(url, Vec::new())
    }

    /// Like [`Http::new`], sending `extra` headers on every request.
    pub fn with_headers(url: &str, extra: Vec<(String, String)>) -> Result<Http, Error> {
        let parsed = url::Url::parse(url).map_err(|source| Error::NotAUrl {
            url: url.to_string(),
            source,
        })?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(Error::NotHttp {
                url: url.to_string(),
            });
        }
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(Duration::from_secs(10)))
            .build();
        let (tx, rx) = mpsc::channel();
        Ok(Http {
            agent: config.into(),
            url: url.to_string(),
            extra: Arc::new(extra),
            shared: Arc::default(),
            tx,
            rx,
        })
    }

    fn headers(shared: &Mutex<HttpShared>, extra: &[(String, String)]) -> Vec<(String, String)> {
        let s = shared.lock().unwrap_or_else(|p| p.into_inner());
        let mut h: Vec<(String, String)> = extra.to_vec();
        if let Some(id) = &s.session {
            h.push(("Mcp-Session-Id".into(), id.clone()));
        }
        if let Some(v) = &s.version {
            h.push(("MCP-Protocol-Version".into(), v.clone()));
        }
        h
    }
}

/// A header value that survives HTTP: printable ASCII without edge spaces
/// as it is, anything else as `=?base64?...?=` (SEP-2243's encoding).
pub fn header_value(v: &str) -> String {
    let plain = v.bytes().all(|b| (0x20..0x7f).contains(&b))
        && v.trim() == v
        && !(v.starts_with("=?base64?") && v.ends_with("?="));
    if plain {
        v.to_string()
    } else {
        format!("=?base64?{}?=", data_encoding::BASE64.encode(v.as_bytes()))
    }
}

/// How many times one response stream is resumed without a message in
/// between before the call gives up (SEP-1699 asks for bounded attempts).
pub const MAX_RECONNECTS: u32 = 5;

/// The wait before the first reconnection when the server gave no `retry`.
const DEFAULT_RETRY: Duration = Duration::from_millis(250);

/// The longest wait between two reconnections.
const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// How a response body ended, for resuming an SSE stream (SEP-1699).
#[derive(Debug, Default)]
struct StreamEnd {
    /// The awaited response was delivered, or nothing was awaited, or the
    /// body was not a stream.
    answered: bool,
    /// The body was an SSE stream.
    sse: bool,
    /// The last event id seen (empty: none).
    last_id: String,
    /// The server's `retry`, when it gave one.
    retry: Option<Duration>,
    /// Messages delivered (priming events aside).
    messages: usize,
    /// Why the stream broke, when reading failed rather than ended.
    broke: Option<String>,
    /// Something was reported that ends the call: no resuming.
    fatal: bool,
}

/// Whether `raw` answers the request `awaited`: a response with its id, or
/// an error with a null id (the server could not read the request).
fn answers(raw: &str, awaited: &serde_json::Value) -> bool {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(raw) else {
        return false;
    };
    if v.get("method").is_some() {
        return false;
    }
    match v.get("id") {
        Some(id) if id == awaited => true,
        Some(serde_json::Value::Null) => v.get("error").is_some(),
        _ => false,
    }
}

/// Delivers the body of an HTTP response: JSON (one message or a batch) or
/// an SSE stream of messages. `awaited` is the id of the request whose
/// response may come on it; `last_id` seeds the event id of a resumed
/// stream.
fn deliver(
    mut resp: ureq::http::Response<ureq::Body>,
    tx: &Sender<Event>,
    what: &str,
    awaited: Option<&serde_json::Value>,
    last_id: &str,
) -> StreamEnd {
    let status = resp.status().as_u16();
    let ctype = resp
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut end = StreamEnd {
        answered: true,
        ..StreamEnd::default()
    };
    if status == 202 || status == 204 {
        return end;
    }
    let mut reader = resp.body_mut().as_reader();
    if ctype.starts_with("text/event-stream") {
        end.sse = true;
        end.answered = awaited.is_none();
        let mut parser = sse_parse::SseParser::with_last_event_id(last_id).max_buffer(MAX_MESSAGE);
        let mut chunk = vec![0u8; 1 << 16];
        let pass = |parser: &mut sse_parse::SseParser, end: &mut StreamEnd| -> bool {
            while let Some(ev) = parser.next_event() {
                if ev.event == "message" && !ev.data.trim().is_empty() {
                    end.messages += 1;
                    if awaited.is_some_and(|id| answers(&ev.data, id)) {
                        end.answered = true;
                    }
                    if tx.send(Event::Message(ev.data)).is_err() {
                        return false;
                    }
                }
            }
            end.last_id = parser.last_event_id().to_string();
            end.retry = parser.retry();
            true
        };
        loop {
            let n = match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) => {
                    end.broke = Some(e.to_string());
                    break;
                }
            };
            parser.feed(&chunk[..n]);
            if !pass(&mut parser, &mut end) {
                end.fatal = true;
                return end;
            }
            if parser.overflows() > 0 {
                let _ = tx.send(Event::Garbage(format!(
                    "an event over the {} MiB limit on the {what} stream",
                    MAX_MESSAGE >> 20
                )));
                end.fatal = true;
                return end;
            }
        }
        parser.finish();
        pass(&mut parser, &mut end);
        return end;
    }
    let mut body = Vec::new();
    if let Err(e) = reader
        .by_ref()
        .take(MAX_MESSAGE as u64 + 1)
        .read_to_end(&mut body)
    {
        let _ = tx.send(Event::Closed(format!(
            "reading the {what} response failed: {e}"
        )));
        end.fatal = true;
        return end;
    }
    let text = String::from_utf8_lossy(&body).trim().to_string();
    if body.len() > MAX_MESSAGE {
        let _ = tx.send(Event::Garbage(format!(
            "a response over the {} MiB limit",
            MAX_MESSAGE >> 20
        )));
        end.fatal = true;
        return end;
    }
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Array(batch)) => {
            for m in batch {
                let _ = tx.send(Event::Message(m.to_string()));
            }
        }
        Ok(serde_json::Value::Object(_)) => {
            let _ = tx.send(Event::Message(text));
        }
        _ if (200..300).contains(&status) => {
            let _ = tx.send(Event::Garbage(format!(
                "a {what} response that is not JSON (HTTP {status}, {ctype}): {}",
                sanitize::line(&text.chars().take(200).collect::<String>())
            )));
        }
        _ => {
            let _ = tx.send(Event::Closed(format!(
                "the server answered the {what} with HTTP {status}: {}",
                sanitize::line(&text.chars().take(200).collect::<String>())
            )));
        }
    }
    end
}

/// An HTTP 401 or 403 as a [`Denied`]: the status, and the challenge of
/// `WWW-Authenticate` when the server sent one. `None` for any other
/// status.
pub fn auth_refusal(
    status: u16,
    www_authenticate: Option<&str>,
    what: &str,
    sent_headers: bool,
) -> Option<Denied> {
    if !matches!(status, 401 | 403) {
        return None;
    }
    Some(Denied {
        status,
        challenge: www_authenticate.map(parse_challenge),
        what: what.to_string(),
        sent_headers,
        then: None,
    })
}

/// The parts of a `WWW-Authenticate` challenge worth telling a person.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Challenge {
    /// The scheme (`Bearer`).
    pub scheme: String,
    /// The `realm` parameter.
    pub realm: Option<String>,
    /// The `scope` parameter.
    pub scope: Option<String>,
    /// The `error` parameter.
    pub error: Option<String>,
}

/// Reads the first challenge of a `WWW-Authenticate` value: its scheme and
/// the `realm`, `scope` and `error` parameters (quoted or not).
fn parse_challenge(v: &str) -> Challenge {
    let v = v.trim();
    let (scheme, mut rest) = v.split_once(char::is_whitespace).unwrap_or((v, ""));
    let mut c = Challenge {
        scheme: scheme.to_string(),
        ..Challenge::default()
    };
    loop {
        rest = rest.trim_start_matches([' ', ',', '\t']);
        let Some((key, after)) = rest.split_once('=') else {
            break;
        };
        let key = key.trim().to_ascii_lowercase();
        let after = after.trim_start();
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            let mut out = String::new();
            let mut chars = q.char_indices();
            let mut end = q.len();
            while let Some((i, ch)) = chars.next() {
                match ch {
                    '\\' => {
                        if let Some((_, e)) = chars.next() {
                            out.push(e);
                        }
                    }
                    '"' => {
                        end = i + 1;
                        break;
                    }
                    _ => out.push(ch),
                }
            }
            (out, &q[end.min(q.len())..])
        } else {
            let stop = after.find(',').unwrap_or(after.len());
            (after[..stop].trim().to_string(), &after[stop..])
        };
        match key.as_str() {
            "realm" => c.realm = Some(value),
            "scope" => c.scope = Some(value),
            "error" => c.error = Some(value),
            _ => {}
        }
        rest = next;
    }
    c
}

/// A 401 or 403 refusal of `what` (see [`auth_refusal`]).
fn denial(
    resp: &ureq::http::Response<ureq::Body>,
    what: &str,
    sent_headers: bool,
) -> Option<Denied> {
    let www = resp
        .headers()
        .get("www-authenticate")
        .and_then(|v| v.to_str().ok());
    auth_refusal(resp.status().as_u16(), www, what, sent_headers)
}

/// Reports a refused HTTP request (4xx/5xx other than 401 and 403, see
/// [`denial`]) on a message that expects no body back.
fn refused(resp: ureq::http::Response<ureq::Body>, what: &str) -> String {
    let status = resp.status().as_u16();
    let mut bytes = Vec::new();
    let _ = resp
        .into_body()
        .as_reader()
        .take(200)
        .read_to_end(&mut bytes);
    let body = String::from_utf8_lossy(&bytes);
    format!(
        "the server refused {} with HTTP {status}: {}",
        sanitize::line(what),
        sanitize::line(body.trim())
    )
}

/// Resumes the stream of a request that closed before its response: GETs
/// with `Last-Event-ID` after the server's `retry` (doubling from there),
/// at most [`MAX_RECONNECTS`] times without progress. Reports on `tx` when
/// it gives up.
fn resume(
    agent: &ureq::Agent,
    url: &str,
    headers: &dyn Fn() -> Vec<(String, String)>,
    tx: &Sender<Event>,
    what: &str,
    awaited: &serde_json::Value,
    mut end: StreamEnd,
) {
    let mut attempts = 0u32;
    while end.sse && !end.answered && !end.fatal {
        let how = end
            .broke
            .as_deref()
            .map(|e| format!("broke ({})", sanitize::line(e)))
            .unwrap_or_else(|| "closed".to_string());
        if end.last_id.is_empty() {
            let _ = tx.send(Event::Closed(format!(
                "the server {how} the stream of {} before its response and sent no event id, so it cannot be resumed with Last-Event-ID; no reconnection was tried (reconnection is bounded to resumable streams, at most {MAX_RECONNECTS} attempts)",
                sanitize::line(what)
            )));
            return;
        }
        if attempts >= MAX_RECONNECTS {
            let _ = tx.send(Event::Closed(format!(
                "the server {how} the stream of {} before its response and every reconnection with Last-Event-ID closed again without it: gave up after {MAX_RECONNECTS} attempts (reconnection is bounded, with back-off from the server's retry of {} ms)",
                sanitize::line(what),
                end.retry.unwrap_or(DEFAULT_RETRY).as_millis()
            )));
            return;
        }
        let wait = end
            .retry
            .unwrap_or(DEFAULT_RETRY)
            .saturating_mul(1 << attempts.min(16))
            .min(MAX_BACKOFF.max(end.retry.unwrap_or_default()));
        attempts += 1;
        std::thread::sleep(wait);
        let mut req = agent
            .get(url)
            .header("Accept", "text/event-stream")
            .header("Last-Event-ID", &end.last_id);
        for (k, v) in headers() {
            req = req.header(&k, &v);
        }
        let resp = match req.call() {
            Ok(r) => r,
            Err(e) => {
                end.broke = Some(e.to_string());
                continue;
            }
        };
        let status = resp.status().as_u16();
        if status != 200 {
            let refused_what = format!("the reconnection to {what}");
            let then = format!(
                " (the stream of {} closed before its response; resuming it with Last-Event-ID {} was refused)",
                sanitize::line(what),
                sanitize::line(&end.last_id)
            );
            let _ = tx.send(match denial(&resp, &refused_what, false) {
                Some(d) => Event::ClosedDenied(Denied {
                    then: Some(then),
                    ..d
                }),
                None => Event::Closed(format!("{}{then}", refused(resp, &refused_what))),
            });
            return;
        }
        let next = deliver(resp, tx, "resumed", Some(awaited), &end.last_id);
        if !next.sse {
            return;
        }
        if next.messages > 0 {
            attempts = 0;
        }
        end = StreamEnd {
            answered: next.answered,
            sse: true,
            last_id: if next.last_id.is_empty() {
                end.last_id
            } else {
                next.last_id
            },
            retry: next.retry.or(end.retry),
            messages: next.messages,
            broke: next.broke,
            fatal: next.fatal,
        };
    }
}

impl Transport for Http {
    fn send(&mut self, raw: &str) -> Result<(), Error> {
        self.send_with(raw, Vec::new())
    }

    fn send_with(&mut self, raw: &str, params: Vec<(String, String)>) -> Result<(), Error> {
        let agent = self.agent.clone();
        let url = self.url.clone();
        let shared = Arc::clone(&self.shared);
        let extra = Arc::clone(&self.extra);
        let tx = self.tx.clone();
        let body = raw.to_string();
        let parsed: serde_json::Value = serde_json::from_str(raw).map_err(Error::NotJson)?;
        let method = parsed
            .get("method")
            .and_then(|m| m.as_str())
            .map(str::to_string);
        let is_initialize = method.as_deref() == Some("initialize");
        // SEP-2243 routes requests by headers that repeat the body. They
        // are sent under every revision: a client that may speak 2026-07-28
        // sends them on `initialize` too, and older servers ignore them.
        let mut routing: Vec<(String, String)> = Vec::new();
        if let Some(m) = &method {
            routing.push(("Mcp-Method".into(), m.clone()));
            let key = match m.as_str() {
                "tools/call" | "prompts/get" => Some("name"),
                "resources/read" => Some("uri"),
                _ => None,
            };
            if let Some(name) = key
                .and_then(|k| parsed.get("params")?.get(k))
                .and_then(|v| v.as_str())
            {
                routing.push(("Mcp-Name".into(), header_value(name)));
            }
        }
        routing.extend(params);
        let awaited = parsed.get("id").cloned().filter(|_| method.is_some());
        let is_request = awaited.is_some();
        // Each POST runs on its own thread: a request's SSE stream stays open
        // while the answers to its elicitations are POSTed. Notifications and
        // responses are waited for (the server answers them 202 at once), so
        // they reach the server in the order they were sent:
        // `notifications/initialized` before the first request.
        let (done_tx, done) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            let _done = done_tx;
            let sent_headers = !extra.is_empty();
            let headers = || Http::headers(&shared, &extra);
            let mut req = agent
                .post(&url)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream");
            for (k, v) in headers().into_iter().chain(routing) {
                req = req.header(&k, &v);
            }
            let what = method
                .as_deref()
                .map(|m| format!("`{m}`"))
                .unwrap_or_else(|| "the answer to its request".to_string());
            match req.send(body.as_bytes()) {
                Ok(resp) => {
                    if is_initialize
                        && let Some(id) = resp
                            .headers()
                            .get("mcp-session-id")
                            .and_then(|v| v.to_str().ok())
                    {
                        shared.lock().unwrap_or_else(|p| p.into_inner()).session =
                            Some(id.to_string());
                    }
                    let status = resp.status().as_u16();
                    if let Some(d) = denial(&resp, &what, sent_headers) {
                        let _ = tx.send(Event::Denied(d));
                    } else if let Some(id) = &awaited {
                        let end = deliver(resp, &tx, "POST", Some(id), "");
                        resume(&agent, &url, &headers, &tx, &what, id, end);
                    } else if status >= 400 {
                        // A notification or response is answered 202
                        // without a body; whatever a server sends there
                        // anyway answers nothing the client asked. An error
                        // status means it was not accepted, and the call
                        // cannot go on.
                        let _ = tx.send(Event::Closed(refused(resp, &what)));
                    }
                }
                Err(e) => {
                    let _ = tx.send(Event::Closed(unreachable(&url, &e)));
                }
            }
        });
        if !is_request {
            // Bounded: a server that never answers a notification does not
            // hold the call (a slow one only loses the ordering).
            let _ = done.recv_timeout(Duration::from_secs(30));
        }
        Ok(())
    }

    fn mirrors_params(&self) -> bool {
        self.shared
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .version
            .as_deref()
            == Some(crate::spec::Revision::V2026_07_28.as_str())
    }

    fn recv(&mut self, timeout: Duration) -> Option<Event> {
        recv_from(&self.rx, timeout)
    }

    fn set_protocol_version(&mut self, version: Option<&str>) {
        self.shared
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .version = version.map(str::to_string);
    }

    fn initialized(&mut self) {
        let agent = self.agent.clone();
        let url = self.url.clone();
        let shared = Arc::clone(&self.shared);
        let extra = Arc::clone(&self.extra);
        let tx = self.tx.clone();
        let (opened, is_open) = mpsc::channel();
        std::thread::spawn(move || {
            let mut req = agent.get(&url).header("Accept", "text/event-stream");
            for (k, v) in Http::headers(&shared, &extra) {
                req = req.header(&k, &v);
            }
            // A server without a standalone stream answers 405; that is fine.
            let resp = req.call();
            let _ = opened.send(());
            if let Ok(resp) = resp
                && resp.status().as_u16() == 200
            {
                let end = deliver(resp, &tx, "GET", None, "");
                if let Some(e) = end.broke {
                    let _ = tx.send(Event::Closed(format!("the GET stream broke: {e}")));
                }
            }
        });
        // Servers send elicitations on this stream and drop what they
        // cannot send: it must be open before the first request goes out.
        let _ = is_open.recv_timeout(Duration::from_secs(10));
    }

    fn close(&mut self) {
        delete_session(&self.agent, &self.url, &self.shared, &self.extra);
    }

    fn ender(&self) -> Option<Box<dyn FnOnce() + Send>> {
        let (agent, url, shared, extra) = (
            self.agent.clone(),
            self.url.clone(),
            Arc::clone(&self.shared),
            Arc::clone(&self.extra),
        );
        Some(Box::new(move || {
            delete_session(&agent, &url, &shared, &extra)
        }))
    }

    fn peer(&self) -> Peer {
        Peer::Http {
            url: self.url.clone(),
        }
    }
}

/// DELETE on the endpoint, ending the session, when there is one.
fn delete_session(
    agent: &ureq::Agent,
    url: &str,
    shared: &Mutex<HttpShared>,
    extra: &[(String, String)],
) {
    let headers = Http::headers(shared, extra);
    if headers.iter().any(|(k, _)| k == "Mcp-Session-Id") {
        let mut req = agent.delete(url);
        for (k, v) in headers {
            req = req.header(&k, &v);
        }
        let _ = req.call();
    }
}

/// Why a URL could not be reached, and what to check.
fn unreachable(url: &str, e: &ureq::Error) -> String {
    let why = match e {
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            "connection refused: nothing listens there".to_string()
        }
        ureq::Error::HostNotFound => "no such host".to_string(),
        ureq::Error::ConnectionFailed => "the connection failed".to_string(),
        ureq::Error::Timeout(_) => "it did not answer in time".to_string(),
        other => other.to_string(),
    };
    format!(
        "cannot reach {} ({why}); check that the server is running and the URL is right",
        sanitize::line(url)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_what_the_server_said_and_names_no_option() {
        let d = auth_refusal(
            401,
            Some(r#"Bearer realm="acme", scope="tools:call""#),
            "`tools/call`",
            false,
        )
        .unwrap();
        assert_eq!(
            d.to_string(),
            r#"the server refused `tools/call` with HTTP 401 Unauthorized (WWW-Authenticate: scheme Bearer, realm "acme", scope "tools:call")"#
        );
        let d = auth_refusal(403, None, "`initialize`", true).unwrap();
        assert!(d.sent_headers);
        assert_eq!(
            d.to_string(),
            "the server refused `initialize` with HTTP 403 Forbidden and no WWW-Authenticate header, so it did not say how to authenticate"
        );
        assert!(auth_refusal(404, None, "`initialize`", false).is_none());
    }
}
