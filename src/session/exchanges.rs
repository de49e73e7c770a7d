//! One reader of exchanges: a recorded session read into runs, each call
//! with the elicitations it raised, the answer each got and the call's
//! outcome. Live replay (`replay SESSION TARGET`) repeats the calls, and
//! recorded answers (`--answers-from`, `serve`'s checks) are
//! `answered`; both read a session this way, so they agree on what
//! counts as an answer.

use std::io::BufRead;

use serde_json::{Value, json};

use super::pairing::{Awaiting, Pairing, Step};
use super::{Event, Line, each_line};
use crate::document::{self, CLIENT_CAPABILITIES_META};
use crate::json::Node;
use crate::spec::Revision;

/// The requests a replay repeats.
pub const CALL_METHODS: &[&str] = &["tools/call", "prompts/get", "resources/read"];

/// One run of a session (a file may hold several, each with its header).
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The line of the run's header, or of its first message.
    pub line: usize,
    /// The revision it was recorded in, when the session says.
    pub revision: Option<Revision>,
    /// Whether the client declared URL mode (2025-11-25 on).
    pub url_mode: bool,
    /// Properties whose answers were redacted when recorded.
    pub redacted: Vec<String>,
    pub calls: Vec<Call>,
    /// Elicitations asked outside any open call (a session recorded by
    /// `answer`, or a server asking on its own), in order.
    pub loose: Vec<Expected>,
}

/// One recorded client request and what happened during it.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The line of the request.
    pub line: usize,
    pub method: String,
    /// The params as the person gave them: without the client's own `_meta`
    /// keys, `inputResponses` or `requestState`.
    pub params: Value,
    /// Each elicitation raised during the request, in order.
    pub elicitations: Vec<Expected>,
    /// The line of the final response and its `{"result": ..}` or
    /// `{"error": ..}`; `None` when the recording stops before it.
    pub outcome: Option<(usize, Value)>,
}

impl Call {
    /// The tool or prompt name, or the resource URI.
    pub fn target(&self) -> &str {
        self.params
            .get("name")
            .or_else(|| self.params.get("uri"))
            .and_then(Value::as_str)
            .unwrap_or("")
    }
}

/// A recorded elicitation and the answer it got.
#[derive(Debug, Clone, PartialEq)]
pub struct Expected {
    /// The line the request is on.
    pub line: usize,
    /// The `elicitation/create` params.
    pub params: Value,
    /// The `ElicitResult` given; `None` when it was not answered.
    pub answer: Option<Value>,
    /// The `inputRequests` key it was asked under (2026-07-28), or `None`
    /// for an `elicitation/create` request.
    pub key: Option<String>,
}

/// Reads the runs of a session in any recognised format, streaming, in
/// memory bounded by the longest line and the exchanges kept (the open
/// requests it remembers are bounded too). Runs without a call are kept
/// (the caller says there is nothing to replay). What answers what is
/// [`super::pairing`]'s decision, the linter's too: a client's result to an
/// open `elicitation/create` id, or an `inputResponses` entry of a retry for
/// a key the `InputRequiredResult` it follows asked.
pub fn read<R: BufRead>(reader: R) -> std::io::Result<Vec<Run>> {
    let mut runs: Vec<Run> = Vec::new();
    // What is kept of an open client request: the call it is part of, for
    // the calls a replay repeats; of an open elicitation, where it was put.
    let mut pairing: Pairing<Option<usize>, At> = Pairing::default();
    let mut header_spec = false;
    each_line(reader, |line_no, event, _| -> std::io::Result<()> {
        let Event::Line(_, line) = event else {
            return Ok(());
        };
        let (from, msg) = match line {
            Line::Header(h) => {
                runs.push(Run {
                    line: line_no,
                    revision: h.spec.as_deref().and_then(Revision::parse),
                    url_mode: true,
                    redacted: h.redacted,
                    calls: Vec::new(),
                    loose: Vec::new(),
                });
                header_spec = h.spec.is_some();
                pairing.end_run();
                return Ok(());
            }
            Line::Message { from, msg, .. } => (from, msg),
            Line::Skip | Line::Bad { .. } => return Ok(()),
        };
        if runs.is_empty() {
            runs.push(Run {
                line: line_no,
                revision: None,
                url_mode: true,
                redacted: Vec::new(),
                calls: Vec::new(),
                loose: Vec::new(),
            });
        }
        let run = runs.last_mut().expect("a run");
        if !header_spec
            && run.revision.is_none()
            && let Some(Ok(rev)) = document::named_revision(msg)
        {
            run.revision = Some(rev);
        }
        let method = msg.get("method").and_then(Node::as_str);
        let params = msg.get("params");
        let (id, of) = match pairing.step(from, msg) {
            Step::Request { id } => (id, None),
            Step::Retry { id, of } => (id, of),
            Step::Elicitation { id } => {
                // Raised while the latest call is open, or on its own.
                let asked = Expected {
                    line: line_no,
                    params: params.map_or(Value::Null, Node::to_value),
                    answer: None,
                    key: None,
                };
                let at = run.put(run.open_call(), asked);
                if let Some(id) = id {
                    pairing.ask(id, at);
                }
                return Ok(());
            }
            Step::Answer { asked, .. } => {
                if let (Some(at), Some(result)) = (asked, msg.get("result")) {
                    run.at(at).answer = Some(result.to_value());
                }
                return Ok(());
            }
            Step::Response { id, call } => {
                let c = call.as_ref().and_then(|o| o.data);
                let Some(ir) = document::input_required(msg) else {
                    if let Some(c) = c {
                        run.calls[c].outcome = Some((line_no, outcome(&msg.to_value())));
                    }
                    return Ok(());
                };
                // The questions of a result to a call the recording does not
                // hold (it starts mid-call) are kept too.
                let mut keys = Vec::new();
                for (key, method, request) in ir.requests {
                    let at = (method == Some("elicitation/create")).then(|| {
                        let asked = Expected {
                            line: line_no,
                            params: request.get("params").map_or(Value::Null, Node::to_value),
                            answer: None,
                            key: Some(key.clone()),
                        };
                        run.put(c, asked)
                    });
                    keys.push((key, at));
                }
                pairing.await_retry(Awaiting {
                    id: id.unwrap_or_default(),
                    call,
                    keys,
                    request_state: None,
                });
                return Ok(());
            }
            Step::Other => return Ok(()),
        };
        // A client's request: a call, the retry of one, or another request.
        let m = method.unwrap_or("");
        // `{}` declares form only (and is all 2025-06-18 has).
        if let Some(caps) = declared_elicitation(m, params) {
            run.url_mode = caps.get("url").is_some();
        }
        let mut call = None;
        if let Some(of) = of {
            call = of.call.as_ref().and_then(|c| c.data);
            // The answers a retry carries, to what its result asked.
            let responses = params
                .and_then(|p| p.get("inputResponses"))
                .and_then(Node::as_object)
                .unwrap_or_default();
            for (key, at) in of.keys {
                let Some(at) = at else { continue };
                if let Some(r) = responses.iter().find(|r| r.key == key) {
                    run.at(at).answer = Some(r.value.to_value());
                }
            }
        }
        if call.is_none() && CALL_METHODS.contains(&m) {
            let mut p = params.map_or_else(|| json!({}), Node::to_value);
            clean_params(&mut p);
            run.calls.push(Call {
                line: line_no,
                method: m.to_string(),
                params: p,
                elicitations: Vec::new(),
                outcome: None,
            });
            call = Some(run.calls.len() - 1);
        }
        if let Some(id) = id {
            pairing.open(id, msg, call);
        }
        Ok(())
    })?;
    Ok(runs)
}

impl Run {
    /// The latest call, while it waits for its outcome.
    fn open_call(&self) -> Option<usize> {
        let c = self.calls.len().checked_sub(1)?;
        self.calls[c].outcome.is_none().then_some(c)
    }

    /// Puts an elicitation in call `c`, or outside any call.
    fn put(&mut self, c: Option<usize>, asked: Expected) -> At {
        match c {
            Some(c) => {
                self.calls[c].elicitations.push(asked);
                At::Call(c, self.calls[c].elicitations.len() - 1)
            }
            None => {
                self.loose.push(asked);
                At::Loose(self.loose.len() - 1)
            }
        }
    }

    fn at(&mut self, at: At) -> &mut Expected {
        match at {
            At::Call(c, e) => &mut self.calls[c].elicitations[e],
            At::Loose(e) => &mut self.loose[e],
        }
    }
}

/// The elicitation capability a client request declares, if any.
fn declared_elicitation(method: &str, params: Option<&Node>) -> Option<Value> {
    let p = params?;
    let caps = if method == "initialize" {
        p.get("capabilities")
    } else {
        p.get("_meta").and_then(|m| m.get(CLIENT_CAPABILITIES_META))
    };
    caps?.get("elicitation").map(Node::to_value)
}

/// Removes what the client adds to a request's params by itself.
fn clean_params(p: &mut Value) {
    let Some(obj) = p.as_object_mut() else {
        return;
    };
    obj.shift_remove("inputResponses");
    obj.shift_remove("requestState");
    let empty = match obj.get_mut("_meta").and_then(Value::as_object_mut) {
        Some(meta) => {
            for k in [
                document::PROTOCOL_VERSION_META,
                CLIENT_CAPABILITIES_META,
                document::CLIENT_INFO_META,
            ] {
                meta.shift_remove(k);
            }
            meta.is_empty()
        }
        None => false,
    };
    if empty {
        obj.shift_remove("_meta");
    }
}

/// The part of a final response that is compared: `{"result": ..}` or
/// `{"error": ..}`, without `requestState`.
pub(crate) fn outcome(response: &Value) -> Value {
    if let Some(e) = response.get("error") {
        return json!({ "error": e });
    }
    let mut r = response.get("result").cloned().unwrap_or(Value::Null);
    if let Some(o) = r.as_object_mut() {
        o.shift_remove("requestState");
    }
    json!({ "result": r })
}

/// Where an elicitation asked by id was put.
#[derive(Debug, Clone, Copy)]
enum At {
    Call(usize, usize),
    Loose(usize),
}

/// Every answered elicitation of `runs`, in the order they were asked.
pub(crate) fn answered(runs: &[Run]) -> Vec<&Expected> {
    let mut out: Vec<&Expected> = runs
        .iter()
        .flat_map(|r| r.calls.iter().flat_map(|c| &c.elicitations).chain(&r.loose))
        .filter(|e| e.answer.is_some())
        .collect();
    out.sort_by_key(|e| e.line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::bounded::REMEMBERED;

    /// A session `answer` recorded (no call), then a call that asks twice,
    /// the second question left unanswered, in plain JSONL.
    const SESSION: &str = concat!(
        r#"{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"message":"Name?","requestedSchema":{"type":"object","properties":{"n":{"type":"string"}}}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":"e1","result":{"action":"accept","content":{"n":"Ada"}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book"}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Guests?","requestedSchema":{"type":"object","properties":{"g":{"type":"integer"}}}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":7,"result":{"action":"decline"}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":8,"method":"elicitation/create","params":{"message":"Sure?","requestedSchema":{"type":"object","properties":{}}}}"#,
        "\n",
    );

    #[test]
    fn elicitations_outside_a_call_are_kept_and_answers_paired_once() {
        let runs = read(SESSION.as_bytes()).unwrap();
        assert_eq!(runs.len(), 1);
        let run = &runs[0];
        assert_eq!(run.loose.len(), 1);
        assert_eq!(run.loose[0].line, 1);
        assert_eq!(run.loose[0].answer.as_ref().unwrap()["content"]["n"], "Ada");
        assert_eq!(run.calls.len(), 1);
        let asked = &run.calls[0].elicitations;
        assert_eq!(asked.len(), 2);
        assert_eq!(asked[0].answer.as_ref().unwrap()["action"], "decline");
        assert!(asked[1].answer.is_none());
        let lines: Vec<usize> = answered(&runs).iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 4]);
        // Recorded answers are the same pairs.
        let recorded = super::super::recorded::read(SESSION.as_bytes()).unwrap();
        assert_eq!(recorded.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 4]);
    }

    #[test]
    fn a_retry_goes_to_the_call_it_retries() {
        // Two calls wait for their retries at once; the first is retried
        // last but one.
        let lines = concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"signup","arguments":{}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"survey","arguments":{}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"name":{"method":"elicitation/create","params":{"mode":"form","message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}},"requestState":"s1"}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","inputRequests":{"stars":{"method":"elicitation/create","params":{"mode":"form","message":"Stars?","requestedSchema":{"type":"object","properties":{"stars":{"type":"integer"}}}}}},"requestState":"s2"}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"signup","arguments":{},"inputResponses":{"name":{"action":"accept","content":{"name":5}}},"requestState":"s1"}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"survey","arguments":{},"inputResponses":{"stars":{"action":"accept","content":{"stars":"five"}}},"requestState":"s2"}}"#,
            "\n",
        );
        let runs = read(lines.as_bytes()).unwrap();
        let calls = &runs[0].calls;
        assert_eq!(calls.len(), 2, "a retry is not a new call: {calls:#?}");
        assert_eq!(calls[0].target(), "signup");
        let signup = &calls[0].elicitations;
        assert_eq!(signup.len(), 1);
        assert_eq!(signup[0].key.as_deref(), Some("name"));
        assert_eq!(signup[0].answer.as_ref().unwrap()["content"]["name"], 5);
        let survey = &calls[1].elicitations;
        assert_eq!(
            survey[0].answer.as_ref().unwrap()["content"]["stars"],
            "five"
        );
    }

    #[test]
    fn open_requests_are_bounded() {
        let mut text = String::new();
        for i in 0..REMEMBERED + 10 {
            text.push_str(&format!(
                r#"{{"jsonrpc":"2.0","id":{i},"method":"elicitation/create","params":{{"message":"Q{i}","requestedSchema":{{"type":"object","properties":{{}}}}}}}}"#
            ));
            text.push('\n');
        }
        // The answer to the oldest comes too late to be paired; the newest is.
        for i in [0, REMEMBERED + 9] {
            text.push_str(&format!(
                r#"{{"jsonrpc":"2.0","id":{i},"result":{{"action":"cancel"}}}}"#
            ));
            text.push('\n');
        }
        let runs = read(text.as_bytes()).unwrap();
        let answered: Vec<usize> = answered(&runs).iter().map(|e| e.line).collect();
        assert_eq!(answered, [REMEMBERED + 10]);
    }
}
