//! E206 `array-items-unsupported`. Reported by the model builder
//! (`schema::parse`), when it cannot build.

use super::*;

rule! {
    ARRAY_ITEMS_UNSUPPORTED = "E206" "array-items-unsupported" Error
        summary: "An array property is not a multi-select: its `items` are not string options."
        why: "The only array shape is a multi-select: `items` is `{type: \"string\", enum: [...]}` or `{anyOf: [{const, title}]}`."
        example: fixture!("E206", "json", "2026-07-28");
}
