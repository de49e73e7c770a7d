//! E209 `keyword-wrong-type`. Reported by the model builder (`schema::parse`),
//! when it cannot build.

use super::*;

rule! {
    KEYWORD_WRONG_TYPE = "E209" "keyword-wrong-type" Error
        summary: "A keyword's value has the wrong JSON type (a `title` that is not a string, a `maxLength` that is not a non-negative integer, ...)."
        why: "Clients parse these keywords with fixed types; a wrong one makes the whole request invalid."
        example: fixture!("E209", "json", "2026-07-28");
}
