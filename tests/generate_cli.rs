//! `mcp-elicit generate` driven as a user drives it: Rust source, Pydantic
//! and Zod output (real, made by the scripts in `tests/fixtures/generate/`),
//! `--message`, `--output`, refusals and bad input. The runs that are a
//! command and its output (each source to its schema, refusals, bad
//! input) are trycmd cases in `tests/cmd/generate/`, run by
//! `errors::cli_cases`; what needs more than that is here.

use mcp_elicit::generate::{self, Options};
use mcp_elicit::lint::Linter;
use mcp_elicit::spec::Revision;
use serde_json::Value;

use crate::support::{bin, cmd, root};

fn generate() -> snapbox::cmd::Command {
    cmd().current_dir(root()).arg("generate")
}

/// Runs the binary; returns exit code, stdout and stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(bin())
        .current_dir(root())
        .arg("generate")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn rust_output_is_the_library_output() {
    let (code, out, _) = run(&["--rust", "examples/rust/forms.rs", "--type", "Newsletter"]);
    assert_eq!(code, 0);
    let cli: Value = serde_json::from_str(&out).unwrap();
    let lib =
        generate::generate::<crate::generate::forms::Newsletter>(&Options::new(Revision::LATEST))
            .unwrap()
            .schema
            .to_json();
    assert_eq!(cli, lib);
}

#[test]
fn message_and_output_file_lint_clean() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("params.json");
    let out = out.to_str().unwrap();
    generate()
        .args([
            "--rust",
            "examples/rust/forms.rs",
            "--type",
            "Confirmation",
            "--spec",
            "2025-06-18",
            "--message",
            "Transfer 120 EUR to Ada?",
            "--output",
            out,
        ])
        .assert()
        .success()
        .stdout_eq("");
    let params: Value = serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
    assert_eq!(params["message"], "Transfer 120 EUR to Ada?");
    assert_eq!(
        params["requestedSchema"]["properties"]["confirm"]["type"],
        "boolean"
    );
    cmd()
        .args(["lint", "--spec", "2025-06-18", out])
        .assert()
        .success();
}

#[test]
fn pydantic_and_zod_outputs_lint_clean() {
    for fixture in [
        "pydantic-booking.json",
        "zod-booking.json",
        "zod3-booking.json",
    ] {
        let path = format!("tests/fixtures/generate/{fixture}");
        for rev in [Revision::V2025_11_25, Revision::V2026_07_28] {
            let (code, out, err) = run(&["--from-json-schema", &path, "--spec", rev.as_str()]);
            assert_eq!(code, 0, "{fixture} {rev}: {err}");
            let found = Linter::new(rev).document("-", &out);
            assert!(found.is_empty(), "{fixture} {rev}: {found:#?}\n{out}");
        }
        // Defaults on strings and multi-selects need 2025-11-25.
        let (code, _, err) = run(&["--from-json-schema", &path, "--spec", "2025-06-18"]);
        assert_eq!(code, 1, "{fixture}: {err}");
        assert!(err.contains("generate for 2025-11-25 or later"), "{err}");
    }
}

#[test]
fn names_from_the_input_are_sanitised_in_notes() {
    let schema = r#"{"type": "object", "properties": {"a\u001b[2Jb": {"type": "string", "format": "x\u001b]0;t\u0007"}}}"#;
    let out = std::process::Command::new(bin())
        .args(["generate", "--from-json-schema", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(schema.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("format"), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    // stdout is JSON, where control characters are escaped.
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains(r"a\u001b[2Jb"), "{stdout}");
}

#[test]
fn allow_pattern_keeps_the_regex_on_both_paths() {
    let (code, out, err) = run(&[
        "--rust",
        "examples/rust/forms.rs",
        "--type",
        "Callback",
        "--allow-pattern",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("pattern"), "{err}");
    let cli: Value = serde_json::from_str(&out).unwrap();
    let opts = Options {
        allow_pattern: true,
        ..Options::new(Revision::LATEST)
    };
    let lib = generate::generate::<crate::generate::forms::Callback>(&opts)
        .unwrap()
        .schema
        .to_json();
    assert_eq!(cli, lib);
    assert_eq!(cli["properties"]["phone"]["pattern"], r"^\+?[0-9 ]+$");
    let codes: Vec<_> = Linter::new(Revision::LATEST)
        .document("-", &out)
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(codes, ["W210"]);
}
