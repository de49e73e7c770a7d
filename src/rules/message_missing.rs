//! E111 `message-missing`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    MESSAGE_MISSING = "E111" "message-missing" Error
        summary: "The params have no `message` string."
        why: "`message` is required in every revision and mode: it tells the person why they are asked."
        example: fixture!("E111", "json", "2026-07-28");
}
