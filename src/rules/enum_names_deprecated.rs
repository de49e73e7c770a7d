//! W310 `enum-names-deprecated`.

use super::*;

rule! {
    ENUM_NAMES_DEPRECATED = "W310" "enum-names-deprecated" Warning
        summary: "`enumNames` is deprecated from 2025-11-25."
        why: "The spec marks the legacy titled enum as deprecated and to be removed; titled options say the same with `oneOf`."
        example: fixture!("W310", "json", "2025-11-25");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if matches!(cx.kind, Kind::Untitled | Kind::Legacy)
        && cx.rev.enum_names_deprecated()
        && let Some(names) = cx.node.member("enumNames")
    {
        out.push(
            &ENUM_NAMES_DEPRECATED,
            names.key_span,
            cx.at("enumNames"),
            "`enumNames` is deprecated since 2025-11-25 and will be removed; write `oneOf: [{\"const\": value, \"title\": label}]` instead",
        );
    }
}
