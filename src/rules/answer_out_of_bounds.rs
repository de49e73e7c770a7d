//! E706 `answer-out-of-bounds`. Reported by answer validation (`validate`).

use super::*;

rule! {
    ANSWER_OUT_OF_BOUNDS = "E706" "answer-out-of-bounds" Error
        summary: "An answer's value breaks the property's bounds (length, range, item count)."
        why: "The server said which values it accepts; clients should validate before sending."
        example: fixture!("E706", "jsonl", "2025-11-25");
}
