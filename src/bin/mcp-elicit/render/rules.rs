//! The rules' reference: `--list-rules` and `--explain`.

use std::io::{self, Write};

use console::Style;
use mcp_elicit::rules::{self, Rule};

use super::diagnostics::severity_style;

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

pub(super) fn explain_text(r: &Rule) -> String {
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

pub(super) fn explain_markdown(r: &Rule) -> String {
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
    let in_source = mcp_elicit::source::fixes::in_source(r.code);
    if !in_source.is_empty() {
        writeln!(out)?;
        writeln!(out, "{}", head.apply_to("In source"))?;
        for (generator, fix) in in_source {
            writeln!(out, "  {generator}: {fix}")?;
        }
    }
    Ok(())
}
