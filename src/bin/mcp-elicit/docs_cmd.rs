//! `mcp-elicit completions SHELL` and the hidden `mcp-elicit man`: both are
//! generated from the clap definition, checked in under `completions/` and
//! `man/`, and compared by a test so they never drift.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::CommandFactory;
use clap_complete::Shell;

use crate::Outcome;
use crate::cli::Cli;

pub fn completions(shell: Shell) -> Result<Outcome> {
    // Rendered into memory first: the generator panics on a write error,
    // and a closed pipe is not an error.
    let mut cmd = Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, "mcp-elicit", &mut buf);
    let mut out = io::stdout().lock();
    out.write_all(&buf)?;
    out.flush()?;
    Ok(Outcome::Clean)
}

pub fn man(dir: Option<&Path>) -> Result<Outcome> {
    let cmd = Cli::command();
    match dir {
        None => {
            let mut buf = Vec::new();
            clap_mangen::Man::new(cmd).render(&mut buf)?;
            let mut out = io::stdout().lock();
            out.write_all(&buf)?;
            out.flush()?;
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(cmd, dir)
                .with_context(|| format!("cannot write man pages to {}", dir.display()))?;
        }
    }
    Ok(Outcome::Clean)
}
