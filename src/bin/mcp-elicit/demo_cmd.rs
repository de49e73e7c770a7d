//! `mcp-elicit demo`: a tour of elicitation that needs no server and no
//! files. Two requests built into the binary (the pizza order from the MCP
//! explainer, and a form with every property shape) are linted and put to
//! the person in the same terminal form `answer` uses; the JSON that would
//! go back is shown, and what accept, decline and cancel mean. Without a
//! terminal the same tour is printed as a transcript, answered by script.

use std::io::{self, IsTerminal, Write};

use anyhow::{Context, Result};
use mcp_elicit::finding::Severity;
use mcp_elicit::form::respond::{Request, Responder};
use mcp_elicit::form::script::{Script, ScriptResponder};
use mcp_elicit::form::{Action, FormResponder};
use mcp_elicit::json;
use mcp_elicit::lint::Linter;
use mcp_elicit::session::{Direction, show};
use mcp_elicit::spec::Revision;
use serde_json::Value;

use crate::Outcome;
use crate::terminal::{self, Terminal};

/// Both requests are JSON-RPC requests from server to client, the way they
/// travel up to 2025-11-25.
const REVISION: Revision = Revision::V2025_11_25;

struct Stop {
    title: &'static str,
    file: &'static str,
    request: &'static str,
    server: &'static str,
    intro: &'static str,
    /// How to drive the form, shown before it on a terminal.
    keys: &'static str,
    /// The answer the transcript gives (with the schema's defaults).
    scripted: &'static [(&'static str, &'static str)],
    /// What the server does with each action, in this example.
    then: [&'static str; 3],
}

const STOPS: [Stop; 2] = [
    Stop {
        title: "A pizza order",
        file: "examples/demo/pizza.json",
        request: include_str!("../../../examples/demo/pizza.json"),
        server: "pizza-shop",
        intro: "\
The person has ordered a pizza. Before it goes to the oven, the server asks
whether they want a drink with it: it sends an elicitation/create request,
and the client shows it as a form. This is the example from the MCP
explainer, as the server sends it:",
        // The form's own keys line says it.
        keys: "",
        scripted: &[("drink", "Cola")],
        then: [
            "the drink is added to the order",
            "the order proceeds without a drink",
            "the order proceeds without a drink; the shop may ask again next time",
        ],
    },
    Stop {
        title: "Every property shape",
        file: "examples/demo/every-shape.json",
        request: include_str!("../../../examples/demo/every-shape.json"),
        server: "conference",
        intro: "\
A form may hold only flat properties of a few shapes: text (with a length
or a format such as email, date or uri), numbers and integers with bounds,
yes/no, one choice from a list (plain values, or values with titles) and
several choices from a list. Each may have a default. This request has
one of each:",
        keys: "\
Text and numbers: type, then Enter (a default is pre-filled; an empty
optional field is left out). Yes/no: y or n. A list: arrow keys and Enter.
Several choices: Space to tick, Enter to go on. The review's \"Edit a
field\" changes an answer. Esc in a list or a yes/no question cancels,
asking first once something is answered; Ctrl-C stops the tour.",
        scripted: &[
            ("name", "Ada Lovelace"),
            ("email", "ada@example.com"),
            ("shirt", "M"),
        ],
        then: [
            "the registration is made with these values",
            "no registration is made",
            "no registration is made; the server may offer the form again",
        ],
    },
];

const ACTIONS: &str = "\
What each answer means:
  accept   The person filled in the form and sent it. `content` holds the
           values, checked against the requestedSchema before they leave;
           in URL mode an accept carries no content.
  decline  The person said no, on purpose: {\"action\":\"decline\"}, no content.
           The server goes on without the information.
  cancel   The person dismissed the request without choosing (Esc, Ctrl-C,
           closing the dialog): {\"action\":\"cancel\"}. The server may ask
           again later.";

const NEXT: &str = "\
Next: `mcp-elicit lint FILE` checks your own requests, `mcp-elicit answer
FILE` shows one as this form, `mcp-elicit call -- COMMAND` talks to a live
server. The two requests are in examples/demo/ of the source.";

pub fn run() -> Result<Outcome> {
    let interactive =
        io::stdin().is_terminal() && io::stdout().is_terminal() && terminal::available();
    if interactive { tour() } else { transcript() }
}

/// The request's params and id, parsed from the embedded text.
fn params(stop: &Stop) -> Result<(Value, Value)> {
    let req: Value = serde_json::from_str(stop.request)
        .with_context(|| format!("{}: the built-in request is not JSON", stop.file))?;
    Ok((req["params"].clone(), req["id"].clone()))
}

/// Puts the stop's elicitation to `responder`, as the server sends it.
fn ask(responder: &mut dyn Responder, params: &Value, stop: &Stop) -> Result<Value> {
    responder
        .respond(&Request {
            params,
            server: Some(stop.server),
            revision: REVISION,
            key: None,
            notes: &[],
            deadline: None,
            position: None,
        })
        .map_err(crate::worded::respond)
}

/// The linter's warnings on the request, one line each.
fn lint_lines(stop: &Stop) -> Vec<String> {
    Linter::new(REVISION)
        .document("-", stop.request)
        .into_iter()
        .filter(|d| d.severity != Severity::Note)
        .map(|d| crate::render::plain(stop.file, &d))
        .collect()
}

fn response(id: &Value, result: &Value) -> Value {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "result": result})
}

fn what_happens(stop: &Stop, result: &Value) -> String {
    let (action, i) = match Action::of_result(result) {
        Some(Action::Accept) => ("accepted", 0),
        Some(Action::Decline) => ("declined", 1),
        _ => ("cancelled", 2),
    };
    format!("The person {action}: {}.", stop.then[i])
}

/// The terminal tour: each request in the real form.
fn tour() -> Result<Outcome> {
    install_ctrl_c();
    let mut out = io::stdout().lock();
    // Prose is wrapped at word boundaries to the terminal's width.
    let width = crate::terminal::width_of(&console::Term::stdout());
    let prose = |text: &str| crate::terminal::wrap(&crate::terminal::reflow(text), width, "");
    writeln!(
        out,
        "{}",
        prose(
            "An MCP server can stop in the middle of its work and ask the person at the
client for structured input: that is an elicitation. This tour shows two,
in the form `mcp-elicit answer` draws. Nothing is sent anywhere."
        )
    )?;
    let mut responder = FormResponder {
        prompter: Terminal::new(),
    };
    for (n, stop) in STOPS.iter().enumerate() {
        let (params, id) = params(stop)?;
        writeln!(
            out,
            "\n── {}/{}  {} ──\n\n{}\n",
            n + 1,
            STOPS.len(),
            stop.title,
            prose(stop.intro)
        )?;
        // The introduction is read before the request and the form push
        // it off a 24-row terminal.
        if n == 0 {
            writeln!(
                out,
                "{}",
                prose("Press Enter to see what it asks, or Esc to stop here.")
            )?;
            out.flush()?;
            if !wait_for_enter()? {
                break;
            }
        }
        // On a terminal the request is shown as what it asks; its JSON,
        // whole, is the file (and what goes back is shown as JSON below).
        let request = json::parse(stop.request)
            .map_err(|e| anyhow::anyhow!("{}: {}", stop.file, e.message))?;
        out.write_all(
            show::message(Some(Direction::ServerToClient), None, &request, REVISION).as_bytes(),
        )?;
        writeln!(out, "(the whole request is {} in the source)", stop.file)?;
        let warnings = lint_lines(stop);
        if !warnings.is_empty() {
            writeln!(out, "\n`mcp-elicit lint` says:")?;
            for w in &warnings {
                // Wrapped at words, continued under itself.
                let wrapped = crate::terminal::wrap(w, width.saturating_sub(4), "");
                for (i, line) in wrapped.lines().enumerate() {
                    writeln!(out, "{}{line}", if i == 0 { "  " } else { "    " })?;
                }
            }
        }
        if !stop.keys.is_empty() {
            writeln!(out, "\n{}", prose(stop.keys))?;
        }
        out.flush()?;
        let result = match ask(&mut responder, &params, stop) {
            Ok(r) => r,
            Err(e) if crate::is_interrupted(&e) => stop_on_ctrl_c(),
            Err(e) => {
                crate::interrupt::restore_terminal();
                return Err(e);
            }
        };
        let sent = serde_json::to_string_pretty(&response(&id, &result))?;
        writeln!(
            out,
            "\n{}\n{sent}\n\n{}",
            prose(&format!(
                "What goes back to the server, the response to request {id}:"
            )),
            prose(&what_happens(stop, &result))
        )?;
        if n == 0 {
            writeln!(out, "\n{}", wrap_actions(width))?;
        }
        if n + 1 < STOPS.len() {
            writeln!(
                out,
                "\n{}",
                prose("Press Enter for the next form, or Esc to stop here.")
            )?;
            out.flush()?;
            if !wait_for_enter()? {
                break;
            }
        }
    }
    writeln!(out, "\n{}", prose(NEXT))?;
    Ok(Outcome::Clean)
}

/// [`ACTIONS`] for `width` columns: each explanation reflowed and wrapped
/// under its column.
fn wrap_actions(width: usize) -> String {
    let mut lines = ACTIONS.lines();
    let mut out = vec![lines.next().unwrap_or_default().to_string()];
    let mut entry = String::new();
    let flush = |entry: &mut String, out: &mut Vec<String>| {
        if entry.is_empty() {
            return;
        }
        // "  accept   text ...": the text wraps under itself.
        let (head, text) = entry.split_at(11.min(entry.len()));
        let text = crate::terminal::wrap(text, width.saturating_sub(11), "");
        let pad = " ".repeat(head.len());
        for (i, l) in text.lines().enumerate() {
            out.push(if i == 0 {
                format!("{head}{l}")
            } else {
                format!("{pad}{l}")
            });
        }
        entry.clear();
    };
    for line in lines {
        if line.len() > 2 && !line[2..].starts_with(' ') {
            flush(&mut entry, &mut out);
            entry.push_str(line);
        } else {
            entry.push(' ');
            entry.push_str(line.trim());
        }
    }
    flush(&mut entry, &mut out);
    out.join("\n")
}

/// Waits for Enter (go on) or Esc or `q` (stop); other keys do nothing.
/// The next form would otherwise scroll the answer off the screen.
fn wait_for_enter() -> Result<bool> {
    let term = console::Term::stderr();
    loop {
        match term.read_key() {
            Ok(console::Key::Enter) => return Ok(true),
            Ok(console::Key::Escape | console::Key::Char('q')) => return Ok(false),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => stop_on_ctrl_c(),
            Err(e) => return Err(e.into()),
        }
    }
}

/// The same tour as text, answered by script.
fn transcript() -> Result<Outcome> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "An MCP server can stop in the middle of its work and ask the person at the
client for structured input: that is an elicitation. This tour shows two.
There is no terminal here, so it is a transcript with scripted answers; run
`mcp-elicit demo` in a terminal to fill the forms in yourself."
    )?;
    for (n, stop) in STOPS.iter().enumerate() {
        let (params, id) = params(stop)?;
        writeln!(
            out,
            "\n── {}/{}  {} (MCP {REVISION}) ──\n\n{}\n",
            n + 1,
            STOPS.len(),
            stop.title,
            stop.intro
        )?;
        let request = json::parse(stop.request)
            .map_err(|e| anyhow::anyhow!("{}: {}", stop.file, e.message))?;
        out.write_all(
            show::message(Some(Direction::ServerToClient), None, &request, REVISION).as_bytes(),
        )?;
        for w in lint_lines(stop) {
            writeln!(out, "{:30}lint: {w}", "")?;
        }
        let mut responder = ScriptResponder {
            script: Script {
                sets: stop
                    .scripted
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                answers: None,
                defaults: true,
            },
            lenient: false,
        };
        let result = ask(&mut responder, &params, stop)?;
        let sent = response(&id, &result);
        let text = sent.to_string();
        let node = json::parse(&text).map_err(|e| anyhow::anyhow!("{}", e.message))?;
        out.write_all(
            show::message(Some(Direction::ClientToServer), None, &node, REVISION).as_bytes(),
        )?;
        writeln!(
            out,
            "\nWhat goes back to the server, the response to request {id}:\n{}\n\n{}",
            serde_json::to_string_pretty(&sent)?,
            what_happens(stop, &result)
        )?;
        if n == 0 {
            writeln!(out, "\n{ACTIONS}")?;
        }
    }
    writeln!(out, "\n{NEXT}")?;
    Ok(Outcome::Clean)
}

/// Ctrl-C leaves the tour with the terminal put back (see
/// [`crate::interrupt`]), exit 4: cancelled, as in every command that shows
/// a form.
fn install_ctrl_c() {
    crate::interrupt::install(|_| {
        let _ = writeln!(io::stderr(), "\ndemo stopped (Ctrl-C)");
        4
    });
}

fn stop_on_ctrl_c() -> ! {
    crate::interrupt::end("cancelled (Ctrl-C)")
}
