//! W505 `elicitation-id-undeclared`. Reported by the params check
//! (`lint::params`).

use super::*;

rule! {
    ELICITATION_ID_UNDECLARED = "W505" "elicitation-id-undeclared" Warning
        summary: "URL-mode params carry `elicitationId` under 2026-07-28, which removed it."
        why: "2026-07-28 removed `elicitationId` and the completion notification; clients ignore the key."
        example: fixture!("W505", "json", "2026-07-28");
}
