//! `mcp-elicit probe`: an MCP server a person adds to a host, to measure
//! what the host really does. It records what the host declares when it
//! connects (client info, revision, capabilities, in both eras) and offers
//! one tool per elicitation shape: each asks one elicitation (two for the
//! batch) with an instruction of what to do ("accept without changing
//! anything", "decline", "press the host's Cancel"), and records what came
//! back (the action and content, or an error, and how long it took). A
//! question with no answer in the recording is what the host did with it:
//! nothing. [`report`] reads a recording back and compares it with the
//! facts shipped for the host.

pub mod report;

use std::sync::Mutex;
use std::time::Instant;

use serde_json::{Value, json};

use crate::mcp::server::{Elicitor, Handler, NextAnswer, Stop, Tool};
use crate::spec::Revision;

/// What the person is asked to do with a probe's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Instruction {
    /// Accept without changing anything: the content is what the host
    /// fills in by itself (the defaults it shows).
    Accept,
    /// Press the host's Decline (or No).
    Decline,
    /// Press the host's Cancel, or dismiss the form.
    Cancel,
}

impl Instruction {
    /// The instruction as the form's message says it.
    pub fn words(self) -> &'static str {
        match self {
            Instruction::Accept => "accept without changing anything",
            Instruction::Decline => "decline (press Decline or No)",
            Instruction::Cancel => "press the host's Cancel, or dismiss the form",
        }
    }

    /// The action a host that follows the instruction sends.
    pub fn action(self) -> &'static str {
        match self {
            Instruction::Accept => "accept",
            Instruction::Decline => "decline",
            Instruction::Cancel => "cancel",
        }
    }
}

/// One shape the probe asks.
#[derive(Debug, PartialEq)]
pub struct Shape {
    /// Kebab-case; the tool is `probe_NN_ID` (dashes as underscores).
    pub id: &'static str,
    /// What it asks, in words.
    pub what: &'static str,
    pub instruction: Instruction,
    /// Whether the spec allows the shape (2025-11-25 and 2026-07-28).
    pub in_spec: bool,
    /// The `elicitation/create` params, as JSON text, without `message`
    /// (the probe writes it).
    pub params: &'static str,
    /// A second question asked in the same batch, when there is one.
    pub second: Option<&'static str>,
    /// How a host fact about this shape is written in `src/hosts/data.rs`:
    /// its trigger and its rule, as source text.
    pub trigger: &'static str,
    pub rule: &'static str,
}

impl Shape {
    /// Whether the shape is a URL-mode request.
    pub fn url(&self) -> bool {
        self.params.contains(r#""mode": "url""#)
    }
}

/// Every shape, in the order the tools are numbered.
pub static SHAPES: &[Shape] = &[
    Shape {
        id: "text",
        what: "a text field with a title, a description, lengths and a default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"name": {"type": "string", "title": "Your name", "description": "As it should appear on the booking", "minLength": 1, "maxLength": 40, "default": "Ada Lovelace"}}}}"#,
        second: None,
        trigger: "StringDefault",
        rule: "HOST_DEFAULT_NOT_SHOWN",
    },
    Shape {
        id: "number",
        what: "a number with bounds and a default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"budget": {"type": "number", "title": "Budget", "minimum": 0.5, "maximum": 99.5, "default": 2.5}}}}"#,
        second: None,
        trigger: "Shapes(&[Number])",
        rule: "HOST_FORM_UNRENDERABLE",
    },
    Shape {
        id: "integer",
        what: "an integer with bounds and a default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"guests": {"type": "integer", "title": "Guests", "minimum": 1, "maximum": 12, "default": 4}}}}"#,
        second: None,
        trigger: "Shapes(&[Integer])",
        rule: "HOST_FORM_UNRENDERABLE",
    },
    Shape {
        id: "number-without-default",
        what: "an optional number with bounds and no default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"floor": {"type": "integer", "title": "Floor", "minimum": 3, "maximum": 9}}}}"#,
        second: None,
        trigger: "NumberWithoutDefault",
        rule: "HOST_NUMBER_PREFILLED",
    },
    Shape {
        id: "boolean",
        what: "a checkbox whose default is true",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"newsletter": {"type": "boolean", "title": "Send me the newsletter", "default": true}}}}"#,
        second: None,
        trigger: "Any",
        rule: "HOST_FORM_UNRENDERABLE",
    },
    Shape {
        id: "falsy-defaults",
        what: "a checkbox, a number and a text field whose defaults are false, 0 and \"\"",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"reminder": {"type": "boolean", "title": "Remind me", "default": false}, "children": {"type": "integer", "title": "Children", "minimum": 0, "maximum": 6, "default": 0}, "note": {"type": "string", "title": "Note", "default": ""}}}}"#,
        second: None,
        trigger: "FalsyDefault",
        rule: "HOST_DEFAULT_NOT_SHOWN",
    },
    Shape {
        id: "untitled-select",
        what: "a single-select of untitled options (`enum`) with a default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"colour": {"type": "string", "title": "Colour", "enum": ["red", "green", "blue"], "default": "green"}}}}"#,
        second: None,
        trigger: "Shapes(&[UntitledEnum])",
        rule: "HOST_ENUM_FREE_TEXT",
    },
    Shape {
        id: "titled-select",
        what: "a single-select of titled options (`oneOf` of `const` and `title`) with a default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"seat": {"type": "string", "title": "Seat", "oneOf": [{"const": "win", "title": "Window"}, {"const": "ais", "title": "Aisle"}], "default": "ais"}}}}"#,
        second: None,
        trigger: "Shapes(&[TitledSingle])",
        rule: "HOST_OPTIONS_UNLABELLED",
    },
    Shape {
        id: "enum-names",
        what: "a single-select labelled by `enumNames` (deprecated, still allowed) with a default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"meal": {"type": "string", "title": "Meal", "enum": ["veg", "fish"], "enumNames": ["Vegetarian", "Fish"], "default": "fish"}}}}"#,
        second: None,
        trigger: "Shapes(&[LegacyNames])",
        rule: "HOST_OPTIONS_UNLABELLED",
    },
    Shape {
        id: "untitled-multi-select",
        what: "a multi-select of untitled options (`items.enum`) with bounds and a default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"days": {"type": "array", "title": "Days", "items": {"type": "string", "enum": ["mon", "tue", "wed"]}, "minItems": 1, "maxItems": 2, "default": ["tue"]}}}}"#,
        second: None,
        trigger: "Shapes(&[UntitledMulti])",
        rule: "HOST_MULTI_SELECT_UNSUPPORTED",
    },
    Shape {
        id: "titled-multi-select",
        what: "a multi-select of titled options (`items.anyOf`) with a default",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"extras": {"type": "array", "title": "Extras", "items": {"anyOf": [{"const": "bk", "title": "Breakfast"}, {"const": "pk", "title": "Parking"}]}, "default": ["pk"]}}}}"#,
        second: None,
        trigger: "Shapes(&[TitledMulti])",
        rule: "HOST_MULTI_SELECT_UNSUPPORTED",
    },
    Shape {
        id: "formats",
        what: "text fields of the four formats (email, uri, date, date-time) with defaults",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"email": {"type": "string", "format": "email", "default": "ada@example.com"}, "site": {"type": "string", "format": "uri", "default": "https://example.com/"}, "day": {"type": "string", "format": "date", "default": "2026-12-24"}, "at": {"type": "string", "format": "date-time", "default": "2026-12-24T19:30:00Z"}}}}"#,
        second: None,
        trigger: "Keywords(&[\"format\"])",
        rule: "HOST_CONSTRAINT_IGNORED",
    },
    Shape {
        id: "required",
        what: "a required text field with a default beside an optional one without",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"city": {"type": "string", "title": "City", "default": "Lyon"}, "street": {"type": "string", "title": "Street"}}, "required": ["city"]}}"#,
        second: None,
        trigger: "Any",
        rule: "HOST_FORM_UNRENDERABLE",
    },
    Shape {
        id: "empty-form",
        what: "a form with no fields (approve or decline)",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {}}}"#,
        second: None,
        trigger: "EmptyForm",
        rule: "HOST_EMPTY_FORM",
    },
    Shape {
        id: "decline",
        what: "a one-field form to decline",
        instruction: Instruction::Decline,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean", "title": "Go ahead?", "default": true}}}}"#,
        second: None,
        trigger: "Any",
        rule: "HOST_CANCELS_UNSEEN",
    },
    Shape {
        id: "cancel",
        what: "a one-field form to cancel",
        instruction: Instruction::Cancel,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean", "title": "Go ahead?", "default": true}}}}"#,
        second: None,
        trigger: "Any",
        rule: "HOST_CANCELS_UNSEEN",
    },
    Shape {
        id: "url",
        what: "a URL-mode request (the link need not be opened)",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"mode": "url", "url": "https://example.com/mcp-elicit-probe", "elicitationId": "mcp-elicit-probe-url"}"#,
        second: None,
        trigger: "UrlMode",
        rule: "HOST_URL_MODE_LIMITED",
    },
    Shape {
        id: "two-questions",
        what: "two forms asked together (in 2026-07-28 one InputRequiredResult with two questions)",
        instruction: Instruction::Accept,
        in_spec: true,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"first": {"type": "string", "title": "First", "default": "one"}}}}"#,
        second: Some(
            r#"{"requestedSchema": {"type": "object", "properties": {"second": {"type": "string", "title": "Second", "default": "two"}}}}"#,
        ),
        trigger: "InputRequired",
        rule: "HOST_INPUT_REQUIRED_UNSUPPORTED",
    },
    Shape {
        id: "root-title",
        what: "a form with a root `title` and `description` (outside the spec)",
        instruction: Instruction::Accept,
        in_spec: false,
        params: r#"{"requestedSchema": {"type": "object", "title": "Booking", "description": "A table for tonight", "properties": {"name": {"type": "string", "title": "Name", "default": "Ada"}}}}"#,
        second: None,
        trigger: "RootKeys(&[\"title\", \"description\"])",
        rule: "HOST_REJECTS_SHAPE",
    },
    Shape {
        id: "nested-object",
        what: "a nested object (outside the spec)",
        instruction: Instruction::Accept,
        in_spec: false,
        params: r#"{"requestedSchema": {"type": "object", "properties": {"address": {"type": "object", "title": "Address", "properties": {"city": {"type": "string", "default": "Lyon"}}}}}}"#,
        second: None,
        trigger: "Rejected(&[&rules::NESTED_OBJECT])",
        rule: "HOST_REJECTS_SHAPE",
    },
];

/// The tool name of shape `i` (0-based): `probe_01_text`.
pub fn tool_name(i: usize) -> String {
    format!("probe_{:02}_{}", i + 1, SHAPES[i].id.replace('-', "_"))
}

/// The shape a tool name names.
pub fn shape_of(tool: &str) -> Option<(usize, &'static Shape)> {
    (0..SHAPES.len())
        .find(|&i| tool_name(i) == tool)
        .map(|i| (i, &SHAPES[i]))
}

/// The `elicitation/create` params shape `i` sends in `rev`: the message
/// (the probe's number, what it asks and the instruction) added, `mode`
/// left out before 2025-11-25. `None` when `rev` has no such request
/// (URL mode before 2025-11-25).
pub fn params(i: usize, second: bool, rev: Revision) -> Option<Value> {
    let shape = &SHAPES[i];
    let text = if second { shape.second? } else { shape.params };
    let mut p: Value = serde_json::from_str(text).expect("the probe's params are JSON");
    let legacy = matches!(rev, Revision::V2025_06_18);
    if legacy && shape.url() {
        return None;
    }
    let which = if shape.second.is_some() {
        if second { " (2 of 2)" } else { " (1 of 2)" }
    } else {
        ""
    };
    p["message"] = json!(format!(
        "mcp-elicit probe {}/{}{which}: {}. Please {}.",
        i + 1,
        SHAPES.len(),
        shape.what,
        shape.instruction.words()
    ));
    if !legacy && !shape.url() {
        p["mode"] = json!("form");
    }
    Some(p)
}

/// Where the probe's events go: one JSON object each, in order.
pub trait Record: Send + Sync {
    fn event(&self, event: Value);
}

/// The probe server.
pub struct Probe {
    record: Box<dyn Record>,
    started: Instant,
    /// What the client declared last, so that a 2026-07-28 client, which
    /// declares on every request, is recorded once per change.
    declared: Mutex<Option<Value>>,
}

impl Probe {
    pub fn new(record: Box<dyn Record>) -> Probe {
        let probe = Probe {
            record,
            started: Instant::now(),
            declared: Mutex::new(None),
        };
        probe.emit(json!({
            "event": "probe",
            "version": env!("CARGO_PKG_VERSION"),
            "shapes": SHAPES.iter().map(|s| s.id).collect::<Vec<_>>(),
        }));
        probe
    }

    fn emit(&self, mut event: Value) {
        event["ms"] = json!(self.started.elapsed().as_millis() as u64);
        self.record.event(event);
    }
}

/// What a client declares in a request: `initialize`'s params, or the
/// `_meta` of a 2026-07-28 request.
fn declaration(method: &str, params: &Value) -> Option<Value> {
    let meta = params.get("_meta");
    let modern = meta
        .and_then(|m| m.get(crate::mcp::client::PROTOCOL_VERSION_META))
        .and_then(Value::as_str);
    if let (Some(meta), Some(version)) = (meta, modern) {
        return Some(json!({
            "protocolVersion": version,
            "capabilities": meta.get(crate::document::CLIENT_CAPABILITIES_META),
            "clientInfo": meta.get("io.modelcontextprotocol/clientInfo"),
        }));
    }
    (method == "initialize").then(|| {
        json!({
            "protocolVersion": params.get("protocolVersion"),
            "capabilities": params.get("capabilities"),
            "clientInfo": params.get("clientInfo"),
        })
    })
}

impl Handler for Probe {
    fn name(&self) -> &str {
        "mcp-elicit probe"
    }

    fn tools(&self) -> Vec<Tool> {
        (0..SHAPES.len())
            .map(|i| {
                let s = &SHAPES[i];
                let next = if i + 1 < SHAPES.len() {
                    format!(" Then call {}.", tool_name(i + 1))
                } else {
                    " It is the last one.".to_string()
                };
                Tool {
                    name: tool_name(i),
                    description: format!(
                        "Probe {}/{} of what this host does with an elicitation: asks {}. When the form appears, {}.{next}",
                        i + 1,
                        SHAPES.len(),
                        s.what,
                        s.instruction.words()
                    ),
                    input_schema: json!({"type": "object", "properties": {}}),
                }
            })
            .collect()
    }

    fn request(&self, method: &str, params: &Value) {
        let Some(d) = declaration(method, params) else {
            return;
        };
        let mut last = self.declared.lock().unwrap_or_else(|p| p.into_inner());
        if last.as_ref() != Some(&d) {
            *last = Some(d.clone());
            drop(last);
            let mut event = json!({"event": "declared", "method": method});
            if let (Value::Object(e), Value::Object(d)) = (&mut event, d) {
                e.extend(d);
            }
            self.emit(event);
        }
    }

    fn call(&self, name: &str, _args: &Value, ask: &mut dyn Elicitor) -> Result<Value, Stop> {
        let Some((i, shape)) = shape_of(name) else {
            return Err(Stop::Lost(format!("no probe tool {name}")));
        };
        let rev = ask.revision();
        let mut keyed = Vec::new();
        for (second, key) in [(false, "first"), (true, "second")] {
            if let Some(p) = params(i, second, rev) {
                keyed.push((key.to_string(), p));
            }
        }
        if keyed.is_empty() {
            self.emit(
                json!({"event": "skipped", "shape": shape.id, "revision": rev.as_str(),
                "why": "the revision has no URL mode"}),
            );
            return Ok(text_result(format!(
                "{} is not asked in {}: that revision has no URL mode.{}",
                shape.id,
                rev.as_str(),
                next_words(i)
            )));
        }
        let next = ask.next_answer();
        if next == NextAnswer::AskNow {
            self.emit(json!({
                "event": "asked",
                "shape": shape.id,
                "revision": rev.as_str(),
                "capability": ask.capability(),
                "questions": keyed.iter().map(|(k, p)| json!({"key": k, "params": p})).collect::<Vec<_>>(),
            }));
        }
        let started = Instant::now();
        let keys: Vec<String> = keyed.iter().map(|(k, _)| k.clone()).collect();
        let outcomes = if keyed.len() == 1 {
            let (k, p) = keyed.remove(0);
            vec![ask.elicit_keyed(&k, p)]
        } else {
            ask.elicit_all_keyed(keyed)
        };
        let waited = match next {
            NextAnswer::JustArrived { waited } => waited,
            NextAnswer::AskNow => Some(started.elapsed()),
            NextAnswer::Earlier => None,
        };
        let mut said = Vec::new();
        for (key, outcome) in keys.iter().zip(outcomes) {
            let mut event = json!({"event": "answered", "shape": shape.id, "key": key,
                "waited_ms": waited.map(|w| w.as_millis() as u64)});
            match outcome {
                Ok(result) => {
                    said.push(
                        result
                            .get("action")
                            .and_then(Value::as_str)
                            .unwrap_or("?")
                            .to_string(),
                    );
                    event["result"] = result;
                }
                Err(Stop::Refused(error)) => {
                    said.push("an error".to_string());
                    event["error"] = error;
                }
                Err(Stop::InputRequired(asked)) => return Err(Stop::InputRequired(asked)),
                Err(Stop::Lost(why)) => {
                    self.emit(json!({"event": "lost", "shape": shape.id, "why": why}));
                    return Err(Stop::Lost(why));
                }
            }
            if next != NextAnswer::Earlier {
                self.emit(event);
            }
        }
        Ok(text_result(format!(
            "Recorded for {}: {}.{}",
            shape.id,
            said.join(", "),
            next_words(i)
        )))
    }
}

fn next_words(i: usize) -> String {
    if i + 1 < SHAPES.len() {
        format!(" Next: call {}.", tool_name(i + 1))
    } else {
        " That was the last probe; `mcp-elicit probe --report FILE` shows what was recorded."
            .to_string()
    }
}

fn text_result(text: String) -> Value {
    json!({"content": [{"type": "text", "text": text}], "isError": false})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_is_json_with_distinct_tool_names() {
        let mut names = std::collections::HashSet::new();
        for i in 0..SHAPES.len() {
            assert!(names.insert(tool_name(i)));
            for rev in [
                Revision::V2025_06_18,
                Revision::V2025_11_25,
                Revision::V2026_07_28,
            ] {
                if let Some(p) = params(i, false, rev) {
                    assert!(p["message"].as_str().unwrap().contains("Please"));
                }
            }
            assert_eq!(shape_of(&tool_name(i)).unwrap().0, i);
        }
    }

    /// The shapes the spec allows lint without an error (`enumNames` is
    /// deprecated: a warning); the two outside it do not lint clean.
    #[test]
    fn the_shapes_inside_the_spec_lint_clean() {
        for (i, shape) in SHAPES.iter().enumerate() {
            for second in [false, true] {
                let Some(p) = params(i, second, Revision::V2025_11_25) else {
                    continue;
                };
                let text = p.to_string();
                let node = crate::json::parse(&text).unwrap();
                let mut out = crate::finding::Findings::default();
                crate::rules::check_params(&node, "", Revision::V2025_11_25, &mut out);
                let worst = out.items.iter().map(|f| f.rule.severity).max();
                let codes: Vec<_> = out.items.iter().map(|f| f.rule.code).collect();
                if shape.in_spec {
                    assert!(
                        worst < Some(crate::finding::Severity::Error),
                        "{}: {codes:?}",
                        shape.id
                    );
                } else {
                    assert!(
                        worst >= Some(crate::finding::Severity::Warning),
                        "{}: {codes:?}",
                        shape.id
                    );
                }
            }
        }
    }
}
