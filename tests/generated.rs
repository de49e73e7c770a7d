//! Completions and man pages are generated from the command definition and
//! checked in; these tests fail when the checked-in files drift.
//! `SNAPSHOTS=overwrite cargo test` rewrites them.

use std::path::Path;
use std::process::Command;

use crate::support::{bin, root};

fn overwrite() -> bool {
    std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite")
}

fn check(path: &Path, generated: &[u8]) {
    if overwrite() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, generated).unwrap();
        return;
    }
    let current = std::fs::read(path).unwrap_or_default();
    assert!(
        current == generated,
        "{} is out of date: run `SNAPSHOTS=overwrite cargo test` and commit the result",
        path.display()
    );
}

#[test]
fn completions_are_current() {
    for (shell, file) in [
        ("bash", "mcp-elicit.bash"),
        ("zsh", "_mcp-elicit"),
        ("fish", "mcp-elicit.fish"),
        ("powershell", "_mcp-elicit.ps1"),
        ("elvish", "mcp-elicit.elv"),
    ] {
        let out = Command::new(bin())
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(out.status.success(), "completions {shell} failed");
        assert!(!out.stdout.is_empty());
        check(&root().join("completions").join(file), &out.stdout);
    }
}

#[test]
fn man_pages_are_current_and_render() {
    let dir = tempfile::tempdir().unwrap();
    let st = Command::new(bin())
        .args(["man", "--dir"])
        .arg(dir.path())
        .status()
        .unwrap();
    assert!(st.success());
    let mut generated: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    generated.sort();
    assert!(generated.contains(&"mcp-elicit.1".to_string()));
    assert!(generated.contains(&"mcp-elicit-lint.1".to_string()));
    let man_dir = root().join("man");
    if overwrite() {
        let _ = std::fs::remove_dir_all(&man_dir);
    }
    for name in &generated {
        check(
            &man_dir.join(name),
            &std::fs::read(dir.path().join(name)).unwrap(),
        );
    }
    let mut checked_in: Vec<String> = std::fs::read_dir(&man_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    checked_in.sort();
    assert_eq!(
        checked_in, generated,
        "man/ has pages no subcommand generates"
    );

    // `man -l` renders the page (man-db is installed by .ci/run).
    let out = Command::new("man")
        .args(["-l", "-P", "cat"])
        .arg(man_dir.join("mcp-elicit.1"))
        .env("MANWIDTH", "80")
        .output()
        .expect("`man` is installed (apt-get install man-db)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("mcp-elicit"), "{text}");
    assert!(text.contains("lint"), "{text}");
}
