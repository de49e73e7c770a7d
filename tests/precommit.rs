//! The pre-commit hook, run by a real `pre-commit try-repo` against a sample
//! repository: it must fail and name the bad file only.

use std::path::Path;
use std::process::Command;

use crate::support::root;

fn git(dir: &Path, args: &[&str]) {
    let st = Command::new("git")
        .current_dir(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .status()
        .expect("git runs");
    assert!(st.success(), "git {args:?} failed");
}

#[test]
fn hook_fails_on_the_bad_schema_and_names_it() {
    let version = Command::new("pre-commit").arg("--version").output();
    assert!(
        version.as_ref().is_ok_and(|o| o.status.success()),
        "pre-commit is not installed: run `python3 -m pip install 'pre-commit>=4,<5'` (.ci/run does)"
    );
    let repo = tempfile::tempdir().unwrap();
    let r = repo.path();
    git(r, &["init", "-q"]);
    std::fs::create_dir_all(r.join("schemas")).unwrap();
    std::fs::write(
        r.join("schemas/clean.json"),
        r#"{"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}"#,
    )
    .unwrap();
    std::fs::write(
        r.join("schemas/bad.json"),
        "{\n  \"type\": \"object\",\n  \"properties\": {\"name\": {\"type\": \"string\"}},\n  \"required\": [\"nmae\"]\n}\n",
    )
    .unwrap();
    git(r, &["add", "."]);
    git(r, &["commit", "-q", "-m", "schemas"]);

    // pre-commit builds the hook with `cargo install` in its own clone; a
    // shared target directory and a debug-like release profile keep that to
    // an incremental build.
    let target = root().join("target/pre-commit-hook");
    let cache = repo.path().join(".cache");
    let out = Command::new("pre-commit")
        .current_dir(r)
        .args([
            "try-repo",
            root().to_str().unwrap(),
            "mcp-elicit",
            "--all-files",
            "--color",
            "never",
        ])
        .env("PRE_COMMIT_HOME", &cache)
        .env("CARGO_TARGET_DIR", &target)
        .env("CARGO_PROFILE_RELEASE_LTO", "false")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env("CARGO_PROFILE_RELEASE_INCREMENTAL", "true")
        .output()
        .expect("pre-commit runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the hook must fail\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(
        stdout.contains("schemas/bad.json:4:16: error[E124]"),
        "the bad file is named with its position:\n{stdout}"
    );
    assert!(!stdout.contains("schemas/clean.json:"), "{stdout}");
    assert!(stdout.contains("Failed"), "{stdout}");
}
