//! E503 `url-scheme-dangerous`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    URL_SCHEME_DANGEROUS = "E503" "url-scheme-dangerous" Error
        summary: "`url` uses a scheme that runs code or reads local data (`javascript:`, `data:`, `file:`, `vbscript:`)."
        why: "URL mode sends the person to a web page; these schemes execute script or open local files instead."
        example: fixture!("E503", "json", "2026-07-28");
}
