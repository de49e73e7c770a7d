//! The proxy: sits between an MCP host and a stdio server, passes every
//! message on unchanged, lints every elicitation on the way, records the
//! conversation, and answers elicitations itself when the host cannot.
//!
//! What the host and the server send is forwarded as the bytes that
//! arrived, line for line. The proxy acts on a message only where it must:
//!
//! - 2025 revisions: it adds the `elicitation` capability to the host's
//!   `initialize` and answers the `elicitation/create` requests the host did
//!   not declare it could take (those never reach the host).
//! - 2026-07-28: it adds the capability to each request's
//!   client-capabilities `_meta`; an `InputRequiredResult` for a host that
//!   did not declare elicitation is answered here and the request retried
//!   (under an id of the proxy's own), and the host gets only the final
//!   result, under its own id.
//!
//! When the host and the server speak different eras, the proxy bridges
//! them (see [`bridge`]).
//!
//! The recording holds the server's side of the conversation: exactly what
//! the server received and sent, the proxy's answers and retries included,
//! so it replays as a conforming client's session.

pub mod bridge;
mod bridged_http;
pub mod http;
mod messages;
pub mod web_form;
pub use bridge::Bridge;
pub use messages::run_stdio;

use std::collections::HashMap;
use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use crate::document::CLIENT_CAPABILITIES_META;
use crate::form::gate;
use crate::form::respond::{Request, Responder};
use crate::lines::{LineRead, read_line_bounded};
use crate::lint::flight::{Judge, RuleChoice};
use crate::mcp::client::{MAX_ROUNDS, PROTOCOL_VERSION_META, Recording};
use crate::mcp::transport::MAX_MESSAGE;
use crate::sanitize;
use crate::session::{Direction, Peer, Writer};
use crate::spec::Revision;

/// When the proxy answers an elicitation itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerMode {
    /// When the host did not declare elicitation, or the request's mode.
    Auto,
    /// Always: for hosts that declare elicitation but decline unattended.
    Always,
    /// Never: everything goes to the host.
    Never,
}

/// How the proxy behaves.
#[derive(Clone)]
pub struct ProxyOptions {
    pub answer: AnswerMode,
    pub record: Option<Recording>,
    /// Append one JSON line per elicitation (its findings and who answered).
    pub report: Option<PathBuf>,
    /// Hosts whose behaviour to report with each elicitation (`--hosts`).
    pub hosts: Vec<&'static crate::hosts::Host>,
    /// The name to show for the server instead of its `serverInfo`.
    pub server_name: Option<String>,
    /// Refuse an elicitation on any lint error.
    pub strict: bool,
    /// The rules whose findings are reported and, with `strict`, refuse.
    pub rules: RuleChoice,
    /// How often the host hears progress while a person answers.
    pub progress_every: Duration,
    /// How long the host waits for one of its requests (its own time-out),
    /// when known: each form then says how much of it is left.
    pub host_timeout: Option<Duration>,
    /// Whether a host and a server of different eras are bridged.
    pub bridge: Bridge,
    /// How long a `requestState` the proxy seals for a 2026-07-28 host in
    /// front of a 2025 server stays good.
    pub state_lifetime: Duration,
}

impl ProxyOptions {
    /// Opens the report for appending, and checks that the recording can
    /// be written (it is opened at the first message, once the revision
    /// is known): a path that cannot be written is said before anything
    /// is served.
    fn open_files(&self) -> Result<Option<std::fs::File>> {
        let append = |path: &PathBuf| {
            std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)
        };
        if let Some(rec) = &self.record {
            append(&rec.path).map_err(|reason| Error::Record {
                path: rec.path.clone(),
                reason,
            })?;
        }
        self.report
            .as_ref()
            .map(|p| {
                append(p).map_err(|reason| Error::Report {
                    path: p.clone(),
                    reason,
                })
            })
            .transpose()
    }
}

/// Makes the responder, on the thread that answers (forms block).
pub type ResponderFactory =
    Box<dyn FnOnce() -> Result<Box<dyn Responder>, crate::form::respond::Error> + Send>;

/// Why a proxy cannot start, or stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The server command is missing or cannot be started.
    #[error(transparent)]
    Transport(#[from] crate::mcp::transport::Error),
    /// The recording cannot be written.
    #[error("cannot record to {}: {reason}", path.display())]
    Record {
        /// The recording's path.
        path: PathBuf,
        /// Why (said in the message).
        reason: std::io::Error,
    },
    /// The report cannot be written.
    #[error("cannot write the report {}: {reason}", path.display())]
    Report {
        /// The report's path.
        path: PathBuf,
        /// Why (said in the message).
        reason: std::io::Error,
    },
    /// The server's input was closed before a message for it.
    #[error("the server's input is closed")]
    ServerInputClosed,
    /// Writing to the server failed.
    #[error("writing to the server failed ({0})")]
    ServerWrite(std::io::Error),
    /// Writing to the host failed: it is gone.
    #[error("the host is gone (writing to it failed: {0})")]
    HostGone(std::io::Error),
    /// A message that should be JSON is not.
    #[error("{0}")]
    Syntax(crate::json::SyntaxError),
    /// A message that should be JSON is not.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The HTTP proxy cannot listen on its address.
    #[error("cannot listen on {addr}: {reason}")]
    Listen {
        /// The address asked for.
        addr: String,
        /// Why (said in the message).
        reason: std::io::Error,
    },
    /// The listening socket has no address.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The HTTP proxy's address is not a loopback one, and remote hosts
    /// were not allowed ([`HttpProxyOptions::allow_remote`](crate::mcp::proxy::http::HttpProxyOptions::allow_remote)).
    #[error("{addr} is not a loopback address; the proxy answers only this machine")]
    NotLoopback {
        /// The address asked for.
        addr: String,
    },
    /// The upstream server's address is not an `http(s)` URL.
    #[error("{upstream} is not an http(s) URL")]
    UpstreamNotHttp {
        /// The address given.
        upstream: String,
    },
    /// An allowed origin is not one.
    #[error(transparent)]
    Origin(#[from] crate::mcp::server::http::OriginError),
    /// The system has no randomness for the key that seals `requestState`.
    #[error(transparent)]
    Sealing(#[from] crate::mcp::server::Error),
    /// Serving failed.
    #[error("serving on {bound}: {reason}")]
    Serving {
        /// The address served on.
        bound: std::net::SocketAddr,
        /// Why (said in the message).
        reason: std::io::Error,
    },
}

type Result<T, E = Error> = std::result::Result<T, E>;

/// What the proxy tells the person (findings, answers, the peers' ends),
/// one plain line each, already sanitised.
pub(crate) type Notes = Box<dyn FnMut(&str) + Send>;

/// How a proxy run ended.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Elicitations seen.
    pub elicitations: usize,
    /// Of those, answered by the proxy.
    pub answered: usize,
    /// The server ended before the host did.
    pub server_died: bool,
    /// The server's exit code, when it exited with one.
    pub server_code: Option<i32>,
}

/// Modes of elicitation a client declared.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Modes {
    pub(crate) form: bool,
    pub(crate) url: bool,
}

impl Modes {
    /// The modes an `elicitation` capability value declares: `{}` is form
    /// (2025-06-18, and kept for compatibility in 2025-11-25).
    pub(crate) fn of(cap: Option<&Value>) -> Modes {
        match cap.and_then(Value::as_object) {
            None => Modes::default(),
            Some(m) if !m.contains_key("form") && !m.contains_key("url") => Modes {
                form: true,
                url: false,
            },
            Some(m) => Modes {
                form: m.contains_key("form"),
                url: m.contains_key("url"),
            },
        }
    }

    pub(crate) fn has(self, mode: &str) -> bool {
        if mode == "url" { self.url } else { self.form }
    }
}

pub(crate) enum Ev {
    Host(Vec<u8>),
    HostGone(String),
    Server(Vec<u8>),
    ServerGone(String),
    Answered(u64, Outcome),
    /// Something to tell the person.
    Note(String),
}

/// What the answering thread produced for one elicitation.
pub(crate) enum Outcome {
    Answer(Value),
    /// No form can show it: the `-32602` error that refuses it, and why
    /// in plain lines.
    Refused(Value, Vec<String>),
    Failed(String),
}

/// Why no form can show an elicitation: the `-32602` error that refuses
/// it, and why in plain lines.
pub(crate) type Blocked = (Value, Vec<String>);

pub(crate) struct Job {
    pub(crate) id: u64,
    pub(crate) params: Value,
    pub(crate) revision: Revision,
    pub(crate) server: Option<String>,
    pub(crate) key: Option<String>,
    pub(crate) notes: Vec<String>,
    /// When the host stops waiting, when known.
    pub(crate) deadline: Option<crate::form::respond::Deadline>,
    /// Why no form can show it, when none can.
    pub(crate) blocked: Option<Blocked>,
    /// Where the outcome goes instead of the proxy's event loop.
    pub(crate) reply: Option<Sender<Outcome>>,
}

/// A request of the host's, while open.
struct HostRequest {
    id: Value,
    method: String,
    token: Option<Value>,
    /// 2026-07-28: the params as sent to the server (for retries) and the
    /// modes the host declared in them.
    modern: Option<(Map<String, Value>, Modes)>,
    rounds: usize,
    opened: u64,
    /// When the host sent it.
    since: Instant,
    /// A 2026-07-28 host's request to a 2025 server: the modes it declared,
    /// and its capabilities (what else it can be asked).
    bridged: Option<Modes>,
    declared: Value,
    /// Its host id was answered with an `InputRequiredResult` the host has
    /// not retried yet: the ticket of the questions parked for it, and the
    /// server's final result if it came meanwhile.
    parked: Option<u64>,
    held_result: Option<Map<String, Value>>,
}

/// What an answer is for.
enum Waiting {
    /// A server request: answered under its id.
    Server { id: Value, for_host: Option<String> },
    /// An input request of an `InputRequiredResult` for a host request.
    Input { host: String, key: String },
}

/// A retry being assembled.
struct Round {
    state: Option<String>,
    responses: Map<String, Value>,
    waiting: usize,
    failed: Option<String>,
}

/// One elicitation seen on the way, for `lint_elicitation`.
pub struct Elicitation<'a> {
    /// The whole message it came in.
    pub raw: &'a str,
    /// Where its params are in the message (a JSON pointer).
    pub prefix: &'a str,
    pub params: &'a Value,
    /// Its `inputRequests` key (2026-07-28).
    pub key: Option<&'a str>,
    pub by_proxy: bool,
    pub revision: Revision,
    pub server: Option<&'a str>,
    pub t_ms: u64,
}

/// Lints one elicitation in flight: tells the person (`notes`) and the
/// report, and returns its warnings for the form and, when no form can
/// show it, why.
pub(crate) fn lint_elicitation(
    e: &Elicitation<'_>,
    hosts: &[&'static crate::hosts::Host],
    (strict, rules): (bool, &RuleChoice),
    report: Option<&mut std::fs::File>,
    notes: &mut Notes,
) -> (Vec<String>, Option<Blocked>) {
    let rev = e.revision;
    let judge = Judge {
        revision: rev,
        strict,
        rules: rules.clone(),
        hosts: hosts.to_vec(),
    };
    let judged = judge.message(e.raw, e.prefix, e.params);
    let findings = &judged.findings;
    let server = e.server.unwrap_or("the server");
    let which = match e.key {
        Some(k) => format!("input `{}`", sanitize::line(k)),
        None => "an elicitation".into(),
    };
    let who = if e.by_proxy { "the proxy" } else { "the host" };
    notes(&format!(
        "`{}` asks {which} ({rev}); {who} answers it; {}",
        sanitize::line(server),
        match findings.len() {
            0 => "no findings".to_string(),
            1 => "1 finding".to_string(),
            n => format!("{n} findings"),
        }
    ));
    for f in findings {
        notes(&format!("  {}", gate::note(f)));
    }
    if let Some(report) = report {
        let line = json!({
            "t": e.t_ms,
            "server": e.server,
            "revision": rev.as_str(),
            "input": e.key,
            "answeredBy": if e.by_proxy { "proxy" } else { "host" },
            "params": e.params,
            "findings": findings,
        });
        let _ = writeln!(report, "{line}");
    }
    let blocked = (!judged.shown()).then(|| (judged.error(rev), judged.why()));
    (judged.warnings(), blocked)
}

/// The thread that answers, one elicitation at a time (a person answers
/// one form at a time).
pub(crate) fn answerer(factory: ResponderFactory, tx: Sender<Ev>) -> Sender<Job> {
    let (jobs_tx, jobs_rx) = mpsc::channel::<Job>();
    std::thread::spawn(move || {
        let mut responder = match factory() {
            Ok(r) => Ok(r),
            Err(e) => Err(super::chain(&e)),
        };
        for job in jobs_rx {
            let req = Request {
                params: &job.params,
                server: job.server.as_deref(),
                revision: job.revision,
                key: job.key.as_deref(),
                notes: &job.notes,
                deadline: job.deadline,
                position: None,
            };
            let outcome = match &mut responder {
                Err(why) => Outcome::Failed(why.clone()),
                Ok(r) => match job.blocked {
                    Some((error, why)) => match r.refused(&req, &why) {
                        Ok(Some(answer)) => Outcome::Answer(answer),
                        Ok(None) => Outcome::Refused(error, why),
                        Err(e) => Outcome::Failed(super::chain(&e)),
                    },
                    None => match r.respond(&req) {
                        Ok(answer) => Outcome::Answer(answer),
                        Err(e) => Outcome::Failed(super::chain(&e)),
                    },
                },
            };
            match job.reply {
                Some(reply) => {
                    let _ = reply.send(outcome);
                }
                None => {
                    if tx.send(Ev::Answered(job.id, outcome)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    jobs_tx
}

/// Adds the elicitation capability to a host's `initialize` (unless the
/// proxy never answers): the revision it asks, the modes it declared, and
/// whether the message changed.
pub(crate) fn initialize_capability(
    msg: &mut Map<String, Value>,
    answer: AnswerMode,
) -> (Option<Revision>, Modes, bool) {
    let Some(params) = msg.get_mut("params").and_then(Value::as_object_mut) else {
        return (None, Modes::default(), false);
    };
    let asked = params
        .get("protocolVersion")
        .and_then(Value::as_str)
        .and_then(Revision::from_protocol_version);
    let modes = Modes::of(
        params
            .get("capabilities")
            .and_then(|c| c.get("elicitation")),
    );
    let full = Modes {
        form: true,
        url: asked.is_none_or(Revision::capability_has_modes),
    };
    if answer == AnswerMode::Never || modes == full {
        return (asked, modes, false);
    }
    let cap = if full.url {
        json!({"form": {}, "url": {}})
    } else {
        json!({})
    };
    let caps = params.entry("capabilities").or_insert_with(|| json!({}));
    if !caps.is_object() {
        *caps = json!({});
    }
    if let Some(c) = caps.as_object_mut() {
        c.insert("elicitation".into(), cap);
    }
    (asked, modes, true)
}

/// For a 2026-07-28 request: the modes the host declared in its `_meta`,
/// and whether the proxy added its own (unless it never answers). `None`
/// for a request of an earlier revision.
pub(crate) fn modern_capability(
    msg: &mut Map<String, Value>,
    answer: AnswerMode,
) -> Option<(Modes, bool)> {
    let meta = msg
        .get_mut("params")
        .and_then(Value::as_object_mut)
        .and_then(|p| p.get_mut("_meta"))
        .and_then(Value::as_object_mut)?;
    if meta.get(PROTOCOL_VERSION_META).and_then(Value::as_str)
        != Some(Revision::V2026_07_28.as_str())
    {
        return None;
    }
    let modes = Modes::of(
        meta.get(CLIENT_CAPABILITIES_META)
            .and_then(|c| c.get("elicitation")),
    );
    let full = Modes {
        form: true,
        url: true,
    };
    if answer == AnswerMode::Never || modes == full {
        return Some((modes, false));
    }
    let caps = meta
        .entry(CLIENT_CAPABILITIES_META)
        .or_insert_with(|| json!({}));
    if !caps.is_object() {
        *caps = json!({});
    }
    if let Some(c) = caps.as_object_mut() {
        c.insert("elicitation".into(), json!({"form": {}, "url": {}}));
    }
    Some((modes, true))
}

/// Whether the proxy answers a request in `mode` for a host that declared
/// `modes`.
/// What a server states of itself in its `initialize` or `server/discover`
/// result: its revision, and its name when none is known yet (its title,
/// else its name).
pub(crate) fn learn_server(result: &Value, rev: &mut Option<Revision>, name: &mut Option<String>) {
    if let Some(r) = result
        .get("protocolVersion")
        .and_then(Value::as_str)
        .and_then(Revision::from_protocol_version)
    {
        *rev = Some(r);
    }
    if name.is_none()
        && let Some(n) = result
            .get("serverInfo")
            .and_then(|i| i.get("title").or_else(|| i.get("name")))
            .and_then(Value::as_str)
    {
        *name = Some(n.to_string());
    }
}

/// The input requests of an `InputRequiredResult` (`result`, the response's
/// `result` member), and whether the proxy answers them itself: always
/// when the response is to its own retry, else when every request is an
/// elicitation and one of them is in a mode `answers` says the proxy takes
/// (otherwise the host gets them all, as sent).
pub(crate) fn input_requests(
    result: Option<&Value>,
    retried: bool,
    answers: impl Fn(&str) -> bool,
) -> (Map<String, Value>, bool) {
    let requests = result
        .and_then(|r| r.get("inputRequests"))
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let all_elicitations = requests
        .values()
        .all(|r| r.get("method").and_then(Value::as_str) == Some("elicitation/create"));
    let ours = !requests.is_empty()
        && (retried
            || (all_elicitations
                && requests.values().any(|r| {
                    let mode = r
                        .get("params")
                        .and_then(|p| p.get("mode"))
                        .and_then(Value::as_str)
                        .unwrap_or("form");
                    answers(mode)
                })));
    (requests, ours)
}

pub(crate) fn proxy_answers(answer: AnswerMode, modes: Modes, mode: &str) -> bool {
    match answer {
        AnswerMode::Never => false,
        AnswerMode::Always => true,
        AnswerMode::Auto => !modes.has(mode),
    }
}

/// The text of `requestState` in a raw `InputRequiredResult`, as sent.
pub(crate) fn request_state(raw: &str) -> Option<String> {
    let node = crate::json::parse(raw).ok()?;
    node.get("result")
        .and_then(|r| r.get("requestState"))
        .map(|s| raw[s.span.start..s.span.end].to_string())
}

/// A retry of `method` with `params` (as first sent), the answers and the
/// server's `requestState` spliced in byte for byte, under `id`.
pub(crate) fn retry_text(
    id: &str,
    method: &str,
    params: &Map<String, Value>,
    responses: Map<String, Value>,
    state: Option<&str>,
) -> String {
    let mut p = params.clone();
    p.insert("inputResponses".into(), Value::Object(responses));
    let mut text =
        json!({"jsonrpc": "2.0", "id": id, "method": method, "params": Value::Object(p)})
            .to_string();
    if let Some(state) = state {
        let at = text.len() - 2; // before the closing `}}`
        text.insert_str(at, &format!(",\"requestState\":{state}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_read_as_each_revision_writes_them() {
        assert_eq!(Modes::of(None), Modes::default());
        assert_eq!(
            Modes::of(Some(&json!({}))),
            Modes {
                form: true,
                url: false
            }
        );
        assert_eq!(
            Modes::of(Some(&json!({"url": {}}))),
            Modes {
                form: false,
                url: true
            }
        );
        assert!(Modes::of(Some(&json!({"form": {}, "url": {}}))).has("url"));
    }
}
