//! Replaying a recording against a live server: the client requests of a
//! session are made again, in the revision it was recorded in, each
//! elicitation the server raises is answered as it was answered then, and
//! whatever differs is reported as drift: an elicitation whose message or
//! schema changed, one that is new or no longer asked, a different final
//! result. Ids, `requestState` contents, `inputRequests` keys and timing are
//! not compared.

use serde_json::{Value, json};

use crate::finding::Diagnostic;
use crate::form::respond::{Request, Responder};
use crate::json::{LineIndex, Node, NodeValue, Span};
use crate::mcp::client::Client;
use crate::rules::{self, Rule};
use crate::session::exchanges::outcome;
pub use crate::session::exchanges::{CALL_METHODS, Call, Expected, Run, read};
use crate::session::recorded::differences;

/// How many differences of one result are listed.
const MAX_RESULT_DIFFERENCES: usize = 5;
/// What differs between a recording and the live server.
#[derive(Debug, Clone, PartialEq)]
pub enum Drift {
    /// The elicitation recorded on `line` came with another message or schema.
    Changed {
        line: usize,
        params: Value,
        differences: Vec<String>,
    },
    /// The server asked something the recording does not have; it was
    /// answered with `answered` (a recorded answer to the same request
    /// earlier in the call, else `cancel`).
    New { params: Value, answered: String },
    /// The elicitation recorded on `line` was not asked.
    Missing { line: usize, params: Value },
    /// The final result (or error) differs from the one on `line`.
    Result {
        line: usize,
        differences: Vec<String>,
    },
}

impl Drift {
    /// The rule the drift is reported under.
    pub(crate) fn rule(&self) -> &'static Rule {
        match self {
            Drift::Changed { .. } => &rules::DRIFT_ELICITATION_CHANGED,
            Drift::New { .. } => &rules::DRIFT_ELICITATION_NEW,
            Drift::Missing { .. } => &rules::DRIFT_ELICITATION_MISSING,
            Drift::Result { .. } => &rules::DRIFT_RESULT_CHANGED,
        }
    }

    /// The session line of the recorded side; a new elicitation has none,
    /// so it is placed at the line of the call that raised it.
    pub fn line(&self, call: &Call) -> usize {
        match self {
            Drift::Changed { line, .. }
            | Drift::Missing { line, .. }
            | Drift::Result { line, .. } => *line,
            Drift::New { .. } => call.line,
        }
    }

    /// What drifted, in one line. It quotes what the server sent:
    /// sanitise it before printing.
    pub fn message(&self) -> String {
        match self {
            Drift::Changed {
                params,
                differences,
                ..
            } => rules::drift_elicitation_changed::message(&quote(params), differences),
            Drift::New { params, answered } => {
                rules::drift_elicitation_new::message(&quote(params), answered)
            }
            Drift::Missing { params, .. } => {
                rules::drift_elicitation_missing::message(&quote(params))
            }
            Drift::Result { differences, .. } => rules::drift_result_changed::message(differences),
        }
    }

    /// The drift as a diagnostic of `path`, placed on `source`, the text of
    /// its session line when it could be read: at the recorded params (or
    /// result), else at column 1.
    pub fn diagnostic(&self, path: &str, call: &Call, source: Option<&str>) -> Diagnostic {
        let rule = self.rule();
        let line = self.line(call);
        let found = source.and_then(|text| {
            let root = crate::json::parse(text).ok()?;
            let (span, pointer) = self.locate(&root, call)?;
            let index = LineIndex::new(text);
            let (_, column) = index.line_col(span.start);
            let (_, end_column) = index.line_col(span.end);
            Some((column, end_column, pointer))
        });
        let (column, end_column, pointer) = found.unwrap_or((1, 1, String::new()));
        Diagnostic {
            path: path.to_string(),
            code: rule.code,
            name: rule.name,
            severity: rule.severity,
            message: self.message(),
            pointer,
            line,
            column,
            end_line: line,
            end_column,
            source_line: source.unwrap_or_default().to_string(),
        }
    }

    /// The recorded side in the parsed line: the elicitation's params, the
    /// final `result` or `error`, or the params of the call that raised a
    /// new elicitation.
    fn locate(&self, root: &Node, call: &Call) -> Option<(Span, String)> {
        match self {
            Drift::Changed { params, .. } | Drift::Missing { params, .. } => {
                find(root, "", &mut |n| {
                    matches!(n.value, NodeValue::Object(_)) && n.to_value() == *params
                })
            }
            Drift::Result { .. } => {
                let (key, _) = call.outcome.as_ref()?.1.as_object()?.iter().next()?;
                let (_, pointer) = find(root, "", &mut |n| {
                    n.get(key).is_some() && n.get("id").is_some()
                })?;
                let member = root_at(root, &pointer)?.member(key)?;
                Some((member.value.span, crate::json::pointer_push(&pointer, key)))
            }
            Drift::New { .. } => {
                let (_, pointer) = find(root, "", &mut |n| {
                    n.get("method").and_then(Node::as_str) == Some(call.method.as_str())
                })?;
                let request = root_at(root, &pointer)?;
                match request.member("params") {
                    Some(m) => Some((m.value.span, crate::json::pointer_push(&pointer, "params"))),
                    None => Some((request.span, pointer)),
                }
            }
        }
    }
}

/// The first node, depth first in source order, that `pred` accepts, with
/// its JSON pointer.
fn find(node: &Node, pointer: &str, pred: &mut dyn FnMut(&Node) -> bool) -> Option<(Span, String)> {
    if pred(node) {
        return Some((node.span, pointer.to_string()));
    }
    match &node.value {
        NodeValue::Object(members) => members
            .iter()
            .find_map(|m| find(&m.value, &crate::json::pointer_push(pointer, &m.key), pred)),
        NodeValue::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, n)| find(n, &format!("{pointer}/{i}"), pred)),
        _ => None,
    }
}

/// The node at a pointer [`find`] returned.
fn root_at<'n, 'a>(root: &'n Node<'a>, pointer: &str) -> Option<&'n Node<'a>> {
    let mut node = root;
    for token in pointer.split('/').skip(1) {
        let key = crate::json::pointer_token(token);
        node = match &node.value {
            NodeValue::Object(_) => node.get(&key)?,
            NodeValue::Array(items) => items.get(key.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// An elicitation named by its message (and URL), cut to a readable length.
fn quote(params: &Value) -> String {
    const MAX: usize = 80;
    let text = |k: &str| params.get(k).and_then(Value::as_str).unwrap_or("");
    let mut s: String = text("message").chars().take(MAX).collect();
    if text("message").chars().count() > MAX {
        s.push('…');
    }
    let mut q = format!("\"{s}\"");
    if !text("url").is_empty() {
        q.push_str(&format!(" ({})", text("url")));
    }
    q
}

/// How one call replayed.
#[derive(Debug, Clone, PartialEq)]
pub struct CallReport {
    /// Elicitations the server asked live.
    pub asked: usize,
    pub drifts: Vec<Drift>,
    /// Whether the final result was compared (the recording has one).
    pub result_compared: bool,
    /// Recorded elicitations that had no recorded answer and were
    /// answered `cancel` (their lines).
    pub unanswered: Vec<usize>,
}

/// Makes `call` again over `client`, answering as recorded, and reports
/// the drift. An `Err` is a tool error (the server died, timed out, broke
/// the protocol), not drift.
pub fn replay_call(
    client: &mut Client,
    call: &Call,
) -> Result<CallReport, crate::mcp::client::Error> {
    let mut live = Live {
        expected: &call.elicitations,
        cursor: 0,
        asked: 0,
        drifts: Vec::new(),
        unanswered: Vec::new(),
    };
    let response = client.request(&call.method, call.params.clone(), &mut live)?;
    for e in &call.elicitations[live.cursor..] {
        live.drifts.push(Drift::Missing {
            line: e.line,
            params: e.params.clone(),
        });
    }
    let mut report = CallReport {
        asked: live.asked,
        drifts: live.drifts,
        result_compared: false,
        unanswered: live.unanswered,
    };
    if let Some((line, recorded)) = &call.outcome {
        report.result_compared = true;
        let mut differences = Vec::new();
        diff("", recorded, &outcome(&response), &mut differences);
        if !differences.is_empty() {
            report.drifts.push(Drift::Result {
                line: *line,
                differences,
            });
        }
    }
    Ok(report)
}

/// Answers live elicitations from the recorded ones, walking them in order.
struct Live<'c> {
    expected: &'c [Expected],
    cursor: usize,
    asked: usize,
    drifts: Vec<Drift>,
    unanswered: Vec<usize>,
}

impl Live<'_> {
    fn answer_of(&mut self, e: &Expected) -> Value {
        e.answer.clone().unwrap_or_else(|| {
            self.unanswered.push(e.line);
            json!({"action": "cancel"})
        })
    }
}

impl Responder for Live<'_> {
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, crate::form::respond::Error> {
        self.asked += 1;
        let asked = request.params;
        let same = |e: &Expected| differences(&e.params, asked).is_empty();
        let expected = self.expected;
        // The same request later in the recording: those before it were
        // not asked.
        if let Some(j) = (self.cursor..expected.len()).find(|&j| same(&expected[j])) {
            for e in &expected[self.cursor..j] {
                self.drifts.push(Drift::Missing {
                    line: e.line,
                    params: e.params.clone(),
                });
            }
            self.cursor = j + 1;
            return Ok(self.answer_of(&expected[j]));
        }
        // Asked in its place, but changed: answered as it was answered.
        if let Some(e) = expected.get(self.cursor) {
            self.cursor += 1;
            self.drifts.push(Drift::Changed {
                line: e.line,
                params: e.params.clone(),
                differences: differences(&e.params, asked),
            });
            return Ok(self.answer_of(e));
        }
        let earlier = expected[..self.cursor].iter().rev().find(|e| same(e));
        let answer = match earlier.and_then(|e| e.answer.clone()) {
            Some(a) => a,
            None => json!({"action": "cancel"}),
        };
        self.drifts.push(Drift::New {
            params: asked.clone(),
            answered: answer
                .get("action")
                .and_then(Value::as_str)
                .unwrap_or("cancel")
                .to_string(),
        });
        Ok(answer)
    }
}

/// The differences between two JSON values, as `pointer was X, is Y`.
fn diff(pointer: &str, was: &Value, is: &Value, out: &mut Vec<String>) {
    if out.len() >= MAX_RESULT_DIFFERENCES || was == is {
        return;
    }
    match (was, is) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, va) in a {
                let p = crate::json::pointer_push(pointer, k);
                match b.get(k) {
                    Some(vb) => diff(&p, va, vb, out),
                    None => push(out, format!("{p} was {}, is absent", short(va))),
                }
            }
            for (k, vb) in b.iter().filter(|(k, _)| !a.contains_key(*k)) {
                let p = crate::json::pointer_push(pointer, k);
                push(out, format!("{p} was absent, is {}", short(vb)));
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (va, vb)) in a.iter().zip(b).enumerate() {
                diff(&format!("{pointer}/{i}"), va, vb, out);
            }
        }
        (Value::String(a), Value::String(b)) => {
            // Long texts are shown from a little before where they part.
            let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
            let skip = common.saturating_sub(20);
            let from = |s: &str| {
                let rest: String = s.chars().skip(skip).collect();
                short(&Value::String(if skip > 0 {
                    format!("…{rest}")
                } else {
                    rest
                }))
            };
            let p = if pointer.is_empty() { "/" } else { pointer };
            push(out, format!("{p} was {}, is {}", from(a), from(b)));
        }
        _ => {
            let p = if pointer.is_empty() { "/" } else { pointer };
            push(out, format!("{p} was {}, is {}", short(was), short(is)));
        }
    }
}

fn push(out: &mut Vec<String>, s: String) {
    if out.len() < MAX_RESULT_DIFFERENCES {
        out.push(s);
    }
}

/// A value as compact JSON, cut to a readable length.
fn short(v: &Value) -> String {
    const MAX: usize = 120;
    let s = v.to_string();
    if s.chars().count() <= MAX {
        s
    } else {
        format!("{}…", s.chars().take(MAX).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Revision;

    const SESSION: &str = r#"{"mcp-elicit-session":1,"tool":"mcp-elicit 0.1.0","spec":"2025-11-25","server":{"transport":"stdio","command":["s"]},"started":"2026-11-23T10:00:00.000Z"}
{"t":1,"from":"client","msg":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"x","version":"1"}}}}
{"t":2,"from":"client","msg":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"book","arguments":{"n":1}}}}
{"t":3,"from":"server","msg":{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}}
{"t":4,"from":"client","msg":{"jsonrpc":"2.0","id":"e1","result":{"action":"accept","content":{"name":"Ada"}}}}
{"t":5,"from":"server","msg":{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"ok Ada"}]}}}
{"mcp-elicit-session":1,"tool":"mcp-elicit 0.1.0","spec":"2026-07-28","server":{"transport":"stdio","command":["s"]},"started":"2026-11-23T10:00:00.000Z"}
{"t":1,"from":"client","msg":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","trace":"t1"}}}}
{"t":2,"from":"server","msg":{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"q":{"method":"elicitation/create","params":{"message":"Size?","requestedSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}}},"requestState":"abc"}}}
{"t":3,"from":"client","msg":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"book","arguments":{},"inputResponses":{"q":{"action":"decline"}},"requestState":"abc"}}}
{"t":4,"from":"server","msg":{"jsonrpc":"2.0","id":2,"result":{"content":[],"resultType":"complete"}}}
"#;

    #[test]
    fn runs_calls_elicitations_and_outcomes_are_read() {
        let runs = read(SESSION.as_bytes()).unwrap();
        assert_eq!(runs.len(), 2);
        assert_eq!(runs[0].revision, Some(Revision::V2025_11_25));
        assert!(!runs[0].url_mode);
        let c = &runs[0].calls[0];
        assert_eq!(
            (c.line, c.method.as_str(), c.target()),
            (3, "tools/call", "book")
        );
        assert_eq!(c.elicitations.len(), 1);
        assert_eq!(c.elicitations[0].line, 4);
        assert_eq!(
            c.elicitations[0].answer.as_ref().unwrap()["content"]["name"],
            "Ada"
        );
        assert_eq!(c.outcome.as_ref().unwrap().0, 6);
        let c = &runs[1].calls[0];
        assert_eq!(runs[1].calls.len(), 1, "a retry is not a new call");
        assert_eq!(
            c.params,
            json!({"name": "book", "arguments": {}, "_meta": {"trace": "t1"}})
        );
        assert_eq!(c.elicitations[0].line, 9);
        assert_eq!(c.elicitations[0].answer, Some(json!({"action": "decline"})));
        assert_eq!(c.outcome.as_ref().unwrap().0, 11);
    }

    #[test]
    fn drift_is_placed_at_the_recorded_side_or_at_column_one() {
        let runs = read(SESSION.as_bytes()).unwrap();
        let call = &runs[0].calls[0];
        let line = SESSION.lines().nth(3).unwrap();
        let changed = Drift::Changed {
            line: 4,
            params: call.elicitations[0].params.clone(),
            differences: vec!["message was \"Name?\", is \"Nom ?\"".into()],
        };
        let d = changed.diagnostic("s.jsonl", call, Some(line));
        let at = line.find(r#"{"message""#).unwrap() + 1;
        assert_eq!(
            (d.code, d.line, d.column, d.end_column, d.pointer.as_str()),
            ("E740", 4, at, line.len() - 1, "/msg/params")
        );
        let result = Drift::Result {
            line: 6,
            differences: vec![],
        };
        let line = SESSION.lines().nth(5).unwrap();
        let d = result.diagnostic("s.jsonl", call, Some(line));
        assert_eq!((d.code, d.pointer.as_str()), ("E743", "/msg/result"));
        assert_eq!(d.column, line.find(r#"{"content""#).unwrap() + 1);
        let new = Drift::New {
            params: json!({"message": "Sure?"}),
            answered: "cancel".into(),
        };
        let d = new.diagnostic("s.jsonl", call, Some(SESSION.lines().nth(2).unwrap()));
        assert_eq!(
            (d.code, d.line, d.pointer.as_str()),
            ("E741", 3, "/msg/params")
        );
        // A line that is not JSON (or was not read) is placed at column 1.
        let d = changed.diagnostic("s.jsonl", call, Some("{\"raw\": \"..."));
        assert_eq!((d.line, d.column, d.pointer.as_str()), (4, 1, ""));
        let d = changed.diagnostic("s.jsonl", call, None);
        assert_eq!((d.line, d.column, d.source_line.as_str()), (4, 1, ""));
    }

    #[test]
    fn long_texts_are_shown_from_where_they_part() {
        let mut out = Vec::new();
        let head = "x".repeat(200);
        diff(
            "/t",
            &json!(format!("{head} then accept")),
            &json!(format!("{head} then cancel")),
            &mut out,
        );
        assert_eq!(
            out,
            [r#"/t was "…xxxxxxxxxxxxxx then accept", is "…xxxxxxxxxxxxxx then cancel""#]
        );
    }

    #[test]
    fn results_differ_by_pointer() {
        let mut out = Vec::new();
        diff(
            "",
            &json!({"result": {"content": [{"text": "a"}], "x": 1}}),
            &json!({"result": {"content": [{"text": "b"}], "y": 2}}),
            &mut out,
        );
        assert_eq!(
            out,
            [
                r#"/result/content/0/text was "a", is "b""#,
                "/result/x was 1, is absent",
                "/result/y was absent, is 2"
            ]
        );
    }
}
