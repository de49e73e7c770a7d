//! E114 `url-mode-unsupported`. Reported by the reader of documents and
//! sessions (`lint`) and by the params check (`lint::params`).

use super::*;

rule! {
    URL_MODE_UNSUPPORTED = "E114" "url-mode-unsupported" Error
        summary: "URL mode is used under 2025-06-18, which has form mode only."
        why: "URL mode arrived in 2025-11-25; a 2025-06-18 client does not know it."
        example: fixture!("E114", "jsonl", auto);
}
