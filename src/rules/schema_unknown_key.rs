//! E122 `schema-unknown-key`.

use super::*;

rule! {
    SCHEMA_UNKNOWN_KEY = "E122" "schema-unknown-key" Error
        summary: "The root of `requestedSchema` has a key the revision does not allow (`title`, `additionalProperties`, `$defs`, ...)."
        why: "The root is exactly `type`, `properties` and `required` (and `$schema` from 2025-11-25). Clients ignore or reject anything else."
        example: fixture!("E122", "json", "2026-07-28");
        check: Check::Schema(check);
}

fn check(cx: &SchemaCx<'_>, out: &mut Findings) {
    let rev = cx.rev;
    for m in cx.members {
        match m.key.as_ref() {
            "type" | "properties" | "required" => {}
            "$schema" if rev.allows_root_dialect() => {}
            "$schema" => out.push(
                &SCHEMA_UNKNOWN_KEY,
                m.key_span,
                cx.at("$schema"),
                format!("`$schema` on requestedSchema is allowed from 2025-11-25, not in {rev}; remove it"),
            ),
            key => out.push(
                &SCHEMA_UNKNOWN_KEY,
                m.key_span,
                cx.at(key),
                format!(
                    "`{key}` is not allowed at the root of requestedSchema{}; the root has only type, properties and required{}",
                    hint(key),
                    if rev.allows_root_dialect() { " (and $schema)" } else { "" }
                ),
            ),
        }
    }
}

/// Where what the key meant belongs instead.
fn hint(key: &str) -> &'static str {
    match key {
        "title" | "description" => " (put it in the params' `message`)",
        "additionalProperties" => " (answers are flat objects of the listed fields anyway)",
        "$defs" | "definitions" | "$ref" => " (inline every property: references are not resolved)",
        _ => "",
    }
}
