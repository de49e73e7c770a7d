//! `mcp-elicit answer` in a real pseudo-terminal: the request comes on stdin
//! and the answer goes to a file, as in `answer < req.json > out.json`, while
//! the form is drawn on the pty and driven with keystrokes.

use std::path::PathBuf;
use std::process::Command;

use serde_json::{Value, json};

use crate::support::bin;
use crate::support::pty::{BACKSPACE, DOWN, ENTER, ESC, Terminal, on_terminal};

/// One run of the binary in a pty.
struct Pty {
    term: Terminal,
    out: PathBuf,
    dir: tempfile::TempDir,
}

on_terminal!(Pty);

impl Pty {
    fn start(request: &Value, args: &[&str]) -> Pty {
        Pty::start_with(request, args, &[])
    }

    fn start_with(request: &Value, args: &[&str], env: &[(&str, &str)]) -> Pty {
        Pty::start_around(request, args, env, "", "")
    }

    /// Like `start_with`, with the shell commands `before` and `then` run in
    /// the same terminal around the program (the exit code stays the
    /// program's). `$out` names the answer file. A ^C reaches the whole
    /// process group: the shell traps it (and so lives on to report the
    /// program's exit) while the program starts with SIGINT as it is by
    /// default, as under an interactive shell.
    fn start_around(
        request: &Value,
        args: &[&str],
        env: &[(&str, &str)],
        before: &str,
        then: &str,
    ) -> Pty {
        let dir = tempfile::tempdir().unwrap();
        let req = dir.path().join("request.json");
        std::fs::write(&req, serde_json::to_vec_pretty(request).unwrap()).unwrap();
        let out = dir.path().join("answer.json");
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!(
                r#"trap : INT; req=$1; out=$2; bin=$3; shift 3; {before} "$bin" answer "$@" < "$req" > "$out"; code=$?; {then} exit $code"#
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
            term: Terminal::spawn(cmd),
            out,
            dir,
        }
    }

    /// Waits until the program has written `text`.
    /// Submits from the review step; the answer must be an accept.
    fn submit(mut self) -> Value {
        self.expect("Send this answer?");
        self.send(ENTER);
        let (code, out, _) = self.finish();
        assert_eq!(code, 0, "stdout: {out}");
        answer(&out)
    }

    /// Reads to the end, waits for the exit; returns the code and stdout.
    fn finish(self) -> (i32, String, Vec<u8>) {
        self.finish_reading(&[]).0
    }

    /// Like `finish`, also reading files the run left in its folder.
    fn finish_reading(mut self, files: &[&str]) -> ((i32, String, Vec<u8>), Vec<String>) {
        let code = self.term.finish();
        let out = std::fs::read_to_string(&self.out).unwrap_or_default();
        let read: Vec<String> = files
            .iter()
            .map(|f| {
                std::fs::read_to_string(self.dir.path().join(f))
                    .unwrap_or_else(|e| panic!("{f}: {e}"))
            })
            .collect();
        ((code, out, self.term.seen), read)
    }
}

fn form(properties: Value, required: &[&str]) -> Value {
    json!({
        "message": "Please fill this in",
        "requestedSchema": {"type": "object", "properties": properties, "required": required}
    })
}

fn answer(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {out:?}"))
}

#[test]
fn wrong_email_then_right_one() {
    let mut p = Pty::start(
        &form(
            json!({"email": {"type": "string", "format": "email", "title": "E-mail"}}),
            &["email"],
        ),
        &[],
    );
    p.expect("Please fill this in");
    p.expect("E-mail *: ");
    p.type_line("ada");
    p.expect("not a valid email");
    p.expect("E-mail *: ada");
    p.send(&BACKSPACE.repeat(3));
    p.type_line("ada@example.com");
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"email": "ada@example.com"}})
    );
}

#[test]
fn number_out_of_range_is_asked_again() {
    let mut p = Pty::start(
        &form(
            json!({"guests": {"type": "integer", "minimum": 1, "maximum": 12}}),
            &["guests"],
        ),
        &[],
    );
    p.expect("guests *: ");
    p.type_line("20");
    p.expect("it must be between 1 and 12");
    p.expect_words("guests * (more than the maximum, 12): 20");
    p.send(&BACKSPACE.repeat(2));
    p.type_line("4");
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"guests": 4}})
    );
}

#[test]
fn select_with_arrow_keys() {
    let mut p = Pty::start(
        &form(
            json!({"size": {"type": "string", "title": "Size", "oneOf": [
                {"const": "s", "title": "Small"},
                {"const": "m", "title": "Medium"},
                {"const": "l", "title": "Large"}
            ]}}),
            &["size"],
        ),
        &[],
    );
    p.expect("Large");
    p.send(DOWN);
    p.expect("Medium");
    p.send(DOWN);
    p.expect("Large");
    p.send(ENTER);
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"size": "l"}})
    );
}

#[test]
fn multi_select_respects_max_items() {
    let mut p = Pty::start(
        &form(
            json!({"toppings": {"type": "array", "maxItems": 2, "items": {"type": "string",
                "enum": ["cheese", "ham", "olives"]}}}),
            &["toppings"],
        ),
        &[],
    );
    p.expect("olives");
    // Tick all three: Enter refuses the three, and the ticks stay.
    p.send(" ");
    p.expect("[x] cheese");
    p.send(DOWN);
    p.expect("❯ [ ] ham");
    p.send(" ");
    p.expect("❯ [x] ham");
    p.send(DOWN);
    p.expect("❯ [ ] olives");
    p.send(" ");
    p.expect("❯ [x] olives");
    p.send(ENTER);
    p.expect("at most 2: untick 1 of the 3");
    p.expect("[x] olives");
    // Untick ham.
    p.send(DOWN);
    p.expect("❯ [x] ham");
    p.send(" ");
    p.expect("❯ [ ] ham");
    p.send(ENTER);
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"toppings": ["cheese", "olives"]}})
    );
}

#[test]
fn review_with_one_edit() {
    let mut p = Pty::start(
        &form(
            json!({"name": {"type": "string", "title": "Name"},
                   "city": {"type": "string", "title": "City"}}),
            &["name"],
        ),
        &[],
    );
    p.expect("Name *: ");
    p.type_line("Ada");
    p.expect("City: ");
    p.type_line("Paris");
    p.expect("Send this answer?");
    p.expect("Cancel");
    p.send(DOWN);
    p.expect("Edit a field");
    p.send(ENTER);
    p.expect("Which field?");
    p.expect("City: \"Paris\"");
    p.send(DOWN);
    p.expect("City");
    p.send(ENTER);
    p.expect("City: Paris");
    p.send(&BACKSPACE.repeat(5));
    p.type_line("London");
    p.expect("\"city\": \"London\"");
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"name": "Ada", "city": "London"}})
    );
}

#[test]
fn decline_from_the_review() {
    let mut p = Pty::start(&form(json!({"ok": {"type": "boolean"}}), &["ok"]), &[]);
    p.expect("ok *");
    p.send("y");
    p.expect("Send this answer?");
    p.expect("Cancel");
    p.send(DOWN);
    p.send(DOWN);
    p.expect("Decline");
    // Wait until the highlight has reached Decline before confirming.
    p.expect("Cancel");
    p.send(ENTER);
    let (code, out, _) = p.finish();
    assert_eq!(code, 3);
    assert_eq!(answer(&out), json!({"action": "decline"}));
}

/// dialoguer's text prompt takes no Esc: the key changes nothing in the
/// line (Ctrl-C leaves; a list or yes/no question takes Esc).
#[test]
fn esc_in_a_text_field_changes_nothing() {
    let mut p = Pty::start(&form(json!({"name": {"type": "string"}}), &["name"]), &[]);
    p.expect("name *: ");
    p.send("Ad");
    p.expect("Ad");
    p.send(ESC);
    // A key right after Esc would be read with it, as Alt and the key.
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.send("a");
    p.send(ENTER);
    p.expect("✔ name *: Ada");
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"name": "Ada"}})
    );
}

#[test]
fn esc_in_a_select_cancels() {
    let mut p = Pty::start(
        &form(
            json!({"size": {"type": "string", "enum": ["s", "m"]}}),
            &["size"],
        ),
        &["--output", "result"],
    );
    p.expect("size *");
    p.expect("m");
    p.send(ESC);
    let (code, out, _) = p.finish();
    assert_eq!(code, 4);
    assert_eq!(answer(&out), json!({"action": "cancel"}));
}

#[test]
fn ctrl_c_cancels_and_restores_the_cursor() {
    let mut p = Pty::start(
        &form(
            json!({"size": {"type": "string", "enum": ["s", "m"]}}),
            &["size"],
        ),
        &[],
    );
    p.expect("size *");
    p.expect("m");
    p.send("\x03");
    p.expect("cancelled (Ctrl-C)");
    let (code, out, seen) = p.finish();
    assert_eq!(code, 4);
    assert_eq!(answer(&out), json!({"action": "cancel"}));
    // The select hid the cursor; it is shown again.
    let shown = b"\x1b[?25h";
    assert!(
        seen.windows(shown.len()).any(|w| w == shown),
        "{}",
        String::from_utf8_lossy(&seen)
    );
}

#[test]
fn timeout_cancels() {
    let mut p = Pty::start(
        &form(json!({"name": {"type": "string"}}), &["name"]),
        &["--timeout", "1"],
    );
    // No keys at all: the form is cut short wherever it is.
    p.expect("no answer within 1 s");
    let (code, out, _) = p.finish();
    assert_eq!(code, 4);
    assert_eq!(answer(&out), json!({"action": "cancel"}));
}

#[test]
fn url_mode_opens_the_browser_only_on_consent_on_a_private_page() {
    let dir = tempfile::tempdir().unwrap();
    let opened = dir.path().join("opened.txt");
    let browser = dir.path().join("browser.sh");
    std::fs::write(
        &browser,
        format!(
            "#!/bin/sh\nstat -c %a \"$1\" > '{0}.mode'\ncat \"$1\" > '{0}.page'\nprintf '%s' \"$*\" > '{0}'\n",
            opened.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&browser, std::fs::Permissions::from_mode(0o755)).unwrap();

    let request = json!({"mode": "url", "message": "Connect your account",
        "url": "http://login.example.net/connect?state=abc"});
    let mut p = Pty::start_with(
        &request,
        &["--spec", "2026-07-28"],
        &[("BROWSER", browser.to_str().unwrap())],
    );
    p.expect("URL:  http://login.example.net/connect?state=abc");
    p.expect("Host: login.example.net");
    p.expect("not encrypted (http://)");
    p.expect("Cancel");
    assert!(!opened.exists(), "opened before consent");
    p.send(ENTER);
    p.expect("opened in the browser");
    p.expect("Cancel");
    // After opening, the highlight moves to "Done: accept".
    p.send(ENTER);
    let (code, out, _) = p.finish();
    assert_eq!(code, 0);
    assert_eq!(answer(&out), json!({"action": "accept"}));
    // The browser is given a page only the person can read that leads to
    // the URL, never the URL: arguments are readable by every local user.
    let argv = std::fs::read_to_string(&opened).unwrap();
    assert!(!argv.contains("state=abc"), "{argv}");
    assert!(argv.ends_with(".html"), "{argv}");
    let page = std::fs::read_to_string(dir.path().join("opened.txt.page")).unwrap();
    assert!(
        page.contains("content=\"0;url=http://login.example.net/connect?state=abc\""),
        "{page}"
    );
    let mode = std::fs::read_to_string(dir.path().join("opened.txt.mode")).unwrap();
    assert_eq!(mode.trim(), "600");
}

#[test]
fn escape_sequences_from_the_server_have_no_effect_on_the_terminal() {
    let request = json!({
        "message": "Hello\u{1b}[2J\u{1b}[H\u{1b}]8;;https://evil.example/\u{7}click\u{1b}]8;;\u{7} \u{1b}]52;c;ZXZpbA==\u{7}done\u{202e}fdp.exe",
        "requestedSchema": {"type": "object", "properties": {
            "choice": {"type": "string", "title": "Pick\u{1b}[8m one\u{1b}[0m",
                "description": "Help\u{1b}[1A\u{1b}[2K text",
                "oneOf": [
                    {"const": "a", "title": "Fine\u{1b}[31m red"},
                    {"const": "b", "title": "Also\u{9b}2J fine"}
                ]}
        }, "required": ["choice"]}
    });
    let mut p = Pty::start(&request, &[]);
    p.expect("Also fine");
    p.send(ENTER);
    p.expect("Send this answer?");
    p.send(ESC);
    p.expect("Discard 1 answer and cancel the form?");
    p.send("y");
    let (code, out, seen) = p.finish();
    assert_eq!(code, 4);
    assert_eq!(answer(&out), json!({"action": "cancel"}));
    let contains = |needle: &[u8]| seen.windows(needle.len()).any(|w| w == needle);
    let screen = String::from_utf8_lossy(&seen).into_owned();
    // What the server sent shows as text ...
    assert!(contains(br"Helloclick done\u{202e}fdp.exe"), "{screen}");
    assert!(contains(b"Pick one"), "{screen}");
    assert!(contains(b"Help text"), "{screen}");
    assert!(contains(b"Fine red"), "{screen}");
    // ... and none of its control sequences reach the terminal.
    for bad in [
        &b"\x1b[2J"[..],
        b"Hello\x1b[H",
        b"\x1b]8;",
        b"\x1b]52;",
        b"\x1b[8m",
        b"\x1b[31m",
        b"Help\x1b[1A",
        b"\x1b[2K text",
        "\u{9b}".as_bytes(),
        "\u{202e}".as_bytes(),
        b"\x07",
    ] {
        assert!(
            !contains(bad),
            "{:?} reached the terminal:\n{screen:?}",
            String::from_utf8_lossy(bad)
        );
    }
}

#[test]
fn input_requests_are_answered_one_after_the_other() {
    let request = json!({
        "resultType": "input_required",
        "inputRequests": {
            "ask_city": {"method": "elicitation/create", "params": {"message": "Which city?",
                "requestedSchema": {"type": "object", "properties": {
                    "city": {"type": "string", "title": "City"}}, "required": ["city"]}}},
            "ask_ok": {"method": "elicitation/create", "params": {"message": "Book it?",
                "requestedSchema": {"type": "object", "properties": {
                    "ok": {"type": "boolean", "title": "Book"}}, "required": ["ok"]}}}
        },
        "requestState": "opaque-state-1",
        "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "trips", "version": "1.0"}}
    });
    let mut p = Pty::start(&request, &[]);
    p.expect("`trips` asks [ask_city] (MCP 2026-07-28)");
    p.expect("Which city?");
    p.expect("City *: ");
    p.type_line("Rome");
    p.expect("Send this answer?");
    p.send(ENTER);
    p.expect("`trips` asks [ask_ok] (MCP 2026-07-28)");
    p.expect("Book it?");
    p.expect("Book *");
    p.send("n");
    p.expect("Send this answer?");
    p.send(ENTER);
    let (code, out, _) = p.finish();
    assert_eq!(code, 0);
    assert_eq!(
        out,
        concat!(
            r#"{"inputResponses":{"ask_city":{"action":"accept","content":{"city":"Rome"}},"#,
            r#""ask_ok":{"action":"accept","content":{"ok":false}}},"requestState":"opaque-state-1"}"#,
            "\n"
        )
    );
}

#[test]
fn esc_on_the_first_of_two_input_requests_cancels_both() {
    let ask = |m: &str| {
        json!({"method": "elicitation/create", "params": {"message": m,
        "requestedSchema": {"type": "object", "properties": {"x": {"type": "string", "enum": ["p", "q"]}}}}})
    };
    let request = json!({"inputRequests": {"a": ask("First"), "b": ask("Second")}});
    let mut p = Pty::start(&request, &[]);
    // A list takes Esc (a text prompt takes none).
    p.expect("❯ (no answer)");
    p.send(ESC);
    let (code, out, seen) = p.finish();
    assert_eq!(code, 4);
    assert_eq!(
        answer(&out),
        json!({"inputResponses": {"a": {"action": "cancel"}, "b": {"action": "cancel"}}})
    );
    assert!(!String::from_utf8_lossy(&seen).contains("Second"));
}

#[test]
fn ctrl_c_in_a_text_field_cancels() {
    let mut p = Pty::start(&form(json!({"name": {"type": "string"}}), &["name"]), &[]);
    p.expect("name *: ");
    p.send("Ad");
    p.expect("Ad");
    p.send("\x03");
    let (code, out, _) = p.finish();
    assert_eq!(code, 4);
    assert_eq!(answer(&out), json!({"action": "cancel"}));
}

#[test]
fn timeout_puts_the_terminal_back() {
    let mut p = Pty::start_around(
        &form(json!({"name": {"type": "string"}}), &["name"]),
        &["--timeout", "1"],
        &[],
        r#"stty -g > "$out.before";"#,
        r#"stty -g > "$out.after";"#,
    );
    p.expect("no answer within 1 s");
    let ((code, out, _), files) = p.finish_reading(&["answer.json.before", "answer.json.after"]);
    assert_eq!(code, 4);
    assert_eq!(answer(&out), json!({"action": "cancel"}));
    // The line editor had the tty in raw mode when the timeout fired.
    assert!(!files[0].is_empty());
    assert_eq!(files[0], files[1]);
}

/// A value longer than a row goes on to the next rows as it is typed
/// (dialoguer's text prompt wraps rather than scrolls) and is sent whole.
#[test]
fn a_long_value_wraps_and_is_sent_whole() {
    let mut p = Pty::start(&form(json!({"note": {"type": "string"}}), &["note"]), &[]);
    p.expect("note *: ");
    let long: String = (0..150)
        .map(|i| char::from(b'a' + (i % 26) as u8))
        .collect();
    p.send(&long);
    p.expect(&long);
    p.send(ENTER);
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"note": long}})
    );
}

#[test]
fn a_long_value_of_wide_characters_is_sent_whole() {
    let mut p = Pty::start(
        &form(json!({"address": {"type": "string"}}), &["address"]),
        &[],
    );
    p.expect("address *: ");
    // 60 characters, 120 columns: more than the 80-column terminal holds.
    let long: String = "東京都渋谷区神南一丁目".chars().cycle().take(60).collect();
    p.send(&long);
    p.expect(&long);
    p.send(ENTER);
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"address": long}})
    );
}

#[test]
fn as_codex_a_form_with_a_number_is_an_approval_that_sends_nothing() {
    let mut p = Pty::start(
        &form(
            json!({
                "name": {"type": "string", "title": "Name"},
                "guests": {"type": "integer", "title": "Guests", "minimum": 1}
            }),
            &["name", "guests"],
        ),
        &["--as", "codex"],
    );
    p.expect("as Codex: `guests` (an integer): a number, integer or multi-select makes the whole form unrenderable");
    p.expect("Please fill this in");
    p.expect("Answer to send:");
    assert_eq!(p.submit(), json!({"action": "accept", "content": {}}));
}

#[test]
fn as_goose_desktop_numbers_start_at_their_minimum_and_labels_are_raw() {
    let mut p = Pty::start(
        &form(
            json!({
                "guests": {"type": "integer", "title": "Number of guests", "minimum": 2},
                "seat": {"type": "string", "title": "Seating", "enum": ["in", "out"],
                    "enumNames": ["Inside", "Outside"]}
            }),
            &["guests", "seat"],
        ),
        &["--as", "goose-desktop", "--spec", "2025-06-18"],
    );
    p.expect("as Goose desktop: `guests` (a number without a default): a number without a default is pre-filled with its `minimum` (or 0)");
    p.expect("as Goose desktop: `seat` (a single-select labelled by `enumNames`): an `enum` lists its raw values");
    // The label is the property name, and the minimum is the default.
    p.expect("guests *");
    p.send(ENTER);
    p.expect("seat *");
    p.expect("out");
    assert!(!p.term.screen().contains("Outside"), "{}", p.term.screen());
    p.send(DOWN);
    p.send(ENTER);
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"guests": 2, "seat": "out"}})
    );
}

#[test]
fn as_mcporter_an_empty_form_is_accepted_without_asking() {
    let p = Pty::start(&form(json!({}), &[]), &["--as", "mcporter"]);
    let (code, out, seen) = p.finish();
    assert_eq!(code, 0);
    assert_eq!(answer(&out), json!({"action": "accept", "content": {}}));
    let seen = String::from_utf8_lossy(&seen);
    assert!(
        seen.contains(
            "as mcporter: a form without properties: the approve-only form is accepted at once"
        ),
        "{seen}"
    );
    assert!(!seen.contains("Send this answer?"), "{seen}");
}

#[test]
fn as_goose_cli_a_multi_select_is_typed_as_text() {
    let mut p = Pty::start(
        &form(
            json!({"diet": {"type": "array", "title": "Diet",
                "items": {"type": "string", "enum": ["vegan", "halal"]}}}),
            &["diet"],
        ),
        &["--as", "goose-cli"],
    );
    p.expect("as Goose CLI: `diet` (a multi-select): a multi-select is read as plain text");
    p.expect("Diet *: ");
    p.type_line("vegan, halal");
    assert_eq!(
        p.submit(),
        json!({"action": "accept", "content": {"diet": "vegan, halal"}})
    );
}
