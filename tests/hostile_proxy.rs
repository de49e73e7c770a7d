//! `proxy --http` between a host speaking raw HTTP and an upstream written
//! here, which answers what each test needs: errors with their status and
//! headers, headers meant for one connection, endless lines, silence. The
//! proxy must pass on what is the host's and the server's, and nothing of
//! one connection, and never wait or buffer without a bound.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::bin;
use crate::support::proxy::HttpProxy;

/// A request as the upstream received it: its head (lines) and body.
#[derive(Debug, Clone)]
pub(crate) struct Seen {
    pub(crate) head: String,
    pub(crate) body: Vec<u8>,
}

impl Seen {
    /// The value of the first header named `name` (any case).
    pub(crate) fn header(&self, name: &str) -> Option<String> {
        self.head.lines().skip(1).find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }
}

type Answer = dyn Fn(&Seen, &mut TcpStream) + Send + Sync;

/// An upstream on 127.0.0.1: one thread per connection, each request read
/// whole (Content-Length) and handed to `answer`, which writes what it
/// likes; the connection is closed after it.
pub(crate) struct Upstream {
    pub(crate) url: String,
    pub(crate) seen: Arc<Mutex<Vec<Seen>>>,
}

impl Upstream {
    pub(crate) fn start(
        answer: impl Fn(&Seen, &mut TcpStream) + Send + Sync + 'static,
    ) -> Upstream {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/mcp", l.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let answer: Arc<Answer> = Arc::new(answer);
        let s = Arc::clone(&seen);
        std::thread::spawn(move || {
            for conn in l.incoming() {
                let Ok(mut conn) = conn else { return };
                let answer = Arc::clone(&answer);
                let seen = Arc::clone(&s);
                std::thread::spawn(move || {
                    let Some(req) = read_request(&mut conn) else {
                        return;
                    };
                    seen.lock().unwrap().push(req.clone());
                    answer(&req, &mut conn);
                });
            }
        });
        Upstream { url, seen }
    }

    pub(crate) fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

fn read_request(conn: &mut TcpStream) -> Option<Seen> {
    let mut r = BufReader::new(conn.try_clone().ok()?);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let mut seen = Seen {
        head,
        body: Vec::new(),
    };
    let len: usize = seen
        .header("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    seen.body = vec![0; len];
    r.read_exact(&mut seen.body).ok()?;
    Some(seen)
}

/// Writes one whole response: status line, headers, body.
pub(crate) fn respond(conn: &mut TcpStream, status: &str, headers: &[&str], body: &str) {
    let mut out = format!("HTTP/1.1 {status}\r\n");
    for h in headers {
        out.push_str(h);
        out.push_str("\r\n");
    }
    out.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    let _ = conn.write_all(out.as_bytes());
}

/// `HOST:PORT` of a URL `http://HOST:PORT/...`.
pub(crate) fn authority(url: &str) -> String {
    url.trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_string()
}

/// Sends `request` as it is on a new connection and reads until the other
/// side closes (or `wait` has passed in all); the status and the whole
/// response.
pub(crate) fn raw(addr: &str, request: &[u8], wait: Duration) -> (u16, String) {
    let deadline = Instant::now() + wait;
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(request).unwrap();
    let mut out = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        if left.is_zero() || s.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    let out = String::from_utf8_lossy(&out).into_owned();
    let status = out
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, out)
}

/// A POST of `body` to `path` with the headers the tests need, and
/// `extra` header lines.
pub(crate) fn post(addr: &str, path: &str, extra: &[&str], body: &str) -> Vec<u8> {
    let mut h = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for e in extra {
        h.push_str(e);
        h.push_str("\r\n");
    }
    h.push_str("\r\n");
    h.push_str(body);
    h.into_bytes()
}

const LIST: &str = r#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#;

/// The header block of a response.
fn head_of(response: &str) -> &str {
    response.split("\r\n\r\n").next().unwrap()
}

#[test]
fn http_proxy_relays_upstream_errors_with_their_status_headers_and_body() {
    let up = Upstream::start(|req, conn| match req.header("x-probe").as_deref() {
        Some("404") => respond(
            conn,
            "404 Not Found",
            &["Content-Type: application/json"],
            r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"unknown session"}}"#,
        ),
        Some("401") => respond(
            conn,
            "401 Unauthorized",
            &[
                "Content-Type: application/json",
                r#"WWW-Authenticate: Bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource""#,
            ],
            r#"{"error":"invalid_token"}"#,
        ),
        _ => respond(
            conn,
            "400 Bad Request",
            &["Content-Type: application/json"],
            r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"bad"}}"#,
        ),
    });
    let proxy = HttpProxy::start(&up.url, &["--action", "decline"]);
    let addr = authority(&proxy.url);
    let wait = Duration::from_secs(10);

    let (status, r) = raw(
        &addr,
        &post(
            &addr,
            "/mcp",
            &["X-Probe: 404", "Mcp-Session-Id: gone"],
            LIST,
        ),
        wait,
    );
    assert_eq!(status, 404, "unknown session must stay 404: {r}");
    assert!(r.ends_with(r#""message":"unknown session"}}"#), "{r}");

    let (status, r) = raw(&addr, &post(&addr, "/mcp", &["X-Probe: 401"], LIST), wait);
    assert_eq!(status, 401, "{r}");
    assert!(
        head_of(&r).lines().any(|l| l.eq_ignore_ascii_case(
            r#"www-authenticate: bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource""#
        )),
        "{r}"
    );
    assert!(r.ends_with(r#"{"error":"invalid_token"}"#), "{r}");

    let (status, r) = raw(&addr, &post(&addr, "/mcp", &[], LIST), wait);
    assert_eq!(status, 400, "{r}");
}

#[test]
fn http_proxy_drops_hop_by_hop_headers_and_those_connection_names() {
    let up = Upstream::start(|_, conn| {
        respond(
            conn,
            "200 OK",
            &[
                "Content-Type: application/json",
                "Connection: X-Up-Hop",
                "X-Up-Hop: for the proxy alone",
                "Keep-Alive: timeout=5",
                "X-Up-End: for the host",
            ],
            r#"{"jsonrpc":"2.0","id":7,"result":{"tools":[]}}"#,
        );
    });
    let proxy = HttpProxy::start(&up.url, &["--action", "decline"]);
    let addr = authority(&proxy.url);
    let req = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nConnection: close, X-Down-Hop\r\nX-Down-Hop: for the proxy alone\r\nKeep-Alive: timeout=5\r\nX-Down-End: for the server\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\n\r\n{LIST}",
        LIST.len()
    );
    let (status, r) = raw(&addr, req.as_bytes(), Duration::from_secs(10));
    assert_eq!(status, 200, "{r}");
    let head = head_of(&r).to_ascii_lowercase();
    assert!(head.contains("x-up-end: for the host"), "{r}");
    assert!(!head.contains("x-up-hop"), "a header Connection named: {r}");
    assert!(!head.contains("keep-alive"), "{r}");
    let seen = up.seen();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert_eq!(
        seen[0].header("x-down-end").as_deref(),
        Some("for the server")
    );
    assert_eq!(
        seen[0].header("x-down-hop"),
        None,
        "a header Connection named went upstream: {}",
        seen[0].head
    );
    assert_eq!(seen[0].header("keep-alive"), None, "{}", seen[0].head);
}

#[test]
fn http_proxy_serves_only_the_endpoint_and_checks_host_and_origin_as_serve_does() {
    let up = Upstream::start(|_, conn| {
        respond(
            conn,
            "200 OK",
            &["Content-Type: application/json"],
            r#"{"jsonrpc":"2.0","id":7,"result":{"tools":[]}}"#,
        );
    });
    let proxy = HttpProxy::start(&up.url, &["--action", "decline"]);
    let addr = authority(&proxy.url);
    let port = addr.rsplit(':').next().unwrap().to_string();
    let wait = Duration::from_secs(10);

    for path in [
        "/",
        "/admin",
        "/mcp/x",
        "/.well-known/oauth-authorization-server",
    ] {
        let (status, r) = raw(&addr, &post(&addr, path, &[], LIST), wait);
        assert_eq!(status, 404, "{path}: {r}");
        assert!(r.contains("the endpoint is /mcp"), "{r}");
    }
    // A second Host or Origin: which one counts is up to each reader.
    let (status, r) = raw(
        &addr,
        &post(&addr, "/mcp", &["Host: evil.example"], LIST),
        wait,
    );
    assert_eq!(status, 400, "{r}");
    for extra in [
        [
            format!("Origin: http://{addr}"),
            "Origin: http://evil.example".to_string(),
        ],
        [
            format!("Origin: https://127.0.0.1:{port}"),
            "X-Other: 1".to_string(),
        ],
        [
            format!("Origin: https://localhost:{port}"),
            "X-Other: 1".to_string(),
        ],
    ] {
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        let (status, r) = raw(&addr, &post(&addr, "/mcp", &extra, LIST), wait);
        assert_eq!(status, 403, "{extra:?}: {r}");
    }
    // A header with a NUL is the host's error (400), not the server's (502).
    let (status, r) = raw(&addr, &post(&addr, "/mcp", &["X-A: a\0b"], LIST), wait);
    assert_eq!(status, 400, "{r}");
    assert!(up.seen().is_empty(), "{:?}", up.seen());
    // Its own origin, and the endpoint with a query, go through.
    let own = format!("Origin: http://localhost:{port}");
    let (status, r) = raw(&addr, &post(&addr, "/mcp?x=1", &[&own], LIST), wait);
    assert_eq!(status, 200, "{r}");
    assert_eq!(up.seen().len(), 1);
}

#[test]
fn http_proxy_refuses_an_address_other_than_loopback_before_binding_it() {
    // The port is taken on loopback: binding every interface on it would
    // fail, so "cannot listen" would mean the proxy tried.
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    for addr in [format!("0.0.0.0:{port}"), format!("[::]:{port}")] {
        let o = Command::new(bin())
            .args(["proxy", "--http", &addr, "--upstream"])
            .arg("http://127.0.0.1:1/mcp")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("is not a loopback address") && err.contains("--allow-remote"),
            "{addr}: {err}"
        );
    }
    drop(taken);
}

/// The peak resident memory of process `pid` in kB (Linux).
pub(crate) fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

const SSE_HEAD: &str =
    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n";

#[test]
fn http_proxy_cuts_an_endless_sse_line_instead_of_holding_it() {
    const LINE: usize = 200 << 20;
    let written = Arc::new(AtomicUsize::new(0));
    let w = Arc::clone(&written);
    let up = Upstream::start(move |_, conn| {
        let _ = conn.write_all(SSE_HEAD.as_bytes());
        let _ = conn.write_all(b"data: ");
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..(LINE >> 20) {
            if conn.write_all(&chunk).is_err() {
                return;
            }
            w.fetch_add(chunk.len(), Ordering::SeqCst);
        }
    });
    let proxy = HttpProxy::start(&up.url, &["--action", "decline"]);
    let addr = authority(&proxy.url);
    let before = peak_kb(proxy.child.id());
    let (status, r) = raw(
        &addr,
        &post(&addr, "/mcp", &[], LIST),
        Duration::from_secs(120),
    );
    assert_eq!(status, 200, "{}", &r[..r.len().min(300)]);
    assert!(
        !r.ends_with("0\r\n\r\n"),
        "a cut stream must not look whole to the host"
    );
    let sent = written.load(Ordering::SeqCst);
    assert!(
        sent < LINE,
        "the proxy read the whole {} MiB line",
        LINE >> 20
    );
    if let (Some(before), Some(peak)) = (before, peak_kb(proxy.child.id())) {
        eprintln!(
            "upstream wrote {} MiB before the proxy cut it; proxy peak RSS {} MiB (from {} MiB)",
            sent >> 20,
            peak >> 10,
            before >> 10
        );
        assert!(peak < before + (150 << 10), "peak {peak} kB");
    }
}

#[test]
fn http_proxy_gives_up_on_a_silent_upstream_with_504_or_a_cut_stream() {
    let up = Upstream::start(|req, conn| match req.header("x-probe").as_deref() {
        Some("stalled") => {
            let _ = conn.write_all(SSE_HEAD.as_bytes());
            let _ = conn.write_all(
                b"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"first\"}}\n\n",
            );
            std::thread::sleep(Duration::from_secs(120));
        }
        _ => std::thread::sleep(Duration::from_secs(120)),
    });
    let proxy = HttpProxy::start(&up.url, &["--action", "decline", "--upstream-timeout", "1"]);
    let addr = authority(&proxy.url);
    // The upstream stalls for 2 minutes; the proxy gives up after 1 s. The
    // bounds below only tell giving up from waiting for the upstream.
    let wait = Duration::from_secs(60);

    let started = Instant::now();
    let (status, r) = raw(&addr, &post(&addr, "/mcp", &[], LIST), wait);
    let took = started.elapsed();
    assert_eq!(status, 504, "after {took:?}: {r}");
    assert!(took < Duration::from_secs(60), "{took:?}");
    assert!(
        r.contains("did not answer within 1 s (--upstream-timeout)"),
        "{r}"
    );

    let started = Instant::now();
    let (status, r) = raw(
        &addr,
        &post(&addr, "/mcp", &["X-Probe: stalled"], LIST),
        wait,
    );
    let took = started.elapsed();
    assert_eq!(status, 200, "{r}");
    assert!(r.contains(r#""data":"first""#), "{r}");
    assert!(
        took < Duration::from_secs(60),
        "the stream hung for {took:?}"
    );
    assert!(!r.ends_with("0\r\n\r\n"), "a cut stream looks whole: {r}");
}

#[test]
fn http_proxy_holds_at_most_sixteen_requests_of_one_session() {
    let up = Upstream::start(|_, conn| {
        let _ = conn.write_all(SSE_HEAD.as_bytes());
        let _ = conn.write_all(
            b"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"e1\",\"method\":\"elicitation/create\",\"params\":{\"message\":\"Age?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}}\n\n",
        );
        std::thread::sleep(Duration::from_secs(20));
    });
    let proxy = HttpProxy::start(&up.url, &["--answer", "never"]);
    let addr = authority(&proxy.url);
    let open = |session: &str| -> Result<TcpStream, String> {
        let mut s = TcpStream::connect(&addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let header = format!("Mcp-Session-Id: {session}");
        s.write_all(&post(&addr, "/mcp", &[&header], LIST)).unwrap();
        crate::support::read_until(&mut s, "elicitation/create")?;
        Ok(s)
    };
    let mut held = Vec::new();
    for i in 0..16 {
        held.push(open("greedy").unwrap_or_else(|r| panic!("request {i}: {r}")));
    }
    let refused = open("greedy").expect_err("a 17th request was held");
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    held.push(open("another").expect("another session is served"));
}

/// A listener on loopback whose queue of waiting connections (one) is
/// taken, and never accepted from: the kernel drops every further SYN, so
/// connecting to it neither succeeds nor fails until the client gives up.
fn a_listener_that_accepts_nothing() -> (TcpListener, TcpStream) {
    use socket2::{Domain, Socket, Type};
    let s = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    s.bind(&std::net::SocketAddr::from(([127, 0, 0, 1], 0)).into())
        .unwrap();
    s.listen(0).unwrap();
    let listener: TcpListener = s.into();
    let queued = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
    (listener, queued)
}

#[test]
fn http_proxy_gives_up_on_an_upstream_that_accepts_no_connection() {
    let (listener, _queued) = a_listener_that_accepts_nothing();
    let upstream = format!("http://{}/mcp", listener.local_addr().unwrap());
    // Connecting is bounded on its own (10 s), whatever --upstream-timeout.
    let proxy = HttpProxy::start(&upstream, &["--action", "decline"]);
    let addr = authority(&proxy.url);
    // Only tells giving up from waiting for ever.
    let wait = Duration::from_secs(120);
    let started = Instant::now();
    let (status, r) = raw(&addr, &post(&addr, "/mcp", &[], LIST), wait);
    let took = started.elapsed();
    assert!(matches!(status, 502 | 504), "after {took:?}: {r}");
    assert!(
        r.contains("did not accept a connection within 10 s"),
        "after {took:?}: {r}"
    );
    drop(listener);
}
