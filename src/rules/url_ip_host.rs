//! W509 `url-ip-host`. Reported by the params check (`lint::params`).

use super::*;

rule! {
    URL_IP_HOST = "W509" "url-ip-host" Warning
        summary: "`url` has a raw IP address for a host."
        why: "A raw IP tells the person nothing about who runs the page, and cannot carry a certificate they would recognise."
        example: fixture!("W509", "json", "2026-07-28");
}
