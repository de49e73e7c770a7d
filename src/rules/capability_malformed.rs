//! E710 `capability-malformed`. Reported by the answer check (`lint::answer`).

use super::*;

rule! {
    CAPABILITY_MALFORMED = "E710" "capability-malformed" Error
        summary: "The `elicitation` client capability has the wrong shape for the revision."
        why: "2025-06-18 declares `elicitation: {}`; from 2025-11-25 it is `{form?: {}, url?: {}}` (`{}` means form only)."
        example: fixture!("E710", "jsonl", auto);
}
