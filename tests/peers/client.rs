//! The client library against a real MCP server process: a booking server
//! built on the official MCP Python SDK (tests/servers/booking.py), over
//! stdio and Streamable HTTP, in every revision. Against this crate's
//! example server: the fast tier (tests/client.rs).

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use mcp_elicit::mcp::client::{Client, ClientOptions, Recording};
use mcp_elicit::mcp::transport::{Http, Stdio as StdioTransport};
use mcp_elicit::spec::Revision;
use serde_json::{Value, json};

use crate::support::client::{Scripted, call, text};
use crate::support::root;

/// The Python with the official SDK (a peer: provisioned or skipped).
fn python() -> String {
    crate::support::peers::python_sdk()
        .to_string_lossy()
        .into_owned()
}

/// The booking server over stdio, or `None` (skipped) without the SDK.
fn server_command() -> Vec<String> {
    vec![
        python(),
        root()
            .join("tests/servers/booking.py")
            .to_string_lossy()
            .into_owned(),
        "stdio".into(),
    ]
}

/// An HTTP server on a free port, stopped when dropped.
struct HttpServer {
    child: Child,
    url: String,
}

impl HttpServer {
    fn start() -> HttpServer {
        let python = python();
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(python)
            .arg(root().join("tests/servers/booking.py"))
            .args(["http", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 with the mcp package");
        crate::support::wait_for_port(port, "the HTTP server");
        HttpServer {
            child,
            url: format!("http://127.0.0.1:{port}/mcp"),
        }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn accept() -> Value {
    json!({"action": "accept", "content": {"guests": 4, "seating": "terrace"}})
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn stdio_in_every_revision() {
    let command = server_command();
    // 2025-06-18 has no defaults but on booleans: the booking form (an enum
    // with a default) would be refused there, so it is asked to confirm.
    let yes = json!({"action": "accept", "content": {"confirm": true}});
    for (spec, want, tool, answer, said, message) in [
        (
            Some(Revision::V2025_06_18),
            Revision::V2025_06_18,
            "confirm",
            yes.clone(),
            r#"confirmed: {"confirm":true}"#,
            "Confirm the booking?",
        ),
        (
            Some(Revision::V2025_11_25),
            Revision::V2025_11_25,
            "book_table",
            accept(),
            r#"booked: {"guests":4,"seating":"terrace","notes":null}"#,
            "Book a table at Chez Nous",
        ),
        (
            None,
            Revision::V2026_07_28,
            "book_table",
            accept(),
            r#"booked: {"guests":4,"seating":"terrace","notes":null}"#,
            "Book a table at Chez Nous",
        ),
    ] {
        let t = Box::new(StdioTransport::spawn(&command).unwrap());
        let (client, resp, r) = call(t, spec, tool, vec![answer]);
        assert_eq!(client.revision(), want);
        assert_eq!(text(&resp), said, "{want}");
        assert_eq!(r.asked.len(), 1);
        let (params, server, rev, key) = &r.asked[0];
        assert_eq!(params["message"], message);
        assert_eq!(server.as_deref(), Some("booking-python"));
        assert_eq!(*rev, want);
        assert_eq!(
            key.is_some(),
            want == Revision::V2026_07_28,
            "input requests have keys"
        );
        client.close();
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn two_rounds_over_http_in_2026_07_28_and_2025_11_25() {
    let server = HttpServer::start();
    for spec in [None, Some(Revision::V2025_11_25)] {
        let t = Box::new(Http::new(&server.url).unwrap());
        let (client, resp, r) = call(
            t,
            spec,
            "book_twice",
            vec![
                accept(),
                json!({"action": "accept", "content": {"confirm": true}}),
            ],
        );
        assert_eq!(
            text(&resp),
            r#"accept accept {"guests":4,"seating":"terrace","notes":null} {"confirm":true}"#,
            "{spec:?}"
        );
        assert_eq!(r.asked.len(), 2);
        client.close();
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn decline_and_cancel_reach_the_server() {
    let command = server_command();
    for action in ["decline", "cancel"] {
        let t = Box::new(StdioTransport::spawn(&command).unwrap());
        let (client, resp, _) = call(
            t,
            Some(Revision::V2025_11_25),
            "book_table",
            vec![json!({"action": action})],
        );
        assert_eq!(text(&resp), format!("not booked: {action}"));
        client.close();
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn a_default_2025_06_18_does_not_allow_is_noticed_and_the_form_shown() {
    let command = server_command();
    let t = Box::new(StdioTransport::spawn(&command).unwrap());
    let decline = json!({"action": "decline"});
    let (mut client, resp, r) = call(t, Some(Revision::V2025_06_18), "book_table", vec![decline]);
    assert_eq!(r.asked.len(), 1);
    assert_eq!(text(&resp), "not booked: decline", "{resp}");
    let notices = client.take_notices();
    assert!(
        notices
            .iter()
            .any(|n| n.to_string().contains("a form can show it")
                && n.to_string().contains("E401 (error)")),
        "{notices:?}"
    );
    client.close();
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn a_root_title_is_noticed_and_the_form_shown_all_the_same() {
    let command = server_command();
    let t = Box::new(StdioTransport::spawn(&command).unwrap());
    let answer = json!({"action": "accept", "content": {"name": "Ada"}});
    let (mut client, resp, r) = call(
        t,
        Some(Revision::V2025_11_25),
        "ask_untidy_schema",
        vec![answer],
    );
    assert_eq!(r.asked.len(), 1, "the responder was asked");
    assert_eq!(r.asked[0].0["requestedSchema"]["title"], "Untidy");
    assert_eq!(text(&resp), "accept", "{resp}");
    let notices = client.take_notices();
    assert!(
        notices.iter().any(|n| n
            .to_string()
            .contains("breaks the spec but a form can show it")
            && n.to_string()
                .contains("E122 (error) at /params/requestedSchema/title")),
        "{notices:?}"
    );
    // Which option refuses it is the command's to say.
    assert!(
        notices.iter().all(|n| !n.to_string().contains("--strict")),
        "{notices:?}"
    );
    client.close();
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn strict_refuses_an_invalid_elicitation_and_never_shows_it() {
    let command = server_command();
    let t = Box::new(StdioTransport::spawn(&command).unwrap());
    let opts = ClientOptions {
        spec: Some(Revision::V2025_11_25),
        strict: true,
        server_timeout: Duration::from_secs(60),
        ..ClientOptions::default()
    };
    let mut client = Client::connect(t, opts, None).unwrap();
    let mut r = Scripted::new(vec![]);
    let resp = client
        .request(
            "tools/call",
            json!({"name": "ask_untidy_schema", "arguments": {}}),
            &mut r,
        )
        .unwrap();
    assert!(r.asked.is_empty(), "the responder never saw it");
    let notices = client.take_notices();
    assert!(
        notices.iter().any(|n| n
            .to_string()
            .contains("refused an elicitation no form can show (E122")),
        "{notices:?}"
    );
    // The SDK turns the -32602 into a failed tool call.
    assert!(
        resp.get("error").is_some() || resp["result"]["isError"] == true,
        "{resp}"
    );
    client.close();
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn the_whole_conversation_is_recorded() {
    let command = server_command();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    let t = Box::new(StdioTransport::spawn(&command).unwrap());
    let opts = ClientOptions {
        spec: None,
        ..ClientOptions::default()
    };
    let rec = Recording {
        path: path.clone(),
        redact: vec![],
    };
    let mut client = Client::connect(t, opts, Some(rec)).unwrap();
    let mut r = Scripted::new(vec![accept()]);
    client
        .request(
            "tools/call",
            json!({"name": "book_table", "arguments": {}}),
            &mut r,
        )
        .unwrap();
    client.close();
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // header, discover + result, call, InputRequiredResult, retry, result
    assert_eq!(lines.len(), 7, "{text}");
    assert!(lines[0].contains(r#""spec":"2026-07-28""#));
    assert!(
        lines[4].contains(r#""resultType":"input_required""#),
        "{}",
        lines[4]
    );
    assert!(lines[5].contains(r#""inputResponses""#) && lines[5].contains(r#""requestState""#));
    let o = Command::new(crate::support::bin())
        .args(["replay", "--fail-on", "warning"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}
