//! Diagnostics as text: concise lines, source snippets, JSON, SARIF or
//! GitHub workflow commands. Concise, full and github stream; json and
//! sarif are one document, written at the end.

use std::io::{self, Write};

use console::{Style, style};
use mcp_elicit::finding::{Diagnostic, Severity};
use mcp_elicit::lint::Counts;
use mcp_elicit::rules::{self};
use mcp_elicit::sanitize;

use super::rules::{explain_markdown, explain_text};
use serde_json::{Value, json};

use crate::cli::OutputFormat;

pub trait Renderer {
    fn begin(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    fn diagnostic(&mut self, d: &Diagnostic, out: &mut dyn Write) -> io::Result<()>;
    fn end(&mut self, _counts: &Counts, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

pub fn for_format(f: OutputFormat) -> Box<dyn Renderer> {
    match f {
        OutputFormat::Concise => Box::new(Concise),
        OutputFormat::Full => Box::new(Full),
        OutputFormat::Json => Box::new(JsonOut::default()),
        OutputFormat::Sarif => Box::new(Sarif::default()),
        OutputFormat::Github => Box::new(Github),
        // The matrix is not a stream of diagnostics: lint renders it with
        // `matrix`, and never asks for it here.
        OutputFormat::Hosts => Box::new(Concise),
    }
}

/// The JSON renderer with one more top-level member beside the diagnostics.
pub fn json_with(key: &'static str, value: Value) -> Box<dyn Renderer> {
    Box::new(JsonOut {
        items: Vec::new(),
        extra: Some((key, value)),
    })
}

pub(super) fn severity_style(s: Severity) -> Style {
    match s {
        Severity::Error => Style::new().red().bold(),
        Severity::Warning => Style::new().yellow().bold(),
        Severity::Note => Style::new().cyan().bold(),
    }
}

/// One finding as a plain line, `path:line:col: severity[code] message`,
/// for stderr beside other output (no colour), made safe to print.
pub fn plain(path: &str, d: &Diagnostic) -> String {
    format!(
        "{}:{}:{}: {}[{}] {}",
        sanitize::line(path),
        d.line,
        d.column,
        d.severity,
        d.code,
        sanitize::line(&d.message)
    )
}

struct Concise;

impl Renderer for Concise {
    fn diagnostic(&mut self, d: &Diagnostic, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}:{}:{}: {} {}",
            style(&d.path).bold(),
            d.line,
            d.column,
            severity_style(d.severity).apply_to(format!("{}[{}]", d.severity, d.code)),
            sanitize::line(&d.message)
        )
    }
}

struct Full;

/// How many characters of a source line the snippet shows at most.
const SNIPPET_WIDTH: usize = 100;

impl Renderer for Full {
    fn diagnostic(&mut self, d: &Diagnostic, out: &mut dyn Write) -> io::Result<()> {
        let sev = severity_style(d.severity);
        let blue = Style::new().blue().bold();
        writeln!(
            out,
            "{}{}",
            sev.apply_to(format!("{}[{}]", d.severity, d.code)),
            style(format!(": {}", sanitize::line(&d.message))).bold()
        )?;
        let gutter = d.line.to_string().len();
        let pad = " ".repeat(gutter);
        writeln!(
            out,
            "{pad}{} {}:{}:{}",
            blue.apply_to("-->"),
            d.path,
            d.line,
            d.column
        )?;
        let (text, caret_at, caret_len) = window(d);
        writeln!(out, "{pad} {}", blue.apply_to("|"))?;
        writeln!(
            out,
            "{} {} {}",
            blue.apply_to(d.line),
            blue.apply_to("|"),
            text
        )?;
        writeln!(
            out,
            "{pad} {} {}{}",
            blue.apply_to("|"),
            " ".repeat(caret_at),
            sev.apply_to("^".repeat(caret_len))
        )?;
        let pointer = if d.pointer.is_empty() {
            String::new()
        } else {
            format!(" at {}", sanitize::line(&d.pointer))
        };
        writeln!(
            out,
            "{pad} {} rule {} ({}){pointer}; `mcp-elicit lint --explain {}` tells more",
            blue.apply_to("="),
            d.code,
            d.name,
            d.code
        )?;
        writeln!(out)
    }
}

/// The part of the source line to show, with control characters made
/// visible, and where the caret goes in it.
fn window(d: &Diagnostic) -> (String, usize, usize) {
    let chars: Vec<char> = d.source_line.chars().collect();
    let col = d.column.saturating_sub(1).min(chars.len());
    let len = if d.end_line == d.line {
        d.end_column.saturating_sub(d.column).max(1)
    } else {
        chars.len().saturating_sub(col).max(1)
    };
    let (start, prefix) = if chars.len() > SNIPPET_WIDTH && col > SNIPPET_WIDTH / 3 {
        (col - SNIPPET_WIDTH / 3, "...")
    } else {
        (0, "")
    };
    let end = (start + SNIPPET_WIDTH).min(chars.len());
    let suffix = if end < chars.len() { "..." } else { "" };
    let text: String = chars[start..end]
        .iter()
        .map(|&c| {
            if c == '\t' {
                ' '
            } else if c.is_control() || sanitize::is_invisible(c) {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect();
    let caret_at = prefix.len() + (col - start);
    let caret_len = len.min(end.saturating_sub(col).max(1));
    (format!("{prefix}{text}{suffix}"), caret_at, caret_len)
}

#[derive(Default)]
struct JsonOut {
    items: Vec<Value>,
    extra: Option<(&'static str, Value)>,
}

impl Renderer for JsonOut {
    fn diagnostic(&mut self, d: &Diagnostic, _out: &mut dyn Write) -> io::Result<()> {
        self.items
            .push(serde_json::to_value(d).map_err(io::Error::other)?);
        Ok(())
    }

    fn end(&mut self, counts: &Counts, out: &mut dyn Write) -> io::Result<()> {
        let mut doc = json!({
            "version": 1,
            "tool": {"name": "mcp-elicit", "version": env!("CARGO_PKG_VERSION")},
            "diagnostics": std::mem::take(&mut self.items),
            "summary": {
                "errors": counts.errors,
                "warnings": counts.warnings,
                "notes": counts.notes,
            }
        });
        if let Some((key, value)) = self.extra.take() {
            doc[key] = value;
        }
        let text = serde_json::to_string_pretty(&doc).map_err(io::Error::other)?;
        out.write_all(sanitize::json(&text).as_bytes())?;
        writeln!(out)
    }
}

#[derive(Default)]
struct Sarif {
    results: Vec<Value>,
}

fn sarif_level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A path as a relative URI reference: `/` separators, reserved and
/// non-ASCII bytes percent-encoded.
fn path_uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.replace('\\', "/").bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

impl Renderer for Sarif {
    fn diagnostic(&mut self, d: &Diagnostic, _out: &mut dyn Write) -> io::Result<()> {
        let index = rules::ALL
            .iter()
            .position(|r| r.code == d.code)
            .unwrap_or(0);
        self.results.push(json!({
            "ruleId": d.code,
            "ruleIndex": index,
            "level": sarif_level(d.severity),
            "message": {"text": d.message},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": path_uri(&d.path)},
                    "region": {
                        "startLine": d.line,
                        "startColumn": d.column,
                        "endLine": d.end_line,
                        "endColumn": d.end_column.max(if d.end_line == d.line { d.column + 1 } else { 1 }),
                    }
                },
                "logicalLocations": if d.pointer.is_empty() { json!([]) } else {
                    json!([{"fullyQualifiedName": d.pointer, "kind": "member"}])
                }
            }],
            "partialFingerprints": {
                "mcpElicit/v1": format!("{}:{}:{}", d.code, path_uri(&d.path), d.pointer)
            }
        }));
        Ok(())
    }

    fn end(&mut self, _counts: &Counts, out: &mut dyn Write) -> io::Result<()> {
        let rules: Vec<Value> = rules::ALL
            .iter()
            .map(|r| {
                json!({
                    "id": r.code,
                    "name": r.name,
                    "shortDescription": {"text": r.summary},
                    "fullDescription": {"text": r.why},
                    "help": {"text": explain_text(r), "markdown": explain_markdown(r)},
                    "defaultConfiguration": {"level": sarif_level(r.severity)},
                })
            })
            .collect();
        let doc = json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "mcp-elicit",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://modelcontextprotocol.io/specification/draft/client/elicitation",
                    "rules": rules,
                }},
                "columnKind": "unicodeCodePoints",
                "results": std::mem::take(&mut self.results),
            }]
        });
        let text = serde_json::to_string_pretty(&doc).map_err(io::Error::other)?;
        out.write_all(sanitize::json(&text).as_bytes())?;
        writeln!(out)
    }
}

struct Github;

fn gh_escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn gh_escape_prop(s: &str) -> String {
    gh_escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

impl Renderer for Github {
    fn diagnostic(&mut self, d: &Diagnostic, out: &mut dyn Write) -> io::Result<()> {
        let cmd = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        let mut props = format!(
            "file={},line={},col={}",
            gh_escape_prop(&d.path),
            d.line,
            d.column
        );
        if d.end_line == d.line {
            props.push_str(&format!(",endColumn={}", d.end_column));
        } else {
            props.push_str(&format!(",endLine={}", d.end_line));
        }
        props.push_str(&format!(
            ",title={}",
            gh_escape_prop(&format!("{} {}", d.code, d.name))
        ));
        writeln!(
            out,
            "::{cmd} {props}::{}",
            gh_escape_data(&sanitize::line(&d.message))
        )
    }
}

/// The one-line summary on stderr.
/// Files a lint run passed over, by why.
#[derive(Debug, Default, Clone, Copy)]
pub struct Skipped {
    /// JSON that holds no elicitation.
    pub no_elicitation: usize,
    /// Files of a kind mcp-elicit does not read, named on the command line.
    pub not_read: usize,
}

/// The summary line on stderr: what was checked and found, then what was
/// passed over (`skipped` files that hold no elicitation) and the notes on
/// what cannot be known statically that were not shown.
pub fn summary(
    counts: &Counts,
    files: usize,
    with_findings: usize,
    skipped: Skipped,
    hidden_unknown: usize,
) {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let files_text = plural(files, "file", "files");
    let mut line = if counts.errors + counts.warnings + counts.notes == 0 {
        format!("Checked {files_text}: no findings.")
    } else {
        format!(
            "Checked {files_text}: {}, {} and {} in {}.",
            plural(counts.errors, "error", "errors"),
            plural(counts.warnings, "warning", "warnings"),
            plural(counts.notes, "note", "notes"),
            plural(with_findings, "file", "files"),
        )
    };
    if skipped.no_elicitation > 0 {
        line += &format!(
            " Skipped {} that {} no elicitation.",
            plural(skipped.no_elicitation, "file", "files"),
            if skipped.no_elicitation == 1 {
                "holds"
            } else {
                "hold"
            }
        );
    }
    if skipped.not_read > 0 {
        line += &format!(
            " Skipped {} of a kind mcp-elicit does not read.",
            plural(skipped.not_read, "file", "files"),
        );
    }
    if hidden_unknown > 0 {
        line += &format!(
            " {} on what is known only at run time not shown (--show-unknown).",
            plural(hidden_unknown, "note", "notes")
        );
    }
    let _ = writeln!(io::stderr(), "{line}");
}
