//! The proxy's web form over raw HTTP: `mcp-elicit proxy --web` in front
//! of `mcp-elicit serve`, its host a test writing JSON-RPC lines, the page
//! fetched without a browser. Shared by the fast tier's web form tests and
//! the peers tier's Chromium ones.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use super::{bin, root};

/// The proxy with `--web` (and `proxy` options) in front of `mcp-elicit
/// serve ask_age.json`, its host this test writing JSON-RPC lines, with
/// `path_first` before the rest of `PATH`: no peer needed.
pub struct RawWeb {
    child: Child,
    out: BufReader<std::process::ChildStdout>,
    pub url: String,
}

impl RawWeb {
    pub fn start(proxy: &[&str], path_first: Option<&std::path::Path>) -> RawWeb {
        let mut cmd = Command::new(bin());
        cmd.args(["proxy", "--web"])
            .args(proxy)
            .args(["--", bin(), "serve", "tests/fixtures/serve/ask_age.json"])
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(first) = path_first {
            let rest = std::env::var_os("PATH").unwrap_or_default();
            let all = std::iter::once(first.to_path_buf()).chain(std::env::split_paths(&rest));
            cmd.env("PATH", std::env::join_paths(all).unwrap());
        }
        let mut child = cmd.spawn().unwrap();
        let err = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if let Some(at) = line.find("open http://") {
                    let url = line[at + 5..].split_whitespace().next().unwrap();
                    let _ = tx.send(url.to_string());
                }
            }
        });
        let out = BufReader::new(child.stdout.take().unwrap());
        let mut w = RawWeb {
            child,
            out,
            url: String::new(),
        };
        w.send(
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"}}}),
        );
        w.recv(1);
        w.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        w.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_age"}}));
        w.url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the proxy prints the form's address");
        w
    }

    pub fn send(&mut self, msg: Value) {
        use std::io::Write;
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{msg}").unwrap();
        stdin.flush().unwrap();
    }

    /// The response to request `id` (notifications on the way skipped).
    pub fn recv(&mut self, id: u64) -> Value {
        loop {
            let mut line = String::new();
            assert!(
                self.out.read_line(&mut line).unwrap() > 0,
                "the proxy ended"
            );
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["id"] == id {
                return v;
            }
        }
    }

    /// `host:port` of the form.
    pub fn authority(&self) -> &str {
        self.url["http://".len()..].split('/').next().unwrap()
    }
}

impl Drop for RawWeb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One raw HTTP/1.1 exchange: status, headers, body.
pub fn http(
    authority: &str,
    method: &str,
    target: &str,
    cookie: Option<&str>,
    body: &str,
) -> (u16, Vec<(String, String)>, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(authority).unwrap();
    // Read to the end: the connection is not kept for another request.
    let mut head =
        format!("{method} {target} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n");
    if let Some(c) = cookie {
        head.push_str(&format!("Cookie: {c}\r\n"));
    }
    if method == "POST" {
        head.push_str(&format!(
            "Origin: http://{authority}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut all = String::new();
    s.read_to_string(&mut all).unwrap();
    let (head, body) = all.split_once("\r\n\r\n").unwrap();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
        .collect();
    (status, headers, body.to_string())
}

pub fn header<'h>(headers: &'h [(String, String)], name: &str) -> &'h str {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {name}: {headers:?}"))
}

/// The value of hidden input `name` in a page.
pub fn hidden<'p>(page: &'p str, name: &str) -> &'p str {
    let at = page
        .find(&format!("name=\"{name}\" value=\""))
        .unwrap_or_else(|| panic!("no {name} in {page}"));
    let rest = &page[at + name.len() + 15..];
    &rest[..rest.find('"').unwrap()]
}
