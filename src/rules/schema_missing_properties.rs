//! E121 `schema-missing-properties`. Judged here; also reported by the model
//! builder (`schema::parse`), when it cannot build.

use super::*;

rule! {
    SCHEMA_MISSING_PROPERTIES = "E121" "schema-missing-properties" Error
        summary: "`requestedSchema` has no `properties` object."
        why: "`properties` is required: it lists the fields of the form. Use `{}` for a plain approve/decline prompt."
        example: fixture!("E121", "json", "2026-07-28");
        check: Check::Schema(check);
        relies_on: &["properties"];
}

/// No `properties` at all. One that is not an object is reported by the
/// model builder, which cannot build from it.
fn check(cx: &SchemaCx<'_>, out: &mut Findings) {
    if cx.node.get("properties").is_none() {
        out.push(
            &SCHEMA_MISSING_PROPERTIES,
            Span::new(cx.node.span.start, cx.node.span.start + 1),
            cx.ptr,
            "requestedSchema has no `properties`; add `\"properties\": {}` (an empty object for a plain approve/decline prompt)",
        );
    }
}
