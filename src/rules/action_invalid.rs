//! E701 `action-invalid`. Reported by the answer check (`lint::answer`).

use super::*;

rule! {
    ACTION_INVALID = "E701" "action-invalid" Error
        summary: "An ElicitResult's `action` is not accept, decline or cancel."
        why: "Servers branch on exactly these three actions."
        example: fixture!("E701", "jsonl", "2026-07-28");
}
