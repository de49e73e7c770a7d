//! `mcp-elicit call` as a user runs it, against real server processes: the
//! example server of this crate. Against a server on the official Python
//! SDK: the peers tier (tests/peers/call_cli.rs).

use std::process::Command;

use crate::support::output::{call, stderr, stdout};
use crate::support::{HttpServer, bin, example_server, root};

const SCRIPT: &[&str] = &[
    "--defaults",
    "--set",
    "name=Ada",
    "--set",
    "email=ada@example.com",
    "--set",
    "date=2026-12-24",
    "--set",
    "guests=4",
    "--set",
    "confirm=true",
];

#[test]
fn scripted_answers_in_every_revision_over_stdio() {
    let server = example_server();
    for spec in ["2025-06-18", "2025-11-25", "2026-07-28"] {
        let mut args = vec!["--tool", "book_and_confirm", "--spec", spec];
        args.extend_from_slice(SCRIPT);
        args.extend(["--", server.as_str()]);
        let o = call(&args);
        assert_eq!(o.status.code(), Some(0), "{spec}: {}", stderr(&o));
        let result: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let text = result["content"][0]["text"].as_str().unwrap();
        assert!(
            text.starts_with(r#"book_and_confirm: accept {"name":"Ada","email":"ada@example.com","date":"2026-12-24","guests":4"#)
                && text.ends_with(r#" then accept {"confirm":true}"#),
            "{spec}: {text}"
        );
    }
}

#[test]
fn a_url_as_last_argument_and_a_recording_that_replays_clean() {
    let server = HttpServer::start(&[]);
    let url = server.url.clone();
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("call.jsonl");
    let mut args = vec![
        "--tool",
        "book_table",
        "--record",
        session.to_str().unwrap(),
        "--redact",
        "email",
    ];
    args.extend_from_slice(SCRIPT);
    args.push(&url);
    let o = call(&args);
    drop(server);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("book_table: accept"), "{}", stdout(&o));
    let text = std::fs::read_to_string(&session).unwrap();
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains(r#""server":{"transport":"http","url":"http://127.0.0.1:"#)
    );
    assert!(text.contains(r#""email":"[redacted]""#), "{text}");
    assert!(
        text.lines()
            .filter(|l| l.contains(r#""from":"client""#))
            .all(|l| !l.contains("ada@example.com")),
        "the answers sent are redacted: {text}"
    );
    let replay = Command::new(bin())
        .args(["replay", "--fail-on", "warning"])
        .arg(&session)
        .output()
        .unwrap();
    assert_eq!(replay.status.code(), Some(0), "{}", stdout(&replay));
}

#[test]
fn a_server_that_does_not_start_is_one_clear_line() {
    let o = call(&["--list", "--", "no-such-mcp-server-here"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: cannot start the server command `no-such-mcp-server-here` (no such program); check that `no-such-mcp-server-here` is installed and on PATH, or give its full path\n"
    );
    let o = call(&["--tool", "x", "--defaults", "http://127.0.0.1:9/mcp"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(
            "error: cannot reach http://127.0.0.1:9/mcp (connection refused: nothing listens there); check that the server is running and the URL is right\n"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_call_page_shows_a_real_call() {
    let readme = std::fs::read_to_string(root().join("docs/call.md")).unwrap();
    let prefix = "$ mcp-elicit call ";
    let at = readme.find(prefix).expect("docs/call.md shows a call");
    let line_end = at + readme[at..].find('\n').unwrap();
    let words: Vec<&str> = readme[at + prefix.len()..line_end].split(' ').collect();
    let shown = &readme[line_end + 1..line_end + 1 + readme[line_end + 1..].find("```").unwrap()];
    let args: Vec<String> = words
        .iter()
        .map(|w| {
            if *w == "target/debug/examples/booking_server" {
                example_server()
            } else {
                w.to_string()
            }
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = call(&args);
    // On a loaded machine the server may start after the client stopped
    // waiting for `server/discover` (DISCOVER_WAIT) and took it for one of
    // an earlier revision. The server's late answer shows that, and the
    // call says so; then the call docs/call.md shows is made again with the
    // revision it negotiates when the server is on time, and must match.
    let o = if stderr(&o).contains("slow to start rather than of an earlier revision") {
        let mut pinned = vec!["--spec", "2026-07-28"];
        pinned.extend(&args);
        call(&pinned)
    } else {
        o
    };
    assert_eq!(stdout(&o), shown, "{}", stderr(&o));
}

#[test]
fn a_server_slow_to_start_is_waited_for_when_the_revision_is_given() {
    let server = format!("sleep 11; exec {}", example_server());
    let slow = ["--", "sh", "-c", server.as_str()];
    let mut args = SCRIPT.to_vec();
    args.extend(["--tool", "book_and_confirm"]);
    // Unasked, it is taken for a server of an earlier revision after 10 s,
    // and its late answer to `server/discover` is pointed out.
    let mut unasked = args.clone();
    unasked.extend(slow);
    let o = call(&unasked);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stdout(&o).contains("resultType"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("note: the server answered `server/discover` only after 10 s, so it was slow to start rather than of an earlier revision, and the call went on in 2025-11-25; give --spec 2026-07-28 to wait for it"),
        "{}",
        stderr(&o)
    );
    // Asked for, it is waited for as long as --server-timeout allows.
    let mut asked = vec!["--spec", "2026-07-28"];
    asked.extend(args);
    asked.extend(slow);
    let o = call(&asked);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("\"resultType\": \"complete\""),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_failed_negotiation_is_recorded_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("failed.jsonl");
    // A stdio server that refuses `initialize` and then leaves.
    let refusal = r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unsupported protocol version","data":{"supported":["2024-11-05"]}}}"#;
    let script = format!("read line; echo '{refusal}'");
    let o = call(&[
        "--tool",
        "x",
        "--spec",
        "2025-11-25",
        "--defaults",
        "--record",
        path.to_str().unwrap(),
        "--",
        "sh",
        "-c",
        &script,
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("refused `initialize`"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(&path).expect("the recording exists");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0]["spec"], "2025-11-25", "{text}");
    assert_eq!(lines[1]["from"], "client");
    assert_eq!(lines[1]["msg"]["method"], "initialize");
    assert_eq!(lines[2]["from"], "server");
    assert_eq!(lines[2]["msg"]["error"]["code"], -32602);
}

/// A misspelt `--set` name is refused at the form it was meant for, naming
/// the field it is nearest to, before anything is sent; the schema's
/// default would otherwise have gone in its place without a word.
#[test]
fn a_misspelt_set_is_refused_with_the_field_it_was_meant_for() {
    let server = example_server();
    let mut args = vec!["--tool", "book_and_confirm", "--spec", "2025-11-25"];
    args.extend(
        SCRIPT
            .iter()
            .map(|a| if *a == "guests=4" { "gusets=4" } else { a }),
    );
    args.extend(["--", server.as_str()]);
    let o = call(&args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("no field `gusets` (did you mean `guests`?)"),
        "{err}"
    );
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
}

/// `--format` says how the answer is printed whatever stdout is: text for
/// reading through a pipe, JSON on request (`--json` is kept as its alias).
#[test]
fn format_text_and_json_whatever_stdout_is() {
    let server = example_server();
    let text = call(&["--list", "--format", "text", "--", server.as_str()]);
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    assert!(stdout(&text).starts_with("Tools ("), "{}", stdout(&text));
    for json in [&["--format", "json"][..], &["--json"][..]] {
        let o = call(&[json, &["--list", "--", server.as_str()]].concat());
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert!(v["tools"].is_array(), "{v}");
    }
}
