//! One fixture pair per rule: `tests/fixtures/rules/CODE.bad.json` (or
//! `.jsonl`) must report CODE at exactly the `line:col` positions listed in
//! `tests/fixtures/rules/expected.txt`, and `CODE.good.json(l)`, the same
//! document fixed, must not report it at all. Every rule of `--list-rules`
//! needs an entry and both files, so a new rule cannot land without them.
//!
//! The drift rules (`CODE replay` in the manifest) are the exception: a
//! file alone cannot show drift, only `replay SESSION TARGET` against a live
//! server reports them. They have no fixtures; instead tests/replay_live.rs
//! must pin each of them in a replay against the example server.
//!
//! So are the host rules (`CODE hosts`), reported only with `--hosts`: their
//! fixtures are per host fact, in tests/fixtures/hosts (tests/hosts.rs), and
//! some host fact must use each of them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{bin, fixture, read};

/// One line of `expected.txt`.
struct Expected {
    /// The manifest line, for messages.
    line: usize,
    /// `--spec` value, or `None` for `auto` (the revision the document names).
    spec: Option<String>,
    /// Reported only by a replay against a live server: no fixtures.
    replay_only: bool,
    /// Reported only with `--hosts`: fixtures per host fact instead.
    hosts_only: bool,
    /// Every `(line, column)` at which the code must be reported.
    positions: Vec<(u64, u64)>,
}

fn manifest() -> BTreeMap<String, Expected> {
    let text = read(fixture("rules/expected.txt"));
    let mut out = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut words = raw.split_whitespace();
        let code = words.next().unwrap().to_string();
        let replay_only = raw.split_whitespace().nth(1) == Some("replay");
        let hosts_only = raw.split_whitespace().nth(1) == Some("hosts");
        let spec = match words.next() {
            Some("auto" | "replay" | "hosts") => None,
            Some(r) => Some(r.to_string()),
            None => panic!("expected.txt:{line}: `{code}` has no revision"),
        };
        let positions: Vec<(u64, u64)> = words
            .map(|w| {
                let parsed = w
                    .split_once(':')
                    .and_then(|(l, c)| Some((l.parse().ok()?, c.parse().ok()?)));
                parsed.unwrap_or_else(|| panic!("expected.txt:{line}: `{w}` is not line:col"))
            })
            .collect();
        assert!(
            positions.is_empty() == (replay_only || hosts_only),
            "expected.txt:{line}: `{code}` lists no position, or a replay-only or host rule lists some"
        );
        let entry = Expected {
            line,
            spec,
            replay_only,
            hosts_only,
            positions,
        };
        assert!(
            out.insert(code.clone(), entry).is_none(),
            "expected.txt:{line}: `{code}` is listed twice"
        );
    }
    out
}

/// Codes of every rule, from the binary itself.
fn listed_rules() -> Vec<String> {
    let out = Command::new(bin())
        .args(["lint", "--list-rules"])
        .output()
        .unwrap();
    assert!(out.status.success(), "--list-rules failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// The fixture `CODE.KIND.json`, `.jsonl`, or (for the rules of source
/// files) `.ts` or `.py`, when exactly one exists.
fn fixture_file(code: &str, kind: &str) -> Result<PathBuf, String> {
    let found: Vec<PathBuf> = ["json", "jsonl", "ts", "py"]
        .iter()
        .map(|ext| fixture(&format!("rules/{code}.{kind}.{ext}")))
        .filter(|p| p.is_file())
        .collect();
    match found.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(format!("{code}: no {code}.{kind}.json or .jsonl")),
        _ => Err(format!("{code}: both {code}.{kind}.json and .jsonl exist")),
    }
}

/// Runs `lint --format json` on one file and returns the positions at which
/// `code` was reported, sorted.
fn positions_of(code: &str, spec: Option<&str>, file: &Path) -> Result<Vec<(u64, u64)>, String> {
    let mut cmd = Command::new(bin());
    // A fixture is what its rule judges: declared so (a bare schema is an
    // elicitation only when the user says it is), every note shown.
    cmd.args([
        "lint",
        "--format",
        "json",
        "--quiet",
        "--schema",
        "--show-unknown",
    ]);
    if let Some(spec) = spec {
        cmd.args(["--spec", spec]);
    }
    let out = cmd.arg(file).output().unwrap();
    let name = file.file_name().unwrap().to_string_lossy();
    if !matches!(out.status.code(), Some(0 | 1)) {
        return Err(format!(
            "{name}: exit {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("{name}: --format json printed invalid JSON: {e}"))?;
    let mut found: Vec<(u64, u64)> = doc["diagnostics"]
        .as_array()
        .ok_or_else(|| format!("{name}: no diagnostics array"))?
        .iter()
        .filter(|d| d["code"] == code)
        .map(|d| (d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap()))
        .collect();
    found.sort();
    Ok(found)
}

fn show(positions: &[(u64, u64)]) -> String {
    if positions.is_empty() {
        return "nowhere".to_string();
    }
    positions
        .iter()
        .map(|(l, c)| format!("{l}:{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_rule_has_fixtures_in_the_manifest() {
    let manifest = manifest();
    let rules = listed_rules();
    assert!(
        rules.len() > 50,
        "--list-rules printed {} rules",
        rules.len()
    );
    let mut problems = Vec::new();
    let replay_tests = read(crate::support::root().join("tests/replay_live.rs"));
    for code in &rules {
        let Some(e) = manifest.get(code) else {
            problems.push(format!(
                "{code}: no line in tests/fixtures/rules/expected.txt"
            ));
            continue;
        };
        if e.replay_only {
            if !replay_tests.contains(&format!("\"{code}\"")) {
                problems.push(format!(
                    "{code} is reported by a live replay only, and tests/replay_live.rs does not check it"
                ));
            }
            for kind in ["bad", "good"] {
                if fixture_file(code, kind).is_ok() {
                    problems.push(format!(
                        "{code} is reported by a live replay only; lint cannot use its {kind} fixture"
                    ));
                }
            }
            continue;
        }
        if e.hosts_only {
            let used = mcp_elicit::hosts::all()
                .iter()
                .flat_map(|h| h.facts)
                .any(|f| f.rule.code == code);
            if !used {
                problems.push(format!(
                    "{code} is a host rule that no host fact in src/hosts uses"
                ));
            }
            for kind in ["bad", "good"] {
                if fixture_file(code, kind).is_ok() {
                    problems.push(format!(
                        "{code} is a host rule; its fixtures are per host fact, in tests/fixtures/hosts"
                    ));
                }
            }
            continue;
        }
        for kind in ["bad", "good"] {
            if let Err(e) = fixture_file(code, kind) {
                problems.push(e);
            }
        }
    }
    let known: BTreeSet<&str> = rules.iter().map(String::as_str).collect();
    for (code, e) in &manifest {
        if !known.contains(code.as_str()) {
            problems.push(format!(
                "expected.txt:{}: `{code}` is not a rule of --list-rules",
                e.line
            ));
        }
    }
    // Every file in the folder belongs to a rule, so none is silently unused.
    for entry in std::fs::read_dir(fixture("rules")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name == "expected.txt" || name.starts_with('.') {
            continue;
        }
        let ok = match name.split('.').collect::<Vec<_>>().as_slice() {
            [code, "bad" | "good", "json" | "jsonl" | "ts" | "py"] | [code, "snap"] => {
                known.contains(code)
            }
            _ => false,
        };
        if !ok {
            problems.push(format!("tests/fixtures/rules/{name} is no rule's fixture"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_rule_fires_exactly_where_expected_and_not_when_fixed() {
    let manifest = manifest();
    let mut problems = Vec::new();
    for (code, e) in manifest
        .iter()
        .filter(|(_, e)| !e.replay_only && !e.hosts_only)
    {
        let spec = e.spec.as_deref();
        let under = spec.unwrap_or("the revision the document names");
        match fixture_file(code, "bad").and_then(|f| positions_of(code, spec, &f)) {
            Ok(got) => {
                let mut want = e.positions.clone();
                want.sort();
                if got != want {
                    problems.push(format!(
                        "{code}.bad under {under}: expected {code} at {}, reported at {}",
                        show(&want),
                        show(&got)
                    ));
                }
            }
            Err(err) => problems.push(err),
        }
        match fixture_file(code, "good").and_then(|f| positions_of(code, spec, &f)) {
            Ok(got) if got.is_empty() => {}
            Ok(got) => problems.push(format!(
                "{code}.good under {under}: {code} must not be reported, reported at {}",
                show(&got)
            )),
            Err(err) => problems.push(err),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `--explain CODE` shows the rule's own fixtures as its examples, linted the
/// way the manifest lints them, so every example it shows is one the test
/// above proves reports the rule (and its fixed form does not).
#[test]
fn explain_shows_the_fixtures_it_is_checked_by() {
    let mut problems = Vec::new();
    for (code, expected) in manifest() {
        if expected.replay_only || expected.hosts_only {
            continue;
        }
        let out = Command::new(bin())
            .args(["lint", "--explain", &code, "--color", "never"])
            .output()
            .unwrap();
        let shown = String::from_utf8_lossy(&out.stdout);
        let heading = match &expected.spec {
            Some(spec) => format!("Reported (lint --spec {spec})\n"),
            None => "Reported\n".to_string(),
        };
        if !shown.contains(&heading) {
            problems.push(format!("{code}: no `{}` heading", heading.trim_end()));
        }
        for kind in ["bad", "good"] {
            let Ok(file) = fixture_file(&code, kind) else {
                continue;
            };
            let text = read(&file);
            let indented: String = text
                .trim_end()
                .lines()
                .map(|l| format!("  {l}\n"))
                .collect();
            if !shown.contains(&indented) {
                problems.push(format!("{code}: --explain does not show {code}.{kind}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Each rule's own findings on its fixture, run in-process through the
/// library with only that rule selected, and compared with
/// `tests/fixtures/rules/CODE.snap`: the concise output, messages included,
/// so a change to what a rule says shows in review. `SNAPSHOTS=overwrite`
/// rewrites them.
#[test]
fn every_rule_says_what_its_snapshot_says() {
    use mcp_elicit::lint::{self, Options};
    use mcp_elicit::spec::Revision;
    for (code, e) in manifest()
        .iter()
        .filter(|(_, e)| !e.replay_only && !e.hosts_only)
    {
        let file = fixture_file(code, "bad").unwrap();
        let rule = mcp_elicit::rules::find(code).unwrap();
        let mut opts = match &e.spec {
            Some(spec) => Options::for_revision(Revision::parse(spec).unwrap()),
            None => Options::default(),
        };
        opts.select = [rule.code].into_iter().collect();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&file).unwrap();
        let mut shown = String::new();
        let mut sink = |d: mcp_elicit::finding::Diagnostic| {
            shown.push_str(&format!(
                "{}:{}:{}: {}[{}] {}\n",
                d.path, d.line, d.column, d.severity, d.code, d.message
            ));
        };
        if let Some(language) = mcp_elicit::source::Language::of_path(&file) {
            mcp_elicit::source::lint_source(&name, &bytes, language, &opts, &mut sink);
        } else if name.ends_with(".jsonl") {
            lint::Linter::from(opts.clone())
                .session(&name, bytes.as_slice(), &mut sink)
                .unwrap();
        } else {
            lint::Linter::from(opts.clone()).bytes(&name, &bytes, &mut sink);
        }
        assert!(!shown.is_empty(), "{name} reports nothing in-process");
        let snap = fixture(&format!("rules/{code}.snap"));
        crate::support::assert().eq(shown, snapbox::Data::read_from(&snap, None));
    }
}
