//! Streamable HTTP: each message a POST, answered with JSON or an SSE
//! stream, a session id and the protocol version in headers.

use std::io::Read;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::auth::{Authorized, denial, send_authorized};
use super::sse::{deliver, resume};
use super::{Error, Event, Transport, recv_from};
use crate::sanitize;
use crate::session::Peer;

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

#[derive(Default)]
struct HttpShared {
    session: Option<String>,
    version: Option<String>,
    /// Authorizes on a 401 or an `insufficient_scope` 403 and gives the
    /// token to send (`Http::authorized`).
    auth: Option<Arc<dyn super::Authorizer>>,
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

    /// Authorizes with `session` when the server refuses (the OAuth flow
    /// of `crate::mcp::oauth::Session`), sending its token on every
    /// request. Headers given to [`Http::with_headers`] that already carry
    /// an `Authorization` win: the session is not used.
    pub fn authorized(self, session: Arc<dyn super::Authorizer>) -> Http {
        if !self
            .extra
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("authorization"))
        {
            self.shared.lock().unwrap_or_else(|p| p.into_inner()).auth = Some(session);
        }
        self
    }

    /// The events of this connection, to be read elsewhere (a proxy's
    /// thread); `recv` hears nothing after this.
    pub(crate) fn take_events(&mut self) -> Receiver<Event> {
        let (_tx, rx) = mpsc::channel();
        std::mem::replace(&mut self.rx, rx)
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
        let auth = s.auth.clone();
        drop(s);
        if let Some(token) = auth.and_then(|a| a.header()) {
            h.push(("Authorization".into(), token));
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

/// Reports a refused HTTP request (4xx/5xx other than 401 and 403, see
/// [`denial`]) on a message that expects no body back.
pub(super) fn refused(resp: ureq::http::Response<ureq::Body>, what: &str) -> String {
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
            let what = method
                .as_deref()
                .map(|m| format!("`{m}`"))
                .unwrap_or_else(|| "the answer to its request".to_string());
            let auth = shared
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .auth
                .clone();
            let post = || {
                let mut req = agent
                    .post(&url)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream");
                let mut token = None;
                for (k, v) in headers().into_iter().chain(routing.iter().cloned()) {
                    if k == "Authorization" {
                        token = Some(v.clone());
                    }
                    req = req.header(&k, &v);
                }
                req.send(body.as_bytes()).map(|resp| (resp, token))
            };
            let sent = match &auth {
                None => post().map(|(resp, _)| resp),
                Some(auth) => match send_authorized(auth.as_ref(), post) {
                    Ok(Authorized::Response(resp)) => Ok(resp),
                    Ok(Authorized::Failed(resp, why)) => {
                        if let Some(mut d) = denial(&resp, &what, sent_headers) {
                            d.authorization = Some(why);
                            let _ = tx.send(Event::Denied(d));
                        }
                        return;
                    }
                    Err(e) => Err(e),
                },
            };
            match sent {
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
