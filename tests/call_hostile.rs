//! `mcp-elicit call` against a server that misbehaves
//! (tests/servers/hostile.py): it dies mid-call, writes garbage, never
//! answers, floods the client with questions, or writes control sequences
//! to stderr. Each ends in one clear line and exit 2, or is shown sanitised,
//! and the recording keeps every message up to the end.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::output::stderr;
use crate::support::{bin, root};

fn python() -> String {
    // The hostile servers need only the standard library.
    "python3".into()
}

/// `call --tool t --set name=Ada --record SESSION EXTRA -- hostile.py MODE`,
/// and how long it took.
fn call(mode: &str, session: &Path, extra: &[&str]) -> (Output, Duration) {
    let start = Instant::now();
    let o = Command::new(bin())
        .args(["call", "--tool", "t", "--set", "name=Ada", "--record"])
        .arg(session)
        .args(extra)
        .arg("--")
        .arg(python())
        .arg("tests/servers/hostile.py")
        .arg(mode)
        .current_dir(root())
        .output()
        .unwrap();
    (o, start.elapsed())
}

/// The session's messages, each line parsed (every line must be JSON).
fn messages(session: &Path) -> Vec<Value> {
    std::fs::read_to_string(session)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .filter(|l| l.get("msg").is_some())
        .map(|l| l["msg"].clone())
        .collect()
}

/// The recording checks clean: nothing torn, nothing invalid.
fn replays_clean(session: &Path) {
    let o = Command::new(bin())
        .arg("replay")
        .arg(session)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        stderr(&o)
    );
}

#[test]
fn a_server_that_dies_mid_call() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let (o, _) = call("die", &session, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "[server] giving up\n\
         error: the server closed its output, so the connection ended (it exited: exit status: 3)\n"
    );
    assert!(o.stdout.is_empty());
    // The last complete exchange, the question and its answer, is kept.
    let msgs = messages(&session);
    let last = msgs.last().unwrap();
    assert_eq!(last["id"], "ask-1");
    assert_eq!(last["result"]["content"]["name"], "Ada");
    replays_clean(&session);
}

#[test]
fn a_server_that_writes_garbage() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let (o, took) = call("garbage", &session, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: the server sent something that is not JSON (expected ident at line 1 column 2): this is not JSON-RPC\n"
    );
    // The server, still sleeping (for 5 minutes), is ended with the call;
    // the bound only tells that from waiting for it.
    assert!(took < Duration::from_secs(120), "{took:?}");
    let msgs = messages(&session);
    assert_eq!(msgs.last().unwrap()["method"], "tools/call");
    replays_clean(&session);
}

#[test]
fn a_server_that_never_answers() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let (o, took) = call("silent", &session, &["--server-timeout", "1.5"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: the server sent nothing for 1.5 s (raise --server-timeout if it is just slow)\n"
    );
    // Not the server's 5 minutes of silence.
    assert!(took < Duration::from_secs(120), "{took:?}");
    assert_eq!(messages(&session).last().unwrap()["method"], "tools/call");
    replays_clean(&session);
}

#[test]
fn a_server_that_floods_is_stopped_at_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let (o, _) = call("flood", &session, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: the server asked more than 32 elicitations during one request; it seems to flood, so the call is ended\n"
    );
    let msgs = messages(&session);
    let asked = msgs
        .iter()
        .filter(|m| m["method"] == "elicitation/create")
        .count();
    let answered = msgs
        .iter()
        .filter(|m| m["result"]["action"] == "accept")
        .count();
    assert_eq!((asked, answered), (33, 32));
    // The 33rd is refused, and the refusal is recorded.
    let last = msgs.last().unwrap();
    assert_eq!(last["id"], "ask-33");
    assert_eq!(last["error"]["code"], -32603);
}

#[test]
fn server_stderr_is_prefixed_and_sanitised() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let (o, _) = call("noisy", &session, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Colours and the window-title sequence are gone, the bell is shown
    // escaped: nothing reaches the terminal raw.
    assert_eq!(stderr(&o), "[server] red alert\\u{7} done\n");
}

#[test]
fn an_http_server_that_refuses_the_answer() {
    use std::io::BufRead;
    let mut server = Command::new(python())
        .arg(root().join("tests/servers/hostile_http.py"))
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(server.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line.trim().rsplit(' ').next().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("s.jsonl");
    let start = Instant::now();
    let o = Command::new(bin())
        .args(["call", "--tool", "t", "--set", "name=Ada", "--record"])
        .arg(&session)
        .arg(&url)
        .output()
        .unwrap();
    let took = start.elapsed();
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: the server refused the answer to its request with HTTP 500: boom: cannot store the answer\n"
    );
    // At once, not after --server-timeout.
    assert!(took < Duration::from_secs(60), "{took:?}");
    let msgs = messages(&session);
    let last = msgs.last().unwrap();
    assert_eq!(last["id"], "ask-1");
    assert_eq!(last["result"]["content"]["name"], "Ada");
    replays_clean(&session);
}

#[test]
fn a_server_killed_at_each_step_leaves_a_complete_recording() {
    // The server sends 6 messages: an error for `server/discover` (it is
    // older than 2026-07-28), the initialize result, three questions, the
    // tool result. Killed before message K+1, for every K.
    for k in 0..=6 {
        let dir = tempfile::tempdir().unwrap();
        let session = dir.path().join("s.jsonl");
        let start = Instant::now();
        let o = Command::new(bin())
            .args(["call", "--tool", "t", "--set", "name=Ada", "--record"])
            .arg(&session)
            .arg("--")
            .arg(python())
            .arg("tests/servers/hostile.py")
            .args(["crash", &k.to_string()])
            .current_dir(root())
            .output()
            .unwrap();
        assert!(start.elapsed() < Duration::from_secs(30));
        let expected = if k == 6 { 0 } else { 2 };
        assert_eq!(o.status.code(), Some(expected), "step {k}: {}", stderr(&o));
        if k < 6 {
            assert!(
                stderr(&o).starts_with("error: "),
                "step {k}: one clear line: {}",
                stderr(&o)
            );
            assert_eq!(stderr(&o).lines().count(), 1, "step {k}: {}", stderr(&o));
        }
        // Every line is whole, every message the server sent is there (a
        // failed handshake too), and every question it asked was answered.
        let lines = std::fs::read_to_string(&session).unwrap();
        let from_server = lines
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|l| l["from"] == "server")
            .count();
        if k < 2 {
            assert!(
                stderr(&o).contains("signal: 9 (SIGKILL)"),
                "step {k}: {}",
                stderr(&o)
            );
            assert!(
                lines.starts_with("{\"mcp-elicit-session\":1"),
                "step {k}:\n{lines}"
            );
            assert_eq!(from_server, k, "step {k}:\n{lines}");
            assert!(
                lines.contains("\"method\":\"initialize\""),
                "step {k}:\n{lines}"
            );
            continue;
        }
        // (The error for `server/discover` comes before the revision is
        // known and is recorded with the handshake.)
        assert_eq!(from_server, k, "step {k}:\n{lines}");
        let msgs = messages(&session);
        let asked = msgs
            .iter()
            .filter(|m| m["method"] == "elicitation/create")
            .count();
        let answered = msgs
            .iter()
            .filter(|m| m["result"]["action"] == "accept")
            .count();
        assert_eq!(asked, answered, "step {k}:\n{lines}");
        replays_clean(&session);
    }
}
