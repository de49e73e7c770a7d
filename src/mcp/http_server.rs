//! Streamable HTTP for [`super::server`]: one endpoint, POST for client
//! messages, SSE for responses that carry elicitations, a standalone GET
//! stream, `Mcp-Session-Id` sessions, DELETE to end one.

use std::collections::HashMap;
use std::io::Read;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use serde_json::{Value, json};

use super::server::{Ask, Engine, Handler, Reply, Stop, answer_of, error, only, tool_response};
use super::transport::MAX_MESSAGE;
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

struct Session {
    engine: Engine<'static>,
    /// Elicitation requests waiting for their answer, by request id.
    pending: Mutex<HashMap<String, Sender<Value>>>,
    /// The standalone GET stream, when open.
    get_stream: Mutex<Option<Sender<Vec<u8>>>>,
}

struct State {
    handler: &'static dyn Handler,
    /// For 2026-07-28 requests, which need no session.
    modern: Engine<'static>,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    ask_on: AskOn,
}

fn sse_event(msg: &Value) -> Vec<u8> {
    format!("event: message\ndata: {msg}\n\n").into_bytes()
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn json_response(status: u16, body: &Value) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    tiny_http::Response::from_data(body.to_string().into_bytes())
        .with_status_code(status)
        .with_header(header("Content-Type", "application/json"))
}

fn random_id() -> String {
    let mut b = [0u8; 16];
    let _ = getrandom::fill(&mut b);
    data_encoding::HEXLOWER.encode(&b)
}

/// Serves `handler` on `addr` (e.g. `127.0.0.1:8080`, path `/mcp`) until
/// the process ends. `ready` receives the bound address.
pub fn serve_http(
    handler: &'static dyn Handler,
    addr: &str,
    ask_on: AskOn,
    ready: impl FnOnce(std::net::SocketAddr),
) -> Result<()> {
    let server =
        tiny_http::Server::http(addr).map_err(|e| anyhow!("cannot listen on {addr}: {e}"))?;
    let bound = server
        .server_addr()
        .to_ip()
        .context("the server is not on an IP address")?;
    let state = Arc::new(State {
        handler,
        modern: Engine::new(handler)?,
        sessions: Mutex::new(HashMap::new()),
        ask_on,
    });
    ready(bound);
    for request in server.incoming_requests() {
        let state = Arc::clone(&state);
        std::thread::spawn(move || handle(&state, request));
    }
    Ok(())
}

fn handle(state: &Arc<State>, mut request: tiny_http::Request) {
    let session_id = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Mcp-Session-Id"))
        .map(|h| h.value.as_str().to_string());
    let session = session_id.as_ref().and_then(|id| {
        state
            .sessions
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    });
    let path_ok = request.url().split('?').next() == Some("/mcp");
    if !path_ok {
        let _ = request.respond(
            tiny_http::Response::from_string("not found: the endpoint is /mcp")
                .with_status_code(404),
        );
        return;
    }
    match request.method() {
        tiny_http::Method::Get => {
            let Some(session) = session else {
                let _ = request
                    .respond(tiny_http::Response::from_string("no session").with_status_code(405));
                return;
            };
            let (tx, rx) = mpsc::channel();
            *session.get_stream.lock().unwrap_or_else(|p| p.into_inner()) = Some(tx.clone());
            // A comment first, so the client sees the stream open at once.
            let _ = tx.send(b": stream open\n\n".to_vec());
            drop(tx);
            stream(request, &rx);
        }
        tiny_http::Method::Delete => {
            if let Some(id) = session_id {
                state
                    .sessions
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&id);
            }
            let _ = request.respond(tiny_http::Response::empty(200));
        }
        tiny_http::Method::Post => {
            let mut body = Vec::new();
            if request
                .as_reader()
                .take(MAX_MESSAGE as u64 + 1)
                .read_to_end(&mut body)
                .is_err()
                || body.len() > MAX_MESSAGE
            {
                let _ = request.respond(json_response(
                    413,
                    &json!({"error": "body too large or unreadable"}),
                ));
                return;
            }
            let msg: Value = match serde_json::from_slice(&body) {
                Ok(v) => v,
                Err(e) => {
                    let m = error(&Value::Null, -32700, &format!("parse error: {e}"));
                    let _ = request.respond(json_response(400, &m));
                    return;
                }
            };
            post(state, session_id, session, msg, request);
        }
        _ => {
            let _ = request.respond(tiny_http::Response::empty(405));
        }
    }
}

fn post(
    state: &Arc<State>,
    session_id: Option<String>,
    session: Option<Arc<Session>>,
    msg: Value,
    request: tiny_http::Request,
) {
    let method = msg
        .get("method")
        .and_then(Value::as_str)
        .map(str::to_string);
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
        let _ = request.respond(tiny_http::Response::empty(202));
        return;
    }
    if msg.get("id").is_none() {
        let _ = request.respond(tiny_http::Response::empty(202));
        return;
    }
    let modern = msg
        .get("params")
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get(super::client::PROTOCOL_VERSION_META))
        .is_some();
    if modern {
        let reply = match state.modern.handle(&msg) {
            Reply::Message(m) => m,
            _ => error(&msg["id"], -32603, "unexpected"),
        };
        let status = if reply.get("error").and_then(|e| e.get("code")) == Some(&json!(-32022)) {
            400
        } else {
            200
        };
        let _ = request.respond(json_response(status, &reply));
        return;
    }
    if method.as_deref() == Some("initialize") {
        let engine = match Engine::new(state.handler) {
            Ok(e) => e,
            Err(e) => {
                let _ = request.respond(json_response(500, &json!({"error": e.to_string()})));
                return;
            }
        };
        let reply = match engine.handle(&msg) {
            Reply::Message(m) => m,
            _ => Value::Null,
        };
        let id = random_id();
        state
            .sessions
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(
                id.clone(),
                Arc::new(Session {
                    engine,
                    pending: Mutex::new(HashMap::new()),
                    get_stream: Mutex::new(None),
                }),
            );
        let _ =
            request.respond(json_response(200, &reply).with_header(header("Mcp-Session-Id", &id)));
        return;
    }
    let Some(session) = session else {
        let (status, text) = if session_id.is_some() {
            (404, "unknown session: initialize again")
        } else {
            (400, "no Mcp-Session-Id: initialize first")
        };
        let m = error(&msg["id"], -32600, text);
        let _ = request.respond(json_response(status, &m));
        return;
    };
    match session.engine.handle(&msg) {
        Reply::Message(m) => {
            let _ = request.respond(json_response(200, &m));
        }
        Reply::Nothing => {
            let _ = request.respond(tiny_http::Response::empty(202));
        }
        Reply::RunTool {
            id,
            name,
            args,
            revision,
            capability,
        } => {
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
                let _ = tx.send(sse_event(&tool_response(&id, outcome)));
            });
            stream(request, &rx);
        }
    }
}

/// 2025-06-18 and 2025-11-25 over HTTP: the request goes out on an SSE
/// stream and the answer comes back in a POST.
struct HttpLive<'s> {
    session: &'s Session,
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

impl Ask for HttpLive<'_> {
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
            let id = format!("elicit-{}-{}", random_id(), self.next);
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
            waiting.push(sent.then_some(rx));
        }
        waiting
            .into_iter()
            .map(|rx| {
                let rx = rx.ok_or_else(|| Stop::Lost("the client closed the stream".into()))?;
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

/// Answers `request` with an SSE stream of what arrives on `rx`, each event
/// sent and flushed as it comes (a buffered body would hold an elicitation
/// back until the stream ends). Chunked transfer marks the end.
fn stream(request: tiny_http::Request, rx: &Receiver<Vec<u8>>) {
    use std::io::Write;
    let mut w = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n";
    if w.write_all(head.as_bytes())
        .and_then(|()| w.flush())
        .is_err()
    {
        return;
    }
    for chunk in rx.iter() {
        let framed = [format!("{:x}\r\n", chunk.len()).as_bytes(), &chunk, b"\r\n"].concat();
        if w.write_all(&framed).and_then(|()| w.flush()).is_err() {
            return;
        }
    }
    let _ = w.write_all(b"0\r\n\r\n").and_then(|()| w.flush());
}
