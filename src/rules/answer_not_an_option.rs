//! E707 `answer-not-an-option`. Reported by answer validation (`validate`).

use super::*;

rule! {
    ANSWER_NOT_AN_OPTION = "E707" "answer-not-an-option" Error
        summary: "An answer picks a value its select does not offer."
        why: "Selects send one of their option values (the `const`, not the title)."
        example: fixture!("E707", "jsonl", "2026-07-28");
}
