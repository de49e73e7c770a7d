//! A stdio server's stderr on the person's terminal: each line as it comes,
//! except while a form is open, when the lines are held (so none lands
//! inside the form) and printed after it.

use std::io::Write;
use std::sync::Mutex;

use mcp_elicit::mcp::transport::{self, STDERR_PREFIX};

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
    let held = HELD.lock().unwrap_or_else(|p| p.into_inner()).take();
    let Some(held) = held else { return };
    if held.lines.is_empty() {
        return;
    }
    let mut err = std::io::stderr().lock();
    let n = held.lines.len() + held.dropped;
    let lines = if n == 1 { "line" } else { "lines" };
    let _ = writeln!(
        err,
        "the server wrote {n} {lines} to stderr while the form was open:"
    );
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

/// Shows every stdio server's stderr lines from now on (see [`hold`]).
pub fn show() {
    transport::set_server_stderr(Box::new(line));
}
