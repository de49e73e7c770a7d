//! E502 `url-not-absolute`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    URL_NOT_ABSOLUTE = "E502" "url-not-absolute" Error
        summary: "`url` is not an absolute URI."
        why: "A client can only open an absolute URL; a relative one has no host to show the person."
        example: fixture!("E502", "json", "2026-07-28");
}
