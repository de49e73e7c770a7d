//! W702 `content-without-accept`.

use super::*;

rule! {
    CONTENT_WITHOUT_ACCEPT = "W702" "content-without-accept" Warning
        summary: "An answer carries `content` with decline or cancel, or in URL mode."
        why: "`content` belongs to accept in form mode only. Sending it elsewhere leaks what the person typed before they changed their mind."
        example: fixture!("W702", "json", "2026-07-28");
        check: Check::Result(check);
}

fn check(cx: &ResultCx<'_>, out: &mut Findings) {
    let Some(content) = cx.content() else {
        return;
    };
    if cx.content_allowed() {
        return;
    }
    let message = if cx.url_mode() {
        "`content` was sent for a URL-mode elicitation, which carries none; remove it".to_string()
    } else {
        format!(
            "`content` was sent with `\"action\": \"{}\"`; only an accepted form carries content, remove it",
            cx.action().unwrap_or_default()
        )
    };
    out.push(&CONTENT_WITHOUT_ACCEPT, content.key_span, cx.at("content"), message);
}
