//! E202 `property-missing-type`. Reported by the model builder
//! (`schema::parse`), when it cannot build.

use super::*;

rule! {
    PROPERTY_MISSING_TYPE = "E202" "property-missing-type" Error
        summary: "A property has no `type`."
        why: "Every property shape has a `type`: string, number, integer, boolean, or array for multi-select."
        example: fixture!("E202", "json", "2026-07-28");
        relies_on: &["type"];
}
