//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod client;
pub mod output;
pub mod peers;
pub mod proxy;
pub mod pty;
pub mod release;
pub mod serve;
pub mod web;

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

/// A command that runs the program given as its next argument and writes
/// that program's peak resident set size in kB as the last line of stderr,
/// as GNU `time -f %M` does: Python's `os.wait4` reads the child's rusage
/// (the bare `python3` every contributor has; no apt package).
pub fn peak_rss_command() -> std::process::Command {
    const WRAPPER: &str = "import os, subprocess, sys\n\
        p = subprocess.Popen(sys.argv[1:])\n\
        _, status, usage = os.wait4(p.pid, 0)\n\
        kb = usage.ru_maxrss // (1024 if sys.platform == 'darwin' else 1)\n\
        sys.stderr.write('%d\\n' % kb)\n\
        code = os.waitstatus_to_exitcode(status)\n\
        sys.exit(code if code >= 0 else 128 - code)\n";
    let mut cmd = std::process::Command::new("python3");
    cmd.args(["-c", WRAPPER]);
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

/// Waits until something listens on `127.0.0.1:port`, failing the test
/// after a minute with `what` did not start.
pub fn wait_for_port(port: u16, what: &str) {
    let start = std::time::Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "{what} did not start on port {port}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Reads `s` until what it sent contains `text`: `Err` with what came when
/// the stream ends or its read time-out runs out first.
pub fn read_until(s: &mut std::net::TcpStream, text: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&got).contains(text) {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return Err(String::from_utf8_lossy(&got).into_owned()),
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    Ok(got)
}

/// A connection to `addr` from `source`, a loopback address of its own
/// (127.0.0.2, ...), as another client on the machine may use.
pub fn connect_from(source: [u8; 4], addr: &str) -> std::net::TcpStream {
    use socket2::{Domain, Socket, Type};
    let to: std::net::SocketAddr = addr.parse().unwrap();
    let s = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    s.bind(&std::net::SocketAddr::from((source, 0)).into())
        .unwrap();
    s.connect(&to.into()).unwrap();
    s.into()
}
