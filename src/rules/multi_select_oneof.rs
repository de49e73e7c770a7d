//! E307 `multi-select-oneof`.

use super::*;

rule! {
    MULTI_SELECT_ONEOF = "E307" "multi-select-oneof" Error
        summary: "A titled multi-select uses `items.oneOf` instead of `items.anyOf`."
        why: "The titled multi-select shape is `items: {anyOf: [{const, title}]}`; `oneOf` is the single-select form."
        example: fixture!("E307", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if let Some(items) = cx.items()
        && items.key == Some("oneOf")
        && let Some(m) = items.node.member("oneOf")
    {
        out.push(
            &MULTI_SELECT_ONEOF,
            m.key_span,
            items.ptr("oneOf"),
            format!(
                "titled multi-select `{}` uses `items.oneOf`; write `items.anyOf` (oneOf is the single-select form)",
                cx.name
            ),
        );
    }
}
