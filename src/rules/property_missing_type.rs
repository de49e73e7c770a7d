//! E202 `property-missing-type`. Reported when the model builder
//! (`schema::parse`) cannot build a property with no `type`.

rule! {
    PROPERTY_MISSING_TYPE = "E202" "property-missing-type" Error
        summary: "A property has no `type`."
        why: "Every property shape has a `type`: string, number, integer, boolean, or array for multi-select."
        example: fixture!("E202", "json", "2026-07-28");
        relies_on: &["type"];
        blocks_form: true;
}

use crate::schema::parse::TypeHint;

/// A property with no `type`, and what to do given what it has instead.
pub fn message(name: &str, hint: TypeHint) -> String {
    let hint = match hint {
        TypeHint::Options => "add `\"type\": \"string\"`",
        TypeHint::Union => {
            "unions are not part of elicitation schemas: give one `type` (for an optional field, leave it out of `required`)"
        }
        TypeHint::Nothing => {
            "add one of string, number, integer, boolean, or array for a multi-select"
        }
    };
    format!("property `{name}` has no `type`; {hint}")
}
