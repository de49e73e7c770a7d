//! E501 `url-missing`.

use super::*;

rule! {
    URL_MISSING = "E501" "url-missing" Error
        summary: "URL-mode params have no `url` string."
        why: "`url` is required in URL mode: it is what the person is asked to open."
        example: fixture!("E501", "json", "2026-07-28");
        check: Check::Params(check);
        relies_on: &["mode", "url"];
        blocks_form: true;
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    if cx.mode != Mode::Url {
        return;
    }
    cx.require_string(
        &URL_MISSING,
        "url",
        "URL-mode params have no `url`; add the https:// address the person should open",
        out,
    );
}
