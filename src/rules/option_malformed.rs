//! E306 `option-malformed`. Reported by the model builder (`schema::parse`),
//! when it cannot build.

use super::*;

rule! {
    OPTION_MALFORMED = "E306" "option-malformed" Error
        summary: "A titled option is not exactly `{\"const\": string, \"title\": string}`."
        why: "Titled single- and multi-select options have a string `const` (the value sent) and a string `title` (the label shown), nothing else."
        example: fixture!("E306", "json", "2026-07-28");
}
