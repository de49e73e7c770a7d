//! `call` against a server written the way rmcp, the official Rust SDK,
//! documents elicitation (tests/rmcp_server: `peer.elicit::<T>()` on types
//! deriving `JsonSchema`, rmcp's root `title` and `description` left as they
//! are), over stdio and Streamable HTTP, in 2025-11-25 and 2026-07-28. Every
//! answer is checked against the tool's own echo of what it received.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

use crate::support::{bin, peers};

/// The server on Streamable HTTP, ended when dropped.
struct Served {
    child: Child,
    url: String,
}

impl Served {
    fn start(server: &Path) -> Served {
        let mut child = Command::new(server)
            .args(["--http", "127.0.0.1:0"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stderr.as_mut().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().rsplit(' ').next().unwrap().to_string();
        assert!(url.starts_with("http://"), "{line}");
        Served { child, url }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How `call` reaches the server (`stdio` or `http`), and the arguments
/// that say so.
type Target = (&'static str, Vec<String>);

/// The server's targets for `call`: over stdio, and over HTTP (kept alive
/// by the returned guard).
fn targets() -> (Vec<Target>, Served) {
    let server = peers::rmcp_server();
    let served = Served::start(&server);
    let stdio = vec!["--".to_string(), server.to_string_lossy().into_owned()];
    let http = vec![served.url.clone()];
    (vec![("stdio", stdio), ("http", http)], served)
}

fn call(target: &[String], args: &[&str]) -> Output {
    Command::new(bin())
        .arg("call")
        .args(args)
        .args(target)
        .output()
        .unwrap()
}

/// The tool's text and `call`'s stderr, the exit code asserted.
fn echo(via: &str, target: &[String], args: &[&str], code: i32) -> (String, String) {
    let o = call(target, args);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(code), "{via} {args:?}: {out}\n{err}");
    let result: serde_json::Value = serde_json::from_str(&out).unwrap();
    let text = result["content"][0]["text"].as_str().unwrap().to_string();
    (text, err)
}

#[test]
#[ignore = "peer: needs rmcp from crates.io (cargo test --test peers -- --ignored)"]
fn rmcp_elicit_answered_with_set_defaults_and_actions_in_2025_11_25() {
    let (targets, _served) = targets();
    for (via, target) in &targets {
        let spec = ["--spec", "2025-11-25"];
        let (text, err) = echo(
            via,
            target,
            &[&spec[..], &["--tool", "greet", "--set", "name=Ada"]].concat(),
            0,
        );
        assert_eq!(text, r#"accept {"name":"Ada","greeting":null}"#, "{via}");
        // rmcp puts the type's name and description at the root: shown,
        // named, and answered all the same.
        assert!(
            err.contains("E122 (error) at /params/requestedSchema/title"),
            "{via}: {err}"
        );
        assert!(err.contains("--strict refuses it"), "{via}: {err}");

        let (text, _) = echo(
            via,
            target,
            &[
                &spec[..],
                &[
                    "--tool",
                    "book",
                    "--defaults",
                    "--set",
                    "guests=3",
                    "--set",
                    "high_chair=true",
                ],
            ]
            .concat(),
            0,
        );
        assert_eq!(
            text, r#"accept {"guests":3,"seating":"Inside","high_chair":true}"#,
            "{via}"
        );

        let (text, _) = echo(
            via,
            target,
            &[&spec[..], &["--tool", "book", "--action", "decline"]].concat(),
            1,
        );
        assert_eq!(
            text, "Elicitation failed: User explicitly declined the request",
            "{via}"
        );
        let (text, _) = echo(
            via,
            target,
            &[&spec[..], &["--tool", "greet", "--action", "cancel"]].concat(),
            1,
        );
        assert_eq!(
            text, "Elicitation failed: User cancelled/dismissed the request",
            "{via}"
        );
    }
}

#[test]
#[ignore = "peer: needs rmcp from crates.io (cargo test --test peers -- --ignored)"]
fn rmcp_elicit_under_2026_07_28_gives_the_hint() {
    let (targets, _served) = targets();
    for (via, target) in &targets {
        let (text, err) = echo(via, target, &["--tool", "greet", "--set", "name=Ada"], 1);
        assert!(
            text.contains("server-to-client requests are not allowed on protocol 2026-07-28"),
            "{via}: {text}"
        );
        assert!(
            err.contains("hint: the server tried to send a request"),
            "{via}: {err}"
        );
        assert!(
            err.contains("`--spec 2025-11-25` tests that legacy path"),
            "{via}: {err}"
        );
        assert!(
            err.contains("rmcp `InputRequest::Elicitation`"),
            "{via}: {err}"
        );
    }
}
