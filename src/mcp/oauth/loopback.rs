//! The redirect back from the authorization server: a listener on
//! 127.0.0.1 with a port of its own, serving one redirect (RFC 8252
//! section 7.3) and a page saying it is done.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// The path the redirect URI names.
const PATH: &str = "/callback";
/// The largest request head read.
const MAX_HEAD: usize = 16 << 10;

/// A listener waiting for one redirect.
#[derive(Debug)]
pub struct Listener {
    inner: TcpListener,
    port: u16,
}

impl Listener {
    /// Listens on 127.0.0.1, on a port the system picks.
    pub fn bind() -> std::io::Result<Listener> {
        let inner = TcpListener::bind(("127.0.0.1", 0))?;
        let port = inner.local_addr()?.port();
        Ok(Listener { inner, port })
    }

    /// The exact redirect URI: `http://127.0.0.1:PORT/callback`.
    pub fn redirect_uri(&self) -> String {
        format!("http://127.0.0.1:{}{PATH}", self.port)
    }

    /// Waits up to `timeout` for the redirect, answers it with a page that
    /// says it is done, and gives its query parameters. Other requests
    /// (a browser's `/favicon.ico`) are answered 404 and waited past.
    pub fn wait(self, timeout: Duration) -> Result<Vec<(String, String)>, String> {
        self.wait_or(timeout, None)
    }

    /// [`Listener::wait`], giving up early with what `abort` says when it
    /// says something (the fetch of `--authorize-with http` that never
    /// came back).
    pub fn wait_or(
        self,
        timeout: Duration,
        abort: Option<std::sync::mpsc::Receiver<String>>,
    ) -> Result<Vec<(String, String)>, String> {
        let deadline = Instant::now() + timeout;
        self.inner
            .set_nonblocking(true)
            .map_err(|e| e.to_string())?;
        loop {
            match self.inner.accept() {
                Ok((stream, _)) => {
                    if let Some(params) = serve(stream, deadline) {
                        return Ok(params);
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if let Some(why) = abort.as_ref().and_then(|a| a.try_recv().ok()) {
                        return Err(why);
                    }
                    if Instant::now() >= deadline {
                        return Err(format!(
                            "no redirect reached {} within {} s; try again, and finish the authorization in the browser sooner",
                            self.redirect_uri(),
                            timeout.as_secs()
                        ));
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => return Err(e.to_string()),
            }
        }
    }
}

/// Reads one request; the redirect's parameters when it is the redirect.
fn serve(mut stream: TcpStream, deadline: Instant) -> Option<Vec<(String, String)>> {
    let _ = stream.set_nonblocking(false);
    let left = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(100));
    let _ = stream.set_read_timeout(Some(left.min(Duration::from_secs(10))));
    let _ = stream.set_write_timeout(Some(Duration::from_secs(5)));
    let mut head = Vec::new();
    let mut buf = [0u8; 2048];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < MAX_HEAD {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => head.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&head);
    let line = text.lines().next().unwrap_or("");
    let mut parts = line.split(' ');
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if method != "GET" || path != PATH {
        respond(&mut stream, "404 Not Found", "Not found.");
        return None;
    }
    let params: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let done = params.iter().any(|(k, _)| k == "code");
    respond(
        &mut stream,
        "200 OK",
        if done {
            "Authorization received: return to the terminal; mcp-elicit carries on from here. You can close this tab."
        } else {
            "The authorization did not complete: return to the terminal to see why. You can close this tab."
        },
    );
    Some(params)
}

fn respond(stream: &mut TcpStream, status: &str, text: &str) {
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"referrer\" content=\"no-referrer\"><title>mcp-elicit</title></head>\
<body><p>{text}</p></body></html>\n"
    );
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.flush();
}
