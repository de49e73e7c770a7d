//! The form logic behind the `Prompter` trait, driven by scripted replies:
//! every shape, and every path through a form (accept, edit, decline,
//! cancel, validation failures, defaults, optional fields left empty).

use std::collections::VecDeque;
use std::io;

use mcp_elicit::form::script::{Part, Script, ScriptError, scripted};
use mcp_elicit::form::{Action, Answered, Asker, Elicit, Prompter, Say, ask};
use mcp_elicit::spec::Revision;
use serde_json::{Value, json};

/// One scripted reply to one question.
#[derive(Debug, Clone)]
enum Reply {
    Text(&'static str),
    Confirm(bool),
    Select(usize),
    Multi(Vec<usize>),
    Esc,
    /// Shift-Tab: the previous question.
    Back,
}

/// A prompter that answers from a list and records what it was shown.
#[derive(Default)]
struct Fake {
    replies: VecDeque<Reply>,
    said: Vec<(Say, String)>,
    asked: Vec<String>,
    /// The `initial`/`default`/`checked` each question came with.
    offered: Vec<String>,
    opened: Vec<String>,
    back: bool,
}

impl Fake {
    fn new(replies: Vec<Reply>) -> Fake {
        Fake {
            replies: replies.into(),
            ..Fake::default()
        }
    }

    fn next(&mut self, prompt: &str) -> Reply {
        self.asked.push(prompt.to_string());
        let reply = self
            .replies
            .pop_front()
            .unwrap_or_else(|| panic!("no reply left for `{prompt}`; said: {:?}", self.said));
        self.back = matches!(reply, Reply::Back);
        match reply {
            Reply::Back => Reply::Esc,
            r => r,
        }
    }

    fn errors(&self) -> Vec<&str> {
        self.said
            .iter()
            .filter(|(k, _)| *k == Say::Error)
            .map(|(_, t)| t.as_str())
            .collect()
    }
}

impl Prompter for Fake {
    fn say(&mut self, kind: Say, text: &str) -> io::Result<()> {
        self.said.push((kind, text.to_string()));
        Ok(())
    }
    fn text(&mut self, prompt: &str, initial: &str) -> io::Result<Option<String>> {
        self.offered.push(format!("text:{initial}"));
        match self.next(prompt) {
            Reply::Text(t) => Ok(Some(t.to_string())),
            Reply::Esc => Ok(None),
            r => panic!("`{prompt}` is a text field, got {r:?}"),
        }
    }
    fn confirm(&mut self, prompt: &str, default: Option<bool>) -> io::Result<Option<bool>> {
        self.offered.push(format!("confirm:{default:?}"));
        match self.next(prompt) {
            Reply::Confirm(b) => Ok(Some(b)),
            Reply::Esc => Ok(None),
            r => panic!("`{prompt}` is a yes/no question, got {r:?}"),
        }
    }
    fn select(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> io::Result<Option<usize>> {
        self.offered
            .push(format!("select:{}:{default}", items.join("|")));
        match self.next(prompt) {
            Reply::Select(i) => {
                assert!(i < items.len(), "`{prompt}` has {} items", items.len());
                Ok(Some(i))
            }
            Reply::Esc => Ok(None),
            r => panic!("`{prompt}` is a select, got {r:?}"),
        }
    }
    fn multi_select(
        &mut self,
        prompt: &str,
        items: &[String],
        checked: &[bool],
    ) -> io::Result<Option<Vec<usize>>> {
        self.offered
            .push(format!("multi:{}:{checked:?}", items.join("|")));
        match self.next(prompt) {
            Reply::Multi(v) => Ok(Some(v)),
            Reply::Esc => Ok(None),
            r => panic!("`{prompt}` is a multi-select, got {r:?}"),
        }
    }
    fn open_url(&mut self, url: &str) -> io::Result<()> {
        self.opened.push(url.to_string());
        Ok(())
    }
    fn went_back(&mut self) -> bool {
        self.back
    }
}

const SUBMIT: Reply = Reply::Select(0);
const EDIT: Reply = Reply::Select(1);
const DECLINE: Reply = Reply::Select(2);
const CANCEL: Reply = Reply::Select(3);

fn elicit(params: Value) -> Elicit {
    Elicit::from_params(&params, Revision::LATEST).expect("valid params")
}

fn run(params: Value, replies: Vec<Reply>) -> (Answered, Fake) {
    let e = elicit(params);
    let mut fake = Fake::new(replies);
    let answer = ask(&e, &Asker::default(), &mut fake).expect("no terminal error");
    assert!(
        fake.replies.is_empty(),
        "replies left over: {:?}",
        fake.replies
    );
    (answer, fake)
}

fn form(properties: Value, required: &[&str]) -> Value {
    json!({
        "message": "Tell us",
        "requestedSchema": {"type": "object", "properties": properties, "required": required}
    })
}

fn accepted(a: &Answered) -> Value {
    match a {
        Answered::Accept(Some(c)) => Value::Object(c.clone()),
        other => panic!("expected accept with content, got {other:?}"),
    }
}

#[test]
fn text_field_rejects_a_bad_email_then_takes_a_good_one() {
    let (a, fake) = run(
        form(
            json!({"email": {"type": "string", "format": "email", "title": "E-mail"}}),
            &["email"],
        ),
        vec![Reply::Text("ada"), Reply::Text("ada@example.com"), SUBMIT],
    );
    assert_eq!(accepted(&a), json!({"email": "ada@example.com"}));
    assert_eq!(fake.errors().len(), 1);
    assert!(
        fake.errors()[0].contains("not a valid email"),
        "{:?}",
        fake.errors()
    );
    // The retry is pre-filled with what was typed.
    assert_eq!(fake.offered[..2], ["text:", "text:ada"]);
    assert_eq!(fake.asked[0], "E-mail *");
}

#[test]
fn string_lengths_are_enforced() {
    let (a, fake) = run(
        form(
            json!({"code": {"type": "string", "minLength": 3, "maxLength": 4}}),
            &["code"],
        ),
        vec![
            Reply::Text("ab"),
            Reply::Text("abcde"),
            Reply::Text("abc"),
            SUBMIT,
        ],
    );
    assert_eq!(accepted(&a), json!({"code": "abc"}));
    assert_eq!(fake.errors().len(), 2);
    assert!(fake.errors()[0].contains("between 3 and 4 characters"));
}

#[test]
fn every_format_is_checked() {
    for (format, bad, good) in [
        ("uri", "not a uri", "https://example.com/"),
        ("date", "2026-02-30", "2026-02-28"),
        ("date-time", "2026-07-28 25:00", "2026-07-28T09:30:00Z"),
    ] {
        let (a, fake) = run(
            form(json!({"v": {"type": "string", "format": format}}), &["v"]),
            vec![Reply::Text(bad), Reply::Text(good), SUBMIT],
        );
        assert_eq!(accepted(&a), json!({"v": good}), "{format}");
        assert_eq!(fake.errors().len(), 1, "{format}: {:?}", fake.errors());
    }
}

#[test]
fn numbers_are_typed_and_ranged() {
    let (a, fake) = run(
        form(
            json!({
                "age": {"type": "integer", "minimum": 18, "maximum": 130},
                "score": {"type": "number", "minimum": 0}
            }),
            &["age", "score"],
        ),
        vec![
            Reply::Text("twelve"),
            Reply::Text("12"),
            Reply::Text("4.5"),
            Reply::Text("30"),
            Reply::Text("-1"),
            Reply::Text(" 9.75 "),
            SUBMIT,
        ],
    );
    assert_eq!(accepted(&a), json!({"age": 30, "score": 9.75}));
    let errors = fake.errors();
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(errors[0].contains("not a whole number"));
    assert!(errors[1].contains("between 18 and 130"));
    assert!(errors[2].contains("takes a whole number"), "{errors:?}");
    assert!(!errors.iter().any(|e| e.contains("`age`")), "{errors:?}");
    assert!(errors[3].contains("at least 0"));
    // `30` is sent as an integer, not 30.0.
    let text = serde_json::to_string(&a.to_result()).unwrap();
    assert!(text.contains(r#""age":30,"#), "{text}");
}

#[test]
fn booleans_ask_yes_or_no() {
    let (a, fake) = run(
        form(
            json!({
                "agree": {"type": "boolean"},
                "news": {"type": "boolean", "default": true},
                "maybe": {"type": "boolean"}
            }),
            &["agree"],
        ),
        vec![
            Reply::Confirm(true),
            Reply::Confirm(false),
            Reply::Select(2),
            SUBMIT,
        ],
    );
    assert_eq!(accepted(&a), json!({"agree": true, "news": false}));
    assert_eq!(fake.offered[0], "confirm:None");
    assert_eq!(fake.offered[1], "confirm:Some(true)");
    assert_eq!(fake.offered[2], "select:Yes|No|(no answer):2");
}

#[test]
fn single_select_shows_titles_and_sends_values() {
    let (a, fake) = run(
        form(
            json!({
                "size": {"type": "string", "oneOf": [
                    {"const": "s", "title": "Small"}, {"const": "m", "title": "Medium"}
                ], "default": "m"},
                "legacy": {"type": "string", "enum": ["a", "b"], "enumNames": ["Alpha", "Beta"]},
                "plain": {"type": "string", "enum": ["x", "y"]}
            }),
            &["size", "legacy"],
        ),
        vec![Reply::Select(0), Reply::Select(1), Reply::Select(2), SUBMIT],
    );
    assert_eq!(accepted(&a), json!({"size": "s", "legacy": "b"}));
    assert_eq!(fake.offered[0], "select:Small|Medium:1");
    assert_eq!(fake.offered[1], "select:Alpha|Beta:0");
    // Optional: a "(no answer)" item, chosen by default.
    assert_eq!(fake.offered[2], "select:x|y|(no answer):2");
}

#[test]
fn multi_select_enforces_min_and_max_items() {
    let (a, fake) = run(
        form(
            json!({"tags": {"type": "array", "minItems": 1, "maxItems": 2,
                "items": {"anyOf": [
                    {"const": "a", "title": "Apple"}, {"const": "b", "title": "Banana"},
                    {"const": "c", "title": "Cherry"}
                ]},
                "default": ["b"]}}),
            &["tags"],
        ),
        vec![
            Reply::Multi(vec![0, 1, 2]),
            Reply::Multi(vec![]),
            Reply::Multi(vec![0, 2]),
            SUBMIT,
        ],
    );
    assert_eq!(accepted(&a), json!({"tags": ["a", "c"]}));
    assert_eq!(fake.errors().len(), 2, "{:?}", fake.errors());
    assert!(fake.errors()[0].contains("between 1 and 2 choices"));
    assert_eq!(
        fake.offered[..2],
        [
            "multi:Apple|Banana|Cherry:[false, true, false]",
            "multi:Apple|Banana|Cherry:[true, true, true]"
        ]
    );
}

#[test]
fn optional_fields_left_empty_are_omitted() {
    let (a, _) = run(
        form(
            json!({
                "name": {"type": "string"},
                "nick": {"type": "string"},
                "age": {"type": "integer"},
                "tags": {"type": "array", "items": {"type": "string", "enum": ["a"]}}
            }),
            &["name"],
        ),
        vec![
            Reply::Text("Ada"),
            Reply::Text(""),
            Reply::Text("  "),
            Reply::Multi(vec![]),
            SUBMIT,
        ],
    );
    assert_eq!(accepted(&a), json!({"name": "Ada"}));
}

#[test]
fn a_required_field_cannot_be_left_empty() {
    let (a, fake) = run(
        form(json!({"name": {"type": "string"}}), &["name"]),
        vec![Reply::Text(""), Reply::Text("Ada"), SUBMIT],
    );
    assert_eq!(accepted(&a), json!({"name": "Ada"}));
    assert!(fake.errors()[0].contains("required"));
}

#[test]
fn defaults_are_prefilled_and_kept_on_enter() {
    let (a, fake) = run(
        form(
            json!({
                "name": {"type": "string", "default": "John Doe"},
                "age": {"type": "integer", "default": 30}
            }),
            &[],
        ),
        vec![Reply::Text("John Doe"), Reply::Text("30"), SUBMIT],
    );
    assert_eq!(accepted(&a), json!({"name": "John Doe", "age": 30}));
    assert_eq!(fake.offered[..2], ["text:John Doe", "text:30"]);
}

#[test]
fn the_review_step_edits_one_field() {
    let (a, fake) = run(
        form(
            json!({"name": {"type": "string"}, "city": {"type": "string"}}),
            &["name"],
        ),
        vec![
            Reply::Text("Ada"),
            Reply::Text("Paris"),
            EDIT,
            Reply::Select(1),
            Reply::Text("London"),
            SUBMIT,
        ],
    );
    assert_eq!(accepted(&a), json!({"name": "Ada", "city": "London"}));
    // The edit starts from the current answer.
    assert_eq!(
        fake.offered.last().unwrap(),
        "select:Submit|Edit a field|Decline|Cancel:0"
    );
    assert!(fake.offered.contains(&"text:Paris".to_string()));
    let reviews: Vec<&String> = fake
        .said
        .iter()
        .filter(|(k, _)| *k == Say::Review)
        .map(|(_, t)| t)
        .collect();
    assert_eq!(reviews.len(), 2);
    assert!(
        reviews[1].contains("\"city\": \"London\""),
        "{}",
        reviews[1]
    );
}

#[test]
fn decline_is_an_explicit_choice() {
    let (a, _) = run(
        form(json!({"name": {"type": "string"}}), &[]),
        vec![Reply::Text("Ada"), DECLINE],
    );
    assert_eq!(a, Answered::Decline);
    assert_eq!(a.to_result(), json!({"action": "decline"}));
}

#[test]
fn cancel_from_the_review_from_a_field_and_from_an_edit() {
    let (a, _) = run(
        form(json!({"name": {"type": "string"}}), &[]),
        vec![Reply::Text("Ada"), CANCEL],
    );
    assert_eq!(a, Answered::Cancel);
    // Esc with no answer given cancels at once; with answers, once the
    // person agrees to discard them (else the question is asked again).
    for esc_at in 0..3 {
        let mut replies = vec![Reply::Text("Ada"), Reply::Confirm(true), SUBMIT];
        replies.truncate(esc_at);
        replies.push(Reply::Esc);
        if esc_at > 0 {
            replies.push(Reply::Confirm(false));
            replies.push(Reply::Esc);
            replies.push(Reply::Confirm(true));
        }
        let (a, fake) = run(
            form(
                json!({"name": {"type": "string"}, "ok": {"type": "boolean"}}),
                &["ok"],
            ),
            replies,
        );
        assert_eq!(
            a.to_result(),
            json!({"action": "cancel"}),
            "Esc at {esc_at}"
        );
        if esc_at > 0 {
            let n = esc_at;
            let s = if n == 1 { "" } else { "s" };
            let discard = format!("Discard {n} answer{s} and cancel the form?");
            assert_eq!(
                fake.asked.iter().filter(|a| **a == discard).count(),
                2,
                "{:?}",
                fake.asked
            );
        }
    }
    // Esc at "Which field?" goes back to the review.
    let (a, fake) = run(
        form(json!({"name": {"type": "string"}}), &[]),
        vec![Reply::Text("Ada"), EDIT, Reply::Esc, CANCEL],
    );
    assert_eq!(a.action(), Action::Cancel);
    assert_eq!(
        fake.asked,
        [
            "name",
            "Send this answer?",
            "Which field?",
            "Send this answer?"
        ]
    );
}

#[test]
fn shift_tab_goes_back_to_the_previous_field() {
    let (a, fake) = run(
        form(
            json!({"name": {"type": "string"}, "ok": {"type": "boolean"}, "city": {"type": "string"}}),
            &["ok"],
        ),
        vec![
            Reply::Back, // on the first field: stays
            Reply::Text("Ada"),
            Reply::Confirm(true),
            Reply::Back,
            Reply::Back,
            Reply::Text("Bea"),
            Reply::Confirm(false),
            Reply::Text("Rome"),
            Reply::Back, // from the review: the last field
            Reply::Text("Oslo"),
            SUBMIT,
        ],
    );
    assert_eq!(
        accepted(&a),
        json!({"name": "Bea", "ok": false, "city": "Oslo"})
    );
    // A field gone back to is pre-filled with its answer.
    assert_eq!(fake.offered[5], "text:Ada");
    assert_eq!(fake.offered[6], "confirm:Some(true)");
    assert_eq!(fake.offered[9], "text:Rome");
}

#[test]
fn an_answer_that_fails_the_final_check_cannot_be_submitted() {
    // `pattern` is outside the typed model's checks unless opted in; the
    // jsonschema check still holds the answer back.
    let (a, fake) = run(
        form(
            json!({"zip": {"type": "string", "pattern": "^[0-9]{5}$"}}),
            &["zip"],
        ),
        vec![
            Reply::Text("abc"),
            SUBMIT,
            EDIT,
            Reply::Select(0),
            Reply::Text("75001"),
            SUBMIT,
        ],
    );
    assert_eq!(accepted(&a), json!({"zip": "75001"}));
    assert_eq!(fake.errors().len(), 1, "{:?}", fake.errors());
    assert!(
        fake.errors()[0].contains("`zip` does not fit"),
        "{:?}",
        fake.errors()
    );
}

#[test]
fn url_mode_opens_only_on_consent_and_accepts_without_content() {
    let params = json!({"mode": "url", "message": "Sign in",
        "url": "http://user@203.0.113.9/login"});
    let (a, fake) = run(params.clone(), vec![Reply::Select(0), Reply::Select(1)]);
    assert_eq!(a.to_result(), json!({"action": "accept"}));
    assert_eq!(fake.opened, ["http://user@203.0.113.9/login"]);
    let warnings: Vec<&String> = fake
        .said
        .iter()
        .filter(|(k, _)| *k == Say::Warning)
        .map(|(_, t)| t)
        .collect();
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert!(
        fake.said
            .iter()
            .any(|(_, t)| t.contains("Host: 203.0.113.9"))
    );

    let (a, fake) = run(params.clone(), vec![Reply::Select(1)]);
    assert_eq!(a.action(), Action::Accept);
    assert!(fake.opened.is_empty());
    let (a, _) = run(params.clone(), vec![Reply::Select(2)]);
    assert_eq!(a, Answered::Decline);
    let (a, _) = run(params, vec![Reply::Esc]);
    assert_eq!(a, Answered::Cancel);
}

#[test]
fn server_text_reaches_the_prompter_sanitised() {
    let params = json!({
        "message": "Hi\u{1b}[2J\u{1b}]8;;https://evil.example\u{7}there\u{1b}]8;;\u{7}",
        "requestedSchema": {"type": "object", "properties": {
            "a": {"type": "string", "title": "Na\u{202e}me\u{1b}[31m", "description": "x\u{1b}]52;c;ZXZpbA==\u{7}y",
                "enum": ["v"], "enumNames": ["Lab\u{1b}[1Ael"]},
            "b": {"type": "string", "default": "pre\u{1b}]0;title\u{7}filled\u{202e}"}
        }}
    });
    let (_, fake) = run(
        params,
        vec![Reply::Select(0), Reply::Esc, Reply::Confirm(true)],
    );
    let all: String = fake
        .said
        .iter()
        .map(|(_, t)| t.clone())
        .chain(fake.asked.iter().cloned())
        .chain(fake.offered.iter().cloned())
        .collect();
    assert!(!all.contains('\u{1b}'), "{all:?}");
    assert!(!all.contains('\u{202e}'), "{all:?}");
    assert!(all.contains("Hithere"));
    assert!(all.contains("Na\\u{202e}me"));
    assert!(all.contains("Label"));
    assert!(all.contains("text:prefilled\\u{202e}"), "{all:?}");
}

#[test]
fn the_heading_names_the_server_and_revision() {
    let e = elicit(form(json!({}), &[]));
    let mut fake = Fake::new(vec![SUBMIT]);
    let asker = Asker {
        server: Some("weather\u{1b}[2J"),
        key: Some("ask_city"),
        position: None,
    };
    let a = ask(&e, &asker, &mut fake).unwrap();
    assert_eq!(a.to_result(), json!({"action": "accept", "content": {}}));
    assert_eq!(fake.said[0].1, "`weather` asks [ask_city] (MCP 2026-07-28)");
}

/// Which question of the call it is: "2 of 3" when the server asked them
/// together, "question 2" when it asks one at a time; nothing for one.
#[test]
fn the_heading_says_which_question_of_the_call_it_is() {
    use mcp_elicit::form::respond::Position;
    let e = elicit(form(json!({}), &[]));
    for (position, heading) in [
        (
            Some(Position {
                index: 2,
                of: Some(3),
            }),
            "`w` asks (question 2 of 3, MCP 2026-07-28)",
        ),
        (
            Some(Position { index: 2, of: None }),
            "`w` asks (question 2, MCP 2026-07-28)",
        ),
        (
            Some(Position { index: 1, of: None }),
            "`w` asks (MCP 2026-07-28)",
        ),
        (
            Some(Position {
                index: 1,
                of: Some(1),
            }),
            "`w` asks (MCP 2026-07-28)",
        ),
        (None, "`w` asks (MCP 2026-07-28)"),
    ] {
        let mut fake = Fake::new(vec![SUBMIT]);
        let asker = Asker {
            server: Some("w"),
            key: None,
            position,
        };
        ask(&e, &asker, &mut fake).unwrap();
        assert_eq!(fake.said[0].1, heading);
    }
}

// ---- scripted answers ----

fn script(sets: &[(&str, &str)], defaults: bool) -> Script {
    Script {
        sets: sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        answers: None,
        defaults,
    }
}

#[test]
fn script_defaults_and_sets_are_typed_by_the_schema() {
    let e = elicit(form(
        json!({
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "ok": {"type": "boolean"},
            "size": {"type": "string", "oneOf": [{"const": "s", "title": "Small"}]},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}}
        }),
        &["ok"],
    ));
    let a = scripted(
        &e,
        &script(
            &[
                ("ok", "yes"),
                ("size", "Small"),
                ("tags", "a, b"),
                ("tags", "c"),
                ("age", "31"),
            ],
            true,
        ),
        None,
        false,
    )
    .unwrap();
    assert_eq!(
        a.to_result(),
        json!({"action": "accept", "content": {
            "name": "John Doe", "age": 31, "ok": true, "size": "s", "tags": ["a", "b", "c"]
        }})
    );
}

#[test]
fn script_errors_name_the_field() {
    let e = elicit(form(
        json!({"name": {"type": "string"}, "age": {"type": "integer", "maximum": 5}}),
        &["name"],
    ));
    let err = |s: Script| scripted(&e, &s, None, false).unwrap_err();
    // The facts; `answer_cli` has the command's words, which add the fix.
    let missing = err(script(&[], true));
    assert_eq!(
        missing,
        ScriptError::Missing {
            field: "name".into(),
            others: vec![],
            defaulted: vec![],
            defaults: true,
        }
    );
    assert_eq!(
        missing.to_string(),
        "required field `name` has no default and no value"
    );
    let unknown = err(script(&[("nmae", "x")], false));
    assert!(
        matches!(&unknown, ScriptError::UnknownField { part: Part::Sets, name, closest: Some(c), .. } if name == "nmae" && c == "name"),
        "{unknown:?}"
    );
    assert!(
        unknown
            .to_string()
            .contains("no field `nmae` (did you mean `name`?)")
    );
    let bad = err(script(&[("name", "x"), ("age", "old")], false));
    assert!(
        matches!(&bad, ScriptError::BadValue { field, value, .. } if field == "age" && value == "old"),
        "{bad:?}"
    );
    assert!(bad.to_string().contains("takes a whole number"));
    assert!(
        err(script(&[("name", "x"), ("age", "9")], false))
            .to_string()
            .contains("it must be at most 5")
    );
    let answers = Script {
        answers: Some(json!({"name": 7}).as_object().unwrap().clone()),
        ..Script::default()
    };
    assert!(err(answers).to_string().contains("`name` is a number"));
    // No option of the command is named: that is for the command to add.
    for s in [
        script(&[], true),
        script(&[("nmae", "x")], false),
        script(&[("name", "x"), ("age", "old")], false),
    ] {
        assert!(!err(s).to_string().contains("--"));
    }
}

#[test]
fn script_answers_may_be_keyed_by_input_request() {
    let e = elicit(form(json!({"city": {"type": "string"}}), &["city"]));
    let s = Script {
        answers: Some(
            json!({"ask_city": {"city": "Paris"}, "other": {"x": 1}})
                .as_object()
                .unwrap()
                .clone(),
        ),
        ..Script::default()
    };
    let a = scripted(&e, &s, Some("ask_city"), true).unwrap();
    assert_eq!(accepted(&a), json!({"city": "Paris"}));
}

#[test]
fn script_url_mode_accepts_with_defaults_only() {
    let e = elicit(json!({"mode": "url", "message": "m", "url": "https://example.com/"}));
    let a = scripted(&e, &script(&[], true), None, false).unwrap();
    assert_eq!(a.to_result(), json!({"action": "accept"}));
    let err = scripted(&e, &script(&[("x", "1")], false), None, false).unwrap_err();
    assert_eq!(err, ScriptError::UrlMode);
    assert!(err.to_string().contains("URL-mode"));
}
