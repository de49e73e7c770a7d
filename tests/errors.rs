//! The errors a newcomer meets first, each one line that says what to do,
//! pinned by snapshots under `tests/snapshots/errors/`.

use crate::support::{cmd, root};

/// Name, arguments, and the exit code.
const CASES: &[(&str, &[&str], i32)] = &[
    ("lint-wrong-path", &["lint", "no-such-file.json"], 2),
    ("answer-wrong-path", &["answer", "no-such-file.json"], 2),
    ("answer-a-directory", &["answer", "examples"], 2),
    ("replay-wrong-path", &["replay", "no-such-session.jsonl"], 2),
    (
        "replay-show-wrong-path",
        &["replay", "--show", "no-such-session.jsonl"],
        2,
    ),
    (
        "generate-wrong-path",
        &["generate", "--rust", "no-such-file.rs", "--type", "Booking"],
        2,
    ),
    ("answer-not-json", &["answer", "Cargo.toml"], 2),
    (
        "generate-not-json",
        &["generate", "--from-json-schema", "Cargo.toml"],
        2,
    ),
    (
        "replay-show-not-json",
        &["replay", "--show", "Cargo.toml"],
        2,
    ),
    (
        "answer-no-terminal",
        &["answer", "examples/demo/every-shape.json"],
        2,
    ),
    (
        "lint-unknown-rule-ignore",
        &["lint", "--ignore", "E999", "examples/lint"],
        2,
    ),
    (
        "lint-unknown-rule-select",
        &[
            "lint",
            "--select",
            "required-unknwn-property",
            "examples/lint",
        ],
        2,
    ),
    (
        "lint-unknown-rule-explain",
        &["lint", "--explain", "E999"],
        2,
    ),
    (
        "call-command-does-not-start",
        &["call", "--list", "--", "/nonexistent"],
        2,
    ),
    ("call-command-exits", &["call", "--list", "--", "false"], 2),
    (
        "call-address-without-scheme",
        &["call", "--list", "127.0.0.1:8808/mcp"],
        2,
    ),
    (
        "call-url-does-not-answer",
        &["call", "--list", "http://127.0.0.1:1/mcp"],
        2,
    ),
];

#[test]
fn first_errors_are_one_line_that_says_what_to_do() {
    let dir = root().join("tests/snapshots/errors");
    for (name, args, code) in CASES {
        let file = dir.join(format!("{name}.stderr"));
        let out = cmd()
            .args(*args)
            .current_dir(root())
            .stdin("")
            .assert()
            .code(*code)
            .stdout_eq("")
            .stderr_eq(snapbox::Data::read_from(&file, None))
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8(out).unwrap();
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{name}: not one error line: {err}"
        );
    }
}

/// A folder with nothing to lint (no JSON, no TypeScript, JavaScript,
/// Python or Go) is not a clean result: say so.
#[test]
fn lint_of_a_folder_without_json_says_so() {
    cmd()
        .args(["lint", "src/bin"])
        .current_dir(root())
        .assert()
        .code(0)
        .stdout_eq("")
        .stderr_eq(snapbox::str![[r#"
warning: src/bin holds no *.json, *.jsonl or source files (hidden and git-ignored ones are skipped); name the files to lint
Checked 0 files: no findings.

"#]]);
}
