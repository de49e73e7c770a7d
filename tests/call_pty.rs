//! `mcp-elicit call` answered by hand in a real pseudo-terminal: the example
//! server asks over stdio, the form names it, and Ctrl-C ends the call
//! cleanly with the recording kept.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::support::pty::{ENTER, Terminal, on_terminal};
use crate::support::{bin, example_server};

const CTRL_C: &str = "\x03";

struct Pty {
    term: Terminal,
    dir: tempfile::TempDir,
}

on_terminal!(Pty);

impl Pty {
    /// Runs `call ARGS -- booking_server` with stdout to a file, and `stty -g`
    /// before and after it in the same terminal. The shell ignores SIGINT,
    /// as an interactive one does while a command runs: a ^C typed while the
    /// terminal is not in raw mode goes to the whole process group, and a
    /// non-interactive `sh` would die of it and take the terminal along.
    fn call(args: &[&str]) -> Pty {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(
                r#"trap '' INT; d=$1; bin=$2; shift 2; stty -g > "$d/before"; "$bin" call "$@" > "$d/out"; code=$?; stty -g > "$d/after"; exit $code"#,
            )
            .arg("sh")
            .arg(dir.path())
            .arg(bin())
            .args(args)
            .arg("--")
            .arg(example_server());
        Pty {
            term: Terminal::spawn(cmd),
            dir,
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Reads to the end and returns the exit code and stdout.
    fn finish(&mut self) -> (i32, String) {
        let code = self.term.finish();
        let out = std::fs::read_to_string(self.path("out")).unwrap_or_default();
        (code, out)
    }
}

/// Fills the first fields of the booking form (2026-07-28).
fn fill_name_email_date(p: &mut Pty) {
    p.expect("`booking-example` asks");
    p.expect("Book a table at Chez Nous");
    p.expect("Name *: ");
    p.type_line("Ada");
    p.expect("Email *: ");
    p.type_line("ada@example.com");
    p.expect("Date *: ");
    p.type_line("2026-12-24");
}

#[test]
fn a_booking_answered_by_hand_reaches_the_server() {
    let mut p = Pty::call(&["--tool", "book_table"]);
    fill_name_email_date(&mut p);
    // Guests, high chair, notes, seating and diet keep their defaults.
    p.expect("Guests *: 2");
    p.send(ENTER);
    p.expect("High chair");
    p.send(ENTER);
    p.expect("Notes: ");
    p.send(ENTER);
    p.expect("At the bar");
    p.send(ENTER);
    p.expect("Nut allergy");
    p.send(ENTER);
    p.expect("Send this answer?");
    p.send(ENTER);
    let (code, out) = p.finish();
    assert_eq!(code, 0, "{}", p.screen());
    let result: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        result["content"][0]["text"],
        r#"book_table: accept {"name":"Ada","email":"ada@example.com","date":"2026-12-24","guests":2,"highChair":false,"seating":"inside"}"#
    );
}

#[test]
fn ctrl_c_in_the_form_ends_the_call_and_keeps_the_recording() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let mut p = Pty::call(&[
        "--tool",
        "book_table",
        "--record",
        session.to_str().unwrap(),
    ]);
    fill_name_email_date(&mut p);
    p.expect("Guests *: 2");
    p.send(ENTER);
    // A yes/no prompt: the terminal is in raw mode while it waits.
    p.expect("High chair");
    p.send(CTRL_C);
    p.expect("cancelled (Ctrl-C): the call is ended");
    let (code, out) = p.finish();
    assert_eq!(code, 4);
    assert_eq!(out, "", "no result is printed");
    let before = std::fs::read_to_string(p.path("before")).unwrap();
    let after = std::fs::read_to_string(p.path("after")).unwrap();
    assert!(!before.is_empty());
    assert_eq!(before, after, "the terminal settings are restored");
    let shown = b"\x1b[?25h";
    assert!(p.showed(shown), "the cursor is shown again");
    // The recording holds everything up to the question in flight.
    let lines: Vec<Value> = std::fs::read_to_string(&session)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines[0]["mcp-elicit-session"].is_number());
    let last = &lines.last().unwrap()["msg"]["result"];
    assert_eq!(last["resultType"], "input_required");
    assert_eq!(
        last["inputRequests"]["q1"]["params"]["message"],
        "Book a table at Chez Nous"
    );
    assert!(
        lines
            .iter()
            .any(|l| l["msg"]["method"] == "tools/call" && l["from"] == "client")
    );
    let replay = Command::new(bin())
        .arg("replay")
        .arg(&session)
        .output()
        .unwrap();
    assert_eq!(
        replay.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replay.stdout)
    );
}

#[test]
fn esc_in_the_form_answers_cancel_and_the_call_goes_on() {
    let mut p = Pty::call(&["--tool", "book_table", "--spec", "2025-11-25"]);
    p.expect("`booking-example` asks");
    // Esc is taken by a list or yes/no question (a text prompt takes no
    // Esc): the first one here is "High chair".
    p.expect("Name *: ");
    p.type_line("Ada");
    p.expect("Email *: ");
    p.type_line("ada@example.com");
    p.expect("Date *: ");
    p.type_line("2026-12-01");
    p.expect("Guests *: 2"); // pre-filled
    p.send(ENTER);
    p.expect("High chair");
    p.send("\x1b");
    p.expect("Discard 4 answers and cancel the form?");
    p.send("y");
    p.expect("(cancelled)");
    let (code, out) = p.finish();
    assert_eq!(code, 0, "{}", p.screen());
    let result: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(result["content"][0]["text"], "book_table: cancel");
}

#[test]
fn a_form_not_finished_within_the_timeout_ends_the_call() {
    let mut p = Pty::call(&["--tool", "book_table", "--timeout", "1"]);
    p.expect("Name *: ");
    p.send("Ad");
    p.expect("cancelled: no answer within 1 s (--timeout): the call is ended");
    let (code, out) = p.finish();
    assert_eq!(code, 4);
    assert_eq!(out, "");
    // The line editor had the tty in raw mode when the time ran out.
    let before = std::fs::read_to_string(p.path("before")).unwrap();
    let after = std::fs::read_to_string(p.path("after")).unwrap();
    assert_eq!(before, after, "the terminal settings are restored");
}
