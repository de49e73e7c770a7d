//! E501 `url-missing`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    URL_MISSING = "E501" "url-missing" Error
        summary: "URL-mode params have no `url` string."
        why: "`url` is required in URL mode: it is what the person is asked to open."
        example: fixture!("E501", "json", "2026-07-28");
}
