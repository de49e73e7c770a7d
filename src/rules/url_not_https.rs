//! W506 `url-not-https`.

use super::*;

rule! {
    URL_NOT_HTTPS = "W506" "url-not-https" Warning
        summary: "`url` is not https."
        why: "The person may type secrets into the page; anything but https exposes them on the way."
        example: fixture!("W506", "json", "2026-07-28");
        check: Check::Url(check);
        for_person: for_person;
}

fn check(cx: &UrlCx<'_>, out: &mut Findings) {
    let Some(u) = cx.openable() else {
        return;
    };
    match u.scheme() {
        "https" => {}
        "http" => out.push(
            &URL_NOT_HTTPS,
            cx.span,
            cx.ptr,
            "`url` uses http://; whatever the person types there travels in clear text, use https://",
        ),
        s => out.push(
            &URL_NOT_HTTPS,
            cx.span,
            cx.ptr,
            format!("`url` uses the `{s}:` scheme; clients expect an https:// URL"),
        ),
    }
}

/// Told to the person about to open the page.
fn for_person(url: &str) -> String {
    if url::Url::parse(url).is_ok_and(|u| u.scheme() == "http") {
        "this page is not encrypted (http://): what you type there can be read on the way; do not enter a password".to_string()
    } else {
        "this address is not a web page (https://): opening it may start another program".to_string()
    }
}
