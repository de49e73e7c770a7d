//! The spec's own examples and real-world schemas, linted as a user would:
//! each gives exactly what `tests/fixtures/corpus/README.md` says of it.

use std::process::Command;

use crate::support::{bin, fixture};

/// Lints `path` with `--format json` and `args`; returns the exit code and
/// each finding as `CODE@line:col`, in output order.
fn findings(path: &str, args: &[&str]) -> (i32, Vec<String>) {
    let out = Command::new(bin())
        .args(["lint", "--format", "json"])
        .args(args)
        .arg(fixture(path))
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{path}: not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    let list = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}@{}:{}",
                d["code"].as_str().unwrap(),
                d["line"],
                d["column"]
            )
        })
        .collect();
    (out.status.code().unwrap(), list)
}

#[test]
fn every_spec_example_is_recognised_and_clean_under_2026_07_28() {
    let dir = fixture("spec-examples/2026-07-28");
    let mut files = Vec::new();
    for kind in std::fs::read_dir(&dir).unwrap() {
        for f in std::fs::read_dir(kind.unwrap().path()).unwrap() {
            files.push(f.unwrap().path());
        }
    }
    files.sort();
    assert_eq!(files.len(), 20, "all 20 examples of the spec are here");
    for f in &files {
        let rel = f.strip_prefix(fixture("")).unwrap().to_str().unwrap();
        let (code, found) = findings(rel, &["--spec", "2026-07-28", "--fail-on", "note"]);
        assert_eq!((code, found), (0, vec![]), "{rel}");
    }
    // And the folder as a whole, as a user would lint it.
    let (code, found) = findings("spec-examples", &["--fail-on", "note"]);
    assert_eq!((code, found), (0, vec![]));
}

/// What the corpus README expects, file by file, under the latest revision
/// and under 2025-06-18.
const CORPUS: &[(&str, &[&str], &[&str])] = &[
    (
        "everything-trigger-elicitation-request.json",
        &["W310@106:9"],
        &[
            "E401@20:9",
            "E401@46:9",
            "E401@54:9",
            "E401@61:9",
            "E207@64:17",
            "E401@73:9",
            "E309@79:9",
            "E401@84:9",
            "E207@87:17",
            "E401@99:9",
            "E401@107:9",
        ],
    ),
    (
        "everything-startElicitation-legacy.json",
        &["W310@59:9"],
        &["E401@20:9", "E401@45:9", "E401@53:9", "E401@60:9"],
    ),
    (
        "conformance-sep1034-client-defaults.json",
        &[],
        &["E401@6:63", "E401@7:62", "E401@8:65", "E401@13:9"],
    ),
    (
        "go-sdk-conformance-sep1330-enums.json",
        &["W310@21:9", "E308@37:11"],
        &["E309@12:9", "E207@24:17", "E207@33:17", "E308@37:11"],
    ),
    (
        "github-mcp-server-delete-repository.json",
        &[],
        &["W115@2:3"],
    ),
    (
        "octopus-mcp-server-empty-properties.json",
        &["W126@4:56"],
        &["W115@2:3", "W126@4:56"],
    ),
    (
        "ts-sdk-example-register-user-enumnames.json",
        &["W310@13:9"],
        &["W115@2:3"],
    ),
    (
        "harness-mcp-server-confirm.json",
        &["N602@11:9"],
        &["W115@2:3", "N602@11:9"],
    ),
];

#[test]
fn every_real_world_schema_gives_what_the_corpus_readme_says() {
    let mut listed: Vec<&str> = CORPUS.iter().map(|c| c.0).collect();
    let mut present: Vec<String> = std::fs::read_dir(fixture("corpus"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json"))
        .collect();
    listed.sort();
    present.sort();
    assert_eq!(listed, present, "every corpus file has its expectation");
    for (file, latest, old) in CORPUS {
        let path = format!("corpus/{file}");
        let (_, found) = findings(&path, &["--spec", "latest"]);
        assert_eq!(found, *latest, "{file} under 2026-07-28");
        let (_, found) = findings(&path, &["--spec", "2025-06-18"]);
        assert_eq!(found, *old, "{file} under 2025-06-18");
    }
    // 2025-11-25 accepts the SEP-1034 defaults.
    let (code, found) = findings(
        "corpus/conformance-sep1034-client-defaults.json",
        &["--spec", "2025-11-25"],
    );
    assert_eq!((code, found), (0, vec![]));
}
