//! `mcp-elicit call` answered by hand in a real pseudo-terminal against a
//! server on the official MCP Python SDK over Streamable HTTP. The calls
//! to this crate's example server are in the fast tier (tests/call_pty.rs).

use std::process::Command;

use crate::support::bin;
use crate::support::pty::Terminal;

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn a_call_cut_short_ends_its_http_session() {
    // The official Python SDK's server logs each request it serves.
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("access.log");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let python = crate::support::peers::python_sdk();
    let mut server = Command::new(python)
        .arg(crate::support::root().join("tests/servers/booking.py"))
        .args(["http", &port.to_string()])
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("python3 with the mcp package");
    crate::support::wait_for_port(port, "the server");
    let url = format!("http://127.0.0.1:{port}/mcp");
    let mut cmd = Command::new(bin());
    cmd.args([
        "call",
        "--spec",
        "2025-11-25",
        "--timeout",
        "1",
        "--tool",
        "book_table",
    ])
    .arg(&url);
    let mut term = Terminal::spawn(cmd);
    term.expect("Guests *: ");
    term.expect("the call is ended");
    assert_eq!(term.finish(), 4);
    // The session is deleted on the way out, not left to time out.
    let deleted = (0..100).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(50));
        std::fs::read_to_string(&log).is_ok_and(|l| l.contains("\"DELETE /mcp HTTP/1.1\" 200"))
    });
    let _ = server.kill();
    let _ = server.wait();
    assert!(deleted, "{}", std::fs::read_to_string(&log).unwrap());
}
