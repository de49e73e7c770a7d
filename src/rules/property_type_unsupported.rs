//! E203 `property-type-unsupported`. Reported by the model builder
//! (`schema::parse`), when it cannot build.

use super::*;

rule! {
    PROPERTY_TYPE_UNSUPPORTED = "E203" "property-type-unsupported" Error
        summary: "A property's `type` is not one of string, number, integer, boolean or array (or is a list of types)."
        why: "Forms are flat: only primitive fields and multi-select arrays exist. For an optional field, leave it out of `required` instead of adding \"null\"."
        example: fixture!("E203", "json", "2026-07-28");
}
