//! W509 `url-ip-host`.

use super::*;

rule! {
    URL_IP_HOST = "W509" "url-ip-host" Warning
        summary: "`url` has a raw IP address for a host."
        why: "A raw IP tells the person nothing about who runs the page, and cannot carry a certificate they would recognise."
        example: fixture!("W509", "json", "2026-07-28");
        check: Check::Url(check);
        for_person: for_person;
}

fn check(cx: &UrlCx<'_>, out: &mut Findings) {
    if let Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)) = cx.openable().and_then(url::Url::host) {
        out.push(
            &URL_IP_HOST,
            cx.span,
            cx.ptr,
            "`url` points at a bare IP address, which tells the person nothing about who runs it; use a domain name",
        );
    }
}

/// Told to the person about to open the page.
fn for_person(_url: &str) -> String {
    "the address is a bare IP address: it does not say who runs the site".to_string()
}
