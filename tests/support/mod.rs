//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod pty;

use std::path::{Path, PathBuf};

/// The binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_mcp-elicit")
}

/// A `snapbox` command running the binary with colours off.
pub fn cmd() -> snapbox::cmd::Command {
    snapbox::cmd::Command::new(bin())
        .with_assert(assert())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A path under `tests/fixtures`.
pub fn fixture(rel: &str) -> PathBuf {
    root().join("tests/fixtures").join(rel)
}

/// Reads a file that must exist.
pub fn read(p: impl AsRef<Path>) -> String {
    let p = p.as_ref();
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Snapshot assertions: `SNAPSHOTS=overwrite` refreshes them; backslashes
/// are kept (JSON escapes are not paths).
pub fn assert() -> snapbox::Assert {
    snapbox::Assert::new()
        .action_env("SNAPSHOTS")
        .normalize_paths(false)
}

/// A program installed by `tests/npm/install.sh` (Node 22, the MCP
/// conformance suite, the reference server), as a command whose `PATH`
/// starts with those programs so that their `node` is Node 22.
pub fn npm_command(name: &str) -> std::process::Command {
    let bin = root().join("target/npm-tools/node_modules/.bin");
    let program = bin.join(name);
    assert!(
        program.exists(),
        "{} is missing: run `bash tests/npm/install.sh` first (.ci/run does)",
        program.display()
    );
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin];
    paths.extend(std::env::split_paths(&path));
    let mut cmd = std::process::Command::new(program);
    cmd.env("PATH", std::env::join_paths(paths).expect("PATH"));
    cmd
}

/// The example MCP server of this crate (`examples/booking_server.rs`).
pub fn example_server() -> String {
    Path::new(bin())
        .parent()
        .unwrap()
        .join("examples")
        .join("booking_server")
        .to_string_lossy()
        .into_owned()
}

/// The example server on Streamable HTTP at a free port, with `extra`
/// arguments; ended when dropped.
pub struct HttpServer {
    child: std::process::Child,
    pub url: String,
}

impl HttpServer {
    pub fn start(extra: &[&str]) -> HttpServer {
        use std::io::BufRead;
        let mut child = std::process::Command::new(example_server())
            .args(["--http", "127.0.0.1:0"])
            .args(extra)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().rsplit(' ').next().unwrap().to_string();
        assert!(url.starts_with("http://"), "{line}");
        HttpServer { child, url }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
