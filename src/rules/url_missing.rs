//! E501 `url-missing`.

use super::*;

rule! {
    URL_MISSING = "E501" "url-missing" Error
        summary: "URL-mode params have no `url` string."
        why: "`url` is required in URL mode: it is what the person is asked to open."
        example: fixture!("E501", "json", "2026-07-28");
        check: Check::Params(check);
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    if cx.mode != Mode::Url {
        return;
    }
    match cx.node.get("url") {
        None => out.push(
            &URL_MISSING,
            cx.start(),
            cx.ptr,
            "URL-mode params have no `url`; add the https:// address the person should open",
        ),
        Some(url) if url.as_str().is_none() => out.push(
            &URL_MISSING,
            url.span,
            cx.at("url"),
            format!("`url` is {}; write it as a string", url.type_name()),
        ),
        Some(_) => {}
    }
}
