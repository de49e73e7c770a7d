//! `mcp-elicit demo`: the tour in a real pseudo-terminal, driven with keys,
//! and the transcript it prints when there is no terminal.

use std::process::Command;

use crate::support::pty::{BACKSPACE, DOWN, ENTER, ESC, Terminal, UP, on_terminal};
use crate::support::{bin, cmd};

/// `mcp-elicit demo` with stdin, stdout and stderr on one pty.
struct Tour {
    term: Terminal,
}

on_terminal!(Tour);

impl Tour {
    fn start() -> Tour {
        let mut c = Command::new(bin());
        c.arg("demo");
        Tour {
            term: Terminal::spawn(c),
        }
    }

    /// Past the introduction, which waits for Enter before the request
    /// and the form fill a 24-row terminal.
    fn past_intro(&mut self) {
        self.expect("Press Enter to see what it asks, or Esc to stop here.");
        self.send(ENTER);
    }

    /// Reads to the end; the exit code and everything the terminal showed.
    fn finish(mut self) -> (i32, String) {
        let code = self.term.finish();
        (code, self.term.screen())
    }
}

#[test]
fn demo_tour_in_a_terminal() {
    let mut t = Tour::start();
    // The pizza order: the request, the linter's word on it, the form.
    t.expect("1/2  A pizza order");
    t.past_intro();
    t.expect("server → client  elicitation/create (id 1)");
    t.expect("(the whole request is examples/demo/pizza.json in the source)");
    t.expect("warning[W310]");
    t.expect("`pizza-shop` asks (MCP 2025-11-25)");
    t.expect("Would you like to add a drink to your order?");
    t.expect("Water");
    t.send(DOWN);
    t.expect("Cola");
    t.send(ENTER);
    t.expect("Send this answer?");
    t.expect("Cancel");
    t.send(ENTER);
    t.expect("the response to request 1");
    t.expect("\"drink\": \"Cola\"");
    t.expect("The person accepted: the drink is added to the order.");
    t.expect("decline  The person said no, on purpose");
    t.expect("Press Enter for the next form");
    t.send(ENTER);

    // Every shape, each answered through its own widget.
    t.expect("2/2  Every property shape");
    t.expect("[Workshops*] any of (between 1 and 2 choices): Async in depth = async");
    t.expect("(the whole request is examples/demo/every-shape.json in the source)");
    t.expect("Register for RustConf Lisbon");
    t.expect("Full name *: ");
    t.type_line("A");
    t.expect("it must have between 2 and 40 characters");
    t.expect_words("Full name * (1 of at least 2 characters): A");
    t.type_line("da Lovelace");
    t.expect("E-mail *: ");
    t.type_line("ada@example.com");
    t.expect("Arrival date: ");
    t.type_line("2026-12-24");
    t.expect("Website: ");
    t.send(ENTER);
    t.expect("Tickets *: 1");
    t.send(BACKSPACE);
    t.type_line("5");
    t.expect("between 1 and 4");
    t.expect_words("Tickets * (more than the maximum, 4): 5");
    t.send(BACKSPACE);
    t.type_line("2");
    t.expect("Donation (EUR): 0");
    t.send(BACKSPACE);
    t.type_line("12.5");
    t.expect("Speakers' dinner");
    t.send("y");
    t.expect("Embedded");
    t.send(DOWN);
    t.expect("Web and services");
    t.send(ENTER);
    t.expect("(no answer)");
    t.send(UP);
    t.expect("XL");
    t.send(UP);
    t.expect("L");
    t.send(UP);
    t.expect("M");
    t.send(ENTER);
    t.expect("Writing macros");
    t.send(DOWN);
    t.expect("Unsafe without fear");
    t.send(" ");
    t.expect("Unsafe without fear");
    t.send(ENTER);
    t.expect("Send this answer?");
    t.expect("Cancel");
    t.send(ENTER);
    t.expect("the response to request 2");
    t.expect(
        r#""result": {
    "action": "accept",
    "content": {
      "name": "Ada Lovelace",
      "email": "ada@example.com",
      "arrival": "2026-12-24",
      "tickets": 2,
      "donation": 12.5,
      "dinner": true,
      "track": "web",
      "shirt": "M",
      "workshops": [
        "async",
        "unsafe"
      ]
    }
  }"#
        .replace('\n', "\r\n")
        .as_str(),
    );
    t.expect("The person accepted: the registration is made with these values.");
    let (code, _) = t.finish();
    assert_eq!(code, 0);
}

#[test]
fn demo_esc_cancels_each_form_and_says_what_that_means() {
    let mut t = Tour::start();
    t.past_intro();
    t.expect("Water");
    t.send(ESC);
    t.expect("\"action\": \"cancel\"");
    t.expect("The person cancelled: the order proceeds without a drink");
    t.expect("Press Enter for the next form");
    t.send(ENTER);
    // A text prompt takes no Esc: the first list or yes/no question does.
    t.expect("Full name *: ");
    t.type_line("Ada Lovelace");
    t.expect("E-mail *: ");
    t.type_line("ada@example.com");
    t.expect("Arrival date: ");
    t.send(ENTER);
    t.expect("Website: ");
    t.send(ENTER);
    t.expect("Tickets *: 1");
    t.send(ENTER);
    t.expect("Donation (EUR): 0");
    t.send(ENTER);
    t.expect("Speakers' dinner");
    t.send(ESC);
    t.expect("Discard 4 answers and cancel the form?");
    t.send("y");
    t.expect("(cancelled)");
    t.expect("The person cancelled: no registration is made");
    t.expect("Next: `mcp-elicit lint FILE`");
    let (code, shown) = t.finish();
    assert_eq!(code, 0, "{shown}");
}

#[test]
fn demo_decline_is_sent_without_content() {
    let mut t = Tour::start();
    t.past_intro();
    t.expect("Water");
    t.send(ENTER);
    t.expect("Send this answer?");
    t.expect("Cancel");
    t.send(DOWN);
    t.send(DOWN);
    t.expect("Decline");
    t.expect("Cancel");
    t.send(ENTER);
    t.expect("\"action\": \"decline\"\r\n  }");
    t.expect("The person declined: the order proceeds without a drink.");
    // Esc at the pause ends the tour.
    t.expect("Press Enter for the next form, or Esc to stop here.");
    t.send(ESC);
    t.expect("Next: `mcp-elicit lint FILE`");
    let (code, shown) = t.finish();
    assert_eq!(code, 0);
    assert!(!shown.contains("Full name"), "{shown}");
}

/// Without a terminal the tour is a transcript with scripted answers.
#[test]
fn demo_transcript_without_a_terminal() {
    cmd()
        .arg("demo")
        .assert()
        .success()
        .stdout_eq(snapbox::file!["snapshots/demo/transcript.stdout"])
        .stderr_eq("");
}

#[test]
fn demo_ctrl_c_stops_the_tour() {
    let mut t = Tour::start();
    t.past_intro();
    t.expect("Water");
    t.send("\x03");
    t.expect("demo stopped (Ctrl-C)");
    let (code, _) = t.finish();
    assert_eq!(code, 4);
}
