//! `mcp-elicit replay`: checks a session with the linter, or shows it as a
//! transcript, paced as recorded when asked.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use mcp_elicit::lint::MAX_DOCUMENT;
use mcp_elicit::session::{self, Event, Line, Senders, show};
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
        let f =
            std::fs::File::open(path).map_err(|e| anyhow!("{name}: {}", crate::io_problem(&e)))?;
        transcript(&name, io::BufReader::with_capacity(1 << 16, f), &args)
    }
}

fn transcript<R: BufRead>(name: &str, reader: R, args: &ReplayArgs) -> Result<Outcome> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut senders = Senders::default();
    let mut rev = args.check.spec.unwrap_or(Revision::LATEST);
    let mut last_t: Option<u64> = None;
    let mut shown = 0usize;
    let mut held: Option<(usize, String)> = None;
    let not_json = |n: usize, m: &str| {
        anyhow!(
            "{name}:{n}: {m}; a session has one JSON message per line (`mcp-elicit lint {name}` shows every problem)"
        )
    };
    // Errors the lines raise are reported as they are; only a failed read
    // is said to be one.
    let mut line_failed = false;
    let read = session::each_line(reader, |line_no, event| -> Result<()> {
        let r = (|| -> Result<()> {
            let (format, line) = match event {
                Event::Line(format, line) => (format, line),
                Event::TooLong(n) => bail!(
                    "{name}:{line_no}: this line is {n} bytes, more than the {} MiB mcp-elicit reads",
                    MAX_DOCUMENT >> 20
                ),
                Event::NotUtf8(at) => bail!("{name}:{line_no}: not UTF-8 (at byte {at})"),
                Event::NotJson(m) => {
                    return Err(not_json(line_no, &format!("not valid JSON ({m})")));
                }
                // Torn by a crash if nothing but a new run follows it.
                Event::EndsEarly(m) => {
                    if let Some((n, m)) = held.replace((line_no, m)) {
                        return Err(not_json(n, &format!("not valid JSON ({m})")));
                    }
                    return Ok(());
                }
            };
            if let Some((n, m)) = held.take() {
                if !matches!(line, Line::Header(_)) {
                    return Err(not_json(n, &format!("not valid JSON ({m})")));
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
                    if let Some(named) =
                        mcp_elicit::document::named_revision(msg).and_then(Result::ok)
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
                Line::Bad { message: m, .. } => bail!(
                    "{name}:{line_no}: {m} (this file reads as {})",
                    format.describe()
                ),
            }
            Ok(())
        })();
        line_failed = r.is_err();
        r
    });
    if let Err(e) = read {
        return Err(if line_failed {
            e
        } else {
            e.context(format!("cannot read {name}"))
        });
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
