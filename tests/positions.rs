//! Positions are 1-based lines and columns in characters, the same whatever
//! the layout: minified, pretty-printed, CRLF, with a BOM, after non-ASCII
//! text, tab-indented, or as one line of a JSONL file.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::support::bin;

/// Lints `input` from stdin; returns each finding as `CODE@line:col-end_line:end_col`.
fn positions(input: &[u8]) -> Vec<String> {
    let mut child = Command::new(bin())
        .args(["lint", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}@{}:{}-{}:{}",
                d["code"].as_str().unwrap(),
                d["line"],
                d["column"],
                d["end_line"],
                d["end_column"]
            )
        })
        .collect()
}

const PRETTY: &str = "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"näme\": {\"title\": \"Nom complet 😀\", \"type\": \"strin\"}\n  }\n}\n";

#[test]
fn pretty_printed_after_non_ascii_text() {
    // Line 4: `"strin"` starts at character 48 (the emoji and `ä` count once).
    assert_eq!(positions(PRETTY.as_bytes()), ["E203@4:48-4:55"]);
}

#[test]
fn crlf_line_ends() {
    let crlf = PRETTY.replace('\n', "\r\n");
    assert_eq!(positions(crlf.as_bytes()), ["E203@4:48-4:55"]);
}

#[test]
fn a_bom_is_not_a_column() {
    let bom = format!("\u{feff}{PRETTY}");
    assert_eq!(positions(bom.as_bytes()), ["E203@4:48-4:55"]);
    let bom_crlf = format!("\u{feff}{}", PRETTY.replace('\n', "\r\n"));
    assert_eq!(positions(bom_crlf.as_bytes()), ["E203@4:48-4:55"]);
}

#[test]
fn minified() {
    let min =
        r#"{"type":"object","properties":{"näme":{"title":"Nom complet 😀","type":"strin"}}}"#;
    assert_eq!(positions(min.as_bytes()), ["E203@1:71-1:78"]);
}

#[test]
fn tabs_count_as_one_column() {
    let tabs = PRETTY.replace("    \"näme\"", "\t\t\"näme\"");
    assert_eq!(positions(tabs.as_bytes()), ["E203@4:46-4:53"]);
}

#[test]
fn a_finding_spanning_lines_ends_where_its_value_ends() {
    // The value of `a` is an object with its own properties (E204), lines 4 to 6.
    let doc = "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"a\": {\"type\": \"object\",\n      \"properties\": {\"b\": {\"type\": \"string\"}}\n    }\n  }\n}\n";
    let found = positions(doc.as_bytes());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("E204@4:"), "{found:?}");
}

#[test]
fn jsonl_lines_keep_their_numbers() {
    let jsonl = concat!(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n",
        "\n",
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"elicitation/create\",\"params\":{\"message\":\"é\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"strin\"}}}}}\n",
    );
    // Line 3, counted in characters: the method at 34 (a server request is
    // a note under the default revision, 2026-07-28), `"strin"` at 140, and,
    // once the file ends, the id at 23 of a request nobody answered.
    assert_eq!(
        positions(jsonl.as_bytes()),
        ["N005@3:34-3:54", "E203@3:140-3:147", "W723@3:23-3:24"]
    );
}
