//! E207 `multi-select-unsupported`.

use super::*;

rule! {
    MULTI_SELECT_UNSUPPORTED = "E207" "multi-select-unsupported" Error
        summary: "A multi-select (`type: \"array\"`) is used under 2025-06-18."
        why: "Multi-select arrived in 2025-11-25; a 2025-06-18 client cannot render it."
        example: fixture!("E207", "json", "2025-06-18");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if cx.kind == Kind::Multi
        && !cx.rev.allows_multi_select()
        && let Some(t) = cx.node.get("type")
    {
        let rev = cx.rev;
        out.push(
            &MULTI_SELECT_UNSUPPORTED,
            t.span,
            cx.at("type"),
            format!("multi-select (`type: \"array\"`) is not in {rev}; it arrived in 2025-11-25 (in {rev} use one boolean per option)"),
        );
    }
}
