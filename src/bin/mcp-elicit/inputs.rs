//! What a person's command reads for `answer`, `call` and `proxy`: a
//! request document, and the scripted answers (`--set`, `--answers`,
//! `--defaults`).

use std::io::{self, Read};
use std::path::Path;

use anyhow::{Context, Result, bail};
use mcp_elicit::form::script::Script;
use mcp_elicit::json;
use mcp_elicit::lint::MAX_DOCUMENT;
use serde_json::Value;

use crate::cli::ScriptArgs;

pub fn read_text(input: &Path, name: &str) -> Result<String> {
    let mut bytes = Vec::new();
    let limit = MAX_DOCUMENT as u64 + 1;
    let r = if input.as_os_str() == "-" {
        io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(input).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    r.map_err(|e| anyhow::anyhow!("{name}: {}", crate::io_problem(&e)))?;
    if bytes.len() > MAX_DOCUMENT {
        bail!(
            "{name}: more than {} MiB; an elicitation request is far smaller, check what wrote it",
            MAX_DOCUMENT >> 20
        );
    }
    match json::utf8(&bytes) {
        Ok(t) => Ok(t.to_string()),
        Err(e) => bail!("{name}: not UTF-8 text at byte {}", e.offset),
    }
}

/// The scripted answers the options give (empty when none).
pub fn script(args: &ScriptArgs) -> Result<Script> {
    Ok(Script {
        sets: args.set.clone(),
        answers: match &args.answers {
            Some(p) => Some(read_answers(p)?),
            None => None,
        },
        defaults: args.defaults,
    })
}

fn read_answers(p: &Path) -> Result<serde_json::Map<String, Value>> {
    let name = p.to_string_lossy();
    let text = read_text(p, &name).context("--answers")?;
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(other) => bail!(
            "--answers {name}: the answers are {}; write one JSON object of field values, like {{\"name\": \"Ada\"}}",
            match other {
                Value::Array(_) => "an array",
                _ => "not an object",
            }
        ),
        Err(e) => bail!(
            "--answers {name}:{}:{}: not valid JSON: {e}",
            e.line(),
            e.column()
        ),
    }
}
