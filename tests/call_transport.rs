//! `mcp-elicit call` against a Streamable HTTP server that misbehaves at the
//! transport (tests/servers/hostile_transport.py, standard library only): a
//! `-32022` whose `supported` is junk, 401 and 403 with and without
//! `WWW-Authenticate`, a response stream closed with no event ids, and one
//! that closes every stream at once. Each ends in one line in plain words
//! and exit 2, and never waits for --server-timeout.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::output::stderr;
use crate::support::{bin, root};

/// The server of `mode`, and its URL.
fn server(mode: &str) -> (Child, String) {
    let mut child = Command::new("python3")
        .arg(root().join("tests/servers/hostile_transport.py"))
        .arg(mode)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line.trim().rsplit(' ').next().unwrap().to_string();
    (child, url)
}

/// `call --tool t EXTRA URL` against the server of `mode`; the output, how
/// long it took, and what the server said on stderr after its URL.
fn call(mode: &str, extra: &[&str]) -> (Output, Duration, String) {
    let (mut child, url) = server(mode);
    let start = Instant::now();
    let o = Command::new(bin())
        .args([
            "call",
            "--tool",
            "t",
            "--defaults",
            "--server-timeout",
            "60",
        ])
        .args(extra)
        .arg(&url)
        .output()
        .unwrap();
    let took = start.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    let mut said = String::new();
    let _ = std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut said);
    (o, took, said)
}

/// Exit 2 with one `error:` line, the last, well before --server-timeout;
/// that line.
fn fails_in_one_line(o: &Output, took: Duration) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 1, "{err}");
    assert!(err.ends_with(&format!("{}\n", errors[0])), "{err}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    format!("{}\n", errors[0])
}

#[test]
fn a_32022_whose_supported_is_junk_is_a_clear_error() {
    let (o, took, _) = call("junk-supported", &[]);
    let err = fails_in_one_line(&o, took);
    assert_eq!(
        err,
        "error: the server refused protocol version 2026-07-28 (-32022) without saying which it supports: `data.supported` should list revisions as strings, and is \"whatever you like\"; try --spec 2025-11-25\n"
    );
}

#[test]
fn a_401_without_www_authenticate_is_reported_in_plain_words() {
    let (o, took, _) = call("unauthorized", &[]);
    let err = fails_in_one_line(&o, took);
    assert_eq!(
        err,
        "error: the server refused `server/discover` with HTTP 401 Unauthorized and no WWW-Authenticate header, so it did not say how to authenticate; authorization failed while finding the protected resource metadata (RFC 9728): the server publishes none and sent no Bearer challenge, so it does not say how to authorize; pass credentials with --header, e.g. --header 'Authorization: Bearer TOKEN'\n"
    );
    assert!(!err.contains("JSON-RPC"), "{err}");
}

#[test]
fn a_401_challenge_names_its_realm_and_scope() {
    let (o, took, _) = call("challenge", &[]);
    let err = fails_in_one_line(&o, took);
    assert!(
        err.contains("HTTP 401 Unauthorized (WWW-Authenticate: scheme Bearer, realm \"acme-mcp\", scope \"tools:call\", error \"invalid_token\")"),
        "{err}"
    );
}

#[test]
fn a_403_with_a_token_says_the_token_is_not_enough() {
    let (o, took, _) = call("forbidden", &["--header", "Authorization: Bearer weak"]);
    let err = fails_in_one_line(&o, took);
    assert!(
        err.contains("HTTP 403 Forbidden (WWW-Authenticate: scheme Bearer, scope \"tools:admin\", error \"insufficient_scope\")"),
        "{err}"
    );
    assert!(err.contains("not enough for this request"), "{err}");
}

#[test]
fn header_sends_a_token_on_every_request() {
    let (o, _, _) = call("token", &["--header", "Authorization: Bearer good-token"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("served"));
    let (o, took, _) = call("token", &["--header", "Authorization: Bearer bad"]);
    let err = fails_in_one_line(&o, took);
    assert!(err.contains("were not accepted"), "{err}");
}

#[test]
fn header_is_refused_for_a_stdio_server() {
    let o = Command::new(bin())
        .args(["call", "--list", "--header", "A: b", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "error: the argument '--header <NAME:VALUE>' cannot be used with '[SERVER_CMD]...'"
        ),
        "{}",
        stderr(&o)
    );
    let o = Command::new(bin())
        .args([
            "call",
            "--list",
            "--header",
            "no colon",
            "http://127.0.0.1:9/mcp",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("NAME:VALUE"), "{}", stderr(&o));
}

#[test]
fn a_stream_closed_mid_response_with_no_event_ids_is_not_resumed() {
    let (o, took, said) = call("no-ids", &[]);
    let err = fails_in_one_line(&o, took);
    assert_eq!(
        err,
        "error: the server closed the stream of `tools/call` before its response and sent no event id, so it cannot be resumed with Last-Event-ID; no reconnection was tried (reconnection is bounded to resumable streams, at most 5 attempts)\n"
    );
    assert!(!said.contains("resume"), "{said}");
}

#[test]
fn a_server_that_closes_every_stream_at_once_is_given_up_on() {
    let (o, took, said) = call("close-all", &[]);
    let err = fails_in_one_line(&o, took);
    assert_eq!(
        err,
        "error: the server closed the stream of `tools/call` before its response and every reconnection with Last-Event-ID closed again without it: gave up after 5 attempts (reconnection is bounded, with back-off from the server's retry of 20 ms)\n"
    );
    // Five GETs with Last-Event-ID, each after the last id the server gave.
    let resumes: Vec<&str> = said.lines().filter(|l| l.starts_with("resume ")).collect();
    assert_eq!(
        resumes,
        [
            "resume p1",
            "resume g1",
            "resume g1",
            "resume g1",
            "resume g1"
        ]
    );
    // Back-off from `retry: 20`: 20 + 40 + 80 + 160 + 320 ms at least.
    assert!(took >= Duration::from_millis(620), "{took:?}");
}

#[test]
fn choose_supported_takes_the_newest_revision_spoken_and_names_junk() {
    use mcp_elicit::mcp::client::choose_supported;
    use mcp_elicit::spec::Revision;
    use serde_json::json;
    let err = |supported| json!({"code": -32022, "data": {"supported": supported}});
    let asked = Revision::V2026_07_28;
    assert_eq!(
        choose_supported(
            asked,
            &err(json!(["2025-06-18", "2099-01-01", "2025-11-25"]))
        )
        .unwrap(),
        Revision::V2025_11_25
    );
    for junk in [
        json!([42]),
        json!([]),
        json!(null),
        json!({"v": "2025-11-25"}),
    ] {
        let e = choose_supported(asked, &err(junk.clone()))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("should list revisions as strings"),
            "{junk}: {e}"
        );
        // Which option helps is the command's to say.
        assert!(!e.contains("--spec"), "{junk}: {e}");
    }
    let e = choose_supported(asked, &json!({"code": -32022}))
        .unwrap_err()
        .to_string();
    assert!(e.contains("and is nothing"), "{e}");
    let e = choose_supported(asked, &err(json!(["1999-01-01"])))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("supports only [\"1999-01-01\"], none of which mcp-elicit speaks"),
        "{e}"
    );
}

#[test]
fn a_stream_closed_before_its_response_is_resumed_after_retry() {
    let (o, took, said) = call("resume", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("served after resuming"));
    let resumes: Vec<&str> = said.lines().filter(|l| l.starts_with("resume ")).collect();
    assert_eq!(resumes, ["resume p1"]);
    // Not before the server's `retry: 20`.
    assert!(took >= Duration::from_millis(20), "{took:?}");
}

#[test]
fn a_32022_chooses_the_newest_revision_it_lists() {
    let (o, _, said) = call("only-2025-06-18", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("served"));
    // Straight to 2025-06-18, the header on the initialize POST too.
    let inits: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with("initialize "))
        .collect();
    assert_eq!(inits, ["initialize 2025-06-18 header 2025-06-18"]);
}

#[test]
fn x_mcp_header_marks_are_checked_as_sep_2243_says() {
    use mcp_elicit::mcp::client::header_marks;
    use serde_json::json;
    let tool = |props| json!({"name": "t", "inputSchema": {"type": "object", "properties": props}});
    assert_eq!(
        header_marks(&tool(json!({
            "region": {"type": "string", "x-mcp-header": "Region"},
            "n": {"type": "integer", "x-mcp-header": "N"},
            "on": {"type": "boolean", "x-mcp-header": "On"},
            "q": {"type": "string"}
        })))
        .unwrap(),
        [("region", "Region"), ("n", "N"), ("on", "On")]
            .map(|(p, h)| (p.to_string(), h.to_string()))
    );
    for (props, why) in [
        (
            json!({"v": {"type": "string", "x-mcp-header": ""}}),
            "empty",
        ),
        (
            json!({"v": {"type": "string", "x-mcp-header": "My Region"}}),
            "not an HTTP token",
        ),
        (
            json!({"v": {"type": "string", "x-mcp-header": "A:B"}}),
            "not an HTTP token",
        ),
        (
            json!({"v": {"type": "string", "x-mcp-header": "Région"}}),
            "not an HTTP token",
        ),
        (
            json!({"v": {"type": "number", "x-mcp-header": "V"}}),
            "not string, integer or boolean",
        ),
        (
            json!({"v": {"type": "object", "x-mcp-header": "V"}}),
            "not string, integer or boolean",
        ),
        (json!({"v": {"x-mcp-header": "V"}}), "its type is missing"),
        (
            json!({"a": {"type": "string", "x-mcp-header": "Mine"}, "b": {"type": "string", "x-mcp-header": "mine"}}),
            "regardless of case",
        ),
    ] {
        let e = header_marks(&tool(props.clone())).unwrap_err();
        assert!(e.contains(why), "{props}: {e}");
    }
}
