//! W115 `params-unknown-key`. Reported by the reader of documents and sessions
//! (`lint`) and by the params check (`lint::params`).

use super::*;

rule! {
    PARAMS_UNKNOWN_KEY = "W115" "params-unknown-key" Warning
        summary: "The params carry a key the revision does not declare."
        why: "Clients ignore or reject undeclared keys; what the server meant by them is lost."
        example: fixture!("W115", "json", "2026-07-28");
}
