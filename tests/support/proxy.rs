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
