//! `mcp-elicit call`: a client that connects to a real MCP server, makes one
//! request, answers every elicitation on the way (terminal form or script),
//! and prints the final result.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use mcp_elicit::form::respond::Responder;
use mcp_elicit::form::script::ScriptResponder;
use mcp_elicit::form::{Action, FixedResponder, FormResponder};
use mcp_elicit::mcp::client::{Client, ClientOptions, Recording};
use mcp_elicit::sanitize;
use serde_json::{Value, json};

use crate::Outcome;
use crate::cli::CallArgs;
use crate::terminal::{self, Terminal};
use mcp_elicit::form::Prompter;
use mcp_elicit::spec::Revision;

pub fn run(args: CallArgs) -> Result<Outcome> {
    let may_retry = args.spec.is_none() && by_hand(&args)?;
    let first = call_once(&args, args.spec, may_retry)?;
    // A server that asks the 2025 way (`elicitation/create`) from a tool
    // called under 2026-07-28, where that request no longer exists, fails
    // the call: a person at the form is offered the call again in
    // 2025-11-25 (the tool runs again, so it is asked, never assumed).
    if first.legacy && may_retry {
        let tool = args.tool.as_deref().unwrap_or("the request");
        let again = Terminal::new().confirm(
            &format!(
                "Call `{}` again in 2025-11-25, where the server can ask this way? (the tool runs again)",
                sanitize::line(tool)
            ),
            Some(true),
        )?;
        if again == Some(true) {
            eprintln!("calling it again in 2025-11-25");
            return call_once(&args, Some(Revision::V2025_11_25), false)?.settle();
        }
    }
    first.settle()
}

/// Whether a person answers the elicitations in the terminal form (no
/// scripted answer, a terminal to draw on).
fn by_hand(args: &CallArgs) -> Result<bool> {
    Ok(args.script.action.is_none()
        && args.script.answers_from.is_none()
        && !args.list
        && crate::inputs::script(&args.script)?.is_empty()
        && terminal::available())
}

/// Makes the request once, speaking `spec` (`None` negotiates); also says
/// whether the server asked in a way the revision spoken has not.
fn call_once(args: &CallArgs, spec: Option<Revision>, may_retry: bool) -> Result<Once> {
    // Usage errors come before the server is started or reached.
    if args.tool.is_none() && args.prompt.is_none() && args.resource.is_none() && !args.list {
        bail!("say what to request: --tool NAME, --prompt NAME, --resource URI, or --list");
    }
    // Bad JSON is a usage error, found before the server is started; the
    // values of --arg are typed once the tool's schema is known.
    let arguments = Value::Object(crate::arguments::parse_json(args.args.as_deref())?);
    let request = if let Some(t) = &args.tool {
        Some(("tools/call", json!({"name": t, "arguments": arguments})))
    } else if let Some(p) = &args.prompt {
        let arguments = crate::arguments::build(args.args.as_deref(), &args.arg, None, p)?;
        Some(("prompts/get", json!({"name": p, "arguments": arguments})))
    } else {
        // Without a resource, --list: nothing to request.
        args.resource
            .as_ref()
            .map(|r| ("resources/read", json!({"uri": r})))
    };
    // A person reads what is printed on a terminal; a program reads JSON.
    let human = match (args.format, args.json) {
        (Some(crate::cli::CallFormat::Json), _) | (None, true) => false,
        (Some(crate::cli::CallFormat::Text), _) => true,
        (None, false) => std::io::IsTerminal::is_terminal(&std::io::stdout()),
    };
    if let Some(log) = &args.server_log {
        crate::server_stderr::log_to(log)?;
    }
    let transport = crate::reach::connect(
        args.url.as_deref(),
        &args.command,
        &args.headers,
        &args.auth,
    )?;
    let mut responder = responder(args)?;
    let opts = ClientOptions {
        spec,
        url_mode: !args.no_url_mode,
        server_timeout: args
            .server_timeout
            .unwrap_or(mcp_elicit::mcp::client::DEFAULT_SERVER_TIMEOUT),
        server_name: args.server.clone(),
        strict: args.script.strict,
        rules: crate::config::script_rules(&args.script, std::path::Path::new("."))?,
    };
    let recording = args.script.record.as_ref().map(|p| Recording {
        path: p.clone(),
        redact: args.script.redact.clone(),
    });
    // What a server says while it starts is held: an older one answers
    // the revision probe with pages of its own errors.
    crate::server_stderr::hold();
    let client = Client::connect(transport, opts, recording);
    if client.is_ok() {
        crate::server_stderr::release_start();
    } else {
        crate::server_stderr::release_after("while it started");
    }
    let mut client = client.map_err(crate::worded::client)?;
    if let Some(ender) = client.ender() {
        *ENDER.lock().unwrap_or_else(|p| p.into_inner()) = Some(ender);
    }
    let mut legacy = false;
    let mut held: Option<Value> = None;
    let outcome = match request {
        Some((method, mut params)) => {
            // --arg values are typed by the tool's schema, so it is asked
            // for first (without --arg the call goes as a host makes it).
            if let Some(tool) = args.tool.as_ref().filter(|_| !args.arg.is_empty()) {
                let schema = input_schema(&mut client, tool, responder.as_mut());
                match crate::arguments::build(
                    args.args.as_deref(),
                    &args.arg,
                    schema.as_ref(),
                    tool,
                ) {
                    Ok(arguments) => params["arguments"] = Value::Object(arguments),
                    Err(e) => {
                        client.close();
                        return Err(e);
                    }
                }
            }
            let resp = client.request(method, params.clone(), responder.as_mut());
            crate::reach::report(&mut client);
            let resp = resp.map_err(crate::worded::client)?;
            // A call that may be made again (see `run`) prints its result
            // only once that is settled: stdout holds one answer.
            if !(may_retry && client.legacy_hint(&resp).is_some()) {
                show_result(&resp, human)?;
            } else {
                held = Some(resp.clone());
            }
            if method == "tools/call"
                && resp.pointer("/error/code").and_then(Value::as_i64) == Some(-32602)
                && let Some(name) = &args.tool
            {
                suggest_tool(&mut client, name, responder.as_mut());
            }
            let failed = resp.get("error").is_some()
                || resp.get("result").and_then(|r| r.get("isError")) == Some(&Value::Bool(true));
            if failed
                && args.arg.is_empty()
                && let Some(tool) = &args.tool
                && let Some(schema) = input_schema(&mut client, tool, responder.as_mut())
                && let Some(why) = params["arguments"]
                    .as_object()
                    .and_then(|a| crate::arguments::missing(a, &schema, tool))
            {
                eprintln!("hint: {why}");
            }
            if let Some(hint) = client.legacy_hint(&resp) {
                eprintln!(
                    "hint: {}",
                    sanitize::line(&crate::worded::legacy_hint(hint))
                );
                legacy = true;
            }
            if failed {
                Outcome::Findings
            } else {
                Outcome::Clean
            }
        }
        None => {
            let mut listing = serde_json::Map::new();
            for (method, key) in [
                ("tools/list", "tools"),
                ("prompts/list", "prompts"),
                ("resources/list", "resources"),
            ] {
                let resp = client
                    .request(method, json!({}), responder.as_mut())
                    .map_err(crate::worded::client)?;
                if let Some(items) = resp.get("result").and_then(|r| r.get(key)) {
                    listing.insert(key.into(), items.clone());
                }
            }
            crate::reach::report(&mut client);
            if human {
                print_text(&crate::render::call_listing(&listing))?;
            } else {
                print(&Value::Object(listing))?;
            }
            Outcome::Clean
        }
    };
    client.close();
    Ok(Once {
        outcome,
        legacy,
        held,
        human,
    })
}

/// What [`call_once`] ended with.
struct Once {
    outcome: Outcome,
    /// The server asked in a way the revision spoken has not.
    legacy: bool,
    /// The result, not yet printed (a call that may be made again).
    held: Option<Value>,
    human: bool,
}

impl Once {
    /// Prints a held result.
    fn settle(self) -> Result<Outcome> {
        if let Some(resp) = &self.held {
            show_result(resp, self.human)?;
        }
        Ok(self.outcome)
    }
}

/// Prints a request's response: for reading, or the result itself (a
/// JSON-RPC error whole).
fn show_result(resp: &Value, human: bool) -> Result<()> {
    if human {
        print_text(&crate::render::call_result(resp))
    } else {
        print(resp.get("result").unwrap_or(resp))
    }
}

/// Who answers the server's elicitations. Their errors come back from the
/// call as `client::Error::Respond`, worded by [`crate::worded::client`].
fn responder(args: &CallArgs) -> Result<Box<dyn Responder>> {
    if let Some(a) = args.script.action {
        return Ok(Box::new(FixedResponder(a.into())));
    }
    if let Some(s) = &args.script.answers_from {
        return Ok(Box::new(crate::worded::open_recorded(s)?));
    }
    let script = crate::inputs::script(&args.script)?;
    if !script.is_empty() {
        return Ok(Box::new(ScriptResponder {
            script,
            // Each form takes the names it has: one --set may serve one of several forms.
            lenient: true,
        }));
    }
    if args.list {
        // Listing asks nothing; a server that elicits anyway is told no.
        return Ok(Box::new(FixedResponder(Action::Cancel)));
    }
    if !terminal::available() {
        bail!(
            "no terminal to show forms on; answer from a script with --defaults, --set KEY=VALUE, --answers FILE or --answers-from SESSION, or give --action decline|cancel"
        );
    }
    crate::interrupt::install(end_call);
    let form = FormResponder {
        prompter: Terminal::new(),
    };
    Ok(Box::new(HoldsStderr(match args.timeout {
        None => Box::new(form),
        Some(limit) => Box::new(Timed {
            form,
            limit,
            shown: Arc::new(AtomicU64::new(0)),
        }),
    })))
}

/// A form on the terminal: a stdio server's stderr lines are held while it
/// is open, so none lands inside it, and printed once it is answered (or
/// the call is cut short). Stderr redirected elsewhere is not held: it
/// cannot reach the form.
struct HoldsStderr(Box<dyn Responder>);

fn hold() {
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        crate::server_stderr::hold();
    }
}

impl Responder for HoldsStderr {
    fn respond(
        &mut self,
        request: &mcp_elicit::form::respond::Request<'_>,
    ) -> Result<Value, mcp_elicit::form::respond::Error> {
        hold();
        let answer = self.0.respond(request);
        crate::server_stderr::release();
        answer
    }

    fn refused(
        &mut self,
        request: &mcp_elicit::form::respond::Request<'_>,
        why: &[String],
    ) -> Result<Option<Value>, mcp_elicit::form::respond::Error> {
        hold();
        let answer = self.0.refused(request, why);
        crate::server_stderr::release();
        answer
    }
}

/// What ends the connection when the call ends from a signal handler (an
/// HTTP session is deleted), set once connected.
type Ender = Box<dyn FnOnce() + Send>;
static ENDER: Mutex<Option<Ender>> = Mutex::new(None);

/// How long ending the connection may take when the call is cut short.
const ENDING_WAIT: Duration = Duration::from_secs(2);

/// How a call ends early (Ctrl-C, `--timeout`; see [`crate::interrupt`]):
/// `why` said, the connection ended (within a bound: the server may be the
/// problem), exit 4. Everything sent and received so far is already in the
/// recording (each line is written as it happens); the elicitation in
/// flight stays unanswered. A stdio server, in the same process group, gets
/// the SIGINT too. Esc, by contrast, answers the elicitation `cancel` and
/// the call goes on.
fn end_call(why: &str) -> i32 {
    eprintln!("\n{why}: the call is ended");
    crate::server_stderr::release();
    if let Some(ender) = ENDER.lock().unwrap_or_else(|p| p.into_inner()).take() {
        let (done, wait) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            ender();
            let _ = done.send(());
        });
        let _ = wait.recv_timeout(ENDING_WAIT);
    }
    crate::exit_code(Outcome::Cancelled)
}

/// A form with `--timeout`: one not finished within the limit ends the
/// call like Ctrl-C (the form cannot be interrupted to answer `cancel`).
struct Timed {
    form: FormResponder<Terminal>,
    limit: Duration,
    /// Counts forms shown and finished: a timer fires only for the form
    /// it was started with.
    shown: Arc<AtomicU64>,
}

impl Responder for Timed {
    fn respond(
        &mut self,
        request: &mcp_elicit::form::respond::Request<'_>,
    ) -> Result<Value, mcp_elicit::form::respond::Error> {
        let this = self.shown.fetch_add(1, Ordering::SeqCst) + 1;
        let (shown, limit) = (Arc::clone(&self.shown), self.limit);
        std::thread::spawn(move || {
            std::thread::sleep(limit);
            if shown.load(Ordering::SeqCst) == this {
                crate::interrupt::end(&format!(
                    "cancelled: no answer within {} s (--timeout)",
                    limit.as_secs_f64()
                ));
            }
        });
        self.form.prompter.deadline = Some(std::time::Instant::now() + self.limit);
        let answer = self.form.respond(request);
        self.form.prompter.deadline = None;
        self.form.prompter.settle();
        self.shown.fetch_add(1, Ordering::SeqCst);
        answer
    }
}

/// For a tool the server does not know (-32602): the tools it has, the
/// closest first, on stderr.
/// The `inputSchema` the server lists for `tool` (following `nextCursor`
/// for up to 20 pages), if it lists one: arguments are typed and checked
/// by it before the call. A server that cannot list its tools is called
/// all the same.
fn input_schema(client: &mut Client, tool: &str, responder: &mut dyn Responder) -> Option<Value> {
    let mut cursor: Option<String> = None;
    for _ in 0..20 {
        let params = match &cursor {
            Some(c) => json!({"cursor": c}),
            None => json!({}),
        };
        let resp = client.request("tools/list", params, responder).ok()?;
        let result = resp.get("result")?;
        if let Some(t) = result
            .get("tools")
            .and_then(Value::as_array)?
            .iter()
            .find(|t| t.get("name").and_then(Value::as_str) == Some(tool))
        {
            return t.get("inputSchema").filter(|s| s.is_object()).cloned();
        }
        cursor = Some(result.get("nextCursor")?.as_str()?.to_string());
    }
    None
}

fn suggest_tool(client: &mut Client, name: &str, responder: &mut dyn Responder) {
    let Ok(resp) = client.request("tools/list", json!({}), responder) else {
        return;
    };
    let mut names: Vec<&str> = resp
        .pointer("/result/tools")
        .and_then(Value::as_array)
        .map(|t| {
            t.iter()
                .filter_map(|t| t.get("name").and_then(Value::as_str))
                .collect()
        })
        .unwrap_or_default();
    if names.is_empty() || names.contains(&name) {
        return;
    }
    names.sort_by_key(|n| mcp_elicit::nearest::edit_distance(n, name));
    let close =
        mcp_elicit::nearest::edit_distance(names[0], name) <= (name.chars().count() / 3).max(2);
    let all: Vec<String> = names
        .iter()
        .map(|n| format!("`{}`", sanitize::line(n)))
        .collect();
    if close {
        eprintln!(
            "hint: no tool `{}`; did you mean `{}`? (tools: {})",
            sanitize::line(name),
            sanitize::line(names[0]),
            all.join(", ")
        );
    } else {
        eprintln!(
            "hint: no tool `{}`; the server has {}",
            sanitize::line(name),
            all.join(", ")
        );
    }
}

fn print_text(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(())
}

fn print(v: &Value) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let text = serde_json::to_string_pretty(v).context("writing the result")?;
    writeln!(out, "{}", sanitize::json(&text))?;
    out.flush()?;
    Ok(())
}
