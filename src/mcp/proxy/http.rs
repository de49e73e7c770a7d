//! The proxy as a Streamable HTTP reverse proxy: the host talks to it as to
//! the server (`--http ADDR`), it talks to the server (`--upstream URL`).
//!
//! Only the upstream endpoint's path is served. Each request goes
//! upstream with its end-to-end headers (the session id, the protocol
//! version, authorisation) and each response comes back with its status
//! and headers, errors included; headers of one connection, and those its
//! `Connection` header names, stay behind (RFC 9110 §7.6.1). An SSE stream
//! is passed on event by event as it arrives. The proxy acts where the stdio proxy does: the capability
//! in `initialize` and in 2026-07-28 `_meta`, an `elicitation/create` in a
//! stream that the host cannot take (answered with a POST of its own, the
//! event not passed on), an `InputRequiredResult` answered and retried,
//! the host given the final result under its own id. Requests from
//! another site (`Origin`) or to another name (`Host`, DNS rebinding) are
//! refused as `serve` refuses them (one of each, the `Origin` with its
//! scheme); the address is loopback unless `--allow-remote`, checked
//! before it is bound. A host and a server of different eras are bridged
//! (see [`super::bridge`]).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use crate::mcp::client::MAX_ROUNDS;
use crate::mcp::listen::{self, Chunks, HttpReply, HttpRequest, Limits};
use crate::mcp::proxy::bridge::{self, Bridge};
use crate::mcp::proxy::bridged_http::Bridged;
use crate::mcp::proxy::{
    Elicitation, Error, Job, Modes, Notes, Outcome, ProxyOptions, ResponderFactory, answerer,
    initialize_capability, lint_elicitation, modern_capability, proxy_answers, request_state,
    retry_text,
};
use crate::mcp::server::http::{MAX_STREAMS_PER_SESSION, check_site, parse_origin, random_id};
use crate::mcp::transport::{Authorized, send_authorized};
use crate::sanitize;
use crate::session::{Direction, Peer, Writer};
use crate::spec::Revision;

/// The largest upstream JSON body, and the largest SSE event, read whole.
const MAX_MESSAGE: usize = crate::mcp::transport::MAX_MESSAGE;
/// Bridged 2025 hosts' sessions open at once.
const MAX_BRIDGED_SESSIONS: usize = 64;
/// How long connecting to the server may take.
const CONNECT_TIME: Duration = Duration::from_secs(10);

/// Headers that belong to one connection, never passed on (RFC 9110
/// §7.6.1), besides those a `Connection` header names.
const HOP: &[&str] = &[
    "host",
    "connection",
    "keep-alive",
    "content-length",
    "transfer-encoding",
    "te",
    "trailer",
    "upgrade",
    "proxy-authorization",
    "proxy-connection",
    "accept-encoding",
];

/// How the HTTP proxy behaves, beyond [`ProxyOptions`].
pub struct HttpProxyOptions {
    /// The server's Streamable HTTP endpoint.
    pub upstream: String,
    /// Listen on an address other than loopback.
    pub allow_remote: bool,
    /// Origins besides loopback ones whose pages may call the proxy.
    pub allow_origins: Vec<String>,
    /// How long the server may be silent: before its response starts, and
    /// between two reads of a response or a stream.
    pub upstream_timeout: Duration,
    pub common: ProxyOptions,
    /// Authorizes with the server when it refuses a request that came
    /// without the host's own `Authorization` (the OAuth flow of
    /// `crate::mcp::oauth::Session`); `None` passes refusals on.
    pub auth: Option<Arc<dyn crate::mcp::transport::Authorizer>>,
}

struct State {
    opts: HttpProxyOptions,
    /// The path of the upstream endpoint: the only one the proxy serves.
    endpoint: String,
    origins: Vec<String>,
    agent: ureq::Agent,
    bound: SocketAddr,
    jobs: Mutex<Sender<Job>>,
    shared: Mutex<Shared>,
    next_retry: AtomicU64,
    next_job: AtomicU64,
    start: Instant,
    /// Requests in flight per session id (see [`MAX_STREAMS_PER_SESSION`]).
    in_flight: Arc<Mutex<HashMap<String, usize>>>,
    /// Bridged 2025 hosts' sessions (a 2026-07-28-only server), by the
    /// session id the proxy gave them.
    bridged: Mutex<HashMap<String, Arc<Bridged>>>,
    /// 2026-07-28 hosts: unknown (`None`), passed on (`Some(None)`), or
    /// bridged to a 2025 server (`Some(Some(loop))`).
    modern: Mutex<Option<Option<Arc<Bridged>>>>,
}

/// One request of a session in flight; counted until dropped.
struct InFlight {
    map: Arc<Mutex<HashMap<String, usize>>>,
    session: String,
}

impl InFlight {
    /// A slot for a request of `session`, unless it holds its share.
    fn take(state: &State, session: &str) -> Option<InFlight> {
        let mut map = state.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        let n = map.entry(session.to_string()).or_insert(0);
        if *n >= MAX_STREAMS_PER_SESSION {
            return None;
        }
        *n += 1;
        Some(InFlight {
            map: Arc::clone(&state.in_flight),
            session: session.to_string(),
        })
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = map.get_mut(&self.session) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.session);
            }
        }
    }
}

struct Shared {
    writer: Option<Writer>,
    report: Option<std::fs::File>,
    notes: Notes,
    rev: Option<Revision>,
    host_modes: Option<Modes>,
    server_name: Option<String>,
}

/// Serves the proxy on `addr` until the process ends; `ready` hears the
/// bound address and the path served (the upstream endpoint's).
pub fn run_http(
    addr: &str,
    opts: HttpProxyOptions,
    responder: ResponderFactory,
    notes: Notes,
    ready: impl FnOnce(SocketAddr, &str),
) -> Result<(), Error> {
    // Refused before it is bound: for a moment, another machine could
    // have connected.
    let resolved: Vec<SocketAddr> = addr
        .to_socket_addrs()
        .map_err(|reason| Error::Listen {
            addr: addr.to_string(),
            reason,
        })?
        .collect();
    if !opts.allow_remote && resolved.iter().any(|a| !a.ip().is_loopback()) {
        return Err(Error::NotLoopback {
            addr: addr.to_string(),
        });
    }
    let endpoint = url::Url::parse(&opts.upstream)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https"))
        .ok_or_else(|| Error::UpstreamNotHttp {
            upstream: opts.upstream.clone(),
        })?
        .path()
        .to_string();
    let listener = std::net::TcpListener::bind(&resolved[..]).map_err(|reason| Error::Listen {
        addr: addr.to_string(),
        reason,
    })?;
    let bound = listener.local_addr()?;
    let mut origins = Vec::new();
    for o in &opts.allow_origins {
        origins.push(parse_origin(o)?);
    }
    let report = opts.common.open_files()?;
    let (events, _unused) = mpsc::channel();
    let jobs = answerer(responder, events);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .timeout_connect(Some(CONNECT_TIME))
        .timeout_recv_response(Some(opts.upstream_timeout))
        .timeout_per_read(Some(opts.upstream_timeout))
        .build()
        .into();
    let server_name = opts.common.server_name.clone();
    let state = Arc::new(State {
        opts,
        endpoint,
        origins,
        agent,
        bound,
        jobs: Mutex::new(jobs),
        shared: Mutex::new(Shared {
            writer: None,
            report,
            notes,
            rev: None,
            host_modes: None,
            server_name,
        }),
        next_retry: AtomicU64::new(0),
        next_job: AtomicU64::new(0),
        start: Instant::now(),
        in_flight: Arc::default(),
        bridged: Mutex::default(),
        modern: Mutex::default(),
    });
    ready(bound, &state.endpoint);
    // A request may wait on a person answering, or on a stream the host
    // does not read: a session holds at most its share of the handlers.
    let limits = Limits::default();
    listen::serve(
        listener,
        limits,
        Arc::new(move |req, resp| handle(&state, req, resp)),
    )
    .map_err(|reason| Error::Serving { bound, reason })
}

fn lock(m: &Mutex<Shared>) -> std::sync::MutexGuard<'_, Shared> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Tells the person why a request failed, and the host with `status`.
fn fail(state: &State, resp: HttpReply, status: u16, why: &str) {
    note(state, why);
    refuse(resp, status, &format!("{why} (mcp-elicit proxy)"));
}

fn refuse(resp: HttpReply, status: u16, message: &str) {
    let body = json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": message}});
    resp.respond(
        status,
        &[("Content-Type", "application/json")],
        body.to_string().as_bytes(),
    );
}

fn handle(state: &Arc<State>, req: HttpRequest, resp: HttpReply) {
    if let Err((status, message)) = check_site(&req, state.bound, &state.origins, "proxy") {
        return refuse(resp, status, &message);
    }
    if req.path() != state.endpoint {
        let text = format!("not found: the endpoint is {}\n", state.endpoint);
        return resp.respond(404, &[("Content-Type", "text/plain")], text.as_bytes());
    }
    let Some((mut req, resp)) = bridge_or_relay(state, req, resp) else {
        return;
    };
    let _slot = match req.header("mcp-session-id") {
        Some(session) => match InFlight::take(state, session) {
            Some(slot) => Some(slot),
            None => {
                return refuse(
                    resp,
                    429,
                    &format!(
                        "this session has {MAX_STREAMS_PER_SESSION} requests in flight already (streams not read, calls waiting on an answer): read or close one"
                    ),
                );
            }
        },
        None => None,
    };
    let mut ctx = Ctx::new();
    // The body goes upstream, not copied: a request held while a person
    // answers keeps only what the answer needs.
    let body = std::mem::take(&mut req.body);
    let body = if req.method == "POST" {
        prepare(state, body, &mut ctx)
    } else {
        body
    };
    let headers = end_to_end(req.headers.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    ctx.headers = headers.clone();
    ctx.session = req.header("mcp-session-id").map(str::to_string);
    ctx.version = req.header("mcp-protocol-version").map(str::to_string);
    if req.method == "POST" {
        record(state, Direction::ClientToServer, &body);
    }
    let upstream = match send(state, &req.method, &headers, body) {
        Ok(u) => u,
        Err(e) => {
            let (status, why) = unreachable(state, &e);
            return fail(state, resp, status, &why);
        }
    };
    relay(state, upstream, ctx, resp);
}

fn lock_map<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Serves a request of a bridged session or host here; otherwise gives it
/// back to be passed on. A 2025 host's `initialize` and a 2026-07-28
/// host's first request find out first whether the server speaks the
/// host's era (see [`bridge`]).
fn bridge_or_relay(
    state: &Arc<State>,
    req: HttpRequest,
    resp: HttpReply,
) -> Option<(HttpRequest, HttpReply)> {
    if state.opts.common.bridge == Bridge::Off {
        return Some((req, resp));
    }
    if let Some(session) = req.header("mcp-session-id") {
        let b = lock_map(&state.bridged).get(session).cloned();
        return match b {
            Some(b) => {
                let delete = req.method == "DELETE";
                b.handle(req, resp);
                if delete || b.ended() {
                    let sid = b.session.clone().unwrap_or_default();
                    lock_map(&state.bridged).remove(&sid);
                }
                None
            }
            None => Some((req, resp)),
        };
    }
    if req.method != "POST" {
        return Some((req, resp));
    }
    let Ok(Value::Object(msg)) = serde_json::from_slice::<Value>(&req.body) else {
        return Some((req, resp));
    };
    let method = msg.get("method").and_then(Value::as_str).unwrap_or("");
    if method == "initialize" && !bridge::is_modern(&msg) {
        return initialize_or_bridge(state, req, resp);
    }
    if msg.get("id").is_none() || !bridge::is_modern(&msg) {
        return Some((req, resp));
    }
    // Held while the server's era is learnt: the first requests of
    // 2026-07-28 hosts wait for one answer, not one each.
    let mut modern = lock_map(&state.modern);
    let b = match &*modern {
        Some(None) => return Some((req, resp)),
        Some(Some(b)) if !b.ended() => Arc::clone(b),
        _ => {
            if probe(state, &req) {
                *modern = Some(None);
                return Some((req, resp));
            }
            match start_bridged(state, None) {
                Ok(b) => {
                    *modern = Some(Some(Arc::clone(&b)));
                    b
                }
                Err(why) => {
                    drop(modern);
                    fail(state, resp, 502, &why);
                    return None;
                }
            }
        }
    };
    drop(modern);
    b.handle(req, resp);
    None
}

/// A bridged loop to the server, for one 2025 host's `session` or for
/// every 2026-07-28 host.
fn start_bridged(state: &Arc<State>, session: Option<String>) -> Result<Arc<Bridged>, String> {
    let st = Arc::clone(state);
    let notes: Notes = Box::new(move |line: &str| note(&st, line));
    let jobs = state.jobs.lock().unwrap_or_else(|p| p.into_inner()).clone();
    Bridged::start(
        state.opts.common.clone(),
        &state.opts.upstream,
        state.opts.auth.clone(),
        jobs,
        notes,
        session,
        state.opts.upstream_timeout,
    )
    .map_err(|e| e.to_string())
}

/// Whether the server answers `server/discover` with 2026-07-28 (the
/// host's authorisation, if any, goes with the question).
fn probe(state: &State, req: &HttpRequest) -> bool {
    let env = bridge::envelope(&Map::new(), false);
    let body = bridge::probe(&env).to_string();
    let mut headers: Vec<(String, String)> =
        end_to_end(req.headers.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .into_iter()
            .filter(|(k, _)| {
                let k = k.to_ascii_lowercase();
                !k.starts_with("mcp-") && k != "content-type" && k != "accept"
            })
            .collect();
    headers.extend([
        ("Content-Type".to_string(), "application/json".to_string()),
        (
            "Accept".to_string(),
            "application/json, text/event-stream".to_string(),
        ),
        (
            "MCP-Protocol-Version".to_string(),
            Revision::V2026_07_28.as_str().to_string(),
        ),
        ("Mcp-Method".to_string(), "server/discover".to_string()),
    ]);
    let Ok(r) = send(state, "POST", &headers, body.into_bytes()) else {
        return false;
    };
    let sse = content_type(&r).starts_with("text/event-stream");
    let Ok(raw) = read_body(r, state.opts.upstream_timeout) else {
        return false;
    };
    message_in(&raw, sse, &json!(bridge::PROBE_ID))
        .and_then(|m| m.get("result").cloned())
        .is_some_and(|r| bridge::speaks_2026(&r))
}

/// The message answering `id` in a response body (JSON, or SSE events).
fn message_in(raw: &[u8], sse: bool, id: &Value) -> Option<Value> {
    if !sse {
        return serde_json::from_slice(raw).ok();
    }
    let text = String::from_utf8_lossy(raw).replace("\r\n", "\n");
    text.split("\n\n")
        .filter_map(|ev| serde_json::from_str::<Value>(&sse_data(ev.as_bytes())).ok())
        .find(|m| m.get("id") == Some(id) && m.get("method").is_none())
}

/// A 2025 host's `initialize`: passed on, and its answer given back as it
/// came when the server takes it; when the server refuses it but speaks
/// 2026-07-28, the host gets a bridged session instead.
fn initialize_or_bridge(
    state: &Arc<State>,
    req: HttpRequest,
    resp: HttpReply,
) -> Option<(HttpRequest, HttpReply)> {
    let mut ctx = Ctx::new();
    let body = prepare(state, req.body.clone(), &mut ctx);
    let headers = end_to_end(req.headers.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let upstream = match send(state, "POST", &headers, body.clone()) {
        Ok(u) => u,
        Err(e) => {
            let (status, why) = unreachable(state, &e);
            fail(state, resp, status, &why);
            return None;
        }
    };
    let status = upstream.status().as_u16();
    let passed = pass_headers(&upstream);
    let sse = content_type(&upstream).starts_with("text/event-stream");
    let raw = match read_body(upstream, state.opts.upstream_timeout) {
        Ok(b) => b,
        Err(why) => {
            fail(state, resp, 502, &why);
            return None;
        }
    };
    let id = ctx.id.clone().unwrap_or(Value::Null);
    let answer = message_in(&raw, sse, &id);
    let refused = answer.as_ref().is_none_or(|m| m.get("result").is_none());
    if refused && probe(state, &req) {
        {
            // Each bridged session is a loop and a connection upstream: a
            // bounded number, the ended ones given back first.
            let mut sessions = lock_map(&state.bridged);
            sessions.retain(|_, b| !b.ended());
            if sessions.len() >= MAX_BRIDGED_SESSIONS {
                drop(sessions);
                refuse(
                    resp,
                    503,
                    &format!(
                        "{MAX_BRIDGED_SESSIONS} bridged sessions are open already: end one (DELETE) first (mcp-elicit proxy)"
                    ),
                );
                return None;
            }
        }
        let Some(session) = random_id() else {
            refuse(
                resp,
                500,
                "no randomness for a session id (mcp-elicit proxy)",
            );
            return None;
        };
        match start_bridged(state, Some(session.clone())) {
            Ok(b) => {
                lock_map(&state.bridged).insert(session, Arc::clone(&b));
                b.handle(req, resp);
            }
            Err(why) => {
                fail(state, resp, 502, &why);
            }
        }
        return None;
    }
    // The same era: the answer as it came.
    record(state, Direction::ClientToServer, &body);
    if let Some(m) = &answer {
        record(state, Direction::ServerToClient, m.to_string().as_bytes());
        if let Some(r) = m.get("result") {
            learn(state, r);
        }
    }
    let hs: Vec<(&str, &str)> = passed
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    resp.respond(status, &hs, &raw);
    None
}

/// What a host request needs on its way back.
struct Ctx {
    /// The host's id for the request (JSON text), when it is one.
    id: Option<Value>,
    method: String,
    /// 2026-07-28: the params as sent and the modes the host declared.
    modern: Option<(Map<String, Value>, Modes)>,
    headers: Vec<(String, String)>,
    session: Option<String>,
    version: Option<String>,
    /// The host's progress token, and the last progress value it heard.
    token: Option<Value>,
    progress: std::cell::Cell<f64>,
    /// When the host sent it.
    since: std::time::Instant,
}

impl Ctx {
    /// A host request that has just come in.
    fn new() -> Ctx {
        Ctx {
            id: None,
            method: String::new(),
            modern: None,
            headers: Vec::new(),
            session: None,
            version: None,
            token: None,
            progress: std::cell::Cell::new(0.0),
            since: std::time::Instant::now(),
        }
    }
}

/// The host's POST body, with the capability added where the proxy is to
/// answer; notes what the response needs in `ctx`.
fn prepare(state: &State, body: Vec<u8>, ctx: &mut Ctx) -> Vec<u8> {
    let Ok(Value::Object(mut msg)) = serde_json::from_slice::<Value>(&body) else {
        return body;
    };
    let answer = state.opts.common.answer;
    let Some(method) = msg
        .get("method")
        .and_then(Value::as_str)
        .map(str::to_string)
    else {
        return body;
    };
    ctx.id = msg.get("id").cloned();
    ctx.method = method.clone();
    ctx.token = msg
        .get("params")
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get("progressToken"))
        .cloned();
    let changed = if method == "initialize" {
        let (asked, modes, changed) = initialize_capability(&mut msg, answer);
        let mut sh = lock(&state.shared);
        sh.host_modes = Some(modes);
        if asked.is_some() {
            sh.rev = asked;
        }
        changed
    } else if let Some((modes, changed)) = modern_capability(&mut msg, answer) {
        lock(&state.shared).rev = Some(Revision::V2026_07_28);
        let params = msg
            .get("params")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        ctx.modern = Some((params, modes));
        changed
    } else {
        false
    };
    if changed {
        Value::Object(msg).to_string().into_bytes()
    } else {
        body
    }
}

fn send(
    state: &State,
    method: &str,
    headers: &[(String, String)],
    body: Vec<u8>,
) -> Result<ureq::http::Response<ureq::Body>, ureq::Error> {
    let request = |token: Option<&str>, body: Vec<u8>| {
        let mut b = ureq::http::Request::builder()
            .method(method)
            .uri(&state.opts.upstream);
        for (k, v) in headers {
            b = b.header(k.as_str(), v.as_str());
        }
        if let Some(t) = token {
            b = b.header("Authorization", t);
        }
        b.body(body)
    };
    // A host that sends its own Authorization is passed on as it is.
    let Some(auth) = state.opts.auth.as_ref().filter(|_| {
        !headers
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("authorization"))
    }) else {
        return state.agent.run(request(None, body)?);
    };
    let send = || {
        let token = auth.header();
        let resp = state.agent.run(request(token.as_deref(), body.clone())?)?;
        Ok::<_, ureq::Error>((resp, token))
    };
    match send_authorized(auth.as_ref(), send)? {
        Authorized::Response(resp) => Ok(resp),
        Authorized::Failed(resp, why) => {
            note(state, &format!("authorization failed while {why}"));
            Ok(resp)
        }
    }
}

/// The status and words for a request the server did not answer.
fn unreachable(state: &State, e: &ureq::Error) -> (u16, String) {
    match e {
        ureq::Error::Timeout(ureq::Timeout::Connect) => (
            504,
            format!(
                "the MCP server at {} did not accept a connection within {} s",
                state.opts.upstream,
                CONNECT_TIME.as_secs()
            ),
        ),
        ureq::Error::Timeout(_) => (
            504,
            format!(
                "the MCP server at {} did not answer within {} s (--upstream-timeout)",
                state.opts.upstream,
                state.opts.upstream_timeout.as_secs_f64()
            ),
        ),
        e => (
            502,
            format!(
                "the MCP server cannot be reached: {}",
                sanitize::line(&crate::mcp::chain(e))
            ),
        ),
    }
}

/// Whether a read from upstream failed for its time-out.
fn timed_out(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::TimedOut
        || e.get_ref()
            .and_then(|inner| inner.downcast_ref::<ureq::Error>())
            .is_some_and(|u| matches!(u, ureq::Error::Timeout(_)))
}

/// Reads a whole JSON body, at most [`MAX_MESSAGE`] bytes; `Err` says why
/// not.
fn read_body(r: ureq::http::Response<ureq::Body>, timeout: Duration) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    match r
        .into_body()
        .into_reader()
        .take(MAX_MESSAGE as u64 + 1)
        .read_to_end(&mut body)
    {
        Ok(_) if body.len() > MAX_MESSAGE => Err(format!(
            "the server's response is larger than {} MiB",
            MAX_MESSAGE >> 20
        )),
        Ok(_) => Ok(body),
        Err(e) if timed_out(&e) => Err(format!(
            "the server's response stopped for {} s (--upstream-timeout)",
            timeout.as_secs_f64()
        )),
        Err(e) => Err(format!("the server's response was cut: {e}")),
    }
}

fn record(state: &State, from: Direction, raw: &[u8]) {
    let Ok(text) = std::str::from_utf8(raw) else {
        return;
    };
    if text.trim().is_empty() || serde_json::from_str::<serde::de::IgnoredAny>(text).is_err() {
        return;
    }
    let mut sh = lock(&state.shared);
    if sh.writer.is_none()
        && let Some(rec) = &state.opts.common.record
    {
        let rev = sh.rev.unwrap_or(Revision::V2025_11_25);
        let peer = Peer::Http {
            url: state.opts.upstream.clone(),
        };
        match Writer::open(&rec.path, rev, &peer, &rec.redact) {
            Ok(w) => sh.writer = Some(w),
            Err(e) => {
                let why = format!("cannot record to {}: {e}", rec.path.display());
                (sh.notes)(&why);
                return;
            }
        }
    }
    if let Some(w) = &mut sh.writer
        && let Err(e) = w.message(from, text)
    {
        let why = format!("a message was not recorded: {e}");
        (sh.notes)(&why);
    }
}

fn note(state: &State, text: &str) {
    let mut sh = lock(&state.shared);
    (sh.notes)(text);
}

fn content_type(r: &ureq::http::Response<ureq::Body>) -> String {
    r.headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// The upstream response's headers to pass on.
fn pass_headers(r: &ureq::http::Response<ureq::Body>) -> Vec<(String, String)> {
    let text: Vec<(&str, &str)> = r
        .headers()
        .iter()
        .filter_map(|(k, v)| Some((k.as_str(), v.to_str().ok()?)))
        .collect();
    end_to_end(text.into_iter())
}

/// The headers meant for the other end: without those of this connection
/// ([`HOP`]) or named in its `Connection` header (RFC 9110 §7.6.1).
fn end_to_end<'a>(
    headers: impl Iterator<Item = (&'a str, &'a str)> + Clone,
) -> Vec<(String, String)> {
    let named: Vec<String> = headers
        .clone()
        .filter(|(k, _)| k.eq_ignore_ascii_case("connection"))
        .flat_map(|(_, v)| v.split(','))
        .map(|n| n.trim().to_ascii_lowercase())
        .filter(|n| !n.is_empty())
        .collect();
    headers
        .filter(|(k, _)| {
            let k = k.to_ascii_lowercase();
            !HOP.contains(&k.as_str()) && !named.contains(&k)
        })
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Where the host's answer goes: one JSON body, or an SSE stream.
enum Sink {
    /// The response, its status and headers as upstream sent them.
    Json(Option<HttpReply>, u16, Vec<(String, String)>),
    Stream(Chunks),
}

impl Sink {
    /// Passes on one message (or one SSE event as it was received).
    fn message(&mut self, event: &[u8], msg: &[u8]) -> bool {
        match self {
            Sink::Stream(c) => c.send(event).is_ok(),
            Sink::Json(r, status, headers) => {
                if let Some(r) = r.take() {
                    let mut hs: Vec<(&str, &str)> = headers
                        .iter()
                        .filter(|(k, _)| !k.eq_ignore_ascii_case("content-type"))
                        .map(|(k, v)| (k.as_str(), v.as_str()))
                        .collect();
                    hs.push(("Content-Type", "application/json"));
                    r.respond(*status, &hs, msg);
                }
                true
            }
        }
    }

    fn finish(self) {
        match self {
            Sink::Stream(c) => c.finish(),
            Sink::Json(Some(r), _, _) => r.respond(202, &[], b""),
            Sink::Json(None, _, _) => {}
        }
    }
}

/// Passes the upstream response on, acting on what the host cannot take.
fn relay(state: &State, first: ureq::http::Response<ureq::Body>, ctx: Ctx, resp: HttpReply) {
    let ct = content_type(&first);
    let status = first.status().as_u16();
    let headers = pass_headers(&first);
    let sse = ct.starts_with("text/event-stream");
    let json_body = ct.starts_with("application/json");
    if !sse && !json_body {
        // Nothing to act on (202, errors, other content): as it came.
        let body = match read_body(first, state.opts.upstream_timeout) {
            Ok(b) => b,
            Err(why) => {
                return fail(state, resp, 502, &why);
            }
        };
        let hs: Vec<(&str, &str)> = headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        resp.respond(status, &hs, &body);
        return;
    }
    let mut sink = if sse {
        let hs: Vec<(&str, &str)> = headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        match resp.stream(status, &hs) {
            Some(c) => Sink::Stream(c),
            None => return,
        }
    } else {
        Sink::Json(Some(resp), status, headers)
    };
    let mut current = first;
    let mut retried: Option<String> = None;
    let mut rounds = 0;
    loop {
        let sse = content_type(&current).starts_with("text/event-stream");
        let next = if sse {
            let reader = BufReader::new(current.into_body().into_reader());
            stream_events(state, reader, &ctx, &mut sink, retried.as_deref())
        } else {
            // The host hears the status of the response it is given.
            if let Sink::Json(_, status, _) = &mut sink {
                *status = current.status().as_u16();
            }
            read_body(current, state.opts.upstream_timeout)
                .map(|body| on_message(state, &body, &body, &ctx, &mut sink, retried.as_deref()))
        };
        let next = match next {
            Ok(n) => n,
            Err(why) => {
                // The host's stream is cut, not ended: it is not whole.
                note(state, &why);
                if let Sink::Json(Some(r), _, _) = sink {
                    refuse(r, 502, &format!("{why} (mcp-elicit proxy)"));
                }
                return;
            }
        };
        let Some((id, text)) = next else { break };
        rounds += 1;
        if rounds > MAX_ROUNDS {
            note(state, "the server asked for input too many rounds in a row");
            break;
        }
        record(state, Direction::ClientToServer, text.as_bytes());
        match send(state, "POST", &ctx.headers, text.into_bytes()) {
            Ok(r) => {
                current = r;
                retried = Some(id);
            }
            Err(e) => {
                note(
                    state,
                    &format!("the retry failed: {}", crate::mcp::chain(&e)),
                );
                break;
            }
        }
    }
    sink.finish();
}

/// Reads SSE events and passes each on, or acts on it; a retry to send
/// when the stream held an `InputRequiredResult` the proxy answered. `Err`
/// says why the stream was cut: an event larger than [`MAX_MESSAGE`], or a
/// server silent for longer than its time-out.
fn stream_events<R: BufRead>(
    state: &State,
    mut reader: R,
    ctx: &Ctx,
    sink: &mut Sink,
    retried: Option<&str>,
) -> Result<Option<(String, String)>, String> {
    // The event as received, lines and all; its data is taken from it once
    // whole, so that an event is held once.
    let mut event = Vec::new();
    loop {
        let start = event.len();
        let room = (MAX_MESSAGE + 2).saturating_sub(start) as u64;
        match (&mut reader).take(room).read_until(b'\n', &mut event) {
            Ok(0) => return Ok(None),
            Ok(_) if !event.ends_with(b"\n") && event.len() - start == room as usize => {
                return Err(format!(
                    "the server sent an SSE event larger than {} MiB: the stream is cut",
                    MAX_MESSAGE >> 20
                ));
            }
            Ok(_) => {}
            Err(e) if timed_out(&e) => {
                return Err(format!(
                    "the server's stream was silent for {} s (--upstream-timeout): it is cut",
                    state.opts.upstream_timeout.as_secs_f64()
                ));
            }
            Err(e) => return Err(format!("the server's stream broke: {e}")),
        }
        let line = &event[start..];
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if !line.is_empty() && event.ends_with(b"\n") {
            continue;
        }
        if !event.ends_with(b"\n") {
            // The last line, without its line end: the stream ended.
            return Ok(None);
        }
        // The end of an event.
        let ev = std::mem::take(&mut event);
        let d = sse_data(&ev);
        if d.is_empty() {
            if !sink.message(&ev, b"") {
                return Ok(None);
            }
            continue;
        }
        if let Some(retry) = on_message(state, &ev, d.as_bytes(), ctx, sink, retried) {
            return Ok(Some(retry));
        }
    }
}

/// The data of one SSE event: its `data:` lines, joined by line breaks.
fn sse_data(event: &[u8]) -> String {
    let mut data = String::new();
    let mut first = true;
    for line in event.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if let Some(d) = line.strip_prefix(b"data:") {
            if !first {
                data.push('\n');
            }
            first = false;
            data.push_str(&String::from_utf8_lossy(d.strip_prefix(b" ").unwrap_or(d)));
        }
    }
    data
}

/// One message from upstream (`event` as received, `msg` its JSON):
/// passed on, answered here, or turned into a retry.
fn on_message(
    state: &State,
    event: &[u8],
    msg: &[u8],
    ctx: &Ctx,
    sink: &mut Sink,
    retried: Option<&str>,
) -> Option<(String, String)> {
    record(state, Direction::ServerToClient, msg);
    let parsed: Option<Map<String, Value>> = serde_json::from_slice(msg).ok();
    let Some(m) = parsed else {
        sink.message(event, msg);
        return None;
    };
    let raw = String::from_utf8_lossy(msg).into_owned();
    if let Some(result) = m.get("result") {
        learn(state, result);
    }
    if m.get("method").and_then(Value::as_str) == Some("notifications/progress")
        && let Some(p) = m
            .get("params")
            .and_then(|p| p.get("progress"))
            .and_then(Value::as_f64)
    {
        ctx.progress.set(ctx.progress.get().max(p));
    }
    if m.get("method").and_then(Value::as_str) == Some("elicitation/create")
        && let Some(id) = m.get("id")
    {
        let params = m.get("params").cloned().unwrap_or(Value::Null);
        let mode = params.get("mode").and_then(Value::as_str).unwrap_or("form");
        let modes = lock(&state.shared).host_modes.unwrap_or_default();
        let ours = proxy_answers(state.opts.common.answer, modes, mode);
        let (notes, blocked) = lint(state, &raw, "/params", &params, None, ours);
        if !ours {
            sink.message(event, msg);
            return None;
        }
        let body = match ask(state, params, None, notes, blocked, ctx, sink) {
            Outcome::Answer(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Outcome::Refused(error, _) => {
                json!({"jsonrpc": "2.0", "id": id, "error": error})
            }
            Outcome::Failed(why) => {
                note(
                    state,
                    &format!("could not answer: {}", sanitize::line(&why)),
                );
                json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32603, "message": "the client could not answer"}})
            }
        };
        let text = body.to_string();
        record(state, Direction::ClientToServer, text.as_bytes());
        // The headers of the request whose stream carried it (a GET
        // stream's among them), made those of a POST.
        let mut headers = ctx.headers.clone();
        headers.retain(|(k, _)| {
            !["content-type", "accept", "last-event-id"].contains(&k.to_ascii_lowercase().as_str())
        });
        headers.push(("Content-Type".into(), "application/json".into()));
        headers.push((
            "Accept".into(),
            "application/json, text/event-stream".into(),
        ));
        match send(state, "POST", &headers, text.into_bytes()) {
            Ok(r) if r.status().is_success() => {}
            Ok(r) => note(
                state,
                &format!(
                    "the server refused the answer (HTTP {})",
                    r.status().as_u16()
                ),
            ),
            Err(e) => note(
                state,
                &format!("the answer could not be sent: {}", crate::mcp::chain(&e)),
            ),
        }
        return None;
    }
    let is_ours_response = match (&m.get("id"), retried) {
        (Some(Value::String(s)), Some(r)) => s == r,
        _ => false,
    };
    let answers_host = is_ours_response
        || (m.get("method").is_none() && m.get("id").is_some() && m.get("id") == ctx.id.as_ref());
    if answers_host
        && let Some((params, modes)) = &ctx.modern
        && m.get("result")
            .and_then(|r| r.get("resultType"))
            .and_then(Value::as_str)
            == Some("input_required")
    {
        let (requests, ours) =
            crate::mcp::proxy::input_requests(m.get("result"), is_ours_response, |mode| {
                proxy_answers(state.opts.common.answer, *modes, mode)
            });
        let mut responses = Map::new();
        for (key, r) in &requests {
            if r.get("method").and_then(Value::as_str) != Some("elicitation/create") {
                continue;
            }
            let at = crate::json::pointer_push("/result/inputRequests", key);
            let p = r.get("params").cloned().unwrap_or(Value::Null);
            let (notes, blocked) = lint(state, &raw, &format!("{at}/params"), &p, Some(key), ours);
            if ours
                && let Outcome::Answer(a) =
                    ask(state, p, Some(key.clone()), notes, blocked, ctx, sink)
            {
                responses.insert(key.clone(), a);
            }
        }
        if ours {
            let id = format!(
                "mcp-elicit-proxy-{}",
                state.next_retry.fetch_add(1, Ordering::SeqCst) + 1
            );
            let state_raw = request_state(&raw);
            let text = retry_text(&id, &ctx.method, params, responses, state_raw.as_deref());
            return Some((id, text));
        }
    }
    if is_ours_response && let Some(host_id) = &ctx.id {
        let mut m = m.clone();
        m.insert("id".into(), host_id.clone());
        let text = Value::Object(m).to_string();
        let event = format!("event: message\ndata: {text}\n\n");
        sink.message(event.as_bytes(), text.as_bytes());
        return None;
    }
    sink.message(event, msg);
    None
}

fn learn(state: &State, result: &Value) {
    let sh = &mut *lock(&state.shared);
    crate::mcp::proxy::learn_server(result, &mut sh.rev, &mut sh.server_name);
}

fn lint(
    state: &State,
    raw: &str,
    prefix: &str,
    params: &Value,
    key: Option<&str>,
    by_proxy: bool,
) -> (Vec<String>, Option<crate::mcp::proxy::Blocked>) {
    let mut sh = lock(&state.shared);
    let sh = &mut *sh;
    let server = sh.server_name.clone();
    let e = Elicitation {
        raw,
        prefix,
        params,
        key,
        by_proxy,
        revision: sh.rev.unwrap_or(Revision::V2025_11_25),
        server: server.as_deref(),
        t_ms: state.start.elapsed().as_millis() as u64,
    };
    lint_elicitation(
        &e,
        &state.opts.common.hosts,
        (state.opts.common.strict, &state.opts.common.rules),
        sh.report.as_mut(),
        &mut sh.notes,
    )
}

/// Puts one elicitation to the answering thread and waits for the answer;
/// meanwhile a host that gave a progress token and reads a stream hears
/// progress every `progress_every`.
fn ask(
    state: &State,
    params: Value,
    key: Option<String>,
    notes: Vec<String>,
    blocked: Option<crate::mcp::proxy::Blocked>,
    ctx: &Ctx,
    sink: &mut Sink,
) -> Outcome {
    let (tx, rx) = mpsc::channel();
    let (revision, server) = {
        let sh = lock(&state.shared);
        (
            sh.rev.unwrap_or(Revision::V2025_11_25),
            sh.server_name.clone(),
        )
    };
    let job = Job {
        id: state.next_job.fetch_add(1, Ordering::SeqCst),
        params,
        revision,
        server,
        key,
        notes,
        deadline: state
            .opts
            .common
            .host_timeout
            .map(|of| crate::form::respond::Deadline::after(ctx.since, of)),
        blocked,
        reply: Some(tx),
    };
    let sent = state
        .jobs
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .send(job);
    if sent.is_err() {
        return Outcome::Failed("the answering thread is gone".into());
    }
    let asked = Instant::now();
    let every = state.opts.common.progress_every;
    let outcome = loop {
        if let (Some(token), Sink::Stream(_)) = (&ctx.token, &*sink) {
            let n = ctx.progress.get() + 1.0;
            ctx.progress.set(n);
            let msg = json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {
                "progressToken": token,
                "progress": n,
                "message": format!("waiting for the person to answer a form ({} s so far)", asked.elapsed().as_secs()),
            }})
            .to_string();
            sink.message(
                format!("event: message\ndata: {msg}\n\n").as_bytes(),
                msg.as_bytes(),
            );
        }
        match rx.recv_timeout(every) {
            Ok(o) => break o,
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => break Outcome::Failed("no answer".into()),
        }
    };
    if let Outcome::Answer(a) = &outcome {
        note(
            state,
            &format!(
                "answered {}",
                a.get("action").and_then(Value::as_str).unwrap_or("?")
            ),
        );
    }
    outcome
}
