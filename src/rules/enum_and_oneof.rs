//! E301 `enum-and-oneof`.

use super::*;

rule! {
    ENUM_AND_ONEOF = "E301" "enum-and-oneof" Error
        summary: "A property has both `enum` and `oneOf`."
        why: "A single-select is either untitled (`enum`) or titled (`oneOf` of `{const, title}`), not both; clients pick one and ignore the other."
        example: fixture!("E301", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    // A string with `enum` is built from it, `oneOf` or not.
    if cx.kind == Kind::Untitled
        && let Some(m) = cx.node.member("oneOf")
    {
        out.push(
            &ENUM_AND_ONEOF,
            m.key_span,
            cx.at("oneOf"),
            format!(
                "property `{}` has both `enum` and `oneOf`; keep `oneOf` of {{const, title}} for labelled options, or `enum` alone",
                cx.name
            ),
        );
    }
}
