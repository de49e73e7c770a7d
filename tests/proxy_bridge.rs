//! The proxy's bridge between eras with nothing but `python3`: the
//! one-question server of bench/proxy.sh in one era
//! (bench/bridge_echo_server.py) and its client in the other
//! (bench/bridge_roundtrips.py, which checks every exchange), and servers
//! written here that ask too much at once, ping, or ask for roots, each
//! through the proxy over stdio. The bridge against the official SDKs, over
//! stdio and HTTP, is in the peers tier (tests/peers/bridge.rs).

use std::process::Command;

use serde_json::Value;

use crate::support::proxy::StdioProxy;
use crate::support::{bin, root};

/// The proxy (`--answer never`) in front of `python3 SCRIPT ARGS`, the
/// script written to a directory of its own.
fn in_front_of(script: &str, args: &[&str]) -> (StdioProxy, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("server.py");
    std::fs::write(&path, script).unwrap();
    let mut server = vec!["python3".to_string(), path.to_string_lossy().into_owned()];
    server.extend(args.iter().map(|a| a.to_string()));
    (StdioProxy::start(&["--answer", "never"], &server), dir)
}

/// `bench/bridge_roundtrips.py CLIENT 20 mcp-elicit proxy ARGS -- python3
/// bench/bridge_echo_server.py SERVER`: its exit, its stdout and the
/// proxy's notes.
fn calls(client: &str, server: &str, args: &[&str]) -> (bool, String, String) {
    let o = Command::new("python3")
        .arg("bench/bridge_roundtrips.py")
        .args([client, "20", bin(), "proxy"])
        .args(args)
        .args(["--", "python3", "bench/bridge_echo_server.py", server])
        .current_dir(root())
        .output()
        .unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_2025_client_is_bridged_to_a_2026_only_server_and_back() {
    let (ok, out, err) = calls("2025", "2026", &["--answer", "never"]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains(r#""n": 20"#), "{out}");
    assert!(
        err.contains(
            "the server speaks 2026-07-28 only; the proxy bridges the host's 2025-11-25 to it"
        ),
        "{err}"
    );
    assert_eq!(
        err.matches("the host answered input `q` accept").count(),
        20,
        "{err}"
    );
    // Without the bridge the handshake is refused, as the server says.
    let (ok, _, err) = calls("2025", "2026", &["--answer", "never", "--bridge", "off"]);
    assert!(!ok, "{err}");
}

#[test]
fn a_2026_client_is_bridged_to_a_2025_only_server_and_back() {
    let (ok, out, err) = calls("2026", "2025", &["--answer", "never"]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains(r#""n": 20"#), "{out}");
    assert!(
        err.contains(
            "the server does not speak 2026-07-28; the proxy bridges the host to its 2025-11-25"
        ),
        "{err}"
    );
    let (ok, _, err) = calls("2026", "2025", &["--answer", "never", "--bridge", "off"]);
    assert!(!ok, "{err}");
}

/// A server that asks too much at once, in the era given: a 2026-07-28
/// one returns an `InputRequiredResult` of 40 questions; a 2025 one sends
/// 40 `elicitation/create` during one call before any answer.
const GREEDY: &str = r#"
import json, sys
era = sys.argv[1]
ask = {"message": "m", "requestedSchema": {"type": "object", "properties": {}}}
def send(m):
    print(json.dumps(m), flush=True)
for line in sys.stdin:
    m = json.loads(line)
    method, mid = m.get("method"), m.get("id")
    if mid is None or method is None:
        continue
    if method == "server/discover" and era == "2026":
        send({"jsonrpc": "2.0", "id": mid, "result": {"resultType": "complete", "supportedVersions": ["2026-07-28"],
              "capabilities": {"tools": {}}, "cacheScope": "public", "ttlMs": 0}})
    elif method == "initialize" and era == "2025":
        send({"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": "2025-11-25", "capabilities": {},
              "serverInfo": {"name": "greedy", "version": "1"}}})
    elif method == "tools/call" and era == "2026":
        send({"jsonrpc": "2.0", "id": mid, "result": {"resultType": "input_required",
              "inputRequests": {f"q{i}": {"method": "elicitation/create", "params": ask} for i in range(40)}}})
    elif method == "tools/call":
        for i in range(40):
            send({"jsonrpc": "2.0", "id": f"e{i}", "method": "elicitation/create", "params": ask})
    else:
        send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "no"}})
"#;

#[test]
fn a_server_that_asks_too_much_at_once_is_bounded_both_ways() {
    let refused = "the server asked more than 32 questions in one call before the host answered any; this one is refused";
    let run = |era: &str, lines: &[&str], want: usize| -> (Vec<Value>, String) {
        let (mut p, _dir) = in_front_of(GREEDY, &[era]);
        for l in lines {
            p.send(l);
        }
        let got = (0..want).map(|_| p.read()).collect();
        if era == "2025" {
            // The server's 40 questions come one after another.
            assert!(p.said(refused, 8), "not every question past 32 was refused");
        }
        let (_, err) = p.finish();
        (got, err)
    };
    // A 2025 host in front of it (2026-07-28): the call fails in words,
    // no question reaches the host.
    let (got, err) = run(
        "2026",
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"t","version":"1"}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}"#,
        ],
        2,
    );
    assert_eq!(got[0]["id"], 1, "{got:?}\n{err}");
    assert_eq!(got[1]["id"], 2);
    assert_eq!(
        got[1]["error"]["message"],
        "the server asks 40 inputs at once; the proxy bridges at most 32 (mcp-elicit proxy)"
    );
    // A 2026-07-28 host in front of it (2025): its call is answered with
    // an InputRequiredResult; the questions past 32 are refused to the
    // server.
    let env = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}}"#;
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"x","arguments":{{}},"_meta":{env}}}}}"#
    );
    let (got, err) = run("2025", &[&call], 1);
    let asked = got[0]["result"]["inputRequests"].as_object().unwrap();
    assert_eq!(got[0]["result"]["resultType"], "input_required", "{got:?}");
    assert!(!asked.is_empty() && asked.len() <= 32, "{}", asked.len());
    assert_eq!(err.matches(refused).count(), 8, "{err}");
}

/// A 2025 server whose tool pings the client, then asks it for its roots,
/// and answers with what came back (a result, or the error).
const ROOTS: &str = r#"
import json, sys
def send(m):
    print(json.dumps(m), flush=True)
call = None
for line in sys.stdin:
    m = json.loads(line)
    method, mid = m.get("method"), m.get("id")
    if method is None and mid == "p1":
        send({"jsonrpc": "2.0", "id": "r1", "method": "roots/list"})
    elif method is None and mid == "r1":
        send({"jsonrpc": "2.0", "id": call, "result": {"content": [{"type": "text", "text": json.dumps(m.get("result") or m.get("error"))}]}})
    elif method == "initialize":
        send({"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
              "serverInfo": {"name": "roots", "version": "1"}}})
    elif method == "tools/call":
        call = mid
        send({"jsonrpc": "2.0", "id": "p1", "method": "ping"})
    elif mid is not None:
        send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32600, "message": "not initialized"}})
"#;

#[test]
fn a_2025_servers_ping_is_answered_and_its_roots_request_reaches_a_2026_host_that_declared_roots() {
    let (mut p, _dir) = in_front_of(ROOTS, &[]);
    let mut call = |id: u32, caps: &str, extra: &str| {
        p.send(&format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"x","arguments":{{}}{extra},"_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{caps}}}}}}}"#
        ));
        p.read()
    };
    let first = call(1, r#"{"roots":{}}"#, "");
    let result = &first["result"];
    assert_eq!(result["resultType"], "input_required", "{first}");
    let (key, request) = result["inputRequests"]
        .as_object()
        .unwrap()
        .iter()
        .next()
        .unwrap();
    assert_eq!(request["method"], "roots/list");
    let answer = format!(
        r#","inputResponses":{{"{key}":{{"roots":[{{"uri":"file:///home/me/project"}}]}}}},"requestState":{}"#,
        result["requestState"]
    );
    let done = call(2, r#"{"roots":{}}"#, &answer);
    assert_eq!(done["id"], 2, "{done}");
    assert_eq!(done["result"]["resultType"], "complete");
    let text = done["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("file:///home/me/project"), "{text}");
    // A host that did not declare roots: the server hears so.
    let refused = call(3, "{}", "");
    let text = refused["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("-32601") && text.contains("did not declare (roots)"),
        "{text}"
    );
    let (status, err) = p.finish();
    assert!(status.success(), "{err}");
}

/// A 2026-07-28-only server whose tool asks for the client's roots as an
/// input request, and answers with what came back.
const ROOTS_2026: &str = r#"
import json, sys
def send(m):
    print(json.dumps(m), flush=True)
for line in sys.stdin:
    m = json.loads(line)
    method, mid, p = m.get("method"), m.get("id"), m.get("params") or {}
    if mid is None or method is None:
        continue
    if method == "server/discover":
        send({"jsonrpc": "2.0", "id": mid, "result": {"resultType": "complete", "supportedVersions": ["2026-07-28"],
              "capabilities": {"tools": {}}, "cacheScope": "public", "ttlMs": 0}})
    elif method == "tools/call" and "inputResponses" in p:
        send({"jsonrpc": "2.0", "id": mid, "result": {"resultType": "complete",
              "content": [{"type": "text", "text": json.dumps(p["inputResponses"])}]}})
    elif method == "tools/call":
        send({"jsonrpc": "2.0", "id": mid, "result": {"resultType": "input_required",
              "inputRequests": {"where": {"method": "roots/list"}}}})
    else:
        send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32022, "message": "2026-07-28 only"}})
"#;

#[test]
fn a_2026_servers_roots_request_reaches_a_2025_host_that_declared_roots() {
    let (mut p, _dir) = in_front_of(ROOTS_2026, &[]);
    p.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{}},"clientInfo":{"name":"t","version":"1"}}}"#);
    p.send(
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}"#,
    );
    assert_eq!(p.read()["id"], 1);
    let ask = p.read();
    assert_eq!(ask["method"], "roots/list", "{ask}");
    p.send(&format!(
        r#"{{"jsonrpc":"2.0","id":{},"result":{{"roots":[{{"uri":"file:///srv/app"}}]}}}}"#,
        ask["id"]
    ));
    let done = p.read();
    assert_eq!(done["id"], 2, "{done}");
    let text = done["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains(r#""where": {"roots": [{"uri": "file:///srv/app"}]}"#),
        "{text}"
    );
    let (status, err) = p.finish();
    assert!(status.success(), "{err}");
}

#[test]
fn a_server_gone_while_its_era_is_learnt_leaves_the_recording_whole() {
    // The server reads the host's `initialize` and dies without a word.
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let mut p = StdioProxy::start(
        &["--record", session.to_str().unwrap()],
        &[
            "python3",
            "-c",
            "import sys; sys.stdin.readline(); sys.exit(3)",
        ],
    );
    p.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#);
    let answer = p.read();
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("the MCP server ended before answering"),
        "{answer}"
    );
    let (status, err) = p.finish();
    assert_eq!(status.code(), Some(2), "{err}");
    let text = std::fs::read_to_string(&session).unwrap();
    let recorded: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recorded.len(), 2, "{text}");
    assert_eq!(recorded[1]["msg"]["method"], "initialize", "{text}");
}
