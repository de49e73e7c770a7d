//! E308 `multi-select-items-type`.

use super::*;

rule! {
    MULTI_SELECT_ITEMS_TYPE = "E308" "multi-select-items-type" Error
        summary: "A titled multi-select has `type` beside `anyOf` in `items`."
        why: "The titled multi-select's `items` has `anyOf` only. Some SDK clients read `items.type: \"string\"` as an untitled multi-select, find no `enum` and reject the request."
        example: fixture!("E308", "json", "2026-07-28");
        check: Check::Property(check);
}

fn check(cx: &PropertyCx<'_>, out: &mut Findings) {
    if let Some(items) = cx.items()
        && items.key == Some("anyOf")
        && let Some(t) = items.node.member("type")
    {
        out.push(
            &MULTI_SELECT_ITEMS_TYPE,
            t.key_span,
            items.ptr("type"),
            format!(
                "`items` of titled multi-select `{}` has `type` beside `anyOf`; the shape is `items: {{\"anyOf\": [...]}}` alone, and some clients reject this mix: remove `type`",
                cx.name
            ),
        );
    }
}
