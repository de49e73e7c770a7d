//! The linter: recognises each document, finds every elicitation in it and
//! checks it against one spec revision. JSONL files are linted line by line
//! with state carried between lines, so answers are checked against the
//! requests they answer and 2026-07-28 retries against the results that
//! asked for them: a fold over the session reader's lines and its pairing
//! ([`crate::session::pairing`]), which decide for every reader of sessions
//! what answers what.

pub mod answer;
pub mod flight;
pub mod hosts;

use std::collections::HashSet;
use std::io::BufRead;

use crate::lines::{LineRead, read_line_bounded, trim_line};

use crate::document::{self, CLIENT_CAPABILITIES_META, Kind};
use crate::finding::{Diagnostic, Finding, Findings, Severity};
use crate::json::{self, LineIndex, Node, Span, pointer_push};
use crate::rules::check_params;
use crate::rules::{self, Rule};
use crate::schema::{Asked, Mode};
use crate::session::Direction;
use crate::session::pairing::{Awaiting, Pairing, Step};
use crate::spec::Revision;
use answer::{Declared, check_capability, check_result};

/// How to lint.
#[derive(Debug, Clone)]
pub struct Options {
    /// The revision to lint under.
    pub revision: Revision,
    /// Whether `revision` was chosen explicitly; otherwise a revision named
    /// by the document wins.
    pub forced: bool,
    /// Codes of the rules to report; empty means all.
    pub select: HashSet<&'static str>,
    /// Codes of the rules never to report.
    pub ignore: HashSet<&'static str>,
    /// The hosts whose behaviour to report (`--hosts`): the host rules.
    pub hosts: Vec<&'static crate::hosts::Host>,
    /// Judge a document only when it is recognisably about elicitation
    /// (`document::is_elicitation`, or JSONL that
    /// starts a session); anything else
    /// is [skipped](Judged::Skipped) without a finding. For files met in a
    /// walk or a list of names, where most JSON is not ours; stdin and
    /// files declared as schemas are judged whatever they hold.
    pub elicitations_only: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            revision: Revision::LATEST,
            forced: false,
            select: HashSet::new(),
            ignore: HashSet::new(),
            hosts: Vec::new(),
            elicitations_only: false,
        }
    }
}

/// What became of one input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judged {
    /// It was linted (its findings, if any, went to the sink).
    Linted,
    /// It was passed over under [`Options::elicitations_only`].
    Skipped(Skip),
}

/// Why an input was passed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// A file of a kind the linter does not read (by its extension).
    NotRead,
    /// It is not JSON (and names nothing an elicitation is written with).
    NotJson,
    /// JSONL whose first line starts no session.
    NotSession,
    /// A JSON file that holds none of the names an elicitation document
    /// or a session is written with, passed over unparsed
    /// ([`Linter::file_of_many`]).
    NamesNothing,
    /// A JSON document of this shape that is not an elicitation; a
    /// [`Kind::Schema`] or [`Kind::Property`] may be a bare requested schema
    /// that nothing declared as one.
    Document(Kind),
}

/// Names only an elicitation document is written with: text that is not
/// valid JSON but holds one of them is judged (and reported as invalid),
/// since it was meant to be one.
const MARKERS: [&[u8]; 4] = [
    b"requestedSchema",
    b"elicitation/create",
    b"inputRequests",
    b"inputResponses",
];

fn has_marker(bytes: &[u8]) -> bool {
    MARKERS
        .iter()
        .any(|m| memchr::memmem::find(bytes, m).is_some())
}

impl Options {
    pub fn for_revision(revision: Revision) -> Self {
        Options {
            revision,
            forced: true,
            ..Options::default()
        }
    }

    pub(crate) fn enabled(&self, rule: &Rule) -> bool {
        (self.select.is_empty() || self.select.contains(rule.code))
            && !self.ignore.contains(rule.code)
    }
}

/// An elicitation waiting for its answer, or asked by an
/// `InputRequiredResult` and waiting for its retry.
#[derive(Debug)]
struct Pending {
    asked: Asked,
    revision: Revision,
    /// Where the request is in a JSONL file, to report it if it is never
    /// answered.
    at: Option<Placed>,
}

/// Where an unanswered request was, kept until the end of the session.
#[derive(Debug)]
struct Placed {
    line: usize,
    column: usize,
    end_column: usize,
    /// The line's text when it is short enough to keep, for `--format full`.
    source_line: String,
}

/// The longest request line kept to show beside a finding at the end of a
/// session; longer ones are reported without their source line.
const KEPT_LINE: usize = 4096;

/// What one JSONL file has shown so far.
#[derive(Debug, Default)]
pub(crate) struct Conversation {
    /// Whether this is a multi-message file (so that answers without a
    /// request are worth reporting).
    pub multi: bool,
    revision: Option<Revision>,
    declared: Option<Declared>,
    /// Properties whose answers the recording redacted (from its header).
    redacted: Vec<String>,
    /// Which answer answers which request: the pairing every reader of
    /// sessions shares. The linter keeps nothing of a client's request
    /// beyond its method and target, and what each elicitation asked.
    pairing: Pairing<(), Pending>,
    /// The elicitation request the last text recorded, with the span of its
    /// id, for the JSONL reader to place.
    recorded: Option<(String, Span)>,
}

impl Conversation {
    pub(crate) fn multi() -> Self {
        Conversation {
            multi: true,
            ..Conversation::default()
        }
    }
}

/// Lints one parsed document.
pub(crate) fn lint_node(
    node: &Node,
    opts: &Options,
    session: &mut Conversation,
    out: &mut Findings,
) {
    lint_message(node, None, opts, session, out);
}

/// Lints one document, a message sent by `from` when a session says who
/// sent it.
fn lint_message(
    node: &Node,
    from: Option<Direction>,
    opts: &Options,
    session: &mut Conversation,
    out: &mut Findings,
) {
    duplicate_keys(node, &mut Vec::new(), out);
    let named = document::named_revision(node);
    let handshake = node.get("method").and_then(Node::as_str) == Some("initialize")
        || node
            .get("result")
            .is_some_and(|r| r.get("protocolVersion").is_some());
    if handshake && let Some(Ok(r)) = named {
        session.revision = Some(r);
    }
    let rev = if opts.forced {
        opts.revision
    } else {
        match named {
            Some(Ok(r)) => r,
            _ => session.revision.unwrap_or(opts.revision),
        }
    };
    match document::classify(node) {
        Kind::Schema => {
            rules::check_schema(node, "", rev, out);
        }
        Kind::Property => {
            rules::check_property("", node, "", rev, out);
        }
        Kind::Params => {
            check_params(node, "", rev, out);
        }
        Kind::Request => {
            let step = session.pairing.step(from, node);
            lint_request(node, rev, step, session, out)
        }
        Kind::Response => {
            let step = session.pairing.step(from, node);
            lint_response(node, rev, step, session, out)
        }
        // Closes the request it answers.
        Kind::ErrorResponse => {
            session.pairing.step(from, node);
        }
        Kind::InputRequiredResult => {
            lint_input_required(node, rev, out);
        }
        Kind::InputRequests => {
            for e in document::elicitations(node) {
                check_params(e.params, &e.pointer, rev, out);
            }
        }
        Kind::InputResponses => {
            let (map, base) = match node.get("inputResponses") {
                Some(m) => (m, "/inputResponses".to_string()),
                None => (node, String::new()),
            };
            for m in map.as_object().unwrap_or_default() {
                // Only elicitation answers are ours to check; sampling and
                // roots results have no `action`.
                if m.value.get("action").is_some() {
                    check_result(&m.value, &pointer_push(&base, &m.key), rev, None, &[], out);
                }
            }
        }
        Kind::ElicitResult => check_result(node, "", rev, None, &[], out),
        Kind::Capabilities => {
            if let Some(c) = node.get("elicitation") {
                check_capability(c, "/elicitation", rev, out);
            }
        }
        Kind::EarlyDraft => rules::pre_release_draft::report(node.span, "", out),
        Kind::Unknown => rules::unrecognized_document::report(node, out),
    }
    if !opts.hosts.is_empty() {
        hosts::lint(node, rev, &opts.hosts, out);
    }
}

fn lint_request(
    node: &Node,
    rev: Revision,
    step: Step<(), Pending>,
    session: &mut Conversation,
    out: &mut Findings,
) {
    let method = node.get("method").and_then(Node::as_str).unwrap_or("");
    let params = node.get("params");
    match method {
        "elicitation/create" => {
            if rev.carrier() == crate::spec::Carrier::InputRequired
                && crate::session::pairing::id_key(node).is_some()
            {
                let at = node.get("method").map(|m| m.span).unwrap_or(node.span);
                rules::request_carrier_changed::report(at, rev, out);
            }
            let Some(p) = params else {
                rules::params_not_object::missing(node, out);
                return;
            };
            let asked = check_params(p, "/params", rev, out);
            if let (Some(asked), Some(declared)) = (&asked, session.declared)
                && asked.mode == Mode::Url
                && !declared.url
                && rev.has_modes()
            {
                let at = p.get("mode").map(|m| m.span).unwrap_or(p.span);
                rules::url_mode_unsupported::undeclared(at, out);
            }
            if let (Step::Elicitation { id: Some(id) }, Some(asked)) = (&step, asked) {
                if session.multi {
                    let span = node.get("id").map(|n| n.span).unwrap_or(node.span);
                    session.recorded = Some((id.clone(), span));
                }
                session.pairing.ask(
                    id.clone(),
                    Pending {
                        asked,
                        revision: rev,
                        at: None,
                    },
                );
            }
        }
        "initialize" => {
            if let Some(c) = params
                .and_then(|p| p.get("capabilities"))
                .and_then(|c| c.get("elicitation"))
            {
                session.declared = Some(check_capability(
                    c,
                    "/params/capabilities/elicitation",
                    rev,
                    out,
                ));
            }
        }
        _ => {}
    }
    if let Some(c) = params
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get(CLIENT_CAPABILITIES_META))
        && let Some(e) = c.get("elicitation")
    {
        let ptr = pointer_push(
            &pointer_push("/params/_meta", CLIENT_CAPABILITIES_META),
            "elicitation",
        );
        session.declared = Some(check_capability(e, &ptr, rev, out));
    }
    match step {
        Step::Retry { id, of } => {
            if let Some(p) = params {
                lint_retry(node, p, id.as_deref(), of, session, rev, out);
            }
            if let Some(id) = id {
                session.pairing.open(id, node, ());
            }
        }
        Step::Request { id: Some(id) } => session.pairing.open(id, node, ()),
        _ => {}
    }
}

/// Checks a retry against the `InputRequiredResult` it follows (`of`).
fn lint_retry(
    node: &Node,
    p: &Node,
    id: Option<&str>,
    of: Option<Awaiting<(), Pending>>,
    session: &mut Conversation,
    rev: Revision,
    out: &mut Findings,
) {
    let method = node.get("method").and_then(Node::as_str).unwrap_or("");
    let Some(retry) = of else {
        let responses = p.get("inputResponses");
        if session.multi {
            let at = p
                .member("inputResponses")
                .or_else(|| p.member("requestState"))
                .map(|m| m.key_span)
                .unwrap_or(p.span);
            rules::answer_without_request::responses(at, method, out);
        }
        if let Some(map) = responses.and_then(Node::as_object) {
            for m in map {
                if m.value.get("action").is_some() {
                    let ptr = pointer_push("/params/inputResponses", &m.key);
                    check_result(&m.value, &ptr, rev, None, &[], out);
                }
            }
        }
        return;
    };
    if let Some(id) = id
        && (id == retry.id || session.pairing.is_open(id))
    {
        let at = node.get("id").map(|n| n.span).unwrap_or(node.span);
        rules::retry_reused_id::report(at, id, out);
    }
    let sent_state = p.member("requestState");
    match (&retry.request_state, sent_state) {
        (Some(expected), Some(got)) if got.value.to_value() != *expected => {
            rules::request_state_not_echoed::differs(got.value.span, out)
        }
        (Some(_), None) => rules::request_state_not_echoed::missing(p, out),
        (None, Some(got)) => rules::request_state_not_echoed::unsent(got.key_span, out),
        _ => {}
    }
    let responses = p.get("inputResponses");
    let members = responses.and_then(Node::as_object).unwrap_or_default();
    let mut answered = HashSet::new();
    for m in members {
        let ptr = pointer_push("/params/inputResponses", &m.key);
        answered.insert(m.key.as_ref());
        match retry.keys.iter().find(|(k, _)| k == m.key.as_ref()) {
            None => {
                let asked = key_list(&retry.keys);
                rules::input_responses_mismatch::unasked(m.key_span, ptr, &m.key, &asked, out)
            }
            Some((_, Some(asked))) => check_result(
                &m.value,
                &ptr,
                asked.revision,
                Some(&asked.asked),
                &session.redacted,
                out,
            ),
            Some((_, None)) => {}
        }
    }
    let missing: Vec<&str> = retry
        .keys
        .iter()
        .map(|(k, _)| k.as_str())
        .filter(|k| !answered.contains(k))
        .collect();
    if !missing.is_empty() {
        let at = p
            .member("inputResponses")
            .map(|m| m.key_span)
            .unwrap_or(Span::new(p.span.start, p.span.start + 1));
        rules::input_responses_mismatch::unanswered(at, &missing, out);
    }
}

fn key_list(keys: &[(String, Option<Pending>)]) -> String {
    keys.iter()
        .map(|(k, _)| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn lint_response(
    node: &Node,
    rev: Revision,
    step: Step<(), Pending>,
    session: &mut Conversation,
    out: &mut Findings,
) {
    let Some(result) = node.get("result") else {
        return;
    };
    // An InputRequiredResult's questions are checked whoever seems to have
    // sent it; only a server's waits for a retry.
    if let Some(ir) = document::input_required(node) {
        let keys = lint_input_required(node, rev, out);
        if let Step::Response { id, call } = step {
            let keys = keys
                .into_iter()
                .map(|(key, asked)| {
                    let pending = asked.map(|asked| Pending {
                        asked,
                        revision: rev,
                        at: None,
                    });
                    (key, pending)
                })
                .collect();
            session.pairing.await_retry(Awaiting {
                id: id.unwrap_or_default(),
                call,
                keys,
                request_state: ir.request_state.map(Node::to_value),
            });
        }
        return;
    }
    let (id, asked) = match step {
        Step::Answer { id, asked } => (id, asked),
        Step::Response { id, .. } => (id, None),
        _ => return,
    };
    if let Some(p) = asked {
        if document::is_early_draft_result(result) {
            rules::pre_release_draft::report(result.span, "/result", out);
            return;
        }
        check_result(
            result,
            "/result",
            p.revision,
            Some(&p.asked),
            &session.redacted,
            out,
        );
        return;
    }
    if result.get("action").is_some() {
        if session.multi && id.is_some() {
            let at = node.get("id").map(|n| n.span).unwrap_or(node.span);
            rules::answer_without_request::result(at, &id.unwrap_or_default(), out);
        }
        check_result(result, "/result", rev, None, &[], out);
    }
}

/// Checks every elicitation of an InputRequiredResult (or a response
/// carrying one) and returns what each input request asked.
fn lint_input_required(
    node: &Node,
    rev: Revision,
    out: &mut Findings,
) -> Vec<(String, Option<Asked>)> {
    let Some(ir) = document::input_required(node) else {
        return Vec::new();
    };
    if let Some(rt) = ir.node.get("resultType")
        && rt.as_str() != Some("input_required")
    {
        let at = pointer_push(&ir.pointer, "resultType");
        rules::params_unknown_key::result_type(rt.span, at, out);
    }
    let base = pointer_push(&ir.pointer, "inputRequests");
    let mut keys = Vec::new();
    for (key, method, value) in &ir.requests {
        let asked = if *method == Some("elicitation/create") {
            let ptr = pointer_push(&pointer_push(&base, key), "params");
            match value.get("params") {
                Some(p) => check_params(p, &ptr, rev, out),
                None => {
                    let at = pointer_push(&base, key);
                    rules::params_not_object::missing_in_input_request(value, at, out);
                    None
                }
            }
        } else {
            None
        };
        keys.push((key.clone(), asked));
    }
    keys
}

/// Reports keys that appear twice in one object: readers disagree on which
/// one wins. Runs on every document, so it allocates nothing until it finds
/// a duplicate.
fn duplicate_keys<'n>(node: &'n Node, path: &mut Vec<PathSeg<'n>>, out: &mut Findings) {
    match &node.value {
        json::NodeValue::Object(members) => {
            // Small objects (nearly all) are checked pairwise; large ones
            // with a set, so 100,000 keys stay linear.
            let mut seen: Option<HashSet<&str>> =
                (members.len() > 16).then(|| HashSet::with_capacity(members.len()));
            for (i, m) in members.iter().enumerate() {
                let dup = match &mut seen {
                    Some(set) => !set.insert(m.key.as_ref()),
                    None => members[..i].iter().any(|o| o.key == m.key),
                };
                if dup {
                    let ptr = pointer_push(&pointer_of(path), &m.key);
                    rules::duplicate_key::report(m.key_span, ptr, &m.key, out);
                }
            }
            for m in members {
                if matches!(
                    m.value.value,
                    json::NodeValue::Object(_) | json::NodeValue::Array(_)
                ) {
                    path.push(PathSeg::Key(&m.key));
                    duplicate_keys(&m.value, path, out);
                    path.pop();
                }
            }
        }
        json::NodeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                if matches!(
                    item.value,
                    json::NodeValue::Object(_) | json::NodeValue::Array(_)
                ) {
                    path.push(PathSeg::Index(i));
                    duplicate_keys(item, path, out);
                    path.pop();
                }
            }
        }
        _ => {}
    }
}

/// One step of a JSON pointer, kept borrowed until a pointer is needed.
enum PathSeg<'n> {
    Key(&'n str),
    Index(usize),
}

fn pointer_of(path: &[PathSeg]) -> String {
    let mut ptr = String::new();
    for seg in path {
        ptr = match seg {
            PathSeg::Key(k) => pointer_push(&ptr, k),
            PathSeg::Index(i) => pointer_push(&ptr, &i.to_string()),
        };
    }
    ptr
}

/// The linter: one set of [`Options`], and each kind of input it reads.
///
/// ```
/// use mcp_elicit::lint::Linter;
/// use mcp_elicit::spec::Revision;
///
/// let linter = Linter::new(Revision::V2025_11_25);
/// let params = r#"{"message": "Name?", "requestedSchema": {"type": "object",
///     "properties": {"name": {"type": "object"}}}}"#;
/// let found = linter.document("params.json", params);
/// assert_eq!(found[0].code, "E204");
/// // The value of `type`, on the second line.
/// assert_eq!((found[0].line, found[0].column), (2, 37));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Linter {
    options: Options,
}

impl From<Options> for Linter {
    fn from(options: Options) -> Linter {
        Linter { options }
    }
}

impl Linter {
    /// Lints under `revision`, every rule counting.
    pub fn new(revision: Revision) -> Linter {
        Options::for_revision(revision).into()
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The findings of one JSON text (a document, one message), with spans
    /// into `text`.
    pub fn text(&self, text: &str) -> Vec<Finding> {
        lint_text(text, &self.options, &mut Conversation::default())
    }

    /// The findings of a value held in memory; they carry pointers, and
    /// spans that name no place in any text.
    pub fn value(&self, value: &serde_json::Value) -> Vec<Finding> {
        lint_value(value, &self.options, &mut Conversation::default())
    }

    /// The diagnostics of a document `text` named `path`, placed by line
    /// and column.
    pub fn document(&self, path: &str, text: &str) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        lint_bytes(path, text.as_bytes(), &self.options, &mut |d| out.push(d));
        out
    }

    /// A document's bytes named `path`: each diagnostic to `sink`, and
    /// whether the document was judged.
    pub fn bytes(&self, path: &str, bytes: &[u8], sink: &mut dyn FnMut(Diagnostic)) -> Judged {
        lint_bytes(path, bytes, &self.options, sink)
    }

    /// A session (JSONL, one message a line) read as it streams, each
    /// answer checked against the request it answers.
    pub fn session<R: BufRead>(
        &self,
        path: &str,
        reader: R,
        sink: &mut dyn FnMut(Diagnostic),
    ) -> std::io::Result<Judged> {
        lint_jsonl(path, reader, &self.options, sink)
    }

    /// A document or a session from `reader`, told apart by its content.
    pub fn reader<R: BufRead>(
        &self,
        path: &str,
        reader: R,
        sink: &mut dyn FnMut(Diagnostic),
    ) -> std::io::Result<Judged> {
        lint_reader(path, reader, &self.options, sink)
    }

    /// The file at `path`, named `name` in diagnostics.
    pub fn file(
        &self,
        path: &std::path::Path,
        name: &str,
        sink: &mut dyn FnMut(Diagnostic),
    ) -> std::io::Result<Judged> {
        lint_file(path, name, &self.options, sink)
    }

    /// As [`Linter::file`], for one file of several (met in a walk, or
    /// named in a list): under [`Options::elicitations_only`], a `.json`
    /// file of up to [`SKIMMED`] bytes that holds none of the names an
    /// elicitation document or a session is written with is passed over
    /// unparsed ([`Skip::NamesNothing`]); the rest are judged as by
    /// [`Linter::file`]. A file named alone is better read by
    /// [`Linter::file`], which tells what it holds instead.
    pub fn file_of_many(
        &self,
        path: &std::path::Path,
        name: &str,
        sink: &mut dyn FnMut(Diagnostic),
    ) -> std::io::Result<Judged> {
        use std::io::Read;
        if !self.options.elicitations_only
            || path.extension().and_then(|x| x.to_str()) != Some("json")
        {
            return self.file(path, name, sink);
        }
        let mut bytes = Vec::new();
        std::fs::File::open(path)?
            .take(SKIMMED as u64 + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() > SKIMMED {
            return self.file(path, name, sink);
        }
        if !names_an_elicitation(&bytes) {
            return Ok(Judged::Skipped(Skip::NamesNothing));
        }
        lint_reader(name, bytes.as_slice(), &self.options, sink)
    }
}

/// The largest file [`Linter::file_of_many`] reads whole to look for the
/// names an elicitation is written with; a larger one is judged as it
/// streams.
pub const SKIMMED: usize = 16 << 20;

/// Whether `bytes` may be judged under [`Options::elicitations_only`]: it
/// holds one of the names without which no document is an elicitation
/// ([`document::is_elicitation`]), no first line starts a session
/// ([`crate::session::starts_session`]) and no text that is not JSON is
/// judged ([`MARKERS`]); or a `\u` escape, which can spell any of them. A
/// file without any is one that would have been skipped, with no finding
/// (a document that is no elicitation: a data file that names `"type"`
/// is not parsed to be told a schema, a property or neither).
pub(crate) fn names_an_elicitation(bytes: &[u8]) -> bool {
    const NAMES: [&[u8]; 13] = [
        // The documents: requests and their params, results, answers,
        // capabilities, errors carrying URL elicitations.
        b"elicit",
        b"requestedSchema",
        b"inputRe",
        b"input_required",
        b"\"action\"",
        b"\"mode\"",
        // A session's first line.
        b"\"mcp-elicit-session\"",
        b"\"direction\"",
        b"\"dir\"",
        b"\"jsonrpc\"",
        b"\"method\"",
        b"\"id\"",
        b"\\u",
    ];
    NAMES
        .iter()
        .any(|name| memchr::memmem::find(bytes, name).is_some())
}

/// Lints one JSON text; findings carry spans into `text`.
pub(crate) fn lint_text(text: &str, opts: &Options, session: &mut Conversation) -> Vec<Finding> {
    let mut out = Findings::default();
    match json::parse(text) {
        Ok(node) => lint_node(&node, opts, session, &mut out),
        Err(e) => out.items.push(rules::invalid_json::finding(
            Span::new(e.offset, e.offset + 1),
            &e.message,
        )),
    }
    finish(out, opts)
}

/// Lints a value held in memory, with no text round trip. Findings carry
/// pointers; their spans order them but name no place in any text.
pub(crate) fn lint_value(
    value: &serde_json::Value,
    opts: &Options,
    session: &mut Conversation,
) -> Vec<Finding> {
    let mut out = Findings::default();
    match Node::from_value(value) {
        Ok(node) => lint_node(&node, opts, session, &mut out),
        Err(e) => rules::invalid_json::value(e.message, &mut out),
    }
    finish(out, opts)
}

/// Lints `elicitation/create` params built elsewhere (read from source
/// code): findings carry the spans of `params`, which need not point into
/// one JSON text.
#[cfg(feature = "source")]
pub(crate) fn lint_params(params: &Node, opts: &Options) -> Vec<Finding> {
    let mut out = Findings::default();
    duplicate_keys(params, &mut Vec::new(), &mut out);
    check_params(params, "", opts.revision, &mut out);
    if !opts.hosts.is_empty() {
        hosts::lint(params, opts.revision, &opts.hosts, &mut out);
    }
    finish(out, opts)
}

/// The findings `opts` selects, in source order.
fn finish(out: Findings, opts: &Options) -> Vec<Finding> {
    let mut items: Vec<Finding> = out
        .items
        .into_iter()
        .filter(|f| opts.enabled(f.rule))
        .collect();
    items.sort_by(|a, b| (a.span.start, a.rule.code).cmp(&(b.span.start, b.rule.code)));
    items
}

/// Places findings of one JSON text at `line_offset` lines into a file.
pub fn place(
    path: &str,
    text: &str,
    line_offset: usize,
    findings: Vec<Finding>,
    sink: &mut dyn FnMut(Diagnostic),
) {
    if findings.is_empty() {
        return;
    }
    let index = LineIndex::new(text);
    for f in findings {
        let (line, column) = index.line_col(f.span.start);
        let (end_line, end_column) = index.line_col(f.span.end.max(f.span.start));
        sink(Diagnostic {
            path: path.to_string(),
            code: f.rule.code,
            name: f.rule.name,
            severity: f.rule.severity,
            message: f.message,
            pointer: f.pointer,
            line: line + line_offset,
            column,
            end_line: end_line + line_offset,
            end_column,
            source_line: index.line_text(line).to_string(),
        });
    }
}

/// Lints a whole document held in memory (a `.json` file, stdin). Text
/// with one JSON value per line is linted as JSONL.
pub(crate) fn lint_bytes(
    path: &str,
    bytes: &[u8],
    opts: &Options,
    sink: &mut dyn FnMut(Diagnostic),
) -> Judged {
    let text = match json::utf8(bytes) {
        Ok(t) => t,
        Err(_) if opts.elicitations_only && !has_marker(bytes) => {
            return Judged::Skipped(Skip::NotJson);
        }
        Err(e) => {
            let valid = std::str::from_utf8(&bytes[..e.offset]).unwrap_or_default();
            let f = rules::invalid_json::finding(Span::new(valid.len(), valid.len()), &e.message);
            if opts.enabled(f.rule) {
                place(path, valid, 0, vec![f], sink);
            }
            return Judged::Linted;
        }
    };
    let mut out = Findings::default();
    match json::parse_or_lines(text) {
        // Reading from memory cannot fail.
        json::Parsed::Lines => {
            return lint_jsonl(path, text.as_bytes(), opts, sink).unwrap_or(Judged::Linted);
        }
        json::Parsed::Document(node) => {
            if opts.elicitations_only && !document::is_elicitation(&node) {
                return Judged::Skipped(Skip::Document(document::classify(&node)));
            }
            lint_node(&node, opts, &mut Conversation::default(), &mut out)
        }
        json::Parsed::Invalid(_) if opts.elicitations_only && !has_marker(bytes) => {
            return Judged::Skipped(Skip::NotJson);
        }
        json::Parsed::Invalid(e) => out.items.push(rules::invalid_json::finding(
            Span::new(e.offset, e.offset + 1),
            &e.message,
        )),
    }
    place(path, text, 0, finish(out, opts), sink);
    Judged::Linted
}

pub use crate::session::MAX_DOCUMENT;

/// Lints JSONL line by line, carrying the session state across lines: a
/// fold over the session's lines as [`crate::session::each_line`] reads
/// them, the reader every session consumer shares.
struct JsonlLinter<'o> {
    path: String,
    opts: &'o Options,
    session: Conversation,
    /// A line whose JSON ended early (number, text, parser message),
    /// judged by what follows it.
    held: Option<(usize, String, String)>,
}

impl<'o> JsonlLinter<'o> {
    fn new(path: &str, opts: &'o Options) -> Self {
        JsonlLinter {
            path: path.to_string(),
            opts,
            session: Conversation::multi(),
            held: None,
        }
    }

    /// Lints one line (1-based `line_no`) as the session reader found it.
    /// Call [`JsonlLinter::finish`] after the last line.
    fn event(
        &mut self,
        line_no: usize,
        event: crate::session::Event<'_, '_>,
        raw: crate::session::Raw<'_, '_>,
        sink: &mut dyn FnMut(Diagnostic),
    ) {
        use crate::session::{Event, Line};
        let text = raw.text;
        let mut out = Findings::default();
        // Whether this line is a session header (a new run).
        let mut header = false;
        match event {
            Event::TooLong(len) => return self.too_long(line_no, len, sink),
            Event::NotUtf8(offset) => {
                if self.opts.enabled(&rules::INVALID_JSON) {
                    let f = rules::invalid_json::finding(Span::new(offset, offset), json::NOT_UTF8);
                    place(&self.path, text, line_no - 1, vec![f], sink);
                }
                return;
            }
            // A line whose JSON ends early may be torn by a crash: it is
            // judged once the next line shows whether a new run began.
            Event::EndsEarly(message) => {
                self.release_held(false, sink);
                self.held = Some((line_no, text.to_string(), message));
                return;
            }
            Event::NotJson(message, offset) => {
                out.items.push(rules::invalid_json::finding(
                    Span::new(offset, offset + 1),
                    &message,
                ));
            }
            Event::Line(format, line) => match line {
                Line::Header(h) => {
                    header = true;
                    if let Some(node) = raw.node {
                        duplicate_keys(node, &mut Vec::new(), &mut out);
                    }
                    if let Some(r) = h.spec.as_deref().and_then(Revision::parse) {
                        self.session.revision = Some(r);
                    }
                    self.session.redacted = h.redacted;
                }
                Line::Message { from, msg, .. } => {
                    lint_message(msg, from, self.opts, &mut self.session, &mut out)
                }
                Line::Skip => {}
                Line::Bad { message, span } => out.push(
                    &rules::SESSION_LINE_INVALID,
                    span,
                    "",
                    rules::session_line_invalid::message(&message, format.describe()),
                ),
            },
        }
        let findings = finish(out, self.opts);
        let new_run = findings.is_empty() && header;
        self.release_held(new_run, sink);
        if header {
            self.end_run(sink);
        }
        self.place_recorded(line_no, text);
        place(&self.path, text, line_no - 1, findings, sink);
    }

    /// Reports a held line that ended early: torn (a warning) when it was the
    /// last of a run, invalid JSON otherwise.
    fn release_held(&mut self, torn: bool, sink: &mut dyn FnMut(Diagnostic)) {
        let Some((line_no, text, message)) = self.held.take() else {
            return;
        };
        let finding = if torn {
            rules::session_truncated::finding()
        } else {
            let end = text.trim_end().len();
            rules::invalid_json::finding(Span::new(end, end), &message)
        };
        if self.opts.enabled(finding.rule) {
            place(&self.path, &text, line_no - 1, vec![finding], sink);
        }
    }

    /// Ends the file: a held line that ended early was its torn last line,
    /// and every elicitation request still waiting was never answered.
    fn finish(&mut self, sink: &mut dyn FnMut(Diagnostic)) {
        self.release_held(true, sink);
        self.end_run(sink);
    }

    /// Ends a run (at a new header, or the end of the file): every
    /// elicitation request still waiting was never answered.
    fn end_run(&mut self, sink: &mut dyn FnMut(Diagnostic)) {
        let unanswered = self.session.pairing.end_run();
        if !self.opts.enabled(&rules::ANSWER_WITHOUT_REQUEST) {
            return;
        }
        for (id, pending) in unanswered {
            let Some(at) = pending.at else {
                continue;
            };
            sink(Diagnostic {
                path: self.path.clone(),
                code: rules::ANSWER_WITHOUT_REQUEST.code,
                name: rules::ANSWER_WITHOUT_REQUEST.name,
                severity: rules::ANSWER_WITHOUT_REQUEST.severity,
                message: rules::answer_without_request::never_answered(&id),
                pointer: "/id".to_string(),
                line: at.line,
                column: at.column,
                end_line: at.line,
                end_column: at.end_column,
                source_line: at.source_line,
            });
        }
    }

    /// Remembers where an elicitation request on this line is, so that it
    /// can be reported if no response ever answers it.
    fn place_recorded(&mut self, line_no: usize, text: &str) {
        let Some((id, span)) = self.session.recorded.take() else {
            return;
        };
        let Some(pending) = self.session.pairing.asked_mut(&id) else {
            return;
        };
        let index = LineIndex::new(text);
        let (_, column) = index.line_col(span.start);
        let (_, end_column) = index.line_col(span.end);
        let source = index.line_text(1);
        pending.at = Some(Placed {
            line: line_no,
            column,
            end_column,
            source_line: if source.len() <= KEPT_LINE {
                source.to_string()
            } else {
                String::new()
            },
        });
    }

    fn too_long(&mut self, line_no: usize, len: u64, sink: &mut dyn FnMut(Diagnostic)) {
        self.release_held(false, sink);
        if self.opts.enabled(&rules::INVALID_JSON) {
            sink(too_large(&self.path, line_no, len, "line"));
        }
    }
}

fn too_large(path: &str, line: usize, len: u64, what: &str) -> Diagnostic {
    Diagnostic {
        path: path.to_string(),
        code: rules::INVALID_JSON.code,
        name: rules::INVALID_JSON.name,
        severity: rules::INVALID_JSON.severity,
        message: rules::invalid_json::too_large(what, len, MAX_DOCUMENT >> 20),
        pointer: String::new(),
        line,
        column: 1,
        end_line: line,
        end_column: 1,
        source_line: String::new(),
    }
}

/// Lints JSONL read from `reader` line by line, in memory bounded by the
/// longest line (and at most [`MAX_DOCUMENT`]). Blank lines are skipped.
pub(crate) fn lint_jsonl<R: BufRead>(
    path: &str,
    mut reader: R,
    opts: &Options,
    sink: &mut dyn FnMut(Diagnostic),
) -> std::io::Result<Judged> {
    let (read, skip) = session_start(&mut reader, opts)?;
    if let Some(skip) = skip {
        return Ok(Judged::Skipped(skip));
    }
    let lines = std::io::Read::chain(read.as_slice(), reader);
    lint_lines_after(&mut JsonlLinter::new(path, opts), lines, 0, sink)?;
    Ok(Judged::Linted)
}

/// Under [`Options::elicitations_only`], reads JSONL up to its first
/// non-blank line and says why it is skipped when that line starts no
/// session. Returns the bytes read, to be linted with the rest.
fn session_start<R: BufRead>(
    reader: &mut R,
    opts: &Options,
) -> std::io::Result<(Vec<u8>, Option<Skip>)> {
    let mut read = Vec::new();
    if !opts.elicitations_only {
        return Ok((read, None));
    }
    let mut line = Vec::with_capacity(4096);
    loop {
        match read_line_bounded(reader, &mut line, MAX_DOCUMENT)? {
            LineRead::Eof | LineRead::TooLong(_) => return Ok((read, Some(Skip::NotSession))),
            LineRead::Line => read.extend_from_slice(&line),
        }
        let text = trim_line(&line);
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let starts = std::str::from_utf8(text)
            .ok()
            .and_then(|t| json::parse(t).ok())
            .is_some_and(|first| crate::session::starts_session(&first));
        return Ok((read, (!starts).then_some(Skip::NotSession)));
    }
}

/// Lints input of unknown kind from a stream (stdin): one JSON document, or
/// JSONL when the first line is a whole JSON value and more lines follow.
/// JSONL is streamed; a document is held in memory up to [`MAX_DOCUMENT`].
pub(crate) fn lint_reader<R: BufRead>(
    path: &str,
    mut reader: R,
    opts: &Options,
    sink: &mut dyn FnMut(Diagnostic),
) -> std::io::Result<Judged> {
    let mut first = Vec::with_capacity(4096);
    let first_len = match read_line_bounded(&mut reader, &mut first, MAX_DOCUMENT)? {
        LineRead::Eof => return Ok(lint_bytes(path, b"", opts, sink)),
        // Too long to tell what it is.
        LineRead::TooLong(_) if opts.elicitations_only => {
            return Ok(Judged::Skipped(Skip::NotJson));
        }
        LineRead::TooLong(len) => {
            // Too long for a document and for a line: report and stream on.
            let mut linter = JsonlLinter::new(path, opts);
            linter.too_long(1, len, sink);
            lint_lines_after(&mut linter, reader, 1, sink)?;
            return Ok(Judged::Linted);
        }
        LineRead::Line => first.len(),
    };
    let first_is_value = || {
        let line = trim_line(&first);
        !line.iter().all(|b| b.is_ascii_whitespace())
            && std::str::from_utf8(line).is_ok_and(|t| json::parse(t).is_ok())
    };
    // Only a line followed by more input can start JSONL; checking that
    // first keeps a one-line document from being parsed twice.
    if first.ends_with(b"\n") && !reader.fill_buf()?.is_empty() && first_is_value() {
        let lines = std::io::Read::chain(first.as_slice(), reader);
        return lint_jsonl(path, lines, opts, sink);
    }
    // One document: read the rest, bounded.
    let mut doc = first;
    let limit = (MAX_DOCUMENT - first_len.min(MAX_DOCUMENT)) as u64;
    let read =
        std::io::Read::read_to_end(&mut std::io::Read::take(&mut reader, limit + 1), &mut doc)?;
    if read as u64 > limit {
        let mut rest = 0u64;
        loop {
            let n = {
                let b = reader.fill_buf()?;
                if b.is_empty() {
                    break;
                }
                b.len()
            };
            rest += n as u64;
            reader.consume(n);
        }
        if opts.elicitations_only {
            return Ok(Judged::Skipped(Skip::NotJson));
        }
        if opts.enabled(&rules::INVALID_JSON) {
            sink(too_large(path, 1, doc.len() as u64 + rest, "document"));
        }
        return Ok(Judged::Linted);
    }
    Ok(lint_bytes(path, &doc, opts, sink))
}

/// Lints the lines of `reader`, numbered after the `skipped` already read,
/// then ends the file.
fn lint_lines_after<R: BufRead>(
    linter: &mut JsonlLinter,
    reader: R,
    skipped: usize,
    sink: &mut dyn FnMut(Diagnostic),
) -> std::io::Result<()> {
    crate::session::each_line_after(reader, skipped, |line_no, event, raw| {
        linter.event(line_no, event, raw, sink);
        Ok::<(), std::io::Error>(())
    })?;
    linter.finish(sink);
    Ok(())
}

/// Lints a file: JSONL (`.jsonl`) is streamed, anything else read whole
/// (JSONL inside a `.json` file is recognised too).
pub(crate) fn lint_file(
    path: &std::path::Path,
    name: &str,
    opts: &Options,
    sink: &mut dyn FnMut(Diagnostic),
) -> std::io::Result<Judged> {
    let file = std::fs::File::open(path)?;
    let reader = std::io::BufReader::with_capacity(1 << 16, file);
    if path.extension().and_then(|x| x.to_str()) == Some("jsonl") {
        lint_jsonl(name, reader, opts, sink)
    } else {
        lint_reader(name, reader, opts, sink)
    }
}

/// Counts of diagnostics by severity.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
}

impl Counts {
    pub fn add(&mut self, s: Severity) {
        match s {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
    }

    pub fn at_or_above(&self, s: Severity) -> usize {
        match s {
            Severity::Error => self.errors,
            Severity::Warning => self.errors + self.warnings,
            Severity::Note => self.errors + self.warnings + self.notes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`lint_reader`] makes of `bytes` met in a walk.
    fn walked(bytes: &[u8]) -> (Judged, usize) {
        let opts = Options {
            elicitations_only: true,
            ..Options::default()
        };
        let mut n = 0;
        let judged = lint_reader("x.json", bytes, &opts, &mut |_| n += 1).unwrap();
        (judged, n)
    }

    fn passed_over_as_unread(bytes: &[u8]) {
        let (judged, n) = walked(bytes);
        assert!(
            matches!(
                judged,
                Judged::Skipped(Skip::Document(_) | Skip::NotJson | Skip::NotSession)
            ) && n == 0,
            "{judged:?} with {n} findings, but it names nothing: {}",
            String::from_utf8_lossy(bytes)
        );
    }

    #[test]
    fn json_that_names_nothing_would_have_been_skipped_unread() {
        // Documents, sessions and broken text built of the names the
        // documents and sessions are told by, their neighbours and values.
        let keys = [
            "action",
            "mode",
            "message",
            "url",
            "content",
            "cancelled",
            "method",
            "id",
            "jsonrpc",
            "result",
            "error",
            "params",
            "requestedSchema",
            "inputRequests",
            "inputResponses",
            "resultType",
            "elicitation",
            "elicitationId",
            "elicitations",
            "properties",
            "type",
            "enum",
            "oneOf",
            "anyOf",
            "dir",
            "direction",
            "raw",
            "msg",
            "_meta",
            "mcp-elicit-session",
            "capabilities",
            "data",
            "name",
            "version",
            "compilerOptions",
            "act\\u0069on",
            "a",
        ];
        let values = [
            r#""accept""#,
            r#""form""#,
            r#""url""#,
            r#""elicitation/create""#,
            r#""initialize""#,
            r#""input_required""#,
            r#""object""#,
            r#""send""#,
            "1",
            "{}",
            "[]",
            r#"{"elicitation": {}}"#,
            r#"{"dir": "send"}"#,
            r#"{"action": "accept"}"#,
            r#"{"method": "elicitation/create"}"#,
            r#"{"type": "string"}"#,
            "null",
        ];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below as u64) as usize
        };
        let (mut unnamed, mut judged) = (0, 0);
        for _ in 0..20_000 {
            let object = |next: &mut dyn FnMut(usize) -> usize| {
                let members: Vec<String> = (0..next(4))
                    .map(|_| {
                        format!(
                            "\"{}\": {}",
                            keys[next(keys.len())],
                            values[next(values.len())]
                        )
                    })
                    .collect();
                format!("{{{}}}", members.join(", "))
            };
            let mut text = object(&mut next);
            match next(4) {
                // JSONL: a second value on the next line.
                0 => text = format!("{text}\n{}\n", object(&mut next)),
                // Broken: cut short.
                1 => text.truncate(text.len() / 2),
                _ => {}
            }
            if names_an_elicitation(text.as_bytes()) {
                judged += usize::from(walked(text.as_bytes()).0 == Judged::Linted);
            } else {
                unnamed += 1;
                passed_over_as_unread(text.as_bytes());
            }
        }
        assert!(unnamed > 1_000 && judged > 1_000, "{unnamed} {judged}");
        // And the shapes a walk meets most.
        for text in [
            r#"{"name": "server", "version": "1.0.0", "scripts": {"build": "tsc"}}"#,
            r#"{"compilerOptions": {"outDir": "dist", "strict": true}}"#,
            "[1, 2, 3]",
            "not json at all",
            "",
        ] {
            assert!(!names_an_elicitation(text.as_bytes()), "{text}");
            passed_over_as_unread(text.as_bytes());
        }
    }
}
