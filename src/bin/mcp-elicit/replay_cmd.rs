//! `mcp-elicit replay`: checks a session with the linter, or shows it as a
//! transcript, paced as recorded when asked.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use mcp_elicit::json;
use mcp_elicit::lines::{LineRead, read_line_bounded};
use mcp_elicit::lint::MAX_DOCUMENT;
use mcp_elicit::session::{self, Format, Line, Senders, show};
use mcp_elicit::spec::Revision;

use crate::Outcome;
use crate::cli::ReplayArgs;
use crate::lint_cmd::{self, Input};

/// The longest pause `--pace` makes between two messages, so a session
/// recorded over a coffee break still plays as a demo.
const MAX_PAUSE: Duration = Duration::from_secs(5);

pub fn run(args: ReplayArgs) -> Result<Outcome> {
    let path = &args.session;
    if path.as_os_str() != "-" && path.is_dir() {
        bail!(
            "{} is a directory; replay takes one session file (lint checks folders: `mcp-elicit lint {}`)",
            path.display(),
            path.display()
        );
    }
    if !args.show {
        return lint_cmd::check(&[Input::Session(path.clone())], &args.check, false);
    }
    let name = path.display().to_string();
    if path.as_os_str() == "-" {
        transcript(&name, io::stdin().lock(), &args)
    } else {
        let f = std::fs::File::open(path)
            .with_context(|| format!("cannot read {name} (check the path)"))?;
        transcript(&name, io::BufReader::with_capacity(1 << 16, f), &args)
    }
}

fn transcript<R: BufRead>(name: &str, mut reader: R, args: &ReplayArgs) -> Result<Outcome> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut buf = Vec::with_capacity(4096);
    let mut format: Option<Format> = None;
    let mut senders = Senders::default();
    let mut rev = args.check.spec.unwrap_or(Revision::LATEST);
    let mut last_t: Option<u64> = None;
    let mut line_no = 0usize;
    let mut shown = 0usize;
    let mut held: Option<(usize, String)> = None;
    loop {
        let read = read_line_bounded(&mut reader, &mut buf, MAX_DOCUMENT)
            .with_context(|| format!("cannot read {name}"))?;
        line_no += 1;
        match read {
            LineRead::Eof => break,
            LineRead::TooLong(n) => bail!(
                "{name}:{line_no}: this line is {n} bytes, more than the {} MiB mcp-elicit reads",
                MAX_DOCUMENT >> 20
            ),
            LineRead::Line => {}
        }
        let text = match std::str::from_utf8(&buf) {
            Ok(t) => t.trim_end_matches(['\n', '\r']),
            Err(e) => bail!("{name}:{line_no}: not UTF-8 (at byte {})", e.valid_up_to()),
        };
        if text.trim().is_empty() {
            continue;
        }
        let node = match json::parse(text) {
            Ok(n) => n,
            Err(e) if e.offset >= text.trim_end().len() => {
                // Torn by a crash if nothing but a new run follows it.
                if let Some((n, m)) = held.replace((line_no, e.message)) {
                    bail!("{name}:{n}: not valid JSON ({m})");
                }
                continue;
            }
            Err(e) => bail!(
                "{name}:{line_no}: not valid JSON ({}); a session has one JSON message per line (`mcp-elicit lint {name}` shows every problem)",
                e.message
            ),
        };
        let format = *format.get_or_insert_with(|| Format::detect(&node));
        let line = session::line(format, &node);
        if let Some((n, m)) = held.take() {
            if !matches!(line, Line::Header(_)) {
                bail!(
                    "{name}:{n}: not valid JSON ({m}); a session has one JSON message per line (`mcp-elicit lint {name}` shows every problem)"
                );
            }
            torn_warning(name, n);
        }
        match line {
            Line::Header(h) => {
                if args.check.spec.is_none()
                    && let Some(r) = h.spec.as_deref().and_then(Revision::parse)
                {
                    rev = r;
                }
                let _ = writeln!(
                    out,
                    "── session{}{}, spec {rev} ──",
                    h.started
                        .map(|s| format!(" started {}", mcp_elicit::sanitize::line(&s)))
                        .unwrap_or_default(),
                    h.tool
                        .map(|s| format!(" by {}", mcp_elicit::sanitize::line(&s)))
                        .unwrap_or_default(),
                );
                last_t = None;
            }
            Line::Message { from, t_ms, msg } => {
                let from = from.or_else(|| senders.infer(msg));
                if let Some(named) = mcp_elicit::document::named_revision(msg).and_then(Result::ok)
                    && args.check.spec.is_none()
                {
                    rev = named;
                }
                if let (Some(factor), Some(t), Some(prev)) = (args.pace, t_ms, last_t) {
                    let gap = Duration::from_millis(t.saturating_sub(prev)).div_f64(factor);
                    out.flush()?;
                    std::thread::sleep(gap.min(MAX_PAUSE));
                }
                if t_ms.is_some() {
                    last_t = t_ms;
                }
                out.write_all(show::message(from, t_ms, msg, rev).as_bytes())?;
                shown += 1;
            }
            Line::Skip => {}
            Line::Bad(m) => bail!(
                "{name}:{line_no}: {m} (this file reads as {})",
                format.describe()
            ),
        }
    }
    out.flush()?;
    if let Some((n, _)) = held {
        torn_warning(name, n);
    }
    if shown == 0 {
        bail!("{name} holds no messages; record one with `mcp-elicit answer --record {name}`");
    }
    Ok(Outcome::Clean)
}

fn torn_warning(name: &str, line_no: usize) {
    eprintln!(
        "warning: {name}:{line_no}: this line is cut off (the recording stopped mid-write); it was skipped"
    );
}
