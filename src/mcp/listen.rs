//! The HTTP/1.1 server of `serve --http`, `proxy --http` and the browser
//! form: hyper's, on a small tokio runtime confined to this module, built
//! so that what clients send cannot exhaust the server.
//!
//! One thread runs every connection (a current-thread runtime): a
//! connection that is idle, slow or silent costs a buffer and a slot, never
//! a thread, and is closed when its time is up. A request gets a thread of
//! its own (the handler's, which answers synchronously through an
//! [`HttpReply`]) only once it has fully arrived, and only while fewer than
//! [`Limits::max_active`] are running. A streamed response gives its
//! request's slot back and takes one of [`Limits::max_streams`] instead, so
//! streams that clients hold open and do not read never keep other
//! requests from being handled. One peer address holds at most
//! [`Limits::max_streams_per_peer`] of them, so the streams one client does
//! not read are counted against it, not against everyone.
//!
//! The bounds: connections ([`Limits::max_connections`]; when full, the
//! longest-idle connection makes room, or the new one is refused), the time
//! to send a whole request, head and body ([`Limits::read_time`], then
//! 408), the time a connection may sit idle ([`Limits::idle_time`]), the
//! time a write may stay blocked ([`Limits::write_time`]), the size of a
//! request head (431) and body (413), and the body bytes held over all
//! connections ([`Limits::max_buffered`]).
//!
//! Request bodies must come with `Content-Length` (`Transfer-Encoding` is
//! refused with 501): MCP clients send one JSON message per POST. hyper
//! parses heads strictly (header names are tokens, no control byte but a
//! tab in a value or the target, no folded lines: 400); it takes a bare LF
//! as a line end, as RFC 9112 §2.2 allows, and this server does not: every
//! head is checked for line ends other than CRLF as it is read (400).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, TcpListener};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use hyper::header::{HeaderName, HeaderValue};
use hyper::server::conn::http1;
use hyper::{Request, Response, StatusCode};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Sleep;

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
    /// The request line and headers, in bytes; more get 431, as do more
    /// than 100 headers.
    pub max_head: usize,
    /// A request body, in bytes.
    pub max_body: usize,
    /// Body bytes of unfinished requests held over all connections, counted
    /// from each request's `Content-Length` once its head is read; more get
    /// 503. (Heads are held in each connection's buffer of at most
    /// `max_head`.)
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
    /// The headers, names in lower case (hyper's), values as sent less
    /// the spaces around them; several of one name in the order sent.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl HttpRequest {
    /// The value of the first header named `name` (any case).
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// How many headers are named `name` (any case).
    pub(crate) fn header_count(&self, name: &str) -> usize {
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
    pub(crate) fn authority(&self) -> Option<&str> {
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

/// Locks `m`, whatever a panicking holder left.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a connection is doing, for its time limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Waiting for a request (since `since`): [`Limits::idle_time`].
    Idle,
    /// A request has begun (its first byte at `since`) and is not whole:
    /// [`Limits::read_time`].
    Reading,
    /// A handler has the request, or its response is being written: only
    /// a blocked write is timed ([`Limits::write_time`]).
    Busy,
}

/// One connection's clock and head check, shared by its reader ([`Io`]),
/// its requests and its watch.
struct Clock {
    phase: Phase,
    since: Instant,
    /// Since when a write has waited for the client to read.
    write_blocked: Option<Instant>,
    /// A head had a line end other than CRLF.
    bad_head: bool,
    scan: HeadScan,
}

impl Clock {
    fn new() -> Clock {
        Clock {
            phase: Phase::Idle,
            since: Instant::now(),
            write_blocked: None,
            bad_head: false,
            scan: HeadScan::default(),
        }
    }

    fn deadline(&self, limits: &Limits) -> Option<Instant> {
        match self.phase {
            Phase::Idle => Some(self.since + limits.idle_time),
            Phase::Reading => Some(self.since + limits.read_time),
            Phase::Busy => self.write_blocked.map(|t| t + limits.write_time),
        }
    }

    fn reading(&mut self) {
        if self.phase == Phase::Idle {
            self.phase = Phase::Reading;
            self.since = Instant::now();
        }
    }
}

/// Follows the bytes a connection sends, to refuse a head whose lines do
/// not end with CRLF (which hyper, as RFC 9112 §2.2 allows, would take),
/// and to skip each request's body (its `Content-Length`; any other
/// framing is refused before the body is read).
#[derive(Debug, Default)]
struct HeadScan {
    /// Body bytes still to pass before the next head.
    body_left: u64,
    /// Within a head: what the current line holds so far (up to the colon
    /// of a `Content-Length`), and whether a line has begun.
    line: Vec<u8>,
    /// The previous byte was a CR.
    cr: bool,
    /// A request line has begun (empty lines before it are skipped).
    started: bool,
    /// This head's `Content-Length`.
    length: u64,
}

impl HeadScan {
    /// Follows `bytes`; `false` at a line end other than CRLF.
    fn feed(&mut self, mut bytes: &[u8]) -> bool {
        while !bytes.is_empty() {
            if self.body_left > 0 {
                let n = (self.body_left).min(bytes.len() as u64) as usize;
                self.body_left -= n as u64;
                bytes = &bytes[n..];
                continue;
            }
            let b = bytes[0];
            bytes = &bytes[1..];
            match (self.cr, b) {
                (true, b'\n') => {
                    self.cr = false;
                    if self.line.is_empty() && self.started {
                        // The end of a head: its body follows.
                        self.body_left = self.length;
                        self.length = 0;
                        self.started = false;
                    } else {
                        self.end_line();
                    }
                }
                (true, _) | (false, b'\n') => return false,
                (false, b'\r') => self.cr = true,
                (false, _) => {
                    self.started = true;
                    // Only a `Content-Length` line is kept past its name.
                    if self.line.len() < 64 {
                        self.line.push(b);
                    }
                }
            }
        }
        true
    }

    fn end_line(&mut self) {
        if let Some(v) = self
            .line
            .split(|&c| c == b':')
            .nth(1)
            .filter(|_| {
                self.line.len() > 15 && self.line[..15].eq_ignore_ascii_case(b"content-length:")
            })
            .and_then(|v| std::str::from_utf8(v).ok())
            .and_then(|v| v.trim_matches([' ', '\t']).parse().ok())
        {
            self.length = v;
        }
        self.line.clear();
    }
}

/// A connection's socket as hyper reads and writes it, telling the
/// connection's [`Clock`] when a request begins and when a write blocks.
struct Io {
    stream: Arc<TcpStream>,
    clock: Arc<Mutex<Clock>>,
}

impl hyper::rt::Read for Io {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        mut buf: hyper::rt::ReadBufCursor<'_>,
    ) -> Poll<io::Result<()>> {
        let mut chunk = [0u8; 16 << 10];
        let room = buf.remaining().min(chunk.len());
        loop {
            ready!(self.stream.poll_read_ready(cx))?;
            match self.stream.try_read(&mut chunk[..room]) {
                Ok(n) => {
                    let mut clock = lock(&self.clock);
                    if n > 0 {
                        clock.reading();
                    }
                    if !clock.scan.feed(&chunk[..n]) {
                        clock.bad_head = true;
                        return Poll::Ready(Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            "a line of the request head does not end with CRLF",
                        )));
                    }
                    drop(clock);
                    buf.put_slice(&chunk[..n]);
                    return Poll::Ready(Ok(()));
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) => return Poll::Ready(Err(e)),
            }
        }
    }
}

impl hyper::rt::Write for Io {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        loop {
            match self.stream.poll_write_ready(cx) {
                Poll::Pending => {
                    lock(&self.clock)
                        .write_blocked
                        .get_or_insert_with(Instant::now);
                    return Poll::Pending;
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Ready(Ok(())) => {}
            }
            match self.stream.try_write(buf) {
                Ok(n) => {
                    lock(&self.clock).write_blocked = None;
                    return Poll::Ready(Ok(n));
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) => return Poll::Ready(Err(e)),
            }
        }
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    // The socket is closed when the connection ends.
    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

/// A piece of a streamed body, or its end.
enum Piece {
    Data(Bytes),
    End,
}

/// A response's body: whole, or streamed from a handler's [`Chunks`].
/// Once hyper is done with it, the connection waits for its next request.
pub struct ReplyBody {
    inner: Inner,
    clock: Arc<Mutex<Clock>>,
}

enum Inner {
    Whole(Option<Bytes>),
    Streamed(mpsc::Receiver<Piece>, bool),
}

impl Body for ReplyBody {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        match &mut self.inner {
            Inner::Whole(b) => Poll::Ready(b.take().map(|b| Ok(Frame::data(b)))),
            Inner::Streamed(_, true) => Poll::Ready(None),
            Inner::Streamed(rx, ended) => match ready!(rx.poll_recv(cx)) {
                Some(Piece::Data(b)) => Poll::Ready(Some(Ok(Frame::data(b)))),
                Some(Piece::End) => {
                    *ended = true;
                    Poll::Ready(None)
                }
                // Dropped without `finish`: the stream is cut, never made
                // to look whole.
                None => Poll::Ready(Some(Err(io::Error::new(
                    io::ErrorKind::BrokenPipe,
                    "the response was cut",
                )))),
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        matches!(self.inner, Inner::Whole(None) | Inner::Streamed(_, true))
    }

    fn size_hint(&self) -> SizeHint {
        match &self.inner {
            Inner::Whole(b) => SizeHint::with_exact(b.as_ref().map_or(0, |b| b.len() as u64)),
            Inner::Streamed(..) => SizeHint::default(),
        }
    }
}

impl Drop for ReplyBody {
    fn drop(&mut self) {
        let mut clock = lock(&self.clock);
        if clock.phase == Phase::Busy {
            clock.phase = Phase::Idle;
            clock.since = Instant::now();
        }
    }
}

fn response(
    status: u16,
    headers: &[(&str, &str)],
    inner: Inner,
    clock: Arc<Mutex<Clock>>,
) -> Response<ReplyBody> {
    let mut r = Response::new(ReplyBody { inner, clock });
    *r.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    for (n, v) in headers {
        // Names and values are the server's own; one that is not a valid
        // header (a line break in a value) is left out.
        if let (Ok(n), Ok(v)) = (
            HeaderName::from_bytes(n.as_bytes()),
            HeaderValue::from_str(v),
        ) {
            r.headers_mut().append(n, v);
        }
    }
    r
}

/// Answers one request. Dropping it without answering closes the
/// connection.
pub struct HttpReply {
    tx: Option<oneshot::Sender<Response<ReplyBody>>>,
    clock: Arc<Mutex<Clock>>,
    peer: IpAddr,
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
        let mut by_peer = lock(&streams.by_peer);
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
        let mut by_peer = lock(&self.by_peer);
        if let Some(n) = by_peer.get_mut(&self.peer) {
            *n -= 1;
            if *n == 0 {
                by_peer.remove(&self.peer);
            }
        }
    }
}

impl HttpReply {
    fn send(&mut self, status: u16, headers: &[(&str, &str)], inner: Inner) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(response(status, headers, inner, Arc::clone(&self.clock)));
        }
    }

    /// Sends a whole response.
    pub fn respond(mut self, status: u16, headers: &[(&str, &str)], body: &[u8]) {
        let body = Bytes::copy_from_slice(body);
        // The request is done once its answer is whole: its slot is given
        // back before the answer leaves, so a client that has it and asks
        // again at once is not refused for its own last request.
        self.slot = None;
        self.send(status, headers, Inner::Whole(Some(body)));
    }

    /// Starts a response whose body is sent in pieces as they come
    /// (chunked), e.g. an SSE stream.
    pub fn stream(mut self, status: u16, headers: &[(&str, &str)]) -> Option<Chunks> {
        let Some(peer_slot) = PeerStream::take(&self.streams, self.peer) else {
            let why = format!(
                "this address holds {} open streams already (calls waiting on an answer, GET streams): read or close one\n",
                self.streams.max_per_peer
            );
            self.respond(429, &[("Content-Type", "text/plain")], why.as_bytes());
            return None;
        };
        let open = Arc::clone(&self.streams.open);
        let max = self.streams.max;
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
        let (tx, rx) = mpsc::channel(STREAM_QUEUE);
        self.send(status, headers, Inner::Streamed(rx, false));
        Some(Chunks {
            reply: self,
            tx: Some(tx),
        })
    }
}

/// Pieces of a streamed response queued for the connection; a handler
/// that sends more waits for the client to read them.
const STREAM_QUEUE: usize = 4;

/// The body of a streamed response.
pub struct Chunks {
    /// Holds the stream's slots. Declared first, so dropped first: the
    /// slots are given back before the body's end reaches the client.
    reply: HttpReply,
    tx: Option<mpsc::Sender<Piece>>,
}

impl Chunks {
    /// Queues one piece; waits while the client has not read the pieces
    /// before it (a write blocked for [`Limits::write_time`] ends the
    /// connection). An error means the client is gone (or stopped
    /// reading).
    pub fn send(&mut self, data: &[u8]) -> io::Result<()> {
        if data.is_empty() {
            return Ok(());
        }
        let tx = self.tx.as_ref().ok_or(io::ErrorKind::NotConnected)?;
        if tx
            .blocking_send(Piece::Data(Bytes::copy_from_slice(data)))
            .is_err()
        {
            self.tx = None;
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        Ok(())
    }

    /// Ends the body; the connection serves its next request.
    pub fn finish(mut self) {
        // The stream is done: its slots are given back before its end is
        // sent, so a client that reads the end and asks again is not
        // refused for this stream.
        self.reply.slot = None;
        self.reply.peer_slot = None;
        if let Some(tx) = self.tx.take() {
            let _ = tx.blocking_send(Piece::End);
        }
    }
}

/// Counts handler threads or streams; the count drops when the slot is
/// dropped, however.
struct Active(Arc<AtomicUsize>);

impl Drop for Active {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The body bytes held for requests not yet whole, over all connections.
struct Held(Arc<AtomicUsize>, usize);

impl Drop for Held {
    fn drop(&mut self) {
        self.0.fetch_sub(self.1, Ordering::SeqCst);
    }
}

/// How often an accept that failed for want of descriptors is tried again.
const TICK: Duration = Duration::from_millis(200);

/// What every connection shares.
struct Server {
    limits: Limits,
    handler: Handler,
    active: Arc<AtomicUsize>,
    streams: Streams,
    buffered: Arc<AtomicUsize>,
    /// Open connections: their clocks, and the way to end each.
    conns: Mutex<HashMap<u64, Open>>,
}

/// An open connection's clock, and the way to end it (dropping `_end`).
struct Open {
    clock: Arc<Mutex<Clock>>,
    _end: oneshot::Sender<()>,
}

impl Server {
    /// Ends the connection that has waited longest for a request; `false`
    /// when every connection is busy or mid-request.
    fn evict_idle(&self) -> bool {
        let mut conns = lock(&self.conns);
        let oldest = conns
            .iter()
            .filter_map(|(id, open)| {
                let c = lock(&open.clock);
                (c.phase == Phase::Idle).then_some((*id, c.since))
            })
            .min_by_key(|(_, since)| *since)
            .map(|(id, _)| id);
        // Dropping its sender ends it.
        oldest.and_then(|id| conns.remove(&id)).is_some()
    }
}

/// Writes a short error response without waiting (it fits the socket's
/// buffer, or is lost with the connection).
fn refuse(stream: &TcpStream, status: u16, why: &str) {
    let reason = StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("");
    let out = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{why}\n",
        why.len() + 1
    );
    let _ = stream.try_write(out.as_bytes());
}

/// A response the server gives itself, closing the connection.
fn refusal(status: u16, why: &str, clock: &Arc<Mutex<Clock>>) -> Response<ReplyBody> {
    lock(clock).phase = Phase::Busy;
    let body = Bytes::from(format!("{why}\n"));
    response(
        status,
        &[("Content-Type", "text/plain"), ("Connection", "close")],
        Inner::Whole(Some(body)),
        Arc::clone(clock),
    )
}

/// Serves `handler` on `listener` until the process ends (or the listener
/// fails).
pub fn serve(listener: TcpListener, limits: Limits, handler: Handler) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    let server = Arc::new(Server {
        limits,
        handler,
        active: Arc::default(),
        streams: Streams {
            open: Arc::default(),
            max: limits.max_streams,
            by_peer: Arc::default(),
            max_per_peer: limits.max_streams_per_peer,
        },
        buffered: Arc::default(),
        conns: Mutex::default(),
    });
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let mut next: u64 = 0;
        loop {
            match listener.accept().await {
                Ok((stream, peer)) => {
                    if lock(&server.conns).len() >= server.limits.max_connections
                        && !server.evict_idle()
                    {
                        refuse(&stream, 503, "too many connections");
                        continue;
                    }
                    next += 1;
                    let clock = Arc::new(Mutex::new(Clock::new()));
                    let (kill, killed) = oneshot::channel();
                    let open = Open {
                        clock: Arc::clone(&clock),
                        _end: kill,
                    };
                    lock(&server.conns).insert(next, open);
                    let _ = stream.set_nodelay(true);
                    let conn = connection(
                        Arc::clone(&server),
                        next,
                        stream,
                        peer.ip().to_canonical(),
                        clock,
                        killed,
                    );
                    tokio::spawn(conn);
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::Interrupted | io::ErrorKind::ConnectionAborted
                    ) => {}
                // Out of descriptors: make room, or try again shortly.
                Err(_) => {
                    if server.evict_idle() {
                        tokio::task::yield_now().await;
                    } else {
                        tokio::time::sleep(TICK).await;
                    }
                }
            }
        }
    })
}

/// How a connection ended.
enum End {
    /// hyper is done with it.
    Done,
    /// It made room for another ([`Server::evict_idle`]).
    Evicted,
    /// Its time is up in this phase.
    Late(Phase),
}

/// Drives a connection and ends it when its time in its phase is up.
struct Watch<F> {
    conn: Pin<Box<F>>,
    clock: Arc<Mutex<Clock>>,
    limits: Limits,
    sleep: Pin<Box<Sleep>>,
    killed: oneshot::Receiver<()>,
}

impl<F: Future> Future for Watch<F> {
    type Output = End;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<End> {
        if Pin::new(&mut self.killed).poll(cx).is_ready() {
            return Poll::Ready(End::Evicted);
        }
        if self.conn.as_mut().poll(cx).is_ready() {
            return Poll::Ready(End::Done);
        }
        loop {
            let (phase, deadline) = {
                let c = lock(&self.clock);
                (c.phase, c.deadline(&self.limits))
            };
            let Some(deadline) = deadline else {
                return Poll::Pending;
            };
            if Instant::now() >= deadline {
                return Poll::Ready(End::Late(phase));
            }
            let deadline = tokio::time::Instant::from_std(deadline);
            if self.sleep.deadline() != deadline {
                self.sleep.as_mut().reset(deadline);
            }
            ready!(self.sleep.as_mut().poll(cx));
        }
    }
}

async fn connection(
    server: Arc<Server>,
    id: u64,
    stream: TcpStream,
    peer: IpAddr,
    clock: Arc<Mutex<Clock>>,
    killed: oneshot::Receiver<()>,
) {
    let stream = Arc::new(stream);
    let io = Io {
        stream: Arc::clone(&stream),
        clock: Arc::clone(&clock),
    };
    let service = {
        let (server, clock) = (Arc::clone(&server), Arc::clone(&clock));
        hyper::service::service_fn(move |req| {
            request(Arc::clone(&server), Arc::clone(&clock), peer, req)
        })
    };
    let limits = server.limits;
    let conn = http1::Builder::new()
        .max_buf_size(limits.max_head.max(8192))
        .max_header_size(limits.max_head)
        .title_case_headers(true)
        .header_read_timeout(None)
        .half_close(true)
        .serve_connection(io, service);
    let end = Watch {
        conn: Box::pin(conn),
        clock: Arc::clone(&clock),
        limits,
        sleep: Box::pin(tokio::time::sleep(limits.idle_time)),
        killed,
    }
    .await;
    let bad_head = lock(&clock).bad_head;
    if bad_head {
        refuse(
            &stream,
            400,
            "a line of the request head does not end with CRLF",
        );
    } else if let End::Late(Phase::Reading) = end {
        refuse(&stream, 408, "the request took too long to arrive");
    }
    lock(&server.conns).remove(&id);
}

/// Reads a request's body (within the connection's time to send it) and
/// hands the whole request to a handler thread; its response, once the
/// handler gives one.
async fn request(
    server: Arc<Server>,
    clock: Arc<Mutex<Clock>>,
    peer: IpAddr,
    req: Request<Incoming>,
) -> io::Result<Response<ReplyBody>> {
    lock(&clock).reading();
    let (parts, mut body) = req.into_parts();
    if parts.headers.contains_key(hyper::header::TRANSFER_ENCODING) {
        let why = "send the body with Content-Length, not Transfer-Encoding";
        return Ok(refusal(501, why, &clock));
    }
    let length = body.size_hint().exact().unwrap_or(0);
    let limits = &server.limits;
    if length > limits.max_body as u64 {
        return Ok(refusal(413, "the request body is too large", &clock));
    }
    let length = length as usize;
    if server.buffered.fetch_add(length, Ordering::SeqCst) + length > limits.max_buffered {
        server.buffered.fetch_sub(length, Ordering::SeqCst);
        let why = "the server is holding too much unread input";
        return Ok(refusal(503, why, &clock));
    }
    let held = Held(Arc::clone(&server.buffered), length);
    let mut data = Vec::with_capacity(length);
    while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        if let Ok(d) = frame.map_err(io::Error::other)?.into_data() {
            data.extend_from_slice(&d);
        }
    }
    drop(body);
    lock(&clock).phase = Phase::Busy;
    if server.active.load(Ordering::SeqCst) >= limits.max_active {
        return Ok(refusal(503, "too many requests at once; try again", &clock));
    }
    let headers = parts
        .headers
        .iter()
        .map(|(n, v)| {
            let v = String::from_utf8_lossy(v.as_bytes());
            (
                n.as_str().to_string(),
                v.trim_matches([' ', '\t']).to_string(),
            )
        })
        .collect();
    let req = HttpRequest {
        method: parts.method.as_str().to_string(),
        target: parts.uri.to_string(),
        headers,
        body: data,
    };
    drop(held);
    server.active.fetch_add(1, Ordering::SeqCst);
    let (tx, rx) = oneshot::channel();
    let reply = HttpReply {
        tx: Some(tx),
        clock: Arc::clone(&clock),
        peer,
        slot: Some(Active(Arc::clone(&server.active))),
        peer_slot: None,
        streams: server.streams.clone(),
    };
    let handler = Arc::clone(&server.handler);
    let spawned = std::thread::Builder::new()
        .name("mcp-http".into())
        .stack_size(1 << 20)
        .spawn(move || handler(req, reply));
    // Without a thread the request is dropped with its reply, and so is
    // the connection.
    drop(spawned);
    rx.await
        .map_err(|_| io::Error::other("the request was not answered"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_is_followed_past_its_body_to_the_next() {
        let mut s = HeadScan::default();
        assert!(s.feed(b"\r\n\r\nPOST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\na\nb"));
        assert!(s.feed(b"POST /b HTTP/1.1\r\ncontent-length:2\r\n\r\n\n\r"));
        assert!(!s.feed(b"GET / HTTP/1.1\nHost: x\r\n\r\n"), "bare LF");
        let mut s = HeadScan::default();
        assert!(!s.feed(b"GET / HTTP/1.1\r\nX: a\rY: b\r\n\r\n"), "bare CR");
        let mut s = HeadScan::default();
        assert!(s.feed(b"GET / HTTP/1.1\r"));
        assert!(s.feed(b"\nHost: x\r\n\r"));
        assert!(s.feed(b"\n"));
        assert!(
            !s.feed(b"GET / HTTP/1.1\nHost: x"),
            "the next head is checked"
        );
    }
}
