//! `mcp-elicit lint` driven as a user drives it. Every output format, exit
//! codes, stdin, rule selection and the rule docs are trycmd cases in
//! `tests/cmd/lint/` (run by `errors::cli_cases`); what needs more than a
//! command and its output is here.

use crate::support::{cmd, root};

#[test]
fn sarif_validates_against_the_sarif_2_1_0_schema() {
    let out = std::process::Command::new(crate::support::bin())
        .current_dir(root())
        .args(["lint", "--format", "sarif", "examples/lint"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&crate::support::read(
        crate::support::fixture("sarif-schema-2.1.0.json"),
    ))
    .unwrap();
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft7)
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "SARIF output is not valid SARIF 2.1.0:\n{}",
        errors.join("\n")
    );
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert!(results.len() >= 10, "every finding is a result");
    assert_eq!(sarif["runs"][0]["columnKind"], "unicodeCodePoints");
    // Every ruleIndex points at the rule with that id.
    for r in results {
        let i = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(
            sarif["runs"][0]["tool"]["driver"]["rules"][i]["id"],
            r["ruleId"]
        );
    }
}

#[test]
fn directories_skip_gitignored_and_other_files() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::write(p.join(".gitignore"), "ignored/\n").unwrap();
    std::fs::create_dir_all(p.join("ignored")).unwrap();
    std::fs::create_dir_all(p.join("sub")).unwrap();
    std::fs::write(p.join("ignored/bad.json"), "{").unwrap();
    std::fs::write(p.join("notes.txt"), "{").unwrap();
    std::fs::write(
        p.join("sub/bad.json"),
        r#"{"message":"m","requestedSchema":{"type":"object","properties":{"a":{"type":"object"}}}}"#,
    )
    .unwrap();
    // What is not an elicitation is passed over and counted: a package
    // manifest (whose `type` is not a property's), a tsconfig with
    // comments, and anything under a tool folder.
    std::fs::write(
        p.join("sub/package.json"),
        r#"{"name":"x","type":"module"}"#,
    )
    .unwrap();
    std::fs::write(
        p.join("tsconfig.json"),
        "{\n  // strict\n  \"compilerOptions\": {}\n}\n",
    )
    .unwrap();
    std::fs::create_dir_all(p.join("node_modules/dep")).unwrap();
    std::fs::write(p.join("node_modules/dep/bad.json"), r#"{"message":"m","requestedSchema":{"type":"object","properties":{"a":{"type":"object"}}}}"#).unwrap();
    cmd()
        .current_dir(p)
        .arg("lint")
        .assert()
        .code(1)
        .stdout_eq("sub/bad.json:1:77: error[E204] property `a` is an object; elicitation forms are flat, so give each of its fields its own top-level property\n")
        .stderr_eq("Checked 1 file: 1 error, 0 warnings and 0 notes in 1 file. Skipped 2 files that hold no elicitation.\n");
}

/// A named pipe is refused at once, with what to do, instead of waiting
/// for a writer that never comes; a pipe the shell opened (`<(command)`)
/// is still read.
#[cfg(unix)]
#[test]
fn a_named_pipe_is_refused_and_a_shell_pipe_is_read() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("requests.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let mut child = Command::new(crate::support::bin())
        .arg("lint")
        .arg(&fifo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("lint waited on a named pipe");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a named pipe, not a file; to lint what is written to it, pipe it in"),
        "{err}"
    );

    let bash = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "{} lint <(cat examples/lint/contact-form.json)",
            crate::support::bin()
        ))
        .current_dir(root())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&bash.stderr);
    assert!(err.contains("Checked 1 file"), "{err}");
}

/// no-color.org: a `NO_COLOR` that is set but empty leaves colour on (on a
/// terminal); a non-empty one turns it off.
#[cfg(unix)]
#[test]
fn an_empty_no_color_leaves_colour_on() {
    use crate::support::pty::Terminal;
    let run = |value: &str| {
        let mut cmd = std::process::Command::new("env");
        cmd.arg(format!("NO_COLOR={value}"))
            .args([
                crate::support::bin(),
                "lint",
                "examples/lint/shipping-address.json",
            ])
            .current_dir(root());
        let mut term = Terminal::spawn(cmd);
        term.expect("Checked 1 file");
        term.finish();
        term.showed(b"\x1b[")
    };
    assert!(run(""), "no colour with NO_COLOR set empty");
    assert!(!run("1"), "colour with NO_COLOR=1");
}
