//! The form in the person's browser: a page on loopback that asks what the
//! terminal form asks, for when no terminal can be reached (a desktop host
//! starts the proxy without one).
//!
//! The page is served from 127.0.0.1 only, under a random path
//! (`/<secret>/`). The address carries a one-time token: the first visit
//! trades it for a cookie (`HttpOnly`, `SameSite=Strict`) whose `Path` is
//! that random path, and the token is never accepted again. Browsers do not
//! keep cookies apart by port (RFC 6265 §8.5): the path keeps the cookie from
//! every other local page, which cannot guess it. An answer must also carry
//! the question's own secret, written in the page it was asked on, so a
//! cookie alone answers nothing. A request without the cookie, outside the
//! path, with another `Host`, or a POST from another origin is refused. When
//! the system has no randomness the form fails rather than use a weak
//! secret. Every page is self-contained (no script at all, no external
//! asset), sent with a Content-Security-Policy that allows only its own
//! nonce'd style and form posts to itself (`Referrer-Policy: same-origin`,
//! so a POST carries its true `Origin`); every string the server sent is
//! HTML-escaped after the form model has neutralised control characters.
//! The form works with the keyboard alone: plain HTML controls in order.
//!
//! It asks with the same model as the terminal form ([`crate::form`]): the
//! same shapes, the same checks of each value (`typed_value`) and of the
//! whole answer (`Elicit::final_check`), a review before sending, and
//! decline and cancel always offered.

use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use serde_json::{Map, Value};

use crate::form::respond::{Request, Responder};
use crate::form::{Answered, Ask, Elicit, Field, typed_value};
use crate::mcp::browser::Redirect;
use crate::mcp::listen::{self, HttpReply, HttpRequest, Limits};
use crate::sanitize;
use crate::sanitize::html as escape;
use crate::schema::Shape;
use crate::validate;

const COOKIE: &str = "mcp_elicit_form";

/// Where the page lives and how to tell the person.
pub(crate) type Tell = Box<dyn FnMut(&str) + Send>;

/// Answers elicitations with a form in the browser.
pub struct WebForm {
    shared: Arc<Shared>,
    addr: SocketAddr,
    token: String,
    tell: Tell,
    open: bool,
    opened: bool,
}

struct Shared {
    state: Mutex<State>,
    answered: Condvar,
    port: u16,
    /// The random first segment of every path: `/<base>/`.
    base: String,
}

#[derive(Default)]
struct State {
    token: String,
    token_used: bool,
    session: Option<String>,
    current: Option<Current>,
    forms: u64,
    /// The page the browser was opened on, removed once the token is spent.
    redirect: Option<Redirect>,
}

struct Current {
    id: u64,
    /// Written in the question's page and sent back with each answer.
    page: String,
    elicit: Elicit,
    server: Option<String>,
    notes: Vec<String>,
    deadline: Option<crate::form::respond::Deadline>,
    position: Option<crate::form::respond::Position>,
    answer: Option<Answered>,
}

/// Why the web form cannot start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The port cannot be listened on.
    #[error("cannot listen on 127.0.0.1:{port} for the web form ({reason})")]
    Listen {
        /// The port asked for (0: any free one).
        port: u16,
        /// Why (said in the message).
        reason: std::io::Error,
    },
    /// The listening socket has no address.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The system has no randomness for the page's one-time token.
    #[error("no randomness for the web form's token: {0}")]
    NoRandomness(getrandom::Error),
}

impl WebForm {
    /// Listens on 127.0.0.1 (`port` 0 for any free one). `tell` hears the
    /// address to open; `open` opens it in the browser too.
    pub fn start(port: u16, open: bool, tell: Tell) -> Result<WebForm, Error> {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .map_err(|reason| Error::Listen { port, reason })?;
        let addr = listener.local_addr()?;
        let token = random_hex(16)?;
        let base = random_hex(16)?;
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                token: token.clone(),
                ..State::default()
            }),
            answered: Condvar::new(),
            port: addr.port(),
            base,
        });
        let serving = Arc::clone(&shared);
        let handler: listen::Handler = Arc::new(move |req, resp| connection(req, resp, &serving));
        std::thread::spawn(move || listen::serve(listener, limits(), handler));
        Ok(WebForm {
            shared,
            addr,
            token,
            tell,
            open,
            opened: false,
        })
    }

    /// The address with its one-time token.
    pub(crate) fn url(&self) -> String {
        format!("{}?token={}", self.home(), self.token)
    }

    /// The address of the form's page, without the token.
    fn home(&self) -> String {
        format!("http://{}/{}/", self.addr, self.shared.base)
    }

    fn announce(&mut self, server: Option<&str>) {
        let who = server
            .map(sanitize::line)
            .unwrap_or_else(|| "the server".into());
        let used = lock(&self.shared.state).token_used;
        if used {
            let home = self.home();
            (self.tell)(&format!(
                "`{who}` asks: answer in the browser page (reload {home} if it is closed)"
            ));
            return;
        }
        let url = self.url();
        (self.tell)(&format!("`{who}` asks: open {url} to answer"));
        if self.open && !self.opened {
            self.opened = true;
            let redirect = crate::mcp::browser::open(&url).ok();
            lock(&self.shared.state).redirect = redirect;
        }
    }
}

impl Drop for WebForm {
    fn drop(&mut self) {
        if let Some(r) = lock(&self.shared.state).redirect.take() {
            let _ = r.remove();
        }
    }
}

fn lock(m: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn random_hex(bytes: usize) -> Result<String, Error> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(Error::NoRandomness)?;
    Ok(data_encoding::HEXLOWER.encode(&buf))
}

impl Responder for WebForm {
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, crate::form::respond::Error> {
        let elicit = Elicit::from_params(request.params, request.revision)
            .map_err(crate::form::respond::Error::NotAForm)?;
        let page = random_hex(16).map_err(crate::form::respond::Error::other)?;
        let id = {
            let mut st = lock(&self.shared.state);
            st.forms += 1;
            let id = st.forms;
            st.current = Some(Current {
                id,
                page,
                elicit,
                server: request.server.map(str::to_string),
                notes: request.notes.to_vec(),
                deadline: request.deadline,
                position: request.position,
                answer: None,
            });
            id
        };
        self.announce(request.server);
        let mut st = lock(&self.shared.state);
        loop {
            if let Some(c) = &mut st.current
                && c.id == id
                && let Some(answer) = c.answer.take()
            {
                return Ok(answer.to_result());
            }
            st = self
                .shared
                .answered
                .wait(st)
                .unwrap_or_else(|p| p.into_inner());
        }
    }
}

/// How much one browser may take of the form's server: a person's
/// browser opens a few connections; the reading thread never blocks on a
/// slow one ([`listen`]).
fn limits() -> Limits {
    Limits {
        max_connections: 64,
        max_active: 8,
        max_streams: 1,
        max_streams_per_peer: 1,
        read_time: Duration::from_secs(10),
        idle_time: Duration::from_secs(30),
        write_time: Duration::from_secs(10),
        max_head: 16 << 10,
        max_body: 256 << 10,
        max_buffered: 4 << 20,
    }
}

/// One HTTP request, as the form's pages read it.
struct PageRequest {
    method: String,
    path: String,
    query: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl PageRequest {
    fn from(req: HttpRequest) -> PageRequest {
        let path = req.path().to_string();
        let query = req
            .target
            .split_once('?')
            .map(|(_, q)| q.split('#').next().unwrap_or("").to_string())
            .unwrap_or_default();
        PageRequest {
            method: req.method,
            path,
            query,
            headers: req.headers,
            body: req.body,
        }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn cookie(&self, name: &str) -> Option<&str> {
        self.header("cookie")?.split(';').find_map(|c| {
            let (k, v) = c.trim().split_once('=')?;
            (k == name).then_some(v)
        })
    }
}

struct Page {
    status: &'static str,
    body: String,
    extra: Vec<String>,
    /// The post answered the question: wake the form once it is sent.
    answered: bool,
}

fn page(status: &'static str, body: String) -> Page {
    Page {
        status,
        body,
        extra: Vec::new(),
        answered: false,
    }
}

/// Answers one request with its page.
fn connection(req: HttpRequest, resp: HttpReply, shared: &Shared) {
    let req = PageRequest::from(req);
    let (reply, style) = match random_hex(12) {
        Ok(nonce) => (route(&req, shared, &nonce), format!("'nonce-{nonce}'")),
        // No weak nonce: a bare page, no style allowed.
        Err(_) => (
            page(
                "503 Service Unavailable",
                "<!doctype html><title>mcp-elicit</title><p>The system has no randomness for this page.</p>"
                    .into(),
            ),
            "'none'".into(),
        ),
    };
    let csp = format!(
        "default-src 'none'; style-src {style}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    );
    let mut headers: Vec<(&str, &str)> = vec![
        ("Content-Type", "text/html; charset=utf-8"),
        ("Content-Security-Policy", &csp),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
        ("X-Frame-Options", "DENY"),
    ];
    for h in &reply.extra {
        if let Some((name, value)) = h.split_once(": ") {
            headers.push((name, value));
        }
    }
    let status = reply
        .status
        .split(' ')
        .next()
        .and_then(|c| c.parse().ok())
        .unwrap_or(500);
    resp.respond(status, &headers, reply.body.as_bytes());
    if reply.answered {
        let _st = lock(&shared.state);
        shared.answered.notify_all();
    }
}

fn route(req: &PageRequest, shared: &Shared, nonce: &str) -> Page {
    // DNS rebinding: only this address, by number or as localhost.
    let host_ok = req.header("host").is_some_and(|h| {
        h == format!("127.0.0.1:{}", shared.port) || h == format!("localhost:{}", shared.port)
    });
    if !host_ok {
        return page(
            "403 Forbidden",
            shell(
                nonce,
                "Refused",
                "<p>This page answers only at its own address.</p>",
            ),
        );
    }
    let refused = |why: &str| {
        page(
            "403 Forbidden",
            shell(
                nonce,
                "Refused",
                &format!("<p role=\"alert\">{}</p>", escape(why)),
            ),
        )
    };
    // Outside the random path nothing is served, and no cookie was sent.
    let Some(rest) = req
        .path
        .strip_prefix('/')
        .and_then(|p| p.split_once('/'))
        .filter(|(first, _)| constant_eq(first, &shared.base))
        .map(|(_, rest)| rest)
    else {
        return page(
            "404 Not Found",
            shell(
                nonce,
                "Not found",
                "<p>Nothing here. Open the address mcp-elicit printed.</p>",
            ),
        );
    };
    let mut st = lock(&shared.state);
    let token = url::form_urlencoded::parse(req.query.as_bytes())
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned());
    if let Some(t) = token {
        if req.method != "GET" || st.token_used || !constant_eq(&t, &st.token) {
            return refused(
                "This link is not valid: its token is wrong or was used already. Open the address mcp-elicit printed most recently.",
            );
        }
        let Ok(session) = random_hex(16) else {
            return page(
                "503 Service Unavailable",
                shell(
                    nonce,
                    "Refused",
                    "<p role=\"alert\">The system has no randomness for a session; the link stays valid.</p>",
                ),
            );
        };
        st.token_used = true;
        if let Some(r) = st.redirect.take() {
            let _ = r.remove();
        }
        st.session = Some(session.clone());
        let base = &shared.base;
        // A page that goes on to the form, not a redirect: when the visit
        // began on another site (the opener's local file), a browser keeps
        // a SameSite=Strict cookie from every request of the redirect chain,
        // but sends it with a navigation this page starts.
        let mut p = page(
            "200 OK",
            shell_refresh(
                nonce,
                &format!("/{base}/"),
                "Opening",
                &format!("<p role=\"status\"><a href=\"/{base}/\">Go on to the form</a>.</p>"),
            ),
        );
        p.extra.push(format!(
            "Set-Cookie: {COOKIE}={session}; HttpOnly; SameSite=Strict; Path=/{base}/"
        ));
        return p;
    }
    let signed_in = match (&st.session, req.cookie(COOKIE)) {
        (Some(s), Some(c)) => constant_eq(s, c),
        _ => false,
    };
    if !signed_in {
        return refused("This page needs the address with its token, as mcp-elicit printed it.");
    }
    match (req.method.as_str(), rest) {
        ("GET", "") => current_page(&st, nonce, None),
        ("POST", "answer") => {
            let origin_ok = req.header("origin").is_none_or(|o| {
                o == format!("http://127.0.0.1:{}", shared.port)
                    || o == format!("http://localhost:{}", shared.port)
            });
            if !origin_ok {
                return refused("A form from another site cannot answer here.");
            }
            let form: Vec<(String, String)> = url::form_urlencoded::parse(&req.body)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            let mut reply = post(&mut st, &form, nonce);
            // The answer is handed over only once this page is sent: the
            // run may end as soon as it is.
            reply.answered = st.current.as_ref().is_some_and(|c| c.answer.is_some());
            reply
        }
        _ => page(
            "404 Not Found",
            shell(nonce, "Not found", "<p>Nothing here.</p>"),
        ),
    }
}

fn constant_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn value<'f>(form: &'f [(String, String)], name: &str) -> Option<&'f str> {
    form.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

fn post(st: &mut State, form: &[(String, String)], nonce: &str) -> Page {
    let id: Option<u64> = value(form, "form").and_then(|f| f.parse().ok());
    let Some(current) = st
        .current
        .as_mut()
        .filter(|c| Some(c.id) == id && c.answer.is_none())
    else {
        return page(
            "409 Conflict",
            shell(
                nonce,
                "Already answered",
                "<p>This question was answered already or is no longer asked. <a href=\"./\">Show the current one</a>.</p>",
            ),
        );
    };
    // The cookie goes with any request to the path; only the page holds this.
    if !value(form, "page").is_some_and(|p| constant_eq(p, &current.page)) {
        return page(
            "403 Forbidden",
            shell(
                nonce,
                "Refused",
                "<p role=\"alert\">This answer did not come from the page mcp-elicit served. <a href=\"./\">Show the question again</a>.</p>",
            ),
        );
    }
    let done = |what: &str| {
        page(
            "200 OK",
            shell(
                nonce,
                what,
                &format!(
                    "<p role=\"status\">{}. You may close this page, or <a href=\"./\">wait for the next question</a>.</p>",
                    escape(what)
                ),
            ),
        )
    };
    match value(form, "action").unwrap_or("") {
        "decline" => {
            current.answer = Some(Answered::Decline);
            done("Declined")
        }
        "cancel" => {
            current.answer = Some(Answered::Cancel);
            done("Cancelled")
        }
        "back" => {
            let values = value(form, "content")
                .and_then(|c| serde_json::from_str::<Map<String, Value>>(c).ok())
                .map(|c| Entered::from_content(current, &c))
                .unwrap_or_default();
            form_page(current, nonce, &values, &[], "200 OK")
        }
        "send" => {
            if let Ask::Url(_) = current.elicit.ask {
                current.answer = Some(Answered::Accept(None));
                return done("Accepted");
            }
            let content = value(form, "content")
                .and_then(|c| serde_json::from_str::<Map<String, Value>>(c).ok());
            let Some(content) = content else {
                return form_page(current, nonce, &Entered::default(), &[], "400 Bad Request");
            };
            // The review's hidden copy is checked again: never trusted.
            let problems = whole(current.elicit.final_check(&content));
            if !problems.is_empty() {
                let values = Entered::from_content(current, &content);
                return form_page(
                    current,
                    nonce,
                    &values,
                    &problems,
                    "422 Unprocessable Content",
                );
            }
            current.answer = Some(Answered::Accept(Some(content)));
            done("Sent")
        }
        "accept" => {
            if let Ask::Url(_) = current.elicit.ask {
                current.answer = Some(Answered::Accept(None));
                return done("Accepted");
            }
            let entered = Entered::from_form(current, form);
            match read_content(current, form) {
                Ok(content) => review_page(current, nonce, &content),
                Err(problems) => form_page(
                    current,
                    nonce,
                    &entered,
                    &problems,
                    "422 Unprocessable Content",
                ),
            }
        }
        _ => current_page_of(current, nonce),
    }
}

/// Something to fix before the answer can go: at a field, or about the
/// whole answer.
struct Problem {
    field: Option<usize>,
    text: String,
}

/// Problems of the whole answer.
fn whole(texts: Vec<String>) -> Vec<Problem> {
    texts
        .into_iter()
        .map(|text| Problem { field: None, text })
        .collect()
}

/// What the person typed, by field index, to show again.
#[derive(Default)]
struct Entered {
    text: Vec<Option<Vec<String>>>,
}

impl Entered {
    fn from_form(current: &Current, form: &[(String, String)]) -> Entered {
        let Ask::Form { fields, .. } = &current.elicit.ask else {
            return Entered::default();
        };
        Entered {
            text: (0..fields.len())
                .map(|i| {
                    let name = format!("f{i}");
                    Some(
                        form.iter()
                            .filter(|(k, _)| *k == name)
                            .map(|(_, v)| v.clone())
                            .collect(),
                    )
                })
                .collect(),
        }
    }

    /// The values of a content object carried back from the review.
    fn from_content(current: &Current, content: &Map<String, Value>) -> Entered {
        let Ask::Form { fields, .. } = &current.elicit.ask else {
            return Entered::default();
        };
        Entered {
            text: fields
                .iter()
                .map(|f| {
                    Some(match content.get(&f.prop.name) {
                        None | Some(Value::Null) => vec![String::new()],
                        Some(Value::String(s)) => vec![s.clone()],
                        Some(Value::Array(a)) => a
                            .iter()
                            .map(|v| {
                                v.as_str()
                                    .map(str::to_string)
                                    .unwrap_or_else(|| v.to_string())
                            })
                            .collect(),
                        Some(v) => vec![v.to_string()],
                    })
                })
                .collect(),
        }
    }

    /// The values to show in field `i`; `None` shows the default.
    fn of(&self, i: usize) -> Option<Vec<String>> {
        self.text.get(i).cloned().flatten()
    }
}

/// The content the form's fields give, or what is wrong with them.
fn read_content(
    current: &Current,
    form: &[(String, String)],
) -> std::result::Result<Map<String, Value>, Vec<Problem>> {
    let Ask::Form { fields, .. } = &current.elicit.ask else {
        return Ok(Map::new());
    };
    let rev = current.elicit.revision;
    let mut content = Map::new();
    let mut problems = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        let name = format!("f{i}");
        let values: Vec<&str> = form
            .iter()
            .filter(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
            .collect();
        let one = values.first().copied().unwrap_or("");
        let got: std::result::Result<Option<Value>, String> = match &f.prop.shape {
            Shape::String(_) | Shape::Number(_) => typed_value(f, one, rev),
            Shape::Boolean { .. } => match one {
                "true" => Ok(Some(Value::Bool(true))),
                "false" => Ok(Some(Value::Bool(false))),
                _ if f.required => Err(format!("{} is required; choose yes or no", f.label)),
                _ => Ok(None),
            },
            Shape::SingleSelect(s) => {
                if one.is_empty() {
                    if f.required {
                        Err(format!("{} is required; choose one", f.label))
                    } else {
                        Ok(None)
                    }
                } else if s.options.iter().any(|o| o.value == one) {
                    Ok(Some(Value::String(one.to_string())))
                } else {
                    Err(format!("{}: choose one of the options", f.label))
                }
            }
            Shape::MultiSelect(m) => {
                if values
                    .iter()
                    .any(|v| !m.options.iter().any(|o| o.value == *v))
                {
                    Err(format!("{}: choose among the options", f.label))
                } else if values.is_empty() && !f.required {
                    Ok(None)
                } else {
                    // In option order, as the terminal form sends them.
                    let picked: Vec<Value> = m
                        .options
                        .iter()
                        .filter(|o| values.contains(&o.value.as_str()))
                        .map(|o| Value::String(o.value.clone()))
                        .collect();
                    let v = Value::Array(picked);
                    validate::check_value(&f.prop, &v, rev)
                        .map(|()| Some(v))
                        .map_err(|e| sanitize::line(&e.message).into_owned())
                }
            }
        };
        match got {
            Ok(Some(v)) => {
                content.insert(f.prop.name.clone(), v);
            }
            Ok(None) => {}
            Err(e) => {
                // Said at the field: without its label in front.
                let e = e
                    .strip_prefix(&format!("{}: ", f.label))
                    .map(str::to_string)
                    .unwrap_or(e);
                problems.push(Problem {
                    field: Some(i),
                    text: e,
                });
            }
        }
    }
    if problems.is_empty() {
        problems = whole(current.elicit.final_check(&content));
    }
    if problems.is_empty() {
        Ok(content)
    } else {
        Err(problems)
    }
}

fn current_page(st: &State, nonce: &str, _note: Option<&str>) -> Page {
    match &st.current {
        Some(c) if c.answer.is_none() => current_page_of(c, nonce),
        _ => {
            let mut p = page(
                "200 OK",
                shell(
                    nonce,
                    "Waiting",
                    "<p role=\"status\">No question is waiting. This page looks again every 2 seconds.</p>",
                ),
            );
            p.extra.push("Refresh: 2".into());
            p
        }
    }
}

fn current_page_of(c: &Current, nonce: &str) -> Page {
    form_page(c, nonce, &Entered::default(), &[], "200 OK")
}

fn heading(c: &Current) -> String {
    let who = c
        .server
        .as_deref()
        .map(|s| sanitize::line(s).into_owned())
        .unwrap_or_else(|| "The server".into());
    let place = c
        .position
        .and_then(|p| p.words())
        .map(|w| format!("{w}, "))
        .unwrap_or_default();
    let mut h = format!(
        "<header><p class=\"who\"><strong>{}</strong> asks <span class=\"rev\">({}MCP {})</span></p><p class=\"message\">{}</p>",
        escape(&who),
        escape(&place),
        escape(c.elicit.revision.as_str()),
        escape(&c.elicit.message)
    );
    // Said each time the page is drawn (no script: reloading, or the next
    // step, shows it anew).
    if let Some(d) = c.deadline {
        h.push_str(&format!("<p class=\"deadline\">{}</p>", escape(&d.line())));
    }
    if !c.notes.is_empty() {
        h.push_str("<details><summary>What mcp-elicit found in this request</summary><ul>");
        for n in &c.notes {
            h.push_str(&format!("<li>{}</li>", escape(n)));
        }
        h.push_str("</ul></details>");
    }
    h.push_str(
        "<p class=\"local\">This page is served by mcp-elicit on your own computer (127.0.0.1); nothing goes back to the server until you send your answer.</p></header>",
    );
    h
}

fn buttons(primary: &str) -> String {
    format!(
        "<div class=\"buttons\"><button type=\"submit\" name=\"action\" value=\"accept\" id=\"accept\" class=\"primary\">{primary}</button> \
<button type=\"submit\" name=\"action\" value=\"decline\" id=\"decline\" formnovalidate>Decline</button> \
<button type=\"submit\" name=\"action\" value=\"cancel\" id=\"cancel\" formnovalidate>Cancel</button></div>"
    )
}

fn form_page(
    c: &Current,
    nonce: &str,
    entered: &Entered,
    problems: &[Problem],
    status: &'static str,
) -> Page {
    let mut body = heading(c);
    let fields: &[Field] = match &c.elicit.ask {
        Ask::Form { fields, .. } => fields,
        Ask::Url(_) => &[],
    };
    if !problems.is_empty() {
        // A summary that leads to each field; the words are at the field.
        body.push_str(
            "<div role=\"alert\" class=\"errors\" id=\"errors\"><p>Not sent yet: fix what is marked.</p><ul>",
        );
        for p in problems {
            match p.field.and_then(|i| fields.get(i).map(|f| (i, f))) {
                Some((i, f)) => body.push_str(&format!(
                    "<li><a href=\"#f{i}\">{}: {}</a></li>",
                    escape(&f.label),
                    escape(&p.text)
                )),
                None => body.push_str(&format!("<li>{}</li>", escape(&p.text))),
            }
        }
        body.push_str("</ul></div>");
    }
    body.push_str(&format!(
        "<form method=\"post\" action=\"answer\"><input type=\"hidden\" name=\"form\" value=\"{}\"><input type=\"hidden\" name=\"page\" value=\"{}\">",
        c.id, c.page
    ));
    match &c.elicit.ask {
        Ask::Url(u) => {
            body.push_str(&format!(
                "<p>It asks you to open this address yourself:</p><p class=\"url\"><code>{}</code></p>",
                escape(&u.shown)
            ));
            if let Some(h) = &u.host {
                body.push_str(&format!(
                    "<p>on the site <strong>{}</strong>.</p>",
                    escape(h)
                ));
            }
            for w in &u.warnings {
                body.push_str(&format!("<p class=\"warn\">{}</p>", escape(w)));
            }
            body.push_str(&buttons("I will open it"));
        }
        Ask::Form { fields, .. } => {
            for (i, f) in fields.iter().enumerate() {
                let error = problems
                    .iter()
                    .find(|p| p.field == Some(i))
                    .map(|p| p.text.as_str());
                body.push_str(&field_html(i, f, entered.of(i), error));
            }
            body.push_str(&buttons("Review"));
        }
    }
    body.push_str("</form>");
    page(status, shell(nonce, "Answer", &body))
}

fn field_html(i: usize, f: &Field, entered: Option<Vec<String>>, error: Option<&str>) -> String {
    let name = format!("f{i}");
    // What is wrong, said at the field, and read with it.
    let (error, described, invalid) = match error {
        Some(e) => (
            format!("<span class=\"error\" id=\"{name}-e\">{}</span>", escape(e)),
            format!("{name}-e {name}-c"),
            " aria-invalid=\"true\"",
        ),
        None => (String::new(), format!("{name}-c"), ""),
    };
    let label = escape(&f.prompt());
    let help = f
        .help
        .as_deref()
        .map(|h| format!("<span class=\"help\">{}</span>", escape(h)))
        .unwrap_or_default();
    // The terminal's key hints have no place on a page.
    let words = f
        .constraints()
        .replace("optional, Enter to leave empty", "optional")
        .replace("optional, Enter keeps the default", "optional");
    let constraints = format!(
        "<span class=\"constraints\" id=\"{name}-c\">{}</span>",
        escape(&words)
    );
    let default: Vec<String> = match f.prop.default_value() {
        None => Vec::new(),
        Some(Value::String(s)) => vec![s],
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        Some(v) => vec![v.to_string()],
    };
    let shown = entered.unwrap_or(default);
    let first = shown.first().cloned().unwrap_or_default();
    let required = if f.required { " required" } else { "" };
    let control = match &f.prop.shape {
        Shape::String(s) => {
            let kind = match s.format.map(|f| f.as_str()) {
                Some("email") => "email",
                Some("uri") => "url",
                Some("date") => "date",
                _ => "text",
            };
            let mut attrs = String::new();
            if let Some(n) = s.min_length {
                attrs.push_str(&format!(" minlength=\"{n}\""));
            }
            if let Some(n) = s.max_length {
                attrs.push_str(&format!(" maxlength=\"{n}\""));
            }
            if let Some(fmt) = s.format {
                attrs.push_str(&format!(" placeholder=\"{}\"", escape(fmt.example())));
            }
            format!(
                "<input type=\"{kind}\" id=\"{name}\" name=\"{name}\" value=\"{}\"{attrs}{required}{invalid} aria-describedby=\"{described}\">",
                escape(&first)
            )
        }
        Shape::Number(n) => {
            let mut attrs = format!(" step=\"{}\"", if n.integer { "1" } else { "any" });
            if let Some(m) = &n.minimum {
                attrs.push_str(&format!(" min=\"{m}\""));
            }
            if let Some(m) = &n.maximum {
                attrs.push_str(&format!(" max=\"{m}\""));
            }
            format!(
                "<input type=\"number\" id=\"{name}\" name=\"{name}\" value=\"{}\"{attrs}{required}{invalid} aria-describedby=\"{described}\">",
                escape(&first)
            )
        }
        Shape::Boolean { .. } => {
            let opt = |v: &str, text: &str| {
                format!(
                    "<option value=\"{v}\"{}>{text}</option>",
                    if first == v { " selected" } else { "" }
                )
            };
            format!(
                "<select id=\"{name}\" name=\"{name}\"{required}{invalid} aria-describedby=\"{described}\">{}{}{}</select>",
                if f.required && !first.is_empty() {
                    String::new()
                } else {
                    opt("", "(no answer)")
                },
                opt("true", "Yes"),
                opt("false", "No")
            )
        }
        Shape::SingleSelect(s) => {
            let mut html = format!(
                "<select id=\"{name}\" name=\"{name}\"{required}{invalid} aria-describedby=\"{described}\">"
            );
            if !f.required || first.is_empty() {
                html.push_str("<option value=\"\">(choose)</option>");
            }
            for (o, label) in s.options.iter().zip(&f.options) {
                html.push_str(&format!(
                    "<option value=\"{}\"{}>{}</option>",
                    escape(&o.value),
                    if o.value == first { " selected" } else { "" },
                    escape(label)
                ));
            }
            html.push_str("</select>");
            html
        }
        Shape::MultiSelect(m) => {
            let mut html = format!(
                "<fieldset id=\"{name}\"{invalid} aria-describedby=\"{described}\"><legend>{label}</legend>"
            );
            for (j, (o, l)) in m.options.iter().zip(&f.options).enumerate() {
                html.push_str(&format!(
                    "<label class=\"check\"><input type=\"checkbox\" id=\"{name}-{j}\" name=\"{name}\" value=\"{}\"{}> {}</label>",
                    escape(&o.value),
                    if shown.contains(&o.value) { " checked" } else { "" },
                    escape(l)
                ));
            }
            html.push_str("</fieldset>");
            return format!("<div class=\"field\">{html}{error}{help}{constraints}</div>");
        }
    };
    format!(
        "<div class=\"field\"><label for=\"{name}\">{label}</label>{control}{error}{help}{constraints}</div>"
    )
}

fn review_page(c: &Current, nonce: &str, content: &Map<String, Value>) -> Page {
    let json = serde_json::to_string_pretty(&Value::Object(content.clone())).unwrap_or_default();
    let mut body = heading(c);
    body.push_str("<h2>Send this answer?</h2>");
    body.push_str(&review_list(c, content));
    body.push_str(&format!(
        "<p class=\"local\">As it is sent:</p><pre id=\"review\">{}</pre>\
<form method=\"post\" action=\"answer\"><input type=\"hidden\" name=\"form\" value=\"{}\">\
<input type=\"hidden\" name=\"page\" value=\"{}\">\
<input type=\"hidden\" name=\"content\" value=\"{}\">\
<div class=\"buttons\"><button type=\"submit\" name=\"action\" value=\"send\" id=\"send\" class=\"primary\" autofocus>Send</button> \
<button type=\"submit\" name=\"action\" value=\"back\" id=\"back\">Back</button> \
<button type=\"submit\" name=\"action\" value=\"decline\" id=\"decline\">Decline</button> \
<button type=\"submit\" name=\"action\" value=\"cancel\" id=\"cancel\">Cancel</button></div></form>",
        escape(&json),
        c.id,
        c.page,
        escape(&Value::Object(content.clone()).to_string())
    ));
    page("200 OK", shell(nonce, "Review", &body))
}

/// The answer as the person reads it: each field's label, and the value
/// as the form showed it (an option's label, Yes or No); a field left
/// empty says so.
fn review_list(c: &Current, content: &Map<String, Value>) -> String {
    let Ask::Form { fields, .. } = &c.elicit.ask else {
        return String::new();
    };
    let mut html = String::from("<dl class=\"review\" id=\"review-list\">");
    for f in fields {
        let label_of = |v: &Value| -> String {
            let options = match &f.prop.shape {
                Shape::SingleSelect(s) => Some(&s.options),
                Shape::MultiSelect(m) => Some(&m.options),
                _ => None,
            };
            if let (Some(options), Some(text)) = (options, v.as_str())
                && let Some(j) = options.iter().position(|o| o.value == text)
                && let Some(l) = f.options.get(j)
            {
                return l.clone();
            }
            match v {
                Value::Bool(true) => "Yes".into(),
                Value::Bool(false) => "No".into(),
                Value::String(t) => sanitize::line(t).into_owned(),
                other => other.to_string(),
            }
        };
        let shown = match content.get(&f.prop.name) {
            None => "(left empty)".to_string(),
            Some(Value::Array(items)) if items.is_empty() => "(none)".to_string(),
            Some(Value::Array(items)) => items.iter().map(label_of).collect::<Vec<_>>().join(", "),
            Some(v) => label_of(v),
        };
        html.push_str(&format!(
            "<dt>{}</dt><dd>{}</dd>",
            escape(&f.label),
            escape(&shown)
        ));
    }
    html.push_str("</dl>");
    html
}

fn shell(nonce: &str, title: &str, body: &str) -> String {
    shell_refresh(nonce, "", title, body)
}

/// [`shell`] that goes on to `to` at once when `to` is not empty.
fn shell_refresh(nonce: &str, to: &str, title: &str, body: &str) -> String {
    let refresh = if to.is_empty() {
        String::new()
    } else {
        format!(
            "<meta http-equiv=\"refresh\" content=\"0;url={}\">",
            escape(to)
        )
    };
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">{refresh}\
<title>{} - mcp-elicit</title><style nonce=\"{nonce}\">\
body{{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111}}\
.message{{white-space:pre-wrap;font-size:1.1rem}}.field{{margin:1rem 0;display:flex;flex-direction:column;gap:.25rem}}\
.help,.constraints,.rev{{color:#555;font-size:.9rem}}.errors{{border:2px solid #b00;padding:.5rem 1rem;color:#700}}\
.warn{{color:#700}}input,select,button{{font:inherit;padding:.3rem}}fieldset{{border:1px solid #aaa}}\
.check{{display:block}}pre{{background:#f4f4f4;padding:1rem;overflow:auto}}\
:focus{{outline:3px solid #06c}}.buttons{{display:flex;gap:.5rem;margin-top:1rem}}\
.primary{{background:#0a58ca;color:#fff;border:1px solid #0a58ca;font-weight:600}}\
.error{{color:#b00;font-weight:600}}[aria-invalid]{{border:2px solid #b00}}.local{{color:#555;font-size:.9rem}}\
dl.review{{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}}dt{{font-weight:600}}dd{{margin:0}}\
</style></head><body><main>{body}</main><footer><p class=\"rev\">mcp-elicit</p></footer></body></html>",
        escape(title)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(
            escape(r#"<script>"x" & 'y'</script>"#),
            "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;"
        );
    }
}
