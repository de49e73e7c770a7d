//! `proxy` between real hosts and real servers: hosts on the official
//! Python SDK (`ClientSession`, and `Client` for 2026-07-28;
//! tests/clients/host_python.py) and the official TypeScript SDK (`Client`;
//! tests/clients/host_typescript.mjs), with and without the elicitation
//! capability, in front of the Python SDK, FastMCP and TypeScript SDK
//! servers of tests/servers. The tool's echo shows what answer reached it;
//! every recording is checked with `replay`; kills of either side are
//! survived with the recording whole.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::proxy::HttpProxy;
use crate::support::{bin, root};

pub(crate) fn python() -> String {
    crate::support::peers::python_sdk()
        .to_string_lossy()
        .into_owned()
}

pub(crate) fn script(rel: &str) -> String {
    root().join(rel).to_string_lossy().into_owned()
}

/// A host to put in front of the proxy: its program and leading arguments.
pub(crate) struct Host {
    argv: Vec<String>,
    pub(crate) name: &'static str,
}

impl Host {
    pub(crate) fn python(py: &str, revision: &str, capability: &str) -> Host {
        Host {
            argv: vec![
                py.to_string(),
                script("tests/clients/host_python.py"),
                revision.into(),
                capability.into(),
            ],
            name: "python host",
        }
    }

    pub(crate) fn typescript(capability: &str) -> Host {
        let (tools, host) =
            crate::support::peers::typescript_sdk_script("tests/clients/host_typescript.mjs");
        Host {
            argv: vec![
                tools.program("node").to_string_lossy().into_owned(),
                host.to_string_lossy().into_owned(),
                capability.into(),
            ],
            name: "typescript host",
        }
    }

    /// Runs the host: it calls `tool` through `mcp-elicit proxy PROXY_ARGS
    /// -- SERVER...`; returns its JSON line and the proxy's stderr.
    pub(crate) fn call(
        &self,
        tool: &str,
        args: &str,
        proxy: &[&str],
        server: &[String],
        env: &[(&str, &str)],
    ) -> (Value, String) {
        let o = self.run(tool, args, proxy, server, env);
        let out = String::from_utf8_lossy(&o.stdout);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(
            o.status.success(),
            "{} {tool} {proxy:?}: {out}\n{err}",
            self.name
        );
        let line = out.lines().last().unwrap_or_default();
        let v: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("{} printed {out:?} ({e})\n{err}", self.name));
        (v, err)
    }

    pub(crate) fn run(
        &self,
        tool: &str,
        args: &str,
        proxy: &[&str],
        server: &[String],
        env: &[(&str, &str)],
    ) -> std::process::Output {
        let mut target: Vec<String> = vec![bin().into(), "proxy".into()];
        target.extend(proxy.iter().map(|a| a.to_string()));
        target.push("--".into());
        target.extend(server.iter().cloned());
        self.run_at(tool, args, &target, env)
    }

    /// The host's run when it reaches `url` itself (HTTP), as it ended.
    pub(crate) fn run_at_url(
        &self,
        tool: &str,
        args: &str,
        url: &str,
        env: &[(&str, &str)],
    ) -> std::process::Output {
        self.run_at(tool, args, &[url.to_string()], env)
    }

    /// The host's JSON line when it reaches `url` itself (HTTP).
    pub(crate) fn call_url(
        &self,
        tool: &str,
        args: &str,
        url: &str,
        env: &[(&str, &str)],
    ) -> Value {
        let o = self.run_at(tool, args, &[url.to_string()], env);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{} {tool} {url}: {out}\n{}",
            self.name,
            String::from_utf8_lossy(&o.stderr)
        );
        serde_json::from_str(out.lines().last().unwrap_or_default()).unwrap()
    }

    fn run_at(
        &self,
        tool: &str,
        args: &str,
        target: &[String],
        env: &[(&str, &str)],
    ) -> std::process::Output {
        let mut cmd = Command::new(&self.argv[0]);
        cmd.args(&self.argv[1..])
            .args([tool, args, "--"])
            .args(target)
            .current_dir(root())
            .stdin(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    }
}

/// `replay FILE` (ignoring `ignore`): exit 0 and the summary.
pub(crate) fn replays_clean(session: &Path, ignore: &[&str]) {
    let mut cmd = Command::new(bin());
    cmd.arg("replay");
    for i in ignore {
        cmd.args(["--ignore", i]);
    }
    let o = cmd.arg(session).output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "replay {}: {}{}\n{}",
        session.display(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
        std::fs::read_to_string(session).unwrap_or_default()
    );
}

/// The recorded messages of a session: (from, msg), header lines left out.
pub(crate) fn recorded(session: &Path) -> Vec<(String, Value)> {
    std::fs::read_to_string(session)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .filter(|v| v.get("msg").is_some())
        .map(|v| (v["from"].as_str().unwrap().to_string(), v["msg"].clone()))
        .collect()
}

const TRIP: &str = r#"accept {"name":"Ada","email":"ada@example.com","departure":"2026-12-24","nights":2,"budget":500.0,"insurance":false,"cabin":"economy","meals":[],"notes":null}"#;
const TRIP_SETS: [&str; 7] = [
    "--defaults",
    "--set",
    "name=Ada",
    "--set",
    "email=ada@example.com",
    "--set",
    "departure=2026-12-24",
];
const HOST_TRIP: &str = r#"{"name":"Bo","email":"bo@example.com","departure":"2027-01-02"}"#;

#[test]
#[ignore = "peer: needs the MCP Python SDK, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn python_hosts_in_front_of_the_python_sdk_server_in_both_revisions() {
    let py = python();
    let server = vec![
        py.clone(),
        script("tests/servers/sdk_python.py"),
        "stdio".into(),
    ];
    let dir = tempfile::tempdir().unwrap();
    // (revision, tool): ctx.elicit is a server request (2025 only);
    // Resolve/Elicit is an InputRequiredResult under 2026-07-28.
    for (rev, tool) in [
        ("2025-11-25", "plan_trip"),
        ("2026-07-28", "plan_trip_resolved"),
    ] {
        // A host without the capability: the proxy declares it and answers.
        let session = dir.path().join(format!("{rev}.jsonl"));
        let report = dir.path().join(format!("{rev}-report.jsonl"));
        let s = session.to_str().unwrap();
        let r = report.to_str().unwrap();
        let proxy = [
            &["--record", s, "--report", r, "--hosts", "codex"][..],
            &TRIP_SETS[..],
        ]
        .concat();
        let host = Host::python(&py, rev, "none");
        let args = if rev == "2025-11-25" {
            r#"{"destination":"Lyon"}"#
        } else {
            "{}"
        };
        let (out, err) = host.call(tool, args, &proxy, &server, &[]);
        assert_eq!(out["text"], TRIP, "{rev}: {err}");
        assert_eq!(out["elicited"], serde_json::json!([]), "{rev}");
        assert!(err.contains("the proxy answers it"), "{rev}: {err}");
        assert!(err.contains("answered") && err.contains("accept"), "{err}");
        // Pydantic's root title and description are the server's (E122).
        replays_clean(&session, &["E122"]);
        let msgs = recorded(&session);
        if rev == "2025-11-25" {
            // The host's initialize went on with the capability added.
            let init = &msgs[0].1;
            assert_eq!(init["method"], "initialize");
            assert_eq!(
                init["params"]["capabilities"]["elicitation"],
                serde_json::json!({"form": {}, "url": {}})
            );
            assert!(
                err.contains("E122 (error) at /params/requestedSchema/title"),
                "{err}"
            );
            // What Codex would do with it (--hosts codex).
            assert!(err.contains("W803"), "{err}");
        } else {
            // The proxy asked the server's era first (`server/discover`,
            // the capability added), then the first round asked for input,
            // and the retry is the proxy's.
            assert_eq!(msgs[0].1["method"], "server/discover");
            assert_eq!(
                msgs[0].1["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"]["elicitation"],
                serde_json::json!({"form": {}, "url": {}})
            );
            let msgs = &msgs[2..];
            let first = &msgs[0].1;
            assert_eq!(
                first["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"]["elicitation"],
                serde_json::json!({"form": {}, "url": {}})
            );
            assert_eq!(msgs[1].1["result"]["resultType"], "input_required");
            let retry = &msgs[2].1;
            assert_eq!(retry["id"], "mcp-elicit-proxy-1");
            assert_eq!(
                retry["params"]["inputResponses"]["__main__:ask_trip"]["action"],
                "accept"
            );
            assert!(retry["params"].get("requestState").is_some());
        }
        let report: Vec<Value> = std::fs::read_to_string(&report)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(report.len(), 1, "{report:?}");
        assert_eq!(report[0]["answeredBy"], "proxy");
        assert_eq!(report[0]["revision"], rev);

        // A host with the capability gets the elicitation itself.
        let host = Host::python(&py, rev, "elicit");
        let (out, err) = host.call(tool, args, &[], &server, &[("HOST_ANSWER", HOST_TRIP)]);
        assert_eq!(out["elicited"].as_array().unwrap().len(), 1, "{rev}: {err}");
        assert!(
            out["text"].as_str().unwrap().starts_with(
                r#"accept {"name":"Bo","email":"bo@example.com","departure":"2027-01-02""#
            ),
            "{rev}: {out}"
        );
        assert!(err.contains("the host answers it"), "{rev}: {err}");

        // --answer always: the proxy answers even so.
        let always = [&["--answer", "always"][..], &TRIP_SETS[..]].concat();
        let (out, _) = host.call(tool, args, &always, &server, &[("HOST_ANSWER", HOST_TRIP)]);
        assert_eq!(out["text"], TRIP, "{rev}");
        assert_eq!(out["elicited"], serde_json::json!([]));

        // --answer never: a host without the capability is not helped
        // (the SDK fails the call: the server, or the host, refuses).
        let host = Host::python(&py, rev, "none");
        let o = host.run(tool, args, &["--answer", "never"], &server, &[]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(!out.contains("accept"), "{rev}: {out}");
        for action in ["decline", "cancel"] {
            let (out, _) = host.call(tool, args, &["--action", action], &server, &[]);
            assert_eq!(out["text"], action, "{rev}");
        }
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn python_and_typescript_hosts_in_front_of_fastmcp_and_typescript_servers() {
    let py = python();
    let (tools, ts_server) =
        crate::support::peers::typescript_sdk_script("tests/servers/sdk_typescript.mjs");
    let node = tools.program("node").to_string_lossy().into_owned();
    let ts_none = Host::typescript("none");
    let ts_elicit = Host::typescript("elicit");
    let fastmcp = vec![
        py.clone(),
        script("tests/servers/fastmcp_server.py"),
        "stdio".into(),
    ];
    let typescript = vec![
        node,
        ts_server.to_string_lossy().into_owned(),
        "stdio".into(),
    ];
    let dir = tempfile::tempdir().unwrap();
    let py_none = Host::python(&py, "2025-11-25", "none");
    let py_elicit = Host::python(&py, "2025-11-25", "elicit");

    let register = ["--set", "name=Ada", "--set", "age=36", "--defaults"];
    let fast_want = r#"accept {"name":"Ada","age":36,"newsletter":false,"track":"backend"}"#;
    let ts_sets = [
        "--defaults",
        "--set",
        "username=ada",
        "--set",
        "email=ada@example.com",
        "--set",
        "age=36",
        "--set",
        "interests=ai",
    ];
    let ts_want = r#"{"action":"accept","content":{"username":"ada","email":"ada@example.com","age":36,"height":1.7,"newsletter":false,"plan":"free","role":"developer","interests":["ai"],"languages":["ts"]}}"#;
    for (i, host) in [&py_none, &ts_none].into_iter().enumerate() {
        for (server, sets, want, ignore) in [
            (&fastmcp, &register[..], fast_want, &["E122"][..]),
            (&typescript, &ts_sets[..], ts_want, &[][..]),
        ] {
            let session = dir.path().join(format!("{i}-{}.jsonl", server[1].len()));
            let s = session.to_str().unwrap();
            let proxy = [&["--record", s][..], sets].concat();
            let (out, err) = host.call("register", "{}", &proxy, server, &[]);
            assert_eq!(out["text"], want, "{}: {err}", host.name);
            assert_eq!(out["elicited"], serde_json::json!([]));
            replays_clean(&session, ignore);
        }
    }
    // Hosts with the capability get the form themselves.
    let fast_host = r#"{"name":"Bo","age":7,"newsletter":true,"track":"data"}"#;
    let ts_host = r#"{"username":"bob","email":"b@example.com","age":3,"interests":["ai"]}"#;
    for host in [&py_elicit, &ts_elicit] {
        let (out, err) = host.call(
            "register",
            "{}",
            &[],
            &fastmcp,
            &[("HOST_ANSWER", fast_host)],
        );
        assert_eq!(
            out["text"], r#"accept {"name":"Bo","age":7,"newsletter":true,"track":"data"}"#,
            "{}: {err}",
            host.name
        );
        assert_eq!(out["elicited"].as_array().unwrap().len(), 1);
        let (out, err) = host.call(
            "register",
            "{}",
            &[],
            &typescript,
            &[("HOST_ANSWER", ts_host)],
        );
        assert_eq!(
            out["text"],
            format!(r#"{{"action":"accept","content":{ts_host}}}"#),
            "{}: {err}",
            host.name
        );
    }
    // The TypeScript host declares form mode only: a URL-mode request is
    // the proxy's to answer under --answer auto.
    let (out, err) = ts_elicit.call(
        "connect_account",
        "{}",
        &["--defaults"],
        &typescript,
        &[("HOST_ANSWER", ts_host)],
    );
    assert_eq!(out["text"], "accept", "{err}");
    assert_eq!(out["elicited"], serde_json::json!([]));
    // The TypeScript host in front of the Python SDK server.
    let sdk_python = vec![
        py.clone(),
        script("tests/servers/sdk_python.py"),
        "stdio".into(),
    ];
    let (out, _) = ts_none.call(
        "plan_trip",
        r#"{"destination":"Lyon"}"#,
        &TRIP_SETS,
        &sdk_python,
        &[],
    );
    assert_eq!(out["text"], TRIP);
}

/// The pid of the first child of `pid` (the server the proxy started).
pub(crate) fn child_of(pid: u32) -> Option<u32> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        let children =
            std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).unwrap_or_default();
        if let Some(c) = children.split_whitespace().next() {
            return c.parse().ok();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// The pid of a process whose command line holds each of `parts`.
fn process_with(parts: &[&str]) -> Option<u32> {
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|e| {
        let pid: u32 = e.file_name().to_str()?.parse().ok()?;
        let cmdline = std::fs::read(e.path().join("cmdline")).ok()?;
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        (!cmdline.starts_with("sh ") && parts.iter().all(|p| cmdline.contains(p))).then_some(pid)
    })
}

fn alive(pid: u32) -> bool {
    // A zombie has exited; only its parent has not reaped it yet.
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        !s.rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

fn kill9(pid: u32) {
    let ok = Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(ok.success(), "kill -9 {pid}");
}

pub(crate) fn gone_within(pid: u32, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// A host speaking raw JSON-RPC to the proxy over its pipes, in front of
/// the Python SDK server, with the elicitation capability (so the host is
/// asked, and the proxy only passes on): it has the elicitation in hand
/// when the test acts.
struct RawHost {
    proxy: Child,
    to: Option<std::process::ChildStdin>,
    from: BufReader<std::process::ChildStdout>,
    session: std::path::PathBuf,
}

impl RawHost {
    fn start(py: &str, dir: &Path) -> RawHost {
        let session = dir.join("session.jsonl");
        let mut proxy = Command::new(bin())
            .args(["proxy", "--record"])
            .arg(&session)
            .args(["--", py, &script("tests/servers/sdk_python.py"), "stdio"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let to = proxy.stdin.take();
        let from = BufReader::new(proxy.stdout.take().unwrap());
        let mut h = RawHost {
            proxy,
            to,
            from,
            session,
        };
        h.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"raw","version":"1"}}}"#);
        assert!(h.read().contains(r#""id":1"#));
        h.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        h.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"plan_trip","arguments":{"destination":"Lyon"}}}"#);
        let ask = h.read();
        assert!(ask.contains(r#""method":"elicitation/create""#), "{ask}");
        h
    }

    fn send(&mut self, line: &str) {
        let to = self.to.as_mut().unwrap();
        to.write_all(line.as_bytes()).unwrap();
        to.write_all(b"\n").unwrap();
        to.flush().unwrap();
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        self.from.read_line(&mut line).unwrap();
        line
    }

    /// What the recording holds once the proxy is done: the five messages
    /// before the act, each whole.
    fn recording_whole(&self) {
        let msgs = recorded(&self.session);
        let methods: Vec<&str> = msgs
            .iter()
            .map(|(_, m)| m["method"].as_str().unwrap_or("(response)"))
            .collect();
        assert_eq!(
            &methods[..5],
            [
                "initialize",
                "(response)",
                "notifications/initialized",
                "tools/call",
                "elicitation/create"
            ],
            "{methods:?}"
        );
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn kill_9_of_the_server_answers_the_host_and_keeps_the_recording() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let mut h = RawHost::start(&py, dir.path());
    let server = child_of(h.proxy.id()).expect("the server's pid");
    kill9(server);
    // The host's open call gets an answer, then the end of the stream.
    let answer = h.read();
    assert!(
        answer.contains(r#""id":2"#) && answer.contains("the MCP server ended before answering"),
        "{answer}"
    );
    assert_eq!(h.read(), "", "the proxy ends its output");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = h.proxy.try_wait().unwrap() {
            break s;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the proxy hangs");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(2));
    let mut err = String::new();
    std::io::Read::read_to_string(h.proxy.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(err.contains("was killed by signal 9"), "{err}");
    h.recording_whole();
    replays_clean(&h.session, &["E122"]);
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn host_gone_mid_elicitation_ends_the_proxy_and_the_server_and_keeps_the_recording() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let mut h = RawHost::start(&py, dir.path());
    let server = child_of(h.proxy.id()).expect("the server's pid");
    // What the kernel does when a host is killed: its ends of the pipes close.
    h.to = None;
    let start = Instant::now();
    let status = loop {
        if let Some(s) = h.proxy.try_wait().unwrap() {
            break s;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the proxy hangs");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
    assert!(
        gone_within(server, Duration::from_secs(5)),
        "the server is left running"
    );
    h.recording_whole();
}

#[test]
#[ignore = "peer: needs the MCP Python SDK, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn terminal_form_through_the_proxy_for_a_typescript_host_with_progress_then_kill_9_of_the_host() {
    use crate::support::pty::Terminal;
    let py = python();
    let ts = Host::typescript("none");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let session = dir.path().join("session.jsonl");
    // The TypeScript SDK starts the server in the host's session, so the
    // proxy reaches the terminal the host runs in. (The Python SDK starts
    // it in a session of its own: no terminal there.)
    let host = || {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(r#"out=$1; shift; "$@" > "$out""#)
            .arg("sh")
            .arg(&out)
            .args(&ts.argv)
            .args(["register", "{}", "--", bin(), "proxy"])
            .args([
                "--progress-interval",
                "0.3",
                "--host-timeout",
                "60",
                "--record",
            ])
            .arg(&session)
            .arg("--")
            .arg(&py)
            .arg(script("tests/servers/fastmcp_server.py"))
            .arg("stdio")
            .env("HOST_PROGRESS", "1")
            .current_dir(root());
        cmd
    };
    // The person answers the form on the terminal the host runs in; the
    // host hears progress meanwhile, and the form says how long it waits.
    let mut t = Terminal::spawn(host());
    t.expect("`events-fastmcp` asks");
    t.expect("s left before the host gives up");
    fill_registration(&mut t);
    assert_eq!(t.finish(), 0, "{}", t.screen());
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(
        v["text"],
        r#"accept {"name":"Grace Hopper","age":85,"newsletter":true,"track":"frontend"}"#
    );
    let progress = v["progress"].as_array().unwrap();
    assert!(progress.len() >= 3, "{v}");
    assert!(
        progress[0]
            .as_str()
            .unwrap()
            .starts_with("waiting for the person to answer a form"),
        "{v}"
    );
    replays_clean(&session, &["E122"]);

    // The host killed while the person answers: nothing hangs, and the
    // recording keeps the question.
    let _ = std::fs::remove_file(&session);
    let mut t = Terminal::spawn(host());
    t.expect("Name *: ");
    let host_pid =
        process_with(&["host_typescript.mjs", session.to_str().unwrap()]).expect("the host");
    let proxy = child_of(host_pid).expect("the proxy");
    let server = child_of(proxy).expect("the server");
    kill9(host_pid);
    assert!(
        gone_within(proxy, Duration::from_secs(10)),
        "the proxy hangs"
    );
    assert!(
        gone_within(server, Duration::from_secs(10)),
        "the server is left running"
    );
    let msgs = recorded(&session);
    assert!(
        msgs.iter()
            .any(|(_, m)| m["method"] == "elicitation/create"),
        "{msgs:?}"
    );
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn http_reverse_proxy_in_front_of_the_python_sdk_http_server() {
    let py = python();
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = Command::new(&py)
        .arg(script("tests/servers/sdk_python.py"))
        .args(["http", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    crate::support::wait_for_port(port, "the server");
    let upstream = format!("http://127.0.0.1:{port}/mcp");
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("http.jsonl");
    let s = session.to_str().unwrap();
    let proxy = HttpProxy::start(&upstream, &[&["--record", s][..], &TRIP_SETS[..]].concat());
    let via = proxy.url.clone();
    for (rev, tool, args) in [
        ("2025-11-25", "plan_trip", r#"{"destination":"Lyon"}"#),
        ("2026-07-28", "plan_trip_resolved", "{}"),
    ] {
        // Without the capability: answered by the proxy, over SSE (2025)
        // or an InputRequiredResult retried (2026-07-28).
        let out = Host::python(&py, rev, "none").call_url(tool, args, &via, &[]);
        assert_eq!(out["text"], TRIP, "{rev}");
        assert_eq!(out["elicited"], serde_json::json!([]));
        // With it: the host answers, the proxy passes the stream on.
        let out = Host::python(&py, rev, "elicit").call_url(
            tool,
            args,
            &via,
            &[("HOST_ANSWER", HOST_TRIP)],
        );
        assert_eq!(out["elicited"].as_array().unwrap().len(), 1, "{rev}: {out}");
        assert!(
            out["text"].as_str().unwrap().contains(r#""name":"Bo""#),
            "{out}"
        );
    }
    replays_clean(&session, &["E122"]);
    let msgs = recorded(&session);
    assert!(
        msgs.iter().any(|(_, m)| m["id"] == "mcp-elicit-proxy-1"),
        "the retry is recorded"
    );
    // A page of another site, or another name for the proxy (DNS
    // rebinding), is refused.
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}"#;
    let post = |headers: &[(&str, &str)]| {
        let mut r = agent
            .post(&proxy.url)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream");
        for (k, v) in headers {
            r = r.header(*k, *v);
        }
        r.send(init).unwrap().status().as_u16()
    };
    assert_eq!(post(&[("Origin", "http://evil.example")]), 403);
    let port = proxy
        .url
        .split(':')
        .nth(2)
        .unwrap()
        .split('/')
        .next()
        .unwrap();
    assert_eq!(post(&[("Host", &format!("evil.example:{port}"))]), 421);
    assert_eq!(
        post(&[("Origin", &format!("http://localhost:{port}"))]),
        200
    );
    let _ = server.kill();
    let _ = server.wait();
}

/// A server script on Streamable HTTP at a free port; killed when dropped.
pub(crate) struct Served(Child, pub(crate) String);

impl Served {
    pub(crate) fn start(program: &str, script: &str) -> Served {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(program)
            .arg(script)
            .args(["http", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        crate::support::wait_for_port(port, script);
        Served(child, format!("http://127.0.0.1:{port}/mcp"))
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

// The TypeScript SDK server of tests/servers asks with `elicitInput`
// outside any request, which over HTTP goes on the host's standalone GET
// stream: whether that stream is open yet when the tool asks is a race of
// the host's, with or without the proxy, so it is tested over stdio only.
#[test]
#[ignore = "peer: needs the MCP Python SDK, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn http_reverse_proxy_for_typescript_and_python_hosts_in_front_of_fastmcp() {
    let py = python();
    let ts_none = Host::typescript("none");
    let ts_elicit = Host::typescript("elicit");
    let fastmcp = Served::start(&py, &script("tests/servers/fastmcp_server.py"));
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("fastmcp.jsonl");
    let proxy = HttpProxy::start(
        &fastmcp.1,
        &[
            "--record",
            session.to_str().unwrap(),
            "--set",
            "name=Ada",
            "--set",
            "age=36",
            "--defaults",
        ],
    );
    let want = r#"accept {"name":"Ada","age":36,"newsletter":false,"track":"backend"}"#;
    for host in [&Host::python(&py, "2025-11-25", "none"), &ts_none] {
        let out = host.call_url("register", "{}", &proxy.url, &[]);
        assert_eq!(out["text"], want, "{}", host.name);
        assert_eq!(out["elicited"], serde_json::json!([]));
    }
    replays_clean(&session, &["E122"]);
    // The TypeScript host with the capability answers through the proxy.
    let answer = r#"{"name":"Bo","age":7,"newsletter":true,"track":"data"}"#;
    let out = ts_elicit.call_url("register", "{}", &proxy.url, &[("HOST_ANSWER", answer)]);
    assert_eq!(out["text"], format!("accept {answer}"));
    assert_eq!(out["elicited"].as_array().unwrap().len(), 1);
}

#[test]
#[ignore = "peer: needs the MCP Python SDK, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn http_proxy_in_a_terminal_asks_there_and_the_host_hears_progress() {
    use crate::support::pty::Terminal;
    let py = python();
    let ts = Host::typescript("none");
    let fastmcp = Served::start(&py, &script("tests/servers/fastmcp_server.py"));
    let mut cmd = Command::new(bin());
    cmd.args(["proxy", "--http", "127.0.0.1:0", "--upstream", &fastmcp.1])
        .args(["--progress-interval", "0.3"]);
    let mut t = Terminal::spawn(cmd);
    t.expect("listening on http://127.0.0.1:");
    t.expect("/mcp for");
    let screen = t.screen();
    let port: String = screen
        .rsplit("127.0.0.1:")
        .next()
        .unwrap()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let url = format!("http://127.0.0.1:{port}/mcp");
    let host =
        std::thread::spawn(move || ts.call_url("register", "{}", &url, &[("HOST_PROGRESS", "1")]));
    fill_registration(&mut t);
    let out = host.join().unwrap();
    assert_eq!(
        out["text"],
        r#"accept {"name":"Grace Hopper","age":85,"newsletter":true,"track":"frontend"}"#
    );
    let progress = out["progress"].as_array().unwrap();
    assert!(progress.len() >= 3, "{out}");
    assert!(
        progress[0]
            .as_str()
            .unwrap()
            .starts_with("waiting for the person to answer a form"),
        "{out}"
    );
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn http_proxy_survives_kill_9_of_the_server_and_the_host_hears_so_at_once() {
    let py = python();
    let fastmcp = Served::start(&py, &script("tests/servers/fastmcp_server.py"));
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("killed.jsonl");
    let mut proxy = HttpProxy::start(
        &fastmcp.1,
        &[
            "--record",
            session.to_str().unwrap(),
            "--set",
            "name=Ada",
            "--set",
            "age=36",
            "--defaults",
        ],
    );
    let host = Host::python(&py, "2025-11-25", "none");
    let out = host.call_url("register", "{}", &proxy.url, &[]);
    assert!(out["text"].as_str().unwrap().starts_with("accept"), "{out}");
    let mut fastmcp = fastmcp;
    kill9(fastmcp.0.id());
    let _ = fastmcp.0.wait();
    // The host's next call fails at once (502 from the proxy), no hang.
    let start = Instant::now();
    let o = host.run_at("register", "{}", &[proxy.url.clone()], &[]);
    assert!(!o.status.success());
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "the host waited {:?}",
        start.elapsed()
    );
    assert!(
        proxy.child.try_wait().unwrap().is_none(),
        "the proxy keeps serving"
    );
    // Everything before the kill is recorded, each line whole.
    let msgs = recorded(&session);
    assert!(
        msgs.iter()
            .any(|(_, m)| m["method"] == "elicitation/create")
    );
    replays_clean(&session, &["E122"]);
    let _ = proxy.child.kill();
}

/// Answers the registration form (FastMCP's `events` example) on the
/// terminal: a name, an age, the newsletter and the second track, then
/// sends it from the review. The pause before the first answer lets the
/// host hear progress.
fn fill_registration(t: &mut crate::support::pty::Terminal) {
    use crate::support::pty::{DOWN, ENTER};
    t.expect("Name *: ");
    std::thread::sleep(Duration::from_millis(1000));
    t.type_line("Grace Hopper");
    t.expect("Age *: ");
    t.type_line("85");
    t.expect("Newsletter");
    t.send("y");
    t.expect("Track");
    t.send(DOWN);
    t.send(ENTER);
    t.expect("Send this answer?");
    t.send(ENTER);
}

/// Ctrl-C while a person answers in the proxy's terminal form ends the
/// proxy as it ends `call`: said on the terminal, the terminal's settings
/// put back (the host and the server, in the same process group, get the
/// SIGINT too).
#[test]
#[ignore = "peer: needs the MCP Python SDK, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn ctrl_c_in_the_proxys_terminal_form_ends_it_with_the_terminal_restored() {
    use crate::support::pty::Terminal;
    let py = python();
    let ts = Host::typescript("none");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(r#"trap '' INT; d=$1; shift; stty -g > "$d/before"; "$@" > "$d/out"; stty -g > "$d/after""#)
        .arg("sh")
        .arg(d)
        .args(&ts.argv)
        .args(["register", "{}", "--", bin(), "proxy", "--"])
        .arg(&py)
        .arg(script("tests/servers/fastmcp_server.py"))
        .arg("stdio")
        .current_dir(root());
    let mut t = Terminal::spawn(cmd);
    t.expect("`events-fastmcp` asks");
    t.expect("Name *: ");
    t.send("Gra");
    t.expect("Gra");
    t.send("\x03");
    t.expect("cancelled (Ctrl-C): the proxy is ended");
    t.finish();
    let before = std::fs::read_to_string(d.join("before")).unwrap();
    let after = std::fs::read_to_string(d.join("after")).unwrap();
    assert_eq!(before, after, "the terminal settings are restored");
}
