//! What `lint --show-source` computes from source, checked against the
//! programs whose output it emulates: Pydantic and FastMCP (the official
//! MCP Python SDK, 1.x and current), rmcp, and the Zod converters. The rest
//! of linting source is in the fast tier (tests/source_lint.rs).

use std::process::{Command, Stdio};

use crate::support::{bin, fixture, peers, root};

/// The emulation of Pydantic (as the official Python SDK renders a model)
/// and of FastMCP's `response_type` handling, checked against both: for
/// every Python fixture elicitation (and docs/lint.md's example server), the
/// schema mcp-elicit computes equals
/// the one the pinned SDKs really produce.
#[test]
#[ignore = "peer: needs a Python venv with pip (cargo test --test peers -- --ignored)"]
fn python_schemas_equal_what_pydantic_and_fastmcp_produce() {
    let python = peers::venv_python();
    let shown = Command::new(bin())
        .current_dir(root())
        .arg("lint")
        .arg("--show-source")
        .args(
            std::fs::read_dir(fixture("source"))
                .unwrap()
                .chain(std::fs::read_dir(root().join("examples/source")).unwrap())
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "py")),
        )
        .output()
        .unwrap();
    assert!(shown.status.success());
    let mut child = Command::new(python)
        .current_dir(root())
        .arg("tests/peers/source_schemas.py")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&shown.stdout)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Every model and shorthand of the fixtures was compared.
    assert!(report.contains("17 checked, 0 different"), "{report}");
}

/// The emulation of rmcp checked against rmcp 3.11 itself: the
/// `tests/rmcp_server` peer compiles the Rust fixtures and prints, for each
/// elicitation in the order written, the schema rmcp sends
/// (`ElicitationSchema::from_type::<T>()` for `elicit::<T>`, the builder
/// chains run), serialized by rmcp; the `requestedSchema` `lint
/// --show-source` computes for the same places equals it, key order
/// included. The crate fixture's models are compared where they are
/// written, as the index finds them sent from its other modules.
#[test]
#[ignore = "peer: needs rmcp from crates.io (cargo test --test peers -- --ignored)"]
fn rust_schemas_equal_what_rmcp_produces() {
    let server = peers::rmcp_server();
    let out = Command::new(server)
        .arg("--print-schemas")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&out.stdout).unwrap();
    let mut checked = 0;
    for (file, schemas) in &printed {
        let shown = Command::new(bin())
            .args(["lint", "--show-source"])
            .arg(if file.contains('/') {
                fixture(file)
            } else {
                fixture(&format!("source/{file}"))
            })
            .output()
            .unwrap();
        assert!(shown.status.success(), "{file}");
        let ours: Vec<String> = String::from_utf8_lossy(&shown.stdout)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                serde_json::to_string(&v["params"]["requestedSchema"]).unwrap()
            })
            .collect();
        let theirs: Vec<String> = schemas
            .as_array()
            .unwrap()
            .iter()
            .map(|v| serde_json::to_string(v).unwrap())
            .collect();
        assert_eq!(ours, theirs, "{file}: mcp-elicit (left) and rmcp (right)");
        checked += theirs.len();
    }
    assert_eq!(checked, 9, "every Rust fixture elicitation compared");
}

/// The emulation of the Zod converters checked against them: for every
/// fixture elicitation whose schema comes from `zodToJsonSchema(...)`
/// (zod-to-json-schema, Zod 3) or `z.toJSONSchema(...)` (Zod 4), the schema
/// mcp-elicit computes equals the one the pinned converters produce.
#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn zod_schemas_equal_what_the_converters_produce() {
    let tools = peers::node_tools();
    let shown = Command::new(bin())
        .current_dir(root())
        .args([
            "lint",
            "--show-source",
            "tests/fixtures/source/zod_spread.ts",
            "tests/fixtures/source/zod4_direct.ts",
            "tests/fixtures/source/zod_refine.ts",
            "tests/fixtures/source/zod4_refine.ts",
            "tests/fixtures/source/zod_refine_spread.ts",
            "tests/fixtures/source/zod4_register.ts",
        ])
        .output()
        .unwrap();
    assert!(shown.status.success());
    let mut child = tools
        .command("node")
        .current_dir(root())
        .arg("tests/npm/zod_schemas.cjs")
        .env("NPM_TOOLS", root().join("target/npm-tools"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&shown.stdout)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // zod_refine_spread.ts: a `.refine()` spread and read back, and a
    // `.strict()` object; its schema with a description built at run time
    // is skipped.
    assert!(report.contains("7 checked, 0 different"), "{report}");
    assert!(
        report.contains("skipped: tests/fixtures/source/zod_refine_spread.ts:37:12"),
        "{report}"
    );
}

/// The Zod fixes the findings recommend (src/source/fixes.rs), applied
/// with the pinned converters to every fixture schema they convert: each
/// converted schema, linted, no longer has the defect its fix is for (the
/// root `additionalProperties` of zod-to-json-schema's
/// `rejectedAdditionalProperties: undefined` and z.toJSONSchema's
/// `io: "input"`, the root `$schema` left out of the converted object under
/// 2025-06-18, the exclusive bounds written as `.min(n)`/`.max(n)`, the
/// `pattern` of Zod 4's string formats dropped by an `override`), and keeps
/// every property.
#[test]
#[ignore = "peer: needs Node 22 and the MCP conformance suite (cargo test --test peers -- --ignored)"]
fn zod_fixes_remove_what_they_are_for() {
    let tools = peers::node_tools();
    let shown = Command::new(bin())
        .current_dir(root())
        .args([
            "lint",
            "--show-source",
            "tests/fixtures/source/zod_spread.ts",
            "tests/fixtures/source/zod4_direct.ts",
            "tests/fixtures/source/zod_refine.ts",
            "tests/fixtures/source/zod4_refine.ts",
            "tests/fixtures/source/zod_refine_spread.ts",
            "tests/fixtures/source/zod4_register.ts",
        ])
        .output()
        .unwrap();
    assert!(shown.status.success());
    let mut child = tools
        .command("node")
        .current_dir(root())
        .arg("tests/npm/zod_fixes.cjs")
        .env("NPM_TOOLS", root().join("target/npm-tools"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&shown.stdout)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dir = tempfile::tempdir().unwrap();
    let lint = |params: &serde_json::Value, spec: &str| -> Vec<String> {
        let file = dir.path().join("params.json");
        std::fs::write(&file, serde_json::to_vec_pretty(params).unwrap()).unwrap();
        let out = Command::new(bin())
            .args(["lint", "--format", "json", "--quiet", "--spec", spec])
            .arg(&file)
            .output()
            .unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        doc["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| format!("{} {}", d["code"].as_str().unwrap(), d["message"]))
            .collect()
    };
    let mut failures = Vec::new();
    let mut applied = 0;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let fixed: serde_json::Value = serde_json::from_str(line).unwrap();
        let (at, fix, params) = (
            &fixed["where"],
            fixed["fix"].as_str().unwrap(),
            &fixed["params"],
        );
        let (spec, gone): (&str, &[&str]) = if fix.starts_with("const {") {
            ("2025-06-18", &["E122"])
        } else if fix.contains("override") {
            ("2026-07-28", &["W210"])
        } else {
            ("2026-07-28", &["E122", "E208"])
        };
        applied += 1;
        for f in lint(params, spec) {
            if gone.iter().any(|code| f.starts_with(code)) {
                failures.push(format!(
                    "{at}: after `{fix}`, lint --spec {spec} still says {f}"
                ));
            }
        }
    }
    // Two fixes for each of the four zod-to-json-schema schemas read whole,
    // three for each of the three Zod 4 ones.
    assert_eq!(applied, 17, "{}", String::from_utf8_lossy(&out.stdout));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The format stays when the override drops its pattern.
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(
            r#""email":{"description":"Your email address","type":"string","format":"email"}"#
        ),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// The emulation of the MCP Python SDK 1.x checked against it (pinned in
/// tests/peers/requirements-sdk1.txt): every model of the fixture the SDK
/// refuses before sending is one mcp-elicit reports E212 in, and every
/// model it sends has exactly the schema mcp-elicit computes.
#[test]
#[ignore = "peer: needs the MCP Python SDK 1.x (cargo test --test peers -- --ignored)"]
fn python_sdk1_refusals_and_schemas_equal_the_sdk1() {
    let python = peers::python_sdk1();
    let fixture = "tests/fixtures/source/sdk1_models.py";
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], to: &str| {
        let out = Command::new(bin())
            .current_dir(root())
            .args(args)
            .arg(fixture)
            .output()
            .unwrap();
        let path = dir.path().join(to);
        std::fs::write(&path, &out.stdout).unwrap();
        path
    };
    let shown = run(&["lint", "--show-source"], "shown.jsonl");
    let linted = run(
        &["lint", "--format", "json", "--select", "E212"],
        "lint.json",
    );
    let out = Command::new(python)
        .current_dir(root())
        .arg("tests/peers/sdk1_schemas.py")
        .arg(fixture)
        .arg(&shown)
        .arg(&linted)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(report.contains("11 checked, 0 different"), "{report}");
}

/// The FastMCP pin read from a project's metadata, checked against both
/// majors: for the project tests/fixtures/projects/python-fastmcp pinned to
/// fastmcp 3.2.0 (its own pin) and to 4.x, every schema `lint
/// --show-source` computes equals what that FastMCP's
/// `parse_elicit_response_type` makes of the same `response_type`
/// (3.2.0 in a venv of its own, tests/peers/requirements-fastmcp3.txt; 4.x
/// in the peers venv); what 4.x refuses (`None`) really raises TypeError
/// there.
#[test]
#[ignore = "peer: needs FastMCP 3.x and 4.x from PyPI (cargo test --test peers -- --ignored)"]
fn fastmcp_pins_equal_what_fastmcp_3_and_4_send() {
    let script = root().join("tests/peers/source_schemas.py");
    let compare = |python: std::path::PathBuf, pin: &str, args: &[&str], want: &str| {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path();
        std::fs::create_dir_all(project.join("app")).unwrap();
        std::fs::copy(
            fixture("projects/python-fastmcp/app/tools.py"),
            project.join("app/tools.py"),
        )
        .unwrap();
        std::fs::write(
            project.join("pyproject.toml"),
            format!("[project]\nname = \"x\"\ndependencies = [\"{pin}\"]\n"),
        )
        .unwrap();
        let shown = Command::new(bin())
            .current_dir(project)
            .args(["lint", "--show-source", "app/tools.py"])
            .output()
            .unwrap();
        assert!(shown.status.success());
        let mut child = Command::new(python)
            .current_dir(project)
            .arg(&script)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(&shown.stdout)
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{pin}: {report}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(report.contains(want), "{pin}: {report}");
    };
    // 3.x: the seven shorthands and models, and the two empty forms.
    compare(
        peers::python_fastmcp3(),
        "fastmcp[tasks]==3.2.0",
        &["--fastmcp3"],
        "9 checked, 0 different",
    );
    // 4.x: the same but the two calls it refuses.
    let python = peers::venv_python();
    compare(python.clone(), "fastmcp>=4", &[], "7 checked, 0 different");
    let refused = Command::new(python)
        .args([
            "-c",
            "from fastmcp.server.elicitation import parse_elicit_response_type as p\ntry:\n    p(None)\nexcept TypeError:\n    print('refused')",
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&refused.stdout).trim(), "refused");
}
