//! E708 `answer-bad-format`.

use super::*;

rule! {
    ANSWER_BAD_FORMAT = "E708" "answer-bad-format" Error
        summary: "A string answer does not match its `format` (email, uri, date, date-time)."
        why: "Clients should check formats before sending; servers rely on them."
        example: fixture!("E708", "jsonl", "2025-11-25");
        check: Check::Value(check);
}

fn check(cx: &ValueCx<'_>) -> Option<Violation> {
    let Shape::String(s) = &cx.property.shape else {
        return None;
    };
    let f = s.format?;
    if f.check(cx.value.as_str()?) {
        return None;
    }
    let name = &cx.property.name;
    Some(Violation::of(
        &ANSWER_BAD_FORMAT,
        name,
        format!(
            "`{name}` is not a valid {} (for example {})",
            f.as_str(),
            f.example()
        ),
    ))
}
