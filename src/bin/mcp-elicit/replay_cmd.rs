//! `mcp-elicit replay`: checks a session with the linter, shows it as a
//! transcript (paced as recorded when asked), or replays its calls against a
//! live server and reports drift.

use std::collections::{HashMap, HashSet};
use std::io::{self, BufRead, Read, Write};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use mcp_elicit::lines::{LineRead, read_line_bounded};
use mcp_elicit::lint::{Counts, MAX_DOCUMENT};
use mcp_elicit::mcp::client::replay::{Call, CallReport, Drift};
use mcp_elicit::session::{self, Event, Line, Senders, show};
use mcp_elicit::spec::Revision;

use crate::Outcome;
use crate::check::{self, Input};
use crate::cli::ReplayArgs;

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
    if !args.target().is_empty() {
        if args.check.format == Some(crate::cli::OutputFormat::Hosts) {
            bail!(
                "--format hosts is the host matrix of a file's elicitations; a replay against a server reports drift as concise, full, json, sarif or github"
            );
        }
        return live(&args);
    }
    if !args.show {
        return check::check(
            &[Input::Session(path.clone())],
            &args.check,
            &[],
            check::Scope::default(),
            false,
        );
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
    let read = session::each_line(reader, |line_no, event, _| -> Result<()> {
        let r = (|| -> Result<()> {
            let (format, line) = match event {
                Event::Line(format, line) => (format, line),
                Event::TooLong(n) => bail!(
                    "{name}:{line_no}: this line is {n} bytes, more than the {} MiB mcp-elicit reads",
                    MAX_DOCUMENT >> 20
                ),
                Event::NotUtf8(at) => bail!("{name}:{line_no}: not UTF-8 (at byte {at})"),
                Event::NotJson(m, _) => {
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

/// Replays the calls of the session against the live server of
/// `args.target` and prints the drift, each with the session line of the
/// recorded side: as a report of every call by default, or as diagnostics in
/// one of lint's formats with `--format`.
fn live(args: &ReplayArgs) -> Result<Outcome> {
    use mcp_elicit::mcp::client::replay;
    use mcp_elicit::mcp::client::{Client, ClientOptions};
    use mcp_elicit::sanitize;

    let path = &args.session;
    let name = path.display().to_string();
    // Stdin is kept, to read the drifted lines again for their diagnostics.
    let mut stdin_text = Vec::new();
    let runs = if path.as_os_str() == "-" {
        match io::stdin().lock().read_to_end(&mut stdin_text) {
            Ok(_) => replay::read(stdin_text.as_slice()),
            Err(e) => Err(e),
        }
    } else {
        let f =
            std::fs::File::open(path).map_err(|e| anyhow!("{name}: {}", crate::io_problem(&e)))?;
        replay::read(io::BufReader::with_capacity(1 << 16, f))
    }
    .with_context(|| format!("cannot read {name}"))?;
    let runs: Vec<_> = runs.into_iter().filter(|r| !r.calls.is_empty()).collect();
    if runs.is_empty() {
        bail!(
            "{name} holds no tool, prompt or resource call to replay; record one with `mcp-elicit call --record {name} ...`"
        );
    }
    let target = args.target();
    let against: Vec<&str> = target.iter().map(String::as_str).collect();
    let against = sanitize::line(&against.join(" ")).into_owned();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // With --format, the drift of every call, rendered at the end.
    let mut found: Vec<(&Call, Drift)> = Vec::new();
    let report = args.check.format.is_none();
    let (mut calls, mut drifted, mut drifts) = (0usize, 0usize, 0usize);
    for run in &runs {
        if !run.redacted.is_empty() {
            eprintln!(
                "warning: {name}:{}: the answers to {} were redacted when recorded; the replay sends \"[redacted]\" in their place",
                run.line,
                run.redacted
                    .iter()
                    .map(|r| format!("`{}`", sanitize::line(r)))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        let transport = crate::reach::connect(args.url.as_deref(), &args.command, &[], &args.auth)?;
        let opts = ClientOptions {
            spec: run.revision,
            url_mode: run.url_mode,
            server_timeout: args
                .server_timeout
                .unwrap_or(mcp_elicit::mcp::client::DEFAULT_SERVER_TIMEOUT),
            server_name: None,
            strict: false,
            ..ClientOptions::default()
        };
        let mut client = match Client::connect(transport, opts, None) {
            Ok(c) => c,
            Err(e) => {
                if let mcp_elicit::mcp::client::Error::NotSpoken(n) = &e {
                    let speaks = match n.spoken {
                        Some(rev) => format!("the server speaks {rev}"),
                        None => format!("the server does not speak {}", n.asked),
                    };
                    bail!(
                        "{name}:{}: this run was recorded in {}, and {speaks}; record it again against this server (`mcp-elicit call --record`) to compare from there",
                        run.line,
                        n.asked
                    );
                }
                return Err(crate::worded::client(e));
            }
        };
        let rev = client.revision();
        for call in &run.calls {
            let outcome = replay::replay_call(&mut client, call);
            crate::reach::report(&mut client);
            let outcome = outcome.map_err(crate::worded::client)?;
            calls += 1;
            if !outcome.drifts.is_empty() {
                drifted += 1;
                drifts += outcome.drifts.len();
            }
            if report {
                report_call(&mut out, &name, call, rev, &outcome)?;
            }
            for l in &outcome.unanswered {
                eprintln!(
                    "note: {name}:{l}: the recording has no answer to this elicitation; it was answered cancel"
                );
            }
            found.extend(outcome.drifts.into_iter().map(|d| (call, d)));
        }
        client.close();
    }
    if let Some(format) = args.check.format {
        let sources = if path.as_os_str() == "-" {
            lines_of(stdin_text.as_slice(), &found)
        } else {
            std::fs::File::open(path)
                .and_then(|f| lines_of(io::BufReader::with_capacity(1 << 16, f), &found))
        }
        .map_err(|e| anyhow!("{name}: {}", crate::io_problem(&e)))?;
        let mut diagnostics: Vec<_> = found
            .iter()
            .map(|(call, d)| {
                let source = sources.get(&d.line(call)).map(String::as_str);
                d.diagnostic(name.strip_prefix("./").unwrap_or(&name), call, source)
            })
            .collect();
        diagnostics.sort_by_key(|d| (d.line, d.column));
        let mut out = io::BufWriter::new(out);
        let mut renderer = crate::render::for_format(format);
        renderer.begin(&mut out)?;
        let mut counts = Counts::default();
        for d in &diagnostics {
            counts.add(d.severity);
            renderer.diagnostic(d, &mut out)?;
        }
        renderer.end(&counts, &mut out)?;
        out.flush()?;
        if !args.check.quiet {
            crate::render::summary(&counts, 1, usize::from(drifts > 0), Default::default(), 0);
        }
    } else {
        let calls_said = format!("{calls} call{}", if calls == 1 { "" } else { "s" });
        if drifts == 0 {
            writeln!(out, "no drift: {calls_said} replayed against {against}")?;
        } else {
            writeln!(
                out,
                "{drifts} drift{} in {drifted} of {calls_said} replayed against {against}",
                if drifts == 1 { "" } else { "s" }
            )?;
        }
        out.flush()?;
    }
    Ok(if drifts == 0 {
        Outcome::Clean
    } else {
        Outcome::Findings
    })
}

/// The default report of one replayed call: the call, then each drift.
fn report_call(
    out: &mut dyn Write,
    name: &str,
    call: &Call,
    rev: Revision,
    outcome: &CallReport,
) -> io::Result<()> {
    use mcp_elicit::sanitize;
    let what = format!(
        "{name}:{}: {} `{}` ({rev})",
        call.line,
        call.method,
        sanitize::line(call.target())
    );
    let n = outcome.drifts.len();
    if n == 0 {
        let n = outcome.asked;
        writeln!(
            out,
            "{what}: {n} elicitation{}{} as recorded",
            if n == 1 { "" } else { "s" },
            if outcome.result_compared {
                " and the result"
            } else {
                "; the recording has no result to compare"
            }
        )?;
    } else {
        writeln!(out, "{what}: {n} drift{}", if n == 1 { "" } else { "s" })?;
    }
    for d in &outcome.drifts {
        writeln!(
            out,
            "{name}:{}: drift: {}",
            d.line(call),
            sanitize::line(&d.message())
        )?;
    }
    Ok(())
}

/// The text of the session lines the drifts are placed on, read again.
fn lines_of<R: BufRead>(
    mut reader: R,
    found: &[(&Call, Drift)],
) -> io::Result<HashMap<usize, String>> {
    let wanted: HashSet<usize> = found.iter().map(|(c, d)| d.line(c)).collect();
    let last = wanted.iter().copied().max().unwrap_or(0);
    let mut lines = HashMap::new();
    let mut buf = Vec::new();
    let mut n = 0;
    while n < last {
        let read = read_line_bounded(&mut reader, &mut buf, MAX_DOCUMENT)?;
        n += 1;
        match read {
            LineRead::Eof => break,
            LineRead::TooLong(_) => continue,
            LineRead::Line => {}
        }
        if wanted.contains(&n) {
            let text = String::from_utf8_lossy(&buf);
            let text = text.trim_end_matches(['\n', '\r']);
            let text = if n == 1 {
                text.strip_prefix('\u{feff}').unwrap_or(text)
            } else {
                text
            };
            lines.insert(n, text.to_string());
        }
    }
    Ok(lines)
}
