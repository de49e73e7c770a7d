//! A stdio server's stderr on the person's terminal: each line as it comes,
//! except while a form is open, when the lines are held (so none lands
//! inside the form) and printed after it, and while the server starts,
//! when a long run of lines (a server of an older revision reporting the
//! `server/discover` probe it does not know) is summed up in one line.
//! With `--server-log FILE` every line goes to the file instead.

use std::io::Write;
use std::sync::Mutex;

use mcp_elicit::mcp::transport::{STDERR_PREFIX, StderrSink};

/// The most stderr lines of a stdio server held while a form is open; the
/// rest are counted.
const MAX_HELD_LINES: usize = 1000;

/// Stderr lines of stdio servers held while a form is open (see
/// [`hold`]); `None` when they are printed as they come.
static HELD: Mutex<Option<Held>> = Mutex::new(None);

#[derive(Default)]
struct Held {
    lines: Vec<String>,
    dropped: usize,
}

/// Where a server's stderr lines go instead of the terminal
/// (`--server-log`).
static LOG: Mutex<Option<std::fs::File>> = Mutex::new(None);

/// The most lines written while a server starts that are shown as they
/// were; more are summed up (see [`release_start`]).
const START_LINES: usize = 5;

/// Sends every stdio server's stderr line to `path` (appended; created if
/// missing) instead of the terminal.
pub fn log_to(path: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::Context;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("--server-log {}: cannot open it", path.display()))?;
    *LOG.lock().unwrap_or_else(|p| p.into_inner()) = Some(file);
    Ok(())
}

/// Like [`release`], after a server has started: a few lines are printed,
/// a longer run is summed up in one line.
pub fn release_start() {
    let held = HELD.lock().unwrap_or_else(|p| p.into_inner()).take();
    let Some(held) = held else { return };
    let n = held.lines.len() + held.dropped;
    let mut err = std::io::stderr().lock();
    if n <= START_LINES {
        for line in &held.lines {
            let _ = writeln!(err, "{line}");
        }
        return;
    }
    let _ = writeln!(
        err,
        "note: the server wrote {n} lines to stderr while it started (an older server often reports the `server/discover` probe it does not know); they are not shown: `--server-log FILE` keeps a server's stderr"
    );
}

/// From now on a stdio server's stderr lines are held instead of printed,
/// so none lands inside a form being drawn; [`release`]
/// prints them.
pub fn hold() {
    let mut held = HELD.lock().unwrap_or_else(|p| p.into_inner());
    if held.is_none() {
        *held = Some(Held::default());
    }
}

/// Prints the stderr lines held since [`hold`] (after a line
/// saying they were held), and prints them as they come again.
pub fn release() {
    release_after("while the form was open");
}

/// [`release`], saying when the lines were held (`while it started`).
pub fn release_after(when: &str) {
    let held = HELD.lock().unwrap_or_else(|p| p.into_inner()).take();
    let Some(held) = held else { return };
    if held.lines.is_empty() {
        return;
    }
    let mut err = std::io::stderr().lock();
    let n = held.lines.len() + held.dropped;
    let lines = if n == 1 { "line" } else { "lines" };
    let _ = writeln!(err, "the server wrote {n} {lines} to stderr {when}:");
    for line in &held.lines {
        let _ = writeln!(err, "{line}");
    }
    if held.dropped > 0 {
        let _ = writeln!(
            err,
            "{STDERR_PREFIX}({} more lines not shown)",
            held.dropped
        );
    }
}

/// Prints one stderr line of a server, or holds it while a form is open.
fn line(line: String) {
    if let Some(file) = LOG.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
        let _ = writeln!(file, "{line}");
        return;
    }
    let mut held = HELD.lock().unwrap_or_else(|p| p.into_inner());
    match held.as_mut() {
        Some(h) if h.lines.len() < MAX_HELD_LINES => h.lines.push(line),
        Some(h) => h.dropped += 1,
        None => {
            drop(held);
            eprintln!("{line}");
        }
    }
}

/// Where a stdio server's stderr lines go: the terminal, or held while a
/// form is open (see [`hold`]), or the `--server-log` file.
pub fn sink() -> StderrSink {
    std::sync::Arc::new(line)
}
