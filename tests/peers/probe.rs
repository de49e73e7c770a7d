//! `mcp-elicit probe` driven by real clients: the official MCP Python SDK
//! 2.x (2025-11-25 and 2026-07-28) and 1.x (2025-11-25), and the TypeScript
//! SDK 1.32.2 (2025-11-25), over stdio and Streamable HTTP, each as a host
//! whose person does what every form's message says
//! (tests/clients/probe_host.py, probe_host.mjs). The probe's recording
//! must say what each client really did, shape by shape; the report must
//! find no difference from the facts shipped for each SDK; and the
//! recordings committed in examples/probe must be what the SDK does today.

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use mcp_elicit::probe::report::{self, Recording, Seen};
use mcp_elicit::probe::{SHAPES, tool_name};
use serde_json::Value;

use crate::support::serve::HttpServe;
use crate::support::{bin, peers, root};

/// One client's run against the probe.
struct Run {
    /// `python-sdk-2 stdio 2026-07-28`.
    what: String,
    revision: &'static str,
    /// What the client printed: one line per tool.
    said: Vec<Value>,
    recording: Recording,
    text: String,
}

/// Runs a host script to its end; the JSON lines it printed.
fn said(mut host: Command, what: &str) -> Vec<Value> {
    let out = host.current_dir(root()).output().unwrap();
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn host_script(python: &Path, revision: &str, server: &[&str]) -> Vec<Value> {
    let mut host = Command::new(python);
    host.arg(root().join("tests/clients/probe_host.py"))
        .arg(revision)
        .arg("--")
        .args(server);
    said(host, &format!("probe_host.py {revision} {server:?}"))
}

/// The TypeScript SDK's host (tests/clients/probe_host.mjs), 2025-11-25:
/// its first line is what it declared.
fn typescript_host(server: &[&str]) -> Vec<Value> {
    let (tools, script) = peers::typescript_sdk_script("tests/clients/probe_host.mjs");
    let mut host = tools.command("node");
    host.arg(&script).arg("--").args(server);
    said(host, &format!("probe_host.mjs {server:?}"))
}

/// Which client drives the probe.
#[derive(Clone, Copy)]
enum Host<'p> {
    Python(&'p Path),
    TypeScript,
}

fn run(host: Host, sdk: &str, http: bool, revision: &'static str) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("probe.jsonl");
    let file_arg = file.to_str().unwrap();
    let drive = |server: &[&str]| match host {
        Host::Python(python) => host_script(python, revision, server),
        Host::TypeScript => typescript_host(server),
    };
    let said = if http {
        let server = HttpServe::start_command("probe", &["--record", file_arg]);
        let said = drive(&[&server.url]);
        server.stop();
        said
    } else {
        drive(&[bin(), "probe", "--record", file_arg])
    };
    let text = std::fs::read_to_string(&file).unwrap();
    let recording = report::read(&text, "probe.jsonl").unwrap();
    Run {
        what: format!("{sdk} {} {revision}", if http { "http" } else { "stdio" }),
        revision,
        said,
        recording,
        text,
    }
}

/// Every configuration, run once per test process.
fn runs() -> &'static [Run] {
    static RUNS: OnceLock<Vec<Run>> = OnceLock::new();
    RUNS.get_or_init(|| {
        let two = peers::python_sdk();
        let one = peers::python_sdk1();
        let mut out = Vec::new();
        for http in [false, true] {
            out.push(run(Host::Python(&two), "python-sdk-2", http, "2025-11-25"));
            out.push(run(Host::Python(&two), "python-sdk-2", http, "2026-07-28"));
            out.push(run(Host::Python(&one), "python-sdk-1", http, "2025-11-25"));
            out.push(run(Host::TypeScript, "ts-sdk", http, "2025-11-25"));
        }
        out
    })
}

/// What the client sent for each question of shape `i`, beside what the
/// probe recorded: they must agree in every run.
fn check_shape(i: usize) {
    let shape = &SHAPES[i];
    for r in runs() {
        let line = r
            .said
            .iter()
            .find(|l| l["tool"] == tool_name(i))
            .unwrap_or_else(|| panic!("{}: the client did not call {}", r.what, tool_name(i)));
        let runs: Vec<_> = r
            .recording
            .runs
            .iter()
            .filter(|x| x.shape.id == shape.id)
            .collect();
        assert_eq!(runs.len(), 1, "{}: {} asked once", r.what, shape.id);
        let recorded = runs[0];
        assert_eq!(recorded.revision.as_str(), r.revision, "{}", r.what);
        let sent = line["sent"].as_array().unwrap();
        let asked = line["asked"].as_array().unwrap();
        assert!(
            sent.is_empty() || recorded.questions.len() == sent.len(),
            "{}: {}: the probe asked {} questions, the client answered {}",
            r.what,
            shape.id,
            recorded.questions.len(),
            sent.len()
        );
        for (k, q) in recorded.questions.iter().enumerate() {
            if sent.is_empty() {
                // The SDK refused the request before the host's handler
                // saw it: the probe has the SDK's error.
                assert!(
                    matches!(q.seen, Seen::Error { .. }),
                    "{}: {}: the handler was not called, yet the probe recorded {:?}",
                    r.what,
                    shape.id,
                    q.seen
                );
                continue;
            }
            let want = Seen::Answered {
                action: sent[k]["action"].as_str().unwrap().to_string(),
                content: sent[k].get("content").cloned(),
            };
            assert_eq!(q.seen, want, "{}: {} question {}", r.what, shape.id, q.key);
            // The client saw what the probe asked (the SDK may add
            // members, never change one), but for what the SDK's facts
            // say it strips: the TypeScript SDK's root `title` and
            // `description` (ts-sdk.root-title-stripped).
            let mut params = q.params.clone();
            if r.what.starts_with("ts-sdk")
                && let Some(schema) = params
                    .get_mut("requestedSchema")
                    .and_then(Value::as_object_mut)
            {
                for key in ["title", "description"] {
                    if schema.remove(key).is_some() {
                        assert!(
                            asked[k]["requestedSchema"].get(key).is_none(),
                            "{}: {}: the TypeScript SDK no longer strips the root `{key}`: correct its fact",
                            r.what,
                            shape.id
                        );
                    }
                }
            }
            for (key, v) in params.as_object().unwrap() {
                assert_eq!(
                    asked[k].get(key),
                    Some(v),
                    "{}: {}: `{key}` as the client saw it",
                    r.what,
                    shape.id
                );
            }
            assert!(q.waited_ms.is_some(), "{}: {}: no timing", r.what, shape.id);
        }
        assert!(
            line["text"]
                .as_str()
                .unwrap()
                .starts_with(&format!("Recorded for {}", shape.id)),
            "{}: {line}",
            r.what
        );
    }
}

macro_rules! shape_tests {
    ($($name:ident = $i:expr),* $(,)?) => {
        $(
            #[test]
            #[ignore = "needs the MCP Python SDK 2.x and 1.x (PyPI) and the TypeScript SDK (npm)"]
            fn $name() {
                check_shape($i);
            }
        )*
        /// Every shape has its test.
        const TESTED: &[usize] = &[$($i),*];
    };
}

shape_tests!(
    probe_text = 0,
    probe_number = 1,
    probe_integer = 2,
    probe_number_without_default = 3,
    probe_boolean = 4,
    probe_falsy_defaults = 5,
    probe_untitled_select = 6,
    probe_titled_select = 7,
    probe_enum_names = 8,
    probe_untitled_multi_select = 9,
    probe_titled_multi_select = 10,
    probe_formats = 11,
    probe_required = 12,
    probe_empty_form = 13,
    probe_decline = 14,
    probe_cancel = 15,
    probe_url = 16,
    probe_two_questions = 17,
    probe_root_title = 18,
    probe_nested_object = 19,
);

#[test]
fn every_shape_has_a_test() {
    let mut t = TESTED.to_vec();
    t.sort();
    assert_eq!(t, (0..SHAPES.len()).collect::<Vec<_>>());
}

/// What each client declared, as recorded, is what the Python SDK's entry
/// ships; in 2026-07-28 the declaration comes with every request.
#[test]
#[ignore = "needs the MCP Python SDK 2.x and 1.x (PyPI) and the TypeScript SDK (npm)"]
fn probe_records_what_each_client_declared() {
    let host = mcp_elicit::hosts::select("python-sdk").unwrap();
    let shipped = mcp_elicit::hosts::declaration(host, None).expect("python-sdk declares");
    for r in runs() {
        assert!(!r.recording.declared.is_empty(), "{}", r.what);
        for d in &r.recording.declared {
            assert_eq!(d.protocol_version, r.revision, "{}", r.what);
            if let Some(said) = r.said.first().and_then(|l| l.get("declared")) {
                // The TypeScript host says what it declared.
                assert_eq!(d.client_name, said["clientInfo"]["name"], "{}", r.what);
                assert_eq!(
                    d.client_version, said["clientInfo"]["version"],
                    "{}",
                    r.what
                );
                assert_eq!(d.capabilities, said["capabilities"], "{}", r.what);
                continue;
            }
            assert_eq!(d.client_name, "mcp", "{}", r.what);
            let want = match shipped.elicitation {
                Some(mcp_elicit::hosts::Declares::Capability(c)) => {
                    serde_json::from_str::<Value>(c).unwrap()
                }
                other => panic!("python-sdk ships {other:?}"),
            };
            assert_eq!(d.elicitation(), Some(&want), "{}", r.what);
        }
        let method = &r.recording.declared[0].method;
        match r.revision {
            "2026-07-28" => assert_ne!(method, "initialize", "{}", r.what),
            _ => assert_eq!(method, "initialize", "{}", r.what),
        }
    }
}

/// The report names the Python SDK from the client's name (the TypeScript
/// host's name is its own: compared with `ts-sdk`) and finds no difference
/// from the facts shipped for the SDK: they agree with what it does.
#[test]
#[ignore = "needs the MCP Python SDK 2.x and 1.x (PyPI) and the TypeScript SDK (npm)"]
fn probe_report_agrees_with_the_shipped_python_sdk_facts() {
    for r in runs() {
        let host = if r.what.starts_with("ts-sdk") {
            assert!(report::host_of(&r.recording).is_none());
            mcp_elicit::hosts::select("ts-sdk").unwrap()
        } else {
            report::host_of(&r.recording).expect("`mcp` is the Python SDK")
        };
        let text = report::render(&r.recording, "probe.jsonl", Some(host));
        assert!(
            text.contains(&format!(
                "Differences from the facts shipped for {}",
                host.id
            )),
            "{}: {text}",
            r.what
        );
        assert!(text.contains(": none."), "{}: {text}", r.what);
        assert!(!text.contains("not run:"), "{}: {text}", r.what);
    }
}

/// A recording without its timings and the probe's version.
fn steady(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            let m = v.as_object_mut().unwrap();
            m.remove("ms");
            m.remove("waited_ms");
            m.remove("version");
            v
        })
        .collect()
}

/// The recordings committed as the Python SDK's evidence are what the SDK
/// does today: the same events, timings aside.
#[test]
#[ignore = "needs the MCP Python SDK 2.x and 1.x (PyPI) and the TypeScript SDK (npm)"]
fn the_committed_probe_recordings_are_what_the_sdk_does() {
    for (what, path) in COMMITTED {
        let committed = root().join(path);
        let live = runs().iter().find(|r| r.what == *what).unwrap();
        if std::env::var_os("SNAPSHOTS").is_some_and(|v| v == "overwrite") {
            std::fs::write(&committed, &live.text).unwrap();
        }
        let text = std::fs::read_to_string(&committed).unwrap();
        assert_eq!(
            steady(&text),
            steady(&live.text),
            "{path} differs from a live probe of {what} (SNAPSHOTS=overwrite rewrites it)"
        );
        // Its report, read as a person reads one.
        let out = Command::new(bin())
            .args(["probe", "--report", path])
            .current_dir(root())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let report = String::from_utf8(out.stdout).unwrap();
        assert!(
            report.contains("Differences from the facts shipped for python-sdk: none."),
            "{report}"
        );
    }
}

/// mcporter 0.12.3, the release on npm, as a person runs it: one `mcporter
/// call --stdio` per probe tool, in a terminal's absence. It declares no
/// elicitation and answers every request -32601 (the elicitation handling
/// its facts describe is in its source, not in this release); the
/// recording committed for it is what it does today.
#[test]
#[ignore = "needs mcporter 0.12.3 (npm, tests/npm/package.json)"]
fn probe_of_mcporter_as_released() {
    let tools = peers::node_tools();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("probe.jsonl");
    for i in 0..SHAPES.len() {
        let out = tools
            .command("mcporter")
            .args(["call", "--stdio", bin()])
            .args([
                "--stdio-arg",
                "probe",
                "--stdio-arg",
                "--record",
                "--stdio-arg",
            ])
            .arg(&file)
            .args(["--tool", &tool_name(i), "--output", "json"])
            .env("HOME", dir.path())
            .stdin(std::process::Stdio::null())
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "mcporter call {}: {}",
            tool_name(i),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let text = std::fs::read_to_string(&file).unwrap();
    let rec = report::read(&text, "probe.jsonl").unwrap();
    assert_eq!(rec.runs.len(), SHAPES.len());
    for d in &rec.declared {
        assert_eq!(
            (d.client_name.as_str(), d.client_version.as_str()),
            ("mcporter", "0.12.3")
        );
        assert_eq!(
            d.elicitation(),
            None,
            "mcporter 0.12.3 declares no elicitation"
        );
    }
    for run in &rec.runs {
        for q in &run.questions {
            assert!(
                matches!(
                    q.seen,
                    Seen::Error {
                        code: Some(-32601),
                        ..
                    }
                ),
                "{}: {:?}",
                run.shape.id,
                q.seen
            );
        }
    }
    let committed = root().join(MCPORTER);
    if std::env::var_os("SNAPSHOTS").is_some_and(|v| v == "overwrite") {
        std::fs::write(&committed, &text).unwrap();
    }
    assert_eq!(
        steady(&std::fs::read_to_string(&committed).unwrap()),
        steady(&text),
        "{MCPORTER} differs from a live probe (SNAPSHOTS=overwrite rewrites it)"
    );
    // Its report names mcporter from the client's name and says how the
    // release differs from the facts read in its source.
    let out = Command::new(bin())
        .args(["probe", "--report", MCPORTER])
        .current_dir(root())
        .output()
        .unwrap();
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.contains("Differences from the facts shipped for mcporter@0.12.3:"),
        "{report}"
    );
    assert!(
        report.contains("text (2025-11-25): the facts shipped predict accept as asked; the host sent error -32601: Method not found"),
        "{report}"
    );
}

const MCPORTER: &str = "examples/probe/mcporter-0.12.3.jsonl";

/// The committed recordings, each with the run it was made from.
const COMMITTED: &[(&str, &str)] = &[
    (
        "python-sdk-2 stdio 2026-07-28",
        "examples/probe/python-sdk-2.3.0.jsonl",
    ),
    (
        "python-sdk-1 stdio 2025-11-25",
        "examples/probe/python-sdk-1.30.0.jsonl",
    ),
];
