//! `mcp-elicit proxy` on Streamable HTTP at a free port, in front of an
//! upstream URL, as the proxy tests of both tiers start it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use super::bin;

/// `proxy --http 127.0.0.1:0 --upstream URL ARGS`, with the endpoint it
/// serves (from its first line on stderr); killed when dropped.
pub struct HttpProxy {
    pub child: Child,
    pub url: String,
}

impl HttpProxy {
    pub fn start(upstream: &str, args: &[&str]) -> HttpProxy {
        let mut child = Command::new(bin())
            .args(["proxy", "--http", "127.0.0.1:0", "--upstream", upstream])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        err.read_line(&mut line).unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("{line}"))
            .to_string();
        // The rest of its stderr is drained, so it never blocks on it.
        std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
        HttpProxy { child, url }
    }
}

impl Drop for HttpProxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `proxy ARGS -- SERVER...` over its pipes, as a host speaking raw
/// JSON-RPC lines drives it; killed when dropped.
pub struct StdioProxy {
    pub child: Child,
    to: Option<std::process::ChildStdin>,
    from: BufReader<std::process::ChildStdout>,
    /// Its stderr, read as it comes (a full pipe would stop it), whole
    /// once the pipe ends.
    err: std::sync::Arc<std::sync::Mutex<String>>,
    err_done: std::sync::mpsc::Receiver<()>,
}

impl StdioProxy {
    pub fn start<S: AsRef<std::ffi::OsStr>>(args: &[&str], server: &[S]) -> StdioProxy {
        let mut child = Command::new(bin())
            .arg("proxy")
            .args(args)
            .arg("--")
            .args(server)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let to = child.stdin.take();
        let from = BufReader::new(child.stdout.take().unwrap());
        let err = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut stderr = child.stderr.take().unwrap();
        let sink = std::sync::Arc::clone(&err);
        let (done, err_done) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _done = done;
            let mut buf = [0u8; 4096];
            while let Ok(n) = std::io::Read::read(&mut stderr, &mut buf) {
                if n == 0 {
                    break;
                }
                let text = String::from_utf8_lossy(&buf[..n]).into_owned();
                sink.lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push_str(&text);
            }
        });
        StdioProxy {
            child,
            to,
            from,
            err,
            err_done,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        let to = self.to.as_mut().expect("the host's end is open");
        writeln!(to, "{line}").unwrap();
        to.flush().unwrap();
    }

    /// The next message to the host.
    pub fn read(&mut self) -> serde_json::Value {
        let mut line = String::new();
        self.from.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    /// Waits (10 s at most) until its stderr holds `text` `times` times;
    /// whether it does.
    pub fn said(&self, text: &str, times: usize) -> bool {
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_secs(10) {
            let err = self.err.lock().unwrap_or_else(|p| p.into_inner());
            if err.matches(text).count() >= times {
                return true;
            }
            drop(err);
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        false
    }

    /// Closes the host's end, as a host that is gone does.
    pub fn close(&mut self) {
        self.to = None;
    }

    /// Closes the host's end and waits for the proxy to end (10 s at
    /// most: it must not hang); its status and stderr.
    pub fn finish(&mut self) -> (std::process::ExitStatus, String) {
        self.close();
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            assert!(
                start.elapsed() < std::time::Duration::from_secs(10),
                "the proxy hangs"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        // Its stderr ends with it (and with the server, which shares it).
        let _ = self
            .err_done
            .recv_timeout(std::time::Duration::from_secs(5));
        let err = self.err.lock().unwrap_or_else(|p| p.into_inner()).clone();
        (status, err)
    }
}

impl Drop for StdioProxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
