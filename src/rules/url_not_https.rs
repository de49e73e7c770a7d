//! W506 `url-not-https`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    URL_NOT_HTTPS = "W506" "url-not-https" Warning
        summary: "`url` is not https."
        why: "The person may type secrets into the page; anything but https exposes them on the way."
        example: fixture!("W506", "json", "2026-07-28");
}
