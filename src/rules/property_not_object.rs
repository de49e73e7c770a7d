//! E201 `property-not-object`. Reported by the model builder (`schema::parse`),
//! when it cannot build.

use super::*;

rule! {
    PROPERTY_NOT_OBJECT = "E201" "property-not-object" Error
        summary: "A property schema is not an object."
        why: "Each property is a schema object such as `{\"type\": \"string\"}`."
        example: fixture!("E201", "json", "2026-07-28");
}
