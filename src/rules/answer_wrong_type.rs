//! E705 `answer-wrong-type`. Reported by answer validation (`validate`).

use super::*;

rule! {
    ANSWER_WRONG_TYPE = "E705" "answer-wrong-type" Error
        summary: "An answer's value does not have its property's type."
        why: "The server decodes the value by the type it asked for."
        example: fixture!("E705", "jsonl", auto);
}
