//! `mcp-elicit serve` driven by clients written by others: the official
//! conformance suite (pinned and newest) and the official Python SDK. The
//! rest of `serve` is in the fast tier (tests/serve_cli.rs).

use std::process::Command;

use serde_json::Value;

use crate::support::output::{report, stderr, stdout};
use crate::support::serve::HttpServe;
use crate::support::{bin, peers, root};

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn the_conformance_suite_passes_its_server_elicitation_scenarios() {
    let tools = peers::node_tools();
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

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn the_python_sdk_answers_from_a_table_and_the_report_shows_each_answer_checked() {
    let python = peers::python_sdk();
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

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn the_newest_conformance_suite_passes_every_server_scenario_in_scope() {
    let tools = peers::node_tools();
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("report.jsonl");
    let serve = HttpServe::start(&[
        "--report",
        rep.to_str().unwrap(),
        "examples/conformance.jsonl",
        "examples/conformance-2026.jsonl",
    ]);
    for scenario in NEXT_SCENARIOS {
        passes(&tools, &serve.url, dir.path(), scenario);
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

#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn the_input_required_scenarios_pass_against_a_recording_made_in_2025() {
    let tools = peers::node_tools();
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("report.jsonl");
    // Only the 2025-11-25 recording: its questions were asked as
    // elicitation/create requests, and carry their keys in _meta.
    let serve = HttpServe::start(&[
        "--report",
        rep.to_str().unwrap(),
        "examples/conformance-2026-as-2025.jsonl",
    ]);
    let scenarios: Vec<&str> = NEXT_SCENARIOS
        .into_iter()
        .filter(|s| s.starts_with("input-required-result-"))
        .collect();
    assert_eq!(scenarios.len(), 9);
    for scenario in scenarios {
        passes(&tools, &serve.url, dir.path(), scenario);
    }
    let (code, err) = serve.stop();
    // As with the 2026-07-28 recording: the three breaches on purpose are
    // counted, and every answer given was valid.
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("serve: 5 exchanges, 3 failed"), "{err}");
    let lines = report(&rep);
    let errors = lines
        .iter()
        .filter(|l| l["event"] == "client-error")
        .count();
    assert_eq!(errors, 3, "{lines:?}");
    let exchanges: Vec<&Value> = lines.iter().filter(|l| l.get("tool").is_some()).collect();
    assert!(
        exchanges
            .iter()
            .all(|l| l["valid"] == true && l["revision"] == "2026-07-28"),
        "{exchanges:?}"
    );
    // Asked under the keys recorded in 2025, which the suite requires
    // (it answers `user_name` without being asked), and without repeating
    // them in _meta.
    let notes: Vec<&str> = lines
        .iter()
        .filter(|l| l["event"] == "note")
        .map(|l| l["message"].as_str().unwrap())
        .collect();
    assert!(
        notes
            .iter()
            .any(|n| n.ends_with(r#"did not answer ["user_name"]; asked again"#)),
        "{notes:?}"
    );
    assert!(
        exchanges
            .iter()
            .all(|l| l["request"].get("_meta").is_none()),
        "{exchanges:?}"
    );
}

/// Runs one server scenario of the newest conformance suite against
/// `url`: it passes, with no warning.
fn passes(
    tools: &crate::support::peers::NodeTools,
    url: &str,
    dir: &std::path::Path,
    scenario: &str,
) {
    let o = tools
        .conformance_next()
        .args(["server", "--url", url, "--scenario", scenario])
        .current_dir(dir)
        .output()
        .unwrap();
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{scenario}: {out}{}", stderr(&o));
    assert!(
        out.contains(", 0 failed, 0 warnings") && !out.contains("FAILURE"),
        "{scenario}: {out}"
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

/// What a host answers `book_table` with when it accepts.
const BOOKING: &str = r#"{"date": "2026-12-24", "guests": 4}"#;

/// A host of the official SDKs: its program and leading arguments (up to
/// the capability).
fn python_host(revision: &str) -> Vec<String> {
    vec![
        peers::python_sdk().to_string_lossy().into_owned(),
        root()
            .join("tests/clients/host_python.py")
            .to_string_lossy()
            .into_owned(),
        revision.into(),
        "elicit".into(),
    ]
}

fn typescript_host() -> Vec<String> {
    let (tools, host) = peers::typescript_sdk_script("tests/clients/host_typescript.mjs");
    vec![
        tools.program("node").to_string_lossy().into_owned(),
        host.to_string_lossy().into_owned(),
        "elicit".into(),
    ]
}

/// `host` calls `book_table` of `target` (a URL, or the `serve` command it
/// starts), answering with `action`: its JSON line.
fn book(host: &[String], target: &[String], action: &str) -> Value {
    let o = Command::new(&host[0])
        .args(&host[1..])
        .args(["book_table", r#"{"restaurant": "Chez Nous"}"#, "--"])
        .args(target)
        .env("HOST_ANSWER", BOOKING)
        .env("HOST_ACTION", action)
        .current_dir(root())
        .output()
        .unwrap();
    let out = stdout(&o);
    assert!(o.status.success(), "{host:?} {action}: {out}{}", stderr(&o));
    serde_json::from_str(out.lines().last().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{host:?} printed {out:?} ({e}){}", stderr(&o)))
}

/// `host`, speaking `revision`, books a table at `serve` of `recording`
/// (recorded in the other era) over stdio and over HTTP, accepting,
/// declining and cancelling: it is asked what was recorded, gets serve's
/// verdict in the tool's result, and serve judges every answer valid.
/// `key` is the recorded `inputRequests` key a 2025 host should see in
/// `_meta`.
fn a_host_books_across_eras(host: &[String], revision: &str, recording: &str, key: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let actions = ["accept", "decline", "cancel"];
    let check_host = |got: &Value, action: &str, how: &str| {
        assert_eq!(got["isError"], false, "{how} {action}: {got}");
        let text = got["text"].as_str().unwrap();
        assert!(
            text.starts_with(&format!("book_table ({recording}:")),
            "{how}: {text}"
        );
        let verdict = if action == "accept" {
            r#": accept {"date":"2026-12-24","guests":4}; valid"#.to_string()
        } else {
            format!(": {action}; valid")
        };
        assert!(text.ends_with(&verdict), "{how}: {text}");
        let asked = got["elicited"].as_array().unwrap();
        assert_eq!(asked.len(), 1, "{how} {action}: {got}");
        assert_eq!(asked[0]["message"], "Book a table at Chez Nous");
        assert_eq!(
            asked[0]["requestedSchema"]["required"],
            serde_json::json!(["date", "guests"])
        );
        let sent_key = asked[0]["_meta"]["io.github.mcp-elicit/inputKey"].as_str();
        assert_eq!(sent_key, key, "{how} {action}: {got}");
    };
    let check_report = |rep: &std::path::Path, how: &str| {
        let lines = report(rep);
        let got: Vec<(&str, &str, bool)> = lines
            .iter()
            .map(|l| {
                (
                    l["revision"].as_str().unwrap(),
                    l["answer"]["action"].as_str().unwrap(),
                    l["valid"].as_bool().unwrap(),
                )
            })
            .collect();
        let want: Vec<(&str, &str, bool)> = actions.iter().map(|a| (revision, *a, true)).collect();
        assert_eq!(got, want, "{how}: {lines:?}");
    };

    // stdio: the host starts serve itself, once per call.
    let rep = dir.path().join("stdio.jsonl");
    let serve = [
        bin().to_string(),
        "serve".into(),
        "--report".into(),
        rep.to_string_lossy().into_owned(),
        recording.into(),
    ];
    for action in actions {
        check_host(&book(host, &serve, action), action, "stdio");
    }
    check_report(&rep, "stdio");

    // HTTP: one server for the three calls.
    let rep = dir.path().join("http.jsonl");
    let serve = HttpServe::start(&["--report", rep.to_str().unwrap(), recording]);
    for action in actions {
        check_host(
            &book(host, std::slice::from_ref(&serve.url), action),
            action,
            "http",
        );
    }
    let (code, err) = serve.stop();
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("serve: 3 exchanges, 0 failed"), "{err}");
    check_report(&rep, "http");
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn a_2026_python_host_is_served_a_2025_recording_over_stdio_and_http() {
    a_host_books_across_eras(
        &python_host("2026-07-28"),
        "2026-07-28",
        "examples/sessions/booking.jsonl",
        None,
    );
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn a_2025_python_host_is_served_a_2026_recording_over_stdio_and_http() {
    a_host_books_across_eras(
        &python_host("2025-11-25"),
        "2025-11-25",
        "examples/sessions/booking-2026.jsonl",
        Some("booking"),
    );
}

#[test]
#[ignore = "peer: needs Node 22 and the TypeScript SDK (cargo test --test peers -- --ignored)"]
fn a_2025_typescript_host_is_served_a_2026_recording_over_stdio_and_http() {
    a_host_books_across_eras(
        &typescript_host(),
        "2025-11-25",
        "examples/sessions/booking-2026.jsonl",
        Some("booking"),
    );
}
