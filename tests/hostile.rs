//! Hostile input to `lint` and `answer`: each case ends in a finding or an
//! error that names the place, never a panic, a stack overflow, unbounded
//! memory or a hang.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::bin;

/// Runs `mcp-elicit lint ARGS` with `input` on stdin; returns (code, stdout, stderr).
fn lint_stdin(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(bin())
        .arg("lint")
        .args(args)
        .arg("-")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn schema_with(props: &str) -> String {
    format!(r#"{{"type":"object","properties":{{{props}}}}}"#)
}

#[test]
fn nesting_100000_levels_is_a_finding_not_a_stack_overflow() {
    let doc = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let (code, out, _) = lint_stdin(&[], doc.as_bytes());
    assert_eq!(code, 1);
    assert!(out.starts_with("-:1:129: error[E001]"), "{out}");
    assert!(out.contains("nest"), "{out}");
}

#[test]
fn a_100_mb_string_is_linted() {
    let big = "x".repeat(100 << 20);
    let doc = schema_with(&format!(
        r#""a":{{"type":"string","title":"{big}"}},"b":{{"type":"strin"}}"#
    ));
    let (code, out, _) = lint_stdin(&[], doc.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error[E203]"), "{out}");
    assert!(out.len() < 10_000, "findings do not echo the huge value");
}

#[test]
fn invalid_utf8_names_the_byte() {
    let mut doc = br#"{"type":"object","properties":{"na"#.to_vec();
    doc.push(0xff);
    doc.extend_from_slice(br#"me":{"type":"string"}}}"#);
    let (code, out, _) = lint_stdin(&[], &doc);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("-:1:35: error[E001] not valid JSON: invalid UTF-8"),
        "{out}"
    );
}

#[test]
fn nul_bytes_are_reported_where_they_are() {
    let (code, out, _) = lint_stdin(&[], b"{\"type\":\"object\",\"properties\":{\"a\x00\":{}}}");
    assert_eq!(code, 1);
    assert!(out.starts_with("-:1:34: error[E001]"), "{out}");
    let (code, out, _) = lint_stdin(&[], b"{\"type\":\"object\",\x00\"properties\":{}}");
    assert_eq!(code, 1);
    assert!(out.starts_with("-:1:18: error[E001]"), "{out}");
}

#[test]
fn a_bom_is_accepted_and_not_counted() {
    let doc = "\u{feff}{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"strin\"}}}";
    let (code, out, _) = lint_stdin(&[], doc.as_bytes());
    assert_eq!(code, 1);
    assert!(out.starts_with("-:1:44: error[E203]"), "{out}");
}

#[test]
fn duplicate_type_keys_are_reported() {
    let doc = schema_with(r#""a":{"type":"string","type":"number"}"#);
    let (code, out, _) = lint_stdin(&[], doc.as_bytes());
    assert_eq!(code, 1);
    assert!(
        out.contains("-:1:53: error[E004] `type` appears more than once"),
        "{out}"
    );
}

#[test]
fn extreme_numbers_are_judged_not_rounded() {
    let doc = schema_with(
        r#""a":{"type":"number","minimum":1e400},"b":{"type":"integer","minimum":-0,"maximum":1e400}"#,
    );
    let (code, out, _) = lint_stdin(&["--spec", "2025-11-25"], doc.as_bytes());
    assert!(code == 0 || code == 1, "{out}");
    assert!(!out.contains("panicked"));
    assert!(
        out.contains("1e400"),
        "a bound no reader can represent is named: {out}"
    );
}

#[test]
fn one_hundred_thousand_properties_stay_linear() {
    let mut props = String::new();
    for i in 0..100_000 {
        if i > 0 {
            props.push(',');
        }
        props.push_str(&format!(r#""p{i}":{{"type":"string"}}"#));
    }
    props.push_str(r#","p7":{"type":"boolean"}"#);
    let doc = schema_with(&props);
    // The bound only catches a quadratic walk, which takes hours here.
    let start = Instant::now();
    let (code, out, _) = lint_stdin(&[], doc.as_bytes());
    assert!(start.elapsed() < Duration::from_secs(300));
    assert_eq!(code, 1);
    assert!(
        out.contains("error[E004] `p7` appears more than once"),
        "{out}"
    );
}

#[test]
fn a_million_enum_options_stay_linear() {
    let mut opts = String::new();
    for i in 0..1_000_000 {
        if i > 0 {
            opts.push(',');
        }
        opts.push_str(&format!(r#""o{i}""#));
    }
    opts.push_str(r#","o999""#);
    let doc = schema_with(&format!(r#""a":{{"type":"string","enum":[{opts}]}}"#));
    // The bound only catches a quadratic walk, which takes days here.
    let start = Instant::now();
    let (code, out, _) = lint_stdin(&[], doc.as_bytes());
    assert!(start.elapsed() < Duration::from_secs(300));
    assert_eq!(code, 1);
    assert!(out.contains("error[E304]"), "{out}");
    assert_eq!(out.lines().count(), 1, "one finding for the one duplicate");
}

#[test]
fn a_jsonl_line_larger_than_the_limit_is_skipped_in_bounded_memory() {
    // 1 GiB on one line, then a normal line: streamed, reported, skipped.
    let mut child = crate::support::peak_rss_command()
        .arg(bin())
        .args(["lint", "-"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let first = br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        stdin.write_all(first).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin
            .write_all(br#"{"jsonrpc":"2.0","id":2,"method":"x","params":{"p":""#)
            .unwrap();
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..1024 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
        stdin.write_all(b"\"}}\n").unwrap();
        stdin
            .write_all(br#"{"type":"object","properties":{"a":{"type":"strin"}}}"#)
            .unwrap();
        stdin.write_all(b"\n").unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("-:2:1: error[E001] this line is"),
        "{stdout}"
    );
    assert!(
        stdout.contains("-:3:"),
        "the line after it is still linted: {stdout}"
    );
    let max_rss_kb: u64 = stderr.lines().last().unwrap().trim().parse().unwrap();
    assert!(
        max_rss_kb < 320 * 1024,
        "memory stays bounded by the limit, not the line: {max_rss_kb} kB"
    );
}

/// `mcp-elicit answer ARGS` with `request` on stdin; returns (code, stdout, stderr).
fn answer_stdin(args: &[&str], request: &str) -> (i32, String, String) {
    let out = Command::new(bin())
        .arg("answer")
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(request.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_catastrophic_pattern_is_checked_in_linear_time() {
    // `^(a+)+$` against "aaa…a!" takes a backtracking engine 2^n steps; the
    // answer path checks `pattern` on a linear-time engine. The bound only
    // catches a hang: 2^100000 steps never finish.
    let request = r#"{"message": "Name?", "requestedSchema": {"type": "object",
        "properties": {"name": {"type": "string", "pattern": "^(a+)+$"}},
        "required": ["name"]}}"#;
    let long = "a".repeat(100_000);
    let start = Instant::now();
    let (code, out, err) = answer_stdin(&["--set", &format!("name={long}!")], request);
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_eq!(code, 2, "{out}\n{err}");
    assert!(
        err.contains("does not match") && err.contains("^(a+)+$"),
        "{err}"
    );

    let (code, out, err) = answer_stdin(&["--set", &format!("name={long}")], request);
    assert!(start.elapsed() < Duration::from_secs(60));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&long), "{out}");
}
