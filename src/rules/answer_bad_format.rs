//! E708 `answer-bad-format`. Reported by answer validation (`validate`).

use super::*;

rule! {
    ANSWER_BAD_FORMAT = "E708" "answer-bad-format" Error
        summary: "A string answer does not match its `format` (email, uri, date, date-time)."
        why: "Clients should check formats before sending; servers rely on them."
        example: fixture!("E708", "jsonl", "2025-11-25");
}
