//! `mcp-elicit answer` without a terminal: scripted answers, fixed actions,
//! output modes, lint before answering and exit codes. The runs that are a
//! command, its stdin and its exact output are trycmd cases in
//! `tests/cmd/answer/`, run by `errors::cli_cases`; here are the ones that
//! need a temporary file or no controlling terminal, or check more than
//! the output.

use snapbox::str;

use crate::support::{cmd, read};

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
}

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
fn help_documents_the_exit_codes() {
    let assert = answer().arg("--help").assert().code(0);
    let help = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    for line in [
        "0  accepted",
        "1  no form can be built from the request",
        "3  the person declined in the form",
        "4  the person cancelled (Esc, Ctrl-C, --timeout)",
        "--action decline|cancel answers as asked and exits 0.",
    ] {
        assert!(help.contains(line), "{line}\n{help}");
    }
    let page = read(crate::support::root().join("docs/exit-codes.md"));
    assert!(
        page.contains("| 3 | the person declined in the form |"),
        "docs/exit-codes.md lacks the exit codes"
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
