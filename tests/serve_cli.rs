//! `mcp-elicit serve` driven by clients: the official conformance suite,
//! the official Python SDK, our own `call`, and a raw JSON-RPC client for
//! what no well-behaved client sends (an invalid answer, a disconnect).
//! What `serve` prints before serving (`--list`, refusals) is trycmd cases
//! in `tests/cmd/serve/`, run by `errors::cli_cases`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{bin, peers, root};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The report's lines.
fn report(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `serve --http 127.0.0.1:0 ARGS...`, with the URL it printed and its
/// stderr collected as it comes.
pub(crate) struct HttpServe {
    pub(crate) child: Child,
    pub(crate) url: String,
    err: Arc<Mutex<String>>,
}

impl HttpServe {
    pub(crate) fn start(args: &[&str]) -> HttpServe {
        let mut child = Command::new(bin())
            .args(["serve", "--http", "127.0.0.1:0"])
            .args(args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap());
        let err = Arc::new(Mutex::new(String::new()));
        let mut url = String::new();
        let mut line = String::new();
        while lines.read_line(&mut line).unwrap() > 0 {
            err.lock().unwrap().push_str(&line);
            if let Some(u) = line.trim().strip_prefix("serve: listening on ") {
                url = u.to_string();
                break;
            }
            line.clear();
        }
        assert!(!url.is_empty(), "no URL printed: {}", err.lock().unwrap());
        let e = Arc::clone(&err);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = lines.read(&mut buf) {
                if n == 0 {
                    break;
                }
                e.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        HttpServe { child, url, err }
    }

    /// `HOST:PORT` of the server.
    pub(crate) fn addr(&self) -> &str {
        self.url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp")
    }

    /// Stops the server with SIGTERM; its exit code.
    pub(crate) fn stop(mut self) -> (Option<i32>, String) {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let code = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s.code();
            }
            assert!(Instant::now() < deadline, "serve did not stop on SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        };
        std::thread::sleep(Duration::from_millis(50));
        let err = self.err.lock().unwrap().clone();
        (code, err)
    }
}

#[test]
fn the_conformance_suite_passes_its_server_elicitation_scenarios() {
    let Some(tools) = peers::node_tools() else {
        return;
    };
    let serve = HttpServe::start(&["examples/conformance.jsonl"]);
    let results = tempfile::tempdir().unwrap();
    for scenario in [
        "tools-call-elicitation",
        "elicitation-sep1034-defaults",
        "elicitation-sep1330-enums",
    ] {
        let o = tools
            .command("conformance")
            .args(["server", "--url", &serve.url, "--scenario", scenario])
            .current_dir(results.path())
            .output()
            .unwrap();
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{scenario}: {out}{}", stderr(&o));
        assert!(
            out.contains(" 0 failed") && !out.contains("FAILURE"),
            "{scenario}: {out}"
        );
    }
    let (code, err) = serve.stop();
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("serve: 3 exchanges, 0 failed"), "{err}");
}

fn call(args: &[&str]) -> Output {
    Command::new(bin())
        .arg("call")
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

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

#[test]
fn the_python_sdk_answers_from_a_table_and_the_report_shows_each_answer_checked() {
    let Some(python) = peers::python_sdk() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // `legacy` is the initialize handshake (2025-11-25); the other speaks
    // 2026-07-28: InputRequiredResults and retries.
    for (mode, revision) in [("legacy", "2025-11-25"), ("2026-07-28", "2026-07-28")] {
        let rep = dir.path().join(format!("{mode}.jsonl"));
        let o = Command::new(&python)
            .args([
                "tests/clients/answer_table.py",
                mode,
                bin(),
                "serve",
                "--report",
            ])
            .arg(&rep)
            .args([
                "tests/fixtures/serve/ask_age.json",
                "examples/conformance.jsonl",
            ])
            .current_dir(root())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{mode}: {}", stderr(&o));
        let results: Vec<Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(results.len(), 4, "{mode}: {}", stdout(&o));
        let lines = report(&rep);
        let got: Vec<(&str, &str, &str, bool)> = lines
            .iter()
            .map(|l| {
                (
                    l["tool"].as_str().unwrap(),
                    l["revision"].as_str().unwrap(),
                    l["answer"]["action"].as_str().unwrap(),
                    l["valid"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("ask_age", revision, "accept", true),
                ("test_elicitation", revision, "accept", true),
                (
                    "test_elicitation_sep1034_defaults",
                    revision,
                    "decline",
                    true
                ),
                ("test_elicitation_sep1330_enums", revision, "accept", false),
            ],
            "{mode}"
        );
        assert_eq!(lines[3]["findings"][0]["code"], "E707", "{mode}");
        assert_eq!(
            lines[3]["findings"][0]["pointer"],
            "/content/untitledSingle"
        );
        assert!(lines.iter().all(|l| l["ms"].is_u64()), "{mode}: {lines:?}");
        assert!(
            results[3]["text"]
                .as_str()
                .unwrap()
                .contains("error[E707] `untitledSingle` is \"option9\""),
            "{mode}"
        );
        // The server's summary on stopping counts the invalid answer.
        assert!(
            stderr(&o).contains("serve: 4 exchanges, 1 failed"),
            "{}",
            stderr(&o)
        );
    }
}

/// The console block of the README that starts with `$ PREFIX`: the
/// command's words after `mcp-elicit` and the output shown.
fn readme_run(prefix: &str) -> (Vec<String>, String) {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let at = readme
        .find(&format!("$ {prefix}"))
        .unwrap_or_else(|| panic!("the README shows `{prefix}`"));
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
fn the_readme_shows_real_serve_runs() {
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
        assert!(took >= Duration::from_millis(1000), "{spec}: {took:?}");
        assert!(took < Duration::from_millis(2900), "{spec}: {took:?}");
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

/// The server scenarios of the newest conformance suite that a mock
/// elicitation server should pass (prompts, resources, logging, completion,
/// sampling, roots and tasks are out of `serve`'s scope).
const NEXT_SCENARIOS: [&str; 20] = [
    "server-initialize",
    "server-session-lifecycle",
    "ping",
    "tools-list",
    "server-sse-multiple-streams",
    "server-stateless",
    "dns-rebinding-protection",
    "http-header-validation",
    "tools-call-elicitation",
    "elicitation-sep1034-defaults",
    "elicitation-sep1330-enums",
    "input-required-result-basic-elicitation",
    "input-required-result-request-state",
    "input-required-result-multi-round",
    "input-required-result-missing-input-response",
    "input-required-result-result-type",
    "input-required-result-tampered-state",
    "input-required-result-validate-input",
    "input-required-result-ignore-extra-params",
    "input-required-result-unsupported-methods",
];

#[test]
fn the_newest_conformance_suite_passes_every_server_scenario_in_scope() {
    let Some(tools) = peers::node_tools() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("report.jsonl");
    let serve = HttpServe::start(&[
        "--report",
        rep.to_str().unwrap(),
        "examples/conformance.jsonl",
        "examples/conformance-2026.jsonl",
    ]);
    for scenario in NEXT_SCENARIOS {
        let o = tools
            .conformance_next()
            .args(["server", "--url", &serve.url, "--scenario", scenario])
            .current_dir(dir.path())
            .output()
            .unwrap();
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{scenario}: {out}{}", stderr(&o));
        assert!(
            out.contains(", 0 failed, 0 warnings") && !out.contains("FAILURE"),
            "{scenario}: {out}"
        );
    }
    let (code, err) = serve.stop();
    // The suite breaks the protocol on purpose three times: an altered
    // requestState, an answer that is a number, inputResponses that are
    // null. Each is refused and counted; the answers it gave are valid.
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("serve: 8 exchanges, 3 failed"), "{err}");
    let lines = report(&rep);
    let events = |kind: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l["event"] == kind)
            .map(|l| l["message"].as_str().unwrap().to_string())
            .collect()
    };
    let errors = events("client-error");
    assert_eq!(errors.len(), 3, "{errors:?}");
    for what in [
        r#"answered "user_name" with something that is not an ElicitResult (it is a number)"#,
        "inputResponses must be an object of answers keyed as inputRequests was, not null",
        "requestState was altered: its signature does not match",
    ] {
        assert!(
            errors.iter().any(|e| e.contains(what)),
            "{what}: {errors:?}"
        );
    }
    let notes = events("note");
    assert!(
        notes.iter().any(|n| n.ends_with(r#"answered ["wrong_key"], which test_input_required_result_elicitation did not ask; ignored"#)),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.ends_with(r#"did not answer ["user_name"]; asked again"#)),
        "{notes:?}"
    );
    assert!(
        notes.iter().any(|n| n.ends_with(r#"answered ["unknown_extra_key", "another_unexpected"], which test_input_required_result_elicitation did not ask; ignored"#)),
        "{notes:?}"
    );
    let exchanges: Vec<&Value> = lines.iter().filter(|l| l.get("tool").is_some()).collect();
    assert_eq!(exchanges.len(), 8);
    assert!(
        exchanges.iter().all(|l| l["valid"] == true),
        "{exchanges:?}"
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
