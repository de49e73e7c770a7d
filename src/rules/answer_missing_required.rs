//! E704 `answer-missing-required`. Reported by the answer check
//! (`lint::answer`) and by answer validation (`validate`).

use super::*;

rule! {
    ANSWER_MISSING_REQUIRED = "E704" "answer-missing-required" Error
        summary: "An accepted answer leaves out a required field."
        why: "The server asked for the field as required; its handler will fail or guess."
        example: fixture!("E704", "jsonl", auto);
}
