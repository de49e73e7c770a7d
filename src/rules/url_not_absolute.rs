//! E502 `url-not-absolute`.

use super::*;

rule! {
    URL_NOT_ABSOLUTE = "E502" "url-not-absolute" Error
        summary: "`url` is not an absolute URI."
        why: "A client can only open an absolute URL; a relative one has no host to show the person."
        example: fixture!("E502", "json", "2026-07-28");
        check: Check::Url(check);
        blocks_form: true;
}

fn check(cx: &UrlCx<'_>, out: &mut Findings) {
    let message = match &cx.parsed {
        Ok(_) => return,
        Err(url::ParseError::RelativeUrlWithoutBase) => format!(
            "`url` \"{}\" is relative; write an absolute https:// URL",
            cx.short()
        ),
        Err(e) => format!(
            "`url` \"{}\" is not a valid URL ({e}); write an absolute https:// URL",
            cx.short()
        ),
    };
    out.push(&URL_NOT_ABSOLUTE, cx.span, cx.ptr, message);
}
