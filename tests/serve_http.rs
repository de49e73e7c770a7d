//! `serve --http` against what a hostile page or client sends: foreign
//! `Origin` and `Host` headers (DNS rebinding), requests that never finish,
//! silent connections and thousands of idle ones. The server's HTTP layer
//! is also driven directly with short limits, so that its time limits are
//! tested in milliseconds.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mcp_elicit::mcp::listen::{self, Limits};
use serde_json::Value;

use crate::support::serve::HttpServe;
use crate::support::{bin, root};

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#;

/// Sends `head` (lines without the final blank line) and `body` on a new
/// connection that closes after the response; the status and the whole
/// response.
fn exchange(addr: &str, head: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "{head}\r\nConnection: close\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    let status = out
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {out:?}"));
    (status, out)
}

/// The JSON body of a response.
fn body(response: &str) -> Value {
    let at = response.find("\r\n\r\n").unwrap() + 4;
    serde_json::from_str(&response[at..]).unwrap_or_else(|e| panic!("{e}: {response}"))
}

#[test]
fn a_foreign_origin_or_host_is_refused_and_allow_origin_lets_a_page_in() {
    let serve = HttpServe::start(&[
        "--allow-origin",
        "http://localhost:5173",
        "--allow-origin",
        "HTTPS://Tools.Example:443/",
        "tests/fixtures/serve/ask_age.json",
    ]);
    let addr = serve.addr().to_string();
    let port = addr.rsplit(':').next().unwrap().to_string();
    let post = |headers: &str| exchange(&addr, &format!("POST /mcp HTTP/1.1\r\n{headers}"), INIT);

    // A page of another site, even with a Host that names the server.
    let (status, r) = post(&format!("Host: {addr}\r\nOrigin: http://evil.example.com"));
    assert_eq!(status, 403, "{r}");
    let e = body(&r);
    assert_eq!(e["error"]["code"], -32600, "{r}");
    assert!(
        e["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Origin `http://evil.example.com` may not use this server"),
        "{r}"
    );
    for origin in [
        "null",
        "http://127.0.0.1:1",
        "https://localhost:5173",
        "http://localhost:5173.evil.example",
    ] {
        let (status, r) = post(&format!("Host: {addr}\r\nOrigin: {origin}"));
        assert_eq!(status, 403, "{origin}: {r}");
    }
    // A name rebound to this machine: the Host is not the server's.
    for host in [
        "evil.example.com".to_string(),
        format!("evil.example.com:{port}"),
        "127.0.0.1:1".to_string(),
        format!("127.0.0.2:{port}"),
    ] {
        let (status, r) = post(&format!("Host: {host}"));
        assert_eq!(status, 421, "{host}: {r}");
        assert!(r.contains("is not this server"), "{r}");
    }
    // No Host, or two.
    let (status, _) = post("Origin: http://localhost:5173");
    assert_eq!(status, 400);
    let (status, _) = post(&format!("Host: {addr}\r\nHost: {addr}"));
    assert_eq!(status, 400);

    // The server's own names, and the origins allowed.
    for (host, origin) in [
        (addr.clone(), None),
        (format!("localhost:{port}"), None),
        (addr.clone(), Some(format!("http://{addr}"))),
        (addr.clone(), Some(format!("http://localhost:{port}"))),
        (addr.clone(), Some("http://localhost:5173".to_string())),
        (addr.clone(), Some("https://tools.example".to_string())),
    ] {
        let origin = origin.map_or(String::new(), |o| format!("\r\nOrigin: {o}"));
        let (status, r) = post(&format!("Host: {host}{origin}"));
        assert_eq!(status, 200, "{host}{origin}: {r}");
        assert_eq!(body(&r)["result"]["protocolVersion"], "2025-11-25");
    }
    let (code, err) = serve.stop();
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn an_allow_origin_that_is_not_an_origin_is_a_usage_error() {
    for (value, says) in [
        ("localhost:5173", "is not an origin"),
        ("http://localhost:5173/app", "it has a path"),
        ("ftp://files.example", "write scheme://host[:port]"),
    ] {
        let o = Command::new(bin())
            .args(["serve", "--http", "127.0.0.1:0", "--allow-origin", value])
            .arg("tests/fixtures/serve/ask_age.json")
            .current_dir(root())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{value}: {err}");
        assert!(err.contains(says), "{value}: {err}");
    }
}

/// The number of threads of process `pid` (Linux).
fn threads(pid: u32) -> Option<usize> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
}

#[test]
fn three_thousand_idle_connections_do_not_keep_a_call_from_its_answer() {
    let serve = HttpServe::start(&["tests/fixtures/serve/ask_age.json"]);
    let addr = serve.addr().to_string();
    let before = threads(serve.child.id());
    // Idle ones, ones that stop inside their head, and ones whose body
    // never finishes.
    let mut held = Vec::with_capacity(3000);
    for i in 0..3000 {
        let mut s = TcpStream::connect(&addr).unwrap();
        match i % 3 {
            0 => {}
            1 => write!(s, "POST /mcp HTTP/1.1\r\nHost: {addr}\r\n").unwrap(),
            _ => write!(
                s,
                "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 1000\r\n\r\n{{\"jsonrpc\""
            )
            .unwrap(),
        }
        held.push(s);
    }
    // Let the server read all it was sent.
    std::thread::sleep(Duration::from_millis(300));
    let o = Command::new(bin())
        .args([
            "call",
            "--tool",
            "ask_age",
            "--set",
            "age=9",
            &serve.url.clone(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let result: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(
        result["content"][0]["text"]
            .as_str()
            .unwrap()
            .ends_with(r#"accept {"age":9}; valid"#),
        "{result}"
    );
    if let (Some(before), Some(during)) = (before, threads(serve.child.id())) {
        // No thread per connection: the idle ones are read by one thread.
        assert!(
            during <= before + 4,
            "{during} threads with 3,000 idle connections ({before} before)"
        );
    }
    drop(held);
    let (code, err) = serve.stop();
    assert_eq!(code, Some(0), "{err}");
}

/// The HTTP layer on its own, with short limits, answering every request
/// with its body; `/slow` answers once `running` is set back to 0 (or after
/// 10 s). The address.
fn small_server(limits: Limits, running: Arc<AtomicUsize>) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let handler: listen::Handler = Arc::new(move |req, resp| {
        if req.path() == "/slow" {
            running.fetch_add(1, Ordering::SeqCst);
            let deadline = Instant::now() + Duration::from_secs(10);
            while running.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        resp.respond(200, &[("Content-Type", "text/plain")], &req.body);
    });
    std::thread::spawn(move || listen::serve(listener, limits, handler));
    addr
}

/// Reads until the server closes the connection; a connection still open
/// after 5 s fails the test.
fn read_all(s: &mut TcpStream) -> String {
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut out = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match s.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break,
            Err(e) => panic!(
                "the server did not close the connection ({e}); read so far: {}",
                String::from_utf8_lossy(&out)
            ),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn a_request_that_never_finishes_gets_408_and_a_silent_connection_is_closed() {
    let limits = Limits {
        read_time: Duration::from_millis(300),
        idle_time: Duration::from_millis(600),
        ..Limits::default()
    };
    let addr = small_server(limits, Arc::default());
    let started = Instant::now();
    let mut slow = TcpStream::connect(&addr).unwrap();
    write!(
        slow,
        "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly this"
    )
    .unwrap();
    let mut silent = TcpStream::connect(&addr).unwrap();
    let got = read_all(&mut slow);
    assert!(got.starts_with("HTTP/1.1 408 "), "{got}");
    assert_eq!(read_all(&mut silent), "", "closed without a word");
    // Not before the idle limit; how long after it is the machine's (a
    // connection never closed fails `read_all`).
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(600), "{waited:?}");
    // A connection that trickles its head in, byte by byte, is held to the
    // same limit.
    let mut trickle = TcpStream::connect(&addr).unwrap();
    let started = Instant::now();
    let mut refused = false;
    for b in b"POST /mcp HTTP/1.1\r\nHost: x\r\nX-Padding: "
        .iter()
        .cycle()
    {
        if trickle.write_all(&[*b]).is_err() {
            refused = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        // Only a hang gets this far: the limit is 300 ms.
        if started.elapsed() > Duration::from_secs(30) {
            break;
        }
    }
    let rest = read_all(&mut trickle);
    assert!(
        refused || rest.starts_with("HTTP/1.1 408 "),
        "still open after 30 s: {rest}"
    );
}

#[test]
fn keep_alive_and_pipelined_requests_are_each_answered() {
    let addr = small_server(Limits::default(), Arc::default());
    let mut s = TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\none\
         POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\ntwo\
         POST /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\n\r\nthree"
    )
    .unwrap();
    let got = read_all(&mut s);
    assert_eq!(got.matches("HTTP/1.1 200 OK").count(), 3, "{got}");
    let bodies: Vec<&str> = got
        .split("HTTP/1.1 ")
        .filter_map(|r| r.split("\r\n\r\n").nth(1))
        .collect();
    assert_eq!(bodies, ["one", "two", "three"]);
}

#[test]
fn too_many_connections_or_requests_are_shed_not_queued_for_ever() {
    let running = Arc::new(AtomicUsize::new(0));
    let limits = Limits {
        max_connections: 8,
        max_active: 2,
        ..Limits::default()
    };
    let addr = small_server(limits, Arc::clone(&running));
    // Eight idle connections fill the server; a ninth makes the oldest
    // idle one go.
    let mut idle = vec![TcpStream::connect(&addr).unwrap()];
    std::thread::sleep(Duration::from_millis(50));
    idle.extend((1..8).map(|_| TcpStream::connect(&addr).unwrap()));
    // Each is accepted once it has been answered.
    for s in &mut idle[1..] {
        write!(
            s,
            "POST /ping HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\n!"
        )
        .unwrap();
        let mut head = [0u8; 12];
        s.read_exact(&mut head).unwrap();
        assert_eq!(&head, b"HTTP/1.1 200");
    }
    std::thread::sleep(Duration::from_millis(50));
    let mut ninth = TcpStream::connect(&addr).unwrap();
    assert_eq!(read_all(&mut idle[0]), "", "the oldest idle one is closed");
    write!(
        ninth,
        "POST /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok"
    )
    .unwrap();
    assert!(read_all(&mut ninth).ends_with("\r\n\r\nok"));
    drop(idle);
    // Two slow requests run; a third at the same time gets 503 at once.
    let slow = |s: &mut TcpStream| {
        write!(
            s,
            "POST /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
        )
        .unwrap();
    };
    let mut a = TcpStream::connect(&addr).unwrap();
    let mut b = TcpStream::connect(&addr).unwrap();
    slow(&mut a);
    slow(&mut b);
    // Both must be running before the third comes (on a loaded machine
    // that can take a while: waited for, not timed).
    let deadline = Instant::now() + Duration::from_secs(60);
    while running.load(Ordering::SeqCst) < 2 {
        assert!(
            Instant::now() < deadline,
            "the two slow requests did not start"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut c = TcpStream::connect(&addr).unwrap();
    slow(&mut c);
    assert!(read_all(&mut c).starts_with("HTTP/1.1 503 "));
    running.store(0, Ordering::SeqCst);
    assert!(read_all(&mut a).starts_with("HTTP/1.1 200 "));
    assert!(read_all(&mut b).starts_with("HTTP/1.1 200 "));
}

/// A 2026-07-28 request body: `meta` is its `_meta` (`None` leaves it out).
fn modern(method: &str, params: Value, meta: Option<Value>) -> String {
    let mut params = params;
    if let Some(m) = meta {
        params["_meta"] = m;
    }
    serde_json::json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params}).to_string()
}

#[test]
fn requests_of_2026_follow_sep_2575_and_their_headers_must_match_the_body() {
    let serve = HttpServe::start(&["examples/conformance-2026.jsonl"]);
    let addr = serve.addr().to_string();
    let meta = serde_json::json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}});
    let send = |headers: &str, payload: &str| {
        let (status, r) = exchange(
            &addr,
            &format!("POST /mcp HTTP/1.1\r\nHost: {addr}\r\n{headers}"),
            payload,
        );
        (status, body(&r))
    };
    let std = |method: &str| format!("MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: {method}");
    let call = |name: &str| {
        modern(
            "tools/call",
            serde_json::json!({"name": name, "arguments": {}}),
            Some(meta.clone()),
        )
    };
    let tool = "test_input_required_result_elicitation";
    // Conformant: 200 and an InputRequiredResult keyed as recorded.
    let (status, r) = send(
        &format!("{}\r\nMcp-Name: {tool}", std("tools/call")),
        &call(tool),
    );
    assert_eq!(status, 200, "{r}");
    assert!(r["result"]["inputRequests"]["user_name"].is_object(), "{r}");
    // Mcp-Name may come base64-encoded, and with spaces around it.
    let b64 = format!(
        "=?base64?{}?=",
        data_encoding::BASE64.encode(tool.as_bytes())
    );
    let (status, r) = send(
        &format!("{}\r\nMcp-Name:   {b64}  ", std("tools/call")),
        &call(tool),
    );
    assert_eq!(status, 200, "{r}");
    // _meta missing, or without the version or the capabilities: -32602, 400.
    for m in [
        None,
        Some(serde_json::json!({"io.modelcontextprotocol/clientCapabilities": {}})),
        Some(serde_json::json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28"})),
    ] {
        let (status, r) = send(
            &std("server/discover"),
            &modern("server/discover", serde_json::json!({}), m),
        );
        assert_eq!(
            (status, r["error"]["code"].as_i64()),
            (400, Some(-32602)),
            "{r}"
        );
        assert_eq!(r["id"], 7);
    }
    // Headers that disagree with the body, or are missing: -32020, 400.
    let discover = modern("server/discover", serde_json::json!({}), Some(meta.clone()));
    for (headers, body) in [
        ("Mcp-Method: server/discover".to_string(), discover.clone()),
        (
            "MCP-Protocol-Version: 2025-11-25\r\nMcp-Method: server/discover".to_string(),
            discover.clone(),
        ),
        (
            "MCP-Protocol-Version: 2026-07-28".to_string(),
            discover.clone(),
        ),
        (std("tools/list"), discover.clone()),
        (std("SERVER/DISCOVER"), discover.clone()),
        (std("tools/call"), call(tool)),
        (
            format!("{}\r\nMcp-Name: another_tool", std("tools/call")),
            call(tool),
        ),
        (
            format!("{}\r\nMcp-Name: =?base64?not base64?=", std("tools/call")),
            call(tool),
        ),
    ] {
        let (status, r) = send(&headers, &body);
        assert_eq!(
            (status, r["error"]["code"].as_i64()),
            (400, Some(-32020)),
            "{headers}: {r}"
        );
    }
    // A version the server does not speak: -32022, 400, with what it speaks.
    let mut v999 = meta.clone();
    v999["io.modelcontextprotocol/protocolVersion"] = "v999".into();
    let (status, r) = send(
        "MCP-Protocol-Version: v999\r\nMcp-Method: server/discover",
        &modern("server/discover", serde_json::json!({}), Some(v999)),
    );
    assert_eq!(
        (status, r["error"]["code"].as_i64()),
        (400, Some(-32022)),
        "{r}"
    );
    assert_eq!(r["error"]["data"]["requested"], "v999");
    // Methods 2026-07-28 removed, and unknown ones: -32601, 404.
    for method in [
        "initialize",
        "ping",
        "logging/setLevel",
        "resources/subscribe",
        "prompts/list",
    ] {
        let (status, r) = send(
            &std(method),
            &modern(method, serde_json::json!({}), Some(meta.clone())),
        );
        assert_eq!(
            (status, r["error"]["code"].as_i64()),
            (404, Some(-32601)),
            "{method}: {r}"
        );
    }
    // A capability the tool needs and the request does not declare: -32021, 400.
    let mut bare = meta.clone();
    bare["io.modelcontextprotocol/clientCapabilities"] = serde_json::json!({});
    let (status, r) = send(
        &format!("{}\r\nMcp-Name: {tool}", std("tools/call")),
        &modern(
            "tools/call",
            serde_json::json!({"name": tool, "arguments": {}}),
            Some(bare),
        ),
    );
    assert_eq!(
        (status, r["error"]["code"].as_i64()),
        (400, Some(-32021)),
        "{r}"
    );
    assert_eq!(
        r["error"]["data"]["requiredCapabilities"],
        serde_json::json!({"elicitation": {}})
    );
    // Sessions still work for 2025 clients on the same endpoint.
    let (status, r) = send("Accept-Language: en", INIT);
    assert_eq!(status, 200, "{r}");
    let (code, err) = serve.stop();
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_client_that_expects_100_continue_is_told_to_go_on() {
    let addr = small_server(Limits::default(), Arc::default());
    let mut s = TcpStream::connect(&addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(
        s,
        "POST /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\nContent-Length: 4\r\n\r\n"
    )
    .unwrap();
    let mut interim = [0u8; 25];
    s.read_exact(&mut interim).unwrap();
    assert_eq!(&interim, b"HTTP/1.1 100 Continue\r\n\r\n");
    s.write_all(b"body").unwrap();
    let rest = read_all(&mut s);
    assert!(rest.starts_with("HTTP/1.1 200 OK"), "{rest}");
    assert!(rest.ends_with("\r\n\r\nbody"), "{rest}");
}

/// Opens a stream on a new connection from `source`; the connection when
/// the stream started, else the head of the refusal.
fn open_stream(addr: &str, source: [u8; 4]) -> Result<TcpStream, String> {
    let mut s = crate::support::connect_from(source, addr);
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(s, "GET /stream HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let head = crate::support::read_until(&mut s, "\r\n\r\n")?;
    let head = String::from_utf8_lossy(&head).into_owned();
    if head.starts_with("HTTP/1.1 200") {
        Ok(s)
    } else {
        Err(head)
    }
}

#[test]
fn one_peer_address_takes_at_most_its_share_of_the_streams() {
    let limits = Limits {
        max_streams: 4,
        max_streams_per_peer: 2,
        ..Limits::default()
    };
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    // Each stream is held (for a minute at most) until its client goes.
    let handler: listen::Handler = Arc::new(|_, resp| {
        let Some(mut chunks) = resp.stream(200, &[("Content-Type", "text/event-stream")]) else {
            return;
        };
        let until = Instant::now() + Duration::from_secs(60);
        while Instant::now() < until && chunks.send(b": held\n\n").is_ok() {
            std::thread::sleep(Duration::from_millis(100));
        }
    });
    std::thread::spawn(move || listen::serve(listener, limits, handler));
    // One client opens streams it does not read, as many as it is let.
    let mut greedy = Vec::new();
    let refused = loop {
        match open_stream(&addr, [127, 0, 0, 1]) {
            Ok(s) => greedy.push(s),
            Err(head) => break head,
        }
        assert!(greedy.len() <= 4, "every stream went to one client");
    };
    assert_eq!(greedy.len(), 2, "{refused}");
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    // Another client, from another address, is served all the same.
    let other = open_stream(&addr, [127, 0, 0, 2]).expect("another address's stream");
    // A stream given back is the client's again, once the server has
    // noticed (its next write fails).
    drop(greedy.remove(0));
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        match open_stream(&addr, [127, 0, 0, 1]) {
            Ok(s) => break greedy.push(s),
            Err(head) if Instant::now() < deadline => {
                assert!(head.starts_with("HTTP/1.1 429"), "{head}");
                std::thread::sleep(Duration::from_millis(200));
            }
            Err(head) => panic!("the slot was not given back: {head}"),
        }
    }
    drop(other);
}

#[test]
fn a_bare_lf_in_a_pipelined_head_or_a_chunked_body_is_refused() {
    let addr = small_server(Limits::default(), Arc::default());
    // The second head arrives with the first request, after its body: it
    // is checked all the same (hyper alone would take a bare LF, as RFC
    // 9112 §2.2 allows).
    let mut s = TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\na\nb\n\
         POST /b HTTP/1.1\nHost: x\nContent-Length: 3\n\ntwo"
    )
    .unwrap();
    let got = read_all(&mut s);
    assert!(got.starts_with("HTTP/1.1 400 "), "{got}");
    assert!(!got.contains("two"), "{got}");
    // A body sent otherwise than with Content-Length is not read.
    let mut s = TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\none\r\n0\r\n\r\n"
    )
    .unwrap();
    let got = read_all(&mut s);
    assert!(got.starts_with("HTTP/1.1 501 "), "{got}");
    assert!(!got.contains("one"), "{got}");
}

#[test]
fn what_the_server_will_not_take_is_refused_with_its_status() {
    let limits = Limits {
        max_body: 10,
        max_head: 64,
        ..Limits::default()
    };
    let addr = small_server(limits, Arc::default());
    let status = |request: &str| {
        let mut s = TcpStream::connect(&addr).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let got = read_all(&mut s);
        got.get(9..12).unwrap_or("").to_string() + " " + &got
    };
    for (want, request) in [
        ("413", "POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n"),
        (
            "501",
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        ),
        (
            "400",
            "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        ),
        ("400", "POST / HTTP/1.1\r\nContent-Length: +1\r\n\r\na"),
        ("400", "POST / HTTP/2\r\n\r\n"),
        ("400", "POST / HTTP/1.1\r\nbad header\r\n\r\n"),
        (
            "431",
            &format!("POST / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(80)),
        ),
    ] {
        let got = status(request);
        assert!(got.starts_with(want), "{request:?}: {got}");
    }
    // Within the limits: served.
    let got =
        status("POST / HTTP/1.1\r\nConnection: close\r\nContent-Length: 10\r\n\r\n0123456789");
    assert!(got.starts_with("200"), "{got}");
}
