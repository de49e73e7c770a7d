//! `proxy` between real hosts and real servers: hosts on the official
//! Python SDK (`ClientSession`, and `Client` for 2026-07-28;
//! tests/clients/host_python.py) and the official TypeScript SDK (`Client`;
//! tests/clients/host_typescript.mjs), with and without the elicitation
//! capability, in front of the Python SDK, FastMCP and TypeScript SDK
//! servers of tests/servers. The tool's echo shows what answer reached it;
//! every recording is checked with `replay`; kills of either side are
//! survived with the recording whole.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{bin, root};

fn python() -> Option<String> {
    crate::support::peers::python_sdk().map(|p| p.to_string_lossy().into_owned())
}

fn script(rel: &str) -> String {
    root().join(rel).to_string_lossy().into_owned()
}

/// A host to put in front of the proxy: its program and leading arguments.
struct Host {
    argv: Vec<String>,
    name: &'static str,
}

impl Host {
    fn python(py: &str, revision: &str, capability: &str) -> Host {
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

    fn typescript(capability: &str) -> Option<Host> {
        let (tools, host) =
            crate::support::peers::typescript_sdk_script("tests/clients/host_typescript.mjs")?;
        Some(Host {
            argv: vec![
                tools.program("node").to_string_lossy().into_owned(),
                host.to_string_lossy().into_owned(),
                capability.into(),
            ],
            name: "typescript host",
        })
    }

    /// Runs the host: it calls `tool` through `mcp-elicit proxy PROXY_ARGS
    /// -- SERVER...`; returns its JSON line and the proxy's stderr.
    fn call(
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

    fn run(
        &self,
        tool: &str,
        args: &str,
        proxy: &[&str],
        server: &[String],
        env: &[(&str, &str)],
    ) -> std::process::Output {
        let mut cmd = Command::new(&self.argv[0]);
        cmd.args(&self.argv[1..])
            .args([tool, args, "--", bin(), "proxy"])
            .args(proxy)
            .arg("--")
            .args(server)
            .current_dir(root())
            .stdin(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    }
}

/// `replay FILE` (ignoring `ignore`): exit 0 and the summary.
fn replays_clean(session: &Path, ignore: &[&str]) {
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
fn recorded(session: &Path) -> Vec<(String, Value)> {
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
fn python_hosts_in_front_of_the_python_sdk_server_in_both_revisions() {
    let Some(py) = python() else {
        return;
    };
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
        let proxy = [&["--record", s, "--report", r][..], &TRIP_SETS[..]].concat();
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
        } else {
            // The first round asked for input, the retry is the proxy's.
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
fn python_and_typescript_hosts_in_front_of_fastmcp_and_typescript_servers() {
    let Some(py) = python() else {
        return;
    };
    let Some((tools, ts_server)) =
        crate::support::peers::typescript_sdk_script("tests/servers/sdk_typescript.mjs")
    else {
        return;
    };
    let node = tools.program("node").to_string_lossy().into_owned();
    let Some(ts_none) = Host::typescript("none") else {
        return;
    };
    let ts_elicit = Host::typescript("elicit").unwrap();
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
