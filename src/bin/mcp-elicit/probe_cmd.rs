//! `mcp-elicit probe`: serve the probe to a host and record what it does
//! (`--record`), or read a recording back (`--report`).

use std::fs::File;
use std::io::Write;
use std::sync::Mutex;

use anyhow::{Context, Result, anyhow};
use mcp_elicit::mcp::server::http::{AskOn, HttpOptions, serve_http};
use mcp_elicit::mcp::server::{self, serve_stdio};
use mcp_elicit::probe::{self, Probe, Record};
use mcp_elicit::sanitize;
use serde_json::Value;

use crate::Outcome;
use crate::cli::ProbeArgs;

/// The most a run appends to a recording: a host that calls the tools
/// without end cannot fill the disk.
const MAX_RECORDING: u64 = 64 << 20;

/// The recording: each event appended as one line and flushed at once, so
/// that a host that kills the probe leaves every complete line behind.
struct Lines {
    name: String,
    file: Mutex<Option<(File, u64)>>,
}

impl Record for Lines {
    fn event(&self, event: Value) {
        eprintln!("probe: {}", sanitize::line(&summary(&event)));
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((f, written)) = file.as_mut() {
            let mut line = event.to_string();
            line.push('\n');
            *written += line.len() as u64;
            if *written > MAX_RECORDING {
                eprintln!(
                    "error: --record {}: this run has written {} MiB, the most it writes; nothing more is recorded",
                    self.name,
                    MAX_RECORDING >> 20
                );
                *file = None;
            } else if let Err(e) = f.write_all(line.as_bytes()).and_then(|()| f.flush()) {
                eprintln!(
                    "error: --record {}: cannot write ({e}); nothing more is recorded",
                    self.name
                );
                *file = None;
            }
        }
    }
}

/// One event in words, for the host's log of the server's stderr.
fn summary(e: &Value) -> String {
    let s = |k: &str| e.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    match s("event").as_str() {
        "probe" => "recording".to_string(),
        "declared" => format!(
            "{} {}: elicitation {}",
            s("method"),
            s("protocolVersion"),
            e.get("capabilities")
                .and_then(|c| c.get("elicitation"))
                .map(Value::to_string)
                .unwrap_or_else(|| "not declared".into())
        ),
        "asked" => format!("asked {} ({})", s("shape"), s("revision")),
        "answered" => {
            let what = match (e.get("result"), e.get("error")) {
                (Some(r), _) => r
                    .get("action")
                    .and_then(Value::as_str)
                    .unwrap_or("?")
                    .to_string(),
                _ => "an error".to_string(),
            };
            format!("{} answered: {what}", s("shape"))
        }
        "lost" => format!("{}: {}", s("shape"), s("why")),
        "skipped" => format!("{} not asked: {}", s("shape"), s("why")),
        other => other.to_string(),
    }
}

pub fn run(args: ProbeArgs) -> Result<Outcome> {
    if let Some(path) = &args.report {
        return report(path, args.host.as_deref());
    }
    let path = args
        .record
        .as_ref()
        .ok_or_else(|| anyhow!("give --record FILE to serve the probe, or --report FILE"))?;
    let name = path.display().to_string();
    if let Some(addr) = &args.http {
        crate::address::check_listen(addr, args.allow_remote)?;
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("--record {name}: cannot open it for writing"))?;
    let handler = Probe::new(Box::new(Lines {
        name: name.clone(),
        file: Mutex::new(Some((file, 0))),
    }));
    let done = name.clone();
    crate::interrupt::install(move |_| {
        eprintln!("probe: `mcp-elicit probe --report {done}` shows what was recorded");
        crate::exit_code(Outcome::Clean)
    });
    match &args.http {
        Some(addr) => {
            let handler: &'static Probe = Box::leak(Box::new(handler));
            serve_http(handler, addr, &HttpOptions::new(AskOn::GetStream), |a| {
                eprintln!("probe: listening on http://{a}/mcp");
            })?;
        }
        None => match serve_stdio(&handler, std::io::stdin().lock(), std::io::stdout().lock()) {
            Err(server::Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            Err(e) => return Err(e.into()),
            Ok(()) => {}
        },
    }
    eprintln!("probe: `mcp-elicit probe --report {name}` shows what was recorded");
    Ok(Outcome::Clean)
}

fn report(path: &std::path::Path, host: Option<&str>) -> Result<Outcome> {
    let name = path.display().to_string();
    let data =
        std::fs::read(path).map_err(|e| anyhow!("--report {name}: {}", crate::io_problem(&e)))?;
    let data = String::from_utf8(data)
        .map_err(|_| anyhow!("--report {name}: not UTF-8 text, so not a probe recording"))?;
    let rec = probe::report::read(&data, &name)?;
    let host = match host {
        Some(h) => Some(mcp_elicit::hosts::select(h).map_err(|e| anyhow!("--host: {e}"))?),
        None => probe::report::host_of(&rec),
    };
    print!("{}", probe::report::render(&rec, &name, host));
    Ok(Outcome::Clean)
}
