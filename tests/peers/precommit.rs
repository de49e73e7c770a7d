//! The hooks of .pre-commit-hooks.yaml, each run by a real `pre-commit
//! try-repo` against a sample repository, where it must fail and name the
//! bad file only: `mcp-elicit` builds from source with `cargo build --locked`
//! (shown by a Cargo.lock that no longer matches), `mcp-elicit-wheel`
//! installs the wheel through the root setup.py with PyPI shut off and no
//! cargo on `PATH`.
//!
//! The hook repository is a git repository made from the files of this
//! working tree (committed or not), since try-repo takes committed and
//! tracked files only.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, Output};

use tempfile::TempDir;

use crate::support::{peers, root};
use crate::wheel::{self, run, succeeded};

fn git(dir: &Path, args: &[&str]) {
    let out = run(Command::new("git")
        .current_dir(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com"));
    succeeded(&out, &format!("git {args:?}"));
}

/// A repository with a clean schema and one whose `required` names a
/// property that does not exist (E124 at 4:16), declared requested schemas
/// by its `mcp-elicit.toml`, beside JSON that is no elicitation.
fn sample() -> TempDir {
    let repo = tempfile::tempdir().unwrap();
    let r = repo.path();
    git(r, &["init", "-q"]);
    std::fs::write(
        r.join("mcp-elicit.toml"),
        "schemas = [\"schemas/*.json\"]\n",
    )
    .unwrap();
    // A manifest whose `type` would read as a property's: not judged.
    std::fs::write(
        r.join("package.json"),
        r#"{"name": "server", "type": "module", "private": true}"#,
    )
    .unwrap();
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
    // Source files go through the hook too (its `types_or`): servers
    // whose literal (TypeScript) or builder chain (Rust) asks for an
    // unknown required property, and one that elicits nothing.
    std::fs::create_dir_all(r.join("server")).unwrap();
    std::fs::write(
        r.join("server/ask.ts"),
        "export const ask = (server) =>\n  server.elicitInput({\n    message: \"Name?\",\n    requestedSchema: { type: \"object\", properties: { name: { type: \"string\" } }, required: [\"nmae\"] },\n  });\n",
    )
    .unwrap();
    std::fs::write(
        r.join("server/ask.rs"),
        "pub fn ask() -> rmcp::model::ElicitationSchema {\n    rmcp::model::ElicitationSchema::builder()\n        .required_string(\"name\")\n        .mark_required(\"nmae\")\n        .build()\n        .unwrap()\n}\n",
    )
    .unwrap();
    std::fs::write(
        r.join("server/util.py"),
        "def add(a, b):\n    return a + b\n",
    )
    .unwrap();
    git(r, &["add", "."]);
    git(r, &["commit", "-q", "-m", "schemas"]);
    repo
}

/// This repository as pre-commit would clone it: a git repository of the
/// working tree's files (tracked, or untracked and not ignored), with `edit`
/// applied before the commit.
fn hook_repo(edit: impl FnOnce(&Path)) -> TempDir {
    let copy = tempfile::tempdir().unwrap();
    let out = run(Command::new("git").current_dir(root()).args([
        "ls-files",
        "-z",
        "--cached",
        "--others",
        "--exclude-standard",
    ]));
    succeeded(&out, "git ls-files");
    for name in out.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = std::str::from_utf8(name).expect("UTF-8 file names");
        let from = root().join(name);
        if !from.exists() {
            continue; // deleted in the working tree
        }
        // Links are copied as the files they point to.
        let to = copy.path().join(name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&from, &to).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    edit(copy.path());
    git(copy.path(), &["init", "-q"]);
    git(copy.path(), &["add", "-A"]);
    git(copy.path(), &["commit", "-q", "-m", "hook repository"]);
    copy
}

/// `pre-commit try-repo REPO HOOK --all-files` in a new sample repository,
/// with pre-commit's home in a temporary directory.
fn try_repo(pre_commit: &Path, repo: &Path, hook: &str, env: &[(&str, OsString)]) -> Output {
    let sample = sample();
    let home = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(pre_commit);
    wheel::as_from_a_shell(&mut cmd)
        .current_dir(sample.path())
        .args(["try-repo", repo.to_str().unwrap(), hook, "--all-files"])
        .args(["--color", "never"])
        .env("PRE_COMMIT_HOME", home.path())
        .env_remove("CARGO_TARGET_DIR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run(&mut cmd)
}

/// The hook's verdict on the sample: it fails (exit 1), names the bad file
/// with its position, and does not name the clean one.
fn assert_names_the_bad_schema_only(out: &Output) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the hook must fail\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(stdout.contains("- exit code: 1"), "{stdout}");
    assert!(
        stdout.contains("schemas/bad.json:4:16: error[E124]"),
        "the bad file is named with its position:\n{stdout}"
    );
    assert!(!stdout.contains("schemas/clean.json:"), "{stdout}");
    assert!(
        stdout.contains("server/ask.ts:4:93: error[E124]"),
        "the TypeScript file is linted too:\n{stdout}"
    );
    assert!(
        stdout.contains("server/ask.rs:4:10: error[E124]"),
        "the Rust file is linted too:\n{stdout}"
    );
    assert!(!stdout.contains("server/util.py:"), "{stdout}");
}

/// `PATH` without cargo: a directory that holds cargo (`~/.cargo/bin`, or
/// `/usr/bin` where a distribution's cargo lives) is replaced by links, in
/// `links`, to everything in it but the Rust toolchain, so that git, sed and
/// the rest are still found.
fn path_without_cargo(links: &Path) -> OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let has = |dir: &Path, name: &str| {
        dir.join(name).is_file() || dir.join(format!("{name}.exe")).is_file()
    };
    std::fs::create_dir_all(links).unwrap();
    let mut dirs = Vec::new();
    let mut linked = false;
    for dir in std::env::split_paths(&path) {
        if !has(&dir, "cargo") {
            dirs.push(dir);
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let text = name.to_string_lossy();
            let stem = text.trim_end_matches(".exe");
            let toolchain = [
                "cargo",
                "rustc",
                "rustup",
                "rustdoc",
                "rust-gdb",
                "rust-lldb",
            ]
            .contains(&stem)
                || stem.starts_with("cargo-");
            let link = links.join(&name);
            if toolchain || link.exists() {
                continue;
            }
            #[cfg(unix)]
            let _ = std::os::unix::fs::symlink(entry.path(), &link);
            #[cfg(not(unix))]
            let _ = std::fs::copy(entry.path(), &link);
        }
        if !linked {
            dirs.push(links.to_path_buf());
            linked = true;
        }
    }
    assert!(
        !dirs.iter().any(|d| has(d, "cargo")),
        "cargo is still on {dirs:?}"
    );
    std::env::join_paths(dirs).unwrap()
}

#[test]
#[ignore = "peer: needs pre-commit (cargo test --test peers -- --ignored)"]
fn source_hook_builds_with_cargo_and_fails_on_the_bad_schema() {
    let pre_commit = peers::pre_commit();
    let repo = hook_repo(|_| {});
    // The build goes to the target directory the other builds of the tests
    // share; the clone is new, so cargo rebuilds this crate there.
    let out = try_repo(
        &pre_commit,
        repo.path(),
        "mcp-elicit",
        &[("CARGO_TARGET_DIR", wheel::cargo_target().into())],
    );
    assert_names_the_bad_schema_only(&out);
}

#[test]
#[ignore = "peer: needs pre-commit (cargo test --test peers -- --ignored)"]
fn source_hook_builds_what_cargo_lock_says() {
    let pre_commit = peers::pre_commit();
    // A lock file that no longer matches Cargo.toml: without `--locked`,
    // cargo would write the version it lacks and build.
    let repo = hook_repo(|dir| {
        let lock = dir.join("Cargo.lock");
        let text = std::fs::read_to_string(&lock).unwrap();
        let own = format!(
            "name = \"mcp-elicit\"\nversion = \"{}\"\n",
            wheel::cargo_version()
        );
        assert_eq!(text.matches(&own).count(), 1, "Cargo.lock lists mcp-elicit");
        let stale = "name = \"mcp-elicit\"\nversion = \"0.0.0\"\n";
        std::fs::write(&lock, text.replace(&own, stale)).unwrap();
    });
    let out = try_repo(&pre_commit, repo.path(), "mcp-elicit", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("- hook id: mcp-elicit\n"), "{stdout}");
    assert!(
        stdout.contains("Cargo.lock") && stdout.contains("--locked was passed"),
        "cargo's refusal to change the lock file:\n{stdout}"
    );
    assert!(!stdout.contains("schemas/bad.json"), "{stdout}");
}

#[test]
#[ignore = "peer: needs pre-commit (cargo test --test peers -- --ignored)"]
fn source_hook_without_cargo_points_to_the_wheel_hook() {
    let pre_commit = peers::pre_commit();
    let repo = hook_repo(|_| {});
    let links = tempfile::tempdir().unwrap();
    let out = try_repo(
        &pre_commit,
        repo.path(),
        "mcp-elicit",
        &[("PATH", path_without_cargo(links.path()))],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("- exit code: 2"), "{stdout}");
    assert!(
        stdout.contains("with cargo, which is not on PATH")
            && stdout.contains("use the `mcp-elicit-wheel` hook instead"),
        "{stdout}"
    );
}

#[test]
#[ignore = "peer: needs maturin (cargo test --test peers -- --ignored)"]
fn source_hook_runs_a_built_binary_without_cargo() {
    // Once pre-commit's clone has its build, the hook execs it: no cargo.
    wheel::built();
    let built = wheel::cargo_target().join("release/mcp-elicit");
    assert!(
        built.is_file(),
        "{} (built with the wheel)",
        built.display()
    );
    let repo = hook_repo(|_| {});
    let hook = repo.path().join("target/hook");
    std::fs::create_dir_all(&hook).unwrap();
    std::fs::copy(&built, hook.join("mcp-elicit")).unwrap();
    let sample = sample();
    let links = tempfile::tempdir().unwrap();
    let out = run(wheel::as_from_a_shell(&mut Command::new(
        repo.path().join("packaging/pre-commit/mcp-elicit"),
    ))
    .current_dir(sample.path())
    .args(["lint", "schemas/bad.json", "schemas/clean.json"])
    .env_remove("CARGO_TARGET_DIR")
    .env("PATH", path_without_cargo(links.path()))
    .env("NO_COLOR", "1"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.starts_with("schemas/bad.json:4:16: error[E124]"),
        "{stdout}"
    );
}

#[test]
#[ignore = "peer: needs pre-commit, maturin, a wheelhouse from PyPI (cargo test --test peers -- --ignored)"]
fn wheel_hook_installs_the_wheel_and_fails_on_the_bad_schema() {
    let pre_commit = peers::pre_commit();
    let wheelhouse = peers::wheelhouse();
    let wheel = wheel::built();
    let repo = hook_repo(|_| {});
    let links = tempfile::tempdir().unwrap();
    // pip finds the mcp-elicit wheel and the setuptools that builds the
    // placeholder in local directories, with the index shut off; with no
    // cargo on PATH, nothing can be compiled.
    let mut find_links = wheel.parent().unwrap().as_os_str().to_owned();
    find_links.push(" ");
    find_links.push(&wheelhouse);
    let out = try_repo(
        &pre_commit,
        repo.path(),
        "mcp-elicit-wheel",
        &[
            ("PIP_FIND_LINKS", find_links),
            ("PIP_NO_INDEX", "1".into()),
            ("PIP_DISABLE_PIP_VERSION_CHECK", "1".into()),
            ("PIP_CONFIG_FILE", "/dev/null".into()),
            ("PATH", path_without_cargo(links.path())),
        ],
    );
    assert_names_the_bad_schema_only(&out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("- hook id: mcp-elicit-wheel\n"), "{stdout}");
}
