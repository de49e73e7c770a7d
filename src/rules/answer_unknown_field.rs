//! W709 `answer-unknown-field`. Reported by the answer check (`lint::answer`)
//! and by answer validation (`validate`).

use super::*;

rule! {
    ANSWER_UNKNOWN_FIELD = "W709" "answer-unknown-field" Warning
        summary: "An accepted answer carries a field the request did not ask for."
        why: "Extra keys are not forbidden, but a server that did not ask for them ignores them, and they may leak data."
        example: fixture!("W709", "jsonl", "2025-11-25");
}
