//! The terminal form and the command line as a person meets them, at the
//! sizes people use (80x24 and 40x15): how text reads, what the keys do,
//! what reaches the terminal. Each test runs at both sizes.

use std::path::PathBuf;
use std::process::Command;

use serde_json::{Value, json};

use crate::support::pty::{BACKSPACE, DOWN, ENTER, ESC, SIZES, Terminal, UP, on_terminal};
use crate::support::{bin, example_server};

/// `mcp-elicit answer ARGS < request > answer` on a pty of one size.
struct Pty {
    term: Terminal,
    out: PathBuf,
    _dir: tempfile::TempDir,
}

on_terminal!(Pty);

impl Pty {
    fn answer(request: &Value, args: &[&str], size: (u16, u16), env: &[(&str, &str)]) -> Pty {
        Pty::answer_with_stderr(request, args, size, env, "")
    }

    /// Like [`Pty::answer`], with `stderr` (shell redirections like
    /// `2> "$err"`; `$err` is a file in the test's directory) after the
    /// command.
    fn answer_with_stderr(
        request: &Value,
        args: &[&str],
        size: (u16, u16),
        env: &[(&str, &str)],
        stderr: &str,
    ) -> Pty {
        let dir = tempfile::tempdir().unwrap();
        let req = dir.path().join("request.json");
        std::fs::write(&req, serde_json::to_vec_pretty(request).unwrap()).unwrap();
        let out = dir.path().join("answer.json");
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!(
                r#"req=$1; out=$2; bin=$3; err=$(dirname "$out")/err.log; shift 3; "$bin" answer "$@" < "$req" > "$out" {stderr}"#
            ))
            .arg("sh")
            .arg(&req)
            .arg(&out)
            .arg(bin())
            .args(args);
        for (k, v) in env {
            cmd.env(k, v);
        }
        Pty {
            term: Terminal::spawn_sized(cmd, size),
            out,
            _dir: dir,
        }
    }

    /// Reads to the end; the exit code and the answer written.
    fn finish(mut self) -> (i32, Value, String) {
        let code = self.term.finish();
        let out = std::fs::read_to_string(&self.out).unwrap_or_default();
        let answer = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {out:?}"));
        (code, answer, self.term.screen())
    }
}

/// Defect 10: joiners, non-joiners and variation selectors are text; the
/// review is the JSON that will be sent, not an escape of it.
#[test]
fn joiners_and_variation_selectors_read_as_written() {
    let family = "👨\u{200d}👩\u{200d}👧";
    let persian = "می\u{200c}خواهم";
    let request = json!({
        "message": format!("For {family}: {persian} ☺\u{fe0f}. Not this: a\u{202e}b"),
        "requestedSchema": {"type": "object", "properties": {
            "who": {"type": "string", "title": format!("Who {family}"), "default": persian}
        }, "required": ["who"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        p.expect(persian);
        p.send(ENTER);
        p.expect("Send this answer?");
        let screen = p.screen();
        p.send(ENTER);
        let (code, answer, _) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(
            answer,
            json!({"action": "accept", "content": {"who": persian}}),
            "{size:?}"
        );
        // Shown as written, in the message, the title and the review ...
        assert!(
            screen.contains(&format!("For {family}: {persian} ☺\u{fe0f}.")),
            "{size:?}: {screen}"
        );
        assert!(
            screen.contains(&format!("Who {family}")),
            "{size:?}: {screen}"
        );
        assert!(
            screen.contains(&format!("\"who\": \"{persian}\"")),
            "{size:?}: {screen}"
        );
        // ... and no escape of them anywhere; a bidi override still is one.
        assert!(!screen.contains("\\u{200"), "{size:?}: {screen}");
        assert!(!screen.contains("\\u200"), "{size:?}: {screen}");
        assert!(!screen.contains("\\u{fe0f}"), "{size:?}: {screen}");
        assert!(screen.contains("a\\u{202e}b"), "{size:?}: {screen}");
        assert!(!screen.contains('\u{202e}'), "{size:?}: {screen}");
    }
}

/// Runs `mcp-elicit ARGS` on a pty of `size` (in `dir`); the exit code and
/// what the terminal showed.
fn run(args: &[&str], size: (u16, u16), dir: &std::path::Path) -> (i32, String) {
    let mut cmd = Command::new(bin());
    cmd.args(args).current_dir(dir);
    let mut term = Terminal::spawn_sized(cmd, size);
    let code = term.finish();
    (code, term.screen())
}

/// Defect 12: `--pace` before the file takes the default factor, not the
/// file's name.
#[test]
fn pace_before_the_file_is_the_default_pace() {
    let session = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/sessions/booking-2026.jsonl");
    let session = session.to_str().unwrap();
    for size in SIZES {
        let dir = tempfile::tempdir().unwrap();
        let (code, screen) = run(&["replay", "--show", "--pace", session], size, dir.path());
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert!(screen.contains("session started"), "{size:?}: {screen}");
        assert!(!screen.contains("speed factor"), "{size:?}: {screen}");
    }
}

/// Defect 12: options after a URL are options, the URL is the target.
#[test]
fn options_after_a_url_are_options() {
    for size in SIZES {
        let dir = tempfile::tempdir().unwrap();
        let (code, screen) = run(
            &[
                "call",
                "http://127.0.0.1:9/mcp",
                "--tool",
                "x",
                "--action",
                "cancel",
            ],
            size,
            dir.path(),
        );
        assert_eq!(code, 2, "{size:?}: {screen}");
        assert!(
            screen.contains("cannot reach http://127.0.0.1:9/mcp"),
            "{size:?}: {screen}"
        );
        assert!(!screen.contains("--tool x"), "{size:?}: {screen}");
    }
}

/// Defect 12: a missing file is said once, in words.
#[test]
fn a_missing_source_is_said_once() {
    for size in SIZES {
        let dir = tempfile::tempdir().unwrap();
        let (code, screen) = run(&["serve", "nosuch.json"], size, dir.path());
        assert_eq!(code, 2, "{size:?}: {screen}");
        assert!(
            screen.contains("nosuch.json: no such file or directory; check the path"),
            "{size:?}: {screen}"
        );
        assert_eq!(
            screen.matches("nosuch.json").count(),
            1,
            "{size:?}: {screen}"
        );
        assert!(!screen.contains("os error"), "{size:?}: {screen}");
    }
}

/// Defect 12: `call` without a request is a usage error before anything
/// is started.
#[test]
fn call_without_a_request_starts_no_server() {
    for size in SIZES {
        let dir = tempfile::tempdir().unwrap();
        let (code, screen) = run(
            &["call", "--", "sh", "-c", "touch started; sleep 5"],
            size,
            dir.path(),
        );
        assert_eq!(code, 2, "{size:?}: {screen}");
        assert!(screen.contains("say what to request"), "{size:?}: {screen}");
        assert!(
            !dir.path().join("started").exists(),
            "{size:?}: the server was started"
        );
    }
}

/// Defect 15: under `TERM=dumb` the form asks in plain lines: every field
/// kind is answered and no escape sequence reaches the terminal.
#[test]
fn a_dumb_terminal_gets_plain_prompts() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name", "default": "Ada"},
            "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]},
            "extras": {"type": "array", "title": "Extras",
                "items": {"type": "string", "enum": ["ham", "egg", "kale"]}},
            "hot": {"type": "boolean", "title": "Hot"}
        }, "required": ["name", "size"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[("TERM", "dumb")]);
        p.expect("Name");
        p.expect(": ");
        p.send(ENTER); // keeps the default
        p.expect("3) L");
        p.expect(": ");
        p.send("3\r");
        p.expect("3) kale");
        p.expect(": ");
        p.send("1, 3\r");
        p.expect("1) Yes");
        p.expect(": ");
        p.send("1\r");
        p.expect("Send this answer?");
        p.expect(": ");
        p.send("\r");
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(
            answer,
            json!({"action": "accept", "content": {
                "name": "Ada", "size": "L", "extras": ["ham", "kale"], "hot": true
            }}),
            "{size:?}: {screen}"
        );
        assert!(!screen.contains('\u{1b}'), "{size:?}: {screen:?}");
    }
}

/// The rows a terminal shows for `screen`: escape sequences removed, each
/// row what is left after its last carriage return.
fn rows(screen: &str) -> Vec<String> {
    console::strip_ansi_codes(screen)
        .split('\n')
        .map(|l| {
            l.trim_end_matches('\r')
                .rsplit('\r')
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

/// What the terminal showed as one line of words: rows joined, runs of
/// spaces (wrapping's indents) made one.
fn words(screen: &str) -> String {
    rows(screen)
        .iter()
        .flat_map(|r| r.split_whitespace())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Asserts that `text`'s words all show whole and no row of `screen` (for
/// which `check` holds) is wider than `cols`.
fn assert_wrapped(screen: &str, text: &str, cols: u16, check: impl Fn(&str) -> bool) {
    let rows = rows(screen);
    for row in rows.iter().filter(|r| check(r)) {
        assert!(
            console::measure_text_width(row) <= cols as usize,
            "{cols} columns, a row of {}: {row:?}\n{screen}",
            console::measure_text_width(row)
        );
    }
    let shown: std::collections::HashSet<&str> =
        rows.iter().flat_map(|r| r.split_whitespace()).collect();
    for word in text.split_whitespace() {
        assert!(
            shown.contains(word),
            "{cols} columns: {word:?} is not shown whole\n{screen}"
        );
    }
}

/// Defect 11: a long message and a description wrap at word boundaries to
/// the terminal's width.
#[test]
fn prose_wraps_at_word_boundaries() {
    let words = [
        "Please",
        "confirm",
        "the",
        "reservation",
        "below;",
        "press",
        "Enter",
        "to",
        "continue",
        "internationalisation",
        "東京都渋谷区",
    ];
    let message: String = (0..2000 / 8)
        .map(|i| words[i % words.len()])
        .collect::<Vec<_>>()
        .join(" ");
    let description = "Your full name as it appears on the booking, with Enter to finish";
    let request = json!({
        "message": message,
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name", "description": description}
        }, "required": ["name"]}
    });
    for (cols, rows) in SIZES {
        let mut p = Pty::answer(&request, &[], (cols, rows), &[]);
        p.expect("Name *: ");
        p.send("Ada\r");
        p.expect("Send this answer?");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{screen}");
        assert_eq!(answer["content"]["name"], "Ada");
        assert_wrapped(&screen, &format!("{message} {description}"), cols, |_| true);
    }
}

/// Defect 11: the demo's prose wraps at word boundaries (no `Ent`/`er` at
/// 40 columns); the JSON it shows is left as it is.
#[test]
fn demo_prose_wraps_at_word_boundaries() {
    let intro = "The person has ordered a pizza. Before it goes to the oven, the server asks whether they want a drink with it";
    let pause = "Press Enter to see what it asks, or Esc to stop here.";
    for size in SIZES {
        let mut cmd = Command::new(bin());
        cmd.arg("demo");
        let mut term = Terminal::spawn_sized(cmd, size);
        term.expect_words(pause);
        term.send(ESC);
        term.expect("Next:");
        let code = term.finish();
        let screen = term.screen();
        assert_eq!(code, 0, "{screen}");
        let json = |r: &str| r.contains('"') || r.contains('{') || r.contains('}');
        assert_wrapped(&screen, &format!("{intro} {pause}"), size.0, |r| !json(r));
    }
}

/// Defect 8: a default is pre-filled and said so; Backspace empties the
/// field (an optional one is then left out); the arrows and Alt-B / Alt-F
/// move in the line, and what is typed goes in where the cursor is.
#[test]
fn defaults_are_pre_filled_and_the_line_edits() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "city": {"type": "string", "title": "City", "default": "Paris"},
            "seats": {"type": "integer", "title": "Seats", "default": 2}
        }, "required": ["name", "seats"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        p.expect("Name *: ");
        p.send("ada lovelace");
        p.expect("ada lovelace");
        p.send("\x1bb"); // Alt-B: to the start of "lovelace"
        p.send("augusta ");
        p.send("\x1b[D\x1b[D"); // Left twice: before "a "
        p.send("Z");
        p.send(ENTER);
        p.expect("✔ Name *: ada augustZa lovelace");
        p.expect("City: Paris");
        p.send(&BACKSPACE.repeat(5));
        p.send(ENTER);
        p.expect("Seats *: 2");
        p.send(ENTER);
        p.expect("Send this answer?");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(
            answer,
            json!({"action": "accept", "content": {"name": "ada augustZa lovelace", "seats": 2}}),
            "{size:?}: {screen}"
        );
        assert!(
            !screen.contains("Enter to leave empty"),
            "{size:?}: {screen}"
        );
    }
}

/// Defect 5: without colour (the driver sets `NO_COLOR`) the multi-select
/// shows where the cursor is, and a ticked option is not marked like an
/// answered question.
#[test]
fn the_cursor_and_the_ticks_show_without_colour() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "picks": {"type": "array", "title": "Picks",
                "items": {"type": "string", "enum": ["p", "q", "r", "s"]}}
        }, "required": ["picks"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        p.expect("❯ [ ] p");
        p.send(" ");
        p.expect("❯ [x] p");
        p.send(DOWN);
        p.expect("❯ [ ] q");
        p.send(" ");
        p.expect("❯ [x] q");
        p.send(DOWN);
        p.send(DOWN);
        p.expect("❯ [ ] s");
        p.send(ENTER);
        p.expect("Send this answer?");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(answer["content"]["picks"], json!(["p", "q"]), "{size:?}");
        // Ticked is [x]; ✔ is only for what has been answered.
        assert!(screen.contains("✔ Picks"), "{size:?}: {screen}");
        assert!(
            !screen.contains("✔ p") && !screen.contains("✔ q"),
            "{size:?}: {screen}"
        );
        assert!(!screen.contains('⬚'), "{size:?}: {screen}");
    }
}

/// Defect 1: Ctrl-C in a text field ends `call` (exit 4) as it does in a
/// list, with the terminal put back, instead of answering `cancel` and
/// going on.
#[test]
fn ctrl_c_in_a_text_field_ends_the_call() {
    for size in SIZES {
        let dir = tempfile::tempdir().unwrap();
        // The shell ignores SIGINT as an interactive one does while a
        // command runs, and notes the tty's settings around the call.
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(r#"trap '' INT; d=$1; bin=$2; srv=$3; stty -g > "$d/before"; "$bin" call --tool book_table -- "$srv" > "$d/out"; code=$?; stty -g > "$d/after"; exit $code"#)
            .arg("sh")
            .arg(dir.path())
            .arg(bin())
            .arg(example_server());
        let mut term = Terminal::spawn_sized(cmd, size);
        term.expect("Name *: ");
        term.send("Ad");
        term.expect("Ad");
        term.send("\x03");
        let code = term.finish();
        let screen = term.screen();
        assert_eq!(code, 4, "{size:?}: {screen}");
        assert!(screen.contains("cancelled (Ctrl-C)"), "{size:?}: {screen}");
        let out = std::fs::read_to_string(dir.path().join("out")).unwrap();
        assert_eq!(out, "", "{size:?}: no result is printed");
        let before = std::fs::read_to_string(dir.path().join("before")).unwrap();
        let after = std::fs::read_to_string(dir.path().join("after")).unwrap();
        assert_eq!(
            before, after,
            "{size:?}: the terminal settings are restored"
        );
    }
}

/// Defect 1: Ctrl-C in a text field of the demo stops the tour (4), as
/// it does in a list.
#[test]
fn ctrl_c_in_a_text_field_stops_the_demo() {
    for size in SIZES {
        let mut cmd = Command::new(bin());
        cmd.arg("demo");
        let mut term = Terminal::spawn_sized(cmd, size);
        term.expect_words("Press Enter to see what it asks");
        term.send(ENTER);
        term.expect("Water");
        term.send(ESC);
        term.expect("here.");
        term.send(ENTER);
        term.expect("Full name *: ");
        term.send("Ad");
        term.expect("Ad");
        term.send("\x03");
        term.expect("demo stopped (Ctrl-C)");
        let code = term.finish();
        assert_eq!(code, 4, "{size:?}: {}", term.screen());
    }
}

/// Defect 3: with stderr redirected to a file, or to /dev/null, the form
/// is drawn on the controlling terminal; the answer still goes to stdout
/// and nothing of the form lands in the file.
#[test]
fn the_form_is_drawn_on_the_terminal_whatever_stderr_is() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]}
        }, "required": ["name", "size"]}
    });
    for redirect in [r#"2> "$err""#, "2> /dev/null"] {
        for size in SIZES {
            let mut p = Pty::answer_with_stderr(&request, &[], size, &[], redirect);
            p.expect("Please fill this in");
            p.expect("Name *: ");
            p.type_line("Ada");
            p.expect("❯ S");
            p.send(DOWN);
            p.expect("❯ M");
            p.send(ENTER);
            p.expect("Send this answer?");
            p.send(ENTER);
            let err = p._dir.path().join("err.log");
            let (code, answer, screen) = p.finish();
            assert_eq!(code, 0, "{redirect} {size:?}: {screen}");
            assert_eq!(
                answer,
                json!({"action": "accept", "content": {"name": "Ada", "size": "M"}}),
                "{redirect} {size:?}: {screen}"
            );
            if let Ok(log) = std::fs::read_to_string(&err) {
                assert!(
                    !log.contains("Name"),
                    "{size:?}: the form went to stderr: {log}"
                );
            }
        }
    }
}

/// Defect 4: what a stdio server writes to stderr while a form is open is
/// held and printed after the form, never inside it.
#[test]
fn server_stderr_waits_until_the_form_is_answered() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for size in SIZES {
        let mut cmd = Command::new(bin());
        cmd.args(["call", "--tool", "t", "--", "python3"])
            .arg(root.join("tests/servers/hostile.py"))
            .arg("chatty")
            .current_dir(root);
        let mut term = Terminal::spawn_sized(cmd, size);
        term.expect("Name *: ");
        // The server writes a line every 20 ms meanwhile.
        std::thread::sleep(std::time::Duration::from_millis(300));
        term.type_line("Ada");
        term.expect("Send this answer?");
        std::thread::sleep(std::time::Duration::from_millis(200));
        term.send(ENTER);
        let code = term.finish();
        let screen = term.screen();
        assert_eq!(code, 0, "{size:?}: {screen}");
        let form_starts = screen.find("asks (MCP").unwrap();
        let form_ends = screen.rfind("Send this answer?").unwrap();
        assert!(
            !screen[form_starts..form_ends].contains("[server]"),
            "{size:?}: a server line inside the form: {screen}"
        );
        assert!(
            screen[form_ends..].contains("[server] tick 5"),
            "{size:?}: the held lines are not shown after the form: {screen}"
        );
        assert!(
            screen.contains("to stderr while the form was open:"),
            "{size:?}: {screen}"
        );
    }
}

/// Defect 2: a field answered is changed from the review's "Edit a
/// field", pre-filled with its answer; Esc on a form with answers asks
/// before discarding them; Esc at "Which field?" is back to the review.
#[test]
fn esc_asks_before_discarding_and_a_field_is_edited_from_the_review() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]},
            "hot": {"type": "boolean", "title": "Hot"},
            "city": {"type": "string", "title": "City"}
        }, "required": ["name", "size", "hot", "city"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        p.expect("field 1 of 4");
        p.expect("Name *: ");
        p.type_line("Ada");
        p.expect("field 2 of 4");
        p.expect("❯ S");
        p.send(DOWN);
        p.expect("❯ M");
        p.send(ENTER);
        p.expect("Hot *");
        p.send("y");
        p.expect("City *: ");
        p.type_line("Rome");
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ESC);
        p.expect_words("Discard 4 answers and cancel the form? (y/N)");
        p.send("n");
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(DOWN);
        p.expect("❯ Edit a field");
        p.send(ENTER);
        p.expect("Which field?");
        p.expect("City: \"Rome\"");
        p.send(ESC);
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(DOWN);
        p.expect("❯ Edit a field");
        p.send(ENTER);
        p.expect("City: \"Rome\"");
        p.send(&DOWN.repeat(3));
        p.expect("❯ City: \"Rome\"");
        p.send(ENTER);
        p.expect("City *: Rome");
        p.send(&BACKSPACE.repeat(4));
        p.type_line("Oslo");
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(
            answer,
            json!({"action": "accept", "content": {
                "name": "Ada", "size": "M", "hot": true, "city": "Oslo"
            }}),
            "{size:?}: {screen}"
        );
    }
}

/// Defect 2: Esc with no answer given cancels at once, as before; with
/// answers, "y" to the question cancels.
#[test]
fn esc_after_answers_cancels_once_agreed() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "city": {"type": "string", "title": "City", "enum": ["Rome", "Oslo"]}
        }, "required": ["name", "city"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        p.expect("Name *: ");
        p.type_line("Ada");
        p.expect("❯ Rome");
        p.send(ESC);
        p.expect_words("Discard 1 answer and cancel the form? (y/N)");
        p.send("y");
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 4, "{size:?}: {screen}");
        assert_eq!(answer, json!({"action": "cancel"}), "{size:?}: {screen}");
        assert!(screen.contains("(cancelled)"), "{size:?}: {screen}");
    }
}

/// Defect 6: a list of 300 options shows at most 10 rows (fewer on a short
/// terminal) under the heading, with its keys above it; Up from the first
/// goes to the last; typing filters.
#[test]
fn a_long_list_pages_and_filters() {
    let mut options: Vec<Value> = (1..=300)
        .map(|i| json!({"const": format!("o{i}"), "title": format!("Option {i:03}")}))
        .collect();
    options.push(json!({"const": "zanzibar", "title": "Zanzibar"}));
    let request = json!({
        "message": "Where to?",
        "requestedSchema": {"type": "object", "properties": {
            "place": {"type": "string", "title": "Place", "oneOf": options}
        }, "required": ["place"]}
    });
    for (cols, rows) in SIZES {
        let mut p = Pty::answer(&request, &[], (cols, rows), &[]);
        p.expect("Esc leaves");
        p.expect("❯ Option 001");
        let shown = 10.min(rows as usize - 10).max(3);
        p.expect(&format!("Option {shown:03}"));
        // The first frame: the heading and everything under it fit.
        let first = p.screen();
        let from_heading = &first[first.find("asks (MCP").unwrap()..];
        assert!(
            from_heading.matches('\n').count() < rows as usize,
            "{cols}x{rows}: {first}"
        );
        assert_eq!(
            from_heading.matches("Option ").count(),
            shown,
            "{cols}x{rows}: {first}"
        );
        assert!(first.contains("301 options"), "{first}");
        p.send(UP);
        p.expect("❯ Zanzibar");
        p.send(DOWN);
        p.expect("❯ Option 001");
        p.send("zanz");
        p.expect("zanz");
        p.expect("❯ Zanzibar");
        p.send(ENTER);
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{cols}x{rows}: {screen}");
        assert_eq!(answer["content"], json!({"place": "zanzibar"}), "{screen}");
    }
}

/// Defect 6: a long multi-select shows a page at a time (10 rows, fewer on
/// a short terminal); Right turns the page and the ticks stay.
#[test]
fn a_long_multi_select_pages() {
    let fruit = [
        "apple", "apricot", "banana", "cherry", "date", "fig", "grape", "kiwi", "lemon", "mango",
        "melon", "peach",
    ];
    let request = json!({
        "message": "Pick fruit",
        "requestedSchema": {"type": "object", "properties": {
            "fruit": {"type": "array", "title": "Fruit",
                "items": {"type": "string", "enum": fruit}}
        }, "required": ["fruit"]}
    });
    for (cols, rows) in SIZES {
        let mut p = Pty::answer(&request, &[], (cols, rows), &[]);
        let shown = 10.min(rows as usize - 10).max(3);
        p.expect("←→ pages");
        p.expect("❯ [ ] apple");
        p.send(" ");
        p.expect("❯ [x] apple");
        p.send("\x1b[C"); // Right: the next page
        p.expect(&format!("❯ [ ] {}", fruit[shown]));
        p.send(" ");
        p.expect(&format!("❯ [x] {}", fruit[shown]));
        p.send(ENTER);
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{cols}x{rows}: {screen}");
        assert_eq!(
            answer["content"],
            json!({"fruit": ["apple", fruit[shown]]}),
            "{screen}"
        );
    }
}

/// Defects 6 and 7: the most ticks allowed is said in the question; more
/// are refused on Enter, marked `✘` with the reason, and the list is asked
/// again with the ticks kept.
#[test]
fn ticks_beyond_max_items_are_refused_on_enter() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "picks": {"type": "array", "title": "Picks", "maxItems": 2,
                "items": {"type": "string", "enum": ["p", "q", "r"]}}
        }, "required": ["picks"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        p.expect("Picks * (at most 2)");
        p.expect("❯ [ ] p");
        p.send(" ");
        p.send(DOWN);
        p.send(" ");
        p.send(DOWN);
        p.send(" ");
        p.expect("❯ [x] r");
        p.send(ENTER);
        p.expect("✘ Picks * · p, q, r");
        p.expect("at most 2: untick 1 of the 3");
        p.expect("❯ [x] p");
        p.expect("[x] r");
        p.send(UP); // from the first row to the last
        p.send(" ");
        p.expect("❯ [ ] r");
        p.send(ENTER);
        p.expect("✔ Picks * · p, q");
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(answer["content"]["picks"], json!(["p", "q"]), "{screen}");
        assert!(
            !screen.contains("✔ Picks * · p, q, r"),
            "{size:?}: {screen}"
        );
        assert!(
            !screen.contains("it must have at most"),
            "{size:?}: {screen}"
        );
    }
}

/// Defect 7: a refused entry is never shown as accepted; the reason names
/// the field by its label, in plain words, and the person stays on it.
#[test]
fn a_refused_entry_reads_as_refused_in_plain_words() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "full_name": {"type": "string", "title": "Full name", "minLength": 2, "maxLength": 40},
            "tickets": {"type": "integer", "title": "Tickets", "minimum": 1, "maximum": 4}
        }, "required": ["full_name", "tickets"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        p.expect("field 1 of 2");
        p.expect("Full name *: ");
        p.type_line("A");
        p.expect("✘ Full name *: A");
        p.expect("character;");
        // Asked again with the text kept and its length in the prompt.
        p.expect_words("Full name * (1 of at least 2 characters): A");
        p.send(BACKSPACE);
        p.type_line("Ada");
        p.expect("✔ Full name *: Ada");
        p.expect("field 2 of 2");
        p.expect("Tickets *: ");
        p.type_line("2.5");
        p.expect("✘ Tickets *: 2.5");
        p.expect("fraction");
        p.expect("Tickets *: 2.5");
        p.send(&BACKSPACE.repeat(3));
        p.type_line("9");
        p.expect("✘ Tickets *: 9");
        p.expect_words("Tickets * (more than the maximum, 4): 9");
        p.send(BACKSPACE);
        p.type_line("2");
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(
            answer["content"],
            json!({"full_name": "Ada", "tickets": 2}),
            "{size:?}: {screen}"
        );
        let flat = words(&screen);
        for wrong in ["✔ Full name *: A\r", "✔ Tickets *: 2.5", "✔ Tickets *: 9"] {
            assert!(!screen.contains(wrong), "{size:?}: {wrong:?} in {screen}");
        }
        assert!(!screen.contains("`full_name`"), "{size:?}: {screen}");
        assert!(!screen.contains("`tickets`"), "{size:?}: {screen}");
        assert!(!screen.contains("schema"), "{size:?}: {screen}");
        assert!(
            flat.contains("Full name has 1 character;"),
            "{size:?}: {flat}"
        );
        assert!(
            flat.contains("Tickets takes a whole number"),
            "{size:?}: {flat}"
        );
    }
}

/// Defect 9: when no browser opens, the cursor stays off "Done: accept";
/// each risk of the URL is said once, to the person.
#[test]
fn url_mode_after_a_failed_open_and_its_warnings_said_once() {
    let request = json!({
        "mode": "url",
        "message": "Sign in",
        "url": "http://xn--pple-43d.com/login"
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[("BROWSER", "/bin/false")]);
        p.expect("Esc leaves");
        p.expect("❯ Open it in the browser");
        p.send(ENTER);
        p.expect("could not open a browser");
        p.expect("Esc leaves");
        p.expect("❯ Open it in the browser");
        let after = p.screen();
        let after = &after[after.rfind("could not open a browser").unwrap()..];
        assert!(
            after.contains("❯ Open it in the browser"),
            "{size:?}: {after}"
        );
        assert!(!after.contains("❯ Done: accept"), "{size:?}: {after}");
        p.send(DOWN);
        p.expect("❯ Done: accept");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(answer, json!({"action": "accept"}), "{size:?}: {screen}");
        assert_eq!(
            screen.matches("not encrypted").count(),
            1,
            "{size:?}: {screen}"
        );
        assert_eq!(screen.matches("non-Latin").count(), 1, "{size:?}: {screen}");
        assert!(
            !screen.contains("W506") && !screen.contains("W508"),
            "{size:?}: {screen}"
        );
        assert!(!screen.contains("`url`"), "{size:?}: {screen}");
    }
}

/// Defect 13: `--set` in a terminal pre-fills the form and only the rest
/// is asked; a field with a default is asked pre-filled, not refused as
/// missing.
#[test]
fn set_prefills_the_form_and_the_rest_is_asked() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "city": {"type": "string", "title": "City", "default": "Paris"},
            "seats": {"type": "integer", "title": "Seats"}
        }, "required": ["name", "city", "seats"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &["--set", "name=Ada"], size, &[]);
        p.expect("City *: Paris");
        p.send(ENTER);
        p.expect("Seats *: ");
        p.type_line("2");
        p.expect("\"name\": \"Ada\"");
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(
            answer,
            json!({"action": "accept", "content": {"name": "Ada", "city": "Paris", "seats": 2}}),
            "{size:?}: {screen}"
        );
        assert!(
            !screen.contains("Name *:"),
            "{size:?}: name was asked: {screen}"
        );
        assert!(!screen.contains("no value"), "{size:?}: {screen}");
        assert!(
            words(&screen)
                .contains("1 of 3 fields answered from the command line; 2 left to answer"),
            "{size:?}: {screen}"
        );
    }
}

/// Defect 14: on a terminal `call` prints for reading: a tool's text
/// rather than its JSON envelope, `--list` by name and description, and a
/// suggestion for a tool the server does not have; `--json` keeps JSON.
#[test]
fn call_output_reads_as_text_on_a_terminal() {
    for size in SIZES {
        let dir = tempfile::tempdir().unwrap();
        let server = example_server();
        let (code, screen) = run(&["call", "--list", "--", &server], size, dir.path());
        assert_eq!(code, 0, "{size:?}: {screen}");
        let flat = words(&screen);
        assert!(flat.contains("Tools (3):"), "{size:?}: {screen}");
        assert!(flat.contains("book_table Book a table"), "{size:?}: {flat}");
        assert!(!screen.contains("inputSchema"), "{size:?}: {screen}");

        let args = [
            "call",
            "--tool",
            "book_table",
            "--action",
            "cancel",
            "--",
            &server,
        ];
        let (code, screen) = run(&args, size, dir.path());
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert!(screen.contains("book_table: cancel"), "{size:?}: {screen}");
        assert!(!screen.contains("\"content\""), "{size:?}: {screen}");

        let args = [
            "call",
            "--tool",
            "book_tabel",
            "--action",
            "cancel",
            "--",
            &server,
        ];
        let (code, screen) = run(&args, size, dir.path());
        assert_eq!(code, 1, "{size:?}: {screen}");
        let flat = words(&screen);
        assert!(
            flat.contains("the server refused the request (-32602): unknown tool: book_tabel"),
            "{size:?}: {flat}"
        );
        assert!(
            flat.contains("did you mean `book_table`?"),
            "{size:?}: {flat}"
        );

        let args = [
            "call",
            "--format",
            "json",
            "--tool",
            "book_table",
            "--action",
            "cancel",
            "--",
            &server,
        ];
        let (code, screen) = run(&args, size, dir.path());
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert!(screen.contains("\"content\""), "{size:?}: {screen}");
    }
}

/// Defect 14: with `--timeout` the time left is said above each question
/// as it is asked.
#[test]
fn a_timeout_says_the_time_left_at_each_question() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "size": {"type": "string", "title": "Size", "enum": ["S", "M"]}
        }, "required": ["name", "size"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &["--timeout", "30"], size, &[]);
        p.expect("⏱ 30 s left");
        p.expect("Name *: ");
        std::thread::sleep(std::time::Duration::from_millis(1100));
        p.type_line("Ada");
        p.expect("⏱ 29 s left");
        p.expect("❯ S");
        p.send(ENTER);
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(
            answer["content"],
            json!({"name": "Ada", "size": "S"}),
            "{screen}"
        );
        // The answer shown once entered carries no clock.
        assert!(screen.contains("✔ Name *: Ada\r\n"), "{size:?}: {screen}");
    }
}

/// Defect 14: a call that asks more than once says which question each
/// form is: "question 1 of 2" for questions asked together (2026-07-28,
/// one InputRequiredResult), "question 2" for a server asking one at a time.
#[test]
fn each_form_of_a_call_says_which_question_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let request = dir.path().join("name.json");
    std::fs::write(
        &request,
        json!({"message": "Your name?", "requestedSchema": {"type": "object",
            "properties": {"name": {"type": "string", "title": "Name"}}, "required": ["name"]}})
        .to_string(),
    )
    .unwrap();
    for (spec, flag, first, second) in [
        (
            "2026-07-28",
            "--burst",
            "question 1 of 2, MCP 2026-07-28",
            "question 2 of 2, MCP 2026-07-28",
        ),
        (
            "2025-11-25",
            "--repeat",
            "asks (MCP 2025-11-25)",
            "asks (question 2, MCP 2025-11-25)",
        ),
    ] {
        for size in SIZES {
            let out = dir.path().join("out.json");
            let mut cmd = Command::new("sh");
            cmd.arg("-c")
                .arg(r#"out=$1; shift; "$@" > "$out""#)
                .arg("sh")
                .arg(&out)
                .arg(bin())
                .args(["call", "--tool", "name", "--spec", spec, "--"])
                .arg(bin())
                .args(["serve", flag, "2"])
                .arg(&request);
            let mut term = Terminal::spawn_sized(cmd, size);
            term.expect_words(first);
            term.expect("Name *: ");
            term.send("Ada");
            term.send(ENTER);
            term.expect("Send this answer?");
            term.send(ENTER);
            term.expect_words(second);
            term.expect("Name *: ");
            term.send("Grace");
            term.send(ENTER);
            term.expect("Send this answer?");
            term.send(ENTER);
            let code = term.finish();
            assert_eq!(code, 0, "{spec} {size:?}: {}", term.screen());
        }
    }
}

/// Defect 7: a line is checked on Enter; refused, it is asked again with
/// the text kept and what is cheap to say of it in the prompt (its length
/// against the field's bound, a number outside the range); a format is
/// said in the reason only.
#[test]
fn lengths_and_bounds_are_said_when_refused() {
    let request = json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": {
            "code": {"type": "string", "title": "Code", "maxLength": 5},
            "tickets": {"type": "integer", "title": "Tickets", "minimum": 1, "maximum": 4},
            "email": {"type": "string", "title": "Email", "format": "email"}
        }, "required": ["code", "tickets", "email"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        p.expect("Code *: ");
        p.type_line("abcdef");
        p.expect("✘ Code *: abcdef");
        p.expect_words("(6/5 characters: 1 too many): abcdef");
        p.send(BACKSPACE);
        p.send(ENTER);
        p.expect("✔ Code *: abcde");
        p.expect("Tickets *: ");
        p.type_line("9");
        p.expect_words("(more than the maximum, 4): 9");
        // Typed at once: a key typed ahead is not lost between two reads.
        p.send(BACKSPACE);
        p.send("0");
        p.send(ENTER);
        p.expect_words("(less than the minimum, 1): 0");
        p.send(BACKSPACE);
        p.send("2");
        p.send(ENTER);
        p.expect("✔ Tickets *: 2");
        p.expect("Email *: ");
        p.type_line("ada@");
        p.expect("✘ Email *: ada@");
        p.send("example.com");
        p.send(ENTER);
        p.expect("Send this answer?");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(
            answer["content"],
            json!({"code": "abcde", "tickets": 2, "email": "ada@example.com"}),
            "{size:?}: {screen}"
        );
        // A half-typed e-mail address is not judged in its prompt.
        assert!(!screen.contains("(not"), "{size:?}: {screen}");
    }
}

/// A long message, title or description from the server is shown cut,
/// saying how much more there is; the review shows it whole, once.
#[test]
fn long_server_text_is_cut_and_the_review_shows_it_whole() {
    let message = format!("{}the end of the message", "word ".repeat(2000));
    let title = format!("{}end of title", "T".repeat(250));
    let description = format!("{}end of help", "help ".repeat(400));
    let request = json!({
        "message": message,
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": title, "description": description}
        }, "required": ["name"]}
    });
    for size in SIZES {
        let mut p = Pty::answer(&request, &[], size, &[]);
        // The question: its title cut, with ` *` for required.
        p.expect("more characters: ");
        let before = p.screen();
        let flat = words(&before);
        assert!(flat.contains("… 6022 more characters"), "{size:?}: {flat}");
        assert!(flat.contains("… 64 more characters"), "{size:?}: {flat}");
        // The message, the description (with the constraints), the title.
        assert_eq!(flat.matches(" more characters").count(), 3, "{flat}");
        for whole in ["the end of the message", "end of help", "end of title"] {
            assert!(!before.contains(whole), "{size:?}: {whole} in {before}");
        }
        p.send("Ada");
        p.send(ENTER);
        p.expect("The texts shown cut, in full:");
        p.expect("Send this answer?");
        p.expect("Cancel");
        p.send(ENTER);
        let (code, answer, screen) = p.finish();
        assert_eq!(code, 0, "{size:?}: {screen}");
        assert_eq!(answer["content"], json!({"name": "Ada"}), "{size:?}");
        let flat = words(&screen);
        for whole in ["the end of the message", "end of help"] {
            assert_eq!(flat.matches(whole).count(), 1, "{size:?}: {whole}");
        }
        assert!(screen.len() < 40_000, "{size:?}: {} bytes", screen.len());
    }
}
