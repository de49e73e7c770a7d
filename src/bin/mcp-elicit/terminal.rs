//! The terminal side of a form: a `Prompter` drawn on the controlling
//! terminal with console, reading keys from it, and the terminal state that
//! must be put back however the form ends. The line editor, lists and yes/no
//! questions are drawn here rather than by dialoguer, whose widgets cannot
//! tell Esc from Shift-Tab, filter, page or refuse a tick.

use std::io;
use std::process::{Command, Stdio};

use console::{Key, Style, Term};
use mcp_elicit::form::{Prompter, Say};

/// The terminal a form is drawn on: the controlling terminal (`/dev/tty`)
/// whenever there is one, whatever stdin, stdout and stderr are, so
/// `answer req.json > out.json 2> err.log` still shows the form; else
/// stderr when it and stdin are terminals. Keys are read from stdin when it
/// is a terminal, else from the controlling terminal.
pub fn form_term() -> Option<Term> {
    use std::io::IsTerminal;
    #[cfg(unix)]
    if let Ok(tty) = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/tty")
        && let Ok(write) = tty.try_clone()
    {
        let term = Term::read_write_pair(tty, write);
        if term.is_term() {
            return Some(term);
        }
    }
    let term = Term::stderr();
    (term.is_term() && io::stdin().is_terminal()).then_some(term)
}

/// Whether a form can be shown: there is a terminal to draw it on and to
/// read keys from.
pub fn available() -> bool {
    form_term().is_some()
}

/// Whether the terminal says it cannot move the cursor (`TERM=dumb`, as in
/// Emacs shells and some CI logs): the form then asks in plain lines.
pub fn is_dumb() -> bool {
    std::env::var_os("TERM").is_some_and(|t| t == "dumb")
}

/// The columns prose may use on `term`: its width, or 80 when it has none.
pub fn width_of(term: &Term) -> usize {
    match term.size_checked() {
        Some((_, cols)) if cols > 0 => cols as usize,
        _ => 80,
    }
}

/// `text` wrapped at word boundaries to `width` columns, each line starting
/// with `indent`. A line's own leading spaces are kept and continue on the
/// lines it wraps to; a word longer than a line is cut where the line ends.
/// Widths are display columns (wide characters count two).
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        let body = line.trim_start_matches(' ');
        let lead = format!("{indent}{}", &line[..line.len() - body.len()]);
        let room = width
            .saturating_sub(console::measure_text_width(&lead))
            .max(10);
        let mut cur = String::new();
        let mut used = 0;
        for word in body.split(' ').filter(|w| !w.is_empty()) {
            let mut w = word.to_string();
            let mut ww = console::measure_text_width(&w);
            if used > 0 && used + 1 + ww > room && ww <= room {
                out.push(format!("{lead}{cur}"));
                cur.clear();
                used = 0;
            }
            // A word wider than the line: cut it where the line ends.
            while used + usize::from(used > 0) + ww > room {
                if used > 0 {
                    cur.push(' ');
                    used += 1;
                }
                if used >= room {
                    out.push(format!("{lead}{}", cur.trim_end()));
                    cur.clear();
                    used = 0;
                }
                let (head, rest) = cut_at(&w, room - used);
                cur.push_str(&head);
                out.push(format!("{lead}{cur}"));
                cur.clear();
                used = 0;
                w = rest;
                ww = console::measure_text_width(&w);
            }
            if used > 0 {
                cur.push(' ');
                used += 1;
            }
            cur.push_str(&w);
            used += ww;
        }
        out.push(format!("{lead}{cur}").trim_end().to_string());
    }
    out.join("\n")
}

/// The head of `word` that fits in `cols` columns (at least one character),
/// and the rest.
fn cut_at(word: &str, cols: usize) -> (String, String) {
    let mut used = 0;
    for (i, c) in word.char_indices() {
        let w = console::measure_text_width(c.encode_utf8(&mut [0; 4]));
        if used + w > cols && i > 0 {
            return (word[..i].to_string(), word[i..].to_string());
        }
        used += w;
    }
    (word.to_string(), String::new())
}

/// Prose written with line breaks for 80 columns, as paragraphs: lines are
/// joined, blank lines and indented lines (lists, tables) kept.
pub fn reflow(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let joins =
            !out.is_empty() && !out.ends_with('\n') && !line.is_empty() && !line.starts_with(' ');
        if joins {
            out.push(' ');
        } else if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    out
}

pub struct Terminal {
    term: Term,
    /// Plain prompts, one line each, read in the tty's own line mode.
    plain: bool,
    /// Whether the last question was left for the previous one.
    back: bool,
    /// When the form is cut short (`--timeout`): the time left is shown
    /// and counted down while a question waits.
    pub deadline: Option<std::time::Instant>,
    /// The controlling terminal, watched for keys during a countdown.
    tty: Option<std::fs::File>,
    /// Its mode before a countdown put it in non-canonical mode (so a key
    /// is seen without Enter), to put back with [`Terminal::settle`].
    #[cfg(unix)]
    cooked: std::cell::RefCell<Option<nix::sys::termios::Termios>>,
    /// The page the browser was last opened on, kept while the form lasts.
    opened: Option<mcp_elicit::browser::Redirect>,
}

/// Says why a typed line cannot be taken.
type Check<'a> = dyn Fn(&str) -> Result<(), String> + 'a;
/// What is cheap to say of a line while it is typed (see `live_hint`).
type Live<'a> = dyn Fn(&str) -> Option<String> + 'a;

/// From how many options a list filters as you type.
const FILTER_FROM: usize = 10;
/// The most options a list shows at once.
const MAX_ROWS: usize = 10;

/// How a list or a yes/no question ended.
enum Ended<T> {
    Chosen(T),
    /// Esc.
    Left,
    /// Shift-Tab (Up in a yes/no question): the previous question.
    Back,
}

impl Terminal {
    pub fn new() -> Terminal {
        Terminal {
            term: form_term().unwrap_or_else(Term::stderr),
            plain: is_dumb(),
            back: false,
            deadline: None,
            tty: std::fs::File::open("/dev/tty").ok(),
            #[cfg(unix)]
            cooked: std::cell::RefCell::new(None),
            opened: None,
        }
    }

    /// Writes `prompt` and reads one line in the tty's line mode (its own
    /// echo and erase keys); `None` at end of input (Ctrl-D).
    fn plain_line(&self, prompt: &str) -> io::Result<Option<String>> {
        use std::io::{BufRead, IsTerminal};
        self.term.write_str(prompt)?;
        self.term.flush()?;
        let mut line = String::new();
        let n = if io::stdin().is_terminal() {
            io::stdin().lock().read_line(&mut line)?
        } else {
            let tty = std::fs::File::open("/dev/tty")?;
            io::BufReader::new(tty).read_line(&mut line)?
        };
        if n == 0 {
            self.term.write_line("")?;
            return Ok(None);
        }
        Ok(Some(line.trim_end_matches(['\n', '\r']).to_string()))
    }

    fn plain_text(&self, prompt: &str, initial: &str) -> io::Result<Option<String>> {
        let hint = if initial.is_empty() {
            String::new()
        } else {
            format!(" [{initial}; Enter keeps it, - empties it]")
        };
        Ok(self
            .plain_line(&format!("? {prompt}{hint}: "))?
            .map(|l| match l.as_str() {
                "" => initial.to_string(),
                "-" if !initial.is_empty() => String::new(),
                _ => l,
            }))
    }

    fn plain_confirm(&self, prompt: &str, default: Option<bool>) -> io::Result<Option<bool>> {
        let hint = match default {
            Some(true) => "Y/n",
            Some(false) => "y/N",
            None => "y/n",
        };
        loop {
            let Some(l) = self.plain_line(&format!("? {prompt} [{hint}]: "))? else {
                return Ok(None);
            };
            match l.trim().to_lowercase().as_str() {
                "y" | "yes" => return Ok(Some(true)),
                "n" | "no" => return Ok(Some(false)),
                "" if default.is_some() => return Ok(default),
                _ => self.term.write_line("  answer y or n")?,
            }
        }
    }

    fn plain_select(
        &self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> io::Result<Option<usize>> {
        self.term.write_line(&format!("? {prompt}"))?;
        for (i, item) in items.iter().enumerate() {
            self.term.write_line(&format!("  {}) {item}", i + 1))?;
        }
        loop {
            let ask = format!("  number 1-{}, Enter for {}: ", items.len(), default + 1);
            let Some(l) = self.plain_line(&ask)? else {
                return Ok(None);
            };
            match l.trim() {
                "" if default < items.len() => return Ok(Some(default)),
                n => match n.parse::<usize>() {
                    Ok(n) if (1..=items.len()).contains(&n) => return Ok(Some(n - 1)),
                    _ => self.term.write_line("  give one of the numbers")?,
                },
            }
        }
    }

    fn plain_multi_select(
        &self,
        prompt: &str,
        items: &[String],
        checked: &[bool],
    ) -> io::Result<Option<Vec<usize>>> {
        self.term.write_line(&format!("? {prompt}"))?;
        for (i, item) in items.iter().enumerate() {
            let mark = if checked.get(i) == Some(&true) {
                "[x]"
            } else {
                "[ ]"
            };
            self.term
                .write_line(&format!("  {mark} {}) {item}", i + 1))?;
        }
        loop {
            let ask = "  numbers to tick (like 1,3), Enter keeps the ticks, - ticks none: ";
            let Some(l) = self.plain_line(ask)? else {
                return Ok(None);
            };
            let l = l.trim();
            if l.is_empty() {
                return Ok(Some(
                    (0..items.len())
                        .filter(|&i| checked.get(i) == Some(&true))
                        .collect(),
                ));
            }
            if l == "-" {
                return Ok(Some(Vec::new()));
            }
            let picked: Option<Vec<usize>> = l
                .split([',', ' '])
                .filter(|t| !t.is_empty())
                .map(|t| {
                    t.parse::<usize>()
                        .ok()
                        .filter(|n| (1..=items.len()).contains(n))
                })
                .map(|n| n.map(|n| n - 1))
                .collect();
            match picked {
                Some(mut p) => {
                    p.sort_unstable();
                    p.dedup();
                    return Ok(Some(p));
                }
                None => self.term.write_line("  give numbers from the list")?,
            }
        }
    }

    /// A line editor for text fields: Esc leaves, Up and Shift-Tab go back.
    /// `check`, when given, says why a line cannot be taken: the line is
    /// then marked `✘`, the reason shown under it, and editing goes on, so
    /// a refused value is never shown as accepted.
    fn edit_line(
        &mut self,
        prompt: &str,
        initial: &str,
        check: Option<&Check<'_>>,
        live: Option<&Live<'_>>,
    ) -> io::Result<Option<String>> {
        self.holding_keys(|t| t.edit_line_keys(prompt, initial, check, live))
    }

    fn edit_line_keys(
        &mut self,
        prompt: &str,
        initial: &str,
        check: Option<&Check<'_>>,
        live: Option<&Live<'_>>,
    ) -> io::Result<Option<String>> {
        let mut buf: Vec<char> = initial.chars().collect();
        let mut at = buf.len();
        let label = Style::new().for_stderr().bold().apply_to(prompt);
        let prefix = format!("? {label}: ");
        loop {
            self.term.clear_line()?;
            // What is cheap to know of the line so far, then the countdown,
            // both after the text.
            let hint = live
                .and_then(|l| l(&buf.iter().collect::<String>()))
                .map(|h| format!("  ({h})"))
                .unwrap_or_default();
            let clock = format!("{hint}{}", self.countdown());
            let clock_cols = console::measure_text_width(&clock);
            let room = (self.term.size().1 as usize)
                .saturating_sub(console::measure_text_width(&prefix) + 2 + clock_cols)
                .max(8);
            let (shown, back) = window(&buf, at, room);
            self.term.write_str(&format!("{prefix}{shown}{clock}"))?;
            if back + clock_cols > 0 {
                self.term.move_cursor_left(back + clock_cols)?;
            }
            self.term.flush()?;
            if !self.key_ready()? {
                continue;
            }
            match self.term.read_key_raw()? {
                Key::Enter => {
                    self.term.clear_line()?;
                    let value: String = buf.iter().collect();
                    if let Some(Err(why)) = check.map(|c| c(&value)) {
                        let s = Style::new().for_stderr();
                        let width = width_of(&self.term);
                        self.term.write_line(&format!(
                            "{} {label}: {value}",
                            s.clone().red().bold().apply_to("✘")
                        ))?;
                        self.term
                            .write_line(&s.red().apply_to(wrap(&why, width, "  ")).to_string())?;
                        continue;
                    }
                    self.term.write_line(&format!(
                        "{} {label}: {}",
                        Style::new().for_stderr().green().apply_to("✔"),
                        value
                    ))?;
                    return Ok(Some(value));
                }
                // Esc leaves (the form says what that means); Up and
                // Shift-Tab go to the previous field.
                Key::Escape => {
                    self.term.clear_line()?;
                    return Ok(None);
                }
                Key::ArrowUp | Key::BackTab => {
                    self.term.clear_line()?;
                    self.back = true;
                    return Ok(None);
                }
                // Ctrl-C ends the run, as in a list: the raw read took the
                // key, so the SIGINT a list's read raises is raised here.
                Key::CtrlC => {
                    self.term.clear_line()?;
                    self.term.write_line(&format!("✘ {label}: (interrupted)"))?;
                    #[cfg(unix)]
                    let _ = nix::sys::signal::raise(nix::sys::signal::Signal::SIGINT);
                    return Err(io::ErrorKind::Interrupted.into());
                }
                // Ctrl-U: empty the line; Ctrl-W, Alt-Backspace: the word
                // before the cursor; Ctrl-K: to the end.
                Key::Char('\u{15}') => {
                    buf.clear();
                    at = 0;
                }
                Key::Char('\u{17}') => {
                    let from = word_left(&buf, at);
                    buf.drain(from..at);
                    at = from;
                }
                Key::UnknownEscSeq(seq) if seq == ['\u{7f}'] => {
                    let from = word_left(&buf, at);
                    buf.drain(from..at);
                    at = from;
                }
                Key::Char('\u{b}') => buf.truncate(at),
                // Word moves: Alt-B / Alt-F, Ctrl- or Alt-Left / -Right
                // (ESC [ 1 ; 5 D: console reads the first three, then the rest).
                Key::UnknownEscSeq(seq) if seq == ['b'] => at = word_left(&buf, at),
                Key::UnknownEscSeq(seq) if seq == ['f'] => at = word_right(&buf, at),
                Key::UnknownEscSeq(seq) if seq == ['[', '1', ';'] => {
                    let _modifier = self.term.read_key_raw()?;
                    match self.term.read_key_raw()? {
                        Key::Char('D') => at = word_left(&buf, at),
                        Key::Char('C') => at = word_right(&buf, at),
                        Key::Char('H') => at = 0,
                        Key::Char('F') => at = buf.len(),
                        _ => {}
                    }
                }
                Key::Char(c) if !c.is_control() => {
                    buf.insert(at, c);
                    at += 1;
                }
                Key::Backspace if at > 0 => {
                    at -= 1;
                    buf.remove(at);
                }
                Key::Del if at < buf.len() => {
                    buf.remove(at);
                }
                Key::ArrowLeft => at = at.saturating_sub(1),
                Key::ArrowRight => at = (at + 1).min(buf.len()),
                Key::Home => at = 0,
                Key::End => at = buf.len(),
                _ => {}
            }
        }
    }
}

impl Terminal {
    /// The seconds left before `--timeout` ends the form, if it is set.
    fn secs_left(&self) -> Option<u64> {
        self.deadline.map(|d| {
            d.saturating_duration_since(std::time::Instant::now())
                .as_secs_f64()
                .ceil() as u64
        })
    }

    /// The countdown shown beside a question: "  ⏱ 28 s left".
    fn countdown(&self) -> String {
        self.secs_left()
            .map(|n| format!("  ⏱ {n} s left"))
            .unwrap_or_default()
    }

    /// Whether a key is waiting; with a deadline, waits at most until the
    /// countdown changes (so the question is redrawn), else until a key.
    /// Keeps the terminal out of line mode while a question reads keys:
    /// between two key reads a key typed ahead (a Backspace right after a
    /// character) would otherwise meet the line discipline, which erases
    /// with it or echoes it. [`Terminal::settle`] puts the mode back.
    fn hold_keys(&self) {
        #[cfg(unix)]
        if let Some(tty) = &self.tty {
            use nix::sys::termios::{self, LocalFlags, SetArg};
            if self.cooked.borrow().is_none()
                && let Ok(mode) = termios::tcgetattr(tty)
            {
                let mut keys = mode.clone();
                keys.local_flags
                    .remove(LocalFlags::ICANON | LocalFlags::ECHO);
                let _ = termios::tcsetattr(tty, SetArg::TCSANOW, &keys);
                *self.cooked.borrow_mut() = Some(mode);
            }
        }
    }

    /// Runs a question that reads keys, the terminal out of line mode
    /// meanwhile (see [`Terminal::hold_keys`]) and put back after it.
    fn holding_keys<T>(&mut self, read: impl FnOnce(&mut Self) -> T) -> T {
        self.hold_keys();
        let read = read(self);
        self.settle();
        read
    }

    fn key_ready(&self) -> io::Result<bool> {
        #[cfg(unix)]
        if let (Some(d), Some(tty)) = (self.deadline, &self.tty) {
            use std::os::fd::AsFd;
            let left = d.saturating_duration_since(std::time::Instant::now());
            // Just past the next whole second, when the count changes.
            let wait = (left.as_millis() % 1000) as u16 + 10;
            self.hold_keys();
            let fd = tty.as_fd();
            let mut fds = [nix::poll::PollFd::new(fd, nix::poll::PollFlags::POLLIN)];
            return match nix::poll::poll(&mut fds, nix::poll::PollTimeout::from(wait)) {
                Ok(n) => Ok(n > 0),
                Err(nix::errno::Errno::EINTR) => Ok(false),
                Err(e) => Err(e.into()),
            };
        }
        Ok(true)
    }

    /// Puts the terminal's mode back after a countdown.
    pub fn settle(&self) {
        #[cfg(unix)]
        if let (Some(mode), Some(tty)) = (self.cooked.borrow_mut().take(), &self.tty) {
            let _ = nix::sys::termios::tcsetattr(tty, nix::sys::termios::SetArg::TCSANOW, &mode);
        }
    }

    /// The answer of an ended question, noting whether it went back.
    fn ended<T>(&mut self, ended: Ended<T>) -> Option<T> {
        match ended {
            Ended::Chosen(v) => Some(v),
            Ended::Left => None,
            Ended::Back => {
                self.back = true;
                None
            }
        }
    }

    /// Ctrl-C ends the run: the raw read took the key, so the SIGINT a
    /// cooked read would raise is raised here.
    fn interrupted(&self) -> io::Error {
        #[cfg(unix)]
        let _ = nix::sys::signal::raise(nix::sys::signal::Signal::SIGINT);
        io::ErrorKind::Interrupted.into()
    }

    /// A yes/no question: y or n answers, Enter takes the default.
    fn yes_no(&mut self, prompt: &str, default: Option<bool>) -> io::Result<Ended<bool>> {
        self.holding_keys(|t| t.yes_no_keys(prompt, default))
    }

    fn yes_no_keys(&self, prompt: &str, default: Option<bool>) -> io::Result<Ended<bool>> {
        let s = || Style::new().for_stderr();
        let hint = match default {
            Some(true) => "(Y/n)",
            Some(false) => "(y/N)",
            None => "(y/n)",
        };
        let line = format!(
            "{} {} {hint} › ",
            s().yellow().apply_to("?"),
            s().bold().apply_to(prompt)
        );
        loop {
            self.term.clear_line()?;
            let clock = self.countdown();
            self.term.write_str(&format!("{line}{clock}"))?;
            if !clock.is_empty() {
                self.term
                    .move_cursor_left(console::measure_text_width(&clock))?;
            }
            self.term.flush()?;
            if !self.key_ready()? {
                continue;
            }
            let answer = match self.term.read_key_raw()? {
                Key::Char('y' | 'Y') => Some(true),
                Key::Char('n' | 'N') => Some(false),
                Key::Enter => default,
                Key::Escape => {
                    self.term.clear_line()?;
                    return Ok(Ended::Left);
                }
                Key::BackTab | Key::ArrowUp => {
                    self.term.clear_line()?;
                    return Ok(Ended::Back);
                }
                Key::CtrlC => {
                    self.term.clear_line()?;
                    return Err(self.interrupted());
                }
                _ => None,
            };
            if let Some(b) = answer {
                self.term.clear_line()?;
                self.term.write_line(&format!(
                    "{} {} · {}",
                    s().green().apply_to("✔"),
                    s().bold().apply_to(prompt),
                    if b { "yes" } else { "no" }
                ))?;
                return Ok(Ended::Chosen(b));
            }
        }
    }

    /// A list: one choice (`ticks` none), or any number of ticks (`ticks`:
    /// those ticked at first and the most allowed). At most [`MAX_ROWS`]
    /// rows show, fewer on a short terminal, so the heading stays; from
    /// [`FILTER_FROM`] options typing filters them. The row under the cursor
    /// is marked `❯`, a ticked option `[x]`: no colour needed.
    fn list(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
        ticks: Option<(&[bool], Option<usize>)>,
    ) -> io::Result<Ended<Vec<usize>>> {
        self.holding_keys(|t| t.list_keys(prompt, items, default, ticks))
    }

    fn list_keys(
        &self,
        prompt: &str,
        items: &[String],
        default: usize,
        ticks: Option<(&[bool], Option<usize>)>,
    ) -> io::Result<Ended<Vec<usize>>> {
        let s = || Style::new().for_stderr();
        let multi = ticks.is_some();
        let max = ticks.and_then(|t| t.1);
        let mut checked: Vec<bool> = match ticks {
            Some((c, _)) => (0..items.len()).map(|i| c.get(i) == Some(&true)).collect(),
            None => Vec::new(),
        };
        let filterable = items.len() >= FILTER_FROM;
        let lower: Vec<String> = items.iter().map(|i| i.to_lowercase()).collect();
        let mut filter = String::new();
        let mut cursor = default.min(items.len().saturating_sub(1));
        let mut top = 0;
        let mut note: Option<String> = None;
        let mut drawn = 0;
        self.term.hide_cursor()?;
        let ended = loop {
            let needle = filter.to_lowercase();
            let shown: Vec<usize> = (0..items.len())
                .filter(|&i| lower[i].contains(&needle))
                .collect();
            cursor = cursor.min(shown.len().saturating_sub(1));
            let (term_rows, cols) = self.term.size();
            let width = (cols as usize).max(20);
            let keys = list_keys(multi, filterable, items.len() > MAX_ROWS);
            let footer = wrap(&keys, width - 1, "  ");
            let footer_rows = footer.lines().count();
            // Room for the heading, the message and the help above.
            let rows = MAX_ROWS
                .min((term_rows as usize).saturating_sub(8 + footer_rows))
                .max(3);
            if cursor < top {
                top = cursor;
            } else if cursor >= top + rows {
                top = cursor + 1 - rows;
            }
            top = top.min(shown.len().saturating_sub(rows));

            let mut lines = vec![format!(
                "{} {} › {filter}",
                s().yellow().apply_to("?"),
                s().bold().apply_to(prompt)
            )];
            for (k, &i) in shown.iter().enumerate().skip(top).take(rows) {
                let mark = if k == cursor { "❯" } else { " " };
                let tick = match (multi, checked.get(i)) {
                    (false, _) => "",
                    (true, Some(true)) => "[x] ",
                    (true, _) => "[ ] ",
                };
                let row =
                    console::truncate_str(&format!("{mark} {tick}{}", items[i]), width - 1, "…")
                        .into_owned();
                lines.push(if k == cursor {
                    s().cyan().apply_to(row).to_string()
                } else {
                    row
                });
            }
            let mut status = Vec::new();
            if let Some(n) = self.secs_left() {
                status.push(format!("⏱ {n} s left"));
            }
            if shown.is_empty() {
                status.push("no option matches; Backspace or Esc clears the filter".to_string());
            } else if shown.len() > rows {
                status.push(format!(
                    "{}-{} of {}",
                    top + 1,
                    (top + rows).min(shown.len()),
                    shown.len()
                ));
            }
            if !filter.is_empty() && !shown.is_empty() {
                status.push(format!("{} of {} options match", shown.len(), items.len()));
            }
            if let Some(max) = max {
                let n = checked.iter().filter(|c| **c).count();
                status.push(format!("{n} of at most {max} ticked"));
            }
            if !status.is_empty() {
                lines.extend(
                    wrap(&status.join(" · "), width - 1, "  ")
                        .lines()
                        .map(String::from),
                );
            }
            if let Some(n) = &note {
                lines.extend(wrap(n, width - 1, "  ").lines().map(String::from));
            }
            lines.extend(footer.lines().map(|l| s().dim().apply_to(l).to_string()));
            let mut frame = String::new();
            if drawn > 0 {
                frame.push_str(&format!("\x1b[{drawn}A\r\x1b[J"));
            }
            frame.push_str(&lines.join("\n"));
            frame.push('\n');
            self.term.write_str(&frame)?;
            self.term.flush()?;
            drawn = lines.len();

            if !self.key_ready()? {
                continue;
            }
            note = None;
            let last = shown.len().saturating_sub(1);
            match self.term.read_key_raw()? {
                Key::ArrowUp => cursor = cursor.saturating_sub(1),
                Key::ArrowDown | Key::Tab => cursor = (cursor + 1).min(last),
                Key::PageUp => cursor = cursor.saturating_sub(rows),
                Key::PageDown => cursor = (cursor + rows).min(last),
                Key::Home => cursor = 0,
                Key::End => cursor = last,
                Key::Char(' ') if multi => {
                    if let Some(&i) = shown.get(cursor) {
                        let ticked = checked.iter().filter(|c| **c).count();
                        match max {
                            Some(max) if !checked[i] && ticked >= max => {
                                note = Some(format!("at most {max}: untick one first"));
                            }
                            _ => checked[i] = !checked[i],
                        }
                    }
                }
                Key::Enter if multi => {
                    break Ended::Chosen((0..items.len()).filter(|&i| checked[i]).collect());
                }
                Key::Enter => {
                    if let Some(&i) = shown.get(cursor) {
                        break Ended::Chosen(vec![i]);
                    }
                }
                Key::Escape if !filter.is_empty() => {
                    filter.clear();
                    cursor = 0;
                }
                Key::Escape => break Ended::Left,
                Key::BackTab => break Ended::Back,
                Key::CtrlC => {
                    self.term.write_str(&format!("\x1b[{drawn}A\r\x1b[J"))?;
                    self.term.show_cursor()?;
                    return Err(self.interrupted());
                }
                Key::Backspace if filterable => {
                    filter.pop();
                    cursor = 0;
                }
                Key::Char(c)
                    if filterable && !c.is_control() && (c != ' ' || !filter.is_empty()) =>
                {
                    filter.push(c);
                    cursor = 0;
                    top = 0;
                }
                _ => {}
            }
        };
        self.term.write_str(&format!("\x1b[{drawn}A\r\x1b[J"))?;
        self.term.show_cursor()?;
        if let Ended::Chosen(picked) = &ended {
            let shown: Vec<&str> = picked.iter().map(|&i| items[i].as_str()).collect();
            self.term.write_line(&format!(
                "{} {} · {}",
                s().green().apply_to("✔"),
                s().bold().apply_to(prompt),
                shown.join(", ")
            ))?;
        }
        Ok(ended)
    }
}

/// The keys a list takes, for its footer.
fn list_keys(multi: bool, filterable: bool, long: bool) -> String {
    let mut keys = vec!["↑↓ move"];
    if long {
        keys.push("PgUp PgDn Home End");
    }
    if multi {
        keys.push("Space ticks");
        keys.push("Enter confirms");
    } else {
        keys.push("Enter chooses");
    }
    if filterable {
        keys.push("type to filter");
    }
    keys.push("Shift-Tab back");
    keys.push("Esc leaves");
    keys.join(" · ")
}

/// Where the word before `at` starts (spaces before it skipped).
fn word_left(buf: &[char], mut at: usize) -> usize {
    while at > 0 && buf[at - 1].is_whitespace() {
        at -= 1;
    }
    while at > 0 && !buf[at - 1].is_whitespace() {
        at -= 1;
    }
    at
}

/// Where the word after `at` ends (spaces before it skipped).
fn word_right(buf: &[char], mut at: usize) -> usize {
    while at < buf.len() && buf[at].is_whitespace() {
        at += 1;
    }
    while at < buf.len() && !buf[at].is_whitespace() {
        at += 1;
    }
    at
}

/// The part of a line being edited that fits in `room` columns, keeping the
/// cursor in view (`…` marks what is cut off), and how many columns left of
/// the end of it the cursor sits. Widths are display columns (a CJK
/// character takes two, a combining mark none). A line never wraps, so a
/// redraw stays on one row.
fn window(buf: &[char], at: usize, room: usize) -> (String, usize) {
    let widths: Vec<usize> = buf
        .iter()
        .map(|c| console::measure_text_width(c.encode_utf8(&mut [0; 4])))
        .collect();
    let total: usize = widths.iter().sum();
    if total <= room {
        return (buf.iter().collect(), widths[at..].iter().sum());
    }
    // Room for a `…` at each end. The text before the cursor comes first,
    // then what fits after it.
    let budget = room.saturating_sub(2).max(1);
    let (mut start, mut end, mut used) = (at, at, 0);
    while start > 0 && used + widths[start - 1] <= budget {
        start -= 1;
        used += widths[start];
    }
    while end < buf.len() && used + widths[end] <= budget {
        used += widths[end];
        end += 1;
    }
    let mut shown = String::new();
    if start > 0 {
        shown.push('…');
    }
    shown.extend(&buf[start..end]);
    if end < buf.len() {
        shown.push('…');
    }
    let back: usize = widths[at..end].iter().sum();
    (shown, back + usize::from(end < buf.len()))
}

impl Prompter for Terminal {
    fn went_back(&mut self) -> bool {
        self.back
    }

    fn say(&mut self, kind: Say, text: &str) -> io::Result<()> {
        let s = Style::new().for_stderr();
        // Prose is wrapped at word boundaries to the terminal's width; the
        // review is JSON and stays as it will be sent.
        let width = width_of(&self.term);
        let out = match kind {
            Say::Heading => format!("\n{}", s.bold().apply_to(wrap(text, width, ""))),
            Say::Message => wrap(text, width, "  "),
            Say::Help => wrap(text, width, "  ")
                .lines()
                .map(|l| s.clone().dim().apply_to(l).to_string())
                .collect::<Vec<_>>()
                .join("\n"),
            Say::Warning => format!(
                "{} {}",
                s.yellow().bold().apply_to("warning:"),
                wrap(text, width.saturating_sub(9), "").replace('\n', "\n         ")
            ),
            Say::Error => format!(
                "{} {}",
                s.red().bold().apply_to("✘"),
                wrap(text, width.saturating_sub(2), "").replace('\n', "\n  ")
            ),
            Say::Review => text.to_string(),
        };
        self.term.write_line(&out)
    }

    fn text(&mut self, prompt: &str, initial: &str) -> io::Result<Option<String>> {
        self.back = false;
        if self.plain {
            return self.plain_text(prompt, initial);
        }
        self.edit_line(prompt, initial, None, None)
    }

    fn text_checked(
        &mut self,
        prompt: &str,
        initial: &str,
        check: &dyn Fn(&str) -> Result<(), String>,
        live: &dyn Fn(&str) -> Option<String>,
    ) -> io::Result<Option<String>> {
        self.back = false;
        if self.plain {
            return self.plain_text(prompt, initial);
        }
        self.edit_line(prompt, initial, Some(check), Some(live))
    }

    fn confirm(&mut self, prompt: &str, default: Option<bool>) -> io::Result<Option<bool>> {
        self.back = false;
        if self.plain {
            return self.plain_confirm(prompt, default);
        }
        let ended = self.yes_no(prompt, default)?;
        Ok(self.ended(ended))
    }

    fn select(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> io::Result<Option<usize>> {
        self.back = false;
        if self.plain {
            return self.plain_select(prompt, items, default);
        }
        let ended = self.list(prompt, items, default, None)?;
        Ok(self.ended(ended).and_then(|v| v.first().copied()))
    }

    fn multi_select(
        &mut self,
        prompt: &str,
        items: &[String],
        checked: &[bool],
    ) -> io::Result<Option<Vec<usize>>> {
        self.multi_select_at_most(prompt, items, checked, None)
    }

    fn multi_select_at_most(
        &mut self,
        prompt: &str,
        items: &[String],
        checked: &[bool],
        max: Option<usize>,
    ) -> io::Result<Option<Vec<usize>>> {
        self.back = false;
        if self.plain {
            return self.plain_multi_select(prompt, items, checked);
        }
        let ended = self.list(prompt, items, 0, Some((checked, max)))?;
        Ok(self.ended(ended))
    }

    /// `$BROWSER`, else the desktop's opener. The URL is handed over, never
    /// fetched here, and by way of a page only the person can read: a
    /// process's arguments are readable by every local user, and the URL
    /// may carry the server's secret.
    fn open_url(&mut self, url: &str) -> io::Result<()> {
        let program = std::env::var_os("BROWSER")
            .filter(|b| !b.is_empty())
            .unwrap_or_else(|| {
                if cfg!(target_os = "macos") {
                    "open".into()
                } else {
                    "xdg-open".into()
                }
            });
        let redirect = mcp_elicit::browser::Redirect::to(url)?;
        let status = Command::new(&program)
            .arg(redirect.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()?;
        if status.success() {
            self.opened = Some(redirect);
            self.term.write_line("  opened in the browser")?;
            Ok(())
        } else {
            Err(io::Error::other(format!(
                "{} exited with {status}",
                program.to_string_lossy()
            )))
        }
    }
}

/// The tty's mode before the form, to put back when the form is cut short
/// (Ctrl-C, --timeout) while a key read holds it in raw mode.
pub struct TtyState {
    #[cfg(unix)]
    saved: Option<(std::fs::File, nix::sys::termios::Termios)>,
}

impl TtyState {
    pub fn save() -> TtyState {
        #[cfg(unix)]
        {
            let saved = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open("/dev/tty")
                .ok()
                .and_then(|f| {
                    let t = nix::sys::termios::tcgetattr(&f).ok()?;
                    Some((f, t))
                });
            TtyState { saved }
        }
        #[cfg(not(unix))]
        TtyState {}
    }

    /// Puts the tty back and shows the cursor (a dumb terminal never hid it).
    pub fn restore(&self) {
        #[cfg(unix)]
        if let Some((f, t)) = &self.saved {
            let _ = nix::sys::termios::tcsetattr(f, nix::sys::termios::SetArg::TCSANOW, t);
        }
        if !is_dumb()
            && let Some(term) = form_term()
        {
            let _ = term.show_cursor();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{reflow, window, word_left, word_right, wrap};

    #[test]
    fn word_moves() {
        let buf: Vec<char> = "ada  lovelace x".chars().collect();
        assert_eq!(word_left(&buf, 15), 14);
        assert_eq!(word_left(&buf, 14), 5);
        assert_eq!(word_left(&buf, 5), 0);
        assert_eq!(word_right(&buf, 0), 3);
        assert_eq!(word_right(&buf, 3), 13);
        assert_eq!(word_right(&buf, 15), 15);
    }

    #[test]
    fn prose_wraps_at_word_boundaries() {
        assert_eq!(
            wrap("Press Enter to go on, Esc to stop", 16, "  "),
            "  Press Enter to\n  go on, Esc to\n  stop"
        );
        // A line's own indent continues; a long word is cut at the edge.
        assert_eq!(
            wrap("  - abcdefghijklmnopqrstuvwxyz end", 14, ""),
            "  - abcdefghij\n  klmnopqrstuv\n  wxyz end"
        );
        assert_eq!(wrap("東京 東京 東京", 12, ""), "東京 東京\n東京");
        assert_eq!(wrap("a\n\nb", 20, "  "), "  a\n\n  b");
        assert_eq!(
            reflow("one\ntwo\n\nthree\n  item\nfour"),
            "one two\n\nthree\n  item four"
        );
    }

    #[test]
    fn long_lines_scroll_with_the_cursor() {
        let buf: Vec<char> = "abcdefghij".chars().collect();
        assert_eq!(window(&buf, 10, 20), ("abcdefghij".to_string(), 0));
        assert_eq!(window(&buf, 4, 20), ("abcdefghij".to_string(), 6));
        // Cursor at the end: the tail shows.
        assert_eq!(window(&buf, 10, 5), ("…hij".to_string(), 0));
        // Cursor at the start: the head shows, the cursor 4 columns back.
        assert_eq!(window(&buf, 0, 5), ("abc…".to_string(), 4));
        assert_eq!(window(&buf, 5, 5), ("…cde…".to_string(), 1));
    }

    #[test]
    fn wide_characters_count_as_two_columns() {
        // Five CJK characters are ten columns.
        let buf: Vec<char> = "東京都渋谷".chars().collect();
        assert_eq!(window(&buf, 5, 10), ("東京都渋谷".to_string(), 0));
        assert_eq!(window(&buf, 2, 10), ("東京都渋谷".to_string(), 6));
        // Six columns of room: two characters (four columns) and the marks.
        assert_eq!(window(&buf, 5, 6), ("…渋谷".to_string(), 0));
        assert_eq!(window(&buf, 0, 6), ("東京…".to_string(), 5));
        // A combining mark takes no column of its own.
        let buf: Vec<char> = "cafe\u{301}".chars().collect();
        assert_eq!(window(&buf, 5, 4), ("cafe\u{301}".to_string(), 0));
    }
}
