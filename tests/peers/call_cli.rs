//! `mcp-elicit call` against a server on the official MCP Python SDK. The
//! calls to this crate's example server are in the fast tier
//! (tests/call_cli.rs).

use crate::support::output::{call, stderr, stdout};

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn decline_and_an_invalid_elicitation_from_the_python_sdk() {
    let python = crate::support::peers::python_sdk();
    let python = python.to_string_lossy();
    let o = call(&[
        "--tool",
        "book_table",
        "--action",
        "decline",
        "--",
        &python,
        "tests/servers/booking.py",
        "stdio",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("not booked: decline"), "{}", stdout(&o));
    // A schema whose root has a title is reported and answered all the
    // same; --strict refuses it, and the failed call gives exit 1.
    let untidy = |extra: &[&str]| {
        let mut a = vec!["--tool", "ask_untidy_schema", "--spec", "2025-11-25"];
        a.extend_from_slice(extra);
        a.extend_from_slice(&["--", &python, "tests/servers/booking.py", "stdio"]);
        call(&a)
    };
    let o = untidy(&["--set", "name=Ada"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"accept\""), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(
            "note: the elicitation breaks the spec but a form can show it, so it was answered ("
        ) && stderr(&o)
            .contains("E122 (error) at /params/requestedSchema/title: `title` is not allowed"),
        "{}",
        stderr(&o)
    );
    let o = untidy(&["--set", "name=Ada", "--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("note: refused an elicitation no form can show (E122"),
        "{}",
        stderr(&o)
    );
    // Decline needs no form, --strict or not.
    let o = untidy(&["--action", "decline", "--strict"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"decline\""), "{}", stdout(&o));
}
