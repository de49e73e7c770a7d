//! `mcp-elicit lint` on a source project read as one: helpers followed to
//! their calls across modules, models checked where they are written when
//! another module sends them, the SDK the project pins, pre-commit's
//! changed files bringing in the files that depend on them, and hostile
//! projects (import cycles, a helper calling itself, ten thousand files
//! importing one module, a symbolic link loop).
//!
//! The real servers these shapes come from are linted by the ecosystem
//! check (tests/ecosystem/check.py): okta-mcp-server, nextcloud-mcp-server,
//! singlestore-mcp-server, tracker-mcp and others, at pinned versions.

use std::path::Path;
use std::process::Command;

use crate::support::{bin, fixture};

/// `path:line:col CODE` of every diagnostic of `lint --format json ARGS`,
/// paths relative to `cwd`.
fn lint_in(cwd: &Path, args: &[&str]) -> (Option<i32>, Vec<String>, String) {
    let out = Command::new(bin())
        .current_dir(cwd)
        .args(["lint", "--format", "json", "--quiet"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stderr}"));
    let mut found: Vec<String> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}:{}:{} {}",
                d["path"].as_str().unwrap(),
                d["line"],
                d["column"],
                d["code"].as_str().unwrap()
            )
        })
        .collect();
    found.sort_by_key(|f| sort_key(f));
    (out.status.code(), found, stderr)
}

/// Findings in the order of their places: path, then line and column as
/// numbers.
fn sort_key(f: &str) -> (String, usize, usize) {
    let place = f.split(' ').next().unwrap_or("");
    let mut parts = place.rsplitn(3, ':');
    let col = parts.next().and_then(|c| c.parse().ok()).unwrap_or(0);
    let line = parts.next().and_then(|l| l.parse().ok()).unwrap_or(0);
    (parts.next().unwrap_or("").to_string(), line, col)
}

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

const HELPERS: &[&str] = &[
    // Sent through a helper of a helper, given from another module
    // through a package's re-export: checked at the class, as the SDK 1.x
    // the project pins sends it.
    "pkg/models.py:6:7 E122",
    "pkg/models.py:7:5 E122",
    // A `Literal` field the SDK 1.x refuses before sending.
    "pkg/models.py:13:11 E212",
    // A class local to the tool, through a helper that calls itself.
    "pkg/tools/users.py:18:11 E122",
    "pkg/tools/users.py:20:9 W601",
];

#[test]
fn helpers_and_models_across_modules_are_followed() {
    let project = fixture("projects/python-helpers");
    let (code, got, stderr) = lint_in(&project, &["."]);
    assert_eq!(code, Some(1), "{stderr}");
    // `Unused` is given to a function of the same name as a helper, in a
    // module that does not import the helper: nothing is said of it.
    assert_eq!(got, HELPERS, "{stderr}");
}

/// pre-commit names only the files that changed: a change to the helpers'
/// module lints the files whose findings depend on it, and a change to the
/// models alone lints the models.
#[test]
fn a_changed_helper_lints_the_files_that_depend_on_it() {
    let project = fixture("projects/python-helpers");
    let (code, got, stderr) = lint_in(&project, &["pkg/utils/elicitation.py"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(got, HELPERS, "{stderr}");
    let (_, got, stderr) = lint_in(&project, &["pkg/models.py"]);
    assert_eq!(got, &HELPERS[..3], "{stderr}");
    // A call site alone: its own findings, and the models it sends.
    let (_, got, stderr) = lint_in(&project, &["pkg/tools/users.py"]);
    assert_eq!(got, HELPERS, "{stderr}");
}

/// The same helpers in a project on the official SDK 2.x: the `Literal`
/// is a select, and the models are sent as 2.x renders them.
#[test]
fn the_pinned_sdk_decides_what_a_helper_sends() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture("projects/python-helpers"), dir.path());
    write(
        dir.path(),
        "pyproject.toml",
        "[project]\nname = \"x\"\ndependencies = [\"mcp>=2.0\"]\n",
    );
    // 2.x renamed `mcp.server.fastmcp`.
    let helpers = dir.path().join("pkg/utils/elicitation.py");
    let text = std::fs::read_to_string(&helpers)
        .unwrap()
        .replace("mcp.server.fastmcp", "mcp.server.mcpserver");
    std::fs::write(&helpers, text).unwrap();
    let (code, got, stderr) = lint_in(dir.path(), &["."]);
    assert_eq!(code, Some(1), "{stderr}");
    // Plan has no docstring: its class name alone is the root title.
    let want = [
        "pkg/models.py:6:7 E122",
        "pkg/models.py:7:5 E122",
        "pkg/models.py:12:7 E122",
        "pkg/tools/users.py:18:11 E122",
        "pkg/tools/users.py:20:9 W601",
    ];
    assert_eq!(got, want, "{stderr}");
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

const MODEL: &str = "from pydantic import BaseModel\n\n\nclass Confirm(BaseModel):\n    \"\"\"Sure?\"\"\"\n\n    ok: bool\n";

/// Modules that import each other in a circle, and a name re-exported in a
/// circle: the index ends, and what it cannot resolve stays a note.
#[test]
fn hostile_import_cycles_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "pyproject.toml", "[project]\nname = \"c\"\n");
    write(root, "app/__init__.py", "");
    write(root, "app/a.py", "from app.b import Confirm\n");
    write(root, "app/b.py", "from app.a import Confirm\n");
    write(root, "app/models.py", MODEL);
    write(
        root,
        "app/tool.py",
        "from app.a import Confirm\nfrom app.models import Confirm as Real\n\n\nasync def t(ctx):\n    await ctx.elicit(\"m\", schema=Confirm)\n    await ctx.elicit(\"m\", schema=Real)\n",
    );
    let (code, got, stderr) = lint_in(root, &[".", "--show-unknown"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        got,
        [
            "app/models.py:4:7 E122",
            "app/models.py:5:5 E122",
            "app/tool.py:6:11 N006"
        ],
        "{stderr}"
    );
}

/// A model re-exported through a package's large `__init__.py` (a
/// parenthesized import of many names) from a large models module is found
/// and checked at its class, as in a module read whole.
#[test]
fn a_model_re_exported_from_large_modules_is_checked_at_its_class() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "pyproject.toml", "[project]\nname = \"big\"\n");
    let filler = |from: usize| -> String {
        (from..from + 40)
            .map(|i| format!("class Filler{i}(BaseModel):\n    x{i}: int\n\n\n"))
            .collect()
    };
    let model = MODEL
        .strip_prefix("from pydantic import BaseModel\n\n\n")
        .unwrap();
    write(
        root,
        "app/models.py",
        &format!(
            "from pydantic import BaseModel\n\n\n{}{model}\n\n{}",
            filler(0),
            filler(40)
        ),
    );
    let names: String = (0..80).map(|i| format!("    Filler{i},\n")).collect();
    let functions: String = (0..60)
        .map(|i| format!("def f{i}():\n    return {i}\n\n\n"))
        .collect();
    write(
        root,
        "app/__init__.py",
        &format!("from app.models import (\n{names}    Confirm,\n)\n\n\n{functions}"),
    );
    write(
        root,
        "app/tool.py",
        "from app import Confirm\n\n\nasync def t(ctx):\n    await ctx.elicit(\"m\", schema=Confirm)\n",
    );
    let (code, got, stderr) = lint_in(root, &["."]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        got,
        ["app/models.py:164:7 E122", "app/models.py:165:5 E122"],
        "{stderr}"
    );
}

/// Ten thousand modules import one model and send it: it is checked once,
/// at its class, and the index reads each file once.
#[test]
fn hostile_ten_thousand_files_importing_one_module() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "pyproject.toml", "[project]\nname = \"many\"\n");
    write(root, "app/__init__.py", "");
    write(root, "app/models.py", MODEL);
    write(
        root,
        "app/ask.py",
        "async def ask(ctx, message, schema):\n    return await ctx.elicit(message, schema=schema)\n",
    );
    for i in 0..10_000 {
        write(
            root,
            &format!("app/tools/t{i}.py"),
            "from app.models import Confirm\nfrom app.ask import ask\n\n\nasync def t(ctx):\n    return await ask(ctx, \"Go on?\", Confirm)\n",
        );
    }
    let (code, got, stderr) = lint_in(root, &["."]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        got,
        ["app/models.py:4:7 E122", "app/models.py:5:5 E122"],
        "{stderr}"
    );
    // The helper's module alone brings in its ten thousand callers, and
    // the model they send.
    let (_, got, stderr) = lint_in(root, &["app/ask.py"]);
    assert_eq!(
        got,
        ["app/models.py:4:7 E122", "app/models.py:5:5 E122"],
        "{stderr}"
    );
}

/// A module of hundreds of models, each sent from another module: every
/// one is checked at its class, those asked past the first few dozen
/// answered by the module read once whole.
#[test]
fn hostile_hundreds_of_models_imported_from_one_module() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "pyproject.toml", "[project]\nname = \"models\"\n");
    write(root, "app/__init__.py", "");
    let mut models = String::from("from pydantic import BaseModel\n\n\n");
    let mut want = Vec::new();
    for i in 0..300 {
        let line = models.lines().count() + 1;
        want.push(format!("app/models.py:{line}:7 E122"));
        models.push_str(&format!("class Model{i}(BaseModel):\n    name: str\n\n\n"));
    }
    write(root, "app/models.py", &models);
    let tools: String = (0..300)
        .map(|i| {
            format!(
                "async def ask{i}(ctx):\n    return await ctx.elicit(\"m\", models.Model{i})\n\n\n"
            )
        })
        .collect();
    write(
        root,
        "app/tools.py",
        &format!("from app import models\n\n\n{tools}"),
    );
    let (code, got, stderr) = lint_in(root, &["."]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(got, want, "{stderr}");
}

/// A folder linked into itself is listed once: symbolic links are not
/// followed.
#[cfg(unix)]
#[test]
fn hostile_symlink_loop() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "pyproject.toml", "[project]\nname = \"loop\"\n");
    write(root, "app/models.py", MODEL);
    write(
        root,
        "app/tool.py",
        "from app.models import Confirm\n\n\nasync def t(ctx):\n    await ctx.elicit(\"m\", schema=Confirm)\n",
    );
    std::os::unix::fs::symlink(root, root.join("app/loop")).unwrap();
    std::os::unix::fs::symlink(root.join("app"), root.join("app/again")).unwrap();
    let (code, got, stderr) = lint_in(root, &["app/tool.py"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        got,
        ["app/models.py:4:7 E122", "app/models.py:5:5 E122"],
        "{stderr}"
    );
}

/// The FastMCP the project pins decides what its shorthands send: 3.x
/// gives the wrapped ones (a scalar, a list of strings, `Literal`, an
/// `Enum`) the root title `ScalarElicitationType` and sends an empty form
/// without a response type; 4.x drops that title and refuses the call
/// without one; a pin that allows both is read as the newest, and a call
/// without a response type stays a note. Checked against FastMCP 3.2.0
/// and 4.0.10 in tests/peers/source_lint.rs.
#[test]
fn the_pinned_fastmcp_decides_what_a_shorthand_sends() {
    let pinned = |pin: &str| {
        let dir = tempfile::tempdir().unwrap();
        copy_tree(&fixture("projects/python-fastmcp"), dir.path());
        if pin != "fastmcp[tasks]==3.2.0" {
            write(
                dir.path(),
                "pyproject.toml",
                &format!("[project]\nname = \"x\"\ndependencies = [\"{pin}\"]\n"),
            );
        }
        let (code, got, stderr) = lint_in(dir.path(), &[".", "--show-unknown"]);
        assert!(matches!(code, Some(0 | 1)), "{stderr}");
        got
    };
    let secret = "app/tools.py:29:5 W601";
    let three = pinned("fastmcp[tasks]==3.2.0");
    assert_eq!(
        three,
        [
            secret,
            "app/tools.py:34:57 E122",
            "app/tools.py:35:58 E122",
            "app/tools.py:36:58 E122",
            "app/tools.py:37:60 E122",
            "app/tools.py:40:56 W126",
            "app/tools.py:41:19 W126",
        ]
    );
    assert_eq!(pinned("fastmcp>=3,<4"), three);
    assert_eq!(
        pinned("fastmcp>=4.0"),
        [secret, "app/tools.py:40:56 E212", "app/tools.py:41:19 E212"]
    );
    let newest = [secret, "app/tools.py:40:56 W126", "app/tools.py:41:19 N006"];
    assert_eq!(pinned("fastmcp>=2.10"), newest);
    assert_eq!(pinned("fastmcp"), newest);
}

/// What a finding says to do is said in the terms of the Python code:
/// FastMCP's wrapper title is fixed by the pin, a secret is asked through
/// the session's URL mode, an empty form by a `response_type`.
#[test]
fn python_fixes_are_said_in_the_authors_terms() {
    let project = fixture("projects/python-fastmcp");
    let out = Command::new(bin())
        .current_dir(&project)
        .args(["lint", "--format", "concise", "app/tools.py"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for said in [
        "take it out of `Login` and send the person to your own page with `await ctx.session.elicit_url(message, url, elicitation_id)`",
        "FastMCP before 4.0 puts the name of the model it wraps `response_type=str` in there (`ScalarElicitationType`); move to `fastmcp>=4`",
        "pass `response_type=bool` for a confirmation",
    ] {
        assert!(text.contains(said), "{said}\n{text}");
    }
}

const TS_HELPERS: &[&str] = &[
    // Sent through a helper of a helper and through a helper, imported by
    // a `paths` alias and through a namespace: checked where written.
    "src/schemas.ts:15:5 W601",
    // A Zod schema converted in another module.
    "src/schemas.ts:20:30 E122",
    // A literal given to a helper: checked at the call.
    "src/tools/account.ts:20:50 W310",
];

/// Schemas built by functions of another module, called without
/// arguments: checked where the function returns them. One that takes
/// what it builds from, and one nobody calls, say nothing.
const TS_BUILDERS: &[&str] = &["src/builders.ts:11:7 W601", "src/builders.ts:20:77 E403"];

#[test]
fn typescript_helpers_and_schemas_across_modules_are_followed() {
    let project = fixture("projects/ts-helpers");
    let (code, got, stderr) = lint_in(&project, &["."]);
    assert_eq!(code, Some(1), "{got:?} {stderr}");
    // `unusedSchema` (a password) is sent by nobody: nothing is said.
    let mut all: Vec<&str> = TS_BUILDERS.iter().chain(TS_HELPERS).copied().collect();
    all.sort_by_key(|f| sort_key(f));
    assert_eq!(got, all, "{stderr}");
    // The tools alone bring in the builders they call.
    let (_, got, stderr) = lint_in(&project, &["src/tools/deploy.ts"]);
    assert_eq!(got, TS_BUILDERS, "{stderr}");
    // The helpers' module alone brings in the files that depend on it.
    let (_, got, stderr) = lint_in(&project, &["src/utils/elicitation.ts"]);
    assert_eq!(got, TS_HELPERS, "{stderr}");
    // What tsc emits for CommonJS: `(0, module_1.helper)(...)` through
    // `require`.
    let (code, got, stderr) = lint_in(&project, &["dist/account.js"]);
    // A warning alone does not fail the run.
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(got, ["dist/account.js:8:23 W601"], "{stderr}");
}

/// Modules that import and re-export each other in a circle, and a helper
/// that calls itself: the index ends, and the schema is checked once.
#[test]
fn hostile_typescript_cycles_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "package.json", "{\"name\": \"c\"}\n");
    write(root, "a.ts", "export { schema } from \"./b\";\n");
    write(root, "b.ts", "export { schema } from \"./a\";\n");
    write(
        root,
        "real.ts",
        "export const real = { type: \"object\", properties: { password: { type: \"string\" } } };\n",
    );
    write(
        root,
        "ask.ts",
        "export async function ask(server: any, message: string, schema: any, n = 3): Promise<unknown> {\n  if (n > 0 && !server) return ask(server, message, schema, n - 1);\n  return server.elicitInput({ message, requestedSchema: schema });\n}\n",
    );
    write(
        root,
        "tool.ts",
        "import { schema } from \"./a\";\nimport { real } from \"./real\";\nimport { ask } from \"./ask\";\n\nexport async function t(server: any) {\n  await ask(server, \"m\", schema);\n  await ask(server, \"m\", real);\n}\n",
    );
    let (code, got, stderr) = lint_in(root, &[".", "--show-unknown"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(got, ["real.ts:1:53 W601", "tool.ts:6:9 N006"], "{stderr}");
}

/// What the Rust crate fixture gives: each struct that a call of another
/// module sends, checked where it is written, as rmcp's `from_type`
/// renders it (its name as the root `title`, its doc comment as the root
/// `description`, a password field); a struct of an inline module named by
/// its path at the call; a type of another crate, a note. The same-shaped
/// `Draft` nobody sends says nothing. The schemas are compared with rmcp's
/// own in tests/peers/source_lint.rs.
const RUST_CRATE: &[&str] = &[
    "src/main.rs:14:16 E122",
    "src/models/booking.rs:5:12 E122",
    "src/models/contact.rs:6:12 E122",
    "src/models/contact.rs:6:12 E122",
    "src/models/contact.rs:9:9 W601",
    "src/models/feedback.rs:5:12 E122",
    "src/tools.rs:27:10 N006",
];

#[test]
fn rust_types_across_modules_are_followed() {
    let project = fixture("projects/rust-crate");
    let (code, got, stderr) = lint_in(&project, &[".", "--show-unknown"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(got, RUST_CRATE, "{stderr}");
    // Pre-commit naming the tools alone brings in the models they send.
    let (_, got, stderr) = lint_in(&project, &["src/tools.rs"]);
    assert_eq!(
        got,
        [
            "src/models/booking.rs:5:12 E122",
            "src/models/contact.rs:6:12 E122",
            "src/models/contact.rs:6:12 E122",
            "src/models/contact.rs:9:9 W601",
        ],
        "{stderr}"
    );
}

/// Modules that re-export each other with globs in a circle, a thousand
/// glob re-exports fanning out, a `use` of itself: the index ends, reads
/// each module once per name, and the struct really defined is checked.
#[test]
fn hostile_rust_reexport_cycles_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"c\"\nversion = \"0.0.0\"\n",
    );
    let mods: String = (0..1000).map(|i| format!("pub mod m{i};\n")).collect();
    write(
        root,
        "src/lib.rs",
        &format!("pub mod a;\npub mod b;\npub mod real;\npub mod tool;\n{mods}"),
    );
    write(root, "src/a.rs", "pub use crate::b::*;\npub use self::*;\n");
    write(
        root,
        "src/b.rs",
        "pub use crate::a::*;\npub use crate::b::*;\n",
    );
    for i in 0..1000 {
        let next = (i + 1) % 1000;
        write(
            root,
            &format!("src/m{i}.rs"),
            &format!("pub use crate::m{next}::*;\npub use crate::a::*;\n"),
        );
    }
    write(
        root,
        "src/real.rs",
        "#[derive(schemars::JsonSchema)]\npub struct Real {\n    pub password: String,\n}\n",
    );
    write(
        root,
        "src/tool.rs",
        "use crate::a::*;\nuse crate::m0::*;\n\npub async fn t(peer: &rmcp::Peer<rmcp::RoleServer>) {\n    let _ = peer.elicit::<Missing>(\"m\").await;\n    let _ = peer.elicit::<crate::m7::Missing>(\"m\").await;\n    let _ = peer.elicit::<crate::real::Real>(\"m\").await;\n}\n",
    );
    let (code, got, stderr) = lint_in(root, &[".", "--show-unknown"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        got,
        [
            "src/real.rs:2:12 E122",
            "src/real.rs:3:9 W601",
            "src/tool.rs:5:18 N006",
            "src/tool.rs:6:18 N006",
        ],
        "{stderr}"
    );
}

const GO_MODULE: &[&str] = &[
    // A local `confirmSchema` beside a call that sends the package's: each
    // the one its scope sees.
    "admin.go:27:4 W601",
    // `&sc.Account`: a schema value of another package, imported by an
    // alias.
    "internal/schemas/account.go:10:3 W601",
    // `schemas.Booking`: a package of the module.
    "internal/schemas/booking.go:11:64 E304",
    // `confirmSchema`: another file of the same package.
    "schemas.go:8:2 E122",
];

#[test]
fn go_schemas_across_files_and_packages_are_followed() {
    let project = fixture("projects/go-module");
    let (code, got, stderr) = lint_in(&project, &[".", "--show-unknown"]);
    assert_eq!(code, Some(1), "{got:?} {stderr}");
    // Each where it is written, none at the calls; `unusedSchema` (a
    // root title) is sent by nobody: nothing is said.
    assert_eq!(got, GO_MODULE, "{stderr}");
    // The calls' files alone, as pre-commit names them, bring in the
    // files that declare what they send.
    let (_, got, stderr) = lint_in(&project, &["main.go"]);
    assert_eq!(got, &GO_MODULE[2..], "{stderr}");
    let (code, got, stderr) = lint_in(&project, &["admin.go", "--show-unknown"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(got, [GO_MODULE[0], GO_MODULE[1], GO_MODULE[3]], "{stderr}");
}

/// Packages whose vars name each other in a circle, vars of one file that
/// do, and a var declared in two files (under build tags): the index
/// ends, nothing is followed in a circle, and no error is said.
#[test]
fn hostile_go_cycles_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let schema = "import \"github.com/google/jsonschema-go/jsonschema\"\n\n";
    write(root, "go.mod", "module example.com/c\n\ngo 1.23\n");
    write(
        root,
        "a/a.go",
        "package a\n\nimport \"example.com/c/b\"\n\nvar X = b.Y\n",
    );
    write(
        root,
        "b/b.go",
        "package b\n\nimport \"example.com/c/a\"\n\nvar Y = a.X\n",
    );
    for (name, tag) in [("twice_linux.go", "linux"), ("twice_other.go", "!linux")] {
        write(
            root,
            name,
            &format!(
                "//go:build {tag}\n\npackage main\n\n{schema}var twice = &jsonschema.Schema{{Type: \"object\", Title: \"T\", Properties: map[string]*jsonschema.Schema{{}}}}\n"
            ),
        );
    }
    // A var another file changes: what is sent is not what is written.
    write(
        root,
        "reset.go",
        &format!(
            "package main\n\n{schema}var reset = &jsonschema.Schema{{Type: \"object\", Title: \"T\", Properties: map[string]*jsonschema.Schema{{}}}}\n"
        ),
    );
    // A var of another package that a file of this one changes.
    write(
        root,
        "k/k.go",
        &format!(
            "package k\n\n{schema}var K = &jsonschema.Schema{{Type: \"object\", Title: \"T\", Properties: map[string]*jsonschema.Schema{{}}}}\n"
        ),
    );
    write(
        root,
        "kinit.go",
        "package main\n\nimport \"example.com/c/k\"\n\nfunc init() {\n\tk.K.Title = \"\"\n}\n",
    );
    write(
        root,
        "init.go",
        "package main\n\nfunc init() {\n\treset.Title = \"\"\n\tlater.Title = \"\"\n}\n",
    );
    write(
        root,
        "main.go",
        &format!(
            "package main\n\nimport (\n\t\"context\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n\n\t\"example.com/c/a\"\n\t\"example.com/c/k\"\n)\n\n{schema}var p = q\nvar q = p\n\nvar later = &jsonschema.Schema{{Type: \"object\", Title: \"T\", Properties: map[string]*jsonschema.Schema{{}}}}\n\nvar tags = &jsonschema.Schema{{Type: \"array\", Items: tags}}\n\nfunc f(ctx context.Context, ss *mcp.ServerSession) {{\n\tss.Elicit(ctx, &mcp.ElicitParams{{Message: \"m\", RequestedSchema: a.X}})\n\tss.Elicit(ctx, &mcp.ElicitParams{{Message: \"m\", RequestedSchema: reset}})\n\tss.Elicit(ctx, &mcp.ElicitParams{{Message: \"m\", RequestedSchema: k.K}})\n\tss.Elicit(ctx, &mcp.ElicitParams{{Message: \"m\", RequestedSchema: later}})\n\tss.Elicit(ctx, &mcp.ElicitParams{{Message: \"m\", RequestedSchema: p}})\n\tss.Elicit(ctx, &mcp.ElicitParams{{Message: \"m\", RequestedSchema: twice}})\n\tss.Elicit(ctx, &mcp.ElicitParams{{Message: \"m\", RequestedSchema: &jsonschema.Schema{{\n\t\tType: \"object\", Properties: map[string]*jsonschema.Schema{{\"tags\": tags}},\n\t}}}})\n}}\n"
        ),
    );
    let (code, got, stderr) = lint_in(root, &[".", "--show-unknown"]);
    assert_eq!(code, Some(0), "{got:?} {stderr}");
    // One note at each call: what it sends is not known.
    assert_eq!(
        got,
        [
            "main.go:22:18 N006",
            "main.go:23:18 N006",
            "main.go:24:18 N006",
            "main.go:25:18 N006",
            "main.go:26:18 N006",
            "main.go:27:18 N006",
            "main.go:28:18 N006",
        ],
        "{stderr}"
    );
}

/// What the Java, Kotlin and C# project fixtures give: each schema held
/// by a constant of another class (another package's by its import, the
/// caller's own package's, a Kotlin top-level `val` of the package, a C#
/// static get-only property of the caller's namespace), checked where it
/// is written; none at the calls; a class declared in two packages the
/// caller sees, or in none, a note at the call. The constants nobody
/// sends say nothing.
const JAVA_MAVEN: &[&str] = &[
    // A password field of `Schemas.CONFIRM`, imported.
    "src/main/java/com/example/schemas/Schemas.java:13:6 W601",
    // A nested object of `Forms.ADDRESS`, of the caller's package, through
    // the constant `CITY` of its own class.
    "src/main/java/com/example/tools/Forms.java:10:57 E204",
    "src/main/java/com/example/tools/ProfileTools.java:27:37 N006",
    "src/main/java/com/example/tools/ProfileTools.java:32:37 N006",
];

const KOTLIN_GRADLE: &[&str] = &[
    "src/main/kotlin/com/example/schemas/Schemas.kt:10:13 W601",
    "src/main/kotlin/com/example/schemas/Schemas.kt:12:35 E124",
    "src/main/kotlin/com/example/tools/AskTools.kt:26:22 N006",
    "src/main/kotlin/com/example/tools/AskTools.kt:32:22 N006",
    // A top-level `val` of another file of the package.
    "src/main/kotlin/com/example/tools/Seats.kt:8:67 E406",
];

const CSHARP: &[&str] = &[
    "Forms/LoginSchemas.cs:13:14 W601",
    "Tools/AccountTools.cs:42:47 N006",
    "Tools/AccountTools.cs:54:47 N006",
    "Tools/Limits.cs:11:76 E406",
];

/// The findings of `all` that are not notes.
fn without_notes<'a>(all: &[&'a str]) -> Vec<&'a str> {
    all.iter()
        .copied()
        .filter(|f| !f.ends_with("N006"))
        .collect()
}

/// Lints the project fixture `name` whole, then names only its `caller`
/// file (as pre-commit does): the defining files come in with it.
fn project_constants_are_followed(name: &str, caller: &str, expected: &[&str]) {
    let project = fixture(&format!("projects/{name}"));
    let (code, got, stderr) = lint_in(&project, &[".", "--show-unknown"]);
    assert_eq!(code, Some(1), "{got:?} {stderr}");
    assert_eq!(got, expected, "{stderr}");
    let (code, got, stderr) = lint_in(&project, &[caller]);
    assert_eq!(code, Some(1), "{got:?} {stderr}");
    assert_eq!(got, without_notes(expected), "{stderr}");
}

#[test]
fn java_constants_of_other_classes_are_followed() {
    project_constants_are_followed(
        "java-maven",
        "src/main/java/com/example/tools/ProfileTools.java",
        JAVA_MAVEN,
    );
}

#[test]
fn kotlin_objects_and_top_level_vals_of_other_files_are_followed() {
    project_constants_are_followed(
        "kotlin-gradle",
        "src/main/kotlin/com/example/tools/AskTools.kt",
        KOTLIN_GRADLE,
    );
}

#[test]
fn csharp_static_members_of_other_classes_are_followed() {
    project_constants_are_followed("csharp", "Tools/AccountTools.cs", CSHARP);
}

/// Constants of two classes that refer to each other in a circle (Java,
/// Kotlin, C#), a class declared twice (two files of one package, a C#
/// partial class), a Kotlin `val` bound to itself, a constant of the
/// calling class itself: the index ends, says no error, and the schema
/// really defined (through a Java 2.x builder, and a Kotlin object) is
/// checked where it is written.
#[test]
fn hostile_jvm_constant_cycles_and_classes_declared_twice_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "pom.xml", "<project/>\n");
    write(root, "settings.gradle.kts", "rootProject.name = \"h\"\n");
    write(root, "H.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\" />\n");
    let map = "java.util.Map<String, Object>";
    write(
        root,
        "p/A.java",
        &format!("package p;\n\nclass A {{\n\tstatic final {map} X = B.Y;\n}}\n"),
    );
    write(
        root,
        "p/B.java",
        &format!("package p;\n\nclass B {{\n\tstatic final {map} Y = A.X;\n}}\n"),
    );
    let pin = "java.util.Map.of(\"type\", \"object\", \"properties\", java.util.Map.of(\"pin\", java.util.Map.of(\"type\", \"string\")))";
    for file in ["p/Dup.java", "p/Dup2.java"] {
        write(
            root,
            file,
            &format!("package p;\n\nclass Dup {{\n\tstatic final {map} S = {pin};\n}}\n"),
        );
    }
    write(
        root,
        "p/Real.java",
        &format!(
            "package p;\n\nimport java.util.Map;\n\nclass Real {{\n\tstatic final {map} S = Map.of(\"type\", \"object\", \"properties\",\n\t\t\tMap.of(\"password\", Map.of(\"type\", \"string\")));\n\tstatic final {map} S2 = S;\n}}\n"
        ),
    );
    write(
        root,
        "p/Tool.java",
        "package p;\n\nclass Tool {\n\tvoid t(McpSyncServerExchange exchange) {\n\t\texchange.createElicitation(new ElicitRequest(\"m\", A.X));\n\t\texchange.createElicitation(new ElicitRequest(\"m\", Dup.S));\n\t\texchange.createElicitation(ElicitFormRequest.builder(\"m\", Real.S2).build());\n\t\texchange.createElicitation(new ElicitRequest(\"m\", Tool.X));\n\t}\n}\n",
    );
    write(
        root,
        "p/Cycle.kt",
        "package p\n\nobject KA {\n    val x = KB.y\n}\n\nobject KB {\n    val y = KA.x\n}\n\nval loop = loop\n",
    );
    write(
        root,
        "p/KReal.kt",
        "package p\n\nobject KReal {\n    val s = ElicitRequestParams.RequestedSchema(\n        properties = mapOf(\"password\" to StringSchema()),\n    )\n}\n",
    );
    write(
        root,
        "p/Ask.kt",
        "package p\n\nsuspend fun ask(server: Server) {\n    server.createElicitation(\"m\", KA.x)\n    server.createElicitation(\"m\", loop)\n    server.createElicitation(\"m\", KReal.s)\n}\n",
    );
    let schema = "new RequestSchema { Properties = { [\"Pin\"] = new StringSchema() } }";
    write(
        root,
        "p/Cycle.cs",
        &format!(
            "namespace P;\n\nstatic class CA {{ public static readonly RequestSchema X = CB.Y; }}\nstatic class CB {{ public static readonly RequestSchema Y = CA.X; }}\npartial class Twice {{ public static readonly RequestSchema S = {schema}; }}\npartial class Twice {{ public static readonly RequestSchema S = {schema}; }}\n"
        ),
    );
    write(
        root,
        "p/Tool.cs",
        "namespace P;\n\nclass Tool\n{\n    async Task T(McpServer server)\n    {\n        await server.ElicitAsync(new ElicitRequestParams { Message = \"m\", RequestedSchema = CA.X });\n        await server.ElicitAsync(new ElicitRequestParams { Message = \"m\", RequestedSchema = Twice.S });\n    }\n}\n",
    );
    let (code, got, stderr) = lint_in(root, &[".", "--show-unknown"]);
    assert_eq!(code, Some(0), "{got:?} {stderr}");
    assert_eq!(
        got,
        [
            "p/A.java:4:49 N006",
            "p/Cycle.cs:3:60 N006",
            "p/Cycle.kt:4:13 N006",
            "p/Cycle.kt:11:12 N006",
            "p/KReal.kt:5:28 W601",
            "p/Real.java:7:11 W601",
            "p/Tool.cs:8:34 N006",
            "p/Tool.java:6:30 N006",
            "p/Tool.java:8:30 N006",
        ],
        "{stderr}"
    );
}

/// A constant another file sends that its own class fills after building
/// it (a Java static initializer, a Kotlin `init` block, a C# static
/// constructor) is not checked as built: a note says why, where it is
/// written, and nothing at the calls.
#[test]
fn constants_changed_in_place_stay_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "pom.xml", "<project/>\n");
    write(root, "settings.gradle.kts", "rootProject.name = \"h\"\n");
    write(root, "H.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\" />\n");
    write(
        root,
        "p/Mut.java",
        "package p;\n\nimport java.util.HashMap;\nimport java.util.Map;\n\nclass Mut {\n\tstatic final Map<String, Object> MUT = new HashMap<>();\n\tstatic {\n\t\tMUT.put(\"type\", \"object\");\n\t}\n}\n",
    );
    write(
        root,
        "p/Tool.java",
        "package p;\n\nclass Tool {\n\tvoid t(McpSyncServerExchange exchange) {\n\t\texchange.createElicitation(new ElicitRequest(\"m\", Mut.MUT));\n\t}\n}\n",
    );
    write(
        root,
        "p/Mut.kt",
        "package p\n\nobject KMut {\n    val m = hashMapOf<String, Any>()\n    init {\n        m[\"type\"] = \"object\"\n    }\n}\n",
    );
    write(
        root,
        "p/Ask.kt",
        "package p\n\nfun ask(ctx: McpSyncRequestContext) = ctx.elicit(\n    McpSchema.ElicitRequest.builder().message(\"m\").requestedSchema(KMut.m).build()\n)\n",
    );
    write(
        root,
        "p/Mut.cs",
        "namespace P;\n\nstatic class CMut\n{\n    public static readonly RequestSchema S = new RequestSchema();\n    static CMut() { S.Properties.Add(\"Pin\", new StringSchema()); }\n}\n",
    );
    write(
        root,
        "p/Tool.cs",
        "namespace P;\n\nclass Tool\n{\n    async Task T(McpServer server)\n    {\n        await server.ElicitAsync(new ElicitRequestParams { Message = \"m\", RequestedSchema = CMut.S });\n    }\n}\n",
    );
    let (code, got, stderr) = lint_in(root, &[".", "--show-unknown"]);
    assert_eq!(code, Some(0), "{got:?} {stderr}");
    assert_eq!(
        got,
        [
            "p/Mut.cs:5:46 N006",
            "p/Mut.java:7:41 N006",
            "p/Mut.kt:4:13 N006",
        ],
        "{stderr}"
    );
}

/// A constant brought in by a static import (Java's `import static`, C#'s
/// `using static`) and given by its bare name is checked where it is
/// written; the same name declared as a parameter of the calling file is
/// the parameter's, a note.
#[test]
fn constants_of_static_imports_are_followed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "pom.xml", "<project/>\n");
    write(root, "H.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\" />\n");
    write(
        root,
        "src/main/java/a/forms/Schemas.java",
        "package a.forms;\n\nimport java.util.Map;\n\npublic final class Schemas {\n\tpublic static final Map<String, Object> LOGIN = Map.of(\"type\", \"object\", \"properties\",\n\t\t\tMap.of(\"password\", Map.of(\"type\", \"string\")));\n}\n",
    );
    write(
        root,
        "src/main/java/a/tools/Login.java",
        "package a.tools;\n\nimport static a.forms.Schemas.LOGIN;\n\nclass Login {\n\tvoid t(McpSyncServerExchange exchange) {\n\t\texchange.createElicitation(new ElicitRequest(\"m\", LOGIN));\n\t}\n}\n",
    );
    write(
        root,
        "src/main/java/a/tools/Shadow.java",
        "package a.tools;\n\nimport static a.forms.Schemas.*;\n\nclass Shadow {\n\tvoid t(McpSyncServerExchange exchange, java.util.Map<String, Object> LOGIN) {\n\t\texchange.createElicitation(new ElicitRequest(\"m\", LOGIN));\n\t}\n}\n",
    );
    write(
        root,
        "Forms/Limits.cs",
        "namespace Example.Forms;\n\npublic static class Limits\n{\n    public static RequestSchema Seats { get; } = new RequestSchema\n    {\n        Properties = { [\"Seats\"] = new NumberSchema { Minimum = 10, Maximum = 2 } },\n    };\n}\n",
    );
    write(
        root,
        "Tools/Book.cs",
        "using static Example.Forms.Limits;\n\nnamespace Example.Tools;\n\nclass Book\n{\n    async Task T(McpServer server)\n    {\n        await server.ElicitAsync(new ElicitRequestParams { Message = \"m\", RequestedSchema = Seats });\n    }\n}\n",
    );
    let (code, got, stderr) = lint_in(root, &[".", "--show-unknown"]);
    assert_eq!(code, Some(1), "{got:?} {stderr}");
    assert_eq!(
        got,
        [
            "Forms/Limits.cs:7:65 E406",
            "src/main/java/a/forms/Schemas.java:7:11 W601",
            "src/main/java/a/tools/Shadow.java:7:30 N006",
        ],
        "{stderr}"
    );
}

/// A `use` of two hundred thousand segments (which a recursive reader
/// would overflow its stack on), a type of as many named at the call and
/// in a model's field: the run ends, says what it could not read in a
/// bounded line, and a model whose schema cannot be read is a note where
/// it is written.
#[test]
fn hostile_rust_paths_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"h\"\nversion = \"0.0.0\"\n",
    );
    let long: String = (0..200_000)
        .map(|i| format!("m{i}"))
        .collect::<Vec<_>>()
        .join("::");
    write(
        root,
        "src/lib.rs",
        &format!(
            "mod models;\nuse crate::{long}::T;\n\npub async fn t(peer: &rmcp::Peer<rmcp::RoleServer>) {{\n    let _ = peer.elicit::<models::Model>(\"m\").await;\n    let _ = peer.elicit::<{long}::T>(\"m\").await;\n}}\n"
        ),
    );
    write(
        root,
        "src/models.rs",
        &format!(
            "#[derive(schemars::JsonSchema)]\npub struct Model {{\n    pub a: {long}::X,\n}}\n"
        ),
    );
    let out = Command::new(bin())
        .current_dir(root)
        .args(["lint", "--show-unknown", "."])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", &stdout[..stdout.len().min(2000)]);
    assert!(
        lines[0].starts_with("src/lib.rs:6:18: note[N006]"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("src/models.rs:2:12: note[N006] the schema of `Model`"),
        "{}",
        lines[1]
    );
    assert!(
        lines.iter().all(|l| l.len() < 600),
        "{}",
        &stdout[..stdout.len().min(2000)]
    );
}

/// A crate whose own helper builds the schema with `from_type` and clears
/// the root `title` and `description` (as astrid's `interoperable_schema`
/// does) is not told to do what it already does; a schema built in a test
/// to be checked is not an elicitation; and the params are those of the
/// rmcp the crate builds with (`mode` from 0.15, string and number
/// defaults from 0.17, `$schema` from 3.2).
#[test]
fn rust_schemas_are_read_as_the_crates_rmcp_sends_them() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"asker\"\nversion = \"0.1.0\"\n\n[dependencies.rmcp]\nversion = \"0.14\"\nfeatures = [\"elicitation\", \"schemars\"]\n",
    );
    write(
        root,
        "src/models.rs",
        "/// Shared.\n#[derive(serde::Deserialize, schemars::JsonSchema)]\npub struct Shared {\n    pub ok: bool,\n}\n",
    );
    write(
        root,
        "src/lib.rs",
        r#"mod models;
use rmcp::model::{ElicitRequestParams, ElicitationSchema};

/// Allow it?
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Choice {
    allow: bool,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Plain {
    name: String,
    #[serde(default)]
    nick: String,
}

/// Only checked.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Checked {
    x: bool,
}

async fn ask(peer: &rmcp::Peer<rmcp::RoleServer>) -> anyhow::Result<()> {
    let mut schema = ElicitationSchema::from_type::<Choice>()?;
    schema.title = None;
    schema.description = None;
    let mut shared = rmcp::model::ElicitationSchema::from_type::<crate::models::Shared>()?;
    shared.title = None;
    let _ = peer.elicit::<Plain>("Who?").await;
    Ok(())
}

#[cfg(not(test))]
fn live() -> Result<ElicitationSchema, serde_json::Error> {
    ElicitationSchema::from_type::<Checked>()
}

#[cfg(test)]
mod tests {
    #[test]
    fn derives() {
        assert!(super::ElicitationSchema::from_type::<super::Checked>().is_ok());
    }
}
"#,
    );
    let (code, got, stderr) = lint_in(root, &["."]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        got,
        [
            // `Plain`'s title, from `elicit::<Plain>`.
            "src/lib.rs:11:8 E122",
            // `Checked` from `live`, not from the test.
            "src/lib.rs:19:8 E122",
            "src/lib.rs:19:8 E122",
            // Sent with its description: the call cleared the title only.
            "src/models.rs:3:12 E122",
        ],
        "{stderr}"
    );
    // rmcp 0.14, as the requirement allows: no `mode`, no `$schema`, no
    // `default` on a string.
    let sent = |root: &Path| -> Vec<serde_json::Value> {
        let out = Command::new(bin())
            .current_dir(root)
            .args(["lint", "--show-source", "src/lib.rs"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let params = sent(root);
    let plain = params
        .iter()
        .find(|p| p["origin"] == "Plain")
        .expect("Plain is sent");
    assert_eq!(
        plain["params"],
        serde_json::json!({
            "message": "Who?",
            "requestedSchema": {
                "type": "object",
                "title": "Plain",
                "properties": {"name": {"type": "string"}, "nick": {"type": "string"}},
                "required": ["name"]
            }
        })
    );
    let choice = params.iter().find(|p| p["origin"] == "Choice").unwrap();
    assert_eq!(
        choice["params"]["requestedSchema"],
        serde_json::json!({"type": "object", "properties": {"allow": {"type": "boolean"}}, "required": ["allow"]})
    );
    // A lock file that resolves 3.11 says more than the requirement.
    write(
        root,
        "Cargo.lock",
        "version = 4\n\n[[package]]\nname = \"rmcp\"\nversion = \"3.11.0\"\n",
    );
    let params = sent(root);
    let plain = params.iter().find(|p| p["origin"] == "Plain").unwrap();
    assert_eq!(plain["params"]["mode"], "form");
    assert_eq!(
        plain["params"]["requestedSchema"]["$schema"],
        "http://json-schema.org/draft-07/schema#"
    );
    assert_eq!(
        plain["params"]["requestedSchema"]["properties"]["nick"]["default"],
        ""
    );

    // A member of a workspace that takes the workspace's rmcp
    // (`rmcp = { workspace = true }`), with no lock file: the workspace's
    // root says which, 0.14 again.
    let ws = tempfile::tempdir().unwrap();
    std::fs::create_dir(ws.path().join(".git")).unwrap();
    write(
        ws.path(),
        "Cargo.toml",
        "[workspace]\nmembers = [\"asker\"]\n\n[workspace.dependencies]\nrmcp = { version = \"0.14\", features = [\"elicitation\"] }\n",
    );
    let member = ws.path().join("asker");
    write(
        &member,
        "Cargo.toml",
        "[package]\nname = \"asker\"\nversion = \"0.1.0\"\n\n[dependencies]\nrmcp = { workspace = true, features = [\"schemars\"] }\n",
    );
    for f in ["src/lib.rs", "src/models.rs"] {
        write(&member, f, &std::fs::read_to_string(root.join(f)).unwrap());
    }
    let params = sent(&member);
    let plain = params.iter().find(|p| p["origin"] == "Plain").unwrap();
    assert_eq!(plain["params"].get("mode"), None, "{plain}");
    assert_eq!(plain["params"]["requestedSchema"].get("$schema"), None);
}

/// The `mode` of the params of each elicitation `lint --show-source` gives
/// of `file`, run in `root`.
fn shown_modes(root: &Path, file: &str) -> Vec<Option<String>> {
    let out = Command::new(bin())
        .current_dir(root)
        .args(["lint", "--show-source", file])
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["params"]["mode"].as_str().map(String::from)
        })
        .collect()
}

/// A helper of the project that hands its params, or a message and a
/// schema it puts in params, to `elicitInput`: its calls show the `mode`
/// the SDK adds, as a direct call does; not where the helper's own params
/// hold more (a spread) that may give one, nor under an SDK before 1.23.
#[test]
fn typescript_helpers_calls_show_the_mode_the_sdk_adds() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    write(
        root,
        "src/helpers.ts",
        "import { Server } from \"@modelcontextprotocol/sdk/server/index.js\";\n\
         export async function askWith(server: Server, params: any) {\n  return server.elicitInput(params);\n}\n\
         export async function confirm(server: Server, message: string, schema: any) {\n  return server.elicitInput({ message, requestedSchema: schema });\n}\n\
         export async function confirmOpen(server: Server, message: string, schema: any, extra: object) {\n  return server.elicitInput({ ...extra, message, requestedSchema: schema });\n}\n",
    );
    write(
        root,
        "src/tools.ts",
        "import { askWith, confirm, confirmOpen } from \"./helpers.js\";\n\
         export async function a(server) {\n  return askWith(server, { message: \"Name?\", requestedSchema: { type: \"object\", properties: { name: { type: \"string\" } } } });\n}\n\
         export async function b(server) {\n  return confirm(server, \"Sure?\", { type: \"object\", properties: { ok: { type: \"boolean\" } } });\n}\n\
         export async function c(server) {\n  return confirmOpen(server, \"Sure?\", { type: \"object\", properties: {} }, {});\n}\n\
         export async function d(server) {\n  return askWith(server, { mode: \"url\", message: \"Sign in\", url: \"https://example.com/a\", elicitationId: \"e1\" });\n}\n",
    );
    let modes = |root: &Path| shown_modes(root, "src/tools.ts");
    let form = Some("form".to_string());
    let url = Some("url".to_string());
    assert_eq!(modes(root), [form.clone(), form, None, url.clone()]);
    write(
        root,
        "package.json",
        "{\"name\": \"asker\", \"dependencies\": {\"@modelcontextprotocol/sdk\": \"~1.22.0\"}}",
    );
    assert_eq!(modes(root), [None, None, None, url]);
}

/// The TypeScript SDK's `elicitInput` sends `mode: "form"` from 1.23 on
/// (`{ ...params, mode: 'form' }`, checked in the published 1.22.0 and
/// 1.23.0 packages): what a package sends follows the SDK its lock file
/// installs, or else its `package.json` requirement, or else the newest.
#[test]
fn typescript_params_are_read_as_the_packages_sdk_sends_them() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    write(
        root,
        "src/ask.ts",
        "import { Server } from \"@modelcontextprotocol/sdk/server/index.js\";\n\
         export async function ask(server: Server) {\n  \
           return server.server.elicitInput({\n    \
             message: \"Name?\",\n    \
             requestedSchema: { type: \"object\", properties: { name: { type: \"string\" } } },\n  \
           });\n\
         }\n\
         export async function url(server: Server) {\n  \
           return server.server.elicitInput({ mode: \"url\", message: \"Sign in\", url: \"https://example.com/a\", elicitationId: \"e1\" });\n\
         }\n\
         export async function spread(server: Server, extra: object) {\n  \
           return server.server.elicitInput({ ...extra, message: \"Name?\", requestedSchema: { type: \"object\", properties: {} } });\n\
         }\n",
    );
    let modes = |root: &Path| shown_modes(root, "src/ask.ts");
    let form = Some("form".to_string());
    let url = Some("url".to_string());
    // No package.json: the newest SDK. The URL-mode call keeps its mode,
    // and a spread may give one: not added there.
    assert_eq!(modes(root), [form.clone(), url.clone(), None]);
    let manifest = |req: &str| {
        write(
            root,
            "package.json",
            &format!(
                "{{\"name\": \"asker\", \"dependencies\": {{\"@modelcontextprotocol/sdk\": \"{req}\"}}}}"
            ),
        );
    };
    manifest("~1.22.0");
    assert_eq!(modes(root), [None, url.clone(), None]);
    manifest("1.22.0");
    assert_eq!(modes(root), [None, url.clone(), None]);
    manifest("^1.17.0");
    assert_eq!(modes(root), [form.clone(), url.clone(), None]);
    // The lock file says which is installed.
    write(
        root,
        "package-lock.json",
        "{\"packages\": {\"\": {}, \"node_modules/@modelcontextprotocol/sdk\": {\"version\": \"1.22.0\"}}}",
    );
    assert_eq!(modes(root), [None, url.clone(), None]);
    // Under 2025-06-18, the mode the SDK adds is said to be its doing.
    std::fs::remove_file(root.join("package-lock.json")).unwrap();
    let out = Command::new(bin())
        .current_dir(root)
        .args(["lint", "--spec", "2025-06-18", "src/ask.ts"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("src/ask.ts:3:10: warning[W115] `mode` does not exist in 2025-06-18 (form is the only mode), and the TypeScript SDK (1.23 and later) adds it to every form request"),
        "{stdout}"
    );
}

/// Under 2025-06-18, the `mode` each SDK adds to a form request it was not
/// written in is said to be that SDK's doing, in the author's language.
#[test]
fn the_mode_an_sdk_adds_is_said_to_be_its_doing() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "ask.py",
        "from mcp.server.fastmcp import Context\nfrom pydantic import BaseModel\n\n\nclass Answer(BaseModel):\n    name: str\n\n\nasync def ask(ctx: Context) -> None:\n    await ctx.elicit(message=\"Name?\", schema=Answer)\n",
    );
    write(
        root,
        "ask.go",
        "package main\n\nimport (\n\t\"context\"\n\n\t\"github.com/google/jsonschema-go/jsonschema\"\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n\nfunc ask(ctx context.Context, ss *mcp.ServerSession) {\n\tss.Elicit(ctx, &mcp.ElicitParams{Message: \"Name?\", RequestedSchema: &jsonschema.Schema{Type: \"object\", Properties: map[string]*jsonschema.Schema{\"name\": {Type: \"string\"}}}})\n}\n",
    );
    let out = Command::new(bin())
        .current_dir(root)
        .args(["lint", "--spec", "2025-06-18", "ask.py", "ask.go"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    for (file, sdk) in [
        (
            "ask.py",
            "the Python SDK (1.23 and later, and FastMCP through it)",
        ),
        ("ask.go", "the Go SDK"),
    ] {
        assert!(
            stdout.lines().any(|l| l.starts_with(file)
                && l.contains("warning[W115] `mode` does not exist in 2025-06-18")
                && l.contains(&format!("and {sdk} adds it to every form request"))),
            "{file}: {stdout}"
        );
    }
    // A project on the Python SDK before 1.23 (its requirement, or its
    // uv.lock over a requirement that allows any) sends no `mode`.
    let pinned = |requirement: &str, lock: Option<&str>| {
        write(
            root,
            "pyproject.toml",
            &format!(
                "[project]\nname = \"p\"\nversion = \"0.1.0\"\ndependencies = [\"{requirement}\"]\n"
            ),
        );
        match lock {
            Some(v) => write(
                root,
                "uv.lock",
                &format!("version = 1\n\n[[package]]\nname = \"mcp\"\nversion = \"{v}\"\n"),
            ),
            None => {
                let _ = std::fs::remove_file(root.join("uv.lock"));
            }
        }
        let out = Command::new(bin())
            .current_dir(root)
            .args(["lint", "--spec", "2025-06-18", "ask.py"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().contains("W115")
    };
    assert!(!pinned("mcp==1.22.0", None));
    assert!(!pinned("mcp>=1.9,<1.23", None));
    assert!(!pinned("mcp>=1.9", Some("1.22.0")));
    assert!(pinned("mcp>=1.9", None));
    assert!(pinned("mcp>=1.9", Some("1.23.0")));
}
