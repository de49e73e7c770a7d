//! E113 `mode-invalid`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    MODE_INVALID = "E113" "mode-invalid" Error
        summary: "`mode` is neither \"form\" nor \"url\"."
        why: "Only the two modes exist; a client answers any other with an error."
        example: fixture!("E113", "json", "2026-07-28");
}
