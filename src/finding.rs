//! Findings: what a check says about a place in a document. Data, not text;
//! the binary's renderers turn them into lines, JSON, SARIF or annotations.

use serde::Serialize;
use std::fmt;

use crate::json::Span;
use crate::rules::Rule;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    pub fn parse(s: &str) -> Option<Severity> {
        match s {
            "note" => Some(Severity::Note),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding inside one parsed JSON text. `span` is a byte range of that
/// text; the caller that knows where the text came from (a file, a line of a
/// JSONL file) turns it into a line and column.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub rule: &'static Rule,
    pub message: String,
    /// JSON pointer (RFC 6901) to the offending value, from the text's root.
    pub pointer: String,
    pub span: Span,
}

impl Finding {
    pub fn severity(&self) -> Severity {
        self.rule.severity
    }
}

/// A finding as JSON: its rule's `code`, `name` and `severity`, its
/// `pointer` and `message` (the span is of a text the reader may not have).
impl Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Finding", 5)?;
        st.serialize_field("code", self.rule.code)?;
        st.serialize_field("name", self.rule.name)?;
        st.serialize_field("severity", &self.rule.severity)?;
        st.serialize_field("pointer", &self.pointer)?;
        st.serialize_field("message", &self.message)?;
        st.end()
    }
}

/// Where checks put their findings.
#[derive(Debug, Default)]
pub struct Findings {
    pub items: Vec<Finding>,
}

impl Findings {
    pub fn push(
        &mut self,
        rule: &'static Rule,
        span: Span,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.items.push(Finding {
            rule,
            message: message.into(),
            pointer: pointer.into(),
            span,
        });
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// A finding placed in a file: what the renderers print.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    pub path: String,
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: String,
    pub pointer: String,
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    /// The text of `line`, for renderers that show the source.
    #[serde(skip)]
    pub source_line: String,
}
