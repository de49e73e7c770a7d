//! `mcp-elicit call` against servers it did not write: the reference server
//! `@modelcontextprotocol/server-everything` (stdio) and the official
//! conformance suite's client scenarios (Streamable HTTP). Both come from
//! `tests/npm/install.sh`.

use std::process::Output;

use serde_json::{Value, json};

use crate::support::output::stderr;
use crate::support::{bin, peers, root};

/// `call --tool trigger-elicitation-request ARGS -- mcp-server-everything`.
/// `None` (the test is skipped) without the Node peers.
fn everything(args: &[&str]) -> Output {
    // The server is started by `call`: it must find Node 22 on PATH, which
    // the tools' `path` puts first.
    let tools = peers::node_tools();
    let server = tools.command("mcp-server-everything");
    std::process::Command::new(bin())
        .args(["call", "--tool", "trigger-elicitation-request"])
        .args(args)
        .arg("--")
        .arg(server.get_program())
        .env("PATH", tools.path())
        .current_dir(root())
        .output()
        .unwrap()
}

/// The content the server says it received: the tool's result ends with
/// `Raw result: {ElicitResult}`.
fn echoed(o: &Output) -> Value {
    let result: Value = serde_json::from_slice(&o.stdout).unwrap();
    let raw = result["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["text"].as_str())
        .find_map(|t| t.split_once("Raw result: ").map(|(_, r)| r.to_string()))
        .unwrap_or_else(|| panic!("no raw result in {result}"));
    serde_json::from_str(&raw).unwrap()
}

/// The answer `call` recorded as sent.
fn recorded_answer(session: &std::path::Path) -> Value {
    std::fs::read_to_string(session)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|l| l["from"] == "client" && l["msg"]["result"]["action"].is_string())
        .map(|l| l["msg"]["result"].clone())
        .expect("an answer was recorded")
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
#[allow(
    clippy::approx_constant,
    reason = "the server's default is 3.14, not π"
)]
fn everything_server_echoes_the_defaults_sent() {
    // Its one required field has no default: --defaults alone cannot answer.
    let o = everything(&["--defaults"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "error: required field `name` has no default and no value; pass --set name=VALUE"
        ),
        "{}",
        stderr(&o)
    );
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("everything.jsonl");
    let o = everything(&[
        "--defaults",
        "--set",
        "name=Ada",
        "--record",
        session.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let expected = json!({"action": "accept", "content": {
        "name": "Ada",
        "firstLine": "It was a dark and stormy night.",
        "integer": 42,
        "number": 3.14,
        "untitledSingleSelectEnum": "Monica",
        "untitledMultipleSelectEnum": ["Guitar"],
        "titledSingleSelectEnum": "hero-1",
        "titledMultipleSelectEnum": ["fish-1"],
        "legacyTitledEnum": "pet-1",
    }});
    assert_eq!(echoed(&o), expected);
    assert_eq!(recorded_answer(&session), expected);
    // Its server log line reaches stderr, prefixed with its name.
    assert!(
        stderr(&o).contains("[server] Starting default (STDIO) server..."),
        "{}",
        stderr(&o)
    );
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn everything_server_echoes_every_scripted_value() {
    let o = everything(&[
        "--set",
        "name=Ada Lovelace",
        "--set",
        "check=true",
        "--set",
        "firstLine=Call me Ishmael.",
        "--set",
        "email=ada@example.com",
        "--set",
        "homepage=https://ada.example.com/",
        "--set",
        "birthdate=1815-12-10",
        "--set",
        "integer=7",
        "--set",
        "number=2.5",
        "--set",
        "untitledSingleSelectEnum=Joey",
        "--set",
        "untitledMultipleSelectEnum=Piano,Drums",
        "--set",
        "titledSingleSelectEnum=hero-3",
        "--set",
        "titledMultipleSelectEnum=fish-2,fish-3",
        "--set",
        "legacyTitledEnum=pet-4",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        echoed(&o),
        json!({"action": "accept", "content": {
            "name": "Ada Lovelace",
            "check": true,
            "firstLine": "Call me Ishmael.",
            "email": "ada@example.com",
            "homepage": "https://ada.example.com/",
            "birthdate": "1815-12-10",
            "integer": 7,
            "number": 2.5,
            "untitledSingleSelectEnum": "Joey",
            "untitledMultipleSelectEnum": ["Piano", "Drums"],
            "titledSingleSelectEnum": "hero-3",
            "titledMultipleSelectEnum": ["fish-2", "fish-3"],
            "legacyTitledEnum": "pet-4",
        }})
    );
    // A value the schema refuses is a tool error, not sent.
    let o = everything(&["--set", "name=Ada", "--set", "integer=500"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("integer"), "{}", stderr(&o));
}

/// Runs a client scenario of the conformance suite with `call` as the
/// client; results go to a temporary directory. Returns the suite's output
/// and the checks it recorded.
fn conformance(scenario: &str, client: &str) -> (Output, Vec<Value>) {
    let tools = peers::node_tools();
    let dir = tempfile::tempdir().unwrap();
    let o = tools
        .command("conformance")
        .args(["client", "--command", client, "--scenario", scenario, "-o"])
        .arg(dir.path())
        .current_dir(root())
        .output()
        .unwrap();
    let runs: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(runs.len(), 1, "one results directory: {runs:?}");
    let checks: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(runs[0].join("checks.json")).unwrap())
            .unwrap();
    (o, checks)
}

fn assert_passed(scenario: &str, o: &Output, checks: &[Value], successes: &[&str]) {
    // The suite reports on stderr.
    let out = stderr(o);
    assert_eq!(o.status.code(), Some(0), "{scenario}: {out}");
    assert!(out.contains("OVERALL: PASSED"), "{scenario}: {out}");
    let bad: Vec<&Value> = checks
        .iter()
        .filter(|c| c["status"] == "FAILURE" || c["status"] == "WARNING")
        .collect();
    assert!(bad.is_empty(), "{scenario}: {bad:?}");
    for id in successes {
        assert!(
            checks
                .iter()
                .any(|c| c["id"] == *id && c["status"] == "SUCCESS"),
            "{scenario}: no successful {id} in {checks:?}"
        );
    }
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_client_elicitation_defaults() {
    let client = format!(
        "{} call --tool test_client_elicitation_defaults --defaults",
        bin()
    );
    let scenario = "elicitation-sep1034-client-defaults";
    let (o, checks) = conformance(scenario, &client);
    assert_passed(
        scenario,
        &o,
        &checks,
        &[
            "client-elicitation-sep1034-string-default",
            "client-elicitation-sep1034-integer-default",
            "client-elicitation-sep1034-number-default",
            "client-elicitation-sep1034-enum-default",
            "client-elicitation-sep1034-boolean-default",
        ],
    );
    // `notifications/initialized` reaches the server before the call.
    let methods: Vec<&str> = checks
        .iter()
        .filter(|c| c["id"] == "incoming-request")
        .filter_map(|c| c["details"]["mcpMethod"].as_str())
        .collect();
    let at = |m: &str| methods.iter().position(|x| *x == m).unwrap();
    assert!(
        at("notifications/initialized") < at("tools/call"),
        "{methods:?}"
    );
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_client_initialize() {
    let client = format!(
        "{} call --tool test_client_elicitation_defaults --defaults",
        bin()
    );
    let (o, checks) = conformance("initialize", &client);
    assert_passed("initialize", &o, &checks, &["mcp-client-initialization"]);
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_client_tools_call() {
    // The runner splits the command like a shell: the JSON is quoted.
    let client = format!(
        r#"{} call --tool add_numbers --args '{{"a":1,"b":2}}' --defaults"#,
        bin()
    );
    let (o, checks) = conformance("tools_call", &client);
    assert_passed("tools_call", &o, &checks, &["tool-add-numbers"]);
}
