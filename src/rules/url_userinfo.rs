//! W507 `url-userinfo`.

use super::*;

rule! {
    URL_USERINFO = "W507" "url-userinfo" Warning
        summary: "`url` carries user information (`user:pass@`) before the host."
        why: "`https://bank.example@evil.example/` goes to evil.example: user-info is a classic way to disguise the real host."
        example: fixture!("W507", "json", "2026-07-28");
        check: Check::Url(check);
        for_person: for_person;
}

fn check(cx: &UrlCx<'_>, out: &mut Findings) {
    if let Some(u) = cx.openable()
        && (!u.username().is_empty() || u.password().is_some())
    {
        out.push(
            &URL_USERINFO,
            cx.span,
            cx.ptr,
            format!(
                "`url` has user info before `@`, so the host is really `{}`; a person reading it may trust the wrong site. Remove the user info",
                u.host_str().unwrap_or("")
            ),
        );
    }
}

/// Told to the person about to open the page.
fn for_person(url: &str) -> String {
    let site = site(url);
    format!("the address has a name and @ before the site: the site it opens is {site}")
}
