//! Streamable HTTP for [`crate::mcp::server`]: one endpoint, POST for client
//! messages, SSE for responses that carry elicitations, a standalone GET
//! stream, `Mcp-Session-Id` sessions, DELETE to end one.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use crate::mcp::listen::{self, HttpReply, HttpRequest, Limits};
use crate::mcp::server::{
    Elicitor, Engine, Handler, Reply, Stop, answer_of, check_message, codes, error, only, raw_id,
    tool_response, valid_id, with_raw_id,
};
use crate::spec::Revision;

/// How a server sends its 2025 elicitation requests over HTTP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AskOn {
    /// On the SSE stream of the POST that made the tool call.
    PostStream,
    /// On the standalone GET stream when the client opened one (else the
    /// POST stream).
    GetStream,
}

/// How long a tool waits for an elicitation answer over HTTP.
const ANSWER_WAIT: Duration = Duration::from_secs(3600);
/// How often, while waiting, the tool call's stream is checked with an SSE
/// comment: a client that dropped the call is noticed within two of these.
const ALIVE_CHECK: Duration = Duration::from_secs(2);
/// How often a quiet SSE stream gets a comment.
const HEARTBEAT: Duration = Duration::from_secs(15);
/// Sessions (2025-06-18, 2025-11-25) open at once; when full, the one
/// named least recently that no request is using is ended to make room
/// (clients that never send DELETE).
const MAX_SESSIONS: usize = 4096;
/// Streams one session may hold open at once (tool calls waiting on an
/// answer, GET streams): a client that opens streams and does not read
/// them takes its own share, not every handler of the server.
pub(crate) const MAX_STREAMS_PER_SESSION: usize = 16;

struct HttpSession {
    engine: Engine<'static>,
    /// When a request last named it.
    used: Mutex<std::time::Instant>,
    /// Elicitation requests waiting for their answer, by request id.
    pending: Mutex<HashMap<String, Sender<Value>>>,
    /// The standalone GET stream, when open.
    get_stream: Mutex<Option<Sender<Vec<u8>>>>,
    /// Streams open (see [`MAX_STREAMS_PER_SESSION`]).
    streams: Arc<AtomicUsize>,
}

/// One of a session's open streams; counted until dropped.
struct StreamSlot(Arc<AtomicUsize>);

impl StreamSlot {
    /// A slot, unless the session holds its share already.
    fn take(session: &HttpSession) -> Option<StreamSlot> {
        let n = &session.streams;
        n.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |open| {
            (open < MAX_STREAMS_PER_SESSION).then_some(open + 1)
        })
        .ok()?;
        Some(StreamSlot(Arc::clone(n)))
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Refuses a stream beyond a session's share (429).
fn too_many_streams(resp: HttpReply, id: &Value, raw: Option<&str>) {
    let m = error(
        id,
        -32603,
        &format!(
            "this session holds {MAX_STREAMS_PER_SESSION} open streams already (calls waiting on an answer, GET streams): read or close one"
        ),
    );
    json_text(resp, 429, &with_raw_id(&m, raw), &[]);
}

struct State {
    handler: &'static dyn Handler,
    /// For 2026-07-28 requests, which need no session.
    modern: Engine<'static>,
    sessions: Mutex<HashMap<String, Arc<HttpSession>>>,
    ask_on: AskOn,
    /// Where the server listens: `Host` must name it.
    bound: SocketAddr,
    /// Origins allowed besides the server's own.
    allow_origins: Vec<String>,
}

pub(crate) fn sse_event(msg: &Value) -> Vec<u8> {
    format!("event: message\ndata: {msg}\n\n").into_bytes()
}

fn json_response(r: HttpReply, status: u16, body: &Value, extra: &[(&str, &str)]) {
    json_text(r, status, &body.to_string(), extra);
}

fn json_text(r: HttpReply, status: u16, body: &str, extra: &[(&str, &str)]) {
    let mut headers = vec![("Content-Type", "application/json")];
    headers.extend_from_slice(extra);
    r.respond(status, &headers, body.as_bytes());
}

/// A JSON-RPC error that answers no request in particular (the request was
/// refused before it was read as one).
pub(crate) fn http_error(r: HttpReply, status: u16, code: i64, message: &str) {
    json_response(r, status, &error(&Value::Null, code, message), &[]);
}

/// 128 random bits in hex; `None` when the system cannot give them (never
/// a guessable id in their place).
pub(crate) fn random_id() -> Option<String> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).ok()?;
    Some(data_encoding::HEXLOWER.encode(&b))
}

/// How `serve_http` serves.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    pub ask_on: AskOn,
    /// Origins besides the server's own whose pages may call it, as
    /// `scheme://host[:port]` (see [`parse_origin`]).
    pub allow_origins: Vec<String>,
    pub limits: Limits,
}

impl HttpOptions {
    pub fn new(ask_on: AskOn) -> HttpOptions {
        HttpOptions {
            ask_on,
            allow_origins: Vec::new(),
            limits: Limits::default(),
        }
    }
}

/// Why an origin given for [`HttpOptions::allow_origins`] is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OriginError {
    /// It does not parse as a URL.
    #[error("`{origin}` is not an origin ({reason})")]
    NotAUrl {
        /// The text given.
        origin: String,
        /// Why it does not parse (said in the message).
        reason: url::ParseError,
    },
    /// It is not an `http` or `https` URL with a host.
    #[error("`{origin}` is not an origin: write scheme://host[:port], e.g. http://localhost:5173")]
    NotHttp {
        /// The text given.
        origin: String,
    },
    /// It has a path, a query or a fragment.
    #[error("`{origin}` is not an origin: it has a path; write only scheme://host[:port]")]
    HasPath {
        /// The text given.
        origin: String,
    },
}

/// Why [`serve_http`] cannot serve, or stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The address cannot be listened on.
    #[error("cannot listen on {addr}")]
    Listen {
        /// The address asked for.
        addr: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The listening socket has no address.
    #[error("the server has no address")]
    NoAddress(#[source] std::io::Error),
    /// An allowed origin is not one.
    #[error(transparent)]
    Origin(#[from] OriginError),
    /// The server cannot start.
    #[error(transparent)]
    Server(#[from] crate::mcp::server::Error),
    /// Serving failed.
    #[error("serving on {bound}")]
    Serving {
        /// The address served on.
        bound: SocketAddr,
        /// What went wrong.
        source: std::io::Error,
    },
}

/// An origin as browsers send it (`scheme://host[:port]`, the port left
/// out when it is the scheme's own), from what a person wrote; `Err` says
/// what is wrong with it.
pub fn parse_origin(s: &str) -> Result<String, OriginError> {
    let u = url::Url::parse(s).map_err(|reason| OriginError::NotAUrl {
        origin: s.to_string(),
        reason,
    })?;
    if !matches!(u.scheme(), "http" | "https") || u.host_str().is_none() {
        return Err(OriginError::NotHttp {
            origin: s.to_string(),
        });
    }
    if !matches!(u.path(), "" | "/") || u.query().is_some() || u.fragment().is_some() {
        return Err(OriginError::HasPath {
            origin: s.to_string(),
        });
    }
    Ok(u.origin().ascii_serialization())
}

/// Serves `handler` on `addr` (e.g. `127.0.0.1:8080`, path `/mcp`) until
/// the process ends. `ready` receives the bound address.
pub fn serve_http(
    handler: &'static dyn Handler,
    addr: &str,
    options: &HttpOptions,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), Error> {
    let listener = std::net::TcpListener::bind(addr).map_err(|source| Error::Listen {
        addr: addr.to_string(),
        source,
    })?;
    let bound = listener.local_addr().map_err(Error::NoAddress)?;
    let mut allow_origins = Vec::with_capacity(options.allow_origins.len());
    for o in &options.allow_origins {
        allow_origins.push(parse_origin(o)?);
    }
    let state = Arc::new(State {
        handler,
        modern: Engine::new(handler)?,
        sessions: Mutex::new(HashMap::new()),
        ask_on: options.ask_on,
        bound,
        allow_origins,
    });
    ready(bound);
    listen::serve(
        listener,
        options.limits,
        Arc::new(move |req, resp| handle(&state, req, resp)),
    )
    .map_err(|source| Error::Serving { bound, source })
}

/// Whether `host` (a `Host` header, or the host of an `Origin`) names the
/// server: its own address or a loopback name, on its port. A server bound
/// to every interface (`--allow-remote`) takes any name on its port.
pub(crate) fn names_server(host: &str, bound: SocketAddr) -> bool {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let Some((ip, after)) = rest.split_once(']') else {
            return false;
        };
        (format!("[{ip}]"), after.strip_prefix(':'))
    } else {
        match host.rsplit_once(':') {
            Some((n, p)) => (n.to_string(), Some(p)),
            None => (host.to_string(), None),
        }
    };
    let port_ok = match port {
        Some(p) => p.parse::<u16>().ok() == Some(bound.port()),
        None => bound.port() == 80,
    };
    if !port_ok {
        return false;
    }
    let name = name.to_ascii_lowercase();
    let ip = bound.ip();
    if ip.is_unspecified() {
        return true;
    }
    let own = match ip {
        std::net::IpAddr::V4(v4) => v4.to_string(),
        std::net::IpAddr::V6(v6) => format!("[{v6}]"),
    };
    name == own
        || (ip.is_loopback() && matches!(name.as_str(), "localhost" | "127.0.0.1" | "[::1]"))
}

/// Refuses a request from a page of a foreign site (its `Origin`) or sent
/// to another name (its `Host`): what a DNS-rebinding page does. `true`
/// when the request was refused.
fn refused_origin(state: &State, req: &HttpRequest, resp: &mut Option<HttpReply>) -> bool {
    match check_site(req, state.bound, &state.allow_origins, "server") {
        Ok(()) => false,
        Err((status, message)) => {
            if let Some(r) = resp.take() {
                http_error(r, status, -32600, &message);
            }
            true
        }
    }
}

/// Whether a request may be served by what listens on `bound` (`who`, in
/// the words of a refusal): exactly one `Host`, naming it; at most one
/// `Origin`, its own (scheme, host and port) or one of `allow_origins` (as
/// [`parse_origin`] keeps them). `Err` holds the status and why.
pub(crate) fn check_site(
    req: &HttpRequest,
    bound: SocketAddr,
    allow_origins: &[String],
    who: &str,
) -> std::result::Result<(), (u16, String)> {
    match (req.header_count("Host"), req.header("Host")) {
        (1, Some(h)) if names_server(h, bound) => {}
        (1, Some(h)) => {
            return Err((
                421,
                format!(
                    "Host `{}` is not this {who} ({bound}); a page that rebinds a name to this machine cannot use it",
                    crate::sanitize::line(h),
                ),
            ));
        }
        _ => return Err((400, "a request needs exactly one Host header".into())),
    }
    // An absolute-form target names the server in place of Host (RFC 9112
    // §3.2.2): it must name it too.
    if let Some(a) = req.authority()
        && !names_server(a, bound)
    {
        return Err((
            421,
            format!(
                "the request's target names `{}`, which is not this {who} ({bound})",
                crate::sanitize::line(a),
            ),
        ));
    }
    let Some(origin) = req.header("Origin") else {
        return Ok(());
    };
    if req.header_count("Origin") > 1 {
        return Err((403, "more than one Origin header".into()));
    }
    let same_site = url::Url::parse(origin).ok().is_some_and(|u| {
        u.scheme() == "http"
            && u.host_str().is_some_and(|h| {
                let port = u.port_or_known_default().unwrap_or(80);
                names_server(&format!("{h}:{port}"), bound)
            })
    });
    let allowed = same_site || parse_origin(origin).is_ok_and(|o| allow_origins.contains(&o));
    if allowed {
        return Ok(());
    }
    Err((
        403,
        format!(
            "Origin `{}` may not use this {who}; if that page is trusted, start the {who} with --allow-origin {0}",
            crate::sanitize::line(origin)
        ),
    ))
}

fn handle(state: &Arc<State>, mut req: HttpRequest, resp: HttpReply) {
    let mut resp = Some(resp);
    if refused_origin(state, &req, &mut resp) {
        return;
    }
    let Some(resp) = resp else { return };
    if req.path() != "/mcp" {
        resp.respond(
            404,
            &[("Content-Type", "text/plain")],
            b"not found: the endpoint is /mcp\n",
        );
        return;
    }
    let session_id = req.header("Mcp-Session-Id").map(str::to_string);
    let session = session_id.as_ref().and_then(|id| {
        state
            .sessions
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    });
    if let Some(s) = &session {
        *s.used.lock().unwrap_or_else(|p| p.into_inner()) = std::time::Instant::now();
    }
    if session.is_none() && session_id.is_some() && req.method != "POST" {
        // DELETE and GET name a session that is not (or no longer) there;
        // a POST is answered in JSON-RPC below.
        return http_error(resp, 404, -32600, "unknown session: initialize again");
    }
    match req.method.as_str() {
        "GET" => {
            let Some(session) = session else {
                resp.respond(405, &[("Allow", "POST, DELETE")], b"no session\n");
                return;
            };
            let Some(_slot) = StreamSlot::take(&session) else {
                return too_many_streams(resp, &Value::Null, None);
            };
            let (tx, rx) = mpsc::channel();
            *session.get_stream.lock().unwrap_or_else(|p| p.into_inner()) = Some(tx.clone());
            // A comment first, so the client sees the stream open at once.
            let _ = tx.send(b": stream open\n\n".to_vec());
            drop(tx);
            stream(resp, &rx);
        }
        "DELETE" => {
            if let Some(id) = session_id {
                let gone = state
                    .sessions
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&id);
                // Its GET stream ends with it.
                if let Some(s) = gone {
                    s.get_stream
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .take();
                }
            }
            resp.respond(200, &[], b"");
        }
        "POST" => {
            // The body is not kept: a call held for an answer keeps only
            // its arguments.
            let body = std::mem::take(&mut req.body);
            let msg: Value = match serde_json::from_slice(&body) {
                Ok(v) => v,
                Err(e) => {
                    let m = error(&Value::Null, -32700, &format!("parse error: {e}"));
                    json_response(resp, 400, &m, &[]);
                    return;
                }
            };
            if let Err(why) = check_message(&msg) {
                let id = msg
                    .get("id")
                    .filter(|id| valid_id(id))
                    .unwrap_or(&Value::Null);
                return json_text(resp, 400, &exact_id(&error(id, -32600, &why), &body), &[]);
            }
            let raw = raw_id(&body);
            drop(body);
            post(state, &req, session_id, session, msg, raw, resp);
        }
        _ => resp.respond(405, &[("Allow", "GET, POST, DELETE")], b""),
    }
}

/// `reply` as JSON text, its id as the request in `body` wrote it.
fn exact_id(reply: &Value, body: &[u8]) -> String {
    with_raw_id(reply, raw_id(body).as_deref())
}

/// The revisions that speak through sessions (`initialize`).
const SESSION_VERSIONS: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];

/// Whether a request is one of 2026-07-28 (its `_meta` names a protocol
/// version, or its `MCP-Protocol-Version` header is not a session
/// revision); if so, `Err` holds the refusal of what its headers say
/// (SEP-2243): `MCP-Protocol-Version` must repeat `_meta`'s version,
/// `Mcp-Method` the method, and `Mcp-Name` the tool or prompt name or the
/// resource URI (400 and -32020 otherwise). A request whose `_meta` lacks
/// what it needs is left to the engine (-32602).
fn modern_request(req: &HttpRequest, msg: &Value) -> Option<std::result::Result<(), Value>> {
    let header_version = req.header("MCP-Protocol-Version");
    let params = msg.get("params");
    let body_version = params
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get(crate::mcp::client::PROTOCOL_VERSION_META));
    let modern =
        body_version.is_some() || header_version.is_some_and(|v| !SESSION_VERSIONS.contains(&v));
    if !modern {
        return None;
    }
    let id = msg.get("id").cloned().unwrap_or(Value::Null);
    let mismatch = |what: String| Some(Err(error(&id, codes::HEADER_MISMATCH, &what)));
    let Some(body_version) = body_version.and_then(Value::as_str) else {
        // The engine says what _meta lacks.
        return Some(Ok(()));
    };
    match header_version {
        None => {
            return mismatch(format!(
                "the MCP-Protocol-Version header is missing; it must repeat _meta's protocol version {body_version}"
            ));
        }
        Some(h) if h != body_version => {
            return mismatch(format!(
                "the MCP-Protocol-Version header says {}, _meta says {body_version}",
                crate::sanitize::line(h)
            ));
        }
        Some(_) => {}
    }
    let method = msg.get("method").and_then(Value::as_str).unwrap_or("");
    match req.header("Mcp-Method") {
        None => {
            return mismatch(format!(
                "the Mcp-Method header is missing; it must repeat the method {method}"
            ));
        }
        Some(h) if h != method => {
            return mismatch(format!(
                "the Mcp-Method header says {}, the body's method is {method}",
                crate::sanitize::line(h)
            ));
        }
        Some(_) => {}
    }
    let name_key = match method {
        "tools/call" | "prompts/get" => Some("name"),
        "resources/read" => Some("uri"),
        _ => None,
    };
    if let Some(body_name) = name_key
        .and_then(|k| params?.get(k))
        .and_then(Value::as_str)
    {
        match req.header("Mcp-Name").map(decode_header_value) {
            None => {
                return mismatch(format!(
                    "the Mcp-Name header is missing; it must repeat {body_name:?}"
                ));
            }
            Some(Err(why)) => return mismatch(format!("the Mcp-Name header {why}")),
            Some(Ok(h)) if h != body_name => {
                return mismatch(format!(
                    "the Mcp-Name header says {:?}, the body says {body_name:?}",
                    crate::sanitize::line(&h)
                ));
            }
            Some(Ok(_)) => {}
        }
    }
    Some(Ok(()))
}

/// A header value as sent: plain, or `=?base64?...?=` for what plain
/// ASCII cannot carry (SEP-2243).
fn decode_header_value(v: &str) -> std::result::Result<String, String> {
    let Some(inner) = v
        .strip_prefix("=?base64?")
        .and_then(|r| r.strip_suffix("?="))
    else {
        return Ok(v.to_string());
    };
    let bytes = data_encoding::BASE64
        .decode(inner.as_bytes())
        .map_err(|_| "is not valid base64 inside =?base64?...?=".to_string())?;
    String::from_utf8(bytes).map_err(|_| "does not decode to UTF-8".to_string())
}

fn post(
    state: &Arc<State>,
    req: &HttpRequest,
    session_id: Option<String>,
    session: Option<Arc<HttpSession>>,
    msg: Value,
    raw: Option<String>,
    resp: HttpReply,
) {
    let method = msg
        .get("method")
        .and_then(Value::as_str)
        .map(str::to_string);
    if session.is_none()
        && session_id.is_some()
        && method.as_deref() != Some("initialize")
        && modern_request(req, &msg).is_none()
    {
        let id = msg.get("id").unwrap_or(&Value::Null);
        let m = error(id, -32600, "unknown session: initialize again");
        return json_text(resp, 404, &with_raw_id(&m, raw.as_deref()), &[]);
    }
    // A response: the answer to an elicitation a tool is waiting on.
    if method.is_none() {
        if let (Some(s), Some(id)) = (&session, msg.get("id")) {
            let key = id.as_str().map_or_else(|| id.to_string(), str::to_string);
            if let Some(tx) = s
                .pending
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&key)
            {
                let _ = tx.send(msg.clone());
            }
        }
        resp.respond(202, &[], b"");
        return;
    }
    if msg.get("id").is_none() {
        resp.respond(202, &[], b"");
        return;
    }
    if let Some(rules) = modern_request(req, &msg) {
        let reply = match rules {
            Err(refusal) => refusal,
            Ok(()) => state.modern.handle_modern(&msg),
        };
        let status = match reply.pointer("/error/code").and_then(Value::as_i64) {
            Some(codes::METHOD_NOT_FOUND) => 404,
            Some(
                codes::INVALID_PARAMS
                | codes::HEADER_MISMATCH
                | codes::MISSING_CAPABILITY
                | codes::UNSUPPORTED_VERSION
                | -32600,
            ) => 400,
            _ => 200,
        };
        json_text(resp, status, &with_raw_id(&reply, raw.as_deref()), &[]);
        return;
    }
    if method.as_deref() == Some("initialize") {
        let engine = match Engine::new(state.handler) {
            Ok(e) => e,
            Err(e) => {
                json_response(resp, 500, &json!({"error": e.to_string()}), &[]);
                return;
            }
        };
        let reply = match engine.handle(&msg) {
            Reply::Message(m) => m,
            _ => Value::Null,
        };
        let Some(id) = random_id() else {
            let m = error(
                &msg["id"],
                -32603,
                "the system's random-number source failed, so no session id can be made; try again",
            );
            return json_text(resp, 503, &with_raw_id(&m, raw.as_deref()), &[]);
        };
        {
            let mut sessions = state.sessions.lock().unwrap_or_else(|p| p.into_inner());
            if sessions.len() >= MAX_SESSIONS && !evict_one(&mut sessions) {
                drop(sessions);
                let m = error(
                    &msg["id"],
                    -32603,
                    "too many sessions are in use at once; end one (DELETE) and initialize again",
                );
                json_text(resp, 503, &with_raw_id(&m, raw.as_deref()), &[]);
                return;
            }
            sessions.insert(
                id.clone(),
                Arc::new(HttpSession {
                    engine,
                    used: Mutex::new(std::time::Instant::now()),
                    pending: Mutex::new(HashMap::new()),
                    get_stream: Mutex::new(None),
                    streams: Arc::new(AtomicUsize::new(0)),
                }),
            );
        }
        json_text(
            resp,
            200,
            &with_raw_id(&reply, raw.as_deref()),
            &[("Mcp-Session-Id", &id)],
        );
        return;
    }
    let Some(session) = session else {
        let (status, text) = if session_id.is_some() {
            (404, "unknown session: initialize again")
        } else {
            (400, "no Mcp-Session-Id: initialize first")
        };
        let m = error(&msg["id"], -32600, text);
        json_text(resp, status, &with_raw_id(&m, raw.as_deref()), &[]);
        return;
    };
    match session.engine.handle_owned(msg) {
        Reply::Message(m) => json_text(resp, 200, &with_raw_id(&m, raw.as_deref()), &[]),
        Reply::Nothing => resp.respond(202, &[], b""),
        Reply::RunTool {
            id,
            name,
            args,
            revision,
            capability,
        } => {
            let Some(_slot) = StreamSlot::take(&session) else {
                return too_many_streams(resp, &id, raw.as_deref());
            };
            let (tx, rx) = mpsc::channel::<Vec<u8>>();
            let s = Arc::clone(&session);
            let handler = state.handler;
            let ask_on = state.ask_on;
            std::thread::spawn(move || {
                let mut ask = HttpLive {
                    session: &s,
                    post: tx.clone(),
                    ask_on,
                    revision,
                    capability,
                    next: 0,
                };
                let outcome = handler.call(&name, &args, &mut ask);
                let reply = with_raw_id(&tool_response(&id, outcome), raw.as_deref());
                let _ = tx.send(format!("event: message\ndata: {reply}\n\n").into_bytes());
            });
            stream(resp, &rx);
        }
    }
}

/// Ends the session named least recently that no request is using; `false`
/// when every one is in use.
fn evict_one(sessions: &mut HashMap<String, Arc<HttpSession>>) -> bool {
    let oldest = sessions
        .iter()
        .filter(|(_, s)| Arc::strong_count(s) == 1)
        .min_by_key(|(_, s)| *s.used.lock().unwrap_or_else(|p| p.into_inner()))
        .map(|(id, _)| id.clone());
    let Some(id) = oldest else {
        return false;
    };
    if let Some(s) = sessions.remove(&id) {
        s.get_stream
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
    }
    true
}

/// 2025-06-18 and 2025-11-25 over HTTP: the request goes out on an SSE
/// stream and the answer comes back in a POST.
struct HttpLive<'s> {
    session: &'s HttpSession,
    post: Sender<Vec<u8>>,
    ask_on: AskOn,
    revision: Revision,
    capability: Option<Value>,
    next: u64,
}

impl HttpLive<'_> {
    /// Waits for one answer while the client still holds the tool call's
    /// stream (a write to a dropped stream fails and ends it).
    fn wait(&self, rx: &Receiver<Value>) -> std::result::Result<Value, Stop> {
        let deadline = std::time::Instant::now() + ANSWER_WAIT;
        loop {
            match rx.recv_timeout(ALIVE_CHECK) {
                Ok(answer) => return Ok(answer),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(Stop::Lost("no answer to the elicitation".into()));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if std::time::Instant::now() >= deadline {
                        return Err(Stop::Lost("no answer to the elicitation".into()));
                    }
                    if self
                        .post
                        .send(b": waiting for an answer\n\n".to_vec())
                        .is_err()
                    {
                        return Err(Stop::Lost(
                            "the client closed the connection while being asked".into(),
                        ));
                    }
                }
            }
        }
    }
}

impl Elicitor for HttpLive<'_> {
    fn elicit(&mut self, params: Value) -> std::result::Result<Value, Stop> {
        only(self.elicit_all(vec![params]))
    }
    fn elicit_all(&mut self, params: Vec<Value>) -> Vec<std::result::Result<Value, Stop>> {
        let get = match self.ask_on {
            AskOn::GetStream => self
                .session
                .get_stream
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .clone(),
            AskOn::PostStream => None,
        };
        // Every request goes out before any answer is awaited.
        let mut waiting = Vec::with_capacity(params.len());
        for p in params {
            self.next += 1;
            let Some(random) = random_id() else {
                waiting.push(Err(
                    "the system's random-number source failed, so the elicitation has no id",
                ));
                continue;
            };
            let id = format!("elicit-{random}-{}", self.next);
            let (tx, rx) = mpsc::channel();
            self.session
                .pending
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(id.clone(), tx);
            let req = sse_event(
                &json!({"jsonrpc": "2.0", "id": id, "method": "elicitation/create", "params": p}),
            );
            let sent = match &get {
                Some(g) => g.send(req.clone()).is_ok() || self.post.send(req).is_ok(),
                None => self.post.send(req).is_ok(),
            };
            waiting.push(if sent {
                Ok(rx)
            } else {
                Err("the client closed the stream")
            });
        }
        waiting
            .into_iter()
            .map(|rx| {
                let rx = rx.map_err(|why| Stop::Lost(why.into()))?;
                let answer = self.wait(&rx)?;
                answer_of(&answer)
            })
            .collect()
    }
    fn revision(&self) -> Revision {
        self.revision
    }
    fn capability(&self) -> Option<&Value> {
        self.capability.as_ref()
    }
}

/// Answers with an SSE stream of what arrives on `rx`, each event sent and
/// flushed as it comes (a buffered body would hold an elicitation back
/// until the stream ends). A quiet stream gets a comment now and then, so
/// that a client that has gone is noticed and its thread freed.
pub(crate) fn stream(resp: HttpReply, rx: &Receiver<Vec<u8>>) {
    let Some(mut body) = resp.stream(
        200,
        &[
            ("Content-Type", "text/event-stream"),
            ("Cache-Control", "no-cache"),
        ],
    ) else {
        return;
    };
    loop {
        let sent = match rx.recv_timeout(HEARTBEAT) {
            Ok(chunk) => body.send(&chunk),
            Err(mpsc::RecvTimeoutError::Timeout) => body.send(b": keep-alive\n\n"),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        if sent.is_err() {
            return;
        }
    }
    body.finish();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_names_the_server_only_with_its_address_or_a_loopback_name_and_its_port() {
        let v4: SocketAddr = "127.0.0.1:8808".parse().unwrap();
        for ok in [
            "127.0.0.1:8808",
            "localhost:8808",
            "LOCALHOST:8808",
            "[::1]:8808",
        ] {
            assert!(names_server(ok, v4), "{ok}");
        }
        for bad in [
            "127.0.0.1",
            "127.0.0.1:80",
            "evil.example:8808",
            "127.0.0.2:8808",
            "localhost.evil.example:8808",
            "[::1",
            "127.0.0.1:8808:1",
            "",
        ] {
            assert!(!names_server(bad, v4), "{bad}");
        }
        let v6: SocketAddr = "[::1]:9000".parse().unwrap();
        assert!(names_server("[::1]:9000", v6));
        assert!(!names_server("[::2]:9000", v6));
        let lan: SocketAddr = "192.168.1.5:80".parse().unwrap();
        assert!(names_server("192.168.1.5", lan), "port 80 may be left out");
        assert!(!names_server("localhost", lan), "not loopback");
        let any: SocketAddr = "0.0.0.0:8808".parse().unwrap();
        assert!(names_server("my-laptop.lan:8808", any));
        assert!(!names_server("my-laptop.lan:9999", any));
    }

    #[test]
    fn an_allowed_origin_is_kept_as_browsers_send_it() {
        assert_eq!(
            parse_origin("HTTP://LocalHost:5173/").unwrap(),
            "http://localhost:5173"
        );
        assert_eq!(
            parse_origin("https://tools.example:443").unwrap(),
            "https://tools.example"
        );
        assert!(parse_origin("localhost:5173").is_err());
        assert!(parse_origin("http://x.example/app").is_err());
        assert!(parse_origin("http://x.example/?q").is_err());
        assert!(parse_origin("file:///tmp").is_err());
    }
}
