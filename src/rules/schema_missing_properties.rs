//! E121 `schema-missing-properties`. Judged here, and reported when the
//! model builder (`schema::parse`) cannot build from `properties` that are
//! not an object.

use super::*;

rule! {
    SCHEMA_MISSING_PROPERTIES = "E121" "schema-missing-properties" Error
        summary: "`requestedSchema` has no `properties` object."
        why: "`properties` is required: it lists the fields of the form. Use `{}` for a plain approve/decline prompt."
        example: fixture!("E121", "json", "2026-07-28");
        check: Check::Schema(check);
        relies_on: &["properties"];
        blocks_form: true;
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

/// What the builder could not build: `properties` that are not an object.
pub(crate) fn not_object(got: &str) -> String {
    format!("`properties` is {got}; it must be an object mapping field names to property schemas")
}
