//! A probe recording read back: what the host declared, what it did with
//! each shape, a host entry in the shape of `src/hosts/data.rs`, and where
//! the host differs from the facts shipped for it.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use super::{Instruction, SHAPES, Shape};
use crate::form::host::{AsHost, as_host};
use crate::hosts::{Declares, Host, HostKind, Status, Trigger, Version};
use crate::sanitize;
use crate::spec::Revision;

/// What a client declared when it connected (or, in 2026-07-28, on a
/// request).
#[derive(Debug, Clone, PartialEq)]
pub struct Declared {
    /// `initialize`, `server/discover`, `tools/call`, ...
    pub method: String,
    pub protocol_version: String,
    /// The client's capabilities as sent (`Null` when none were).
    pub capabilities: Value,
    pub client_name: String,
    pub client_version: String,
}

impl Declared {
    /// The `elicitation` capability, `None` when the client declared none.
    pub fn elicitation(&self) -> Option<&Value> {
        self.capabilities.get("elicitation")
    }

    /// The capability in words: `elicitation {"form":{}}`, or `no
    /// elicitation`.
    fn elicitation_words(&self) -> String {
        match self.elicitation() {
            Some(c) => format!("elicitation {}", sanitize::line(&c.to_string())),
            None => "no elicitation".to_string(),
        }
    }
}

/// What came back for one question.
#[derive(Debug, Clone, PartialEq)]
pub enum Seen {
    /// An `ElicitResult`: its action and content.
    Answered {
        action: String,
        content: Option<Value>,
    },
    /// A JSON-RPC error instead of a result.
    Error { code: Option<i64>, message: String },
    /// Nothing: the question was asked and the recording ends without an
    /// answer.
    Nothing,
    /// The connection was lost while the question waited.
    Lost(String),
}

impl Seen {
    /// In words: "accept with {\"name\":\"Ada\"}", "error -32602: ...".
    pub fn words(&self) -> String {
        match self {
            Seen::Answered { action, content } => match content {
                Some(c) => format!(
                    "{} with {}",
                    sanitize::line(action),
                    sanitize::line(&c.to_string())
                ),
                None => sanitize::line(action).into_owned(),
            },
            Seen::Error { code, message } => match code {
                Some(c) => format!("error {c}: {}", shortened(message)),
                None => format!("error: {}", shortened(message)),
            },
            Seen::Nothing => "nothing came back".to_string(),
            Seen::Lost(why) => format!("the connection was lost ({})", sanitize::line(why)),
        }
    }
}

/// How much of an error message a report shows.
const MESSAGE_CHARS: usize = 160;

/// A message on one line, cut after [`MESSAGE_CHARS`] characters.
fn shortened(message: &str) -> String {
    let joined = message.split_whitespace().collect::<Vec<_>>().join(" ");
    sanitize::cut(&sanitize::line(&joined), MESSAGE_CHARS)
}

/// One question of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub key: String,
    pub params: Value,
    pub seen: Seen,
    /// How long the answer took, when the recording says.
    pub waited_ms: Option<u64>,
}

/// One probe tool's run.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub shape: &'static Shape,
    /// Its index in [`SHAPES`].
    pub index: usize,
    pub revision: Revision,
    pub questions: Vec<Question>,
}

impl Run {
    /// How the report names question `q`: the shape, and the question's
    /// key when the shape asks more than one.
    fn label(&self, q: &Question) -> String {
        if self.questions.len() > 1 {
            format!("{}/{}", self.shape.id, q.key)
        } else {
            self.shape.id.to_string()
        }
    }
}

/// A probe recording, read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recording {
    pub declared: Vec<Declared>,
    pub runs: Vec<Run>,
    /// Shapes not asked, and why (URL mode in 2025-06-18).
    pub skipped: Vec<(&'static str, String)>,
    /// A last line cut short (the probe was stopped while writing it).
    pub truncated: bool,
}

/// A recording that cannot be read: where, and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{name}:{line}: {what}")]
pub struct ReadError {
    pub name: String,
    pub line: usize,
    pub what: String,
}

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

/// Reads a recording (`name` names it in errors). A last line without its
/// newline that is not JSON is a write cut short: it is left out and said.
pub fn read(data: &str, name: &str) -> Result<Recording, ReadError> {
    let mut rec = Recording::default();
    let fail = |line: usize, what: String| ReadError {
        name: name.to_string(),
        line,
        what,
    };
    let lines: Vec<&str> = data.split('\n').collect();
    let mut seen_probe = false;
    for (i, raw) in lines.iter().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let last = i + 1 == lines.len();
        let event: Value = match serde_json::from_str(raw) {
            Ok(v) => v,
            Err(_) if last => {
                rec.truncated = true;
                break;
            }
            Err(e) => return Err(fail(n, format!("not JSON ({e})"))),
        };
        match event.get("event").and_then(Value::as_str) {
            Some("probe") => seen_probe = true,
            Some("declared") => {
                let info = event.get("clientInfo").cloned().unwrap_or(Value::Null);
                rec.declared.push(Declared {
                    method: text(&event, "method"),
                    protocol_version: text(&event, "protocolVersion"),
                    capabilities: event.get("capabilities").cloned().unwrap_or(Value::Null),
                    client_name: text(&info, "name"),
                    client_version: text(&info, "version"),
                });
            }
            Some("asked") => {
                let shape = text(&event, "shape");
                let Some(index) = SHAPES.iter().position(|s| s.id == shape) else {
                    return Err(fail(
                        n,
                        format!("no probe shape `{}`", sanitize::line(&shape)),
                    ));
                };
                let revision = Revision::from_protocol_version(&text(&event, "revision"))
                    .ok_or_else(|| fail(n, "the revision is not one of the spec's".into()))?;
                let questions = event
                    .get("questions")
                    .and_then(Value::as_array)
                    .ok_or_else(|| fail(n, "`questions` is missing".into()))?
                    .iter()
                    .map(|q| Question {
                        key: text(q, "key"),
                        params: q.get("params").cloned().unwrap_or(Value::Null),
                        seen: Seen::Nothing,
                        waited_ms: None,
                    })
                    .collect();
                rec.runs.push(Run {
                    shape: &SHAPES[index],
                    index,
                    revision,
                    questions,
                });
            }
            Some("answered") => {
                let shape = text(&event, "shape");
                let key = text(&event, "key");
                let Some(q) = rec
                    .runs
                    .iter_mut()
                    .rev()
                    .find(|r| r.shape.id == shape)
                    .and_then(|r| r.questions.iter_mut().find(|q| q.key == key))
                else {
                    return Err(fail(
                        n,
                        format!(
                            "an answer to `{}` before it was asked",
                            sanitize::line(&shape)
                        ),
                    ));
                };
                q.waited_ms = event.get("waited_ms").and_then(Value::as_u64);
                q.seen = match (event.get("result"), event.get("error")) {
                    (Some(r), _) => Seen::Answered {
                        action: text(r, "action"),
                        content: r.get("content").cloned(),
                    },
                    (None, Some(e)) => Seen::Error {
                        code: e.get("code").and_then(Value::as_i64),
                        message: text(e, "message"),
                    },
                    (None, None) => {
                        return Err(fail(n, "an answer with neither result nor error".into()));
                    }
                };
            }
            Some("lost") => {
                let shape = text(&event, "shape");
                if let Some(r) = rec.runs.iter_mut().rev().find(|r| r.shape.id == shape) {
                    for q in r.questions.iter_mut().filter(|q| q.seen == Seen::Nothing) {
                        q.seen = Seen::Lost(text(&event, "why"));
                    }
                }
            }
            Some("skipped") => {
                let shape = text(&event, "shape");
                if let Some(s) = SHAPES.iter().find(|s| s.id == shape) {
                    rec.skipped.push((s.id, text(&event, "why")));
                }
            }
            _ => return Err(fail(n, "not an event of a probe recording".into())),
        }
    }
    if !seen_probe {
        return Err(fail(1, "not a probe recording: it does not start with the probe's own line (`mcp-elicit probe --record FILE` writes one)".into()));
    }
    Ok(rec)
}

/// How a run differs from what the instruction asked of a host that
/// shows the form as the spec intends; empty when it does not.
pub fn deviations(run: &Run) -> Vec<String> {
    let mut out = Vec::new();
    for q in &run.questions {
        let want = run.shape.instruction.action();
        let label = if run.questions.len() > 1 {
            format!("question `{}`: ", q.key)
        } else {
            String::new()
        };
        match &q.seen {
            Seen::Answered { action, content } if action == want => {
                if run.shape.instruction == Instruction::Accept {
                    for d in content_deviations(&q.params, content.as_ref()) {
                        out.push(format!("{label}{d}"));
                    }
                }
            }
            other => out.push(format!(
                "{label}asked to {want}, the host sent {}",
                other.words()
            )),
        }
    }
    out
}

/// What accepting a form unchanged sends: each default (in order).
fn defaults(params: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    if let Some(props) = params
        .get("requestedSchema")
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
    {
        for (k, p) in props {
            if let Some(d) = p.get("default") {
                out.insert(k.clone(), d.clone());
            }
        }
    }
    out
}

/// How accepted content differs from the form's defaults.
fn content_deviations(params: &Value, content: Option<&Value>) -> Vec<String> {
    let want = defaults(params);
    let empty = Map::new();
    let got = content.and_then(Value::as_object).unwrap_or(&empty);
    let mut out = Vec::new();
    for (k, d) in &want {
        match got.get(k) {
            None => out.push(format!(
                "the default of `{}` ({d}) was not sent",
                sanitize::line(k)
            )),
            Some(v) if v != d => out.push(format!(
                "`{}` was sent as {} instead of its default {d}",
                sanitize::line(k),
                sanitize::line(&v.to_string())
            )),
            Some(_) => {}
        }
    }
    for (k, v) in got {
        if !want.contains_key(k) {
            out.push(format!(
                "`{}` was sent as {} though the form gives it no default",
                sanitize::line(k),
                sanitize::line(&v.to_string())
            ));
        }
    }
    out
}

/// What the facts shipped for `host` predict for one question of `run`:
/// the request as that host shows it (`answer --as`), or the answer it
/// sends without asking. A client that negotiated 2026-07-28 is not one
/// of the versions that cannot (their InputRequiredResult facts are
/// `unsupported`), so those facts only count when one is `broken` (a host
/// that negotiates it and then drops the result).
pub fn predict(host: &'static Host, run: &Run, params: &Value) -> AsHost {
    let input_required = run.revision == Revision::V2026_07_28
        && host
            .facts
            .iter()
            .any(|f| f.trigger == Trigger::InputRequired && f.status != Status::Unsupported);
    as_host(host, params, input_required, run.revision).0
}

/// Whether what was seen is what `predicted` says a person following
/// `instruction` gets: accepting a shown form unchanged sends its defaults
/// as the host shows them.
fn agrees(predicted: &AsHost, instruction: Instruction, seen: &Seen) -> bool {
    match (predicted, seen) {
        (AsHost::NotShown { sends: None }, Seen::Error { .. } | Seen::Nothing | Seen::Lost(_)) => {
            true
        }
        (AsHost::NotShown { sends: Some(s) }, Seen::Answered { action, .. }) => {
            s.get("action").and_then(Value::as_str) == Some(action.as_str())
        }
        (AsHost::Shown { params }, Seen::Answered { action, content }) => {
            action == instruction.action()
                && (instruction != Instruction::Accept
                    || content
                        .as_ref()
                        .and_then(Value::as_object)
                        .cloned()
                        .unwrap_or_default()
                        == defaults(params))
        }
        _ => false,
    }
}

/// What `predicted` says, in words, beside the request as sent (`asked`).
fn predicted_words(predicted: &AsHost, instruction: Instruction, asked: &Value) -> String {
    match predicted {
        AsHost::NotShown { sends: None } => "an error or no answer".to_string(),
        AsHost::NotShown { sends: Some(s) } => format!("the host answering {s} by itself"),
        AsHost::Shown { params } => {
            let mut w = format!("{} as asked", instruction.action());
            if instruction != Instruction::Accept {
                return w;
            }
            let (sent, shown) = (defaults(asked), defaults(params));
            let emptied = |p: &Value| {
                p.pointer("/requestedSchema/properties")
                    .and_then(Value::as_object)
                    .is_some_and(Map::is_empty)
            };
            if emptied(params) && !emptied(asked) {
                w.push_str(", as an approval with no content");
                return w;
            }
            let dropped: Vec<String> = sent
                .keys()
                .filter(|k| !shown.contains_key(*k))
                .cloned()
                .collect();
            let prefilled: Vec<String> = shown
                .keys()
                .filter(|k| !sent.contains_key(*k))
                .cloned()
                .collect();
            if !dropped.is_empty() {
                w.push_str(&format!(", without the defaults of {}", quoted(&dropped)));
            }
            if !prefilled.is_empty() {
                w.push_str(&format!(", with {} pre-filled", quoted(&prefilled)));
            }
            w
        }
    }
}

fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{}`", sanitize::line(n)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The host a recording's client names, from the client names known to
/// belong to a host.
pub fn host_of(rec: &Recording) -> Option<&'static Host> {
    let name = rec.declared.first()?.client_name.as_str();
    let id = CLIENT_NAMES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))?
        .1;
    crate::hosts::find(id)
}

/// `clientInfo.name` values and the host each belongs to, where a probe,
/// a catalog of probes or the host's source shows the name. Any other
/// client is compared only when `--host` names its host.
const CLIENT_NAMES: &[(&str, &str)] = &[
    ("claude-code", "claude-code"),
    ("codex-mcp-client", "codex"),
    ("Visual Studio Code", "vscode"),
    ("cursor-vscode", "cursor"),
    // examples/probe/mcporter-0.12.3.jsonl
    ("mcporter", "mcporter"),
    // The Python SDK's default (examples/probe).
    ("mcp", "python-sdk"),
];

/// The report: what was declared, each shape, a host entry, and the
/// differences from `host`'s facts (selected at the probed version when
/// the entry knows it) when there is a host to compare with.
pub fn render(rec: &Recording, name: &str, host: Option<&'static Host>) -> String {
    let mut out = String::new();
    let who = match rec.declared.first() {
        Some(_) => sanitize::line(&who(rec)).into_owned(),
        None => "a client that declared nothing".to_string(),
    };
    let _ = writeln!(out, "Probe of {who} ({})", sanitize::line(name));
    if rec.truncated {
        let _ = writeln!(out, "  (its last line was cut short and is left out)");
    }
    let _ = writeln!(out, "\nDeclared:");
    if rec.declared.is_empty() {
        let _ = writeln!(
            out,
            "  nothing (no `initialize` and no 2026-07-28 request reached the probe)"
        );
    }
    for d in &rec.declared {
        let _ = writeln!(
            out,
            "  {} {}: {}; client {} {}",
            sanitize::line(&d.method),
            sanitize::line(&d.protocol_version),
            d.elicitation_words(),
            sanitize::line(&d.client_name),
            sanitize::line(&d.client_version)
        );
    }
    let _ = writeln!(out, "\nShapes:");
    let width = SHAPES.iter().map(|s| s.id.len()).max().unwrap_or(0);
    for run in &rec.runs {
        for q in &run.questions {
            let label = run.label(q);
            let ms = q
                .waited_ms
                .map(|m| format!(" ({m} ms)"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  {label:width$}  {}: {}{ms}",
                run.revision.as_str(),
                q.seen.words(),
                width = width + 7
            );
        }
        for d in deviations(run) {
            let _ = writeln!(out, "  {:width$}  differs: {d}", "", width = width + 7);
        }
    }
    for (id, why) in &rec.skipped {
        let _ = writeln!(
            out,
            "  {id:width$}  not asked: {}",
            sanitize::line(why),
            width = width + 7
        );
    }
    let missing: Vec<&str> = SHAPES
        .iter()
        .filter(|s| {
            !rec.runs.iter().any(|r| r.shape.id == s.id)
                && !rec.skipped.iter().any(|(id, _)| id == &s.id)
        })
        .map(|s| s.id)
        .collect();
    if !missing.is_empty() {
        let _ = writeln!(out, "  not run: {}", missing.join(", "));
    }
    let _ = writeln!(
        out,
        "\nHost entry (for src/hosts/data.rs, the recording as evidence):"
    );
    out.push_str(&entry(rec, name));
    let _ = writeln!(out);
    match host {
        None => {
            let _ = writeln!(
                out,
                "Differences: no host to compare with (give `--host ID` to compare with the facts shipped for it)."
            );
        }
        Some(h) => out.push_str(&differences(rec, h)),
    }
    out
}

/// The probed version, when the client said one that reads as a version.
fn probed_version(rec: &Recording) -> Option<Version> {
    rec.declared
        .first()
        .and_then(|d| Version::parse(&d.client_version))
}

/// Differences between the recording and the facts shipped for `host` at
/// the probed version.
fn differences(rec: &Recording, host: &'static Host) -> String {
    let mut out = String::new();
    // A version given with the host (`--host ID@VERSION`) is the one
    // compared with; else the client's, for an application. An SDK's
    // entry is by the SDK's versions, and the client's version is the
    // application's (or the SDK's default), so it selects nothing.
    let given = host
        .short
        .split_once('@')
        .and_then(|(_, v)| Version::parse(v));
    let version = given.or_else(|| probed_version(rec).filter(|_| host.kind == HostKind::App));
    let selector = match &version {
        Some(v) => format!("{}@{v}", host.id),
        None => host.id.to_string(),
    };
    let at = crate::hosts::select(&selector).unwrap_or(host);
    let mut lines = Vec::new();
    let shipped = crate::hosts::declaration(host, version.as_ref());
    // What an application on an SDK declares is the application's choice:
    // an SDK's entry without declarations has nothing to compare.
    let compare_declared = shipped.is_some() || host.kind == HostKind::App;
    for d in rec.declared.iter().filter(|_| compare_declared) {
        match shipped {
            None => lines.push(format!(
                "declared: nothing is shipped for what {} declares; the probe saw {} over {}",
                selector,
                d.elicitation_words(),
                sanitize::line(&d.protocol_version)
            )),
            Some(s) => {
                let seen_url = d.elicitation().map(|c| c.get("url").is_some());
                match s.elicitation {
                    Some(Declares::Nothing) if d.elicitation().is_some() => lines.push(format!(
                        "declared: shipped says no elicitation ({}); the probe saw {}",
                        s.versions,
                        sanitize::line(&d.elicitation().map(Value::to_string).unwrap_or_default())
                    )),
                    Some(Declares::Capability(_) | Declares::FormOnly)
                        if seen_url != s.url_mode() =>
                    {
                        lines.push(format!(
                            "declared: shipped says URL mode {} ({}); the probe saw {}",
                            if s.url_mode() == Some(true) {
                                "declared"
                            } else {
                                "not declared"
                            },
                            s.versions,
                            d.elicitation_words()
                        ))
                    }
                    _ => {}
                }
                if !s.revisions.is_empty() && !s.revisions.contains(&d.protocol_version.as_str()) {
                    lines.push(format!(
                        "declared: shipped says it negotiates {} ({}); the probe saw {}",
                        s.revisions.join(", "),
                        s.versions,
                        sanitize::line(&d.protocol_version)
                    ));
                }
            }
        }
    }
    for run in &rec.runs {
        for q in &run.questions {
            let p = predict(at, run, &q.params);
            if !agrees(&p, run.shape.instruction, &q.seen) {
                lines.push(format!(
                    "{} ({}): the facts shipped predict {}; the host sent {}",
                    run.label(q),
                    run.revision.as_str(),
                    predicted_words(&p, run.shape.instruction, &q.params),
                    q.seen.words()
                ));
            }
        }
    }
    if lines.is_empty() {
        let _ = writeln!(
            out,
            "Differences from the facts shipped for {selector}: none."
        );
    } else {
        let _ = writeln!(out, "Differences from the facts shipped for {selector}:");
        for l in lines {
            let _ = writeln!(out, "  - {l}");
        }
    }
    out
}

/// A host entry in the shape of `src/hosts/data.rs`: the declarations,
/// and a fact for each shape the host did not handle as the spec intends.
pub fn entry(rec: &Recording, name: &str) -> String {
    let mut out = String::new();
    let version = rec
        .declared
        .first()
        .map(|d| d.client_version.clone())
        .unwrap_or_default();
    let evidence = format!("probe({:?})", format!("{name} {}", who(rec)));
    let mut seen = Vec::new();
    for d in &rec.declared {
        let key = (
            d.protocol_version.clone(),
            d.capabilities.get("elicitation").cloned(),
        );
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let elicitation = match d.elicitation() {
            Some(c) => format!(
                "Some(Declares::Capability(r#\"{}\"#))",
                c.to_string().replace("\"#", "\\\"#")
            ),
            None => "Some(Declares::Nothing)".to_string(),
        };
        let _ = writeln!(
            out,
            "    Declared {{\n        versions: {:?},\n        within: Within::only({:?}),\n        elicitation: {elicitation},\n        revisions: &[{:?}],\n        note: None,\n        evidence: &[{evidence}],\n    }},",
            version, version, d.protocol_version
        );
    }
    for run in &rec.runs {
        let devs = deviations(run);
        if devs.is_empty() {
            continue;
        }
        let seen = &run.questions[0].seen;
        let (effect, rule, status) = match seen {
            Seen::Error { .. } | Seen::Nothing | Seen::Lost(_) => (
                "NotShown { sends: None }".to_string(),
                run.shape.rule,
                "Broken",
            ),
            Seen::Answered { action, .. } if action != run.shape.instruction.action() => {
                if run.shape.instruction == Instruction::Accept {
                    (
                        format!("NotShown {{ sends: Some(r#\"{{\"action\": {action:?}}}\"#) }}"),
                        run.shape.rule,
                        "Broken",
                    )
                } else {
                    // A button that sends another action: a note, not a fact.
                    let _ = writeln!(
                        out,
                        "    Note {{\n        text: {:?},\n        evidence: &[{evidence}],\n        versions: {:?},\n    }},",
                        format!(
                            "asked to {}, the host sent `{action}`",
                            run.shape.instruction.action()
                        ),
                        version
                    );
                    continue;
                }
            }
            Seen::Answered { .. } if devs.iter().any(|d| d.contains("no default")) => (
                "PrefillMinimum".to_string(),
                "HOST_NUMBER_PREFILLED",
                "Degraded",
            ),
            Seen::Answered { .. } => (
                "DropDefault".to_string(),
                "HOST_DEFAULT_NOT_SHOWN",
                "Degraded",
            ),
        };
        let _ = writeln!(
            out,
            "    Fact {{\n        id: {:?},\n        within: Within::only({:?}),\n        effect: {effect},\n        rule: &rules::{rule},\n        trigger: {},\n        status: {status},\n        sees: {:?},\n        fix: None,\n        evidence: &[{evidence}],\n        versions: {:?},\n    }},",
            format!("probe-{}", run.shape.id),
            version,
            run.shape.trigger,
            devs.join("; "),
            version
        );
    }
    out
}

fn who(rec: &Recording) -> String {
    rec.declared
        .first()
        .map(|d| format!("{} {}", d.client_name, d.client_version))
        .unwrap_or_default()
}
