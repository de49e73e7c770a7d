//! The HTTP proxy's bridged side: when the host and the server speak
//! different eras, the host's HTTP requests feed the proxy's message loop
//! (the one stdio uses, [`super::messages`]) and the server is reached
//! through the client transport, each in its own era.
//!
//! A 2025 host gets a session of its own (an `Mcp-Session-Id` the proxy
//! makes) and a loop of its own; 2026-07-28 hosts have no sessions and
//! share one loop, their request ids made unique on the way in and given
//! back on the way out. Each request is answered with JSON when its answer
//! is all there is, else with an SSE stream that carries what belongs to it
//! (the questions put to the host for it, progress) and ends with its
//! answer. A 2025 host's standalone GET stream gets the rest.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use super::messages::{HostSide, HttpServer, run_with};
use super::{Ev, Job, Notes, ProxyOptions};
use crate::mcp::listen::{HttpReply, HttpRequest};
use crate::mcp::server::http::{http_error, sse_event};
use crate::mcp::transport::Http;
use crate::session::Peer;

/// How often a quiet stream gets a comment.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// Where the loop's messages for the host go.
#[derive(Default)]
struct Routes {
    /// Open requests by the id the loop knows them under (JSON text): the
    /// host's own id, and where their messages go.
    open: HashMap<String, (Value, Sender<Value>)>,
    /// Progress tokens (JSON text) to the request that gave them.
    tokens: HashMap<String, String>,
    /// The standalone GET stream, when open: its SSE events.
    get: Option<Sender<Vec<u8>>>,
}

/// One bridged loop and the host requests it serves.
pub(super) struct Bridged {
    tx: Sender<Ev>,
    routes: Arc<Mutex<Routes>>,
    /// 2025 hosts: the session the proxy made for this host. Without one
    /// (2026-07-28 hosts, who share the loop) ids are made unique.
    pub(super) session: Option<String>,
    next: AtomicU64,
    /// How long a request waits for its first message.
    wait: Duration,
    ended: Arc<std::sync::atomic::AtomicBool>,
}

fn lock(m: &Mutex<Routes>) -> std::sync::MutexGuard<'_, Routes> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The loop's side of the routes.
struct ToHost(Arc<Mutex<Routes>>);

impl HostSide for ToHost {
    fn send(&mut self, raw: &[u8], about: Option<&str>) -> std::io::Result<()> {
        let Ok(msg) = serde_json::from_slice::<Value>(raw) else {
            return Ok(());
        };
        let routes = lock(&self.0);
        let is_response = msg.get("method").is_none();
        let key = if is_response {
            msg.get("id").map(Value::to_string)
        } else if let Some(a) = about {
            Some(a.to_string())
        } else if msg.get("method").and_then(Value::as_str) == Some("notifications/progress") {
            msg.get("params")
                .and_then(|p| p.get("progressToken"))
                .and_then(|t| routes.tokens.get(&t.to_string()).cloned())
        } else {
            None
        };
        match key.and_then(|k| routes.open.get(&k)) {
            Some((_, tx)) => {
                let _ = tx.send(msg);
            }
            None => {
                if let Some(get) = &routes.get {
                    let _ = get.send(sse_event(&msg));
                }
            }
        }
        // A host gone from one request is not gone from the others.
        Ok(())
    }
}

impl Bridged {
    /// Starts a loop between host requests and the server at `upstream`.
    pub(super) fn start(
        opts: ProxyOptions,
        upstream: &str,
        auth: Option<Arc<dyn crate::mcp::transport::Authorizer>>,
        jobs: Sender<Job>,
        notes: Notes,
        session: Option<String>,
        wait: Duration,
    ) -> Result<Arc<Bridged>, crate::mcp::transport::Error> {
        let mut http = Http::new(upstream)?;
        if let Some(auth) = auth {
            http = http.authorized(auth);
        }
        let (tx, rx) = mpsc::channel();
        let routes = Arc::new(Mutex::new(Routes::default()));
        let ended = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let b = Arc::new(Bridged {
            tx: tx.clone(),
            routes: Arc::clone(&routes),
            session,
            next: AtomicU64::new(0),
            wait,
            ended: Arc::clone(&ended),
        });
        let peer = Peer::Http {
            url: upstream.to_string(),
        };
        std::thread::spawn(move || {
            let server = HttpServer::start(http, tx.clone());
            let notes = Arc::new(Mutex::new(notes));
            let to_loop = Arc::clone(&notes);
            let said = run_with(
                opts,
                ToHost(Arc::clone(&routes)),
                server,
                peer,
                (tx, &rx),
                jobs,
                Box::new(move |l: &str| (to_loop.lock().unwrap_or_else(|p| p.into_inner()))(l)),
            );
            ended.store(true, Ordering::SeqCst);
            // Every request still open hears that the loop is over.
            let mut open = lock(&routes);
            open.open.clear();
            open.get = None;
            drop(open);
            if let Err(e) = said {
                let why = crate::sanitize::line(&crate::mcp::chain(&e)).into_owned();
                (notes.lock().unwrap_or_else(|p| p.into_inner()))(&why);
            }
        });
        Ok(b)
    }

    /// Whether the loop has ended (the server is gone, the session ended).
    pub(super) fn ended(&self) -> bool {
        self.ended.load(Ordering::SeqCst)
    }

    /// Serves one host request.
    pub(super) fn handle(&self, req: HttpRequest, resp: HttpReply) {
        match req.method.as_str() {
            "POST" => self.post(req, resp),
            "GET" if self.session.is_some() => self.get(resp),
            "DELETE" => {
                let _ = self
                    .tx
                    .send(Ev::HostGone("the host ended its session".into()));
                resp.respond(200, &[], b"");
            }
            _ => resp.respond(
                405,
                &[("Allow", "POST, DELETE")],
                b"this endpoint takes POST and DELETE\n",
            ),
        }
    }

    fn post(&self, req: HttpRequest, resp: HttpReply) {
        let Ok(Value::Object(mut msg)) = serde_json::from_slice::<Value>(&req.body) else {
            return http_error(resp, 400, -32700, "the body is not a JSON-RPC message");
        };
        if self.ended() {
            return http_error(
                resp,
                404,
                -32600,
                "this session has ended (the MCP server is gone); start a new one",
            );
        }
        let method = msg
            .get("method")
            .and_then(Value::as_str)
            .map(str::to_string);
        let Some(id) = msg.get("id").cloned().filter(|_| method.is_some()) else {
            // A notification, or the host's answer to a question.
            if self.session.is_none()
                && method.as_deref() == Some("notifications/cancelled")
                && let Some(p) = msg.get_mut("params").and_then(Value::as_object_mut)
                && let Some(asked) = p.get("requestId").cloned()
                && let Some(ours) = self.ours(&asked)
            {
                p.insert("requestId".into(), ours);
            }
            let _ = self
                .tx
                .send(Ev::Host(Value::Object(msg).to_string().into_bytes()));
            return resp.respond(202, &[], b"");
        };
        let ours = if self.session.is_none() {
            json!(format!(
                "mcp-elicit-host-{}",
                self.next.fetch_add(1, Ordering::SeqCst) + 1
            ))
        } else {
            id.clone()
        };
        let key = ours.to_string();
        let (tx, rx) = mpsc::channel();
        {
            let mut routes = lock(&self.routes);
            routes.open.insert(key.clone(), (id.clone(), tx));
            if let Some(t) = msg
                .get("params")
                .and_then(|p| p.get("_meta"))
                .and_then(|m| m.get("progressToken"))
            {
                routes.tokens.insert(t.to_string(), key.clone());
            }
        }
        msg.insert("id".into(), ours);
        let initialize = method.as_deref() == Some("initialize");
        let _ = self
            .tx
            .send(Ev::Host(Value::Object(msg).to_string().into_bytes()));
        self.answer(resp, &key, &id, &rx, initialize);
        let mut routes = lock(&self.routes);
        routes.open.remove(&key);
        routes.tokens.retain(|_, k| *k != key);
    }

    /// The loop's id for a host id, for a request still open.
    fn ours(&self, host: &Value) -> Option<Value> {
        lock(&self.routes)
            .open
            .iter()
            .find(|(_, (h, _))| h == host)
            .and_then(|(k, _)| serde_json::from_str(k).ok())
    }

    /// Answers a request: JSON when its answer comes first, else an SSE
    /// stream of what belongs to it, ending with its answer.
    fn answer(
        &self,
        resp: HttpReply,
        key: &str,
        host_id: &Value,
        rx: &Receiver<Value>,
        initialize: bool,
    ) {
        let done = |m: &Value| {
            m.get("method").is_none() && m.get("id").map(Value::to_string).as_deref() == Some(key)
        };
        let give_back = |mut m: Value| {
            if done(&m) {
                m["id"] = host_id.clone();
            }
            m
        };
        let first = match rx.recv_timeout(self.wait) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => {
                return http_error(
                    resp,
                    504,
                    -32603,
                    "the MCP server did not answer in time (--upstream-timeout) (mcp-elicit proxy)",
                );
            }
            Err(RecvTimeoutError::Disconnected) => {
                return http_error(
                    resp,
                    502,
                    -32603,
                    "the MCP server is gone (mcp-elicit proxy)",
                );
            }
        };
        let mut headers = vec![("Content-Type", "application/json")];
        let session = self.session.clone().unwrap_or_default();
        if self.session.is_some() {
            headers.push(("Mcp-Session-Id", session.as_str()));
        }
        if done(&first) {
            let ok = first.get("result").is_some();
            if initialize && !ok {
                headers.retain(|(k, _)| *k != "Mcp-Session-Id");
            }
            return resp.respond(200, &headers, give_back(first).to_string().as_bytes());
        }
        headers[0] = ("Content-Type", "text/event-stream");
        headers.push(("Cache-Control", "no-cache"));
        let Some(mut body) = resp.stream(200, &headers) else {
            return;
        };
        let mut next = Some(first);
        loop {
            let m = match next.take() {
                Some(m) => m,
                None => match rx.recv_timeout(HEARTBEAT) {
                    Ok(m) => m,
                    Err(RecvTimeoutError::Timeout) => {
                        if body.send(b": keep-alive\n\n").is_err() {
                            return;
                        }
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => break,
                },
            };
            let last = done(&m);
            if body.send(&sse_event(&give_back(m))).is_err() {
                return;
            }
            if last {
                break;
            }
        }
        body.finish();
    }

    /// A 2025 host's standalone stream: what belongs to no request.
    fn get(&self, resp: HttpReply) {
        let (tx, rx) = mpsc::channel();
        lock(&self.routes).get = Some(tx);
        crate::mcp::server::http::stream(resp, &rx);
    }
}
