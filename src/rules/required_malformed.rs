//! E123 `required-malformed`. Reported by the model builder (`schema::parse`),
//! when it cannot build.

use super::*;

rule! {
    REQUIRED_MALFORMED = "E123" "required-malformed" Error
        summary: "`required` is not an array of property names."
        why: "`required` must be an array of strings naming properties."
        example: fixture!("E123", "json", "2026-07-28");
}
