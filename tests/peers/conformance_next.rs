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

/// The results of a run: the process, the checks, and what the client
/// printed (the suite's `stdout.txt` and `stderr.txt`).
struct Run {
    output: Output,
    checks: Vec<Value>,
    printed: String,
}

fn run(scenario: &str) -> (Output, Vec<Value>) {
    let r = run_in(scenario, tempfile::tempdir().unwrap().path());
    (r.output, r.checks)
}

/// Runs `scenario` with `config` as the client's configuration directory
/// (where `auth/*` scenarios keep their tokens).
fn run_in(scenario: &str, config: &std::path::Path) -> Run {
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
        .env("MCP_ELICIT_CONFIG_DIR", config)
        .current_dir(root())
        .output()
        .unwrap();
    let runs: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(runs.len(), 1, "{scenario}: one results directory: {runs:?}");
    // `auth/*` results are a directory deeper (`auth/NAME-TIME`).
    let mut at = runs[0].clone();
    if !at.join("checks.json").exists() {
        let inner: Vec<_> = std::fs::read_dir(&at)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(
            inner.len(),
            1,
            "{scenario}: one results directory: {inner:?}"
        );
        at = inner[0].clone();
    }
    let checks: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(at.join("checks.json")).unwrap()).unwrap();
    let printed = ["stdout.txt", "stderr.txt"]
        .iter()
        .map(|f| std::fs::read_to_string(at.join(f)).unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    Run {
        output: o,
        checks,
        printed,
    }
}

fn assert_passes(scenario: &str) {
    let (o, checks) = run(scenario);
    assert_clean(scenario, &o, &checks);
}

fn assert_clean(scenario: &str, o: &Output, checks: &[Value]) {
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

/// An `auth/*` scenario: it passes; no token the suite issued (they begin
/// `test-token`) is printed; and the token store holds an entry, readable
/// by the user only, exactly when the client was meant to get a token.
fn assert_authorizes(scenario: &str, stores: bool) {
    let config = tempfile::tempdir().unwrap();
    let r = run_in(&format!("auth/{scenario}"), config.path());
    assert_clean(&format!("auth/{scenario}"), &r.output, &r.checks);
    for secret in [
        "test-token",
        "test-secret",
        "test-client-secret",
        "pre-registered-secret",
    ] {
        assert!(
            !r.printed.contains(secret),
            "{scenario}: a secret was printed:\n{}",
            r.printed
        );
    }
    let store = config.path().join("auth.json");
    if stores {
        let text = std::fs::read_to_string(&store).unwrap();
        assert!(text.contains("test-token"), "{scenario}: {text}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&store).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{scenario}: the store's mode");
        }
    } else {
        let text = std::fs::read_to_string(&store).unwrap_or_default();
        assert!(
            !text.contains("test-token"),
            "{scenario}: a token was stored:\n{text}"
        );
        assert!(
            r.printed.contains("error: "),
            "{scenario}: the refusal is said:\n{}",
            r.printed
        );
    }
}

// The 27 `auth/*` client scenarios of the suite that are not extensions,
// every one of them. The six extension scenarios (client credentials with a
// JWT or a secret, enterprise-managed authorization, DPoP twice, workload
// identity federation) are other grants for machine clients; `call` is a
// person's client and runs the authorization code flow only.

macro_rules! auth_scenarios {
    ($($name:ident: $scenario:literal, $stores:literal;)*) => {$(
        #[test]
        #[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
        fn $name() {
            assert_authorizes($scenario, $stores);
        }
    )*};
}

auth_scenarios! {
    conformance_next_auth_metadata_default: "metadata-default", true;
    conformance_next_auth_metadata_var1: "metadata-var1", true;
    conformance_next_auth_metadata_var2: "metadata-var2", true;
    conformance_next_auth_metadata_var3: "metadata-var3", true;
    conformance_next_auth_basic_cimd: "basic-cimd", true;
    conformance_next_auth_scope_from_www_authenticate: "scope-from-www-authenticate", true;
    conformance_next_auth_scope_from_scopes_supported: "scope-from-scopes-supported", true;
    conformance_next_auth_scope_omitted_when_undefined: "scope-omitted-when-undefined", true;
    conformance_next_auth_scope_step_up: "scope-step-up", true;
    // The server never accepts the scope it asks for: the client gives up
    // after asking once (exit 2), with the token of that one authorization.
    conformance_next_auth_scope_retry_limit: "scope-retry-limit", true;
    conformance_next_auth_token_endpoint_auth_basic: "token-endpoint-auth-basic", true;
    conformance_next_auth_token_endpoint_auth_post: "token-endpoint-auth-post", true;
    conformance_next_auth_token_endpoint_auth_none: "token-endpoint-auth-none", true;
    conformance_next_auth_pre_registration: "pre-registration", true;
    conformance_next_auth_2025_03_26_oauth_metadata_backcompat: "2025-03-26-oauth-metadata-backcompat", true;
    conformance_next_auth_2025_03_26_oauth_endpoint_fallback: "2025-03-26-oauth-endpoint-fallback", true;
    conformance_next_auth_resource_mismatch: "resource-mismatch", false;
    conformance_next_auth_offline_access_scope: "offline-access-scope", true;
    conformance_next_auth_offline_access_not_supported: "offline-access-not-supported", true;
    conformance_next_auth_authorization_server_migration: "authorization-server-migration", true;
    conformance_next_auth_iss_supported: "iss-supported", true;
    conformance_next_auth_iss_not_advertised: "iss-not-advertised", true;
    conformance_next_auth_iss_supported_missing: "iss-supported-missing", false;
    conformance_next_auth_iss_wrong_issuer: "iss-wrong-issuer", false;
    conformance_next_auth_iss_unexpected: "iss-unexpected", false;
    conformance_next_auth_iss_normalized: "iss-normalized", false;
    conformance_next_auth_metadata_issuer_mismatch: "metadata-issuer-mismatch", false;
}
