//! Sessions: the writer's output matches the documented format and survives
//! a crash; `replay` checks and shows sessions of every recognised format.
//! A `replay --show` of a shipped session is a trycmd case in
//! `tests/cmd/replay/`, run by `errors::cli_cases`.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

use mcp_elicit::session::{Direction, Peer, Writer};
use mcp_elicit::spec::Revision;

use crate::support::output::stdout;
use crate::support::{bin, fixture, read, root};

fn replay(args: &[&str]) -> Output {
    Command::new(bin())
        .arg("replay")
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// Every line of `path` is valid against docs/session-line.schema.json.
fn assert_documented(path: &Path) {
    let schema: serde_json::Value =
        serde_json::from_str(&read(root().join("docs/session-line.schema.json"))).unwrap();
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap();
    for (i, line) in read(path).lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
        let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
        assert!(
            errors.is_empty(),
            "{}:{}: {errors:?}",
            path.display(),
            i + 1
        );
    }
}

const CALL: &str = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"book_table","arguments":{}}}"#;
const ASK: &str = r#"{
  "jsonrpc": "2.0", "id": 0, "method": "elicitation/create",
  "params": {"message": "Guests and phone?", "requestedSchema": {"type": "object",
    "properties": {"guests": {"type": "integer", "minimum": 1, "maximum": 12},
                   "phone": {"type": "string", "maxLength": 20}},
    "required": ["guests", "phone"]}}
}"#;
const ANSWER: &str = r#"{"jsonrpc":"2.0","id":0,"result":{"action":"accept","content":{"guests":4,"phone":"+33 1 23 45 67 89"}}}"#;
const RESULT: &str =
    r#"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Booked"}]}}"#;

fn record(path: &Path, redact: &[String]) {
    let peer = Peer::Stdio {
        command: vec!["node".into(), "server.js".into()],
    };
    let mut w = Writer::open(path, Revision::V2025_11_25, &peer, redact).unwrap();
    w.message(Direction::ClientToServer, CALL).unwrap();
    w.message(Direction::ServerToClient, ASK).unwrap();
    w.message(Direction::ClientToServer, ANSWER).unwrap();
    w.exchange_done().unwrap();
    w.message(Direction::ServerToClient, RESULT).unwrap();
    w.exchange_done().unwrap();
}

#[test]
fn the_writer_writes_the_documented_format_and_it_replays_clean() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    record(&path, &[]);
    assert_documented(&path);
    let text = read(&path);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    assert!(
        lines[0].starts_with(r#"{"mcp-elicit-session":1,"tool":"mcp-elicit "#),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(r#""spec":"2025-11-25","server":{"transport":"stdio","command":["node","server.js"]},"started":""#));
    // One-line messages are kept byte for byte; a multi-line one is compacted
    // with its key order kept.
    assert!(
        lines[1].ends_with(&format!(r#","from":"client","msg":{CALL}}}"#)),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains(r#""msg":{"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"message":"Guests and phone?""#));
    let o = replay(&[path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), "");
}

#[test]
fn redacted_answers_are_marked_and_not_judged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    record(&path, &["phone".to_string()]);
    assert_documented(&path);
    let text = read(&path);
    assert!(
        text.contains(r#""content":{"guests":4,"phone":"[redacted]"}"#),
        "{text}"
    );
    assert!(!text.contains("+33"));
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with(r#","redacted":["phone"]}"#)
    );
    let o = replay(&[path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn a_crash_mid_line_keeps_every_complete_exchange() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    record(&path, &[]);
    // The peer died while the next answer was being written.
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(br#"{"t":900,"from":"client","msg":{"jsonrpc":"2.0","id":1,"res"#)
        .unwrap();
    drop(f);
    let name = path.to_str().unwrap();
    let o = replay(&[name]);
    assert_eq!(o.status.code(), Some(0), "a torn line is a warning");
    assert_eq!(
        stdout(&o),
        format!(
            "{name}:6:1: warning[W731] this line is cut off (its JSON ends early): the recording stopped mid-write; it was skipped, and everything before it was checked\n"
        )
    );
    // Recording again appends a new run on a fresh line; the torn line
    // stays a warning and both runs are checked.
    record(&path, &[]);
    let o = replay(&["--format", "json", name]);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let found: Vec<String> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| format!("{}@{}", d["code"].as_str().unwrap(), d["line"]))
        .collect();
    assert_eq!(found, ["W731@6"]);
    let show = replay(&["--show", name]);
    assert_eq!(show.status.code(), Some(0));
    assert_eq!(stdout(&show).matches("── session").count(), 2);
    assert!(String::from_utf8_lossy(&show.stderr).contains(":6: this line is cut off"));
}

#[test]
fn any_other_bad_line_is_an_error_with_its_line_number() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    record(&path, &[]);
    let text = read(&path).replace(r#""from":"server""#, r#""from":"browser""#);
    std::fs::write(&path, text).unwrap();
    let name = path.to_str().unwrap();
    let o = replay(&[name]);
    assert_eq!(o.status.code(), Some(1));
    // Reported at the bad value, whose column depends on the recorded time.
    let line3 = read(&path).lines().nth(2).unwrap().to_string();
    let col = line3[..line3.find(r#""browser""#).unwrap()].chars().count() + 1;
    assert!(
        stdout(&o).starts_with(&format!(
            "{name}:3:{col}: error[E730] `from` is not \"client\" or \"server\""
        )),
        "{}",
        stdout(&o)
    );
    let show = replay(&["--show", name]);
    assert_eq!(show.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&show.stderr).contains(&format!("{name}:3: `from` is not")));
}

#[test]
fn shipped_examples_match_the_schema_and_check_clean() {
    for f in ["booking.jsonl", "booking-2026.jsonl", "booking-live.jsonl"] {
        let p = root().join("examples/sessions").join(f);
        assert_documented(&p);
        let o = replay(&[p.to_str().unwrap(), "--fail-on", "note"]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", stdout(&o));
    }
}

/// Each importer reads a hand-built file: the out-of-range answer (guests
/// 40) is found on its line, the sender of each message is right, and lines
/// the format says to skip are skipped.
#[test]
fn sessions_of_other_tools_are_read() {
    for (file, line) in [
        ("plain.jsonl", 3),
        ("meta-dir.ndjson", 4),
        ("envelope.jsonl", 3),
        ("labelled.jsonl", 5),
    ] {
        let path = fixture("sessions").join(file);
        let name = path.to_str().unwrap();
        let o = replay(&["--format", "json", "--spec", "2025-11-25", name]);
        assert_eq!(o.status.code(), Some(1), "{file}");
        let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let found: Vec<String> = report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| format!("{}@{}", d["code"].as_str().unwrap(), d["line"]))
            .collect();
        assert_eq!(found, [format!("E706@{line}")], "{file}");
        let show = stdout(&replay(&["--show", name]));
        let senders: Vec<&str> = show
            .lines()
            .filter_map(|l| l.split("  ").find(|p| p.contains(" → ")).map(str::trim))
            .collect();
        assert_eq!(
            senders,
            [
                "client → server",
                "server → client",
                "client → server",
                "server → client"
            ],
            "{file}:\n{show}"
        );
        // The same file through `lint` gives the same findings.
        let lint = Command::new(bin())
            .args(["lint", "--format", "json", "--spec", "2025-11-25", name])
            .output()
            .unwrap();
        assert_eq!(lint.stdout, o.stdout, "{file}");
    }
}

#[test]
fn answers_from_a_session_match_by_message_and_schema_not_id() {
    let req = fixture("answer/booking-request.json");
    let o = Command::new(bin())
        .args([
            "answer",
            "--output",
            "response",
            "--answers-from",
            "examples/sessions/booking.jsonl",
        ])
        .arg(&req)
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(
        stdout(&o),
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"action\":\"accept\",\"content\":{\"date\":\"2026-12-24\",\"guests\":4,\"seating\":\"terrace\"}}}\n"
    );
    // A changed schema has no recorded answer: the nearest request is named
    // with what differs.
    let dir = tempfile::tempdir().unwrap();
    let changed = dir.path().join("changed.json");
    std::fs::write(
        &changed,
        read(&req).replace("\"maximum\":12", "\"maximum\":8"),
    )
    .unwrap();
    let o = Command::new(bin())
        .args([
            "answer",
            "--answers-from",
            "examples/sessions/booking.jsonl",
        ])
        .arg(&changed)
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "no recorded request matches; the nearest, on line 6, differs: property `guests`: maximum was 12, is 8"
        ),
        "{err}"
    );
    assert_eq!(stdout(&o), "");
}

/// A library user's responder, wrapped to record: each request answered,
/// refused ones too when a decline answers them, and nothing for a request
/// left to the caller's `-32602`.
#[test]
fn any_responder_is_recorded_by_wrapping_it() {
    use mcp_elicit::form::RecordingResponder;
    use mcp_elicit::form::respond::{Request, Responder};
    use mcp_elicit::form::{Action, FixedResponder};

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    let peer = Peer::File {
        path: "requests.json".into(),
    };
    let params: serde_json::Value = serde_json::from_str(ASK).unwrap();
    let params = &params["params"];
    let request = Request {
        params,
        server: Some("booking"),
        revision: Revision::V2025_11_25,
        key: None,
        notes: &[],
        deadline: None,
        position: None,
    };
    let writer = Writer::open(&path, Revision::V2025_11_25, &peer, &[]).unwrap();
    let mut declines = RecordingResponder::new(FixedResponder(Action::Decline), writer);
    let answer = declines.respond(&request).unwrap();
    assert_eq!(answer, serde_json::json!({"action": "decline"}));
    let refused = declines.refused(&request, &["E101 broken".into()]).unwrap();
    assert_eq!(refused, Some(answer));
    let writer = Writer::open(&path, Revision::V2025_11_25, &peer, &[]).unwrap();
    let mut accepts =
        RecordingResponder::new(FixedResponder(Action::Accept), writer).sent_as(ASK, "0");
    assert_eq!(accepts.refused(&request, &[]).unwrap(), None);
    assert!(accepts.respond(&request).is_err());

    assert_documented(&path);
    let text = read(&path);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "a header, two exchanges, a header:\n{text}");
    for (line, id) in [(1, 1), (3, 2)] {
        let request: serde_json::Value = serde_json::from_str(lines[line]).unwrap();
        assert_eq!(request["from"], "server");
        assert_eq!(request["msg"]["id"], id);
        assert_eq!(request["msg"]["method"], "elicitation/create");
        assert_eq!(&request["msg"]["params"], params);
        assert!(
            lines[line + 1].ends_with(&format!(
                r#""from":"client","msg":{{"jsonrpc":"2.0","id":{id},"result":{{"action":"decline"}}}}}}"#
            )),
            "{text}"
        );
    }
    let o = replay(&[path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn answer_records_each_request_and_answer() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("answers.jsonl");
    let run = |args: &[&str], file: &str| {
        Command::new(bin())
            .arg("answer")
            .args(args)
            .arg("--record")
            .arg(&session)
            .arg(file)
            .current_dir(root())
            .output()
            .unwrap()
    };
    let o = run(
        &["--defaults", "--redact", "name"],
        "tests/fixtures/corpus/conformance-sep1034-client-defaults.json",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = run(
        &["--set", "date=2026-12-24", "--set", "guests=4"],
        "tests/fixtures/answer/booking-request.json",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_documented(&session);
    let text = read(&session);
    assert_eq!(
        text.lines().count(),
        6,
        "two runs of header, request, answer:\n{text}"
    );
    assert!(
        text.contains(r#""content":{"name":"[redacted]","age":30"#),
        "{text}"
    );
    // The whole request document is kept with its id; the answer carries it.
    assert!(text.contains(r#""from":"client","msg":{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"date":"2026-12-24","guests":4"#), "{text}");
    let o = replay(&[session.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // And it answers the same request again.
    let again = Command::new(bin())
        .args(["answer", "--answers-from"])
        .arg(&session)
        .arg("tests/fixtures/answer/booking-request.json")
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(
        stdout(&again),
        "{\"action\":\"accept\",\"content\":{\"date\":\"2026-12-24\",\"guests\":4}}\n"
    );
    // Input requests are not recorded from a file: that exchange is the client's.
    let o = Command::new(bin())
        .args(["answer", "--defaults", "--record"])
        .arg(&session)
        .arg("tests/fixtures/spec-examples/2026-07-28/InputRequiredResult/input-required-result-with-elicitation-and-sampling-and-request-state.json")
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("--record records elicitation/create requests and params")
    );
}
