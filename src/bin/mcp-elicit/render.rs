//! Turns diagnostics into text: concise lines, source snippets, JSON, SARIF
//! or GitHub workflow commands. Concise, full and github stream; json and
//! sarif are one document, written at the end.

use std::io::{self, Write};

use console::{Style, style};
use mcp_elicit::finding::{Diagnostic, Severity};
use mcp_elicit::hosts::{self, Evidence, Status};
use mcp_elicit::lint::Counts;
use mcp_elicit::lint::hosts::{Matrix, MatrixRow};
use mcp_elicit::rules::{self, Rule};
use mcp_elicit::sanitize;
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

fn severity_style(s: Severity) -> Style {
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

pub fn list_rules(out: &mut dyn Write) -> io::Result<()> {
    let width = rules::ALL.iter().map(|r| r.name.len()).max().unwrap_or(0);
    for r in rules::ALL {
        writeln!(
            out,
            "{}  {:width$}  {:7}  {}",
            severity_style(r.severity).apply_to(r.code),
            r.name,
            r.severity.as_str(),
            r.summary
        )?;
    }
    Ok(())
}

/// `text` with every line indented by `by` spaces, without a final newline.
fn indented(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.trim_end()
        .lines()
        .map(|l| format!("{pad}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// How the example was linted, for the "Reported" heading.
fn linted_as(r: &Rule) -> String {
    match r.example.spec {
        Some(spec) => format!(" (lint --spec {spec})"),
        None => String::new(),
    }
}

fn explain_text(r: &Rule) -> String {
    format!(
        "{} ({}, {})\n\n{}\n\nWhy: {}\n\nReported{}:\n{}\n\nFixed:\n{}\n",
        r.code,
        r.name,
        r.severity,
        r.summary,
        r.why,
        linted_as(r),
        indented(r.example.bad, 4),
        indented(r.example.good, 4)
    )
}

fn explain_markdown(r: &Rule) -> String {
    let block = |text: &str| {
        if r.example.linted {
            let lang = match r.example.ext {
                "ts" => "ts",
                "py" => "python",
                _ => "json",
            };
            format!("```{lang}\n{}\n```", text.trim_end())
        } else {
            text.to_string()
        }
    };
    format!(
        "**{}** `{}` ({})\n\n{}\n\n**Why:** {}\n\nReported{}:\n\n{}\n\nFixed:\n\n{}\n",
        r.code,
        r.name,
        r.severity,
        r.summary,
        r.why,
        linted_as(r),
        block(r.example.bad),
        block(r.example.good)
    )
}

pub fn explain(r: &Rule, out: &mut dyn Write) -> io::Result<()> {
    let head = Style::new().bold();
    writeln!(
        out,
        "{} {} ({})",
        severity_style(r.severity).apply_to(r.code),
        head.apply_to(r.name),
        r.severity
    )?;
    writeln!(out)?;
    writeln!(out, "{}", r.summary)?;
    writeln!(out)?;
    writeln!(out, "{}", head.apply_to("Why it matters"))?;
    writeln!(out, "  {}", r.why)?;
    writeln!(out)?;
    writeln!(out, "{}{}", head.apply_to("Reported"), linted_as(r))?;
    writeln!(out, "{}", indented(r.example.bad, 2))?;
    writeln!(out)?;
    writeln!(out, "{}", head.apply_to("Fixed"))?;
    writeln!(out, "{}", indented(r.example.good, 2))?;
    Ok(())
}

/// Text for a Markdown table cell: one line, no `|`.
fn cell_text(s: &str) -> String {
    sanitize::line(s).replace('|', "\\|")
}

/// How much of an elicitation's message a matrix row shows.
const MESSAGE_WIDTH: usize = 48;

fn row_label(r: &MatrixRow) -> String {
    let place = format!("{}:{}", r.path, r.line);
    match &r.message {
        Some(m) => {
            let m = sanitize::line(m);
            let short: String = if m.chars().count() > MESSAGE_WIDTH {
                let cut: String = m.chars().take(MESSAGE_WIDTH - 3).collect();
                format!("{}...", cut.trim_end())
            } else {
                m.into_owned()
            };
            format!("{} \"{}\"", cell_text(&place), cell_text(&short))
        }
        None => format!("{} (a bare schema)", cell_text(&place)),
    }
}

fn evidence_text(e: &[Evidence]) -> String {
    e.iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// The host matrix as GitHub-flavoured Markdown: a table, its footnotes, and
/// what holds for every elicitation of each host.
pub fn matrix(m: &Matrix, out: &mut dyn Write) -> io::Result<()> {
    let mut head = String::from("| Elicitation |");
    let mut rule = String::from("|---|");
    for h in &m.hosts {
        head.push_str(&format!(" {} |", h.short));
        rule.push_str("---|");
    }
    writeln!(out, "{head}")?;
    writeln!(out, "{rule}")?;
    for r in &m.rows {
        let mut line = format!("| {} |", row_label(r));
        for c in &r.cells {
            let notes: String = c.footnotes.iter().map(|n| format!("[{n}]")).collect();
            if notes.is_empty() {
                line.push_str(&format!(" {} |", c.status.as_str()));
            } else {
                line.push_str(&format!(" {} {notes} |", c.status.as_str()));
            }
        }
        writeln!(out, "{line}")?;
    }
    if m.rows.is_empty() {
        writeln!(out)?;
        writeln!(out, "No elicitation found.")?;
    }
    if !m.footnotes.is_empty() {
        writeln!(out)?;
        for f in &m.footnotes {
            let fix = f
                .fact
                .fix
                .map(|x| format!(" Fix: {x}."))
                .unwrap_or_default();
            writeln!(
                out,
                "{}. **{}** ({} {}): {}.{fix} Evidence: {} ({}).",
                f.number,
                f.host.name,
                f.fact.rule.code,
                f.fact.rule.name,
                f.fact.sees,
                evidence_text(f.fact.evidence),
                f.fact.versions,
            )?;
        }
    }
    let notes: Vec<&hosts::Host> = m
        .hosts
        .iter()
        .copied()
        .filter(|h| !h.notes.is_empty())
        .collect();
    if !m.rows.is_empty() && !notes.is_empty() {
        writeln!(out)?;
        writeln!(out, "Whatever the schema:")?;
        writeln!(out)?;
        for h in notes {
            for n in h.notes {
                writeln!(
                    out,
                    "- **{}**: {}. Evidence: {} ({}).",
                    h.name,
                    n.text,
                    evidence_text(n.evidence),
                    n.versions
                )?;
            }
        }
    }
    let unknown: Vec<&str> = m
        .hosts
        .iter()
        .filter(|h| !h.known)
        .map(|h| h.name)
        .collect();
    let out_of_spec = m.rows.iter().any(|r| {
        r.cells
            .iter()
            .any(|c| c.status == Status::Unknown && c.host.known)
    });
    if !unknown.is_empty() || out_of_spec {
        writeln!(out)?;
        let mut why = Vec::new();
        if !unknown.is_empty() {
            why.push(format!(
                "nothing beyond form-mode support is established for {}",
                unknown.join(", ")
            ));
        }
        if out_of_spec {
            why.push(
                "nothing is established about how the host handles the shape outside the spec that row has"
                    .to_string(),
            );
        }
        writeln!(out, "unknown: {}.", why.join("; "))?;
    }
    Ok(())
}

/// The host matrix as JSON (the `hosts` member of `--format json --hosts`).
pub fn matrix_json(m: &Matrix) -> Value {
    let evidence = |e: &[Evidence]| -> Vec<Value> {
        e.iter()
            .map(|e| json!({"kind": e.kind.as_str(), "source": e.source}))
            .collect()
    };
    json!({
        "columns": m.hosts.iter().map(|h| json!({
            "id": h.id,
            "short": h.short,
            "name": h.name,
            "elicitation": h.elicitation,
            "versions": h.versions,
            "evidence": evidence(h.evidence),
            "notes": h.notes.iter().map(|n| json!({
                "text": n.text,
                "evidence": evidence(n.evidence),
                "versions": n.versions,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "rows": m.rows.iter().map(|r| json!({
            "path": r.path,
            "line": r.line,
            "column": r.column,
            "message": r.message,
            "cells": r.cells.iter().map(|c| (c.host.id.to_string(), json!({
                "status": c.status.as_str(),
                "footnotes": c.footnotes,
            }))).collect::<serde_json::Map<_, _>>(),
        })).collect::<Vec<_>>(),
        "footnotes": m.footnotes.iter().map(|f| json!({
            "number": f.number,
            "host": f.host.id,
            "code": f.fact.rule.code,
            "fact": f.fact.id,
            "status": f.fact.status.as_str(),
            "sees": f.fact.sees,
            "fix": f.fact.fix,
            "evidence": evidence(f.fact.evidence),
            "versions": f.fact.versions,
        })).collect::<Vec<_>>(),
    })
}

/// Every host `--hosts` knows: id, name, versions, and what holds for
/// every elicitation there.
pub fn list_hosts(out: &mut dyn Write) -> io::Result<()> {
    let head = Style::new().bold();
    let width = hosts::ALL.iter().map(|h| h.id.len()).max().unwrap_or(0);
    for h in hosts::ALL {
        let kind = match (h.kind, h.elicitation) {
            (_, false) => "no elicitation",
            (hosts::Kind::Sdk, true) => "SDK",
            (hosts::Kind::App, true) => "host",
        };
        writeln!(
            out,
            "{}  {}  ({kind}; {})",
            head.apply_to(format!("{:width$}", h.id)),
            h.name,
            h.versions
        )?;
        for f in h.facts {
            writeln!(out, "  {} {:11} {}", f.rule.code, f.status.as_str(), f.sees)?;
        }
        for n in h.notes {
            writeln!(out, "  note  {}", n.text)?;
        }
    }
    Ok(())
}

/// A `call` response as a person reads it: a tool's text (JSON in it shown
/// as JSON, not as an escaped string), a prompt's messages, a resource's
/// contents, an error in words. Every server string made safe.
pub fn call_result(resp: &Value) -> String {
    if let Some(e) = resp.get("error") {
        let code = e.get("code").map(|c| c.to_string()).unwrap_or_default();
        let msg = e.get("message").and_then(Value::as_str).unwrap_or("");
        return format!(
            "✘ the server refused the request ({code}): {}",
            sanitize::line(msg)
        );
    }
    let r = resp.get("result").unwrap_or(resp);
    let mut out: Vec<String> = Vec::new();
    if r.get("isError") == Some(&Value::Bool(true)) {
        out.push("✘ the tool reported an error:".into());
    }
    for c in r
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.push(content_text(c));
    }
    for m in r
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let role = m.get("role").and_then(Value::as_str).unwrap_or("?");
        let body = m.get("content").map(content_text).unwrap_or_default();
        out.push(format!("{}: {body}", sanitize::line(role)));
    }
    for c in r
        .get("contents")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let uri = c.get("uri").and_then(Value::as_str).unwrap_or("");
        out.push(format!("{}:", sanitize::line(uri)));
        out.push(content_text(c));
    }
    if let Some(sc) = r.get("structuredContent") {
        out.push("structured content:".into());
        out.push(pretty(sc));
    }
    if out.is_empty() {
        out.push(pretty(r));
    }
    out.join("\n")
}

/// One content item: text (pretty JSON when it is JSON), else what it is.
fn content_text(c: &Value) -> String {
    match c.get("type").and_then(Value::as_str) {
        Some("text") | None if c.get("text").is_some() => {
            let t = c.get("text").and_then(Value::as_str).unwrap_or("");
            match serde_json::from_str::<Value>(t) {
                Ok(v @ (Value::Object(_) | Value::Array(_))) => pretty(&v),
                _ => sanitize::block(t).into_owned(),
            }
        }
        Some(kind) => {
            let mime = c.get("mimeType").and_then(Value::as_str).unwrap_or("");
            let uri = c
                .get("uri")
                .or_else(|| c.pointer("/resource/uri"))
                .and_then(Value::as_str)
                .unwrap_or("");
            format!(
                "[{} {} {}]",
                sanitize::line(kind),
                sanitize::line(mime),
                sanitize::line(uri)
            )
            .replace("  ", " ")
            .replace(" ]", "]")
        }
        None => pretty(c),
    }
}

fn pretty(v: &Value) -> String {
    sanitize::json(&serde_json::to_string_pretty(v).unwrap_or_default()).into_owned()
}

/// `call --list` as a person reads it: each tool, prompt and resource by
/// name with its description.
pub fn call_listing(listing: &serde_json::Map<String, Value>) -> String {
    let mut out: Vec<String> = Vec::new();
    for (key, title, name_key) in [
        ("tools", "Tools", "name"),
        ("prompts", "Prompts", "name"),
        ("resources", "Resources", "uri"),
    ] {
        let items = listing.get(key).and_then(Value::as_array);
        let n = items.map_or(0, Vec::len);
        out.push(format!("{title} ({n}):"));
        if n == 0 {
            out.push("  (none)".into());
        }
        for item in items.into_iter().flatten() {
            let name = item.get(name_key).and_then(Value::as_str).unwrap_or("?");
            out.push(format!("  {}{}", sanitize::line(name), arguments_of(item)));
            if let Some(d) = item.get("description").and_then(Value::as_str) {
                out.push(format!("      {}", sanitize::line(d)));
            }
        }
    }
    out.join("\n")
}

/// A tool's or prompt's arguments, as `(destination*: string, nights:
/// integer)` (`*` required), from its `inputSchema` or `arguments`.
fn arguments_of(item: &Value) -> String {
    let mut shown = Vec::new();
    if let Some(schema) = item.get("inputSchema") {
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (k, p) in schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let star = if required.contains(&k.as_str()) {
                "*"
            } else {
                ""
            };
            let ty = crate::arguments::kind(p);
            let ty = if ty.is_empty() {
                String::new()
            } else {
                format!(": {ty}")
            };
            shown.push(format!("{}{star}{ty}", sanitize::line(k)));
        }
    }
    for a in item
        .get("arguments")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(k) = a.get("name").and_then(Value::as_str) else {
            continue;
        };
        let star = if a.get("required") == Some(&Value::Bool(true)) {
            "*"
        } else {
            ""
        };
        shown.push(format!("{}{star}", sanitize::line(k)));
    }
    if shown.is_empty() {
        String::new()
    } else {
        format!("({})", shown.join(", "))
    }
}

/// Edit distance between two names (insertions, deletions, substitutions),
/// for suggestions.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = if ca == b[j] {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j + 1])
            };
            prev = cur;
        }
    }
    row[b.len()]
}
