//! `proxy` bridging the two eras between real hosts and real servers:
//!
//! - 2025 hosts (the TypeScript SDK 1.x `Client`, the Python SDK's
//!   `ClientSession` under its 1.x and 2.x) in front of a 2026-07-28-only
//!   server (the Python SDK 2.x server behind tests/servers/modern_only.py,
//!   which refuses `initialize` with -32022 as such servers do);
//! - a 2026-07-28 host (the Python SDK 2.x `Client` pinned to 2026-07-28)
//!   in front of 2025-only servers (FastMCP on the Python SDK 1.x, the
//!   TypeScript SDK 1.x server);
//!
//! over stdio and Streamable HTTP (tests/servers/modern_only_http.py is the
//! Python SDK 2.x server refusing `initialize` the same way); form and URL
//! mode, accept, decline and cancel both ways, the sealed `requestState`
//! forged, replayed and expired, and a host gone mid-question. Every
//! recording is checked with `replay`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};

use super::proxy::{Host, Served, child_of, gone_within, python, recorded, replays_clean, script};
use crate::support::proxy::{HttpProxy, StdioProxy};

fn python1() -> String {
    crate::support::peers::python_sdk1()
        .to_string_lossy()
        .into_owned()
}

/// The Python SDK 2.x server, 2026-07-28 only.
fn modern_only(py: &str) -> Vec<String> {
    vec![
        py.to_string(),
        script("tests/servers/modern_only.py"),
        py.to_string(),
        script("tests/servers/sdk_python.py"),
        "stdio".into(),
    ]
}

/// FastMCP on the Python SDK 1.x: 2025 revisions only.
fn sdk1_server() -> Vec<String> {
    vec![
        python1(),
        script("tests/servers/sdk1_python.py"),
        "stdio".into(),
    ]
}

/// The TypeScript SDK 1.x server: 2025 revisions only.
fn typescript_server() -> Vec<String> {
    let (tools, server) =
        crate::support::peers::typescript_sdk_script("tests/servers/sdk_typescript.mjs");
    vec![
        tools.program("node").to_string_lossy().into_owned(),
        server.to_string_lossy().into_owned(),
        "stdio".into(),
    ]
}

const TRIP: &str = r#"{"name":"Bo","email":"bo@example.com","departure":"2027-01-02"}"#;
const TRIP_ECHO: &str = r#"accept {"name":"Bo","email":"bo@example.com","departure":"2027-01-02","nights":2,"budget":500.0,"insurance":false,"cabin":"economy","meals":[],"notes":null}"#;

#[test]
#[ignore = "peer: needs the MCP Python SDK 1.x and 2.x, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn hosts_of_2025_answer_a_2026_only_server_through_the_bridge() {
    let py = python();
    let server = modern_only(&py);
    let dir = tempfile::tempdir().unwrap();
    let hosts = [
        Host::typescript("elicit"),
        Host::python(&py, "2025-11-25", "elicit"),
        Host::python(&python1(), "2025-11-25", "elicit"),
    ];
    for (i, host) in hosts.iter().enumerate() {
        let session = dir.path().join(format!("{i}.jsonl"));
        let s = session.to_str().unwrap();
        let (out, err) = host.call(
            "plan_trip_resolved",
            "{}",
            &["--answer", "never", "--record", s],
            &server,
            &[("HOST_ANSWER", TRIP)],
        );
        assert_eq!(out["text"], TRIP_ECHO, "{}: {out}\n{err}", host.name);
        assert_eq!(out["isError"], false);
        // The host was asked, in its own revision, what the server asked.
        let asked = out["elicited"].as_array().unwrap();
        assert_eq!(asked.len(), 1, "{out}");
        assert_eq!(asked[0]["message"], "Plan a trip");
        assert_eq!(
            asked[0]["requestedSchema"]["required"],
            json!(["name", "email", "departure"])
        );
        assert!(
            err.contains(
                "the server speaks 2026-07-28 only; the proxy bridges the host's 2025-11-25 to it"
            ),
            "{err}"
        );
        assert!(
            err.contains("the host answered input `__main__:ask_trip` accept"),
            "{err}"
        );
        // The recording is the server's side: 2026-07-28, no handshake.
        let msgs = recorded(&session);
        let methods: Vec<&str> = msgs
            .iter()
            .map(|(_, m)| m["method"].as_str().unwrap_or("(response)"))
            .collect();
        // (The Python SDK lists the tools after a call, to check its
        // output against the tool's outputSchema.)
        assert_eq!(
            methods[..6],
            [
                "server/discover",
                "(response)",
                "tools/call",
                "(response)",
                "tools/call",
                "(response)"
            ],
            "{}",
            host.name
        );
        assert_eq!(msgs[3].1["result"]["resultType"], "input_required");
        let retry = &msgs[4].1["params"];
        assert_eq!(
            retry["inputResponses"]["__main__:ask_trip"]["action"],
            "accept"
        );
        assert!(retry.get("requestState").is_some(), "{retry}");
        replays_clean(&session, &[]);
    }
    // Decline and cancel reach the server as the host gave them.
    for action in ["decline", "cancel"] {
        let (out, err) = Host::typescript("elicit").call(
            "plan_trip_resolved",
            "{}",
            &["--answer", "never"],
            &server,
            &[("HOST_ACTION", action)],
        );
        assert_eq!(out["text"], action, "{out}\n{err}");
    }
    // Without the bridge the host cannot even connect.
    let o = Host::typescript("elicit").run(
        "plan_trip_resolved",
        "{}",
        &["--bridge", "off"],
        &server,
        &[("HOST_ANSWER", TRIP)],
    );
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("-32022"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
#[ignore = "peer: needs the MCP Python SDK 1.x and 2.x (cargo test --test peers -- --ignored)"]
fn a_2026_host_answers_2025_only_servers_through_the_bridge() {
    let py = python();
    let host = Host::python(&py, "2026-07-28", "elicit");
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("sdk1.jsonl");
    let s = session.to_str().unwrap();
    let booking = r#"{"name":"Ann","guests":3,"terrace":true}"#;
    let (out, err) = host.call(
        "book_table",
        r#"{"restaurant":"Chez Nous"}"#,
        &["--answer", "never", "--record", s],
        &sdk1_server(),
        &[("HOST_ANSWER", booking)],
    );
    assert_eq!(out["text"], format!("accept {booking}"), "{out}\n{err}");
    assert_eq!(out["elicited"][0]["message"], "Book a table at Chez Nous");
    assert!(
        err.contains(
            "the server does not speak 2026-07-28; the proxy bridges the host to its 2025-11-25"
        ),
        "{err}"
    );
    // The recording is the server's side: the handshake the proxy made,
    // the call, the server's request and the host's answer to it.
    let msgs = recorded(&session);
    let methods: Vec<&str> = msgs
        .iter()
        .map(|(_, m)| m["method"].as_str().unwrap_or("(response)"))
        .collect();
    assert_eq!(
        methods[..7],
        [
            "initialize",
            "(response)",
            "notifications/initialized",
            "tools/call",
            "elicitation/create",
            "(response)",
            "(response)"
        ]
    );
    assert_eq!(
        msgs[5].1["result"]["content"],
        json!({"name": "Ann", "guests": 3, "terrace": true})
    );
    // FastMCP 1.x keeps the model's root title and description (E122).
    replays_clean(&session, &["E122"]);
    for action in ["decline", "cancel"] {
        let (out, err) = host.call(
            "book_table",
            r#"{"restaurant":"Chez Nous"}"#,
            &["--answer", "never"],
            &sdk1_server(),
            &[("HOST_ACTION", action), ("HOST_ANSWER", "{}")],
        );
        assert_eq!(out["text"], action, "{out}\n{err}");
    }
    // The TypeScript SDK 1.x server: a form of every shape, cancelled.
    let (out, err) = host.call(
        "register",
        "{}",
        &["--answer", "never"],
        &typescript_server(),
        &[("HOST_ACTION", "cancel"), ("HOST_ANSWER", "{}")],
    );
    assert_eq!(out["text"], r#"{"action":"cancel"}"#, "{out}\n{err}");
    let asked = &out["elicited"][0]["requestedSchema"]["properties"];
    assert!(asked.get("languages").is_some(), "{out}");
}

#[test]
#[ignore = "peer: needs the MCP Python SDK 2.x, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn url_mode_crosses_the_bridge_both_ways() {
    let py = python();
    // A 2025 host that declared URL mode is asked in its revision's words
    // (2025-11-25 requires an elicitationId; 2026-07-28 has none).
    let (out, err) = Host::typescript("elicit-url").call(
        "connect_account_input",
        "{}",
        &["--answer", "never"],
        &modern_only(&py),
        &[],
    );
    assert_eq!(out["text"], "accept", "{out}\n{err}");
    let asked = &out["elicited"][0];
    assert_eq!(asked["mode"], "url");
    assert_eq!(asked["url"], "https://accounts.example.com/connect");
    assert!(asked["elicitationId"].is_string(), "{asked}");
    // One that declared form only is not sent what it cannot take: with
    // --answer never, the call fails in plain words.
    let o = Host::typescript("elicit").run(
        "connect_account_input",
        "{}",
        &["--answer", "never"],
        &modern_only(&py),
        &[],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("the server asks input `connect`, which the host cannot take (the host did not declare url mode) and the proxy was told not to answer"),
        "{err}"
    );
    // ...and with the proxy answering (here by a script), it is answered.
    let (out, err) = Host::typescript("elicit").call(
        "connect_account_input",
        "{}",
        &["--action", "decline"],
        &modern_only(&py),
        &[],
    );
    assert_eq!(out["text"], "decline", "{out}\n{err}");
    assert_eq!(out["elicited"], json!([]));
    // A 2026-07-28 host, a 2025 server's URL request.
    let (out, err) = Host::python(&py, "2026-07-28", "elicit").call(
        "connect_account",
        "{}",
        &["--answer", "never"],
        &typescript_server(),
        &[],
    );
    assert_eq!(out["text"], "accept", "{out}\n{err}");
    let asked = &out["elicited"][0];
    assert_eq!(asked["mode"], "url");
    assert!(asked.get("elicitationId").is_none(), "{asked}");
}

#[test]
#[ignore = "peer: needs the MCP Python SDK 2.x (cargo test --test peers -- --ignored)"]
fn a_2025_06_18_host_gets_what_its_revision_can_show() {
    // Pydantic's `list[Literal[...]]` is a multi-select, which 2025-06-18
    // does not have: the host is not sent it. With --answer never the call
    // fails in plain words; with the proxy answering, it is answered.
    let py = python();
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{}},"clientInfo":{"name":"raw","version":"1"}}}"#;
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"plan_trip_resolved","arguments":{}}}"#;
    let run = |proxy: &[&str]| -> Vec<Value> {
        let mut p = StdioProxy::start(proxy, &modern_only(&py));
        p.send(init);
        p.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        p.send(call);
        let got = vec![p.read(), p.read()];
        assert!(p.finish().0.success());
        got
    };
    let got = run(&["--answer", "never"]);
    assert_eq!(got[0]["result"]["protocolVersion"], "2025-06-18", "{got:?}");
    assert_eq!(got[1]["id"], 2);
    assert_eq!(
        got[1]["error"]["message"],
        "the server asks input `__main__:ask_trip`, which the host cannot take (`meals` is a multi-select, which 2025-06-18 does not have) and the proxy was told not to answer (mcp-elicit proxy)"
    );
    let got = run(&["--action", "decline"]);
    assert_eq!(got[1]["result"]["content"][0]["text"], "decline", "{got:?}");
}

/// A 2026-07-28 host speaking raw JSON-RPC to the proxy over its pipes, in
/// front of FastMCP on the Python SDK 1.x.
struct RawModernHost {
    proxy: StdioProxy,
    session: PathBuf,
    next: u64,
}

const ENVELOPE: &str = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"raw","version":"1"}}"#;

impl RawModernHost {
    fn start(dir: &Path, extra: &[&str]) -> RawModernHost {
        let session = dir.join("session.jsonl");
        let mut args = vec!["--answer", "never", "--record", session.to_str().unwrap()];
        args.extend(extra);
        RawModernHost {
            proxy: StdioProxy::start(&args, &sdk1_server()),
            session,
            next: 0,
        }
    }

    /// Calls `book_table` (with `extra` params), returns the answer.
    fn call(&mut self, extra: Value) -> Value {
        self.next += 1;
        let mut params = json!({"name": "book_table", "arguments": {"restaurant": "Chez Nous"},
                                "_meta": serde_json::from_str::<Value>(ENVELOPE).unwrap()});
        for (k, v) in extra.as_object().unwrap() {
            params[k] = v.clone();
        }
        let id = self.next;
        self.proxy.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
                .to_string(),
        );
        let answer = self.proxy.read();
        assert_eq!(answer["id"], id, "{answer}");
        answer
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK 1.x (cargo test --test peers -- --ignored)"]
fn a_forged_a_replayed_and_an_expired_request_state_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = RawModernHost::start(dir.path(), &["--state-lifetime", "2"]);
    let first = h.call(json!({}));
    let result = &first["result"];
    assert_eq!(result["resultType"], "input_required", "{first}");
    let (key, request) = result["inputRequests"]
        .as_object()
        .unwrap()
        .iter()
        .next()
        .unwrap();
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["message"], "Book a table at Chez Nous");
    let state = result["requestState"].as_str().unwrap().to_string();
    let decline = json!({key.clone(): {"action": "decline"}});
    // Forged: one byte of the payload changed.
    let mut forged = state.clone();
    forged.replace_range(0..1, if state.starts_with('e') { "f" } else { "e" });
    let refused = h.call(json!({"inputResponses": decline, "requestState": forged}));
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("requestState was not issued by this proxy or was altered"),
        "{refused}"
    );
    // The real one: the server gets the answer, the host the result.
    let done = h.call(json!({"inputResponses": decline, "requestState": state}));
    assert_eq!(done["result"]["content"][0]["text"], "decline", "{done}");
    assert_eq!(done["result"]["resultType"], "complete");
    // Replayed: the question it answered is closed.
    let replayed = h.call(json!({"inputResponses": decline, "requestState": state}));
    assert_eq!(replayed["error"]["code"], -32602, "{replayed}");
    assert_eq!(
        replayed["error"]["message"],
        "requestState was already used, or its question is no longer open"
    );
    // Expired: a new question, answered after the state's lifetime.
    let second = h.call(json!({}));
    let state = second["result"]["requestState"]
        .as_str()
        .unwrap()
        .to_string();
    std::thread::sleep(Duration::from_millis(2100));
    let late = h.call(json!({"inputResponses": decline, "requestState": state}));
    assert_eq!(late["error"]["code"], -32602, "{late}");
    assert!(
        late["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("requestState expired"),
        "{late}"
    );
    let (status, err) = h.proxy.finish();
    assert_eq!(status.code(), Some(0), "{err}");
    replays_clean(&h.session, &["E122"]);
}

#[test]
#[ignore = "peer: needs the MCP Python SDK 1.x and 2.x (cargo test --test peers -- --ignored)"]
fn a_host_gone_mid_question_ends_the_proxy_and_the_server_and_keeps_the_recording() {
    // A 2026-07-28 host gone while the 2025 server waits for its answer.
    let dir = tempfile::tempdir().unwrap();
    let mut h = RawModernHost::start(dir.path(), &[]);
    let asked = h.call(json!({}));
    assert_eq!(asked["result"]["resultType"], "input_required", "{asked}");
    let server = child_of(h.proxy.child.id()).expect("the server's pid");
    let (status, _) = h.proxy.finish();
    assert_eq!(status.code(), Some(0));
    assert!(
        gone_within(server, Duration::from_secs(5)),
        "the server is left running"
    );
    assert_eq!(
        methods(&h.session),
        [
            "initialize",
            "(response)",
            "notifications/initialized",
            "tools/call",
            "elicitation/create"
        ]
    );

    // A 2025 host gone while the 2026-07-28 server's question is with it.
    let py = python();
    let session = dir.path().join("old.jsonl");
    let mut p = StdioProxy::start(
        &["--answer", "never", "--record", session.to_str().unwrap()],
        &modern_only(&py),
    );
    p.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"raw","version":"1"}}}"#);
    p.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    p.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"plan_trip_resolved","arguments":{}}}"#);
    let init = p.read();
    assert_eq!(init["result"]["protocolVersion"], "2025-11-25", "{init}");
    let ask = p.read();
    assert_eq!(ask["method"], "elicitation/create", "{ask}");
    assert_eq!(ask["params"]["mode"], "form", "{ask}");
    let server = child_of(p.child.id()).expect("the server's pid");
    let (status, err) = p.finish();
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(
        gone_within(server, Duration::from_secs(5)),
        "the server is left running"
    );
    assert_eq!(
        methods(&session),
        ["server/discover", "(response)", "tools/call", "(response)"]
    );
}

fn methods(session: &Path) -> Vec<String> {
    recorded(session)
        .iter()
        .map(|(_, m)| m["method"].as_str().unwrap_or("(response)").to_string())
        .collect()
}

#[test]
#[ignore = "peer: needs the MCP Python SDK 1.x and 2.x, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn over_http_hosts_of_2025_answer_a_2026_only_server_through_the_bridge() {
    let py = python();
    let server = Served::start(&py, &script("tests/servers/modern_only_http.py"));
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("http.jsonl");
    let proxy = HttpProxy::start(
        &server.1,
        &["--answer", "never", "--record", session.to_str().unwrap()],
    );
    for host in [
        Host::typescript("elicit"),
        Host::python(&python1(), "2025-11-25", "elicit"),
    ] {
        let out = host.call_url(
            "plan_trip_resolved",
            "{}",
            &proxy.url,
            &[("HOST_ANSWER", TRIP)],
        );
        assert_eq!(out["text"], TRIP_ECHO, "{}: {out}", host.name);
        assert_eq!(out["elicited"][0]["message"], "Plan a trip");
        let out = host.call_url(
            "plan_trip_resolved",
            "{}",
            &proxy.url,
            &[("HOST_ACTION", "decline")],
        );
        assert_eq!(out["text"], "decline", "{}: {out}", host.name);
    }
    // URL mode, to a host that declared it.
    let out =
        Host::typescript("elicit-url").call_url("connect_account_input", "{}", &proxy.url, &[]);
    assert_eq!(out["text"], "accept", "{out}");
    assert_eq!(out["elicited"][0]["mode"], "url");
    assert!(out["elicited"][0]["elicitationId"].is_string(), "{out}");
    // Without the bridge the host cannot even connect.
    let off = HttpProxy::start(&server.1, &["--bridge", "off"]);
    let o = Host::typescript("elicit").run_at_url(
        "plan_trip_resolved",
        "{}",
        &off.url,
        &[("HOST_ANSWER", TRIP)],
    );
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("-32022"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    drop(proxy);
    // Each bridged session is the server's side of it, in 2026-07-28.
    let msgs = recorded(&session);
    assert!(msgs.iter().any(|(_, m)| m["method"] == "server/discover"));
    assert!(
        msgs.iter().all(|(_, m)| m["method"] != "initialize"),
        "{msgs:?}"
    );
    replays_clean(&session, &[]);
}

#[test]
#[ignore = "peer: needs the MCP Python SDK 2.x, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn over_http_a_2026_host_answers_a_2025_only_server_through_the_bridge() {
    let py = python();
    let (tools, ts) =
        crate::support::peers::typescript_sdk_script("tests/servers/sdk_typescript.mjs");
    let server = Served::start(
        &tools.program("node").to_string_lossy(),
        &ts.to_string_lossy(),
    );
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("http.jsonl");
    let proxy = HttpProxy::start(
        &server.1,
        &["--answer", "never", "--record", session.to_str().unwrap()],
    );
    let host = Host::python(&py, "2026-07-28", "elicit");
    // URL mode: the host is asked in 2026-07-28's words (no elicitationId).
    let out = host.call_url("connect_account", "{}", &proxy.url, &[]);
    assert_eq!(out["text"], "accept", "{out}");
    assert_eq!(out["elicited"][0]["mode"], "url");
    assert!(out["elicited"][0].get("elicitationId").is_none(), "{out}");
    for action in ["decline", "cancel"] {
        let out = host.call_url(
            "register",
            "{}",
            &proxy.url,
            &[("HOST_ACTION", action), ("HOST_ANSWER", "{}")],
        );
        assert_eq!(out["text"], format!(r#"{{"action":"{action}"}}"#), "{out}");
        assert!(
            out["elicited"][0]["requestedSchema"]["properties"]
                .get("languages")
                .is_some()
        );
    }
    drop(proxy);
    // The server's side: the handshake the proxy made, in 2025-11-25.
    let msgs = recorded(&session);
    assert_eq!(msgs[0].1["method"], "initialize", "{msgs:?}");
    assert_eq!(msgs[0].1["params"]["protocolVersion"], "2025-11-25");
    assert_eq!(msgs[2].1["method"], "notifications/initialized");
    // The TypeScript server's enumNames are deprecated (W310), not wrong.
    replays_clean(&session, &[]);
}
