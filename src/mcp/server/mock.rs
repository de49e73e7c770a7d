//! A mock MCP server for testing clients: tools that ask elicitations read
//! from sessions or request files, check every answer against the request
//! it answers, and hand each exchange to the caller to report.
//!
//! A session becomes one tool per recorded `tools/call` (retries of a
//! 2026-07-28 call belong to the call they continue), asking what the
//! server asked during that call, in order. A request file (params, an
//! `elicitation/create` request, or anything else holding elicitations)
//! becomes one tool named after the file. A recorded call's arguments
//! become the tool's arguments, typed, none required; where the recorded
//! `message` was one of them, the served message is the caller's value, as
//! the recorded server evidently did.

use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use crate::document;
use crate::finding::{Findings, Severity};
use crate::json::{self, Node};
use crate::lint::answer::check_result;
use crate::lint::flight::{Judge, RuleChoice};
use crate::mcp::server::{Elicitor, Handler, NextAnswer, Stop, Tool};
use crate::schema::Elicitation;
use crate::session::recorded::{self, Recorded};
use crate::session::{REDACTED, exchanges};
use crate::spec::{Carrier, Revision, UrlMode};

/// The `_meta` key of `elicitation/create` params under which a question
/// keyed in 2026-07-28 carries its `inputRequests` key when it is asked of a
/// 2025 client, so that a recording of the exchange keeps it: served from
/// that recording to a 2026-07-28 client, it is asked under the same key.
pub const INPUT_KEY_META: &str = "io.github.mcp-elicit/inputKey";

/// One elicitation a tool asks.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// The `elicitation/create` params as written.
    pub params: Value,
    /// Where it was read: `FILE:LINE`.
    pub origin: String,
    /// The argument whose recorded value was the message: the served
    /// message is the caller's value of it.
    pub message_arg: Option<String>,
    /// The `inputRequests` key it was recorded under (2026-07-28), or that
    /// a recorded `elicitation/create` carried in `_meta` under
    /// [`INPUT_KEY_META`]; kept when it is served.
    pub key: Option<String>,
}

/// A tool of the mock server.
#[derive(Debug, Clone, PartialEq)]
pub struct MockTool {
    pub name: String,
    /// Where it was read: `FILE:LINE` of the recorded call, or `FILE`.
    pub origin: String,
    /// The recorded call's arguments (empty for request files).
    pub arguments: Map<String, Value>,
    pub questions: Vec<Question>,
    /// Client capabilities the recorded server required of this call
    /// (from a recorded -32021 error).
    pub required: Vec<String>,
    /// The recorded result of a call that asked nothing: served as it was.
    pub result: Option<Value>,
}

impl MockTool {
    /// The tool as `tools/list` shows it: the recorded arguments are its
    /// arguments, typed by their recorded values, none required.
    pub(crate) fn tool(&self) -> Tool {
        let mut props = Map::new();
        for (k, v) in &self.arguments {
            let ty = match v {
                Value::String(_) => "string",
                Value::Bool(_) => "boolean",
                Value::Number(n) if n.is_f64() => "number",
                Value::Number(_) => "integer",
                Value::Array(_) => "array",
                Value::Object(_) => "object",
                Value::Null => "null",
            };
            props.insert(
                k.clone(),
                json!({"type": ty, "description": format!("recorded: {v}")}),
            );
        }
        // None is required: the tool asks what was recorded whatever it is
        // given, and a client that calls it bare is served.
        let schema = json!({"type": "object", "properties": props});
        let n = self.questions.len();
        let description = if n > 0 {
            format!(
                "Asks {n} elicitation{} from {}",
                if n == 1 { "" } else { "s" },
                self.origin
            )
        } else if self.result.is_some() {
            format!("Answers as recorded at {}, asking nothing", self.origin)
        } else {
            format!(
                "Needs the client capabilities {:?}, as recorded at {}",
                self.required, self.origin
            )
        };
        Tool {
            name: self.name.clone(),
            description,
            input_schema: schema,
        }
    }
}

/// Why a source cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{path}: cannot read it")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Unusable { path: String, message: String },
}

/// A tool name MCP accepts (letters, digits, `_`, `-`, `.`; 1 to 128
/// characters) made from `s`.
fn tool_name(s: &str) -> String {
    let mut n: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '_'
            }
        })
        .take(128)
        .collect();
    if n.is_empty() {
        n.push_str("elicit");
    }
    n
}

/// What one source holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    pub tools: Vec<MockTool>,
    /// Whether it is a session (else a request file).
    pub session: bool,
}

/// Reads one source: a session (`.jsonl`, or one JSON value per line) or a
/// request file. `name` is how the source is called in origins and errors.
pub fn load(path: &Path, name: &str) -> Result<Source, LoadError> {
    let io = |source| LoadError::Io {
        path: name.to_string(),
        source,
    };
    let stem = tool_name(
        &path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    );
    let bytes = std::fs::read(path).map_err(io)?;
    let jsonl_name = path.extension().and_then(|x| x.to_str()) == Some("jsonl");
    load_bytes(&bytes, name, &stem, jsonl_name)
}

/// [`load`] on bytes already read: `stem` names a request file's tool;
/// `jsonl_name` says the file is named `*.jsonl` (a session whatever its
/// lines look like).
pub fn load_bytes(
    bytes: &[u8],
    name: &str,
    stem: &str,
    jsonl_name: bool,
) -> Result<Source, LoadError> {
    let io = |source| LoadError::Io {
        path: name.to_string(),
        source,
    };
    let text = json::utf8(bytes).map_err(|e| LoadError::Unusable {
        path: name.to_string(),
        message: format!("not UTF-8: {}", e.message),
    })?;
    let parsed = if jsonl_name {
        json::Parsed::Lines
    } else {
        json::parse_or_lines(text)
    };
    let jsonl = matches!(parsed, json::Parsed::Lines);
    let tools = match parsed {
        json::Parsed::Lines => load_session(text, name, stem).map_err(io)?,
        json::Parsed::Document(node) => load_request(&node, text, name, stem)?,
        json::Parsed::Invalid(e) => {
            return Err(LoadError::Unusable {
                path: name.to_string(),
                message: format!("not valid JSON: {}", e.message),
            });
        }
    };
    // (A request file without a question was refused when it was read.)
    if tools.iter().all(|t| t.questions.is_empty()) {
        return Err(LoadError::Unusable {
            path: name.to_string(),
            message: "the session holds no elicitation/create request; nothing to ask".into(),
        });
    }
    // Beside the tools that ask, the calls that asked nothing are served
    // as recorded: their result, or their refusal for want of a capability.
    Ok(Source {
        tools: tools.into_iter().filter(MockTool::serves).collect(),
        session: jsonl,
    })
}

fn load_request(
    node: &json::Node,
    text: &str,
    name: &str,
    stem: &str,
) -> Result<Vec<MockTool>, LoadError> {
    let index = json::LineIndex::new(text);
    let questions = document::elicitations(node)
        .into_iter()
        .map(|e| Question {
            params: e.params.to_value(),
            origin: format!("{name}:{}", index.line_col(e.params.span.start).0),
            message_arg: None,
            key: None,
        })
        .collect::<Vec<_>>();
    if questions.is_empty() {
        return Err(LoadError::Unusable {
            path: name.to_string(),
            message: format!(
                "is {}, not elicitation/create params or a request; nothing to ask",
                document::classify(node).describe()
            ),
        });
    }
    Ok(vec![MockTool {
        name: stem.to_string(),
        origin: name.to_string(),
        arguments: Map::new(),
        questions,
        required: Vec::new(),
        result: None,
    }])
}

/// The tools of a recorded session, a fold over the one reader of
/// exchanges ([`exchanges::read`]): each recorded `tools/call` (retries
/// included) is a tool asking what it asked; what a prompt or resource
/// asked, and what was asked outside any call, is asked by one tool named
/// after the file.
fn load_session(text: &str, name: &str, stem: &str) -> std::io::Result<Vec<MockTool>> {
    let runs = exchanges::read(text.as_bytes())?;
    let mut tools: Vec<MockTool> = Vec::new();
    let mut loose: Option<usize> = None;
    let mut loose_tool = |tools: &mut Vec<MockTool>| {
        *loose.get_or_insert_with(|| {
            tools.push(MockTool {
                name: stem.to_string(),
                origin: name.to_string(),
                arguments: Map::new(),
                questions: Vec::new(),
                required: Vec::new(),
                result: None,
            });
            tools.len() - 1
        })
    };
    for run in &runs {
        // Calls and elicitations outside them, in the order they came.
        let mut items: Vec<(
            usize,
            Option<&exchanges::Call>,
            Option<&exchanges::Expected>,
        )> = run
            .calls
            .iter()
            .map(|c| (c.line, Some(c), None))
            .chain(run.loose.iter().map(|e| (e.line, None, Some(e))))
            .collect();
        items.sort_by_key(|(line, _, _)| *line);
        for item in items {
            match item {
                (_, Some(call), _) => {
                    let at = if call.method == "tools/call" {
                        tools.push(MockTool {
                            name: tool_name(call.target()),
                            origin: format!("{name}:{}", call.line),
                            arguments: call
                                .params
                                .get("arguments")
                                .and_then(Value::as_object)
                                .cloned()
                                .unwrap_or_default(),
                            questions: Vec::new(),
                            required: Vec::new(),
                            result: None,
                        });
                        tools.len() - 1
                    } else {
                        loose_tool(&mut tools)
                    };
                    for e in &call.elicitations {
                        tools[at].ask(
                            e.params.clone(),
                            format!("{name}:{}", e.line),
                            e.key.clone(),
                        );
                    }
                    let Some((_, outcome)) = &call.outcome else {
                        continue;
                    };
                    if let Some(e) = outcome.get("error") {
                        // Refused for want of a client capability (2026-07-28).
                        if e.get("code") == Some(&json!(-32021))
                            && let Some(caps) = e
                                .get("data")
                                .and_then(|d| d.get("requiredCapabilities"))
                                .and_then(Value::as_object)
                        {
                            tools[at].required = caps.keys().cloned().collect();
                        }
                    } else if let Some(r) = outcome.get("result") {
                        tools[at].result = Some(r.clone());
                    }
                }
                (_, None, Some(e)) => {
                    let at = loose_tool(&mut tools);
                    tools[at].ask(
                        e.params.clone(),
                        format!("{name}:{}", e.line),
                        e.key.clone(),
                    );
                }
                _ => {}
            }
        }
    }
    Ok(tools)
}

impl MockTool {
    /// Whether it has something to serve: questions, or a recorded outcome.
    pub fn serves(&self) -> bool {
        !self.questions.is_empty() || self.result.is_some() || !self.required.is_empty()
    }

    fn ask(&mut self, params: Value, origin: String, key: Option<String>) {
        let key = key.or_else(|| {
            params
                .get("_meta")
                .and_then(|m| m.get(INPUT_KEY_META))
                .and_then(Value::as_str)
                .map(str::to_string)
        });
        let message_arg = params
            .get("message")
            .and_then(|m| self.arguments.iter().find(|(_, v)| *v == m))
            .map(|(k, _)| k.clone());
        self.questions.push(Question {
            params,
            origin,
            message_arg,
            key,
        });
    }
}

/// Gives every tool a distinct name: a later tool of the same name gets
/// `_2`, `_3`, ...
pub fn distinct_names(tools: &mut [MockTool]) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for t in tools.iter_mut() {
        let n = seen.entry(t.name.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            t.name = format!("{}_{}", t.name, n);
        }
    }
}

/// How the tools ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Wait this long before each elicitation.
    pub delay: Duration,
    /// Ask each elicitation this many times.
    pub repeat: u32,
    /// Send each elicitation this many times at once, without waiting for
    /// an answer in between (in 2026-07-28: in one `InputRequiredResult`).
    pub burst: u32,
    /// Refuse a request on any lint error of the rules [`Mock::rules`]
    /// selects, as the strictest clients do; otherwise only what no form
    /// can show is refused ([`gate`](crate::form::gate)).
    pub strict: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            delay: Duration::ZERO,
            repeat: 1,
            burst: 1,
            strict: false,
        }
    }
}

/// One thing wrong with an answer (a lint finding of the answer checked
/// against its request).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Problem {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub pointer: String,
}

/// What became of one elicitation.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The client answered with this `ElicitResult`.
    Answered(Value),
    /// The client answered with this JSON-RPC error.
    Refused(Value),
    /// The client went away or broke the protocol.
    Lost(String),
    /// Not sent: the client did not declare the mode, or the revision
    /// cannot carry the request.
    NotAsked(String),
}

/// One exchange, for reports.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    pub tool: String,
    /// Where the request was read.
    pub origin: String,
    pub revision: Revision,
    /// The params sent.
    pub request: Value,
    pub outcome: Outcome,
    /// What is wrong with the answer.
    pub problems: Vec<Problem>,
    /// With expected answers: `Ok` when the answer matches the recorded
    /// one, else what differs.
    pub expected: Option<Result<(), Difference>>,
    /// From sending the request to the answer (for a burst, to the last
    /// answer of the burst).
    pub elapsed: Option<Duration>,
}

impl Exchange {
    /// An invalid answer, or one that is not the expected one.
    pub fn failed(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
            || matches!(self.expected, Some(Err(_)))
    }

    /// The exchange as a report line.
    pub fn to_json(&self) -> Value {
        let mut v = json!({
            "tool": self.tool,
            "origin": self.origin,
            "revision": self.revision.as_str(),
            "request": self.request,
        });
        match &self.outcome {
            Outcome::Answered(a) => {
                v["outcome"] = json!("answered");
                v["answer"] = a.clone();
            }
            Outcome::Refused(e) => {
                v["outcome"] = json!("refused");
                v["error"] = e.clone();
            }
            Outcome::Lost(why) => {
                v["outcome"] = json!("lost");
                v["reason"] = json!(why);
            }
            Outcome::NotAsked(why) => {
                v["outcome"] = json!("not-asked");
                v["reason"] = json!(why);
            }
        }
        v["findings"] = json!(self.problems);
        v["valid"] = json!(
            matches!(self.outcome, Outcome::Answered(_))
                && !self.problems.iter().any(|p| p.severity == Severity::Error)
        );
        if let Some(e) = &self.expected {
            v["expected"] = match e {
                Ok(()) => json!({"matches": true}),
                Err(why) => json!({"matches": false, "difference": why.to_string()}),
            };
        }
        v["ms"] = match self.elapsed {
            Some(d) => json!(d.as_millis() as u64),
            None => Value::Null,
        };
        v
    }

    /// One line for the tool result.
    pub fn summary(&self) -> String {
        let what = match &self.outcome {
            Outcome::Answered(a) => {
                let action = a.get("action").map_or("(no action)".into(), |x| {
                    x.as_str().map_or(x.to_string(), str::to_string)
                });
                match a.get("content") {
                    Some(c) => format!("{action} {c}"),
                    None => action,
                }
            }
            Outcome::Refused(e) => format!("refused with error {e}"),
            Outcome::Lost(why) => format!("lost: {why}"),
            Outcome::NotAsked(why) => format!("not asked: {why}"),
        };
        let mut s = format!("{} ({}): {what}", self.tool, self.origin);
        if matches!(self.outcome, Outcome::Answered(_)) {
            if self.problems.is_empty() {
                s.push_str("; valid");
            } else {
                let list = self
                    .problems
                    .iter()
                    .map(|p| format!("{}[{}] {}", p.severity, p.code, p.message))
                    .collect::<Vec<_>>()
                    .join("; ");
                s.push_str(&format!("; {list}"));
            }
        }
        match &self.expected {
            Some(Ok(())) => s.push_str("; as recorded"),
            Some(Err(why)) => s.push_str(&format!("; not as recorded: {why}")),
            None => {}
        }
        s
    }
}

/// Checks `answer` against the request `params` under `rev`.
pub(crate) fn check_answer(params: &Value, answer: &Value, rev: Revision) -> Vec<Problem> {
    let (pnode, anode) = match (Node::from_value(params), Node::from_value(answer)) {
        (Ok(p), Ok(a)) => (p, a),
        (Err(e), _) | (_, Err(e)) => {
            return vec![Problem {
                code: crate::rules::INVALID_JSON.code,
                severity: Severity::Error,
                message: format!("the answer cannot be checked: {e}"),
                pointer: String::new(),
            }];
        }
    };
    let asked = Elicitation::read(&pnode, "", rev).map(Elicitation::asked);
    let mut out = Findings::default();
    check_result(&anode, "", rev, asked.as_ref(), &[], &mut out);
    out.items
        .into_iter()
        .map(|f| Problem {
            code: f.rule.code,
            severity: f.rule.severity,
            message: f.message,
            pointer: f.pointer,
        })
        .collect()
}

/// Whether two answers say the same: same action and content, numbers
/// compared by value, a recorded `"[redacted]"` matching anything.
fn same(recorded: &Value, got: &Value) -> bool {
    match (recorded, got) {
        (Value::String(r), _) if r == REDACTED => true,
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| same(v, w)))
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        _ => recorded == got,
    }
}

/// How an answer differs from the one recorded for the same request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Difference {
    /// No recorded request matches.
    #[error(transparent)]
    Unmatched(#[from] recorded::Unmatched),
    /// The recorded request was answered otherwise.
    #[error(
        "recorded on line {line}: {}, got {}",
        shown(recorded),
        got.as_deref().map_or_else(|| "no answer".to_string(), shown)
    )]
    Answer {
        /// The line of the session the recorded request is on.
        line: usize,
        /// The answer recorded.
        recorded: Box<Value>,
        /// The answer given; `None` when none was.
        got: Option<Box<Value>>,
    },
}

/// An answer in brief: its action and content.
fn shown(a: &Value) -> String {
    let action = a.get("action").and_then(Value::as_str).unwrap_or("?");
    match a.get("content") {
        Some(c) => format!("{action} {c}"),
        None => action.to_string(),
    }
}

/// Compares an outcome with the answer recorded for the same request.
fn expect(recorded: &[Recorded], params: &Value, outcome: &Outcome) -> Result<(), Difference> {
    let r = recorded::find(recorded, params)?;
    let want = &r.answer;
    match outcome {
        Outcome::Answered(a) if same(want, a) => Ok(()),
        Outcome::Answered(a) => Err(Difference::Answer {
            line: r.line,
            recorded: Box::new(want.clone()),
            got: Some(Box::new(a.clone())),
        }),
        _ => Err(Difference::Answer {
            line: r.line,
            recorded: Box::new(want.clone()),
            got: None,
        }),
    }
}

/// The request as revision `rev` carries it: no `mode` key in 2025-06-18,
/// an `elicitationId` for URL mode in 2025-11-25 (none in 2026-07-28).
fn adapt(params: &Value, rev: Revision, message: Option<&Value>, seq: u64) -> Value {
    let mut p = params.clone();
    let Some(obj) = p.as_object_mut() else {
        return p;
    };
    if let Some(m) = message {
        obj.insert("message".into(), m.clone());
    }
    let url = obj.get("mode").and_then(Value::as_str) == Some("url");
    if !rev.has_modes() && obj.get("mode").and_then(Value::as_str) == Some("form") {
        obj.remove("mode");
    }
    if url {
        match rev.url_mode() {
            UrlMode::WithElicitationId => {
                obj.entry("elicitationId")
                    .or_insert_with(|| json!(format!("mcp-elicit-{seq}")));
            }
            UrlMode::Plain => {
                obj.remove("elicitationId");
            }
            UrlMode::Unsupported => {}
        }
    }
    p
}

/// `params` asked under `key`: a request (2025-06-18, 2025-11-25) carries
/// the key in `_meta` under [`INPUT_KEY_META`]; in 2026-07-28 the key is the
/// `inputRequests` key, and `_meta` does not repeat it.
fn with_key(params: &Value, rev: Revision, key: Option<&str>) -> Value {
    let mut p = params.clone();
    let Some(obj) = p.as_object_mut() else {
        return p;
    };
    match (rev.carrier(), key) {
        (Carrier::ServerRequest, Some(k)) => {
            let meta = obj.entry("_meta").or_insert_with(|| json!({}));
            if let Some(m) = meta.as_object_mut() {
                m.insert(INPUT_KEY_META.into(), json!(k));
            }
        }
        (Carrier::ServerRequest, None) => {}
        (Carrier::InputRequired, _) => {
            if let Some(Value::Object(m)) = obj.get_mut("_meta") {
                m.remove(INPUT_KEY_META);
                if m.is_empty() {
                    obj.remove("_meta");
                }
            }
        }
    }
    p
}

/// Why `params` cannot be sent to this client, if it cannot: a mode the
/// client did not declare, or what no form can show in `rev` (with
/// `strict`, any error of the rules `rules` selects).
fn refuse(
    params: &Value,
    rev: Revision,
    cap: Option<&Value>,
    strict: bool,
    rules: &RuleChoice,
) -> Option<String> {
    let url = params.get("mode").and_then(Value::as_str) == Some("url");
    let cap = cap?;
    if url {
        if !rev.has_modes() {
            return Some(format!("URL mode does not exist in {}", rev.as_str()));
        }
        if cap.get("url").is_none() {
            return Some("the client did not declare URL mode".into());
        }
    } else if rev.has_modes()
        && cap.get("form").is_none()
        && cap.as_object().is_some_and(|o| !o.is_empty())
    {
        return Some("the client did not declare form mode".into());
    }
    unservable(params, rev, strict, rules)
}

/// Why `params` cannot be served in `rev` whatever the client declared, if
/// it cannot: what no form can show ([`gate`](crate::form::gate)), or, with `strict`, any
/// error of the rules `rules` selects.
pub fn unservable(
    params: &Value,
    rev: Revision,
    strict: bool,
    rules: &RuleChoice,
) -> Option<String> {
    let judge = Judge {
        strict,
        rules: rules.clone(),
        ..Judge::new(rev)
    };
    let judged = judge.params(params);
    if judged.shown() {
        return None;
    }
    let whom = if strict {
        "--strict refuses it"
    } else {
        "no form can show it"
    };
    Some(match judged.refused.first() {
        Some(d) => format!(
            "{whom} in {}: [{}] {}",
            rev.as_str(),
            d.rule.code,
            d.message
        ),
        None => format!("{whom} in {}", rev.as_str()),
    })
}

/// Where a [`Mock`] reports what happens.
pub trait Report: Send + Sync {
    /// An exchange ended.
    fn exchange(&self, e: &Exchange);
    /// The client broke the protocol (see [`Handler::client_error`]).
    fn client_error(&self, what: &str);
    /// Something the client did that was let pass (see
    /// [`Handler::client_note`]).
    fn note(&self, _what: &str) {}
}

/// The handler that serves [`MockTool`]s.
pub struct Mock {
    pub name: String,
    pub tools: Vec<MockTool>,
    pub settings: Settings,
    /// Answers recorded for the same requests, to compare with.
    pub expected: Option<Vec<Recorded>>,
    /// Receives every exchange as it ends.
    pub sink: Box<dyn Report>,
    /// The rules `--strict` refuses on (their `select` and `ignore`; the
    /// revision is the client's).
    pub rules: RuleChoice,
    seq: std::sync::atomic::AtomicU64,
}

impl Mock {
    pub fn new(
        name: &str,
        tools: Vec<MockTool>,
        settings: Settings,
        expected: Option<Vec<Recorded>>,
        sink: Box<dyn Report>,
    ) -> Mock {
        Mock {
            name: name.to_string(),
            tools,
            settings,
            expected,
            sink,
            rules: RuleChoice::default(),
            seq: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Judges requests under `--strict` with only the rules `rules`
    /// selects (its `select` and `ignore`).
    pub fn with_rules(mut self, rules: RuleChoice) -> Mock {
        self.rules = rules;
        self
    }
}

fn text_result(text: String, is_error: bool) -> Value {
    let mut r = json!({"content": [{"type": "text", "text": text}]});
    if is_error {
        r["isError"] = json!(true);
    }
    r
}

impl Handler for Mock {
    fn name(&self) -> &str {
        &self.name
    }

    fn tools(&self) -> Vec<Tool> {
        self.tools.iter().map(MockTool::tool).collect()
    }

    fn client_error(&self, what: &str) {
        self.sink.client_error(what);
    }

    fn client_note(&self, what: &str) {
        self.sink.note(what);
    }

    fn required_capabilities(&self, name: &str) -> Vec<String> {
        let Some(tool) = self.tools.iter().find(|t| t.name == name) else {
            return Vec::new();
        };
        let mut caps = tool.required.clone();
        if !tool.questions.is_empty() && !caps.iter().any(|c| c == "elicitation") {
            caps.push("elicitation".into());
        }
        caps
    }

    fn call(&self, name: &str, args: &Value, ask: &mut dyn Elicitor) -> Result<Value, Stop> {
        let Some(tool) = self.tools.iter().find(|t| t.name == name) else {
            return Ok(text_result(format!("unknown tool {name}"), true));
        };
        let rev = ask.revision();
        if tool.questions.is_empty() {
            return Ok(match &tool.result {
                Some(r) => r.clone(),
                None => text_result(
                    format!(
                        "{name}: nothing recorded to serve; the recorded call ({}) was refused for want of {:?}",
                        tool.origin, tool.required
                    ),
                    true,
                ),
            });
        }
        if ask.capability().is_none() {
            return Ok(text_result(
                format!("{name} asks for input, but the client declared no elicitation capability"),
                true,
            ));
        }
        // In 2026-07-28 the tool runs again on every retry: what is not
        // sent is reported on the first run only.
        let first_run = ask.next_answer() == NextAnswer::AskNow;
        let settings = self.settings;
        let mut lines = Vec::new();
        for q in &tool.questions {
            let message = q.message_arg.as_ref().and_then(|k| args.get(k));
            let seq = self.seq.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let params = with_key(&adapt(&q.params, rev, message, seq), rev, q.key.as_deref());
            let mut exchange = Exchange {
                tool: name.to_string(),
                origin: q.origin.clone(),
                revision: rev,
                request: params.clone(),
                outcome: Outcome::NotAsked(String::new()),
                problems: Vec::new(),
                expected: None,
                elapsed: None,
            };
            if let Some(why) = refuse(&params, rev, ask.capability(), settings.strict, &self.rules)
            {
                exchange.outcome = Outcome::NotAsked(why);
                if first_run {
                    self.sink.exchange(&exchange);
                }
                lines.push(exchange.summary());
                continue;
            }
            for _ in 0..settings.repeat.max(1) {
                let next = ask.next_answer();
                if next == NextAnswer::AskNow && !settings.delay.is_zero() {
                    std::thread::sleep(settings.delay);
                }
                let sent = Instant::now();
                // Recorded keys are kept; copies in a burst get `_2`, `_3`.
                let outcomes = match (&q.key, settings.burst) {
                    (None, 0 | 1) => vec![ask.elicit(params.clone())],
                    (None, n) => ask.elicit_all(vec![params.clone(); n as usize]),
                    (Some(k), 0 | 1) => vec![ask.elicit_keyed(k, params.clone())],
                    (Some(k), n) => ask.elicit_all_keyed(
                        (1..=n)
                            .map(|i| {
                                let key = if i == 1 {
                                    k.clone()
                                } else {
                                    format!("{k}_{i}")
                                };
                                let p = with_key(&params, rev, Some(&key));
                                (key, p)
                            })
                            .collect(),
                    ),
                };
                let elapsed = match next {
                    NextAnswer::AskNow => Some(sent.elapsed()),
                    NextAnswer::JustArrived { waited } => waited,
                    NextAnswer::Earlier => None,
                };
                let mut lost = None;
                for outcome in outcomes {
                    let outcome = match outcome {
                        Ok(a) => Outcome::Answered(a),
                        Err(Stop::InputRequired(p)) => return Err(Stop::InputRequired(p)),
                        Err(Stop::Refused(e)) => Outcome::Refused(e),
                        Err(Stop::Lost(why)) => {
                            lost = Some(why.clone());
                            Outcome::Lost(why)
                        }
                    };
                    exchange.problems = match &outcome {
                        Outcome::Answered(a) => check_answer(&params, a, rev),
                        _ => Vec::new(),
                    };
                    exchange.expected = self
                        .expected
                        .as_ref()
                        .map(|rec| expect(rec, &params, &outcome));
                    exchange.outcome = outcome;
                    exchange.elapsed = elapsed;
                    if next != NextAnswer::Earlier {
                        self.sink.exchange(&exchange);
                    }
                    lines.push(exchange.summary());
                }
                if let Some(why) = lost {
                    return Err(Stop::Lost(why));
                }
            }
        }
        Ok(text_result(lines.join("\n"), false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_that_cannot_be_read_is_a_problem_not_a_pass() {
        let params = json!({"message": "Name?", "requestedSchema": {"type": "object",
            "properties": {"name": {"type": "string"}}}});
        let mut deep = json!("x");
        for _ in 0..200 {
            deep = json!([deep]);
        }
        let answer = json!({"action": "accept", "content": {"name": deep}});
        let problems = check_answer(&params, &answer, Revision::V2025_11_25);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].code, "E001");
        assert!(
            problems[0].message.contains("deeper than 128"),
            "{problems:?}"
        );
        let fine = json!({"action": "accept", "content": {"name": "Ada"}});
        assert_eq!(check_answer(&params, &fine, Revision::V2025_11_25), vec![]);
    }

    #[test]
    fn a_session_gives_one_tool_per_call_with_its_questions_in_order() {
        let dir = std::env::temp_dir().join(format!("mock-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("s.jsonl");
        std::fs::copy(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/examples/sessions/booking.jsonl"
            ),
            &p,
        )
        .unwrap();
        let tools = load(&p, "s.jsonl").unwrap().tools;
        assert_eq!(tools.len(), 1);
        assert_eq!(tools[0].name, "book_table");
        assert_eq!(tools[0].origin, "s.jsonl:5");
        assert_eq!(tools[0].questions.len(), 1);
        assert_eq!(tools[0].questions[0].origin, "s.jsonl:6");
        let schema = tools[0].tool().input_schema;
        assert_eq!(schema["properties"]["restaurant"]["type"], "string");
        assert_eq!(schema.get("required"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn what_a_prompt_asked_in_2026_is_served_under_the_file_name() {
        let text = r#"{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"greet","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"who":{"method":"elicitation/create","params":{"message":"Whom?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s"}}
"#;
        let tools = load_session(text, "p.jsonl", "p").unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(tools[0].name, "p");
        assert_eq!(tools[0].questions[0].origin, "p.jsonl:2");
        assert_eq!(tools[0].questions[0].params["message"], "Whom?");
    }

    #[test]
    fn answers_compare_by_value_and_redacted_matches_anything() {
        assert!(same(&json!({"a": 30}), &json!({"a": 30.0})));
        assert!(same(&json!({"a": REDACTED}), &json!({"a": "secret"})));
        assert!(!same(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
    }

    #[test]
    fn a_key_goes_in_meta_to_a_2025_client_and_is_read_back_from_a_recording() {
        let asked = with_key(
            &json!({"message": "m", "_meta": {"other": 1}}),
            Revision::V2025_11_25,
            Some("user_name"),
        );
        assert_eq!(
            asked["_meta"],
            json!({"other": 1, "io.github.mcp-elicit/inputKey": "user_name"})
        );
        // In 2026-07-28 the inputRequests key says it; _meta does not.
        let modern = with_key(&asked, Revision::V2026_07_28, Some("user_name"));
        assert_eq!(modern["_meta"], json!({"other": 1}));
        let bare = with_key(
            &json!({"message": "m", "_meta": {INPUT_KEY_META: "k"}}),
            Revision::V2026_07_28,
            Some("k"),
        );
        assert_eq!(bare, json!({"message": "m"}));
        assert_eq!(
            with_key(&json!({"message": "m"}), Revision::V2025_06_18, None),
            json!({"message": "m"})
        );
        let mut tool = MockTool {
            name: "t".into(),
            origin: "f".into(),
            arguments: Map::new(),
            questions: Vec::new(),
            required: Vec::new(),
            result: None,
        };
        tool.ask(asked, "f:2".into(), None);
        tool.ask(json!({"message": "m"}), "f:3".into(), None);
        tool.ask(modern, "f:4".into(), Some("recorded".into()));
        let keys: Vec<Option<&str>> = tool.questions.iter().map(|q| q.key.as_deref()).collect();
        assert_eq!(keys, [Some("user_name"), None, Some("recorded")]);
    }

    #[test]
    fn requests_follow_the_revision() {
        let url = json!({"mode": "url", "message": "m", "url": "https://x.example", "elicitationId": "e"});
        assert!(
            adapt(&url, Revision::V2026_07_28, None, 1)
                .get("elicitationId")
                .is_none()
        );
        let bare = json!({"mode": "url", "message": "m", "url": "https://x.example"});
        assert_eq!(
            adapt(&bare, Revision::V2025_11_25, None, 7)["elicitationId"],
            "mcp-elicit-7"
        );
        let form = json!({"mode": "form", "message": "m", "requestedSchema": {"type": "object", "properties": {}}});
        assert!(
            adapt(&form, Revision::V2025_06_18, None, 1)
                .get("mode")
                .is_none()
        );
        assert_eq!(
            refuse(
                &url,
                Revision::V2025_11_25,
                Some(&json!({})),
                false,
                &RuleChoice::default()
            )
            .unwrap(),
            "the client did not declare URL mode"
        );
        assert!(
            refuse(
                &form,
                Revision::V2025_11_25,
                Some(&json!({})),
                false,
                &RuleChoice::default()
            )
            .is_none()
        );
    }
}
