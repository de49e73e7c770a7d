//! E116 `mode-mixed`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    MODE_MIXED = "E116" "mode-mixed" Error
        summary: "Params mix the keys of the two modes (`url` in form mode, `requestedSchema` in URL mode)."
        why: "A client reads params by their mode; keys of the other mode are ignored, so the request does not do what it seems to."
        example: fixture!("E116", "json", "2026-07-28");
}
