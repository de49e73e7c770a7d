//! W709 `answer-unknown-field`. Judged here on each field of an accepted
//! form's content that no property asks for (run by answer validation,
//! `validate`); the answer check (`lint::answer`) reports it at the field's
//! name.

use super::*;
use super::words::did_you_mean;

rule! {
    ANSWER_UNKNOWN_FIELD = "W709" "answer-unknown-field" Warning
        summary: "An accepted answer carries a field the request did not ask for."
        why: "Extra keys are not forbidden, but a server that did not ask for them ignores them, and they may leak data."
        example: fixture!("W709", "jsonl", "2025-11-25");
        check: Check::Unasked(check);
}

fn check(cx: &UnaskedCx<'_>) -> Option<Violation> {
    let name = cx.name;
    let names = cx.schema.properties.iter().map(|p| p.name.as_str());
    Some(Violation::of(
        &ANSWER_UNKNOWN_FIELD,
        name,
        format!(
            "`{name}` is not a property of the requested schema; the server may drop it{}",
            did_you_mean(names, name)
        ),
    ))
}
