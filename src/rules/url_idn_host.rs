//! W508 `url-idn-host`.

use super::*;

rule! {
    URL_IDN_HOST = "W508" "url-idn-host" Warning
        summary: "`url` has an internationalised (punycode) host."
        why: "Look-alike characters (Cyrillic а for Latin a) make a host read as another; show such hosts with care or avoid them."
        example: fixture!("W508", "json", "2026-07-28");
        check: Check::Url(check);
        for_person: for_person;
}

fn check(cx: &UrlCx<'_>, out: &mut Findings) {
    if let Some(url::Host::Domain(host)) = cx.openable().and_then(url::Url::host)
        && host.split('.').any(|label| label.starts_with("xn--"))
    {
        out.push(
            &URL_IDN_HOST,
            cx.span,
            cx.ptr,
            format!(
                "`url` host `{host}` is an internationalised name that can imitate another site; show it as punycode or use an ASCII host"
            ),
        );
    }
}

/// Told to the person about to open the page.
fn for_person(url: &str) -> String {
    let site = site(url);
    format!(
        "the site's name has non-Latin letters (shown as {site}) and may imitate a site you know; check it before you sign in"
    )
}
