//! The `mcp-elicit` command: parses arguments, runs one subcommand, maps the
//! outcome to an exit code (0 clean, 1 findings, 2 usage or tool error;
//! `answer` adds 3 declined and 4 cancelled).

mod address;
mod answer_cmd;
mod arguments;
mod auth_cmd;
mod authorize;
mod call_cmd;
mod check;
mod cli;
mod config;
mod demo_cmd;
mod docs_cmd;
mod generate_cmd;
mod inputs;
mod interrupt;
mod lint_cmd;
mod probe_cmd;
mod proxy_cmd;
mod reach;
mod render;
mod replay_cmd;
mod serve_cmd;
mod server_stderr;
mod terminal;
mod worded;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};

/// What a subcommand reports back to `main`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to report.
    Clean,
    /// Findings, a failed check, a request not answered because it breaks
    /// the spec.
    Findings,
    /// A usage or tool error that was already reported.
    Failed,
    /// An elicitation was declined.
    Declined,
    /// An elicitation was cancelled.
    Cancelled,
}

/// The exit status of an outcome.
pub fn exit_code(outcome: Outcome) -> i32 {
    match outcome {
        Outcome::Clean => 0,
        Outcome::Findings => 1,
        Outcome::Failed => 2,
        Outcome::Declined => 3,
        Outcome::Cancelled => 4,
    }
}

fn main() -> ExitCode {
    let cli = parse(std::env::args_os().collect());
    cli.color.apply();
    let result = match cli.command {
        Command::Lint(args) => lint_cmd::run(args),
        Command::Answer(args) => answer_cmd::run(args),
        Command::Replay(args) => replay_cmd::run(args),
        Command::Call(args) => call_cmd::run(args),
        Command::Serve(args) => serve_cmd::run(args),
        Command::Proxy(args) => proxy_cmd::run(args),
        Command::Probe(args) => probe_cmd::run(args),
        Command::Generate(args) => generate_cmd::run(args),
        Command::Completions { shell } => docs_cmd::completions(shell),
        Command::Man { dir } => docs_cmd::man(dir.as_deref()),
        Command::Demo => demo_cmd::run(),
        Command::Auth(cmd) => auth_cmd::run(cmd),
    };
    match result {
        Ok(outcome) => ExitCode::from(exit_code(outcome) as u8),
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            // A key read cut short by ^C (`call`, `proxy`): the signal's
            // handler ends the run, and this may get here first; the first
            // of the two ends it the same way, the other waits.
            if is_interrupted(&e) {
                interrupt::end("cancelled (Ctrl-C)");
            }
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// The command line, with one reading clap cannot make on its own:
/// `--pace` followed by something that is not a number takes no value
/// (`replay --show --pace FILE`).
fn parse(mut argv: Vec<std::ffi::OsString>) -> Cli {
    let end = argv.iter().position(|a| a == "--").unwrap_or(argv.len());
    for i in 1..end {
        let next = argv.get(i + 1).and_then(|n| n.to_str());
        if argv[i] == "--pace"
            && next.is_some_and(|n| !n.starts_with('-') && n.parse::<f64>().is_err())
        {
            argv[i] = "--pace=1".into();
        }
    }
    match Cli::try_parse_from(&argv) {
        Ok(cli) => cli,
        Err(e) => {
            let hint = command_without_dashes(&argv, &e);
            let _ = e.print();
            if let Some(word) = hint {
                eprintln!(
                    "hint: `{word}` looks like part of a server's command: a stdio server's command goes after `--`, e.g. `mcp-elicit call --list -- python server.py`"
                );
            }
            std::process::exit(e.exit_code());
        }
    }
}

/// The stray word of a server command written without `--` (`call --list
/// python server.py`), when that is what clap refused.
fn command_without_dashes(argv: &[std::ffi::OsString], e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument || argv.iter().any(|a| a == "--") {
        return None;
    }
    let serves = ["call", "replay", "proxy"];
    if !argv.iter().any(|a| serves.iter().any(|s| a == s)) {
        return None;
    }
    match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(word)) if !word.starts_with('-') => {
            Some(mcp_elicit::sanitize::line(word).into_owned())
        }
        _ => None,
    }
}

/// What went wrong reading a path, and what to check, for `{path}: {this}`.
pub fn io_problem(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory; check the path".into(),
        std::io::ErrorKind::PermissionDenied => {
            "permission denied; check the file's permissions".into()
        }
        std::io::ErrorKind::IsADirectory => "a directory, not a file; give a file".into(),
        _ => format!("cannot read it ({e})"),
    }
}

/// Whether an I/O error of `kind` is behind `e` (a responder's among them,
/// passed on by a call).
fn has_io_error(e: &anyhow::Error, kind: std::io::ErrorKind) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .or_else(|| c.downcast_ref::<mcp_elicit::form::respond::Error>()?.io())
            .is_some_and(|io| io.kind() == kind)
    })
}

/// A closed pipe (`mcp-elicit lint | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    has_io_error(e, std::io::ErrorKind::BrokenPipe)
}

/// A read cut short by ^C (console raises SIGINT during a key read).
fn is_interrupted(e: &anyhow::Error) -> bool {
    has_io_error(e, std::io::ErrorKind::Interrupted)
}
