//! E114 `url-mode-unsupported`. Judged here on params; also reported by the reader of sessions
//! (`lint`) when the client did not declare URL mode.

use super::*;

rule! {
    URL_MODE_UNSUPPORTED = "E114" "url-mode-unsupported" Error
        summary: "URL mode is used under 2025-06-18, which has form mode only."
        why: "URL mode arrived in 2025-11-25; a 2025-06-18 client does not know it."
        example: fixture!("E114", "jsonl", auto);
        check: Check::Params(check);
        blocks_form: true;
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    if !cx.rev.has_modes()
        && let Some(m) = cx.node.member("mode")
        && m.value.as_str() == Some("url")
    {
        out.push(
            &URL_MODE_UNSUPPORTED,
            m.value.span,
            cx.at("mode"),
            format!(
                "URL mode does not exist in {}; ask with a form, or target 2025-11-25 or later",
                cx.rev
            ),
        );
    }
}

/// URL mode asked (its `mode`, at `span`) of a client that did not declare
/// it.
pub(crate) fn undeclared(span: Span, out: &mut Findings) {
    out.push(
        &URL_MODE_UNSUPPORTED,
        span,
        "/params/mode",
        "the client did not declare URL mode in its elicitation capability, so the server must not send it; ask with a form or check the capability first",
    );
}
