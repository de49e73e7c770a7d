//! E309 `titled-select-unsupported`.

use super::*;

rule! {
    TITLED_SELECT_UNSUPPORTED = "E309" "titled-select-unsupported" Error
        summary: "A titled single-select (`oneOf` of `{const, title}`) is used under 2025-06-18."
        why: "2025-06-18 has only `enum` with optional `enumNames`; titled options arrived in 2025-11-25."
        example: fixture!("E309", "json", "2025-06-18");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if cx.kind == Kind::TitledSingle
        && !cx.rev.allows_titled_single_select()
        && let Some(m) = cx.node.member("oneOf")
    {
        out.push(
            &TITLED_SELECT_UNSUPPORTED,
            m.key_span,
            cx.at("oneOf"),
            format!(
                "titled single-select (`oneOf` of const/title) is not in {}; use `enum` with `enumNames` there, or lint under 2025-11-25 or later",
                cx.rev
            ),
        );
    }
}
