//! A small HTTP/1.1 server for `serve --http`, built so that what clients
//! send cannot exhaust the server.
//!
//! One thread reads every connection without blocking (mio): a connection
//! that is idle, slow or silent costs a buffer and a slot, never a thread,
//! and is closed when its time is up. A request gets a thread only once it
//! has fully arrived, and only while fewer than [`Limits::max_active`] are
//! running; after the response the connection goes back to the reading
//! thread for the next request (keep-alive). A streamed response gives its
//! request's slot back and takes one of [`Limits::max_streams`] instead, so
//! streams that clients hold open and do not read never keep other
//! requests from being handled. One peer address holds at most
//! [`Limits::max_streams_per_peer`] of them, so the streams one client does
//! not read are counted against it, not against everyone.
//!
//! The bounds: connections ([`Limits::max_connections`]; when full, the
//! longest-idle connection makes room, or the new one is refused), the time
//! to send a whole request ([`Limits::read_time`]), the time a connection
//! may sit idle ([`Limits::idle_time`]), the time one write may block
//! ([`Limits::write_time`]), the size of a request head and body, and the
//! bytes buffered over all connections ([`Limits::max_buffered`]).
//!
//! HttpRequest bodies must come with `Content-Length` (`Transfer-Encoding` is
//! refused with 501): MCP clients send one JSON message per POST. A head
//! is strict: lines end with CRLF, header names are tokens, and no control
//! byte but a tab is in a value or the target (400 otherwise); empty lines
//! before a request line are skipped, an absolute-form target has its path
//! (the server checks its authority), and a request that is whole when its
//! client half-closes is answered.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mio::net::{TcpListener as MioListener, TcpStream as MioStream};
use mio::{Events, Interest, Poll, Token, Waker};

/// How much a client may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Open connections at once.
    pub max_connections: usize,
    /// Requests being handled at once (each has a thread); more get 503.
    pub max_active: usize,
    /// Responses being streamed at once (a tool call waiting on an answer,
    /// a GET stream); more get 503. A streamed response gives back its
    /// request's slot, so streams a client opens and does not read never
    /// keep other requests from being handled.
    pub max_streams: usize,
    /// Of those, streamed to one peer address at once; more get 429. An
    /// HTTP/1.1 connection streams one response at a time, so the address,
    /// not the connection, is what tells one client from another (on
    /// loopback, every local client that does not pick its own 127.x
    /// address shares 127.0.0.1).
    pub max_streams_per_peer: usize,
    /// From the first byte of a request to its last; later gets 408.
    pub read_time: Duration,
    /// How long a connection may wait for its next request.
    pub idle_time: Duration,
    /// How long one write to a client may block (a client that does not
    /// read its responses is dropped).
    pub write_time: Duration,
    /// The request line and headers, in bytes.
    pub max_head: usize,
    /// A request body, in bytes.
    pub max_body: usize,
    /// Bytes of unfinished requests held over all connections.
    pub max_buffered: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 4096,
            max_active: 512,
            max_streams: 1024,
            max_streams_per_peer: 512,
            read_time: Duration::from_secs(10),
            idle_time: Duration::from_secs(30),
            write_time: Duration::from_secs(10),
            max_head: 16 << 10,
            max_body: 4 << 20,
            max_buffered: 256 << 20,
        }
    }
}

/// One request, read whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRequest {
    pub method: String,
    /// The request target as sent (`/mcp?x=1`).
    pub target: String,
    /// The headers in order, names as sent.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl HttpRequest {
    /// The value of the first header named `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// How many headers are named `name` (any case).
    pub fn header_count(&self, name: &str) -> usize {
        self.headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .count()
    }

    /// The target without its query (nor, in absolute form, its scheme
    /// and authority).
    pub fn path(&self) -> &str {
        let target = match self.authority() {
            Some(a) => {
                let rest = self.target.split_once("://").map_or("", |(_, r)| r);
                match rest.as_bytes()[a.len()..].first() {
                    Some(b'/') => &rest[a.len()..],
                    _ => "/",
                }
            }
            None => &self.target,
        };
        target.split(['?', '#']).next().unwrap_or("")
    }

    /// The authority of an absolute-form target (`http://HOST:PORT/path`,
    /// RFC 9112 §3.2.2), which names the server in place of `Host`.
    pub fn authority(&self) -> Option<&str> {
        let (scheme, rest) = self.target.split_once("://")?;
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return None;
        }
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        Some(&rest[..end])
    }
}

/// What handles a request: it answers through the [`HttpReply`].
pub type Handler = Arc<dyn Fn(HttpRequest, HttpReply) + Send + Sync>;

/// The way back to the reading thread for a connection whose response is
/// done.
#[derive(Clone)]
struct Back {
    tx: Sender<(TcpStream, Vec<u8>)>,
    waker: Arc<Waker>,
}

/// Answers one request. Dropping it without answering closes the
/// connection.
pub struct HttpReply {
    stream: TcpStream,
    /// Bytes of the next request that came with this one.
    leftover: Vec<u8>,
    keep_alive: bool,
    back: Back,
    /// The request's slot among [`Limits::max_active`], then the stream's
    /// among [`Limits::max_streams`]; given back when dropped.
    slot: Option<Active>,
    /// The stream's slot among its peer's [`Limits::max_streams_per_peer`].
    peer_slot: Option<PeerStream>,
    streams: Streams,
}

/// Streams open, over all and by peer address, and how many may be.
#[derive(Clone)]
struct Streams {
    open: Arc<AtomicUsize>,
    max: usize,
    by_peer: Arc<Mutex<HashMap<IpAddr, usize>>>,
    max_per_peer: usize,
}

/// One peer's stream; given back when dropped.
struct PeerStream {
    by_peer: Arc<Mutex<HashMap<IpAddr, usize>>>,
    peer: IpAddr,
}

impl PeerStream {
    fn take(streams: &Streams, peer: IpAddr) -> Option<PeerStream> {
        let mut by_peer = streams.by_peer.lock().unwrap_or_else(|e| e.into_inner());
        let n = by_peer.entry(peer).or_insert(0);
        if *n >= streams.max_per_peer {
            return None;
        }
        *n += 1;
        Some(PeerStream {
            by_peer: Arc::clone(&streams.by_peer),
            peer,
        })
    }
}

impl Drop for PeerStream {
    fn drop(&mut self) {
        let mut by_peer = self.by_peer.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = by_peer.get_mut(&self.peer) {
            *n -= 1;
            if *n == 0 {
                by_peer.remove(&self.peer);
            }
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        202 => "Accepted",
        204 => "No Content",
        400 => "Bad HttpRequest",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        408 => "Request Timeout",
        409 => "Conflict",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        421 => "Misdirected HttpRequest",
        422 => "Unprocessable Content",
        429 => "Too Many Requests",
        431 => "HttpRequest Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

fn head(status: u16, headers: &[(&str, &str)], keep_alive: bool) -> Vec<u8> {
    let mut h = format!("HTTP/1.1 {status} {}\r\n", reason(status));
    for (n, v) in headers {
        // Values are the server's own; a line break would split the head.
        if !v.contains(['\r', '\n']) {
            h.push_str(&format!("{n}: {v}\r\n"));
        }
    }
    if !keep_alive {
        h.push_str("Connection: close\r\n");
    }
    h.into_bytes()
}

impl HttpReply {
    /// Sends a whole response.
    pub fn respond(mut self, status: u16, headers: &[(&str, &str)], body: &[u8]) {
        let mut out = head(status, headers, self.keep_alive);
        out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
        out.extend_from_slice(body);
        if self
            .stream
            .write_all(&out)
            .and_then(|()| self.stream.flush())
            .is_ok()
        {
            self.done();
        }
    }

    /// Starts a response whose body is sent in pieces as they come
    /// (chunked), e.g. an SSE stream.
    pub fn stream(mut self, status: u16, headers: &[(&str, &str)]) -> Option<Chunks> {
        let peer = self
            .stream
            .peer_addr()
            .map_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), |a| {
                a.ip().to_canonical()
            });
        let Some(peer_slot) = PeerStream::take(&self.streams, peer) else {
            let why = format!(
                "this address holds {} open streams already (calls waiting on an answer, GET streams): read or close one\n",
                self.streams.max_per_peer
            );
            self.respond(429, &[("Content-Type", "text/plain")], why.as_bytes());
            return None;
        };
        let (open, max) = (Arc::clone(&self.streams.open), self.streams.max);
        if open
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < max).then_some(n + 1)
            })
            .is_err()
        {
            let why = b"too many responses are being streamed at once; try again\n";
            self.respond(503, &[("Content-Type", "text/plain")], why);
            return None;
        }
        // The request's slot is given back: the stream has its own.
        self.slot = Some(Active(open));
        self.peer_slot = Some(peer_slot);
        let mut out = head(status, headers, self.keep_alive);
        out.extend_from_slice(b"Transfer-Encoding: chunked\r\n\r\n");
        self.stream
            .write_all(&out)
            .and_then(|()| self.stream.flush())
            .ok()?;
        Some(Chunks { r: Some(self) })
    }

    /// Hands the connection back for its next request, or closes it.
    fn done(self) {
        if self.keep_alive {
            let _ = self.back.tx.send((self.stream, self.leftover));
            let _ = self.back.waker.wake();
        }
    }
}

/// The body of a streamed response.
pub struct Chunks {
    r: Option<HttpReply>,
}

impl Chunks {
    /// Sends one piece, flushed; an error means the client is gone (or
    /// stopped reading).
    pub fn send(&mut self, data: &[u8]) -> io::Result<()> {
        if data.is_empty() {
            return Ok(());
        }
        let r = self.r.as_mut().ok_or(io::ErrorKind::NotConnected)?;
        let framed = [format!("{:x}\r\n", data.len()).as_bytes(), data, b"\r\n"].concat();
        let sent = r.stream.write_all(&framed).and_then(|()| r.stream.flush());
        if sent.is_err() {
            self.r = None;
        }
        sent
    }

    /// Ends the body; the connection serves its next request.
    pub fn finish(mut self) {
        if let Some(mut r) = self.r.take()
            && r.stream
                .write_all(b"0\r\n\r\n")
                .and_then(|()| r.stream.flush())
                .is_ok()
        {
            r.done();
        }
    }
}

/// A connection waiting for (the rest of) a request.
struct Pending {
    stream: MioStream,
    buf: Vec<u8>,
    /// Since when it has been waiting for a request.
    since: Instant,
    /// When the first byte of the current request came.
    first_byte: Option<Instant>,
    /// Whether `100 Continue` was sent for the current request.
    continued: bool,
    /// The client has closed its side: a whole request in the buffer is
    /// still answered, then the connection closed.
    eof: bool,
}

const LISTENER: Token = Token(0);
const WAKER: Token = Token(1);
/// How often deadlines are checked.
const TICK: Duration = Duration::from_millis(200);

/// What the reading thread made of a buffer.
enum Parsed {
    /// Not all there yet.
    Partial,
    /// The head is there and asks for `100 Continue` before its body.
    WantsContinue,
    /// A whole request, and how many bytes of the buffer it took.
    Whole(HttpRequest, usize, bool),
    /// A request the server will not take: the status and why.
    Refused(u16, &'static str),
}

fn find_end_of_head(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n").map(|p| p + 4)
}

/// Whether a head (so far) has a CR not before an LF, or an LF not after
/// a CR: line ends other than CRLF, which readers split differently.
fn bare_line_end(head: &[u8]) -> bool {
    head.iter().enumerate().any(|(i, &b)| match b {
        b'\n' => i == 0 || head[i - 1] != b'\r',
        b'\r' => head.get(i + 1).is_some_and(|&n| n != b'\n'),
        _ => false,
    })
}

/// A token character of a header name (RFC 9110 §5.6.2).
fn tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// Whether a header value holds a control character other than a tab
/// (NUL, CR, LF and the rest; RFC 9110 §5.5).
fn bad_value(v: &str) -> bool {
    v.bytes().any(|b| (b < 0x20 && b != b'\t') || b == 0x7f)
}

fn parse(buf: &[u8], limits: &Limits) -> Parsed {
    // Empty lines before a request line are ignored (RFC 9112 §2.2).
    let mut skip = 0;
    while buf[skip..].starts_with(b"\r\n") && skip < limits.max_head {
        skip += 2;
    }
    match parse_at(&buf[skip..], limits) {
        Parsed::Whole(req, used, keep_alive) => Parsed::Whole(req, skip + used, keep_alive),
        other => other,
    }
}

fn parse_at(buf: &[u8], limits: &Limits) -> Parsed {
    let scanned = &buf[..buf.len().min(limits.max_head + 4)];
    let Some(end) = find_end_of_head(scanned) else {
        return if bare_line_end(scanned) {
            Parsed::Refused(400, "a line of the request head does not end with CRLF")
        } else if buf.len() > limits.max_head {
            Parsed::Refused(431, "the request head is too large")
        } else {
            Parsed::Partial
        };
    };
    if bare_line_end(&buf[..end]) {
        return Parsed::Refused(400, "a line of the request head does not end with CRLF");
    }
    let Ok(text) = std::str::from_utf8(&buf[..end - 4]) else {
        return Parsed::Refused(400, "the request head is not UTF-8");
    };
    let mut lines = text.split("\r\n");
    let line = lines.next().unwrap_or("");
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Parsed::Refused(400, "malformed request line");
    };
    if method.is_empty()
        || !method.bytes().all(|b| b.is_ascii_uppercase())
        || target.is_empty()
        || !target.bytes().all(|b| b.is_ascii_graphic())
    {
        return Parsed::Refused(400, "malformed request line");
    }
    let keep_alive_default = match version {
        "HTTP/1.1" => true,
        "HTTP/1.0" => false,
        _ => return Parsed::Refused(400, "only HTTP/1.1 and HTTP/1.0 are served"),
    };
    let mut headers = Vec::new();
    for l in lines {
        let Some((n, v)) = l.split_once(':') else {
            return Parsed::Refused(400, "malformed header line");
        };
        if n.is_empty() || !n.bytes().all(tchar) {
            return Parsed::Refused(400, "malformed header name");
        }
        if bad_value(v) {
            return Parsed::Refused(400, "a header value holds a control character");
        }
        headers.push((n.to_string(), v.trim_matches([' ', '\t']).to_string()));
    }
    let mut req = HttpRequest {
        method: method.to_string(),
        target: target.to_string(),
        headers,
        body: Vec::new(),
    };
    if req.header("Transfer-Encoding").is_some() {
        return Parsed::Refused(
            501,
            "send the body with Content-Length, not Transfer-Encoding",
        );
    }
    let lengths: Vec<&str> = req
        .headers
        .iter()
        .filter(|(n, _)| n.eq_ignore_ascii_case("Content-Length"))
        .map(|(_, v)| v.as_str())
        .collect();
    let length = match lengths.as_slice() {
        [] => 0,
        [one] => match one.parse::<usize>() {
            Ok(n) if one.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => return Parsed::Refused(400, "Content-Length is not a number"),
        },
        _ => return Parsed::Refused(400, "more than one Content-Length"),
    };
    if length > limits.max_body {
        return Parsed::Refused(413, "the request body is too large");
    }
    if buf.len() < end + length {
        let expects = req
            .header("Expect")
            .is_some_and(|e| e.eq_ignore_ascii_case("100-continue"));
        return if expects && buf.len() == end {
            Parsed::WantsContinue
        } else {
            Parsed::Partial
        };
    }
    req.body = buf[end..end + length].to_vec();
    let connection = req.header("Connection").unwrap_or("").to_ascii_lowercase();
    let keep_alive = if connection.contains("close") {
        false
    } else {
        keep_alive_default || connection.contains("keep-alive")
    };
    Parsed::Whole(req, end + length, keep_alive)
}

/// Writes a short error response without blocking (it fits the socket's
/// buffer, or is lost with the connection).
fn refuse(stream: &mut impl Write, status: u16, why: &str) {
    let mut out = head(status, &[("Content-Type", "text/plain")], false);
    out.extend_from_slice(format!("Content-Length: {}\r\n\r\n{why}\n", why.len() + 1).as_bytes());
    let _ = stream.write(&out);
}

/// Counts handler threads; the count drops when the thread ends, however.
struct Active(Arc<AtomicUsize>);

impl Drop for Active {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Serves `handler` on `listener` until the process ends (or the listener
/// fails).
pub fn serve(listener: TcpListener, limits: Limits, handler: Handler) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let mut listener = MioListener::from_std(listener);
    let poll = Poll::new()?;
    poll.registry()
        .register(&mut listener, LISTENER, Interest::READABLE)?;
    let waker = Arc::new(Waker::new(poll.registry(), WAKER)?);
    let (tx, back_rx) = mpsc::channel();
    let back = Back { tx, waker };
    let mut r = Reactor {
        poll,
        limits,
        handler,
        back,
        back_rx,
        conns: HashMap::new(),
        next: 2,
        buffered: 0,
        active: Arc::new(AtomicUsize::new(0)),
        streams: Streams {
            open: Arc::new(AtomicUsize::new(0)),
            max: limits.max_streams,
            by_peer: Arc::default(),
            max_per_peer: limits.max_streams_per_peer,
        },
        starved: false,
    };
    r.run(&mut listener)
}

struct Reactor {
    poll: Poll,
    limits: Limits,
    handler: Handler,
    back: Back,
    back_rx: Receiver<(TcpStream, Vec<u8>)>,
    conns: HashMap<usize, Pending>,
    next: usize,
    /// Bytes held in all `Pending::buf`.
    buffered: usize,
    active: Arc<AtomicUsize>,
    /// Responses being streamed.
    streams: Streams,
    /// An accept failed for want of descriptors, with nothing to evict.
    starved: bool,
}

impl Reactor {
    fn run(&mut self, listener: &mut MioListener) -> io::Result<()> {
        let mut events = Events::with_capacity(1024);
        let mut swept = Instant::now();
        loop {
            if let Err(e) = self.poll.poll(&mut events, Some(TICK)) {
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            for ev in events.iter() {
                match ev.token() {
                    LISTENER => self.accept(listener),
                    WAKER => {
                        while let Ok((s, leftover)) = self.back_rx.try_recv() {
                            self.admit_returned(s, leftover);
                        }
                    }
                    Token(t) => self.read(t),
                }
            }
            if swept.elapsed() >= TICK {
                self.sweep();
                swept = Instant::now();
                // Readiness is edge-triggered: connections left waiting when
                // the process ran out of descriptors are taken now.
                if self.starved {
                    self.starved = false;
                    self.accept(listener);
                }
            }
        }
    }

    fn token(&mut self) -> usize {
        loop {
            let t = self.next;
            self.next = if self.next == usize::MAX {
                2
            } else {
                self.next + 1
            };
            if !self.conns.contains_key(&t) {
                return t;
            }
        }
    }

    fn accept(&mut self, listener: &mut MioListener) {
        loop {
            match listener.accept() {
                Ok((mut s, _)) => {
                    if self.conns.len() >= self.limits.max_connections && !self.evict_idle() {
                        refuse(&mut s, 503, "too many connections");
                        continue;
                    }
                    self.register(s, Vec::new());
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::Interrupted | io::ErrorKind::ConnectionAborted
                    ) => {}
                // Out of descriptors: make room, or try again at the next
                // tick.
                Err(_) => {
                    if !self.evict_idle() {
                        self.starved = true;
                        return;
                    }
                }
            }
        }
    }

    /// Closes the connection that has waited longest without sending a
    /// byte; `false` when every connection is mid-request.
    fn evict_idle(&mut self) -> bool {
        let oldest = self
            .conns
            .iter()
            .filter(|(_, p)| p.first_byte.is_none())
            .min_by_key(|(_, p)| p.since)
            .map(|(t, _)| *t);
        match oldest {
            Some(t) => {
                self.close(t);
                true
            }
            None => false,
        }
    }

    fn register(&mut self, mut stream: MioStream, buf: Vec<u8>) {
        let t = self.token();
        if self
            .poll
            .registry()
            .register(&mut stream, Token(t), Interest::READABLE)
            .is_err()
        {
            return;
        }
        let now = Instant::now();
        self.buffered += buf.len();
        let first_byte = (!buf.is_empty()).then_some(now);
        self.conns.insert(
            t,
            Pending {
                stream,
                buf,
                since: now,
                first_byte,
                continued: false,
                eof: false,
            },
        );
        if first_byte.is_some() {
            // A pipelined request may already be whole: no event will say so.
            self.advance(t);
        }
    }

    fn admit_returned(&mut self, stream: TcpStream, leftover: Vec<u8>) {
        if stream.set_nonblocking(true).is_err() {
            return;
        }
        self.register(MioStream::from_std(stream), leftover);
    }

    fn close(&mut self, t: usize) {
        if let Some(mut p) = self.conns.remove(&t) {
            self.buffered -= p.buf.len();
            let _ = self.poll.registry().deregister(&mut p.stream);
        }
    }

    fn refuse_and_close(&mut self, t: usize, status: u16, why: &str) {
        if let Some(p) = self.conns.get_mut(&t) {
            refuse(&mut p.stream, status, why);
        }
        self.close(t);
    }

    /// Reads what is there (until the socket would block, as the readiness
    /// is edge-triggered), then looks for a whole request.
    fn read(&mut self, t: usize) {
        let mut chunk = [0u8; 16 << 10];
        loop {
            let Some(p) = self.conns.get_mut(&t) else {
                return;
            };
            match p.stream.read(&mut chunk) {
                Ok(0) => {
                    p.eof = true;
                    self.advance(t);
                    // Nothing whole was there: nothing to answer.
                    self.close(t);
                    return;
                }
                Ok(n) => {
                    if self.buffered + n > self.limits.max_buffered {
                        self.refuse_and_close(
                            t,
                            503,
                            "the server is holding too much unread input",
                        );
                        return;
                    }
                    let cap = self.limits.max_head + self.limits.max_body + 4;
                    if p.buf.len() + n > cap {
                        // Whatever it is, it is too large: parse says which.
                        let status = match parse(&p.buf, &self.limits) {
                            Parsed::Refused(s, _) => s,
                            _ => 413,
                        };
                        self.refuse_and_close(t, status, "the request is too large");
                        return;
                    }
                    p.first_byte.get_or_insert_with(Instant::now);
                    p.buf.extend_from_slice(&chunk[..n]);
                    self.buffered += n;
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => {
                    self.close(t);
                    return;
                }
            }
        }
        self.advance(t);
    }

    /// Hands a whole request to a handler thread.
    fn advance(&mut self, t: usize) {
        let Some(p) = self.conns.get(&t) else {
            return;
        };
        let eof = p.eof;
        let (req, used, keep_alive) = match parse(&p.buf, &self.limits) {
            Parsed::Partial => return,
            Parsed::WantsContinue => {
                if let Some(p) = self.conns.get_mut(&t)
                    && !p.continued
                {
                    p.continued = true;
                    let _ = p.stream.write(b"HTTP/1.1 100 Continue\r\n\r\n");
                }
                return;
            }
            Parsed::Refused(status, why) => {
                self.refuse_and_close(t, status, why);
                return;
            }
            Parsed::Whole(req, used, keep_alive) => (req, used, keep_alive && !eof),
        };
        let Some(mut p) = self.conns.remove(&t) else {
            return;
        };
        self.buffered -= p.buf.len();
        let _ = self.poll.registry().deregister(&mut p.stream);
        if self.active.load(Ordering::SeqCst) >= self.limits.max_active {
            refuse(&mut p.stream, 503, "too many requests at once; try again");
            return;
        }
        let leftover = p.buf.split_off(used);
        let stream: TcpStream = p.stream.into();
        let ready = stream
            .set_nonblocking(false)
            .and_then(|()| stream.set_write_timeout(Some(self.limits.write_time)))
            .and_then(|()| stream.set_read_timeout(Some(self.limits.read_time)));
        if ready.is_err() {
            return;
        }
        self.active.fetch_add(1, Ordering::SeqCst);
        let responder = HttpReply {
            stream,
            leftover,
            keep_alive,
            back: self.back.clone(),
            slot: Some(Active(Arc::clone(&self.active))),
            peer_slot: None,
            streams: self.streams.clone(),
        };
        let handler = Arc::clone(&self.handler);
        let spawned = std::thread::Builder::new()
            .name("mcp-http".into())
            .stack_size(1 << 20)
            .spawn(move || handler(req, responder));
        // Without a thread the request is dropped with its connection (the
        // slot went with the closure).
        drop(spawned);
    }

    /// Closes connections whose time is up.
    fn sweep(&mut self) {
        let now = Instant::now();
        let late: Vec<(usize, bool)> = self
            .conns
            .iter()
            .filter_map(|(t, p)| match p.first_byte {
                Some(at) => (now.duration_since(at) > self.limits.read_time).then_some((*t, true)),
                None => {
                    (now.duration_since(p.since) > self.limits.idle_time).then_some((*t, false))
                }
            })
            .collect();
        for (t, reading) in late {
            if reading {
                self.refuse_and_close(t, 408, "the request took too long to arrive");
            } else {
                self.close(t);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_whole_only_with_its_body() {
        let l = Limits::default();
        let r = b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nabc";
        assert!(matches!(parse(r, &l), Parsed::Partial));
        let r = b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nabcdeGET";
        let Parsed::Whole(req, used, keep) = parse(r, &l) else {
            panic!("not whole")
        };
        assert_eq!(req.body, b"abcde");
        assert_eq!(used, r.len() - 3);
        assert!(keep);
        assert_eq!(req.header("host"), Some("x"));
    }

    #[test]
    fn stray_line_ends_are_skipped_and_an_absolute_target_has_a_path() {
        let l = Limits::default();
        let r = b"\r\n\r\nGET http://127.0.0.1:8/mcp?a HTTP/1.1\r\nHost: x\r\n\r\n";
        let Parsed::Whole(req, used, _) = parse(r, &l) else {
            panic!("not whole")
        };
        assert_eq!(used, r.len());
        assert_eq!(req.authority(), Some("127.0.0.1:8"));
        assert_eq!(req.path(), "/mcp");
        let bare = HttpRequest {
            target: "http://h:1?x".into(),
            ..req.clone()
        };
        assert_eq!(bare.path(), "/");
        let origin = HttpRequest {
            target: "/mcp?x".into(),
            ..req
        };
        assert_eq!((origin.authority(), origin.path()), (None, "/mcp"));
    }

    #[test]
    fn what_the_server_will_not_take_is_refused_with_its_status() {
        let l = Limits {
            max_body: 10,
            max_head: 64,
            ..Limits::default()
        };
        let status = |r: &[u8]| match parse(r, &l) {
            Parsed::Refused(s, _) => s,
            _ => 0,
        };
        assert_eq!(
            status(b"POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n"),
            413
        );
        assert_eq!(
            status(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            501
        );
        assert_eq!(
            status(b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"),
            400
        );
        assert_eq!(
            status(b"POST / HTTP/1.1\r\nContent-Length: +1\r\n\r\n"),
            400
        );
        assert_eq!(status(b"POST / HTTP/2\r\n\r\n"), 400);
        assert_eq!(status(&[b'a'; 80]), 431);
        assert_eq!(status(b"POST / HTTP/1.1\r\nbad header\r\n\r\n"), 400);
        assert_eq!(status(b"POST / HTTP/1.1\r\nX: a\0b\r\n\r\n"), 400);
        assert_eq!(status(b"POST / HTTP/1.1\nX: a\n"), 400, "bare LF, at once");
        assert_eq!(status(b"POST / HTTP/1.1\r\nX: a\rY: b\r\n\r\n"), 400);
        assert!(matches!(
            parse(
                b"POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n",
                &l
            ),
            Parsed::WantsContinue
        ));
    }
}
