//! `serve --http` against raw HTTP that a careless or hostile client sends:
//! JSON-RPC that is not one MCP message, ids no float can hold, arguments
//! that do not fit the tool, sessions that are not there. Each gets the
//! answer the spec says, never a 202 that leaves the client waiting.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

use crate::hostile_proxy::{post, raw};
use crate::support::serve::HttpServe;

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"raw","version":"0"}}}"#;

const WAIT: Duration = Duration::from_secs(10);

/// The body of a response, read as JSON (the last SSE `data:` of a
/// stream).
fn json_of(response: &str) -> Value {
    let body = &response[response.find("\r\n\r\n").unwrap() + 4..];
    let text = body
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .next_back()
        .unwrap_or(body);
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {response}"))
}

/// A session of a new `initialize`: its id.
fn session(addr: &str) -> String {
    let (status, r) = raw(addr, &post(addr, "/mcp", &[], INIT), WAIT);
    assert_eq!(status, 200, "{r}");
    r.lines()
        .find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.eq_ignore_ascii_case("mcp-session-id")
                .then(|| v.trim().to_string())
        })
        .unwrap_or_else(|| panic!("no session: {r}"))
}

#[test]
fn serve_answers_batches_scalars_and_malformed_messages_with_32600() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let sid = session(&addr);
    let header = format!("Mcp-Session-Id: {sid}");
    for (body, id, says) in [
        (
            r#"[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"tools/list"}]"#,
            Value::Null,
            "batch",
        ),
        ("[]", Value::Null, "batch"),
        ("42", Value::Null, "not a number"),
        (r#""tools/list""#, Value::Null, "not a string"),
        ("null", Value::Null, "not null"),
        (
            r#"{"jsonrpc":"2.0","id":4,"method":5}"#,
            4.into(),
            "method is a string",
        ),
        (
            r#"{"jsonrpc":"2.0","id":5,"method":null}"#,
            5.into(),
            "method is a string",
        ),
        (r#"{"jsonrpc":"2.0","id":6}"#, 6.into(), "neither"),
        (
            r#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#,
            Value::Null,
            "an id is",
        ),
        (r#"{"id":7,"method":"ping"}"#, 7.into(), "jsonrpc"),
    ] {
        let (status, r) = raw(&addr, &post(&addr, "/mcp", &[&header], body), WAIT);
        assert_eq!(status, 400, "{body}: {r}");
        let m = json_of(&r);
        assert_eq!(m["error"]["code"], -32600, "{body}: {r}");
        assert_eq!(m["id"], id, "{body}: {r}");
        assert!(
            m["error"]["message"].as_str().unwrap().contains(says),
            "{body}: {r}"
        );
    }
    // A real request still gets its answer.
    let (status, r) = raw(
        &addr,
        &post(
            &addr,
            "/mcp",
            &[&header],
            r#"{"jsonrpc":"2.0","id":9,"method":"ping"}"#,
        ),
        WAIT,
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(json_of(&r)["id"], 9);
}

#[test]
fn serve_echoes_an_id_as_written_however_large() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let sid = session(&addr);
    let header = format!("Mcp-Session-Id: {sid}");
    for (id, method) in [
        ("123456789012345678901234567890", "tools/list"),
        ("-98765432109876543210987654321", "no/such/method"),
        ("18446744073709551615", "ping"),
        (r#""s-1""#, "ping"),
    ] {
        let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}"}}"#);
        let (status, r) = raw(&addr, &post(&addr, "/mcp", &[&header], &body), WAIT);
        assert!(status == 200, "{body}: {r}");
        assert!(
            r.contains(&format!(r#""id":{id}"#)),
            "the id came back otherwise: {r}"
        );
    }
}

#[test]
fn serve_refuses_tool_arguments_that_do_not_fit_the_input_schema() {
    let serve = HttpServe::start(&["examples/sessions/booking.jsonl"]);
    let addr = serve.addr().to_string();
    let sid = session(&addr);
    let header = format!("Mcp-Session-Id: {sid}");
    // The recorded call's argument is a string.
    for args in [
        r#","arguments":{"restaurant":7}"#,
        r#","arguments":{"restaurant":null}"#,
        r#","arguments":[]"#,
        r#","arguments":"Chez Nous""#,
    ] {
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{{"name":"book_table"{args}}}}}"#
        );
        let (status, r) = raw(&addr, &post(&addr, "/mcp", &[&header], &body), WAIT);
        assert_eq!(status, 200, "{body}: {r}");
        let m = json_of(&r);
        assert_eq!(m["id"], 12, "{r}");
        assert_eq!(m["error"]["code"], -32602, "{body}: {r}");
    }
}

#[test]
fn serve_answers_404_for_an_unknown_session_whatever_the_method() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let sid = session(&addr);
    let gone = "Mcp-Session-Id: 0123456789abcdef0123456789abcdef";
    for (method, body) in [
        ("GET", ""),
        ("DELETE", ""),
        ("POST", r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#),
        (
            "POST",
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ),
        (
            "POST",
            r#"{"jsonrpc":"2.0","id":"elicit-1","result":{"action":"decline"}}"#,
        ),
    ] {
        let req = format!(
            "{method} /mcp HTTP/1.1\r\nHost: {addr}\r\n{gone}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let (status, r) = raw(&addr, req.as_bytes(), WAIT);
        assert_eq!(status, 404, "{method} {body}: {r}");
    }
    // Its own session, ended, is gone the same way.
    let own = format!("Mcp-Session-Id: {sid}");
    let delete =
        format!("DELETE /mcp HTTP/1.1\r\nHost: {addr}\r\n{own}\r\nConnection: close\r\n\r\n");
    let (status, r) = raw(&addr, delete.as_bytes(), WAIT);
    assert_eq!(status, 200, "{r}");
    let (status, r) = raw(&addr, delete.as_bytes(), WAIT);
    assert_eq!(status, 404, "{r}");
}

/// The resident memory of process `pid` now, in kB (Linux).
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Starts a `tools/call` of `ask_age` with `args` in session `sid` and
/// returns its connection once the elicitation has come, left unread
/// after that; `Err` with the response when the call was not taken.
fn held_call(addr: &str, sid: &str, args: &str) -> Result<TcpStream, String> {
    held_call_from([127, 0, 0, 1], addr, sid, args)
}

/// [`held_call`] from the loopback address `source`.
fn held_call_from(source: [u8; 4], addr: &str, sid: &str, args: &str) -> Result<TcpStream, String> {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"ask_age","arguments":{args}}}}}"#
    );
    let mut s = crate::support::connect_from(source, addr);
    s.set_read_timeout(Some(WAIT)).unwrap();
    s.write_all(&post(
        addr,
        "/mcp",
        &[&format!("Mcp-Session-Id: {sid}")],
        &body,
    ))
    .unwrap();
    crate::support::read_until(&mut s, "elicitation/create")?;
    Ok(s)
}

#[test]
fn a_call_waiting_on_an_answer_holds_its_arguments_not_its_request() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let pid = serve.child.id();
    let pad = "x".repeat(4_000_000);
    let args = format!(r#"{{"pad":"{pad}"}}"#);
    let sessions: Vec<String> = (0..3).map(|_| session(&addr)).collect();
    // One call first, so that what every call costs once is counted out.
    let mut held = vec![held_call(&addr, &sessions[0], &args).unwrap()];
    std::thread::sleep(Duration::from_millis(300));
    let before = rss_kb(pid);
    const CALLS: u64 = 24;
    for i in 0..CALLS as usize {
        held.push(held_call(&addr, &sessions[i % 3], &args).unwrap());
    }
    std::thread::sleep(Duration::from_millis(300));
    if let (Some(before), Some(after)) = (before, rss_kb(pid)) {
        let per_call = (after.saturating_sub(before)) / CALLS;
        eprintln!(
            "{CALLS} held 4 MB calls: {per_call} kB each ({before} kB before, {after} kB after)"
        );
        // The arguments (4 MB) and little else; the body and its parse
        // are gone.
        assert!(per_call < 6 << 10, "{per_call} kB held per call");
    }
    drop(held);
}

#[test]
fn a_session_that_does_not_read_its_streams_is_refused_past_its_share() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let greedy = session(&addr);
    let mut held = Vec::new();
    for i in 0..16 {
        held.push(held_call(&addr, &greedy, "{}").unwrap_or_else(|r| panic!("call {i}: {r}")));
    }
    let refused = held_call(&addr, &greedy, "{}").expect_err("a 17th stream was taken");
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    assert!(refused.contains("open streams already"), "{refused}");
    // Another client is served all the same.
    let other = session(&addr);
    held.push(held_call(&addr, &other, "{}").expect("another session's call"));
    // A stream given back frees a slot, once the server has noticed (its
    // next write to it fails).
    held.remove(0);
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    loop {
        match held_call(&addr, &greedy, "{}") {
            Ok(s) => break held.push(s),
            Err(r) if std::time::Instant::now() < deadline => {
                assert!(r.starts_with("HTTP/1.1 429"), "{r}");
                std::thread::sleep(Duration::from_millis(500));
            }
            Err(r) => panic!("the slot was not given back: {r}"),
        }
    }
}

/// Sends `body` as a POST on a kept-alive connection and reads one whole
/// response (Content-Length); the status and the head.
fn keep_alive_post(s: &mut TcpStream, addr: &str, extra: &str, body: &str) -> (u16, String) {
    // One write: a request in pieces waits on delayed ACKs.
    let req = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{extra}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut head = Vec::new();
    let mut b = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        s.read_exact(&mut b).unwrap();
        head.push(b[0]);
    }
    let head = String::from_utf8(head).unwrap();
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Length: "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    let mut rest = vec![0u8; len];
    s.read_exact(&mut rest).unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head)
}

#[test]
fn a_full_session_table_ends_the_least_recently_used_instead_of_refusing() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let mut s = TcpStream::connect(&addr).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    s.set_nodelay(true).unwrap();
    let first = session(&addr);
    let mut last = String::new();
    // 4,096 is the table's size; every initialize past it is served.
    for i in 0..4200 {
        let (status, head) = keep_alive_post(&mut s, &addr, "", INIT);
        assert_eq!(status, 200, "initialize {i}: {head}");
        last = head
            .lines()
            .find_map(|l| l.strip_prefix("Mcp-Session-Id: "))
            .unwrap()
            .to_string();
    }
    let ping = r#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#;
    let (status, _) = keep_alive_post(&mut s, &addr, &format!("Mcp-Session-Id: {last}\r\n"), ping);
    assert_eq!(status, 200, "the newest session is kept");
    let (status, _) = keep_alive_post(&mut s, &addr, &format!("Mcp-Session-Id: {first}\r\n"), ping);
    assert_eq!(status, 404, "the least recently used session is ended");
}

/// `INIT` as a POST to `target` with the header lines `extra` (each ending
/// in CRLF unless the test says otherwise), closing after the response.
fn init_with(addr: &str, target: &str, extra: &str) -> Vec<u8> {
    format!(
        "POST {target} HTTP/1.1\r\nHost: {addr}\r\n{extra}Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{INIT}",
        INIT.len()
    )
    .into_bytes()
}

#[test]
fn control_bytes_and_bare_line_ends_in_a_request_head_are_refused_with_400() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let quick = Duration::from_secs(3);
    let mut cases: Vec<(String, Vec<u8>)> = [
        ("NUL in a value", "X-A: a\0b\r\n"),
        ("NUL in a name", "X-\0A: b\r\n"),
        ("a control byte in a value", "X-A: a\x01b\r\n"),
        ("DEL in a value", "X-A: a\x7fb\r\n"),
        ("ESC in a value", "X-A: \x1b[31m\r\n"),
        ("a bare CR in a value", "X-A: a\rb\r\n"),
        ("a bare CR ending a line", "X-A: a\rX-B: b\r\n"),
        ("a bare LF ending a line", "X-A: a\nX-B: b\r\n"),
        ("a folded line", "X-A: a\r\n b\r\n"),
        ("a space before the colon", "X-A : a\r\n"),
        ("a slash in a name", "X/A: a\r\n"),
    ]
    .into_iter()
    .map(|(why, extra)| (why.to_string(), init_with(&addr, "/mcp", extra)))
    .collect();
    let bare_lf = format!(
        "POST /mcp HTTP/1.1\nHost: {addr}\nContent-Type: application/json\nAccept: application/json, text/event-stream\nContent-Length: {}\n\n{INIT}",
        INIT.len()
    );
    cases.push(("bare LF line ends throughout".into(), bare_lf.into_bytes()));
    cases.push((
        "a control byte in the target".into(),
        init_with(&addr, "/mcp\x01", ""),
    ));
    for (why, request) in cases {
        let started = std::time::Instant::now();
        let (status, r) = raw(&addr, &request, quick);
        assert_eq!(status, 400, "{why}: {r:?} after {:?}", started.elapsed());
    }
}

#[test]
fn a_request_whole_when_its_client_half_closes_is_answered() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    for i in 0..50 {
        let mut s = TcpStream::connect(&addr).unwrap();
        s.set_read_timeout(Some(WAIT)).unwrap();
        let req = format!(
            "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\n\r\n{INIT}",
            INIT.len()
        );
        s.write_all(req.as_bytes()).unwrap();
        s.shutdown(std::net::Shutdown::Write).unwrap();
        let mut out = String::new();
        let _ = s.read_to_string(&mut out);
        assert!(out.starts_with("HTTP/1.1 200"), "request {i}: {out:?}");
        assert!(out.contains(r#""protocolVersion":"2025-11-25""#), "{out}");
    }
}

#[test]
fn a_stray_crlf_before_the_request_line_is_ignored() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    for stray in ["\r\n", "\r\n\r\n"] {
        let mut request = stray.as_bytes().to_vec();
        request.extend(init_with(&addr, "/mcp", ""));
        let (status, r) = raw(&addr, &request, WAIT);
        assert_eq!(status, 200, "{stray:?}: {r}");
    }
}

#[test]
fn an_absolute_form_target_is_served_when_it_names_the_server() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let port = addr.rsplit(':').next().unwrap();
    for target in [
        format!("http://{addr}/mcp"),
        format!("http://localhost:{port}/mcp"),
        format!("HTTP://{addr}/mcp?x=1"),
    ] {
        let (status, r) = raw(&addr, &init_with(&addr, &target, ""), WAIT);
        assert_eq!(status, 200, "{target}: {r}");
    }
    let (status, r) = raw(
        &addr,
        &init_with(&addr, &format!("http://{addr}/other"), ""),
        WAIT,
    );
    assert_eq!(status, 404, "{r}");
    // A rebound name in the target is refused as in Host.
    for target in [
        format!("http://evil.example:{port}/mcp"),
        "http://127.0.0.1:1/mcp".to_string(),
    ] {
        let (status, r) = raw(&addr, &init_with(&addr, &target, ""), WAIT);
        assert_eq!(status, 421, "{target}: {r}");
    }
}

#[test]
fn five_hundred_twelve_unread_streams_leave_other_requests_served() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let mut held = Vec::with_capacity(512);
    // As many sessions as it takes, each within its share.
    for _ in 0..32 {
        let sid = session(&addr);
        for _ in 0..16 {
            held.push(held_call(&addr, &sid, "{}").expect("a stream within the limits"));
        }
    }
    // 512 is every request slot: a stream must not keep one.
    let sid = session(&addr);
    let (status, r) = raw(
        &addr,
        &post(
            &addr,
            "/mcp",
            &[&format!("Mcp-Session-Id: {sid}")],
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#,
        ),
        WAIT,
    );
    assert_eq!(status, 200, "{r}");
    // 512 is also one address's share of the streams: its next is refused,
    // another address's served.
    let refused = held_call(&addr, &sid, "{}").expect_err("a 513th stream from one address");
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    assert!(refused.contains("this address holds 512"), "{refused}");
    held_call_from([127, 0, 0, 2], &addr, &sid, "{}").expect("a call beside them");
}

#[test]
fn serve_over_stdio_answers_batches_scalars_and_malformed_messages_with_32600() {
    let mut child = std::process::Command::new(crate::support::bin())
        .args(["serve", "tests/fixtures/serve/ask_age.json"])
        .current_dir(crate::support::root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let input = [
        INIT,
        r#"[{"jsonrpc":"2.0","id":2,"method":"ping"}]"#,
        "42",
        r#"{"jsonrpc":"2.0","id":5,"method":7}"#,
        r#"{"jsonrpc":"2.0","id":9,"method":"ping"}"#,
    ]
    .join("\n");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.write_all(b"\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "{lines:?}");
    for (m, id) in lines[1..4].iter().zip([Value::Null, Value::Null, 5.into()]) {
        assert_eq!(m["error"]["code"], -32600, "{m}");
        assert_eq!(m["id"], id, "{m}");
    }
    assert_eq!(lines[4]["id"], 9);
    assert!(lines[4]["result"].is_object(), "{}", lines[4]);
}

#[test]
fn serve_over_stdio_echoes_an_id_as_written_however_large() {
    let mut child = std::process::Command::new(crate::support::bin())
        .args(["serve", "tests/fixtures/serve/ask_age.json"])
        .current_dir(crate::support::root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let ids = [
        "123456789012345678901234567890",
        "-98765432109876543210987654321",
        "18446744073709551615",
        "99999999999999999999999",
    ];
    let mut input = vec![INIT.to_string()];
    input.push(format!(
        r#"{{"jsonrpc":"2.0","id":{},"method":"tools/list"}}"#,
        ids[0]
    ));
    input.push(format!(
        r#"{{"jsonrpc":"2.0","id":{},"method":"no/such/method"}}"#,
        ids[1]
    ));
    input.push(format!(
        r#"{{"jsonrpc":"2.0","id":{},"method":"ping"}}"#,
        ids[2]
    ));
    // Refused as malformed (a method is a string), still with its id.
    input.push(format!(r#"{{"jsonrpc":"2.0","id":{},"method":7}}"#, ids[3]));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.join("\n").as_bytes()).unwrap();
    stdin.write_all(b"\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (line, id) in lines[1..].iter().zip(ids) {
        assert!(
            line.contains(&format!(r#""id":{id}"#)),
            "the id {id} came back otherwise: {line}"
        );
    }
}
