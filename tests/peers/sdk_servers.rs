//! `call` against servers written the way each SDK documents elicitation,
//! nothing in them adjusted for mcp-elicit (Pydantic's root title and
//! docstring stay): the official Python SDK (tests/servers/sdk_python.py)
//! FastMCP (tests/servers/fastmcp_server.py) and the TypeScript SDK
//! (tests/servers/sdk_typescript.mjs), over stdio and Streamable
//! HTTP, in 2025-11-25 and 2026-07-28. Every answer is checked against the
//! tool's own echo of what it received.

use std::net::TcpListener;
use std::process::{Child, Command, Output, Stdio};

use crate::support::{bin, root};

/// The Python with the official SDK and FastMCP (a peer: provisioned or
/// skipped).
fn python() -> String {
    crate::support::peers::python_sdk()
        .to_string_lossy()
        .into_owned()
}

/// How `call` reaches a server: the arguments after `call`'s options.
#[derive(Clone)]
enum Via {
    Stdio(Vec<String>),
    Http(String),
}

impl Via {
    fn target(&self) -> Vec<String> {
        match self {
            Via::Stdio(cmd) => std::iter::once("--".to_string())
                .chain(cmd.iter().cloned())
                .collect(),
            Via::Http(url) => vec![url.clone()],
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Via::Stdio(_) => "stdio",
            Via::Http(_) => "http",
        }
    }
}

/// A server script on Streamable HTTP at a free port, ended when dropped.
struct Served {
    child: Child,
    url: String,
}

impl Served {
    fn start(program: &str, script: &str) -> Served {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(program)
            .arg(root().join(script))
            .args(["http", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        crate::support::wait_for_port(port, script);
        Served {
            child,
            url: format!("http://127.0.0.1:{port}/mcp"),
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The script over stdio and over HTTP (the HTTP server kept alive by the
/// returned guard), run by `program`.
fn both(program: &str, script: &str) -> (Vec<Via>, Served) {
    let served = Served::start(program, script);
    let stdio = Via::Stdio(vec![
        program.to_string(),
        root().join(script).to_string_lossy().into_owned(),
        "stdio".into(),
    ]);
    (vec![stdio, Via::Http(served.url.clone())], served)
}

fn call(via: &Via, args: &[&str]) -> Output {
    Command::new(bin())
        .arg("call")
        .args(args)
        .args(via.target())
        .current_dir(root())
        .output()
        .unwrap()
}

/// The tool's text, exit 0 asserted.
fn echo(via: &Via, args: &[&str]) -> String {
    let o = call(via, args);
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{} {args:?}: {out}\n{err}",
        via.name()
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("{out}"))
        .to_string()
}

/// A legacy tool under 2026-07-28: the SDK refuses, `call` exits 1 and
/// says what happened and what to try.
fn assert_hint(via: &Via, tool: &[&str]) {
    let o = call(via, &[tool, &["--action", "decline"]].concat());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{}: {err}", via.name());
    assert!(
        err.contains("hint: the server tried to send a request: the tool asks with `elicitation/create`, which 2026-07-28 removed")
            && err.contains("`--spec 2025-11-25` tests that legacy path")
            && err.contains("Python `Resolve`/`Elicit`, TypeScript `inputRequired`, rmcp `InputRequest::Elicitation`"),
        "{}: {err}",
        via.name()
    );
}

const TRIP_SETS: [&str; 6] = [
    "--set",
    "name=Ada",
    "--set",
    "email=ada@example.com",
    "--set",
    "departure=2026-12-24",
];

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn python_sdk_model_with_every_shape_through_ctx_elicit() {
    let python = python();
    let (vias, _served) = both(&python, "tests/servers/sdk_python.py");
    for via in &vias {
        let tool = [
            "--tool",
            "plan_trip",
            "--args",
            r#"{"destination": "Lyon"}"#,
        ];
        let spec = ["--spec", "2025-11-25"];
        // The defaults, and what has none set.
        let mut a = [&tool[..], &spec[..], &["--defaults"], &TRIP_SETS[..]].concat();
        assert_eq!(
            echo(via, &a),
            r#"accept {"name":"Ada","email":"ada@example.com","departure":"2026-12-24","nights":2,"budget":500.0,"insurance":false,"cabin":"economy","meals":[],"notes":null}"#,
            "{}",
            via.name()
        );
        // Every field set, each typed by the schema.
        a.retain(|x| *x != "--defaults");
        a.extend([
            "--set",
            "nights=3",
            "--set",
            "budget=99.5",
            "--set",
            "insurance=yes",
            "--set",
            "cabin=business",
            "--set",
            "meals=vegan,halal",
            "--set",
            "notes=window seat",
        ]);
        assert_eq!(
            echo(via, &a),
            r#"accept {"name":"Ada","email":"ada@example.com","departure":"2026-12-24","nights":3,"budget":99.5,"insurance":true,"cabin":"business","meals":["vegan","halal"],"notes":"window seat"}"#,
            "{}",
            via.name()
        );
        for action in ["decline", "cancel"] {
            let a = [&tool[..], &spec[..], &["--action", action]].concat();
            assert_eq!(echo(via, &a), action, "{}", via.name());
        }
        // Under 2026-07-28 (negotiated: no --spec) the SDK cannot ask.
        assert_hint(via, &tool);
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn python_sdk_url_mode_through_ctx_elicit_url() {
    let python = python();
    let (vias, _served) = both(&python, "tests/servers/sdk_python.py");
    for via in &vias {
        let base = ["--tool", "connect_account", "--spec", "2025-11-25"];
        // --defaults accepts URL mode without opening the page.
        assert_eq!(echo(via, &[&base[..], &["--defaults"]].concat()), "accept");
        for action in ["decline", "cancel"] {
            assert_eq!(
                echo(via, &[&base[..], &["--action", action]].concat()),
                action
            );
        }
        assert_hint(via, &["--tool", "connect_account"]);
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn python_sdk_resolve_and_elicit_serve_both_revisions() {
    let python = python();
    let (vias, _served) = both(&python, "tests/servers/sdk_python.py");
    for via in &vias {
        for spec in [None, Some("2025-11-25")] {
            let mut a = vec!["--tool", "plan_trip_resolved"];
            if let Some(s) = spec {
                a.extend(["--spec", s]);
            }
            let mut set = a.clone();
            set.extend(["--defaults", "--set", "nights=5"]);
            set.extend(TRIP_SETS);
            assert_eq!(
                echo(via, &set),
                r#"accept {"name":"Ada","email":"ada@example.com","departure":"2026-12-24","nights":5,"budget":500.0,"insurance":false,"cabin":"economy","meals":[],"notes":null}"#,
                "{} {spec:?}",
                via.name()
            );
            for action in ["decline", "cancel"] {
                let mut d = a.clone();
                d.extend(["--action", action]);
                assert_eq!(echo(via, &d), action, "{} {spec:?}", via.name());
            }
        }
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn fastmcp_model_dataclass_scalar_list_and_titled_dict() {
    let python = python();
    let (vias, _served) = both(&python, "tests/servers/fastmcp_server.py");
    let spec = ["--spec", "2025-11-25"];
    for via in &vias {
        let cases: [(&str, &[&str], &str); 7] = [
            (
                "register",
                &["--defaults", "--set", "name=Ada", "--set", "age=36"],
                r#"accept {"name":"Ada","age":36,"newsletter":false,"track":"backend"}"#,
            ),
            (
                "register",
                &[
                    "--set",
                    "name=Ada",
                    "--set",
                    "age=36",
                    "--set",
                    "newsletter=true",
                    "--set",
                    "track=data",
                ],
                r#"accept {"name":"Ada","age":36,"newsletter":true,"track":"data"}"#,
            ),
            (
                "reserve",
                &["--defaults", "--set", "seats=2"],
                "accept {'seats': 2, 'vegetarian': False}",
            ),
            ("pick_number", &["--set", "value=7"], "accept 7"),
            ("priority", &["--set", "value=medium"], "accept 'medium'"),
            // A titled option is chosen by its value or its title.
            (
                "priority_titled",
                &["--set", "value=High: today"],
                "accept 'high'",
            ),
            ("priority_titled", &["--set", "value=low"], "accept 'low'"),
        ];
        for (tool, answers, want) in cases {
            let a = [&["--tool", tool][..], &spec[..], answers].concat();
            assert_eq!(echo(via, &a), want, "{} {tool}", via.name());
        }
        for action in ["decline", "cancel"] {
            let a = [
                "--tool",
                "register",
                "--spec",
                "2025-11-25",
                "--action",
                action,
            ];
            assert_eq!(echo(via, &a), action, "{}", via.name());
        }
        assert_hint(via, &["--tool", "register"]);
    }
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn fastmcp_form_answered_by_hand_in_a_real_terminal() {
    use crate::support::pty::ENTER;
    let python = python();
    let (mut t, _dir, out) = call_by_hand(
        &["--tool", "register", "--spec", "2025-11-25"],
        &python,
        "tests/servers/fastmcp_server.py",
    );
    t.expect("`events-fastmcp` asks");
    // The finding is shown with its place, then the form all the same.
    t.expect("E122 (error) at /params/requestedSchema/title");
    t.expect("Register for the event");
    t.expect("Name *: ");
    t.type_line("Grace Hopper");
    t.expect("Age *: ");
    t.type_line("85");
    t.expect("Newsletter");
    t.send("y");
    t.expect("Track");
    t.send("\x1b[B");
    t.send(ENTER);
    t.expect("Send this answer?");
    t.send(ENTER);
    let code = t.finish();
    assert_eq!(code, 0, "{}", t.screen());
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(
        v["content"][0]["text"],
        r#"accept {"name":"Grace Hopper","age":85,"newsletter":true,"track":"frontend"}"#
    );
}

#[test]
#[ignore = "peer: needs Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn typescript_sdk_elicit_input_every_shape_and_url_mode() {
    let (tools, script) =
        crate::support::peers::typescript_sdk_script("tests/servers/sdk_typescript.mjs");
    let node = tools.program("node").to_string_lossy().into_owned();
    let (vias, _served) = both(&node, script.to_str().unwrap());
    let required = [
        "--set",
        "username=ada",
        "--set",
        "email=ada@example.com",
        "--set",
        "age=36",
        "--set",
        "interests=ai",
    ];
    for via in &vias {
        // The SDK speaks up to 2025-11-25: negotiating finds it, and
        // --spec 2025-11-25 asks for it.
        for spec in [&[][..], &["--spec", "2025-11-25"][..]] {
            let a = [
                &["--tool", "register"][..],
                spec,
                &["--defaults"],
                &required[..],
            ]
            .concat();
            assert_eq!(
                echo(via, &a),
                r#"{"action":"accept","content":{"username":"ada","email":"ada@example.com","age":36,"height":1.7,"newsletter":false,"plan":"free","role":"developer","interests":["ai"],"languages":["ts"]}}"#,
                "{}",
                via.name()
            );
        }
        let every = [
            &["--tool", "register"][..],
            &required[..6],
            &[
                "--set",
                "birthday=1990-05-01",
                "--set",
                "height=1.62",
                "--set",
                "newsletter=yes",
                "--set",
                "plan=pro",
                "--set",
                "role=Designer",
                "--set",
                "size=Large",
                "--set",
                "interests=frontend,backend",
                "--set",
                "languages=Rust,ts",
            ],
        ]
        .concat();
        assert_eq!(
            echo(via, &every),
            r#"{"action":"accept","content":{"username":"ada","email":"ada@example.com","birthday":"1990-05-01","age":36,"height":1.62,"newsletter":true,"plan":"pro","role":"designer","size":"l","interests":["frontend","backend"],"languages":["rs","ts"]}}"#,
            "{}",
            via.name()
        );
        for action in ["decline", "cancel"] {
            assert_eq!(
                echo(via, &["--tool", "register", "--action", action]),
                format!(r#"{{"action":"{action}"}}"#),
                "{}",
                via.name()
            );
            assert_eq!(
                echo(via, &["--tool", "connect_account", "--action", action]),
                action
            );
        }
        assert_eq!(
            echo(via, &["--tool", "connect_account", "--defaults"]),
            "accept"
        );
    }
}

/// Runs the server `script` (on the pinned TypeScript SDK) and records a
/// `call` of each of `tools`, answered with the defaults: the params of
/// each `elicitation/create` the SDK sent, in order, and each entry `lint
/// --show-source` gives of the script.
fn typescript_sent_and_shown(
    script: &str,
    tools: &[&str],
) -> (Vec<serde_json::Value>, Vec<serde_json::Value>) {
    let (node_tools, copied) = crate::support::peers::typescript_sdk_script(script);
    let node = node_tools.program("node").to_string_lossy().into_owned();
    let dir = tempfile::tempdir().unwrap();
    let server = Via::Stdio(vec![
        node,
        copied.to_string_lossy().into_owned(),
        "stdio".into(),
    ]);
    let mut sent = Vec::new();
    for tool in tools {
        let session = dir.path().join(format!("{tool}.jsonl"));
        let args = [
            "--tool",
            tool,
            "--defaults",
            "--record",
            session.to_str().unwrap(),
        ];
        assert_eq!(echo(&server, &args), "accept");
        sent.extend(
            std::fs::read_to_string(&session)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                .filter(|l| l["msg"]["method"] == "elicitation/create")
                .map(|l| l["msg"]["params"].clone()),
        );
    }
    let shown = Command::new(bin())
        .args(["lint", "--show-source", script])
        .current_dir(root())
        .output()
        .unwrap();
    let shown = String::from_utf8(shown.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .collect();
    (sent, shown)
}

/// What the TypeScript SDK really sends for an `elicitInput` that writes
/// no `mode` (it adds `mode: "form"` from 1.23), recorded by `call`, is
/// what `lint --show-source` says of the server's file, key for key.
#[test]
#[ignore = "peer: needs Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn typescript_sdk_sends_what_show_source_says() {
    let (sent, shown) =
        typescript_sent_and_shown("tests/servers/sdk_typescript_plain.mjs", &["confirm"]);
    let said: Vec<serde_json::Value> = shown.iter().map(|v| v["params"].clone()).collect();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0]["mode"], "form", "{}", sent[0]);
    // Key for key, in the order sent.
    assert_eq!(
        serde_json::to_string(&said).unwrap(),
        serde_json::to_string(&sent).unwrap()
    );
}

/// Through a project's helpers too: what the TypeScript SDK really sends
/// for the calls of a helper that gives the params whole to `elicitInput`,
/// and of one that puts a message and a schema in them (it adds `mode:
/// "form"` to both), is what `lint --show-source` says of those calls.
#[test]
#[ignore = "peer: needs Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn typescript_sdk_sends_what_show_source_says_through_helpers() {
    let (sent, shown) = typescript_sent_and_shown(
        "tests/servers/sdk_typescript_helpers.mjs",
        &["name", "confirm"],
    );
    // The helpers' own calls, whose params their callers give, are not
    // what is sent: their calls are.
    let said: Vec<serde_json::Value> = shown
        .iter()
        .filter(|v| v.get("unknown").is_none())
        .map(|v| v["params"].clone())
        .collect();
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert!(sent.iter().all(|p| p["mode"] == "form"), "{sent:?}");
    assert_eq!(
        serde_json::to_string(&said).unwrap(),
        serde_json::to_string(&sent).unwrap()
    );
}

/// The `mode` `lint --show-source` says the one call of `server.mjs` in
/// `dir` sends.
fn shown_mode(dir: &std::path::Path) -> Option<serde_json::Value> {
    let out = Command::new(bin())
        .args(["lint", "--show-source", "server.mjs"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let line = String::from_utf8(out.stdout).unwrap();
    let shown: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    shown["params"].get("mode").cloned()
}

/// The SDK version a package's pnpm or Yarn lock file installs decides
/// what `lint --show-source` says it sends, over its `package.json`: real
/// lock files, written by pnpm 9 and Yarn 1 for a package that installed
/// SDK 1.22.0 (which sends no `mode`) and now requires `^1.17.0` (which
/// 1.23 and later meet, and they add `mode: "form"`).
#[test]
#[ignore = "peer: needs Node 22, pnpm, Yarn 1 and the npm registry (cargo test --test peers -- --ignored)"]
fn pnpm_and_yarn_lock_files_decide_the_typescript_sdk() {
    let tools = crate::support::peers::node_tools();
    let server =
        std::fs::read_to_string(root().join("tests/servers/sdk_typescript_plain.mjs")).unwrap();
    let manifest = |req: &str| {
        format!(
            r#"{{"name": "locked", "version": "1.0.0", "private": true, "dependencies": {{"@modelcontextprotocol/sdk": "{req}"}}}}"#
        )
    };
    for (tool, args, lock) in [
        (
            "pnpm",
            &["install", "--lockfile-only", "--ignore-scripts"][..],
            "pnpm-lock.yaml",
        ),
        (
            "yarn",
            &[
                "install",
                "--ignore-scripts",
                "--non-interactive",
                "--no-progress",
            ][..],
            "yarn.lock",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("server.mjs"), &server).unwrap();
        std::fs::write(dir.path().join("package.json"), manifest("1.22.0")).unwrap();
        let out = tools
            .command(tool)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{tool}: {out:?}");
        let written = std::fs::read_to_string(dir.path().join(lock)).unwrap();
        assert!(written.contains("1.22.0"), "{tool}: {written}");
        std::fs::write(dir.path().join("package.json"), manifest("^1.17.0")).unwrap();
        assert_eq!(
            shown_mode(dir.path()),
            None,
            "{tool}: the lock installs 1.22.0"
        );
        std::fs::remove_file(dir.path().join(lock)).unwrap();
        assert_eq!(
            shown_mode(dir.path()),
            Some(serde_json::json!("form")),
            "{tool}: without the lock, ^1.17.0 may be 1.23 or later"
        );
    }
}

/// The TypeScript SDK a workspace member runs with is read from the
/// workspace's lock file, above the member: real npm 10, pnpm 9 and Yarn 1
/// write the lock of a workspace whose member `a` installs SDK 1.22.0
/// (which sends no `mode`) and, for npm and pnpm, whose member `b`
/// installs 1.24.0 (which adds `mode: "form"`). The members then require
/// `^1.17.0`, which alone would allow 1.23 and later.
#[test]
#[ignore = "peer: needs Node 22, npm, pnpm, Yarn 1 and the npm registry (cargo test --test peers -- --ignored)"]
fn workspace_lock_files_decide_the_typescript_sdk_of_their_members() {
    let tools = crate::support::peers::node_tools();
    let server =
        std::fs::read_to_string(root().join("tests/servers/sdk_typescript_plain.mjs")).unwrap();
    let member = |name: &str, req: Option<&str>| {
        let deps = req.map_or(String::new(), |r| {
            format!(r#", "dependencies": {{"@modelcontextprotocol/sdk": "{r}"}}"#)
        });
        format!(r#"{{"name": "{name}", "version": "1.0.0", "private": true{deps}}}"#)
    };
    let npm = || {
        let mut cmd = Command::new("npm");
        cmd.env("PATH", tools.path());
        cmd
    };
    let runs: [(Command, &[&str], &str, bool); 3] = [
        (
            npm(),
            &[
                "install",
                "--package-lock-only",
                "--ignore-scripts",
                "--no-audit",
                "--no-fund",
            ],
            "package-lock.json",
            true,
        ),
        (
            tools.command("pnpm"),
            &["install", "--lockfile-only", "--ignore-scripts"],
            "pnpm-lock.yaml",
            true,
        ),
        (
            tools.command("yarn"),
            &[
                "install",
                "--ignore-scripts",
                "--non-interactive",
                "--no-progress",
            ],
            "yarn.lock",
            false,
        ),
    ];
    for (mut tool, args, lock, b_pins) in runs {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path();
        std::fs::write(
            ws.join("package.json"),
            r#"{"name": "ws", "private": true, "workspaces": ["packages/*"]}"#,
        )
        .unwrap();
        std::fs::write(
            ws.join("pnpm-workspace.yaml"),
            "packages:\n  - \"packages/*\"\n",
        )
        .unwrap();
        let b_req = b_pins.then_some("1.24.0");
        for (name, req) in [("a", Some("1.22.0")), ("b", b_req)] {
            let dir = ws.join("packages").join(name);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("server.mjs"), &server).unwrap();
            std::fs::write(dir.join("package.json"), member(name, req)).unwrap();
        }
        let out = tool.args(args).current_dir(ws).output().unwrap();
        assert!(out.status.success(), "{lock}: {out:?}");
        let written = std::fs::read_to_string(ws.join(lock)).unwrap();
        assert!(written.contains("1.22.0"), "{lock}: {written}");
        for name in ["a", "b"] {
            std::fs::write(
                ws.join("packages").join(name).join("package.json"),
                member(name, Some("^1.17.0")),
            )
            .unwrap();
        }
        let (a, b) = (ws.join("packages/a"), ws.join("packages/b"));
        assert_eq!(shown_mode(&a), None, "{lock}: it installs 1.22.0 for a");
        if b_pins {
            assert_eq!(
                shown_mode(&b),
                Some(serde_json::json!("form")),
                "{lock}: it installs 1.24.0 for b"
            );
        }
        std::fs::remove_file(ws.join(lock)).unwrap();
        assert_eq!(
            shown_mode(&a),
            Some(serde_json::json!("form")),
            "{lock}: without the lock, ^1.17.0 may be 1.23 or later"
        );
    }
}

/// The author's loop, as the guide (docs/) tells it, with no hand edit: record a
/// call to a server written as the Python SDK documents it (its Pydantic
/// model keeps its root `title`, E122), serve the recording, and answer the
/// mock as the server was answered. `serve` shows the finding and serves,
/// as `call` did; `--strict` refuses it.
#[test]
#[ignore = "peer: needs the MCP Python SDK 1.x, the MCP Python SDK, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn python_sdk_recording_is_served_and_answered_again() {
    let python = python();
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("trip.jsonl");
    let session = session.to_str().unwrap();
    let server = root().join("tests/servers/sdk_python.py");
    let server = server.to_str().unwrap();
    let asked = [
        &[
            "--tool",
            "plan_trip",
            "--args",
            r#"{"destination": "Lyon"}"#,
            "--defaults",
        ][..],
        &TRIP_SETS[..],
    ]
    .concat();
    let recorded = Via::Stdio(vec![python.clone(), server.into(), "stdio".into()]);
    let with_record = [&asked[..], &["--spec", "2025-11-25", "--record", session]].concat();
    let first = echo(&recorded, &with_record);
    assert!(first.starts_with("accept {\"name\":\"Ada\""), "{first}");

    let mock = Via::Stdio(vec![bin().to_string(), "serve".into(), session.into()]);
    let o = call(&mock, &asked);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("error[E122]") && err.contains("a form can show them, so they are served"),
        "{err}"
    );
    let out: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let text = out["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("accept {\"name\":\"Ada\"") && text.contains("valid"),
        "{text}"
    );

    let strict = Command::new(bin())
        .args(["serve", "--list", "--strict", session])
        .output()
        .unwrap();
    assert_eq!(strict.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&strict.stderr).contains("--strict refuses"));
}

/// The whole loop for a server written as the Python SDK 1.x documents it
/// (FastMCP, a Pydantic model): lint its source, call it (its pages of
/// errors about the `server/discover` probe summed up in one line, kept
/// whole by --server-log), record, serve the recording, answer the mock as
/// the server was answered, and replay the recording against the server:
/// no hand edit anywhere.
#[test]
#[ignore = "peer: needs the MCP Python SDK 1.x (cargo test --test peers -- --ignored)"]
fn python_sdk1_server_through_the_whole_loop() {
    let python = crate::support::peers::python_sdk1();
    let python = python.to_string_lossy().into_owned();
    let script = "tests/servers/sdk1_python.py";
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("server.log");
    let asked = [
        "--tool",
        "book_table",
        "--arg",
        "restaurant=Chez Nous",
        "--defaults",
        "--set",
        "name=Ada",
    ];
    let server = Via::Stdio(vec![python.clone(), script.into(), "stdio".into()]);
    // Its pages of errors about the revision probe are one line.
    let o = call(&server, &asked);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("lines to stderr while it started") && !err.contains("validation error"),
        "{err}"
    );
    assert!(err.lines().count() < 10, "{err}");

    // --strict refuses the model's root title; --ignore E122 lets it be.
    let o = call(&server, &[&asked[..], &["--strict"]].concat());
    assert_ne!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let o = call(
        &server,
        &[&asked[..], &["--strict", "--ignore", "E122"]].concat(),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("E122"), "{err}");

    let o = call(
        &server,
        &[&asked[..], &["--server-log", log.to_str().unwrap()]].concat(),
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&o.stderr).contains("[server]"));
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("server/discover"), "{logged}");

    let (linted, first) = whole_loop(&[python, script.into(), "stdio".into()], script, &asked);
    assert!(linted.contains("error[E122] `title`"), "{linted}");
    assert_eq!(first, r#"accept {"name":"Ada","guests":2,"terrace":false}"#);
}

/// The Python SDK puts `mode: "form"` in every form request from 1.23.0
/// on, and FastMCP's `ctx.elicit` sends through it: a real 1.22.0 server
/// sends none, a real 1.30.0 server sends it, and `lint --show-source` says
/// the same of the server's source in a project pinned to each (by its
/// requirement, or by its `uv.lock` over a requirement that allows both).
/// Under 2025-06-18 only the second is told that it sends a `mode`.
#[test]
#[ignore = "peer: needs the MCP Python SDK 1.22 and 1.30 (cargo test --test peers -- --ignored)"]
fn python_sdk_before_1_23_sends_no_mode() {
    let server = std::fs::read_to_string(root().join("tests/servers/sdk1_python.py")).unwrap();
    let cases = [
        (crate::support::peers::python_sdk122(), "1.22.0", None),
        (crate::support::peers::python_sdk1(), "1.30.0", Some("form")),
    ];
    for (python, version, mode) in cases {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("server.py"), &server).unwrap();
        let session = dir.path().join("call.jsonl");
        let o = Command::new(bin())
            .args([
                "call",
                "--tool",
                "book_table",
                "--arg",
                "restaurant=Chez Nous",
            ])
            .args(["--defaults", "--set", "name=Ada", "--record"])
            .arg(&session)
            .arg("--")
            .arg(&python)
            .args(["server.py", "stdio"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{version}: {o:?}");
        let recorded = std::fs::read_to_string(&session).unwrap();
        let sent: serde_json::Value = recorded
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|l| l["msg"]["method"] == "elicitation/create")
            .unwrap_or_else(|| panic!("{version}: no elicitation in {recorded}"))["msg"]["params"]
            .clone();
        assert_eq!(
            sent.get("mode").and_then(|m| m.as_str()),
            mode,
            "{version} sent {sent}"
        );
        let pins = [
            (format!("mcp=={version}"), None),
            ("mcp>=1.9".to_string(), Some(version)),
        ];
        for (requirement, locked) in pins {
            std::fs::write(
                dir.path().join("pyproject.toml"),
                format!("[project]\nname = \"pinned\"\nversion = \"0.1.0\"\ndependencies = [\"{requirement}\"]\n"),
            )
            .unwrap();
            let lock = dir.path().join("uv.lock");
            match locked {
                // As uv writes a locked package.
                Some(v) => std::fs::write(&lock, format!("version = 1\nrequires-python = \">=3.10\"\n\n[[package]]\nname = \"mcp\"\nversion = \"{v}\"\nsource = {{ registry = \"https://pypi.org/simple\" }}\n")).unwrap(),
                None => {
                    let _ = std::fs::remove_file(&lock);
                }
            }
            let o = Command::new(bin())
                .args(["lint", "--show-source", "server.py"])
                .current_dir(dir.path())
                .output()
                .unwrap();
            assert!(o.status.success(), "{o:?}");
            let shown: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(
                shown["params"].get("mode"),
                sent.get("mode"),
                "{requirement} (uv.lock: {locked:?}): shown {shown}, sent {sent}"
            );
            assert_eq!(shown["params"]["requestedSchema"], sent["requestedSchema"]);
            let o = Command::new(bin())
                .args(["lint", "--spec", "2025-06-18", "server.py"])
                .current_dir(dir.path())
                .output()
                .unwrap();
            let out = String::from_utf8_lossy(&o.stdout);
            assert_eq!(out.contains("W115"), mode.is_some(), "{requirement}: {out}");
        }
    }
}

/// The author's loop on one stdio server, as the guide (docs/) tells it, with no
/// hand edit: lint its source, record a scripted call, serve the recording,
/// answer the mock as the server was answered (checked `valid`), and replay
/// the recording against the server (no drift). Returns the lint output
/// and the tool's first answer.
fn whole_loop(server: &[String], source: &str, asked: &[&str]) -> (String, String) {
    let lint = Command::new(bin())
        .args(["lint", source])
        .current_dir(root())
        .output()
        .unwrap();
    let linted = String::from_utf8_lossy(&lint.stdout).into_owned();
    assert!(
        matches!(lint.status.code(), Some(0 | 1))
            && String::from_utf8_lossy(&lint.stderr).contains("Checked 1 file"),
        "{linted}{}",
        String::from_utf8_lossy(&lint.stderr)
    );
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("loop.jsonl");
    let session = session.to_str().unwrap();
    let live = Via::Stdio(server.to_vec());
    let first = echo(&live, &[asked, &["--record", session]].concat());

    let mock = Via::Stdio(vec![bin().to_string(), "serve".into(), session.into()]);
    let o = call(&mock, asked);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let out: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let text = out["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.ends_with("; valid"), "{text}\n{err}");

    let replay = Command::new(bin())
        .args(["replay", session, "--"])
        .args(server)
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(
        replay.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&replay.stdout),
        String::from_utf8_lossy(&replay.stderr)
    );
    (linted, first)
}

#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn fastmcp_server_through_the_whole_loop() {
    let python = python();
    let script = "tests/servers/fastmcp_server.py";
    let server = [python, script.into(), "stdio".into()];
    let (_, first) = whole_loop(
        &server,
        script,
        &[
            "--tool",
            "register",
            "--spec",
            "2025-11-25",
            "--defaults",
            "--set",
            "name=Ada",
            "--set",
            "age=36",
        ],
    );
    assert_eq!(
        first,
        r#"accept {"name":"Ada","age":36,"newsletter":false,"track":"backend"}"#
    );
}

#[test]
#[ignore = "peer: needs the MCP Python SDK, Node 22 and the MCP TypeScript SDK (cargo test --test peers -- --ignored)"]
fn typescript_sdk_server_through_the_whole_loop() {
    let (tools, script) =
        crate::support::peers::typescript_sdk_script("tests/servers/sdk_typescript.mjs");
    let node = tools.program("node").to_string_lossy().into_owned();
    let server = [node, script.to_string_lossy().into_owned(), "stdio".into()];
    let (linted, first) = whole_loop(
        &server,
        "tests/servers/sdk_typescript.mjs",
        &[
            "--tool",
            "register",
            "--defaults",
            "--set",
            "username=ada",
            "--set",
            "email=ada@example.com",
            "--set",
            "age=36",
            "--set",
            "interests=ai",
        ],
    );
    assert!(linted.contains("warning[W310]"), "{linted}");
    assert!(
        first.starts_with(r#"{"action":"accept","content":{"username":"ada""#),
        "{first}"
    );
}

/// A tool of the Python SDK 2.x that asks the 2025 way (`ctx.elicit_url`)
/// fails under the negotiated 2026-07-28. By hand, `call` says why and
/// offers the call again in 2025-11-25, where the person is asked; a
/// script gets the hint alone (`assert_hint`).
#[test]
#[ignore = "peer: needs the MCP Python SDK (cargo test --test peers -- --ignored)"]
fn python_sdk_legacy_tool_is_offered_again_in_2025_by_hand() {
    use crate::support::pty::{DOWN, ENTER};
    let python = python();
    let (mut t, _dir, out) = call_by_hand(
        &["--tool", "connect_account"],
        &python,
        "tests/servers/sdk_python.py",
    );
    t.expect("which 2026-07-28");
    t.expect_words("Call `connect_account` again in 2025-11-25");
    t.send("y");
    t.expect("calling it again in 2025-11-25");
    t.expect("`trips-python` asks (MCP 2025-11-25)");
    t.expect("Open this page?");
    t.send(DOWN);
    t.send(DOWN);
    t.expect("Decline");
    t.send(ENTER);
    let code = t.finish();
    assert_eq!(code, 0, "{}", t.screen());
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(v["content"][0]["text"], "decline", "{v}");
}

/// `call ARGS -- PYTHON SCRIPT stdio` on a real terminal, its stdout (the
/// answer) going to the returned file: the form is on the terminal, as a
/// person has it.
fn call_by_hand(
    args: &[&str],
    python: &str,
    script: &str,
) -> (
    crate::support::pty::Terminal,
    tempfile::TempDir,
    std::path::PathBuf,
) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(r#"out=$1; shift; "$@" > "$out""#)
        .arg("sh")
        .arg(&out)
        .arg(bin())
        .arg("call")
        .args(args)
        .arg("--")
        .arg(python)
        .arg(root().join(script))
        .arg("stdio")
        .current_dir(root());
    (crate::support::pty::Terminal::spawn(cmd), dir, out)
}
