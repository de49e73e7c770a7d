//! E302 `enum-not-strings`. Reported by the model builder (`schema::parse`),
//! when it cannot build.

use super::*;

rule! {
    ENUM_NOT_STRINGS = "E302" "enum-not-strings" Error
        summary: "Options are not all strings."
        why: "Every enum form takes string values only; numbers or mixed types are outside the subset."
        example: fixture!("E302", "json", "2026-07-28");
}
