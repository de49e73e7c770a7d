//! Host facts: one fixture pair per fact (`tests/fixtures/hosts/HOST.FACT`),
//! the bad one reporting the fact at the places `expected.txt` lists, naming
//! the host and saying what the person sees, the good one not at all; the
//! matrix of the shipped examples as a snapshot.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use mcp_elicit::hosts::{self, Fact, Host};

use crate::support::{bin, cmd, fixture, read, root};

fn manifest() -> BTreeMap<String, Vec<(u64, u64)>> {
    let mut out = BTreeMap::new();
    for (i, raw) in read(fixture("hosts/expected.txt")).lines().enumerate() {
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut words = raw.split_whitespace();
        let name = words.next().unwrap().to_string();
        let positions = words
            .map(|w| {
                let (l, c) = w
                    .split_once(':')
                    .unwrap_or_else(|| panic!("expected.txt:{}: `{w}` is not line:col", i + 1));
                (l.parse().unwrap(), c.parse().unwrap())
            })
            .collect();
        assert!(
            out.insert(name.clone(), positions).is_none(),
            "expected.txt:{}: `{name}` twice",
            i + 1
        );
    }
    out
}

/// Every host at every version its entry names (and at its newest, bare),
/// each with its facts there: those of the table and those its declaration
/// implies. Each fact once, at the first selector that has it.
fn every_fact() -> Vec<(String, &'static Host, &'static Fact)> {
    let mut out: Vec<(String, &'static Host, &'static Fact)> = Vec::new();
    for h in hosts::ALL {
        let mut selectors = vec![h.id.to_string()];
        let bounds = h
            .declared
            .iter()
            .map(|d| d.within)
            .chain(h.facts.iter().map(|f| f.within));
        for w in bounds {
            for b in [w.from, w.to].into_iter().flatten() {
                selectors.push(format!("{}@{b}", h.id));
            }
        }
        for sel in selectors {
            let at = hosts::select(&sel).unwrap();
            for f in at.facts {
                if !out.iter().any(|(_, o, g)| o.id == h.id && g.id == f.id) {
                    out.push((sel.clone(), at, f));
                }
            }
        }
    }
    out
}

/// Where `lint --hosts SELECTOR` reports `fact` in `file`: the fact's
/// rule, with a message that names the host and carries what the person
/// sees.
fn reported(selector: &str, host: &Host, fact: &Fact, file: &Path) -> Vec<(u64, u64)> {
    let out = Command::new(bin())
        .args(["lint", "--format", "json", "--quiet", "--hosts", selector])
        .arg(file)
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut found: Vec<(u64, u64)> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| {
            let m = d["message"].as_str().unwrap();
            d["code"] == fact.rule.code
                && m.starts_with(&format!("{}: ", host.name))
                && m.contains(fact.sees)
        })
        .map(|d| (d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap()))
        .collect();
    found.sort();
    found
}

#[test]
fn every_host_fact_fires_where_expected_and_not_on_the_safe_shape() {
    let manifest = manifest();
    let mut problems = Vec::new();
    let mut seen = Vec::new();
    for (selector, host, fact) in every_fact() {
        {
            let name = format!("{}.{}", host.id, fact.id);
            seen.push(name.clone());
            let Some(want) = manifest.get(&name) else {
                problems.push(format!(
                    "{name}: no line in tests/fixtures/hosts/expected.txt"
                ));
                continue;
            };
            assert!(!want.is_empty(), "{name}: lists no place");
            let bad = fixture(&format!("hosts/{name}.bad.json"));
            let good = fixture(&format!("hosts/{name}.good.json"));
            if !bad.is_file() || !good.is_file() {
                problems.push(format!(
                    "{name}: needs {name}.bad.json and {name}.good.json"
                ));
                continue;
            }
            let mut want = want.clone();
            want.sort();
            let got = reported(&selector, host, fact, &bad);
            if got != want {
                problems.push(format!(
                    "{name}.bad: expected at {want:?}, reported at {got:?}"
                ));
            }
            let got = reported(&selector, host, fact, &good);
            if !got.is_empty() {
                problems.push(format!(
                    "{name}.good: must not be reported, reported at {got:?}"
                ));
            }
        }
    }
    for name in manifest.keys() {
        if !seen.contains(name) {
            problems.push(format!("expected.txt: `{name}` is no host's fact"));
        }
    }
    for entry in std::fs::read_dir(fixture("hosts")).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        let stem = file
            .strip_suffix(".bad.json")
            .or_else(|| file.strip_suffix(".good.json"));
        if file != "expected.txt" && !stem.is_some_and(|s| seen.iter().any(|n| n == s)) {
            problems.push(format!("tests/fixtures/hosts/{file} is no fact's fixture"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn host_findings_carry_the_evidence_and_the_fix() {
    let out = Command::new(bin())
        .args(["lint", "--format", "json", "--quiet", "--hosts", "codex"])
        .arg(fixture("hosts/codex.form-unrenderable.bad.json"))
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "W802")
        .unwrap();
    let m = d["message"].as_str().unwrap();
    assert!(m.starts_with("Codex: `guests` (an integer): "), "{m}");
    assert!(m.contains("[issue] openai/codex#41797"), "{m}");
    assert!(m.contains("; fix: "), "{m}");
    assert_eq!(d["pointer"], "/requestedSchema/properties/guests");
    // The matrix rides along in JSON.
    let matrix = &doc["hosts"];
    assert_eq!(matrix["columns"][0]["id"], "codex");
    assert_eq!(matrix["rows"][0]["cells"]["codex"]["status"], "broken");
    assert_eq!(matrix["footnotes"][0]["code"], "W802");
}

#[test]
fn without_hosts_no_host_rule_fires() {
    let out = Command::new(bin())
        .args(["lint", "--format", "json", "--quiet"])
        .arg(fixture("hosts/codex.form-unrenderable.bad.json"))
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(doc.get("hosts").is_none());
    assert!(
        doc["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| !d["code"].as_str().unwrap()[1..].starts_with('8'))
    );
}

#[test]
fn unknown_host_is_a_usage_error_naming_the_known_ones() {
    cmd()
        .args(["lint", "--hosts", "netscape", "examples/lint"])
        .current_dir(root())
        .assert()
        .code(2)
        .stderr_eq(snapbox::str![[r#"
error: --hosts: no host `netscape`; known hosts: claude-code, claude-desktop, codex, vscode, cursor, copilot-cli, goose-desktop, goose-cli, zed, continue, cline, gemini-cli, fast-agent, mcporter, inspector, inspector-v1, ts-sdk, ts-sdk-old, ts-sdk-v2, python-sdk, rmcp, or all

"#]]);
}

#[test]
fn matrix_of_the_shipped_examples() {
    cmd()
        .args([
            "lint",
            "--format",
            "hosts",
            "--quiet",
            "examples/lint",
            "examples/demo",
        ])
        .current_dir(root())
        .assert()
        .stdout_eq(snapbox::file!["snapshots/hosts/matrix.md"]);
}

#[test]
fn matrix_json_of_the_shipped_examples() {
    cmd()
        .args([
            "lint",
            "--format",
            "json",
            "--hosts",
            "all",
            "--quiet",
            "examples/lint",
            "examples/demo",
        ])
        .current_dir(root())
        .assert()
        .stdout_eq(snapbox::file!["snapshots/hosts/matrix.json"]);
}

/// Checks the part of `page` between `<!-- MARKER:start -->` and
/// `<!-- MARKER:end -->` against `generated`; `SNAPSHOTS=overwrite` writes it.
fn generated_part(page: &str, marker: &str, generated: &str, how: &str) {
    let path = root().join(page);
    let text = read(&path);
    let start = format!("<!-- {marker}:start -->\n");
    let end = format!("<!-- {marker}:end -->");
    let from = text
        .find(&start)
        .unwrap_or_else(|| panic!("{page} has no {marker}:start marker"))
        + start.len();
    let to = from
        + text[from..]
            .find(&end)
            .unwrap_or_else(|| panic!("{page} has no {marker}:end marker"));
    if std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite") {
        let updated = format!("{}{generated}{}", &text[..from], &text[to..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert_eq!(
        &text[from..to],
        generated,
        "{page}'s {marker} is out of date: it is {how}; `SNAPSHOTS=overwrite cargo test --test integration -- hosts` rewrites it"
    );
}

/// What `mcp-elicit ARGS` prints from the repository root, colour off.
fn printed(args: &[&str]) -> String {
    let out = Command::new(bin())
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_hosts_page_shows_the_current_matrix_of_the_shipped_examples() {
    let matrix = printed(&[
        "lint",
        "--format",
        "hosts",
        "--quiet",
        "examples/lint",
        "examples/demo",
    ]);
    generated_part(
        "docs/hosts.md",
        "hosts-matrix",
        &matrix,
        "the output of `mcp-elicit lint --format hosts --quiet examples/lint examples/demo`",
    );
}

#[test]
fn the_hosts_page_lists_every_host_with_its_facts() {
    let list = printed(&["lint", "--list-hosts"]);
    generated_part(
        "docs/hosts.md",
        "hosts-list",
        &format!("```text\n{list}```\n"),
        "the output of `mcp-elicit lint --list-hosts` in a text block",
    );
}

#[test]
fn answer_as_a_host_without_elicitation_sends_nothing() {
    cmd()
        .args(["answer", "--as", "zed", "--defaults", "examples/demo/pizza.json"])
        .current_dir(root())
        .assert()
        .code(1)
        .stdout_eq("")
        .stderr_eq(snapbox::str![[r#"
as Zed: nothing: Zed declares no elicitation capability and never answers the request, so the tool call dies at Zed's 60 s timeout
the person is never asked, and no answer comes back: the server gets an error or nothing

"#]]);
}

#[test]
fn answer_as_codex_cancels_a_titled_root_without_asking() {
    cmd()
        .args(["answer", "--as", "codex", "--defaults"])
        .stdin(r#"{"message": "Name?", "requestedSchema": {"type": "object", "title": "T", "properties": {"name": {"type": "string"}}}}"#)
        .assert()
        .code(4)
        .stdout_eq("{\"action\":\"cancel\"}\n")
        .stderr_eq(snapbox::str![[r#"
as Codex: root `title`: nothing: Codex's typed schema refuses a root `title` or `description` (only `$schema`, `type`, `properties`, `required`), and the request is cancelled without being shown
-:1:60: error[E122] `title` is not allowed at the root of requestedSchema (put it in the params' `message`); the root has only type, properties and required (and $schema)

"#]]);
}

/// A nested object: no form of ours can show it, VS Code shows it as a
/// text field.
const NESTED: &str = r#"{"message": "Where to?", "requestedSchema": {"type": "object", "properties": {"address": {"type": "object", "properties": {"city": {"type": "string"}}}}, "required": ["address"]}}"#;

#[test]
fn answer_as_a_host_judges_the_form_that_host_shows() {
    // Without --as the request is refused: no form can be built from it.
    cmd()
        .args(["answer", "--set", "address=Lisbon"])
        .stdin(NESTED)
        .assert()
        .code(1)
        .stdout_eq(snapbox::str![[r#"
{"jsonrpc":"2.0","id":null,"error":{"code":-32602,[..]"code":"E204"[..]}

"#]]);
    // VS Code makes it a text field, so the form is shown and answered;
    // the finding is still reported.
    cmd()
        .args(["answer", "--as", "vscode", "--set", "address=Lisbon"])
        .stdin(NESTED)
        .assert()
        .code(0)
        .stdout_eq("{\"action\":\"accept\",\"content\":{\"address\":\"Lisbon\"}}\n")
        .stderr_eq(snapbox::str![[r#"
as VS Code: the shape E204 (nested-object) reports: a nested object, a list of types or `items` without `type` falls through to a text field whose validator has no case for it
-:1:99: error[E204] property `address` is an object; elicitation forms are flat, so give each of its fields its own top-level property
note: the request breaks the spec, but a form can show it, so it is answered; --strict refuses it

"#]]);
    // A host no fact rewrites it for passes it on as it is: refused.
    cmd()
        .args(["answer", "--as", "claude-code", "--set", "address=Lisbon"])
        .stdin(NESTED)
        .assert()
        .code(1)
        .stdout_eq(snapbox::str![[r#"
{"jsonrpc":"2.0","id":null,"error":{"code":-32602,[..]"code":"E204"[..]}

"#]]);
}

#[test]
fn answer_as_a_host_with_strict_refuses_the_request_as_sent() {
    // --strict is about what the server sent: VS Code's text field does
    // not mend the nested object.
    cmd()
        .args(["answer", "--as", "vscode", "--strict", "--set", "address=Lisbon"])
        .stdin(NESTED)
        .assert()
        .code(1)
        .stdout_eq(snapbox::str![[r#"
{"jsonrpc":"2.0","id":null,"error":{"code":-32602,[..]"code":"E204"[..]}

"#]])
        .stderr_eq(snapbox::str![[r#"
as VS Code: [..]
-:1:99: error[E204] [..]
error: the request breaks the spec and --strict refuses it; the JSON-RPC error a client owes is on stdout

"#]]);
    // A host that never shows the request does what it does: Codex
    // cancels a titled root before any check of ours.
    cmd()
        .args(["answer", "--as", "codex", "--strict", "--defaults"])
        .stdin(r#"{"message": "Name?", "requestedSchema": {"type": "object", "title": "T", "properties": {"name": {"type": "string"}}}}"#)
        .assert()
        .code(4)
        .stdout_eq("{\"action\":\"cancel\"}\n");
    // A host that refuses it still says so.
    cmd()
        .args([
            "answer",
            "--as",
            "zed",
            "--strict",
            "--defaults",
            "examples/demo/pizza.json",
        ])
        .current_dir(root())
        .assert()
        .code(1)
        .stdout_eq("");
}

#[test]
fn answer_as_an_unknown_host_is_a_usage_error() {
    cmd()
        .args(["answer", "--as", "netscape", "examples/demo/pizza.json"])
        .current_dir(root())
        .assert()
        .code(2)
        .stdout_eq("");
}

#[test]
fn sarif_carries_host_findings_with_their_places() {
    let out = Command::new(bin())
        .args([
            "lint",
            "--format",
            "sarif",
            "--quiet",
            "--hosts",
            "goose-desktop",
        ])
        .arg(fixture("hosts/goose-desktop.number-prefilled.bad.json"))
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &doc["runs"][0];
    let result = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "N807")
        .expect("an N807 result");
    let region = &result["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (region["startLine"].as_u64(), region["startColumn"].as_u64()),
        (Some(6), Some(7))
    );
    assert!(
        result["message"]["text"]
            .as_str()
            .unwrap()
            .starts_with("Goose desktop: `guests`")
    );
    let rule = &run["tool"]["driver"]["rules"][result["ruleIndex"].as_u64().unwrap() as usize];
    assert_eq!(rule["id"], "N807");
}

#[test]
fn list_hosts_names_every_host() {
    let out = Command::new(bin())
        .args(["lint", "--list-hosts"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for h in hosts::ALL {
        assert!(
            text.lines()
                .any(|l| l.starts_with(h.id) && l.contains(h.name)),
            "{} missing:\n{text}",
            h.id
        );
    }
    assert!(text.contains(
        "W802 broken      a number, integer or multi-select makes the whole form unrenderable"
    ));
}

#[test]
fn a_shape_outside_the_spec_is_unknown_where_nothing_is_established() {
    let out = Command::new(bin())
        .args([
            "lint",
            "--format",
            "json",
            "--quiet",
            "--hosts",
            "claude-code,vscode,codex,python-sdk",
        ])
        .arg(fixture("hosts/codex.refused.bad.json"))
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cells = &doc["hosts"]["rows"][0]["cells"];
    assert_eq!(cells["claude-code"]["status"], "unknown");
    assert_eq!(cells["python-sdk"]["status"], "unknown");
    assert_eq!(cells["vscode"]["status"], "degraded");
    assert_eq!(cells["codex"]["status"], "broken");
}
