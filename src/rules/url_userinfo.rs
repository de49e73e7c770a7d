//! W507 `url-userinfo`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    URL_USERINFO = "W507" "url-userinfo" Warning
        summary: "`url` carries user information (`user:pass@`) before the host."
        why: "`https://bank.example@evil.example/` goes to evil.example: user-info is a classic way to disguise the real host."
        example: fixture!("W507", "json", "2026-07-28");
}
