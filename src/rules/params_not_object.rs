//! E110 `params-not-object`. Reported by the reader of documents and sessions
//! (`lint`) and by the params check (`lint::params`).

use super::*;

rule! {
    PARAMS_NOT_OBJECT = "E110" "params-not-object" Error
        summary: "`elicitation/create` has no params object."
        why: "The params carry the message and the schema; without them a client has nothing to ask."
        example: fixture!("E110", "json", "2026-07-28");
}
