//! W508 `url-idn-host`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    URL_IDN_HOST = "W508" "url-idn-host" Warning
        summary: "`url` has an internationalised (punycode) host."
        why: "Look-alike characters (Cyrillic а for Latin a) make a host read as another; show such hosts with care or avoid them."
        example: fixture!("W508", "json", "2026-07-28");
}
