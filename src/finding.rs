//! Findings: what a check says about a place in a document. Data, not text;
//! the binary's renderers turn them into lines, JSON, SARIF or annotations.
//!
//! A finding names its [`Rule`]: the identity and docs of one rule. Each
//! rule's static, its words and its check live in its own file in
//! [`crate::rules`]; the identity lives here so that findings, answer
//! violations and host facts can name a rule without depending on the
//! rules' checks.

use serde::Serialize;
use std::fmt;

use crate::json::Span;

/// One lint rule: its identity, its documentation and how what it reports
/// is treated. Its check and the words of its findings are in its file.
pub struct Rule {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// What the rule checks, in one line.
    pub summary: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// What the rule reports, and the same fixed.
    pub example: Example,
    /// The values a finding of this rule relies on being exactly as
    /// written, as paths relative to the finding's pointer (`..` for its
    /// parent): `../../properties` for a name in `required` that
    /// `properties` lacks, `mode` for a key the mode forbids or requires.
    /// Where a source front-end could not know such a value (computed, or
    /// possibly given by a spread), the finding is not reported (see
    /// `source::lint_found`).
    pub relies_on: &'static [&'static str],
    /// Whether a finding of this rule (an error) leaves nothing a form or
    /// a URL prompt can ask, so that answering refuses the request.
    pub blocks_form: bool,
    /// For a risk of a URL a person is asked to open: what the person is
    /// told, given the URL, instead of the finding's words (written for
    /// the server's author).
    pub for_person: Option<fn(&str) -> String>,
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.name)
    }
}

/// Rules are one static each: the same rule is the same code.
impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.code == other.code
    }
}

impl Eq for Rule {}

/// A rule's example, as `--explain` shows it.
#[derive(Debug, PartialEq, Eq)]
pub struct Example {
    /// A document the rule reports.
    pub bad: &'static str,
    /// The same document, fixed.
    pub good: &'static str,
    /// Whether the documents are the rule's test fixtures
    /// (`tests/fixtures/rules/CODE.{bad,good}.EXT`), which the test suite
    /// lints to check that the first reports the rule as its snapshot says
    /// and the second does not. The drift and host rules, which no file
    /// alone can show, describe theirs in words.
    pub linted: bool,
    /// The revision the fixtures are linted under (`lint --spec`), or
    /// `None` when the documents name their own.
    pub spec: Option<&'static str>,
    /// The fixtures' file extension (`json`, `jsonl`, `ts`, `py`), for the
    /// language of a code block.
    pub ext: &'static str,
}

/// One thing wrong with an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub rule: &'static Rule,
    /// The content field it is about; `None` for the content as a whole.
    pub field: Option<String>,
    pub message: String,
}

impl Violation {
    /// A violation of `rule` by the content field `field`.
    pub(crate) fn of(rule: &'static Rule, field: &str, message: String) -> Violation {
        Violation {
            rule,
            field: Some(field.to_string()),
            message,
        }
    }
}

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
