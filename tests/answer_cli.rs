//! `mcp-elicit answer` without a terminal: scripted answers, fixed actions,
//! output modes, lint before answering and exit codes.

use snapbox::str;

use crate::support::{cmd, fixture, read};

fn answer() -> snapbox::cmd::Command {
    cmd().arg("answer")
}

/// `answer` in a session of its own, with no controlling terminal, wherever
/// the tests are run from: a form is drawn on the controlling terminal, and
/// one is shown for what a script leaves unanswered.
fn answer_without_a_terminal() -> snapbox::cmd::Command {
    snapbox::cmd::Command::new("python3")
        .with_assert(crate::support::assert())
        .env("NO_COLOR", "1")
        .args([
            "-c",
            "import os, sys; os.setsid(); os.execv(sys.argv[1], sys.argv[1:])",
            crate::support::bin(),
            "answer",
        ])
}

const REQUEST: &str = r#"{"jsonrpc": "2.0", "id": "req-7", "method": "elicitation/create",
  "params": {"message": "Where to?", "requestedSchema": {"type": "object",
    "properties": {"city": {"type": "string", "minLength": 2},
                   "nights": {"type": "integer", "minimum": 1, "maximum": 14, "default": 2}},
    "required": ["city"]}}}"#;

/// Two elicitations and a sampling request, with an odd-looking requestState.
const INPUT_REQUIRED: &str = r#"{"resultType": "input_required",
  "inputRequests": {
    "ask_city": {"method": "elicitation/create", "params": {"message": "City?",
      "requestedSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}},
    "summarise": {"method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 5}},
    "ask_ok": {"method": "elicitation/create", "params": {"message": "Sure?",
      "requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}}}
  },
  "requestState": {"z": 1.50,  "a" :[ "é\u00e9", 1e2 ]},
  "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "trips", "version": "1"}}}"#;

#[test]
fn defaults_answer_the_conformance_request_exactly() {
    answer()
        .arg("--defaults")
        .arg(fixture("corpus/conformance-sep1034-client-defaults.json"))
        .assert()
        .code(0)
        .stdout_eq(str![[r#"
{"action":"accept","content":{"name":"John Doe","age":30,"score":95.5,"status":"active","verified":true}}

"#]])
        .stderr_eq("");
}

#[test]
fn set_on_stdin_request_gives_a_response_with_the_same_id() {
    answer()
        .args(["--output", "response", "--defaults", "--set", "city=Lyon"])
        .stdin(REQUEST)
        .assert()
        .code(0)
        .stdout_eq(str![[r#"
{"jsonrpc":"2.0","id":"req-7","result":{"action":"accept","content":{"city":"Lyon","nights":2}}}

"#]]);
}

#[test]
fn answers_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.json");
    std::fs::write(&answers, r#"{"city": "Oslo", "nights": 3}"#).unwrap();
    answer()
        .arg("--answers")
        .arg(&answers)
        .stdin(REQUEST)
        .assert()
        .code(0)
        .stdout_eq(str![[r#"
{"action":"accept","content":{"city":"Oslo","nights":3}}

"#]]);
}

#[test]
fn decline_and_cancel_have_their_own_exit_codes() {
    answer()
        .args(["--action", "decline", "--output", "response"])
        .stdin(REQUEST)
        .assert()
        .code(3)
        .stdout_eq(str![[r#"
{"jsonrpc":"2.0","id":"req-7","result":{"action":"decline"}}

"#]]);
    answer()
        .args(["--action", "cancel"])
        .stdin(REQUEST)
        .assert()
        .code(4)
        .stdout_eq(str![[r#"
{"action":"cancel"}

"#]]);
}

#[test]
fn without_a_terminal_or_a_script_it_fails_at_once() {
    answer_without_a_terminal()
        .stdin(REQUEST)
        .assert()
        .code(2)
        .stdout_eq("")
        .stderr_eq(str![[r#"
error: no terminal to show the form on; answer from a script with --set KEY=VALUE, --answers FILE or --defaults, or give --action decline|cancel

"#]]);
}

#[test]
fn script_errors_name_the_field() {
    answer_without_a_terminal()
        .arg("--defaults")
        .stdin(REQUEST)
        .assert()
        .code(2)
        .stdout_eq("")
        .stderr_eq(str![[r#"
error: -: required field `city` has no default and no value; pass --set city=VALUE

"#]]);
    answer()
        .args(["--set", "citty=Lyon"])
        .stdin(REQUEST)
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: -: --set: the form has no field `citty` (did you mean `city`?); its fields are `city`, `nights`

"#]]);
    answer()
        .args(["--set", "city=Lyon", "--set", "nights=40"])
        .stdin(REQUEST)
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: -: the scripted answer cannot be accepted: `nights` is 40; it must be between 1 and 14

"#]]);
}

/// The fix named for each way a script fails: the option to give.
#[test]
fn script_errors_name_the_field_and_the_fix() {
    let request = r#"{"message": "x", "requestedSchema": {"type": "object", "properties": {
        "name": {"type": "string"}, "age": {"type": "integer", "maximum": 5}},
        "required": ["name"]}}"#;
    let stderr = |args: &[&str]| {
        let out = answer_without_a_terminal()
            .arg("-")
            .args(args)
            .stdin(request)
            .assert()
            .code(2)
            .get_output()
            .clone();
        String::from_utf8(out.stderr).unwrap()
    };
    assert_eq!(
        stderr(&["--defaults"]),
        "error: -: required field `name` has no default and no value; pass --set name=VALUE\n"
    );
    assert!(
        stderr(&["--set", "nmae=x"])
            .contains("--set: the form has no field `nmae` (did you mean `name`?)")
    );
    assert!(
        stderr(&["--set", "name=x", "--set", "age=old"])
            .contains("--set age=old: `age` takes a whole number")
    );
    assert!(stderr(&["--set", "name=x", "--set", "age=9"]).contains("it must be at most 5"));
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.json");
    std::fs::write(&answers, r#"{"name": 7}"#).unwrap();
    assert!(stderr(&["--answers", answers.to_str().unwrap()]).contains("`name` is a number"));
}

#[test]
fn a_request_that_breaks_the_spec_gets_the_json_rpc_error() {
    let bad = r#"{"jsonrpc": "2.0", "id": 9, "method": "elicitation/create",
      "params": {"message": "Address?", "requestedSchema": {"type": "object",
        "properties": {"address": {"type": "object"}}}}}"#;
    answer()
        .args(["--defaults"])
        .stdin(bad)
        .assert()
        .code(1)
        .stdout_eq(str![[r#"
{"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"Invalid params: the elicitation request does not conform to MCP 2025-11-25","data":{"findings":[{"code":"E204","name":"nested-object","message":"property `address` is an object; elicitation forms are flat, so give each of its fields its own top-level property","pointer":"/params/requestedSchema/properties/address/type","line":3,"column":44}]}}}

"#]])
        .stderr_eq(str![[r#"
-:3:44: error[E204] property `address` is an object; elicitation forms are flat, so give each of its fields its own top-level property
error: no form can be built from the request, so it is not answered; the JSON-RPC error a client owes is on stdout (--action decline|cancel answers it anyway)

"#]]);
    // Decline and cancel need no form.
    answer()
        .args(["--action", "cancel", "--output", "response"])
        .stdin(bad)
        .assert()
        .code(4)
        .stdout_eq(str![[r#"
{"jsonrpc":"2.0","id":9,"result":{"action":"cancel"}}

"#]]);
}

/// Pydantic, FastMCP and schemars put the model's name (and docstring) at
/// the root; TypeScript SDK clients show such forms, so `answer` does too.
const TITLED_ROOT: &str = r#"{"message": "Your name?", "requestedSchema": {"type": "object",
  "title": "Untidy", "description": "Left as Pydantic makes it.",
  "properties": {"name": {"type": "string", "title": "Name"}}, "required": ["name"]}}"#;

#[test]
fn a_root_title_is_reported_and_the_form_is_answered_all_the_same() {
    answer()
        .args(["--set", "name=Ada", "--spec", "2025-11-25"])
        .stdin(TITLED_ROOT)
        .assert()
        .code(0)
        .stdout_eq(str![[r#"
{"action":"accept","content":{"name":"Ada"}}

"#]])
        .stderr_eq(str![[r#"
-:2:3: error[E122] `title` is not allowed at the root of requestedSchema[..]
-:2:22: error[E122] `description` is not allowed at the root of requestedSchema[..]
note: the request breaks the spec, but a form can show it, so it is answered; --strict refuses it

"#]]);
}

#[test]
fn strict_refuses_a_root_title_as_before() {
    answer()
        .args(["--set", "name=Ada", "--spec", "2025-11-25", "--strict"])
        .stdin(TITLED_ROOT)
        .assert()
        .code(1)
        .stdout_eq(str![[r#"
{"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"Invalid params: the elicitation request does not conform to MCP 2025-11-25","data":{"findings":[{"code":"E122",[..]},{"code":"E122",[..]}]}}}

"#]])
        .stderr_eq(str![[r#"
-:2:3: error[E122] [..]
-:2:22: error[E122] [..]
error: the request breaks the spec and --strict refuses it; the JSON-RPC error a client owes is on stdout

"#]]);
    answer()
        .args(["--action", "decline", "--strict"])
        .stdin(TITLED_ROOT)
        .assert()
        .code(3)
        .stdout_eq(str![[r#"
{"action":"decline"}

"#]]);
}

#[test]
fn warnings_are_shown_and_the_request_is_still_answered() {
    answer()
        .args(["--action", "decline"])
        .arg(fixture("corpus/ts-sdk-example-register-user-enumnames.json"))
        .assert()
        .code(3)
        .stdout_eq(str![[r#"
{"action":"decline"}

"#]])
        .stderr_eq(str![[r#"
[..]ts-sdk-example-register-user-enumnames.json:13:9: warning[W310] `enumNames` is deprecated since 2025-11-25 and will be removed; write `oneOf: [{"const": value, "title": label}]` instead

"#]]);
}

#[test]
fn input_required_gives_the_retry_fragment_with_request_state_byte_for_byte() {
    let assert = answer()
        .args(["--set", "city=Rome", "--set", "ok=yes"])
        .stdin(INPUT_REQUIRED)
        .assert()
        .code(0)
        .stderr_eq(str![[r#"
note: `summarise` (sampling/createMessage) is not an elicitation; answer it in the retry yourself

"#]]);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert_eq!(
        out,
        concat!(
            r#"{"inputResponses":{"ask_city":{"action":"accept","content":{"city":"Rome"}},"ask_ok":{"action":"accept","content":{"ok":true}}},"#,
            r#""requestState":{"z": 1.50,  "a" :[ "é\u00e9", 1e2 ]}}"#,
            "\n"
        )
    );
}

#[test]
fn answers_may_be_keyed_by_input_request() {
    let dir = tempfile::tempdir().unwrap();
    let request = dir.path().join("input-required.json");
    let without_state = INPUT_REQUIRED.replace(
        r#",
  "requestState": {"z": 1.50,  "a" :[ "é\u00e9", 1e2 ]}"#,
        "",
    );
    assert_ne!(without_state, INPUT_REQUIRED);
    std::fs::write(&request, without_state).unwrap();
    answer()
        .args(["--answers", "-", "--output", "retry"])
        .arg(&request)
        .stdin(r#"{"ask_city": {"city": "Bern"}, "ask_ok": {"ok": false}}"#)
        .assert()
        .code(0)
        .stdout_eq(str![[r#"
{"inputResponses":{"ask_city":{"action":"accept","content":{"city":"Bern"}},"ask_ok":{"action":"accept","content":{"ok":false}}}}

"#]]);
}

#[test]
fn output_modes_that_do_not_fit_the_document_are_usage_errors() {
    answer()
        .args(["--output", "result", "--action", "cancel"])
        .stdin(INPUT_REQUIRED)
        .assert()
        .code(2)
        .stdout_eq("")
        .stderr_eq(str![[r#"
error: - carries 2 elicitations; answer them together with --output retry

"#]]);
    answer()
        .args(["--output", "response", "--action", "cancel"])
        .arg(fixture("corpus/conformance-sep1034-client-defaults.json"))
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: [..] is elicitation/create params with no request id to respond to; use --output result, or give the whole elicitation/create request

"#]]);
    answer()
        .args(["--output", "retry", "--action", "cancel"])
        .stdin(REQUEST)
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: - is a JSON-RPC request, not an InputRequiredResult; use --output result or --output response

"#]]);
}

#[test]
fn a_cancelled_input_request_cancels_the_retry() {
    answer()
        .args(["--action", "cancel"])
        .stdin(INPUT_REQUIRED)
        .assert()
        .code(4)
        .stdout_eq(str![[r#"
{"inputResponses":{"ask_city":{"action":"cancel"},"ask_ok":{"action":"cancel"}},"requestState":{"z": 1.50,  "a" :[ "é\u00e9", 1e2 ]}}

"#]]);
}

#[test]
fn url_mode_accepts_with_defaults_and_never_with_fields() {
    let url = r#"{"mode": "url", "message": "Connect", "url": "https://example.com/connect"}"#;
    answer()
        .arg("--defaults")
        .stdin(url)
        .assert()
        .code(0)
        .stdout_eq(str![[r#"
{"action":"accept"}

"#]]);
    answer()
        .args(["--set", "x=1"])
        .stdin(url)
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: -: this is a URL-mode request, which has no fields: drop --set/--answers and use --defaults to accept (without opening the URL) or --action decline|cancel

"#]]);
}

#[test]
fn documents_without_elicitations_and_bad_json_are_usage_errors() {
    answer()
        .arg("--defaults")
        .stdin(r#"{"action": "accept"}"#)
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: - is an ElicitResult, which carries no elicitation to answer; give elicitation/create params, an elicitation/create request or an InputRequiredResult

"#]]);
    answer()
        .arg("--defaults")
        .stdin("{\n  \"message\": }")
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: -:2:14: not valid JSON ([..]); give an elicitation/create request, its params or an InputRequiredResult

"#]]);
    answer()
        .args(["--answers", "-"])
        .stdin(REQUEST)
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: the request and --answers cannot both come from stdin; give the request as a FILE or --answers a file

"#]]);
}

#[test]
fn help_documents_the_exit_codes() {
    let assert = answer().arg("--help").assert().code(0);
    let help = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    for line in [
        "0  accepted",
        "1  no form can be built from the request",
        "3  declined",
        "4  cancelled (Esc, Ctrl-C, --timeout, --action cancel)",
    ] {
        assert!(help.contains(line), "{line}\n{help}");
    }
    let readme = read(crate::support::root().join("README.md"));
    assert!(
        readme.contains("| 3 | declined |"),
        "README lacks the exit codes"
    );
}

#[test]
fn script_errors_quote_server_strings_safely() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.json");
    std::fs::write(&answers, r#"{"choice": "nope"}"#).unwrap();
    let assert = answer()
        .arg("--answers")
        .arg(&answers)
        .stdin(
            r#"{"message": "Pick", "requestedSchema": {"type": "object", "properties": {
              "choice": {"type": "string", "enum": ["ok\u001b[2J", "fine\u202e"]}}}}"#,
        )
        .assert()
        .code(2);
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{202e}'),
        "{stderr:?}"
    );
    assert!(
        stderr.contains(r#""nope", which is not one of its options: "ok", "fine\u{202e}""#),
        "{stderr}"
    );
}

/// Defect 13: without a terminal, required fields that have a default are
/// not said to be missing a value as if they had none: `--defaults` sends
/// them, and the error says so.
#[test]
fn fields_with_a_default_are_not_reported_as_having_none() {
    let request = r#"{"message": "x", "requestedSchema": {"type": "object", "properties": {
        "name": {"type": "string"},
        "size": {"type": "string", "enum": ["S", "M"], "default": "M"},
        "qty": {"type": "integer", "default": 1}}, "required": ["name", "size", "qty"]}}"#;
    answer_without_a_terminal()
        .args(["-", "--set", "name=Ada"])
        .stdin(request)
        .assert()
        .code(2)
        .stdout_eq("")
        .stderr_eq(str![[r#"
error: -: required fields `size`, `qty` have a default but no value; pass --defaults to send them, or --set size=VALUE

"#]]);
    answer_without_a_terminal()
        .args(["-", "--set", "qty=2"])
        .stdin(request)
        .assert()
        .code(2)
        .stderr_eq(str![[r#"
error: -: required field `name` has no value; pass --set name=VALUE; `size` has a default (--defaults sends it)

"#]]);
    answer_without_a_terminal()
        .args(["-", "--set", "name=Ada", "--defaults"])
        .stdin(request)
        .assert()
        .code(0)
        .stdout_eq(str![[r#"
{"action":"accept","content":{"name":"Ada","size":"M","qty":1}}

"#]]);
}
