//! `mcp-elicit generate`: a Rust struct or an ordinary JSON Schema in, an
//! elicitation schema (or `elicitation/create` params) out.

use std::io::{self, Read, Write};
use std::path::Path;

use anyhow::{Context, Result};
use mcp_elicit::generate::{self, Generated, Options, rust};
use mcp_elicit::{lint, sanitize};

use crate::Outcome;
use crate::cli::GenerateArgs;

/// Reads a whole input, at most [`lint::MAX_DOCUMENT`] bytes like `lint`.
fn read_input(path: &Path) -> Result<(String, String)> {
    let (name, reader): (String, Box<dyn Read>) = if path == Path::new("-") {
        ("-".into(), Box::new(io::stdin().lock()))
    } else {
        let name = path.display().to_string();
        let file = std::fs::File::open(path)
            .map_err(|e| anyhow::anyhow!("{name}: {}", crate::io_problem(&e)))?;
        (name, Box::new(file))
    };
    let mut bytes = Vec::new();
    reader
        .take(lint::MAX_DOCUMENT as u64 + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() > lint::MAX_DOCUMENT {
        anyhow::bail!(
            "{name} is larger than {} MiB; a schema or a Rust file is far smaller: check the path",
            lint::MAX_DOCUMENT >> 20
        );
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    Ok((name, text))
}

pub fn run(args: GenerateArgs) -> Result<Outcome> {
    let opts = Options {
        revision: args.spec,
        allow_pattern: args.allow_pattern,
    };
    let stderr = &mut io::stderr().lock();
    let (name, generated) = if let Some(path) = &args.rust {
        let (name, text) = read_input(path)?;
        let type_name = args.type_name.as_deref().unwrap_or_default();
        match rust::generate(&text, type_name, &opts) {
            Ok(g) => (name, g),
            Err(e) => {
                let place = if e.line > 0 {
                    format!("{name}:{}:{}", e.line, e.column)
                } else {
                    name
                };
                let what = e
                    .field
                    .map(|f| format!("field `{f}`: "))
                    .unwrap_or_default();
                writeln!(
                    stderr,
                    "error: {}: {what}{}",
                    sanitize::line(&place),
                    sanitize::line(&e.message)
                )?;
                return Ok(if e.refusal.is_some() {
                    Outcome::Findings
                } else {
                    Outcome::Failed
                });
            }
        }
    } else {
        let path = args
            .from_json_schema
            .as_deref()
            .expect("clap requires an input");
        let (name, text) = read_input(path)?;
        let value: serde_json::Value = match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(e) => {
                // The linter's parser words the problem without repeating
                // the position.
                let (line, column, why) = match mcp_elicit::json::parse(&text) {
                    Err(p) => {
                        let (l, c) = mcp_elicit::json::LineIndex::new(&text).line_col(p.offset);
                        (l, c, p.message.to_string())
                    }
                    Ok(_) => (e.line(), e.column(), e.to_string()),
                };
                writeln!(
                    stderr,
                    "error: {}:{line}:{column}: not valid JSON ({}); give a JSON Schema document",
                    sanitize::line(&name),
                    sanitize::line(&why)
                )?;
                return Ok(Outcome::Failed);
            }
        };
        match generate::from_json_schema(&value, &opts) {
            Ok(g) => (name, g),
            Err(r) => {
                writeln!(
                    stderr,
                    "error: {}: {}",
                    sanitize::line(&name),
                    sanitize::line(&r.to_string())
                )?;
                return Ok(Outcome::Findings);
            }
        }
    };
    if !args.quiet {
        print_notes(stderr, &name, &generated)?;
    }
    let json = match &args.message {
        Some(m) => generate::params(&generated.schema, m),
        None => generated.schema.to_json(),
    };
    let mut text = serde_json::to_string_pretty(&json)?;
    text.push('\n');
    match &args.output {
        Some(out) => {
            std::fs::write(out, text).with_context(|| format!("cannot write {}", out.display()))?
        }
        None => io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(Outcome::Clean)
}

fn print_notes(out: &mut dyn Write, name: &str, g: &Generated) -> Result<()> {
    for n in &g.notes {
        writeln!(
            out,
            "note: {}: {}: {}",
            sanitize::line(name),
            sanitize::line(if n.pointer.is_empty() {
                "/"
            } else {
                &n.pointer
            }),
            sanitize::line(&crate::worded::note(n))
        )?;
    }
    Ok(())
}
