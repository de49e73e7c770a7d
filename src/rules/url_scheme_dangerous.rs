//! E503 `url-scheme-dangerous`.

use super::*;

rule! {
    URL_SCHEME_DANGEROUS = "E503" "url-scheme-dangerous" Error
        summary: "`url` uses a scheme that runs code or reads local data (`javascript:`, `data:`, `file:`, `vbscript:`)."
        why: "URL mode sends the person to a web page; these schemes execute script or open local files instead."
        example: fixture!("E503", "json", "2026-07-28");
        check: Check::Url(check);
        blocks_form: true;
}

fn check(cx: &UrlCx<'_>, out: &mut Findings) {
    if let Ok(u) = &cx.parsed
        && DANGEROUS_SCHEMES.contains(&u.scheme())
    {
        out.push(
            &URL_SCHEME_DANGEROUS,
            cx.span,
            cx.ptr,
            format!(
                "`url` uses the `{}:` scheme, which a client must never open for a server; use an https:// URL",
                u.scheme()
            ),
        );
    }
}
