//! What a hostile server puts in its messages reaches the terminal as
//! plain text: escape sequences (ANSI, OSC 8 hyperlinks, OSC 52 clipboard
//! writes, cursor movement), bidi overrides and zero-width characters are
//! neutralised. Asserted on the bytes written to a real pty.

use std::process::Command;

use serde_json::json;

use crate::support::bin;
use crate::support::pty::{ENTER, ESC, Terminal};

/// Text carrying every trick, and the sequences none of it may emit.
const TRICKS: &str = "A\u{1b}[2J\u{1b}[H\u{1b}]8;;https://evil.example/\u{7}link\u{1b}]8;;\u{7} \u{1b}]52;c;ZXZpbA==\u{7}B\u{1b}[1A\u{1b}[2KC\u{9b}31mD\u{202e}E\u{200b}F";

/// What `TRICKS` would do on a terminal if printed raw. The sequences are
/// matched with the text around them, since the form itself moves the
/// cursor and clears lines with the same sequences.
const FORBIDDEN: [&[u8]; 11] = [
    b"A\x1b[2J",
    b"\x1b[2J\x1b[H",
    b"\x1b]8;",
    b"\x1b]52;",
    b"B\x1b[1A",
    b"\x1b[2KC",
    b"\x07",
    "\u{9b}".as_bytes(),
    "\u{202e}".as_bytes(),
    "\u{200b}".as_bytes(),
    b"\x1b[31m",
];

/// Runs `mcp-elicit ARGS` in a pty and returns every byte it wrote.
fn pty_output(args: &[&str]) -> (Vec<u8>, i32) {
    pty_output_env(args, &[])
}

fn pty_output_env(args: &[&str], env: &[(&str, &str)]) -> (Vec<u8>, i32) {
    let mut cmd = Command::new(bin());
    cmd.envs(env.iter().copied()).args(args);
    let mut term = Terminal::spawn(cmd);
    let code = term.finish();
    (term.seen, code)
}

fn assert_neutralised(seen: &[u8]) {
    let screen = String::from_utf8_lossy(seen);
    for bad in FORBIDDEN {
        assert!(
            !seen.windows(bad.len()).any(|w| w == bad),
            "{:?} reached the terminal:\n{screen:?}",
            String::from_utf8_lossy(bad)
        );
    }
}

#[test]
fn replay_show_prints_a_hostile_recording_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.jsonl");
    let request = json!({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": {
        "message": TRICKS,
        "requestedSchema": {"type": "object", "properties": {
            "pick": {"type": "string", "title": TRICKS, "description": TRICKS,
                "oneOf": [{"const": "a", "title": TRICKS}]}
        }, "required": ["pick"]}}});
    let answer = json!({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": {"pick": "a"}}});
    let lines = [
        json!({"mcp-elicit-session": 1, "tool": "test", "spec": "2025-11-25",
            "server": {"transport": "stdio", "command": [TRICKS]}, "started": "2026-11-20T18:02:11.408Z"}),
        json!({"t": 0, "from": "server", "msg": request}),
        json!({"t": 5, "from": "client", "msg": answer}),
    ];
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).unwrap();
    let (seen, code) = pty_output(&["replay", "--show", path.to_str().unwrap()]);
    let screen = String::from_utf8_lossy(&seen);
    assert_eq!(code, 0, "{screen}");
    // The text is there, made visible ...
    assert!(screen.contains("Alink BCD"), "{screen}");
    assert!(screen.contains(r"\u{202e}"), "{screen}");
    // ... its control sequences are not.
    assert_neutralised(&seen);
}

fn url_request(url: &str) -> String {
    json!({"mode": "url", "elicitationId": "e-1", "message": "Connect your account", "url": url})
        .to_string()
}

#[test]
fn url_mode_refuses_schemes_that_run_code_or_read_local_data() {
    let dir = tempfile::tempdir().unwrap();
    let opened = dir.path().join("opened");
    // A "browser" that records what it was asked to open.
    let browser = dir.path().join("browser.sh");
    std::fs::write(
        &browser,
        format!("#!/bin/sh\necho \"$1\" >> {}\n", opened.display()),
    )
    .unwrap();
    std::fs::set_permissions(
        &browser,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    for url in [
        "javascript:alert(document.cookie)",
        "file:///etc/passwd",
        "data:text/html,<script>alert(1)</script>",
    ] {
        let req = dir.path().join("request.json");
        std::fs::write(&req, url_request(url)).unwrap();
        // No URL prompt is built: the person may refuse it (the first
        // choice), decline or cancel, and nothing is ever opened.
        for (keys, want_code, want) in [("\r", 1, "-32602"), ("\x1b[B\r", 3, "decline")] {
            let mut cmd = Command::new(bin());
            cmd.env("BROWSER", browser.to_str().unwrap())
                .args(["answer", req.to_str().unwrap()]);
            let mut term = Terminal::spawn(cmd);
            term.expect("No form can be built");
            term.send(keys);
            let code = term.finish();
            let screen = String::from_utf8_lossy(&term.seen).into_owned();
            assert_eq!(code, want_code, "{url}: {screen}");
            assert!(screen.contains("E503"), "{url}: {screen}");
            assert!(screen.contains(want), "{url}: {screen}");
        }
    }
    assert!(!opened.exists(), "nothing was opened");
}

#[test]
fn url_mode_flags_a_look_alike_host_before_anything_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    let req = dir.path().join("request.json");
    // "аpple.com" with a Cyrillic а, as punycode.
    std::fs::write(&req, url_request("https://xn--pple-43d.com/login")).unwrap();
    let mut cmd = Command::new(bin());
    cmd.args(["answer", req.to_str().unwrap()])
        .env("BROWSER", "/bin/false");
    let mut term = Terminal::spawn(cmd);
    // The host is shown apart, as punycode, and flagged before the
    // question.
    term.expect("Host: xn--pple-43d.com");
    term.expect("non-Latin letters");
    term.expect("Open this page?");
    term.send(ESC);
    assert_eq!(term.finish(), 4);
}

#[test]
fn call_shows_a_hostile_servers_name_and_form_as_text() {
    // The hostile servers need only the standard library.
    let python = "python3";
    let mut cmd = Command::new(bin());
    // --json: the result as JSON on the terminal too (the text shown for
    // reading is checked by assert_neutralised below all the same).
    cmd.args(["call", "--format", "json", "--tool", "t", "--"])
        .arg(python)
        .arg(crate::support::root().join("tests/servers/hostile.py"))
        .arg("tricks");
    let mut term = Terminal::spawn(cmd);
    term.expect("Alink BCD");
    term.expect("Name Alink BCD");
    term.type_line("Ada");
    term.expect("Send this answer?");
    term.send(ENTER);
    let code = term.finish();
    let screen = term.screen();
    assert_eq!(code, 0, "{screen}");
    // The server's name, message, title and description are on the
    // screen as text ...
    assert!(screen.contains(r"\u{202e}E\u{200b}F"), "{screen}");
    // ... and none of their control sequences, not even in the tool's
    // result, JSON on stdout, where they are escaped as JSON escapes them.
    assert_neutralised(&term.seen);
    assert!(screen.contains(r#"C\u009b31mD\u202eE\u200bF"#), "{screen}");
}

#[test]
fn lint_output_in_every_format_is_free_of_what_a_file_hides() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.json");
    let doc = json!({"type": "object",
        "properties": {TRICKS: {"type": "strin", "title": TRICKS}},
        "required": [TRICKS]});
    std::fs::write(&path, doc.to_string()).unwrap();
    for format in ["full", "concise", "json", "sarif", "github"] {
        let out = Command::new(bin())
            .args(["lint", "--schema", "--format", format])
            .arg(&path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}");
        assert_neutralised(&out.stdout);
        assert_neutralised(&out.stderr);
        if format == "json" || format == "sarif" {
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert!(v.to_string().contains("\\u202e") || v.to_string().contains('\u{202e}'));
        }
    }
}

#[test]
fn call_shows_a_hostile_servers_result_as_text_with_nothing_hidden() {
    let mut cmd = Command::new(bin());
    cmd.args(["call", "--tool", "t", "--"])
        .arg("python3")
        .arg(crate::support::root().join("tests/servers/hostile.py"))
        .arg("tricks");
    let mut term = Terminal::spawn(cmd);
    term.expect("Name Alink BCD");
    term.type_line("Ada");
    term.expect("Send this answer?");
    term.send(ENTER);
    let code = term.finish();
    let screen = term.screen();
    assert_eq!(code, 0, "{screen}");
    // The tool's text, for reading, with its control sequences shown as
    // text and nothing of them reaching the terminal.
    assert_neutralised(&term.seen);
    let result = &screen[screen.rfind("Send this answer?").unwrap()..];
    assert!(result.contains(r"\u{202e}E\u{200b}F"), "{result}");
    assert!(!result.contains("\"content\""), "{result}");
}
