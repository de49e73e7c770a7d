//! `mcp-elicit serve` driven by clients: our own `call`, and a raw JSON-RPC
//! client for what no well-behaved client sends (an invalid answer, a
//! disconnect). Driven by the official conformance suite and the official
//! Python SDK: the peers tier (tests/peers/serve_cli.rs).
//! What `serve` prints before serving (`--list`, refusals) is trycmd cases
//! in `tests/cmd/serve/`, run by `errors::cli_cases`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::output::{call, report, stderr, stdout};
use crate::support::serve::HttpServe;
use crate::support::{bin, root};

fn result_text(o: &Output) -> String {
    let v: Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(o), stderr(o)));
    v["content"][0]["text"].as_str().unwrap().to_string()
}

#[test]
fn call_answers_serve_over_stdio_in_every_revision() {
    let dir = tempfile::tempdir().unwrap();
    for spec in ["2025-06-18", "2025-11-25", "2026-07-28"] {
        let rep = dir.path().join(format!("{spec}.jsonl"));
        let rep_s = rep.to_str().unwrap();
        let serve = [
            bin(),
            "serve",
            "--report",
            rep_s,
            "tests/fixtures/serve/ask_age.json",
        ];
        let mut args = vec!["--spec", spec, "--tool", "ask_age", "--set", "age=42", "--"];
        args.extend(serve);
        let o = call(&args);
        assert_eq!(o.status.code(), Some(0), "{spec}: {}", stderr(&o));
        assert_eq!(
            result_text(&o),
            r#"ask_age (tests/fixtures/serve/ask_age.json:1): accept {"age":42}; valid"#,
            "{spec}"
        );
        for (action, how) in [("decline", "decline"), ("cancel", "cancel")] {
            let mut args = vec![
                "--spec", spec, "--tool", "ask_age", "--action", action, "--",
            ];
            args.extend(serve);
            let o = call(&args);
            assert_eq!(o.status.code(), Some(0), "{spec}: {}", stderr(&o));
            assert!(
                result_text(&o).ends_with(&format!(": {how}; valid")),
                "{spec}"
            );
        }
        let lines = report(&rep);
        assert_eq!(lines.len(), 3, "{spec}: {lines:?}");
        for (l, action) in lines.iter().zip(["accept", "decline", "cancel"]) {
            assert_eq!(l["tool"], "ask_age");
            assert_eq!(l["revision"], spec);
            assert_eq!(l["outcome"], "answered");
            assert_eq!(l["answer"]["action"], action);
            assert_eq!(l["valid"], true);
            assert_eq!(l["findings"], json!([]));
            assert!(l["ms"].is_u64(), "{l}");
            assert_eq!(l["request"]["message"], "How old are you?");
        }
    }
}

#[test]
fn call_answers_serve_over_http_in_every_revision_and_the_report_is_flushed_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("report.jsonl");
    let serve = HttpServe::start(&[
        "--report",
        rep.to_str().unwrap(),
        "tests/fixtures/serve/ask_age.json",
        "examples/conformance.jsonl",
    ]);
    for spec in ["2025-06-18", "2025-11-25", "2026-07-28"] {
        let o = call(&[
            "--spec", spec, "--tool", "ask_age", "--set", "age=7", &serve.url,
        ]);
        assert_eq!(o.status.code(), Some(0), "{spec}: {}", stderr(&o));
        assert!(
            result_text(&o).ends_with(r#"accept {"age":7}; valid"#),
            "{spec}"
        );
        let o = call(&[
            "--spec", spec, "--tool", "ask_age", "--action", "decline", &serve.url,
        ]);
        assert!(result_text(&o).ends_with(": decline; valid"), "{spec}");
    }
    // The recorded message came from the `message` argument: the served one does too.
    let o = call(&[
        "--tool",
        "test_elicitation",
        "--args",
        r#"{"message": "Who are you?"}"#,
        "--set",
        "username=ada",
        "--set",
        "email=ada@example.com",
        &serve.url,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines = report(&rep);
    assert_eq!(lines.len(), 7, "{lines:?}");
    assert_eq!(lines[6]["request"]["message"], "Who are you?");
    let (code, err) = serve.stop();
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("serve: 7 exchanges, 0 failed"), "{err}");
}

impl Drop for HttpServe {
    fn drop(&mut self) {
        // A failed test leaves no server behind.
        let _ = self.child.kill();
    }
}

/// A raw JSON-RPC client over stdio: sends what it is told, nothing checked.
struct Raw {
    child: Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Raw {
    fn start(args: &[&str]) -> Raw {
        let mut child = Command::new(bin())
            .arg("serve")
            .args(args)
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        Raw { child, out }
    }

    fn send(&mut self, msg: Value) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{msg}").unwrap();
        stdin.flush().unwrap();
    }

    fn recv(&mut self) -> Value {
        let mut line = String::new();
        self.out.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }

    fn initialize(&mut self, capabilities: Value) {
        self.send(
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": capabilities,
            "clientInfo": {"name": "raw", "version": "0"}}}),
        );
        assert_eq!(self.recv()["result"]["protocolVersion"], "2025-11-25");
        self.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    }

    /// Closes stdin and waits: exit code and stderr.
    fn finish(mut self) -> (Option<i32>, String) {
        drop(self.child.stdin.take());
        let o = self.child.wait_with_output().unwrap();
        (o.status.code(), stderr(&o))
    }
}

#[test]
fn an_invalid_answer_is_reported_and_makes_the_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("report.jsonl");
    let mut raw = Raw::start(&[
        "--report",
        rep.to_str().unwrap(),
        "tests/fixtures/serve/ask_age.json",
    ]);
    raw.initialize(json!({"elicitation": {}}));
    raw.send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age"}}),
    );
    let ask = raw.recv();
    assert_eq!(ask["method"], "elicitation/create");
    raw.send(json!({"jsonrpc": "2.0", "id": ask["id"], "result": {"action": "accept", "content": {"age": "old"}}}));
    let done = raw.recv();
    let text = done["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with(
            r#"ask_age (tests/fixtures/serve/ask_age.json:1): accept {"age":"old"}; error["#
        ),
        "{text}"
    );
    let (code, err) = raw.finish();
    assert_eq!(code, Some(1), "{err}");
    let lines = report(&rep);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["findings"][0]["severity"], "error");
    assert_eq!(lines[0]["findings"][0]["pointer"], "/content/age");
}

#[test]
fn a_url_request_goes_only_to_a_client_that_declared_url_mode() {
    let mut raw = Raw::start(&["examples/lint/sign-in-url.json"]);
    raw.initialize(json!({"elicitation": {"form": {}}}));
    raw.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "sign-in-url"}}));
    let done = raw.recv();
    assert_eq!(done["id"], 2, "no elicitation is sent: {done}");
    let text = done["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.ends_with("not asked: the client did not declare URL mode"),
        "{text}"
    );
    let (code, _) = raw.finish();
    assert_eq!(code, Some(0));
}

#[test]
fn a_client_that_leaves_mid_elicitation_ends_stdio_cleanly_and_leaves_http_up() {
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("report.jsonl");
    let mut raw = Raw::start(&[
        "--report",
        rep.to_str().unwrap(),
        "tests/fixtures/serve/ask_age.json",
    ]);
    raw.initialize(json!({"elicitation": {}}));
    raw.send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age"}}),
    );
    assert_eq!(raw.recv()["method"], "elicitation/create");
    let (code, err) = raw.finish();
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let lines = report(&rep);
    assert_eq!(lines[0]["outcome"], "lost", "{lines:?}");

    // Over HTTP: a client that drops its connection while asked; the
    // server keeps serving the next one.
    let rep = dir.path().join("http.jsonl");
    let serve = HttpServe::start(&[
        "--report",
        rep.to_str().unwrap(),
        "tests/fixtures/serve/ask_age.json",
    ]);
    let addr = serve
        .url
        .trim_start_matches("http://")
        .trim_end_matches("/mcp");
    let post = |body: &Value, session: Option<&str>| {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        let body = body.to_string();
        let session = session.map_or(String::new(), |id| format!("Mcp-Session-Id: {id}\r\n"));
        write!(
            s,
            "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\n{session}Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        s
    };
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}},
        "clientInfo": {"name": "raw", "version": "0"}}});
    let mut head = String::new();
    BufReader::new(post(&init, None))
        .read_to_string(&mut head)
        .ok();
    let id = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .starts_with("mcp-session-id:")
                .then(|| l[15..].trim().to_string())
        })
        .unwrap_or_else(|| panic!("no session: {head}"));
    let call =
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age"}});
    let mut s = BufReader::new(post(&call, Some(&id)));
    let mut line = String::new();
    while s.read_line(&mut line).unwrap() > 0 && !line.contains("elicitation/create") {
        line.clear();
    }
    assert!(line.contains("elicitation/create"), "{line}");
    drop(s);
    // The server notices the dropped call at its next check of the stream.
    let deadline = Instant::now() + Duration::from_secs(10);
    while report(&rep).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    let lines = report(&rep);
    assert_eq!(lines[0]["outcome"], "lost", "{lines:?}");
    assert_eq!(
        lines[0]["reason"],
        "the client closed the connection while being asked"
    );
    let o = call_url(&serve.url);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let (code, err) = serve.stop();
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(report(&rep).len(), 2);
}

fn call_url(url: &str) -> Output {
    call(&["--tool", "ask_age", "--set", "age=3", url])
}

#[test]
fn expected_answers_are_compared_and_a_mismatch_makes_the_exit_code_1() {
    let session = "examples/sessions/booking.jsonl";
    let serve = [bin(), "serve", "--expect-answers-from", session, session];
    // As recorded: the answers of the same session.
    let mut args = vec!["--tool", "book_table", "--answers-from", session, "--"];
    args.extend(serve);
    let o = call(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        result_text(&o).ends_with("; valid; as recorded"),
        "{}",
        result_text(&o)
    );
    assert!(
        stderr(&o).contains("serve: 1 exchange, 0 failed"),
        "{}",
        stderr(&o)
    );
    // Declined where the recording accepted: the server's exit code is 1.
    let mut raw = Raw::start(&["--expect-answers-from", session, session]);
    raw.initialize(json!({"elicitation": {}}));
    raw.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "book_table", "arguments": {"restaurant": "Chez Nous"}}}));
    let ask = raw.recv();
    raw.send(json!({"jsonrpc": "2.0", "id": ask["id"], "result": {"action": "decline"}}));
    let text = raw.recv()["result"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        text.ends_with(r#"; valid; not as recorded: recorded on line 6: accept {"date":"2026-12-24","guests":4,"seating":"terrace"}, got decline"#),
        "{text}"
    );
    let (code, err) = raw.finish();
    assert_eq!(code, Some(1), "{err}");
}

/// The console block of docs/serve.md that starts with `$ PREFIX`: the
/// command's words after `mcp-elicit` and the output shown.
fn readme_run(prefix: &str) -> (Vec<String>, String) {
    let readme = std::fs::read_to_string(root().join("docs/serve.md")).unwrap();
    let at = readme
        .find(&format!("$ {prefix}"))
        .unwrap_or_else(|| panic!("docs/serve.md shows `{prefix}`"));
    let line_end = at + readme[at..].find('\n').unwrap();
    let words = readme[at + 2..line_end]
        .split(' ')
        .skip(1)
        .map(|w| {
            if w == "mcp-elicit" {
                bin().to_string()
            } else {
                w.to_string()
            }
        })
        .collect();
    let rest = &readme[line_end + 1..];
    (words, rest[..rest.find("```").unwrap()].to_string())
}

#[test]
fn the_serve_page_shows_real_serve_runs() {
    for prefix in [
        "mcp-elicit serve --list",
        "mcp-elicit call --tool test_elicitation_sep1034_defaults",
    ] {
        let (args, shown) = readme_run(prefix);
        let o = Command::new(bin())
            .args(&args)
            .current_dir(root())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{prefix}: {}", stderr(&o));
        assert_eq!(stdout(&o), shown, "{prefix}");
    }
}

#[test]
fn delay_repeat_and_burst_shape_how_often_and_when_it_asks() {
    let dir = tempfile::tempdir().unwrap();
    for spec in ["2025-11-25", "2026-07-28"] {
        let rep = dir.path().join(format!("{spec}.jsonl"));
        let started = Instant::now();
        let o = call(&[
            "--spec",
            spec,
            "--tool",
            "ask_age",
            "--set",
            "age=5",
            "--",
            bin(),
            "serve",
            "--delay",
            "500ms",
            "--repeat",
            "2",
            "--burst",
            "3",
            "--report",
            rep.to_str().unwrap(),
            "tests/fixtures/serve/ask_age.json",
        ]);
        let took = started.elapsed();
        assert_eq!(o.status.code(), Some(0), "{spec}: {}", stderr(&o));
        // Two bursts of three, a delay before each burst only.
        assert_eq!(result_text(&o).lines().count(), 6, "{spec}");
        assert_eq!(report(&rep).len(), 6, "{spec}");
        // Two delays of 500 ms at least; how much longer is the machine's.
        assert!(took >= Duration::from_millis(1000), "{spec}: {took:?}");
    }
}

#[test]
fn a_burst_sends_every_request_before_any_answer() {
    // 2025-11-25 over stdio: three requests in flight, answered in reverse.
    let mut raw = Raw::start(&["--burst", "3", "tests/fixtures/serve/ask_age.json"]);
    raw.initialize(json!({"elicitation": {}}));
    raw.send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age"}}),
    );
    let asked: Vec<Value> = (0..3).map(|_| raw.recv()).collect();
    assert!(
        asked.iter().all(|m| m["method"] == "elicitation/create"),
        "{asked:?}"
    );
    for (i, m) in asked.iter().enumerate().rev() {
        raw.send(json!({"jsonrpc": "2.0", "id": m["id"], "result": {"action": "accept", "content": {"age": i}}}));
    }
    let done = raw.recv();
    let text = done["result"]["content"][0]["text"].as_str().unwrap();
    let ages: Vec<&str> = text
        .lines()
        .map(|l| &l[l.find("accept").unwrap()..])
        .collect();
    assert_eq!(
        ages,
        [
            r#"accept {"age":0}; valid"#,
            r#"accept {"age":1}; valid"#,
            r#"accept {"age":2}; valid"#
        ]
    );
    let (code, err) = raw.finish();
    assert_eq!(code, Some(0), "{err}");

    // 2026-07-28: one InputRequiredResult with all three, one retry answers them.
    let mut raw = Raw::start(&["--burst", "3", "tests/fixtures/serve/ask_age.json"]);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}});
    raw.send(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "ask_age", "_meta": meta}}));
    let first = raw.recv();
    let requests = first["result"]["inputRequests"].as_object().unwrap();
    assert_eq!(
        requests.keys().collect::<Vec<_>>(),
        ["q1", "q2", "q3"],
        "{first}"
    );
    let answers: serde_json::Map<String, Value> = (1..=3)
        .map(|i| {
            (
                format!("q{i}"),
                json!({"action": "accept", "content": {"age": i}}),
            )
        })
        .collect();
    raw.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age", "_meta": meta,
        "inputResponses": answers, "requestState": first["result"]["requestState"]}}));
    let done = raw.recv();
    assert_eq!(done["result"]["resultType"], "complete", "{done}");
    assert_eq!(
        done["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .lines()
            .count(),
        3
    );
    let (code, err) = raw.finish();
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("serve: 3 exchanges, 0 failed"), "{err}");
}

#[test]
fn an_altered_request_state_is_refused_reported_and_makes_the_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("report.jsonl");
    let mut raw = Raw::start(&[
        "--report",
        rep.to_str().unwrap(),
        "tests/fixtures/serve/ask_age.json",
    ]);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}});
    raw.send(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "ask_age", "_meta": meta}}));
    let first = raw.recv();
    let state = first["result"]["requestState"].as_str().unwrap();
    // The answers so far, re-encoded with one changed: the signature no longer fits.
    let (payload, sig) = state.split_once('.').unwrap();
    let forged = format!("{}x.{sig}", &payload[..payload.len() - 1]);
    raw.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age", "_meta": meta,
        "inputResponses": {"q1": {"action": "accept", "content": {"age": 1}}}, "requestState": forged}}));
    let refused = raw.recv();
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    let (code, err) = raw.finish();
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("serve: client error: requestState"), "{err}");
    let lines = report(&rep);
    assert_eq!(lines[0]["event"], "client-error", "{lines:?}");
}

#[test]
fn a_retry_that_reuses_its_request_id_is_a_client_error() {
    let mut raw = Raw::start(&["tests/fixtures/serve/ask_age.json"]);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}});
    let ask = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "ask_age", "_meta": meta}});
    raw.send(ask.clone());
    let first = raw.recv();
    let mut retry = ask;
    retry["params"]["inputResponses"] = json!({"q1": {"action": "decline"}});
    retry["params"]["requestState"] = first["result"]["requestState"].clone();
    raw.send(retry);
    assert_eq!(raw.recv()["result"]["resultType"], "complete");
    let (code, err) = raw.finish();
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("serve: client error: a retry reused request id 7; a retry needs a new id"),
        "{err}"
    );
}

#[test]
fn ctrl_c_on_stdio_stops_with_the_exit_code_of_what_was_seen() {
    let mut raw = Raw::start(&["tests/fixtures/serve/ask_age.json"]);
    raw.initialize(json!({"elicitation": {}}));
    raw.send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age"}}),
    );
    let ask = raw.recv();
    raw.send(json!({"jsonrpc": "2.0", "id": ask["id"], "result": {"action": "accept", "content": {"age": 200}}}));
    assert_eq!(raw.recv()["id"], 2);
    // stdin stays open: only the signal stops it.
    Command::new("kill")
        .args(["-INT", &raw.child.id().to_string()])
        .status()
        .unwrap();
    let o = raw.child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("serve: 1 exchange, 1 failed"),
        "{}",
        stderr(&o)
    );
}

/// A 2026-07-28 `tools/call` over stdio with these client capabilities.
fn modern_call(id: u64, tool: &str, caps: Value, extra: Value) -> Value {
    let mut params = json!({"name": tool, "arguments": {}, "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": caps}});
    if let Value::Object(m) = extra {
        params.as_object_mut().unwrap().extend(m);
    }
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
}

fn keys(reply: &Value) -> Vec<String> {
    reply["result"]["inputRequests"]
        .as_object()
        .unwrap_or_else(|| panic!("not an InputRequiredResult: {reply}"))
        .keys()
        .cloned()
        .collect()
}

#[test]
fn recorded_keys_are_kept_extra_answers_noted_and_a_missing_one_asked_again() {
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("report.jsonl");
    let mut raw = Raw::start(&[
        "--report",
        rep.to_str().unwrap(),
        "examples/conformance-2026.jsonl",
    ]);
    let caps = json!({"elicitation": {}});
    let tool = "test_input_required_result_multi_round";
    raw.send(modern_call(1, tool, caps.clone(), json!({})));
    let r1 = raw.recv();
    assert_eq!(keys(&r1), ["step1"]);
    assert_eq!(
        r1["result"]["inputRequests"]["step1"]["params"]["message"],
        "Step 1: What is your name?"
    );
    // The answer, and one to a question never asked: ignored.
    raw.send(modern_call(
        2,
        tool,
        caps.clone(),
        json!({
        "inputResponses": {"step1": {"action": "accept", "content": {"name": "Ada"}},
                           "shoe_size": {"action": "accept", "content": {"size": 38}}},
        "requestState": r1["result"]["requestState"]}),
    ));
    let r2 = raw.recv();
    assert_eq!(keys(&r2), ["step2"]);
    // No answer to step2: it is asked again, under its key.
    raw.send(modern_call(
        3,
        tool,
        caps.clone(),
        json!({
        "inputResponses": {"step_two": {"action": "accept", "content": {"color": "red"}}},
        "requestState": r2["result"]["requestState"]}),
    ));
    let r3 = raw.recv();
    assert_eq!(r3["result"]["resultType"], "input_required", "{r3}");
    assert_eq!(keys(&r3), ["step2"]);
    raw.send(modern_call(
        4,
        tool,
        caps.clone(),
        json!({
        "inputResponses": {"step2": {"action": "accept", "content": {"color": "red"}}},
        "requestState": r3["result"]["requestState"]}),
    ));
    let done = raw.recv();
    assert_eq!(done["result"]["resultType"], "complete", "{done}");
    let text = done["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains(r#"accept {"name":"Ada"}; valid"#), "{text}");
    assert!(text.contains(r#"accept {"color":"red"}; valid"#), "{text}");
    // Notes are shown and reported, and are not failures.
    let (code, err) = raw.finish();
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(r#"serve: note: the retry of call id 2 answered ["shoe_size"], which test_input_required_result_multi_round did not ask; ignored"#),
        "{err}"
    );
    assert!(
        err.contains(
            r#"serve: note: the retry of call id 3 did not answer ["step2"]; asked again"#
        ),
        "{err}"
    );
    let lines = report(&rep);
    let notes: Vec<&Value> = lines.iter().filter(|l| l["event"] == "note").collect();
    assert_eq!(notes.len(), 3, "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.get("tool").is_some()).count(), 2);
}

#[test]
fn a_2026_key_travels_in_meta_through_a_2025_recording_and_back() {
    // A question recorded in 2026-07-28, asked of a 2025 client: its key
    // goes along in _meta.
    let mut raw = Raw::start(&["examples/conformance-2026.jsonl"]);
    raw.initialize(json!({"elicitation": {"form": {}}}));
    raw.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "test_input_required_result_multi_round", "arguments": {}}}));
    for (key, content) in [
        ("step1", json!({"name": "Ada"})),
        ("step2", json!({"color": "red"})),
    ] {
        let ask = raw.recv();
        assert_eq!(ask["method"], "elicitation/create", "{ask}");
        assert_eq!(
            ask["params"]["_meta"],
            json!({"io.github.mcp-elicit/inputKey": key}),
            "{ask}"
        );
        raw.send(json!({"jsonrpc": "2.0", "id": ask["id"],
            "result": {"action": "accept", "content": content}}));
    }
    assert_eq!(raw.recv()["id"], 2);
    let (code, err) = raw.finish();
    assert_eq!(code, Some(0), "{err}");

    // The recording of such an exchange, served to a 2026-07-28 client:
    // asked under the recorded key, which _meta no longer repeats.
    let mut raw = Raw::start(&["examples/conformance-2026-as-2025.jsonl"]);
    let caps = json!({"elicitation": {}});
    let tool = "test_input_required_result_elicitation";
    raw.send(modern_call(1, tool, caps.clone(), json!({})));
    let r = raw.recv();
    assert_eq!(keys(&r), ["user_name"]);
    assert_eq!(
        r["result"]["inputRequests"]["user_name"]["params"].get("_meta"),
        None,
        "{r}"
    );
    raw.send(modern_call(
        2,
        tool,
        caps.clone(),
        json!({"inputResponses": {"user_name": {"action": "accept", "content": {"name": "Ada"}}},
               "requestState": r["result"]["requestState"]}),
    ));
    assert_eq!(raw.recv()["result"]["resultType"], "complete");
    let (code, err) = raw.finish();
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("serve: 1 exchange, 0 failed"), "{err}");

    // A 2025 request recorded without a key is keyed by its order.
    let mut raw = Raw::start(&["examples/sessions/booking.jsonl"]);
    raw.send(modern_call(1, "book_table", caps, json!({})));
    assert_eq!(keys(&raw.recv()), ["q1"]);
}

#[test]
fn a_call_without_a_capability_its_tool_needs_gets_32021() {
    let mut raw = Raw::start(&["examples/conformance-2026.jsonl"]);
    raw.send(modern_call(
        1,
        "test_missing_capability",
        json!({}),
        json!({}),
    ));
    let r = raw.recv();
    assert_eq!(r["error"]["code"], -32021, "{r}");
    assert_eq!(
        r["error"]["data"]["requiredCapabilities"],
        json!({"sampling": {}})
    );
    // A tool that asks needs elicitation.
    raw.send(modern_call(
        2,
        "test_input_required_result_elicitation",
        json!({"sampling": {}}),
        json!({}),
    ));
    let r = raw.recv();
    assert_eq!(r["error"]["code"], -32021, "{r}");
    assert_eq!(
        r["error"]["data"]["requiredCapabilities"],
        json!({"elicitation": {}})
    );
    // Declared: nothing was recorded beyond the refusal, and the result says so.
    raw.send(modern_call(
        3,
        "test_missing_capability",
        json!({"sampling": {}}),
        json!({}),
    ));
    let r = raw.recv();
    assert_eq!(r["result"]["isError"], true, "{r}");
    assert!(
        r["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("nothing recorded to serve"),
        "{r}"
    );
    // A call that asked nothing answers its recorded result.
    raw.send(modern_call(4, "test_logging_tool", json!({}), json!({})));
    let r = raw.recv();
    assert_eq!(
        r["result"]["content"][0]["text"],
        "Logging tool finished; no log level was requested, so nothing was logged"
    );
    let (code, err) = raw.finish();
    assert_eq!(code, Some(0), "{err}");
}
