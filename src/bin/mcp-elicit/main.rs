//! The `mcp-elicit` command: parses arguments, runs one subcommand, maps the
//! outcome to an exit code (0 clean, 1 findings, 2 usage or tool error).

mod cli;
mod docs_cmd;
mod generate_cmd;
mod lint_cmd;
mod render;
mod replay_cmd;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};

/// What a subcommand reports back to `main`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to report.
    Clean,
    /// Findings, a failed check, a declined or invalid answer.
    Findings,
    /// A usage or tool error that was already reported.
    Failed,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli.color.apply();
    let result = match cli.command {
        Command::Lint(args) => lint_cmd::run(args),
        Command::Replay(args) => replay_cmd::run(args),
        Command::Generate(args) => generate_cmd::run(args),
        Command::Completions { shell } => docs_cmd::completions(shell),
        Command::Man { dir } => docs_cmd::man(dir.as_deref()),
    };
    match result {
        Ok(Outcome::Clean) => ExitCode::SUCCESS,
        Ok(Outcome::Findings) => ExitCode::from(1),
        Ok(Outcome::Failed) => ExitCode::from(2),
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// A closed pipe (`mcp-elicit lint | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
