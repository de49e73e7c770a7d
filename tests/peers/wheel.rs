//! The Python wheel of `packaging/pypi` (maturin, `bindings = "bin"`), built
//! once with maturin and installed the ways a Python user installs it: pip
//! into a fresh venv, `uv tool install` from the clone. Also the sdist's
//! layout and the version of the root `setup.py` that the `mcp-elicit-wheel`
//! pre-commit hook installs.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use crate::support::{peers, read, root};

/// The target directory of every release build the tests make, so that the
/// wheel, uv's build and the source pre-commit hook share one build.
pub fn cargo_target() -> PathBuf {
    root().join("target/peers/cargo")
}

/// The version in Cargo.toml.
pub fn cargo_version() -> String {
    read(root().join("Cargo.toml"))
        .lines()
        .find_map(|l| l.strip_prefix("version = \"")?.strip_suffix('"'))
        .expect("Cargo.toml has a version")
        .to_string()
}

/// The directory of a venv's programs.
fn venv_bin(venv: &Path) -> PathBuf {
    venv.join(if cfg!(windows) { "Scripts" } else { "bin" })
}

/// A program's file name on this platform.
fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

/// Runs a command to the end and returns its output; panics when it cannot
/// be started.
pub fn run(cmd: &mut Command) -> Output {
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {:?}: {e}", cmd.get_program()))
}

/// Removes the variables `cargo test` sets for the test process (the
/// package's `CARGO_PKG_*`, `CARGO_MANIFEST_DIR`, `CARGO`...), so that a
/// cargo run below it sees what it sees from a shell: ring's build script
/// reruns when `CARGO_MANIFEST_DIR` changes, which would make the shared
/// target directory rebuild between a test and a shell.
pub fn as_from_a_shell(cmd: &mut Command) -> &mut Command {
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let runtime = ["CARGO", "CARGO_MANIFEST_DIR", "CARGO_MANIFEST_PATH"]
            .contains(&name.as_ref())
            || [
                "CARGO_PKG_",
                "CARGO_BIN_EXE_",
                "CARGO_CRATE_",
                "CARGO_TARGET_TMPDIR",
            ]
            .iter()
            .any(|p| name.starts_with(p));
        if runtime {
            cmd.env_remove(name.as_ref());
        }
    }
    cmd
}

/// Asserts that a command succeeded, showing its output when it did not.
pub fn succeeded(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what} failed ({})\nstdout:\n{}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The wheel maturin builds from `packaging/pypi` (the `release` profile
/// its pyproject.toml names), in `target/peers/wheel`; `None` when maturin
/// cannot be had. Built once per test process, under a file lock so that
/// parallel processes build one after the other; each build is a release
/// compile, a no-op when `target/peers/cargo` is fresh.
pub fn built() -> PathBuf {
    static WHEEL: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let maturin = peers::maturin();
    match WHEEL.get_or_init(|| build(&maturin)) {
        Ok(wheel) => wheel.clone(),
        Err(e) => panic!("{e}"),
    }
}

fn build(maturin: &Path) -> Result<PathBuf, String> {
    let peers = root().join("target/peers");
    let dir = peers.join("wheel");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let lock = std::fs::File::create(peers.join("wheel.lock")).map_err(|e| e.to_string())?;
    lock.lock()
        .map_err(|e| format!("cannot lock wheel.lock: {e}"))?;
    let staging = tempfile::tempdir_in(&peers).map_err(|e| e.to_string())?;
    let out = run(as_from_a_shell(&mut Command::new(maturin))
        .current_dir(root().join("packaging/pypi"))
        .args(["build", "--color", "never", "--out"])
        .arg(staging.path())
        .env("CARGO_TARGET_DIR", cargo_target()));
    if !out.status.success() {
        return Err(format!(
            "maturin build in packaging/pypi failed ({}):\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let wheels = wheels_in(staging.path());
    let [wheel] = wheels.as_slice() else {
        return Err(format!("maturin built {wheels:?}, not one wheel"));
    };
    let name = wheel.file_name().unwrap();
    // Only this build's wheel stays: the directory is a find-links source.
    for old in wheels_in(&dir) {
        if old.file_name() != Some(name) {
            std::fs::remove_file(&old).map_err(|e| format!("{}: {e}", old.display()))?;
        }
    }
    let kept = dir.join(name);
    std::fs::rename(wheel, &kept).map_err(|e| format!("{}: {e}", kept.display()))?;
    Ok(kept)
}

fn wheels_in(dir: &Path) -> Vec<PathBuf> {
    let mut wheels: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension() == Some(OsStr::new("whl")))
        .collect();
    wheels.sort();
    wheels
}

/// Runs the installed `mcp-elicit` as a user does: `--version`, then `lint`
/// on a shipped example with findings (exit 1, the finding named) and on a
/// clean one (exit 0).
fn check_installed(program: &Path) {
    assert!(program.is_file(), "{} is not installed", program.display());
    let out = run(Command::new(program).arg("--version"));
    succeeded(&out, "mcp-elicit --version");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("mcp-elicit {}", cargo_version())
    );

    let lint = |file: &str| {
        run(Command::new(program)
            .current_dir(root())
            .args(["lint", file])
            .env("NO_COLOR", "1"))
    };
    let out = lint("examples/lint/shipping-address.json");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("examples/lint/shipping-address.json:13:31: error[E124]"),
        "{stdout}"
    );
    let out = lint("examples/lint/contact-form.json");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
#[ignore = "peer: needs maturin, a Python venv with pip (cargo test --test peers -- --ignored)"]
fn pip_installs_the_wheel_into_a_fresh_venv() {
    let python = peers::venv_python();
    let wheel = built();
    let tmp = tempfile::tempdir().unwrap();
    let venv = tmp.path().join("venv");
    succeeded(
        &run(Command::new(&python).args(["-m", "venv"]).arg(&venv)),
        "python -m venv",
    );
    let out = run(Command::new(venv_bin(&venv).join(exe("python")))
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-index",
            "--disable-pip-version-check",
        ])
        .arg(&wheel)
        .env(
            "PIP_CONFIG_FILE",
            if cfg!(windows) { "nul" } else { "/dev/null" },
        ));
    succeeded(&out, "pip install --no-index <wheel>");
    check_installed(&venv_bin(&venv).join(exe("mcp-elicit")));
}

#[test]
#[ignore = "peer: needs a Python venv with pip, a wheelhouse from PyPI (cargo test --test peers -- --ignored)"]
fn pip_installs_from_the_clone() {
    let python = peers::venv_python();
    let wheelhouse = peers::wheelhouse();
    let tmp = tempfile::tempdir().unwrap();
    let venv = tmp.path().join("venv");
    succeeded(
        &run(Command::new(&python).args(["-m", "venv"]).arg(&venv)),
        "python -m venv",
    );
    // pip builds packaging/pypi in place with maturin (from the wheelhouse,
    // the index shut off), which builds the crate two directories up.
    let out = run(
        as_from_a_shell(&mut Command::new(venv_bin(&venv).join(exe("python"))))
            .args(["-m", "pip", "install", "--quiet", "--no-index"])
            .args(["--disable-pip-version-check", "--find-links"])
            .arg(&wheelhouse)
            .arg(root().join("packaging/pypi"))
            .env(
                "PIP_CONFIG_FILE",
                if cfg!(windows) { "nul" } else { "/dev/null" },
            )
            .env("CARGO_TARGET_DIR", cargo_target()),
    );
    succeeded(&out, "pip install ./packaging/pypi");
    check_installed(&venv_bin(&venv).join(exe("mcp-elicit")));
}

/// The names in the wheel, with the text of its metadata and licence files.
fn wheel_contents(python: &Path, wheel: &Path) -> serde_json::Map<String, serde_json::Value> {
    const LIST: &str = "import json, sys, zipfile\n\
        z = zipfile.ZipFile(sys.argv[1])\n\
        text = ('/METADATA', '/licenses/LICENSE-MIT', '/licenses/LICENSE-APACHE')\n\
        print(json.dumps({n: z.read(n).decode() if n.endswith(text) else None for n in z.namelist()}))\n";
    let out = run(Command::new(python).args(["-c", LIST]).arg(wheel));
    succeeded(&out, "listing the wheel");
    serde_json::from_slice(&out.stdout).expect("the listing is JSON")
}

#[test]
#[ignore = "peer: needs maturin, a Python venv with pip (cargo test --test peers -- --ignored)"]
fn the_wheel_holds_the_binary_metadata_and_licences_only() {
    let python = peers::venv_python();
    let wheel = built();
    let version = cargo_version();
    let contents = wheel_contents(&python, &wheel);
    let dist_info = format!("mcp_elicit-{version}.dist-info/");
    let text = |name: &str| -> &str {
        contents
            .get(&format!("{dist_info}{name}"))
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| panic!("{dist_info}{name} is not in the wheel: {contents:?}"))
    };

    // One program and no Python code: `bindings = "bin"`.
    let script = format!("mcp_elicit-{version}.data/scripts/{}", exe("mcp-elicit"));
    assert!(contents.contains_key(&script), "{contents:?}");
    let payload: Vec<&String> = contents
        .keys()
        .filter(|n| !n.starts_with(&dist_info))
        .collect();
    assert_eq!(payload, [&script]);

    let metadata = text("METADATA");
    for line in [
        "Name: mcp-elicit".to_string(),
        format!("Version: {version}"),
        "License-Expression: MIT OR Apache-2.0".to_string(),
        "Requires-Python: >=3.8".to_string(),
    ] {
        assert!(metadata.lines().any(|l| l == line), "{line}\n{metadata}");
    }
    // The long description is the package's own README, not the repository's.
    assert!(
        metadata.contains(&read(root().join("packaging/pypi/README.pypi.md"))),
        "{metadata}"
    );
    assert_eq!(
        text("licenses/LICENSE-MIT"),
        read(root().join("LICENSE-MIT"))
    );
    assert_eq!(
        text("licenses/LICENSE-APACHE"),
        read(root().join("LICENSE-APACHE"))
    );
}

#[test]
#[ignore = "peer: needs uv, a Python venv with pip, a wheelhouse from PyPI (cargo test --test peers -- --ignored)"]
fn uv_tool_install_from_the_clone() {
    let uv = peers::uv();
    let python = peers::venv_python();
    let wheelhouse = peers::wheelhouse();
    let tmp = tempfile::tempdir().unwrap();
    let bin = tmp.path().join("bin");
    // uv builds the project in an isolated environment that needs maturin:
    // with the index shut off (`--offline`), it comes from the wheelhouse,
    // as it would come from PyPI. The cache is new, so uv really builds.
    let out = run(as_from_a_shell(&mut Command::new(&uv))
        .args([
            "tool",
            "install",
            "--no-config",
            "--offline",
            "--find-links",
        ])
        .arg(&wheelhouse)
        .arg("--python")
        .arg(&python)
        .arg(root().join("packaging/pypi"))
        .env("UV_TOOL_DIR", tmp.path().join("tools"))
        .env("UV_TOOL_BIN_DIR", &bin)
        .env("UV_CACHE_DIR", tmp.path().join("cache"))
        .env("UV_PYTHON_DOWNLOADS", "never")
        .env("CARGO_TARGET_DIR", cargo_target()));
    succeeded(&out, "uv tool install packaging/pypi");
    check_installed(&bin.join(exe("mcp-elicit")));
}

#[test]
#[ignore = "peer: needs maturin, a Python venv with pip (cargo test --test peers -- --ignored)"]
fn the_sdist_holds_what_its_pyproject_names() {
    let maturin = peers::maturin();
    let python = peers::venv_python();
    let tmp = tempfile::tempdir().unwrap();
    let out = run(Command::new(&maturin)
        .current_dir(root().join("packaging/pypi"))
        .args(["sdist", "--out"])
        .arg(tmp.path()));
    succeeded(&out, "maturin sdist");
    let version = cargo_version();
    let sdist = tmp.path().join(format!("mcp_elicit-{version}.tar.gz"));
    const LIST: &str = "import json, sys, tarfile\n\
        t = tarfile.open(sys.argv[1])\n\
        names = t.getnames()\n\
        root = sys.argv[2] + '/'\n\
        files = {n[len(root):]: t.extractfile(n).read().decode() for n in names\n\
                 if n in (root + 'pyproject.toml', root + 'README.pypi.md')}\n\
        print(json.dumps({'names': [n[len(root):] for n in names], 'files': files}))\n";
    let out = run(Command::new(&python)
        .args(["-c", LIST])
        .arg(&sdist)
        .arg(format!("mcp_elicit-{version}")));
    succeeded(&out, "listing the sdist");
    let listing: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = listing["names"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    let pyproject = listing["files"]["pyproject.toml"]
        .as_str()
        .expect("pyproject.toml at the root of the sdist");
    let value = |key: &str| -> String {
        pyproject
            .lines()
            .find_map(|l| {
                l.strip_prefix(key)?
                    .trim()
                    .strip_prefix("= \"")?
                    .strip_suffix('"')
            })
            .unwrap_or_else(|| panic!("no `{key}` in the sdist's pyproject.toml:\n{pyproject}"))
            .to_string()
    };
    // The sdist's pyproject.toml sits at its root beside the crate, and every
    // file it names is there, at the path it names.
    for file in [value("manifest-path"), value("readme"), "Cargo.lock".into()] {
        assert!(names.contains(&file.as_str()), "{file} is not in {names:?}");
    }
    assert!(names.contains(&"LICENSE-MIT") && names.contains(&"LICENSE-APACHE"));
    assert!(
        pyproject.lines().any(|l| l == "locked = true"),
        "{pyproject}"
    );
    assert_eq!(
        listing["files"]["README.pypi.md"].as_str(),
        Some(read(root().join("packaging/pypi/README.pypi.md")).as_str())
    );
}
