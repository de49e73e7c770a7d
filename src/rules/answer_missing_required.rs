//! E704 `answer-missing-required`. Judged here on a form accepted with no
//! `content`; a `content` without a required field is found by answer
//! validation (`validate::check_content`), which reports it with [`field`].

use super::*;

rule! {
    ANSWER_MISSING_REQUIRED = "E704" "answer-missing-required" Error
        summary: "An accepted answer leaves out a required field."
        why: "The server asked for the field as required; its handler will fail or guess."
        example: fixture!("E704", "jsonl", auto);
        check: Check::Result(check);
}

fn check(cx: &ResultCx<'_>, out: &mut Findings) {
    if cx.content().is_some() || cx.action() != Some("accept") {
        return;
    }
    let Some(schema) = cx.schema() else {
        return;
    };
    if schema.required.is_empty() {
        return;
    }
    let names: Vec<String> = schema.required.iter().map(|r| format!("`{r}`")).collect();
    out.push(
        &ANSWER_MISSING_REQUIRED,
        cx.start(),
        cx.ptr,
        format!(
            "the form was accepted without `content`, but it requires {}; add them",
            names.join(", ")
        ),
    );
}

/// A `content` that has no answer for the required property `name`.
pub(crate) fn field(name: &str) -> Violation {
    Violation::of(
        &ANSWER_MISSING_REQUIRED,
        name,
        format!("required property `{name}` has no answer; add it to `content`"),
    )
}
