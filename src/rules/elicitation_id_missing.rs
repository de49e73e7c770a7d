//! E504 `elicitation-id-missing`. Reported by the params check
//! (`lint::params`).

use super::*;

rule! {
    ELICITATION_ID_MISSING = "E504" "elicitation-id-missing" Error
        summary: "URL-mode params under 2025-11-25 have no `elicitationId` string."
        why: "2025-11-25 requires `elicitationId` so the server can later send `notifications/elicitation/complete`."
        example: fixture!("E504", "jsonl", auto);
}
