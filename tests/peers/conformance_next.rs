//! The project's conformance client (tests/conformance/client.sh, which maps
//! MCP_CONFORMANCE_SCENARIO to `mcp-elicit call` invocations) under the
//! conformance suite 0.2.0-alpha.12 (`conformance-next` in
//! tests/npm/package.json). A scenario counts only when every check ran:
//! none failed, warned or was skipped, but for the few in [`NOT_APPLICABLE`].

use std::process::Output;

use serde_json::Value;

use crate::support::{bin, peers, root};

/// Checks the suite skips because they do not apply to this client, each
/// with why; every other skipped check fails the test.
const NOT_APPLICABLE: &[(&str, &str, &str)] = &[
    // "Client declares a valid X capability if present": mcp-elicit serves
    // neither roots nor sampling, so it declares neither.
    (
        "request-metadata",
        "ClientDeclaresRootsCapability",
        "no roots capability is declared",
    ),
    (
        "request-metadata",
        "ClientDeclaresSamplingCapability",
        "no sampling capability is declared",
    ),
    // The scenario's server speaks only 2026-07-28 and answers a 2025
    // `initialize` with 2026-07-28, so a client that negotiates never sends
    // `initialize` or `notifications/initialized` there.
    (
        "http-standard-headers",
        "ClientMcpMethodHeader_initialize",
        "server/discover negotiates 2026-07-28",
    ),
    (
        "http-standard-headers",
        "ClientMcpMethodHeader_notifications_initialized",
        "server/discover negotiates 2026-07-28",
    ),
];

fn run(scenario: &str) -> (Output, Vec<Value>) {
    let tools = peers::node_tools();
    let dir = tempfile::tempdir().unwrap();
    let client = root().join("tests/conformance/client.sh");
    let o = tools
        .conformance_next()
        .args(["client", "--command"])
        .arg(client)
        .args(["--scenario", scenario, "--timeout", "30000", "-o"])
        .arg(dir.path())
        .env("MCP_ELICIT", bin())
        .current_dir(root())
        .output()
        .unwrap();
    let runs: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(runs.len(), 1, "{scenario}: one results directory: {runs:?}");
    let checks: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(runs[0].join("checks.json")).unwrap())
            .unwrap();
    (o, checks)
}

fn assert_passes(scenario: &str) {
    let (o, checks) = run(scenario);
    let out = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{scenario}: {out}");
    assert!(out.contains("OVERALL: PASSED"), "{scenario}: {out}");
    assert!(!checks.is_empty(), "{scenario}: no checks ran");
    let not_applicable = |c: &Value| {
        c["status"] == "SKIPPED"
            && NOT_APPLICABLE
                .iter()
                .any(|(s, name, _)| *s == scenario && c["name"] == *name)
    };
    let bad: Vec<&Value> = checks
        .iter()
        .filter(|c| c["status"] != "SUCCESS" && c["status"] != "INFO" && !not_applicable(c))
        .collect();
    assert!(bad.is_empty(), "{scenario}: {bad:#?}");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_initialize() {
    assert_passes("initialize");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_tools_call() {
    assert_passes("tools_call");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_elicitation_sep1034_client_defaults() {
    assert_passes("elicitation-sep1034-client-defaults");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_sep_2322_client_request_state() {
    assert_passes("sep-2322-client-request-state");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_http_invalid_tool_headers() {
    assert_passes("http-invalid-tool-headers");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_json_schema_ref_no_deref() {
    assert_passes("json-schema-ref-no-deref");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_sse_retry() {
    assert_passes("sse-retry");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_request_metadata() {
    assert_passes("request-metadata");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_http_standard_headers() {
    assert_passes("http-standard-headers");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_http_custom_headers() {
    assert_passes("http-custom-headers");
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn conformance_next_json_schema_2020_12_preservation() {
    assert_passes("json-schema-2020-12-preservation");
}
