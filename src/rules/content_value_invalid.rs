//! E703 `content-value-invalid`. Judged here on each answered value, and
//! by its kind alone on a field no property asks for or whose schema is not
//! known ([`kind`]); a `content` that is not an object is reported by the
//! answer check (`lint::answer`).

use super::*;

rule! {
    CONTENT_VALUE_INVALID = "E703" "content-value-invalid" Error
        summary: "An answer's `content` is not an object of strings, numbers, booleans and string arrays."
        why: "Answers are flat: each value is a string, a number, a boolean, or (from 2025-11-25) an array of strings."
        example: fixture!("E703", "json", "2026-07-28");
        check: Check::Value(check);
}

/// Whether a value is one of the kinds content may hold at all.
fn check(cx: &ValueCx<'_>) -> Option<Violation> {
    kind(&cx.property.name, cx.value, cx.rev)
}

/// The same for a field of the content that no property asks for, or of
/// an answer whose request is not known.
pub(crate) fn kind(name: &str, value: &Value, rev: Revision) -> Option<Violation> {
    match value {
        Value::String(_) | Value::Number(_) | Value::Bool(_) => None,
        Value::Array(items) if rev.allows_multi_select() && items.iter().all(Value::is_string) => {
            None
        }
        other => Some(Violation::of(
            &CONTENT_VALUE_INVALID,
            name,
            format!(
                "`{name}` is {}; content values are strings, numbers, booleans{}",
                json_kind(other),
                if rev.allows_multi_select() {
                    " or arrays of strings"
                } else {
                    ""
                }
            ),
        )),
    }
}

/// A `content` (its value, at `ptr`) that is not an object.
pub(crate) fn content_not_object(content: &Node, ptr: String, out: &mut Findings) {
    out.push(
        &CONTENT_VALUE_INVALID,
        content.span,
        ptr,
        format!(
            "`content` is {}; write an object of property name to value",
            content.type_name()
        ),
    );
}
