//! The terminal side of a form: a `Prompter` whose questions are
//! dialoguer's prompts (`Input`, `Confirm`, `Select`, `FuzzySelect` for a
//! long list, `MultiSelect`) under one theme of ours, drawn on the
//! controlling terminal; and the terminal state that must be put back
//! however the form ends. Under `TERM=dumb`, where no prompt may move the
//! cursor, questions are plain lines read in the tty's own line mode.
use std::fmt;
use std::io;

use console::{Style, Term};
use dialoguer::theme::Theme;
use dialoguer::{Confirm, FuzzySelect, Input, MultiSelect, Select};
use fuzzy_matcher::skim::SkimMatcherV2;
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
    /// When the form is cut short (`--timeout`): the time left is said
    /// above each question.
    pub deadline: Option<std::time::Instant>,
    /// The controlling terminal, kept out of line mode while a question
    /// reads keys (see [`Terminal::hold_keys`]).
    tty: Option<std::fs::File>,
    /// Its mode before a question held it, to put back with
    /// [`Terminal::settle`].
    #[cfg(unix)]
    cooked: std::cell::RefCell<Option<nix::sys::termios::Termios>>,
    /// The page the browser was last opened on, kept while the form lasts.
    opened: Option<mcp_elicit::mcp::browser::Redirect>,
    /// Server texts shown cut (see [`Terminal::shorten`]), in full, for
    /// the review.
    cut: Vec<String>,
}

/// The most characters of a server's message shown before it is cut; a
/// server cannot flood the terminal (a 1 MB message was 3.3 MB of output).
const MESSAGE_CHARS: usize = 4000;
/// The most characters of a heading, a description or a warning.
const HELP_CHARS: usize = 1000;
/// The most characters of a question (a field's title).
const LABEL_CHARS: usize = 200;

/// From how many options a list filters as you type.
const FILTER_FROM: usize = 10;
/// The most options a list shows at once.
const MAX_ROWS: usize = 10;

/// The form's look on dialoguer's prompts: `?` before a question, `✔`
/// before an answer, `❯` at the row under the cursor and `[x]` for a tick,
/// so the form reads without colour; every line cut to the terminal's
/// width, so a prompt never wraps and dialoguer redraws it in place.
struct FormTheme {
    width: usize,
    /// The prompt goes on from rows above it (see [`Terminal::question`]).
    goes_on: bool,
}

fn s() -> Style {
    Style::new().for_stderr()
}

impl FormTheme {
    /// `text` cut to the width (less one column, so the cursor never wraps).
    fn fit<'a>(&self, text: &'a str) -> std::borrow::Cow<'a, str> {
        console::truncate_str(text, self.width.saturating_sub(1).max(10), "…")
    }

    fn asked(&self, f: &mut dyn fmt::Write, prompt: &str, tail: &str) -> fmt::Result {
        let mark = if self.goes_on { " " } else { "?" };
        let line = format!("{mark} {prompt}{tail}");
        let line = self.fit(&line);
        let body = line.get(mark.len() + 1..).unwrap_or(&line);
        write!(
            f,
            "{} {}",
            s().yellow().apply_to(mark),
            s().bold().apply_to(body)
        )
    }

    /// An answered question: `✔ Size · M`, wrapped (it is never redrawn).
    fn answered(&self, f: &mut dyn fmt::Write, prompt: &str, sep: &str, sel: &str) -> fmt::Result {
        let text = wrap(
            &format!("{prompt}{sep}{sel}"),
            self.width.saturating_sub(2),
            "",
        );
        write!(
            f,
            "{} {}",
            s().green().apply_to("✔"),
            text.replace('\n', "\n  ")
        )
    }

    fn row(&self, f: &mut dyn fmt::Write, mark: &str, text: &str, active: bool) -> fmt::Result {
        let cursor = if active { "❯" } else { " " };
        let row = format!("{cursor} {mark}{text}");
        let row = self.fit(&row);
        if active {
            write!(f, "{}", s().cyan().apply_to(row))
        } else {
            write!(f, "{row}")
        }
    }
}

impl Theme for FormTheme {
    fn format_prompt(&self, f: &mut dyn fmt::Write, prompt: &str) -> fmt::Result {
        self.asked(f, prompt, " ›")
    }

    fn format_error(&self, f: &mut dyn fmt::Write, err: &str) -> fmt::Result {
        let text = wrap(err, self.width.saturating_sub(2), "").replace('\n', "\n  ");
        write!(
            f,
            "{} {}",
            s().red().bold().apply_to("✘"),
            s().red().apply_to(text)
        )
    }

    fn format_input_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        _default: Option<&str>,
    ) -> fmt::Result {
        self.asked(f, prompt, ":")?;
        write!(f, " ")
    }

    fn format_input_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        sel: &str,
    ) -> fmt::Result {
        self.answered(f, prompt, ": ", sel)
    }

    fn format_confirm_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        default: Option<bool>,
    ) -> fmt::Result {
        let hint = match default {
            Some(true) => " (Y/n) ›",
            Some(false) => " (y/N) ›",
            None => " (y/n) ›",
        };
        self.asked(f, prompt, hint)?;
        write!(f, " ")
    }

    fn format_confirm_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        selection: Option<bool>,
    ) -> fmt::Result {
        match selection {
            Some(b) => self.answered(f, prompt, " · ", if b { "yes" } else { "no" }),
            None => Ok(()),
        }
    }

    fn format_select_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        sel: &str,
    ) -> fmt::Result {
        self.answered(f, prompt, " · ", sel)
    }

    fn format_multi_select_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        selections: &[&str],
    ) -> fmt::Result {
        let picked = if selections.is_empty() {
            "(none)".to_string()
        } else {
            selections.join(", ")
        };
        self.answered(f, prompt, " · ", &picked)
    }

    fn format_select_prompt_item(
        &self,
        f: &mut dyn fmt::Write,
        text: &str,
        active: bool,
    ) -> fmt::Result {
        self.row(f, "", text, active)
    }

    fn format_multi_select_prompt_item(
        &self,
        f: &mut dyn fmt::Write,
        text: &str,
        checked: bool,
        active: bool,
    ) -> fmt::Result {
        self.row(f, if checked { "[x] " } else { "[ ] " }, text, active)
    }

    fn format_fuzzy_select_prompt_item(
        &self,
        f: &mut dyn fmt::Write,
        text: &str,
        active: bool,
        _highlight_matches: bool,
        _matcher: &SkimMatcherV2,
        _search_term: &str,
    ) -> fmt::Result {
        self.row(f, "", text, active)
    }

    fn format_fuzzy_select_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        search_term: &str,
        bytes_pos: usize,
    ) -> fmt::Result {
        // The cursor is hidden while a list is shown: `▏` marks where
        // typing goes when it is not at the end of the filter.
        let (head, tail) = search_term.split_at(bytes_pos);
        let at = if tail.is_empty() { "" } else { "▏" };
        self.asked(f, prompt, &format!(" › {head}{at}{tail}"))
    }
}

impl Terminal {
    pub fn new() -> Terminal {
        Terminal {
            term: form_term().unwrap_or_else(Term::stderr),
            plain: is_dumb(),
            deadline: None,
            tty: std::fs::File::open("/dev/tty").ok(),
            #[cfg(unix)]
            cooked: std::cell::RefCell::new(None),
            opened: None,
            cut: Vec::new(),
        }
    }

    /// `text` cut after `most` characters, with how many more there are
    /// ("… 1200 more characters"); the whole text is kept to be shown in
    /// the review.
    fn shorten(&mut self, text: &str, most: usize) -> String {
        let n = text.chars().count();
        if n <= most {
            return text.to_string();
        }
        if !self.cut.iter().any(|c| c == text) {
            self.cut.push(text.to_string());
        }
        let head: String = text.chars().take(most).collect();
        format!("{head}… {} more characters", n - most)
    }

    fn theme(&self) -> FormTheme {
        FormTheme {
            width: width_of(&self.term),
            goes_on: false,
        }
    }

    /// A question too long for one row, wrapped: the rows before its last
    /// are written here and the last is the prompt dialoguer draws (with
    /// `reserve` columns left for what follows it), so no prompt wraps
    /// under dialoguer, which redraws a row in place. Returns the theme,
    /// the prompt and how many rows were written, to clear once answered.
    fn question(&self, prompt: &str, reserve: usize) -> io::Result<(FormTheme, String, usize)> {
        let width = width_of(&self.term);
        let lines: Vec<String> = wrap(prompt, width.saturating_sub(3 + reserve).max(10), "")
            .lines()
            .map(String::from)
            .collect();
        let Some((last, head)) = lines.split_last().filter(|(_, head)| !head.is_empty()) else {
            return Ok((self.theme(), prompt.to_string(), 0));
        };
        for (i, l) in head.iter().enumerate() {
            let mark = if i == 0 { "?" } else { " " };
            self.term.write_line(&format!(
                "{} {}",
                s().yellow().apply_to(mark),
                s().bold().apply_to(l)
            ))?;
        }
        let theme = FormTheme {
            width,
            goes_on: true,
        };
        Ok((theme, last.clone(), head.len()))
    }

    /// How many options a list shows: at most [`MAX_ROWS`], fewer on a
    /// short terminal, so the heading, the message and the help stay.
    fn rows(&self) -> usize {
        let (rows, _) = self.term.size();
        MAX_ROWS.min((rows as usize).saturating_sub(10)).max(3)
    }

    /// A dim line above a question: the keys it takes, and the time
    /// `--timeout` leaves, as the question is asked. Returns how many rows
    /// it took, to clear once the question is answered.
    fn keys(&self, keys: &str) -> io::Result<usize> {
        let mut line = keys.to_string();
        if let Some(d) = self.deadline {
            let left = d
                .saturating_duration_since(std::time::Instant::now())
                .as_secs_f64()
                .ceil();
            line = format!("⏱ {left} s left · {line}");
        }
        let width = width_of(&self.term);
        let text = wrap(&line, width.saturating_sub(1), "  ")
            .lines()
            .map(|l| s().dim().apply_to(l).to_string())
            .collect::<Vec<_>>()
            .join("\n");
        self.term.write_line(&text)?;
        Ok(text.lines().count())
    }

    /// Clears the `n` rows above the cursor and what is below it (one
    /// sequence, as the form always wrote it).
    fn clear_rows(&self, n: usize) -> io::Result<()> {
        if n > 0 {
            self.term.write_str(&format!("\x1b[{n}A\r\x1b[J"))?;
        }
        Ok(())
    }

    /// Clears the keys line of a question that is over, then shows its
    /// answer: `✔ Size · M`.
    fn answered(&self, keys: usize, prompt: &str, answer: Option<&str>) -> io::Result<()> {
        self.clear_rows(keys)?;
        if let Some(answer) = answer {
            let mut line = String::new();
            let _ = self.theme().answered(&mut line, prompt, " · ", answer);
            self.term.write_line(&line)?;
        }
        Ok(())
    }

    /// Keeps the terminal out of line mode while a question reads keys:
    /// console puts it in raw mode for each key only, and between two
    /// reads a key typed ahead (a Backspace right after a character) would
    /// meet the line discipline, which erases with it or echoes it.
    /// [`Terminal::settle`] puts the mode back.
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

    /// Puts the terminal's mode back after a question.
    pub fn settle(&self) {
        #[cfg(unix)]
        if let (Some(mode), Some(tty)) = (self.cooked.borrow_mut().take(), &self.tty) {
            let _ = nix::sys::termios::tcsetattr(tty, nix::sys::termios::SetArg::TCSANOW, &mode);
        }
    }

    /// Runs a dialoguer prompt on the form's terminal, held out of line
    /// mode meanwhile; its errors as I/O errors. Ctrl-C during it is a
    /// SIGINT (console raises it), which `interrupt` turns into the end of
    /// the run.
    fn asking<T>(&self, ask: impl FnOnce(&Term) -> dialoguer::Result<T>) -> io::Result<T> {
        self.hold_keys();
        let got = ask(&self.term);
        self.settle();
        got.map_err(io::Error::from)
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

    /// One line of text, pre-filled with `initial`, which the person edits.
    fn line(&self, prompt: &str, initial: &str) -> io::Result<String> {
        let (theme, asked, head) = self.question(prompt, 12)?;
        let line = self.asking(|term| {
            Input::<String>::with_theme(&theme)
                .with_prompt(&asked)
                .with_initial_text(initial)
                .allow_empty(true)
                .report(false)
                .interact_text_on(term)
        })?;
        // dialoguer clears the row the line ended on; a line longer than
        // the terminal took rows above it too (the cursor is at its end
        // once typed).
        let used = console::measure_text_width(&format!("? {asked}: {line}"));
        let above = used.saturating_sub(1) / width_of(&self.term).max(1);
        self.clear_rows(head + above)?;
        Ok(line)
    }

    /// A refused answer, marked `✘` (never shown as taken), and why, in
    /// the person's words.
    fn refused(&self, what: &str, why: &str) -> io::Result<()> {
        let width = width_of(&self.term);
        let what = wrap(what, width.saturating_sub(2), "").replace('\n', "\n  ");
        self.term
            .write_line(&format!("{} {what}", s().red().bold().apply_to("✘")))?;
        self.term
            .write_line(&s().red().apply_to(wrap(why, width, "  ")).to_string())
    }

    fn list(&self, prompt: &str, items: &[String], default: usize) -> io::Result<Option<usize>> {
        let rows = self.rows();
        if items.len() >= FILTER_FROM {
            let keys = self.keys(&format!(
                "{} options · type to filter · ↑↓ move · Enter chooses · Esc leaves",
                items.len()
            ))?;
            let (theme, asked, head) = self.question(prompt, 14)?;
            let got = self.asking(|term| {
                FuzzySelect::with_theme(&theme)
                    .with_prompt(&asked)
                    .items(items)
                    .default(default.min(items.len().saturating_sub(1)))
                    .max_length(rows)
                    .highlight_matches(false)
                    .report(false)
                    .interact_on_opt(term)
            })?;
            self.answered(keys + head, prompt, got.map(|i| items[i].as_str()))?;
            return Ok(got);
        }
        let keys = self.keys("↑↓ move · Enter chooses · Esc leaves")?;
        let (theme, asked, head) = self.question(prompt, 2)?;
        let got = self.asking(|term| {
            Select::with_theme(&theme)
                .with_prompt(&asked)
                .items(items)
                .default(default.min(items.len().saturating_sub(1)))
                .max_length(rows)
                .report(false)
                .interact_on_opt(term)
        })?;
        self.answered(keys + head, prompt, got.map(|i| items[i].as_str()))?;
        Ok(got)
    }
}

impl Prompter for Terminal {
    fn say(&mut self, kind: Say, text: &str) -> io::Result<()> {
        // Prose is wrapped at word boundaries to the terminal's width; the
        // review is JSON and stays as it will be sent. What the server
        // wrote is cut when long, and shown whole before the review.
        let width = width_of(&self.term);
        let text = &match kind {
            Say::Message => self.shorten(text, MESSAGE_CHARS),
            Say::Heading | Say::Help | Say::Warning => self.shorten(text, HELP_CHARS),
            Say::Error | Say::Review => text.to_string(),
        };
        if kind == Say::Review && !self.cut.is_empty() {
            self.term.write_line("The texts shown cut, in full:")?;
            for whole in std::mem::take(&mut self.cut) {
                self.term.write_line(&wrap(&whole, width, "  "))?;
            }
        }
        let out = match kind {
            Say::Heading => format!("\n{}", s().bold().apply_to(wrap(text, width, ""))),
            Say::Message => wrap(text, width, "  "),
            Say::Help => wrap(text, width, "  ")
                .lines()
                .map(|l| s().dim().apply_to(l).to_string())
                .collect::<Vec<_>>()
                .join("\n"),
            // A mark, not a word: what follows says its own severity
            // (`E122 (error) at ...`), a URL's risk or the time left.
            Say::Warning => format!(
                "{} {}",
                s().yellow().bold().apply_to("!"),
                wrap(text, width.saturating_sub(2), "").replace('\n', "\n  ")
            ),
            Say::Error => {
                let mut line = String::new();
                let _ = self.theme().format_error(&mut line, text);
                line
            }
            Say::Review => text.to_string(),
        };
        self.term.write_line(&out)
    }

    fn text(&mut self, prompt: &str, initial: &str) -> io::Result<Option<String>> {
        self.text_checked(prompt, initial, &|_| Ok(()), &|_| None)
    }

    /// The check runs on Enter: a refused line is shown refused (`✘`) with
    /// the reason, and asked again pre-filled with what was typed, so it is
    /// fixed rather than typed again. (dialoguer's `validate_with` starts
    /// the line over from its initial text.) What the live hint would say
    /// of the line is said in the prompt when it is asked again.
    fn text_checked(
        &mut self,
        prompt: &str,
        initial: &str,
        check: &dyn Fn(&str) -> Result<(), String>,
        live: &dyn Fn(&str) -> Option<String>,
    ) -> io::Result<Option<String>> {
        let prompt = &self.shorten(prompt, LABEL_CHARS);
        if self.plain {
            return self.plain_text(prompt, initial);
        }
        let mut keys = if self.deadline.is_some() {
            self.keys("Enter takes it")?
        } else {
            0
        };
        let mut line = initial.to_string();
        loop {
            let asked = match live(&line).filter(|_| !line.is_empty()) {
                Some(hint) => format!("{prompt} ({hint})"),
                None => prompt.to_string(),
            };
            let typed = self.line(&asked, &line)?;
            self.clear_rows(keys)?;
            keys = 0;
            match check(&typed) {
                Ok(()) => {
                    let mut shown = String::new();
                    let _ = self
                        .theme()
                        .format_input_prompt_selection(&mut shown, prompt, &typed);
                    self.term.write_line(&shown)?;
                    return Ok(Some(typed));
                }
                Err(why) => {
                    self.refused(&format!("{prompt}: {typed}"), &why)?;
                    line = typed;
                }
            }
        }
    }

    fn confirm(&mut self, prompt: &str, default: Option<bool>) -> io::Result<Option<bool>> {
        let prompt = &self.shorten(prompt, LABEL_CHARS);
        if self.plain {
            return self.plain_confirm(prompt, default);
        }
        let keys = if self.deadline.is_some() {
            self.keys("y or n · Esc leaves")?
        } else {
            0
        };
        let (theme, asked, head) = self.question(prompt, 9)?;
        let got = self.asking(|term| {
            let mut c = Confirm::with_theme(&theme)
                .with_prompt(&asked)
                .report(false);
            if let Some(d) = default {
                c = c.default(d);
            }
            c.interact_on_opt(term)
        })?;
        self.answered(
            keys + head,
            prompt,
            got.map(|b| if b { "yes" } else { "no" }),
        )?;
        Ok(got)
    }

    fn select(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> io::Result<Option<usize>> {
        let prompt = &self.shorten(prompt, LABEL_CHARS);
        if self.plain {
            return self.plain_select(prompt, items, default);
        }
        self.list(prompt, items, default)
    }

    fn multi_select(
        &mut self,
        prompt: &str,
        items: &[String],
        checked: &[bool],
    ) -> io::Result<Option<Vec<usize>>> {
        self.multi_select_at_most(prompt, items, checked, None)
    }

    /// Space ticks, Enter confirms. The most allowed is said in the prompt
    /// and checked on Enter: more ticks are refused (`✘`) with the reason,
    /// and the list asked again with the ticks kept, to untick some.
    fn multi_select_at_most(
        &mut self,
        prompt: &str,
        items: &[String],
        checked: &[bool],
        max: Option<usize>,
    ) -> io::Result<Option<Vec<usize>>> {
        let prompt = &self.shorten(prompt, LABEL_CHARS);
        if self.plain {
            return self.plain_multi_select(prompt, items, checked);
        }
        let rows = self.rows();
        let asked = match max {
            Some(max) => format!("{prompt} (at most {max})"),
            None => prompt.to_string(),
        };
        let mut checked: Vec<bool> = (0..items.len())
            .map(|i| checked.get(i) == Some(&true))
            .collect();
        loop {
            let mut keys =
                "↑↓ move · Space ticks · Enter confirms · a ticks all · Esc leaves".to_string();
            if items.len() > rows {
                keys = format!("←→ pages · {keys}");
            }
            let keys = self.keys(&keys)?;
            let (theme, asked, head) = self.question(&asked, 2)?;
            let got = self.asking(|term| {
                MultiSelect::with_theme(&theme)
                    .with_prompt(&asked)
                    .items(items)
                    .defaults(&checked)
                    .max_length(rows)
                    .report(false)
                    .interact_on_opt(term)
            })?;
            self.clear_rows(keys + head)?;
            let Some(picked) = got else {
                return Ok(None);
            };
            let shown: Vec<&str> = picked.iter().map(|&i| items[i].as_str()).collect();
            match max {
                Some(max) if picked.len() > max => {
                    let why = format!(
                        "at most {max}: untick {} of the {}",
                        picked.len() - max,
                        picked.len()
                    );
                    self.refused(&format!("{prompt} · {}", shown.join(", ")), &why)?;
                    checked = (0..items.len()).map(|i| picked.contains(&i)).collect();
                }
                _ => {
                    let mut line = String::new();
                    let _ = self
                        .theme()
                        .format_multi_select_prompt_selection(&mut line, prompt, &shown);
                    self.term.write_line(&line)?;
                    return Ok(Some(picked));
                }
            }
        }
    }

    /// `$BROWSER`, else the desktop's opener. The URL is handed over, never
    /// fetched here, and by way of a page only the person can read: a
    /// process's arguments are readable by every local user, and the URL
    /// may carry the server's secret.
    fn open_url(&mut self, url: &str) -> io::Result<()> {
        self.opened = Some(mcp_elicit::mcp::browser::open(url)?);
        self.term.write_line("  opened in the browser")?;
        Ok(())
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
    use super::{FormTheme, reflow, wrap};
    use dialoguer::theme::Theme;

    /// What the theme writes, without colour.
    fn plain(write: impl FnOnce(&mut String) -> std::fmt::Result) -> String {
        let mut out = String::new();
        write(&mut out).unwrap();
        console::strip_ansi_codes(&out).into_owned()
    }

    #[test]
    fn the_theme_marks_the_cursor_ticks_and_answers_without_colour() {
        let t = FormTheme {
            width: 40,
            goes_on: false,
        };
        let row = |text, checked, active| {
            plain(|f| t.format_multi_select_prompt_item(f, text, checked, active))
        };
        assert_eq!(row("ham", true, true), "❯ [x] ham");
        assert_eq!(row("egg", false, false), "  [ ] egg");
        assert_eq!(
            plain(|f| t.format_select_prompt_item(f, "Cola", true)),
            "❯ Cola"
        );
        assert_eq!(
            plain(|f| t.format_input_prompt(f, "Name *", None)),
            "? Name *: "
        );
        assert_eq!(
            plain(|f| t.format_confirm_prompt(f, "Hot", Some(false))),
            "? Hot (y/N) › "
        );
        assert_eq!(
            plain(|f| t.format_multi_select_prompt_selection(f, "Picks", &["p", "q"])),
            "✔ Picks · p, q"
        );
        // A row never wraps: it is cut to the width, less one column.
        let long = "x".repeat(60);
        let cut = plain(|f| t.format_select_prompt_item(f, &long, false));
        assert_eq!(console::measure_text_width(&cut), 39);
        assert!(cut.ends_with('…'));
        // An answer wraps instead: it is never redrawn.
        let answered = plain(|f| t.format_input_prompt_selection(f, "Note", &long));
        assert!(answered.lines().count() > 1);
        assert!(
            answered
                .lines()
                .all(|l| console::measure_text_width(l) <= 40)
        );
        // The last row of a question wrapped above goes on without `?`.
        let on = FormTheme {
            width: 40,
            goes_on: true,
        };
        assert_eq!(plain(|f| on.format_prompt(f, "the form?")), "  the form? ›");
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
}
