//! `mcp-elicit probe` as a person runs it: served over stdio to a host
//! that does what some hosts are known to do (an error for a URL request,
//! an InputRequiredResult never retried, a connection closed while asked),
//! then `--report` on the recording, compared with the facts of the host
//! version the client named. Real clients drive it in tests/peers/probe.rs.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

use crate::support::{bin, cmd, root};

struct Probe {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Probe {
    fn start(record: &std::path::Path) -> Probe {
        let mut child = Command::new(bin())
            .args(["probe", "--record"])
            .arg(record)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Probe {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, msg: Value) {
        let w = self.stdin.as_mut().unwrap();
        writeln!(w, "{msg}").unwrap();
        w.flush().unwrap();
    }

    fn read(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }

    fn close(mut self) {
        drop(self.stdin.take());
        assert!(self.child.wait().unwrap().success());
    }
}

fn report(file: &std::path::Path, extra: &[&str]) -> String {
    let out = Command::new(bin())
        .args(["probe", "--report"])
        .arg(file)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A 2025-11-25 host that declares `elicitation: {}` (form only), as
/// Claude Code 2.1.260 does: it answers the URL-mode probe with an error,
/// accepts the text probe with its default, and leaves while asked the
/// number probe.
#[test]
fn a_form_only_host_over_stdio_is_recorded_and_compared_with_its_version() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("probe.jsonl");
    let mut p = Probe::start(&file);
    p.send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}},
        "clientInfo": {"name": "claude-code", "version": "2.1.260"}}}),
    );
    assert_eq!(p.read()["result"]["protocolVersion"], "2025-11-25");
    p.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    p.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}));
    let tools = p.read()["result"]["tools"].as_array().unwrap().len();
    assert_eq!(tools, mcp_elicit::probe::SHAPES.len());

    p.send(json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "probe_17_url", "arguments": {}}}));
    let ask = p.read();
    assert_eq!(ask["method"], "elicitation/create");
    assert_eq!(ask["params"]["mode"], "url");
    p.send(json!({"jsonrpc": "2.0", "id": ask["id"], "error": {"code": -32602, "message": "URL mode is not supported"}}));
    assert_eq!(p.read()["id"], 3);

    p.send(json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "probe_01_text", "arguments": {}}}));
    let ask = p.read();
    assert!(
        ask["params"]["message"]
            .as_str()
            .unwrap()
            .ends_with("Please accept without changing anything.")
    );
    p.send(json!({"jsonrpc": "2.0", "id": ask["id"], "result": {"action": "accept", "content": {"name": "Ada Lovelace"}}}));
    let done = p.read();
    assert_eq!(
        done["result"]["content"][0]["text"],
        "Recorded for text: accept. Next: call probe_02_number."
    );

    p.send(json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": {"name": "probe_02_number", "arguments": {}}}));
    assert_eq!(p.read()["method"], "elicitation/create");
    p.close();

    let text = report(&file, &[]);
    assert!(text.starts_with("Probe of claude-code 2.1.260"), "{text}");
    assert!(
        text.contains("initialize 2025-11-25: elicitation {}; client claude-code 2.1.260"),
        "{text}"
    );
    assert!(
        text.contains("2025-11-25: error -32602: URL mode is not supported"),
        "{text}"
    );
    assert!(
        text.contains(r#"2025-11-25: accept with {"name":"Ada Lovelace"}"#),
        "{text}"
    );
    assert!(text.contains("the connection was lost"), "{text}");
    // Claude Code 2.1.260 declares form only: the URL error is what its
    // facts (W815) predict, and the text field is as asked; only the
    // number, never answered, differs.
    assert!(
        text.contains("Differences from the facts shipped for claude-code@2.1.260:\n  - number (2025-11-25): the facts shipped predict accept as asked; the host sent the connection was lost"),
        "{text}"
    );
    assert!(!text.contains("  - url"), "{text}");
    assert!(!text.contains("  - text"), "{text}");
    assert!(!text.contains("  - declared"), "{text}");
    // The host entry: the declaration, and a fact for each shape not
    // handled as asked, with the recording as evidence.
    assert!(
        text.contains(r##"elicitation: Some(Declares::Capability(r#"{}"#)),"##),
        "{text}"
    );
    assert!(text.contains(r#"id: "probe-url","#), "{text}");
    assert!(
        text.contains("rule: &rules::HOST_URL_MODE_LIMITED,"),
        "{text}"
    );
    assert!(!text.contains(r#"id: "probe-text","#), "{text}");
}

/// A 2026-07-28 host that never retries an InputRequiredResult, as the
/// Cowork desktop app (Claude Code 2.1.273) is known to: nothing comes
/// back, which is what the facts of that version say.
#[test]
fn an_input_required_result_never_retried_is_nothing_and_matches_cowork() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("probe.jsonl");
    let mut p = Probe::start(&file);
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
        "io.modelcontextprotocol/clientInfo": {"name": "claude-code", "version": "2.1.273"}});
    p.send(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "probe_18_two_questions", "arguments": {}, "_meta": meta}}));
    let r = p.read();
    assert_eq!(r["result"]["resultType"], "input_required", "{r}");
    assert_eq!(
        r["result"]["inputRequests"].as_object().unwrap().len(),
        2,
        "{r}"
    );
    p.close();
    let text = report(&file, &[]);
    assert!(
        text.contains("tools/call 2026-07-28: elicitation {}; client claude-code 2.1.273"),
        "{text}"
    );
    for q in ["first", "second"] {
        assert!(
            text.lines().any(
                |l| l.trim_start().starts_with(&format!("two-questions/{q} "))
                    && l.ends_with("2026-07-28: nothing came back")
            ),
            "{text}"
        );
    }
    assert!(
        text.contains("Differences from the facts shipped for claude-code@2.1.273: none."),
        "{text}"
    );
    // Compared with a version that negotiates 2026-07-28 and answers, the
    // same recording differs.
    let other = report(&file, &["--host", "codex@0.148"]);
    assert!(
        other.contains("Differences from the facts shipped for codex@0.148:"),
        "{other}"
    );
    assert!(
        other.contains("two-questions/first (2026-07-28): the facts shipped predict accept as asked, without the defaults of `first`; the host sent nothing came back"),
        "{other}"
    );
}

#[test]
fn a_recording_cut_short_is_read_up_to_its_last_whole_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("probe.jsonl");
    let committed =
        std::fs::read_to_string(root().join("examples/probe/python-sdk-2.3.0.jsonl")).unwrap();
    let cut = &committed[..committed.len() - 40];
    std::fs::write(&file, cut).unwrap();
    let text = report(&file, &[]);
    assert!(
        text.contains("(its last line was cut short and is left out)"),
        "{text}"
    );
    assert!(text.contains("nested-object"), "{text}");
    assert!(text.contains("nothing came back"), "{text}");
}

#[test]
fn a_file_that_is_no_probe_recording_is_a_clear_error() {
    cmd()
        .args(["probe", "--report", "examples/lint/contact-form.json"])
        .current_dir(root())
        .assert()
        .code(2)
        .stderr_eq(snapbox::str![[r#"
error: examples/lint/contact-form.json:1: not JSON (EOF while parsing an object at line 1 column 1)

"#]]);
    cmd()
        .args(["probe", "--report", "examples/conformance.jsonl"])
        .current_dir(root())
        .assert()
        .code(2)
        .stderr_eq(snapbox::str![[r#"
error: examples/conformance.jsonl:1: not an event of a probe recording

"#]]);
    cmd()
        .args(["probe", "--report", "no-such-recording.jsonl"])
        .current_dir(root())
        .assert()
        .code(2)
        .stderr_eq(snapbox::str![[r#"
error: --report no-such-recording.jsonl: no such file or directory; check the path

"#]]);
    cmd()
        .args(["probe", "--record", "a.jsonl", "--report", "b.jsonl"])
        .current_dir(root())
        .assert()
        .code(2);
    cmd()
        .args(["probe", "--report", "examples/probe/python-sdk-2.3.0.jsonl", "--host", "netscape"])
        .current_dir(root())
        .assert()
        .code(2)
        .stderr_eq(snapbox::str![[r#"
error: --host: no host `netscape`; known hosts: claude-code, claude-desktop, codex, vscode, cursor, copilot-cli, goose-desktop, goose-cli, zed, continue, cline, gemini-cli, fast-agent, mcporter, inspector, inspector-v1, ts-sdk, ts-sdk-old, ts-sdk-v2, python-sdk, rmcp, or all

"#]]);
}

/// What a host sends is untrusted: a client name that drives a terminal
/// reaches the report as plain text.
#[test]
fn a_hostile_client_name_reaches_the_report_as_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("probe.jsonl");
    let mut p = Probe::start(&file);
    p.send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}},
        "clientInfo": {"name": "evil\u{1b}]0;pwned\u{7}\u{1b}[2J", "version": "1"}}}),
    );
    p.read();
    p.close();
    let text = report(&file, &[]);
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(!text.contains('\u{7}'), "{text:?}");
    assert!(text.contains("no host to compare with"), "{text}");
}
