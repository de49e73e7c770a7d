//! `mcp-elicit replay SESSION TARGET`: a real record, replay and drift
//! cycle against the example server, over stdio and Streamable HTTP.

use std::path::Path;
use std::process::{Command, Output};

use crate::support::output::{stderr, stdout};
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

fn run(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// Records `tool` in `spec` against `target` into `session`.
fn record(session: &Path, tool: &str, spec: &str, target: &[&str]) {
    let mut args = vec![
        "call",
        "--tool",
        tool,
        "--spec",
        spec,
        "--record",
        session.to_str().unwrap(),
    ];
    args.extend_from_slice(SCRIPT);
    args.extend_from_slice(target);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{spec}: {}", stderr(&o));
}

/// The line of the session holding the first message that contains `needle`.
fn line_of(session: &Path, needle: &str) -> usize {
    std::fs::read_to_string(session)
        .unwrap()
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle} is not in {}", session.display()))
        + 1
}

fn replay(session: &Path, target: &[&str]) -> Output {
    let mut args = vec!["replay", session.to_str().unwrap()];
    args.extend_from_slice(target);
    run(&args)
}

#[test]
fn record_replay_and_drift_over_stdio_in_every_revision() {
    let server = example_server();
    let dir = tempfile::tempdir().unwrap();
    for spec in ["2025-06-18", "2025-11-25", "2026-07-28"] {
        let session = dir.path().join(format!("{spec}.jsonl"));
        let name = session.display().to_string();
        record(&session, "book_and_confirm", spec, &["--", &server]);
        let call_line = line_of(&session, r#""method":"tools/call""#);
        let form_line = line_of(&session, "Book a table at Chez Nous");

        let o = replay(&session, &["--", &server]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{spec}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        assert_eq!(
            stdout(&o),
            format!(
                "{name}:{call_line}: tools/call `book_and_confirm` ({spec}): 2 elicitations and the result as recorded\n\
                 no drift: 1 call replayed against {server}\n"
            )
        );

        let o = replay(&session, &["--", &server, "--drift"]);
        assert_eq!(
            o.status.code(),
            Some(1),
            "{spec}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        assert_eq!(
            stdout(&o),
            format!(
                "{name}:{call_line}: tools/call `book_and_confirm` ({spec}): 1 drift\n\
                 {name}:{form_line}: drift: the elicitation \"Book a table at Chez Nous\" changed: property `guests`: maximum was 12, is 8\n\
                 1 drift in 1 of 1 call replayed against {server} --drift\n"
            ),
            "{spec}"
        );
    }
}

#[test]
fn record_replay_and_drift_over_http() {
    let dir = tempfile::tempdir().unwrap();
    for spec in ["2025-11-25", "2026-07-28"] {
        let session = dir.path().join(format!("{spec}.jsonl"));
        let name = session.display().to_string();
        let live = HttpServer::start(&[]);
        record(&session, "book_table", spec, &[&live.url]);
        let call_line = line_of(&session, r#""method":"tools/call""#);
        let form_line = line_of(&session, "Book a table at Chez Nous");

        let o = replay(&session, &[&live.url]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{spec}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        assert!(
            stdout(&o).ends_with(&format!("no drift: 1 call replayed against {}\n", live.url)),
            "{}",
            stdout(&o)
        );

        let drifted = HttpServer::start(&["--drift"]);
        let o = replay(&session, &[&drifted.url]);
        assert_eq!(
            o.status.code(),
            Some(1),
            "{spec}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        assert_eq!(
            stdout(&o),
            format!(
                "{name}:{call_line}: tools/call `book_table` ({spec}): 1 drift\n\
                 {name}:{form_line}: drift: the elicitation \"Book a table at Chez Nous\" changed: property `guests`: maximum was 12, is 8\n\
                 1 drift in 1 of 1 call replayed against {}\n",
                drifted.url
            )
        );
    }
}

#[test]
fn a_new_a_missing_elicitation_and_a_changed_result_are_drift() {
    let server = example_server();
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    record(&session, "book_and_confirm", "2025-11-25", &["--", &server]);
    let text = std::fs::read_to_string(&session).unwrap();
    // The confirmation question was not recorded, and the result said
    // something else.
    let edited: String = text
        .lines()
        .filter(|l| !l.contains("\"elicit-2\""))
        .map(|l| l.replace(" then accept", " then ACCEPT") + "\n")
        .collect();
    let cut = dir.path().join("cut.jsonl");
    std::fs::write(&cut, edited).unwrap();
    let name = cut.display().to_string();
    let call_line = line_of(&cut, r#""method":"tools/call""#);
    let result_line = line_of(&cut, "then ACCEPT");
    let o = replay(&cut, &["--", &server]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "{name}:{call_line}: tools/call `book_and_confirm` (2025-11-25): 2 drifts\n\
             {name}:{call_line}: drift: a new elicitation \"Confirm this booking?\", not in the recording (answered cancel)\n\
             {name}:{result_line}: drift: the result changed: /result/content/0/text was \"…ing\\\":\\\"inside\\\"}} then ACCEPT {{\\\"confirm\\\":true}}\", is \"…ing\\\":\\\"inside\\\"}} then cancel\"\n\
             2 drifts in 1 of 1 call replayed against {server}\n"
        )
    );
    // Answered decline, the server no longer asks for the confirmation.
    let declined: String = text
        .lines()
        .map(|l| {
            if l.contains(r#""id":"elicit-1","result""#) {
                let at = l.find(r#""result":"#).unwrap();
                format!("{}\"result\":{{\"action\":\"decline\"}}}}}}\n", &l[..at])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let declined_path = dir.path().join("declined.jsonl");
    std::fs::write(&declined_path, declined).unwrap();
    let name = declined_path.display().to_string();
    let confirm_line = line_of(&declined_path, "Confirm this booking?");
    let result_line = line_of(&declined_path, "then accept");
    let o = replay(&declined_path, &["--", &server]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(
        lines[0],
        format!("{name}:{call_line}: tools/call `book_and_confirm` (2025-11-25): 2 drifts")
    );
    assert_eq!(
        lines[1],
        format!(
            "{name}:{confirm_line}: drift: the elicitation \"Confirm this booking?\" was not asked"
        )
    );
    assert!(
        lines[2].starts_with(&format!(
            "{name}:{result_line}: drift: the result changed: /result/content/0/text was \"book_and_confirm: accept {{"
        )) && lines[2].ends_with(r#", is "book_and_confirm: decline""#),
        "{out}"
    );
    assert_eq!(
        lines[3],
        format!("2 drifts in 1 of 1 call replayed against {server}")
    );
    let o = run(&[
        "call",
        "--tool",
        "book_table",
        "--spec",
        "2025-11-25",
        "--action",
        "decline",
        "--record",
        session.to_str().unwrap(),
        "--",
        &server,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The file now holds two runs; each is replayed.
    let o = replay(&session, &["--", &server]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).ends_with(&format!("no drift: 2 calls replayed against {server}\n")),
        "{}",
        stdout(&o)
    );
}

#[test]
fn replay_needs_a_call_and_a_live_server() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("answers.jsonl");
    let o = run(&[
        "answer",
        "--defaults",
        "--set",
        "date=2026-12-24",
        "--set",
        "guests=4",
        "--record",
        session.to_str().unwrap(),
        "tests/fixtures/answer/booking-request.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let server = example_server();
    let o = replay(&session, &["--", &server]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "error: {0} holds no tool, prompt or resource call to replay; record one with `mcp-elicit call --record {0} ...`\n",
            session.display()
        )
    );
    let o = replay(
        Path::new("examples/sessions/booking.jsonl"),
        &["--", "no-such-mcp-server-here"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: cannot start the server command `no-such-mcp-server-here`"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "replay",
        "--spec",
        "2025-06-18",
        "examples/sessions/booking.jsonl",
        "--",
        &server,
    ]);
    assert_eq!(o.status.code(), Some(2));
    // A usage error clap reports: --spec conflicts with a live server.
    assert!(
        stderr(&o).starts_with("error: the argument '--spec <REVISION>' cannot be used with:"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_replay_page_shows_a_real_replay_against_a_live_server() {
    let readme = std::fs::read_to_string(root().join("docs/replay.md")).unwrap();
    let at = readme
        .find("## Replay against a live server")
        .expect("docs/replay.md has the section");
    let section = &readme[at..at + readme[at..].find("\n# ").unwrap_or(readme.len() - at)];
    let blocks = section
        .split("```console")
        .skip(1)
        .map(|b| &b[b.find('\n').unwrap() + 1..])
        .map(|b| &b[..b.find("```").unwrap()]);
    let server = example_server();
    let mut runs = 0;
    for cmd in blocks.flat_map(|b| b.split("$ mcp-elicit ").skip(1)) {
        let (line, shown) = cmd.split_once('\n').unwrap();
        let args: Vec<String> = line
            .split(' ')
            .map(|w| {
                if w == "target/debug/examples/booking_server" {
                    server.clone()
                } else {
                    w.to_string()
                }
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&args);
        assert_eq!(
            stdout(&o).replace(&server, "target/debug/examples/booking_server"),
            shown,
            "{line}\n{}",
            stderr(&o)
        );
        runs += 1;
    }
    assert_eq!(runs, 3);
}

#[test]
fn a_server_of_another_revision_or_one_that_dies_is_a_tool_error() {
    // The hostile servers need only the standard library.
    let python = "python3";
    // The hostile server speaks 2025-11-25 only.
    let o = replay(
        Path::new("examples/sessions/booking-live.jsonl"),
        &["--", python, "tests/servers/hostile.py", "die"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: examples/sessions/booking-live.jsonl:1: this run was recorded in 2026-07-28, and the server does not speak 2026-07-28; record it again against this server (`mcp-elicit call --record`) to compare from there\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    record(
        &session,
        "book_table",
        "2025-11-25",
        &["--", &example_server()],
    );
    let o = replay(&session, &["--", python, "tests/servers/hostile.py", "die"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        "[server] giving up\n\
         error: the server closed its output, so the connection ended (it exited: exit status: 3)\n"
    );
}

#[test]
fn redacted_answers_are_sent_redacted_with_a_warning() {
    let server = example_server();
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let mut args = vec![
        "call",
        "--tool",
        "book_table",
        "--record",
        session.to_str().unwrap(),
        "--redact",
        "email",
    ];
    args.extend_from_slice(SCRIPT);
    args.extend(["--", server.as_str()]);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = replay(&session, &["--", &server]);
    assert_eq!(
        stderr(&o),
        format!(
            "warning: {}:1: the answers to `email` were redacted when recorded; the replay sends \"[redacted]\" in their place\n",
            session.display()
        )
    );
    // The server echoes what it got: the result is not the recorded one.
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(r#"\"email\":\"[redacted]\""#),
        "{}",
        stdout(&o)
    );
}

/// `replay --format json` against `target`: the exit code, the diagnostics
/// as `(code, line, pointer)`, and the document.
fn drift_json(session: &str, target: &[&str]) -> (Option<i32>, Vec<(String, u64, String)>) {
    let mut args = vec!["replay", "--format", "json", session];
    args.extend_from_slice(target);
    let o = run(&args);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&o), stderr(&o)));
    let found = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
                d["pointer"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (o.status.code(), found)
}

#[test]
fn drift_in_the_json_and_github_formats_in_every_revision() {
    let server = example_server();
    let dir = tempfile::tempdir().unwrap();
    for spec in ["2025-06-18", "2025-11-25", "2026-07-28"] {
        let session = dir.path().join(format!("{spec}.jsonl"));
        let name = session.display().to_string();
        record(&session, "book_and_confirm", spec, &["--", &server]);
        let form_line = line_of(&session, "Book a table at Chez Nous");
        let text = std::fs::read_to_string(&session).unwrap();
        let form = text.lines().nth(form_line - 1).unwrap();
        let params_at = form
            .find(r#""params":{"message":"Book a table at Chez Nous""#)
            .unwrap()
            + r#""params":"#.len();

        let o = run(&["replay", "--format", "json", &name, "--", &server]);
        assert_eq!(o.status.code(), Some(0), "{spec}: {}", stderr(&o));
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(doc["diagnostics"], serde_json::json!([]), "{spec}");
        assert_eq!(stderr(&o), "Checked 1 file: no findings.\n");

        let o = run(&[
            "replay", "--format", "json", &name, "--", &server, "--drift",
        ]);
        assert_eq!(o.status.code(), Some(1), "{spec}: {}", stderr(&o));
        assert_eq!(
            stderr(&o),
            "Checked 1 file: 1 error, 0 warnings and 0 notes in 1 file.\n"
        );
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(
            doc["summary"],
            serde_json::json!({"errors": 1, "warnings": 0, "notes": 0})
        );
        let d = &doc["diagnostics"][0];
        assert_eq!(doc["diagnostics"].as_array().unwrap().len(), 1, "{doc}");
        assert_eq!(d["path"], name.as_str());
        assert_eq!(d["code"], "E740");
        assert_eq!(d["name"], "drift-elicitation-changed");
        assert_eq!(d["severity"], "error");
        assert_eq!(
            d["message"],
            "the elicitation \"Book a table at Chez Nous\" changed: property `guests`: maximum was 12, is 8"
        );
        assert_eq!(d["line"], form_line);
        assert_eq!(d["end_line"], form_line);
        // The span is the recorded params object (the lines are ASCII).
        let (col, end) = (
            d["column"].as_u64().unwrap() as usize,
            d["end_column"].as_u64().unwrap() as usize,
        );
        assert_eq!(col, params_at + 1, "{spec}");
        let params: serde_json::Value = serde_json::from_str(&form[col - 1..end - 1]).unwrap();
        assert_eq!(params["message"], "Book a table at Chez Nous");
        assert!(
            d["pointer"].as_str().unwrap().ends_with("/params"),
            "{spec}: {d}"
        );

        let o = run(&[
            "replay", "--format", "github", &name, "--", &server, "--drift",
        ]);
        assert_eq!(o.status.code(), Some(1), "{spec}: {}", stderr(&o));
        assert_eq!(
            stdout(&o),
            format!(
                "::error file={name},line={form_line},col={col},endColumn={end},title=E740 drift-elicitation-changed::\
                 the elicitation \"Book a table at Chez Nous\" changed: property `guests`: maximum was 12, is 8\n"
            )
        );
        assert_eq!(
            stderr(&o),
            "Checked 1 file: 1 error, 0 warnings and 0 notes in 1 file.\n"
        );
        let o = run(&[
            "replay", "--format", "sarif", &name, "--", &server, "--drift",
        ]);
        assert_eq!(o.status.code(), Some(1), "{spec}: {}", stderr(&o));
        let sarif: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let result = &sarif["runs"][0]["results"][0];
        assert_eq!(result["ruleId"], "E740");
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(
            sarif["runs"][0]["tool"]["driver"]["rules"][index]["id"],
            "E740"
        );
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert_eq!(
            (region["startLine"].as_u64(), region["startColumn"].as_u64()),
            (Some(form_line as u64), Some(col as u64))
        );
        let o = run(&[
            "replay", "--quiet", "--format", "concise", &name, "--", &server, "--drift",
        ]);
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            stdout(&o),
            format!(
                "{name}:{form_line}:{col}: error[E740] the elicitation \"Book a table at Chez Nous\" changed: property `guests`: maximum was 12, is 8\n"
            )
        );
        assert_eq!(stderr(&o), "");
    }
}

#[test]
fn every_kind_of_drift_has_its_rule_and_line() {
    let server = example_server();
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    record(&session, "book_and_confirm", "2025-11-25", &["--", &server]);
    let text = std::fs::read_to_string(&session).unwrap();
    let call_line = line_of(&session, r#""method":"tools/call""#) as u64;
    // Without the confirmation and with another result: a new elicitation
    // and a changed result.
    let cut = dir.path().join("cut.jsonl");
    let edited: String = text
        .lines()
        .filter(|l| !l.contains("\"elicit-2\""))
        .map(|l| l.replace(" then accept", " then ACCEPT") + "\n")
        .collect();
    std::fs::write(&cut, edited).unwrap();
    let result_line = line_of(&cut, "then ACCEPT") as u64;
    let (code, found) = drift_json(cut.to_str().unwrap(), &["--", &server]);
    assert_eq!(code, Some(1));
    assert_eq!(
        found,
        [
            ("E741".to_string(), call_line, "/msg/params".to_string()),
            ("E743".to_string(), result_line, "/msg/result".to_string()),
        ]
    );
    // Answered decline: the confirmation is no longer asked.
    let declined = dir.path().join("declined.jsonl");
    let edited: String = text
        .lines()
        .map(|l| {
            if l.contains(r#""id":"elicit-1","result""#) {
                let at = l.find(r#""result":"#).unwrap();
                format!("{}\"result\":{{\"action\":\"decline\"}}}}}}\n", &l[..at])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&declined, &edited).unwrap();
    let confirm_line = line_of(&declined, "Confirm this booking?") as u64;
    let result_line = line_of(&declined, "then accept") as u64;
    let (code, found) = drift_json(declined.to_str().unwrap(), &["--", &server]);
    assert_eq!(code, Some(1));
    assert_eq!(
        found,
        [
            ("E742".to_string(), confirm_line, "/msg/params".to_string()),
            ("E743".to_string(), result_line, "/msg/result".to_string()),
        ]
    );
    // From stdin, the lines are placed the same.
    let mut child = Command::new(bin())
        .args(["replay", "--format", "concise", "-q", "-", "--", &server])
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(edited.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let heads: Vec<&str> = out
        .lines()
        .map(|l| l.split_once(" error[").unwrap().0)
        .collect();
    let params_col = edited
        .lines()
        .nth(confirm_line as usize - 1)
        .unwrap()
        .find(r#""params":{"#)
        .unwrap()
        + r#""params":"#.len()
        + 1;
    assert_eq!(heads.len(), 2, "{out}");
    assert_eq!(heads[0], format!("-:{confirm_line}:{params_col}:"));
    assert!(heads[1].starts_with(&format!("-:{result_line}:")), "{out}");
    assert!(out.contains("error[E742] the elicitation \"Confirm this booking?\" was not asked"));
}
