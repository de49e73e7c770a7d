//! A program on a real pseudo-terminal, driven with keys, with everything
//! it showed kept for assertions.

use std::process::Command;
use std::time::Duration;

use expectrl::process::unix::WaitStatus;
use expectrl::{Eof, Expect, Session};

pub const UP: &str = "\x1b[A";
pub const DOWN: &str = "\x1b[B";
pub const ENTER: &str = "\r";
pub const ESC: &str = "\x1b";
pub const BACKSPACE: &str = "\x7f";

/// The terminal sizes the form is tested at (columns, rows).
pub const SIZES: [(u16, u16); 2] = [(80, 24), (40, 15)];

pub struct Terminal {
    session: expectrl::session::OsSession,
    /// Every byte the program wrote to the terminal so far.
    pub seen: Vec<u8>,
}

impl Terminal {
    /// Starts `cmd` on a new pty (`TERM=xterm` unless `cmd` sets one,
    /// colours off).
    pub fn spawn(mut cmd: Command) -> Terminal {
        if !cmd.get_envs().any(|(k, _)| k == "TERM") {
            cmd.env("TERM", "xterm");
        }
        cmd.env("NO_COLOR", "1").env_remove("CLICOLOR_FORCE");
        let mut session = Session::spawn(cmd).expect("spawn in a pty");
        session.set_expect_timeout(Some(Duration::from_secs(60)));
        Terminal {
            session,
            seen: Vec::new(),
        }
    }

    fn keep(&mut self, found: &expectrl::Captures) {
        self.seen.extend_from_slice(found.before());
        for m in found.matches() {
            self.seen.extend_from_slice(m);
        }
    }

    /// Waits until the terminal shows `text`.
    pub fn expect(&mut self, text: &str) {
        match self.session.expect(text) {
            Ok(c) => self.keep(&c),
            Err(e) => panic!(
                "waiting for {text:?}: {e}; the terminal showed:\n{}",
                String::from_utf8_lossy(&self.seen)
            ),
        }
    }

    /// Waits until the terminal shows `text`'s words in order, however a
    /// narrow terminal wrapped them (any run of spaces, line breaks and
    /// cursor moves between two words).
    pub fn expect_words(&mut self, text: &str) {
        let pattern = text
            .split_whitespace()
            .map(regex_escape)
            .collect::<Vec<_>>()
            .join(r"(?:\s|\x1b\[[0-9;?]*[A-Za-z])+");
        match self.session.expect(expectrl::Regex(&pattern)) {
            Ok(c) => self.keep(&c),
            Err(e) => panic!(
                "waiting for the words {text:?}: {e}; the terminal showed:\n{}",
                String::from_utf8_lossy(&self.seen)
            ),
        }
    }

    pub fn send(&mut self, keys: &str) {
        self.session.send(keys).expect("send keys");
    }

    /// Types `text`, waits for its echo, presses Enter.
    pub fn type_line(&mut self, text: &str) {
        self.send(text);
        self.expect(text);
        self.send(ENTER);
    }

    /// Like [`Terminal::spawn`], on a terminal of `cols` x `rows`. The size
    /// is set from this side once the pty exists, and `cmd` starts only when
    /// the terminal reports it, so it never sees another one.
    pub fn spawn_sized(cmd: Command, (cols, rows): (u16, u16)) -> Terminal {
        let mut sized = Command::new("sh");
        sized
            .arg("-c")
            .arg(format!(
                r#"while [ "$(stty size)" != "{rows} {cols}" ]; do sleep 0.01; done; exec "$0" "$@""#
            ))
            .arg(cmd.get_program())
            .args(cmd.get_args());
        for (k, v) in cmd.get_envs() {
            match v {
                Some(v) => sized.env(k, v),
                None => sized.env_remove(k),
            };
        }
        if let Some(dir) = cmd.get_current_dir() {
            sized.current_dir(dir);
        }
        let mut term = Terminal::spawn(sized);
        term.session
            .get_process_mut()
            .set_window_size(cols, rows)
            .expect("set the terminal size");
        term
    }

    /// Reads to the end and returns the exit code.
    pub fn finish(&mut self) -> i32 {
        if let Ok(c) = self.session.expect(Eof) {
            self.keep(&c);
        }
        match self.session.get_process().wait().expect("wait") {
            WaitStatus::Exited(_, code) => code,
            other => panic!("not a normal exit: {other:?}"),
        }
    }

    /// What the terminal showed, as text.
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.seen).into_owned()
    }

    /// Whether the program wrote these bytes, in one piece.
    pub fn showed(&self, bytes: &[u8]) -> bool {
        self.seen.windows(bytes.len()).any(|w| w == bytes)
    }
}

/// Gives a test's own driver, holding a `term: Terminal`, the terminal's
/// methods (`expect`, `send`, `type_line`, `seen`, ...). Only the fast
/// tier's terminal tests use it.
#[allow(unused_macros)]
macro_rules! on_terminal {
    ($driver:ty) => {
        impl std::ops::Deref for $driver {
            type Target = $crate::support::pty::Terminal;
            fn deref(&self) -> &Self::Target {
                &self.term
            }
        }

        impl std::ops::DerefMut for $driver {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.term
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use on_terminal;

/// `text` with the characters a regular expression gives meaning escaped.
fn regex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
