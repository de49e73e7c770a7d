//! The one owner of how an interactive run ends early. Ctrl-C (and a
//! `--timeout` that runs out) end the whole run, whatever field or list
//! the person is in: the terminal is put back as it was, the command's own
//! ending runs (a cancel written, an HTTP session ended, a tally printed)
//! and the process exits with the code that ending gives: 4, cancelled, in
//! every command (`answer`, `call`, `proxy`, `demo`).
//!
//! console raises SIGINT itself for a ^C during a key read, and a ^C
//! between two reads is a signal anyway, so a form may never return: the
//! ending runs here. The first to end the run (the handler, a timer, an
//! interrupted read) does it all; any other waits for the process to end.
//! A run that ends normally [`claim`]s its end the same way, so that an
//! ending racing it waits too.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

use crate::terminal::TtyState;

/// What a command does when its run is ended early: given why, it says
/// so and returns the exit code.
type Ending = Box<dyn FnOnce(&str) -> i32 + Send>;

static ENDING: Mutex<Option<Ending>> = Mutex::new(None);
static TTY: Mutex<Option<TtyState>> = Mutex::new(None);
static ENDED: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C end the run: the terminal as it is now is put back, then
/// `ending` runs. One ending per run; a later call replaces it.
pub fn install(ending: impl FnOnce(&str) -> i32 + Send + 'static) {
    *TTY.lock().unwrap_or_else(|p| p.into_inner()) = Some(TtyState::save());
    *ENDING.lock().unwrap_or_else(|p| p.into_inner()) = Some(Box::new(ending));
    static HANDLER: Once = Once::new();
    HANDLER.call_once(|| {
        if let Err(e) = ctrlc::set_handler(|| end("cancelled (Ctrl-C)")) {
            eprintln!("warning: Ctrl-C cannot be caught ({e}); use Esc to cancel a form");
        }
    });
}

/// Puts the terminal back as it was when [`install`] ran.
pub fn restore_terminal() {
    if let Some(tty) = TTY.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
        tty.restore();
    }
}

/// Claims the end of the run, for an ending that is not early (the form
/// answered, the output to write): the first to claim it or to [`end`] the
/// run goes on; any later one waits here for the process to end.
pub fn claim() {
    if ENDED.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
}

/// Ends the run now: the terminal put back, the command's ending, exit.
pub fn end(why: &str) -> ! {
    claim();
    restore_terminal();
    let ending = ENDING.lock().unwrap_or_else(|p| p.into_inner()).take();
    let code = match ending {
        Some(ending) => ending(why),
        None => {
            eprintln!("\n{why}");
            4
        }
    };
    std::process::exit(code);
}
