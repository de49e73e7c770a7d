//! W509 `url-ip-host`.

use super::*;

rule! {
    URL_IP_HOST = "W509" "url-ip-host" Warning
        summary: "`url` has a raw IP address for a host."
        why: "A raw IP tells the person nothing about who runs the page, and cannot carry a certificate they would recognise."
        example: fixture!("W509", "json", "2026-07-28");
        check: Check::Url(check);
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
