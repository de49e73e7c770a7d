//! E120 `schema-not-object`. Judged here, and reported when the model
//! builder (`schema::parse`) cannot build a root that is not an object.

use super::*;

rule! {
    SCHEMA_NOT_OBJECT = "E120" "schema-not-object" Error
        summary: "`requestedSchema` is not an object with `type: \"object\"`."
        why: "The root of every requested schema is exactly `{type: \"object\", properties, required?}`."
        example: fixture!("E120", "json", "2026-07-28");
        check: Check::Schema(check);
        blocks_form: true;
}

/// The root's `type`. A root that is not an object at all is reported by
/// the model builder, which cannot build one.
fn check(cx: &SchemaCx<'_>, out: &mut Findings) {
    match cx.node.get("type") {
        Some(t) if t.as_str() == Some("object") => {}
        Some(t) => out.push(
            &SCHEMA_NOT_OBJECT,
            t.span,
            cx.at("type"),
            format!(
                "requestedSchema has type {}; the root must be `\"type\": \"object\"`",
                build::describe(t)
            ),
        ),
        None => out.push(
            &SCHEMA_NOT_OBJECT,
            Span::new(cx.node.span.start, cx.node.span.start + 1),
            cx.ptr,
            "requestedSchema has no `type`; add `\"type\": \"object\"`",
        ),
    }
}

/// What the builder could not build: a root that is not an object.
pub fn message(got: &str) -> String {
    format!(
        "requestedSchema is {got}; write an object {{\"type\": \"object\", \"properties\": {{...}}}}"
    )
}
