//! E703 `content-value-invalid`. Reported by the answer check (`lint::answer`)
//! and by answer validation (`validate`).

use super::*;

rule! {
    CONTENT_VALUE_INVALID = "E703" "content-value-invalid" Error
        summary: "An answer's `content` is not an object of strings, numbers, booleans and string arrays."
        why: "Answers are flat: each value is a string, a number, a boolean, or (from 2025-11-25) an array of strings."
        example: fixture!("E703", "json", "2026-07-28");
}
