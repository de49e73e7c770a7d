//! `mcp-elicit lint` on source files: elicitations read from TypeScript,
//! JavaScript, Python, Go, Rust, C#, Java and Kotlin, each finding at the place in the source a person
//! would fix (tests/fixtures/source/, each fixture naming the server whose
//! pattern it follows), inline suppressions, `--show-source` and hostile
//! source. The emulations checked against Pydantic, FastMCP, rmcp and the
//! Zod converters themselves: the peers tier (tests/peers/source_lint.rs).

use std::path::Path;
use std::process::Command;

use crate::support::{bin, fixture, root};

/// `line:col CODE` of every diagnostic `lint --format json` reports.
fn reported(path: &Path) -> (Option<i32>, Vec<String>) {
    let out = Command::new(bin())
        .args(["lint", "--format", "json", "--quiet", "--show-unknown"])
        .arg(path)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: not JSON ({e}): {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let found = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}:{} {}",
                d["line"],
                d["column"],
                d["code"].as_str().unwrap()
            )
        })
        .collect();
    (out.status.code(), found)
}

#[test]
fn each_fixture_reports_exactly_at_its_source_places() {
    let cases: &[(&str, &[&str])] = &[
        // TypeScript: a literal straight into elicitInput.
        (
            "everything_elicitation.ts",
            &["18:11 W310", "23:18 E206", "25:42 E406", "27:26 E124"],
        ),
        ("everything_elicitation_fixed.ts", &[]),
        // `const` identifiers followed across the file.
        ("sdk_collect_user_info.ts", &["10:3 W601"]),
        // A helper with the caller's message: that part is a note, at the
        // call.
        ("confirm_helper.ts", &["16:24 N006"]),
        // JavaScript: a raw elicitation/create request literal.
        ("raw_send_request.js", &["13:11 E122", "16:48 E306"]),
        // Zod schemas converted by zod-to-json-schema (spread) and
        // z.toJSONSchema: the root additionalProperties they add, at the
        // z.object call.
        ("zod_spread.ts", &["8:18 E122"]),
        ("zod4_direct.ts", &["7:16 E122"]),
        // Zod 4's string formats write a `pattern`; `.positive()` an
        // exclusive bound; a password in the form.
        (
            "zod4_register.ts",
            &["8:22 E122", "10:21 W210", "11:3 W601", "13:27 E208"],
        ),
        // A `.refine()`d schema spread and its `properties` read back from
        // the conversion; a schema bound in two methods, each read where it
        // is used, one with a description built at run time (a note for
        // that description alone).
        (
            "zod_refine_spread.ts",
            &[
                "11:28 E122",
                "14:5 W601",
                "15:5 W601",
                "34:27 E122",
                "37:12 N006",
                "48:27 E122",
            ],
        ),
        // Minified: a `var` never assigned again holds its value, in the
        // scope its use sees; a `let` assigned again is not followed.
        ("minified_var.js", &["5:33 W126", "5:99 N006", "6:108 N006"]),
        // A static member holding the schema (a class field, and the
        // assignment a compiler emits for it); one changed in place is not
        // followed.
        ("static_member_schema.js", &["10:30 N006", "25:13 W310"]),
        // A builder called without arguments: what it returns, where it
        // returns it; one with two ways out, or changed after it is built,
        // is a note.
        (
            "builder_function.ts",
            &["10:28 W601", "17:61 E406", "38:9 N006", "39:9 N006"],
        ),
        // A parameter, a loop's variable or an arrow's parameter named as a
        // module-level schema is not that schema.
        ("param_shadows_const.ts", &["18:11 N006", "23:3 N006"]),
        // Zod options built at run time leave only the enum unknown: the
        // converter writes the rest (the root `additionalProperties`).
        ("zod_runtime_enum.js", &["12:33 E122", "17:16 N006"]),
        // Computed keys whose value is a constant are read; one computed
        // at run time leaves the members written before it unknown (it may
        // replace them).
        (
            "computed_key.js",
            &["13:26 N006", "29:13 W310", "31:9 W601"],
        ),
        (
            "static_member_schema.ts",
            &["15:9 W310", "24:26 N006", "39:12 N006"],
        ),
        ("suppressed.ts", &["12:9 W601"]),
        // A helper whose caller gives the message, the field and its
        // options: one note for the elicitation, not one per value.
        ("elicit_helper.ts", &["17:10 N006"]),
        // The TypeScript SDK v2's InputRequiredResult: the outer
        // `inputRequired({...})` is not params; each helper call inside
        // `inputRequests` (a computed key) is one, in form or URL mode.
        ("input_required.ts", &["16:22 N006", "26:14 W506"]),
        // Spreads and computed keys: what they may bring makes the rules
        // that need a key's absence abstain (no message, no schema, a URL
        // key without a known mode, a `required` name); what is written
        // after a spread is still checked.
        (
            "spread_params.ts",
            &[
                "12:3 N006",
                "14:3 N006",
                "16:3 N006",
                "25:3 N006",
                "34:3 N006",
                "39:18 E124",
                "43:3 N006",
            ],
        ),
        // Python: a Pydantic model (root title on the class line, its
        // docstring, a Field(...) line), the official SDK.
        (
            "python_sdk_book_table.py",
            &[
                "12:7 E122",
                "13:5 E122",
                "20:37 E403",
                "20:43 E406",
                "27:24 N006",
            ],
        ),
        // One model reused by two tools: reported once.
        ("python_sdk_reused_model.py", &["15:7 E122", "17:5 W601"]),
        // FastMCP shorthands and models.
        ("fastmcp_shorthands.py", &["12:7 E208", "21:67 E206"]),
        (
            "fastmcp_models.py",
            &[
                "24:7 E122",
                "30:20 E122",
                "35:7 E122",
                "36:5 E122",
                "42:36 E208",
                "42:42 E208",
            ],
        ),
        ("fastmcp_confirm.py", &[]),
        // `response_type=None`: the empty form FastMCP 2.x-3.x send.
        ("fastmcp_none.py", &["13:20 N006", "13:66 W126"]),
        // `Model.model_json_schema()` given as `requestedSchema` (through a
        // local name, and directly): Pydantic's own rendering, its
        // `Optional` union at the field.
        (
            "agent_model_json_schema.py",
            &["11:7 E122", "12:5 E122", "16:5 E202"],
        ),
        ("lowlevel_dict_schema.py", &[]),
        // A request written as a dict (a 2026-07-28 input request built by
        // hand): its params as written; another method says nothing.
        ("input_required_dict.py", &["26:25 E122"]),
        // A `**` splat into properties: a `required` name it may hold is
        // not reported; one beside known properties is.
        ("splat_dict_schema.py", &["12:11 N006", "25:26 E124"]),
        ("suppressed.py", &[]),
        // Go: the official SDK's jsonschema.Schema literals, mcp-go's maps.
        ("gosdk_confirm.go", &["18:4 E122", "19:16 W126"]),
        // A root Title, an ExclusiveMinimum and an API key, each said in
        // the Go SDK's terms.
        ("gosdk_config.go", &["20:4 E122", "23:40 E208", "24:5 W601"]),
        (
            "gosdk_profile.go",
            &["21:41 E406", "22:58 E304", "23:74 E402", "25:31 E124"],
        ),
        ("mcpgo_survey.go", &[]),
        // Names followed to their one binding in the file (a `:=` in the
        // function, package-level vars, a const message): each finding
        // where its value is written. A schema changed after it is bound,
        // a name bound again and a parameter stay unknown.
        (
            "gosdk_bound_schema.go",
            &[
                "22:9 E204",
                "27:73 E404",
                "34:32 E124",
                "53:28 N006",
                "61:28 N006",
            ],
        ),
        // URLElicitationRequiredError of both SDKs: each element of the
        // slice is one URL-mode elicitation (mcp-go's mode constant read,
        // an unknown mode assumes neither mode); a schema set after the
        // literal is unknown, not missing.
        (
            "url_elicitation_required.go",
            &[
                "22:5 N006",
                "35:5 N006",
                "40:3 N006",
                "43:19 W506",
                "51:13 N006",
            ],
        ),
        // Rust: rmcp's `elicit::<T>` (the root title schemars derives from
        // the struct's name and its doc comment, at the struct; a field at
        // its line), a computed message, a type of another module and one
        // left to inference as notes; builder chains (at the `.title(..)` and the property's
        // name) and `from_type`.
        (
            "rmcp_user_info.rs",
            &[
                "11:12 E122",
                "11:12 E122",
                "15:9 W601",
                "36:10 N006",
                "43:10 N006",
                "49:44 N006",
            ],
        ),
        ("rmcp_builder_confirm.rs", &[]),
        // An object with a `requestedSchema` given to a helper of the
        // server's own: its schema is judged, its other keys (the helper's
        // `server`, `meta`) are not params, and nothing it lacks is missing.
        ("helper_options.js", &["9:50 N006", "16:62 E304"]),
        // Properties filled in a loop after `const properties = {}`: not an
        // empty form, but unknown.
        ("mutated_properties.js", &["13:10 N006"]),
        (
            "rmcp_builder_contact.rs",
            &["14:16 E122", "17:26 W601", "23:12 E122"],
        ),
        // C#: the SDK's typed schema classes through `using static`, a
        // schema bound to a local (clean); inline classes with a legacy
        // `enumNames`, a format the spec does not have, a token asked in
        // form mode, a `required` name that is no property, and bounds
        // computed at run time (a note at the `new ElicitRequestParams`).
        ("csharp_sdk_interactive.cs", &[]),
        (
            "csharp_guess_game.cs",
            &[
                "24:25 W310",
                "26:81 E211",
                "27:22 W601",
                "29:38 E124",
                "33:46 N006",
            ],
        ),
        // `ElicitAsync<T>`: the SDK refuses a nullable and a nested
        // property before sending (E212 at the property's type), and asks
        // for a password in form mode, the only mode it has.
        (
            "csharp_typed_form.cs",
            &["22:12 E212", "23:12 E212", "24:19 W601"],
        ),
        // Java: Map.of schemas bound to locals of the same name in two
        // methods (each use sees its own); a clean one, then a legacy
        // `enumNames`, a password, inverted bounds and a `required` name
        // that is no property; the message read from the call's arguments
        // is a note.
        (
            "java_sdk_conformance.java",
            &[
                "32:73 W310",
                "34:5 W601",
                "35:50 E406",
                "36:34 E124",
                "37:37 N006",
            ],
        ),
        // Kotlin: typed properties of 0.11 on (a clean tool, then a
        // repeated option, a legacy `enumNames`, a default below its
        // minimum, a message read from the arguments), and 0.10's
        // buildJsonObject properties (an API key, a nested object).
        (
            "kotlin_sdk_conformance.kt",
            &["31:56 E304", "32:21 W310", "34:65 E403", "37:22 N006"],
        ),
        (
            "kotlin_sdk_json_properties.kt",
            &["19:31 W601", "21:33 E204"],
        ),
    ];
    let mut failures = Vec::new();
    for (name, want) in cases {
        let path = fixture(&format!("source/{name}"));
        let (code, got) = reported(&path);
        let want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        // Errors fail the run; warnings and notes do not (`--fail-on error`).
        let want_code = if want.iter().any(|w| w.contains(" E")) {
            1
        } else {
            0
        };
        if got != want || code != Some(want_code) {
            failures.push(format!(
                "{name}: exit {code:?}, reported {got:?}, expected {want:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `line:col CODE message` of every diagnostic `lint --format json`
/// reports on a fixture, under the revision `spec`.
fn messages(name: &str, spec: &str) -> Vec<String> {
    let out = Command::new(bin())
        .args(["lint", "--format", "json", "--quiet", "--spec", spec])
        .arg(fixture(&format!("source/{name}")))
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}:{} {} {}",
                d["line"],
                d["column"],
                d["code"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        })
        .collect()
}

/// A finding about a schema a converter or an SDK wrote says its fix in
/// the terms of the code that made it (src/source/fixes.rs): the Zod
/// converters' options, rmcp's `from_type` and `elicit_url`, the Go SDK's
/// `jsonschema.Schema` fields and `ElicitParams`, the Java SDK's
/// `ElicitUrlRequest`, the Kotlin SDK's URL overload and titled enum class;
/// the place and the code stay those of the rule.
#[test]
fn fixes_are_said_in_the_authors_terms() {
    let cases: &[(&str, &str, &str, &[&str])] = &[
        (
            "zod_spread.ts",
            "2026-07-28",
            "8:18 E122",
            &["zodToJsonSchema(schema, { rejectedAdditionalProperties: undefined })"],
        ),
        (
            "zod4_direct.ts",
            "2026-07-28",
            "7:16 E122",
            &["z.toJSONSchema(schema, { io: \"input\" })"],
        ),
        (
            "zod4_direct.ts",
            "2025-06-18",
            "E122 `$schema`",
            &["const { $schema, ...requestedSchema } = z.toJSONSchema(schema)"],
        ),
        (
            "zod4_register.ts",
            "2026-07-28",
            "10:21 W210",
            &["z.toJSONSchema(schema, { override: (ctx) => { delete ctx.jsonSchema.pattern } })"],
        ),
        (
            "zod_refine.ts",
            "2026-07-28",
            "10:24 E208",
            &[
                "Zod writes it for `.gt(n)` and `.positive()`: write `.min(n)`",
                "(allowed: type,",
            ],
        ),
        (
            "zod_refine_spread.ts",
            "2026-07-28",
            "15:5 W601",
            &[
                "take `password` out of the Zod schema",
                "server.elicitInput({ mode: \"url\",",
            ],
        ),
        (
            "rmcp_user_info.rs",
            "2026-07-28",
            "11:12 E122 `title`",
            &[
                "schemars writes the name of `AccountInfo` there",
                "let mut schema = ElicitationSchema::from_type::<AccountInfo>()?; schema.title = None;",
                "peer.create_elicitation(ElicitRequestParams::FormElicitationParams {",
            ],
        ),
        (
            "rmcp_user_info.rs",
            "2026-07-28",
            "11:12 E122 `description`",
            &["make it a `//` comment", "schema.description = None;"],
        ),
        (
            "rmcp_user_info.rs",
            "2026-07-28",
            "15:9 W601",
            &[
                "take `api_token` out of `AccountInfo`",
                "peer.elicit_url(message, url, elicitation_id)",
            ],
        ),
        (
            "rmcp_builder_contact.rs",
            "2026-07-28",
            "14:16 E122",
            &["remove `.title(...)` from the `ElicitationSchema::builder()` chain"],
        ),
        (
            "gosdk_config.go",
            "2026-07-28",
            "20:4 E122",
            &[
                "remove the `Title` field of the `jsonschema.Schema` and say it in the params' `Message`",
            ],
        ),
        (
            "gosdk_config.go",
            "2026-07-28",
            "23:40 E208",
            &["remove the `ExclusiveMinimum` field of its `jsonschema.Schema`"],
        ),
        (
            "gosdk_config.go",
            "2026-07-28",
            "24:5 W601",
            &["ss.Elicit(ctx, &mcp.ElicitParams{Message: ..., URL: ..., ElicitationID: ...})"],
        ),
        (
            "java_sdk_conformance.java",
            "2026-07-28",
            "34:5 W601",
            &[
                "the Java SDK 1.x's `ElicitRequest` asks in form mode only",
                "new ElicitUrlRequest(message, url, elicitationId, null)",
            ],
        ),
        (
            "kotlin_sdk_json_properties.kt",
            "2026-07-28",
            "19:31 W601",
            &[
                "the Kotlin SDK 0.10 asks in form mode only",
                "createElicitation(message, elicitationId, url)",
            ],
        ),
        (
            "kotlin_sdk_conformance.kt",
            "2026-07-28",
            "32:21 W310",
            &[
                "TitledSingleSelectEnumSchema(oneOf = listOf(EnumOption(const = value, title = label), ...))",
            ],
        ),
    ];
    let mut failures = Vec::new();
    for (name, spec, at, want) in cases {
        let got = messages(name, spec);
        let (place, rest) = at.split_once(' ').unwrap();
        let found = got.iter().find(|m| {
            if place.starts_with('E') || place.starts_with('W') {
                m.contains(&format!(" {place} {rest}"))
            } else {
                m.starts_with(&format!("{place} {rest}"))
            }
        });
        match found {
            None => failures.push(format!("{name} ({spec}): no `{at}` in {got:#?}")),
            Some(m) => {
                for w in *want {
                    if !m.contains(w) {
                        failures.push(format!("{name}: `{m}` does not say `{w}`"));
                    }
                }
                for json in [
                    "\"mode\": \"url\"",
                    "put it in the params' `message`",
                    "; remove it (",
                ] {
                    if m.contains(json) {
                        failures.push(format!("{name}: `{m}` still says `{json}`"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The project's metadata says which SDK a helper's `ctx` is: a FastMCP
/// project's `ctx.elicit(message, schema=Model)` raises TypeError and
/// sends nothing (a note, not the official SDK's schema), while the same
/// model given as `response_type=` is judged as FastMCP sends it.
#[test]
fn the_project_says_which_sdk_a_helper_calls() {
    let project = fixture("projects/fastmcp-helper");
    let (code, got) = reported(&project);
    assert_eq!(code, Some(1));
    assert_eq!(got, ["9:7 E122", "10:5 E122", "16:20 N006"]);
    let out = Command::new(bin())
        .args(["lint", "--show-unknown", "--quiet"])
        .arg(project.join("src/gate/confirm.py"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("16:20: note[N006] FastMCP's ctx.elicit() takes no `schema=`"),
        "{stdout}"
    );
    // The same file in a project on the official SDK is its call: the
    // model is sent (the note only says the message is the caller's).
    let sdk = tempfile::tempdir().unwrap();
    std::fs::write(
        sdk.path().join("pyproject.toml"),
        "[project]\nname = \"s\"\ndependencies = [\"mcp>=1.9\", \"fastmcp\"]\n",
    )
    .unwrap();
    std::fs::copy(
        project.join("src/gate/confirm.py"),
        sdk.path().join("confirm.py"),
    )
    .unwrap();
    let out = Command::new(bin())
        .args(["lint", "--show-unknown", "--quiet"])
        .arg(sdk.path().join("confirm.py"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("takes no `schema=`"), "{stdout}");
    assert!(stdout.contains("16:20: note[N006]"), "{stdout}");
}

#[test]
fn every_fixture_is_checked_and_names_its_server() {
    let dir = fixture("source");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("suppressed") {
            continue;
        }
        assert!(
            text.contains("in the manner of"),
            "{name} does not say whose pattern it follows"
        );
    }
}

#[test]
fn directories_are_walked_for_source_files() {
    let out = Command::new(bin())
        .current_dir(root())
        .args([
            "lint",
            "--quiet",
            "--format",
            "json",
            "tests/fixtures/source",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let paths: std::collections::BTreeSet<&str> = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    for f in [
        "tests/fixtures/source/everything_elicitation.ts",
        "tests/fixtures/source/raw_send_request.js",
        "tests/fixtures/source/python_sdk_book_table.py",
    ] {
        assert!(paths.contains(f), "{f} not linted in the walk: {paths:?}");
    }
}

#[test]
fn show_source_prints_the_params_the_server_sends() {
    let out = Command::new(bin())
        .current_dir(root())
        .args([
            "lint",
            "--show-source",
            "tests/fixtures/source/sdk_collect_user_info.ts",
            "tests/fixtures/source/fastmcp_confirm.py",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        serde_json::json!({
            "path": "tests/fixtures/source/sdk_collect_user_info.ts",
            "line": 21, "column": 26,
            "params": {
                "message": "Create your account",
                "requestedSchema": {
                    "type": "object",
                    "properties": {
                        "username": {"type": "string", "title": "Username", "minLength": 3},
                        "email": {"type": "string", "title": "Email", "format": "email"},
                        "password": {"type": "string", "title": "Password", "minLength": 8}
                    },
                    "required": ["username", "email", "password"]
                },
                // The SDK adds it (no package.json says which SDK: the
                // newest).
                "mode": "form"
            }
        })
    );
    assert_eq!(lines[1]["generator"], "fastmcp");
    assert_eq!(lines[1]["origin"], "bool");
    assert_eq!(
        lines[1]["params"],
        serde_json::json!({
            "mode": "form",
            "message": "Delete this bucket and everything in it?",
            "requestedSchema": {
                "properties": {"value": {"title": "Value", "type": "boolean"}},
                "required": ["value"],
                "type": "object"
            }
        })
    );
}

/// `ElicitAsync<T>` in `--show-source`: the params the C# SDK builds from
/// the type, with the generator and what it was given.
#[test]
fn show_source_names_the_csharp_generator() {
    let out = Command::new(bin())
        .current_dir(root())
        .args([
            "lint",
            "--show-source",
            "tests/fixtures/source/csharp_typed_form.cs",
        ])
        .output()
        .unwrap();
    let line: serde_json::Value =
        serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    assert_eq!(line["generator"], "csharp-sdk");
    assert_eq!(line["origin"], "ElicitAsync<SignupForm>");
    assert_eq!(
        line["params"],
        serde_json::json!({
            "mode": "form",
            "message": "Create your account",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "fullName": {"type": "string"},
                    "plan": {"type": "string", "enum": ["Free", "Team"]},
                    "newsletter": {"type": "boolean"},
                    "password": {"type": "string"}
                }
            }
        })
    );
}

/// C#, Java and Kotlin files that ask nothing: one that names no
/// elicitation, one whose names only look like one, and half-written ones
/// (no panic, no finding invented).
#[test]
fn csharp_java_kotlin_without_an_elicitation_say_nothing() {
    let cases: &[(&str, &[u8])] = &[
        ("Plain.cs", b"namespace Shop;\npublic class Cart { public int Count { get; set; } }\n"),
        (
            "ElicitationLog.java",
            b"class ElicitationLog {\n  void record(String requestedSchema) { System.out.println(requestedSchema); }\n}\n",
        ),
        (
            "Audit.kt",
            b"fun elicitationCount(xs: List<String>): Int = xs.count { it.startsWith(\"elicit\") }\n",
        ),
        (
            "Half.cs",
            b"class T { async Task M(McpServer s) { await s.ElicitAsync(new ElicitRequestParams { Message = \"Pick\", RequestedSchema = new RequestSchema { Properties = { [\"a\"] = new StringSchema {",
        ),
        (
            "Half.java",
            b"class T { void m(McpSyncServerExchange e) { e.createElicitation(new ElicitRequest(\"Pick\", Map.of(\"type\", \"object\", \"properties\", Map.of(",
        ),
        (
            "Half.kt",
            b"fun Server.t() { addTool(name = \"t\") { createElicitation(\"Pick\", ElicitRequestParams.RequestedSchema(properties = mapOf(\"a\" to StringSchema(",
        ),
    ];
    for (name, bytes) in cases {
        let (code, stdout, stderr) = lint_generated(name, bytes);
        assert!(matches!(code, Some(0 | 1)), "{name}: {code:?} {stderr}");
        assert!(
            !stdout.contains("error[") && !stdout.contains("warning["),
            "{name}: {stdout}"
        );
        if !name.starts_with("Half") {
            assert_eq!(code, Some(0), "{name}: {stdout}{stderr}");
            assert!(stdout.trim().is_empty(), "{name}: {stdout}");
        }
    }
}

fn lint_generated(name: &str, bytes: &[u8]) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(bin())
        .args(["lint", "--format", "concise", "--show-unknown"])
        .arg(&path)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn hostile_fifty_megabytes_of_minified_javascript() {
    // A bundle: 50 MB on one line, with one elicitation at its very end.
    // Only windows around the names an elicitation is written with are
    // parsed, so memory stays near the file's own size (a whole parse of
    // minified code takes about 100 times it).
    let mut js = Vec::with_capacity(51 << 20);
    let chunk = b"var a0=function(b){return b+1},c0={d:[1,2,3],e:\"x\"};";
    while js.len() < 50 << 20 {
        js.extend_from_slice(chunk);
    }
    let at = js.len();
    js.extend_from_slice(
        b"s.elicitInput({message:\"m\",requestedSchema:{type:\"object\",properties:{password:{type:\"string\"}}}});",
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bundle.min.js");
    std::fs::write(&path, &js).unwrap();
    drop(js);
    let out = crate::support::peak_rss_command()
        .arg(bin())
        .args(["lint", "--format", "concise"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    // The property's column, in characters, on the one line.
    let column =
        at + "s.elicitInput({message:\"m\",requestedSchema:{type:\"object\",properties:{".len() + 1;
    assert!(
        stdout.contains(&format!("bundle.min.js:1:{column}: warning[W601]")),
        "{stdout}"
    );
    let peak_kb: u64 = stderr.lines().last().unwrap().trim().parse().unwrap();
    assert!(
        peak_kb < 400 * 1024,
        "peak RSS {peak_kb} kB for a 50 MB file: {stderr}"
    );
}

#[test]
fn hostile_one_class_of_25000_members_that_name_elicit() {
    // A module that is one class (as a large connector is written), every
    // member naming `elicit`, and one real elicitation at its end. Each
    // match is read in the class's header and its own member, and the
    // class's lines are laid out once, not once per match (that took
    // minutes).
    let mut py = String::from(
        "from mcp.server.mcpserver import Context\nfrom pydantic import BaseModel\n\n\nclass Pick(BaseModel):\n    password: str\n\n\nclass Big:\n",
    );
    for i in 0..25_000 {
        py.push_str(&format!(
            "    def m{i}(self):\n        return self.elicit\n"
        ));
    }
    py.push_str(
        "    async def ask(self, ctx: Context):\n        return await ctx.elicit(\"m\", Pick)\n",
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("connector.py");
    std::fs::write(&path, &py).unwrap();
    // The bound only catches a quadratic layout, which takes minutes here.
    let start = std::time::Instant::now();
    let out = Command::new(bin())
        .args(["lint", "--format", "concise"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("connector.py:5:7: error[E122]"), "{stdout}");
    assert!(
        stdout.contains("connector.py:6:5: warning[W601]"),
        "{stdout}"
    );
}

#[test]
fn hostile_deeply_nested_literal() {
    let depth = 20_000;
    let mut ts = String::from(
        "server.elicitInput({message: \"m\", requestedSchema: {type: \"object\", properties: {a: ",
    );
    for _ in 0..depth {
        ts.push_str("{x: ");
    }
    ts.push('1');
    for _ in 0..depth {
        ts.push('}');
    }
    ts.push_str("}}});\n");
    let (code, stdout, stderr) = lint_generated("deep.ts", ts.as_bytes());
    assert!(matches!(code, Some(0 | 1)), "{code:?} {stderr}");
    assert!(stdout.contains("N006"), "{stdout}");
    assert!(stdout.contains("nested more than"), "{stdout}");

    let mut py = String::from(
        "async def f(session):\n    await session.elicit_form(message=\"m\", requested_schema=",
    );
    for _ in 0..depth {
        py.push('[');
    }
    for _ in 0..depth {
        py.push(']');
    }
    py.push_str(")\n");
    let (code, _, stderr) = lint_generated("deep.py", py.as_bytes());
    assert!(matches!(code, Some(0 | 1)), "{code:?} {stderr}");
}

#[test]
fn hostile_invalid_utf8_and_wrong_language() {
    // Invalid UTF-8 before the model: lines keep their numbers.
    let mut py = b"# caf\xe9 \xff\xfe\nfrom pydantic import BaseModel\n\n".to_vec();
    py.extend_from_slice(b"class Ask(BaseModel):\n    token: str\n\nasync def f(ctx):\n    await ctx.elicit(\"m\", Ask)\n");
    let (code, stdout, stderr) = lint_generated("bad.py", &py);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stdout.contains("bad.py:4:7: error[E122]"), "{stdout}");
    assert!(stdout.contains("bad.py:5:5: warning[W601]"), "{stdout}");

    // Python in a .ts file, and binary noise in a .js file: no panic, no
    // invented finding.
    let (code, stdout, stderr) = lint_generated(
        "wrong.ts",
        b"class Ask(BaseModel):\n    token: str\n\nawait ctx.elicit(\"m\", Ask)\n",
    );
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let noise: Vec<u8> = (0..200_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .chain(b"elicitInput({requestedSchema:".iter().copied())
        .collect();
    let (code, _, stderr) = lint_generated("noise.js", &noise);
    assert!(matches!(code, Some(0 | 1)), "{code:?} {stderr}");
}

/// Most of a file that elicits is not parsed when the literal is written
/// inline; a reading that needs more of the file (a `const` or a model
/// defined elsewhere, a name bound twice) falls back to the whole file,
/// with the same findings at the same places.
/// Rust that would drive a recursive parser off its stack (a type nested
/// 20,000 deep, 100,000 unary minuses, 200,000 nested parentheses), invalid
/// UTF-8 and a file that is not Rust: each is a note, never a crash.
#[test]
fn hostile_rust_source() {
    let n = 20_000;
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "nested_type.rs",
            format!(
                "struct T {{ a: {}u8{} }}\nfn f() {{ peer.elicit::<T>(\"m\"); }}\n",
                "Vec<".repeat(n),
                ">".repeat(n)
            )
            .into_bytes(),
            "1:1 N006",
        ),
        (
            "unary.rs",
            format!(
                "fn f() {{ peer.elicit::<T>(\"m\"); let x = {}1; }}\n",
                "-".repeat(100_000)
            )
            .into_bytes(),
            "1:15 N006",
        ),
        (
            "parens.rs",
            format!(
                "fn f() {{ peer.elicit::<T>(\"m\"); let x = {}1{}; }}\n",
                "(".repeat(200_000),
                ")".repeat(200_000)
            )
            .into_bytes(),
            "1:168 N006",
        ),
        (
            "invalid_utf8.rs",
            b"/// \xff\xfe\nstruct T { a: String }\nfn f() { peer.elicit::<T>(\"m\"); }\n".to_vec(),
            "",
        ),
        (
            "not_rust.rs",
            b"const x = {a: \"unterminated, peer.elicit(\n".to_vec(),
            "1:15 N006",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes, first) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let (code, got) = reported(&path);
        assert!(matches!(code, Some(0) | Some(1)), "{name}: exit {code:?}");
        if !first.is_empty() {
            assert_eq!(
                got.first().map(String::as_str),
                Some(first),
                "{name}: {got:?}"
            );
        }
    }
}

#[test]
fn partial_reading_falls_back_to_the_whole_file() {
    let filler: String = (0..300)
        .map(|i| format!("export function f{i}(x: number): number {{\n  return x * {i};\n}}\n"))
        .collect();
    let filler_lines = 900;
    // Inline: the statement alone is read.
    let inline = format!(
        "{filler}export async function ask(server: Server) {{\n  return server.elicitInput({{\n    message: \"m\",\n    requestedSchema: {{ type: \"object\", properties: {{ password: {{ type: \"string\" }} }} }},\n  }});\n}}\n"
    );
    let (_, stdout, _) = lint_generated("inline.ts", inline.as_bytes());
    assert!(
        stdout.contains(&format!("inline.ts:{}:54: warning[W601]", filler_lines + 4)),
        "{stdout}"
    );
    // A const at the top of the file, far from the call.
    let far = format!(
        "const fields = {{\n  token: {{ type: \"string\" }},\n}};\n{filler}export async function ask(server: Server) {{\n  return server.elicitInput({{\n    message: \"m\",\n    requestedSchema: {{ type: \"object\", properties: fields, required: [\"nope\"] }},\n  }});\n}}\n"
    );
    let (_, stdout, _) = lint_generated("far.ts", far.as_bytes());
    assert!(stdout.contains("far.ts:2:3: warning[W601]"), "{stdout}");
    assert!(
        stdout.contains(&format!("far.ts:{}:71: error[E124]", filler_lines + 7)),
        "{stdout}"
    );
    // The same name bound in two functions: the call sees its own.
    let twice = format!(
        "function a() {{\n  const fields = {{ x: {{ type: \"string\" }} }};\n  return fields;\n}}\n{filler}export async function ask(server: Server) {{\n  const fields = {{ password: {{ type: \"string\" }} }};\n  return server.elicitInput({{\n    message: \"m\",\n    requestedSchema: {{ type: \"object\", properties: fields }},\n  }});\n}}\n"
    );
    let (_, stdout, _) = lint_generated("twice.ts", twice.as_bytes());
    assert!(
        stdout.contains(&format!("twice.ts:{}:20: warning[W601]", filler_lines + 6)),
        "{stdout}"
    );
    assert!(!stdout.contains("N006"), "{stdout}");
    // Python: the model is defined far from the call.
    let py_filler: String = (0..300)
        .map(|i| format!("def f{i}(x):\n    return x * {i}\n\n"))
        .collect();
    let py = format!(
        "from pydantic import BaseModel\n\n\nclass Ask(BaseModel):\n    api_key: str\n\n\n{py_filler}async def ask(ctx):\n    return await ctx.elicit(\"m\", Ask)\n"
    );
    let (_, stdout, _) = lint_generated("far.py", py.as_bytes());
    assert!(stdout.contains("far.py:4:7: error[E122]"), "{stdout}");
    assert!(stdout.contains("far.py:5:5: warning[W601]"), "{stdout}");
    // A name bound to `model_json_schema()` in a statement of the function
    // before the one that sends it (a window reads only the latter).
    let bound = format!(
        "from pydantic import BaseModel\n\n\nclass Ask(BaseModel):\n    api_key: str\n\n\n{py_filler}async def ask(session):\n    schema = Ask.model_json_schema()\n    return await session.elicit(message=\"m\", requestedSchema=schema)\n"
    );
    let (_, stdout, _) = lint_generated("bound.py", bound.as_bytes());
    assert!(stdout.contains("bound.py:4:7: error[E122]"), "{stdout}");
    assert!(stdout.contains("bound.py:5:5: warning[W601]"), "{stdout}");
}

/// `mcp-elicit.toml` and `[tool.mcp-elicit]` in `pyproject.toml`, found by
/// walking up from each file: `ignore`, `exclude`, `select` and `spec`, the
/// command line winning, and a bad key reported with its place.
#[test]
fn configuration_files_are_found_walking_up() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("app/src/vendor")).unwrap();
    std::fs::create_dir_all(d.join("py/pkg")).unwrap();
    std::fs::copy(
        fixture("source/sdk_collect_user_info.ts"),
        d.join("app/src/register.ts"),
    )
    .unwrap();
    std::fs::copy(
        fixture("source/everything_elicitation.ts"),
        d.join("app/src/vendor/everything.ts"),
    )
    .unwrap();
    std::fs::write(
        d.join("app/mcp-elicit.toml"),
        "ignore = [\"W601\"]\nexclude = [\"src/vendor/**\"]\n",
    )
    .unwrap();
    std::fs::copy(
        fixture("source/python_sdk_book_table.py"),
        d.join("py/pkg/book.py"),
    )
    .unwrap();
    std::fs::write(
        d.join("py/pyproject.toml"),
        "[project]\nname = \"book\"\n\n[tool.mcp-elicit]\nselect = [\"E4\"]\nspec = \"2025-06-18\"\n",
    )
    .unwrap();
    let lint = |args: &[&str]| {
        let out = Command::new(bin())
            .current_dir(d)
            .arg("lint")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stdout, stderr) = lint(&["app", "py"]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert_eq!(
        stdout,
        "py/pkg/book.py:17:17: error[E401] `default` on a string property is allowed from 2025-11-25, not in 2025-06-18 (which allows defaults on booleans only); remove it\n\
         py/pkg/book.py:20:37: error[E401] `default` on a number property is allowed from 2025-11-25, not in 2025-06-18 (which allows defaults on booleans only); remove it\n\
         py/pkg/book.py:20:37: error[E403] `default` of `party_size` is 2, outside 1 to 0\n\
         py/pkg/book.py:20:43: error[E406] `minimum` (1) is greater than `maximum` (0), so no value fits; swap or fix them\n"
    );
    assert_eq!(
        stderr,
        "Checked 2 files: 4 errors, 0 warnings and 0 notes in 1 file.\n"
    );
    // The command line wins over the file.
    let (_, stdout, _) = lint(&["--ignore", "E124", "app/src/register.ts"]);
    assert!(
        stdout.contains("register.ts:10:3: warning[W601]"),
        "{stdout}"
    );
    // A misspelt key is a usage error naming the file and place.
    std::fs::write(
        d.join("app/mcp-elicit.toml"),
        "spec = \"2025-11-25\"\nignor = [\"W601\"]\n",
    )
    .unwrap();
    let (code, _, stderr) = lint(&["app"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("app/mcp-elicit.toml:2:1: unknown field `ignor`"),
        "{stderr}"
    );
}

/// `--hosts` and the host matrix see the elicitations of source files too.
#[test]
fn host_matrix_has_rows_for_source_files() {
    let out = Command::new(bin())
        .current_dir(root())
        .args(["lint", "--format", "hosts", "examples/source"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("| examples/source/booking_server.py:23 "),
        "{stdout}"
    );
    assert!(
        stdout.contains("| examples/source/deploy-server.ts:20 "),
        "{stdout}"
    );
    // Codex refuses the root title Pydantic adds (W803), at the class line.
    let out = Command::new(bin())
        .current_dir(root())
        .args([
            "lint",
            "--hosts",
            "codex",
            "examples/source/booking_server.py",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("examples/source/booking_server.py:12:7: warning[W803]"),
        "{stdout}"
    );
}
