//! `mcp-elicit serve` on Streamable HTTP at a free port, as the serve
//! tests of both tiers start it.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{bin, root};

/// `serve --http 127.0.0.1:0 ARGS...`, with the URL it printed and its
/// stderr collected as it comes.
pub struct HttpServe {
    pub child: Child,
    pub url: String,
    err: Arc<Mutex<String>>,
}

impl HttpServe {
    pub fn start(args: &[&str]) -> HttpServe {
        HttpServe::start_command("serve", args)
    }

    /// `SUBCOMMAND --http 127.0.0.1:0 ARGS...` (`serve`, `probe`), which
    /// prints `SUBCOMMAND: listening on URL`.
    pub fn start_command(subcommand: &str, args: &[&str]) -> HttpServe {
        let said = format!("{subcommand}: listening on ");
        let mut child = Command::new(bin())
            .args([subcommand, "--http", "127.0.0.1:0"])
            .args(args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap());
        let err = Arc::new(Mutex::new(String::new()));
        let mut url = String::new();
        let mut line = String::new();
        while lines.read_line(&mut line).unwrap() > 0 {
            err.lock().unwrap().push_str(&line);
            if let Some(u) = line.trim().strip_prefix(said.as_str()) {
                url = u.to_string();
                break;
            }
            line.clear();
        }
        assert!(!url.is_empty(), "no URL printed: {}", err.lock().unwrap());
        let e = Arc::clone(&err);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = lines.read(&mut buf) {
                if n == 0 {
                    break;
                }
                e.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        HttpServe { child, url, err }
    }

    /// `HOST:PORT` of the server.
    pub fn addr(&self) -> &str {
        self.url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp")
    }

    /// Stops the server with SIGTERM; its exit code.
    pub fn stop(mut self) -> (Option<i32>, String) {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let code = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s.code();
            }
            assert!(Instant::now() < deadline, "serve did not stop on SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        };
        std::thread::sleep(Duration::from_millis(50));
        let err = self.err.lock().unwrap().clone();
        (code, err)
    }
}
