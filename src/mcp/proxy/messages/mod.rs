//! The proxy's message loop: one host, one server, each a stream of
//! JSON-RPC messages. Over stdio the host is this process's stdin and
//! stdout and the server a child process spoken to line by line; a bridged
//! HTTP proxy runs the same loop between a host on Streamable HTTP and the
//! server's endpoint ([`super::http`]).

mod era;
mod sides;

use sides::{ChildServer, LinesOut};
pub(crate) use sides::{HostSide, HttpServer, ServerSide};

use super::bridge::{self, Era, Sealer};
use super::*;
use crate::mcp::server::error;

/// Runs the proxy for a host on `host_in`/`host_out` in front of the stdio
/// server `command`, until the host or the server ends.
pub fn run_stdio<R, W>(
    command: &[String],
    host_in: R,
    host_out: W,
    opts: ProxyOptions,
    responder: ResponderFactory,
    notes: Notes,
) -> Result<Summary>
where
    R: Read + Send + 'static,
    W: Write,
{
    let Some((program, args)) = command.split_first() else {
        return Err(crate::mcp::transport::Error::NoCommand.into());
    };
    let report = opts.open_files()?;
    let sealer = Sealer::new(opts.state_lifetime)?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        // The server's stderr is the host's to log, as without the proxy.
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|reason| crate::mcp::transport::Error::Spawn {
            command: command.to_vec(),
            reason,
        })?;
    let (tx, rx) = mpsc::channel();
    let server_out = child.stdout.take().expect("piped stdout");
    pump(server_out, tx.clone(), Ev::Server, |why| {
        Ev::ServerGone(format!("the server closed its output ({why})"))
    });
    pump(host_in, tx.clone(), Ev::Host, |why| {
        Ev::HostGone(format!("the host closed the connection ({why})"))
    });
    let jobs = answerer(responder, tx);
    let peer = Peer::Stdio {
        command: command.to_vec(),
    };
    let stdin = child.stdin.take();
    let server = ChildServer { child, stdin };
    let mut p = Proxy::new(
        opts,
        LinesOut(host_out),
        server,
        peer,
        report,
        notes,
        jobs,
        sealer,
    );
    let result = p.run(&rx);
    p.finish();
    result.map(|()| p.summary)
}

/// Runs the message loop between `host` and `server`, fed by `rx` (the
/// host's and the server's messages; `tx` is its sending end), until
/// either ends. `jobs` answers elicitations (the answers come back through
/// `tx`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_with<H: HostSide, S: ServerSide>(
    opts: ProxyOptions,
    host: H,
    server: S,
    peer: Peer,
    (tx, rx): (Sender<Ev>, &Receiver<Ev>),
    jobs: Sender<Job>,
    notes: Notes,
) -> Result<Summary> {
    let report = opts.open_files()?;
    let sealer = Sealer::new(opts.state_lifetime)?;
    let mut p = Proxy::new(opts, host, server, peer, report, notes, jobs, sealer);
    p.answers_to = Some(tx);
    let result = p.run(rx);
    p.finish();
    result.map(|()| p.summary)
}

impl<H: HostSide, S: ServerSide> Proxy<H, S> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        opts: ProxyOptions,
        host: H,
        server: S,
        peer: Peer,
        report: Option<std::fs::File>,
        notes: Notes,
        jobs: Sender<Job>,
        sealer: Sealer,
    ) -> Self {
        let opts_bridge_off = opts.bridge == Bridge::Off;
        let server_name = opts.server_name.clone();
        Proxy {
            opts,
            host,
            server,
            peer,
            writer: None,
            report,
            notes,
            rev: None,
            host_modes: None,
            server_name: None,
            open: HashMap::new(),
            retries: HashMap::new(),
            next_retry: 0,
            waiting: HashMap::new(),
            rounds: HashMap::new(),
            next_job: 0,
            jobs,
            progress: HashMap::new(),
            asking_since: None,
            last_progress: Instant::now(),
            opened: 0,
            start: Instant::now(),
            summary: Summary::default(),
            era: if opts_bridge_off {
                Era::Same
            } else {
                Era::Unknown
            },
            held: None,
            host_init: None,
            host_rev: None,
            envelope: Map::new(),
            asked_host: HashMap::new(),
            next_ask: 0,
            parked: HashMap::new(),
            next_ticket: 0,
            sealer,
            server_init: None,
            pending_modes: None,
            pending_caps: Value::Null,
            answers_to: None,
        }
        .named(server_name)
    }

    fn named(mut self, name: Option<String>) -> Self {
        if name.is_some() {
            self.server_name = name;
        }
        self
    }
}

/// Reads lines from `r` into `tx` until it ends.
fn pump<R: Read + Send + 'static>(
    r: R,
    tx: Sender<Ev>,
    line: fn(Vec<u8>) -> Ev,
    gone: fn(String) -> Ev,
) {
    std::thread::spawn(move || {
        let mut reader = BufReader::with_capacity(1 << 16, r);
        let mut buf = Vec::with_capacity(4096);
        let why = loop {
            match read_line_bounded(&mut reader, &mut buf, MAX_MESSAGE) {
                Ok(LineRead::Eof) => break "end of input".to_string(),
                Ok(LineRead::TooLong(_)) => {
                    // Not passed on: nothing that large is a message. A
                    // line starting with NUL (never JSON) says so.
                    if tx.send(line(vec![0])).is_err() {
                        return;
                    }
                }
                Ok(LineRead::Line) => {
                    if buf.trim_ascii().is_empty() {
                        continue;
                    }
                    if tx.send(line(std::mem::take(&mut buf))).is_err() {
                        return;
                    }
                    buf.reserve(4096);
                }
                Err(e) => break e.to_string(),
            }
        };
        let _ = tx.send(gone(why));
    });
}

struct Proxy<H: HostSide, S: ServerSide> {
    opts: ProxyOptions,
    host: H,
    server: S,
    peer: Peer,
    writer: Option<Writer>,
    report: Option<std::fs::File>,
    notes: Notes,
    rev: Option<Revision>,
    /// What the host's `initialize` declared (2025 revisions).
    host_modes: Option<Modes>,
    server_name: Option<String>,
    /// The host's open requests, by id (as JSON text).
    open: HashMap<String, HostRequest>,
    /// The proxy's retry ids, to the host request each retries.
    retries: HashMap<String, String>,
    next_retry: u64,
    waiting: HashMap<u64, Waiting>,
    rounds: HashMap<String, Round>,
    next_job: u64,
    jobs: Sender<Job>,
    /// The last progress value sent on each token (JSON text).
    progress: HashMap<String, f64>,
    /// When the answer in progress was first asked for.
    asking_since: Option<Instant>,
    last_progress: Instant,
    opened: u64,
    start: Instant,
    summary: Summary,
    /// Which era each side speaks (see [`super::bridge`]).
    era: Era,
    /// While the server's era is being learnt: what waits for it.
    held: Option<era::Held>,
    /// A 2025 host's `initialize` params, as it sent them.
    host_init: Option<Map<String, Value>>,
    /// A 2025 host's revision, once bridged.
    host_rev: Option<Revision>,
    /// The 2026-07-28 envelope put on a 2025 host's requests.
    envelope: Map<String, Value>,
    /// Questions put to a 2025 host for a 2026-07-28 server: the host
    /// request and the input key each answers, by the id asked under.
    asked_host: HashMap<String, (String, String)>,
    next_ask: u64,
    /// A 2025 server's questions waiting for a 2026-07-28 host's retry,
    /// by the ticket its `requestState` names.
    parked: HashMap<u64, era::Parked>,
    next_ticket: u64,
    sealer: Sealer,
    /// A 2025 server's `initialize` result, made by the proxy for a
    /// 2026-07-28 host.
    server_init: Option<Value>,
    /// The modes a 2026-07-28 host declared in the request being passed
    /// to a 2025 server (its envelope is taken off on the way).
    pending_modes: Option<Modes>,
    /// ... and the capabilities it declared.
    pending_caps: Value,
    /// Where the answering thread's outcomes go, when it is shared with
    /// other loops (a bridged HTTP proxy): each job gets a reply channel
    /// that leads here.
    answers_to: Option<Sender<Ev>>,
}

/// The end of a run: why, and whether the server died first.
enum End {
    Host(String),
    Server(String),
}

impl<H: HostSide, S: ServerSide> Proxy<H, S> {
    fn run(&mut self, rx: &Receiver<Ev>) -> Result<()> {
        let end = loop {
            let probe = self.held.as_ref().and_then(|h| h.deadline);
            let progress =
                (!self.waiting.is_empty()).then(|| self.last_progress + self.opts.progress_every);
            let ev = match probe.into_iter().chain(progress).min() {
                None => match rx.recv() {
                    Ok(ev) => ev,
                    Err(_) => break End::Host("every input ended".into()),
                },
                Some(next) => match rx.recv_timeout(next.saturating_duration_since(Instant::now()))
                {
                    Ok(ev) => ev,
                    Err(RecvTimeoutError::Timeout) => {
                        if probe.is_some_and(|p| p <= Instant::now()) {
                            if let Err(e) = self.probe_unanswered() {
                                break End::Host(crate::mcp::chain(&e));
                            }
                        } else {
                            self.send_progress();
                        }
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        break End::Host("every input ended".into());
                    }
                },
            };
            match ev {
                Ev::Host(line) => {
                    if let Err(e) = self.host_message(line) {
                        break End::Server(crate::mcp::chain(&e));
                    }
                }
                Ev::Server(line) => {
                    if let Err(e) = self.server_message(line) {
                        break End::Host(crate::mcp::chain(&e));
                    }
                }
                Ev::HostGone(why) => break End::Host(why),
                Ev::ServerGone(why) => break End::Server(why),
                Ev::Note(what) => self.note(&what),
                Ev::Answered(id, outcome) => {
                    if let Err(e) = self.answered(id, outcome) {
                        break End::Server(crate::mcp::chain(&e));
                    }
                }
            }
        };
        match end {
            End::Host(why) => {
                if !self.waiting.is_empty() {
                    self.note(&format!(
                        "{why} while an elicitation was being answered; the answer is dropped"
                    ));
                }
                Ok(())
            }
            End::Server(why) => {
                self.summary.server_died = true;
                let (how, code) = self.server.ended();
                self.summary.server_code = code;
                let how = how.map(|h| format!("; it {h}")).unwrap_or_default();
                self.note(&format!("{why}{how}"));
                // Each open request of the host gets an answer: a host
                // waiting for one would wait forever.
                let open: Vec<Value> = self.open.drain().map(|(_, r)| r.id).collect();
                for id in open {
                    let msg = error(
                        &id,
                        -32603,
                        &format!(
                            "the MCP server ended before answering ({}, mcp-elicit proxy)",
                            sanitize::line(&why)
                        ),
                    );
                    if self.send_host(msg.to_string().as_bytes()).is_err() {
                        break;
                    }
                }
                Ok(())
            }
        }
    }

    fn finish(&mut self) {
        // Ended while the server's era was being learnt: what was held
        // back is recorded all the same, every message of it whole.
        if let Some(h) = self.held.take() {
            for (d, raw) in h.records {
                let _ = self.record(d, &raw);
            }
        }
        if let Some(w) = &mut self.writer {
            let _ = w.exchange_done();
        }
        self.server.finish();
    }

    fn note(&mut self, text: &str) {
        (self.notes)(text);
    }

    fn revision(&self) -> Revision {
        self.rev.unwrap_or(Revision::V2025_11_25)
    }

    fn record(&mut self, from: Direction, raw: &[u8]) -> Result<()> {
        let Some(rec) = &self.opts.record else {
            return Ok(());
        };
        if let Some(h) = &mut self.held {
            h.records.push((from, raw.to_vec()));
            return Ok(());
        }
        let Ok(text) = std::str::from_utf8(raw) else {
            return Ok(());
        };
        if self.writer.is_none() {
            let w = Writer::open(&rec.path, self.revision(), &self.peer, &rec.redact).map_err(
                |reason| Error::Record {
                    path: rec.path.clone(),
                    reason,
                },
            )?;
            self.writer = Some(w);
        }
        if let Some(w) = &mut self.writer
            && let Err(e) = w.message(from, text)
        {
            let path = w.path().display().to_string();
            self.note(&format!(
                "a message was not recorded to {path}: {}",
                sanitize::line(&e.to_string())
            ));
        }
        Ok(())
    }

    fn synced(&mut self) {
        if let Some(w) = &mut self.writer {
            let _ = w.exchange_done();
        }
    }

    fn send_server(&mut self, raw: &[u8]) -> Result<()> {
        self.record(Direction::ClientToServer, raw)?;
        self.server.send(raw)
    }

    fn send_host(&mut self, raw: &[u8]) -> Result<()> {
        self.host.send(raw, None).map_err(Error::HostGone)
    }

    /// Sends the host a message about its request `about` (its id as JSON
    /// text): over HTTP it goes on that request's stream.
    fn send_host_about(&mut self, raw: &[u8], about: &str) -> Result<()> {
        self.host.send(raw, Some(about)).map_err(Error::HostGone)
    }

    // ------------------------------------------------------------ host side

    fn host_message(&mut self, line: Vec<u8>) -> Result<()> {
        if line.first() == Some(&0) {
            self.note("the host sent a message over the 64 MiB limit; it was not passed on");
            return Ok(());
        }
        if let Some(h) = &mut self.held {
            // The server's era is being learnt: the host waits for it.
            h.lines.push(line);
            return Ok(());
        }
        let Ok(Value::Object(mut msg)) = serde_json::from_slice::<Value>(&line) else {
            // Not a message the proxy understands: passed on as it came.
            return self.send_server(&line);
        };
        let method = msg
            .get("method")
            .and_then(Value::as_str)
            .map(str::to_string);
        let id = msg.get("id").cloned();
        if self.era != Era::Same {
            match self.era_host_message(&mut msg, &line)? {
                era::Went::Done => return Ok(()),
                era::Went::Changed => {
                    let changed = serde_json::to_vec(&msg)?;
                    return self.pass_host_message(msg, method, id, &changed);
                }
                era::Went::AsIs => {}
            }
        }
        self.pass_host_message(msg, method, id, &line)
    }

    /// A host message the proxy passes on (`line` as it is to be sent),
    /// acting where it must.
    fn pass_host_message(
        &mut self,
        mut msg: Map<String, Value>,
        method: Option<String>,
        id: Option<Value>,
        line: &[u8],
    ) -> Result<()> {
        match (method.as_deref(), id) {
            (Some(method), Some(id)) => {
                let key = id.to_string();
                let token = msg
                    .get("params")
                    .and_then(|p| p.get("_meta"))
                    .and_then(|m| m.get("progressToken"))
                    .cloned();
                let mut changed = false;
                let mut modern = None;
                let bridged = self.pending_modes.take();
                let declared = std::mem::take(&mut self.pending_caps);
                if method == "initialize" {
                    changed = self.host_initialize(&mut msg);
                } else if self.era == Era::OldHost {
                    // The envelope is on already; who answers is decided
                    // by what the host declared in its `initialize`.
                    let params = msg
                        .get("params")
                        .and_then(Value::as_object)
                        .cloned()
                        .unwrap_or_default();
                    modern = Some((params, self.host_modes.unwrap_or_default()));
                } else if bridged.is_none()
                    && let Some((modes, added)) = self.modern_request(&mut msg)
                {
                    changed = added;
                    let params = msg
                        .get("params")
                        .and_then(Value::as_object)
                        .cloned()
                        .unwrap_or_default();
                    modern = Some((params, modes));
                }
                self.opened += 1;
                self.open.insert(
                    key,
                    HostRequest {
                        id,
                        method: method.to_string(),
                        token,
                        modern,
                        rounds: 0,
                        opened: self.opened,
                        since: Instant::now(),
                        bridged,
                        declared,
                        parked: None,
                        held_result: None,
                    },
                );
                if changed {
                    let text = Value::Object(msg).to_string();
                    self.send_server(text.as_bytes())
                } else {
                    self.send_server(line)
                }
            }
            (Some("notifications/cancelled"), None) => {
                // A request being retried is known to the server by the
                // proxy's id.
                let asked = msg
                    .get("params")
                    .and_then(|p| p.get("requestId"))
                    .map(Value::to_string);
                let retry = asked.and_then(|a| {
                    self.retries
                        .iter()
                        .find(|(_, host)| **host == a)
                        .map(|(ours, _)| ours.clone())
                        .or_else(|| self.upstream_of(&a))
                });
                match retry {
                    Some(ours) => {
                        if let Some(p) = msg.get_mut("params").and_then(Value::as_object_mut) {
                            p.insert("requestId".into(), serde_json::from_str(&ours)?);
                        }
                        let text = Value::Object(msg).to_string();
                        self.send_server(text.as_bytes())
                    }
                    None => self.send_server(line),
                }
            }
            _ => self.send_server(line),
        }
    }

    /// Adds the elicitation capability to the host's `initialize` when the
    /// proxy is to answer; whether the message changed.
    fn host_initialize(&mut self, msg: &mut Map<String, Value>) -> bool {
        let (asked, modes, changed) = initialize_capability(msg, self.opts.answer);
        if let Some(rev) = asked {
            self.rev = Some(rev);
        }
        self.host_modes = Some(modes);
        changed
    }

    /// A 2026-07-28 request: the modes the host declared in its `_meta`,
    /// and whether the proxy added its own. `None` for a request of an
    /// earlier revision.
    fn modern_request(&mut self, msg: &mut Map<String, Value>) -> Option<(Modes, bool)> {
        let r = modern_capability(msg, self.opts.answer)?;
        self.rev = Some(Revision::V2026_07_28);
        Some(r)
    }

    // ---------------------------------------------------------- server side

    fn server_message(&mut self, line: Vec<u8>) -> Result<()> {
        if line.first() == Some(&0) {
            self.note("the server sent a message over the 64 MiB limit; it was not passed on");
            return Ok(());
        }
        let parsed = serde_json::from_slice::<Value>(&line);
        if (self.era != Era::Same || self.held.is_some())
            && let Ok(Value::Object(msg)) = &parsed
            && self.era_server_message(msg, &line)?
        {
            return Ok(());
        }
        self.server_message_as_is(parsed, line)
    }

    /// A server message the proxy passes on, acting where it must.
    fn server_message_as_is(
        &mut self,
        parsed: serde_json::Result<Value>,
        line: Vec<u8>,
    ) -> Result<()> {
        self.record(Direction::ServerToClient, &line)?;
        let Ok(Value::Object(msg)) = parsed else {
            return self.send_host(&line);
        };
        let method = msg.get("method").and_then(Value::as_str);
        match (method, msg.get("id")) {
            (Some("elicitation/create"), Some(id)) => {
                let id = id.clone();
                self.server_elicitation(id, &msg, &line)
            }
            (Some("notifications/progress"), None) => {
                if let Some(p) = msg.get("params")
                    && let (Some(token), Some(value)) = (
                        p.get("progressToken"),
                        p.get("progress").and_then(Value::as_f64),
                    )
                {
                    let last = self.progress.entry(token.to_string()).or_insert(value);
                    *last = last.max(value);
                }
                self.send_host(&line)
            }
            (None, Some(id)) => {
                let key = id.to_string();
                if let Some(host) = self.retries.remove(&key) {
                    return self.host_result(&host, &msg, &line, true);
                }
                if self.open.contains_key(&key) {
                    return self.host_result(&key, &msg, &line, false);
                }
                self.send_host(&line)
            }
            _ => self.send_host(&line),
        }
    }

    /// The final answer or an `InputRequiredResult` to the host's request
    /// `host` (or to the proxy's retry of it).
    fn host_result(
        &mut self,
        host: &str,
        msg: &Map<String, Value>,
        raw: &[u8],
        retried: bool,
    ) -> Result<()> {
        let result = msg.get("result");
        let handshake = self
            .open
            .get(host)
            .is_some_and(|r| matches!(r.method.as_str(), "initialize" | "server/discover"));
        if let Some(r) = result
            && handshake
        {
            self.learn_server(r);
        }
        let input_required = result
            .and_then(|r| r.get("resultType"))
            .and_then(Value::as_str)
            == Some("input_required");
        let modes = self
            .open
            .get(host)
            .and_then(|r| r.modern.as_ref())
            .map(|(_, m)| *m);
        if input_required && self.era == Era::OldHost && self.open.contains_key(host) {
            let raw_text = String::from_utf8_lossy(raw).into_owned();
            return self.bridge_input_required(host, &raw_text);
        }
        if input_required && let Some(modes) = modes {
            let raw_text = String::from_utf8_lossy(raw).into_owned();
            if self.input_required(host, modes, &raw_text, retried)? {
                return Ok(());
            }
        }
        let Some(req) = self.open.remove(host) else {
            return self.send_host(raw);
        };
        if retried || !era::id_is(&req.id, host) || req.bridged.is_some() {
            self.final_to_host(req, msg.clone())
        } else {
            self.send_host(raw)
        }
    }

    /// The host gets the final result of its request `req` under its own
    /// id (for a bridged call, the id of its latest retry, and the
    /// `resultType` a 2026-07-28 result carries).
    fn final_to_host(&mut self, req: HostRequest, mut msg: Map<String, Value>) -> Result<()> {
        msg.insert("id".into(), req.id);
        if req.bridged.is_some() {
            bridge::complete(&mut msg, &req.method);
        }
        self.send_host(Value::Object(msg).to_string().as_bytes())
    }

    /// The revision and name a server states in its `initialize` or
    /// `server/discover` result.
    fn learn_server(&mut self, result: &Value) {
        learn_server(result, &mut self.rev, &mut self.server_name);
    }

    fn should_answer(&self, modes: Modes, mode: &str) -> bool {
        proxy_answers(self.opts.answer, modes, mode)
    }

    /// Lints one elicitation (the whole message, findings under `prefix`),
    /// tells the person and the report, and returns the job to answer it.
    fn lint_one(
        &mut self,
        raw: &str,
        prefix: &str,
        params: &Value,
        key: Option<&str>,
        by_proxy: bool,
    ) -> (Vec<String>, Option<Blocked>) {
        self.summary.elicitations += 1;
        let at = Elicitation {
            raw,
            prefix,
            params,
            key,
            by_proxy,
            revision: self.revision(),
            server: self.server_name.as_deref(),
            t_ms: self.start.elapsed().as_millis() as u64,
        };
        lint_elicitation(
            &at,
            &self.opts.hosts,
            (self.opts.strict, &self.opts.rules),
            self.report.as_mut(),
            &mut self.notes,
        )
    }

    fn server_elicitation(
        &mut self,
        id: Value,
        msg: &Map<String, Value>,
        raw: &[u8],
    ) -> Result<()> {
        if self.era == Era::NewHost {
            return self.park_elicitation(id, msg, raw);
        }
        let params = msg.get("params").cloned().unwrap_or(Value::Null);
        let mode = params
            .get("mode")
            .and_then(Value::as_str)
            .unwrap_or("form")
            .to_string();
        let modes = self.host_modes.unwrap_or_default();
        let ours = self.should_answer(modes, &mode);
        let text = String::from_utf8_lossy(raw).into_owned();
        let (notes, blocked) = self.lint_one(&text, "/params", &params, None, ours);
        if !ours {
            return self.send_host(raw);
        }
        // The host request it is for, as far as stdio tells: the latest
        // open one that gave a progress token.
        let for_host = self
            .open
            .iter()
            .filter(|(_, r)| r.token.is_some())
            .max_by_key(|(_, r)| r.opened)
            .map(|(k, _)| k.clone());
        self.submit(
            Waiting::Server { id, for_host },
            params,
            None,
            notes,
            blocked,
        );
        Ok(())
    }

    /// Answers an `InputRequiredResult` for a host that cannot; `false`
    /// when the host is to get it.
    fn input_required(
        &mut self,
        host: &str,
        modes: Modes,
        raw: &str,
        retried: bool,
    ) -> Result<bool> {
        let node = crate::json::parse(raw).map_err(Error::Syntax)?;
        let value: Value = serde_json::from_str(raw)?;
        let (requests, ours) = input_requests(value.get("result"), retried, |mode| {
            proxy_answers(self.opts.answer, modes, mode)
        });
        for (key, r) in &requests {
            if r.get("method").and_then(Value::as_str) == Some("elicitation/create") {
                let at = crate::json::pointer_push("/result/inputRequests", key);
                let params = r.get("params").cloned().unwrap_or(Value::Null);
                let (notes, blocked) =
                    self.lint_one(raw, &format!("{at}/params"), &params, Some(key), ours);
                if ours {
                    self.submit(
                        Waiting::Input {
                            host: host.to_string(),
                            key: key.clone(),
                        },
                        params,
                        Some(key.clone()),
                        notes,
                        blocked,
                    );
                }
            } else if ours {
                self.note(&format!(
                    "the server asked for `{}` as input `{}`, which the proxy does not serve; left unanswered",
                    sanitize::line(r.get("method").and_then(Value::as_str).unwrap_or("?")),
                    sanitize::line(key)
                ));
            }
        }
        if !ours {
            return Ok(false);
        }
        let state = node
            .get("result")
            .and_then(|r| r.get("requestState"))
            .map(|s| raw[s.span.start..s.span.end].to_string());
        let waiting = self
            .waiting
            .values()
            .filter(|w| matches!(w, Waiting::Input { host: h, .. } if h == host))
            .count();
        self.open_round(host, state, waiting)?;
        Ok(true)
    }

    /// Gathers the answers to `waiting` input requests of the host request
    /// `host` for its retry (sent at once when there are none to wait for).
    fn open_round(&mut self, host: &str, state: Option<String>, waiting: usize) -> Result<()> {
        self.rounds.insert(
            host.to_string(),
            Round {
                state,
                responses: Map::new(),
                waiting,
                failed: None,
            },
        );
        if waiting == 0 {
            self.retry(host)?;
        }
        Ok(())
    }

    fn submit(
        &mut self,
        what: Waiting,
        params: Value,
        key: Option<String>,
        notes: Vec<String>,
        blocked: Option<Blocked>,
    ) {
        self.next_job += 1;
        let id = self.next_job;
        // The host request the person answers for: over stdio, for a
        // server's request, the latest open call.
        let host = match &what {
            Waiting::Input { host, .. } => self.open.get(host),
            Waiting::Server { .. } => self
                .open
                .values()
                .filter(|r| crate::session::exchanges::CALL_METHODS.contains(&r.method.as_str()))
                .max_by_key(|r| r.opened),
        };
        let deadline = host
            .zip(self.opts.host_timeout)
            .map(|(r, of)| crate::form::respond::Deadline::after(r.since, of));
        if self.waiting.is_empty() {
            self.asking_since = Some(Instant::now());
            self.last_progress = Instant::now();
        }
        self.waiting.insert(id, what);
        self.summary.answered += 1;
        let reply = self.answers_to.clone().map(|to| {
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                if let Ok(outcome) = rx.recv() {
                    let _ = to.send(Ev::Answered(id, outcome));
                }
            });
            tx
        });
        let _ = self.jobs.send(Job {
            id,
            params,
            revision: self.revision(),
            server: self.server_name.clone(),
            key,
            notes,
            deadline,
            blocked,
            reply,
        });
        // The host hears at once that its request is waiting on a person.
        self.send_progress();
    }

    fn answered(&mut self, id: u64, outcome: Outcome) -> Result<()> {
        let Some(what) = self.waiting.remove(&id) else {
            return Ok(());
        };
        if self.waiting.is_empty() {
            self.asking_since = None;
        }
        match what {
            Waiting::Server { id, .. } => {
                let body = match outcome {
                    Outcome::Answer(result) => {
                        self.note(&format!(
                            "answered {}",
                            result.get("action").and_then(Value::as_str).unwrap_or("?")
                        ));
                        json!({"jsonrpc": "2.0", "id": id, "result": result})
                    }
                    Outcome::Refused(error, why) => {
                        self.note(&format!(
                            "refused an elicitation no form can show ({}); answered -32602",
                            why.join("; ")
                        ));
                        json!({"jsonrpc": "2.0", "id": id, "error": error})
                    }
                    Outcome::Failed(why) => {
                        self.note(&format!("could not answer: {}", sanitize::line(&why)));
                        error(&id, -32603, "the client could not answer")
                    }
                };
                self.send_server(body.to_string().as_bytes())?;
                self.synced();
                Ok(())
            }
            Waiting::Input { host, key } => {
                let Some(round) = self.rounds.get_mut(&host) else {
                    return Ok(());
                };
                round.waiting = round.waiting.saturating_sub(1);
                let mut said = None;
                match outcome {
                    Outcome::Answer(result) => {
                        said = Some(format!(
                            "answered input `{}` {}",
                            sanitize::line(&key),
                            result.get("action").and_then(Value::as_str).unwrap_or("?")
                        ));
                        round.responses.insert(key, result);
                    }
                    Outcome::Refused(_, why) => {
                        said = Some(format!(
                            "input `{}` cannot be shown as a form ({}); left unanswered",
                            sanitize::line(&key),
                            why.join("; ")
                        ));
                    }
                    Outcome::Failed(why) => {
                        round.failed = Some(format!("the proxy could not answer: {why}"));
                    }
                }
                let done = round.waiting == 0;
                if let Some(s) = said {
                    self.note(&s);
                }
                if done {
                    self.retry(&host)?;
                }
                Ok(())
            }
        }
    }

    /// Sends the retry of the host's request `host` with the answers
    /// gathered, under a new id of the proxy's.
    fn retry(&mut self, host: &str) -> Result<()> {
        let Some(round) = self.rounds.remove(host) else {
            return Ok(());
        };
        let Some(req) = self.open.get_mut(host) else {
            return Ok(());
        };
        req.rounds += 1;
        let failure = match (&round.failed, req.rounds > MAX_ROUNDS) {
            (Some(why), _) => Some(why.clone()),
            (None, true) => Some(format!(
                "the server asked for input {MAX_ROUNDS} rounds in a row without a result"
            )),
            _ => None,
        };
        if let Some(why) = failure {
            let req = self.open.remove(host).expect("open");
            self.note(&sanitize::line(&why));
            let msg = error(&req.id, -32603, &format!("{why} (mcp-elicit proxy)"));
            return self.send_host(msg.to_string().as_bytes());
        }
        let Some((params, _)) = &req.modern else {
            return Ok(());
        };
        let mut p = params.clone();
        p.insert("inputResponses".into(), Value::Object(round.responses));
        let method = req.method.clone();
        self.next_retry += 1;
        let ours = format!("mcp-elicit-proxy-{}", self.next_retry);
        let mut text =
            json!({"jsonrpc": "2.0", "id": ours, "method": method, "params": Value::Object(p)})
                .to_string();
        if let Some(state) = round.state {
            // `requestState` goes back byte for byte, as the server wrote it.
            let at = text.len() - 2;
            text.insert_str(at, &format!(",\"requestState\":{state}"));
        }
        self.retries
            .insert(Value::String(ours).to_string(), host.to_string());
        self.send_server(text.as_bytes())?;
        self.synced();
        Ok(())
    }

    /// Tells each host request waiting on a person that it is still alive.
    fn send_progress(&mut self) {
        self.last_progress = Instant::now();
        let since = self
            .asking_since
            .map(|s| s.elapsed().as_secs())
            .unwrap_or(0);
        let mut hosts: Vec<String> = self
            .waiting
            .values()
            .filter_map(|w| match w {
                Waiting::Server { for_host, .. } => for_host.clone(),
                Waiting::Input { host, .. } => Some(host.clone()),
            })
            .collect();
        hosts.sort();
        hosts.dedup();
        for h in hosts {
            let Some(token) = self.open.get(&h).and_then(|r| r.token.clone()) else {
                continue;
            };
            let last = self.progress.entry(token.to_string()).or_insert(0.0);
            *last += 1.0;
            let msg = json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {
                "progressToken": token,
                "progress": *last,
                "message": format!("waiting for the person to answer a form ({since} s so far)"),
            }});
            if self
                .send_host_about(msg.to_string().as_bytes(), &h)
                .is_err()
            {
                return;
            }
        }
    }
}
