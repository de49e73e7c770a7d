//! `mcp-elicit serve`: a mock MCP server whose tools ask the elicitations of
//! sessions and request files, to test a client. Each exchange is reported
//! on stderr and, with --report, as a JSON line; the exit code says whether
//! every answer was valid (and as recorded).

use std::collections::HashSet;
use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, bail};
use mcp_elicit::finding::{Diagnostic, Severity};
use mcp_elicit::lint::flight::RuleChoice;
use mcp_elicit::lint::{Linter, Options};
use mcp_elicit::mcp::server::http::{AskOn, HttpOptions, serve_http};
use mcp_elicit::mcp::server::mock::{self, Exchange, Mock, MockTool, Settings};
use mcp_elicit::mcp::server::{self, serve_stdio};
use mcp_elicit::sanitize;
use mcp_elicit::session::recorded;
use mcp_elicit::spec::Revision;

use crate::Outcome;
use crate::cli::ServeArgs;

/// What the server has seen so far, shared with the signal handler.
struct Tally {
    report: Mutex<Option<(String, File)>>,
    exchanges: AtomicU64,
    failed: AtomicU64,
}

/// The tally, shared between the server and the signal handler.
struct Shared(Arc<Tally>);

impl mock::Report for Shared {
    fn exchange(&self, e: &Exchange) {
        self.0.exchanges.fetch_add(1, Ordering::SeqCst);
        if e.failed() {
            self.0.failed.fetch_add(1, Ordering::SeqCst);
        }
        eprintln!("serve: {}", sanitize::line(&e.summary()));
        self.0.write(&e.to_json());
    }

    /// A protocol error of the client: it counts as a failed check.
    fn client_error(&self, what: &str) {
        self.0.failed.fetch_add(1, Ordering::SeqCst);
        eprintln!("serve: client error: {}", sanitize::line(what));
        self.0
            .write(&serde_json::json!({"event": "client-error", "message": what}));
    }

    /// What the client did that was let pass: shown and reported, not a
    /// failure.
    fn note(&self, what: &str) {
        eprintln!("serve: note: {}", sanitize::line(what));
        self.0
            .write(&serde_json::json!({"event": "note", "message": what}));
    }
}

impl Tally {
    /// Appends one line to the report, flushed.
    fn write(&self, line: &serde_json::Value) {
        let mut report = self.report.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((name, f)) = report.as_mut() {
            let mut line = line.to_string();
            line.push('\n');
            if let Err(err) = f.write_all(line.as_bytes()).and_then(|()| f.flush()) {
                eprintln!(
                    "error: --report {name}: cannot write ({err}); no more lines are written"
                );
                *report = None;
            }
        }
    }

    /// Ends the run: the summary on stderr and the outcome.
    fn finish(&self) -> Outcome {
        // Holding the lock: no report line is half written when the process ends.
        let _report = self.report.lock().unwrap_or_else(|p| p.into_inner());
        let n = self.exchanges.load(Ordering::SeqCst);
        let failed = self.failed.load(Ordering::SeqCst);
        eprintln!(
            "serve: {n} exchange{}, {failed} failed (invalid, missing or unexpected answers, client protocol errors)",
            if n == 1 { "" } else { "s" }
        );
        if failed > 0 {
            Outcome::Findings
        } else {
            Outcome::Clean
        }
    }
}

pub fn run(args: ServeArgs) -> Result<Outcome> {
    let mut tools = Vec::new();
    let mut refused = false;
    let mut shown = false;
    // The rules the server judges by while serving: those of the first
    // source's configuration (each source is linted under its own).
    let mut serving_rules = None;
    for path in &args.sources {
        let name = path.display().to_string();
        // Said once, in plain words (the I/O error is not repeated).
        let loaded = mock::load(path, &name).map_err(|e| match e {
            mock::LoadError::Io { path, source } => {
                anyhow::anyhow!("{path}: {}", crate::io_problem(&source))
            }
            e => e.into(),
        })?;
        let rules = crate::config::chosen_rules(&args.select, &args.ignore, path)?;
        let judged = lint_source(path, &name, &loaded, &rules, args.strict)?;
        serving_rules.get_or_insert(rules);
        refused |= judged.refused;
        shown |= judged.errors_shown;
        tools.extend(loaded.tools);
    }
    if refused {
        eprintln!(
            "error: not serving: {} (`mcp-elicit lint --explain CODE` explains each code)",
            if args.strict {
                "--strict refuses every request with a lint error"
            } else {
                "no form can show the requests above"
            }
        );
        return Ok(Outcome::Failed);
    }
    if shown {
        eprintln!(
            "note: the requests above break the spec, but a form can show them, so they are served as recorded; --strict refuses them"
        );
    }
    mock::distinct_names(&mut tools);
    if args.list {
        list(&tools)?;
        return Ok(Outcome::Clean);
    }
    let expected = match &args.expect_answers_from {
        None => None,
        Some(p) => {
            let f = File::open(p).with_context(|| {
                format!("--expect-answers-from {}: cannot read it", p.display())
            })?;
            let rec = recorded::read(std::io::BufReader::new(f))
                .with_context(|| format!("--expect-answers-from {}", p.display()))?;
            if rec.is_empty() {
                bail!(
                    "--expect-answers-from {}: the session holds no answered elicitation",
                    p.display()
                );
            }
            Some(rec)
        }
    };
    let report = match &args.report {
        None => None,
        Some(p) => {
            let f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .with_context(|| format!("--report {}: cannot open it", p.display()))?;
            Some((p.display().to_string(), f))
        }
    };
    let tally = Arc::new(Tally {
        report: Mutex::new(report),
        exchanges: AtomicU64::new(0),
        failed: AtomicU64::new(0),
    });
    let settings = Settings {
        delay: args.delay.unwrap_or_default(),
        repeat: args.repeat,
        burst: args.burst,
        strict: args.strict,
    };
    let handler = Mock::new(
        "mcp-elicit serve",
        tools,
        settings,
        expected,
        Box::new(Shared(Arc::clone(&tally))),
    )
    .with_rules(
        serving_rules
            .as_ref()
            .map(RuleChoice::from)
            .unwrap_or_default(),
    );
    // Ctrl-C ends serving with the tally (see crate::interrupt).
    let on_signal = Arc::clone(&tally);
    crate::interrupt::install(move |_| crate::exit_code(on_signal.finish()));
    match &args.http {
        Some(addr) => {
            crate::address::check_listen(addr, args.allow_remote)?;
            let mut options = HttpOptions::new(AskOn::GetStream);
            options.allow_origins = args.allow_origin.clone();
            let handler: &'static Mock = Box::leak(Box::new(handler));
            serve_http(handler, addr, &options, |a| {
                eprintln!("serve: listening on http://{a}/mcp");
            })?;
        }
        None => {
            let r = serve_stdio(&handler, std::io::stdin().lock(), std::io::stdout().lock());
            // A client that closed its end mid-reply has simply gone.
            match r {
                Err(server::Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                Err(e) => return Err(e.into()),
                Ok(()) => {}
            }
        }
    }
    Ok(tally.finish())
}

/// What [`lint_source`] found.
struct Judged {
    /// A served request cannot be served (see [`mock::unservable`]).
    refused: bool,
    /// An error was shown on a request that is served all the same.
    errors_shown: bool,
}

/// Lints a source and prints the findings (of the rules `rules` selects)
/// on its requests, then judges each request as a client would: one no
/// form can show (with `strict`, one with any error) is refused. In a
/// session only the lines holding served requests count: the rest
/// (answers, results) is not served.
fn lint_source(
    path: &std::path::Path,
    name: &str,
    source: &mock::Source,
    rules: &Options,
    strict: bool,
) -> Result<Judged> {
    let lines: HashSet<String> = source
        .tools
        .iter()
        .flat_map(|t| t.questions.iter().map(|q| q.origin.clone()))
        .collect();
    let opts = Options {
        select: rules.select.clone(),
        ignore: rules.ignore.clone(),
        ..Options::default()
    };
    let mut diags: Vec<Diagnostic> = Vec::new();
    Linter::from(opts)
        .file(path, name, &mut |d| {
            if d.severity >= Severity::Warning
                && (!source.session || lines.contains(&format!("{name}:{}", d.line)))
            {
                diags.push(d);
            }
        })
        .with_context(|| format!("{name}: cannot read it"))?;
    for d in &diags {
        eprintln!("{}", crate::render::plain(&d.path, d));
    }
    let mut judged = Judged {
        refused: false,
        errors_shown: false,
    };
    for q in source.tools.iter().flat_map(|t| &t.questions) {
        match mock::unservable(&q.params, Revision::LATEST, strict, &rules.into()) {
            Some(why) => {
                judged.refused = true;
                eprintln!("{}: not served: {}", q.origin, sanitize::line(&why));
            }
            None => {
                judged.errors_shown |= diags.iter().any(|d| {
                    d.severity == Severity::Error
                        && (!source.session || q.origin == format!("{name}:{}", d.line))
                });
            }
        }
    }
    Ok(judged)
}

/// `--list`: each tool, then each question it asks.
fn list(tools: &[MockTool]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    for t in tools {
        let n = t.questions.len();
        writeln!(
            out,
            "{}  ({}, {n} elicitation{})",
            t.name,
            t.origin,
            if n == 1 { "" } else { "s" }
        )?;
        for q in &t.questions {
            let mode = q
                .params
                .get("mode")
                .and_then(|m| m.as_str())
                .unwrap_or("form");
            let message = q
                .params
                .get("message")
                .and_then(|m| m.as_str())
                .unwrap_or("");
            let from_arg = match &q.message_arg {
                Some(a) => format!(" (message from argument `{a}`)"),
                None => String::new(),
            };
            writeln!(
                out,
                "  {}: {mode} {:?}{from_arg}",
                q.origin,
                sanitize::line(message)
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
