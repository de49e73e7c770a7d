//! E203 `property-type-unsupported`. Reported when the model builder
//! (`schema::parse`) cannot build a property whose `type` no shape has.

rule! {
    PROPERTY_TYPE_UNSUPPORTED = "E203" "property-type-unsupported" Error
        summary: "A property's `type` is not one of string, number, integer, boolean or array (or is a list of types)."
        why: "Forms are flat: only primitive fields and multi-select arrays exist. For an optional field, leave it out of `required` instead of adding \"null\"."
        example: fixture!("E203", "json", "2026-07-28");
        blocks_form: true;
}

/// A list of types.
pub(crate) fn list(name: &str) -> String {
    format!(
        "property `{name}` has a list of types; give exactly one (to make it optional, leave it out of `required` instead of adding \"null\")"
    )
}

/// A `type` that is not a string.
pub(crate) fn not_string(name: &str, got: &str) -> String {
    format!(
        "`type` of property `{name}` is {got}; write one of string, number, integer, boolean, array"
    )
}

/// A `type` no shape has.
pub(crate) fn unknown(name: &str, ty: &str) -> String {
    format!(
        "type `{ty}` of property `{name}` is not allowed; use string, number, integer, boolean, or array for a multi-select"
    )
}
