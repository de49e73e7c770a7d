//! `mcp-elicit answer`: reads a request, lints it, answers every
//! elicitation in it (a form on the terminal, a script, or a fixed action)
//! and writes only the answer on stdout.
//!
//! Each answer comes from a `Responder`, one request at a time, so
//! `--record` wraps whichever answers ([`RecordingResponder`]) without the
//! rest knowing.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, anyhow, bail};
use mcp_elicit::document::{self, Kind};
use mcp_elicit::finding::{Diagnostic, Finding, Severity};
use mcp_elicit::form::RecordingResponder;
use mcp_elicit::form::host::{AsHost, as_host};
use mcp_elicit::form::respond::{self, Request, Responder};
use mcp_elicit::form::script::{Script, ScriptResponder, prefill};
use mcp_elicit::form::{Action, Answered, Ask, Elicit, FixedResponder, FormResponder};
use mcp_elicit::json::{self, LineIndex, Node};
use mcp_elicit::lint;
use mcp_elicit::lint::Linter;
use mcp_elicit::lint::flight::Judge;
use mcp_elicit::rules;
use mcp_elicit::sanitize;
use mcp_elicit::spec::Revision;
use serde_json::Value;

use crate::Outcome;
use crate::cli::{AnswerArgs, AnswerOutput};
use crate::terminal::{self, Terminal, TtyState};

/// The `_meta` key under which 2026-07-28 results name the server.
const SERVER_INFO_META: &str = "io.modelcontextprotocol/serverInfo";

pub fn run(args: AnswerArgs) -> Result<Outcome> {
    let asked = args.script.action.is_some();
    let outcome = answer(args)?;
    // A decline or cancel the command line asked for is what was wanted:
    // success, as `set -e` scripts need. 3 and 4 are what a person chose
    // in the form.
    Ok(match outcome {
        Outcome::Declined | Outcome::Cancelled if asked => Outcome::Clean,
        other => other,
    })
}

fn answer(args: AnswerArgs) -> Result<Outcome> {
    let input = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let from_stdin = input.as_os_str() == "-";
    let name = if from_stdin {
        "-".to_string()
    } else {
        input.to_string_lossy().into_owned()
    };
    // Bad rule names are usage errors, before anything is read.
    let rules = crate::config::script_rules(
        &args.script,
        if from_stdin { Path::new(".") } else { &input },
    )?;
    if from_stdin && args.script.answers.as_deref() == Some(Path::new("-")) {
        bail!(
            "the request and --answers cannot both come from stdin; give the request as a FILE or --answers a file"
        );
    }
    if from_stdin && io::IsTerminal::is_terminal(&io::stdin()) {
        bail!("no request: give it as a FILE, or pipe it in (`mcp-elicit answer < request.json`)");
    }
    let text = crate::inputs::read_text(&input, &name)?;
    let node = match json::parse(&text) {
        Ok(n) => n,
        Err(e) => {
            let (line, col) = LineIndex::new(&text).line_col(e.offset);
            bail!(
                "{name}:{line}:{col}: not valid JSON ({}); give an elicitation/create request, its params or an InputRequiredResult",
                e.message
            );
        }
    };
    let kind = document::classify(&node);
    let found = document::elicitations(&node);
    if found.is_empty() {
        bail!(
            "{name} is {}, which carries no elicitation to answer; give elicitation/create params, an elicitation/create request or an InputRequiredResult",
            kind.describe()
        );
    }

    let revision = args.spec.unwrap_or_else(|| implied_revision(&node, kind));
    let id = node.get("id").map(|n| raw(&text, n));
    let input_required = document::input_required(&node);
    let several = kind == Kind::InputRequests || input_required.is_some();
    let output = choose_output(args.output, &name, kind, several, found.len(), id.is_some())?;
    // The host's view comes before the spec check: a host that never shows
    // a request does not refuse it either, it does what it does.
    let host_views = match &args.as_host {
        Some(h) => {
            let host = mcp_elicit::hosts::select(h)
                .map_err(|e| anyhow!("--as: {}", sanitize::line(&e)))?;
            found
                .iter()
                .map(|e| {
                    let (view, notes) =
                        as_host(host, &e.params.to_value(), e.key.is_some(), revision);
                    for n in notes {
                        eprintln!("as {}: {}", host.name, sanitize::line(&n));
                    }
                    view
                })
                .collect()
        }
        None => Vec::new(),
    };
    // With --as, what the form is built from, and the answers the host
    // sends without asking; recordings keep the request as sent.
    let requests: Vec<(Option<String>, Value)> = found
        .iter()
        .map(|e| (e.key.clone(), e.params.to_value()))
        .collect();
    let mut shown = requests.clone();
    let mut fixed: Vec<Option<Value>> = vec![None; requests.len()];
    for (i, view) in host_views.into_iter().enumerate() {
        match view {
            AsHost::Shown { params } => shown[i].1 = params,
            AsHost::NotShown { sends: Some(r) } => fixed[i] = Some(r),
            AsHost::NotShown { sends: None } => {
                eprintln!(
                    "the person is never asked, and no answer comes back: the server gets an error or nothing"
                );
                return Ok(Outcome::Findings);
            }
        }
    }
    let mut diags = Vec::new();
    let findings = Linter::new(revision).text(&text);
    // Lint strictly, show liberally: every finding is shown; only what no
    // form can show (or, with --strict, any error) is refused. With --as the
    // gate judges what the host passes on: the request with each elicitation
    // as the host rewrote it (a field the host drops or makes free text no
    // longer blocks), and what the host answers itself is never shown, so
    // never judged.
    let host_text = args.as_host.as_ref().map(|_| {
        let mut doc = node.to_value();
        for (e, (_, view)) in found.iter().zip(&shown) {
            if let Some(slot) = doc.pointer_mut(&e.pointer) {
                *slot = view.clone();
            }
        }
        serde_json::to_string_pretty(&doc).unwrap_or_default()
    });
    let host_findings = match &host_text {
        Some(t) => Linter::new(revision).text(t),
        None => Vec::new(),
    };
    let strict = args.script.strict;
    // What the host passes on is judged as any request; --strict is about
    // the request as the server sent it: a host that shows a broken shape
    // some other way does not mend it.
    let host_judge = Judge::new(revision);
    let sent_judge = Judge {
        strict,
        rules: rules.clone(),
        ..Judge::new(revision)
    };
    let mut blocking: Vec<Finding> = Vec::new();
    for (i, e) in found.iter().enumerate() {
        if fixed[i].is_some() {
            continue;
        }
        let mut refused = Vec::new();
        if host_text.is_some() {
            refused.extend(
                host_judge
                    .findings(&host_findings, &e.pointer, &shown[i].1)
                    .refused,
            );
        }
        if host_text.is_none() || strict {
            refused.extend(
                sent_judge
                    .findings(&findings, &e.pointer, &requests[i].1)
                    .refused,
            );
        }
        for f in refused {
            if !blocking
                .iter()
                .any(|g| g.rule.code == f.rule.code && g.pointer == f.pointer)
            {
                blocking.push(f);
            }
        }
    }
    lint::place(&name, &text, 0, findings, &mut |d| diags.push(d));
    // What the -32602 error carries, when the request is refused (the gate
    // refuses on errors alone).
    let refusing: Vec<Finding> = blocking.clone();
    // A blocking finding the request itself does not have (the host's
    // rewrite made it) is shown too, placed in the rewritten request.
    let (known, made): (Vec<_>, Vec<_>) = blocking.into_iter().partition(|f| {
        diags
            .iter()
            .any(|d| d.code == f.rule.code && d.pointer == f.pointer)
    });
    let mut blocking: Vec<Diagnostic> = diags
        .iter()
        .filter(|d| {
            known
                .iter()
                .any(|f| f.rule.code == d.code && f.pointer == d.pointer)
        })
        .cloned()
        .collect();
    if let (Some(t), Some(h)) = (&host_text, &args.as_host) {
        let at = format!("{name} (as {})", sanitize::line(h));
        lint::place(&at, t, 0, made, &mut |d| {
            blocking.push(d.clone());
            diags.push(d);
        });
    }
    let refused = !blocking.is_empty();
    // Shown: what the rules select, and whatever keeps a form from being
    // shown.
    diags.retain(|d| {
        rules.counts_code(d.code)
            || blocking
                .iter()
                .any(|b| b.code == d.code && b.pointer == d.pointer)
    });
    let errors = diags.iter().any(|d| d.severity == Severity::Error);
    // A request a host answers without showing (--as) is not answered
    // because a form could show it.
    let asked = fixed.iter().any(Option::is_none);
    // A URL's risks are told to the person in the form, in their words:
    // not also here, worded for the server's author.
    let on_terminal = args.script.action.is_none()
        && args.script.answers_from.is_none()
        && args.script.set.is_empty()
        && args.script.answers.is_none()
        && !args.script.defaults
        && terminal::available();
    // The URL risks are the rules with words for the person.
    let url_risk = |code: &str| rules::find(code).is_some_and(|r| r.for_person.is_some());
    if on_terminal && !refused {
        diags.retain(|d| !url_risk(d.code));
    }
    print_findings(&diags, errors && asked, refused, args.script.strict)?;
    if refused {
        return refuse(
            &args,
            &shown,
            &fixed,
            kind,
            id.as_deref(),
            revision,
            &blocking,
            &refusing,
            &text,
            &input_required,
            &name,
        );
    }
    if let Some(ir) = &input_required {
        note_other_requests(ir);
    }

    let server_meta = input_required
        .as_ref()
        .and_then(|ir| ir.node.get("_meta"))
        .and_then(|m| m.get(SERVER_INFO_META))
        .and_then(|s| s.get("name"))
        .and_then(Node::as_str)
        .map(str::to_string);
    let server = args.server.clone().or(server_meta);

    let record = Record::open(&args, &name, &node, &text, revision, several)?;

    let plan = Plan {
        output,
        id,
        request_state: input_required
            .as_ref()
            .and_then(|ir| ir.request_state)
            .map(|n| raw(&text, n)),
        keys: requests.iter().map(|(k, _)| k.clone()).collect(),
    };

    if fixed.iter().all(Option::is_some) && !fixed.is_empty() {
        let results: Vec<Value> = fixed.into_iter().flatten().collect();
        write_stdout(&plan.render(&results))?;
        return Ok(outcome(&results));
    }
    let script = crate::inputs::script(&args.script)?;
    // On a terminal, what a script leaves unanswered is asked in the form.
    let script_then_form = args.script.action.is_none()
        && args.script.answers_from.is_none()
        && !script.is_empty()
        && terminal::available()
        && {
            check_script_names(&script, &requests, revision)?;
            leaves_some_to_ask(&script, &shown, revision, requests.len() > 1)?
        };
    let lenient = requests.len() > 1;
    let how = if let Some(a) = args.script.action {
        How::Given(Box::new(FixedResponder(a.into())))
    } else if let Some(session) = &args.script.answers_from {
        How::Given(Box::new(crate::worded::open_recorded(session)?))
    } else if !script.is_empty() && !script_then_form {
        check_script_names(&script, &requests, revision)?;
        How::Given(Box::new(ScriptResponder { script, lenient }))
    } else {
        if !terminal::available() {
            bail!(
                "no terminal to show the form on; answer from a script with --set KEY=VALUE, --answers FILE or --defaults, or give --action decline|cancel"
            );
        }
        How::Form {
            form: Box::new(FormResponder {
                prompter: Terminal::new(),
            }),
            script,
            lenient,
        }
    };
    // On the terminal the answers so far are shared with Ctrl-C and
    // --timeout, which end the run in a cancel whatever the form is at.
    let shared = match how {
        How::Form { .. } => {
            let shared = Shared::new(plan.clone());
            shared.install(args.timeout);
            Some(shared)
        }
        How::Given(_) => None,
    };
    let mut answerer = Answerer {
        shown: &shown,
        fixed: &fixed,
        how,
        next: 0,
    };
    if let How::Form { form, .. } = &mut answerer.how {
        // The time --timeout leaves is said above each question.
        form.prompter.deadline = args.timeout.map(|t| std::time::Instant::now() + t);
    }
    let mut responder: Box<dyn Responder + '_> = match record {
        Some(record) => Box::new(record.around(answerer)),
        None => Box::new(answerer),
    };
    let mut results = Vec::new();
    for (key, params) in &requests {
        let asked = responder.respond(&Request {
            params,
            server: server.as_deref(),
            revision,
            key: key.as_deref(),
            notes: &[],
            deadline: None,
            position: None,
        });
        let result = match asked {
            Ok(r) => r,
            Err(e) => {
                // A script, a recording or a fixed action is told what it
                // failed at with the request it failed on.
                let told = shared.is_none() && !matches!(e, respond::Error::Record { .. });
                let e = crate::worded::respond(e);
                // ^C during a key read ends the run where every command's
                // error does (`main`), the terminal put back there too.
                if let Some(shared) = &shared {
                    shared.tty_restore();
                }
                return Err(if told {
                    e.context(match key {
                        Some(k) => format!("input request `{}`", sanitize::line(k)),
                        None => name.clone(),
                    })
                } else {
                    e
                });
            }
        };
        let cancelled = Action::of_result(&result) == Some(Action::Cancel);
        if let Some(shared) = &shared {
            shared.record(results.len(), result.clone());
        }
        results.push(result);
        // A cancel on the terminal ends the form: what is left is cancelled.
        if cancelled && shared.is_some() {
            break;
        }
    }
    match shared {
        Some(shared) => shared.finish(),
        None => {
            write_stdout(&plan.render(&results))?;
            Ok(outcome(&results))
        }
    }
}

/// What answers the requests that are asked.
enum How {
    /// A fixed action, a recording or a script; what it fails at is told
    /// with the request it failed on.
    Given(Box<dyn Responder>),
    /// The form on the terminal, pre-filled with what a script gives: only
    /// the rest is asked.
    Form {
        form: Box<FormResponder<Terminal>>,
        script: Script,
        lenient: bool,
    },
}

/// Answers each request of the document as it was sent, in their order:
/// with what the host sends without asking (`--as`), else by [`How`] on
/// what the host shows.
struct Answerer<'a> {
    shown: &'a [(Option<String>, Value)],
    fixed: &'a [Option<Value>],
    how: How,
    /// Which request it is asked next.
    next: usize,
}

impl Responder for Answerer<'_> {
    fn respond(&mut self, request: &Request<'_>) -> Result<Value, respond::Error> {
        let i = self.next;
        self.next += 1;
        let (Some(fixed), Some((_, shown))) = (self.fixed.get(i), self.shown.get(i)) else {
            return Err(respond::Error::other("not a request of this document"));
        };
        if let Some(r) = fixed {
            return Ok(r.clone());
        }
        let request = Request {
            params: shown,
            ..request.clone()
        };
        match &mut self.how {
            How::Given(responder) => responder.respond(&request),
            How::Form {
                form,
                script,
                lenient,
            } => {
                let given = if script.is_empty() {
                    Vec::new()
                } else {
                    let elicit = Elicit::from_params(request.params, request.revision)?;
                    prefill(&elicit, script, request.key, *lenient)?.0
                };
                form.respond_with(&request, &given)
            }
        }
    }
}

/// The output mode asked for, or the one that fits the document; a mode
/// that cannot carry the answer is a usage error.
fn choose_output(
    asked: Option<AnswerOutput>,
    name: &str,
    kind: Kind,
    several: bool,
    count: usize,
    has_id: bool,
) -> Result<AnswerOutput> {
    let output = asked.unwrap_or(if several {
        AnswerOutput::Retry
    } else {
        AnswerOutput::Result
    });
    match output {
        AnswerOutput::Result if count > 1 => {
            bail!("{name} carries {count} elicitations; answer them together with --output retry")
        }
        AnswerOutput::Response if several => bail!(
            "{name} is an InputRequiredResult: it is answered by retrying the original request, not by a response; use --output retry"
        ),
        AnswerOutput::Response if !has_id || kind != Kind::Request => bail!(
            "{name} is {} with no request id to respond to; use --output result, or give the whole elicitation/create request",
            kind.describe()
        ),
        AnswerOutput::Retry if !several => bail!(
            "{name} is {}, not an InputRequiredResult; use --output result or --output response",
            kind.describe()
        ),
        _ => Ok(output),
    }
}

/// Input requests that are not elicitations (sampling, roots) are left to
/// whoever builds the retry; say so.
fn note_other_requests(ir: &document::InputRequired) {
    let others: Vec<String> = ir
        .requests
        .iter()
        .filter(|(_, m, _)| *m != Some("elicitation/create"))
        .map(|(k, m, _)| {
            format!(
                "`{}` ({})",
                sanitize::line(k),
                sanitize::line(m.unwrap_or("no method"))
            )
        })
        .collect();
    if others.is_empty() {
        return;
    }
    let (verb, what, pronoun) = if others.len() == 1 {
        ("is", "an elicitation", "it")
    } else {
        ("are", "elicitations", "them")
    };
    eprintln!(
        "note: {} {verb} not {what}; answer {pronoun} in the retry yourself",
        others.join(", ")
    );
}

/// With several requests, each name given must belong to one of them.
fn check_script_names(
    script: &Script,
    requests: &[(Option<String>, Value)],
    revision: Revision,
) -> Result<()> {
    if requests.len() < 2 {
        return Ok(());
    }
    let mut known = Vec::new();
    for (_, params) in requests {
        if let Ok(e) = Elicit::from_params(params, revision)
            && let Ask::Form { fields, .. } = &e.ask
        {
            known.extend(fields.iter().map(|f| f.prop.name.clone()));
        }
    }
    let keys: Vec<&str> = requests.iter().filter_map(|(k, _)| k.as_deref()).collect();
    let given = script
        .sets
        .iter()
        .map(|(k, _)| (k.as_str(), "--set"))
        .chain(
            script
                .answers
                .iter()
                .flat_map(|a| a.keys())
                .filter(|k| !keys.contains(&k.as_str()))
                .map(|k| (k.as_str(), "--answers")),
        );
    for (name, flag) in given {
        if !known.iter().any(|k| k == name) {
            bail!(
                "{flag}: no form in this document has a field `{}`; its fields are {}",
                sanitize::line(name),
                known
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    Ok(())
}

/// The revision a document names, else the one its shape implies: a
/// server-to-client request exists up to 2025-11-25, input requests from
/// 2026-07-28.
fn implied_revision(node: &Node, kind: Kind) -> Revision {
    match document::named_revision(node) {
        Some(Ok(r)) => r,
        _ if kind == Kind::Request => Revision::V2025_11_25,
        _ => Revision::LATEST,
    }
}

/// Whether a script (`--set`, `--answers`, `--defaults`) leaves a required
/// field of some request without a value: on a terminal the form then asks
/// for the rest, pre-filled with what the script gave.
fn leaves_some_to_ask(
    script: &Script,
    shown: &[(Option<String>, Value)],
    revision: Revision,
    lenient: bool,
) -> Result<bool> {
    for (key, params) in shown {
        let Ok(elicit) = Elicit::from_params(params, revision) else {
            continue;
        };
        if !prefill(&elicit, script, key.as_deref(), lenient)
            .map_err(|e| anyhow!(crate::worded::script(&e)))?
            .1
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A value's exact source text: ids and `requestState` go back byte for byte.
fn raw(text: &str, node: &Node) -> String {
    text[node.span.start..node.span.end].to_string()
}

/// Findings on stderr, with every server string in them made safe.
fn print_findings(
    diags: &[Diagnostic],
    errors: bool,
    refused: bool,
    strict: bool,
) -> io::Result<()> {
    let stderr = io::stderr();
    let mut err = stderr.lock();
    for d in diags {
        if d.severity == Severity::Note {
            continue;
        }
        writeln!(err, "{}", crate::render::plain(&d.path, d))?;
    }
    if refused && strict {
        writeln!(
            err,
            "error: the request breaks the spec and --strict refuses it; the JSON-RPC error a client owes is on stdout"
        )?;
    } else if refused {
        writeln!(
            err,
            "error: no form can be built from the request, so it is not answered; the JSON-RPC error a client owes is on stdout (--action decline|cancel answers it anyway)"
        )?;
    } else if errors {
        writeln!(
            err,
            "note: the request breaks the spec, but a form can show it, so it is answered; --strict refuses it"
        )?;
    }
    Ok(())
}

/// A request no form can be built from: decline or cancel it when the
/// person or `--action` says so, else write the `-32602` a client owes.
#[allow(clippy::too_many_arguments)]
fn refuse(
    args: &AnswerArgs,
    shown: &[(Option<String>, Value)],
    fixed: &[Option<Value>],
    kind: Kind,
    id: Option<&str>,
    revision: Revision,
    blocking: &[Diagnostic],
    refusing: &[Finding],
    text: &str,
    input_required: &Option<document::InputRequired<'_, '_>>,
    name: &str,
) -> Result<Outcome> {
    let several = kind == Kind::InputRequests || input_required.is_some();
    let given = args.script.action.map(|a| FixedResponder(a.into()));
    let mut results = Vec::new();
    let why: Vec<String> = blocking
        .iter()
        .map(|d| crate::render::plain(&d.path, d))
        .collect();
    for (i, (key, params)) in shown.iter().enumerate() {
        // What a host answers without asking (--as) stands as it is.
        if let Some(r) = &fixed[i] {
            results.push(r.clone());
            continue;
        }
        let request = Request {
            params,
            server: args.server.as_deref(),
            revision,
            key: key.as_deref(),
            notes: &[],
            deadline: None,
            position: None,
        };
        let answer = match &given {
            Some(f) => FixedResponder(f.0)
                .refused(&request, &why)
                .map_err(crate::worded::respond)?,
            None if args.script.set.is_empty()
                && args.script.answers.is_none()
                && !args.script.defaults
                && args.script.answers_from.is_none()
                && terminal::available()
                && shown.len() == 1 =>
            {
                let tty = TtyState::save();
                let mut form = FormResponder {
                    prompter: Terminal::new(),
                };
                let answer = form.refused(&request, &why);
                tty.restore();
                answer.map_err(crate::worded::respond)?
            }
            None => None,
        };
        match answer {
            Some(a) => results.push(a),
            None => {
                write_stdout(&lint_error(id, revision, refusing))?;
                return Ok(Outcome::Findings);
            }
        }
    }
    let output = choose_output(args.output, name, kind, several, shown.len(), id.is_some())?;
    let plan = Plan {
        output,
        id: id.map(str::to_string),
        request_state: input_required
            .as_ref()
            .and_then(|ir| ir.request_state)
            .map(|n| raw(text, n)),
        keys: shown.iter().map(|(k, _)| k.clone()).collect(),
    };
    write_stdout(&plan.render(&results))?;
    Ok(outcome(&results))
}

/// The `-32602` error a client owes for a request that breaks the spec.
fn lint_error(id: Option<&str>, revision: Revision, refusing: &[Finding]) -> String {
    let error = mcp_elicit::lint::flight::refusal(revision, refusing);
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{},\"error\":{}}}",
        id.unwrap_or("null"),
        error
    )
}

/// Writes a JSON document; characters a terminal would act on are escaped
/// (the same JSON to any reader).
fn write_stdout(s: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(mcp_elicit::sanitize::json(s).as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Cancel beats decline beats accept.
fn outcome(results: &[Value]) -> Outcome {
    match results.iter().filter_map(Action::of_result).max() {
        Some(Action::Cancel) => Outcome::Cancelled,
        Some(Action::Decline) => Outcome::Declined,
        _ => Outcome::Clean,
    }
}

/// How the answers become the text on stdout.
#[derive(Debug, Clone)]
struct Plan {
    output: AnswerOutput,
    /// The request's id, as written.
    id: Option<String>,
    /// `requestState`, as written.
    request_state: Option<String>,
    keys: Vec<Option<String>>,
}

impl Plan {
    fn render(&self, results: &[Value]) -> String {
        match self.output {
            AnswerOutput::Result => results.first().map(Value::to_string).unwrap_or_default(),
            AnswerOutput::Response => format!(
                "{{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":{}}}",
                self.id.as_deref().unwrap_or("null"),
                results.first().map(Value::to_string).unwrap_or_default()
            ),
            AnswerOutput::Retry => {
                let map: serde_json::Map<String, Value> = self
                    .keys
                    .iter()
                    .zip(results)
                    .filter_map(|(k, r)| Some((k.clone()?, r.clone())))
                    .collect();
                let responses = Value::Object(map).to_string();
                match &self.request_state {
                    Some(state) => {
                        format!("{{\"inputResponses\":{responses},\"requestState\":{state}}}")
                    }
                    None => format!("{{\"inputResponses\":{responses}}}"),
                }
            }
        }
    }
}

/// The answers so far, shared with whatever may cut the form short
/// (Ctrl-C, --timeout), so exactly one of them writes the output.
#[derive(Clone)]
struct Shared(Arc<Mutex<State>>);

struct State {
    plan: Plan,
    results: Vec<Option<Value>>,
}

impl Shared {
    fn new(plan: Plan) -> Shared {
        let n = plan.keys.len();
        Shared(Arc::new(Mutex::new(State {
            plan,
            results: vec![None; n],
        })))
    }

    /// Ctrl-C and the timeout both end the run in a cancel (see
    /// [`crate::interrupt`]).
    fn install(&self, timeout: Option<std::time::Duration>) {
        let on_end = self.clone();
        crate::interrupt::install(move |why| on_end.abort(why));
        if let Some(t) = timeout {
            std::thread::spawn(move || {
                std::thread::sleep(t);
                crate::interrupt::end(&format!(
                    "cancelled: no answer within {} s (--timeout)",
                    t.as_secs_f64()
                ));
            });
        }
    }

    fn record(&self, i: usize, result: Value) {
        let mut s = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(slot) = s.results.get_mut(i) {
            *slot = Some(result);
        }
    }

    /// Fills what is unanswered with cancel and renders the output.
    fn output(s: &State) -> (String, Outcome) {
        let cancel = Answered::Cancel.to_result();
        let results: Vec<Value> = s
            .results
            .iter()
            .map(|r| r.clone().unwrap_or_else(|| cancel.clone()))
            .collect();
        (s.plan.render(&results), outcome(&results))
    }

    /// The output to write, with the terminal put back; only the one that
    /// ends the run (see [`crate::interrupt`]) asks for it.
    fn ending(&self) -> (String, Outcome) {
        let s = self.0.lock().unwrap_or_else(|p| p.into_inner());
        crate::interrupt::restore_terminal();
        Shared::output(&s)
    }

    /// The form ended normally. Should Ctrl-C or the timeout end the run
    /// first, this waits for it to end the process.
    fn finish(&self) -> Result<Outcome> {
        crate::interrupt::claim();
        let (text, outcome) = self.ending();
        write_stdout(&text)?;
        Ok(outcome)
    }

    /// Puts the terminal back as it was when the run's ending was
    /// installed ([`Shared::install`]).
    fn tty_restore(&self) {
        crate::interrupt::restore_terminal();
    }

    /// The form was cut short (the run's ending, run by
    /// [`crate::interrupt::end`]): put the terminal back, write the cancel;
    /// the exit code.
    fn abort(&self, why: &str) -> i32 {
        let (text, outcome) = self.ending();
        let _ = writeln!(io::stderr(), "\n{why}");
        match write_stdout(&text) {
            Ok(()) => crate::exit_code(outcome),
            Err(_) => 2,
        }
    }
}

/// `--record`: the session each request and the answer given are
/// appended to, as they happen.
struct Record {
    writer: mcp_elicit::session::Writer,
    /// The request as given and its id, when it was a whole JSON-RPC
    /// request.
    whole: Option<(String, String)>,
}

impl Record {
    fn open(
        args: &AnswerArgs,
        name: &str,
        node: &Node,
        text: &str,
        revision: Revision,
        several: bool,
    ) -> Result<Option<Record>> {
        let Some(path) = &args.script.record else {
            return Ok(None);
        };
        if several {
            bail!(
                "--record records elicitation/create requests and params; the answers to input requests travel in the retry a client sends, so record that exchange from the client"
            );
        }
        let whole = match (node.get("method"), node.get("id")) {
            (Some(_), Some(id)) => Some((text.to_string(), raw(text, id))),
            _ => None,
        };
        let peer = mcp_elicit::session::Peer::File {
            path: name.to_string(),
        };
        let writer = mcp_elicit::session::Writer::open(path, revision, &peer, &args.script.redact)
            .with_context(|| format!("--record {}: cannot write it", path.display()))?;
        Ok(Some(Record { writer, whole }))
    }

    /// `inner`, with what it answers recorded.
    fn around<R: Responder>(self, inner: R) -> RecordingResponder<R> {
        let recording = RecordingResponder::new(inner, self.writer);
        match &self.whole {
            Some((text, id)) => recording.sent_as(text, id),
            None => recording,
        }
    }
}
