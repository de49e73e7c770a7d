//! Recorded answers: every elicitation in a session paired with the answer
//! it got, and the lookup `answer --answers-from` uses to answer a new
//! request the way a recorded one was answered.

use std::io::BufRead;

use serde_json::Value;

/// One recorded elicitation and its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// The line of the session the request is on.
    pub line: usize,
    /// The `elicitation/create` params.
    pub params: Value,
    /// The `ElicitResult` given.
    pub answer: Value,
}

/// Reads every answered elicitation of a session, in any recognised format,
/// streaming (see [`super::exchanges::read`], which decides what counts as
/// an answer). Unanswered requests are left out; torn and unreadable lines
/// are skipped (`replay` reports them).
pub fn read<R: BufRead>(reader: R) -> std::io::Result<Vec<Recorded>> {
    let runs = super::exchanges::read(reader)?;
    Ok(super::exchanges::answered(&runs)
        .into_iter()
        .filter_map(|e| {
            Some(Recorded {
                line: e.line,
                params: e.params.clone(),
                answer: e.answer.clone()?,
            })
        })
        .collect())
}

/// Why no recorded answer fits a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unmatched {
    /// The session holds no answered elicitation at all.
    #[error("the session holds no answered elicitation")]
    Empty,
    /// No recorded request matches; the nearest differs.
    #[error(
        "no recorded request matches; the nearest, on line {line}, differs: {}",
        differences.join("; ")
    )]
    Nearest {
        /// The line of the session the nearest request is on.
        line: usize,
        /// How it differs (see `differences`); they quote what the
        /// server sent.
        differences: Vec<String>,
    },
}

/// Why recorded answers cannot be opened or cannot answer
/// ([`RecordedResponder`](crate::form::RecordedResponder)).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The session cannot be opened.
    #[error("cannot read the session {}", path.display())]
    Open {
        /// The session's path.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Reading the session failed part way.
    #[error("reading the session {} failed", path.display())]
    Read {
        /// The session's path.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// No recorded answer fits the request.
    #[error("{session}: {unmatched}")]
    Unmatched {
        /// The session's name.
        session: String,
        /// Why none fits.
        unmatched: Unmatched,
    },
}

/// Finds the recorded answer for `params`: the latest recorded request with
/// the same mode, message and schema (or URL). With none, the error names
/// the nearest recorded request and how it differs.
pub fn find<'r>(recorded: &'r [Recorded], params: &Value) -> Result<&'r Recorded, Unmatched> {
    if let Some(r) = recorded
        .iter()
        .rev()
        .find(|r| differences(&r.params, params).is_empty())
    {
        return Ok(r);
    }
    let nearest = recorded
        .iter()
        .rev()
        .min_by_key(|r| differences(&r.params, params).len());
    match nearest {
        None => Err(Unmatched::Empty),
        Some(r) => Err(Unmatched::Nearest {
            line: r.line,
            differences: differences(&r.params, params),
        }),
    }
}

/// How two requests differ, for matching: mode, message, URL, and the
/// schema property by property. Empty when they match. The texts quote what
/// the server sent: sanitise them before printing.
pub(crate) fn differences(recorded: &Value, asked: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mode = |v: &Value| {
        v.get("mode")
            .and_then(Value::as_str)
            .unwrap_or("form")
            .to_string()
    };
    if mode(recorded) != mode(asked) {
        out.push(format!("mode was {}, is {}", mode(recorded), mode(asked)));
    }
    let text = |v: &Value, k: &str| v.get(k).cloned().unwrap_or(Value::Null);
    for k in ["message", "url"] {
        let (a, b) = (text(recorded, k), text(asked, k));
        if a != b {
            out.push(format!("{k} was {a}, is {b}"));
        }
    }
    let schema = |v: &Value| v.get("requestedSchema").cloned().unwrap_or(Value::Null);
    let (ra, rb) = (schema(recorded), schema(asked));
    if ra != rb {
        let props = |v: &Value| {
            v.get("properties")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default()
        };
        let (pa, pb) = (props(&ra), props(&rb));
        for (name, a) in &pa {
            match pb.get(name) {
                None => out.push(format!("property `{name}` was asked, is not now")),
                Some(b) if a != b => out.push(property_change(name, a, b)),
                Some(_) => {}
            }
        }
        for name in pb.keys().filter(|n| !pa.contains_key(*n)) {
            out.push(format!("property `{name}` is new"));
        }
        if ra.get("required") != rb.get("required") {
            out.push(format!(
                "required was {}, is {}",
                ra.get("required").unwrap_or(&Value::Null),
                rb.get("required").unwrap_or(&Value::Null)
            ));
        }
        if out.is_empty() {
            out.push("the schema differs outside its properties".into());
        }
    }
    out
}

/// How one property changed: key by key when both are objects.
fn property_change(name: &str, a: &Value, b: &Value) -> String {
    let (Some(oa), Some(ob)) = (a.as_object(), b.as_object()) else {
        return format!("property `{name}` was {a}, is {b}");
    };
    let mut parts = Vec::new();
    for (k, va) in oa {
        match ob.get(k) {
            None => parts.push(format!("{k} was {va}, is absent")),
            Some(vb) if va != vb => parts.push(format!("{k} was {va}, is {vb}")),
            Some(_) => {}
        }
    }
    for (k, vb) in ob.iter().filter(|(k, _)| !oa.contains_key(*k)) {
        parts.push(format!("{k} was absent, is {vb}"));
    }
    if parts.is_empty() {
        // Same keys and values in another order.
        return format!("property `{name}` has its keys in another order");
    }
    format!("property `{name}`: {}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SESSION: &str = r#"{"mcp-elicit-session":1,"tool":"mcp-elicit 0.1.0","spec":"2026-07-28","server":{"transport":"file","path":"-"},"started":"2026-11-23T10:00:00.000Z"}
{"t":0,"from":"server","msg":{"jsonrpc":"2.0","id":5,"method":"elicitation/create","params":{"message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}}
{"t":9,"from":"client","msg":{"jsonrpc":"2.0","id":5,"result":{"action":"accept","content":{"name":"Ada"}}}}
{"t":10,"from":"server","msg":{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"size":{"method":"elicitation/create","params":{"message":"Size?","requestedSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}}}}}}
{"t":20,"from":"client","msg":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","inputResponses":{"size":{"action":"decline"}}}}}
"#;

    #[test]
    fn answers_are_paired_and_found_by_message_and_schema() {
        let rec = read(SESSION.as_bytes()).unwrap();
        assert_eq!(rec.len(), 2);
        assert_eq!(rec[0].line, 2);
        assert_eq!(rec[1].answer, serde_json::json!({"action": "decline"}));
        let asked: Value = serde_json::from_str(
            r#"{"requestedSchema":{"properties":{"name":{"type":"string"}},"type":"object"},"message":"Name?"}"#,
        )
        .unwrap();
        assert_eq!(find(&rec, &asked).unwrap().answer["content"]["name"], "Ada");
        let changed: Value = serde_json::from_str(
            r#"{"message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","maxLength":5}}}}"#,
        )
        .unwrap();
        let err = find(&rec, &changed).unwrap_err();
        assert_eq!(
            err,
            Unmatched::Nearest {
                line: 2,
                differences: vec!["property `name`: maxLength was absent, is 5".into()]
            }
        );
        assert_eq!(
            err.to_string(),
            r#"no recorded request matches; the nearest, on line 2, differs: property `name`: maxLength was absent, is 5"#
        );
    }
}
