//! E113 `mode-invalid`.

use super::*;

rule! {
    MODE_INVALID = "E113" "mode-invalid" Error
        summary: "`mode` is neither \"form\" nor \"url\"."
        why: "Only the two modes exist; a client answers any other with an error."
        example: fixture!("E113", "json", "2026-07-28");
        check: Check::Params(check);
        blocks_form: true;
}

fn check(cx: &ParamsCx<'_>, out: &mut Findings) {
    let Some(m) = cx.node.member("mode") else {
        return;
    };
    if matches!(m.value.as_str(), Some("form" | "url")) {
        return;
    }
    let written = match m.value.as_str() {
        Some(s) => format!("\"{}\"", short(s)),
        None => m.value.type_name().to_string(),
    };
    out.push(
        &MODE_INVALID,
        m.value.span,
        cx.at("mode"),
        format!(
            "`mode` is {written}; write \"form\" or \"url\"{}",
            if cx.rev.has_modes() {
                ""
            } else {
                " (or leave it out: 2025-06-18 has form mode only)"
            }
        ),
    );
}
