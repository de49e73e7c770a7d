//! The release path's files and how a release packs them: the workflow, its
//! targets, the archives `.github/scripts/package.sh` packs and where
//! `cargo binstall` looks in them. Shared by the release tests of both tiers.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use super::{bin, read, root};

pub const WORKFLOW: &str = ".github/workflows/release.yml";

pub const PACKAGE: &str = ".github/scripts/package.sh";

/// The targets a release builds.
pub const TARGETS: [&str; 7] = [
    "x86_64-unknown-linux-gnu",
    "aarch64-unknown-linux-gnu",
    "x86_64-unknown-linux-musl",
    "aarch64-unknown-linux-musl",
    "x86_64-apple-darwin",
    "aarch64-apple-darwin",
    "x86_64-pc-windows-msvc",
];

pub fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

pub fn run(cmd: &mut Command) -> Output {
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {:?}: {e}", cmd.get_program()))
}

// ------------------------------------------------------------ the workflow

/// The lines of job `name` of the workflow (its key line excluded).
pub fn job<'a>(workflow: &'a str, name: &str) -> Vec<&'a str> {
    let key = format!("  {name}:");
    let mut lines = workflow.lines().skip_while(|l| *l != "jobs:");
    assert!(lines.next().is_some(), "{WORKFLOW} has no `jobs:`");
    let mut lines = lines.skip_while(|l| *l != key);
    assert!(lines.next().is_some(), "{WORKFLOW} has no job `{name}`");
    lines
        .take_while(|l| l.trim().is_empty() || indent(l) > 2)
        .collect()
}

pub fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The rows of the `matrix: include:` list of a job, as written.
pub fn matrix(job: &[&str]) -> Vec<BTreeMap<String, String>> {
    let start = job
        .iter()
        .position(|l| l.trim() == "include:")
        .expect("the job has no `matrix: include:`");
    let depth = indent(job[start]);
    let mut rows: Vec<BTreeMap<String, String>> = Vec::new();
    for line in &job[start + 1..] {
        if line.trim().is_empty() {
            continue;
        }
        if indent(line) <= depth {
            break;
        }
        let mut entry = line.trim();
        if let Some(first) = entry.strip_prefix("- ") {
            rows.push(BTreeMap::new());
            entry = first;
        }
        let (key, value) = entry
            .split_once(": ")
            .unwrap_or_else(|| panic!("not `key: value` in the matrix: {line}"));
        rows.last_mut()
            .expect("a matrix row starts with `- `")
            .insert(key.to_string(), value.trim_matches('"').to_string());
    }
    rows
}

pub fn has_line(job: &[&str], line: &str) -> bool {
    job.iter().any(|l| l.trim() == line)
}

/// The targets of the `binaries` job, after checking that the `wheels` job
/// builds the same ones on the same runners.
pub fn workflow_targets(workflow: &str) -> Vec<String> {
    let binaries = matrix(&job(workflow, "binaries"));
    assert_eq!(
        matrix(&job(workflow, "wheels")),
        binaries,
        "the wheels are built for other targets or on other runners than the binaries"
    );
    binaries.iter().map(|row| row["target"].clone()).collect()
}

// ------------------------------------------------------------ Cargo.toml

/// The `[package]` of Cargo.toml as cargo reads it.
pub struct Manifest {
    pub name: String,
    pub version: String,
    pub repository: String,
    pub bin: String,
    pub binstall: Value,
}

pub fn manifest() -> Manifest {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = run(Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .arg("--manifest-path")
        .arg(root().join("Cargo.toml")));
    assert!(out.status.success(), "cargo metadata: {}", text(&out));
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let package = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "mcp-elicit")
        .expect("the package mcp-elicit");
    let bins: Vec<&str> = package["targets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["kind"].as_array().unwrap().iter().any(|k| k == "bin"))
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(bins, ["mcp-elicit"], "binstall installs every binary");
    let string = |key: &str| {
        package[key]
            .as_str()
            .unwrap_or_else(|| panic!("Cargo.toml has no `{key}` in [package]"))
            .to_string()
    };
    Manifest {
        name: string("name"),
        version: string("version"),
        repository: string("repository"),
        bin: bins[0].to_string(),
        binstall: package["metadata"]["binstall"].clone(),
    }
}

/// What binstall uses for `target`: `pkg-url`, `bin-dir` and `pkg-fmt` of
/// `[package.metadata.binstall]`, with the target's override over them.
pub fn binstall(manifest: &Manifest, target: &str) -> BTreeMap<&'static str, String> {
    let table = &manifest.binstall;
    assert!(
        table.is_object(),
        "Cargo.toml has no [package.metadata.binstall]"
    );
    let over = &table["overrides"][target];
    ["pkg-url", "bin-dir", "pkg-fmt"]
        .into_iter()
        .map(|key| {
            let value = over[key].as_str().or(table[key].as_str());
            let value = value.unwrap_or_else(|| panic!("no binstall `{key}` for {target}"));
            (key, value.to_string())
        })
        .collect()
}

/// Fills binstall's `{ name }` placeholders.
pub fn render(template: &str, manifest: &Manifest, target: &str) -> String {
    let exe = if target.contains("-windows-") {
        ".exe"
    } else {
        ""
    };
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..]
            .find('}')
            .unwrap_or_else(|| panic!("an unclosed `{{` in `{template}`"));
        let key = rest[open + 1..open + close].trim();
        out.push_str(match key {
            "name" => &manifest.name,
            "version" => &manifest.version,
            "repo" => &manifest.repository,
            "target" => target,
            "bin" => &manifest.bin,
            "binary-ext" => exe,
            _ => panic!("`{{ {key} }}` in `{template}` is not a placeholder this test knows"),
        });
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

// ------------------------------------------------------------ package.sh

/// `package.sh --name TARGET`: the archive's file name and top directory.
pub fn archive_name(target: &str) -> (String, String) {
    let out = run(Command::new("bash")
        .arg(root().join(PACKAGE))
        .args(["--name", target]));
    assert!(out.status.success(), "{PACKAGE} --name: {}", text(&out));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    let [file, top] = lines[..] else {
        panic!("{PACKAGE} --name printed {stdout:?}")
    };
    (file.to_string(), top.to_string())
}

/// Packs the binary under test as `package.sh` does for `target` in the
/// workflow, checks the archive's `.sha256` with `sha256sum -c` as a user
/// would, and unpacks it; returns the temporary directory and the archive's
/// top directory in it.
pub fn pack_and_unpack(target: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let outdir = tmp.path().join("out");
    let out = run(Command::new("bash")
        .arg(root().join(PACKAGE))
        .arg(target)
        .arg(bin())
        .arg(&outdir));
    assert!(out.status.success(), "{PACKAGE}: {}", text(&out));
    let (file, top) = archive_name(target);
    let archive = outdir.join(&file);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        archive.to_str().unwrap(),
        "{PACKAGE} prints the archive's path"
    );
    assert_eq!(
        read(outdir.join(format!("{file}.sha256")))
            .split_whitespace()
            .nth(1),
        Some(file.as_str()),
        "the checksum file names the archive"
    );
    let check = if Command::new("sha256sum").arg("--version").output().is_ok() {
        run(Command::new("sha256sum")
            .args(["-c", &format!("{file}.sha256")])
            .current_dir(&outdir))
    } else {
        run(Command::new("shasum")
            .args(["-a", "256", "-c", &format!("{file}.sha256")])
            .current_dir(&outdir))
    };
    assert!(check.status.success(), "checksum: {}", text(&check));

    let unpacked = tmp.path().join("unpacked");
    std::fs::create_dir(&unpacked).unwrap();
    let out = if file.ends_with(".zip") {
        run(Command::new("unzip")
            .arg("-q")
            .arg(&archive)
            .arg("-d")
            .arg(&unpacked))
    } else {
        run(Command::new("tar")
            .arg("-xzf")
            .arg(&archive)
            .arg("-C")
            .arg(&unpacked))
    };
    assert!(out.status.success(), "unpacking {file}: {}", text(&out));
    let entries: Vec<String> = names(&unpacked);
    assert_eq!(entries, [top.as_str()], "the archive has one top directory");
    (tmp, unpacked.join(top))
}

/// The file names in `dir`, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The files next to the binary: README.md, the licence files, the man
/// pages under man/ and the completions under completions/, as in the
/// repository.
pub fn assert_documents(top: &Path) {
    let mut expected: Vec<String> = names(&root())
        .into_iter()
        .filter(|n| n.starts_with("LICENSE") || n.starts_with("LICENCE") || n == "README.md")
        .collect();
    expected.extend(["completions".to_string(), "man".to_string()]);
    let mut found = names(top);
    found.retain(|n| !n.starts_with("mcp-elicit"));
    expected.sort();
    assert_eq!(found, expected, "the files beside the binary");
    assert_eq!(
        std::fs::read(top.join("README.md")).unwrap(),
        std::fs::read(root().join("README.md")).unwrap()
    );
    let pages: Vec<String> = names(&root().join("man"))
        .into_iter()
        .filter(|n| n.ends_with(".1"))
        .collect();
    assert!(pages.contains(&"mcp-elicit.1".to_string()));
    assert_eq!(names(&top.join("man")), pages, "the man pages");
    assert_eq!(
        names(&top.join("completions")),
        names(&root().join("completions")),
        "the completion scripts"
    );
}

pub fn host() -> String {
    let out = run(Command::new("rustc").arg("-vV"));
    assert!(out.status.success(), "rustc -vV: {}", text(&out));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc -vV names the host")
        .to_string()
}
