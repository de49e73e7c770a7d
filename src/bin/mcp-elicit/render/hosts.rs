//! The host matrix (`lint --format hosts`) and the hosts' list
//! (`--list-hosts`).

use std::io::{self, Write};

use console::Style;
use mcp_elicit::hosts::{self, Evidence, Status};
use mcp_elicit::lint::hosts::{Matrix, MatrixRow};
use mcp_elicit::sanitize;
use serde_json::{Value, json};

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
            "declared": h.declared.iter().map(|d| json!({
                "versions": d.versions,
                "elicitation": match d.elicitation {
                    None => "not known",
                    Some(hosts::Declares::Nothing) => "none",
                    Some(hosts::Declares::FormOnly) => "form only",
                    Some(hosts::Declares::Capability(_)) => "declared",
                },
                "capability": match d.elicitation {
                    Some(hosts::Declares::Capability(c)) =>
                        serde_json::from_str(c).unwrap_or(Value::Null),
                    _ => Value::Null,
                },
                "revisions": d.revisions,
                "note": d.note,
                "evidence": evidence(d.evidence),
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
            (hosts::HostKind::Sdk, true) => "SDK",
            (hosts::HostKind::App, true) => "host",
        };
        writeln!(
            out,
            "{}  {}  ({kind}; {})",
            head.apply_to(format!("{:width$}", h.id)),
            h.name,
            h.versions
        )?;
        for d in h.declared {
            writeln!(out, "  declares    {}", declaration(d))?;
        }
        for f in h.facts {
            let only = if f.within == hosts::ALWAYS {
                String::new()
            } else {
                format!(" (only {})", f.versions)
            };
            writeln!(
                out,
                "  {} {:11} {}{only}",
                f.rule.code,
                f.status.as_str(),
                f.sees
            )?;
        }
        for n in h.notes {
            writeln!(out, "  note  {}", n.text)?;
        }
    }
    Ok(())
}

/// What a host version declares, in one line: "2.1.280: elicitation
/// `{}`; negotiates 2025-11-25 (...)".
fn declaration(d: &hosts::Declared) -> String {
    let cap = match d.elicitation {
        None => "elicitation not known".to_string(),
        Some(hosts::Declares::Nothing) => "no elicitation".to_string(),
        Some(hosts::Declares::FormOnly) => "elicitation: form mode only".to_string(),
        Some(hosts::Declares::Capability(c)) => format!("elicitation `{c}`"),
    };
    let revisions = if d.revisions.is_empty() {
        "revisions not known".to_string()
    } else {
        format!("negotiates {}", d.revisions.join(", "))
    };
    let note = d.note.map(|n| format!(" ({n})")).unwrap_or_default();
    format!("{}: {cap}; {revisions}{note}", d.versions)
}
