//! `serve --http` against raw HTTP that a careless or hostile client sends:
//! JSON-RPC that is not one MCP message, ids no float can hold, arguments
//! that do not fit the tool, sessions that are not there. Each gets the
//! answer the spec says, never a 202 that leaves the client waiting.

use std::time::Duration;

use serde_json::Value;

use crate::hostile_proxy::{post, raw};
use crate::serve_cli::HttpServe;

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
